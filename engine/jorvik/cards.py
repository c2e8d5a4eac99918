"""Jórvík's cards as data: the effect vocabulary, validation (`check_cards`), loading (`load_cards`) and the
compiled table the rules read (`CardTable`).

A card file is JSON: {"format": "jorvik-cards", "version": 1, "goods": {...}, "jarl_goods": [...], "cards": [...]}.
Each card row names its id (season letter A-D or F for the final attack, then a number), season, game ("karl":
in both games; "jarl": Jarl game only), type, name, effects (each {"kind": ..., params}), its decision windows
(derived from its effects and checked), the player counts that remove it, and where its values came from.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core import dumps

GOODS: tuple[str, ...] = ("amber", "iron", "leather", "wool", "jet", "silk", "glass", "gold")
GOOD_INDEX: dict[str, int] = {g: i for i, g in enumerate(GOODS)}
NGOODS = len(GOODS)
SEASONS: tuple[str, ...] = ("winter", "spring", "summer", "autumn", "final")
SEASON_LETTER = {"winter": "A", "spring": "B", "summer": "C", "autumn": "D", "final": "F"}
TYPES: tuple[str, ...] = ("ship", "picts", "warrior", "feast", "skald", "craft", "trader", "raid", "oracle",
                          "building", "traitor", "defence")
SCORE_PER: tuple[str, ...] = ("coin", "ship", "trader", "craft", "warrior", "raid")
DEFAULT_PATH = Path(__file__).parent / "data" / "cards.json"

# effect kind -> (parameter name -> parameter type, the decision windows it gives its card as (phase, use))
# parameter types: "int" (>= 0), "pos" (>= 1), "good", "goods" (non-empty list of goods), "bool", "what", "table"
EFFECTS: dict[str, tuple[dict[str, str], tuple[tuple[str, str], ...]]] = {
    "picts": ({"win": "int", "lose": "int", "final": "bool"}, (("offer", "on_draw"),)),
    "defence": ({"value": "pos"}, (("picts", "permanent"),)),
    "ship": ({"goods": "pos"}, (("offer", "on_draw"), ("loading", "once"))),
    "craft": ({"needs": "goods", "vp": "int"}, (("loading", "permanent"), ("final", "final"))),
    "trade": ({"good": "good", "coins": "pos"}, (("loading", "permanent"),)),
    "score": ({"vp": "int"}, (("final", "final"),)),
    "feast": ({"table": "table"}, (("final", "final"),)),
    "score_per": ({"what": "what", "vp": "pos"}, (("final", "final"),)),
    "double_raid": ({}, (("final", "final"),)),
    "income": ({"coins": "pos"}, (("loading", "permanent"),)),
    "storage": ({"spaces": "pos", "vp_per_good": "int"}, (("loading", "permanent"), ("final", "final"))),
    "sacrifice": ({"good": "good", "vp": "pos"}, (("loading", "permanent"),)),
    "gain_coins": ({"coins": "pos"}, (("purchase", "immediate"),)),
    "coin_from_each": ({"coins": "pos"}, (("purchase", "immediate"),)),
    "brown_vikings": ({"count": "pos"}, (("purchase", "immediate"), ("demand", "permanent"))),
    "pay_purchase": ({}, (("purchase", "once"),)),
    "exchange": ({"give": "pos", "take": "pos"}, (("loading", "permanent"),)),
    "reassign_craft_goods": ({"count": "pos"}, (("any", "once"),)),
    "take_supply_good": ({"count": "pos"}, (("any", "once"),)),
    "steal_craft_good": ({"count": "pos"}, (("any", "once"),)),
    "swap_vikings": ({}, (("demand", "once"),)),
    "double_warrior": ({}, (("picts", "permanent"),)),
    "double_win": ({}, (("picts", "once"),)),
    "avoid_loss": ({"coins": "pos"}, (("picts", "permanent"),)),
}
# which effects a card type may carry (a trader trades and scores; a raid scores; ...)
TYPE_EFFECTS: dict[str, frozenset[str]] = {
    "ship": frozenset({"ship"}), "picts": frozenset({"picts"}), "warrior": frozenset({"defence"}),
    "feast": frozenset({"feast"}), "skald": frozenset({"score_per", "double_raid"}),
    "craft": frozenset({"craft"}), "trader": frozenset({"trade", "score"}), "raid": frozenset({"score"}),
    "oracle": frozenset({"sacrifice"}),
    "building": frozenset({"storage", "income", "gain_coins", "pay_purchase", "brown_vikings", "exchange",
                           "reassign_craft_goods", "take_supply_good"}),
    "traitor": frozenset({"swap_vikings", "coin_from_each", "steal_craft_good"}),
    "defence": frozenset({"double_warrior", "double_win", "avoid_loss"}),
}
ROW_KEYS = {"id", "season", "game", "type", "name", "effects", "windows", "remove", "source"}


def _check_param(kind: str, name: str, ptype: str, value: Any, jarl_goods: set[str], game: str) -> str | None:
    def good_ok(g: Any) -> bool:
        return isinstance(g, str) and g in GOOD_INDEX and (game == "jarl" or g not in jarl_goods)

    if ptype in ("int", "pos"):
        low = 1 if ptype == "pos" else 0
        if type(value) is not int or not low <= value <= 99:
            return f"effect {kind}: {name} must be an integer from {low} to 99"
    elif ptype == "bool":
        if type(value) is not bool:
            return f"effect {kind}: {name} must be true or false"
    elif ptype == "good":
        if not good_ok(value):
            return f"effect {kind}: {name} must be a good of this game ({', '.join(GOODS)})"
    elif ptype == "goods":
        if not isinstance(value, list) or not 1 <= len(value) <= 6 or not all(good_ok(g) for g in value):
            return f"effect {kind}: {name} must be a list of 1 to 6 goods of this game"
    elif ptype == "what":
        if value not in SCORE_PER:
            return f"effect {kind}: {name} must be one of {', '.join(SCORE_PER)}"
    elif ptype == "table":
        if (not isinstance(value, list) or not 1 <= len(value) <= 8
                or not all(type(v) is int and 0 <= v <= 99 for v in value)):
            return f"effect {kind}: {name} must be a list of 1 to 8 VP values"
    return None


def check_card_data(data: Any) -> list[str]:
    """Every problem of a parsed card document (empty when fine)."""
    if not isinstance(data, dict):
        return ["a card file is a JSON object"]
    problems: list[str] = []
    if data.get("format") != "jorvik-cards" or data.get("version") != 1:
        problems.append('format must be "jorvik-cards" and version 1')
    goods = data.get("goods")
    if not isinstance(goods, dict) or set(goods) != set(GOODS) or not all(
            type(n) is int and 0 <= n <= 30 for n in goods.values()):
        problems.append(f"goods must give a count (0-30) for each of {', '.join(GOODS)}")
    jarl_goods = data.get("jarl_goods")
    if not isinstance(jarl_goods, list) or not all(g in GOOD_INDEX for g in jarl_goods):
        problems.append("jarl_goods must list goods used only in the Jarl game")
        jarl_goods = []
    rows = data.get("cards")
    if not isinstance(rows, list) or not rows:
        return problems + ["cards must be a non-empty list"]
    seen: set[str] = set()
    finals = 0
    for n, row in enumerate(rows):
        where = f"card {n + 1}"
        if not isinstance(row, dict):
            problems.append(f"{where}: a card is a JSON object")
            continue
        cid = row.get("id")
        if isinstance(cid, str):
            where = f"card {cid}"
        missing = ROW_KEYS - set(row)
        extra = set(row) - ROW_KEYS
        if missing:
            problems.append(f"{where}: missing {', '.join(sorted(missing))}")
            continue
        if extra:
            problems.append(f"{where}: unknown keys {', '.join(sorted(extra))}")
        season = row["season"]
        if season not in SEASONS:
            problems.append(f"{where}: season must be one of {', '.join(SEASONS)}")
            continue
        if not isinstance(cid, str) or len(cid) != 3 or cid[0] != SEASON_LETTER[season] or not cid[1:].isdigit():
            problems.append(f"{where}: id must be the season letter and two digits (e.g. A01)")
        elif cid in seen:
            problems.append(f"{where}: id used twice")
        else:
            seen.add(cid)
        game = row["game"]
        if game not in ("karl", "jarl"):
            problems.append(f"{where}: game must be karl or jarl")
        ctype = row["type"]
        if ctype not in TYPES:
            problems.append(f"{where}: type must be one of {', '.join(TYPES)}")
            continue
        if not isinstance(row["name"], str) or not row["name"].strip():
            problems.append(f"{where}: name must be a non-empty string")
        if not isinstance(row["source"], str) or not row["source"].strip():
            problems.append(f"{where}: source must say where the values came from")
        remove = row["remove"]
        if not isinstance(remove, list) or not all(type(p) is int and 2 <= p <= 5 for p in remove):
            problems.append(f"{where}: remove must list player counts from 2 to 5")
        elif remove and season != "autumn":
            problems.append(f"{where}: only autumn cards are removed by player count")
        effects = row["effects"]
        if not isinstance(effects, list) or not effects:
            problems.append(f"{where}: effects must be a non-empty list")
            continue
        expected: list[dict[str, str]] = []
        kinds: list[str] = []
        for eff in effects:
            if not isinstance(eff, dict) or eff.get("kind") not in EFFECTS:
                problems.append(f"{where}: unknown effect {shown_kind(eff)}; known: {', '.join(sorted(EFFECTS))}")
                continue
            kind = eff["kind"]
            kinds.append(kind)
            params, windows = EFFECTS[kind]
            if set(eff) - {"kind"} != set(params):
                problems.append(f"{where}: effect {kind} takes exactly {', '.join(sorted(params)) or 'no parameters'}")
                continue
            for pname, ptype in params.items():
                why = _check_param(kind, pname, ptype, eff[pname], set(jarl_goods), game)
                if why:
                    problems.append(f"{where}: {why}")
            for phase, use in windows:
                w = {"phase": phase, "use": use}
                if w not in expected:
                    expected.append(w)
            if kind == "picts" and eff.get("final") is True:
                finals += 1
                if season != "final":
                    problems.append(f"{where}: the final attack must have season final")
        if len(set(kinds)) != len(kinds):
            problems.append(f"{where}: an effect kind appears twice")
        if not set(kinds) <= TYPE_EFFECTS[ctype]:
            wrong = ", ".join(sorted(set(kinds) - TYPE_EFFECTS[ctype]))
            problems.append(f"{where}: a {ctype} card cannot carry {wrong}")
        if row["windows"] != expected:
            problems.append(f"{where}: windows must be {json.dumps(expected)} (from its effects)")
        if season == "final" and not (kinds == ["picts"] and effects[0].get("final") is True):
            problems.append(f"{where}: the final season holds only the final attack")
    if finals != 1:
        problems.append(f"there must be exactly one final attack of the Picts, not {finals}")
    return problems


def shown_kind(eff: Any) -> str:
    if isinstance(eff, dict) and isinstance(eff.get("kind"), str):
        return repr(eff["kind"][:30])
    return "(no kind)"


def check_cards(path: str | Path) -> list[str]:
    """Every problem of the card file at `path` (empty when it is fine)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        return [f"cannot read {path}: {exc.strerror or type(exc).__name__}"]
    except ValueError as exc:
        return [f"{path} is not JSON: {exc}"]
    return check_card_data(data)


