"""In the Name of Odin at the table, end to end: a hot-seat game through the REPL from a pipe, the command line
killed mid-game and resumed to the end, an all-bot table that needs no input and whose export replays through
the engine, card files (`gm cards check`, `--cards`), the edition option."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from procs import Reader
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engine import load_game, replay
from engine.name_of_odin.cards import load_cards
from gm.repl import Repl
from gm.session import Session, parse_players
from gm.store import Store

G = load_game("name-of-odin")
ROOT = Path(__file__).resolve().parent.parent
# What Ana says for some decisions instead of the notation (German, the rulebook's words).
SAID = {"end": "Zug beenden", "pass": "ich passe", "match none": "nichts", "done": "fertig", "stop": "aufhören"}


def gm(tmp: Path, *args: str, stdin: str | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GM_DATABASE_URL": f"sqlite:///{tmp / 'gm.sqlite3'}", "GM_LANG": "en",
           "PYTHONPATH": str(ROOT)}
    env.pop("OPENAI_API_KEY", None)
    env.pop("OPENAI_BASE_URL", None)
    return subprocess.run([sys.executable, "-m", "gm.cli", *args], input=stdin, capture_output=True, text=True,
                          cwd=tmp, env=env, timeout=timeout)


def ana_says(state, n: int) -> str:
    """Ana plays as the heuristic bot would, in notation or, now and then, in German words."""
    action = G.bots["heuristic"](state, random.Random(n))
    notation = G.to_notation(action)
    if notation in SAID and n % 2:
        return SAID[notation]
    return notation


def test_a_whole_game_through_the_repl_from_a_pipe(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    seats = parse_players("Ana:de,bot:heuristic,bot:random", game="name-of-odin")
    session = Session.new(store, "name-of-odin", seats, seed=7, options={"edition": "de"}, default_lang="de")
    out: list[str] = []
    counter = {"n": 0}

    def choose(repl: Repl) -> str:
        counter["n"] += 1
        n = counter["n"]
        if out and "Meintest du" in out[-1]:
            return "ja"
        if n % 40 == 0:
            return "/board"
        if n % 53 == 0:
            return "/hand"
        if n % 61 == 0:
            return "was kann ich tun?"
        return ana_says(session.state, n)

    done = threading.Event()
    with create_pipe_input() as pipe:
        repl = Repl(session, input=pipe, output=DummyOutput(), write=out.append)

        def drive() -> None:
            seen = 0
            while not done.is_set():
                if repl.prompts == seen:
                    time.sleep(0.001)
                    continue
                seen = repl.prompts
                pipe.send_text(choose(repl) + "\r")

        feeder = threading.Thread(target=drive, daemon=True)
        feeder.start()
        try:
            code = repl.run()
        finally:
            done.set()
            feeder.join(timeout=5)
    assert code == 0
    assert session.state.is_over
    loaded = store.load(session.game_id)
    assert loaded.status == "over" and loaded.log == session.log
    text = "\n".join(out)
    assert "Ana, deine Hand" in text and "Methalle" in text and "Endstand" in text
    assert "Ruhm aus Raubzügen" in text  # the final scoring's breakdown, per player
    assert any(seat == 0 for seat, _ in session.log)
    assert "Traceback" not in text and "{" not in text.replace("{}", "")


def _play_until(proc, reader, store, pos: int, moves: int | None) -> tuple[int, int, bool]:
    """Answer Ana's prompts with her moves (at most `moves`); (position in the output, moves sent, over)."""
    sent = 0
    while moves is None or sent < moves:
        state = store.load(1).state
        if state.is_over:
            return pos, sent, True
        proc.stdin.write(ana_says(state, sent) + "\n")
        proc.stdin.flush()
        sent += 1
        try:
            pos = reader.wait_for("ana ▸ ", pos, timeout=60)
        except AssertionError:
            if store.load(1).state.is_over:
                return pos, sent, True
            raise
    return pos, sent, store.load(1).state.is_over


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_the_command_line_from_a_pipe_killed_and_resumed_to_the_end(tmp_path):
    env = {**os.environ, "GM_DATABASE_URL": f"sqlite:///{tmp_path / 'gm.sqlite3'}", "GM_LANG": "en",
           "PYTHONPATH": str(ROOT)}
    store = Store(env["GM_DATABASE_URL"])
    cmd = [sys.executable, "-m", "gm.cli", "play", "name-of-odin", "--players", "Ana:de,bot:heuristic,bot:random",
           "--seed", "8"]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path, env=env, bufsize=0)
    reader = Reader(proc.stdout)
    reader.start()
    pos = reader.wait_for("ana ▸ ", 0)
    pos, sent, over = _play_until(proc, reader, store, pos, 12)
    assert not over
    before = store.load(1)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    after = Store(env["GM_DATABASE_URL"]).load(1)  # verified replay of the log
    assert after.log == before.log and len(after.log) > sent
    proc = subprocess.Popen([sys.executable, "-m", "gm.cli", "resume", "1"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env, bufsize=0)
    reader = Reader(proc.stdout)
    reader.start()
    pos = reader.wait_for("ana ▸ ", 0)
    pos, _, over = _play_until(proc, reader, store, pos, None)
    assert over
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    reader.join(timeout=5)
    final = store.load(1)
    assert final.status == "over" and final.log[:len(after.log)] == after.log
    assert "Endstand" in reader.text and "Ruhm aus Raubzügen" in reader.text


def test_an_all_bot_table_plays_to_the_end_and_its_export_replays(tmp_path):
    r = gm(tmp_path, "play", "name-of-odin", "--players", "bot:heuristic,bot:random", "--seed", "5",
           stdin="")
    assert r.returncode == 0, r.stderr
    assert "Final scores" in r.stdout and "Fame from raids and Heroes" in r.stdout
    exported = json.loads(gm(tmp_path, "export", "1", "--with-secrets").stdout)
    assert exported["game"] == "name-of-odin"
    log = [(a["seat"], a["notation"]) for a in exported["actions"]]
    steps = list(replay(G, len(exported["seats"]), exported["seed"], exported["options"], log))
    assert steps and steps[-1].after.is_over
    assert tuple(G.scores(steps[-1].after)) == Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}").load(1).state.final


