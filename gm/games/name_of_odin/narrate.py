"""In the Name of Odin's narrator: events, refusals, actions, the board and the hand as sentences in EN, DE or FR.

Every sentence comes from `locales/<lang>.toml` beside this file (keys `name-of-odin.*`), in each edition's own
words (Mead Hall / Methalle / Hall à Hydromel, longship / Langschiff / drakkar, ...); this module only chooses
the template and fills in names, cards, Vikings and figures. Events hold public facts only (cards drawn into a
hand are counted, never named), so nothing here can reveal a hand.

Cards are named by their code and, where it helps, their two symbols: "WR (Warrior · Recruitment)". Heroes,
buildings, longships and raids are named from the card data: the names of the reconstructed set, else the code
as a name (a typed-in card file's own codes).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.name_of_odin.actions import (
    EVENT_ADAPTER,
    AddCard,
    Build,
    BuildingBuilt,
    BuildingOfferCycled,
    BuyShip,
    CardsExchanged,
    EndTurn,
    Exchange,
    ExchangeDone,
    ExchangeFinished,
    FameReceived,
    GameEnded,
    Gather,
    HeroAbilityUsed,
    HeroLeft,
    HeroRecruited,
    LongshipBought,
    LongshipDamaged,
    LongshipRepaired,
    LongshipReturned,
    Match,
    OfferRefilled,
    OfferRefreshed,
    Pass,
    Raid,
    RaidCardAdded,
    RaidCardsRevealed,
    RaidCardTaken,
    RaidDeclared,
    RaidMatched,
    RaidPassed,
    Recruit,
    Refresh,
    Release,
    Repair,
    ReturnShip,
    SeaReplenished,
    StopTaking,
    TakeCard,
    TakeViking,
    TakingStopped,
    Token,
    TokenObtained,
    TurnEnded,
    UseHero,
    VikingsGathered,
    VikingsReleased,
    VikingTaken,
)
from engine.name_of_odin.cards import BUILDING_TYPES, default_set
from engine.name_of_odin.game import GAME as NOO
from gm.i18n import join_list, normalise_lang, t, tn
from gm.narrate.common import as_action, explain_generic, illegal_parts, player_name

GAME = "name-of-odin"
P = GAME + "."
VIKINGS = "WTS"


def _t(key: str, lang: str, **params: Any) -> str:
    return t(P + key, lang, **params)


def _tn(key: str, n: int, lang: str, **params: Any) -> str:
    return tn(P + key, n, lang, **params)


# ---- names -------------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _default_names() -> dict[str, tuple[str, str]]:
    """code -> (class, name) of the reconstructed set."""
    cs = default_set()
    out: dict[str, tuple[str, str]] = {}
    for cls, rows in (("hero", cs.heroes), ("building", cs.buildings), ("ship", cs.ships), ("raid", cs.raids)):
        for row in rows:
            out[row.code] = (cls, row.name)
    return out


def _building_types() -> dict[str, int]:
    return {b.code: b.type for b in default_set().buildings}


def thing(code: Any, cs: Any = None) -> str:
    """The name of a hero, building, longship or raid: from the card set in play when given, else the
    reconstructed set's, else the code written as a name."""
    c = str(code)
    if cs is not None:
        for rows in (cs.heroes, cs.buildings, cs.ships, cs.raids):
            for row in rows:
                if row.code == c:
                    return str(row.name)
    found = _default_names().get(c)
    return found[1] if found else c[:1].upper() + c[1:]


def building_type(code: Any, lang: str, cs: Any = None) -> str | None:
    """The localised type of a building code ("Forge", "Schmiede"), or None."""
    types = {b.code: b.type for b in cs.buildings} if cs is not None else _building_types()
    i = types.get(str(code))
    return None if i is None else _t(f"btype.{BUILDING_TYPES[i]}", lang)


def building(code: Any, lang: str, cs: Any = None) -> str:
    """"Great Forge (Forge)"."""
    kind = building_type(code, lang, cs)
    name = thing(code, cs)
    return name if kind is None or kind.lower() == name.lower() else _t("building_named", lang, name=name, type=kind)


def type_gloss(card: str, lang: str) -> str:
    """"Warrior · Recruitment" for the card type (or code) WR / WR3."""
    c = str(card).upper()
    if len(c) < 2 or c[0] not in VIKINGS or c[1] not in "RCN":
        return c
    return _t("card.gloss", lang, viking=_t(f"vik.{c[0]}.name", lang), symbol=_t(f"sym.{c[1]}", lang))


