"""The `gm` command line. Heavy libraries are imported inside the commands, so `gm` starts fast.

The games, and each game's `gm play GAME` options, come from the kit registry (gm/games) and the engines'
descriptors: nothing here names a game.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from pathlib import Path
from typing import Any


def _lang(args: argparse.Namespace) -> str:
    from gm.i18n import normalise_lang
    from gm.settings import get_settings

    return normalise_lang(getattr(args, "lang", None) or get_settings().lang or "en")


def _store(args: argparse.Namespace) -> Any:
    from gm.store import Store

    return Store(getattr(args, "db", None))


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def _err(text: str) -> None:
    sys.stderr.write(text + "\n")


# ---- play / resume ----------------------------------------------------------------------------------

def cmd_play(args: argparse.Namespace) -> int:
    from engine import EngineError
    from gm import games
    from gm.i18n import t
    from gm.session import Seat, Session, parse_players
    from gm.settings import get_settings, hide_url_password

    lang = _lang(args)
    kit = games.get(args.game)
    if not kit.playable:
        _err(t("ui.not_playable", lang, game=kit.title))
        return 2
    store = _store(args)
    seats: list[Seat]
    try:
        if args.players:
            seats = parse_players(args.players, lang, game=kit.name)
        elif args.campaign and store.campaign(args.campaign):
            seats = [Seat(**s) for s in json.loads(store.campaign(args.campaign).seats_json)]
        else:
            seats = parse_players("You,bot,bot", lang, game=kit.name)
    except ValueError as exc:
        _err(str(exc))
        return 2
    if not args.lang and not get_settings().lang:  # the table speaks its first human's language
        lang = next((s.lang for s in seats if not s.is_bot and s.lang), lang)
    options = {o.name: getattr(args, "opt_" + o.name) for o in kit.info.options
               if getattr(args, "opt_" + o.name, None) is not None}
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        session = Session.new(store, kit.name, seats, seed, options, lang, args.campaign)
    except (EngineError, ValueError) as exc:
        _err(str(exc))
        return 2
    first = session.state.decision.player
    _out(t("ui.new_game", lang, game=session.game.title, id=session.game_id,
           campaign=(t("ui.in_campaign", lang, campaign=args.campaign) if args.campaign else ""),
           setup=kit.setup_line(session.game.view(session.state, None), lang), db=hide_url_password(store.url)))
    _out(t("ui.starts", lang, name=session.names[first]))
    return _run(session, args)


def _run(session: Any, args: argparse.Namespace) -> int:
    from gm.i18n import t
    from gm.llm import from_env
    from gm.repl import Repl

    try:
        session.llm = from_env()
    except ValueError as exc:
        _err(str(exc))
        return 2
    if session.llm is not None:
        st = session.llm.settings
        _out(t("ui.model_note", session.default_lang, model=st.model, url=st.base_url or "OpenAI"))

    from gm.settings import get_settings

    history = get_settings().history
    history.parent.mkdir(parents=True, exist_ok=True)
    return Repl(session, history_path=history, plain=not sys.stdin.isatty()).run()


def _find_game(store: Any, ref: str | None, playing_only: bool = False) -> Any:
    """A game row from a game id, a campaign name, or (None) the latest game."""
    if ref is None:
        return store.latest_game(playing_only=playing_only) or store.latest_game()
    if ref.isdigit():
        return next((g for g in store.games() if g.id == int(ref)), None)
    c = store.campaign(ref)
    if c is None:
        return None
    return store.latest_game(c.id)


class _Stop(Exception):
    """Ends a command with an exit code after its message was printed."""

    def __init__(self, code: int) -> None:
        self.code = code


def _load(store: Any, lang: str, ref: str | None, playing_only: bool = False) -> Any:
    """The saved game `ref` names (id, campaign, or the latest), replayed and verified; _Stop(1) with a clear
    message when there is none or it is damaged."""
    from gm.i18n import t
    from gm.store import SaveError

    row = _find_game(store, ref, playing_only=playing_only)
    if row is None:
        _err(t("ui.no_such_save", lang, ref=ref or ""))
        raise _Stop(1)
    try:
        return store.load(row.id)
    except SaveError as exc:
        _err(t("ui.corrupt_save", lang, error=str(exc)))
        raise _Stop(1) from exc


def cmd_resume(args: argparse.Namespace) -> int:
    from gm.i18n import t
    from gm.session import Session

    lang = _lang(args)
    store = _store(args)
    session = Session.from_loaded(store, _load(store, lang, args.ref, playing_only=True), lang)
    if session.state.is_over:
        _out(t("ui.already_over", lang, id=session.game_id))
        _print_result(session, lang)
        return 0
    _out(t("ui.resumed", lang, game=session.game.title, id=session.game_id, moves=len(session.log)))
    return _run(session, args)


def _print_result(session: Any, lang: str) -> None:
    from gm.session import Reply

    reply = Reply()
    session.announce_end(reply, lang)
    for m in reply.messages:
        _out(m.text)


# ---- saves, replay, delete, export, import ---------------------------------------------------------------

def cmd_saves(args: argparse.Namespace) -> int:
    from gm.i18n import t

    lang = _lang(args)
    store = _store(args)
    campaigns = store.campaigns()
    games = store.games()
    if not games and not campaigns:
        from gm import games as registry

        _out(t("ui.no_saves", lang, game=registry.playable()[0]))
        return 0
    if campaigns:
        _out(t("ui.campaigns_header", lang))
        for c in campaigns:
            standings = store.standings_sorted(c.id)
            table = ", ".join(f"{name} {row['wins']:g}/{row['games']}" for name, row in standings) or "—"
            _out(f"  {c.name:<16} {c.game:<6} {t('ui.standings', lang)}: {table}")
    _out(t("ui.games_header", lang))
    _out(f"  {'id':>4}  {'game':<6} {'campaign':<12} {'players':<28} {'moves':>5}  {'last played':<16} status")
    for g in games:
        seats = json.loads(g.seats_json)
        players = ", ".join(s["name"] + (" (bot)" if s["kind"] == "bot" else "") for s in seats)
        campaign = store.campaign_name(g.campaign_id) or "—"
        status = t("ui.status_" + g.status, lang)
        _out(f"  {g.id:>4}  {g.game:<6} {campaign:<12} {players[:28]:<28} {g.ply:>5}  "
             f"{g.updated_at:%Y-%m-%d %H:%M}  {status}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from engine import replay
    from gm import games
    from gm.i18n import t

    lang = _lang(args)
    loaded = _load(_store(args), lang, args.ref)
    kit = games.get(loaded.game)
    game = kit.engine
    if game is None:
        _err(t("ui.not_playable", lang, game=kit.title))
        return 1
    names = [s["name"] for s in loaded.seats]
    state = game.new_game(players=len(names), seed=loaded.seed, options=loaded.options)
    _out(t("ui.replay_header", lang, game=game.title, id=loaded.id, players=", ".join(names)))
    _out(t("ui.starts", lang, name=names[state.decision.player]))
    for step in replay(game, len(names), loaded.seed, loaded.options, loaded.log):
        state = step.after
        for line in kit.narrate(step.events, lang, names, None):
            _out(f"{step.ply + 1:>4}. {line}")
    if not state.is_over:
        _out(t("ui.replay_in_progress", lang))
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    from gm.i18n import t

    lang = _lang(args)
    store = _store(args)
    ok = store.delete_game(int(args.ref)) if args.ref.isdigit() else store.delete_campaign(args.ref)
    if not ok:
        _err(t("ui.no_such_save", lang, ref=args.ref))
        return 1
    _out(t("ui.deleted", lang, ref=args.ref))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from gm.store import export_doc

    loaded = _load(_store(args), _lang(args), args.ref)
    _out(json.dumps(export_doc(loaded), ensure_ascii=False, indent=1))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from gm.i18n import t
    from gm.store import SaveError

    lang = _lang(args)
    store = _store(args)
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
        gid = store.import_game(json.loads(text))
    except (OSError, ValueError, SaveError) as exc:
        _err(t("ui.import_failed", lang, error=str(exc)))
        return 1
    _out(t("ui.imported", lang, id=gid))
    return 0


def _batch(path: str, handle: Any) -> int:
    """Run `handle` on each JSON line of `path` ('-': standard input), printing one JSON result per line."""
    stream = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    with stream:
        for line in stream:
            if not line.strip():
                continue
            try:
                result = handle(json.loads(line))
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                result = {"kind": "error", "error": f"bad input line: {exc}"}
            _out(json.dumps(result, ensure_ascii=False))
    return 0


# ---- parse --------------------------------------------------------------------------------------------

def parse_one(game_name: str, scenario: dict[str, Any], player: int | None, text: str,
              lang: str | None) -> dict[str, Any]:
    """The parser's verdict on `text` in the scenario, as the JSON `gm parse --json` prints."""
    from engine import EngineError
    from gm.narrate import explain
    from gm.parse import parse_move
    from gm.store import game_engine

    try:
        game = game_engine(game_name)
        state = game.scenario(scenario)
    except (EngineError, LookupError) as exc:
        return {"kind": "error", "reason": str(exc)}
    seat = state.decision.player if player is None else player
    res = parse_move(game, state, seat, text, lang=lang)
    out = res.to_json(game)
    if res.kind == "illegal" and res.illegal is not None:
        out["reason"] = explain(game.name, res.illegal, lang or res.lang or "en")
    elif res.kind == "no_match":
        out.setdefault("reason", res.reason or "no_match")
    return out


