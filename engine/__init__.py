"""Deterministic rules for ODIN, In the Name of Odin and Jórvík behind one contract (see engine.core)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from engine.core import (
    Decision,
    EngineError,
    Illegal,
    IllegalAction,
    NotationError,
    OptionsError,
    ScenarioError,
    StateFormatError,
)

GAMES: dict[str, str] = {"odin": "engine.odin"}
PLANNED = ("name-of-odin", "jorvik")


def load_game(name: str) -> Any:
    """The game object for `name` ("odin"; "name-of-odin" and "jorvik" are planned)."""
    key = name.strip().lower()
    if key not in GAMES:
        if key in PLANNED:
            raise OptionsError(f"{name!r} is not implemented yet; available: {sorted(GAMES)}")
        raise OptionsError(f"unknown game {name!r}; available: {sorted(GAMES)}")
    return import_module(GAMES[key]).GAME


__all__ = [
    "Decision", "EngineError", "Illegal", "IllegalAction", "NotationError", "OptionsError", "ScenarioError",
    "StateFormatError", "GAMES", "load_game",
]
