"""The `gm` command line. Heavy libraries are imported inside the commands, so `gm` starts fast."""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from pathlib import Path
from typing import Any

GAME_CHOICES = ["odin"]


def _settings() -> None:
    try:
        from dotenv import load_dotenv
    except ImportError:  # pragma: no cover - python-dotenv is a dependency
        return
    load_dotenv(override=False)


def _lang(args: argparse.Namespace) -> str:
    from gm.i18n import normalise_lang

    return normalise_lang(getattr(args, "lang", None) or os.environ.get("GM_LANG") or "en")


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
    from gm.i18n import t
    from gm.session import Seat, Session, parse_players

    lang = _lang(args)
    store = _store(args)
    seats: list[Seat]
    if args.players:
        try:
            seats = parse_players(args.players, lang, args.game)
        except ValueError as exc:
            _err(str(exc))
            return 2
    elif args.campaign and store.campaign(args.campaign):
        seats = [Seat(**s) for s in json.loads(store.campaign(args.campaign).seats_json)]
    else:
        seats = parse_players("You,bot:greedy,bot:greedy", lang, args.game)
    if not args.lang and not os.environ.get("GM_LANG"):  # the table speaks its first human's language
        lang = next((s.lang for s in seats if not s.is_bot and s.lang), lang)
    options: dict[str, Any] = {}
    if args.target is not None:
        options["target"] = "one_hand" if args.target in ("one_hand", "1") else int(args.target) \
            if args.target.isdigit() else args.target
    if args.two_player_remove_suits:
        options["two_player_remove_suits"] = True
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        session = Session.new(store, args.game, seats, seed, options, lang, args.campaign)
    except (EngineError, ValueError) as exc:
        _err(str(exc))
        return 2
    first = session.state.decision.player
    _out(t("ui.new_game", lang, game=session.game.title, id=session.game_id,
           campaign=(t("ui.in_campaign", lang, campaign=args.campaign) if args.campaign else ""),
           target=session.game.view(session.state, None).get("target"), db=store.url))
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

    history = Path(os.environ.get("GM_HISTORY", "saves/.gm_history"))
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
        _out(t("ui.no_saves", lang))
        return 0
    if campaigns:
        _out(t("ui.campaigns_header", lang))
        for c in campaigns:
            standings = store.standings(c.id)
            table = ", ".join(f"{name} {row['wins']:g}/{row['games']}" for name, row in standings.items()) or "—"
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
    from engine import load_game
    from gm.i18n import t
    from gm.narrate import narrate

    lang = _lang(args)
    loaded = _load(_store(args), lang, args.ref)
    game = load_game(loaded.game)
    names = [s["name"] for s in loaded.seats]
    state = game.new_game(players=len(names), seed=loaded.seed, options=loaded.options)
    _out(t("ui.replay_header", lang, game=game.title, id=loaded.id, players=", ".join(names)))
    _out(t("ui.starts", lang, name=names[state.decision.player]))
    for i, (_, notation) in enumerate(loaded.log, 1):
        state, events = game.apply(state, game.from_notation(state, notation))
        for line in narrate(game.name, events, lang, names, None):
            _out(f"{i:>4}. {line}")
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
    from engine import EngineError, load_game
    from gm.narrate import explain
    from gm.parse import parse_move

    try:
        game = load_game(game_name)
        state = game.scenario(scenario)
    except EngineError as exc:
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
    from gm.narrate import describe_action

    if args.batch:
        return _batch(args.batch, lambda item: parse_one(item.get("game", "odin"), item["scenario"],
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
        from engine import load_game

        game = load_game(args.game)
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
        return _batch(args.batch, lambda item: answer(str(item["question"]), str(item.get("game", "odin")),
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

def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gm", description="A natural-language game master for Viking games.")
    p.add_argument("--db", help="SQLAlchemy URL of the saves (default: GM_DATABASE_URL or saves/gm.sqlite3)")
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="start a new game")
    play.add_argument("game", choices=GAME_CHOICES)
    play.add_argument("--players", help='e.g. "Ana:de,Ben,bot:greedy" (bots: greedy, random)')
    play.add_argument("--lang", help="en, de or fr (default GM_LANG or en)")
    play.add_argument("--seed", type=int)
    play.add_argument("--target", help="10, 15, 20 or one_hand")
    play.add_argument("--two-player-remove-suits", action="store_true")
    play.add_argument("--campaign", help="group this game into a named campaign")
    play.set_defaults(func=cmd_play)

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
    parse.add_argument("--game", default="odin", choices=GAME_CHOICES)
    parse.add_argument("--scenario", help="JSON file with a position for game.scenario")
    parse.add_argument("--player", type=int)
    parse.add_argument("--lang")
    parse.add_argument("--json", action="store_true")
    parse.add_argument("--batch", help="JSON lines file ('-' for standard input)")
    parse.set_defaults(func=cmd_parse)

    ask = sub.add_parser("ask", help="ask a rules question")
    ask.add_argument("question", nargs="*")
    ask.add_argument("--game", default="odin", choices=["odin", "name-of-odin", "jorvik"])
    ask.add_argument("--lang")
    ask.add_argument("--json", action="store_true")
    ask.add_argument("--batch", help="JSON lines file ('-' for standard input)")
    ask.set_defaults(func=cmd_ask)
    return p


def main(argv: list[str] | None = None) -> int:
    _settings()
    args = build_parser().parse_args(argv)
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
