"""Jórvík (Stefan Feld): every rule of the Karl and the Jarl game, deterministic, with immutable states.

A state is a NamedTuple of ints and tuples. Cards are ints (row numbers of the card table the state carries),
goods are ints 0-7 (amber, iron, leather, wool, jet, silk, glass, gold) and goods collections are 8-tuples of
counts. A Viking figure in a demand row or on a reserved card is an int: the seat, plus 8 for a brown Viking.

The offer phase, income, moving cards and the end of the game run by themselves; everything a player chooses
is a decision (see `decision` and docs/notation-jorvik.md).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.core import (
    Bot,
    Decision,
    GameInfo,
    Illegal,
    IllegalAction,
    NotationError,
    OptionsError,
    OptionSpec,
    ScenarioError,
    StateFormatError,
    Summary,
    dumps,
    facts,
    shown,
)
from engine.jorvik.actions import (
    ACTION_ADAPTER,
    EVENT_ADAPTER,
    ActionT,
    BrownKept,
    Buy,
    CardBought,
    CardBoxed,
    CardDrawn,
    CardReserved,
    CardUsed,
    Craft,
    Demand,
    DemandEnded,
    Done,
    Double,
    EventT,
    FinalScored,
    GameOver,
    Give,
    GoodPicked,
    GoodsAssigned,
    GoodsDiscarded,
    GoodsExchanged,
    ImmediateEffect,
    IncomeTaken,
    LoadingDone,
    Pay,
    Pick,
    PictsAttack,
    PictsResolved,
    Reserve,
    Sacrifice,
    Sell,
    ShipLoaded,
    Skip,
    StartPlayerPassed,
    Store,
    Swap,
    Take,
    UseCard,
    VikingPlaced,
    VikingsSwapped,
    VikingWithdrawn,
    Withdraw,
)
from engine.jorvik.cards import (
    GOOD_INDEX,
    GOODS,
    SEASONS,
    CardTable,
    card_summary,
    check_card_data,
    compile_cards,
    default_cards,
)

Event = EventT
INFO = GameInfo(
    name="jorvik", title="Jórvík", min_players=2, max_players=5, lower_score_wins=False,
    hidden_between_players=False,
    options=(
        OptionSpec("mode", "str", "karl", ("karl", "jarl"),
                   "karl: the basic game; jarl: the advanced game (spaces 7-12, reservations, more cards)"),
        OptionSpec("cards", "json_file", None, (),
                   "a card document (the parsed JSON of engine/jorvik/data/cards.json) to play with; "
                   "default: the shipped deck"),
    ),
    bots=("heuristic", "random", "baseline"), default_bot="heuristic")

Z8: tuple[int, ...] = (0,) * 8
ROW_MAX = 8
DEMAND, SWAP, PURCHASE, LOADING, PICTS, OVER = 1, 2, 3, 4, 5, 6
PHASE_NAMES = {DEMAND: "demand", SWAP: "demand_end", PURCHASE: "purchase", LOADING: "loading", PICTS: "picts",
               OVER: "over"}
PHASE_CODES = {v: k for k, v in PHASE_NAMES.items()}
SUB_REASSIGN, SUB_STEAL, SUB_TAKE, SUB_ASSIGN = 0, 1, 2, 3
SUB_EFFECT = {SUB_REASSIGN: "reassign_craft_goods", SUB_STEAL: "steal_craft_good", SUB_TAKE: "take_supply_good"}
FINAL_TYPES = ("craft", "trader", "raid", "feast", "skald", "building")


class JorvikState(NamedTuple):
    """One Jórvík position. Treat as immutable; use the game object to move on."""

    players: int
    jarl: bool
    cards: CardTable
    seed: int
    ply: int
    phase: int
    round: int
    start: int
    deck: tuple[int, ...]  # top first; the final attack is last
    bag: tuple[int, ...]  # goods in draw order
    supply: tuple[int, ...]  # the general goods supply on the board
    spaces: tuple[int, ...]  # 12 card spaces, -1 empty
    cargo: tuple[tuple[int, tuple[int, ...]], ...]  # (ship card, goods on it) while not unloaded
    rows: tuple[tuple[int, ...], ...]  # the 6 demand rows, front first
    reserved: tuple[tuple[int, int], ...]  # reservation row: (card, figure), leftmost first
    vikings: tuple[int, ...]  # own Vikings in each personal supply
    brown: tuple[int, ...]  # brown Vikings standing on each seat's card
    brown_skip: int  # seats (bit mask) that stopped placing brown Vikings this demand phase
    brown_supply: int  # brown Vikings still in the general supply
    coins: tuple[int, ...]
    vp: tuple[int, ...]
    loading: tuple[tuple[int, ...], ...]  # loading areas
    display: tuple[tuple[int, ...], ...]  # card displays
    crafts: tuple[tuple[int, tuple[int, ...]], ...]  # (craft card, goods on its material spaces)
    storage: tuple[tuple[int, ...], ...]  # stored goods per seat
    boxed: tuple[int, ...]  # cards out of the game, in the order they left
    turn: int  # the seat placing (demand) or loading
    cursor: int  # purchase: the space offered (0-5), 6 = the reservation row
    pool: tuple[int, ...]  # goods the deciding seat is assigning
    pile: tuple[int, ...]  # goods given into an exchange not yet completed
    pending: tuple[int, ...]  # seats to decide next (traitor swap) or seat*2+what (attack: 0 double, 1 pay)
    picts: tuple[int, ...]  # the attack being resolved: card, win, lose, best mask, worst mask, doubled, paid, final
    sub: tuple[int, ...]  # a once-only card in use: seat, card, what (SUB_*), picks left
    final: tuple[tuple[tuple[str, int], ...], ...]  # the final scoring's breakdown once over
    over: bool

    @property
    def decision(self) -> Decision:
        return _decision(self)

    @property
    def is_over(self) -> bool:
        return self.over


FIELDS = JorvikState._fields
_GET = attrgetter(*FIELDS)


class _W:
    """A mutable working copy of a state inside `apply` (fields replaced by new tuples, never mutated)."""

    __slots__ = FIELDS

    if TYPE_CHECKING:
        players: int
        jarl: bool
        cards: CardTable
        seed: int
        ply: int
        phase: int
        round: int
        start: int
        deck: tuple[int, ...]
        bag: tuple[int, ...]
        supply: tuple[int, ...]
        spaces: tuple[int, ...]
        cargo: tuple[tuple[int, tuple[int, ...]], ...]
        rows: tuple[tuple[int, ...], ...]
        reserved: tuple[tuple[int, int], ...]
        vikings: tuple[int, ...]
        brown: tuple[int, ...]
        brown_skip: int
        brown_supply: int
        coins: tuple[int, ...]
        vp: tuple[int, ...]
        loading: tuple[tuple[int, ...], ...]
        display: tuple[tuple[int, ...], ...]
        crafts: tuple[tuple[int, tuple[int, ...]], ...]
        storage: tuple[tuple[int, ...], ...]
        boxed: tuple[int, ...]
        turn: int
        cursor: int
        pool: tuple[int, ...]
        pile: tuple[int, ...]
        pending: tuple[int, ...]
        picts: tuple[int, ...]
        sub: tuple[int, ...]
        final: tuple[tuple[tuple[str, int], ...], ...]
        over: bool


def _work(s: JorvikState) -> _W:
    w = _W.__new__(_W)
    for name, value in zip(FIELDS, s, strict=True):
        setattr(w, name, value)
    return w


def _freeze(w: _W) -> JorvikState:
    return JorvikState._make(_GET(w))


def tset(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1:]


def gadd(goods: tuple[int, ...], g: int, d: int) -> tuple[int, ...]:
    return goods[:g] + (goods[g] + d,) + goods[g + 1:]


def gsum(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def goods_list(goods: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(GOODS[g] for g in range(8) for _ in range(goods[g]))


def goods_dict(goods: tuple[int, ...]) -> dict[str, int]:
    return {GOODS[g]: n for g, n in enumerate(goods) if n}


def _pairs_get(pairs: tuple[tuple[int, tuple[int, ...]], ...], card: int) -> tuple[int, ...] | None:
    for c, goods in pairs:
        if c == card:
            return goods
    return None


def _pairs_set(pairs: tuple[tuple[int, tuple[int, ...]], ...], card: int, goods: tuple[int, ...] | None
               ) -> tuple[tuple[int, tuple[int, ...]], ...]:
    out = tuple(p for p in pairs if p[0] != card)
    if goods is not None and any(goods):
        out = tuple(sorted(out + ((card, goods),)))
    return out


# ---- interned actions ------------------------------------------------------------------------------------

DONE, SKIP, WITHDRAW, BUY, BUY_CARD, DOUBLE, PAY = Done(), Skip(), Withdraw(), Buy(), Buy(True), Double(), Pay()
_DEMAND = {(sp, b): Demand(sp + 1, b) for sp in range(6) for b in (False, True)}
_RESERVE = {(sp, b): Reserve(sp + 1, b) for sp in range(6, 12) for b in (False, True)}
_SELL = tuple(Sell(g) for g in GOODS)
_SACRIFICE = tuple(Sacrifice(g) for g in GOODS)
_STORE = tuple(Store(g) for g in GOODS)
_GIVE = tuple(Give(g) for g in GOODS)
_TAKE = tuple(Take(g) for g in GOODS)
TAKE_COIN = Take("coin")
_CRAFT: dict[tuple[int, str], Craft] = {}
_PICK: dict[tuple[int, str], Pick] = {}
_USE: dict[str, UseCard] = {}


def _craft(g: int, cid: str) -> Craft:
    a = _CRAFT.get((g, cid))
    if a is None:
        a = _CRAFT[(g, cid)] = Craft(GOODS[g], cid)
    return a


def _pick(g: int, cid: str) -> Pick:
    a = _PICK.get((g, cid))
    if a is None:
        a = _PICK[(g, cid)] = Pick(GOODS[g], cid)
    return a


def _use(cid: str) -> UseCard:
    a = _USE.get(cid)
    if a is None:
        a = _USE[cid] = UseCard(cid)
    return a


# ---- small rule helpers ----------------------------------------------------------------------------------


def spaces_in_use(players: int, jarl: bool) -> tuple[int, ...]:
    """Card spaces (0-based) filled in the offer phase: players + 1, and as many on 7-12 in the Jarl game."""
    low = tuple(range(players + 1))
    return low + tuple(range(6, 7 + players)) if jarl else low


def figure_label(sp: int, pos: int) -> str:
    return f"R{pos + 1}" if sp < 0 else f"{sp + 1}.{pos + 1}"


def _owned(s: JorvikState | _W, seat: int, kind: str, loading_too: bool = False) -> int:
    """A card of `seat` carrying effect `kind` (display first; also the loading area if `loading_too`), or -1."""
    cards = s.cards.by_kind[kind]
    for c in s.display[seat]:
        if c in cards:
            return c
    if loading_too:
        for c in s.loading[seat]:
            if c in cards:
                return c
    return -1


def _filled(s: JorvikState | _W, card: int) -> tuple[int, ...]:
    got = _pairs_get(s.crafts, card)
    return got if got is not None else Z8


def _fulfilled(s: JorvikState | _W, card: int) -> bool:
    return _filled(s, card) == s.cards.needs[card]


def _storage_cap(s: JorvikState | _W, seat: int) -> int:
    return 1 + sum(s.cards.storage[c] for c in s.display[seat])


def defence_of(s: JorvikState | _W, seat: int) -> int:
    """Defence points against the Picts: every warrior in the display, one counting double with the card that
    allows it (the highest one: never a worse choice)."""
    values = [s.cards.defence[c] for c in s.display[seat] if s.cards.defence[c]]
    total = sum(values)
    if values and _owned(s, seat, "double_warrior") >= 0:
        total += max(values)
    return total


def _can_place(s: JorvikState | _W, seat: int) -> bool:
    own = s.vikings[seat] > 0
    brown = s.brown[seat] > 0 and not s.brown_skip >> seat & 1
    if not own and not brown:
        return False
    sp = s.spaces
    for i in range(6):
        if sp[i] >= 0 and len(s.rows[i]) < ROW_MAX:
            return True
    if s.jarl:
        for i in range(6, 12):
            if sp[i] >= 0:
                return True
    return False


def _figure_positions(s: JorvikState | _W) -> list[tuple[str, int]]:
    out = [(figure_label(sp, i), f) for sp in range(6) for i, f in enumerate(s.rows[sp])]
    out.extend((figure_label(-1, i), f) for i, (_, f) in enumerate(s.reserved))
    return out


def _swap_pairs(s: JorvikState | _W) -> list[tuple[str, str]]:
    pos = _figure_positions(s)
    return [(a, b) for i, (a, fa) in enumerate(pos) for (b, fb) in pos[i + 1:] if fa != fb]


def _usable(s: JorvikState | _W, seat: int) -> list[int]:
    """Once-only "any phase" cards `seat` could use now."""
    out: list[int] = []
    t = s.cards
    for c in s.display[seat]:
        e = t.eff[c]
        if "reassign_craft_goods" in e:
            if any(any(_filled(s, k)) for k in s.display[seat] if t.needs[k]):
                out.append(c)
        elif "steal_craft_good" in e:
            if any(any(_filled(s, k)) and not _fulfilled(s, k) for o in range(s.players) if o != seat
                   for k in s.display[o] if t.needs[k]):
                out.append(c)
        elif "take_supply_good" in e:
            if any(s.supply):
                out.append(c)
    return out


def score_breakdown(s: JorvikState | _W, seat: int) -> tuple[tuple[str, int], ...]:
    """What `seat`'s display scores at the final scoring, per card type (also "if the game ended now")."""
    t = s.cards
    disp = s.display[seat]
    out = dict.fromkeys(FINAL_TYPES, 0)
    counts: dict[str, int] = {}
    for c in disp:
        counts[t.type[c]] = counts.get(t.type[c], 0) + 1
    raids = [t.vp[c] for c in disp if t.type[c] == "raid"]
    feasts = 0
    stored = sum(s.storage[seat])
    for c in disp:
        e = t.eff[c]
        if t.needs[c] is not None and _fulfilled(s, c):
            out["craft"] += t.craft_vp[c]
        if "score" in e:
            key = t.type[c] if t.type[c] in out else "raid"
            out[key] += t.vp[c]
        if "feast" in e:
            feasts += 1
        if t.score_per[c] is not None:
            what, vp = t.score_per[c]  # type: ignore[misc]
            n = s.coins[seat] if what == "coin" else counts.get(what, 0)
            out["skald"] += vp * n
        if "double_raid" in e and raids:
            out["skald"] += max(raids)
        if t.storage[c]:
            on_it = min(stored, t.storage[c])
            stored -= on_it
            out["building"] += on_it * t.eff[c]["storage"]["vp_per_good"]
    if feasts:
        table = next(t.eff[c]["feast"]["table"] for c in disp if "feast" in t.eff[c])
        out["feast"] += table[min(feasts, len(table)) - 1]
    return tuple(out.items())


