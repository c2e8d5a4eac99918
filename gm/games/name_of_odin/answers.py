"""In the Name of Odin's answers from the engine, not the digest: what the player can do now, why a move is not
possible, the next Construction Token's cost, who leads in Fame, whose turn it is; positions the question itself
describes ("what would the fourth token cost?", "could I raid Iona with 2 Traders and a range-2 ship?"); what a
card does, from the card data in play (`/card Egil`, "what does Egil do?"); and the final scoring's breakdown.

Only questions of these shapes are answered here; everything else goes to the rules digest. Each answer cites the
digest sections of the rule it applies.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.name_of_odin.cards import BUILDING_TYPES, TYPES, VIKINGS, default_set
from engine.name_of_odin.game import EDITIONS, GAME
from gm.games.name_of_odin.narrate import (
    building,
    describe_action,
    explain,
    symbol_word,
    thing,
    type_gloss,
    viking_word,
    vikings,
)
from gm.games.name_of_odin.parse import _words, names_of
from gm.i18n import join_list, t, tn
from gm.text import fold

P = "name-of-odin."
SECTIONS = {
    "moves": ["name-of-odin.turn.structure"],
    "token": ["name-of-odin.action.construction-token"],
    "raid": ["name-of-odin.raid.overview", "name-of-odin.raid.range", "name-of-odin.raid.expend-vikings"],
    "fame": ["name-of-odin.fame.track"],
    "scoring": ["name-of-odin.scoring.final", "name-of-odin.scoring.viking-sets"],
    "hero": ["name-of-odin.heroes.abilities"],
    "building": ["name-of-odin.buildings.ability-types"],
    "longship": ["name-of-odin.longship.abilities"],
    "raid_card": ["name-of-odin.cards.raid"],
    "action_card": ["name-of-odin.cards.action"],
}


def _t(key: str, lang: str, **p: Any) -> str:
    return t(P + key, lang, **p)


def _answer(text: str, lang: str, ids: list[str]) -> Any:
    from gm.rules import Answer, cite

    return Answer(text, cite(GAME.name, lang, ids), 1.0, lang, "engine")


# ---- question shapes (accent-folded) ----------------------------------------------------------------------------

MOVES = re.compile(
    r"\bwhat (can|could|may|should) i do\b|\bmy (options|moves)\b|\blegal moves\b|\bwhat are my options\b"
    r"|\bwas (kann|darf|soll) ich (jetzt |nun |denn |hier )?(machen|tun)\b|\bwelche zu?e?ge\b|\bmeine optionen\b"
    r"|\b(que|quoi) (puis-je|peux-je|je peux) faire\b|\bqu'est-ce que je (peux|pourrais) faire\b|\bmes options\b"
    r"|\bje peux faire quoi\b")
WHY = re.compile(
    r"\bwhy (?:can't|cant|cannot|can not|couldn't|can i not|may i not|am i not allowed to) (?:i )?(?P<en>.+)"
    r"|\b(?:warum|wieso|weshalb) (?:kann|darf) ich (?:denn |hier |jetzt )?(?P<de>.+?) (?:nicht|nich|kein\w*)"
    r"(?P<de_verb> \w+)?\W*$"
    r"|\bpourquoi (?:je ne peux pas|ne puis-je pas|je peux pas|ne peux-je pas|je n'ai pas le droit de|"
    r"j'ai pas le droit de) (?P<fr>.+)")
TOKEN_COST = re.compile(
    r"\b(token|tokens|baumaterial\w*|marker|jeton\w*)\b.*\b(cost|costs|price|kostet|kosten|preis|coute|coutent|"
    r"prix)\b|\b(cost|costs|price|kostet|kosten|coute|coutent|prix)\b.*\b(token|tokens|baumaterial\w*|marker|"
    r"jeton\w*)\b")
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
            "5th": 5, "erste": 1, "ersten": 1, "zweite": 2, "zweiten": 2, "dritte": 3, "dritten": 3, "vierte": 4,
            "vierten": 4, "funfte": 5, "funften": 5, "premier": 1, "deuxieme": 2, "troisieme": 3,
            "quatrieme": 4, "cinquieme": 5}
FAME = re.compile(r"\b(most fame|who('s| is) (winning|leading|ahead)|the fame|fame track|standings|scores?\b|"
                  r"meisten ruhm|wer (fuhrt|gewinnt|liegt vorn)|ruhmleiste|punktestand|plus de gloire|"
                  r"qui (gagne|mene)|la gloire|les scores)")
TURN = re.compile(r"\b(whose turn|who('s| is) (next|to play)|wer ist (dran|am zug)|a qui (le tour|de jouer)|"
                  r"c'est a qui)\b")
WHAT_DOES = re.compile(
    r"\bwhat (?:does|do|can) (?P<en>.+?) do\b|\bwhat is (?P<en2>.+?)(?:'s)? ability\b"
    r"|\bwas (?:macht|kann|bewirkt|tut) (?P<de>.+?)\W*$"
    r"|\bque (?:fait|font|peut faire) (?P<fr>.+?)\W*$|\bqu'est-ce que (?:fait|peut faire) (?P<fr2>.+?)\W*$")
COULD = re.compile(r"^\s*(could|can|would) i (raid|attack|go raiding)\b|^\s*(konnte|kann|durfte|darf) ich\b.*"
                   r"\b(raubzug|uberfallen|plundern|angreifen)\b|^\s*(pourrais|puis|peux)[- ]?(je)?\b.*"
                   r"\b(raid|attaquer|piller)\b")
RANGE = re.compile(r"\brange[- ]?(\d)|\b(\d)[- ]?range\b|\breichweite (\d)|\b(\d)er reichweite|\bsolidite (?:de )?(\d)")


def state_answer(question: str, lang: str, state: Any, player: int, names: Sequence[str]) -> Any:
    """An Answer from the engine for the questions it can answer in this position, else None."""
    q = fold(question)
    card = _what_does(q, lang, state)
    if card is not None:
        return card
    if COULD.search(q):
        found = hypothetical_answer(question, lang, state, player)
        if found is not None:
            return found
    if TOKEN_COST.search(q):
        return _token_answer(q, lang, state, player)
    m = WHY.search(q)
    if m:
        move = m.group("en") or m.group("fr") or ((m.group("de") or "") + (m.group("de_verb") or ""))
        found = _probe(state, player, move.strip(" ?!."), lang, names)
        if found is not None:
            return found
    if MOVES.search(q):
        return moves_answer(state, player, lang, names)
    if FAME.search(q):
        return _fame_answer(state, lang, names)
    if TURN.search(q):
        p = state.decision.player
        return _answer(t("rules.turn", lang, name=names[p] if p is not None and p < len(names) else "—"), lang, [])
    return None


def hypothetical_answer(question: str, lang: str, state: Any = None, player: int = 0) -> Any:
    """An Answer for a position the question describes (a token's cost, a raid with given Vikings and range)."""
    q = fold(question)
    if TOKEN_COST.search(q) and any(w in ORDINALS for w in re.findall(r"[a-z0-9]+", q)):
        return _token_answer(q, lang, state, player)
    if COULD.search(q) or ("raid" in q and ("with" in q or "mit" in q or "avec" in q) and RANGE.search(q)):
        return _could_raid(q, lang, state, player)
    card = _what_does(q, lang, state)
    if card is not None and state is None:
        return card
    return None


# ---- what can I do --------------------------------------------------------------------------------------------


def moves_answer(state: Any, player: int, lang: str, names: Sequence[str]) -> Any:
    """The legal actions now, grouped: one line per kind and object, with how many ways to pay."""
    if state.decision.player != player:
        return _answer(t("rules.not_your_turn", lang), lang, [])
    acts = GAME.legal_actions(state)
    groups: dict[tuple[str, str], list[Any]] = {}
    for a in acts:
        obj = getattr(a, "hero", None) or getattr(a, "building", None) or getattr(a, "raid", None) or \
            getattr(a, "ship", None) or ""
        groups.setdefault((a.kind, obj), []).append(a)
    lines = [_t("rules.moves_head", lang, n=len(acts))]
    for (_, _obj), items in list(groups.items())[:16]:
        text = describe_action(items[0], lang)
        if len(items) > 1:
            text += " " + _t("rules.moves_ways", lang, n=len(items))
        lines.append("  • " + text)
    if len(groups) > 16:
        lines.append("  " + _t("rules.moves_more", lang, n=len(groups) - 16))
    return _answer("\n".join(lines), lang, SECTIONS["moves"])


def _probe(state: Any, player: int, text: str, lang: str, names: Sequence[str]) -> Any:
    """Would this move be legal? Answered by the parser and the engine, without playing it."""
    from gm.parse import parse_move

    if not text:
        return None
    res = parse_move(GAME, state, player, text, lang=lang)
    ids = SECTIONS["raid"] if "raid" in fold(text) or "raub" in fold(text) else SECTIONS["moves"]
    if res.kind == "illegal" and res.illegal is not None:
        return _answer(explain(res.illegal, lang, names), lang, ids)
    if res.kind in ("action", "confirm"):
        return _answer(t("rules.legal_yes", lang, move=describe_action(res.action, lang)), lang, ids)
    if res.kind == "ambiguous":
        moves = "; ".join(describe_action(a, lang) for a in res.candidates[:6])
        return _answer(t("rules.legal_several", lang, moves=moves), lang, ids)
    return None


# ---- figures ----------------------------------------------------------------------------------------------------


def _token_answer(q: str, lang: str, state: Any, player: int) -> Any:
    """The next (or the n-th) Construction Token's cost: buildings + tokens held + 1 Craftsmanship."""
    nth = next((ORDINALS[w] for w in re.findall(r"[a-z0-9]+", q) if w in ORDINALS), None)
    built = held = 0
    if state is not None and 0 <= player < state.players:
        built = len(GAME.view(state, player).to_json()["villages"][player]["buildings"])
        held = state.ctok[player]
    nums = [int(x) for x in re.findall(r"\b(\d)\s*(?:buildings?|gebaude|batiments?)\b", q)]
    if nums:
        built = nums[0]
    if nth is None:
        cost = built + held + 1
        return _answer(_t("rules.token_next", lang, cost=cost, built=built, held=held), lang, SECTIONS["token"])
    cost = built + (nth - 1) + 1
    if built + nth > len(BUILDING_TYPES):
        return _answer(_t("rules.token_too_many", lang, nth=nth, built=built, spaces=len(BUILDING_TYPES) - built),
                       lang, SECTIONS["token"])
    return _answer(_t("rules.token_nth", lang, nth=nth, cost=cost, built=built, held=nth - 1), lang,
                   SECTIONS["token"])


def _fame_answer(state: Any, lang: str, names: Sequence[str]) -> Any:
    fame = list(state.fame)
    best = max(fame)
    leaders = [i for i, f in enumerate(fame) if f == best]
    table = ", ".join(f"{names[i] if i < len(names) else i + 1} {f}" for i, f in enumerate(fame))
    who = join_list([names[i] if i < len(names) else str(i + 1) for i in leaders], lang)
    key = "rules.fame_one" if len(leaders) == 1 else "rules.fame_tie"
    return _answer(_t(key, lang, name=who, fame=best, table=table), lang, SECTIONS["fame"])


# ---- could I raid ... ----------------------------------------------------------------------------------------------

_VIK_WORDS = {"W": ("warrior", "krieger", "guerrier", "red", "rot", "rouge"),
              "T": ("trader", "handler", "commercant", "marchand", "black", "schwarz", "noir"),
              "S": ("sailor", "seemann", "seemanner", "seeleute", "navigateur", "marin", "blue", "blau", "bleu")}
_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ein": 1, "einen": 1,
        "eine": 1, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "un": 1, "une": 1, "deux": 2, "trois": 3,
        "quatre": 4, "cinq": 5}


