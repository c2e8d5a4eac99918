"""Jórvík's answers from the engine, not the digest: what a card costs now, everyone's defence points, what
everyone would score if the game ended now, coins, VP, the moves now, the deck; positions the question itself
describes ("what would a row of 3 Vikings cost me?", "what do 3 feasts score?"); what a card does, from the
card data in play (`/card NAME`, "what does the oracle do?"); and the final scoring's breakdown.

Only questions of these shapes are answered here; everything else goes to the rules digest.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from engine.jorvik.cards import default_cards
from engine.jorvik.game import GAME, ROW_MAX, defence_of
from gm.games.jorvik import narrate
from gm.games.jorvik.narrate import card_name, card_named, coins, good_name
from gm.i18n import join_list, t, tn
from gm.narrate.common import player_name
from gm.text import fold, players_said

SECTIONS = {
    "price": ["jorvik.purchase.price", "jorvik.purchase.decline"],
    "reserve": ["jorvik.jarl.reserved_purchase"],
    "defence": ["jorvik.picts.defence"],
    "final": ["jorvik.end.final_scoring"],
    "income": ["jorvik.loading.income"],
    "deck": ["jorvik.end.trigger"],
    "feast": ["jorvik.cards.feasts"],
    "rows": ["jorvik.demand.rows"],
    "picts": ["jorvik.picts.defence", "jorvik.picts.ties"],
    "warriors": ["jorvik.cards.warriors", "jorvik.cards.defence"],
    "storage": ["jorvik.goods.storage", "jorvik.cards.warehouse"],
    "spaces": ["jorvik.offer.spaces"],
    "players": ["jorvik.setup.players"],
    "jarl": ["jorvik.jarl.differences"],
    "market": ["jorvik.goods.market_exchange"],
    "cash": ["jorvik.goods.coin_exchange"],
    "exchange": ["jorvik.cards.goods_buildings"],
    "oracle": ["jorvik.cards.oracles"],
    "decline": ["jorvik.purchase.decline", "jorvik.purchase.price"],
    "picts_ties": ["jorvik.picts.ties", "jorvik.picts.defence"],
    "doubled": ["jorvik.cards.defence", "jorvik.cards.warriors"],
    "warehouse": ["jorvik.cards.warehouse", "jorvik.goods.storage"],
    "skald": ["jorvik.cards.skalds", "jorvik.end.final_scoring"],
    "craft": ["jorvik.cards.crafts", "jorvik.end.final_scoring"],
    "trader": ["jorvik.cards.traders", "jorvik.end.final_scoring"],
    "raid": ["jorvik.cards.raids", "jorvik.end.final_scoring"],
    "building": ["jorvik.cards.warehouse", "jorvik.end.final_scoring"],
}

COST = re.compile(
    r"\b(cost|costs|price|pay|kostet|kosten|preis|zahle|zahlen|coute|coutent|couter|prix|paie|payer)\b")
DEFENCE = re.compile(r"\b(defen[cs]e|verteidigung\w*|abwehr|defense|defence)\b")
SCORE_NOW = re.compile(
    r"\b(ended now|ends now|end now|were over|was over|final scor\w*|score (if|now)|would i (score|get|have)|"
    r"jetzt (endete|enden wurde|vorbei ware|zu ende ware|aufhoren wurde)|wenn das spiel jetzt|"
    r"schlusswertung|finale wertung|punkte am ende|finissait maintenant|s'arretait maintenant|"
    r"finissait la|decompte final|terminait maintenant|si la partie)\b")
COINS = re.compile(r"\b(how many coins|wie viele munzen|wie viel geld|combien de pieces|how much money)\b")
VP = re.compile(r"\b(score|scores|standings|victory points|how many points|punktestand|siegpunkte|wie viele punkte|"
                r"combien de points|points de victoire|le score)\b")
TURN = re.compile(r"\b(whose turn|who('s| is) (next|to play|to decide)|wer ist (dran|am zug)|a qui (le tour|de jouer)|"
                  r"c'est a qui)\b")
MOVES = re.compile(
    r"\bwhat (can|could|may|should) i (do|play)\b|\bmy (options|moves)\b|\blegal moves\b|"
    r"\bwas (kann|darf|soll) ich (jetzt |nun |denn |hier )?(machen|tun|spielen)\b|\bmeine (optionen|moglichkeiten)\b|"
    r"\b(que|quoi) (puis-je|peux-je|je peux) (faire|jouer)\b|\bqu'est-ce que je (peux|pourrais) faire\b|"
    r"\bmes options\b")
DECK = re.compile(r"\b(cards left|left in the deck|how many cards|karten (ubrig|im stapel|noch)|wie viele karten|"
                  r"cartes restantes|combien de cartes|reste-t-il)\b")
INCOME = re.compile(r"\b(income|einkommen|revenu)\b")
CARD_DOES = re.compile(
    r"^what\s+(?:does|do)\s+(?:the\s+|a\s+|an\s+|my\s+)?(?P<en>.+?)\s+(?:do|mean|give)\s*\??$"
    r"|^what(?:'s|\s+is|\s+are)\s+(?:the\s+|a\s+|an\s+)?(?P<en2>.+?)\s*\??$"
    r"|^was\s+(?:macht|bewirkt|kann|tut|bringt)\s+(?:der|die|das|ein|eine|den)?\s*(?P<de>.+?)\s*(?:genau)?\s*\??$"
    r"|^(?:que|qu'est-ce que)\s+(?:fait|font)\s+(?:le|la|les|l'|un|une)?\s*(?P<fr>.+?)\s*\??$"
    r"|^a quoi sert\s+(?:le|la|les|l'|un|une)?\s*(?P<fr2>.+?)\s*\??$")
ROW = re.compile(r"\b(?:row|reihe|file|line|queue)\b\D{0,30}?(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight|"
                 r"nine|ten|eins|zwei|drei|vier|funf|sechs|sieben|acht|neun|zehn|un|deux|trois|quatre|cinq|six|sept|"
                 r"huit|neuf|dix)\b|(?P<m>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|zwei|drei|vier|funf|"
                 r"sechs|sieben|acht|neun|zehn|deux|trois|quatre|cinq|sept|huit|neuf|dix)\s+(?:vikings?|wikingern?)"
                 r"(?:\s+in\s+(?:the|a)\s+row)?")
FEASTS = re.compile(r"\b(?P<n>\d|one|two|three|four|five|ein|zwei|drei|vier|funf|un|deux|trois|quatre|cinq)\s+"
                    r"(?:feasts?|gelage|feste|festins?|banquets?)\b")
WORD_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "ein": 1, "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "sechs": 6, "sieben": 7,
            "acht": 8, "neun": 9, "zehn": 10, "un": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7,
            "huit": 8, "neuf": 9, "dix": 10}


def _num(text: str | None) -> int | None:
    if not text:
        return None
    return int(text) if text.isdigit() else WORD_NUM.get(text)


def _answer(text: str, lang: str, section: str | None = None) -> Any:
    from gm.rules import Answer, cite

    return Answer(text, cite("jorvik", lang, SECTIONS.get(section or "", [])), 1.0, lang, "engine")


# ---- with a position -------------------------------------------------------------------------------------

def state_answer(question: str, lang: str, state: Any, player: int, names: Sequence[str]) -> Any:
    q = fold(question).strip()
    found = hypothetical_answer(question, lang, state)
    if found is not None:
        return found
    if SCORE_NOW.search(q):
        return _score_now(state, player, lang, names, mine=bool(re.search(r"\b(i|ich|je|me|moi|mir)\b", q)))
    if DEFENCE.search(q):
        items = t("list.sep", lang).join(
            t("jorvik.rules.defence_item", lang, name=player_name(names, p, lang), defence=defence_of(state, p))
            for p in range(state.players))
        return _answer(t("jorvik.rules.defence", lang, items=items), lang, "defence")
    if COST.search(q):
        found = _cost(q, state, player, lang, names)
        if found is not None:
            return found
    if INCOME.search(q):
        return _income(state, player, lang)
    if MOVES.search(q):
        return _moves(state, player, lang, names)
    if COINS.search(q):
        items = t("list.sep", lang).join(f"{player_name(names, p, lang)} {state.coins[p]}"
                                         for p in range(state.players))
        return _answer(t("jorvik.rules.coins", lang, items=items), lang)
    if TURN.search(q):
        seat = state.decision.player
        view = GAME.view(state, player).data
        return _answer(t("jorvik.rules.turn", lang, name=player_name(names, seat, lang) if seat is not None else "—",
                         what=narrate.decision_text(view, lang)), lang)
    if DECK.search(q):
        view = GAME.view(state, player).data
        return _answer(t("jorvik.rules.cards_left", lang, n=view["deck_left"],
                         season=t(f"jorvik.season.{view['season']}", lang)), lang, "deck")
    if VP.search(q):
        items = t("list.sep", lang).join(f"{player_name(names, p, lang)} {state.vp[p]}"
                                         for p in range(state.players))
        return _answer(t("jorvik.rules.vp", lang, items=items), lang, "final")
    return None


def _space_of(q: str, state: Any, player: int) -> list[int]:
    """The spaces (1-12) a question points at: "card 4", "Feld 3", "the ship", "le marchand d'ambre"."""
    m = re.search(r"\b(?:card|space|field|spot|karte|feld|platz|carte|case|emplacement)\s+(?:n[or]\.?\s*)?(\d{1,2})\b",
                  q)
    if m and 1 <= int(m.group(1)) <= 12:
        return [int(m.group(1))]
    from gm.games.jorvik.parse import PARSER, context, ref_fits

    intents, ctx, _ = PARSER.intents(q, state, player, question=True)
    refs = [r for it in intents for r in it.refs]
    out = []
    for sp, cid in context(state, player).spaces.items():
        if refs and any(ref_fits(r, ctx, cid, sp) for r in refs):
            out.append(sp)
    return out


def _cost(q: str, state: Any, player: int, lang: str, names: Sequence[str]) -> Any:
    d = state.decision
    spaces = _space_of(q, state, player)
    if d.kind in ("jorvik_purchase", "jorvik_reserved_purchase") and (not spaces or d.facts.get("space") in spaces):
        offered = str(d.facts["card"])
        if not spaces or state.spaces[spaces[0] - 1] >= 0 and state.cards.ids[state.spaces[spaces[0] - 1]] == offered:
            return _answer(t("jorvik.rules.cost_offer", lang, card=card_named(offered, lang),
                             name=player_name(names, d.player, lang), price=coins(d.facts["price"], lang)), lang,
                           "price")
    if not spaces:
        if re.search(r"\b(reserv\w*)\b", q) and state.jarl:
            return _answer(t("jorvik.rules.cost_reserved", lang, price=coins(len(state.reserved), lang)), lang,
                           "reserve")
        return None
    lines = []
    for sp in spaces[:4]:
        c = state.spaces[sp - 1]
        if c < 0:
            lines.append(t("jorvik.rules.no_space", lang, space=sp))
            continue
        cid = state.cards.ids[c]
        if sp > 6:
            lines.append(t("jorvik.rules.cost_jarl", lang, card=card_named(cid, lang), space=sp,
                           price=coins(len(state.reserved) + 1, lang)))
            continue
        row = state.rows[sp - 1]
        n = len(row)
        if n >= 8:
            lines.append(t("jorvik.rules.cost_row_full", lang, card=card_named(cid, lang), space=sp,
                           price=coins(n, lang)))
            continue
        lines.append(t("jorvik.rules.cost_now", lang, card=card_named(cid, lang), space=sp, n=n,
                       price=coins(max(n, 1), lang), place=n + 1, max=coins(n + 1, lang)))
    return _answer(" ".join(lines), lang, "price")


def _score_now(state: Any, player: int, lang: str, names: Sequence[str], mine: bool) -> Any:
    parts = GAME.final_scoring(state)
    if mine and 0 <= player < state.players:
        got = {k: v for k, v in parts[player].items() if v}
        if not got:
            return _answer(t("jorvik.rules.score_you_plain", lang, vp=state.vp[player]), lang, "final")
        return _answer(t("jorvik.rules.score_you", lang, total=state.vp[player] + sum(got.values()),
                         vp=state.vp[player], parts=_parts(got, lang)), lang, "final")
    items = []
    for p in range(state.players):
        got = {k: v for k, v in parts[p].items() if v}
        name = player_name(names, p, lang)
        if got:
            items.append(t("jorvik.rules.score_item", lang, name=name, vp=state.vp[p], parts=_parts(got, lang),
                           total=state.vp[p] + sum(got.values())))
        else:
            items.append(t("jorvik.rules.score_item_plain", lang, name=name, vp=state.vp[p]))
    return _answer(t("jorvik.rules.score_now", lang, items="; ".join(items)), lang, "final")


def _parts(got: dict[str, int], lang: str) -> str:
    return t("list.sep", lang).join(t("jorvik.rules.part", lang, type=t(f"jorvik.type.{k}", lang), vp=v)
                                    for k, v in got.items() if v)


def _income(state: Any, player: int, lang: str) -> Any:
    extra = sum(e["income"]["coins"] for cid in [*state.display[player], *state.loading[player]]
                for e in [narrate.effects(state.cards.data["cards"][cid])] if "income" in e)
    base = 1 + (1 if state.jarl else 0)
    jarl = t("jorvik.rules.income_jarl", lang) if state.jarl else ""
    mint = t("jorvik.rules.income_mint", lang, n=extra) if extra else ""
    return _answer(t("jorvik.rules.income", lang, coins=coins(base + extra, lang), jarl=jarl, mint=mint), lang,
                   "income")


def _moves(state: Any, player: int, lang: str, names: Sequence[str]) -> Any:
    d = state.decision
    if d.player != player:
        return _answer(t("jorvik.rules.not_your_turn", lang, name=player_name(names, d.player, lang)
                         if d.player is not None else "—"), lang)
    narrate.remember_state(state)
    acts = GAME.legal_actions(state)
    shown = [narrate.describe_action(a, lang, d.kind) for a in acts[:10]]
    text = t("jorvik.rules.moves", lang, moves="; ".join(shown))
    if len(acts) > 10:
        text += " " + t("jorvik.rules.moves_more", lang, n=len(acts) - 10)
    return _answer(text, lang)


# ---- positions the question describes ----------------------------------------------------------------------

_NOT_DONE = re.compile(r"\b(never (?:filled|finished|completed)|not (?:filled|finished|completed|full)|unfilled|"
                       r"unfinished|incomplete|half[- ]?(?:full|filled|finished|done)|only (?:one|some|part)|"
                       r"nicht (?:fertig|voll|erfullt|vollstandig)|unfertig|halb\w*|pas (?:rempli|termine|complete|"
                       r"fini)\w*|a moitie|incomplet\w*|inacheve\w*)\b")


def hypothetical_answer(question: str, lang: str, state: Any = None) -> Any:
    found = computed_answer(question, lang, state)
    if found is not None:
        return found
    q = fold(question).strip()
    m = CARD_DOES.search(q) if not COST.search(q) else None
    if m and _NOT_DONE.search(q):
        m = None  # "what's a craft worth if I never filled it?": the scoring rule, not the list of craft cards
    if m:
        what = next((m.group(k) for k in ("en", "en2", "de", "fr", "fr2") if m.group(k)), "")
        lines = card_lines(what, lang, state)
        if lines:
            return _answer("\n".join(lines), lang)
    if COST.search(q) or re.search(r"\b(what would|was wurde|combien)\b", q):
        m = ROW.search(q)
        described = _numbers(question)  # places, withdrawals, purchases: the computed answer's or the digest's
        if re.search(r"\bo\d\b|\b(buys?|bought|kauft|gekauft|achete\w*|in front|ahead|behind|vor mir|hinter|"
                     r"devant|derriere)\b|" + _WITHDRAW, described):
            m = None
        if m and re.search(r"\b(row|reihe|file|line|queue|vikings?|wikinger\w*)\b", q):
            n = _num(m.group("n") or m.group("m"))
            if n is not None and n >= 1:
                if n > 8:
                    return _answer(t("jorvik.rules.row_cost_full", lang, n=n), lang, "price")
                return _answer(t("jorvik.rules.row_cost", lang, n=n, m=max(n - 1, 1)), lang, "price")
    m = FEASTS.search(q)
    if m and re.search(r"\b(score|worth|bring\w*|wert|zahlen|rapporte\w*|valent|vaut|points?|punkte)\b", q):
        n = _num(m.group("n")) or 1
        table = [2, 5, 9, 14]
        feast = next((r for r in _rows(state).values() if r["type"] == "feast"), None)
        if feast is not None:
            table = narrate.effects(feast)["feast"]["table"]
        vpn = table[min(n, len(table)) - 1]
        return _answer(t("jorvik.rules.part", lang, type=t("jorvik.type.feast", lang), vp=vpn) + " "
                       + narrate.vp(vpn, lang), lang, "feast")
    return None


# ---- cards -----------------------------------------------------------------------------------------------

def _rows(state: Any) -> dict[str, dict[str, Any]]:
    if state is not None:
        return {r["id"]: r for r in state.cards.data["cards"]}
    return {r["id"]: r for r in default_cards()["cards"]}


def _does(row: dict[str, Any], lang: str) -> str:
    out = []
    for e in row.get("effects", []):
        k = e["kind"]
        p = {x: y for x, y in e.items() if x != "kind"}
        if k == "picts":
            out.append(t("jorvik.does.picts_final" if p.get("final") else "jorvik.does.picts", lang, **p))
        elif k == "craft":
            out.append(t("jorvik.does.craft", lang, needs=" + ".join(good_name(g, lang) for g in p["needs"]),
                         vp=p["vp"]))
        elif k in ("trade", "sacrifice"):
            out.append(t(f"jorvik.does.{k}", lang, good=good_name(p["good"], lang), vp=p.get("vp", ""),
                         coins=coins(p.get("coins", 0), lang)))
        elif k == "feast":
            out.append(t("jorvik.does.feast", lang, table="/".join(map(str, p["table"]))))
        elif k == "score_per":
            key = "jorvik.does.score_per_coin" if p["what"] == "coin" else "jorvik.does.score_per"
            out.append(t(key, lang, vp=p["vp"], what=t(f"jorvik.what.{p['what']}", lang)))
        elif k == "score" and row["type"] == "trader":
            out.append(t("jorvik.does.score", lang, **p))
        else:
            if "coins" in p:
                p["coins"] = coins(p["coins"], lang)
            out.append(t(f"jorvik.does.{k}", lang, **p))
    return " ".join(out)


def card_lines(query: str, lang: str, state: Any = None) -> list[str] | None:
    """What the cards a query names do: an id ("A07"), a name ("Lagerhaus", "the champion"), a type ("oracle",
    "Händler"), a type with a good ("the amber trader"). None when it names no card."""
    from gm.games.jorvik.parse import PARSER, Ctx, Ref, ref_fits
    from gm.parse.core import tokenize

    rows = _rows(state)
    hits = PARSER.lexicon.hits(tokenize(query))
    refs: list[Ref] = []
    goods = [h.first("good").value for h in hits if h.first("good") is not None]  # type: ignore[union-attr]
    for h in hits:
        if (e := h.first("code")) is not None:
            refs.append(Ref(code=e.value))
        elif (e := h.first("cname")) is not None:
            refs.append(Ref(cname=e.value))
        elif (e := h.first("ctype")) is not None and e.value is not None:
            refs.append(Ref(ctype=e.value[0], good=e.value[1] or (goods[0] if goods else None)))
    if not refs:
        return None
    ctx = Ctx("", 0, rows, {}, {}, (), (), None, {})
    if state is not None:
        mode_jarl = state.jarl
        rows = {k: v for k, v in rows.items() if mode_jarl or v["game"] == "karl"}
    found = [cid for cid in rows if any(ref_fits(r, ctx, cid) for r in refs)]
    if not found:
        return None
    seen: dict[str, str] = {}
    for cid in found:  # one line per different card text
        name = card_name(cid, lang)
        if name not in seen:
            seen[name] = cid
    lines = []
    for name, cid in list(seen.items())[:8]:
        row = rows[cid]
        same = [c for c in found if card_name(c, lang) == name]
        head = t("jorvik.does.card", lang, name=name, id=", ".join(same),
                 type=t(f"jorvik.type.{row['type']}", lang), season=t(f"jorvik.season.{row['season']}", lang),
                 jarl=t("jorvik.does.jarl", lang) if row.get("game") == "jarl" else "")
        lines.append(f"{head} {_does(row, lang)}")
        if state is not None and len(same) == 1:
            where = _where(state, cid, lang)
            if where:
                lines[-1] += " " + where
    if len(seen) > 8:
        lines.append(t("jorvik.does.many", lang, cards=", ".join(list(seen)[8:])))
    return lines


def _where(state: Any, cid: str, lang: str) -> str:
    ix = state.cards.index.get(cid, -1)
    if ix < 0:
        return t("jorvik.does.not_in_play", lang)
    for sp, c in enumerate(state.spaces):
        if c == ix:
            return t("jorvik.does.on_space", lang, space=sp + 1)
    for slot, (c, _) in enumerate(state.reserved):
        if c == ix:
            return t("jorvik.does.reserved", lang, slot=slot + 1)
    for p in range(state.players):
        if ix in state.display[p]:
            return t("jorvik.does.owner", lang, name=player_name(None, p, lang), place=t("jorvik.word.display", lang))
        if ix in state.loading[p]:
            return t("jorvik.does.owner", lang, name=player_name(None, p, lang), place=t("jorvik.word.loading", lang))
    if ix in state.boxed:
        return t("jorvik.does.out", lang)
    return ""


# ---- the final scoring -----------------------------------------------------------------------------------

def final_lines(state: Any, lang: str, names: Sequence[str]) -> list[str]:
    """Per player, the VP of each card type at the final scoring."""
    lines = []
    for p, parts in enumerate(GAME.final_scoring(state)):
        got = {k: v for k, v in parts.items() if v}
        name = player_name(names, p, lang)
        if got:
            lines.append(t("jorvik.rules.final_line", lang, name=name, parts=_parts(got, lang),
                           total=sum(got.values())))
        else:
            lines.append(t("jorvik.rules.final_nothing", lang, name=name))
    return lines


__all__ = ["card_lines", "final_lines", "hypothetical_answer", "join_list", "state_answer"]


# ---- computed answers: small situations the question describes ---------------------------------------------
# "5 Vikings in the row, the first two withdraw: what does the third pay?", "4 reserviert, meine ist die dritte",
# "combien de pièces pour 7 marchandises ?": the numbers are read from the question (digits, number words and
# ordinals in three languages), the position is built with the engine's scenario (or a card document holding the
# cards the question describes) and the engine's own rules give the figure. Anything not read with certainty is
# left to the digest (None).

_CARDINALS = {
    "zero": 0, "null": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "eins": 1, "zwei": 2, "zwo": 2, "drei": 3, "vier": 4,
    "funf": 5, "fuenf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwolf": 12,
    "beide": 2, "beiden": 2, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9,
    "dix": 10, "onze": 11, "douze": 12, "both": 2}
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "premier": 1, "premiers": 1, "premiere": 1, "premieres": 1, "deuxieme": 2, "seconde": 2,
    "troisieme": 3, "quatrieme": 4, "cinquieme": 5, "sixieme": 6, "septieme": 7, "huitieme": 8, "neuvieme": 9}
_DE_ORD = re.compile(r"\b(erst|zweit|dritt|viert|funft|fuenft|sechst|siebt|siebent|acht|neunt)(e|er|en|es|em)\b")
_DE_ORD_N = {"erst": 1, "zweit": 2, "dritt": 3, "viert": 4, "funft": 5, "fuenft": 5, "sechst": 6, "siebt": 7,
             "siebent": 7, "acht": 8, "neunt": 9}


_DOT_NUMBER = re.compile(r"(\S*\s*\b\d)\.(\s+)(\w+)")
_BEFORE_ORDINAL = re.compile(r"^(?:der|die|das|dem|den|des|ein\w*|zum|zur|am|im|vom|beim|als|mein\w*|dein\w*|sein\w*|"
                             r"ihr\w*|unser\w*|jede\w*|le|la|les|du|au|mon|ma|the|my)\s", re.IGNORECASE)


def _numbers(question: str) -> str:
    """The question folded, number words as digits and ordinals as "o<k>" ("the third" -> "the o3")."""
    # "der 2. Wikinger" is an ordinal, "rechts 2. Ich hab ..." a number ending a sentence
    question = _DOT_NUMBER.sub(lambda m: f"{m.group(1)} .{m.group(2)}{m.group(3)}"
                               if m.group(3)[:1].isupper() and not _BEFORE_ORDINAL.search(m.group(1))
                               else m.group(0), question)
    q = " " + fold(question).replace("’", "'") + " "
    q = re.sub(r"(\d+)(?:st|nd|rd|th|e|eme|ieme)\b|\b(1)(?:er|ere)\b", lambda m: f"o{m.group(1) or m.group(2)}", q)
    q = re.sub(r"\b(\d)\.(?=\s*[a-z])", r"o\1 ", q)
    q = _DE_ORD.sub(lambda m: f"o{_DE_ORD_N[m.group(1)]}", q)
    q = re.sub(r"[a-z]+", lambda m: (f"o{_ORDINALS[m.group(0)]}" if m.group(0) in _ORDINALS else
                                     str(_CARDINALS[m.group(0)]) if m.group(0) in _CARDINALS else m.group(0)), q)
    return re.sub(r"\s+", " ", q)


def _int(m: re.Match[str] | None, group: int | str = 1) -> int | None:
    return int(m.group(group)) if m and m.group(group) is not None else None


_IDLE = {"1": "C01"}  # a card to ask for: the demand phase waits for seat 0 (nothing runs by itself)


def _scenario(spec: dict[str, Any]) -> tuple[Any, list[Any]]:
    from engine.jorvik.scenario import build_with_events

    return build_with_events(GAME, spec)


def _apply(state: Any, action: Any) -> Any:
    return GAME.apply(state, action)[0]


# ---- 1. the purchase price in a demand row -----------------------------------------------------------------

_PAY = re.compile(r"\b(cost|costs|costing|price|pay|pays|paying|paid|kostet|kosten|preis|zahl|zahle|zahlt|zahlen|"
                  r"zahlst|bezahlt|bezahle|bezahlen|coute|coutent|couter|coutera|prix|paie|paye|payer|payes|"
                  r"paient|payera)\b")
_ROW_WORD = re.compile(r"\b(rows?|reihe|reihen|nachfragereihe|file|files|rangee|queue|queued|ligne)\b")
_ROW_N = re.compile(r"\b(?:rows?|reihe|nachfragereihe|file|rangee|queue|ligne)\s+(?:of|with|mit|von|aus|de|d'|avec)"
                    r"\s*(\d+)\b|\b(\d+)[- ]?(?:vikings?|wikinger\w*|figur\w*|figures?)\b"
                    r"|\b(\d+)[- ]?(?:er[- ]?reihe|viking row)\b")
_ROW_N_FIRM = re.compile(r"\b(?:rows?|reihe|nachfragereihe|file|rangee|queue|ligne)\s+(?:of|with|mit|von|aus|de|d'|"
                         r"avec)\s*(\d+)\b|\b(\d+)[- ]?(?:er[- ]?reihe|viking row)\b"
                         r"|\b(\d+) (?:vikings?|wikinger\w*) (?:\w+ ){0,2}?(?:in|im|dans) (?:the|a|der|einer|la|une|my|"
                         r"meiner|ma) (?:\w+ )?(?:row|reihe|file)")
_WITHDRAW = (r"(?:withdraws?|withdrew|withdrawn|withdrawing|pass|passes|passed|declines?|declined|drops? out|dropped"
             r" out|pulls? out|pulled out|backs? out|backed out|refuses?|refused|take (?:their|his|her) vikings? "
             r"back|took (?:their|his|her) vikings? back|zuruck\w*|verzicht\w*|passen|passt|gepasst|steig\w* aus|"
             r"ausgestiegen|lehn\w* ab|abgelehnt|kauf\w* nicht|nicht kauf\w*|retir\w*|renonc\w*|passent|passe|"
             r"passe|ont passe|refus\w*|declin\w*|desist\w*|n'achet\w* pas|abandon\w*|ne veu\w* pas|veu\w* pas|"
             r"will nicht|wollen nicht|mag nicht|doesn't want|don't want|does not want|do not want)")
_UNITS = r"(?:coins?|munzen?|pieces?|goods?|waren?|marchandises?|vp|sp|pv|points?|punkte?)\b"
_W_FIRST = re.compile(r"\bo1 (\d+)\b|\b(\d+) o1\b|\b(\d+) (?:vor mir|devant moi|ahead of me|in front of me|before me)"
                      r"|\b(\d+) (?!" + _UNITS + r")(?:\w+ ){0,3}?" + _WITHDRAW
                      + r"|\bafter (\d+)\b|\bnachdem (\d+)\b"
                      r"|\bapres (?:que )?(\d+)\b|\b" + _WITHDRAW + r" (?:\w+ ){0,2}?(\d+)\b(?! " + _UNITS + ")")
_W_ORDS = re.compile(r"\bo\d(?:(?:,|,? and|,? und|,? et|,? puis|,? then|,? dann)? (?:the |der |die |le |la )?o\d)*"
                     r" (?:\w+ ){0,2}?" + _WITHDRAW)
_ALL_BEFORE = re.compile(r"\b(everyone|everybody|all|alle|jeder|tous|tout le monde|the others|die anderen|les autres)"
                         r" (?:\w+ ){0,3}?(before|ahead of|in front of|vor|devant|avant)\b")
_K_POS = re.compile(r"\bo(\d)\b(?! (?:\d|round|runde|tour|game|partie|spiel|card|karte|carte))")
_MY_N = re.compile(r"\b(my|mein\w*|ma|mon|mes) (?:o\d) (?:viking|wikinger|figur\w*)\b")


def _price_answer(q: str, lang: str) -> Any:
    """"N Vikings in the row, the first two withdraw: what does the third pay?" — the Vikings still in the row."""
    if not _PAY.search(q) or not _ROW_WORD.search(q) and not re.search(r"\b(vikings?|wikinger\w*|figur\w*|figures?)\b",
                                                                         q):
        return None
    if re.search(r"\b(reserv\w*|jarl|income|einkommen|revenu)\b", q):
        return None
    m = _ROW_N_FIRM.search(q) or next((x for x in _ROW_N.finditer(q) if not re.match(
        r"[^\w.;!?]*(?:\w+ ){0,2}?" + _WITHDRAW, q[x.end():])), None)  # "3 wikinger. tom verzichtet": two things
    n = next((int(g) for g in m.groups() if g is not None), None) if m else None
    if m is None or n is None or not 1 <= n:
        return None
    if n > ROW_MAX:
        return _answer(t("jorvik.hypo.row_too_long", lang, n=n, max=ROW_MAX), lang, "rows")
    rest = q[:m.start()] + " " + q[m.end():] if m else q
    withdrawn: int | None = None
    told: int | None = None
    if re.search(_WITHDRAW, rest):
        w = _W_FIRST.search(rest)
        ords = [(x, int(k)) for x in _W_ORDS.finditer(rest) for k in re.findall(r"o(\d)", x.group(0))]
        if w:
            withdrawn = next(int(g) for g in w.groups() if g is not None)
            rest = rest[:w.start()] + " ; " + rest[w.end():]
        elif ords:
            got = sorted({k for _, k in ords})
            withdrawn = len(got) if got == list(range(1, len(got) + 1)) else -max(got)  # -k: "the k-th withdraws"
            for x in sorted({x for x, _ in ords}, key=lambda x: -x.start()):
                rest = rest[:x.start()] + " ; " + rest[x.end():]
        elif (told := _withdrawals_told(rest)) is not None:
            withdrawn = told  # "I pass, Anna passes, Ben buys": two withdrew before the purchase
        elif not _ALL_BEFORE.search(rest):
            return None
    asked = [] if told is not None else [int(k) for k in _K_POS.findall(rest)]  # "mine first, then Anna's": order
    if _MY_N.search(rest):  # "my second Viking": which of mine, not a place in the row
        asked = []
        if withdrawn is None:
            return None
    if re.search(r"\b(last|letzte\w*|dernier\w*)\b", rest):
        asked.append(n)
    place: int | None = asked[-1] if asked else None
    if len(set(asked)) > 1 or re.search(r"\bo\d (?:\w+ ){0,2}?(buys?|bought|kauft|gekauft|achete\w*)\b", rest):
        return None  # "the first buys": nobody behind gets the card
    if withdrawn is None and place is None:  # a plain row of N: the first pays N, the next N - 1, ...
        if re.search(r"\b(in front|ahead|behind|vor mir|hinter|devant|derriere|mine|meine?r?|my|mon|ma)\b", rest):
            return None  # where my Viking stands is not said in a way read here
        lead = t("jorvik.rules.row_cost", lang, n=n, m=max(n - 1, 1))
        return _answer(f"{coins(_row_price(n, 0), lang)}: {lead[:1].lower()}{lead[1:]}", lang, "price")
    if place is not None:
        # Whoever is offered the card at place k found every Viking ahead of theirs withdrawn (a purchase ahead
        # would have ended the offer): "the first withdraws, what does the third pay?" is N - 2.
        if withdrawn is not None and abs(withdrawn) >= place:
            return None  # more withdrawals ahead than Vikings ahead: not read
        withdrawn = place - 1
    elif withdrawn is None or withdrawn < 0:
        return None
    if not 0 <= withdrawn < n:
        return None
    price = _row_price(n, withdrawn)
    return _answer(t("jorvik.hypo.row_price", lang, price=coins(price, lang), n=n, w=withdrawn,
                     vikings=tn("jorvik.word.vikings", price, lang)), lang, "decline" if withdrawn else "price")



_BUYS = re.compile(r"\b(buys?|bought|kauft|kaufe|gekauft|achete\w*|prend|takes? it|nimmt)\b")


def _withdrawals_told(text: str) -> int | None:
    """The withdrawals told one by one before a purchase ("I pass, Anna passes, Ben buys"): how many, or None."""
    count = 0
    for clause in re.split(r"[,;.]|\b(?:then|dann|puis|and|und|et)\b", text):
        if re.search(_WITHDRAW, clause):
            count += 1  # "Julie ne veut pas acheter": a withdrawal, though it names buying
        elif _BUYS.search(clause):
            return count or None
    return count if count and re.search(r"\b(i|ich|je|me|moi)\b.{0,30}\b(pay|zahle|paie|paye|kost\w*|coute)\b|"
                                        r"\b(je paie|ich zahle|i pay)\b", text) else None


def _row_price(n: int, withdrawn: int) -> int:
    """The price the engine asks after `withdrawn` of a row of `n` Vikings took theirs back."""
    figs = [i % 5 for i in range(n)]
    state, _ = _scenario({"players": 5, "spaces": {"1": "A01"}, "rows": {"1": figs}, "phase": "purchase",
                          "seats": [{"coins": 30}] * 5})
    from engine.jorvik.actions import Withdraw

    for _ in range(withdrawn):
        state = _apply(state, Withdraw())
    return int(state.decision.facts["price"])


# ---- 1b. the purchase price in a row told Viking by Viking ("me, Anna, me, Bob: my second pays?") --------------

_SELF = {"me", "i", "mine", "my", "myself", "moi", "je", "mien", "mienne", "ich", "mich", "mir", "mein", "meine",
         "meiner", "meins", "ma", "mon"}
_FILLER = re.compile(r"^(?:(?:then|and|next|dann|danach|und|puis|ensuite|et|top to bottom|front to back|von vorne?|"
                     r"von oben nach unten|de haut en bas|from the front|ganz links|links|far left|on the left|"
                     r"leftmost|a gauche|tout a gauche|ganz vorne|vorne|at the front|devant|dans l'ordre|"
                     r"in (?:this )?order|der reihe nach|in der reihenfolge|in dieser reihenfolge)\b\s*)+|"
                     r"(?:\s*\b(?:again|too|wieder|nochmal|"
                     r"noch mal|encore|first|zuerst|d'abord|en premier|at the back|hinten|last|zuletzt|en dernier|"
                     r"at the end|am ende|a la fin|o\d+(?: \w+)?))+$")  # "Lucy again third": both said
_OWNER = re.compile(r"^(?:my|mein\w*|ma|mon|mes)(?: (?:other|andere\w*|autre))? \w+$|^(?:the )?(\w+)(?:'s)?$")
_LIST_SEP = re.compile(r"\s*(?:,|;|\bthen\b|\bdann\b|\bpuis\b|\band\b|\bund\b|\bet\b)\s*")
_ASK_MINE = re.compile(r"\b(?:my|mein\w*|mon|ma) (o\d|last|letzt\w*|dernier\w*)\b")
_ASK_NAMED = re.compile(r"\b(?:what (?:does|do|would|will) (\w+) pay|was (?:muss|zahlt|bezahlt) (\w+)|"
                        r"combien (?:paie|paye|payera|doit payer) (\w+)|(\w+) (?:pays?|zahlt|paie|paye)\b)")


_CHEAPEST = re.compile(r"\b(cheapest|lowest price|am (?:billigsten|gunstigsten)|(?:le )?moins cher|le plus bas)\b")
_BUYER = re.compile(r"\b(\w+) (?:then |dann |puis |now |jetzt )?(?:buys?|kauft|achete) (?:it |sie |la |es )?"
                    r"(?:with|mit|avec) (?:his|her|their|seinem|ihrem|son|sa) (o\d|last|letzt\w*|dernier\w*)\b")
_PAYER = re.compile(r"\b(?:combien (?:paye|paie|payera)|what does|was (?:zahlt|bezahlt)|wie viel (?:zahlt|bezahlt)) "
                    r"(\w+) (?:pay )?(?:avec|with|mit) (?:son|sa|his|her|their|seinem|ihrem) "
                    r"(o\d|last|letzt\w*|dernier\w*)\b")
_PASS_WORD = re.compile(r"\b(pass\w*|declin\w*|withdraw\w*|verzicht\w*|zuruck\w*|renonce\w*|refuse\w*)\b")
_LATER = re.compile(r"\b(later|then|afterwards|danach|spater|dann|plus tard|ensuite|apres)\b")


def _row_told(q: str) -> list[str] | None:
    """The owners of a demand row told one by one ("me, Anna, me again, Ben"), front first; "me" for the asker."""
    # "... then my second Viking - 4 in total": the count said after the list
    q = re.sub(r"\s[-–—]\s*\d+ (?:in total|in all|insgesamt|au total|en tout)\b", ".", q)
    for segment in re.split(r"[.!?](?:\s|$)", q):
        tail = segment.rsplit(":", 1)[-1] if ":" in segment else re.split(
            r"\b(?:is|are|goes|go|sind|stehen|steht|est|sont|il y a)\b", segment)[-1]
        tail = re.split(r"\b(?:dans l'ordre|in (?:this )?order|der reihe nach|in (?:der|dieser) reihenfolge)\b",
                        tail)[-1]
        items = [x.strip() for x in _LIST_SEP.split(tail) if x.strip()]
        owners: list[str] = []
        for item in reversed(items):  # the run of short items that ends the segment
            item = _FILLER.sub("", item).strip()
            words = item.split()
            if not words or len(words) > 3:
                break
            if words[0] in _SELF or (len(words) == 2 and words[0] in _SELF):
                owners.append("me")
                continue
            m = _OWNER.match(item)
            if m is None or not m.group(1) or m.group(1).isdigit():
                break
            owners.append(m.group(1))
        if len(owners) >= 3 and len(set(owners)) >= 2:
            return owners[::-1]
    return None


_NOT_OWNERS = (r"(?!(?:us|uns|nous|them|ihnen|eux|you|euch|vous|these|those|ces|the|vikings?|wikinger\w*|coins?|"
               r"hers|his|theirs|mine|yours|ours|seine\w*|ihre\w*|meine\w*|siens|siennes|miens)\b)")


def _row_spelled(q: str) -> str:
    """A row's owners said with counts or in other words, spelled out one by one: "2 of Sara's" -> "sara, sara",
    "2 other players" -> "x1, x2", "another of mine" / "encore moi" -> "me"."""
    q = re.sub(r"\b([2-4]) (?:of|von|de|d') ?" + _NOT_OWNERS + r"(\w+?)(?:'s)?(?=[ ,.;]|$)",
               lambda m: ", ".join([m.group(2)] * int(m.group(1))), q)
    q = re.sub(r"\b([2-4]) (?:other|others|andere\w*|autres) (?:players?|spieler\w*|joueurs?|vikings?|wikinger)\b",
               lambda m: ", ".join(f"x{i + 1}" for i in range(int(m.group(1)))), q)
    return re.sub(r"\b(?:another (?:one )?of mine|one more of mine|encore moi|moi encore|noch ?mal ich|wieder ich|"
                  r"ich wieder|un autre a moi|ein weiterer von mir|noch einer von mir)\b", "me", q)


_PLACES = re.compile(r"\b(?:i have|i've got|i hold|ich habe?|mir gehoren|j'ai|mine are|meine sind|les miens sont)\s+"
                     r"(?:the |den |die |le |la |les |places? |platz |plätze )?o(\d)((?:(?:,|,? and|,? und|,? et)\s+"
                     r"(?:the |den |die |le |la )?o\d)+)")


def _row_places(q: str) -> list[str] | None:
    """A row of N told by the places the asker holds ("7 Vikings in the row; j'ai le 1er et le 4e"): "me" at those
    places, another player at each other place."""
    m = _PLACES.search(q)
    said = _ROW_N_FIRM.search(q) or _ROW_N.search(q)
    if m is None or said is None:
        return None
    n = next(int(g) for g in said.groups() if g is not None)
    mine = {int(m.group(1))} | {int(k) for k in re.findall(r"o(\d)", m.group(2))}
    if not mine or max(mine) > n or n > ROW_MAX:
        return None
    return ["me" if i + 1 in mine else f"x{i + 1}" for i in range(n)]


def _row_list_answer(q: str, lang: str) -> Any:
    """A row told Viking by Viking and whose purchase is asked: whoever is offered the card at place k found the
    k - 1 Vikings ahead withdrawn, so the price is the row's length minus k - 1 (asked of the engine)."""
    if not (_PAY.search(q) or _CHEAPEST.search(q)) or re.search(r"\b(reserv\w*)\b", q):
        return None
    q = _row_spelled(q)
    owners = _row_told(q) or _row_places(q)
    if owners is None or len(owners) > ROW_MAX:
        return None
    said = _ROW_N.search(q)
    if said and next(int(g) for g in said.groups() if g is not None) != len(owners):
        return None  # "5 Vikings: me, Anna, Ben": the count and the list disagree
    mine = [i for i, o in enumerate(owners) if o == "me"]
    place: int | None = None
    asks = list(_ASK_MINE.finditer(q))  # the last is the one asked ("I pass on my first: what does my second pay?")
    buyer = _BUYER.search(q) or _PAYER.search(q)  # "if Ben then buys with his second Viking, what does he pay?"
    if buyer and buyer.group(1) in owners and buyer.group(1) != "me":
        theirs = [i for i, o in enumerate(owners) if o == buyer.group(1)]
        k = buyer.group(2)
        place = theirs[-1] if not k.startswith("o") else (theirs[int(k[1:]) - 1] if int(k[1:]) <= len(theirs)
                                                          else None)
    elif (m := asks[-1] if asks else None) and mine:
        k = m.group(1)
        place = mine[-1] if not k.startswith("o") else (mine[int(k[1:]) - 1] if int(k[1:]) <= len(mine) else None)
        if place is not None and _PASS_WORD.search(q[max(0, m.start() - 30):m.start()]) and (
                _LATER.search(q) or re.search(r"\b(now|jetzt|maintenant|alors)\b", q)) and place != mine[-1]:
            place = mine[mine.index(place) + 1]  # "if I pass with my first Viking, what could it cost me later?"
    elif (m := _ASK_NAMED.search(q)) and (who := next(g for g in m.groups() if g)) in owners and who != "me":
        place = owners.index(who)
    elif mine and _CHEAPEST.search(q):
        place = mine[-1]  # "the cheapest I could get it for": with my last Viking, all ahead of it passing
    elif mine and re.search(r"\b(i pay|do i pay|cost me|ich zahle|zahle ich|kostet (?:es |sie |die karte )?mich|"
                            r"je paie|je paye|me coute)\b", q):
        place = mine[0]
    if place is None:
        return None
    ahead = owners[:place]
    buying = {buyer.group(1)} if buyer else set()
    if any(re.search(rf"\b{re.escape(o)} (?:\w+ ){{0,2}}?{_BUYS.pattern}", q) for o in set(ahead) - {"me"} - buying):
        return None  # someone ahead buys: the card is gone before this Viking's turn
    price = _row_price(len(owners), place)
    return _answer(t("jorvik.hypo.row_price", lang, price=coins(price, lang), n=len(owners), w=place,
                     vikings=tn("jorvik.word.vikings", price, lang)), lang, "decline" if place else "price")


