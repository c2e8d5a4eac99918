"""Jórvík's narrator: events, refusals, actions, the board and a player's own area as sentences in EN, DE or FR.

Every sentence comes from `locales/<lang>.toml` beside this module; card names are made from the card data
(type and effects), so a card reads "Trader: amber (A07)" / "Händler: Bernstein (A07)" in any language. Nothing
in Jórvík is hidden between players but the deck and the bag, and events never show those.

`describe_action` gets no position from the table, yet "demand 3" means the card on space 3: the spaces and
prices of the position the parser or the board last saw are remembered (`remember`) and used when they fit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.jorvik.actions import EVENT_ADAPTER
from engine.jorvik.cards import GOODS, default_cards
from engine.jorvik.game import GAME as JORVIK
from gm.i18n import join_list, normalise_lang, t, tn
from gm.narrate.common import as_action, explain_generic, illegal_parts, player_name, you_key

GAME = "jorvik"
SPECIAL = ("storage", "income", "exchange", "pay_purchase", "brown_vikings", "gain_coins", "take_supply_good",
           "reassign_craft_goods", "swap_vikings", "coin_from_each", "steal_craft_good", "double_warrior",
           "avoid_loss", "double_win")


# ---- cards ------------------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def default_rows() -> dict[str, dict[str, Any]]:
    return {row["id"]: row for row in default_cards()["cards"]}


_ROWS: dict[str, dict[str, Any]] = {}


def use_rows(rows: Mapping[str, Mapping[str, Any]] | None) -> None:
    """The card rows of the game in play (a custom card file may rename or change cards)."""
    _ROWS.clear()
    if rows:
        _ROWS.update({k: dict(v) for k, v in rows.items()})


def row_of(cid: Any) -> dict[str, Any] | None:
    key = str(cid or "").upper()
    return _ROWS.get(key) or default_rows().get(key)


def effects(row: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return {e["kind"]: e for e in row.get("effects", [])}


def good_name(good: Any, lang: str) -> str:
    g = str(good)
    return t(f"jorvik.good.{g}", lang) if g in GOODS or g == "coin" else g


def goods_phrase(goods: Any, lang: str) -> str:
    """"amber, 2× wool" from a list of goods or a {good: n} mapping; "no goods" when empty."""
    counts: dict[str, int] = {}
    if isinstance(goods, Mapping):
        counts = {str(k): int(v) for k, v in goods.items() if v}
    else:
        for g in goods or ():
            counts[str(g)] = counts.get(str(g), 0) + 1
    if not counts:
        return t("jorvik.good.none", lang)
    order = sorted(counts, key=lambda g: GOODS.index(g) if g in GOODS else 99)
    parts = [good_name(g, lang) if counts[g] == 1 else
             t("jorvik.good.count", lang, n=counts[g], good=good_name(g, lang)) for g in order]
    return t("list.sep", lang).join(parts)


def card_name(cid: Any, lang: str) -> str:
    """A card's name from its data: "Craft leather + wool, 5 VP" / "Handwerk Leder + Wolle, 5 SP"."""
    row = row_of(cid)
    if row is None:
        return str(cid)
    eff = effects(row)
    kind = row.get("type")
    for special in SPECIAL:
        if special in eff:
            return t(f"jorvik.name.{special}", lang)
    if "picts" in eff:
        p = eff["picts"]
        return t("jorvik.name.picts_final" if p.get("final") else "jorvik.name.picts", lang, win=p["win"],
                 lose=p["lose"])
    if "defence" in eff:
        return t("jorvik.name.warrior", lang, value=eff["defence"]["value"])
    if "ship" in eff:
        return tn("jorvik.name.ship", int(eff["ship"]["goods"]), lang)
    if "craft" in eff:
        needs = " + ".join(good_name(g, lang) for g in eff["craft"]["needs"])
        return t("jorvik.name.craft", lang, needs=needs, vp=eff["craft"]["vp"])
    if "feast" in eff:
        return t("jorvik.name.feast", lang)
    if "trade" in eff:
        return t("jorvik.name.trader", lang, good=good_name(eff["trade"]["good"], lang))
    if "sacrifice" in eff:
        return t("jorvik.name.oracle", lang, good=good_name(eff["sacrifice"]["good"], lang))
    if "score_per" in eff:
        p = eff["score_per"]
        return t("jorvik.name.skald_per", lang, vp=p["vp"], what=t(f"jorvik.what.{p['what']}", lang))
    if "double_raid" in eff:
        return t("jorvik.name.double_raid", lang)
    if kind == "raid" and "score" in eff:
        return t("jorvik.name.raid", lang, vp=eff["score"]["vp"])
    return str(row.get("name", cid))


