"""Issue 9, crashes and messages: every command ends with a clear message in the reader's language (exit code
1 or 2), never a traceback — odd digits, bytes that are not text, Latin-1 terminals, bad seeds, scenarios,
save folders, URLs and drivers, a full disk, in-memory saves, seat names, results told once, no Python reprs
in refusals, and the table's language on resume. Where the defect lives in the process (locale, standard
input's encoding, the file system) the test runs `python -m gm.cli` as a user would."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from engine import load_game
from gm.session import Seat, Session, parse_players
from gm.store import Store

G = load_game("odin")
ROOT = Path(__file__).resolve().parent.parent
SCENARIO = {"players": 3, "hands": [["R7", "R5", "B1"], ["B2"], ["G2", "G3"]], "center": ["B3"], "to_move": 0,
            "last_played_by": 2}


def gm(cwd: Path, *args: str, stdin: str | bytes | None = None, db: str | None = "default",
       **env: str) -> subprocess.CompletedProcess[str]:
    """`python -m gm.cli ARGS` in `cwd`, without GM_LANG (unless given) or a model; stdout and stderr
    decoded as UTF-8 with replacement (the bytes a Latin-1 run wrote are checked by the callers)."""
    environ = {k: v for k, v in os.environ.items()
               if k not in ("GM_LANG", "GM_DATABASE_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL", "GM_LOG")}
    environ["PYTHONPATH"] = str(ROOT)
    if db == "default":
        environ["GM_DATABASE_URL"] = f"sqlite:///{cwd / 'gm.sqlite3'}"
    elif db is not None:
        environ["GM_DATABASE_URL"] = db
    environ.update(env)
    data = stdin.encode() if isinstance(stdin, str) else stdin
    r = subprocess.run([sys.executable, "-m", "gm.cli", *args], input=data, capture_output=True, cwd=cwd,
                       env=environ, timeout=120)
    return subprocess.CompletedProcess(r.args, r.returncode, r.stdout.decode("utf-8", "replace"),
                                       r.stderr.decode("utf-8", "replace"))


def one_clean_line(r: subprocess.CompletedProcess[str], code: int) -> str:
    """The command failed with `code` and said why in one line on standard error, without a traceback."""
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr + r.stdout, r.stderr
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, r.stderr
    return lines[0]


STRICT = {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}


# ---- "which one?" answered with a digit that is not ASCII ----------------------------------------------------

@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")


def ambiguous_session(store: Store, at_least: int) -> tuple[Session, list[Any]]:
    """Ana leads holding `at_least` cards of one colour; "a <colour> card" asks which one."""
    colours = {"B": "blue", "R": "red", "P": "pink", "G": "green", "K": "black", "O": "orange"}
    for seed in range(2000):
        state = G.new_game(players=2, seed=seed)
        hand = G.view(state, state.to_move).hand
        suits = [c[0] for c in hand]
        suit = next((s for s in colours if suits.count(s) >= at_least), None)
        if state.to_move == 0 and suit:
            s = Session.new(store, "odin", [Seat("Ana"), Seat("Ben")], seed, {}, "en")
            reply = s.handle(f"I play a {colours[suit]} card")
            assert reply.messages[0].kind == "candidates", reply.text
            return s, list(s.pending)
    raise AssertionError("no seed")


@pytest.mark.parametrize(("digit", "index"), [("²", 1), ("２", 1), ("٣", 2), ("३", 2), ("3.", 2)])
def test_a_digit_that_is_not_ascii_picks_a_candidate(store: Store, digit: str, index: int) -> None:
    s, pending = ambiguous_session(store, 3)
    reply = s.handle(digit)
    assert reply.accepted, reply.text
    assert s.log[0][1] == G.to_notation(pending[index])


@pytest.mark.parametrize("number", ["99", "٩٩", "0", "⁹⁹⁹"])
def test_a_number_that_lists_nothing_asks_again_and_plays_nothing(store: Store, number: str) -> None:
    s, pending = ambiguous_session(store, 2)
    reply = s.handle(number)
    assert not reply.accepted and s.log == []
    assert f"from 1 to {len(pending)}" in reply.text
    assert s.handle("1").accepted  # the question still stands


# ---- standard input that is not text, and terminals that are not UTF-8 ------------------------------------

def test_play_from_a_pipe_refuses_a_line_that_is_not_utf8(tmp_path: Path) -> None:
    r = gm(tmp_path, "play", "odin", "--players", "Ana,bot", "--seed", "1",
           stdin=b"pass\xff\xfe\n/board\n/quit\n", **STRICT)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "not text" in r.stdout and "gm resume 1" in r.stdout  # refused, and the game went on to /quit


@pytest.mark.parametrize("command", ["parse", "ask"])
def test_a_batch_refuses_the_lines_that_are_not_utf8_and_goes_on(tmp_path: Path, command: str) -> None:
    good = ({"scenario": SCENARIO, "player": 0, "text": "pass"} if command == "parse"
            else {"question": "how many cards does each player get?"})
    data = b"".join([json.dumps(good).encode() + b"\n", b'{"text": "caf\xe9"}\n', json.dumps(good).encode()])
    for source in ("-", "lines.jsonl"):
        (tmp_path / "lines.jsonl").write_bytes(data)
        r = gm(tmp_path, command, "--batch", source, stdin=data if source == "-" else b"", **STRICT)
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        out = [json.loads(line) for line in r.stdout.splitlines()]
        assert len(out) == 3
        assert out[1] == {"kind": "error", "error": "line 2 is not UTF-8 text"}
        assert out[0] == out[2] and "error" not in out[0].get("kind", "")


def test_a_batch_file_that_cannot_be_read_is_one_line(tmp_path: Path) -> None:
    assert "cannot be read" in one_clean_line(gm(tmp_path, "parse", "--batch", "missing.jsonl"), 2)
    assert "cannot be read" in one_clean_line(gm(tmp_path, "ask", "--batch", str(tmp_path)), 2)


def test_a_question_with_bytes_that_are_not_text_is_refused(tmp_path: Path) -> None:
    environ = {**os.environ, **STRICT, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "gm.cli", "ask", b"how many cards\xff?"], capture_output=True,
                       cwd=tmp_path, env=environ, timeout=60)
    assert r.returncode == 2 and b"Traceback" not in r.stderr and b"not text" in r.stderr


def test_a_latin1_terminal_gets_what_it_can_show(tmp_path: Path) -> None:
    """ä and é are Latin-1; the prompt's ▸ and the dashes are not: they are replaced, nothing crashes."""
    environ = {k: v for k, v in os.environ.items() if k not in ("GM_LANG", "OPENAI_API_KEY")}
    environ.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="latin-1",
                   GM_DATABASE_URL=f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    r = subprocess.run([sys.executable, "-m", "gm.cli", "play", "odin", "--players", "Zoë:de,bot:greedy",
                        "--seed", "4"], input="/hand\n/quit\n".encode("latin-1"), capture_output=True,
                       cwd=tmp_path, env=environ, timeout=60)
    assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr
    out = r.stdout.decode("latin-1")
    assert "Zoë" in out and "Partie" in out and "zoë ? " in out  # "zoë ▸ " with ▸ replaced
    french = subprocess.run([sys.executable, "-m", "gm.cli", "ask", "--lang", "fr", "--game", "odin",
                             "combien de cartes reçoit chaque joueur ?"], capture_output=True, cwd=tmp_path,
                            env=environ, timeout=60)
    assert french.returncode == 0 and b"Traceback" not in french.stderr
    assert "é" in french.stdout.decode("latin-1")