def card(card: str, lang: str) -> str:
    """"WR (Warrior · Recruitment)"."""
    return _t("card.one", lang, code=str(card).upper(), gloss=type_gloss(card, lang))


def cards(codes: Sequence[str], lang: str) -> str:
    """Several cards by code ("WR WC TC"), one with its symbols; "none" for none."""
    codes = [str(c).upper() for c in codes]
    if not codes:
        return _t("card.none", lang)
    if len(codes) == 1:
        return card(codes[0], lang)
    return " ".join(codes)


def _triple(v: Any) -> tuple[int, int, int]:
    if isinstance(v, Mapping):
        return (int(v.get("W", 0)), int(v.get("T", 0)), int(v.get("S", 0)))
    if isinstance(v, str):
        return (v.count("W"), v.count("T"), v.count("S"))
    try:
        a, b, c = v
        return (int(a), int(b), int(c))
    except (TypeError, ValueError):
        return (0, 0, 0)


def vikings(v: Any, lang: str, empty: str | None = None) -> str:
    """"2 Warriors and 1 Trader" for (2, 1, 0), {"W": 2, "T": 1}, or "WWT"; `empty` (default "no Vikings")
    when all are 0."""
    w = _triple(v)
    parts = [_tn(f"vik.{VIKINGS[i]}", n, lang) for i, n in enumerate(w) if n]
    if not parts:
        return empty if empty is not None else _t("vik.none", lang)
    return join_list(parts, lang)


def viking_word(letter: str, lang: str, n: int = 1) -> str:
    """"Warrior" / "Warriors" (no number)."""
    key = "name" if n == 1 else "names"
    return _t(f"vik.{str(letter).upper()}.{key}", lang)


def symbol_word(letter: str, lang: str) -> str:
    return _t(f"sym.{str(letter).upper()}", lang)


def _seat(names: Sequence[str] | None, seat: Any, lang: str) -> str:
    return player_name(names, seat, lang)


# ---- events ------------------------------------------------------------------------------------------------


def _as_event(event: Any) -> Any:
    if isinstance(event, Mapping):
        try:
            return EVENT_ADAPTER.validate_python(dict(event))
        except ValueError:
            return None
    return event


