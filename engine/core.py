"""The engine contract shared by every game, and the pieces every game uses.

A game package `engine/<game>/` exposes one object `GAME` that satisfies :class:`Game` (checked for every
game by `tests/test_conformance.py`). The contract follows OpenSpiel's State (one pending decision, legal
actions, apply) and boardgame.io's playerView (secrets removed at the source):

- :class:`GameInfo` — the facts about a game in one descriptor: players, score order, what is hidden, the
  options with their types and defaults, the bots.
- `new_game(players, seed, options) -> S`; `state.decision` is a :class:`Decision` (who, what kind, and the
  facts the decision is about); `legal_actions`, `check` (an :class:`Illegal` reason code, never prose),
  `apply` (new state and typed events; states are immutable).
- `view(state, player) -> V`, a typed value whose :attr:`View.summary` is the small generic part that code
  outside the game reads; `holdings(state, player)` names the hidden things a seat holds, so the privacy of
  views can be checked against the state itself.
- `reveals(event)`: the engine declares which events reveal hidden information or draw from a hidden
  source; undo and hot-seat privacy are computed from it.
- Notation: every action has one canonical text form that `from_notation` reads back exactly.

Games keep their hot paths in plain Python values (tuples, ints used as bit masks); pydantic is used only at
the boundary, to validate actions coming from outside and to publish their JSON schema for the model layer.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

NO_FACTS: Mapping[str, Any] = MappingProxyType({})


class Decision(NamedTuple):
    """Who must decide now, what kind of decision it is, and the facts the decision is about.

    `player` is None once the game is over. `facts` is a read-only mapping of plain JSON values (the card on
    offer and its price, how many things must be given back, ...): parser, narration, bots and the model all
    read the same facts. `step` and `of` number the small decisions of one larger choice (step 1 of 3).
    """

    player: int | None
    kind: str
    facts: Mapping[str, Any] = NO_FACTS

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "facts": dict(self.facts)}


def facts(**values: Any) -> Mapping[str, Any]:
    """A read-only facts mapping for a :class:`Decision`."""
    return MappingProxyType(values)


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why an action is illegal: a stable reason code and its parameters, never prose.

    `gm` turns the code and the parameters into a sentence in the player's language.
    """

    code: str
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)

    def __str__(self) -> str:
        """The code and its parameters as plain text ("card_not_in_hand: card R7; cards R7"), never a Python
        repr, for the messages that quote an engine reason."""
        def plain(value: Any) -> str:
            if isinstance(value, list | tuple | set | frozenset):
                return " ".join(plain(v) for v in value)
            if isinstance(value, Mapping):
                return " ".join(f"{k} {plain(v)}" for k, v in value.items())
            return str(value)

        parts = [f"{k} {plain(v)}".strip() for k, v in self.params.items()]
        return self.code + (": " + "; ".join(parts) if parts else "")


def shown(value: Any, limit: int = 40) -> str:
    """An outside value as error messages quote it: a string or a number as written (cut to `limit`
    characters), anything else by its type ("a list"), so no message holds Python reprs of documents, however
    large or deeply nested."""
    if value is None or isinstance(value, bool | float):
        return repr(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 128 else f"a {value.bit_length()}-bit number"
    if isinstance(value, str):
        return repr(value if len(value) <= limit else value[:limit] + "…")
    return f"a {type(value).__name__}"


class EngineError(Exception):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(EngineError):
    """Raised by `apply` for an action that `check` refuses."""

    def __init__(self, illegal: Illegal) -> None:
        super().__init__(str(illegal))
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


# ---- the descriptor ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game: its name, its type ("int", "bool", "str", or "json_file": a JSON document the
    table reads from a file, such as a card set — the engine itself reads no files), its default and allowed
    values.

    `choices` empty means any value of the type. The CLI derives `gm play GAME --name` from it: a bool is a
    flag, anything else takes a value, converted by :meth:`convert`.
    """

    name: str
    type: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""

    def convert(self, text: str) -> Any:
        """The option's value for a command-line string ("15" -> 15 for an int option, "one_hand" stays a
        string when it is one of the choices); raises OptionsError."""
        if text in [str(c) for c in self.choices if isinstance(c, str)]:
            return text
        if self.type == "int":
            try:
                value: Any = int(text)
            except ValueError:
                raise OptionsError(self.describe_error(text)) from None
        elif self.type == "bool":
            low = text.strip().lower()
            if low not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                raise OptionsError(self.describe_error(text))
            value = low in ("true", "yes", "1", "on")
        else:
            value = text
        if self.choices and value not in self.choices:
            raise OptionsError(self.describe_error(text))
        return value

    def describe_error(self, value: Any) -> str:
        allowed = ", ".join(str(c) for c in self.choices) if self.choices else f"a {self.type}"
        return f"{self.name} must be {allowed}, not {shown(value)}"


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The facts about one game (OpenSpiel's GameType): who plays, how it is won, what is hidden.

    - `lower_score_wins`: True when the fewest points win (campaign standings rank by it).
    - `hidden_between_players`: True when a seat's view holds something other seats may not see (a hand);
      a shared screen must then be handed over between humans. False: everything but the decks is public.
    - `options`: every option `new_game` accepts, with types and defaults.
    - `bots`: the bot names; `default_bot` the one `bot` alone means.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    lower_score_wins: bool
    hidden_between_players: bool
    options: tuple[OptionSpec, ...]
    bots: tuple[str, ...]
    default_bot: str

    def option(self, name: str) -> OptionSpec | None:
        return next((o for o in self.options if o.name == name), None)

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}


# ---- the view ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Summary:
    """The generic part of a view: what code that knows no game may read.

    `public` holds a few short public facts as (label, text) pairs in the game's own notation (for a status
    line or a model's context), `private` the keys of the view's JSON that only the viewer may see, `ply`
    the number of actions played so far.
    """

    players: int
    viewer: int | None
    decision: Decision
    scores: tuple[int, ...]
    is_over: bool
    winners: tuple[int, ...]
    public: tuple[tuple[str, str], ...] = ()
    private: tuple[str, ...] = ()
    ply: int = 0  # how many actions the game has seen


@runtime_checkable
class View(Protocol):
    """What one seat may see. Each game has its own typed view; generic code reads only `summary`."""

    @property
    def summary(self) -> Summary: ...

    def to_json(self) -> dict[str, Any]: ...


class GameState(Protocol):
    """What every game's state offers directly."""

    @property
    def decision(self) -> Decision: ...

    @property
    def is_over(self) -> bool: ...