def load_cards(path: str | Path = DEFAULT_PATH) -> dict[str, Any]:
    """The card document at `path` as a JSON-able dict; ValueError listing the problems if it is invalid."""
    problems = check_cards(path)
    if problems:
        raise ValueError(f"invalid card file {path}: " + "; ".join(problems[:10]))
    data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    return data


class CardTable:
    """A validated card document compiled into tuples indexed by card number (the row order).

    Immutable; equal and hashed by its canonical JSON, so states that hold it compare by content.
    """

    __slots__ = ("data", "key", "_hash", "ids", "index", "season", "jarl", "type", "name", "remove", "eff",
                 "defence", "picts", "ship", "needs", "need_total", "craft_vp", "trade", "vp", "score_per",
                 "storage", "sacrifice", "income", "final", "goods", "jarl_goods", "by_kind", "n")

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data: dict[str, Any] = json.loads(dumps(data))
        self.key = dumps(self.data)
        self._hash = hash(self.key)
        rows = self.data["cards"]
        self.n = len(rows)
        self.ids: tuple[str, ...] = tuple(r["id"] for r in rows)
        self.index: dict[str, int] = {cid: i for i, cid in enumerate(self.ids)}
        self.season: tuple[int, ...] = tuple(SEASONS.index(r["season"]) for r in rows)
        self.jarl: tuple[bool, ...] = tuple(r["game"] == "jarl" for r in rows)
        self.type: tuple[str, ...] = tuple(r["type"] for r in rows)
        self.name: tuple[str, ...] = tuple(r["name"] for r in rows)
        self.remove: tuple[frozenset[int], ...] = tuple(frozenset(r["remove"]) for r in rows)
        self.eff: tuple[dict[str, dict[str, Any]], ...] = tuple(
            {e["kind"]: {k: v for k, v in e.items() if k != "kind"} for e in r["effects"]} for r in rows)

        def num(kind: str, param: str) -> tuple[int, ...]:
            return tuple(int(e[kind][param]) if kind in e else 0 for e in self.eff)

        self.defence = num("defence", "value")
        self.picts: tuple[tuple[int, int] | None, ...] = tuple(
            (e["picts"]["win"], e["picts"]["lose"]) if "picts" in e else None for e in self.eff)
        self.final = next(i for i, e in enumerate(self.eff) if "picts" in e and e["picts"]["final"])
        self.ship = num("ship", "goods")
        self.needs: tuple[tuple[int, ...] | None, ...] = tuple(
            tuple(e["craft"]["needs"].count(g) for g in GOODS) if "craft" in e else None for e in self.eff)
        self.need_total = tuple(sum(n) if n else 0 for n in self.needs)
        self.craft_vp = num("craft", "vp")
        self.trade: tuple[tuple[int, int] | None, ...] = tuple(
            (GOOD_INDEX[e["trade"]["good"]], e["trade"]["coins"]) if "trade" in e else None for e in self.eff)
        self.sacrifice: tuple[tuple[int, int] | None, ...] = tuple(
            (GOOD_INDEX[e["sacrifice"]["good"]], e["sacrifice"]["vp"]) if "sacrifice" in e else None
            for e in self.eff)
        self.vp = num("score", "vp")
        self.score_per: tuple[tuple[str, int] | None, ...] = tuple(
            (e["score_per"]["what"], e["score_per"]["vp"]) if "score_per" in e else None for e in self.eff)
        self.storage = num("storage", "spaces")
        self.income = num("income", "coins")
        self.goods: tuple[int, ...] = tuple(self.data["goods"][g] for g in GOODS)
        self.jarl_goods: frozenset[int] = frozenset(GOOD_INDEX[g] for g in self.data["jarl_goods"])
        by_kind: dict[str, frozenset[int]] = {}
        for kind in EFFECTS:
            by_kind[kind] = frozenset(i for i, e in enumerate(self.eff) if kind in e)
        self.by_kind = by_kind

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardTable) and other.key == self.key

    def __hash__(self) -> int:
        return self._hash

    def __deepcopy__(self, memo: dict[int, Any]) -> CardTable:
        return self  # immutable

    def __repr__(self) -> str:
        return f"CardTable({self.n} cards)"


@lru_cache(maxsize=16)
def _compiled(key: str) -> CardTable:
    return CardTable(json.loads(key))


def compile_cards(data: Mapping[str, Any]) -> CardTable:
    """The compiled table of a card document (validated by the caller); cached by content."""
    return _compiled(dumps(data))


@lru_cache(maxsize=1)
def default_cards() -> dict[str, Any]:
    return load_cards(DEFAULT_PATH)


def card_summary(table: CardTable, card: int) -> dict[str, Any]:
    """A card's data row as published to views and questions (id, name, type, season, effects, windows)."""
    row: dict[str, Any] = table.data["cards"][card]
    return {k: row[k] for k in ("id", "name", "type", "season", "game", "effects", "windows")}
