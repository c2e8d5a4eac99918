"""Bots only ever choose legal actions; greedy beats random over 1,000 seeded two-player games."""

from __future__ import annotations

import random

from engine import load_game
from engine.odin.bots import BOTS, match

G = load_game("odin")


def test_bots_choose_legal_actions():
    rng = random.Random(0)
    for name, bot in BOTS.items():
        s = G.new_game(4, 8)
        while not s.is_over:
            a = bot(s, rng)
            assert G.check(s, a) is None, name
            s, _ = G.apply(s, a)


def test_greedy_beats_random_over_1000_games():
    greedy, rand = match(["greedy", "random"], games=1000, seed=1)
    assert greedy > 0.9, (greedy, rand)