def _event_line(e: Any, lang: str, names: Sequence[str], viewer: int | None) -> str | None:
    def who(seat: Any) -> str:
        return _seat(names, seat, lang)

    if isinstance(e, CardsExchanged):
        return _t("event.exchanged", lang, name=who(e.player), gave=card(e.gave, lang), took=card(e.took, lang))
    if isinstance(e, OfferRefreshed):
        line = _t("event.refreshed", lang, name=who(e.player), card=card(e.discarded, lang),
                  offer=" ".join(e.offer))
        return line + (" " + _t("event.reshuffled", lang) if e.reshuffled else "")
    if isinstance(e, ExchangeFinished):
        return _t("event.exchange_finished", lang, name=who(e.player))
    if isinstance(e, VikingsGathered):
        line = _t("event.gathered", lang, name=who(e.player), vikings=_tn(f"vik.{e.viking}", e.gained, lang),
                  paid=cards(e.paid, lang))
        if e.bonus:
            line += " " + _t("event.gather_bonus", lang, n=e.bonus)
        if e.missing:
            line += " " + _t("event.gather_short", lang, missing=_tn(f"vik.{e.viking}", e.missing, lang))
        return line
    if isinstance(e, VikingTaken):
        return _t("event.viking_taken", lang, name=who(e.player), viking=viking_word(e.viking, lang),
                  source=who(e.source))
    if isinstance(e, TakingStopped):
        return _t("event.taking_stopped", lang, name=who(e.player), missing=_tn(f"vik.{e.viking}", e.missing, lang))
    if isinstance(e, VikingsReleased):
        return _t("event.released", lang, name=who(e.player), vikings=vikings(e.vikings, lang))
    if isinstance(e, HeroRecruited):
        line = _t("event.recruited", lang, name=who(e.player), hero=thing(e.hero), paid=cards(e.paid, lang),
                  cost=e.cost)
        if e.fame:
            line += " " + _tn("event.recruit_fame", e.fame, lang)
        if e.replaced:
            line += " " + _t("event.hero_replaced", lang, hero=thing(e.replaced))
        if e.revealed:
            line += " " + _t("event.hero_revealed", lang, hero=thing(e.revealed))
        return line
    if isinstance(e, HeroAbilityUsed):
        got: list[str] = []
        if any(e.vikings):
            got.append(vikings(e.vikings, lang))
        if e.cards_drawn:
            got.append(_tn("word.cards_drawn", e.cards_drawn, lang))
        if e.tokens:
            got.append(_tn("word.tokens", e.tokens, lang))
        if e.repaired:
            got.append(_tn("word.repaired", e.repaired, lang))
        if e.returned:
            got.append(_t("word.returned", lang, ships=join_list([thing(s) for s in e.returned], lang)))
        if e.fame:
            got.append(_tn("word.fame", e.fame, lang))
        what = join_list(got, lang) if got else _t("word.nothing", lang)
        line = _t("event.ability", lang, name=who(e.player), hero=thing(e.hero), what=what)
        return line + (" " + _t("event.reshuffled", lang) if e.reshuffled else "")
    if isinstance(e, BuildingBuilt):
        line = _t("event.built", lang, name=who(e.player), building=building(e.building, lang),
                  paid=cards(e.paid, lang))
        if e.revealed:
            line += " " + _t("event.offer_new", lang, thing=building(e.revealed, lang))
        return line
    if isinstance(e, BuildingOfferCycled):
        return _t("event.buildings_cycled", lang,
                  offer=join_list([building(b, lang) for b in e.offer], lang) or _t("word.nothing", lang))
    if isinstance(e, TokenObtained):
        return _t("event.token", lang, name=who(e.player), cost=e.cost, paid=cards(e.paid, lang),
                  tokens=_tn("word.tokens", e.tokens, lang))
    if isinstance(e, LongshipBought):
        line = _t("event.bought", lang, name=who(e.player), ship=thing(e.ship), paid=cards(e.paid, lang))
        if e.revealed:
            line += " " + _t("event.offer_new", lang, thing=thing(e.revealed))
        return line
    if isinstance(e, LongshipReturned):
        return _t("event.returned", lang, name=who(e.player), ship=thing(e.ship), paid=cards(e.paid, lang))
    if isinstance(e, LongshipRepaired):
        return _t("event.repaired", lang, name=who(e.player), ship=thing(e.ship), paid=cards(e.paid, lang),
                  damage=e.damage)
    if isinstance(e, RaidDeclared):
        discount = vikings(e.discount, lang, empty="")
        line = _t("event.raid", lang, name=who(e.player), raid=thing(e.raid), zone=_t(f"zone.{e.zone}", lang),
                  ship=thing(e.ship), range=e.range, need=vikings(e.need, lang),
                  paid=vikings(e.paid, lang))
        if discount:
            line += " " + _t("event.raid_discount", lang, discount=discount)
        return line
    if isinstance(e, RaidCardAdded):
        return _t("event.added", lang, name=who(e.player), card=card(e.card, lang))
    if isinstance(e, RaidPassed):
        return _t("event.add_passed", lang, name=who(e.player))
    if isinstance(e, RaidCardsRevealed):
        line = _t("event.revealed", lang, cards=" ".join(e.cards) or _t("card.none", lang),
                  table=" ".join(e.table) or _t("card.none", lang))
        return line + (" " + _t("event.reshuffled", lang) if e.reshuffled else "")
    if isinstance(e, RaidMatched):
        line = _t("event.matched", lang, name=who(e.player), played=cards(e.played, lang),
                  matched=" ".join(e.matched) or _t("card.none", lang),
                  unmatched=" ".join(e.unmatched) or _t("card.none", lang))
        if e.wild:
            line += " " + _tn("event.wild", e.wild, lang)
        return line
    if isinstance(e, FameReceived):
        parts = [_t("fame.raid", lang, n=e.raid_fame)]
        if e.zone_fame:
            parts.append(_t("fame.zone", lang, n=e.zone_fame))
        if e.bonus:
            parts.append(_t("fame.bonus", lang, n=e.bonus))
        parts.append(_t("fame.adjust", lang, n=f"{e.adjustment:+d}"))
        return _t("event.fame", lang, name=who(e.player), gained=_tn("word.fame", e.gained, lang),
                  raid=thing(e.raid), parts=", ".join(parts), fame=e.fame)
    if isinstance(e, LongshipDamaged):
        if e.destroyed:
            return _t("event.destroyed", lang, ship=thing(e.ship), name=who(e.player), damage=e.damage)
        if not e.damage:
            return _t("event.undamaged", lang, ship=thing(e.ship), name=who(e.player))
        return _t("event.damaged", lang, ship=thing(e.ship), name=who(e.player), damage=e.damage, range=e.range)
    if isinstance(e, SeaReplenished):
        line = _t("event.sea_moved", lang, raid=thing(e.revealed)) if e.revealed else _t("event.sea_empty", lang)
        if e.token and e.new_token:
            line += " " + _t("event.token_swapped", lang, zone=_t(f"zone.{e.zone}", lang),
                             old=viking_word(e.token, lang), new=viking_word(e.new_token, lang))
        return line
    if isinstance(e, RaidCardTaken):
        return _t("event.card_taken", lang, name=who(e.player), card=card(e.card, lang))
    if isinstance(e, OfferRefilled):
        line = _t("event.offer_refilled", lang, cards=" ".join(e.cards))
        return line + (" " + _t("event.reshuffled", lang) if e.reshuffled else "")
    if isinstance(e, HeroLeft):
        return _t("event.hero_left", lang, hero=thing(e.hero), name=who(e.player))
    if isinstance(e, TurnEnded):
        line = _t("event.turn_ended", lang, name=who(e.player), drew=_tn("word.cards", e.drew, lang),
                  next=who(e.next_player))
        return line + (" " + _t("event.reshuffled", lang) if e.reshuffled else "")
    if isinstance(e, GameEnded):
        scores = ", ".join(f"{who(i)} {s.total}" for i, s in enumerate(e.scores))
        winners = list(e.winners)
        if len(winners) == 1:
            return _t("event.win", lang, name=who(winners[0]), scores=scores)
        return _t("event.tie", lang, names=join_list([who(w) for w in winners], lang), scores=scores)
    return None


