"""In the Name of Odin bots (placeholder: random only)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.name_of_odin.game import GAME, NooState

Bot = Callable[[NooState, random.Random], Any]


def random_bot(state: NooState, rng: random.Random) -> Any:
    actions = GAME.legal_actions(state)
    return actions[rng.randrange(len(actions))]


BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": random_bot, "baseline": random_bot}
