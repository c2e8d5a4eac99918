"""In the Name of Odin bots. A bot is a function (state, rng) -> action that only chooses among `legal_actions`.

- `random`: any legal action, uniformly.
- `baseline`: the simple rule "raid when able, otherwise get what a raid needs in a fixed order": recruit the
  cheapest Hero, buy or bring home a longship, gather (as many cards as it can) the Viking type the first raid
  in the sea lacks most (any one card when its hand is full); matches as much as it can; passes in other
  players' raids.
- `heuristic`: raids sensibly. It picks a target raid (fame for the Vikings still missing, within its ships'
  range), gathers exactly the Viking types that raid lacks, recruits a cheap Hero with a useful Raid Ability,
  keeps a face-up longship with enough range (buying, returning, repairing), builds when it can, adds its least
  useful card to other players' raids (it takes a better one from the offer in step H), and spends cards it
  needs least.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.name_of_odin.actions import (
    AddCard,
    Build,
    BuyShip,
    EndTurn,
    Exchange,
    ExchangeDone,
    Gather,
    Raid,
    Recruit,
    Release,
    Repair,
    ReturnShip,
    TakeCard,
    TakeViking,
    Token,
)
from engine.name_of_odin.cards import TYPE_INDEX
from engine.name_of_odin.game import (
    ACTION,
    ADD,
    EXCHANGE,
    GAME,
    MATCH,
    RELEASE,
    TAKE,
    TAKECARD,
    NooState,
    _profile,
    _raid_terms,
    _ship_range,
)

Bot = Callable[[NooState, random.Random], Any]


def random_bot(state: NooState, rng: random.Random) -> Any:
    actions = GAME.legal_actions(state)
    return actions[rng.randrange(len(actions))]


# ---- baseline -------------------------------------------------------------------------------------------------


def baseline_bot(state: NooState, rng: random.Random) -> Any:
    actions = GAME.legal_actions(state)
    if state.phase == MATCH:
        return max(actions, key=lambda a: len(a.cards))
    if state.phase == TAKE:
        return next((a for a in actions if isinstance(a, TakeViking)), actions[0])
    if state.phase != ACTION:
        return actions[0]
    p = state.active
    for kind in (Raid, Recruit, BuyShip, ReturnShip):
        found = [a for a in actions if isinstance(a, kind)]
        if kind is Recruit and state.heroes[p] >= 0 or kind is BuyShip and state.ships[p]:
            continue
        if found:
            return min(found, key=lambda a: len(getattr(a, "cards", ())))
    # gather, with as many cards as it can, the Viking type the first raid in the sea lacks most
    cs = state.cs
    first = next(r for r in state.sea if r >= 0)
    have = state.vikings[p]
    short = [cs.raids[first].need[v] + 1 - have[v] for v in range(3)]
    v = max(range(3), key=lambda v: short[v])
    gathers = [a for a in actions if isinstance(a, Gather) and TYPE_INDEX[a.cards[0]] // 3 == v]
    if short[v] > 0 and gathers:
        return max(gathers, key=lambda a: len(a.cards))
    if state.hands[p].bit_count() >= 6:  # a full hand would never change: spend a card
        return next((a for a in actions if isinstance(a, Gather)), actions[0])
    return actions[0]  # end the turn


# ---- heuristic ------------------------------------------------------------------------------------------------


def _target(s: NooState, p: int) -> tuple[int, tuple[int, int, int], int]:
    """(sea space of the raid to aim for or -1, the Vikings it would cost, range it needs)."""
    cs = s.cs
    prof = _profile(cs, s.blds[p])
    best_range = max([_ship_range(cs, x, prof) for x in s.ships[p]] or [2])
    have = s.vikings[p]
    best = (-99.0, -1, (0, 0, 0), 0)
    for space, r in enumerate(s.sea):
        if r < 0:
            continue
        need_range = cs.space_range[space]
        if need_range > best_range + 1:
            continue
        raid = cs.raids[r]
        need = list(raid.need)
        tok = s.ztokens[cs.space_zone[space]]
        if tok >= 0:
            need[tok] += 1
        if s.heroes[p] >= 0 and s.ships[p]:
            _, _, pay, _ = _raid_terms(s, p, space, 0)
        else:
            pay = (need[0], need[1], need[2])
        missing = sum(max(0, pay[v] - have[v]) for v in range(3))
        value = raid.fame + cs.zone_fame[cs.space_zone[space]] - 0.6 * missing - 0.2 * sum(pay)
        value -= 1.5 * max(0, need_range - best_range)
        if value > best[0]:
            best = (value, space, pay, need_range)
    return best[1], best[2], best[3]


def _card_values(s: NooState, p: int, pay: tuple[int, int, int]) -> list[float]:
    """How much the bot wants to keep a card of each of the 9 types."""
    cs = s.cs
    have = s.vikings[p]
    sym = [0.6, 0.5, 0.6]
    if s.heroes[p] < 0:
        sym[0] += 1.2
    if not any(not x[2] for x in s.ships[p]):
        sym[2] += 1.2
    prof = _profile(cs, s.blds[p])
    if s.ctok[p] or prof.nbuild + s.ctok[p] < 5:
        sym[1] += 0.3
    vik = [0.2 + 0.8 * max(0, pay[v] - have[v]) for v in range(3)]
    return [vik[t // 3] + sym[t % 3] for t in range(9)]


def _cost(values: list[float], cards: tuple[str, ...]) -> float:
    return sum(values[TYPE_INDEX[t]] for t in cards)


def heuristic_bot(state: NooState, rng: random.Random) -> Any:
    s = state
    actions = GAME.legal_actions(s)
    if len(actions) == 1:
        return actions[0]
    me = s.to_move
    space, pay, need_range = _target(s, me)
    values = _card_values(s, me, pay)
    ph = s.phase
    if ph == MATCH:
        return max(actions, key=lambda a: (len(a.cards), -_cost(values, a.cards)))
    if ph == ADD:
        adds = [a for a in actions if isinstance(a, AddCard)]
        return min(adds, key=lambda a: values[TYPE_INDEX[a.card]]) if adds else actions[0]
    if ph == TAKECARD:
        return max(actions, key=lambda a: values[TYPE_INDEX[a.card]] if isinstance(a, TakeCard) else -1)
    if ph == RELEASE:
        have = s.vikings[me]
        spare = [have[v] - pay[v] for v in range(3)]

        def keep(a: Release) -> float:
            left = list(spare)
            for x in a.vikings:
                left["WTS".index(x)] -= 1
            return sum(min(0, x) for x in left) * 10 + min(left)

        return max((a for a in actions if isinstance(a, Release)), key=keep)
    if ph == TAKE:
        return next((a for a in actions if isinstance(a, TakeViking)), actions[0])
    if ph == EXCHANGE:
        return _exchange_choice(s, me, actions, values) or next(a for a in actions if isinstance(a, ExchangeDone))
    assert ph == ACTION
    return _main(s, me, actions, values, space, pay, need_range)


def _exchange_choice(s: NooState, me: int, actions: list[Any], values: list[float]) -> Any:
    best, gain = None, 0.6
    for a in actions:
        if isinstance(a, Exchange):
            g = values[TYPE_INDEX[a.take]] - values[TYPE_INDEX[a.give]]
            if g > gain:
                best, gain = a, g
    return best


def _main(s: NooState, me: int, actions: list[Any], values: list[float], space: int, pay: tuple[int, int, int],
          need_range: int) -> Any:
    cs = s.cs
    by: dict[type, list[Any]] = {}
    for a in actions:
        by.setdefault(type(a), []).append(a)

    def cheapest(kind: type, ship: str | None = None) -> Any:
        found = [a for a in by.get(kind, ()) if ship is None or a.ship == ship]
        if not found:
            return None
        return min(found, key=lambda a: _cost(values, a.cards))

    raids = by.get(Raid, [])
    if raids:
        def worth(a: Raid) -> float:
            r = cs.raid_index[a.raid]
            sp = s.sea.index(r)
            return float(cs.raids[r].fame + cs.zone_fame[cs.space_zone[sp]] + (2 if sp == space else 0))

        return max(raids, key=worth)
    ex = _exchange_choice(s, me, by.get(Exchange, []), values)
    if ex is not None:
        return ex
    ships = s.ships[me]
    prof = _profile(cs, s.blds[me])
    ready = [x for x in ships if not x[2]]
    if not any(_ship_range(cs, x, prof) >= need_range for x in ready):
        # bring a ship home or repair one that can reach, else buy a better one
        for x in sorted(ships, key=lambda x: -_ship_range(cs, x, prof)):
            code = cs.ships[x[0]].code
            if x[2] and _ship_range(cs, x, prof) >= need_range:
                a = cheapest(ReturnShip, code)
                if a:
                    return a
            if x[1] and _ship_range(cs, x, prof) + 1 >= need_range:
                a = cheapest(Repair, code)
                if a:
                    return a
        buys = by.get(BuyShip, [])
        if buys:
            return max(buys, key=lambda a: (cs.ships[cs.ship_index[a.ship]].range,
                                            cs.ships[cs.ship_index[a.ship]].fame, -_cost(values, a.cards)))
        for x in ships:
            if x[2]:
                a = cheapest(ReturnShip, cs.ships[x[0]].code)
                if a:
                    return a
    if s.heroes[me] < 0:
        recruits = by.get(Recruit, [])
        if recruits:
            def hero_value(a: Recruit) -> float:
                h = cs.heroes[cs.hero_index[a.hero]]
                useful = 1.0 if h.raid else 0.0
                useful += 0.7 if pay[h.viking] else 0.0
                return useful - 0.9 * len(a.cards) - 0.3 * _cost(values, a.cards)

            return max(recruits, key=hero_value)
    have = s.vikings[me]
    short = [max(0, pay[v] - have[v]) for v in range(3)]
    if any(short):
        v = max(range(3), key=lambda v: short[v])
        gathers = [a for a in by.get(Gather, []) if TYPE_INDEX[a.cards[0]] // 3 == v]
        if gathers:
            enough = [a for a in gathers if (0, 1, 3, 6)[len(a.cards)] >= short[v]]
            pool = enough if enough else gathers
            n = min(len(a.cards) for a in pool) if enough else max(len(a.cards) for a in pool)
            return min((a for a in pool if len(a.cards) == n), key=lambda a: _cost(values, a.cards))
    build = by.get(Build, [])
    if build:
        return max(build, key=lambda a: (cs.buildings[cs.building_index[a.building]].fame, -_cost(values, a.cards)))
    token = cheapest(Token)
    if token is not None and len(token.cards) <= 3 and prof.nbuild + s.ctok[me] < 3:
        return token
    # Nothing useful: never sit on a full hand (it would never change); cycle the least wanted card.
    if s.hands[me].bit_count() >= prof.draw_to:
        swaps = by.get(Exchange, [])
        if swaps:
            return max(swaps, key=lambda a: values[TYPE_INDEX[a.take]] - values[TYPE_INDEX[a.give]])
        gathers = [a for a in by.get(Gather, []) if len(a.cards) == 1]
        if gathers:
            return min(gathers, key=lambda a: _cost(values, a.cards))
    return next(a for a in actions if isinstance(a, EndTurn))


BOTS: dict[str, Bot] = {"heuristic": heuristic_bot, "random": random_bot, "baseline": baseline_bot}


def play_out(state: NooState, seats: list[Bot], rng: random.Random, cap: int = 50_000) -> NooState:
    """Let the bots in `seats` play `state` to the end (cap: a safety limit on decisions)."""
    n = 0
    while not state.is_over and n < cap:
        state, _ = GAME.apply(state, seats[state.to_move](state, rng))
        n += 1
    return state


def match(bots: list[str], games: int, seed: int = 0) -> list[float]:
    """Win shares of each bot over `games` seeded games; seats rotate every game, a shared win splits."""
    n = len(bots)
    wins = [0.0] * n
    rng = random.Random(seed)
    for g in range(games):
        order = [(i + g) % n for i in range(n)]  # seat -> bot index
        state = play_out(GAME.new_game(n, seed=seed * 1_000_003 + g), [BOTS[bots[b]] for b in order], rng)
        winners = GAME.winners(state)
        for seat in winners:
            wins[order[seat]] += 1 / len(winners)
    return [w / games for w in wins]
