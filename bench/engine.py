"""Random-playout speed of an engine: `python bench/engine.py odin [--seconds 5] [--seed 1]`.

Prints playouts per second, decisions per second (legal_actions + apply on immutable states, one core) and
the mean number of decisions per game. Nothing here asserts a time: the figures are for the notes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import load_game  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game", nargs="?", default="odin")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--options", default="{}", help='engine options as JSON, e.g. \'{"mode": "jarl"}\'')
    args = ap.parse_args()
    import json

    options = json.loads(args.options)
    game = load_game(args.game)
    rng = random.Random(args.seed)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        state = game.new_game(players=rng.randrange(game.min_players, game.max_players + 1),
                              seed=rng.randrange(2**31), options=options)
        while not state.is_over:
            acts = game.legal_actions(state)
            state, _ = game.apply(state, acts[rng.randrange(len(acts))])
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    print(f"game: {args.game}  seconds: {elapsed:.2f}  games: {games}")
    print(f"playouts/s: {games / elapsed:,.0f}")
    print(f"decisions/s: {decisions / elapsed:,.0f}")
    print(f"mean decisions/game: {decisions / games:,.1f}")


if __name__ == "__main__":
    main()
