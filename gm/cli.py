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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

SEED_LIMIT = 2**63
"""Seeds are 0 <= seed < 2**63: a signed 64-bit column on every database."""


def _lang(args: argparse.Namespace, seats: Sequence[Any] = ()) -> str:
    """The table's language: --lang, else GM_LANG, else the first human seat's own language (a `Seat` or a
    saved seat's dict), else English."""
    from gm.i18n import normalise_lang
    from gm.settings import get_settings

    chosen = getattr(args, "lang", None) or get_settings().lang
    for seat in seats if not chosen else ():
        kind, own = (seat.get("kind"), seat.get("lang")) if isinstance(seat, dict) else \
            (getattr(seat, "kind", None), getattr(seat, "lang", None))
        if kind != "bot" and own:
            chosen = own
            break
    return normalise_lang(chosen or "en")


def _store(args: argparse.Namespace) -> Any:
    """The saves (`--db`, else GM_DATABASE_URL, else saves/gm.sqlite3); _Stop(1) with one line when they
    cannot be opened (a folder that is a file or read-only, a bad URL, a missing driver, a full disk)."""
    from gm.i18n import t
    from gm.store import SaveError, Store

    try:
        return Store(getattr(args, "db", None))
    except SaveError as exc:
        _err(t("ui.store_failed", _lang(args), error=str(exc)))
        raise _Stop(1) from exc


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
    from gm.settings import hide_url_password
    from gm.text import printable

    lang = _lang(args)
    kit = games.get(args.game)
    if not kit.playable:
        _err(t("ui.not_playable", lang, game=kit.title))
        return 2
    if args.seed is not None and not 0 <= args.seed < SEED_LIMIT:
        _err(t("ui.bad_seed", lang, seed=args.seed, max=SEED_LIMIT - 1))
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
    lang = _lang(args, seats)  # the table speaks its first human's language unless told otherwise
    game = kit.engine
    if game is not None and not game.min_players <= len(seats) <= game.max_players:
        _err(t("ui.player_count", lang, game=kit.title, min=game.min_players, max=game.max_players, n=len(seats)))
        return 2
    options = {o.name: getattr(args, "opt_" + o.name) for o in kit.info.options
               if getattr(args, "opt_" + o.name, None) is not None}
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        session = Session.new(store, kit.name, seats, seed, options, lang, args.campaign)
    except (EngineError, ValueError) as exc:
        _err(t("ui.cannot_start", lang, error=str(exc)))
        return 2
    first = session.state.decision.player
    _out(t("ui.new_game" if session.persistent else "ui.new_game_memory", lang, game=session.game.title,
           id=session.game_id,
           campaign=(t("ui.in_campaign", lang, campaign=printable(args.campaign)) if args.campaign else ""),
           setup=kit.setup_line(session.game.view(session.state, None), lang), db=hide_url_password(store.url)))
    _out(t("ui.starts", lang, name=session.names[first]))
    return _run(session, args)


def _run(session: Any, args: argparse.Namespace) -> int:
    from gm.i18n import t
    from gm.llm import from_env
    from gm.repl import Repl
    from gm.settings import hide_url_password

    try:
        session.llm = from_env()
    except ValueError as exc:
        _err(str(exc))
        return 2
    if session.llm is not None:
        st = session.llm.settings
        _out(t("ui.model_note", session.default_lang, model=st.model,
               url=hide_url_password(st.base_url) if st.base_url else "OpenAI"))

    from gm.settings import get_settings

    path = get_settings().history
    history: Path | None = path
    try:  # a history that cannot be written (a read-only folder, `saves` a file) is kept in memory instead
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("ab"):
            pass
    except OSError:
        history = None
    return Repl(session, history_path=history, plain=not sys.stdin.isatty()).run()


