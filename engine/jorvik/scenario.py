"""Build a Jórvík position from a JSON spec (tests, rulebook examples and "what if" questions).

Keys (all optional except players):
- players (2-5), mode ("karl"/"jarl"), seed, start (seat), round
- phase: "offer" (run the offer phase from here; the default), "demand", "purchase" or "loading" (the loading
  step of seat `turn` starts: income, cards to the display, its ships' goods to assign)
- deck: card ids, top first (the final attack is added at the bottom if missing); default: the seeded deck
  of that set-up without the cards placed elsewhere
- bag: goods in draw order; default: the seeded bag without the goods placed elsewhere
- supply: {good: count} (the general goods supply)
- spaces: {"<space 1-12>": card id}; cargo: {card id: [goods]} (goods on ships on spaces or in loading areas)
- rows: {"<space 1-6>": [figure, ...]} front first, a figure is a seat (0) or a brown Viking of a seat ("0b")
- reserved: [[card id, figure], ...] leftmost first
- seats: [{coins, vp, vikings (default: the set-up number less the seat's Vikings on the board), brown,
  loading: [ids], display: [ids], storage: {good: n},
  crafts: {card id: [goods]}}, ...] (missing keys: the set-up values)
- turn: the seat placing (demand) or loading; cursor: the space (1-6) offered first in the purchase phase, or "R"
Cards not named anywhere (and not in the deck) are out of the game (in the box).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.core import ScenarioError, shown
from engine.jorvik.actions import EventT
from engine.jorvik.cards import GOOD_INDEX
from engine.jorvik.game import (
    DEMAND,
    LOADING,
    PURCHASE,
    ROW_MAX,
    Z8,
    JorvikState,
    _can_place,
    _freeze,
    _next_placer,
    _offer,
    _pairs_set,
    _start_loading,
    _start_purchase,
    _work,
    gadd,
)

if TYPE_CHECKING:
    from engine.jorvik.game import JorvikGame

KEYS = {"players", "mode", "seed", "start", "round", "phase", "deck", "bag", "supply", "spaces", "cargo", "rows",
        "reserved", "seats", "turn", "cursor", "cards"}
SEAT_KEYS = {"coins", "vp", "vikings", "brown", "loading", "display", "storage", "crafts"}


def build(game: JorvikGame, spec: Mapping[str, Any]) -> JorvikState:
    return build_with_events(game, spec)[0]


def build_with_events(game: JorvikGame, spec: Mapping[str, Any]) -> tuple[JorvikState, list[EventT]]:
    if not isinstance(spec, Mapping):
        raise ScenarioError("a scenario is a JSON object")
    unknown = set(spec) - KEYS
    if unknown:
        raise ScenarioError(f"unknown scenario keys: {sorted(unknown)}")
    players = spec.get("players")
    if type(players) is not int or not 2 <= players <= 5:
        raise ScenarioError(f"players must be 2 to 5, not {shown(players)}")
    opts = {"mode": spec.get("mode", "karl")}
    if spec.get("cards") is not None:
        opts["cards"] = spec["cards"]
    seed = spec.get("seed", 0)
    base = game.new_game(players, seed if type(seed) is int else 0, opts)
    t = base.cards
    w = _work(base)
    n = players
    used: list[int] = []
    goods_used = list(Z8)

    def card(cid: Any) -> int:
        c = t.index.get(cid if isinstance(cid, str) else "", -1)
        if c < 0:
            raise ScenarioError(f"{shown(cid)} is not a card id")
        if t.jarl[c] and not w.jarl:
            raise ScenarioError(f"card {cid} is used only in the Jarl game")
        if c in used:
            raise ScenarioError(f"card {cid} appears twice")
        used.append(c)
        return c

    def goods(xs: Any, where: str) -> tuple[int, ...]:
        out = Z8
        items = xs.items() if isinstance(xs, Mapping) else ((g, 1) for g in xs)
        for g, k in items:
            if g not in GOOD_INDEX or type(k) is not int or k < 0:
                raise ScenarioError(f"{where}: {shown(g)} is not a good (with a count)")
            out = gadd(out, GOOD_INDEX[g], k)
            goods_used[GOOD_INDEX[g]] += k
        return out

    def figure(x: Any) -> int:
        if type(x) is int and 0 <= x < n:
            return x
        if isinstance(x, str) and x.endswith("b") and x[:-1].isdigit() and int(x[:-1]) < n:
            return int(x[:-1]) + 8
        raise ScenarioError(f"{shown(x)} is not a Viking (a seat, or a seat and b for a brown one)")

    start = spec.get("start", 0)
    if type(start) is not int or not 0 <= start < n:
        raise ScenarioError("start must be a seat")
    w.start = start
    w.turn = spec.get("turn", start)
    if type(w.turn) is not int or not 0 <= w.turn < n:
        raise ScenarioError("turn must be a seat")
    w.round = int(spec.get("round", 1))
    w.spaces = (-1,) * 12
    for key, cid in (spec.get("spaces") or {}).items():
        sp = int(key) - 1
        if not 0 <= sp < (12 if w.jarl else 6):
            raise ScenarioError(f"space {key} is not a card space of this game")
        w.spaces = w.spaces[:sp] + (card(cid),) + w.spaces[sp + 1:]
    rows: list[tuple[int, ...]] = [()] * 6
    for key, figs in (spec.get("rows") or {}).items():
        sp = int(key) - 1
        if not 0 <= sp < 6 or w.spaces[sp] < 0:
            raise ScenarioError(f"a demand row needs a card on its space (space {key})")
        if len(figs) > ROW_MAX:
            raise ScenarioError("a demand row holds at most 8 Vikings")
        rows[sp] = tuple(figure(f) for f in figs)
    w.rows = tuple(rows)
    w.reserved = tuple((card(c), figure(f)) for c, f in (spec.get("reserved") or []))
    seats = spec.get("seats") or [{} for _ in range(n)]
    if len(seats) != n:
        raise ScenarioError(f"seats must list {n} seats")
    coins, vp, vik, brown, loading, display, storage = [], [], [], [], [], [], []
    crafts: tuple[tuple[int, tuple[int, ...]], ...] = ()
    for i, seat in enumerate(seats):
        bad = set(seat) - SEAT_KEYS
        if bad:
            raise ScenarioError(f"seat {i}: unknown keys {sorted(bad)}")
        coins.append(int(seat.get("coins", 5)))
        vp.append(int(seat.get("vp", 10)))
        on_board = sum(r.count(i) for r in rows) + sum(1 for _, f in w.reserved if f == i)
        vik.append(int(seat.get("vikings", base.vikings[i] - on_board)))
        brown.append(int(seat.get("brown", 0)))
        loading.append(tuple(card(c) for c in seat.get("loading", [])))
        display.append(tuple(card(c) for c in seat.get("display", [])))
        storage.append(goods(seat.get("storage", {}), f"seat {i} storage"))
        for cid, gs in (seat.get("crafts") or {}).items():
            c = t.index.get(cid, -1)
            if c not in display[-1] or t.needs[c] is None:
                raise ScenarioError(f"seat {i}: {shown(cid)} is not a craft card in its display")
            filled = goods(gs, f"craft {cid}")
            if any(f > k for f, k in zip(filled, t.needs[c], strict=True)):  # type: ignore[arg-type]
                raise ScenarioError(f"craft {cid} has no room for those goods")
            crafts = _pairs_set(crafts, c, filled)
    if any(c < 0 or v < -99 for c, v in zip(coins, vp, strict=True)):
        raise ScenarioError("coins cannot be negative")
    w.coins, w.vp, w.vikings, w.brown = tuple(coins), tuple(vp), tuple(vik), tuple(brown)
    w.loading, w.display, w.storage, w.crafts = tuple(loading), tuple(display), tuple(storage), crafts
    cargo: tuple[tuple[int, tuple[int, ...]], ...] = ()
    for cid, gs in (spec.get("cargo") or {}).items():
        c = t.index.get(cid, -1)
        if c not in used or not t.ship[c]:
            raise ScenarioError(f"cargo: {shown(cid)} is not a ship in play")
        cargo = _pairs_set(cargo, c, goods(gs, f"cargo of {cid}"))
    w.cargo = cargo
    w.supply = goods(spec.get("supply", {}), "supply")
    if "deck" in spec:
        deck = [card(c) for c in spec["deck"]]
        if t.final not in deck:
            deck.append(card(t.ids[t.final]))
        if deck[-1] != t.final:
            raise ScenarioError("the final attack must be the last card of the deck")
    else:
        deck = [c for c in base.deck if c not in used]
        used.extend(deck)
    w.deck = tuple(deck)
    if "bag" in spec:
        w.bag = tuple(GOOD_INDEX[g] for g in spec["bag"])
    else:
        bag = list(base.bag)
        for g in range(8):
            for _ in range(goods_used[g]):
                if g in bag:
                    bag.remove(g)
        w.bag = tuple(bag)
    in_game = [c for c in range(t.n) if w.jarl or not t.jarl[c]]
    w.boxed = tuple(c for c in in_game if c not in used)
    w.brown_supply = max(0, (2 if w.jarl else 0) - sum(brown) - sum(
        1 for r in rows for f in r if f >= 8) - sum(1 for _, f in w.reserved if f >= 8))
    ev: list[EventT] = []
    phase = spec.get("phase", "offer")
    if phase == "offer":
        _offer(w, ev)
    elif phase == "demand":
        w.phase = DEMAND
        if not _can_place(w, w.turn):
            _next_placer(w, ev)
    elif phase == "purchase":
        w.phase = PURCHASE
        cur = spec.get("cursor")
        _start_purchase(w, (6 if cur == "R" else int(cur) - 1) - 1 if cur is not None else -1, ev)
    elif phase == "loading":
        w.phase = LOADING
        _start_loading(w, w.turn, ev)
    else:
        raise ScenarioError("phase must be offer, demand, purchase or loading")
    return _freeze(w), ev