# ---- the decision ----------------------------------------------------------------------------------------


def _decision(s: JorvikState) -> Decision:
    t = s.cards
    if s.over:
        return Decision(None, "game_over")
    if s.sub:
        seat, card, what, left = s.sub
        if what == SUB_ASSIGN:
            return Decision(seat, "jorvik_assign", facts(
                pool=goods_dict(s.pool), storage=goods_dict(s.storage[seat]),
                storage_free=_storage_cap(s, seat) - sum(s.storage[seat]), immediate=True, card=t.ids[card]))
        return Decision(seat, "jorvik_pick", facts(card=t.ids[card], effect=SUB_EFFECT[what], remaining=left))
    ph = s.phase
    if ph == PICTS:
        seat, what = divmod(s.pending[0], 2)
        card, win, lose = s.picts[0], s.picts[1], s.picts[2]
        if what == 0:
            return Decision(seat, "jorvik_picts_double", facts(
                card=t.ids[card], win=win, doubled=2 * win, defence_card=t.ids[_owned(s, seat, "double_win")]))
        prot = _owned(s, seat, "avoid_loss")
        return Decision(seat, "jorvik_picts_protect", facts(
            card=t.ids[card], lose=lose, cost=t.eff[prot]["avoid_loss"]["coins"], coins=s.coins[seat],
            defence_card=t.ids[prot]))
    if ph == DEMAND:
        seat = s.turn
        open_rows = [sp + 1 for sp in range(6) if s.spaces[sp] >= 0 and len(s.rows[sp]) < ROW_MAX]
        reservable = [sp + 1 for sp in range(6, 12) if s.spaces[sp] >= 0] if s.jarl else []
        brown = s.brown[seat] if not s.brown_skip >> seat & 1 else 0
        return Decision(seat, "jorvik_demand", facts(
            vikings=s.vikings[seat], brown=brown, open_rows=open_rows, reservable=reservable,
            prices={str(sp): len(s.rows[sp - 1]) + 1 for sp in open_rows}))
    if ph == SWAP:
        seat = s.pending[0]
        return Decision(seat, "jorvik_traitor_swap", facts(card=t.ids[_owned(s, seat, "swap_vikings")],
                                                           figures=len(_figure_positions(s))))
    if ph == PURCHASE:
        pay = -1
        if s.cursor < 6:
            row = s.rows[s.cursor]
            seat = row[0] & 7
            pay = _owned(s, seat, "pay_purchase", True)
            card = s.spaces[s.cursor]
            return Decision(seat, "jorvik_purchase", facts(
                space=s.cursor + 1, card=t.ids[card], price=len(row), coins=s.coins[seat],
                can_pay=s.coins[seat] >= len(row), pay_with_card=t.ids[pay] if pay >= 0 else None,
                brown=row[0] >= 8, row=[f & 7 for f in row], goods=goods_list(_pairs_get(s.cargo, card) or Z8)))
        card, fig = s.reserved[0]
        seat = fig & 7
        pay = _owned(s, seat, "pay_purchase", True)
        price = len(s.reserved)
        return Decision(seat, "jorvik_reserved_purchase", facts(
            slot=1, card=t.ids[card], price=price, coins=s.coins[seat], can_pay=s.coins[seat] >= price,
            pay_with_card=t.ids[pay] if pay >= 0 else None, goods=goods_list(_pairs_get(s.cargo, card) or Z8)))
    if ph == LOADING:
        seat = s.turn
        if any(s.pile):
            return Decision(seat, "jorvik_exchange", facts(
                pile=goods_list(s.pile), given=sum(s.pile), pool=goods_dict(s.pool),
                storage=goods_dict(s.storage[seat]), supply=goods_dict(s.supply)))
        return Decision(seat, "jorvik_assign", facts(
            pool=goods_dict(s.pool), storage=goods_dict(s.storage[seat]),
            storage_free=_storage_cap(s, seat) - sum(s.storage[seat]), immediate=False, card=None))
    raise AssertionError(f"no decision in phase {ph}")


