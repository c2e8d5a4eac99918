"""The registry of games: one line per game, name -> the module of its kit (`gm/games/<package>/`).

Adding a game is additive: an engine package `engine/<package>/`, a kit `gm/games/<package>/` whose module
exposes `KIT`, and its line here (see docs/adding-a-game.md).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from gm.kit import Kit

REGISTRY: dict[str, str] = {
    "odin": "gm.games.odin",
    "name-of-odin": "gm.games.name_of_odin",
    "jorvik": "gm.games.jorvik",
}

_EXTRA: dict[str, Kit] = {}


def register(kit: Kit) -> None:
    """Register a kit at run time (tests use it for a game that lives outside the package)."""
    _EXTRA[kit.name] = kit
    names.cache_clear()


def unregister(name: str) -> None:
    _EXTRA.pop(name, None)
    names.cache_clear()


@cache
def _load(name: str) -> Kit:
    kit: Kit = import_module(REGISTRY[name]).KIT
    return kit


@cache
def names() -> tuple[str, ...]:
    """Every registered game's name, in registration order."""
    return tuple(REGISTRY) + tuple(n for n in _EXTRA if n not in REGISTRY)


def get(name: str) -> Kit:
    """The kit of `name` (case and spacing forgiven); LookupError for an unknown game."""
    key = str(name).strip().lower()
    if key in _EXTRA:
        return _EXTRA[key]
    if key not in REGISTRY:
        raise LookupError(f"unknown game {name!r}; games: {', '.join(names())}")
    return _load(key)


def kits() -> list[Kit]:
    return [get(n) for n in names()]


def playable() -> list[str]:
    """The names of the games that can be played (an engine and a parser), in registration order."""
    return [k.name for k in kits() if k.playable]
