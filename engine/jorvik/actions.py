"""Jórvík's typed actions and events: immutable values, each union discriminated by `kind`.

Spaces are numbered 1-12 as on the board; reservation slots 1-6; goods by name (amber, iron, leather, wool, jet,
silk, glass, gold); cards by id (A01 ... F01). Figure positions (for the traitor's swap) are written "3.2"
(demand row of space 3, second place) or "R1" (the figure on reservation slot 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

# ---- actions ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Demand:
    """Place a Viking (a brown one if `brown`) at the end of the demand row of card space `space` (1-6)."""

    space: int
    brown: bool = False
    kind: Literal["demand"] = "demand"


@dataclass(frozen=True, slots=True)
class Reserve:
    """Jarl: reserve the card on space `space` (7-12) with a Viking (a brown one if `brown`)."""

    space: int
    brown: bool = False
    kind: Literal["reserve"] = "reserve"


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the card on offer at its price, or (`with_card`) by giving up the card that pays a purchase."""

    with_card: bool = False
    kind: Literal["buy"] = "buy"


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Do not buy: take the front Viking back (a reserved card goes back into the box)."""

    kind: Literal["withdraw"] = "withdraw"


@dataclass(frozen=True, slots=True)
class Skip:
    """Decline an optional choice: place no more brown Vikings, keep a traitor or defence card unused."""

    kind: Literal["skip"] = "skip"


@dataclass(frozen=True, slots=True)
class Swap:
    """Traitor: swap the Vikings at positions `a` and `b` ("3.1", "R2")."""

    a: str
    b: str
    kind: Literal["swap"] = "swap"


@dataclass(frozen=True, slots=True)
class Double:
    """Defence card: return it to the box to gain twice the attack's VP."""

    kind: Literal["double"] = "double"


@dataclass(frozen=True, slots=True)
class Pay:
    """Defence card: pay its coins so as to lose no VP in this attack."""

    kind: Literal["pay"] = "pay"


@dataclass(frozen=True, slots=True)
class UseCard:
    """Use a once-only "any phase" card now (it goes back to the box)."""

    card: str
    kind: Literal["use"] = "use"


@dataclass(frozen=True, slots=True)
class Craft:
    """Put one `good` on a free matching material space of craft card `card`."""

    good: str
    card: str
    kind: Literal["craft"] = "craft"


@dataclass(frozen=True, slots=True)
class Sell:
    """Sell one `good` to your trader for it."""

    good: str
    kind: Literal["sell"] = "sell"


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """Jarl: sacrifice one `good` at your oracle for it (2 VP)."""

    good: str
    kind: Literal["sacrifice"] = "sacrifice"


@dataclass(frozen=True, slots=True)
class Store:
    """Put one `good` on a free storage space."""

    good: str
    kind: Literal["store"] = "store"


@dataclass(frozen=True, slots=True)
class Give:
    """Put one `good` into an exchange (2 goods for a coin, 3 - or 2 with the exchange building - for a good)."""

    good: str
    kind: Literal["give"] = "give"


@dataclass(frozen=True, slots=True)
class Take:
    """Take `good` (or "coin") for the goods given, or the good a card lets you take from the goods supply."""

    good: str
    kind: Literal["take"] = "take"


@dataclass(frozen=True, slots=True)
class Pick:
    """Take `good` off craft card `card` (your own to re-assign it, another player's to steal it)."""

    good: str
    card: str
    kind: Literal["pick"] = "pick"


@dataclass(frozen=True, slots=True)
class Done:
    """End the current assignment of goods (what is left goes to the goods supply) or stop picking goods."""

    kind: Literal["done"] = "done"


ActionT = (Demand | Reserve | Buy | Withdraw | Skip | Swap | Double | Pay | UseCard | Craft | Sell | Sacrifice | Store
           | Give | Take | Pick | Done)
