"""The engine contract shared by every game.

Each game module exposes one `Game` object (see `engine.load_game`).  Games keep their hot paths in plain
Python values (tuples, ints used as bit masks); pydantic is used only at the boundary, to validate actions
coming from outside and to publish their JSON schema for the model layer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable


class Decision(NamedTuple):
    """Who must decide now and what kind of decision it is (`player` is None when the game is over)."""

    player: int | None
    kind: str


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why an action is illegal: a stable reason code and its parameters, never prose.

    `gm` turns the code and the parameters into a sentence in the player's language.
    """

    code: str
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)


class EngineError(Exception):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(EngineError):
    """Raised by `apply` for an action that `check` refuses."""

    def __init__(self, illegal: Illegal) -> None:
        super().__init__(f"{illegal.code} {illegal.params}")
        self.illegal = illegal


class NotationError(EngineError):
    """Raised by `from_notation` for text that is not exactly one legal action.

    `illegal` is set when the text was well-formed but names an illegal action.
    """

    def __init__(self, message: str, illegal: Illegal | None = None) -> None:
        super().__init__(message)
        self.illegal = illegal


class OptionsError(EngineError):
    """Raised by `new_game` for unknown or invalid options."""


class ScenarioError(EngineError):
    """Raised by `scenario` for a position that cannot exist."""


class StateFormatError(EngineError):
    """Raised by `state_from_json` for a damaged or foreign state document."""


@runtime_checkable
class Game(Protocol):
    """The contract every game implements."""

    name: str
    min_players: int
    max_players: int

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any: ...
    def legal_actions(self, state: Any) -> list[Any]: ...
    def check(self, state: Any, action: Any) -> Illegal | None: ...
    def apply(self, state: Any, action: Any) -> tuple[Any, list[Any]]: ...
    def to_notation(self, action: Any) -> str: ...
    def from_notation(self, state: Any, text: str) -> Any: ...
    def view(self, state: Any, player: int | None) -> dict[str, Any]: ...
    def scores(self, state: Any) -> list[int]: ...
    def winners(self, state: Any) -> list[int]: ...
    def state_to_json(self, state: Any) -> str: ...
    def state_from_json(self, text: str) -> Any: ...
    def scenario(self, spec: dict[str, Any]) -> Any: ...


def dumps(obj: Any) -> str:
    """Canonical JSON used for states and views: sorted keys, no spaces, so equal values give equal bytes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
