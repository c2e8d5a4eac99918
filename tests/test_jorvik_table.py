"""Jórvík at the table, end to end: whole Karl and Jarl games of people and bots through the REPL fed from a
pipe, `gm play jorvik` in a real process killed mid-game and resumed to the end, and all-bot tables (Karl and
Jarl) that play to the end with no input and whose export replays through the engine."""

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
from typing import Any

import pytest
from procs import Reader
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engine import load_game
from gm.parse import parse_move
from gm.repl import Repl
from gm.session import Session, parse_players
from gm.store import Store

G = load_game("jorvik")
ROOT = Path(__file__).resolve().parent.parent
GOODS_DE = {"amber": "Bernstein", "iron": "Eisen", "leather": "Leder", "wool": "Wolle", "jet": "Gagat",
            "silk": "Seide", "glass": "Glas", "gold": "Gold"}
GOODS_FR = {"amber": "l'ambre", "iron": "le fer", "leather": "le cuir", "wool": "la laine", "jet": "le jais",
            "silk": "la soie", "glass": "le verre", "gold": "l'or"}


def phrases(action: Any, lang: str) -> list[str]:
    """How a player at the table might say `action` (the test plays the first one the parser reads as it)."""
    k = action.kind
    g = getattr(action, "good", "")
    sp, card = getattr(action, "space", 0), getattr(action, "card", "")
    brown = getattr(action, "brown", False)
    de, fr = GOODS_DE.get(g, g), GOODS_FR.get(g, g)
    table: dict[str, dict[str, list[str]]] = {
        "demand": {"de": [f"ich setze auf Feld {sp}" + (" einen braunen" if brown else "")],
                   "en": [f"a {'brown ' if brown else ''}Viking on space {sp}"],
                   "fr": [f"je place un Viking {'marron ' if brown else ''}sur la case {sp}"]},
        "reserve": {"de": [f"ich reserviere Feld {sp}" + (" mit einem braunen" if brown else "")],
                    "en": [f"reserve space {sp}" + (" with a brown Viking" if brown else "")],
                    "fr": [f"je réserve la case {sp}" + (" avec un Viking marron" if brown else "")]},
        "buy": {"de": ["kaufen"], "en": ["buy it"], "fr": ["j'achète"]},
        "withdraw": {"de": ["zu teuer, ich verzichte"], "en": ["too expensive, I withdraw"], "fr": ["je passe"]},
        "skip": {"de": ["ich passe"], "en": ["pass"], "fr": ["je passe"]},
        "done": {"de": ["fertig"], "en": ["done"], "fr": ["fini"]},
        "sell": {"de": [f"{de} verkaufen"], "en": [f"sell the {g}"], "fr": [f"je vends {fr}"]},
        "store": {"de": [f"{de} einlagern"], "en": [f"keep the {g} in storage"], "fr": [f"je stocke {fr}"]},
        "sacrifice": {"de": [f"{de} opfern"], "en": [f"sacrifice the {g}"], "fr": [f"je sacrifie {fr}"]},
        "craft": {"de": [f"{de} aufs Handwerk", f"{de} auf {card}"], "en": [f"{g} on the craft", f"{g} on {card}"],
                  "fr": [f"{fr} sur l'artisan", f"{fr} sur {card}"]},
        "give": {"de": [f"gib {de}"], "en": [f"give the {g}"], "fr": [f"je donne {fr}"]},
        "take": {"de": ["eine Münze" if g == "coin" else f"nimm {de}"],
                 "en": ["a coin" if g == "coin" else f"take the {g}"],
                 "fr": ["une pièce" if g == "coin" else f"je prends {fr}"]},
    }
    return table.get(k, {}).get(lang, [])


def say(state: Any, seat: int, action: Any, lang: str) -> str:
    """A natural phrase the parser reads as exactly `action` here, else the notation."""
    for text in phrases(action, lang):
        res = parse_move(G, state, seat, text)
        if res.kind == "action" and not res.then and res.action == action:
            return text
    return G.to_notation(action)


