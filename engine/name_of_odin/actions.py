"""In the Name of Odin's typed actions and events: immutable, hashable values with a discriminated union each.

Payments name Action Card *types* ("WR" = Warrior symbol + Recruitment symbol), never card codes: cards of
one type are interchangeable, and the engine spends the lowest-numbered card of the type from the hand.
See docs/notation-name-of-odin.md for the text form of every action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from engine.name_of_odin.cards import TYPE_INDEX

_ORDER = TYPE_INDEX


def _types(cards: tuple[str, ...]) -> tuple[str, ...]:
    up = tuple(c.upper() for c in cards)
    if all(c in _ORDER for c in up):
        return tuple(sorted(up, key=_ORDER.__getitem__))
    return up


class _Paid:
    """Mixin: normalise `cards` (upper case, canonical type order) on construction."""

    __slots__ = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _types(tuple(self.cards)))  # type: ignore[attr-defined]


# ---- actions --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the Action Phase; the Draw Phase follows at once."""

    kind: Literal["end"] = "end"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Action 1: swap one hand card of type `give` for one offer card of type `take`."""

    give: str
    take: str
    kind: Literal["exchange"] = "exchange"

    def __post_init__(self) -> None:
        object.__setattr__(self, "give", self.give.upper())
        object.__setattr__(self, "take", self.take.upper())


@dataclass(frozen=True, slots=True)
class Refresh:
    """Action 1's option: discard a hand card of type `card` to replace the whole Action Card Offer."""

    card: str
    kind: Literal["refresh"] = "refresh"

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", self.card.upper())


@dataclass(frozen=True, slots=True)
class ExchangeDone:
    """Finish Action 1 without (further) swaps."""

    kind: Literal["exchange_done"] = "exchange_done"


@dataclass(frozen=True, slots=True)
class Gather(_Paid):
    """Action 2: spend 1-3 cards with the same Viking symbol for 1/3/6 Vikings of that type."""

    cards: tuple[str, ...]
    kind: Literal["gather"] = "gather"


@dataclass(frozen=True, slots=True)
class Recruit(_Paid):
    """Action 3: take `hero` from the Hero Offer, paying Recruitment symbols."""

    hero: str
    cards: tuple[str, ...]
    kind: Literal["recruit"] = "recruit"


@dataclass(frozen=True, slots=True)
class UseHero:
    """Action 4: use your Hero's Action Ability; the Hero then leaves."""

    hero: str
    kind: Literal["use_hero"] = "use_hero"


@dataclass(frozen=True, slots=True)
class Build(_Paid):
    """Action 5: build `building` from the Building Offer (3 Craftsmanship and 1 Construction Token)."""

    building: str
    cards: tuple[str, ...]
    kind: Literal["build"] = "build"


@dataclass(frozen=True, slots=True)
class Token(_Paid):
    """Action 6: obtain a Construction Token."""

    cards: tuple[str, ...]
    kind: Literal["token"] = "token"


@dataclass(frozen=True, slots=True)
class BuyShip(_Paid):
    """Action 7: buy `ship` from the Longship Offer (3 Seamanship)."""

    ship: str
    cards: tuple[str, ...]
    kind: Literal["buy"] = "buy"


@dataclass(frozen=True, slots=True)
class ReturnShip(_Paid):
    """Action 8: bring `ship` home (face up) after a raid (2 Seamanship)."""

    ship: str
    cards: tuple[str, ...]
    kind: Literal["return"] = "return"


@dataclass(frozen=True, slots=True)
class Repair(_Paid):
    """Action 9: remove 1 Damage Token from `ship` (2 Seamanship)."""

    ship: str
    cards: tuple[str, ...]
    kind: Literal["repair"] = "repair"


@dataclass(frozen=True, slots=True)
class Raid:
    """Action 10, steps A-C: raid `raid` with `ship`. `pay` names the one Viking (W/T/S) returned when the
    discounts cover every required symbol (at least 1 Viking always goes back), else None."""

    raid: str
    ship: str
    pay: str | None = None
    kind: Literal["raid"] = "raid"

    def __post_init__(self) -> None:
        if self.pay is not None:
            object.__setattr__(self, "pay", self.pay.upper())


@dataclass(frozen=True, slots=True)
class Release:
    """Send Vikings back to the Mead Hall to get down to the Viking limit (letters W/T/S, one per Viking)."""

    vikings: tuple[str, ...]
    kind: Literal["release"] = "release"

    def __post_init__(self) -> None:
        up = tuple(v.upper() for v in self.vikings)
        object.__setattr__(self, "vikings", tuple(sorted(up, key=lambda v: "WTS".find(v) % 9)))


@dataclass(frozen=True, slots=True)
class TakeViking:
    """Mead Hall shortage: take one Viking of the gathered type from seat `seat`."""

    seat: int
    kind: Literal["take_viking"] = "take_viking"