# ---- arguments, scenarios, save folders, URLs, drivers ----------------------------------------------------

@pytest.mark.parametrize("seed", [str(2**63), str(2**70), "-1", "-9223372036854775809"])
def test_a_seed_out_of_range_is_refused_in_one_line(tmp_path: Path, seed: str) -> None:
    line = one_clean_line(gm(tmp_path, "play", "odin", "--players", "Ana,bot", f"--seed={seed}"), 2)
    assert "--seed" in line and seed in line
    assert not (tmp_path / "gm.sqlite3").exists()  # refused before any save is opened


def test_the_largest_seed_plays(tmp_path: Path) -> None:
    r = gm(tmp_path, "play", "odin", "--players", "Ana,bot", "--seed", str(2**63 - 1), stdin="/quit\n")
    assert r.returncode == 0 and "gm resume 1" in r.stdout, r.stderr


def test_a_bad_scenario_is_one_line_with_or_without_json(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text(json.dumps({"players": 9, "hands": [], "center": [], "to_move": 0}))
    (tmp_path / "broken.json").write_text("{\"players\": ")
    (tmp_path / "deep.json").write_text("[" * 100_000)
    for name in ("bad.json", "broken.json", "deep.json", "missing.json"):
        line = one_clean_line(gm(tmp_path, "parse", "--scenario", name, "pass"), 2)
        assert line.startswith("The scenario cannot be used:"), line
    r = gm(tmp_path, "parse", "--scenario", "bad.json", "--json", "pass")
    assert r.returncode == 2 and json.loads(r.stdout)["kind"] == "error" and "Traceback" not in r.stderr
    de = gm(tmp_path, "parse", "--scenario", "bad.json", "--lang", "de", "passe")
    assert one_clean_line(de, 2).startswith("Das Szenario ist nicht verwendbar")


def test_parse_for_another_seat_names_the_seat_to_move(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text(json.dumps(SCENARIO))
    r = gm(tmp_path, "parse", "--scenario", "s.json", "--player", "1", "pass")
    assert r.returncode == 0 and r.stdout.strip() == "illegal: It's not your turn: seat 0 is to play."
    r = gm(tmp_path, "parse", "--scenario", "s.json", "--player", "2", "--json", "--lang", "fr", "je passe")
    out = json.loads(r.stdout)
    assert out["params"] == {"player": 2, "to_move": 0} and "place 0" in out["reason"]
    line = one_clean_line(gm(tmp_path, "parse", "--scenario", "s.json", "--player", "7", "pass"), 2)
    assert line == "There is no seat 7: the seats are numbered 0 to 2."


def test_saves_that_are_a_file_are_one_line(tmp_path: Path) -> None:
    (tmp_path / "saves").write_text("not a folder")
    for args in (("saves",), ("play", "odin", "--players", "Ana,bot"), ("resume",)):
        line = one_clean_line(gm(tmp_path, *args, db=None), 1)
        assert line.startswith("The saves cannot be opened") and "saves" in line
    assert one_clean_line(gm(tmp_path, "saves", db=None, GM_LANG="fr"), 1).startswith("Les sauvegardes")


def test_a_missing_saves_folder_is_made(tmp_path: Path) -> None:
    r = gm(tmp_path, "play", "odin", "--players", "Ana,bot", "--seed", "2", stdin="/quit\n", db=None)
    assert r.returncode == 0 and (tmp_path / "saves" / "gm.sqlite3").is_file(), r.stderr
    deep = gm(tmp_path, "saves", db=f"sqlite:///{tmp_path / 'a' / 'b' / 'gm.sqlite3'}")
    assert deep.returncode == 0 and (tmp_path / "a" / "b" / "gm.sqlite3").is_file()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write a read-only folder")
def test_a_read_only_saves_folder_is_one_line(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    saves.chmod(0o500)
    try:
        line = one_clean_line(gm(tmp_path, "play", "odin", "--players", "Ana,bot", db=None), 1)
        assert line.startswith("The saves cannot be opened")
        assert one_clean_line(gm(tmp_path, "saves", db=None), 1).startswith("The saves cannot be opened")
    finally:
        saves.chmod(0o700)


@pytest.mark.parametrize("where", ["folder", "database"])
def test_a_read_only_save_is_one_line_even_for_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str], where: str) -> None:
    """What a read-only folder does to a process that may not write there, simulated in-process (root may
    write anywhere): the folder cannot be made, or the database file cannot be opened."""
    import gm.cli
    import gm.store

    if where == "folder":
        def no_mkdir(self: Path, *_a: Any, **_k: Any) -> None:
            raise PermissionError(13, "Permission denied", str(self))

        monkeypatch.setattr(Path, "mkdir", no_mkdir)
    else:
        real = gm.store.create_engine

        def read_only_engine(*a: Any, **k: Any) -> Any:
            engine = real(*a, **k)

            @event.listens_for(engine, "do_connect")
            def refuse(*_a: Any) -> None:
                raise sqlite3.OperationalError("unable to open database file")

            return engine

        monkeypatch.setattr(gm.store, "create_engine", read_only_engine)
    monkeypatch.setenv("GM_DATABASE_URL", f"sqlite:///{tmp_path / 'ro' / 'gm.sqlite3'}")
    monkeypatch.setenv("GM_LANG", "de")
    for argv in (["saves"], ["play", "odin", "--players", "Ana,bot"], ["resume"]):
        assert gm.cli.main(argv) == 1
        err = capsys.readouterr().err.strip()
        assert err.startswith("Die Spielstände können nicht geöffnet werden") and "\n" not in err, err
        assert ("Permission denied" if where == "folder" else "unable to open database file") in err


@pytest.mark.parametrize(("url", "words"), [("foo", "is not a database URL"),
                                             ("mysql://gm:secret@localhost/gm", "driver for mysql is not installed"),
                                             ("nosuchdb://x", "driver for nosuchdb is not installed")])
def test_a_database_url_that_cannot_be_used_is_one_line(tmp_path: Path, url: str, words: str) -> None:
    line = one_clean_line(gm(tmp_path, "saves", db=url), 1)
    assert words in line and "secret" not in line


# ---- a disk that fills up while a move is saved ----------------------------------------------------------

def fail_inserts(store: Store, error: Exception, after: int = 0) -> Callable[..., None]:
    """Make the (after+1)-th and later INSERTs of an action fail as a full disk would; returns the listener
    (`event.remove(store.engine, "before_cursor_execute", it)` gives the disk its room back)."""
    seen = [0]

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("INSERT INTO ACTION"):
            seen[0] += 1
            if seen[0] > after:
                raise error

    event.listen(store.engine, "before_cursor_execute", before)
    return before


@pytest.mark.parametrize("error", [sqlite3.OperationalError("database or disk is full"),
                                   OSError(28, "No space left on device")], ids=["sqlite", "oserror"])
def test_a_full_disk_refuses_the_move_and_the_game_goes_on(store: Store, error: Exception) -> None:
    for seed in range(100):
        if G.new_game(players=2, seed=seed).to_move == 0:
            break
    s = Session.new(store, "odin", [Seat("Ana", lang="de"), Seat("Ben")], seed, {}, "en")
    move = f"play {G.view(s.state, 0).hand[0]}"
    before = G.state_to_json(s.state)
    full = fail_inserts(store, error)
    reply = s.handle(move)
    assert not reply.accepted and reply.messages[0].kind == "error"
    assert "nicht gespielt" in reply.text and ("full" in reply.text or "No space" in reply.text), reply.text
    assert G.state_to_json(s.state) == before and s.log == [] and store.load(s.game_id).log == []
    event.remove(store.engine, "before_cursor_execute", full)
    assert s.handle(move).accepted  # the disk has room again: the same move is played
    assert store.load(s.game_id).log == s.log == [(0, move)]


def test_a_bot_move_that_cannot_be_saved_keeps_the_player_s(store: Store) -> None:
    for seed in range(100):
        if G.new_game(players=2, seed=seed).to_move == 0:
            break
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Greedy", kind="bot", bot="greedy")], seed, {}, "en")
    move = f"play {G.view(s.state, 0).hand[0]}"
    full = fail_inserts(store, sqlite3.OperationalError("database or disk is full"), after=1)
    reply = s.handle(move)
    assert "Your move is saved" in reply.text and "disk is full" in reply.text, reply.text
    assert store.load(s.game_id).log == s.log == [(0, move)]
    event.remove(store.engine, "before_cursor_execute", full)
    s.run_bots("en", 0)  # the game goes on: the bot moves once the disk has room
    assert [seat for seat, _ in store.load(s.game_id).log][:2] == [0, 1]


# ---- in-memory saves, names, results, refusals, languages ---------------------------------------------------

def test_an_in_memory_game_never_says_it_is_saved(tmp_path: Path) -> None:
    r = gm(tmp_path, "--db", "sqlite:///:memory:", "play", "odin", "--players", "Ana,bot", "--seed", "1",
           stdin="/save\n/quit\n", db=None)
    assert r.returncode == 0, r.stderr
    assert "gm resume" not in r.stdout and "saved in" not in r.stdout
    assert "memory only" in r.stdout.splitlines()[0]
    assert "Nothing is saved" in r.stdout and "cannot be resumed" in r.stdout


def test_names_lose_control_characters_and_never_repeat(tmp_path: Path) -> None:
    seats = parse_players("A\x1b[31mna\x07\u202e:de, Greedy ,bot:greedy,bot:greedy", game="odin")
    assert [s.name for s in seats] == ["Ana", "Greedy", "Greedy 2", "Greedy 3"]
    assert [s.name for s in parse_players("bot:greedy,GREEDY", game="odin")] == ["Greedy 2", "GREEDY"]
    with pytest.raises(ValueError, match="Zwei Spieler"):
        parse_players("Ana,ana\x00", "de", game="odin")
    with pytest.raises(ValueError, match="needs a name"):
        parse_players("\x1b[2J,Ben", game="odin")
    r = gm(tmp_path, "play", "odin", "--players", "A\x1b]0;pwned\x07na,Greedy,bot:greedy", "--seed", "3",
           stdin="/board\n/quit\n")
    assert r.returncode == 0, r.stderr
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout and "pwned" not in r.stdout
    assert "Greedy 2" in r.stdout and "Ana" in r.stdout


def test_a_loaded_table_is_shown_with_clean_distinct_names(store: Store) -> None:
    seats = [Seat("Greedy\x1b[5m"), Seat("greedy", kind="bot", bot="greedy"), Seat("\x00\x9b")]
    s = Session(store, 0, "odin", seats, G.new_game(players=3, seed=1), 1, {}, "fr")
    assert s.names == ["Greedy", "greedy 2", "Joueur 3"]


def test_the_final_scores_are_told_once(tmp_path: Path) -> None:
    """A game played to its end through `gm play`: the result is printed once, not by the move and again
    by the shell."""
    mem = Store("sqlite:///:memory:")
    s = Session.new(mem, "odin", [Seat("Ana"), Seat("Greedy", kind="bot", bot="greedy")], 11,
                    {"target": "one_hand"}, "en")
    s.run_bots("en", 0)
    lines = []
    while not s.state.is_over:
        notation = G.to_notation(G.legal_actions(s.state)[-1])
        lines.append(notation)
        assert s.handle(notation).accepted
    r = gm(tmp_path, "play", "odin", "--players", "Ana,bot:greedy", "--seed", "11", "--target", "one_hand",
           stdin="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("Final scores") == 1 and r.stdout.count("wins with the fewest") == 1, r.stdout[-800:]


def test_the_result_is_told_in_the_table_s_language_for_a_shared_screen(store: Store) -> None:
    s = Session.new(store, "odin", [Seat("Ana", lang="en"), Seat("Ben", lang="fr")], 5, {"target": "one_hand"},
                    "de")
    reply = None
    while not s.state.is_over:
        reply = s.handle(G.to_notation(G.legal_actions(s.state)[-1]))
    assert reply is not None and "Endstand" in reply.text, reply.text


def test_refusals_never_show_python_reprs(store: Store, tmp_path: Path) -> None:
    for seed in range(100):
        if G.new_game(players=2, seed=seed).to_move == 0:
            break
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Ben")], seed, {}, "en")
    hand = G.view(s.state, 0).hand
    missing = next(c for c in ("K9", "O9", "R9", "B9", "G9", "P9") if c not in hand)
    for line in (f"play {missing}", f"play {hand[0]} {hand[1]}", "pass", f"play {hand[0]} take {missing}",
                 "play X9", f"play {hand[0]} {hand[0]}"):
        for lang in ("en", "de", "fr"):
            s.seats[0].lang = lang
            text = s.handle(line).text
            assert text and "{" not in text and "Illegal(" not in text and "[" not in text, (line, text)
    doc = {"format": "viking-gm/game", "version": 1, "game": "odin", "seed": seed, "options": {},
           "seats": [{"name": "Ana", "kind": "human", "bot": None, "lang": None},
                     {"name": "Ben", "kind": "human", "bot": None, "lang": None}],
           "campaign": None, "actions": [{"seat": 0, "notation": f"play {missing}", "unit": 0}]}
    (tmp_path / "g.json").write_text(json.dumps(doc))
    line = one_clean_line(gm(tmp_path, "import", "g.json"), 1)
    assert "{'" not in line and "Illegal(" not in line and missing in line


def test_resume_speaks_the_table_s_language(tmp_path: Path) -> None:
    r = gm(tmp_path, "play", "odin", "--players", "Ana:de,bot", "--seed", "9", stdin="/quit\n")
    assert r.returncode == 0 and r.stdout.startswith("Neue Partie"), r.stdout
    again = gm(tmp_path, "resume", stdin="/quit\n")
    assert again.returncode == 0 and again.stdout.startswith("Weiter mit ODIN (Partie 1)"), again.stdout
    told = gm(tmp_path, "resume", "--lang", "fr", stdin="/quit\n")
    assert told.stdout.startswith("Reprise de ODIN")
    env = gm(tmp_path, "resume", stdin="/quit\n", GM_LANG="en")
    assert env.stdout.startswith("Resuming ODIN")
