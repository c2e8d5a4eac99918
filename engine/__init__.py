"""Deterministic rules behind one contract (see engine.core), one package per game.

A game lives in `engine/<package>/` and exposes `GAME`; its name is `GAME.info.name` (e.g. "name-of-odin"
for the package `name_of_odin`). Nothing here lists the games: `load_game` imports the package the name
points to, and `games()` finds every package that has a `GAME`.
"""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

from engine.core import (
    AnyGame,
    Decision,
    EngineError,
    Game,
    GameInfo,
    Illegal,
    IllegalAction,
    NotationError,
    OptionsError,
    OptionSpec,
    ReplayError,
    ScenarioError,
    StateFormatError,
    Summary,
    View,
    final_state,
    replay,
)


def package_of(name: str) -> str:
    """The package folder of a game name: "name-of-odin" -> "name_of_odin"."""
    return name.strip().lower().replace("-", "_")


@cache
def games() -> tuple[str, ...]:
    """The names of every game whose engine package exposes a GAME, sorted."""
    found: list[str] = []
    for mod in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if not mod.ispkg:
            continue
        module: Any = import_module(f"engine.{mod.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            found.append(game.info.name)
    return tuple(sorted(found))


def has_engine(name: str) -> bool:
    return name.strip().lower() in games()


def load_game(name: str) -> AnyGame:
    """The game object for `name`; OptionsError when no engine package has that game."""
    key = name.strip().lower() if isinstance(name, str) else ""
    if key not in games():
        raise OptionsError(f"unknown game {name!r}; games with an engine: {', '.join(games())}")
    game: AnyGame = import_module(f"engine.{package_of(key)}").GAME
    return game


__all__ = [
    "AnyGame", "Decision", "EngineError", "Game", "GameInfo", "Illegal", "IllegalAction", "NotationError",
    "OptionSpec", "OptionsError", "ReplayError", "ScenarioError", "StateFormatError", "Summary", "View",
    "final_state", "games", "has_engine", "load_game", "package_of", "replay",
]