def narrate(events: Sequence[Any], lang: str, names: Sequence[str], viewer: int | None = None) -> list[str]:
    """One line per event, in `lang`; the events may be the engine's dataclasses or their JSON; unknown ones
    are skipped."""
    lang = normalise_lang(lang)
    out: list[str] = []
    for raw in events:
        line = _event_line(_as_event(raw), lang, names, viewer)
        if line:
            out.append(line)
    return out


# ---- refusals ------------------------------------------------------------------------------------------------


def _list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return value.split()
    if isinstance(value, list | tuple | set | frozenset):
        return [str(v) for v in value]
    return [str(value)]


def explain(illegal: Any, lang: str, names: Sequence[str] | None = None) -> str:
    """The engine's reason as a sentence in the game's terms, with the figures."""
    lang = normalise_lang(lang)
    code, p = illegal_parts(illegal)
    key = f"refuse.{code}"
    if code == "wrong_decision":
        decision = str(p.get("decision", ""))
        who = _seat(names, p.get("player"), lang) if p.get("player") is not None else "?"
        return _t(f"refuse.wrong_decision.{decision}" if decision.startswith("noo_") or decision == "game_over"
                  else "refuse.wrong_decision.other", lang, name=who)
    if code == "unknown_card_type":
        return _t(key, lang, card=p.get("card", "?"))
    if code == "cards_not_in_hand":
        have = int(p.get("have", 0) or 0)
        return _t(key if have else key + "_none", lang, card=card(str(p.get("card", "?")), lang),
                  need=p.get("need", "?"), have=have)
    if code == "card_not_in_offer":
        return _t(key, lang, card=card(str(p.get("card", "?")), lang), offer=" ".join(_list(p.get("offer"))))
    if code in ("same_type",):
        return _t(key, lang, card=card(str(p.get("card", "?")), lang))
    if code == "gather_one_to_three":
        return _t(key, lang, count=p.get("count", "?"))
    if code == "gather_mixed_vikings":
        return _t(key, lang, cards=" ".join(_list(p.get("cards"))))
    if code == "hero_not_in_offer":
        offer = join_list([thing(h) for h in _list(p.get("offer"))], lang)
        return _t(key, lang, hero=thing(p.get("hero", "?")), offer=offer or _t("word.nothing", lang))
    if code in ("not_your_hero", "raid_ability_only"):
        return _t(key, lang, hero=thing(p.get("hero", "?")))
    if code == "building_not_in_offer":
        b = str(p.get("building", "?"))
        offer = join_list([building(x, lang) for x in _list(p.get("offer"))], lang) or _t("word.nothing", lang)
        if b in BUILDING_TYPES:
            return _t(key + "_type", lang, type=_t(f"btype.{b}", lang), offer=offer)
        return _t(key, lang, building=building(b, lang), offer=offer)
    if code == "building_space_taken":
        return _t(key, lang, type=_t(f"btype.{p.get('type', 'forge')}", lang))
    if code == "token_limit":
        return _t(key, lang, tokens=_tn("word.tokens", int(p.get("tokens", 0) or 0), lang),
                  spaces=p.get("empty_spaces", "?"))
    if code == "longship_not_in_offer":
        offer = join_list([thing(s) for s in _list(p.get("offer"))], lang) or _t("word.nothing", lang)
        return _t(key, lang, ship=thing(p.get("ship", "?")), offer=offer)
    if code == "no_free_shore_space":
        return _t(key, lang, ships=p.get("ships", "?"), spaces=p.get("spaces", "?"))
    if code == "not_your_longship":
        ship = str(p.get("ship", "") or "")
        return _t(key if ship else key + "_none", lang, ship=thing(ship) if ship else "")
    if code in ("longship_not_away", "longship_not_damaged", "longship_away"):
        return _t(key, lang, ship=thing(p.get("ship", "?")))
    if code == "wrong_symbol":
        return _t(key, lang, cards=" ".join(_list(p.get("cards"))), symbol=symbol_word(str(p.get("symbol", "?")),
                                                                                         lang))
    if code == "wrong_payment":
        allowed = [int(x) for x in _list(p.get("allowed")) if str(x).isdigit()]
        cost = int(p.get("cost", 0) or 0)
        n = int(p.get("cards", 0) or 0)
        sym = symbol_word(str(p.get("symbol", "?")), lang)
        if not allowed:
            return _t(key + "_none", lang, cost=cost, symbol=sym)
        if len(allowed) == 1:
            return _t(key, lang, cost=cost, symbol=sym, n=n, allowed=allowed[0])
        return _t(key + "_building", lang, cost=cost, symbol=sym, n=n,
                  allowed=join_list([str(a) for a in sorted(allowed)], lang, "or"))
    if code == "raid_not_in_sea":
        return _t(key, lang, raid=thing(p.get("raid", "?")))
    if code == "raid_out_of_range":
        return _t(key, lang, raid=thing(p.get("raid", "?")), needs=p.get("needs", "?"), range=p.get("range", "?"))
    if code == "raid_lacks_vikings":
        need, disc, pay, held = (_triple(p.get(k, {})) for k in ("need", "discount", "pay", "have"))
        short = tuple(max(0, pay[i] - held[i]) for i in range(3))
        have_of = tuple(held[i] if short[i] else 0 for i in range(3))
        line = _t(key, lang, raid=thing(p.get("raid", "?")), need=vikings(need, lang),
                  have=vikings(have_of, lang, empty=_t("vik.none", lang)))
        if any(disc):
            line += " " + _t(key + "_discount", lang, discount=vikings(disc, lang), pay=vikings(pay, lang))
        return line
    if code == "raid_pay_one_viking":
        choices = join_list([viking_word(c, lang) for c in _list(p.get("choices"))], lang, "or")
        return _t(key, lang, choices=choices or "?")
    if code == "release_wrong":
        forbidden = p.get("forbidden")
        line = _t(key, lang, count=_tn("word.vikings", int(p.get("count", 0) or 0), lang))
        if forbidden:
            line += " " + _t(key + "_forbidden", lang, viking=viking_word(str(forbidden), lang, 2))
        return line
    if code == "not_most_vikings":
        choices = join_list([_seat(names, c, lang) for c in _list(p.get("choices"))], lang, "or")
        return _t(key, lang, name=_seat(names, p.get("seat"), lang), choices=choices or _t("word.nobody", lang))
    if code == "match_at_most_three":
        return _t(key, lang, count=p.get("count", "?"))
    if code == "no_matching_symbol":
        return _t(key, lang, table=" ".join(_list(p.get("table"))) or _t("card.none", lang))
    if code in ("game_over", "unknown_action", "exchange_used", "no_exchange_open", "no_construction_token",
                "no_tokens_in_stock", "raid_needs_hero", "raid_pay_not_needed", "table_full", "not_legal_here"):
        return _t(key, lang)
    return explain_generic(code, p, lang, names, game=GAME)