# ---- 2. the price of a reserved card (Jarl) ----------------------------------------------------------------

_RESERVED = re.compile(r"\b(reserv\w*)\b")
_RES_N = re.compile(r"\b(\d+) (?:\w+ ){0,2}?(?:reserv\w*)|\b(?:reserv\w*) (?:\w+ ){0,4}?(?:of|with|mit|von|de|avec|"
                    r"holds?|has|hat|halt|enthalt|contient|a|are|sind|sont|liegen) (\d+)\b"
                    r"|\b(\d+) (?:cards?|karten|cartes) (?:\w+ ){0,4}?(?:reserv\w*)")
_RES_MINE = re.compile(r"\b(?:mine|meine|meiner|meins|la mienne|le mien|my card|my reserved card|meine karte|ma carte|"
                       r"i|ich|je)\b(?: \w+){0,3}? (?:is |ist |est |am |bin |suis )?(?:the |die |der |la |le |at |an |"
                       r"en |auf )?(?:place |platz |position |stelle )?o(\d)\b"
                       r"|\bo(\d) (?:is |ist |est )?(?:mine|meine|meins|la mienne|le mien)\b")
_GONE = re.compile(r"\b(buys?|bought|kauft|gekauft|achete\w*|boxe[sd]?|box|schachtel|zuruck\w*|verzicht\w*|remet\w*|"
                   r"remise?s?|retir\w*|renonc\w*|withdraws?|withdrew|declin\w*|pass\w*|put back|returned|"
                   r"discard\w*|abgelehnt|weggelegt|bezahlt|paid|paye\w*)\b")