def _could_raid(q: str, lang: str, state: Any, player: int) -> Any:
    """Could a raid be made with the Vikings and the range the question names? Figures from the card data
    (and, in play, the raid's zone, the player's Hero and buildings)."""
    cs = state.cs if state is not None else default_set()
    words = list(_words(q))
    found = names_of(cs).find(words)
    raids = [code for _, _, hit in found for cls, code in hit if cls == "raid"]
    if not raids:
        return None
    code = raids[0]
    raid = cs.raids[cs.raid_index[code]]
    have = [0, 0, 0]
    said = False
    for i, w in enumerate(words):
        for v, forms in _VIK_WORDS.items():
            if any(w.startswith(f) for f in forms):
                n = None
                if i > 0 and words[i - 1].isdigit():
                    n = int(words[i - 1])
                elif i > 0 and words[i - 1] in _NUM:
                    n = _NUM[words[i - 1]]
                if n is not None:
                    have["WTS".index(v)] += n
                    said = True
    m = RANGE.search(q)
    rng = int(next(g for g in m.groups() if g)) if m else None
    space = None
    if state is not None:
        r = cs.raid_index[code]
        space = state.sea.index(r) if r in state.sea else None
    zone_range = cs.space_range[space] if space is not None else None
    need = list(raid.need)
    token = None
    if space is not None:
        tok = state.ztokens[cs.space_zone[space]]
        if tok >= 0:
            need[tok] += 1
            token = VIKINGS[tok]
    disc = [0, 0, 0]
    hero_txt = ""
    if state is not None and 0 <= player < state.players and state.heroes[player] >= 0:
        h = cs.heroes[state.heroes[player]]
        disc[h.viking] += 1
        if h.discount[0] >= 0:
            disc[h.discount[0]] += h.discount[1]
        hero_txt = thing(h.code, cs)
    pay = [max(0, need[i] - disc[i]) for i in range(3)]
    short = [max(0, pay[i] - have[i]) for i in range(3)]
    parts = [_t("hypo.raid_needs", lang, raid=raid.name, need=vikings(need, lang), fame=raid.fame)]
    if token:
        parts.append(_t("hypo.raid_token", lang, viking=viking_word(token, lang)))
    ok = True
    if zone_range is not None and rng is not None:
        if rng < zone_range:
            ok = False
            parts.append(_t("hypo.range_short", lang, needs=zone_range, range=rng))
        else:
            parts.append(_t("hypo.range_ok", lang, needs=zone_range, range=rng))
    elif rng is not None:
        parts.append(_t("hypo.range_zone", lang, range=rng))
    if hero_txt:
        parts.append(_t("hypo.hero_discount", lang, hero=hero_txt, discount=vikings(disc, lang)))
    else:
        parts.append(_t("hypo.hero_needed", lang))
    if said:
        if any(short):
            ok = False
            parts.append(_t("hypo.vikings_short", lang, have=vikings(have, lang), short=vikings(short, lang)))
        else:
            parts.append(_t("hypo.vikings_ok", lang, have=vikings(have, lang)))
    verdict = _t("hypo.yes" if ok and said else "hypo.no" if not ok else "hypo.depends", lang)
    return _answer(verdict + " " + " ".join(parts), lang, SECTIONS["raid"])


