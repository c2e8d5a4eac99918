"""Jórvík bots choose only legal actions; the heuristic beats random and the baseline on a small sample (loose
floors: the measured figures over 500 games are in bench/bots_jorvik.py)."""

from __future__ import annotations

import random

import pytest

from engine import load_game
from engine.jorvik.bots import BOTS, match

G = load_game("jorvik")


@pytest.mark.parametrize("mode", ["karl", "jarl"])
def test_bots_choose_legal_actions(mode: str):
    rng = random.Random(3)
    for players in (2, 3, 5):
        names = list(BOTS)
        s = G.new_game(players, 17 + players, {"mode": mode})
        while not s.is_over:
            bot = BOTS[names[s.decision.player % len(names)]]
            a = bot(s, rng)
            assert G.check(s, a) is None, (names[s.decision.player % len(names)], a)
            s, _ = G.apply(s, a)


def test_heuristic_beats_random_and_baseline():
    assert match(["heuristic", "random"], 40, seed=5)[0] >= 0.8
    assert match(["heuristic", "baseline"], 40, seed=6)[0] >= 0.65
    assert match(["heuristic", "random"], 20, seed=7, mode="jarl")[0] >= 0.8