Action = Annotated[ActionT, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[ActionT] = TypeAdapter(Action)

# ---- events ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardDrawn:
    """The start player revealed `card` from the deck; `space` is where it was laid (0: an attack, not laid)."""

    card: str
    space: int
    season: str
    kind: Literal["card_drawn"] = "card_drawn"


@dataclass(frozen=True, slots=True)
class ShipLoaded:
    """Goods drawn blind from the bag onto the ship `card` on `space`."""

    card: str
    space: int
    goods: tuple[str, ...]
    kind: Literal["ship_loaded"] = "ship_loaded"


@dataclass(frozen=True, slots=True)
class PictsAttack:
    """An attack of the Picts: each seat's `defence`; `best` gain `win` VP, `worst` lose `lose` VP (before
    defence cards); both empty when everyone is equal."""

    card: str
    win: int
    lose: int
    defence: tuple[int, ...]
    best: tuple[int, ...]
    worst: tuple[int, ...]
    final: bool
    kind: Literal["picts_attack"] = "picts_attack"


@dataclass(frozen=True, slots=True)
class PictsResolved:
    """The attack's VP changes per seat (`delta`), who doubled their gain and who paid to lose nothing."""

    card: str
    delta: tuple[int, ...]
    doubled: tuple[int, ...]
    protected: tuple[int, ...]
    vp: tuple[int, ...]
    kind: Literal["picts_resolved"] = "picts_resolved"


@dataclass(frozen=True, slots=True)
class VikingPlaced:
    player: int
    space: int
    position: int
    brown: bool
    price: int
    kind: Literal["viking_placed"] = "viking_placed"


@dataclass(frozen=True, slots=True)
class CardReserved:
    player: int
    space: int
    card: str
    slot: int
    brown: bool
    kind: Literal["card_reserved"] = "card_reserved"


@dataclass(frozen=True, slots=True)
class BrownKept:
    """The seat places no more brown Vikings in this demand phase."""

    player: int
    kind: Literal["brown_kept"] = "brown_kept"


@dataclass(frozen=True, slots=True)
class DemandEnded:
    """Every Viking is placed; `unclaimed` cards went back to the box (their goods to the goods supply)."""

    unclaimed: tuple[str, ...]
    goods_to_supply: tuple[str, ...]
    kind: Literal["demand_ended"] = "demand_ended"


@dataclass(frozen=True, slots=True)
class VikingsSwapped:
    player: int
    card: str
    a: str
    b: str
    kind: Literal["vikings_swapped"] = "vikings_swapped"


@dataclass(frozen=True, slots=True)
class CardBought:
    """`player` bought `card` from `space` (1-6) or reservation `slot` for `price` coins (0 with `paid_with`)."""

    player: int
    card: str
    space: int
    slot: int
    price: int
    paid_with: str
    coins: int
    kind: Literal["card_bought"] = "card_bought"


@dataclass(frozen=True, slots=True)
class VikingWithdrawn:
    """`player` did not buy the card on `space` (or reservation `slot`); `next_price` is the new price
    (0 when nobody is left in the row)."""

    player: int
    card: str
    space: int
    slot: int
    next_price: int
    kind: Literal["viking_withdrawn"] = "viking_withdrawn"


@dataclass(frozen=True, slots=True)
class CardBoxed:
    """`card` left the game (back into the box) for `reason`; goods on it went to the goods supply."""

    card: str
    reason: str
    player: int
    kind: Literal["card_boxed"] = "card_boxed"


@dataclass(frozen=True, slots=True)
class ImmediateEffect:
    """A card acted on purchase: `coins` per seat changed by it, `brown` Vikings placed on it."""

    player: int
    card: str
    effect: str
    coins: tuple[int, ...]
    brown: int
    kind: Literal["immediate_effect"] = "immediate_effect"


@dataclass(frozen=True, slots=True)
class IncomeTaken:
    player: int
    income: int
    coins: int
    to_display: tuple[str, ...]
    kind: Literal["income_taken"] = "income_taken"


@dataclass(frozen=True, slots=True)
class GoodsAssigned:
    """One good assigned: `to` is craft, sell, sacrifice or store; `coins`/`vp` gained by it."""

    player: int
    good: str
    to: str
    card: str
    coins: int
    vp: int
    kind: Literal["goods_assigned"] = "goods_assigned"


@dataclass(frozen=True, slots=True)
class GoodsExchanged:
    """`gave` went to the goods supply for `took` (a good, now to be assigned, or "coin")."""

    player: int
    gave: tuple[str, ...]
    took: str
    kind: Literal["goods_exchanged"] = "goods_exchanged"


@dataclass(frozen=True, slots=True)
class GoodsDiscarded:
    """Goods left unassigned went to the goods supply."""

    player: int
    goods: tuple[str, ...]
    kind: Literal["goods_discarded"] = "goods_discarded"


@dataclass(frozen=True, slots=True)
class CardUsed:
    player: int
    card: str
    effect: str
    kind: Literal["card_used"] = "card_used"


@dataclass(frozen=True, slots=True)
class GoodPicked:
    """A good taken to be assigned now: off a craft card (`card`, owned by `owner`) or from the goods supply."""

    player: int
    good: str
    card: str
    owner: int
    kind: Literal["good_picked"] = "good_picked"


@dataclass(frozen=True, slots=True)
class LoadingDone:
    player: int
    ships: tuple[str, ...]
    kind: Literal["loading_done"] = "loading_done"


@dataclass(frozen=True, slots=True)
class StartPlayerPassed:
    start: int
    round: int
    kind: Literal["start_player_passed"] = "start_player_passed"


@dataclass(frozen=True, slots=True)
class FinalScored:
    """Final scoring: per seat, (card type, VP) pairs; `vp` the totals after it."""

    breakdown: tuple[tuple[tuple[str, int], ...], ...]
    vp: tuple[int, ...]
    kind: Literal["final_scored"] = "final_scored"


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    coins: tuple[int, ...]
    kind: Literal["game_over"] = "game_over"


EventT = (CardDrawn | ShipLoaded | PictsAttack | PictsResolved | VikingPlaced | CardReserved | BrownKept | DemandEnded
          | VikingsSwapped | CardBought | VikingWithdrawn | CardBoxed | ImmediateEffect | IncomeTaken | GoodsAssigned
          | GoodsExchanged | GoodsDiscarded | CardUsed | GoodPicked | LoadingDone | StartPlayerPassed | FinalScored
          | GameOver)
Event = Annotated[EventT, Field(discriminator="kind")]
EVENT_ADAPTER: TypeAdapter[EventT] = TypeAdapter(Event)
