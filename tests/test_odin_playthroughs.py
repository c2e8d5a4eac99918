"""Golden playthroughs (OpenSpiel style): every decision's view, the legal actions and the action taken.

A change to any rule shows up as a diff. After an intended rule change, regenerate and review the diff:
    UPDATE_GOLDEN=1 python -m pytest tests/test_odin_playthroughs.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine import load_game
from engine.playthrough import playthrough

HERE = Path(__file__).parent / "playthroughs"
CASES = [
    (2, 1, {"target": "one_hand"}, 0),
    (3, 7, {"target": 10}, 1),
    (4, 42, {"target": "one_hand"}, 2),
    (6, 3, {"target": "one_hand"}, 3),
    (2, 5, {"target": "one_hand", "two_player_remove_suits": True}, 4),
]


@pytest.mark.parametrize("players,seed,options,choose_seed", CASES)
def test_playthrough_matches_golden(players, seed, options, choose_seed):
    text = playthrough(load_game("odin"), players, seed, options, choose_seed)
    path = HERE / f"odin_p{players}_s{seed}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden {path}; run with UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def test_same_seed_same_game_byte_for_byte():
    g = load_game("odin")
    assert playthrough(g, 4, 11, {}, 5) == playthrough(g, 4, 11, {}, 5)
    assert playthrough(g, 4, 11, {}, 5) != playthrough(g, 4, 12, {}, 5)
