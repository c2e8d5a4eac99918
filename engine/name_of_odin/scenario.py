"""Positions from a JSON spec (`GAME.scenario(spec)`), for tests and "what if" questions.

Every key but `players` is optional; what is not named lies in the decks (shuffled with `seed`). The position
starts at the Action Phase of seat `active`.

    players        2-5
    edition        "en" | "de" | "fr"
    cards          a card set (see load_cards); default the reconstructed set
    seed           int (shuffles the unnamed cards)
    active         the seat whose turn it is (default 0)
    hands          one list per seat of card types ("WR") or codes ("WR3")
    vikings        one entry per seat: [W, T, S] counts or a string of letters ("WWTS")
    mead_hall      [W, T, S] left in the Mead Hall (default: the rest of each type's 30)
    fame           one int per seat
    heroes         one hero code or null per seat
    buildings      one list of building codes per seat
    tokens         Construction Tokens per seat
    longships      one list per seat of ship codes or {"ship", "damage", "away"} objects
    raids_done     one list of completed raid codes per seat
    sea            raid codes (or null) per sea space, upper zone first (default: dealt from the raid deck)
    raid_deck      list of raid codes (top last) or a count (default: the player count's deck less the sea)
    zone_tokens    one letter (or null) per zone, e.g. [null, "W", "T"]; spare: the letters left over
    offer, hero_offer, building_offer, longship_offer   the offers (codes; for the Action Card offer types too)
    deck_top       Action Cards (types or codes) on top of the deck, the last one on top
    exchange_used  bool; symbols_used / abilities_used: lists of building codes already used this turn
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core import ScenarioError, shown
from engine.name_of_odin.cards import TYPE_INDEX, VIKINGS, CardsError, card_set, default_set
from engine.name_of_odin.game import ACTION, EDITIONS, NooState

KEYS = {"players", "edition", "cards", "seed", "active", "hands", "vikings", "mead_hall", "fame", "heroes",
        "buildings", "tokens", "longships", "raids_done", "sea", "raid_deck", "zone_tokens", "spare", "offer",
        "hero_offer", "building_offer", "longship_offer", "deck_top", "exchange_used", "symbols_used", "abilities_used"}


def build(spec: Mapping[str, Any]) -> NooState:
    if not isinstance(spec, Mapping):
        raise ScenarioError("a scenario is a JSON object")
    unknown = set(spec) - KEYS
    if unknown:
        raise ScenarioError(f"unknown scenario keys: {sorted(unknown)}")
    players = spec.get("players")
    if type(players) is not int or not 2 <= players <= 5:
        raise ScenarioError(f"players must be 2 to 5, not {shown(players)}")
    edition = spec.get("edition", "en")
    if edition not in EDITIONS:
        raise ScenarioError("edition must be en, de or fr")
    try:
        cs = default_set() if spec.get("cards") is None else card_set(spec["cards"])
    except (CardsError, TypeError, ValueError) as exc:
        raise ScenarioError(f"the card set cannot be played: {str(exc)[:300]}") from None
    seed = spec.get("seed", 0)
    if type(seed) is not int:
        raise ScenarioError("seed must be an integer")
    rng = random.Random(f"name-of-odin:scenario:{seed}")
    active = spec.get("active", 0)
    if type(active) is not int or not 0 <= active < players:
        raise ScenarioError(f"active must be a seat from 0 to {players - 1}")

    def per(key: str, default: Any) -> list[Any]:
        v = spec.get(key)
        if v is None:
            return [default() for _ in range(players)]
        if not isinstance(v, list) or len(v) != players:
            raise ScenarioError(f"{key} must list one entry per player ({players})")
        return v

    # action cards
    free = set(range(cs.n_actions))

    def take_card(word: Any, where: str) -> int:
        if not isinstance(word, str):
            raise ScenarioError(f"{where}: {shown(word, 20)} is not a card")
        w = word.strip().upper()
        if w in cs.act_index:
            c = cs.act_index[w]
            if c not in free:
                raise ScenarioError(f"{where}: card {w} is named twice")
            free.discard(c)
            return c
        if w in TYPE_INDEX:
            t = TYPE_INDEX[w]
            c = next((i for i in sorted(free) if cs.act_type[i] == t), -1)
            if c < 0:
                raise ScenarioError(f"{where}: no {w} card is left")
            free.discard(c)
            return c
        raise ScenarioError(f"{where}: {shown(word, 20)} is not a card type (WR) or code (WR3)")

    hands = []
    for p, h in enumerate(per("hands", list)):
        if not isinstance(h, list):
            raise ScenarioError("each hand is a list of cards")
        m = 0
        for w in h:
            m |= 1 << take_card(w, f"hand {p}")
        hands.append(m)
    offer_spec = spec.get("offer")
    offer: list[int] = [take_card(w, "offer") for w in offer_spec] if isinstance(offer_spec, list) else []
    if offer_spec is not None and not isinstance(offer_spec, list):
        raise ScenarioError("offer must be a list of cards")
    top_spec = spec.get("deck_top", [])
    if not isinstance(top_spec, list):
        raise ScenarioError("deck_top must be a list of cards")
    top = [take_card(w, "deck_top") for w in top_spec]
    deck = sorted(free)
    rng.shuffle(deck)
    if offer_spec is None:
        offer = [deck.pop() for _ in range(min(cs.action_offer, len(deck)))]
    deck.extend(top)

    def codes(table: Mapping[str, int], value: Any, what: str, used: set[int]) -> list[int]:
        if not isinstance(value, list):
            raise ScenarioError(f"{what}s must be listed")
        out = []
        for c in value:
            if c is None:
                out.append(-1)
                continue
            if not isinstance(c, str) or c.lower() not in table:
                raise ScenarioError(f"{shown(c, 24)} is not a {what} of the card set")
            i = table[c.lower()]
            if i in used:
                raise ScenarioError(f"{what} {c} is named twice")
            used.add(i)
            out.append(i)
        return out

    # vikings
    vik: list[tuple[int, int, int]] = []
    for v in per("vikings", lambda: [0, 0, 0]):
        if isinstance(v, str) and set(v.upper()) <= set(VIKINGS):
            vik.append((v.upper().count('W'), v.upper().count('T'), v.upper().count('S')))
        elif isinstance(v, list) and len(v) == 3 and all(type(x) is int and 0 <= x <= 99 for x in v):
            vik.append((v[0], v[1], v[2]))
        else:
            raise ScenarioError("vikings: give [W, T, S] counts or a string of W/T/S letters per player")
    hall_spec = spec.get("mead_hall")
    if hall_spec is None:
        hall = tuple(cs.per_type - sum(v[i] for v in vik) for i in range(3))
    elif isinstance(hall_spec, list) and len(hall_spec) == 3 and all(type(x) is int and x >= 0 for x in hall_spec):
        hall = (hall_spec[0], hall_spec[1], hall_spec[2])
    else:
        raise ScenarioError("mead_hall must be [W, T, S] counts")
    if min(hall) < 0:
        raise ScenarioError(f"more than {cs.per_type} Vikings of a type are named")
    fame = per("fame", int)
    if not all(type(f) is int and f >= 0 for f in fame):
        raise ScenarioError("fame must be non-negative integers")
    used_h: set[int] = set()
    heroes = codes(cs.hero_index, per("heroes", lambda: None), "hero", used_h)
    used_b: set[int] = set()
    blds = []
    for p, bl in enumerate(per("buildings", list)):
        idx = codes(cs.building_index, bl, "building", used_b)
        types = [cs.buildings[i].type for i in idx]
        if len(set(types)) != len(types):
            raise ScenarioError(f"seat {p} has two buildings of one type")
        blds.append(sum(1 << i for i in idx))
    ctok = per("tokens", int)
    if not all(type(t) is int and 0 <= t <= 5 for t in ctok):
        raise ScenarioError("tokens must be 0 to 5 per player")
    used_s: set[int] = set()
    ships = []
    for sh in per("longships", list):
        if not isinstance(sh, list):
            raise ScenarioError("longships: one list per player")
        row = []
        for x in sh:
            if isinstance(x, str):
                x = {"ship": x}
            if not isinstance(x, dict) or set(x) - {"ship", "damage", "away"}:
                raise ScenarioError("a longship is a code or {ship, damage, away}")
            (i,) = codes(cs.ship_index, [x.get("ship")], "longship", used_s)
            dmg, away = x.get("damage", 0), x.get("away", False)
            if type(dmg) is not int or not 0 <= dmg < cs.ships[i].range + 3 or type(away) is not bool:
                raise ScenarioError("damage must be a small non-negative integer and away true/false")
            row.append((i, dmg, away))
        ships.append(tuple(row))
    used_r: set[int] = set()
    done = [tuple(codes(cs.raid_index, r, "raid", used_r)) for r in per("raids_done", list)]
    n_spaces = len(cs.space_zone)
    rest = [r for r in range(len(cs.raids)) if r not in used_r]
    sea_spec = spec.get("sea")
    if sea_spec is not None:
        sea = codes(cs.raid_index, sea_spec, "raid", used_r)
        if len(sea) != n_spaces:
            raise ScenarioError(f"sea must list {n_spaces} spaces (null for an empty one)")
        rest = [r for r in rest if r not in used_r]
    rng.shuffle(rest)
    if sea_spec is None:
        sea = [rest.pop() if rest else -1 for _ in range(n_spaces)]
    rd = spec.get("raid_deck")
    if isinstance(rd, list):
        rdeck = codes(cs.raid_index, rd, "raid", used_r)
    else:
        default = max(0, cs.raid_deck[players] - n_spaces - sum(len(d) for d in done))
        count = default if rd is None else rd
        if type(count) is not int or not 0 <= count <= len(rest):
            raise ScenarioError(f"raid_deck must be a list of raids or a count up to {len(rest)}")
        rdeck = rest[:count]
    # the Viking Tokens
    zt = spec.get("zone_tokens")
    if zt is None:
        toks = [0, 1, 2]
        ztok = [toks.pop(0) if cs.zone_token[z] else -1 for z in range(len(cs.zone_range))]
        spare = toks
    else:
        if not isinstance(zt, list) or len(zt) != len(cs.zone_range):
            raise ScenarioError(f"zone_tokens must list {len(cs.zone_range)} zones (null where none)")
        ztok = []
        for z, t in enumerate(zt):
            if (t is None) != (not cs.zone_token[z]) or (t is not None and t not in tuple(VIKINGS)):
                raise ScenarioError(f"zone {z} must have {'a token W/T/S' if cs.zone_token[z] else 'null'}")
            ztok.append(VIKINGS.index(t) if t is not None else -1)
        spare_spec = spec.get("spare")
        spare = [VIKINGS.index(t) for t in spare_spec] if isinstance(spare_spec, list) else [
            t for t in range(3) if t not in ztok]
    # offers and decks
    def offer_of(key: str, table: Mapping[str, int], pool: list[int], size: int, used: set[int], what: str
                 ) -> tuple[list[int], list[int]]:
        rest = [i for i in pool if i not in used]
        rng.shuffle(rest)
        v = spec.get(key)
        if v is None:
            row = [rest.pop() if rest else -1 for _ in range(size)]
        else:
            row = codes(table, v, what, used)
            if len(row) != size:
                raise ScenarioError(f"{key} must list {size} entries")
            rest = [i for i in rest if i not in used]
        return row, rest

    hoffer, hdeck = offer_of("hero_offer", cs.hero_index, list(range(len(cs.heroes))), len(cs.hero_costs), used_h,
                             "hero")
    boffer, bdeck = offer_of("building_offer", cs.building_index, list(range(len(cs.buildings))),
                             cs.building_offer, used_b, "building")
    soffer, sdeck = offer_of("longship_offer", cs.ship_index, list(range(len(cs.ships))), cs.ship_offer, used_s,
                             "longship")
    cstock = cs.ctokens - sum(ctok)
    dstock = cs.dtokens - sum(x[1] for row in ships for x in row)
    if cstock < 0 or dstock < 0:
        raise ScenarioError("more tokens are named than the box holds")

    def used_mask(key: str) -> int:
        v = spec.get(key, [])
        if not isinstance(v, list):
            raise ScenarioError(f"{key} is a list of building codes")
        return sum(1 << i for i in codes(cs.building_index, v, "building", set()))

    exch = spec.get("exchange_used", False)
    if type(exch) is not bool:
        raise ScenarioError("exchange_used must be true or false")
    n = players
    return NooState(
        cs, EDITIONS.index(edition), n, seed, 0, tuple(deck), (), tuple(offer), tuple(hands), (), tuple(hdeck),
        tuple(hoffer), tuple(bdeck), tuple(boffer), tuple(sdeck), tuple(soffer), tuple(rdeck), tuple(sea),
        tuple(ztok), tuple(spare), tuple(vik), hall, tuple(fame), tuple(heroes), tuple(blds), tuple(ctok),
        tuple(ships), tuple(done), cstock, dstock, active, active, ACTION, -1 if exch else 0,
        used_mask("symbols_used"), used_mask("abilities_used"), (), 0, ())