def card_named(cid: Any, lang: str) -> str:
    """"Trader: amber (A07)"."""
    if row_of(cid) is None:
        return str(cid)
    return t("jorvik.name.with_id", lang, name=card_name(cid, lang), id=str(cid).upper())


def cards_phrase(cids: Sequence[Any], lang: str) -> str:
    return join_list([card_named(c, lang) for c in cids], lang) if cids else t("jorvik.board.nothing", lang)


def coins(n: Any, lang: str) -> str:
    return tn("jorvik.word.coins", int(n), lang)


def vp(n: Any, lang: str) -> str:
    return tn("jorvik.word.vp", int(n), lang)


# ---- the position last seen (for describe_action) -------------------------------------------------------------

_SEEN: dict[str, Any] = {"spaces": {}, "price": {}, "offer": None, "owner": {}}


def remember(view: Mapping[str, Any]) -> None:
    """Keep what `describe_action` needs of a position: the card and price of every space, the card on offer."""
    spaces: dict[int, str] = {}
    price: dict[int, int] = {}
    for sp in view.get("spaces") or []:
        spaces[int(sp["space"])] = str(sp["card"])
        if "row" in sp:
            price[int(sp["space"])] = len(sp["row"]) + 1
    _SEEN["spaces"], _SEEN["price"] = spaces, price
    decision = view.get("decision") or {}
    _SEEN["decision"] = decision.get("kind")
    offer = None
    if decision.get("kind") == "jorvik_purchase":
        front = [sp for sp in view.get("spaces") or [] if sp.get("row") and int(sp["row"][0].rstrip("b")) ==
                 decision.get("player")]
        if front:
            offer = (front[0]["card"], len(front[0]["row"]))
    elif decision.get("kind") == "jorvik_reserved_purchase" and view.get("reserved"):
        offer = (view["reserved"][0]["card"], len(view["reserved"]))
    _SEEN["offer"] = offer


def seen_decision() -> str | None:
    """The decision of the position last seen."""
    kind = _SEEN.get("decision")
    return str(kind) if kind else None


def remember_state(state: Any) -> None:
    try:
        remember(JORVIK.view(state, None).data)
    except Exception:  # noqa: BLE001 - a description without the card names is still right
        return


# ---- events -----------------------------------------------------------------------------------------------

def _as_event(event: Any) -> Any:
    if isinstance(event, Mapping):
        try:
            return EVENT_ADAPTER.validate_python(dict(event))
        except ValueError:
            return None
    return event


def _names(seats: Sequence[int], names: Sequence[str], lang: str) -> str:
    return join_list([player_name(names, s, lang) for s in seats], lang)


def _per_seat(values: Sequence[int], names: Sequence[str], lang: str, key: str, field: str) -> str:
    return t("list.sep", lang).join(t(key, lang, name=player_name(names, i, lang), **{field: v})
                                    for i, v in enumerate(values))


def _parts(parts: Sequence[Sequence[Any]], lang: str) -> str:
    return t("list.sep", lang).join(t("jorvik.rules.part", lang, type=t(f"jorvik.type.{k}", lang), vp=v)
                                    for k, v in parts if v)