def test_a_card_file_is_checked_and_played_with(tmp_path):
    cards = load_cards()
    cards["heroes"][0]["name"] = "Egil Skallagrimsson"
    (tmp_path / "mine.json").write_text(json.dumps(cards), encoding="utf-8")
    ok = gm(tmp_path, "cards", "check", "mine.json", "--game", "name-of-odin")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    bad = dict(cards, heroes=[dict(cards["heroes"][0], effects=[{"kind": "fly", "n": 1}])] + cards["heroes"][1:])
    (tmp_path / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    r = gm(tmp_path, "cards", "check", "bad.json", "--game", "name-of-odin")
    assert r.returncode == 1 and "unknown effect kind 'fly'" in r.stdout
    r = gm(tmp_path, "play", "name-of-odin", "--players", "bot:heuristic,bot:random", "--seed", "2", "--cards",
           "mine.json", "--edition", "fr", stdin="")
    assert r.returncode == 0, r.stderr
    assert "French edition" in r.stdout  # the table speaks English (GM_LANG); the rules are the French book's
    loaded = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}").load(1)
    assert loaded.options["cards"]["heroes"][0]["name"] == "Egil Skallagrimsson"  # stored with the game
    assert loaded.state.cs.heroes[0].name == "Egil Skallagrimsson"
    (tmp_path / "mine.json").unlink()  # the save never depends on the file
    assert gm(tmp_path, "replay", "1").returncode == 0
    bad = gm(tmp_path, "play", "name-of-odin", "--players", "Ana,bot", "--cards", "bad.json", stdin="/quit\n")
    assert bad.returncode == 2 and "cannot" in (bad.stderr + bad.stdout).lower()


def test_play_help_lists_the_options():
    r = subprocess.run([sys.executable, "-m", "gm.cli", "play", "name-of-odin", "--help"], capture_output=True,
                       text=True, cwd=ROOT, timeout=60)
    assert "--edition" in r.stdout and "--cards FILE" in r.stdout and "heuristic" in r.stdout
