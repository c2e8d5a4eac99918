"""The `gm` command line, run as a user would (subprocesses, a real SQLite file), incl. SIGKILL mid-game."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from procs import Reader

from engine import load_game
from gm.store import Store

G = load_game("odin")
SCENARIO = {"players": 3, "hands": [["R7", "R5", "B1"], ["B2"], ["G2", "G3"]], "center": ["B3"], "to_move": 0,
            "last_played_by": 2}


def gm(tmp: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GM_DATABASE_URL": f"sqlite:///{tmp / 'gm.sqlite3'}", "GM_LANG": "en"}
    env.pop("OPENAI_API_KEY", None)
    env.pop("OPENAI_BASE_URL", None)
    return subprocess.run([sys.executable, "-m", "gm.cli", *args], input=stdin, capture_output=True, text=True,
                          cwd=tmp, env=env, timeout=120)


def test_parse_json(tmp_path):
    (tmp_path / "s.json").write_text(json.dumps(SCENARIO))
    r = gm(tmp_path, "parse", "--game", "odin", "--scenario", "s.json", "--json",
           "I play the red seven and the red five")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"kind": "action", "notation": "play R7 R5 take B3"}
    r = gm(tmp_path, "parse", "--scenario", "s.json", "--json", "--lang", "de", "blaue eins")
    out = json.loads(r.stdout)
    assert out["kind"] == "illegal" and out["reason"]


def test_parse_batch_from_stdin(tmp_path):
    lines = [{"game": "odin", "scenario": SCENARIO, "player": 0, "text": t}
             for t in ("pass", "je passe", "play R7 take B3", "banana")]
    stdin = "\n".join(json.dumps(x) for x in lines) + "\nnot json\n"
    r = gm(tmp_path, "parse", "--batch", "-", stdin=stdin)
    got = [json.loads(x) for x in r.stdout.splitlines()]
    assert [g["kind"] for g in got] == ["action", "action", "action", "no_match", "error"]


def test_saves_export_import_replay_delete(tmp_path):
    assert "No saved games" in gm(tmp_path, "saves").stdout
    r = gm(tmp_path, "play", "odin", "--players", "Ana,bot:greedy", "--seed", "3", "--campaign", "freitag",
           stdin="/quit\n")
    assert r.returncode == 0, r.stderr
    assert "gm resume freitag" in r.stdout
    saves = gm(tmp_path, "saves").stdout
    assert "freitag" in saves and "Ana" in saves and "in play" in saves
    exported = gm(tmp_path, "export", "1", "--with-secrets")
    doc = json.loads(exported.stdout)
    assert doc["format"] == "viking-gm/game" and doc["seed"] == 3
    (tmp_path / "g.json").write_text(exported.stdout)
    assert "Imported as game 2" in gm(tmp_path, "import", "g.json").stdout
    assert gm(tmp_path, "replay", "2").returncode == 0
    assert gm(tmp_path, "delete", "2", stdin="y\n").returncode == 0
    assert gm(tmp_path, "delete", "2", "--yes").returncode == 1
    (tmp_path / "bad.json").write_text("{\"format\": \"nope\"}")
    bad = gm(tmp_path, "import", "bad.json")
    assert bad.returncode == 1 and "Traceback" not in bad.stderr


def test_a_corrupt_save_is_refused_with_a_clear_message(tmp_path):
    gm(tmp_path, "play", "odin", "--players", "Ana,bot:greedy", "--seed", "5", stdin="pass\npass\n/quit\n")
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    hand = G.view(store.load(1).state, 0).hand
    gm(tmp_path, "resume", stdin=f"play {hand[0]}\n/quit\n")
    con = sqlite3.connect(tmp_path / "gm.sqlite3")
    con.execute("UPDATE action SET notation = 'play K9' WHERE ply = 0")
    con.commit()
    con.close()
    r = gm(tmp_path, "resume", "1")
    assert r.returncode == 1
    assert "damaged" in r.stderr and "Traceback" not in r.stderr


def test_ask_json(tmp_path):
    r = gm(tmp_path, "ask", "--game", "odin", "--json", "how many cards does each player get?")
    out = json.loads(r.stdout)
    assert out["sections"] and out["lang"] == "en" and "9" in out["answer"]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_mid_game_loses_no_accepted_move(tmp_path):
    env = {**os.environ, "GM_DATABASE_URL": f"sqlite:///{tmp_path / 'gm.sqlite3'}", "GM_LANG": "en"}
    proc = subprocess.Popen([sys.executable, "-m", "gm.cli", "play", "odin", "--players", "Ana,bot:greedy",
                             "--seed", "8"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=tmp_path, env=env, bufsize=0)
    reader = Reader(proc.stdout)
    reader.start()
    store = Store(env["GM_DATABASE_URL"])
    pos = reader.wait_for("ana ▸ ", 0)
    sent = 0
    for _ in range(6):
        state = store.load(1).state
        if state.is_over:
            break
        action = G.legal_actions(state)[-1]
        proc.stdin.write(G.to_notation(action) + "\n")
        proc.stdin.flush()
        sent += 1
        pos = reader.wait_for("ana ▸ ", pos)
    before = store.load(1)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    after = Store(env["GM_DATABASE_URL"]).load(1)  # verified replay of the log
    assert after.log == before.log
    assert sum(1 for seat, _ in after.log if seat == 0) == sent
    r = gm(tmp_path, "resume", stdin="/quit\n")
    assert r.returncode == 0, r.stderr
    assert f"after {len(after.log)} moves" in r.stdout


def test_passwords_in_urls_are_never_printed(tmp_path):
    env = {**os.environ, "OPENAI_BASE_URL": "http://gmuser:hunter2@127.0.0.1:9/v1", "OPENAI_API_KEY": "sk-secret123456",
           "GM_DATABASE_URL": f"sqlite:///{tmp_path / 'gm.sqlite3'}"}
    res = subprocess.run([sys.executable, "-m", "gm.cli", "play", "odin", "--players", "Ana,bot", "--seed", "1"],
                         input="/quit\n", capture_output=True, text=True, env=env, timeout=60,
                         cwd=Path(__file__).resolve().parent.parent)
    out = res.stdout + res.stderr
    assert "gmuser:***@127.0.0.1" in out
    assert "hunter2" not in out and "sk-secret123456" not in out