# ---- legal actions ---------------------------------------------------------------------------------------


def _assign_actions(s: JorvikState | _W, seat: int, full: bool) -> list[ActionT]:
    t = s.cards
    pool = s.pool
    store = s.storage[seat]
    held = gsum(pool, store) if full else pool
    out: list[ActionT] = []
    total = sum(held)
    free = _storage_cap(s, seat) - sum(store)
    disp = s.display[seat]
    crafts = [c for c in disp if t.needs[c] is not None]
    for g in range(8):
        if not held[g]:
            continue
        for c in crafts:
            if t.needs[c][g] > _filled(s, c)[g]:  # type: ignore[index]
                out.append(_craft(g, t.ids[c]))
        if full:
            if any(t.trade[c] is not None and t.trade[c][0] == g for c in disp):  # type: ignore[index]
                out.append(_SELL[g])
            if any(t.sacrifice[c] is not None and t.sacrifice[c][0] == g for c in disp):  # type: ignore[index]
                out.append(_SACRIFICE[g])
        if pool[g] and free > 0:
            out.append(_STORE[g])
        if full and total >= 2:
            out.append(_GIVE[g])
    return out


def _exchange_rate(s: JorvikState | _W, seat: int) -> int:
    """Goods an exchange needs for a good of choice: 3 at the market, fewer with an exchange building."""
    best = 3
    for c in s.display[seat]:
        e = s.cards.eff[c].get("exchange")
        if e is not None:
            best = min(best, e["give"])
    return best


def legal(s: JorvikState) -> list[ActionT]:
    if s.over:
        return []
    t = s.cards
    if s.sub:
        seat, card, what, left = s.sub
        if what == SUB_ASSIGN:
            return [*_assign_actions(s, seat, False), DONE]
        if what == SUB_TAKE:
            return [_TAKE[g] for g in range(8) if s.supply[g]]
        out: list[ActionT] = []
        if what == SUB_REASSIGN:
            for c in s.display[seat]:
                if t.needs[c] is not None:
                    f = _filled(s, c)
                    out.extend(_pick(g, t.ids[c]) for g in range(8) if f[g])
            out.append(DONE)
            return out
        for o in range(s.players):
            if o == seat:
                continue
            for c in s.display[o]:
                if t.needs[c] is not None and not _fulfilled(s, c):
                    f = _filled(s, c)
                    out.extend(_pick(g, t.ids[c]) for g in range(8) if f[g])
        return out
    ph = s.phase
    if ph == DEMAND:
        seat = s.turn
        out = []
        own = s.vikings[seat] > 0
        brown = s.brown[seat] > 0 and not s.brown_skip >> seat & 1
        for b in ((False, True) if own and brown else (False,) if own else (True,)):
            for sp in range(6):
                if s.spaces[sp] >= 0 and len(s.rows[sp]) < ROW_MAX:
                    out.append(_DEMAND[(sp, b)])
            if s.jarl:
                for sp in range(6, 12):
                    if s.spaces[sp] >= 0:
                        out.append(_RESERVE[(sp, b)])
        if not own:
            out.append(SKIP)
        out.extend(_use(t.ids[c]) for c in _usable(s, seat))
        return out
    if ph == PURCHASE:
        if s.cursor < 6:
            seat = s.rows[s.cursor][0] & 7
            price = len(s.rows[s.cursor])
        else:
            seat = s.reserved[0][1] & 7
            price = len(s.reserved)
        out = [BUY] if s.coins[seat] >= price else []
        if _owned(s, seat, "pay_purchase", True) >= 0:
            out.append(BUY_CARD)
        out.append(WITHDRAW)
        out.extend(_use(t.ids[c]) for c in _usable(s, seat))
        return out
    if ph == LOADING:
        seat = s.turn
        k = sum(s.pile)
        if k:
            held = gsum(s.pool, s.storage[seat])
            out = []
            if k < 3:
                out.extend(_GIVE[g] for g in range(8) if held[g])
            if k == 2:
                out.append(TAKE_COIN)
            if k >= _exchange_rate(s, seat):
                out.extend(_TAKE[g] for g in range(8) if s.supply[g] + s.pile[g])
            return out
        out = _assign_actions(s, seat, True)
        out.append(DONE)
        out.extend(_use(t.ids[c]) for c in _usable(s, seat))
        return out
    if ph == SWAP:
        return [*(Swap(a, b) for a, b in _swap_pairs(s)), SKIP]
    if ph == PICTS:
        return [DOUBLE if s.pending[0] % 2 == 0 else PAY, SKIP]
    return []


# ---- the procedures that run by themselves -----------------------------------------------------------------


def _box(w: _W, card: int, reason: str, player: int, ev: list[Event]) -> None:
    """Put `card` out of the game (its goods, if any, to the goods supply)."""
    goods = _pairs_get(w.cargo, card)
    if goods is not None:
        w.supply = gsum(w.supply, goods)
        w.cargo = _pairs_set(w.cargo, card, None)
    w.boxed = w.boxed + (card,)
    ev.append(CardBoxed(w.cards.ids[card], reason, player))


def _remove_owned(w: _W, seat: int, card: int) -> None:
    if card in w.display[seat]:
        w.display = tset(w.display, seat, tuple(c for c in w.display[seat] if c != card))
    else:
        w.loading = tset(w.loading, seat, tuple(c for c in w.loading[seat] if c != card))


def _offer(w: _W, ev: list[Event], resume: bool = False) -> None:
    """The offer phase (or the end of the game when only the final attack is left at its start); `resume`
    continues an offer phase an attack of the Picts interrupted."""
    t = w.cards
    if len(w.deck) == 1 and not resume:
        card = w.deck[0]
        w.deck = ()
        w.boxed = w.boxed + (card,)
        ev.append(CardDrawn(t.ids[card], 0, SEASONS[t.season[card]]))
        if _attack(w, card, True, ev):
            _final_scoring(w, ev)
        return
    for sp in spaces_in_use(w.players, w.jarl):
        if w.spaces[sp] >= 0:
            continue
        while True:
            if len(w.deck) <= 1:
                _start_demand(w, ev)
                return
            card = w.deck[0]
            w.deck = w.deck[1:]
            if t.picts[card] is not None:
                w.boxed = w.boxed + (card,)
                ev.append(CardDrawn(t.ids[card], 0, SEASONS[t.season[card]]))
                if not _attack(w, card, False, ev):
                    return  # decisions pending; the offer resumes after them
                continue
            w.spaces = tset(w.spaces, sp, card)
            ev.append(CardDrawn(t.ids[card], sp + 1, SEASONS[t.season[card]]))
            n = t.ship[card]
            if n:
                drawn = w.bag[:n]
                w.bag = w.bag[n:]
                goods = Z8
                for g in drawn:
                    goods = gadd(goods, g, 1)
                w.cargo = _pairs_set(w.cargo, card, goods)
                ev.append(ShipLoaded(t.ids[card], sp + 1, tuple(GOODS[g] for g in drawn)))
            break
    _start_demand(w, ev)


def _attack(w: _W, card: int, final: bool, ev: list[Event]) -> bool:
    """Resolve an attack of the Picts; False when defence cards give seats a choice first (phase PICTS)."""
    t = w.cards
    win, lose = t.picts[card]  # type: ignore[misc]
    n = w.players
    defence = tuple(defence_of(w, p) for p in range(n))
    hi, lo = max(defence), min(defence)
    best = 0 if hi == lo else sum(1 << p for p in range(n) if defence[p] == hi)
    worst = 0 if hi == lo else sum(1 << p for p in range(n) if defence[p] == lo)
    ev.append(PictsAttack(t.ids[card], win, lose, defence, tuple(p for p in range(n) if best >> p & 1),
                          tuple(p for p in range(n) if worst >> p & 1), final))
    order = [(w.start + k) % n for k in range(n)]
    queue = [p * 2 for p in order if best >> p & 1 and _owned(w, p, "double_win") >= 0]
    for p in order:
        prot = _owned(w, p, "avoid_loss")
        if worst >> p & 1 and prot >= 0 and w.coins[p] >= t.eff[prot]["avoid_loss"]["coins"]:
            queue.append(p * 2 + 1)
    w.picts = (card, win, lose, best, worst, 0, 0, int(final))
    if queue:
        w.pending = tuple(queue)
        w.phase = PICTS
        return False
    _settle_attack(w, ev)
    return True