def _event_line(e: Any, lang: str, names: Sequence[str], viewer: int | None) -> str | None:
    kind = getattr(e, "kind", None)
    player = getattr(e, "player", None)
    you = player is not None and player == viewer
    name = player_name(names, player, lang) if player is not None and player >= 0 else ""

    def say(key: str, **kw: Any) -> str:
        return t(you_key(f"jorvik.event.{key}", you), lang, name=name, **kw)

    if kind == "picts_attack":
        line = t("jorvik.event.picts_attack", lang, card=card_name(e.card, lang),
                 defence=_per_seat(e.defence, names, lang, "jorvik.rules.defence_item", "defence"))
        if e.best:
            line += " " + t("jorvik.event.picts_best", lang, names=_names(e.best, names, lang), win=e.win,
                            worst=_names(e.worst, names, lang), lose=e.lose)
        else:
            line += " " + t("jorvik.event.picts_equal", lang)
        return line
    if kind == "picts_resolved":
        line = t("jorvik.event.picts_resolved", lang,
                 vp=_per_seat(e.vp, names, lang, "jorvik.event.score_item", "vp"))
        if e.doubled:
            line = t("jorvik.event.picts_doubled", lang, names=_names(e.doubled, names, lang)) + " " + line
        if e.protected:
            line = t("jorvik.event.picts_protected", lang, names=_names(e.protected, names, lang)) + " " + line
        return line
    if kind == "viking_placed":
        cid = _SEEN["spaces"].get(e.space)
        card = t("jorvik.event.card_paren", lang, card=card_named(cid, lang)) if cid else ""
        return say("placed_brown" if e.brown else "placed", space=e.space, card=card, position=e.position,
                   price=coins(e.price, lang))
    if kind == "card_reserved":
        return say("reserved", card=card_named(e.card, lang), space=e.space, slot=e.slot)
    if kind == "brown_kept":
        return say("brown_kept")
    if kind == "demand_ended":
        if e.unclaimed:
            return t("jorvik.event.demand_unclaimed", lang, cards=cards_phrase(e.unclaimed, lang))
        return t("jorvik.event.demand_ended", lang)
    if kind == "vikings_swapped":
        return say("swapped", card=card_named(e.card, lang), a=e.a, b=e.b)
    if kind == "card_bought":
        if e.paid_with:
            return say("bought_with", card=card_named(e.card, lang), paid=card_named(e.paid_with, lang))
        return say("bought_reserved" if e.slot else "bought", card=card_named(e.card, lang),
                   price=coins(e.price, lang), coins=coins(e.coins, lang))
    if kind == "viking_withdrawn":
        if e.next_price:
            return say("withdrawn", card=card_named(e.card, lang), price=coins(e.next_price, lang))
        return say("withdrawn_last", card=card_named(e.card, lang))
    if kind == "card_boxed":
        reason = e.reason if e.reason in ("not_bought", "reservation_declined", "acted_on_purchase",
                                          "paid_a_purchase", "brown_vikings_gone") else "other"
        if reason in ("not_bought", "reservation_declined"):
            return None  # told by the withdrawal and the end of the demand phase
        return t(f"jorvik.event.boxed_{reason}", lang, card=card_named(e.card, lang))
    if kind == "immediate_effect":
        if e.effect == "brown_vikings":
            return say("brown_vikings", card=card_named(e.card, lang), n=e.brown)
        gained = e.coins[player] if player is not None and 0 <= player < len(e.coins) else 0
        key = "coin_from_each" if e.effect == "coin_from_each" else "gain_coins"
        return say(key, card=card_named(e.card, lang), coins=coins(gained, lang))
    if kind == "income_taken":
        if e.to_display:
            return say("income_display", income=coins(e.income, lang), coins=coins(e.coins, lang),
                       cards=cards_phrase(e.to_display, lang))
        return say("income", income=coins(e.income, lang), coins=coins(e.coins, lang))
    if kind == "goods_assigned":
        good = good_name(e.good, lang)
        if e.to == "craft":
            return say("to_craft", good=good, card=card_named(e.card, lang))
        if e.to == "sell":
            return say("to_sell", good=good, card=card_named(e.card, lang), coins=coins(e.coins, lang))
        if e.to == "sacrifice":
            return say("to_sacrifice", good=good, card=card_named(e.card, lang), vp=e.vp)
        return say("to_store", good=good)
    if kind == "goods_exchanged":
        gave = goods_phrase(e.gave, lang)
        if e.took == "coin":
            return say("exchanged_coin", gave=gave)
        return say("exchanged", gave=gave, took=good_name(e.took, lang))
    if kind == "goods_discarded":
        return say("discarded", goods=goods_phrase(e.goods, lang))
    if kind == "card_used":
        return say("used", card=card_named(e.card, lang))
    if kind == "good_picked":
        good = good_name(e.good, lang)
        if e.owner < 0 or not e.card:
            return say("picked_supply", good=good)
        if e.owner == player:
            return say("picked_own", good=good, card=card_named(e.card, lang))
        return say("picked", good=good, card=card_named(e.card, lang), owner=player_name(names, e.owner, lang))
    if kind == "loading_done":
        if e.ships:
            return say("loading_ships", cards=cards_phrase(e.ships, lang))
        return say("loading_done")
    if kind == "start_player_passed":
        return t(you_key("jorvik.event.start_player", e.start == viewer), lang,
                 name=player_name(names, e.start, lang), round=e.round)
    if kind == "final_scored":
        items = []
        for seat, parts in enumerate(e.breakdown):
            total = sum(v for _, v in parts)
            pname = player_name(names, seat, lang)
            if total:
                items.append(t("jorvik.event.final_item", lang, name=pname, parts=_parts(parts, lang), total=total))
            else:
                items.append(t("jorvik.event.final_none", lang, name=pname))
        return t("jorvik.event.final_scored", lang, items="; ".join(items))
    if kind == "game_over":
        scores = _per_seat(e.scores, names, lang, "jorvik.event.score_item", "vp")
        winners = list(e.winners)
        best = e.scores[winners[0]] if winners else 0
        if len(winners) == 1:
            w = winners[0]
            on_coins = sum(1 for s in e.scores if s == best) > 1
            key = "jorvik.event.win_coins" if on_coins else "jorvik.event.win"
            return t(you_key(key, w == viewer), lang, name=player_name(names, w, lang), vp=best, scores=scores)
        return t("jorvik.event.tie", lang, names=_names(winners, names, lang), vp=best, scores=scores)
    return None