def drive(repl: Repl, pipe: Any, choose: Any, done: threading.Event) -> None:
    seen = 0
    while not done.is_set():
        if repl.prompts == seen:
            time.sleep(0.001)
            continue
        seen = repl.prompts
        try:
            line = choose(repl)
        except Exception:  # a broken test helper must not leave the REPL waiting for ever
            done.set()
            line = "/quit"
        pipe.send_text(line + "\r")


def play_through_repl(tmp_path: Path, players: str, options: dict[str, Any], seed: int) -> tuple[Session, list[str],
                                                                                                  dict[str, int]]:
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    seats = parse_players(players, game="jorvik")
    session = Session.new(store, "jorvik", seats, seed=seed, options=options, default_lang="en")
    out: list[str] = []
    rng = random.Random(seed)
    stats = {"natural": 0, "notation": 0, "questions": 0, "commands": 0}
    langs = {i: s.lang or "en" for i, s in enumerate(seats)}
    asked = {"n": 0}

    def choose(repl: Repl) -> str:
        state = session.state
        seat = state.decision.player
        if seat is None:
            return "/quit"
        asked["n"] += 1
        if asked["n"] % 37 == 0:
            stats["commands"] += 1
            return "/board"
        if asked["n"] % 41 == 0:
            stats["questions"] += 1
            questions = {"de": "wie viele Verteidigungspunkte hat jeder?",
                         "fr": "combien de points de défense a chacun ?"}
            return questions.get(langs[seat], "what would I score if the game ended now?")
        acts = G.legal_actions(state)
        done_acts = [a for a in acts if a.kind == "done"]
        action = done_acts[0] if done_acts and rng.random() < 0.3 else rng.choice(acts)
        text = say(state, seat, action, langs[seat])
        stats["natural" if text != G.to_notation(action) else "notation"] += 1
        return text

    done = threading.Event()
    with create_pipe_input() as pipe:
        repl = Repl(session, input=pipe, output=DummyOutput(), write=out.append)
        feeder = threading.Thread(target=drive, args=(repl, pipe, choose, done), daemon=True)
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
    return session, out, stats


def test_a_whole_karl_game_of_people_and_bots_through_the_repl(tmp_path: Path) -> None:
    session, out, stats = play_through_repl(tmp_path, "Ana:de,Ben:en,bot:heuristic", {}, seed=5)
    text = "\n".join(out)
    assert "Finale Wertung" in text or "Final scoring" in text
    assert "Kartenfeld" in text or "Feld" in text  # the board in German for Ana
    assert stats["natural"] > 3 * stats["notation"], stats  # most moves were said in words
    assert any(n in text for n in ("Verteidigungspunkte:", "If the game ended now", "Defence points"))


def test_a_whole_jarl_game_of_people_and_bots_through_the_repl(tmp_path: Path) -> None:
    session, out, stats = play_through_repl(tmp_path, "Ana:fr,bot:random,Cleo:de", {"mode": "jarl"}, seed=8)
    text = "\n".join(out)
    assert "Rangée de réservation" in text or "Reservierungsreihe" in text
    assert stats["natural"] > 3 * stats["notation"], stats
    assert any(line.strip().startswith(("Ana", "Random", "Cleo")) and ("PV" in line or "SP" in line or "VP" in line)
               for line in out)


# ---- `gm` in a real process ------------------------------------------------------------------------------

def env_for(tmp: Path) -> dict[str, str]:
    env = {**os.environ, "GM_DATABASE_URL": f"sqlite:///{tmp / 'gm.sqlite3'}", "GM_LANG": "en",
           "PYTHONPATH": str(ROOT)}
    env.pop("OPENAI_API_KEY", None)
    env.pop("OPENAI_BASE_URL", None)
    return env


def gm(tmp: Path, *args: str, stdin: str | None = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gm.cli", *args], input=stdin, capture_output=True, text=True,
                          cwd=tmp, env=env_for(tmp), timeout=timeout)