def _settle_attack(w: _W, ev: list[Event]) -> None:
    card, win, lose, best, worst, doubled, paid, _final = w.picts
    n = w.players
    delta = tuple((win * (2 if doubled >> p & 1 else 1) if best >> p & 1 else 0)
                  - (lose if worst >> p & 1 and not paid >> p & 1 else 0) for p in range(n))
    w.vp = tuple(v + d for v, d in zip(w.vp, delta, strict=True))
    ev.append(PictsResolved(w.cards.ids[card], delta, tuple(p for p in range(n) if doubled >> p & 1),
                            tuple(p for p in range(n) if paid >> p & 1), w.vp))
    w.picts = ()
    w.pending = ()


def _start_demand(w: _W, ev: list[Event]) -> None:
    w.phase = DEMAND
    w.brown_skip = 0
    n = w.players
    for k in range(n):
        seat = (w.start + k) % n
        if _can_place(w, seat):
            w.turn = seat
            return
    _end_demand(w, ev)


def _next_placer(w: _W, ev: list[Event]) -> None:
    n = w.players
    for k in range(1, n + 1):
        seat = (w.turn + k) % n
        if _can_place(w, seat):
            w.turn = seat
            return
    _end_demand(w, ev)


def _end_demand(w: _W, ev: list[Event]) -> None:
    t = w.cards
    unclaimed: list[str] = []
    goods = Z8
    for sp in range(12):
        card = w.spaces[sp]
        if card >= 0 and (sp >= 6 or not w.rows[sp]):
            unclaimed.append(t.ids[card])
            g = _pairs_get(w.cargo, card)
            if g is not None:
                goods = gsum(goods, g)
                w.supply = gsum(w.supply, g)
                w.cargo = _pairs_set(w.cargo, card, None)
            w.boxed = w.boxed + (card,)
            w.spaces = tset(w.spaces, sp, -1)
    ev.append(DemandEnded(tuple(unclaimed), goods_list(goods)))
    w.brown_skip = 0
    n = w.players
    if _swap_pairs(w):
        queue = tuple(p for p in ((w.start + k) % n for k in range(n)) if _owned(w, p, "swap_vikings") >= 0)
        if queue:
            w.pending = queue
            w.phase = SWAP
            return
    _start_purchase(w, -1, ev)


def _start_purchase(w: _W, after: int, ev: list[Event]) -> None:
    """Offer the next card: the next space after `after` with a demand row, then the reservation row."""
    w.phase = PURCHASE
    w.pending = ()
    for sp in range(after + 1, 6):
        if w.rows[sp]:
            w.cursor = sp
            return
    if w.reserved:
        w.cursor = 6
        return
    w.cursor = 0
    _start_loading(w, w.start, ev)


def _return_figure(w: _W, fig: int) -> None:
    if fig >= 8:
        pass  # a brown Viking leaves the board into the box
    else:
        w.vikings = tset(w.vikings, fig, w.vikings[fig] + 1)


def _check_brown_card(w: _W, seat: int, ev: list[Event]) -> None:
    """The brown Vikings' card leaves once both of its Vikings are in the box."""
    if w.brown[seat]:
        return
    card = _owned(w, seat, "brown_vikings", True)
    if card < 0:
        return
    code = seat + 8
    if any(code in row for row in w.rows) or any(f == code for _, f in w.reserved):
        return
    _remove_owned(w, seat, card)
    _box(w, card, "brown_vikings_gone", seat, ev)


def _bought(w: _W, seat: int, card: int, space: int, slot: int, price: int, with_card: bool,
            ev: list[Event]) -> None:
    t = w.cards
    paid_with = ""
    if with_card:
        pay = _owned(w, seat, "pay_purchase", True)
        _remove_owned(w, seat, pay)
        paid_with = t.ids[pay]
        price = 0
    else:
        w.coins = tset(w.coins, seat, w.coins[seat] - price)
    w.loading = tset(w.loading, seat, w.loading[seat] + (card,))
    ev.append(CardBought(seat, t.ids[card], space, slot, price, paid_with, w.coins[seat]))
    if paid_with:
        w.boxed = w.boxed + (t.index[paid_with],)
        ev.append(CardBoxed(paid_with, "paid_a_purchase", seat))
    e = t.eff[card]
    n = w.players
    if "gain_coins" in e:
        gain = e["gain_coins"]["coins"]
        w.coins = tset(w.coins, seat, w.coins[seat] + gain)
        ev.append(ImmediateEffect(seat, t.ids[card], "gain_coins", tuple(gain if p == seat else 0 for p in range(n)),
                                  0))
    if "coin_from_each" in e:
        each = e["coin_from_each"]["coins"]
        delta = [0] * n
        for p in range(n):
            if p != seat:
                take = min(each, w.coins[p])
                delta[p] -= take
                delta[seat] += take
        w.coins = tuple(c + d for c, d in zip(w.coins, delta, strict=True))
        ev.append(ImmediateEffect(seat, t.ids[card], "coin_from_each", tuple(delta), 0))
    if "brown_vikings" in e:
        got = min(e["brown_vikings"]["count"], w.brown_supply)
        w.brown_supply -= got
        w.brown = tset(w.brown, seat, w.brown[seat] + got)
        ev.append(ImmediateEffect(seat, t.ids[card], "brown_vikings", (0,) * n, got))


def _start_loading(w: _W, seat: int, ev: list[Event]) -> None:
    """A seat's loading step: income, cards to the display, then goods to assign (a decision if any choice)."""
    t = w.cards
    w.phase = LOADING
    w.turn = seat
    area = w.loading[seat]
    income = (2 if not area else 1) + (1 if w.jarl else 0)
    income += sum(t.income[c] for c in w.display[seat]) + sum(t.income[c] for c in area)
    w.coins = tset(w.coins, seat, w.coins[seat] + income)
    keep: list[int] = []
    moved: list[int] = []
    for c in area:
        e = t.eff[c]
        if "gain_coins" in e or "coin_from_each" in e:
            continue
        (keep if t.ship[c] else moved).append(c)
    w.display = tset(w.display, seat, w.display[seat] + tuple(moved))
    ev.append(IncomeTaken(seat, income, w.coins[seat], tuple(t.ids[c] for c in moved)))
    for c in area:
        e = t.eff[c]
        if "gain_coins" in e or "coin_from_each" in e:
            _box(w, c, "acted_on_purchase", seat, ev)
    w.loading = tset(w.loading, seat, tuple(keep))
    pool = Z8
    for c in keep:
        g = _pairs_get(w.cargo, c)
        if g is not None:
            pool = gsum(pool, g)
            w.cargo = _pairs_set(w.cargo, c, None)
    w.pool = pool
    if not _assign_actions(w, seat, True) and not _usable(w, seat):
        _finish_loading(w, seat, ev)


def _finish_loading(w: _W, seat: int, ev: list[Event]) -> None:
    t = w.cards
    if any(w.pool):
        w.supply = gsum(w.supply, w.pool)
        ev.append(GoodsDiscarded(seat, goods_list(w.pool)))
        w.pool = Z8
    ships = w.loading[seat]
    w.display = tset(w.display, seat, w.display[seat] + ships)
    w.loading = tset(w.loading, seat, ())
    ev.append(LoadingDone(seat, tuple(t.ids[c] for c in ships)))
    nxt = (seat + 1) % w.players
    if nxt != w.start:
        _start_loading(w, nxt, ev)
        return
    w.start = (w.start + 1) % w.players
    nxt = w.start
    w.round += 1
    w.turn = nxt
    ev.append(StartPlayerPassed(nxt, w.round))
    _offer(w, ev)


def _final_scoring(w: _W, ev: list[Event]) -> None:
    n = w.players
    breakdown = tuple(score_breakdown(w, p) for p in range(n))
    w.vp = tuple(v + sum(x for _, x in b) for v, b in zip(w.vp, breakdown, strict=True))
    w.final = breakdown
    ev.append(FinalScored(breakdown, w.vp))
    w.phase = OVER
    w.over = True
    w.turn = -1
    win = _winners(w.vp, w.coins)
    ev.append(GameOver(tuple(win), w.vp, w.coins))


def _winners(vp: tuple[int, ...], coins: tuple[int, ...]) -> list[int]:
    best = max(vp)
    tied = [p for p, v in enumerate(vp) if v == best]
    most = max(coins[p] for p in tied)
    return [p for p in tied if coins[p] == most]