def _reserve_answer(q: str, lang: str) -> Any:
    """"4 reserved, mine is third, the first buys and the second boxes theirs": the cards still in the row."""
    if not _RESERVED.search(q) or not _PAY.search(q):
        return None
    m = _RES_N.search(q)
    n = next((int(g) for g in m.groups() if g is not None), None) if m else None
    if n is None or not 1 <= n <= 6:
        return None
    mine = _RES_MINE.search(q)
    place = next((int(g) for g in mine.groups() if g is not None), None) if mine else None
    owners = _row_told(q)  # "ganz links Lucy, dann Sara, dann Chris, dann meine"
    if place is None and owners is not None and owners.count("me") == 1 and len(owners) == n:
        place = owners.index("me") + 1
    asked = {int(k) for k in re.findall(r"\bo(\d)\b", q)}
    if place is None and re.search(r"\b(?:mine|meine|la mienne|le mien|my card|ma carte)\b[^.?!]{0,20}?\b"
                                   r"(?:tout a gauche|ganz links|leftmost|far left|first|zuerst|en premier|o1)\b", q):
        place = 1  # "la mienne est tout à gauche": mine is offered first
    if place is None and re.search(r"\b(last|letzte\w*|dernier\w*|derniere)\b", q):
        place = n
    if place is None and re.search(r"\b(mine|meine|meins|mienne|mien|my card|ma carte)\b", q):
        return None  # my card, but not where it lies
    if place is None:
        if not asked:
            return None  # which of the reserved cards is not said
        # Every card before one is bought or boxed before it is offered (each by its owner alone): the card
        # asked about is the one no purchase or boxing is said of ("the first buys: what does the third cost?").
        gone = _GONE.pattern
        open_ = [k for k in asked if not re.search(rf"\bo{k} (?:\w+ ){{0,3}}?{gone}", q)]
        if len(open_) != 1:
            return None
        place = open_[0]
    if not 1 <= place <= n or any(k > place for k in asked):
        return None  # a card after mine said to be handled first: not read
    price = _reserved_price(n, place)
    return _answer(t("jorvik.hypo.reserve_price", lang, price=coins(price, lang), n=n, gone=place - 1), lang,
                   "reserve")