@dataclass(frozen=True, slots=True)
class StopTaking:
    """Mead Hall shortage: take no more Vikings from other players."""

    kind: Literal["stop_taking"] = "stop_taking"


@dataclass(frozen=True, slots=True)
class AddCard:
    """Raid step D (another player): play a hand card of type `card` face up to the raid's requirements."""

    card: str
    kind: Literal["add"] = "add"

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", self.card.upper())


@dataclass(frozen=True, slots=True)
class Pass:
    """Raid step D (another player): add no card."""

    kind: Literal["pass"] = "pass"


@dataclass(frozen=True, slots=True)
class Match(_Paid):
    """Raid step E: play up to 3 hand cards, each removing a table card with the same Action symbol."""

    cards: tuple[str, ...]
    kind: Literal["match"] = "match"


@dataclass(frozen=True, slots=True)
class TakeCard:
    """Raid step H (a player who added a card): take a card of type `card` from the Action Card Offer."""

    card: str
    kind: Literal["take"] = "take"

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", self.card.upper())


AnyAction = (EndTurn | Exchange | Refresh | ExchangeDone | Gather | Recruit | UseHero | Build | Token | BuyShip
             | ReturnShip | Repair | Raid | Release | TakeViking | StopTaking | AddCard | Pass | Match | TakeCard)
ACTION_ADAPTER: TypeAdapter[AnyAction] = TypeAdapter(Annotated[AnyAction, Field(discriminator="kind")])


# ---- events ---------------------------------------------------------------------------------------------
# Card codes in events are public cards only (paid, played face up, taken from a face-up offer); cards drawn
# from the deck into a hand are counted, never named.


@dataclass(frozen=True, slots=True)
class CardsExchanged:
    player: int
    gave: str
    took: str
    kind: Literal["cards_exchanged"] = "cards_exchanged"


@dataclass(frozen=True, slots=True)
class OfferRefreshed:
    player: int
    discarded: str
    old_offer: tuple[str, ...]
    offer: tuple[str, ...]
    reshuffled: bool
    kind: Literal["offer_refreshed"] = "offer_refreshed"


@dataclass(frozen=True, slots=True)
class ExchangeFinished:
    player: int
    kind: Literal["exchange_finished"] = "exchange_finished"


@dataclass(frozen=True, slots=True)
class VikingsGathered:
    """`gained` from the Mead Hall (bonus included); `missing` still owed when the Mead Hall ran short."""

    player: int
    viking: str
    paid: tuple[str, ...]
    gained: int
    bonus: int
    missing: int
    kind: Literal["vikings_gathered"] = "vikings_gathered"


@dataclass(frozen=True, slots=True)
class VikingTaken:
    player: int
    viking: str
    source: int
    kind: Literal["viking_taken"] = "viking_taken"


@dataclass(frozen=True, slots=True)
class TakingStopped:
    player: int
    viking: str
    missing: int
    kind: Literal["viking_taking_stopped"] = "viking_taking_stopped"


@dataclass(frozen=True, slots=True)
class VikingsReleased:
    player: int
    vikings: tuple[int, int, int]
    kind: Literal["vikings_released"] = "vikings_released"


@dataclass(frozen=True, slots=True)
class HeroRecruited:
    """`space` 0 is the leftmost; `replaced` is the player's previous Hero (now under the Hero deck);
    `revealed` the Hero drawn into the leftmost space."""

    player: int
    hero: str
    space: int
    cost: int
    paid: tuple[str, ...]
    fame: int
    replaced: str | None
    revealed: str | None
    kind: Literal["hero_recruited"] = "hero_recruited"


@dataclass(frozen=True, slots=True)
class HeroAbilityUsed:
    player: int
    hero: str
    vikings: tuple[int, int, int]
    cards_drawn: int
    tokens: int
    repaired: int
    returned: tuple[str, ...]
    fame: int
    reshuffled: bool
    kind: Literal["hero_ability_used"] = "hero_ability_used"


@dataclass(frozen=True, slots=True)
class BuildingBuilt:
    player: int
    building: str
    paid: tuple[str, ...]
    revealed: str | None
    kind: Literal["building_built"] = "building_built"


@dataclass(frozen=True, slots=True)
class BuildingOfferCycled:
    """No Eligible Buildings: the offer went under the deck and was dealt again."""

    moved: tuple[str, ...]
    offer: tuple[str, ...]
    kind: Literal["building_offer_cycled"] = "building_offer_cycled"


@dataclass(frozen=True, slots=True)
class TokenObtained:
    player: int
    paid: tuple[str, ...]
    cost: int
    tokens: int
    kind: Literal["construction_token_obtained"] = "construction_token_obtained"


@dataclass(frozen=True, slots=True)
class LongshipBought:
    player: int
    ship: str
    paid: tuple[str, ...]
    revealed: str | None
    kind: Literal["longship_bought"] = "longship_bought"