def cmd_parse(args: argparse.Namespace) -> int:
    from gm import games
    from gm.narrate import describe_action

    args.game = args.game or games.playable()[0]
    if args.batch:
        return _batch(args.batch, lambda item: parse_one(item.get("game", args.game), item["scenario"],
                                                         item.get("player"), str(item["text"]), item.get("lang")))
    if not args.scenario or args.text is None:
        _err("gm parse needs --scenario FILE and a text (or --batch FILE)")
        return 2
    try:
        scenario = json.loads(Path(args.scenario).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        _err(f"cannot read the scenario: {exc}")
        return 2
    result = parse_one(args.game, scenario, args.player, args.text, args.lang)
    if args.json:
        _out(json.dumps(result, ensure_ascii=False))
    else:
        from gm.store import game_engine

        game = game_engine(args.game)
        state = game.scenario(scenario)
        lang = args.lang or "en"
        if result["kind"] == "action":
            action = game.from_notation(state, result["notation"])
            _out(f"{result['notation']}  ({describe_action(game.name, action, lang)})")
        elif result["kind"] == "ambiguous":
            _out("ambiguous:")
            for n in result["candidates"]:
                _out(f"  {n}")
        else:
            _out(f"{result['kind']}: {result.get('reason', '')}")
    return 0 if result["kind"] != "error" else 2


# ---- ask ------------------------------------------------------------------------------------------------

def cmd_ask(args: argparse.Namespace) -> int:
    from gm.rules import answer

    if args.batch:
        from gm.llm import from_env

        llm = from_env()
        return _batch(args.batch, lambda item: answer(str(item["question"]), str(item.get("game", args.game)),
                                                      lang=item.get("lang"), llm=llm).to_json())
    if not args.question:
        _err("gm ask needs a question (or --batch FILE)")
        return 2
    from gm.llm import from_env

    ans = answer(" ".join(args.question), args.game, lang=args.lang, llm=from_env())
    if args.json:
        _out(json.dumps(ans.to_json(), ensure_ascii=False))
    else:
        _out(ans.render())
    return 0


# ---- main -----------------------------------------------------------------------------------------------

def _converter(spec: Any) -> Any:
    """An argparse type for one option: the descriptor converts, a bad value is a usage error."""
    from engine import OptionsError

    def convert(text: str) -> Any:
        try:
            return spec.convert(text)
        except OptionsError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return convert


def _play_options(cmd: argparse.ArgumentParser, info: Any) -> None:
    """`--name` for each option of the game's descriptor: a flag for a bool, a typed value otherwise."""
    from gm.kit import option_help

    helps = option_help(info)
    for o in info.options:
        flag = "--" + o.name.replace("_", "-")
        if o.type == "bool":
            cmd.add_argument(flag, dest="opt_" + o.name, action="store_const", const=True, help=helps[o.name])
        else:
            cmd.add_argument(flag, dest="opt_" + o.name, type=_converter(o), metavar=o.name.upper(),
                             help=helps[o.name])


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The command line. `gm play GAME`'s options come from the game's descriptor, so the engines are loaded
    only when `argv` asks for `play` (None: always)."""
    from gm import games

    p = argparse.ArgumentParser(prog="gm", description="A natural-language game master for Viking games.")
    p.add_argument("--db", help="SQLAlchemy URL of the saves (default: GM_DATABASE_URL or saves/gm.sqlite3)")
    p.add_argument("-v", "--verbose", action="store_true", help="log what happens (to standard error)")
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="start a new game (gm play GAME --help lists its options)")
    per_game = play.add_subparsers(dest="game", required=True, metavar="GAME")
    for kit in games.kits() if argv is None or "play" in argv else []:
        note = "" if kit.playable else " (rules questions only, not playable yet)"
        cmd = per_game.add_parser(kit.name, help=kit.title + note, description=f"Start a new game of {kit.title}.")
        cmd.add_argument("--players", help='e.g. "Ana:de,Ben,bot" (bot:NAME picks a bot)')
        cmd.add_argument("--lang", help="en, de or fr (default GM_LANG or the first player's)")
        cmd.add_argument("--seed", type=int)
        cmd.add_argument("--campaign", help="group this game into a named campaign")
        if kit.engine is not None:
            _play_options(cmd, kit.info)
            cmd.epilog = "bots: " + ", ".join(kit.info.bots)
        cmd.set_defaults(func=cmd_play)

    simple = [  # name, help, how the game or campaign is named, function
        ("resume", "reopen the latest game, or a campaign's or a game id's", "?", cmd_resume),
        ("saves", "list campaigns and games", None, cmd_saves),
        ("replay", "print a game's narrated log", "?", cmd_replay),
        ("delete", "delete a game (id) or a campaign (name)", 1, cmd_delete),
        ("export", "print a game as JSON", "?", cmd_export),
        ("import", "import a game exported with `gm export` ('-': standard input)", 1, cmd_import),
    ]
    for name, text, nargs, func in simple:
        cmd = sub.add_parser(name, help=text)
        if nargs is not None:
            cmd.add_argument("file" if name == "import" else "ref", nargs=None if nargs == 1 else nargs)
        cmd.add_argument("--lang")
        cmd.set_defaults(func=func)

    parse = sub.add_parser("parse", help="run the move parser alone on a scenario")
    parse.add_argument("text", nargs="?")
    parse.add_argument("--game", choices=list(games.names()), help="default: the first playable game")
    parse.add_argument("--scenario", help="JSON file with a position for game.scenario")
    parse.add_argument("--player", type=int)
    parse.add_argument("--lang")
    parse.add_argument("--json", action="store_true")
    parse.add_argument("--batch", help="JSON lines file ('-' for standard input)")
    parse.set_defaults(func=cmd_parse)

    ask = sub.add_parser("ask", help="ask a rules question")
    ask.add_argument("question", nargs="*")
    ask.add_argument("--game", default=games.names()[0], choices=list(games.names()))
    ask.add_argument("--lang")
    ask.add_argument("--json", action="store_true")
    ask.add_argument("--batch", help="JSON lines file ('-' for standard input)")
    ask.set_defaults(func=cmd_ask)
    return p


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(argv).parse_args(argv)
    try:
        from gm.log import setup

        setup(args.verbose)
    except ValueError as exc:  # an invalid setting (e.g. GM_LOG=LOUD), named by pydantic
        _err(str(exc))
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except _Stop as stop:
        return stop.code
    except BrokenPipeError:  # the reader went away (e.g. `gm replay 3 | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
