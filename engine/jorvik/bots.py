"""Jórvík bots (placeholder)."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.jorvik.actions import ActionT
from engine.jorvik.game import GAME, JorvikState

Bot = Callable[[JorvikState, random.Random], ActionT]


def random_bot(state: JorvikState, rng: random.Random) -> ActionT:
    actions = GAME.legal_actions(state)
    return actions[rng.randrange(len(actions))]


BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": random_bot, "baseline": random_bot}