# ---- actions ---------------------------------------------------------------------------------------------------


def _paying(paid: Sequence[str], lang: str) -> str:
    return _t("action.paying", lang, cards=" ".join(paid)) if paid else ""


def describe_action(action: Any, lang: str) -> str:
    """One candidate move, readable, then its notation: "gather 3 Warriors, paying WR WC (gather WR WC)"."""
    lang = normalise_lang(lang)
    a = as_action(NOO, action)
    if a is None:
        return str(action)
    notation = NOO.to_notation(a)

    def say(key: str, **p: Any) -> str:
        return _t(f"action.{key}", lang, notation=notation, **p)

    if isinstance(a, EndTurn):
        return say("end")
    if isinstance(a, Exchange):
        return say("exchange", give=card(a.give, lang), take=card(a.take, lang))
    if isinstance(a, Refresh):
        return say("refresh", card=card(a.card, lang))
    if isinstance(a, ExchangeDone):
        return say("exchange_done")
    if isinstance(a, Gather):
        n = (0, 1, 3, 6)[len(a.cards)] if a.cards else 0
        return say("gather", vikings=_tn(f"vik.{a.cards[0][0]}", n, lang) if a.cards else "?",
                   paying=_paying(a.cards, lang))
    if isinstance(a, Recruit):
        return say("recruit", hero=thing(a.hero), paying=_paying(a.cards, lang))
    if isinstance(a, UseHero):
        return say("use", hero=thing(a.hero))
    if isinstance(a, Build):
        return say("build", building=building(a.building, lang), paying=_paying(a.cards, lang))
    if isinstance(a, Token):
        return say("token", paying=_paying(a.cards, lang))
    if isinstance(a, BuyShip):
        return say("buy", ship=thing(a.ship), paying=_paying(a.cards, lang))
    if isinstance(a, ReturnShip):
        return say("return", ship=thing(a.ship), paying=_paying(a.cards, lang))
    if isinstance(a, Repair):
        return say("repair", ship=thing(a.ship), paying=_paying(a.cards, lang))
    if isinstance(a, Raid):
        if a.pay:
            return say("raid_pay", raid=thing(a.raid), ship=thing(a.ship), viking=viking_word(a.pay, lang))
        return say("raid", raid=thing(a.raid), ship=thing(a.ship))
    if isinstance(a, Release):
        return say("release", vikings=vikings("".join(a.vikings), lang))
    if isinstance(a, TakeViking):
        return say("take_viking", seat=a.seat + 1)
    if isinstance(a, StopTaking):
        return say("stop")
    if isinstance(a, AddCard):
        return say("add", card=card(a.card, lang))
    if isinstance(a, Pass):
        return say("pass")
    if isinstance(a, Match):
        if not a.cards:
            return say("match_none")
        return say("match", cards=cards(a.cards, lang))
    if isinstance(a, TakeCard):
        return say("take", card=card(a.card, lang))
    return notation