@pytest.mark.parametrize("mode", ["karl", "jarl"])
def test_an_all_bot_table_plays_to_the_end_and_its_export_replays_through_the_engine(tmp_path: Path,
                                                                                     mode: str) -> None:
    args = ["play", "jorvik", "--players", "bot:heuristic,bot:random", "--seed", "4"]
    if mode == "jarl":
        args += ["--mode", "jarl"]
    r = gm(tmp_path, *args, stdin="")
    assert r.returncode == 0, r.stderr
    assert "Jarl game" in r.stdout if mode == "jarl" else "Karl game" in r.stdout
    assert "Final scores" in r.stdout and "Traceback" not in r.stderr
    exported = gm(tmp_path, "export", "1")
    doc = json.loads(exported.stdout)
    assert doc["game"] == "jorvik" and doc["options"].get("mode", "karl") == mode
    state = G.new_game(players=len(doc["seats"]), seed=doc["seed"], options=doc["options"])
    for step in doc["actions"]:
        assert state.decision.player == step["seat"]
        state, _ = G.apply(state, G.from_notation(state, step["notation"]))
    assert state.is_over
    replay = gm(tmp_path, "replay", "1")
    assert replay.returncode == 0 and "Game over" in replay.stdout


def test_gm_play_mode_jarl_is_an_option_from_the_engine(tmp_path: Path) -> None:
    out = gm(tmp_path, "play", "jorvik", "--help").stdout
    assert "--mode" in out and "jarl" in out and "--cards" in out and "heuristic" in out
    bad = gm(tmp_path, "play", "jorvik", "--mode", "emperor", "--players", "Ana,bot")
    assert bad.returncode == 2


def _drive_process(proc: subprocess.Popen[str], reader: Reader, store_url: str, prompt: str, pos: int,
                   stop_after: int | None, rng: random.Random) -> tuple[int, int]:
    """Answer every prompt from the saved position until the game ends (or `stop_after` moves were sent)."""
    sent = 0
    assert proc.stdin is not None
    store = Store(store_url)
    while stop_after is None or sent < stop_after:
        state = store.load(1).state
        if state.is_over:
            break
        acts = G.legal_actions(state)
        done = [a for a in acts if a.kind == "done"]
        action = done[0] if done and rng.random() < 0.4 else rng.choice(acts)
        proc.stdin.write(say(state, 0, action, "en") + "\n")
        proc.stdin.flush()
        sent += 1
        i = reader.text.find("Game over", pos)
        if i >= 0:
            break
        try:
            pos = reader.wait_for(prompt, pos, timeout=60)
        except AssertionError:
            if "Game over" in reader.text[pos:]:
                break
            raise
    return pos, sent


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("mode", ["karl", "jarl"])
def test_gm_play_killed_mid_game_resumes_and_plays_to_the_end(tmp_path: Path, mode: str) -> None:
    env = env_for(tmp_path)
    url = env["GM_DATABASE_URL"]
    args = [sys.executable, "-m", "gm.cli", "play", "jorvik", "--players", "Ana,bot:heuristic", "--seed", "6"]
    if mode == "jarl":
        args += ["--mode", "jarl"]
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path, env=env, bufsize=0)
    assert proc.stdout is not None
    reader = Reader(proc.stdout)
    reader.start()
    rng = random.Random(6)
    pos = reader.wait_for("ana ▸ ", 0)
    pos, sent = _drive_process(proc, reader, url, "ana ▸ ", pos, 12, rng)
    before = Store(url).load(1)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    after = Store(url).load(1)
    assert after.log == before.log and sum(1 for seat, _ in after.log if seat == 0) == sent
    proc = subprocess.Popen([sys.executable, "-m", "gm.cli", "resume"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env,
                            bufsize=0)
    assert proc.stdout is not None
    reader = Reader(proc.stdout)
    reader.start()
    pos = reader.wait_for(f"after {len(after.log)} moves", 0)
    pos = reader.wait_for("ana ▸ ", pos)
    _drive_process(proc, reader, url, "ana ▸ ", pos, None, rng)
    assert proc.stdin is not None
    proc.stdin.close()
    proc.wait(timeout=60)
    final = Store(url).load(1)
    assert final.state.is_over and final.status == "over"
    assert "Game over" in reader.text and "Final scores" in reader.text