def _consume(w: _W, seat: int, g: int) -> None:
    """Take one good `g` for an assignment: from the goods being assigned first, then from storage."""
    if w.pool[g]:
        w.pool = gadd(w.pool, g, -1)
    else:
        w.storage = tset(w.storage, seat, gadd(w.storage[seat], g, -1))


def _after_sub_picks(w: _W, seat: int) -> None:
    """Picked goods are assigned at once: into the loading step's goods when it is the seat's own loading
    step, otherwise in a short assignment of their own (craft spaces and storage only)."""
    card = w.sub[1]
    if w.phase == LOADING and w.turn == seat and not any(w.pile):
        w.sub = ()
        return
    if not any(w.pool):
        w.sub = ()
        return
    w.sub = (seat, card, SUB_ASSIGN, 0)


# ---- the game object ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JorvikView:
    """Everything public (all of Jórvík but the order of the deck and of the bag)."""

    data: dict[str, Any]
    summary_: Summary

    @property
    def summary(self) -> Summary:
        return self.summary_

    def to_json(self) -> dict[str, Any]:
        return json.loads(dumps(self.data))  # type: ignore[no-any-return]


class JorvikGame:
    """Jórvík's rules behind the shared engine contract (see engine.core.Game)."""

    info = INFO
    name = INFO.name
    title = INFO.title
    min_players = INFO.min_players
    max_players = INFO.max_players
    action_adapter = ACTION_ADAPTER
    event_adapter = EVENT_ADAPTER

    def __init__(self) -> None:
        self._last: tuple[JorvikState | None, list[ActionT]] = (None, [])

    @property
    def bots(self) -> Mapping[str, Bot]:
        from engine.jorvik.bots import BOTS

        return BOTS

    # ---- set-up ---------------------------------------------------------------------------------------

    def options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        opts: dict[str, Any] = {"mode": "karl", "cards": None}
        for key, value in (options or {}).items():
            if key not in opts:
                raise OptionsError(f"unknown option {shown(key)}; Jórvík knows cards, mode")
            opts[key] = value
        if opts["mode"] not in ("karl", "jarl"):
            raise OptionsError(f"mode must be karl or jarl, not {shown(opts['mode'])}")
        if opts["cards"] is not None:
            problems = check_card_data(opts["cards"])
            if problems:
                raise OptionsError("cards: " + "; ".join(problems[:5]))
        return opts

    def table(self, options: Mapping[str, Any] | None = None) -> CardTable:
        """The compiled card table an options mapping plays with."""
        cards = (options or {}).get("cards")
        return compile_cards(cards if cards is not None else default_cards())

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> JorvikState:
        opts = self.options(options)
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise OptionsError(f"Jórvík is for 2 to 5 players, not {shown(players)}")
        if type(seed) is not int:
            raise OptionsError(f"seed must be an integer, not {shown(seed)}")
        t = self.table(opts)
        jarl = opts["mode"] == "jarl"
        rng = random.Random(f"jorvik:{seed}")
        in_game = [c for c in range(t.n) if jarl or not t.jarl[c]]
        removed = tuple(c for c in in_game if players in t.remove[c])
        deck: list[int] = []
        for season in range(4):
            cards = [c for c in in_game if t.season[c] == season and c not in removed]
            rng.shuffle(cards)
            deck.extend(cards)
        deck.append(t.final)
        bag = [g for g in range(8) for _ in range(t.goods[g]) if jarl or g not in t.jarl_goods]
        rng.shuffle(bag)
        start = rng.randrange(players)
        n = players
        vik = 4 if jarl else 3
        w = _W.__new__(_W)
        for name, value in (
                ("players", n), ("jarl", jarl), ("cards", t), ("seed", seed), ("ply", 0), ("phase", DEMAND),
                ("round", 1), ("start", start), ("deck", tuple(deck)), ("bag", tuple(bag)), ("supply", Z8),
                ("spaces", (-1,) * 12), ("cargo", ()), ("rows", ((),) * 6), ("reserved", ()),
                ("vikings", (vik,) * n), ("brown", (0,) * n), ("brown_skip", 0), ("brown_supply", 2 if jarl else 0),
                ("coins", (5,) * n), ("vp", (10,) * n), ("loading", ((),) * n), ("display", ((),) * n),
                ("crafts", ()), ("storage", (Z8,) * n), ("boxed", removed), ("turn", start), ("cursor", 0),
                ("pool", Z8), ("pile", Z8), ("pending", ()), ("picts", ()), ("sub", ()), ("final", ()),
                ("over", False)):
            setattr(w, name, value)
        _offer(w, [])
        return _freeze(w)

    # ---- legality -------------------------------------------------------------------------------------

    def legal_actions(self, state: JorvikState) -> list[ActionT]:
        last, acts = self._last
        if last is state:
            return list(acts)
        acts = legal(state)
        self._last = (state, acts)
        return list(acts)

    def _legal(self, state: JorvikState) -> list[ActionT]:
        last, acts = self._last
        if last is state:
            return acts
        acts = legal(state)
        self._last = (state, acts)
        return acts

    def check(self, state: JorvikState, action: Any) -> Illegal | None:
        if state.over:
            return Illegal("game_over", {})
        if action in self._legal(state):
            return None
        return self._why(state, action)

    def _why(self, s: JorvikState, a: Any) -> Illegal:
        """The reason code for an action `legal` does not offer."""
        d = s.decision
        kind = getattr(a, "kind", None)
        allowed = sorted({self.to_notation(x).split()[0] for x in self._legal(s)})
        base = {"decision": d.kind, "allowed": allowed}
        t = s.cards
        seat = d.player if d.player is not None else 0
        if isinstance(a, Buy) and d.kind in ("jorvik_purchase", "jorvik_reserved_purchase"):
            if a.with_card:
                return Illegal("no_card_to_pay_with", {})
            return Illegal("cannot_afford", {"price": d.facts.get("price"), "coins": s.coins[seat]})
        if kind not in allowed:
            return Illegal("not_now", {**base, "action": str(kind)})
        if isinstance(a, Demand | Reserve):
            sp = a.space - 1
            if isinstance(a, Reserve) and not s.jarl:
                return Illegal("no_reservations_in_karl", {})
            if isinstance(a, Demand) and not 0 <= sp < 6 or isinstance(a, Reserve) and not 6 <= sp < 12:
                return Illegal("space_out_of_range", {"space": a.space})
            if s.spaces[sp] < 0:
                return Illegal("space_empty", {"space": a.space})
            if a.brown and not s.brown[seat]:
                return Illegal("no_brown_vikings", {})
            if not a.brown and not s.vikings[seat]:
                return Illegal("no_vikings_left", {})
            if isinstance(a, Demand) and len(s.rows[sp]) >= ROW_MAX:
                return Illegal("row_full", {"space": a.space, "vikings": ROW_MAX})
            return Illegal("brown_vikings_skipped", {})
        if isinstance(a, Buy):
            if a.with_card:
                return Illegal("no_card_to_pay_with", {})
            return Illegal("cannot_afford", {"price": d.facts.get("price"), "coins": s.coins[seat]})
        if isinstance(a, UseCard):
            c = t.index.get(a.card, -1)
            if c < 0:
                return Illegal("unknown_card", {"card": a.card})
            if c not in s.display[seat]:
                return Illegal("not_your_card", {"card": a.card})
            return Illegal("card_not_usable_now", {"card": a.card})
        good = getattr(a, "good", None)
        if good is not None and good not in GOOD_INDEX and not (isinstance(a, Take) and good == "coin"):
            return Illegal("unknown_good", {"good": str(good)})
        if isinstance(a, Craft | Pick):
            c = t.index.get(a.card, -1)
            if c < 0:
                return Illegal("unknown_card", {"card": a.card})
            if t.needs[c] is None:
                return Illegal("not_a_craft", {"card": a.card})
            if isinstance(a, Craft):
                if c not in s.display[seat]:
                    return Illegal("not_your_card", {"card": a.card})
                return Illegal("no_free_material_space", {"card": a.card, "good": a.good})
            return Illegal("no_such_good_on_card", {"card": a.card, "good": a.good})
        if isinstance(a, Sell):
            return Illegal("no_trader_or_good", {"good": a.good})
        if isinstance(a, Sacrifice):
            return Illegal("no_oracle_or_good", {"good": a.good})
        if isinstance(a, Store):
            return Illegal("storage_full_or_no_good", {"good": a.good,
                                                       "capacity": _storage_cap(s, seat)})
        if isinstance(a, Give):
            return Illegal("cannot_give", {"good": a.good})
        if isinstance(a, Take):
            return Illegal("cannot_take", {"good": a.good, "given": sum(s.pile)})
        if isinstance(a, Swap):
            return Illegal("no_such_swap", {"a": a.a, "b": a.b})
        return Illegal("not_allowed_now", base)

    # ---- effects --------------------------------------------------------------------------------------

    def apply(self, state: JorvikState, action: Any) -> tuple[JorvikState, list[Event]]:
        if state.over or action not in self._legal(state):
            raise IllegalAction(self.check(state, action) or Illegal("not_allowed_now", {}))
        w = _work(state)
        w.ply += 1
        ev: list[Event] = []
        t = w.cards
        if w.sub:
            self._apply_sub(w, action, ev)
        elif isinstance(action, UseCard):
            seat = state.decision.player
            assert seat is not None
            c = t.index[action.card]
            _remove_owned(w, seat, c)
            w.boxed = w.boxed + (c,)
            e = t.eff[c]
            what = (SUB_REASSIGN if "reassign_craft_goods" in e else SUB_STEAL if "steal_craft_good" in e
                    else SUB_TAKE)
            count = e[SUB_EFFECT[what]]["count"]
            ev.append(CardUsed(seat, action.card, SUB_EFFECT[what]))
            w.sub = (seat, c, what, count)
        elif w.phase == DEMAND:
            self._apply_demand(w, action, ev)
        elif w.phase == PURCHASE:
            self._apply_purchase(w, action, ev)
        elif w.phase == LOADING:
            self._apply_loading(w, action, ev)
        elif w.phase == SWAP:
            seat = w.pending[0]
            if isinstance(action, Swap):
                card = _owned(w, seat, "swap_vikings")
                _remove_owned(w, seat, card)
                w.boxed = w.boxed + (card,)
                self._swap(w, action.a, action.b)
                ev.append(VikingsSwapped(seat, t.ids[card], action.a, action.b))
            w.pending = w.pending[1:]
            while w.pending and (_owned(w, w.pending[0], "swap_vikings") < 0 or not _swap_pairs(w)):
                w.pending = w.pending[1:]
            if not w.pending:
                _start_purchase(w, -1, ev)
        elif w.phase == PICTS:
            seat, what = divmod(w.pending[0], 2)
            if isinstance(action, Double):
                card = _owned(w, seat, "double_win")
                _remove_owned(w, seat, card)
                w.boxed = w.boxed + (card,)
                ev.append(CardUsed(seat, t.ids[card], "double_win"))
                w.picts = tset(w.picts, 5, w.picts[5] | 1 << seat)
            elif isinstance(action, Pay):
                card = _owned(w, seat, "avoid_loss")
                cost = t.eff[card]["avoid_loss"]["coins"]
                w.coins = tset(w.coins, seat, w.coins[seat] - cost)
                ev.append(CardUsed(seat, t.ids[card], "avoid_loss"))
                w.picts = tset(w.picts, 6, w.picts[6] | 1 << seat)
            w.pending = w.pending[1:]
            if not w.pending:
                final = bool(w.picts[7])
                _settle_attack(w, ev)
                if final:
                    _final_scoring(w, ev)
                else:
                    _offer(w, ev, resume=True)
        return _freeze(w), ev

    def _swap(self, w: _W, a: str, b: str) -> None:
        def locate(label: str) -> tuple[int, int]:
            if label.startswith("R"):
                return -1, int(label[1:]) - 1
            sp, pos = label.split(".")
            return int(sp) - 1, int(pos) - 1

        def get(loc: tuple[int, int]) -> int:
            return w.reserved[loc[1]][1] if loc[0] < 0 else w.rows[loc[0]][loc[1]]

        def put(loc: tuple[int, int], fig: int) -> None:
            if loc[0] < 0:
                w.reserved = tset(w.reserved, loc[1], (w.reserved[loc[1]][0], fig))
            else:
                w.rows = tset(w.rows, loc[0], tset(w.rows[loc[0]], loc[1], fig))

        la, lb = locate(a), locate(b)
        fa, fb = get(la), get(lb)
        put(la, fb)
        put(lb, fa)

    def _apply_demand(self, w: _W, a: ActionT, ev: list[Event]) -> None:
        seat = w.turn
        t = w.cards
        if isinstance(a, Skip):
            w.brown_skip |= 1 << seat
            ev.append(BrownKept(seat))
            _next_placer(w, ev)
            return
        assert isinstance(a, Demand | Reserve)
        fig = seat + 8 if a.brown else seat
        if a.brown:
            w.brown = tset(w.brown, seat, w.brown[seat] - 1)
        else:
            w.vikings = tset(w.vikings, seat, w.vikings[seat] - 1)
        sp = a.space - 1
        if isinstance(a, Demand):
            w.rows = tset(w.rows, sp, w.rows[sp] + (fig,))
            ev.append(VikingPlaced(seat, a.space, len(w.rows[sp]), a.brown, len(w.rows[sp])))
        else:
            card = w.spaces[sp]
            w.spaces = tset(w.spaces, sp, -1)
            w.reserved = w.reserved + ((card, fig),)
            ev.append(CardReserved(seat, a.space, t.ids[card], len(w.reserved), a.brown))
        _next_placer(w, ev)

    def _apply_purchase(self, w: _W, a: ActionT, ev: list[Event]) -> None:
        t = w.cards
        if w.cursor < 6:
            sp = w.cursor
            row = w.rows[sp]
            card = w.spaces[sp]
            seat = row[0] & 7
            if isinstance(a, Buy):
                _bought(w, seat, card, sp + 1, 0, len(row), a.with_card, ev)
                for f in row:
                    _return_figure(w, f)
                w.rows = tset(w.rows, sp, ())
                w.spaces = tset(w.spaces, sp, -1)
                for p in {f & 7 for f in row if f >= 8}:
                    _check_brown_card(w, p, ev)
                _start_purchase(w, sp, ev)
                return
            _return_figure(w, row[0])
            rest = row[1:]
            w.rows = tset(w.rows, sp, rest)
            ev.append(VikingWithdrawn(seat, t.ids[card], sp + 1, 0, len(rest)))
            if row[0] >= 8:
                _check_brown_card(w, seat, ev)
            if not rest:
                w.spaces = tset(w.spaces, sp, -1)
                _box(w, card, "not_bought", -1, ev)
                _start_purchase(w, sp, ev)
            return
        card, fig = w.reserved[0]
        seat = fig & 7
        price = len(w.reserved)
        w.reserved = w.reserved[1:]
        _return_figure(w, fig)
        if isinstance(a, Buy):
            _bought(w, seat, card, 0, 1, price, a.with_card, ev)
        else:
            ev.append(VikingWithdrawn(seat, t.ids[card], 0, 1, 0))
            _box(w, card, "reservation_declined", seat, ev)
        if fig >= 8:
            _check_brown_card(w, seat, ev)
        _start_purchase(w, 6, ev)

    def _apply_loading(self, w: _W, a: ActionT, ev: list[Event]) -> None:
        seat = w.turn
        if isinstance(a, Done):
            _finish_loading(w, seat, ev)
            return
        if isinstance(a, Give):
            g = GOOD_INDEX[a.good]
            _consume(w, seat, g)
            w.pile = gadd(w.pile, g, 1)
            return
        if isinstance(a, Take):
            gave = goods_list(w.pile)
            w.supply = gsum(w.supply, w.pile)
            w.pile = Z8
            if a.good == "coin":
                w.coins = tset(w.coins, seat, w.coins[seat] + 1)
            else:
                g = GOOD_INDEX[a.good]
                w.supply = gadd(w.supply, g, -1)
                w.pool = gadd(w.pool, g, 1)
            ev.append(GoodsExchanged(seat, gave, a.good))
        else:
            self._assign_one(w, seat, a, ev)
        if not any(w.pile) and not _assign_actions(w, seat, True) and not _usable(w, seat):
            _finish_loading(w, seat, ev)

    def _assign_one(self, w: _W, seat: int, a: ActionT, ev: list[Event]) -> None:
        """Craft, sell, sacrifice or store one good."""
        t = w.cards
        assert isinstance(a, Craft | Sell | Sacrifice | Store)
        g = GOOD_INDEX[a.good]
        if isinstance(a, Craft):
            _consume(w, seat, g)
            c = t.index[a.card]
            w.crafts = _pairs_set(w.crafts, c, gadd(_filled(w, c), g, 1))
            ev.append(GoodsAssigned(seat, a.good, "craft", a.card, 0, 0))
        elif isinstance(a, Sell):
            _consume(w, seat, g)
            c = max((c for c in w.display[seat] if t.trade[c] is not None and t.trade[c][0] == g),  # type: ignore[index]
                    key=lambda c: t.trade[c][1])  # type: ignore[index]
            coins = t.trade[c][1]  # type: ignore[index]
            w.coins = tset(w.coins, seat, w.coins[seat] + coins)
            w.supply = gadd(w.supply, g, 1)
            ev.append(GoodsAssigned(seat, a.good, "sell", t.ids[c], coins, 0))
        elif isinstance(a, Sacrifice):
            _consume(w, seat, g)
            c = max((c for c in w.display[seat] if t.sacrifice[c] is not None and t.sacrifice[c][0] == g),  # type: ignore[index]
                    key=lambda c: t.sacrifice[c][1])  # type: ignore[index]
            vp = t.sacrifice[c][1]  # type: ignore[index]
            w.vp = tset(w.vp, seat, w.vp[seat] + vp)
            w.supply = gadd(w.supply, g, 1)
            ev.append(GoodsAssigned(seat, a.good, "sacrifice", t.ids[c], 0, vp))
        else:
            w.pool = gadd(w.pool, g, -1)
            w.storage = tset(w.storage, seat, gadd(w.storage[seat], g, 1))
            ev.append(GoodsAssigned(seat, a.good, "store", "", 0, 0))

    def _apply_sub(self, w: _W, a: ActionT, ev: list[Event]) -> None:
        seat, card, what, left = w.sub
        t = w.cards
        if what == SUB_ASSIGN:
            if isinstance(a, Done):
                if any(w.pool):
                    w.supply = gsum(w.supply, w.pool)
                    ev.append(GoodsDiscarded(seat, goods_list(w.pool)))
                    w.pool = Z8
                w.sub = ()
                return
            self._assign_one(w, seat, a, ev)
            if not any(w.pool) or not _assign_actions(w, seat, False):
                if any(w.pool):
                    w.supply = gsum(w.supply, w.pool)
                    ev.append(GoodsDiscarded(seat, goods_list(w.pool)))
                    w.pool = Z8
                w.sub = ()
            return
        if isinstance(a, Done):
            _after_sub_picks(w, seat)
            return
        if isinstance(a, Take):
            g = GOOD_INDEX[a.good]
            w.supply = gadd(w.supply, g, -1)
            w.pool = gadd(w.pool, g, 1)
            ev.append(GoodPicked(seat, a.good, "", -1))
            _after_sub_picks(w, seat)
            return
        assert isinstance(a, Pick)
        g = GOOD_INDEX[a.good]
        c = t.index[a.card]
        owner = next(p for p in range(w.players) if c in w.display[p])
        w.crafts = _pairs_set(w.crafts, c, gadd(_filled(w, c), g, -1))
        w.pool = gadd(w.pool, g, 1)
        ev.append(GoodPicked(seat, a.good, a.card, owner))
        left -= 1
        if what == SUB_REASSIGN and left > 0 and any(
                any(_filled(w, k)) for k in w.display[seat] if t.needs[k] is not None):
            w.sub = (seat, card, what, left)
            return
        _after_sub_picks(w, seat)

    # ---- notation -------------------------------------------------------------------------------------

    def to_notation(self, action: Any) -> str:
        if isinstance(action, Demand):
            return f"demand {action.space}" + (" brown" if action.brown else "")
        if isinstance(action, Reserve):
            return f"reserve {action.space}" + (" brown" if action.brown else "")
        if isinstance(action, Buy):
            return "buy with card" if action.with_card else "buy"
        if isinstance(action, Swap):
            return f"swap {action.a} {action.b}"
        if isinstance(action, UseCard):
            return f"use {action.card}"
        if isinstance(action, Craft | Pick):
            return f"{action.kind} {action.good} {action.card}"
        if isinstance(action, Sell | Sacrifice | Store | Give | Take):
            return f"{action.kind} {action.good}"
        if isinstance(action, Withdraw | Skip | Double | Pay | Done):
            return action.kind
        raise TypeError(f"not a Jórvík action: {action!r}")

    def parse_notation(self, text: str) -> ActionT:
        """The action written in `text`, without judging legality (NotationError on bad syntax)."""
        if not isinstance(text, str):
            raise NotationError("a move is a line of text")
        words = text.strip().lower().split()
        if not words:
            raise NotationError("empty move")
        head, rest = words[0], words[1:]
        simple: dict[str, ActionT] = {"withdraw": WITHDRAW, "skip": SKIP, "double": DOUBLE, "pay": PAY, "done": DONE}
        if head in simple and not rest:
            return simple[head]
        if head == "buy":
            if not rest:
                return BUY
            if rest == ["with", "card"]:
                return BUY_CARD
            raise NotationError("expected 'buy' or 'buy with card'")
        if head in ("demand", "reserve"):
            if len(rest) not in (1, 2) or not rest[0].isdigit() or (len(rest) == 2 and rest[1] != "brown"):
                raise NotationError(f"expected '{head} <space> [brown]'")
            sp = int(rest[0])
            brown = len(rest) == 2
            if head == "demand":
                if not 1 <= sp <= 6:
                    raise NotationError("demand rows are under spaces 1-6")
                return _DEMAND[(sp - 1, brown)]
            if not 7 <= sp <= 12:
                raise NotationError("only cards on spaces 7-12 can be reserved")
            return _RESERVE[(sp - 1, brown)]
        if head == "swap":
            if len(rest) != 2 or not all(_is_label(x) for x in rest):
                raise NotationError("expected 'swap <row>.<place> <row>.<place>' (or R<slot>)")
            a, b = sorted((rest[0].upper(), rest[1].upper()), key=_swap_order)  # "swap R1 1.1" = "swap 1.1 R1"
            return Swap(a, b)
        if head == "use":
            if len(rest) != 1:
                raise NotationError("expected 'use <card>'")
            return _use(rest[0].upper())
        if head in ("craft", "pick"):
            if len(rest) != 2 or rest[0] not in GOOD_INDEX:
                raise NotationError(f"expected '{head} <good> <card>' with a good of {', '.join(GOODS)}")
            g = GOOD_INDEX[rest[0]]
            return _craft(g, rest[1].upper()) if head == "craft" else _pick(g, rest[1].upper())
        if head in ("sell", "sacrifice", "store", "give", "take"):
            if len(rest) != 1 or not (rest[0] in GOOD_INDEX or head == "take" and rest[0] == "coin"):
                raise NotationError(f"expected '{head} <good>' with a good of {', '.join(GOODS)}")
            if rest[0] == "coin":
                return TAKE_COIN
            g = GOOD_INDEX[rest[0]]
            table: dict[str, tuple[ActionT, ...]] = {"sell": _SELL, "sacrifice": _SACRIFICE, "store": _STORE,
                                                     "give": _GIVE, "take": _TAKE}
            return table[head][g]
        raise NotationError(f"unknown move {shown(text.strip())}; see docs/notation-jorvik.md")

    def from_notation(self, state: JorvikState, text: str) -> ActionT:
        action = self.parse_notation(text)
        illegal = self.check(state, action)
        if illegal is not None:
            raise NotationError(f"illegal here: {illegal}", illegal)
        return action

    # ---- views and results ----------------------------------------------------------------------------

    def view(self, state: JorvikState, player: int | None) -> JorvikView:
        s = state
        t = s.cards
        d = s.decision
        spaces = []
        for sp in range(12):
            c = s.spaces[sp]
            if c < 0:
                continue
            entry: dict[str, Any] = {"space": sp + 1, "card": t.ids[c]}
            if sp < 6:
                entry["row"] = [_fig_text(f) for f in s.rows[sp]]
                entry["price"] = len(s.rows[sp])
            g = _pairs_get(s.cargo, c)
            if g is not None:
                entry["goods"] = list(goods_list(g))
            spaces.append(entry)
        reserved = []
        for i, (c, f) in enumerate(s.reserved):
            r: dict[str, Any] = {"slot": i + 1, "card": t.ids[c], "viking": _fig_text(f)}
            g = _pairs_get(s.cargo, c)
            if g is not None:
                r["goods"] = list(goods_list(g))
            reserved.append(r)
        seats = []
        for p in range(s.players):
            crafts = {t.ids[c]: list(goods_list(_filled(s, c))) for c in s.display[p] if t.needs[c] is not None}
            seat: dict[str, Any] = {
                "coins": s.coins[p], "vp": s.vp[p], "vikings": s.vikings[p], "brown": s.brown[p],
                "loading": [t.ids[c] for c in s.loading[p]], "display": [t.ids[c] for c in s.display[p]],
                "storage": list(goods_list(s.storage[p])), "storage_spaces": _storage_cap(s, p),
                "crafts": crafts, "defence": defence_of(s, p)}
            seats.append(seat)
        top = s.deck[0] if s.deck else -1
        data: dict[str, Any] = {
            "game": "jorvik", "mode": "jarl" if s.jarl else "karl", "players": s.players, "you": player,
            "phase": PHASE_NAMES[s.phase], "round": s.round, "start_player": s.start,
            "decision": {"player": d.player, "kind": d.kind},
            "deck_left": len(s.deck), "season": SEASONS[t.season[top]] if top >= 0 else "final",
            "bag_left": len(s.bag), "supply": goods_dict(s.supply), "spaces": spaces, "reserved": reserved,
            "player_areas": seats, "pool": goods_dict(s.pool), "pile": list(goods_list(s.pile)),
            "scores": list(s.vp), "is_over": s.over, "winners": self.winners(s), "ply": s.ply}
        if s.over:
            data["final_scoring"] = [dict(b) for b in s.final]
        public = (("round", str(s.round)), ("phase", PHASE_NAMES[s.phase]), ("deck_left", str(len(s.deck))),
                  ("coins", " ".join(map(str, s.coins))), ("vp", " ".join(map(str, s.vp))))
        summary = Summary(s.players, player, d, tuple(s.vp), s.over, tuple(self.winners(s)), public, (), s.ply)
        return JorvikView(data, summary)

    def holdings(self, state: JorvikState, player: int) -> frozenset[str]:
        """Nothing in Jórvík is hidden between players (only the deck and the bag are hidden from all)."""
        return frozenset()

    def reveals(self, event: Event) -> bool:
        """Drawing a card from the deck and goods from the bag reveal hidden things."""
        return isinstance(event, CardDrawn | ShipLoaded)

    def scores(self, state: JorvikState) -> list[int]:
        return list(state.vp)

    def winners(self, state: JorvikState) -> list[int]:
        """Most VP, then most coins; still tied: a shared win. [] before the end."""
        return _winners(state.vp, state.coins) if state.over else []

    def final_scoring(self, state: JorvikState) -> list[dict[str, int]]:
        """Per seat, the VP of each card type at the final scoring (once over) or if the game ended now."""
        if state.over:
            return [dict(b) for b in state.final]
        return [dict(score_breakdown(state, p)) for p in range(state.players)]

    def card_info(self, state: JorvikState, card: str) -> dict[str, Any]:
        """A card's data row (for questions about a card)."""
        return card_summary(state.cards, state.cards.index[card])

    # ---- serialisation ----------------------------------------------------------------------------------

    def state_to_dict(self, s: JorvikState) -> dict[str, Any]:
        t = s.cards
        ids = t.ids
        return {
            "players": s.players, "mode": "jarl" if s.jarl else "karl", "seed": s.seed, "ply": s.ply,
            "phase": PHASE_NAMES[s.phase], "round": s.round, "start": s.start,
            "deck": [ids[c] for c in s.deck], "bag": [GOODS[g] for g in s.bag], "supply": list(s.supply),
            "spaces": [ids[c] if c >= 0 else None for c in s.spaces],
            "cargo": [[ids[c], list(g)] for c, g in s.cargo], "rows": [list(r) for r in s.rows],
            "reserved": [[ids[c], f] for c, f in s.reserved], "vikings": list(s.vikings), "brown": list(s.brown),
            "brown_skip": s.brown_skip, "brown_supply": s.brown_supply, "coins": list(s.coins), "vp": list(s.vp),
            "loading": [[ids[c] for c in a] for a in s.loading], "display": [[ids[c] for c in a] for a in s.display],
            "crafts": [[ids[c], list(g)] for c, g in s.crafts], "storage": [list(g) for g in s.storage],
            "boxed": [ids[c] for c in s.boxed], "turn": s.turn, "cursor": s.cursor, "pool": list(s.pool),
            "pile": list(s.pile), "pending": list(s.pending), "picts": list(s.picts), "sub": list(s.sub),
            "final": [[[k, v] for k, v in b] for b in s.final], "over": s.over,
        }

    def state_to_json(self, state: JorvikState) -> str:
        return ('{"cards":' + state.cards.key + ',"game":"jorvik","state":' + dumps(self.state_to_dict(state))
                + ',"version":1}')

    def state_from_json(self, text: str) -> JorvikState:
        try:
            doc = json.loads(text)
        except (TypeError, ValueError, RecursionError) as exc:
            raise StateFormatError(f"not a JSON state: {type(exc).__name__}") from exc
        try:
            if not isinstance(doc, dict) or doc.get("game") != "jorvik" or doc.get("version") != 1:
                raise StateFormatError("not a Jórvík state of version 1")
            problems = check_card_data(doc["cards"])
            if problems:
                raise StateFormatError("bad cards in the state: " + "; ".join(problems[:3]))
            t = compile_cards(doc["cards"])
            d = doc["state"]
            ix = t.index

            def cards(xs: list[str]) -> tuple[int, ...]:
                return tuple(ix[x] for x in xs)

            def g8(xs: list[int]) -> tuple[int, ...]:
                if len(xs) != 8 or not all(type(x) is int and 0 <= x <= 99 for x in xs):
                    raise StateFormatError("a goods count is 8 integers")
                return tuple(xs)

            def ints(xs: list[int]) -> tuple[int, ...]:
                if not all(type(x) is int for x in xs):
                    raise StateFormatError("expected integers")
                return tuple(xs)

            n = d["players"]
            if type(n) is not int or not 2 <= n <= 5:
                raise StateFormatError("players must be 2 to 5")
            s = JorvikState(
                n, d["mode"] == "jarl", t, int(d["seed"]), int(d["ply"]), PHASE_CODES[d["phase"]], int(d["round"]),
                int(d["start"]), cards(d["deck"]), tuple(GOOD_INDEX[g] for g in d["bag"]), g8(d["supply"]),
                tuple(ix[c] if c is not None else -1 for c in d["spaces"]),
                tuple((ix[c], g8(g)) for c, g in d["cargo"]), tuple(ints(r) for r in d["rows"]),
                tuple((ix[c], int(f)) for c, f in d["reserved"]), ints(d["vikings"]), ints(d["brown"]),
                int(d["brown_skip"]), int(d["brown_supply"]), ints(d["coins"]), ints(d["vp"]),
                tuple(cards(a) for a in d["loading"]), tuple(cards(a) for a in d["display"]),
                tuple((ix[c], g8(g)) for c, g in d["crafts"]), tuple(g8(g) for g in d["storage"]),
                cards(d["boxed"]), int(d["turn"]), int(d["cursor"]), g8(d["pool"]), g8(d["pile"]),
                ints(d["pending"]), ints(d["picts"]), ints(d["sub"]),
                tuple(tuple((str(k), int(v)) for k, v in b) for b in d["final"]), bool(d["over"]))
            if len(s.spaces) != 12 or len(s.rows) != 6 or any(
                    len(x) != n for x in (s.vikings, s.brown, s.coins, s.vp, s.loading, s.display, s.storage)):
                raise StateFormatError("the state's sizes do not match its players")
            self._check_cards_conserved(s)
            return s
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError, RecursionError) as exc:
            raise StateFormatError(f"damaged Jórvík state: {type(exc).__name__}: {str(exc)[:200]}") from exc

    def _check_cards_conserved(self, s: JorvikState) -> None:
        where = card_places(s)
        if len(where) != len(set(where)):
            raise StateFormatError("a card is in two places")

    # ---- scenarios ------------------------------------------------------------------------------------

    def scenario(self, spec: Mapping[str, Any]) -> JorvikState:
        from engine.jorvik.scenario import build

        try:
            return build(self, spec)
        except ScenarioError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ScenarioError(f"bad scenario: {type(exc).__name__}: {str(exc)[:200]}") from exc

    # ---- boundary helpers -------------------------------------------------------------------------------

    def action_from_json(self, data: Any) -> ActionT:
        return self.action_adapter.validate_python(data)

    def action_to_json(self, action: ActionT) -> dict[str, Any]:
        data: dict[str, Any] = self.action_adapter.dump_python(action, mode="json")
        return data

    def event_to_json(self, event: Event) -> dict[str, Any]:
        data: dict[str, Any] = self.event_adapter.dump_python(event, mode="json")
        return data