def _offer_line(drawn: list[Any], loaded: dict[str, Any], lang: str) -> str | None:
    items = []
    for e in drawn:
        if e.space == 0:
            continue
        if e.card in loaded:
            items.append(t("jorvik.event.offer_ship", lang, space=e.space, card=card_named(e.card, lang),
                           goods=goods_phrase(loaded[e.card], lang)))
        else:
            items.append(t("jorvik.event.offer_item", lang, space=e.space, card=card_named(e.card, lang)))
    if not items:
        return None
    season = t(f"jorvik.season.{drawn[0].season}", lang)
    return t("jorvik.event.offer", lang, season=season[:1].upper() + season[1:], cards="; ".join(items))


def narrate(events: Sequence[Any], lang: str, names: Sequence[str], viewer: int | None = None) -> list[str]:
    """One line per event (the cards of one offer phase together), in `lang`, with "you" forms for `viewer`.
    Events may be the engine's dataclasses or their JSON dicts; unknown events are skipped."""
    lang = normalise_lang(lang)
    lines: list[str] = []
    parsed = [e for e in (_as_event(raw) for raw in events) if e is not None]
    i = 0
    while i < len(parsed):
        e = parsed[i]
        if getattr(e, "kind", None) in ("card_drawn", "ship_loaded"):
            drawn, loaded = [], {}
            while i < len(parsed) and parsed[i].kind in ("card_drawn", "ship_loaded"):
                x = parsed[i]
                if x.kind == "card_drawn":
                    drawn.append(x)
                    if x.space:
                        _SEEN["spaces"][x.space] = x.card
                else:
                    loaded[x.card] = x.goods
                i += 1
            line = _offer_line(drawn, loaded, lang) if drawn else None
            if line:
                lines.append(line)
            continue
        line = _event_line(e, lang, names, viewer)
        if line:
            lines.append(line)
        i += 1
    return lines