S = TypeVar("S", bound=GameState)
A = TypeVar("A")
E = TypeVar("E")
V_co = TypeVar("V_co", bound=View, covariant=True)  # a game of a narrower view is still a game
Bot = Callable[[Any, random.Random], Any]


@runtime_checkable
class Game(Protocol[S, A, E, V_co]):
    """The contract every game implements (see the module docstring)."""

    info: GameInfo

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def bots(self) -> Mapping[str, Bot]: ...

    def options(self, options: Mapping[str, Any] | None) -> dict[str, Any]: ...
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S: ...
    def legal_actions(self, state: S) -> list[A]: ...
    def check(self, state: S, action: Any) -> Illegal | None: ...
    def apply(self, state: S, action: Any) -> tuple[S, list[E]]: ...
    def to_notation(self, action: A) -> str: ...
    def parse_notation(self, text: str) -> A: ...
    def from_notation(self, state: S, text: str) -> A: ...
    def view(self, state: S, player: int | None) -> V_co: ...
    def holdings(self, state: S, player: int) -> frozenset[str]: ...
    def reveals(self, event: E) -> bool: ...
    def scores(self, state: S) -> list[int]: ...
    def winners(self, state: S) -> list[int]: ...
    def state_to_json(self, state: S) -> str: ...
    def state_from_json(self, text: str) -> S: ...
    def scenario(self, spec: Mapping[str, Any]) -> S: ...
    def action_to_json(self, action: A) -> dict[str, Any]: ...
    def action_from_json(self, data: Any) -> A: ...
    def event_to_json(self, event: E) -> dict[str, Any]: ...


AnyGame = Game[Any, Any, Any, Any]


# ---- replay: the one way a log becomes a position -----------------------------------------------------------


class Step(NamedTuple, Generic[S, A, E]):
    """One replayed action: the position before it, the action, the position after it and its events."""

    ply: int
    seat: int | None
    before: S
    action: A
    after: S
    events: list[E]


class ReplayError(EngineError):
    """A log that does not replay: `ply` is the first action that fails, `illegal` the engine's reason."""

    def __init__(self, ply: int, message: str, illegal: Illegal | None = None) -> None:
        super().__init__(message)
        self.ply = ply
        self.illegal = illegal


def replay(game: AnyGame, players: int, seed: int, options: Mapping[str, Any] | None,
           log: Iterable[tuple[int | None, str]]) -> Iterator[Step[Any, Any, Any]]:
    """Replay `log` ((seat, notation) per ply; seat None: not checked) from a new game, one step at a time.

    Loading, resuming, replaying, exporting, importing and undo all go through here. Raises OptionsError for
    a bad set-up and ReplayError for an action by the wrong seat or one that is not legal where it stands.
    """
    state = game.new_game(players=players, seed=seed, options=options)
    for ply, (seat, notation) in enumerate(log):
        decider = state.decision.player
        if seat is not None and decider != seat:
            raise ReplayError(ply, f"move {ply} ({notation!r}) is by seat {seat}, but seat {decider} decides there")
        try:
            action = game.from_notation(state, notation)
        except NotationError as exc:
            raise ReplayError(ply, f"move {ply} ({notation!r}) is not legal there ({exc})", exc.illegal) from exc
        after, events = game.apply(state, action)
        yield Step(ply, decider, state, action, after, events)
        state = after


def final_state(game: AnyGame, players: int, seed: int, options: Mapping[str, Any] | None,
                log: Sequence[tuple[int | None, str]]) -> Any:
    """The position after replaying `log` (see :func:`replay`)."""
    state = None
    for step in replay(game, players, seed, options, log):
        state = step.after
    return state if state is not None else game.new_game(players=players, seed=seed, options=options)


def dumps(obj: Any) -> str:
    """Canonical JSON used for states and views: sorted keys, no spaces, so equal values give equal bytes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