def _reserved_price(n: int, place: int) -> int:
    """The engine's price for the `place`-th of `n` reserved cards (every card before it bought or boxed: both
    take it out of the row)."""
    from engine.jorvik.actions import Withdraw

    cards = ["A16", "A17", "A18", "A19", "B14", "B15"][:n]
    state, _ = _scenario({"players": 5, "mode": "jarl", "reserved": [[c, i % 5] for i, c in enumerate(cards)],
                          "phase": "purchase", "cursor": "R", "seats": [{"coins": 30}] * 5})
    for _ in range(place - 1):
        state = _apply(state, Withdraw())
    return int(state.decision.facts["price"])


# ---- 3. income in the loading phase ----------------------------------------------------------------------------

_INCOME = re.compile(r"\b(income|einkommen|einnahmen?|revenus?|earn|verdien\w*|gagne\w*|touche\w*)\b"
                     r"|\bhow (?:many|much) (?:coins?|money) (?:do|will|would) i (?:get|receive|take)\b"
                     r"|\bwie viele? (?:munzen|geld) (?:bekomme|kriege|erhalte|nehme)\b"
                     r"|\bcombien de pieces (?:je |est-ce que je )?(?:recois|recevrai|prends|touche|gagne)\w*\b"
                     r"|\bcombien de pieces (?:vais-je|est-ce que je vais)\b")
_LOADING = re.compile(r"\b(loading|verlade\w*|ladephase|chargement|income|einkommen|revenus?)\b")
_NOTHING = re.compile(r"\b(bought nothing|buy nothing|didn't buy|did not buy|didnt buy|haven't bought|have not bought|"
                      r"no (?:card|purchase)s?|without (?:buying|a purchase)|nothing bought|empty loading|"
                      r"nichts gekauft|nichts kaufe|keine karte gekauft|ohne (?:kauf|zu kaufen)|kein kauf|"
                      r"leer\w* ladebereich|rien achete|n'ai rien achete|rien acheter|sans (?:rien )?acheter|"
                      r"aucun achat|aucune carte achetee|zone de chargement vide)\b")
_NOT_BOUGHT = re.compile(r"\b(rien|nichts|nix|nothing|nicht|keine?n?|aucune?|without|ohne|sans|pas|not|didn't|didnt|"
                         r"haven't|never|nie|jamais)\b(?:\W+\w+){0,3}?\W+(?:bought|buy|buying|gekauft|kauf\w*|"
                         r"achete\w*|acheter|purchas\w*)\b|\b(?:achete\w*|gekauft|kaufe|bought|buy) (?:\w+ ){0,2}?"
                         r"(?:rien|nichts|nothing|anything)\b")
_BOUGHT = re.compile(r"\b(bought|purchased|buy a|gekauft|kaufe eine|achete\w*)\b")
_MINT = re.compile(r"\b(mint|munzpragerei|munze \+1|monnaie|\+1 (?:income|einkommen|revenu)|income building|"
                   r"einkommensgebaude|batiment de revenu|extra[- ]?munzen?|extra coin|coin extra|"
                   r"piece (?:de plus|en plus|supplementaire)|"
                   r"piece de revenu (?:en plus|supplementaire)|(?:1|one|eine) (?:extra|more|additional|zusatzliche) "
                   r"(?:coin|munze)|(?:1|one|eine|une) (?:coin|munze|piece) (?:extra|mehr|more|de plus|en plus))\b"
                   r"|(?<![\w+])\+ ?1 (?:coin|munze|piece)s?\b")  # "die Gebäudekarte mit +1 Münze beim Einkommen"


_AMOUNT = re.compile(r"\b(whats|what(?:'s| is| will be| would be)|was (?:ist|bekomme|kriege|erhalte)|"
                     r"quel(?:le)? (?:est|sera)|get|receive|bekomme|kriege|erhalte|recois|touche|obtiens|gagne)\b")


def _income_answer(q: str, lang: str, bare: bool = True) -> Any:
    """1 coin, 2 if you bought nothing, +1 in the Jarl game, + the buildings that add income."""
    if not _INCOME.search(q) or not (_LOADING.search(q) or re.search(r"\b(coins?|munzen|pieces?|geld)\b", q)):
        return None
    if re.search(r"^\W*(when|wann|quand|a quel moment)\b|\b(quand|wann|when)\s*\??\s*$", q.strip()) or re.search(
            r"\b(?:card|building|karte|gebaude|carte|batiment) (?:that|which|die|das|qui|mit den) (?:gives?|brings?|"
            r"bringt|gibt|rapporte|donne)?\s*[2-9] (?:coins?|munzen|pieces?)|\b(?:card|karte|carte) (?:with|mit den|a) "
            r"[2-9] (?:coins?|munzen|pieces?)\b|\b(?:je (?:les |la |le )?touche|i get (?:them|it)|do i get (?:them|it)|"
            r"krieg ich (?:die|sie)|bekomme ich (?:die|sie)) (?:quand|wann|when)\b", q):
        return None  # "the card that gives 4 coins: when do I get them?": a moment and a card, not the income
    if re.search(r"\b(sell|verkauf\w*|vend\w*|trader|handler|marchand|skald\w*|scalde|goods|waren|marchandises)\b", q):
        return None
    if _ROW_WORD.search(q) and _PAY.search(q):
        return None  # "the row under card 2 ... what do I pay?": a purchase, not the income
    jarl = bool(re.search(r"\bjarl\b", q))
    mint = bool(_MINT.search(q))
    nothing = bool(_NOTHING.search(q) or _NOT_BOUGHT.search(q))
    bought = bool(_BOUGHT.search(q)) and not nothing
    if nothing and bought or not (bare or jarl or mint or nothing or bought):
        return None
    if not (_HOW_MANY.search(q) or _AMOUNT.search(q) or jarl or mint or nothing or bought):
        return None  # "how does income work?": the rule, from the digest
    got = [_income_of(jarl, b, mint) for b in ((False,) if bought else (True,) if nothing else (False, True))]
    extra = _income_of(False, False, True) - _income_of(False, False, False)
    parts = []
    if jarl:
        parts.append(t("jorvik.hypo.income_jarl", lang))
    if mint:
        parts.append(t("jorvik.hypo.income_mint", lang, coins=coins(extra, lang)))
    more = "".join(parts)
    if len(got) == 2:
        text = t("jorvik.hypo.income_either", lang, coins=coins(got[0], lang), nothing=coins(got[1], lang),
                 more=more)
    else:
        key = "jorvik.hypo.income_nothing" if nothing else "jorvik.hypo.income_bought"
        text = t(key, lang, coins=coins(got[0], lang), more=more)
    return _answer(text, lang, "income")


def _income_of(jarl: bool, nothing: bool, mint: bool) -> int:
    """The income the engine pays seat 0 in its loading step."""
    from engine.jorvik.actions import IncomeTaken

    seat: dict[str, Any] = {"coins": 0}
    if not nothing:
        seat["loading"] = ["A01"]
    if mint:
        seat["display"] = ["C13"]
    _, events = _scenario({"players": 2, "mode": "jarl" if jarl else "karl", "phase": "loading", "turn": 0,
                           "seats": [seat, {}]})
    return next(int(e.income) for e in events if isinstance(e, IncomeTaken))


# ---- 6. the set-up numbers for a player count --------------------------------------------------------------------

_PLAYERS = re.compile(r"\b([2-9]|1\d)[- ]?(?:players?|spieler\w*|joueurs?|personen|leute|people|persons?)\b"
                      r"|\b(?:zu|a|for|with|mit|at|avec|pour) ([2-9]) ?(?:$|\?|\.|,|!)")
_SETUP_CARDS = re.compile(r"\b(card spaces|kartenfelder\w*|cases de cartes?|emplacements de cartes?)\b"
                          r"|\b(cards?|karten|cartes?|spaces?|felder|kartenfelder|cases|emplacements)\b.*\b(dealt|"
                          r"revealed|laid|drawn|offered|in use|used|filled|out|ausgelegt|aufgedeckt|gezogen|"
                          r"angeboten|belegt|genutzt|benutzt|gefullt|liegen|liegt|aus|deckt|decken|aufdeck\w*|placed|displayed|"
                          r"platziert|etale\w*|expose\w*|revele\w*|tire\w*|"
                          r"pose\w*|propose\w*|utilise\w*|rempli\w*|offer phase|angebotsphase|phase d'offre|"
                          r"per round|pro runde|"
                          r"par (?:tour|manche)|each round|jede runde|chaque (?:tour|manche))\b"
                          r"|\b(dealt|revealed|laid out|drawn|offered|ausgelegt|aufgedeckt|revele\w*|propose\w*)\b"
                          r".*\b(cards?|karten|cartes?)\b")
_SETUP_VIK = re.compile(r"\b(vikings?|wikinger\w*|figur\w*|figures?)\b")
_SETUP_COINS = re.compile(r"\b(coins?|munzen|geld|pieces?|argent)\b")
_SETUP_VP = re.compile(r"\b(vp|victory points?|siegpunkte?n?|punkte?n?|points?|sp|pv|points? de victoire|"
                       r"marker|markers|marqueur|"
                       r"punktemarker|siegpunktmarker|zahlleiste|track|leiste|piste)\b")
_START = re.compile(r"\b(start\w*|begin\w*|set-?up|at first|to begin|beginn\w*|anfang\w*|aufbau|zu beginn|"
                    r"commenc\w*|debut|depart|mise en place|initial\w*|per player|pro spieler|par joueur|"
                    r"do i have(?! to)|do we have(?! to)|habe ich|haben wir|ai-je|avons-nous|"
                    r"each player (?:get|gets|receive|has|have)s?|"
                    r"does each player (?:have|get)|hat jeder|jeder spieler hat|hat jede person|chaque joueur a-t-il|"
                    r"jeder spieler (?:bekommt|erhalt)|chaque joueur (?:recoit|a))\b")
_HOW_MANY = re.compile(r"\b(how many|how much|how high|wie ?viele?n?|wie ?viel|wie hoch|wie gross|combien|which space|"
                       r"welche\w* feld|quelle case|where|wo|ou)\b")


def _setup_answer(q: str, lang: str, bare: bool = True) -> Any:
    """Card spaces (players + 1, and as many again in the Jarl game), Vikings, coins and VP at the start."""
    if not _HOW_MANY.search(q) and not re.search(r"\bwhat do (?:i|we|you|players) (?:each |all )?(?:start|begin)\b|"
                                                 r"\bwhat(?:'s| is| are) (?:the |my )?start\w*\b", q):
        return None
    if re.search(r"\b(left|remaining|still|ubrig|noch|verbleib\w*|reste\w*|encore)\b", q):
        return None  # what is left in a game: the position's
    if not bare and re.search(r"\b(do i have|habe ich|ai-je|j'ai)\b", q):
        return None
    m = _PLAYERS.search(q)  # "à 4 ?": a count said last
    players = players_said(q) or (next((int(g) for g in m.groups() if g is not None), None) if m else None)
    jarl = bool(re.search(r"\bjarl\b", q))
    mode = t(f"jorvik.board.mode_{'jarl' if jarl else 'karl'}", lang)
    if players is not None and not 2 <= players <= 5:
        return None  # a table the engine does not seat: the generic answer on the player count says so
    if _SETUP_CARDS.search(q) and not _PAY.search(q) and not re.search(r"\b(deck|stapel|pioche|left|ubrig|reste)\b",
                                                                         q):
        if players is None:
            return None
        from engine.jorvik.game import spaces_in_use

        used = spaces_in_use(players, jarl)
        low = [s + 1 for s in used if s < 6]
        high = [s + 1 for s in used if s >= 6]
        key = "jorvik.hypo.spaces_jarl" if jarl else "jorvik.hypo.spaces"
        return _answer(t(key, lang, cards=tn("jorvik.word.cards", len(used), lang), players=players,
                         last=low[-1], n=len(low), first_j=high[0] if high else 7, last_j=high[-1] if high else 7),
                       lang, "spaces")
    if not _START.search(q) or _PAY.search(q) or re.search(r"\b(row|reihe|file|income|einkommen|revenu)\b", q):
        return None
    state = GAME.new_game(players or 2, 0, {"mode": "jarl" if jarl else "karl"})
    asks = [bool(_SETUP_VIK.search(q)), bool(_SETUP_COINS.search(q)), bool(_SETUP_VP.search(q))]
    if sum(asks) != 1:
        return None
    if asks[0]:
        if re.search(r"\b(brown|braune?n?|bruns?)\b", q):
            return None
        return _answer(t("jorvik.hypo.start_vikings", lang, vikings=tn("jorvik.word.vikings", state.vikings[0], lang),
                         mode=mode), lang, "players")
    if asks[1]:
        return _answer(t("jorvik.hypo.start_coins", lang, coins=coins(state.coins[0], lang)), lang, "players")
    where = re.search(r"\b(where|which space|what space|wo|welche\w* feld|auf welche\w*|ou|quelle case|sur quelle)\b",
                      q)
    key = "jorvik.hypo.start_vp" if where else "jorvik.hypo.start_vp_points"
    return _answer(t(key, lang, vp=narrate.vp(state.vp[0], lang), n=state.vp[0]), lang, "players")


# ---- 7. the market: goods for a good of choice, two goods for a coin ----------------------------------------------

_GOODS_N = re.compile(r"\b(\d+) (?:\w+ ){0,2}?(?:goods?|waren|ware|marchandises?|ressources?|resources?)\b")
_FOR_COINS = re.compile(r"\b(for coins?|into coins?|to coins?|for money|in munzen|gegen munzen|fur munzen|zu geld|"
                        r"in geld|contre des pieces|en pieces|pour des pieces|en argent|cash\w*|how many coins|"
                        r"wie viele munzen|combien de pieces|versilber\w*|eintausch\w* .*munz\w*|monnay\w*|"
                        r"wie ?viel geld|how much money|combien d'argent)\b")
_FOR_GOOD = re.compile(r"\b(market|markt|marche|goods? of (?:my |your )?choice|waren? (?:meiner|deiner|nach) wahl|"
                       r"wunschware\w*|marchandises? (?:de|au) (?:mon |ton |votre )?choix|3 for 1|3 gegen 1|"
                       r"3 contre 1|3 pour 1|how many goods|wie viele waren|combien de marchandises)\b")
_EXCHANGE_HOUSE = re.compile(r"\b(exchange house|tauschhaus|comptoir|2 for 1 building|2 goods for 1)\b")


_CASH_RATE_TOLD = re.compile(r"\b2 (?:goods? |waren |marchandises )?(?:for|gegen|fur|contre|pour) (?:1|one|une?|eine?) "
                             r"(?:coin|munze|piece)\b")
_RATE_Q = re.compile(r"\b(how many goods (?:\w+ ){0,3}?(?:need|have to|give|trade|pay|hand in|return|take|cost)|"
                     r"wie viele waren (?:brauche|muss|gebe|abgeben|geben|tauschen|braucht)|"
                     r"combien de marchandises (?:faut|dois|donner|il faut|rendre|echanger))")


_CAN_SWAP = re.compile(r"^\W*(can|may|could|is it possible|kann|darf|konnen|durfen|ist es moglich|peut|peux|puis|"
                       r"pouvons|est-ce qu'on peut|on peut|est-il possible)\b.*\b(trade|exchange|swap|change|turn|"
                       r"tausch\w*|eintausch\w*|umtausch\w*|wechseln|echang\w*|convertir|transformer)\b")


_BETWEEN_PLAYERS = re.compile(r"\b(each other|one another|between (?:us|players)|other players?|give you|to you|"
                              r"untereinander|miteinander|gegenseitig|anderen spieler\w*|dir (?:eine?|\d)|"
                              r"entre (?:nous|joueurs|eux)|autres joueurs|je te (?:donne|file)|"
                              # "einer Mitspielerin Münzen leihen", "lend a friend coins", "prêter des pièces"
                              r"mitspieler\w*|mit (?:ihr|ihm)|leihen|verleihen|lend\w*|borrow\w*|loan|preter|"
                              r"emprunter|avec (?:un|une) autre|another player|a friend|einem freund\w*)\b")