# ---- refusals ---------------------------------------------------------------------------------------------

def _allowed(words: Any, lang: str) -> str:
    heads = [str(w) for w in (words or [])]
    return join_list([t(f"jorvik.verb.{w}", lang) for w in heads], lang, "or") if heads else "—"


def explain(illegal: Any, lang: str, names: Sequence[str] | None = None) -> str:
    """The engine's reason (an `Illegal` or {"code", "params"}) in the game's terms, with its numbers."""
    lang = normalise_lang(lang)
    code, p = illegal_parts(illegal)
    key = f"jorvik.refuse.{code}"
    args: dict[str, Any] = {k: v for k, v in p.items() if not isinstance(v, list | tuple | dict)}
    if "card" in p:
        args["card"] = card_named(p["card"], lang)
    if "good" in p:
        args["good"] = good_name(p["good"], lang)
    if code in ("not_now", "not_allowed_now"):
        args["allowed"] = _allowed(p.get("allowed"), lang)
        what = str(p.get("action", ""))
        if code == "not_now" and what in ("sell", "sacrifice", "craft", "reserve", "skip", "buy", "withdraw"):
            key = f"{key}_{what}"
        return t(key, lang, **args)
    if code == "cannot_afford" and p.get("pay_with"):
        return t("jorvik.refuse.cannot_afford_card", lang, price=p.get("price"), coins=p.get("coins"),
                 card=card_named(p["pay_with"], lang))
    if code == "row_full":
        args.setdefault("vikings", 8)
    return explain_generic(code, {**p, **args}, lang, names, game=GAME)


# ---- actions ----------------------------------------------------------------------------------------------

def describe_action(action: Any, lang: str, decision: str | None = None) -> str:
    """One candidate move, readable, then notation: "place a Viking on space 3 — Ship with 3 goods (B08),
    price 2 (demand 3)"."""
    lang = normalise_lang(lang)
    a = as_action(JORVIK, action)
    if a is None:
        return str(action)
    notation = JORVIK.to_notation(a)
    k = a.kind
    spaces = _SEEN["spaces"]
    if k in ("demand", "reserve"):
        card = card_named(spaces[a.space], lang) if a.space in spaces else "?"
        price = coins(_SEEN["price"].get(a.space, 1), lang)
        return t(f"jorvik.action.{k}{'_brown' if a.brown else ''}", lang, space=a.space, card=card, price=price,
                 notation=notation)
    if k == "buy":
        offer = _SEEN["offer"]
        card = card_named(offer[0], lang) if offer else "?"
        price = coins(offer[1], lang) if offer else "?"
        if a.with_card:
            return t("jorvik.action.buy_with_card", lang, card=card, paid="…", notation=notation)
        return t("jorvik.action.buy", lang, card=card, price=price, notation=notation)
    if k == "withdraw":
        offer = _SEEN["offer"]
        return t("jorvik.action.withdraw", lang, card=card_named(offer[0], lang) if offer else "?", notation=notation)
    if k == "skip":
        key = {"jorvik_demand": "skip_brown", "jorvik_traitor_swap": "skip_traitor",
               "jorvik_picts_double": "skip_double", "jorvik_picts_protect": "skip_pay"}.get(decision or "", "skip")
        return t(f"jorvik.action.{key}", lang, notation=notation)
    if k == "swap":
        return t("jorvik.action.swap", lang, a=a.a, b=a.b, notation=notation)
    if k in ("double", "pay"):
        return t(f"jorvik.action.{k}", lang, card="…", coins="…", notation=notation)
    if k == "use":
        return t("jorvik.action.use", lang, card=card_named(a.card, lang), notation=notation)
    if k in ("craft", "pick"):
        return t(f"jorvik.action.{k}", lang, good=good_name(a.good, lang), card=card_named(a.card, lang),
                 notation=notation)
    if k == "take" and a.good == "coin":
        return t("jorvik.action.take_coin", lang, notation=notation)
    if k in ("sell", "sacrifice", "store", "give", "take"):
        return t(f"jorvik.action.{k}", lang, good=good_name(a.good, lang), notation=notation)
    if k == "done":
        return t("jorvik.action.done_pick" if decision == "jorvik_pick" else "jorvik.action.done", lang,
                 notation=notation)
    return t("jorvik.action.plain", lang, notation=notation)


