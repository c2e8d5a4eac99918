"""ODIN's typed actions and events: immutable, hashable values with a discriminated union each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.odin.cards import INDEX, sort_key


@dataclass(frozen=True, slots=True)
class Play:
    """Play `cards` from the hand; then take `take` from the previous centre (None when there is nothing to take).

    Cards are card codes such as "R7"; they are kept in canonical order (rank high to low, then B R P G K O).
    """

    cards: tuple[str, ...]
    take: str | None = None
    kind: Literal["play"] = "play"

    def __post_init__(self) -> None:
        cards = tuple(c.upper() for c in self.cards)
        if all(c in INDEX for c in cards):
            cards = tuple(sorted(cards, key=lambda c: sort_key(INDEX[c])))
        object.__setattr__(self, "cards", cards)
        if self.take is not None:
            object.__setattr__(self, "take", self.take.upper())

    @classmethod
    def canonical(cls, cards: tuple[str, ...], take: str | None) -> Play:
        """Build from cards already upper case and in canonical order (the engine's fast path)."""
        action = object.__new__(cls)
        object.__setattr__(action, "cards", cards)
        object.__setattr__(action, "take", take)
        object.__setattr__(action, "kind", "play")
        return action


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn to the left without playing."""

    kind: Literal["pass"] = "pass"


Action = Annotated[Play | Pass, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[Play | Pass] = TypeAdapter(Action)


@dataclass(frozen=True, slots=True)
class Played:
    player: int
    cards: tuple[str, ...]
    value: int
    took: str | None
    discarded: tuple[str, ...]
    lead: bool
    kind: Literal["played"] = "played"


@dataclass(frozen=True, slots=True)
class Passed:
    player: int
    kind: Literal["passed"] = "passed"


@dataclass(frozen=True, slots=True)
class TrickEnded:
    """Everyone else passed: the centre is discarded and `leader` (the last to play) leads the next trick."""

    leader: int
    discarded: tuple[str, ...]
    kind: Literal["trick_ended"] = "trick_ended"


@dataclass(frozen=True, slots=True)
class HandScored:
    """A scoring: `ender` emptied or played out their hand; each seat scored `points`, giving `totals`."""

    ender: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    kind: Literal["hand_scored"] = "hand_scored"


@dataclass(frozen=True, slots=True)
class Dealt:
    """A new deal of 9 cards each; `leader` leads its first trick."""

    deal: int
    leader: int
    kind: Literal["dealt"] = "dealt"


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    kind: Literal["game_over"] = "game_over"


Event = Annotated[Played | Passed | TrickEnded | HandScored | Dealt | GameOver, Field(discriminator="kind")]
EVENT_ADAPTER: TypeAdapter[Played | Passed | TrickEnded | HandScored | Dealt | GameOver] = TypeAdapter(Event)