# ---- cards ---------------------------------------------------------------------------------------------------------


def _effect(kind: str, p: dict[str, Any], lang: str, klass: str, edition: str | None) -> str:
    args: dict[str, Any] = {"n": p.get("n", 1)}
    if "symbol" in p:
        args["symbol"] = symbol_word(p["symbol"], lang)
    if "viking" in p:
        args["viking"] = tn(P + f"vik.{p['viking']}", int(p.get("n", 1)), lang)
    if "action" in p:
        args["action"] = _t(f"effect.action.{p['action']}", lang)
    if "per" in p:
        args["per"] = _t(f"effect.per.{p['per']}", lang)
    text = _t(f"effect.{kind}", lang, **args)
    if klass == "building" and kind in ("raid_discount", "match_wild") and edition == "de":
        text += " " + _t("effect.not_in_de", lang)
    return text


def _card_line(cls: str, row: Any, lang: str, edition: str | None, cs: Any) -> str:
    if cls == "hero":
        klass = "raid_hero" if row.raid else "action_hero"
        effects = "; ".join(_effect(k, dict(p), lang, klass, edition) for k, p in row.effects)
        key = "cardtext.hero_raid" if row.raid else "cardtext.hero_action"
        return _t(key, lang, name=row.name, viking=viking_word(VIKINGS[row.viking], lang), effects=effects)
    if cls == "building":
        effects = "; ".join(_effect(k, dict(p), lang, "building", edition) for k, p in row.effects)
        return _t("cardtext.building", lang, name=row.name, type=_t(f"btype.{BUILDING_TYPES[row.type]}", lang),
                  fame=row.fame, effects=effects)
    if cls == "ship":
        effects = "; ".join(_effect(k, dict(p), lang, "longship", edition) for k, p in row.effects)
        return _t("cardtext.longship", lang, name=row.name, range=row.range, fame=row.fame,
                  effects=effects or _t("word.nothing", lang))
    return _t("cardtext.raid", lang, name=row.name, vikings=vikings(row.need, lang), fame=row.fame)


