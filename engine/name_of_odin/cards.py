"""In the Name of Odin's cards as data: the effect vocabulary, checking and loading a card file, and the
precomputed tables the rules read (a :class:`CardSet`).

A card file is JSON (see data/cards.json and docs/cards-name-of-odin.md): the board parameters, the 90
Action Cards as rows of (Viking symbol, Action symbol, count), and one row per Building, Hero, Longship and
Raid. Every ability is a list of effects ``{"kind": ..., params}`` from :data:`EFFECTS`; the engine interprets
them, so a card is a data row.

Letters: Vikings W (Warrior, red), T (Trader, black), S (Sailor, blue); Action symbols R (Recruitment,
yellow), C (Craftsmanship, green), N (Seamanship, purple). An Action Card's type is the two letters
("WR" = Warrior symbol + Recruitment symbol); its code adds a number ("WR3").
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

VIKINGS = "WTS"
VIKING_NAMES = ("warrior", "trader", "sailor")
SYMBOLS = "RCN"
SYMBOL_NAMES = ("recruitment", "craftsmanship", "seamanship")
TYPES: tuple[str, ...] = tuple(v + s for v in VIKINGS for s in SYMBOLS)  # type index = viking * 3 + symbol
TYPE_INDEX: dict[str, int] = {t: i for i, t in enumerate(TYPES)}
BUILDING_TYPES = ("shipyard", "runic_circle", "forge", "jarls_house", "inn")
REDUCIBLE = ("recruit", "build", "token", "buy", "return", "repair")
END_FAME_PER = ("raid", "longship", "building")

# kind -> (parameters, the card classes it may appear on). Classes: building, raid_hero (a hero's Raid Ability),
# action_hero (a hero's Action Ability), longship.
EFFECTS: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {
    "symbol": (("symbol",), frozenset({"building"})),
    "ship_slots": (("n",), frozenset({"building"})),
    "viking_limit": (("n",), frozenset({"building"})),
    "draw_to": (("n",), frozenset({"building"})),
    "extra_exchange": (("n",), frozenset({"building"})),
    "gather_bonus": (("n",), frozenset({"building"})),
    "cost_reduction": (("action", "n"), frozenset({"building"})),
    "end_fame": (("per", "n"), frozenset({"building"})),
    "raid_discount": (("viking", "n"), frozenset({"building", "raid_hero", "longship"})),
    "raid_fame": (("n",), frozenset({"building", "raid_hero", "longship"})),
    "match_wild": (("n",), frozenset({"building", "raid_hero", "longship"})),
    "range_bonus": (("n",), frozenset({"building", "raid_hero"})),
    "no_damage": ((), frozenset({"raid_hero", "longship"})),
    "gain_vikings": (("viking", "n"), frozenset({"action_hero"})),
    "draw_cards": (("n",), frozenset({"action_hero"})),
    "gain_token": (("n",), frozenset({"action_hero"})),
    "repair_ships": (("n",), frozenset({"action_hero"})),
    "return_ships": ((), frozenset({"action_hero"})),
    "gain_fame": (("n",), frozenset({"action_hero"})),
}

CODE_RE = re.compile(r"^[a-z][a-z0-9]{0,23}$")
DEFAULT_PATH = Path(__file__).parent / "data" / "cards.json"
BOX = {"buildings": 20, "heroes": 17, "longships": 12, "raids": 16}  # the box's counts (rulebook, components)


class CardsError(ValueError):
    """A card set that does not pass :func:`problems`."""


# ---- checking ---------------------------------------------------------------------------------------------


def _int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _effect_problems(where: str, effects: Any, klass: str) -> list[str]:
    out: list[str] = []
    if not isinstance(effects, list):
        return [f"{where}: effects must be a list"]
    for k, eff in enumerate(effects):
        at = f"{where} effect {k + 1}"
        if not isinstance(eff, dict) or not isinstance(eff.get("kind"), str):
            out.append(f"{at}: an effect is an object with a 'kind'")
            continue
        kind = eff["kind"]
        if kind not in EFFECTS:
            out.append(f"{at}: unknown effect kind {kind!r}; known: {', '.join(sorted(EFFECTS))}")
            continue
        params, classes = EFFECTS[kind]
        if klass not in classes:
            out.append(f"{at}: {kind} is not allowed on {klass.replace('_', ' ')} cards "
                       f"(allowed on: {', '.join(sorted(classes))})")
        extra = set(eff) - {"kind", *params}
        if extra:
            out.append(f"{at}: unknown parameters {sorted(extra)} for {kind}")
        for p in params:
            v = eff.get(p)
            if p == "n" and not _int(v, 1, 20):
                out.append(f"{at}: {kind} needs n, a whole number from 1 to 20")
            elif p == "symbol" and v not in tuple(SYMBOLS):
                out.append(f"{at}: symbol must be one of R, C, N")
            elif p == "viking" and v not in tuple(VIKINGS):
                out.append(f"{at}: viking must be one of W, T, S")
            elif p == "action" and v not in REDUCIBLE:
                out.append(f"{at}: action must be one of {', '.join(REDUCIBLE)}")
            elif p == "per" and v not in END_FAME_PER:
                out.append(f"{at}: per must be one of {', '.join(END_FAME_PER)}")
        if kind == "viking_limit" and _int(eff.get("n"), 1, 20) and eff["n"] < 10:
            out.append(f"{at}: a viking_limit below the base limit has no effect")
    return out


def problems(data: Any) -> list[str]:
    """Everything wrong with a card set (a parsed JSON document); empty when it can be played."""
    if not isinstance(data, dict):
        return ["a card file is a JSON object"]
    out: list[str] = []
    if data.get("format") != "name-of-odin-cards" or data.get("version") != 1:
        out.append("format must be 'name-of-odin-cards' and version 1")
    known = {"format", "version", "title", "board", "action_cards", "buildings", "heroes", "longships", "raids"}
    if set(data) - known:
        out.append(f"unknown top-level keys: {sorted(set(data) - known)}")
    board = data.get("board")
    if not isinstance(board, dict):
        return out + ["board must be an object"]
    ints = {"action_offer": (1, 9), "building_offer": (1, 9), "longship_offer": (1, 9), "hand": (3, 12),
            "viking_limit": (3, 30), "vikings_per_type": (10, 99), "construction_tokens": (5, 99),
            "damage_tokens": (5, 99), "longship_spaces": (1, 5)}
    for key, (low, high) in ints.items():
        if not _int(board.get(key), low, high):
            out.append(f"board.{key} must be a whole number from {low} to {high}")
    costs, fame = board.get("hero_costs"), board.get("hero_fame")
    if not isinstance(costs, list) or not 1 <= len(costs) <= 8 or not all(_int(c, 0, 9) for c in costs):
        out.append("board.hero_costs must list 1 to 8 costs (0-9), leftmost space first")
    elif not isinstance(fame, list) or len(fame) != len(costs) or not all(_int(f, 0, 9) for f in fame):
        out.append("board.hero_fame must list one fame value (0-9) per hero space")
    sea = board.get("sea")
    spaces = 0
    if not isinstance(sea, list) or not 1 <= len(sea) <= 5:
        out.append("board.sea must list 1 to 5 zones, upper zone first")
    else:
        for i, z in enumerate(sea):
            if (not isinstance(z, dict) or not isinstance(z.get("zone"), str) or not _int(z.get("range"), 1, 9)
                    or not _int(z.get("spaces"), 1, 6) or type(z.get("token")) is not bool
                    or not _int(z.get("fame"), 0, 9) or set(z) != {"zone", "range", "spaces", "token", "fame"}):
                out.append(f"board.sea zone {i + 1} needs zone (name), range, spaces, token (true/false), fame")
            else:
                spaces += z["spaces"]
        if not out and sum(1 for z in sea if z["token"]) > 2:
            out.append("board.sea: at most 2 zones may hold a Viking Token (there are 3 tokens, one spare)")
    deck = board.get("raid_deck")
    if not isinstance(deck, dict) or set(deck) != {"2", "3", "4", "5"} or not all(
            _int(v, 1, 99) for v in deck.values()):
        out.append("board.raid_deck must give the raid deck size for \"2\", \"3\", \"4\" and \"5\" players")
    if out:
        return out
    codes: set[str] = set()

    def code_ok(where: str, row: Any) -> bool:
        code = row.get("code") if isinstance(row, dict) else None
        if not isinstance(code, str) or not CODE_RE.match(code):
            out.append(f"{where}: code must be lower-case letters and digits, starting with a letter")
            return False
        if code in codes or code.upper() in TYPES or code in ("none", "pay", "from", "stop"):
            out.append(f"{where}: code {code!r} is used twice or is a reserved word")
            return False
        codes.add(code)
        if not isinstance(row.get("name"), str) or not row["name"].strip():
            out.append(f"{where}: name must be a non-empty string")
        return True

    acts = data.get("action_cards")
    if not isinstance(acts, list):
        out.append("action_cards must be a list of {viking, symbol, count} rows")
    else:
        seen: set[str] = set()
        total = 0
        for i, row in enumerate(acts):
            if (not isinstance(row, dict) or set(row) != {"viking", "symbol", "count"}
                    or row.get("viking") not in tuple(VIKINGS) or row.get("symbol") not in tuple(SYMBOLS)
                    or not _int(row.get("count"), 1, 40)):
                out.append(f"action_cards row {i + 1}: needs viking (W/T/S), symbol (R/C/N), count (1-40)")
                continue
            key = row["viking"] + row["symbol"]
            if key in seen:
                out.append(f"action_cards row {i + 1}: {key} appears twice")
            seen.add(key)
            total += row["count"]
        if total < 45 or total > 180:
            out.append(f"action_cards: {total} cards in all; a playable deck has 45 to 180 (the box has 90)")
    for key, klass in (("buildings", "building"), ("heroes", "hero"), ("longships", "longship"), ("raids", "raid")):
        rows = data.get(key)
        if not isinstance(rows, list):
            out.append(f"{key} must be a list")
            continue
        for i, row in enumerate(rows):
            where = f"{key} row {i + 1}"
            if not code_ok(where, row):
                continue
            where = f"{key[:-1]} {row['code']}"
            if klass == "building":
                if set(row) != {"code", "name", "type", "fame", "effects"}:
                    out.append(f"{where}: a building has code, name, type, fame, effects")
                if row.get("type") not in BUILDING_TYPES:
                    out.append(f"{where}: type must be one of {', '.join(BUILDING_TYPES)}")
                if not _int(row.get("fame"), 0, 9):
                    out.append(f"{where}: fame must be 0 to 9")
                out.extend(_effect_problems(where, row.get("effects"), "building"))
            elif klass == "hero":
                if set(row) != {"code", "name", "viking", "ability", "effects"}:
                    out.append(f"{where}: a hero has code, name, viking, ability, effects")
                if row.get("viking") not in tuple(VIKINGS):
                    out.append(f"{where}: viking must be W, T or S")
                if row.get("ability") not in ("raid", "action"):
                    out.append(f"{where}: ability must be 'raid' (a Raid Ability) or 'action' (an Action Ability)")
                elif not row.get("effects"):
                    out.append(f"{where}: a hero has one special ability (at least one effect)")
                else:
                    out.extend(_effect_problems(where, row.get("effects"), row["ability"] + "_hero"))
            elif klass == "longship":
                if set(row) != {"code", "name", "range", "fame", "effects"}:
                    out.append(f"{where}: a longship has code, name, range, fame, effects")
                if not _int(row.get("range"), 1, 9) or not _int(row.get("fame"), 0, 9):
                    out.append(f"{where}: range must be 1 to 9 and fame 0 to 9")
                out.extend(_effect_problems(where, row.get("effects"), "longship"))
            else:
                if set(row) != {"code", "name", "vikings", "fame"}:
                    out.append(f"{where}: a raid has code, name, vikings, fame")
                vik = row.get("vikings")
                if not isinstance(vik, str) or not 1 <= len(vik) <= 9 or set(vik) - set(VIKINGS):
                    out.append(f"{where}: vikings is a string of 1 to 9 letters W, T, S (e.g. \"STTT\")")
                if not _int(row.get("fame"), 0, 20):
                    out.append(f"{where}: fame must be 0 to 20")
    if out:
        return out
    n_b, n_h, n_s, n_r = (len(data[k]) for k in ("buildings", "heroes", "longships", "raids"))
    if n_b < board["building_offer"] + 1:
        out.append(f"buildings: {n_b} are too few for an offer of {board['building_offer']}")
    if n_h < len(board["hero_costs"]) + 6:
        out.append(f"heroes: {n_h} are too few for {len(board['hero_costs'])} spaces and 5 players")
    if n_s < board["longship_offer"] + 1:
        out.append(f"longships: {n_s} are too few for an offer of {board['longship_offer']}")
    if n_r < max(board["raid_deck"].values()):
        out.append(f"raids: {n_r} are fewer than the largest raid deck ({max(board['raid_deck'].values())})")
    if any(v < spaces for v in board["raid_deck"].values()):
        out.append(f"board.raid_deck: every deck must fill the {spaces} sea spaces")
    return out


def check_cards(path: str | Path) -> list[str]:
    """The problems of the card file at `path` (empty when it can be played)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        return [f"cannot read {path}: {exc.strerror or exc}"]
    try:
        data = json.loads(text)
    except ValueError as exc:
        return [f"{path} is not JSON: {exc}"]
    return problems(data)