def _market_answer(q: str, lang: str) -> Any:
    """"I have 7 goods to sell for coins" -> 3 coins; "7 goods at the market" -> 2 goods of choice; how many
    goods an exchange takes. Trading between players is not the market: the digest answers."""
    if _BETWEEN_PLAYERS.search(q):
        return None
    # "no trader", "keinen Händler", "aucun marchand": what the asker lacks is no trader to sell to
    q = re.sub(r"\b(?:no|without|keine?n?|ohne|aucun|sans|pas de)\s+(?:traders?|handler|marchands?)\b", " ", q)
    if _RATE_Q.search(q):
        return _rate_answer(q, lang)
    if _CAN_SWAP.search(q) and re.search(r"\b(goods?|waren?|marchandises?)\b", q) and not re.search(r"\d", q):
        found = _rate_answer(q, lang)  # "can I trade goods for coins?": yes, at this rate
        if found is not None:
            found.text = t("jorvik.hypo.yes", lang) + " " + found.text
        return found
    told = _CASH_RATE_TOLD.search(q)  # "je les échange 2 contre 1 pièce": the rate said again, and for coins
    if told:
        q = q[:told.start()] + " for coins " + q[told.end():]
    counts = [g for g in _GOODS_N.finditer(q) if not re.match(
        r"1 (?:\w+ )?(?:goods?|waren?|marchandises?) (?:of (?:my|your) choice|nach wahl|au choix|de (?:mon|ton) choix)",
        g.group(0) + q[g.end():g.end() + 20])]
    if len(counts) != 1:
        return None
    m = counts[0]
    if not _HOW_MANY.search(q) and not re.search(
            r"\b(get|bekomme|kriege|erhalte|obtiens|recois|rapporte\w*|bring\w*)\b", q):
        return None
    n = int(m.group(1))
    others = q[:m.start()] + " ; " + q[m.end():]
    if _YES_NO.search(q):  # "do I get 2 coins for 5 goods?": the claim is checked after
        others = _CLAIM.sub(" ", others)
    if not 1 <= n <= 54 or re.search(r"\b(?!1\b)\d+\b", others):
        return None
    if re.search(r"\b(trader|handler|marchand|oracle|orakel|craft|handwerk|artisan|warehouse|lagerhaus|entrepot|"
                 r"store|lagern|stocker|ship|schiff|navire)\b", q):
        return None
    coin = bool(_FOR_COINS.search(q) or _YES_NO.search(q) and _CLAIM.search(q))
    good = bool(_FOR_GOOD.search(q)) and not re.search(r"\b(how many coins|wie viele munzen|combien de pieces)\b", q)
    if coin == good:
        return None
    house = bool(_EXCHANGE_HOUSE.search(q))
    got, rate = _exchange(n, coin, house)
    left = n - got * rate
    if coin:
        return _answer(t("jorvik.hypo.cash", lang, coins=coins(got, lang), n=n, rate=rate, left=left), lang, "cash")
    key = "jorvik.hypo.market_house" if house else "jorvik.hypo.market"
    return _answer(t(key, lang, goods=tn("jorvik.hypo.goods", got, lang), n=n, rate=rate, left=left), lang,
                   "exchange" if house else "market")


def _rate_answer(q: str, lang: str) -> Any:
    """How many goods one exchange takes: for a coin, for a good of choice (at the market or the Exchange house)."""
    if re.search(r"\b(?!1\b)\d+\b", q) or re.search(r"\b(trader|handler|marchand|oracle|orakel)\b", q):
        return None
    coin = bool(re.search(r"\b(coins?|munzen?|pieces?|geld|argent)\b", q))
    good = bool(re.search(r"\b(market|markt|marche|choice|wahl|choix|exchange house|tauschhaus|comptoir)\b", q))
    if coin == good:
        return None
    house = bool(_EXCHANGE_HOUSE.search(q))
    rate = _exchange(6, coin, house)[1]
    if coin:
        return _answer(t("jorvik.hypo.cash_rate", lang, rate=rate), lang, "cash")
    key = "jorvik.hypo.market_rate_house" if house else "jorvik.hypo.market_rate"
    return _answer(t(key, lang, rate=rate), lang, "exchange" if house else "market")


def _exchange(n: int, coin: bool, house: bool) -> tuple[int, int]:
    """How many coins (or goods of choice) `n` goods bring in one loading step, and the goods each one takes:
    the engine's loading decisions played out (give goods until the take is offered)."""
    from engine.jorvik.actions import Give, Take

    seat: dict[str, Any] = {"storage": {"amber": n}}
    if house:
        seat["display"] = ["A23"]
    state, _ = _scenario({"players": 2, "mode": "jarl" if house else "karl", "phase": "loading", "turn": 0,
                          "supply": {"iron": 9}, "seats": [seat, {}]})
    got = rate = 0
    if n < 6:  # too few to exchange even once, perhaps: the rate of the exchange from six goods
        rate = _exchange(6, coin, house)[1]
    want = Take("coin") if coin else Take("iron")
    while True:
        gave = 0
        while want not in GAME.legal_actions(state):
            if Give("amber") not in GAME.legal_actions(state):
                return got, rate
            state = _apply(state, Give("amber"))
            gave += 1
        state = _apply(state, want)
        got, rate = got + 1, gave  # a good taken stays with the others to assign; only amber is given


# ---- cards the question describes, as a card document the engine plays with ---------------------------------------