# ---- board and hand --------------------------------------------------------------------------------------------


def board_lines(view: Mapping[str, Any], lang: str, names: Sequence[str], cs: Any = None) -> list[str]:
    """The public table from `view` (NameOfOdinGame.view(...).to_json()): offers, the sea, each village, whose
    decision it is."""
    lang = normalise_lang(lang)
    out: list[str] = []
    out.append(_t("board.offer", lang, cards=" ".join(view.get("offer") or []) or "—",
                  deck=view.get("deck", 0), discard=view.get("discard", 0)))
    heroes = []
    for h in view.get("hero_offer") or []:
        if h.get("hero") is None:
            continue
        fame = " " + _t("board.hero_fame", lang, n=h.get("fame")) if h.get("fame") else ""
        heroes.append(_t("board.hero_item", lang, hero=thing(h["hero"], cs), cost=h.get("cost"), fame=fame))
    out.append(_t("board.heroes", lang, heroes=" · ".join(heroes) or "—"))
    out.append(_t("board.buildings", lang, buildings=" · ".join(
        building(b, lang, cs) for b in view.get("building_offer") or []) or "—"))
    out.append(_t("board.longships", lang, ships=" · ".join(
        _t("board.ship_offer_item", lang, ship=thing(s, cs), range=_ship_range(s, cs)) for s in
        view.get("longship_offer") or []) or "—"))
    zones: dict[str, list[Mapping[str, Any]]] = {}
    for sp in view.get("sea") or []:
        zones.setdefault(str(sp.get("zone")), []).append(sp)
    parts = []
    for zone, spaces in zones.items():
        first = spaces[0]
        raids = ", ".join(_raid_item(str(sp["raid"]), lang, cs) if sp.get("raid") else "—" for sp in spaces)
        extra = []
        if first.get("token"):
            extra.append(_t("board.zone_token", lang, viking=viking_word(first["token"], lang)))
        if first.get("fame"):
            extra.append(_t("board.zone_fame", lang, n=first["fame"]))
        parts.append(_t("board.zone", lang, zone=_t(f"zone.{zone}", lang), range=first.get("range"), raids=raids,
                        extra="".join(", " + x for x in extra)))
    out.append(_t("board.sea", lang, zones=" | ".join(parts), left=view.get("raid_deck", 0)))
    if view.get("raid_table"):
        out.append(_t("board.raid_table", lang, cards=" ".join(view["raid_table"])))
    hall = view.get("mead_hall") or {}
    out.append(_t("board.hall", lang, vikings=vikings(hall, lang), tokens=view.get("construction_stock", 0)))
    for seat, v in enumerate(view.get("villages") or []):
        out.append(_village(seat, v, lang, names, cs))
    if view.get("is_over"):
        winners = list(view.get("winners") or [])
        out.append(_t("board.over", lang, names=join_list([_seat(names, w, lang) for w in winners], lang)))
        return out
    decision = view.get("decision") or {}
    to_move = decision.get("player")
    if to_move is not None:
        out.append(_t(f"board.decision.{decision.get('kind')}", lang, name=_seat(names, to_move, lang)))
    return out