# ---- board and the player's own area -------------------------------------------------------------------

def _fig(f: str, names: Sequence[str], lang: str) -> str:
    brown = f.endswith("b")
    seat = int(f.rstrip("b"))
    return t("jorvik.board.row_brown" if brown else "jorvik.board.row_item", lang,
             name=player_name(names, seat, lang))


def decision_text(view: Mapping[str, Any], lang: str) -> str:
    d = view.get("decision") or {}
    kind = str(d.get("kind") or "game_over")
    card, price = "?", "?"
    for sp in view.get("spaces") or []:
        if sp.get("row") and int(sp["row"][0].rstrip("b")) == d.get("player") and kind == "jorvik_purchase":
            card, price = card_named(sp["card"], lang), coins(len(sp["row"]), lang)
            break
    if kind == "jorvik_reserved_purchase" and view.get("reserved"):
        card, price = card_named(view["reserved"][0]["card"], lang), coins(len(view["reserved"]), lang)
    return t(f"jorvik.decision.{kind}", lang, card=card, price=price, win="…", cost="…")


def seat_lines(view: Mapping[str, Any], seat: int, lang: str, names: Sequence[str]) -> list[str]:
    s = (view.get("player_areas") or [])[seat]
    brown = t("jorvik.board.seat_brown", lang, n=s["brown"]) if s.get("brown") else ""
    lines = [t("jorvik.board.seat", lang, name=player_name(names, seat, lang), coins=coins(s["coins"], lang),
               vp=vp(s["vp"], lang), defence=s["defence"], vikings=s["vikings"], brown=brown)]
    if s.get("loading"):
        lines.append(t("jorvik.board.seat_loading", lang, cards=cards_phrase(s["loading"], lang)))
    if s.get("display"):
        lines.append(t("jorvik.board.seat_display", lang, cards=cards_phrase(s["display"], lang)))
    crafts = s.get("crafts") or {}
    if crafts:
        items = []
        for cid, filled in crafts.items():
            row = row_of(cid)
            needed = len(effects(row)["craft"]["needs"]) if row and "craft" in effects(row) else "?"
            goods = f" ({goods_phrase(filled, lang)})" if filled else ""
            items.append(t("jorvik.board.craft_item", lang, card=cid, filled=len(filled), needed=needed,
                           goods=goods))
        lines.append(t("jorvik.board.seat_crafts", lang, items=t("list.sep", lang).join(items)))
    if s.get("storage") or s.get("storage_spaces", 1) > 1:
        lines.append(t("jorvik.board.seat_storage", lang, spaces=s.get("storage_spaces", 1),
                       goods=goods_phrase(s.get("storage") or [], lang)))
    return lines