def _target(store: Any, lang: str, ref: str) -> tuple[str, Any] | None:
    """What `ref` names: ("game", id) or ("campaign", CampaignInfo), or None. `game:N` and `campaign:NAME`
    say which; a bare number is a game id unless only a campaign has that name, and when both exist the
    command asks which (_Stop(1))."""
    from gm.i18n import t

    def game_id(text: str) -> int | None:
        return int(text) if text.isascii() and text.isdigit() and store.has_game(int(text)) else None

    kind, colon, rest = ref.partition(":")
    if colon and kind.lower() == "game":
        gid = game_id(rest.strip())
        return ("game", gid) if gid is not None else None
    if colon and kind.lower() == "campaign":
        c = store.campaign(rest)
        return ("campaign", c) if c is not None else None
    gid = game_id(ref.strip())
    c = store.campaign(ref)
    if gid is not None and c is not None:
        _err(t("ui.ambiguous_ref", lang, ref=_shown(ref)))
        raise _Stop(1)
    if gid is not None:
        return ("game", gid)
    return ("campaign", c) if c is not None else None


def _shown(text: str) -> str:
    from gm.text import printable

    return printable(text)[:64]


def _find_game(store: Any, lang: str, ref: str | None, playing_only: bool = False) -> int | None:
    """The id of the game `ref` names (see _target; a campaign means its latest game), or with no `ref` the
    latest game (with `playing_only`, the latest still in play if there is one); None when there is none."""
    if ref is None:
        latest: int | None = (store.latest_game_id(playing_only=True) if playing_only else None) or \
            store.latest_game_id()
        return latest
    found = _target(store, lang, ref)
    if found is None:
        return None
    kind, what = found
    gid: int | None = int(what) if kind == "game" else store.latest_game_id(what.id)
    return gid


class _Stop(Exception):
    """Ends a command with an exit code after its message was printed."""

    def __init__(self, code: int) -> None:
        self.code = code


def _load(store: Any, lang: str, ref: str | None, playing_only: bool = False) -> Any:
    """The saved game `ref` names (id, campaign, or the latest), replayed and verified; _Stop(1) with a clear
    message when there is none or it is damaged."""
    from gm.i18n import t
    from gm.store import SaveError

    try:
        gid = _find_game(store, lang, ref, playing_only=playing_only)
        if gid is None:
            _err(t("ui.no_such_save", lang, ref=_shown(ref or "")))
            raise _Stop(1)
        return store.load(gid)
    except SaveError as exc:
        _err(t("ui.corrupt_save", lang, error=str(exc)))
        raise _Stop(1) from exc


def cmd_resume(args: argparse.Namespace) -> int:
    from gm.i18n import t
    from gm.session import Session

    lang = _lang(args)
    store = _store(args)
    loaded = _load(store, lang, args.ref, playing_only=True)
    lang = _lang(args, loaded.seats)  # the table's language: its seats' own, saved with the game
    session = Session.from_loaded(store, loaded, lang)
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
    """Campaigns with their standings, then every game, from the replayed logs: a damaged game is listed
    as such with its reason, and the others stay listed."""
    from gm.i18n import t
    from gm.store import SaveError

    lang = _lang(args)
    store = _store(args)
    try:
        campaigns = store.campaigns()
        summaries = store.summaries()
    except SaveError as exc:
        _err(t("ui.corrupt_save", lang, error=str(exc)))
        return 1
    if not summaries and not campaigns:
        from gm import games as registry

        _out(t("ui.no_saves", lang, game=registry.playable()[0]))
        return 0
    if campaigns:
        _out(t("ui.campaigns_header", lang))
        for c in campaigns:
            standings = store.standings(c.id, summaries).ranked()
            table = ", ".join(f"{_shown(name)} {row['wins']:g}/{row['games']}" for name, row in standings) or "—"
            _out(f"  {_shown(c.name):<16} {_shown(c.game):<6} {t('ui.standings', lang)}: {table}")
    _out(t("ui.games_header", lang))
    cols = (t("ui.saves_columns", lang).split("|") + [""] * 7)[:7]
    _out(f"  {cols[0]:>4}  {cols[1]:<6} {cols[2]:<12} {cols[3]:<28} {cols[4]:>5}  {cols[5]:<16} {cols[6]}")
    for g in summaries:
        players = ", ".join(_shown(name) + (t("ui.bot_mark", lang) if bot else "") for name, bot in g.players) or "—"
        when = f"{g.updated_at:%Y-%m-%d %H:%M}" if g.updated_at is not None else "—"
        _out(f"  {g.id:>4}  {_shown(g.game):<6} {_shown(g.campaign or '—'):<12} {players[:28]:<28} {g.moves:>5}  "
             f"{when:<16}  {t('ui.status_' + g.status, lang)}")
        if g.error:
            _out(f"        {t('ui.saves_damaged', lang, error=_shown(g.error) if len(g.error) < 64 else g.error)}")
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


