"""Golden playthroughs (OpenSpiel style) of In the Name of Odin: every decision's view, the legal actions and
the action taken, in each edition. The games use the reconstructed cards on a shortened board (one raid space
per zone, 3 raids) so that a whole game stays a readable file; every rule still comes up.

After an intended rule change, regenerate and review the diff:
    UPDATE_GOLDEN=1 python -m pytest tests/test_name_of_odin_playthroughs.py
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from engine import load_game
from engine.name_of_odin import load_cards
from engine.playthrough import playthrough

HERE = Path(__file__).parent / "playthroughs"
G = load_game("name-of-odin")


def short_cards() -> dict[str, Any]:
    cards = load_cards()
    cards["board"]["sea"] = [
        {"zone": "upper", "range": 1, "spaces": 1, "token": False, "fame": 0},
        {"zone": "centre", "range": 2, "spaces": 1, "token": True, "fame": 1},
        {"zone": "bottom", "range": 3, "spaces": 1, "token": True, "fame": 2}]
    cards["board"]["raid_deck"] = {"2": 3, "3": 3, "4": 3, "5": 3}
    return cards


CASES = [(2, 5, "en", 4), (3, 10, "de", 10), (5, 10, "fr", 10)]


@pytest.mark.parametrize("players,seed,edition,choose_seed", CASES)
def test_playthrough_matches_golden(players, seed, edition, choose_seed):
    text = playthrough(G, players, seed, {"cards": short_cards(), "edition": edition}, choose_seed)
    path = HERE / f"name_of_odin_p{players}_s{seed}_{edition}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden {path}; run with UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def test_same_seed_same_game_byte_for_byte():
    opts = {"cards": short_cards()}
    assert playthrough(G, 4, 11, opts, 5) == playthrough(G, 4, 11, opts, 5)
    assert playthrough(G, 4, 11, opts, 5) != playthrough(G, 4, 12, opts, 5)
