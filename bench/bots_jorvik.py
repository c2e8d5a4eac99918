"""Jórvík bot strength: `python bench/bots_jorvik.py [--games 500] [--mode karl|jarl]`.

Prints the heuristic's win share against random and against the baseline ("always bid on the cheapest card")
over seeded two-player games (seats alternate; a shared win splits), and its share in 4-player games against
three random bots (a fair share is 25 %). Nothing here asserts: the figures are for the notes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.jorvik.bots import match  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--mode", default="karl", choices=("karl", "jarl"))
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()
    start = time.perf_counter()
    h, r = match(["heuristic", "random"], args.games, args.seed, args.mode)
    print(f"[{args.mode}] heuristic vs random, {args.games} two-player games: {h:.1%} vs {r:.1%}")
    h, b = match(["heuristic", "baseline"], args.games, args.seed + 1, args.mode)
    print(f"[{args.mode}] heuristic vs baseline, {args.games} two-player games: {h:.1%} vs {b:.1%}")
    b, r = match(["baseline", "random"], args.games, args.seed + 2, args.mode)
    print(f"[{args.mode}] baseline vs random, {args.games} two-player games: {b:.1%} vs {r:.1%}")
    four = max(100, args.games // 5)
    shares = match(["heuristic", "random", "random", "random"], four, args.seed + 3, args.mode)
    print(f"[{args.mode}] heuristic share in {four} four-player games vs 3 random: {shares[0]:.1%} (fair: 25%)")
    shares = match(["heuristic", "baseline", "baseline", "baseline"], four, args.seed + 4, args.mode)
    print(f"[{args.mode}] heuristic share in {four} four-player games vs 3 baseline: {shares[0]:.1%} (fair: 25%)")
    print(f"seconds: {time.perf_counter() - start:.1f}")


if __name__ == "__main__":
    main()