CONFIRM = {"y", "yes", "j", "ja", "o", "oui"}


def _confirmed(question: str) -> bool | None:
    """A y/yes/j/ja/o/oui line read from standard input after `question` (on standard error): True; another
    answer: False; nothing to read (end of input): None."""
    sys.stderr.write(question)
    sys.stderr.flush()
    line = sys.stdin.readline()
    if not line:
        sys.stderr.write("\n")
        return None
    return line.strip().lower() in CONFIRM


def cmd_delete(args: argparse.Namespace) -> int:
    """Delete a game or a campaign (with its games) after a confirmation: a y typed at the terminal, a y line
    on standard input, or --yes. `game:N` / `campaign:NAME` say which when a campaign is named like an id."""
    from gm.i18n import t
    from gm.store import SaveError

    lang = _lang(args)
    store = _store(args)
    try:
        found = _target(store, lang, args.ref)
        if found is None:
            _err(t("ui.no_such_save", lang, ref=_shown(args.ref)))
            return 1
        kind, what = found
        if kind == "game":
            try:
                loaded = store.load(what)
                players = ", ".join(_shown(str(s["name"])) for s in loaded.seats)
                question = t("ui.confirm_delete_game", lang, id=what, game=loaded.game, players=players,
                             moves=len(loaded.log))
            except SaveError:  # a damaged game can be deleted too
                question = t("ui.confirm_delete_game", lang, id=what, game="?", players="?", moves="?")
        else:
            question = t("ui.confirm_delete_campaign", lang, name=_shown(what.name),
                         games=len(store.game_ids(what.id)))
        if not args.yes:
            answer = _confirmed(question)
            if answer is None and not sys.stdin.isatty():
                _err(t("ui.delete_needs_yes", lang))
                return 1
            if not answer:
                _err(t("ui.not_deleted", lang))
                return 1
        ok = store.delete_game(what) if kind == "game" else store.delete_campaign(what.name)
    except SaveError as exc:
        _err(t("ui.corrupt_save", lang, error=str(exc)))
        return 1
    if not ok:  # deleted by someone else in the meantime
        _err(t("ui.no_such_save", lang, ref=_shown(args.ref)))
        return 1
    _out(t("ui.deleted_game", lang, id=what) if kind == "game" else
         t("ui.deleted_campaign", lang, name=_shown(what.name)))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """A finished game whole; a game in play as its public record, or whole with --with-secrets (and a
    warning on standard error: the seed gives away every hidden card)."""
    from gm.i18n import t
    from gm.store import export_doc

    lang = _lang(args)
    loaded = _load(_store(args), lang, args.ref)
    if args.with_secrets and loaded.status != "over":
        _err(t("ui.export_secrets_warning", lang))
    _out(json.dumps(export_doc(loaded, secrets=args.with_secrets), ensure_ascii=False, indent=1))
    return 0


MAX_IMPORT = 64 * 2**20  # bytes: a 100,000-move game is a few MB


