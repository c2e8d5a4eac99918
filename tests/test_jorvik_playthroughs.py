"""Golden playthroughs of Jórvík (Karl and Jarl, 2-5 players): every decision's view, the legal actions and the
action taken. A change to any rule shows up as a diff. After an intended rule change, regenerate and review:
    UPDATE_GOLDEN=1 python -m pytest tests/test_jorvik_playthroughs.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine import load_game
from engine.playthrough import playthrough

HERE = Path(__file__).parent / "playthroughs"
CASES = [
    (2, 1, {"mode": "karl"}, 0),
    (3, 7, {"mode": "jarl"}, 1),
    (4, 42, {"mode": "karl"}, 2),
    (5, 3, {"mode": "jarl"}, 3),
]


@pytest.mark.parametrize("players,seed,options,choose_seed", CASES)
def test_playthrough_matches_golden(players, seed, options, choose_seed):
    text = playthrough(load_game("jorvik"), players, seed, options, choose_seed)
    path = HERE / f"jorvik_{options['mode']}_p{players}_s{seed}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden {path}; run with UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def test_same_seed_same_game_byte_for_byte():
    g = load_game("jorvik")
    assert playthrough(g, 2, 11, {"mode": "jarl"}, 5) == playthrough(g, 2, 11, {"mode": "jarl"}, 5)
    assert playthrough(g, 2, 11, {}, 5) != playthrough(g, 2, 12, {}, 5)