def board_lines(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> list[str]:
    """The public table: round, season and deck; every card space with its row and price; the reservation
    row; each player's coins, VP, defence, Vikings, loading area, display, crafts and storage; the goods."""
    lang = normalise_lang(lang)
    remember(view)
    lines: list[str] = []
    start = view.get("start_player", 0)
    mode = t(f"jorvik.board.mode_{view.get('mode', 'karl')}", lang)
    lines.append(t("jorvik.board.round", lang, round=view.get("round", 1),
                   season=t(f"jorvik.season.{view.get('season', 'winter')}", lang),
                   deck=tn("jorvik.word.cards", int(view.get("deck_left", 0)), lang),
                   name=player_name(names, start, lang), phase=t(f"jorvik.phase.{view.get('phase', 'demand')}", lang),
                   mode=mode))
    spaces = view.get("spaces") or []
    if not spaces:
        lines.append(t("jorvik.board.spaces_none", lang))
    for sp in spaces:
        goods = t("jorvik.board.goods_on", lang, goods=goods_phrase(sp["goods"], lang)) if sp.get("goods") else ""
        card = card_named(sp["card"], lang)
        if "row" not in sp:
            lines.append(t("jorvik.board.space_jarl", lang, space=sp["space"], card=card, goods=goods))
        elif sp["row"]:
            row = t("list.sep", lang).join(_fig(f, names, lang) for f in sp["row"])
            lines.append(t("jorvik.board.space", lang, space=sp["space"], card=card, goods=goods, row=row,
                           price=len(sp["row"])))
        else:
            lines.append(t("jorvik.board.space_empty_row", lang, space=sp["space"], card=card, goods=goods))
    if view.get("mode") == "jarl":
        res = view.get("reserved") or []
        if res:
            items = t("list.sep", lang).join(
                t("jorvik.board.reserved_item", lang, slot=r["slot"], card=card_named(r["card"], lang),
                  name=_fig(r["viking"], names, lang)) for r in res)
            lines.append(t("jorvik.board.reserved", lang, price=len(res), items=items))
        else:
            lines.append(t("jorvik.board.reserved_none", lang))
    for seat in range(len(view.get("player_areas") or [])):
        lines += seat_lines(view, seat, lang, names)
    lines.append(t("jorvik.board.supply", lang, goods=goods_phrase(view.get("supply") or {}, lang),
                   bag=view.get("bag_left", 0)))
    if view.get("pool") or view.get("pile"):
        pile = t("jorvik.board.pile", lang, goods=goods_phrase(view["pile"], lang)) if view.get("pile") else ""
        lines.append(t("jorvik.board.pool", lang, goods=goods_phrase(view.get("pool") or {}, lang), pile=pile))
    if view.get("is_over"):
        winners = list(view.get("winners") or [])
        if len(winners) == 1:
            lines.append(t("jorvik.board.over_one", lang, name=player_name(names, winners[0], lang)))
        elif winners:
            lines.append(t("jorvik.board.over_many", lang, names=_names(winners, names, lang)))
        return lines
    d = view.get("decision") or {}
    turn = d.get("player")
    if turn is not None:
        seat = int(turn)
        mine = view.get("you") is not None and seat == view.get("you")
        lines.append(t(you_key("jorvik.board.turn", mine), lang, name=player_name(names, seat, lang),
                       what=decision_text(view, lang)))
    return lines


def hand_lines(view: Mapping[str, Any], lang: str, name: str | None = None) -> list[str]:
    """The viewer's own area (nothing is hidden in Jórvík, this is only the short view of one's own things)."""
    lang = normalise_lang(lang)
    remember(view)
    you = view.get("you")
    areas = view.get("player_areas") or []
    if you is None or not 0 <= you < len(areas):
        return []
    s = areas[you]
    nothing = t("jorvik.board.nothing", lang)
    args = dict(coins=coins(s["coins"], lang), vp=vp(s["vp"], lang), defence=s["defence"],
                loading=cards_phrase(s["loading"], lang) if s["loading"] else nothing,
                display=cards_phrase(s["display"], lang) if s["display"] else nothing,
                storage=goods_phrase(s["storage"], lang) if s["storage"] else nothing)
    lines = [t("jorvik.hand.line", lang, name=name, **args) if name else t("jorvik.hand.you", lang, **args)]
    d = view.get("decision") or {}
    if d.get("player") == you and view.get("pool"):
        lines.append(t("jorvik.hand.pool", lang, goods=goods_phrase(view["pool"], lang)))
    return lines


def status(view: Mapping[str, Any], lang: str) -> str:
    remember(view)
    return t("jorvik.ui.status", lang, season=t(f"jorvik.season.{view.get('season', 'winter')}", lang),
             deck=view.get("deck_left", 0), phase=t(f"jorvik.phase.{view.get('phase', 'demand')}", lang))