def cmd_import(args: argparse.Namespace) -> int:
    """Import an export file ('-': standard input): one clear line and exit code 1 for anything that is not
    a complete, legal game (checked whole before anything is written)."""
    from gm.i18n import t
    from gm.store import SaveError

    lang = _lang(args)
    store = _store(args)
    try:
        if args.file == "-":
            stream = getattr(sys.stdin, "buffer", None)
            raw = stream.read(MAX_IMPORT + 1) if stream is not None else \
                sys.stdin.read(MAX_IMPORT + 1).encode("utf-8", "surrogateescape")
        else:
            with open(args.file, "rb") as f:
                raw = f.read(MAX_IMPORT + 1)
        if len(raw) > MAX_IMPORT:
            raise SaveError(f"the file is larger than {MAX_IMPORT // 2**20} MB")
        try:
            text = raw.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError:
            raise SaveError(t("ui.import_not_text", lang)) from None
        try:
            doc = json.loads(text)
        except RecursionError:
            raise SaveError(t("ui.import_too_deep", lang)) from None
        except ValueError as exc:
            raise SaveError(t("ui.import_not_json", lang, error=str(exc)[:120])) from None
        gid = store.import_game(doc)
    except OSError as exc:
        _err(t("ui.import_failed", lang, error=f"{_shown(args.file)}: {exc.strerror or type(exc).__name__}"))
        return 1
    except (SaveError, RecursionError) as exc:
        reason = str(exc) if isinstance(exc, SaveError) else t("ui.import_too_deep", lang)
        _err(t("ui.import_failed", lang, error=reason))
        return 1
    _out(t("ui.imported", lang, id=gid))
    return 0


def _batch(path: str, handle: Callable[[Any], dict[str, Any]], lang: str = "en") -> int:
    """Run `handle` on each JSON line of `path` ('-': standard input), printing one JSON result per line; a
    line that is not UTF-8 text or not a usable JSON object gives an error line and the batch goes on. A
    file that cannot be opened: one line on standard error, exit code 2."""
    from gm.i18n import t
    from gm.text import has_undecodable

    try:
        stream = sys.stdin if path == "-" else open(path, encoding="utf-8", errors="surrogateescape")  # noqa: SIM115
    except OSError as exc:
        _err(t("ui.batch_unreadable", lang, file=path, error=exc.strerror or type(exc).__name__))
        return 2
    with stream:
        for number, line in enumerate(stream, 1):
            if not line.strip():
                continue
            if has_undecodable(line):
                _out(json.dumps({"kind": "error", "error": t("ui.batch_not_text", lang, line=number)}))
                continue
            try:
                result = handle(json.loads(line))
            except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
                error = f"{type(exc).__name__}: {str(exc)[:200]}" if isinstance(exc, RecursionError | KeyError) \
                    else str(exc)[:300]
                result = {"kind": "error", "error": t("ui.batch_bad_line", lang, error=error)}
            _out(json.dumps(result, ensure_ascii=False))
    return 0


# ---- parse --------------------------------------------------------------------------------------------

def parse_one(game_name: str, scenario: dict[str, Any], player: int | None, text: str,
              lang: str | None, llm: Any = None) -> dict[str, Any]:
    """What the table makes of `text` in the scenario, as the JSON `gm parse --json` prints: the offline
    parser's verdict, and with a model configured the same model policy as at the table
    (`gm.parse.llm.understand`): "confirm" is a reading offered back for a yes, "via" says the model changed
    the result. Seats are named as the scenario and `--player` number them ("seat 0"); a scenario that cannot
    be used or a seat that is not at the table gives {"kind": "error", "reason": ...}."""
    from engine import EngineError
    from gm.i18n import normalise_lang, t
    from gm.narrate import explain
    from gm.parse.llm import understand
    from gm.store import game_engine
    from gm.text import printable

    ui = normalise_lang(lang) if lang else "en"
    try:
        game = game_engine(str(game_name))
        state = game.scenario(scenario)
    except (EngineError, LookupError, TypeError, RecursionError) as exc:
        return {"kind": "error", "reason": t("ui.bad_scenario", ui, error=printable(str(exc))[:300])}
    players = game.view(state, None).summary.players
    if player is not None and (type(player) is not int or not 0 <= player < players):
        return {"kind": "error", "reason": t("ui.no_such_seat", ui, seat=printable(str(player))[:20],
                                             last=players - 1)}
    seat = state.decision.player if player is None else player
    res, model = understand(game, state, seat, text, lang, llm)
    out: dict[str, Any] = res.to_json(game)
    if model is not None and model.kind == "confirm":
        out = {"kind": "confirm", "notation": game.to_notation(model.action), "lang": res.lang}
    if model is not None:
        out["model"] = model.kind
        if model.notice:
            out["notice"] = t(model.notice, normalise_lang(lang or "en"))
    if res.kind == "illegal" and res.illegal is not None:
        said = normalise_lang(lang or res.lang or "en")
        out["reason"] = explain(game.name, res.illegal, said, [t("ui.seat", said, n=i) for i in range(players)])
    elif res.kind == "no_match":
        out.setdefault("reason", res.reason or "no_match")
    return out