def _ship_range(code: str, cs: Any) -> Any:
    rows = cs.ships if cs is not None else default_set().ships
    return next((s.range for s in rows if s.code == code), "?")


def _raid_item(code: str, lang: str, cs: Any) -> str:
    rows = cs.raids if cs is not None else default_set().raids
    row = next((r for r in rows if r.code == code), None)
    if row is None:
        return thing(code, cs)
    need = "".join("W" * row.need[0] + "T" * row.need[1] + "S" * row.need[2])
    return _t("board.raid_item", lang, raid=row.name, vikings=need, fame=row.fame)


def _village(seat: int, v: Mapping[str, Any], lang: str, names: Sequence[str], cs: Any) -> str:
    parts = [_t("board.v_fame", lang, fame=v.get("fame", 0)),
             _t("board.v_vikings", lang, vikings=vikings(v.get("vikings") or {}, lang), limit=v.get("viking_limit"))]
    if v.get("hero"):
        parts.append(_t("board.v_hero", lang, hero=thing(v["hero"], cs)))
    if v.get("buildings"):
        parts.append(_t("board.v_buildings", lang,
                        buildings=", ".join(building(b, lang, cs) for b in v["buildings"])))
    if v.get("construction_tokens"):
        parts.append(_tn("word.tokens", int(v["construction_tokens"]), lang))
    ships = []
    for s in v.get("longships") or []:
        state = []
        if s.get("damage"):
            state.append(_t("board.damage", lang, n=s["damage"]))
        if s.get("away"):
            state.append(_t("board.away", lang))
        ships.append(_t("board.ship_item", lang, ship=thing(s.get("ship"), cs), range=s.get("range"),
                        state=(", " + ", ".join(state)) if state else ""))
    parts.append(_t("board.v_ships", lang, ships=", ".join(ships) or "—", spaces=v.get("longship_spaces", 1)))
    if v.get("raids"):
        parts.append(_t("board.v_raids", lang, raids=", ".join(thing(r, cs) for r in v["raids"])))
    parts.append(_tn("word.cards_in_hand", int(v.get("hand_size", 0) or 0), lang))
    return _t("board.village", lang, name=_seat(names, seat, lang), parts=" · ".join(parts))


def hand_line(view: Mapping[str, Any], lang: str, name: str | None = None) -> list[str]:
    """The viewer's hand with both symbols of each card: "Your hand (6): WR1 Warrior · Recruitment, ..."."""
    lang = normalise_lang(lang)
    hand = view.get("hand")
    if hand is None:
        return [_t("hand.none", lang)]
    if not hand:
        return [_t("hand.empty", lang)]
    items = ", ".join(_t("hand.item", lang, code=c, gloss=type_gloss(c, lang)) for c in hand)
    if name:
        return [_t("hand.named", lang, name=name, n=len(hand), cards=items)]
    return [_t("hand.line", lang, n=len(hand), cards=items)]
