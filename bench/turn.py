"""Time from a typed line to the game master's answer, and the time to resume a long game.

`python bench/turn.py [GAME] [--moves 400]` (default odin) prints:
- p50/p99 of `Session.handle(line)` for typed moves (parse + apply + save in SQLite + narrate), in a game of
  two humans, and in a game of one human and two bots (the answer then includes the bots' turns);
- the time to resume a game of 500 actions (read the log, replay it from the seed, verify the snapshot);
- the time `gm` takes to start (`gm --help` and `gm saves` in a fresh process).
No assertions: the figures are for the notes.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import load_game  # noqa: E402
from gm.session import Seat, Session  # noqa: E402
from gm.store import Store  # noqa: E402

G = load_game("odin")
PHRASES = {"pass": ["pass", "ich passe", "je passe"]}
OPTIONS: dict[str, object] = {"target": 20}


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def typed_line(session: Session, i: int) -> str:
    acts = G.legal_actions(session.state)
    action = acts[-1] if i % 3 else acts[0]
    text = G.to_notation(action)
    if G.name != "odin":
        return text  # another game: its notation, as typed
    if text == "pass":
        return PHRASES["pass"][i % 3]
    if i % 2 and len(action.cards) == 1 and action.take is None:
        suit = {"B": "blue", "R": "red", "P": "pink", "G": "green", "K": "black", "O": "orange"}[action.cards[0][0]]
        return f"I play the {suit} {action.cards[0][1]}"
    return text


def time_game(store: Store, seats: list[Seat], moves: int) -> list[float]:
    times: list[float] = []
    seed = 1
    while len(times) < moves:
        s = Session.new(store, G.name, seats, seed, OPTIONS, "en")
        s.run_bots("en", 0)
        i = 0
        while not s.state.is_over and len(times) < moves:
            line = typed_line(s, i)
            t0 = time.perf_counter()
            reply = s.handle(line)
            times.append(time.perf_counter() - t0)
            assert reply.accepted, (line, reply.text)
            i += 1
        seed += 1
    return times


def resume_time(store: Store, n: int = 500) -> tuple[float, int]:
    seats = [Seat("Ana"), Seat("Ben"), Seat("Cleo")]
    best = (0, 1)
    for seed in range(1, 201):  # a seed whose random playout lasts n actions, else the longest of 200 (Jórvík's
        rng = random.Random(seed)  # games are shorter than 500 actions: waiting for one would never end)
        probe = G.new_game(3, seed, OPTIONS)
        count = 0
        while not probe.is_over and count < n:
            acts = G.legal_actions(probe)
            probe, _ = G.apply(probe, acts[rng.randrange(len(acts))])
            count += 1
        best = max(best, (count, seed))
        if count == n:
            break
    n, seed = best
    rng = random.Random(seed)
    s = Session.new(store, G.name, seats, seed, OPTIONS, "en")
    for _ in range(n):
        acts = G.legal_actions(s.state)
        s.commit(acts[rng.randrange(len(acts))], "en", None)
    runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        r = Session.resume(store, s.game_id)
        runs.append(time.perf_counter() - t0)
        assert len(r.log) == n
    return statistics.median(runs), n


def start_time(args: list[str], db: str) -> float:
    env = {**os.environ, "GM_DATABASE_URL": db}
    runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "gm.cli", *args], capture_output=True, env=env, check=True)
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs)


def main() -> None:
    global G, OPTIONS
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="?", default="odin")
    ap.add_argument("--moves", type=int, default=400)
    ap.add_argument("--resume", type=int, default=500, help="actions in the game that is resumed")
    args = ap.parse_args()
    G = load_game(args.game)
    OPTIONS = {"target": 20} if G.name == "odin" else {}
    bot = "greedy" if G.name == "odin" else G.info.default_bot
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'gm.sqlite3'}"
        store = Store(db)
        hot = time_game(store, [Seat("Ana"), Seat("Ben")], args.moves)
        bots = time_game(store, [Seat("Ana"), Seat("Bot", kind="bot", bot=bot),
                                 Seat("Random", kind="bot", bot="random")], args.moves)
        resume, n = resume_time(store, args.resume)
        print(f"game: {G.name}")
        print(f"typed move answered, 2 humans   (n={len(hot)}): p50 {pct(hot, .5) * 1e3:.1f} ms  "
              f"p99 {pct(hot, .99) * 1e3:.1f} ms")
        print(f"typed move answered, 1 human + 2 bots (n={len(bots)}): p50 {pct(bots, .5) * 1e3:.1f} ms  "
              f"p99 {pct(bots, .99) * 1e3:.1f} ms")
        print(f"resume a {n}-action game: {resume * 1e3:.0f} ms (median of 5)")
        print(f"gm --help starts in {start_time(['--help'], db) * 1e3:.0f} ms; "
              f"gm saves in {start_time(['saves'], db) * 1e3:.0f} ms (median of 3)")


if __name__ == "__main__":
    main()