def cmd_parse(args: argparse.Namespace) -> int:
    from gm import games
    from gm.i18n import t
    from gm.llm import from_env
    from gm.narrate import describe_action

    lang = _lang(args)
    args.game = args.game or games.playable()[0]
    try:
        llm = None if args.offline else from_env()
    except ValueError as exc:  # a model setting that cannot be used, named by the model layer
        _err(str(exc))
        return 2
    if args.batch:
        return _batch(args.batch, lambda item: parse_one(item.get("game", args.game), item["scenario"],
                                                         item.get("player"), str(item["text"]), item.get("lang"),
                                                         llm), lang)
    if not args.scenario or args.text is None:
        _err(t("ui.parse_usage", lang))
        return 2
    try:
        scenario = json.loads(Path(args.scenario).read_text(encoding="utf-8"))
    except OSError as exc:
        _err(t("ui.bad_scenario", lang, error=f"{args.scenario}: {exc.strerror or type(exc).__name__}"))
        return 2
    except (ValueError, RecursionError) as exc:
        _err(t("ui.bad_scenario", lang, error=f"{args.scenario}: {type(exc).__name__}: {str(exc)[:200]}"))
        return 2
    result = parse_one(args.game, scenario, args.player, args.text, args.lang, llm)
    if args.json:
        _out(json.dumps(result, ensure_ascii=False))
    elif result["kind"] == "error":
        _err(result["reason"])
    else:
        from gm.store import game_engine

        game = game_engine(args.game)
        state = game.scenario(scenario)
        lang = args.lang or "en"
        if result["kind"] == "action":
            action = game.from_notation(state, result["notation"])
            _out(f"{result['notation']}  ({describe_action(game.name, action, lang)})")
        elif result["kind"] == "confirm":
            action = game.from_notation(state, result["notation"])
            _out(t("ui.did_you_mean", lang, move=describe_action(game.name, action, lang)))
        elif result["kind"] == "ambiguous":
            _out(t("ui.parse_ambiguous", lang))
            for n in result["candidates"]:
                _out(f"  {n}")
        else:
            _out(f"{result['kind']}: {result.get('reason', '')}")
    return 0 if result["kind"] != "error" else 2


# ---- ask ------------------------------------------------------------------------------------------------

def cmd_cards(args: argparse.Namespace) -> int:
    """`gm cards check FILE --game GAME`: the problems of a card file, one per line; exit 0 when it can be
    played with (`gm play GAME --cards FILE`)."""
    from gm import games
    from gm.i18n import t

    lang = _lang(args)
    kit = games.get(args.game)
    try:
        document = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except OSError as exc:
        _err(t("ui.cards_unreadable", lang, file=args.file, error=exc.strerror or type(exc).__name__))
        return 2
    except ValueError as exc:
        _err(t("ui.cards_unreadable", lang, file=args.file, error=str(exc)[:200]))
        return 2
    problems = kit.check_cards(document)
    if problems is None:
        _err(t("ui.cards_none", lang, game=kit.title))
        return 2
    for problem in problems:
        _out(problem)
    _out(t("ui.cards_ok" if not problems else "ui.cards_bad", lang, file=args.file, n=len(problems)))
    return 0 if not problems else 1