def _swap_order(label: str) -> tuple[int, int]:
    """The order of a swap's two places in the legal moves: rows by row and place, reservations after them."""
    if label.startswith("R"):
        return 99, int(label[1:])
    row, place = label.split(".")
    return int(row), int(place)


def _is_label(x: str) -> bool:
    x = x.upper()
    if x.startswith("R"):
        return x[1:].isdigit()
    parts = x.split(".")
    return len(parts) == 2 and all(p.isdigit() for p in parts)


def _fig_text(f: int) -> str:
    return f"{f & 7}b" if f >= 8 else str(f)


def card_places(s: JorvikState) -> list[int]:
    """Every card of the game wherever it is (deck, spaces, reservations, loading areas, displays, box)."""
    out = list(s.deck) + [c for c in s.spaces if c >= 0] + [c for c, _ in s.reserved] + list(s.boxed)
    for a in s.loading:
        out.extend(a)
    for a in s.display:
        out.extend(a)
    return out


def goods_total(s: JorvikState) -> tuple[int, ...]:
    """Every good of the game wherever it is (bag, supply, ships, craft cards, storage, being assigned)."""
    total = list(s.supply)
    for g in s.bag:
        total[g] += 1
    for pairs in (s.cargo, s.crafts):
        for _, goods in pairs:
            for g in range(8):
                total[g] += goods[g]
    for goods in (*s.storage, s.pool, s.pile):
        for g in range(8):
            total[g] += goods[g]
    return tuple(total)


GAME = JorvikGame()

if TYPE_CHECKING:
    from engine.core import Game

    _CONTRACT: Game[JorvikState, ActionT, Event, JorvikView] = GAME
