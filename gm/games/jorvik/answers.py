"""Jórvík's answers from the engine, not the digest: what a card costs now, everyone's defence points, what
everyone would score if the game ended now, coins, VP, the moves now, the deck; positions the question itself
describes ("what would a row of 3 Vikings cost me?", "what do 3 feasts score?"); what a card does, from the
card data in play (`/card NAME`, "what does the oracle do?"); and the final scoring's breakdown.

Only questions of these shapes are answered here; everything else goes to the rules digest.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.jorvik.cards import default_cards
from engine.jorvik.game import GAME, defence_of
from gm.games.jorvik import narrate
from gm.games.jorvik.narrate import card_name, card_named, coins, good_name
from gm.i18n import join_list, t
from gm.narrate.common import player_name
from gm.text import fold

SECTIONS = {
    "price": ["jorvik.purchase.price", "jorvik.purchase.decline"],
    "reserve": ["jorvik.jarl.reserved_purchase"],
    "defence": ["jorvik.picts.defence"],
    "final": ["jorvik.end.final_scoring"],
    "income": ["jorvik.loading.income"],
    "deck": ["jorvik.end.trigger"],
    "feast": ["jorvik.cards.feasts"],
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

def hypothetical_answer(question: str, lang: str, state: Any = None) -> Any:
    q = fold(question).strip()
    m = CARD_DOES.search(q) if not COST.search(q) else None
    if m:
        what = next((m.group(k) for k in ("en", "en2", "de", "fr", "fr2") if m.group(k)), "")
        lines = card_lines(what, lang, state)
        if lines:
            return _answer("\n".join(lines), lang)
    if COST.search(q) or re.search(r"\b(what would|was wurde|combien)\b", q):
        m = ROW.search(q)
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