def _doc_with(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The shipped card document plus `rows` (ids A60-A99: cards the question describes, e.g. a warrior of 7)."""
    import copy

    doc = copy.deepcopy(default_cards())
    doc["cards"].extend(rows)
    return doc


def _row(n: int, ctype: str, effects: list[dict[str, Any]]) -> dict[str, Any]:
    from engine.jorvik.cards import EFFECTS

    windows: list[dict[str, str]] = []
    for e in effects:
        for phase, use in EFFECTS[e["kind"]][1]:
            if {"phase": phase, "use": use} not in windows:
                windows.append({"phase": phase, "use": use})
    return {"id": f"A{60 + n:02d}", "season": "winter", "game": "karl", "type": ctype, "name": f"{ctype} {n}",
            "effects": effects, "windows": windows, "remove": [], "source": "described in a rules question"}


# ---- 4. an attack of the Picts ---------------------------------------------------------------------------------

_PICTS = re.compile(r"\b(picts?|pikten\w*|pictes?|attack|\w*angriff|attaque)\b")
_WINLOSE = re.compile(r"\+\s*(\d+)\s*/\s*[-−–]\s*(\d+)|\b(\d+)\s*/\s*[-−–]?\s*(\d+)\b|"
                      r"\+\s*(\d+)\b[^\d+]{1,40}?[-−–]\s*(\d+)\b")
_WIN = re.compile(r"\b(?:gains?|wins?|erhalt\w*|gewinn\w*|bekomm\w*|gagne\w*|remporte\w*|worth|fur|pour|um|for|a|"
                  r"at|zu|de|mit|with|avec) (?:\w+ ){0,3}?(\d+) ?(?:vp|sp|pv|victory points?|siegpunkte?|points?|"
                  r"punkte?)\b|\b(?:gives?|bringt|gibt|rapporte|donne) (\d+)\b|\b(\d+) (?:vp |victory points? )?"
                  r"(?:to|for the) (?:win|winner|strongest|best|gain)\b"
                  r"|\b(?:winner|gewinner\w*|sieger\w*|gagnant|vainqueur|strongest|best|starkste\w*|plus fort)"
                  r" (?:gets|receives|gains|takes|bekommt|erhalt|kriegt|gagne|recoit|prend) (\d+)\b")
_LOSE = re.compile(r"\b(?:loses?|verlier\w*|perd\w*|minus|penalty|strafe|malus|retire\w*|takes away|zieht)"
                   r" (?:\w+ ){0,3}?(\d+)"
                   r" ?(?:vp|sp|pv|victory points?|siegpunkte?|points?|punkte?)?\b|\b(?:takes?|nimmt|prend|enleve|"
                   r"kostet|coute) (\d+)\b|\b(\d+) (?:vp |victory points? )?(?:lost )?(?:to|for|from) (?:the )?"
                   r"(?:lose|loser|weakest|worst)\b|(?<![\w+])[-−–]\s*(\d+)\s*(?:vp|sp|pv)?\s*(?:to|for|fur|für|pour|au|a|à)"
                   r" (?:the |den |die |le |la )?(?:lose|loser|weakest|worst|schw(?:ä|a)chst\w*|verlierer\w*|letzten|"
                   r"plus faibles?|perdant|dernier)\b")
_PAIR = re.compile(r"(?P<who>\bP#\d\b|\b[A-ZÄÖÜÉÈ][\w]*|\b(?:i|ich|je|j|moi|me|mir|mich|my|mine|meine?|ma|mon)\b)"
                   r"(?P<gap>:?[^\d.;?!:A-ZÄÖÜÉÈ]{0,40}?)\b(?P<d>\d+)\b(?! ?(?:/|vp|sp|pv|victory|siegp))")
_WHO = r"(\bP#\d\b|\b[A-ZÄÖÜÉÈ]\w*|\b(?:I|ich|Ich|je|Je|moi|Moi)\b)"
_WHO_LOOSE = r"(\bP#\d\b|\b[A-ZÄÖÜÉÈ]\w*|\b(?:I|ich|Ich|je|Je|moi|Moi)\b)"
_BOTH = re.compile(_WHO + r" (?:and|und|et) " + _WHO + r",? (?:both |each |beide |jeweils |tous (?:les )?deux |"
                   r"toutes (?:les )?deux )?(?:have|has|haben|hat|ont|avons|a|avez)(?: both| beide| jeweils)? "
                   r"(?:[a-z]+ ){0,3}?(\d+)\b")
_DEF_LIST = re.compile(r"\b(?:defen[cs]es?|verteidigung\w*|defense)(?: [a-z]+){0,3}?:? "
                       r"(\d+(?:\s*(?:,\s*(?:and|und|et)?|and|und|et|&)"
                       r"\s*\d+)+)\b")
_NOUNS = re.compile(r"\b(Verteidigung\w*|Abwehr|Krieger\w*|Schildwall|Kriegerkarte\w*|Punkte?n?|Siegpunkte?n?|"
                    r"Defen[cs]e|Defense|Angriff|Attaque|Attack|SP|"
                    r"PV|VP)\b")
_PICTS_EVEN = all(e["win"] == e["lose"] for r in default_cards()["cards"] for e in r["effects"]
                  if e["kind"] == "picts")
_ME = frozenset({"i", "ich", "je", "j", "moi", "me", "mir", "mich", "my", "mine", "meine", "mein", "ma", "mon"})
_NOT_NAMES = frozenset({
    "the", "a", "an", "if", "when", "what", "who", "how", "with", "and", "but", "so", "then", "in", "at", "on",
    "die", "der", "das", "den", "ein", "eine", "wenn", "wer", "was", "wie", "bei", "mit", "und", "aber", "dann",
    "le", "la", "les", "un", "une", "si", "qui", "quand", "avec", "et", "mais", "alors", "en", "au", "nous",
    "picts", "pikten", "pictes", "pict", "attack", "angriff", "attaque", "defence", "defense", "verteidigung",
    "vp", "sp", "pv", "jarl", "karl", "warrior", "warriors", "krieger", "guerrier", "guerriers", "we", "wir",
    "shield", "schildwall", "mur", "does", "do", "is", "are", "has", "have", "hat", "habe", "ai", "est",
    "everyone", "jeder", "chacun", "everybody", "each", "all", "alle", "tous", "who's", "whos", "qu'est-ce",
    "est-ce", "gibt", "hab", "player", "players", "spieler", "joueur", "joueurs", "moi,", "ok", "okay", "hi",
    "hey", "hallo", "salut", "bonjour", "please", "bitte", "so,", "also", "bon", "dans", "im", "karte", "carte",
    "card", "kartenfeld", "spiel", "runde", "reihe", "feld", "partie", "jeu", "game", "round", "where", "which", "why",
    "wo", "warum", "welche", "welcher", "wieviel", "ou", "pourquoi", "combien", "quel", "quelle", "now", "jetzt",
    "results", "result", "outcome", "ergebnis", "resultat", "resultats", "und?", "so?", "ca", "cela", "this", "that",
    "it", "donc", "sieger", "gewinner", "gewinnerin", "verlierer", "verliererin", "schwächsten", "schwachsten",
    "stärksten", "starksten", "gagnant", "perdant", "vainqueur"})


_CORNERS = re.compile(r"\b(?P<l1>\d+) (?:(?:vp|pv|sp) )?(?:on the |à |a |au |en bas a )?(?:bottom[ -]|lower[ -])?"
                      r"(?:left|links|gauche)\b[^\d]{1,40}?\b(?P<r1>\d+) (?:on the |à |a |au |en bas a )?"
                      r"(?:bottom[ -]|lower[ -])?(?:right|rechts|"
                      r"droite)\b|\b(?:left|links|gauche)(?: is| steht| est)?:? (?P<l2>\d+)\b[^\d]{1,40}?\b(?:right|"
                      r"rechts|droite)(?: is| steht| est)?:? (?P<r2>\d+)\b|(?P<l3>\d+) (?:links|left|gauche) "
                      r"(?:und|and|et) (?P<r3>\d+) (?:rechts|right|droite)\b", re.IGNORECASE)
# "Tom und Max je 2", "Tom and Max 2 each", "Tom et Max 2 chacun": two players with one value, no verb
_BOTH_BARE = re.compile(_WHO + r" (?:and|und|et) " + _WHO + r",? (?:(?:je|jeweils|each|both|beide|chacun|tous (?:les )?"
                        r"deux) (\d+)\b|(\d+) (?:each|apiece|je|jeweils|chacun|chacune)\b)")
_BOTH_NONE = re.compile(_WHO_LOOSE + r" (?:and|und|et) " + _WHO_LOOSE + r",? (?:both |beide |tous (?:les )?deux )?"
                        r"(?:have|haben|ont|n'ont)(?: both| beide)? (?:gar )?(?:keine?n? (?:krieger\w*)?|no warriors?|"
                        r"none|nothing|nichts|nix|aucun\w*(?: guerriers?)?|rien|pas de guerriers?)", re.IGNORECASE)
_ONE_NONE = re.compile(r"\b([A-ZÄÖÜÉÈ]\w*) (?:has|hat|a|n'a|besitzt) (?:gar )?(?:none|nothing|no warriors?|keine?n? "
                       r"(?:krieger\w*)?|nichts|nix|rien|aucun\w*(?: guerriers?)?|pas de guerriers?)")
_ONE_DOUBLED = re.compile(r"\b(?:doubles?|verdoppelt|double) (?:1|one|a|ein\w*|un) (?:warriors?|krieger\w*|guerriers?)"
                          r"\b|\b(?:1|one|a|ein\w*|un) (?:warriors?|krieger\w*|guerriers?) (?:counts? double|"
                          r"doppelt zahlt|doppelt|compte double|double)\b"
                          r"|\bmit der (?:1|ein) krieger doppelt z[aä]hlt\b"
                          r"|\b(?:fait|font) compter (?:1|un) guerrier (?:double|deux fois)\b",
                          re.IGNORECASE)
_ALL_ON = re.compile(r"\b(?:we(?:'re| are)? all|all of us|everyone|everybody|wir (?:stehen |sind )?alle|alle "
                     r"stehen|on est tous|nous sommes tous|tout le monde est)\s+(?:on|at|bei|auf|a|à)\s+(\d+)\s*"
                     r"(?:vp|sp|pv|victory points|siegpunkte?n?|points?)\b", re.IGNORECASE)
_VP_WITH_DEF = re.compile(r"\b(?P<who>I|[A-ZÄÖÜÉÈ][a-zäöüéè]+)(?:'m| am| is| ist| est)? (?:on|at|bei|auf|a|à) "
                          r"(?P<vp>\d+)(?: ?(?:vp|sp|pv))? (?:with|mit|avec) "
                          r"(?P<d>\d+(?! (?:\w+ )?(?:warriors?|krieger\w*|guerriers?))|no warriors?|none|nothing|"
                          r"keine?n? krieger|aucun guerrier)"
                          r"(?: (?:defen[cs]e|verteidigung|en defense|en défense))?\b")
_DEF_AND_VP = re.compile(r"\b(?P<who>[A-ZÄÖÜÉÈ]\w*|moi|ich|je|I)\s+(?:a\s+|has\s+|hat\s+)?(?P<d>\d+)"
                         r"(?:\s+(?:en defense|en défense|defence|defense|verteidigung))?\s+(?:et|and|und)\s+"
                         r"(?P<vp>\d+)\s*(?:vp|sp|pv)\b", re.IGNORECASE)
_VP_NOW = re.compile(r"\b(?P<who>I|I'm|ich|je|j'ai|je suis|[A-Z][a-z]+)"
                     r"(?:'m| am| bin| suis| is| ist| est| has| hat| a| stehe| steht| liege| liegt)?"
                     r" (?:on|at|bei|auf|a|à) (?P<vp>\d+) ?(?:vp|sp|pv|victory points|siegpunkte?n?|points?)\b"
                     r"|\b(?P<who4>I have|I've got|ich habe|ich hab|j'ai) (?P<vp4>\d+) ?(?:vp|sp|pv|victory points|"
                     r"siegpunkte?n?|points de victoire)\b"
                     # "... and Cara on 10 -": a score told after another, its unit said once
                     r"|(?:(?<=\band )|(?<=\bund )|(?<=\bet ))(?P<who5>[A-Z][a-z]+)(?: is| ist| est)? "
                     r"(?:on|at|bei|auf|à) (?P<vp5>\d+)\b"
                     r"(?=\s*(?:[-–—.,;?!]|$))"
                     r"|\b(?P<who2>[A-Z][a-z]+) \((?P<vp2>\d+) ?(?:vp|sp|pv)\)"
                     r"|\b(?P<had>i had|ich hatte|j'avais|i was on|ich war bei|j'etais a) (?P<vp3>\d+) ?"
                     r"(?:vp|sp|pv|victory points|siegpunkte?n?|points?)\b", re.IGNORECASE)
_SCORES_LIST = re.compile(r"\b(?:scores?|vp|victory points|siegpunkte|punktestand|pv|points de victoire)"
                          r"(?: (?:before|before it|before the attack|vorher|davor|avant|avant l'attaque))?\s*:\s*"
                          r"(?P<list>[^.?!]*)", re.IGNORECASE)
_TIED = re.compile(r"\b(both|beide\w*|2 (?:of us|von uns|d'entre nous)|tous (?:les )?deux|toutes (?:les )?deux|"
                   r"(?:my friend|mein freund|meine freundin|mon ami|mon amie|\w+) (?:and|und|et) (?:i|ich|moi))\b")
_OPPONENT = re.compile(r"\b(my|mein|meine|meinem|meinen|mon|ma|the other|l'autre|der andere|die andere)\s+"
                       r"(opponent|gegner|gegnerin|adversaire|player|joueur|spieler|spielerin)\b", re.IGNORECASE)
_A_VALUE = re.compile(r"\b(?:only |just |nur |seulement )?(?:one|a|an|ein|eine|einen|un|une)\s+"
                      r"(?=\d+\b(?!\s*(?:vp|sp|pv|points?|punkte?|coins?|munzen|pieces?)))", re.IGNORECASE)
_NOBODY_WARRIORS = re.compile(r"\b(?:none of us|nobody|no one|no player|neither of us|keiner von uns|niemand|keiner|"
                              r"kein spieler|aucun de nous|aucun joueur|personne|ni l'un ni l'autre)\b[^.?!]{0,30}?"
                              r"\b(?:warriors?|krieger\w*|guerriers?)\b|"
                              r"\b(?:we|wir|nous|on)\b[^.?!]{0,15}?\b(?:have no|haben keine?|"
                              r"n'avons aucun|n'a aucun)\w* (?:warriors?|krieger\w*|guerriers?)\b")
_END = re.compile(r"\b(?:(weakest|lowest|fewest|least|schwachsten|niedrigsten|wenigsten|geringsten|plus faibles?|"
                  r"moins)|(strongest|highest|most|starksten|hochsten|meisten|plus forts?|plus de))\b")
_PART_OF_TABLE = re.compile(r"\b(?:are|is|sind|ist|sommes|sont|est|damit|donc)\s+(?:both\s+|beide\s+|tous deux\s+)?"
                            r"(?:the\s+|die\s+|les?\s+|la\s+)?(?:weakest|lowest|strongest|highest|schwachsten|"
                            r"niedrigsten|starksten|plus faibles?|plus forts?)\b"
                            r"|\b(?:haben|have|ont)\s+(?:2\s+|both\s+)?(?:die\s+|the\s+|le\s+)?"
                            r"(?:wenigsten|fewest|least|meisten|most|moins|plus)\s+"
                            r"(?:verteidigung|defen[cs]e|de points)\w*|\b(?:lowest|highest|weakest) at the "
                            r"table\b|\b(?:the others|everyone else|rest of the table|die anderen|alle anderen|"
                            r"les autres|tous les autres)\b")


_ALL_SAME_DEFENCE = re.compile(r"\b(?:we|wir|on|nous)\b[^.?!]{0,20}?\b(?:all|alle|tous|toutes)\b[^.?!]{0,15}?"
                               r"(?:genau |exactly |exactement |only |nur |seulement )?(\d+) (?:en |in |of |de )?"
                               r"(?:defen[cs]e|verteidigung\w*|defense|points? de defense|defence points?)\b")


def _picts_answer(question: str, q: str, lang: str) -> Any:
    """Each player's defence given: the most gain the card's VP, the fewest lose them (ties all; all equal:
    nobody), from the engine's attack."""
    if not _PICTS.search(q) or not re.search(r"\b(pict\w*|pikt\w*)\b", q) and not _DEF_Q.search(q):
        return None
    if _NOBODY_WARRIORS.search(q):  # "none of us has a warrior": everyone at 0, nobody gains or loses
        return _answer(t("jorvik.hypo.picts_nobody", lang, d=0), lang, "picts_ties")
    if (same := _ALL_SAME_DEFENCE.search(q)) is not None:  # "wir haben alle genau 3 Verteidigungspunkte"
        d = int(same.group(1))
        results = _attack([d, d, d], 1, 1)  # the engine's attack on an even table
        if not any(results):
            return _answer(t("jorvik.hypo.picts_nobody", lang, d=d), lang, "picts_ties")
    end = _END.search(q)
    if _TIED.search(q) and end and len(set(re.findall(r"\b\d+\b", fold(question)))) <= 1:
        # "Tom and I both have 0, the fewest": two tied at one end, the rest of the table untold - each gains or
        # loses the whole amount
        low = end.group(1) is not None
        return _answer(t("jorvik.hypo.picts_tied_" + ("low" if low else "high"), lang), lang, "picts_ties")
    if _PART_OF_TABLE.search(q):
        return None  # the others' defence is not given
    text = _case_folded(question)
    # "my warriors add up to 5 (a 2 and a 3)": the total said, then how it is made up - counted once
    text = re.sub(r"(\b(?:add(?:s|ing)? up to|total(?: of)?|in total|insgesamt|zusammen|au total|en tout|soit)\s*:?\s*"
                  r"\d+)\s*\([^)]*\)", r"\1", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(?:player|spieler|joueur|joueuse|seat) ?#?(\d)\b", r"P#\1", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(I|ich|moi|je|me)\s*\([A-Z][a-z]+\)", r"\1", text)  # "I (Ben) have ...": the asker
    # "the card shows 3 and 2": the reward (lower left) and the penalty (lower right), in that order
    text = re.sub(r"\b(shows?|showing|zeigt|indique|montre|affiche)\s+(\d+)\s+(?:and|und|et)\s+(\d+)\b"
                  r"(?!\s*(?:vp|sp|pv|coins?|munzen|pieces|defen|verteid))", r"\1 \2 left and \3 right", text,
                  flags=re.IGNORECASE)
    # "me 5 (a 2 and a 3)": a total and then how it is made up, counted once
    text = re.sub(r"\b(\d+)\s*\(([^()]*)\)", lambda m: m.group(1) if len(re.findall(r"\d+", m.group(2))) > 1 and sum(
        int(x) for x in re.findall(r"\d+", m.group(2))) == int(m.group(1)) else m.group(0), text)
    listed_vp = _SCORES_LIST.search(text)  # "Scores before: me 14, Anna 12": the scores before the attack
    before_list: dict[str, int] = {}
    if listed_vp:
        for who, vp in re.findall(r"\b(I|me|ich|moi|[A-Z][a-z]+)\s*:?\s*(\d+)\b", listed_vp.group("list")):
            before_list["me" if who.lower() in _ME else who] = int(vp)
        text = text[:listed_vp.start()] + ". " + text[listed_vp.end():]
    text = _OPPONENT.sub(lambda m: " " + m.group(2).capitalize(), text)  # "my opponent has 7": a player named
    text = _A_VALUE.sub(" ", text)  # "Anna has one 5", "Ben only a 1": a warrior of 5, not one and five
    text = _digits_keep_case(text)
    text = _NOUNS.sub(lambda m: m.group(0).lower(), text)
    all_on = _ALL_ON.search(text)  # "we're all on 14 VP": everyone's score before
    everyone = int(all_on.group(1)) if all_on else None
    if all_on:
        text = text[:all_on.start()] + " " + text[all_on.end():]
    vp_now: dict[str, int] = dict(before_list)
    for v in reversed(list(_VP_WITH_DEF.finditer(text))):  # "I'm on 14 VP with 5 defence, Anna on 12 with 5"
        who = "me" if v.group("who").lower() in _ME else v.group("who")
        vp_now[who] = int(v.group("vp"))
        told = v.group("d") if v.group("d").isdigit() else "0"
        text = text[:v.start()] + f" {'I' if who == 'me' else who} {told}, " + text[v.end():]
    for v in reversed(list(_DEF_AND_VP.finditer(text))):  # "Léa a 3 en défense et 15 PV": defence, then score
        who = "me" if v.group("who").lower() in _ME else v.group("who")
        vp_now[who] = int(v.group("vp"))
        text = text[:v.start()] + f" {v.group('who')} {v.group('d')} " + text[v.end():]
    for v in reversed(list(_VP_NOW.finditer(text))):  # "I'm on 12 VP", "Sue (9 VP)": the score before
        who = v.group("who") or v.group("who2") or v.group("who5") or "I"  # "J'avais 12 PV", "j'ai 10 PV": mine
        vp_now["me" if who.lower() in _ME else who] = int(v.group("vp") or v.group("vp2") or v.group("vp3") or
                                                          v.group("vp4") or v.group("vp5"))
        text = text[:v.start()] + f" {who} " + text[v.end():]
    text = re.sub(r"\s+", " ", text)
    text = _BOTH.sub(lambda m: f"{m.group(1)} {m.group(3)}, {m.group(2)} {m.group(3)}", text)
    text = _BOTH_BARE.sub(lambda m: f"{m.group(1)} {m.group(3) or m.group(4)}, {m.group(2)} {m.group(3) or m.group(4)}",
                          text)
    text = _BOTH_NONE.sub(lambda m: f"{m.group(1)} 0, {m.group(2)} 0", text)  # "Anna and Ben have none"
    text = _ONE_NONE.sub(lambda m: f"{m.group(1)} 0", text)  # "Per has none": a player at 0, not left out
    text = _ONE_DOUBLED.sub(" doubling ", text)  # "the card that doubles one warrior": no warrior of 1
    text = re.sub(r"\b(?:einen |ein |eine )?(\d)(?:er|-er)[- ]?(krieger\w*)", r"\2 mit \1", text)  # "1er-Krieger"
    text = re.sub(r"\b(?:one|1) (with|of|worth|valued at)\s+(?=\d)", r"\1 ", text)  # "Ben one with 1": a 1
    win = lose = None
    corners = _CORNERS.search(text)
    m = None if corners else _WINLOSE.search(text)
    if corners:  # "3 on the left and 2 on the right": the card gives its lower left, takes its lower right
        if corners.group("l1"):
            win, lose = _int(corners, "l1"), _int(corners, "r1")
        elif corners.group("l2"):
            win, lose = _int(corners, "l2"), _int(corners, "r2")
        else:
            win, lose = _int(corners, "l3"), _int(corners, "r3")
        text = text[:corners.start()] + " " + text[corners.end():]
    elif m:
        win, lose = (_int(m, 1), _int(m, 2)) if m.group(1) else (_int(m, 3), _int(m, 4)) if m.group(3) else (
            _int(m, 5), _int(m, 6))  # "+3 au plus fort et -2 au plus faible"
        text = text[:m.start()] + " " + text[m.end():]
    else:
        mw, ml = _WIN.search(text.lower()), _LOSE.search(text.lower())
        if mw:
            win = next((int(g) for g in mw.groups() if g is not None), None)
        if ml:
            lose = next((int(g) for g in ml.groups() if g is not None), None)
        if (win is None) != (lose is None) and _PICTS_EVEN:
            win = lose = win if win is not None else lose  # every attack card takes what it gives
        for mm in sorted((x for x in (mw, ml) if x), key=lambda x: -x.start()):
            text = text[:mm.start()] + " " + text[mm.end():]
    text = _uncounted(_ONE_WARRIOR.sub(" ", text))  # "one warrior worth 4": a warrior of 4, not one of 1
    said = {v for v in (win, lose) if v is not None}
    text = re.sub(r"\b(?:the|die|den|les|ces|those|these)\s+(\d+)\s*(?:vp|sp|pv|victory points?|siegpunkte?|"
                  r"points? de victoire)\b", lambda m: " " if int(m.group(1)) in said else m.group(0), text,
                  flags=re.IGNORECASE)  # "who gets the 3 VP?": the card's reward said again
    if re.search(r"\b\d+ (?:\w+ )?(?:warriors?|krieger\w*|guerriers?|cards?|karten|cartes?)\b", text.lower()):
        return None  # "I have 3 warriors": how many, not the defence
    seen: dict[str, int] = {}
    order: list[str] = []
    used: list[tuple[int, int]] = []
    listed = _DEF_LIST.search(text.lower())
    if listed:  # "defence values 5, 5, 2 and 0": one player each, in that order
        for i, value in enumerate(re.finditer(r"\d+", listed.group(1))):
            seen[f"P#{i + 1}"] = int(value.group(0))
            order.append(f"P#{i + 1}")
        used.append((listed.start(1), listed.end(1)))
    if not listed and re.search(r"\b(warriors?|krieger\w*|guerriers?|shield ?wall|schildwall|mur de boucliers)\b",
                                text.lower()):
        return _picts_warriors(text, win, lose, lang, vp_now, everyone)  # warriors named one by one
    for p in () if listed else _PAIR.finditer(text):
        who = p.group("who")
        key = "me" if who.lower() in _ME else who
        if who.lower() in _NOT_NAMES and key != "me":
            continue
        if key in seen:
            return None
        seen[key] = int(p.group("d"))
        order.append(key)
        used.append((p.start("d"), p.end("d")))
    unread = [d for d in re.finditer(r"\b\d+\b", text) if not any(a <= d.start() < b for a, b in used)
              and not text[max(0, d.start() - 2):d.start()].endswith("#")]
    if unread or not 2 <= len(order) <= 5:
        return None
    values = [seen[k] for k in order]
    results = _attack(values, win if win is not None else 1, lose if lose is not None else 1)
    return _picts_text(order, values, results, win, lose, lang, vp_now, everyone)


def _picts_warriors(text: str, win: int | None, lose: int | None, lang: str, vp_now: dict[str, int],
                    everyone: int | None) -> Any:
    read = _warrior_seats(text)
    if read is None:
        return None
    order, seats = read
    values, results = _attack_seats(seats, win if win is not None else 1, lose if lose is not None else 1)
    return _picts_text(order, list(values), results, win, lose, lang, vp_now, everyone)


def _picts_text(order: list[str], values: list[int], results: tuple[int, ...], win: int | None, lose: int | None,
                lang: str, vp_now: dict[str, int] | None = None, everyone: int | None = None) -> Any:
    """The attack's outcome per player; with the scores told before it (`vp_now`, or `everyone`'s), the scores
    after it too."""
    if everyone is not None:
        vp_now = {**dict.fromkeys(order, everyone), **(vp_now or {})}
    names = [t("jorvik.hypo.you", lang) if k == "me" else
             t("jorvik.hypo.player_n", lang, n=k[2:]) if k.startswith("P#") else k for k in order]
    items = []
    for name, d, delta in zip(names, values, results, strict=True):
        if delta > 0:
            key = "gain_vp" if win is not None else "gain"
        elif delta < 0:
            key = "lose_vp" if lose is not None else "lose"
        else:
            key = "none"
        me = name == t("jorvik.hypo.you", lang)
        items.append(t(f"jorvik.hypo.picts_{key}{'_you' if me else ''}", lang, name=name, d=d,
                       vp=narrate.vp(abs(delta), lang)))
    if not any(results):
        return _answer(t("jorvik.hypo.picts_nobody", lang, d=values[0]), lang, "picts_ties")
    text_out = t("jorvik.hypo.picts", lang, items="; ".join(items))
    if win is not None and lose is not None:  # the scores told before the attack, and after it
        ends = [t("jorvik.hypo.picts_ends" + ("_you" if k == "me" else ""), lang, name=name,
                  vp=narrate.vp(now[k] + delta, lang))
                for k, name, delta in zip(order, names, results, strict=True) if k in (now := vp_now or {})]
        if ends:
            text_out += " " + "; ".join(ends)[:1].upper() + "; ".join(ends)[1:] + "."
    tied = sum(r > 0 for r in results) > 1 or sum(r < 0 for r in results) > 1
    return _answer(text_out[:1].upper() + text_out[1:], lang, "picts_ties" if tied else "picts")


def _accented(found: Any, question: str) -> Any:
    """Names as the question spells them ("Léa", read without accents as "Lea")."""
    if found is not None:
        for word in set(re.findall(r"[^\W\d_]+", question)):
            plain = _case_folded(word)
            if plain != word and word[:1].isupper():
                found.text = re.sub(rf"\b{re.escape(plain)}\b", word, found.text)
    return found


def _case_folded(text: str) -> str:
    """Accents folded, the case kept (names start with a capital)."""
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", text.replace("’", "'"))
                   if not unicodedata.combining(c))


def _digits_keep_case(text: str) -> str:
    return re.sub(r"[A-Za-z]+", lambda m: str(_CARDINALS[m.group(0).lower()])
                  if m.group(0).lower() in _CARDINALS and m.group(0).lower() not in ("both", "beide", "beiden")
                  else m.group(0), text)


def _attack(defence: list[int], win: int, lose: int) -> tuple[int, ...]:
    """The VP each seat gains or loses when the Picts attack, from the engine (one warrior card per seat with
    that defence)."""
    return _attack_seats([([d] if d > 0 else [], False) for d in defence], win, lose)[1]


def _attack_seats(seats: list[tuple[list[int], bool]], win: int, lose: int) -> tuple[tuple[int, ...], ...]:
    """Each seat's defence and VP change when the Picts attack, from the engine: a seat is its warriors' values
    and whether it holds the card that doubles one warrior."""
    from engine.jorvik.actions import PictsAttack, PictsResolved

    rows: list[dict[str, Any]] = []
    spec = []
    for warriors, double in seats:
        display = []
        for v in warriors:
            rows.append(_row(len(rows), "warrior", [{"kind": "defence", "value": v}]))
            display.append(rows[-1]["id"])
        if double:
            rows.append(_row(len(rows), "defence", [{"kind": "double_warrior"}]))
            display.append(rows[-1]["id"])
        spec.append({"display": display})
    attack = _row(len(rows), "picts", [{"kind": "picts", "win": win, "lose": lose, "final": False}])
    _, events = _scenario({"players": len(seats), "cards": _doc_with([*rows, attack]), "deck": [attack["id"]],
                           "seats": spec})
    defence = next(tuple(e.defence) for e in events if isinstance(e, PictsAttack))
    return defence, next(tuple(e.delta) for e in events if isinstance(e, PictsResolved))


_ONE_WARRIOR = re.compile(r"\b(?:1|a|one|ein\w*|un\w*)\b(?= (?:warriors?|krieger\w*|guerriers?) (?:card )?"
                          r"(?:worth|of|with|"
                          r"valued|mit|von|zu|im wert von|de|a|à|valant)\b)", re.IGNORECASE)
_SUBJ = re.compile(r"\bP#\d\b|\b[A-ZÄÖÜÉÈ]\w*|\b(?:i|ich|je|j|moi|me|mir|my|mine|meine?|ma|mon)\b")
_NONE_HELD = re.compile(r"\b(none|no warriors?|nothing|keine?n?|nichts|nix|aucun|rien)\b")


def _warrior_seats(text: str) -> tuple[list[str], list[tuple[list[int], bool]]] | None:
    """Players and their warriors as the question lists them ("I have warriors 3 and 2 and the shield wall,
    Ben has 4 and 4"): each player's numbers up to the next player."""
    text = _ONE_WARRIOR.sub(" ", text)  # "one warrior worth 4": a warrior of 4, not one of 1
    subjects = [m for m in _SUBJ.finditer(text) if m.group(0).lower() in _ME or m.group(0).lower() not in _NOT_NAMES]
    order: list[str] = []
    seats: list[tuple[list[int], bool]] = []
    for i, m in enumerate(subjects):
        key = "me" if m.group(0).lower() in _ME else m.group(0)
        seg = text[m.end():subjects[i + 1].start() if i + 1 < len(subjects) else len(text)].lower()
        nums = [int(x) for x in re.findall(r"\b\d+\b", seg)]
        nxt = subjects[i + 1].group(0).lower() if i + 1 < len(subjects) else ""
        if not nums and key == "me" and nxt in _ME and not seg.strip(" ,"):
            continue  # "Moi j'ai ...": one asker said twice
        if not nums:
            if key in order:  # "who wins, Ben or me?", "... and I own the doubling card": named again
                if _DOUBLER.search(seg):
                    seats[order.index(key)] = (seats[order.index(key)][0], True)
                continue
            if not _NONE_HELD.search(seg):
                return None
        if key in order or len(nums) > 1 and not re.search(r"\b(warriors?|krieger\w*|guerriers?)\b", seg) and \
                not re.search(r"\b(?:and|und|et) (?:a |an |ein\w* |un\w* )?\d+\b", seg):
            return None  # "Kim has a 4 and a 1": two warriors; "Tom 4 5": not read
        if any(not 1 <= v <= 9 for v in nums) and nums != [0]:
            return None
        order.append(key)
        seats.append(([v for v in nums if v], bool(_DOUBLER.search(seg))))
    return (order, seats) if 2 <= len(order) <= 5 else None


# ---- 4b. a player's defence from the warriors (and the shield wall) --------------------------------------------

_WARRIORS = re.compile(r"\b(?:warriors?|krieger\w*|guerriers?)\b(?: cards?| karten| (?:with|of|mit|von|de|a|zu) "
                       r"(?:values?|werten?|valeurs?)?| valued| values?)?[: ]*((?:\d+\s*(?:,|and|und|et|&|\+|plus)?"
                       r"\s*)+)")
_DOUBLER = re.compile(r"\b(shield ?wall|schildwall|mur de boucliers|doubl\w* card|verdoppl\w*|doubl\w*|"
                      r"counts? double|zahlt doppelt|doppelt (?:zahlt|gezahlt|zahlen|gewertet|wertet)|doppelt\w*|"
                      r"compte double|compte deux fois|counts? twice)\b")
_DEF_Q = re.compile(r"\b(defen[cs]e|verteidigung\w*|abwehr|defense)\b")


_COUNTED = re.compile(r"\b(\d) ((?:warriors?|krieger\w*|guerriers?)(?: cards?| karten)?"
                      r"(?: (?:worth|of|valued at|with values?|"
                      r"mit|von|zu|im wert von|a|à|de|valant))?)[:,]? \(?((?:(?:un |une |one |an |a |ein\w* |à |de |"
                      r"von |zu )*\d+(?:,| and| und| et| &|\s)*\s*)+)", re.IGNORECASE)


_OTHERS_HOLD = re.compile(r"\b(?!(?:i|ich|je|j|he|she|it|er|sie|es|il|elle|on|who|wer|qui|un|une|one|"
                          r"guerriers?|warriors?|krieger\w*|cartes?|karten?|cards?|valeurs?|points?|et|and|und|ou|or|oder|puis)\b)"
                          r"[a-z]+ (?:has|hat|a|owns?|"
                          r"besitzt|possede)\b(?: (?:a|an|one|ein\w*|un\w*|only|nur|seulement|single|einzige\w*|"
                          r"seul\w*))* \d")


def _uncounted(text: str) -> str:
    """"2 warriors worth 3 and 2" -> "warriors worth 3 and 2": a count that the values listed after it repeat."""
    def drop(m: re.Match[str]) -> str:
        values = re.findall(r"\d+", m.group(3))
        if len(values) == 1 and int(m.group(1)) > 1 and re.match(r"\s*(?:each|apiece|je|jeweils|chacun\w*|chaque)\b",
                                                                 m.string[m.end():], re.IGNORECASE):
            # "two warriors worth 4 each": 4 and 4
            return f"{m.group(2)} {' and '.join(values * int(m.group(1)))} "
        return f"{m.group(2)} {m.group(3)}" if len(values) == int(m.group(1)) else m.group(0)

    return _COUNTED.sub(drop, text)


def _defence_answer(q: str, lang: str) -> Any:
    """"Warriors 3 and 2 and the shield wall: my defence?" — the engine's defence points."""
    q = _ONE_DOUBLED.sub(" doubling ", _uncounted(q))
    if not _DEF_Q.search(q) or not _HOW_MANY.search(q) and not re.search(
            r"\b(what|was|quel\w*|welche\w*|my|meine|ma|mon)\b", q):
        return None
    m = _WARRIORS.search(q)
    if m is not None:
        values = [int(x) for x in re.findall(r"\d+", m.group(1))]
        rest = q[:m.start()] + " " + q[m.end():]
    if m is None or re.search(r"\b\d+\b", rest):  # "a warrior of 4 and one of 3": every number a warrior's
        if not re.search(r"\b(warriors?|krieger\w*|guerriers?)\b", q) or re.search(
                r"\b\d+ (?:\w+ )?(?:warriors?|krieger\w*|guerriers?|vp|sp|pv|points?|punkte?)\b", q):
            return None  # "3 warriors": how many, not their values
        rest = re.sub(r"\b1 (?=(?:of|de|mit|von|zu|with|a) \d)", " ", q)
        values = [int(x) for x in re.findall(r"\b\d+\b", rest)]
        rest = re.sub(r"\b\d+\b", " ", rest)
    if not values or len(values) > 8 or re.search(r"\b\d+\b", rest) or not all(1 <= v <= 9 for v in values):
        return None
    if _OTHERS_HOLD.search(q):
        return None  # "Ole has a single 5": the others' warriors, the attack reader's
    if re.search(r"\b(ben|others?|andere\w*|autres?|everyone|jeder|chacun)\b", rest) or re.search(
            r"\b(pict\w*|pikt\w*)\b", rest) and not re.search(r"\b(i|ich|je|j|my|meine?|mes|ma|mon)\b", rest):
        return None  # the others' defence, or the attack itself: the attack reader's
    double = bool(_DOUBLER.search(q))
    total = _defence(values, double)
    key = "jorvik.hypo.defence_double" if double else "jorvik.hypo.defence"
    return _answer(t(key, lang, d=total, values=" + ".join(map(str, values)), top=max(values)), lang,
                   "doubled" if double else "warriors")


def _defence(values: list[int], double: bool) -> int:
    rows = [_row(i, "warrior", [{"kind": "defence", "value": v}]) for i, v in enumerate(values)]
    display = [r["id"] for r in rows] + (["B24"] if double else [])
    state, _ = _scenario({"players": 2, "mode": "jarl" if double else "karl", "cards": _doc_with(rows),
                          "phase": "demand", "spaces": _IDLE, "seats": [{"display": display}, {}]})
    return int(defence_of(state, 0))


# ---- 5. the final scoring of a display the question describes; storage; oracles ----------------------------------

_ONE = r"(\d+|a|an|one|ein|eine|einen|einem|einer|un|une)"
_SCORE_Q = re.compile(r"\b(scor\w*|worth|points?|vp|sp|pv|punkte?n?|siegpunkte?|wertung|schlusswertung|"
                      r"endwertung|decompte|rapporte\w*|vaut|valent|bring\w*|get|bekomme|kriege|total|insgesamt|"
                      r"gibt|ergibt|ergeben|"
                      r"gesamt|au total|end|ende|fin)\b")
_WHAT = (r"coin|munz|piece|ship|schiff|navire|trader|handler|marchand|craft|handwerk|artisan|warrior|krieger|guerrier|"
         r"raid|raubzug")
_FINAL_ITEMS: list[tuple[str, re.Pattern[str]]] = [
    ("feast", re.compile(_ONE + r" (?:cartes? |feast cards? )?(?:feasts?|gelage\w*|feste?|festmahl\w*|festins?|"
                         r"banquets?|fetes?)\b(?: cards?)?")),  # "4 cartes Festin", "3 Gelagekarten"
    ("warehouse", re.compile(r"\b(\d+) (?:goods? |waren? |marchandises? )?(?:\w+ ){0,2}?(?:in|on|im|auf|dans|sur|"
                             r"into|ins) (?:the |my |a |dem |meinem |einem |l'|mon |un )?(?:warehouse|lagerhaus|"
                             r"entrepot)\b|\b(?:warehouse|lagerhaus|entrepot) (?:with|mit|avec|holding|holds|has) "
                             r"(\d+) (?:goods?|waren?|marchandises?)\b")),
    ("done_craft", re.compile(_ONE + r" (?:completed?|finished|fulfilled|full|filled|fertig\w*|vollstandig\w*|"
                              r"erfullt\w*|komplett\w*|voll\w*|fertiggestellt\w*) (?:crafts?|craft cards?|"
                              r"handwerk\w*) (?:worth|of|for|mit|zu|uber|von|a) (?:je |each |jeweils )?(\d+)\b"
                              r"|" + _ONE + r" (?:artisans?|cartes? artisan) (?:complete?s?|termine\w*|rempli\w*|"
                              r"acheve\w*) (?:de|a|valant|qui vaut) (?:chacun )?(\d+)\b")),
    ("open_craft", re.compile(_ONE + r" (?:unfinished|incomplete|half[- ]?(?:full|filled|finished)|open|unfertig\w*|"
                              r"halbfertig\w*|unvollstandig\w*|nicht fertig\w*|offen\w*) (?:crafts?|craft cards?|"
                              r"handwerk\w*) (?:worth|of|for|mit|zu|uber|von|a) (\d+)\b"
                              r"|" + _ONE + r" (?:artisans?|cartes? artisan) (?:incomplete?s?|inacheve\w*|non "
                              r"(?:termine|rempli|complete)\w*|pas (?:termine|rempli|complete|fini)\w*) (?:de|a|"
                              r"valant|qui vaut) (\d+)\b")),
    ("trader", re.compile(_ONE + r" (?:traders?|handler|marchands?)\b(?! (?:skald|per|pro|par))")),
    ("raid", re.compile(r"\b(?:raids?|raubzug\w*) (?:worth|of|for|mit|zu|uber|von|de|a) (\d+)\b")),
    ("skald", re.compile(r"(\d+|a|an|one|ein|eine|einen|einem|einer|un|une|the|der|die|den|dem|le|la|mon|my|meinen?) "
                         r"(?:(" + _WHAT + r")\w*[- ]?skald\w*|(?:skald\w*|scaldes?)(?:\W+\w+){0,5}?\W+(?:per|pro|par|"
                         r"for each|fur jede[nrs]?|for every) (" + _WHAT + r")\w*)\b")),
    ("coins", re.compile(r"\b(\d+) (?:coins?|munzen|pieces?)(?! (?:skald|per|pro|par))\b")),
    ("ships", re.compile(_ONE + r" (?:ships?|schiffe?n?|navires?)\b")),
    ("warriors", re.compile(_ONE + r" (?:warriors?|krieger\w*|guerriers?)\b(?! (?:of|de|mit|with|worth|zu|von) \d)")),
]
# "a fourth", "noch eine", "une 3e", "one more" (ordinals read as "o4"): one card more of the kind told
_ONE_MORE = re.compile(r"\b(?:one more|another|an? o\d|noch eine?n?|eine? (?:weitere?n?|o\d)|une? (?:autre|o\d)|"
                       r"une de plus|one extra)\b")
_MORE_Q = re.compile(r"\b(more|mehr|en plus|de plus|extra|zusatzlich\w*)\b")
_TYPE_OF = {"ships": "ship", "warriors": "warrior"}
_TRACK = re.compile(r"\b(\d+) (?:vp|sp|pv|victory points|points de victoire|siegpunkte?n?|points?|punkte?n?) "
                    r"(?:\w+ ){0,2}?(?:on|sur|auf) (?:the|la|der|ma|my|meiner|ma) (?:\w+ )?(?:track|piste|\w*leiste)\b")
_SKALD_WHAT = {"coin": "coin", "munz": "coin", "piece": "coin", "ship": "ship", "schiff": "ship", "navire": "ship",
               "trader": "trader", "handler": "trader", "marchand": "trader", "craft": "craft", "handwerk": "craft",
               "artisan": "craft", "warrior": "warrior", "krieger": "warrior", "guerrier": "warrior", "raid": "raid",
               "raubzug": "raid"}


def _final_answer(q: str, lang: str) -> Any:
    """Feasts, the warehouse, completed crafts, traders, raids, a coin skald: the engine's final scoring."""
    if not _SCORE_Q.search(q) or re.search(r"\b(defen[cs]e|verteidigung\w*|defense)\b", q):
        return None  # "wie viel Verteidigung gibt ein Krieger?": defence, not the final scoring
    found: dict[str, list[int]] = {}
    rest = q
    track = _TRACK.search(rest)  # "31 PV sur la piste": the score before the final scoring, added to it
    if track:
        rest = rest[:track.start()] + " ; " + rest[track.end():]
    for kind, pat in _FINAL_ITEMS:
        while (m := pat.search(rest)) is not None:
            groups = [g for g in m.groups() if g is not None]
            if kind == "skald":  # which skald: what it counts
                what = next(v for k, v in _SKALD_WHAT.items() if groups[-1].startswith(k))
                found.setdefault(f"skald_{what}", []).append(1)
                rest = rest[:m.start()] + " ; " + rest[m.end():]
                continue
            nums = [int(g) if g.isdigit() else 1 for g in groups]
            found.setdefault(kind, []).append(nums[0] if len(nums) == 1 else nums[1])
            if len(nums) == 2 and kind.endswith("craft"):
                found[kind][-1:] = [nums[1]] * nums[0]
            elif kind in ("feast", "trader", "ships", "warriors"):
                found[kind][-1:] = [1] * nums[0]
            rest = rest[:m.start()] + " ; " + rest[m.end():]
    if sum(len(v) for v in found.values()) == 1 and not re.search(r"\d", q) and "feast" not in found:
        return None  # "what does a feast score?": the card's rule, from the digest
    if not found or re.search(r"\b\d+\b", rest) or "coins" in found and "skald_coin" not in found:
        return None
    if re.search(r"\b(ships?|schiff\w*|navires?|warriors?|krieger|guerriers?|oracles?|orakel|skald\w* (?:per|pro|"
                 r"par) (?!coin|munze|piece)|double|doppelt|storage space|lagerplatz|pict\w*|pikt\w*|"
                 r"income|einkommen|revenu|row|reihe|file)\b", rest):
        return None
    if len(found.get("coins", [])) > 1 or len(found.get("feast", [])) > 12 or len(found.get("warehouse", [])) > 1:
        return None
    if found.get("trader") and re.search(r"\bjarl\b", q):
        return None  # a Jarl trader of a rare good scores more: which traders is not said
    parts = _final_scoring(found)
    if parts is None:
        return None
    if len(found) == 1 and (kind := next(iter(found))) in ("feast", "trader", "ships", "warriors") and \
            _ONE_MORE.search(q) and _MORE_Q.search(q):
        # "Ich habe schon 3 Gelagekarten. Wie viele Siegpunkte mehr bringt eine vierte?": what the next one adds
        n = len(found[kind])
        after = _final_scoring({kind: found[kind] + [1]})
        if after is None:
            return None
        had, now = sum(parts.values()), sum(after.values())
        return _answer(t("jorvik.hypo.final_more", lang, more=narrate.vp(now - had, lang), n=n, m=n + 1,
                         had=narrate.vp(had, lang), now=narrate.vp(now, lang),
                         kind=t(f"jorvik.type.{_TYPE_OF.get(kind, kind)}", lang)), lang, kind)
    total = sum(parts.values())
    shown = {k: v for k, v in parts.items() if v}
    open_crafts = len(found.get("open_craft", []))
    text = t("jorvik.hypo.final", lang, vp=narrate.vp(total, lang), parts=_parts(shown, lang) if shown else "—")
    if open_crafts:
        text += " " + t("jorvik.hypo.final_open", lang, n=open_crafts)
    if track:
        had = int(track.group(1))
        text += " " + t("jorvik.hypo.final_track", lang, track=narrate.vp(had, lang),
                        total=narrate.vp(had + total, lang))
    return _answer(text, lang, next(iter(shown)) if len(shown) == 1 else "final")


def _final_scoring(found: dict[str, list[int]]) -> dict[str, int] | None:
    """The engine's final scoring (`score_breakdown`) of seat 0 with the display described."""
    from engine.jorvik.game import score_breakdown

    rows: list[dict[str, Any]] = []
    display: list[str] = []
    crafts: dict[str, list[str]] = {}
    n = 0
    base = {r["id"]: r for r in default_cards()["cards"]}
    feast = next(e for r in base.values() if r["type"] == "feast" for e in r["effects"])
    for _ in found.get("feast", []):
        rows.append(_row(n, "feast", [dict(feast)]))
        n += 1
    for kind in ("done_craft", "open_craft"):
        for vp in found.get(kind, []):
            if not 0 <= vp <= 99:
                return None
            rows.append(_row(n, "craft", [{"kind": "craft", "needs": ["amber", "iron"], "vp": vp}]))
            if kind == "done_craft":
                crafts[rows[-1]["id"]] = ["amber", "iron"]
            n += 1
    traders = [cid for cid, r in base.items() if r["type"] == "trader" and r["game"] == "karl"]
    if len(found.get("trader", [])) > len(traders):
        return None
    display += traders[:len(found.get("trader", []))]
    for vp in found.get("raid", []):
        rows.append(_row(n, "raid", [{"kind": "score", "vp": vp}]))
        n += 1
    for _ in found.get("ships", []):
        rows.append(_row(n, "ship", [{"kind": "ship", "goods": 3}]))
        n += 1
    for _ in found.get("warriors", []):
        rows.append(_row(n, "warrior", [{"kind": "defence", "value": 1}]))
        n += 1
    for what in set(_SKALD_WHAT.values()):
        if not found.get(f"skald_{what}"):
            continue
        skald = next((e for r in base.values() if r["type"] == "skald" for e in r["effects"]
                      if e.get("what") == what), None)  # the card data's skald of that kind
        if skald is None:
            return None
        for _ in found[f"skald_{what}"]:
            rows.append(_row(n, "skald", [dict(skald)]))
            n += 1
    seat: dict[str, Any] = {"coins": found.get("coins", [0])[0]}
    if found.get("warehouse"):
        display.append(next(cid for cid, r in base.items() if r["effects"][0]["kind"] == "storage"))
        seat["storage"] = {"amber": found["warehouse"][0]}
    if n > 40:
        return None
    seat["display"] = display + [r["id"] for r in rows]
    seat["crafts"] = crafts
    state, _ = _scenario({"players": 2, "cards": _doc_with(rows), "phase": "demand", "spaces": _IDLE,
                          "seats": [seat, {}]})
    return dict(score_breakdown(state, 0))


_STORE_Q = re.compile(r"\b(store|stored|storing|storage|lager\w*|lagern|stocker|stocke\w*|stockage|entrepos\w*)\b")
_WAREHOUSE = re.compile(r"\b(warehouse|lagerhaus|entrepot)\b")


def _storage_answer(q: str, lang: str) -> Any:
    """1 storage space on the board, 4 more with the warehouse: the engine's storage capacity."""
    if not _STORE_Q.search(q) or not _HOW_MANY.search(q) or re.search(r"\b\d+\b", q):
        return None
    if _SCORE_Q.search(q) and not re.search(r"\b(goods?|waren?|marchandises?)\b", q):
        return None
    if not re.search(r"\b(goods?|waren?|marchandises?|spaces?|platze|lagerplatze|places|emplacements?)\b", q):
        return None
    from engine.jorvik.game import _storage_cap

    def capacity(warehouse: bool) -> int:
        """The engine's storage capacity of a seat without or with the warehouse (A12)."""
        seat = {"display": ["A12"]} if warehouse else {}
        return int(_storage_cap(_scenario({"players": 2, "phase": "demand", "spaces": _IDLE,
                                           "seats": [seat, {}]})[0], 0))

    both = bool(_WAREHOUSE.search(q)) and re.search(r"\b(without|ohne|sans)\b", q) and re.search(
        r"\b(with|mit|avec)\b", q)
    if both:  # "wie viele - ohne und mit Lagerhaus?": each
        bare, full = capacity(False), capacity(True)
        return _answer(t("jorvik.hypo.storage_both", lang, n=bare, total=full, more=full - bare), lang, "storage")
    house = bool(_WAREHOUSE.search(q)) and not re.search(r"\b(without|ohne|sans)\b", q)
    cap = capacity(house)
    if house and re.search(r"\b(?:on|in|onto|into|auf|im|ins|sur|dans) (?:the |my |a |dem |meinem |einem |das |l'|"
                           r"mon |un )?(?:warehouse|lagerhaus|entrepot)\b|\b(?:warehouse|lagerhaus|entrepot)\w* "
                           r"(?:\w+ ){0,2}?(?:hold|holds|take|takes|store|stores|fit|has|fasst|hat|halt|nimmt|"
                           r"contient|peut|stocke)\b|\b(?:hold|holds|fasst|halt|nimmt|contient|take|takes) "
                           r"(?:the |das |l'|le |dem |my |mein )?(?:warehouse|lagerhaus|entrepot)\b", q):
        own = cap - capacity(False)
        return _answer(t("jorvik.hypo.storage_on_house", lang, n=own, total=cap), lang, "warehouse")
    key = "jorvik.hypo.storage_house" if house else "jorvik.hypo.storage"
    return _answer(t(key, lang, n=cap, more=cap - 1), lang, "storage")


_ORACLE = re.compile(r"\b(oracles?|orakel\w*)\b")
_SACRIFICE_N = re.compile(r"\b(\d+) (?:\w+ ){0,2}?(?:goods?|waren?|marchandises?|amber|bernstein|ambres?|iron|eisen|"
                          r"fers?|leathers?|leder|cuirs?|wool|wolle|laines?|jet|gagat|jais)\b")


def _oracle_answer(q: str, lang: str) -> Any:
    """Goods sacrificed at an oracle: the engine's VP for each."""
    if not _ORACLE.search(q) or not _SCORE_Q.search(q):
        return None
    m = _SACRIFICE_N.search(q)
    if m is None or re.search(r"\b\d+\b", q[:m.start()] + q[m.end():]):
        return None
    n = int(m.group(1))
    if not 1 <= n <= 20:
        return None
    from engine.jorvik.actions import Sacrifice

    state, _ = _scenario({"players": 2, "mode": "jarl", "phase": "loading", "turn": 0,
                          "seats": [{"display": ["A16"], "storage": {"amber": n}, "vp": 0}, {}]})
    for _ in range(n):
        state = _apply(state, Sacrifice("amber"))
    got = int(state.vp[0])
    return _answer(t("jorvik.hypo.oracle", lang, vp=narrate.vp(got, lang), n=n, each=narrate.vp(got // n, lang)),
                   lang, "oracle")


# ---- the order in which the computed answers are tried --------------------------------------------------------------

def computed_answer(question: str, lang: str, state: Any = None) -> Any:
    """A computed answer for a small situation the question describes, else None (with a game in play, a
    question that describes nothing of its own is the position's: "what is my income?")."""
    q = _numbers(question)
    bare = state is None
    families: tuple[Callable[[], Any], ...] = (
                lambda: _reserve_answer(q, lang), lambda: _row_list_answer(q, lang),
                lambda: _price_answer(q, lang), lambda: _row_limit_answer(q, lang),
                lambda: _income_answer(q, lang, bare), lambda: _accented(_picts_answer(question, q, lang), question),
                lambda: _defence_answer(q, lang), lambda: _oracle_answer(q, lang),
                lambda: _storage_answer(q, lang), lambda: _final_answer(q, lang), lambda: _setup_answer(q, lang, bare),
                lambda: _market_answer(q, lang))
    for family in families:  # the first that reads the question answers it
        found = family()
        if found is not None:
            return _with_rule(_yes_no(found, q, lang), question, lang)
    return None


_YES_NO = re.compile(r"^\W*(do|does|did|is|are|will|would|shall|should|am|muss|zahle|zahlt|kostet|kosten|ist|sind|"
                     r"bekomme|kriege|bringt|bringen|est-ce|dois|paie|paye|coute|coutent|vais|ai-je|suis|est|"
                     r"rapporte|rapportent)\b")
_CLAIM = re.compile(r"\b(\d+) (coins?|munzen?|pieces?)\b")
_LEAD = re.compile(r"^(\d+) (?:coins?|münzen?|pièces?)\b", re.IGNORECASE)


def _yes_no(found: Any, q: str, lang: str) -> Any:
    """"Do I pay 3 coins for ...?": Yes / No before the computed number, when the question claims one."""
    claim = _CLAIM.search(q) if _YES_NO.search(q) else None
    lead = _LEAD.match(found.text)
    if claim is None or lead is None:
        return found
    key = "jorvik.hypo.yes" if int(claim.group(1)) == int(lead.group(1)) else "jorvik.hypo.no"
    found.text = t(key, lang) + " " + found.text
    return found


def _with_rule(found: Any, question: str, lang: str) -> Any:
    """The computed fact first, then the cited section's own words (as the digest gives them)."""
    from gm.rules import compose
    from gm.rules.retrieval import Hit, index

    by_id = index("jorvik", lang).by_id
    section = by_id.get(found.sections[0]["id"]) if found.sections else None
    if section is not None:
        found.text += "\n" + compose(Hit(section, 0.0), "jorvik", lang, None, question).text
    return found


_ROW_LIMIT_Q = re.compile(r"\b(how many|wie viele?|combien|max\w*|limit\w*|hochstens|au plus|at most)\b.*\b(vikings?|"
                          r"wikinger\w*|figur\w*|figures?)\b.*\b(rows?|reihe|nachfragereihe|file|rangee|queue)\b"
                          r"|\b(rows?|reihe|nachfragereihe|file|rangee|queue)\b.*\b(hold|fit|take|passen|aufnehmen|fassen|tenir|"
                          r"contenir|full|voll|pleine?)\b")


def _row_limit_answer(q: str, lang: str) -> Any:
    """How many Vikings a demand row holds; "can I put a ninth Viking in a row?" -> No."""
    ninth = re.search(r"\bo(\d+) (?:viking|wikinger|figur|figure)\w*\b", q)
    # "a row already has 8 Vikings: can I add a 9th / one more?"
    held = re.search(r"\b(\d+) (?:viking|wikinger|figur|figure)\w*\b", q)
    more = re.search(r"\b(?:add|another|one more|rajout\w*|ajout\w*|dazu\w*|hinzu\w*|noch eine?n?|zusatzlich\w*)\b", q)
    asked_k = int(ninth.group(1)) if ninth else (int(held.group(1)) + 1 if held and more and
                                                 re.search(r"\b(already|schon|bereits|deja)\b", q) else None)
    if asked_k and re.search(r"\b(rows?|reihe|\w*reihe|file|rangee|queue)\b", q) and re.search(
            r"\b(can|may|could|allowed|kann|darf|konnte|puis-je|je puis|peux|peut|possible|erlaubt|permis)\b", q):
        k = asked_k
        key = "jorvik.hypo.row_place_no" if k > ROW_MAX else "jorvik.hypo.row_place_yes"
        return _answer(t(key, lang, k=k, max=ROW_MAX), lang, "rows")
    if not _ROW_LIMIT_Q.search(q) or re.search(r"\b(?!1\b)\d+\b", q) or _PAY.search(q) or re.search(r"\bo\d\b", q):
        return None
    return _answer(t("jorvik.hypo.row_max", lang, max=ROW_MAX), lang, "rows")