def card_lines(query: str, lang: str, state: Any = None) -> list[str] | None:
    """What the named card(s) do, from the card data in play; a building type names every card of it."""
    cs = state.cs if state is not None else default_set()
    edition = EDITIONS[state.edition] if state is not None else None
    q = fold(query).strip(" ?!.")
    code = q.upper()
    if code in TYPES:
        return [_t("cardtext.action", lang, code=code, gloss=type_gloss(code, lang))]
    words = list(_words(q))
    out: list[str] = []
    rows = {"hero": cs.heroes, "building": cs.buildings, "ship": cs.ships, "raid": cs.raids}
    index = {"hero": cs.hero_index, "building": cs.building_index, "ship": cs.ship_index, "raid": cs.raid_index}
    for _, _, hit in names_of(cs).find(words):
        for cls, c in sorted(hit):
            line = _card_line(cls, rows[cls][index[cls][c]], lang, edition, cs)
            if line not in out:
                out.append(line)
    if not out:
        from gm.games.name_of_odin.parse import LEXICON

        for w in words:
            entries, _ = LEXICON.lookup(w)
            kind = next((e.value for e in entries if e.kind == "btype"), None)
            if kind is not None:
                for b in cs.buildings:
                    if BUILDING_TYPES[b.type] == kind:
                        out.append(_card_line("building", b, lang, edition, cs))
                break
    return out or None


