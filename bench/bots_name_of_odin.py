"""In the Name of Odin bot figures: `python bench/bots_name_of_odin.py [--games 500] [--seed 1]`.

Prints the heuristic's win share against random and against the baseline over seeded two-player games
(seats alternate), the baseline against random, a four-player share (heuristic, baseline, random, random),
and the mean and longest game in decisions. Nothing is asserted: the figures are for the notes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.name_of_odin.bots import BOTS  # noqa: E402
from engine.name_of_odin.game import GAME  # noqa: E402


def run(bots: list[str], games: int, seed: int) -> tuple[list[float], list[int], int]:
    """(win shares per bot, decisions per game, games not finished)."""
    n = len(bots)
    wins = [0.0] * n
    lengths = []
    unfinished = 0
    rng = random.Random(seed)
    for g in range(games):
        order = [(i + g) % n for i in range(n)]
        seats = [BOTS[bots[b]] for b in order]
        state = GAME.new_game(n, seed=seed * 1_000_003 + g)
        plies = 0
        while not state.is_over and plies < 50_000:
            state, _ = GAME.apply(state, seats[state.to_move](state, rng))
            plies += 1
        lengths.append(plies)
        unfinished += not state.is_over
        winners = GAME.winners(state)
        for seat in winners:
            wins[order[seat]] += 1 / len(winners)
    return [w / games for w in wins], lengths, unfinished


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for bots, games in ((["heuristic", "random"], args.games), (["heuristic", "baseline"], args.games),
                        (["baseline", "random"], args.games),
                        (["heuristic", "baseline", "random", "random"], max(1, args.games // 2))):
        start = time.perf_counter()
        shares, lengths, unfinished = run(bots, games, args.seed)
        took = time.perf_counter() - start
        figures = "  ".join(f"{b} {s:.1%}" for b, s in zip(bots, shares, strict=True))
        print(f"{' vs '.join(bots)} ({games} games, {len(bots)} players): {figures}  | decisions/game mean "
              f"{sum(lengths) / len(lengths):.0f} max {max(lengths)}  | unfinished {unfinished}  | {took:.1f}s")


if __name__ == "__main__":
    main()
