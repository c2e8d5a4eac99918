"""In the Name of Odin bots: they choose legal actions at every player count and finish their games; the
heuristic beats random and the baseline (loose floors on a few games; bench/bots_name_of_odin.py has the
figures over 500 games)."""

from __future__ import annotations

import random

import pytest

from engine import load_game
from engine.name_of_odin.bots import BOTS, match

G = load_game("name-of-odin")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_choose_legal_actions_and_finish(players):
    rng = random.Random(players)
    names = ["heuristic", "baseline", "random", "heuristic", "random"][:players]
    s = G.new_game(players, 40 + players, {"edition": ["en", "de", "fr"][players % 3]})
    steps = 0
    while not s.is_over:
        a = BOTS[names[s.to_move]](s, rng)
        assert G.check(s, a) is None, names[s.to_move]
        s, _ = G.apply(s, a)
        steps += 1
        assert steps < 20_000
    assert G.winners(s)


def test_heuristic_never_stalls_against_itself():
    rng = random.Random(0)
    for seed in range(10):
        s = G.new_game(2 + seed % 4, seed)
        steps = 0
        while not s.is_over and steps < 5_000:
            s, _ = G.apply(s, BOTS["heuristic"](s, rng))
            steps += 1
        assert s.is_over, seed


def test_heuristic_beats_random_and_baseline():
    heuristic, rand = match(["heuristic", "random"], games=30, seed=3)
    assert heuristic >= 0.85, (heuristic, rand)
    heuristic, base = match(["heuristic", "baseline"], games=30, seed=4)
    assert heuristic >= 0.7, (heuristic, base)