def load_cards(path: str | Path | None = None) -> dict[str, Any]:
    """The card set in the file at `path` (the reconstructed set when None), as a JSON-able dict, checked;
    raises CardsError listing every problem."""
    p = DEFAULT_PATH if path is None else Path(path)
    found = check_cards(p)
    if found:
        raise CardsError("; ".join(found))
    data: dict[str, Any] = json.loads(p.read_text(encoding="utf-8"))
    return data


@cache
def default_cards_json() -> str:
    return json.dumps(json.loads(DEFAULT_PATH.read_text(encoding="utf-8")), sort_keys=True, separators=(",", ":"))


# ---- the tables the rules read ------------------------------------------------------------------------------

Effect = tuple[str, Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class Building:
    code: str
    name: str
    type: int
    fame: int
    effects: tuple[Effect, ...]
    symbol: int  # action symbol supplied (-1 none)
    slots: int  # extra longship places
    limit: int  # viking limit it sets (0 none)
    draw_to: int  # draw phase target it sets (0 none)
    extra_exchange: int
    gather_bonus: int
    reduction: tuple[int, int]  # (index in REDUCIBLE, n), (-1, 0) none
    raid_discount: tuple[int, int]  # (viking, n), (-1, 0) none
    raid_fame: int
    match_wild: int
    range_bonus: int
    end_fame: tuple[int, int]  # (index in END_FAME_PER, n), (-1, 0) none


@dataclass(frozen=True, slots=True)
class Hero:
    code: str
    name: str
    viking: int
    raid: bool  # a Raid Ability (else an Action Ability)
    effects: tuple[Effect, ...]
    discount: tuple[int, int]  # raid_discount (viking, n)
    range_bonus: int
    raid_fame: int
    match_wild: int
    no_damage: bool


@dataclass(frozen=True, slots=True)
class Longship:
    code: str
    name: str
    range: int
    fame: int
    effects: tuple[Effect, ...]
    discount: tuple[int, int]
    raid_fame: int
    match_wild: int
    no_damage: bool


@dataclass(frozen=True, slots=True)
class Raid:
    code: str
    name: str
    need: tuple[int, int, int]  # Vikings required by type (W, T, S)
    fame: int


def _sum(effects: tuple[Effect, ...], kind: str) -> int:
    return sum(int(p.get("n", 1)) for k, p in effects if k == kind)


def _pair(effects: tuple[Effect, ...], kind: str, key: str, names: str | tuple[str, ...]) -> tuple[int, int]:
    for k, p in effects:
        if k == kind:
            return (names.index(p[key]), int(p["n"]))
    return (-1, 0)


def _need(vikings: str) -> tuple[int, int, int]:
    return (vikings.count("W"), vikings.count("T"), vikings.count("S"))


def _effects(row: Mapping[str, Any]) -> tuple[Effect, ...]:
    return tuple((e["kind"], {k: v for k, v in e.items() if k != "kind"}) for e in row["effects"])


class CardSet:
    """A checked card set and its tables. Equal card sets (same canonical JSON) are one shared object."""

    __slots__ = ("data", "key", "board", "n_actions", "act_type", "act_code", "act_index", "type_mask",
                 "viking_mask", "symbol_mask", "type_order", "buildings", "heroes", "ships", "raids",
                 "building_index", "hero_index", "ship_index", "raid_index", "action_offer", "hero_costs",
                 "hero_fame", "building_offer", "ship_offer", "space_zone", "space_range", "zone_range",
                 "zone_fame", "zone_token", "zone_names", "raid_deck", "hand", "limit", "per_type",
                 "ctokens", "dtokens", "base_slots", "all_actions", "__weakref__")

    def __init__(self, data: dict[str, Any], key: str) -> None:
        self.data = data
        self.key = key
        b = data["board"]
        types: list[int] = []
        codes: list[str] = []
        for t in TYPES:
            row = next((r for r in data["action_cards"] if r["viking"] + r["symbol"] == t), None)
            for k in range(row["count"] if row else 0):
                types.append(TYPE_INDEX[t])
                codes.append(f"{t}{k + 1}")
        self.n_actions = len(types)
        self.act_type = tuple(types)
        self.act_code = tuple(codes)
        self.act_index = {c: i for i, c in enumerate(codes)}
        self.type_mask = tuple(sum(1 << i for i, t in enumerate(types) if t == ty) for ty in range(9))
        self.viking_mask = tuple(self.type_mask[v * 3] | self.type_mask[v * 3 + 1] | self.type_mask[v * 3 + 2]
                                 for v in range(3))
        self.symbol_mask = tuple(self.type_mask[s] | self.type_mask[3 + s] | self.type_mask[6 + s] for s in range(3))
        self.all_actions = (1 << len(types)) - 1
        blds = []
        for row in data["buildings"]:
            eff = _effects(row)
            sym = next((SYMBOLS.index(p["symbol"]) for k, p in eff if k == "symbol"), -1)
            blds.append(Building(
                row["code"], row["name"], BUILDING_TYPES.index(row["type"]), row["fame"], eff, sym,
                _sum(eff, "ship_slots"), max([int(p["n"]) for k, p in eff if k == "viking_limit"] or [0]),
                max([int(p["n"]) for k, p in eff if k == "draw_to"] or [0]), _sum(eff, "extra_exchange"),
                _sum(eff, "gather_bonus"), _pair(eff, "cost_reduction", "action", REDUCIBLE),
                _pair(eff, "raid_discount", "viking", VIKINGS), _sum(eff, "raid_fame"), _sum(eff, "match_wild"),
                _sum(eff, "range_bonus"), _pair(eff, "end_fame", "per", END_FAME_PER)))
        self.buildings = tuple(blds)
        self.heroes = tuple(Hero(r["code"], r["name"], VIKINGS.index(r["viking"]), r["ability"] == "raid",
                                 eff, _pair(eff, "raid_discount", "viking", VIKINGS), _sum(eff, "range_bonus"),
                                 _sum(eff, "raid_fame"), _sum(eff, "match_wild"),
                                 any(k == "no_damage" for k, _ in eff))
                            for r in data["heroes"] for eff in (_effects(r),))
        self.ships = tuple(Longship(r["code"], r["name"], r["range"], r["fame"], eff,
                                    _pair(eff, "raid_discount", "viking", VIKINGS), _sum(eff, "raid_fame"),
                                    _sum(eff, "match_wild"), any(k == "no_damage" for k, _ in eff))
                           for r in data["longships"] for eff in (_effects(r),))
        self.raids = tuple(Raid(r["code"], r["name"], _need(r["vikings"]),
                                r["fame"]) for r in data["raids"])
        self.building_index = {x.code: i for i, x in enumerate(self.buildings)}
        self.hero_index = {x.code: i for i, x in enumerate(self.heroes)}
        self.ship_index = {x.code: i for i, x in enumerate(self.ships)}
        self.raid_index = {x.code: i for i, x in enumerate(self.raids)}
        self.action_offer = b["action_offer"]
        self.hero_costs = tuple(b["hero_costs"])
        self.hero_fame = tuple(b["hero_fame"])
        self.building_offer = b["building_offer"]
        self.ship_offer = b["longship_offer"]
        zone: list[int] = []
        for z, row in enumerate(b["sea"]):
            zone.extend([z] * row["spaces"])
        self.space_zone = tuple(zone)
        self.zone_range = tuple(z["range"] for z in b["sea"])
        self.space_range = tuple(self.zone_range[z] for z in zone)
        self.zone_fame = tuple(z["fame"] for z in b["sea"])
        self.zone_token = tuple(z["token"] for z in b["sea"])
        self.zone_names = tuple(z["zone"] for z in b["sea"])
        self.raid_deck = {int(k): v for k, v in b["raid_deck"].items()}
        self.hand = b["hand"]
        self.limit = b["viking_limit"]
        self.per_type = b["vikings_per_type"]
        self.ctokens = b["construction_tokens"]
        self.dtokens = b["damage_tokens"]
        self.base_slots = b["longship_spaces"]
        self.type_order = {t: i for i, t in enumerate(TYPES)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __deepcopy__(self, memo: dict[int, Any]) -> CardSet:
        return self  # immutable and shared

    def __repr__(self) -> str:
        return f"CardSet({len(self.key)} bytes)"


_SETS: dict[str, CardSet] = {}


def card_set(data: Any) -> CardSet:
    """The CardSet of a parsed card document (checked; raises CardsError), shared between equal documents."""
    key = json.dumps(data, sort_keys=True, separators=(",", ":"))
    found = _SETS.get(key)
    if found is None:
        bad = problems(data)
        if bad:
            raise CardsError("; ".join(bad))
        found = _SETS[key] = CardSet(json.loads(key), key)
    return found


def default_set() -> CardSet:
    return card_set(json.loads(default_cards_json()))