@dataclass(frozen=True, slots=True)
class LongshipReturned:
    player: int
    ship: str
    paid: tuple[str, ...]
    kind: Literal["longship_returned"] = "longship_returned"


@dataclass(frozen=True, slots=True)
class LongshipRepaired:
    player: int
    ship: str
    paid: tuple[str, ...]
    damage: int
    kind: Literal["longship_repaired"] = "longship_repaired"


@dataclass(frozen=True, slots=True)
class RaidDeclared:
    """Steps A-C. `need`, `discount` and `paid` are Vikings by type (W, T, S); `need` includes the zone's
    Viking Token."""

    player: int
    raid: str
    space: int
    zone: str
    ship: str
    range: int
    need: tuple[int, int, int]
    discount: tuple[int, int, int]
    paid: tuple[int, int, int]
    kind: Literal["raid_declared"] = "raid_declared"


@dataclass(frozen=True, slots=True)
class RaidCardAdded:
    player: int
    card: str
    kind: Literal["raid_card_added"] = "raid_card_added"


@dataclass(frozen=True, slots=True)
class RaidPassed:
    player: int
    kind: Literal["raid_passed"] = "raid_passed"


@dataclass(frozen=True, slots=True)
class RaidCardsRevealed:
    cards: tuple[str, ...]
    table: tuple[str, ...]
    reshuffled: bool
    kind: Literal["raid_cards_revealed"] = "raid_cards_revealed"


@dataclass(frozen=True, slots=True)
class RaidMatched:
    player: int
    played: tuple[str, ...]
    matched: tuple[str, ...]
    unmatched: tuple[str, ...]
    wild: int
    kind: Literal["raid_matched"] = "raid_matched"


@dataclass(frozen=True, slots=True)
class FameReceived:
    """Step F: raid card + zone + ability bonus, then the adjustment for unmatched cards; never below 0."""

    player: int
    raid: str
    raid_fame: int
    zone_fame: int
    bonus: int
    adjustment: int
    gained: int
    fame: int
    kind: Literal["fame_received"] = "fame_received"


@dataclass(frozen=True, slots=True)
class LongshipDamaged:
    player: int
    ship: str
    damage: int
    range: int
    destroyed: bool
    kind: Literal["longship_damaged"] = "longship_damaged"


@dataclass(frozen=True, slots=True)
class SeaReplenished:
    """Step H: the zone's Viking Token swapped with the spare (`token` old -> `new_token`, None for a zone
    without a token), the raids moved up and `revealed` drawn into the bottom space."""

    zone: str
    token: str | None
    new_token: str | None
    revealed: str | None
    kind: Literal["sea_replenished"] = "sea_replenished"


@dataclass(frozen=True, slots=True)
class RaidCardTaken:
    player: int
    card: str
    kind: Literal["raid_card_taken"] = "raid_card_taken"


@dataclass(frozen=True, slots=True)
class OfferRefilled:
    cards: tuple[str, ...]
    reshuffled: bool
    kind: Literal["offer_refilled"] = "offer_refilled"


@dataclass(frozen=True, slots=True)
class HeroLeft:
    player: int
    hero: str
    kind: Literal["hero_left"] = "hero_left"


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """The Draw Phase: `player` drew `drew` cards (to 6, or 7 with a Runic Circle); `next_player` goes on."""

    player: int
    drew: int
    reshuffled: bool
    next_player: int
    kind: Literal["turn_ended"] = "turn_ended"


@dataclass(frozen=True, slots=True)
class Score:
    """One player's final score: raid/recruit fame + buildings + longships + same-type triples + mixed
    triples + end-of-game card bonuses = total."""

    fame: int
    buildings: int
    longships: int
    same_sets: int
    mixed_sets: int
    bonus: int
    total: int
    raids: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    kind: Literal["game_ended"] = "game_ended"


AnyEvent = (CardsExchanged | OfferRefreshed | ExchangeFinished | VikingsGathered | VikingTaken | TakingStopped
            | VikingsReleased | HeroRecruited | HeroAbilityUsed | BuildingBuilt | BuildingOfferCycled
            | TokenObtained | LongshipBought | LongshipReturned | LongshipRepaired | RaidDeclared | RaidCardAdded
            | RaidPassed | RaidCardsRevealed | RaidMatched | FameReceived | LongshipDamaged | SeaReplenished
            | RaidCardTaken | OfferRefilled | HeroLeft | TurnEnded | GameEnded)
EVENT_ADAPTER: TypeAdapter[AnyEvent] = TypeAdapter(Annotated[AnyEvent, Field(discriminator="kind")])
REVEALING = (OfferRefreshed, HeroRecruited, BuildingBuilt, BuildingOfferCycled, LongshipBought,
             RaidCardsRevealed, SeaReplenished, OfferRefilled, TurnEnded, GameEnded)