def _what_does(q: str, lang: str, state: Any) -> Any:
    m = WHAT_DOES.search(q)
    if not m:
        return None
    name = next((g for g in m.groups() if g), "")
    lines = card_lines(name, lang, state)
    if not lines:
        return None
    cs = state.cs if state is not None else default_set()
    words = list(_words(name))
    cls = next((c for _, _, hit in names_of(cs).find(words) for c, _ in hit), "building")
    ids = SECTIONS.get({"ship": "longship", "raid": "raid_card"}.get(cls, cls), [])
    return _answer("\n".join(lines), lang, ids)


# ---- final scoring ------------------------------------------------------------------------------------------------


def final_lines(state: Any, lang: str, names: Sequence[str]) -> list[str]:
    """One line per player: raid and hero Fame + buildings + longships + triples + card bonuses = total."""
    out = []
    for i, s in enumerate(GAME.final_scores(state)):
        name = names[i] if i < len(names) else str(i + 1)
        out.append(_t("final.line", lang, name=name, fame=s.fame, buildings=s.buildings, longships=s.longships,
                      same=s.same_sets, mixed=s.mixed_sets, bonus=s.bonus, total=s.total,
                      raids=tn(P + "final.raids", s.raids, lang)))
    return out


__all__ = ["state_answer", "hypothetical_answer", "card_lines", "final_lines", "moves_answer", "building"]