def cmd_ask(args: argparse.Namespace) -> int:
    from gm.i18n import t
    from gm.llm import from_env
    from gm.rules import answer
    from gm.text import has_undecodable

    lang = _lang(args)
    try:
        llm = from_env()
    except ValueError as exc:  # a model setting that cannot be used, named by the model layer
        _err(str(exc))
        return 2
    if args.batch:
        return _batch(args.batch, lambda item: answer(str(item["question"]), str(item.get("game", args.game)),
                                                      lang=item.get("lang"), llm=llm).to_json(), lang)
    if not args.question:
        _err(t("ui.ask_usage", lang))
        return 2
    if has_undecodable(" ".join(args.question)):  # bytes that are not text in the terminal's encoding
        _err(t("ui.not_text", lang))
        return 2
    ans = answer(" ".join(args.question), args.game, lang=args.lang, llm=llm)
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
        if spec.type == "json_file":  # a file of the game's data (e.g. a card set): read here, the engine does no I/O
            try:
                return json.loads(Path(text).read_text(encoding="utf-8"))
            except OSError as exc:
                raise argparse.ArgumentTypeError(f"{text}: {exc.strerror or type(exc).__name__}") from None
            except ValueError as exc:
                raise argparse.ArgumentTypeError(f"{text}: not JSON ({str(exc)[:120]})") from None
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
            cmd.add_argument(flag, dest="opt_" + o.name, type=_converter(o),
                             metavar="FILE" if o.type == "json_file" else o.name.upper(), help=helps[o.name])


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
        ("delete", "delete a game (id, game:ID) or a campaign (name, campaign:NAME), after asking", 1, cmd_delete),
        ("export", "print a game as JSON (a game in play: its public record)", "?", cmd_export),
        ("import", "import a game exported with `gm export` ('-': standard input)", 1, cmd_import),
    ]
    for name, text, nargs, func in simple:
        cmd = sub.add_parser(name, help=text)
        if nargs is not None:
            cmd.add_argument("file" if name == "import" else "ref", nargs=None if nargs == 1 else nargs)
        cmd.add_argument("--lang")
        if name == "delete":
            cmd.add_argument("-y", "--yes", action="store_true", help="delete without asking")
        if name == "export":
            cmd.add_argument("--with-secrets", action="store_true",
                             help="a game in play whole, seed included (it reveals every hidden card)")
        cmd.set_defaults(func=func)

    parse = sub.add_parser("parse", help="run the move parser alone on a scenario")
    parse.add_argument("text", nargs="?")
    parse.add_argument("--game", choices=list(games.names()), help="default: the first playable game")
    parse.add_argument("--scenario", help="JSON file with a position for game.scenario")
    parse.add_argument("--player", type=int)
    parse.add_argument("--lang")
    parse.add_argument("--json", action="store_true")
    parse.add_argument("--batch", help="JSON lines file ('-' for standard input)")
    parse.add_argument("--offline", action="store_true", help="the offline parser alone, even with a model set")
    parse.set_defaults(func=cmd_parse)

    cards = sub.add_parser("cards", help="check a card file (gm cards check FILE --game GAME)")
    cards.add_argument("action", choices=["check"])
    cards.add_argument("file")
    cards.add_argument("--game", default=games.names()[0], choices=list(games.names()))
    cards.add_argument("--lang")
    cards.set_defaults(func=cmd_cards)

    ask = sub.add_parser("ask", help="ask a rules question")
    ask.add_argument("question", nargs="*")
    ask.add_argument("--game", default=games.names()[0], choices=list(games.names()))
    ask.add_argument("--lang")
    ask.add_argument("--json", action="store_true")
    ask.add_argument("--batch", help="JSON lines file ('-' for standard input)")
    ask.set_defaults(func=cmd_ask)
    return p


def _stdio() -> None:
    """Standard streams that never crash on text: what the output's encoding cannot hold is replaced (a
    Latin-1 terminal), and input bytes that are not text in its encoding arrive as surrogates, which a
    session or a batch refuses line by line instead of stopping with a traceback."""
    for stream, errors in ((sys.stdout, "replace"), (sys.stdin, "surrogateescape")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors=errors)
            except (ValueError, OSError):
                pass


def _storage_failure(exc: Exception) -> str | None:
    """The one-line reason when `exc` is a failure of the disk or the database (else None)."""
    from gm.session import STORAGE_ERRORS
    from gm.store import storage_error_text

    return storage_error_text(exc) if isinstance(exc, STORAGE_ERRORS) else None


def main(argv: list[str] | None = None) -> int:
    _stdio()
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
    except Exception as exc:  # a disk or database that fails mid-command: one line, never a traceback
        reason = _storage_failure(exc)
        if reason is None:
            raise
        from gm.i18n import t

        _err(t("ui.store_lost", _lang(args), error=reason))
        return 1


if __name__ == "__main__":
    sys.exit(main())
