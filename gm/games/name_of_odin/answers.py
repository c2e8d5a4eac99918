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
from gm.text import fold, players_said

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
    computed = computed_answer(question, lang)
    if computed is not None:
        return computed
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
    computed = computed_answer(question, lang)
    if computed is not None:
        return computed
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


# ---- computed rules answers: small positions the question describes ----------------------------------------------
# "I have 2 buildings and 1 token: what does my next token cost?", "7 Vikings and I gather 6?", "which Vikings go
# back?", "how much Fame for Iona in the centre with 1 card left?", "how many cards do I draw with 2 left?", "what
# does a longship cost?", "damage 2 on a range-2 ship?", "2 buildings worth 3 and 4, 6 Warriors and 3 Traders?".
# The numbers are read from the question (digits, number words); the figures come from the engine: its constants
# and card data, and where a rule lives only inside a procedure, from that procedure run on a small scenario.
# A question not read with certainty gives None (the digest answers).

_NUMBER_WORDS = {w: i for i, ws in enumerate((
    "zero null no none kein keine keinen aucun aucune zero",
    "one a an single ein eine einen einem einer un une seul seule",
    "two zwei deux", "three drei trois", "four vier quatre", "five funf cinq", "six sechs", "seven sieben sept",
    "eight acht huit", "nine neun neuf", "ten zehn dix", "eleven elf onze", "twelve zwolf douze",
    "thirteen dreizehn treize", "fourteen vierzehn quatorze", "fifteen funfzehn quinze", "sixteen sechzehn seize",
    "seventeen siebzehn", "eighteen achtzehn", "nineteen neunzehn", "twenty zwanzig vingt")) for w in ws.split()}
_FILLER = frozenset({"construction", "de", "d", "more", "other", "weitere", "andere", "autres", "empty", "leere",
                     "leeren", "vides", "of", "my", "meine", "mes", "viking", "wikinger"})


def _num(word: str) -> int | None:
    if word.isdigit() and len(word) <= 3:
        return int(word)
    return _NUMBER_WORDS.get(word)


_ARTICLES = frozenset({"a", "an", "ein", "eine", "einen", "einem", "einer", "un", "une"})


def _count_before(words: Sequence[str], i: int, articles: bool = True) -> int | None:
    """The number just before words[i] (one filler word may stand between: "2 construction tokens", "3 warrior
    cards"); an article counts 1 only when `articles`."""
    for j in (i - 1, i - 2):
        if j < 0:
            return None
        n = _num(words[j])
        if n is not None:
            return None if words[j] in _ARTICLES and not articles else n
        if words[j] not in _FILLER and _viking_type(words[j]) is None:
            return None
    return None


def _counts_of(words: Sequence[str], stems: tuple[str, ...]) -> list[int | None]:
    return [_count_before(words, i, articles=False) for i, w in enumerate(words) if w.startswith(stems)]


def _ww(q: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", q)


def _edition(q: str, lang: str) -> str:
    """The edition the question names ("in the German edition", "Regelheft (en)", "version française"), else
    the one of its language."""
    for ed, pat in (("de", r"\b(german|deutsch\w*|allemand\w*)\b"), ("fr", r"\b(french|franzos\w*|francais\w*)\b"),
                    ("en", r"\b(english|englisch\w*|anglais\w*)\b")):
        if re.search(pat + r".{0,20}\b(edition|ausgabe|version|book|rules|regel\w*|livre|regles)\b", q) or \
                re.search(r"\b(edition|ausgabe|version|book|rules|regel\w*|livre|regles)\b.{0,20}" + pat, q):
            return ed
    return lang if lang in EDITIONS else "en"


def _calc(key: str, lang: str, **p: Any) -> str:
    return _t("calc." + key, lang, **p)


def _scenario(spec: dict[str, Any]) -> Any:
    from engine.core import ScenarioError

    try:
        return GAME.scenario({"players": 2, **spec})
    except ScenarioError:
        return None


def _first_of_types(n: int) -> list[str]:
    """Codes of n buildings of n different types (the first card of each type in the card data)."""
    cs = default_set()
    out: list[str] = []
    for ti in range(len(BUILDING_TYPES)):
        code = next((b.code for b in cs.buildings if b.type == ti), None)
        if code is not None and len(out) < n:
            out.append(code)
    return out


YESNO = re.compile(r"(?:^|[.!?;:,\u2013-]\s*|\b(?:so|and|und|et|also|donc)\s+)(can|may|could|am i allowed|"
                   r"is it allowed|do i get|kann|darf|durfte|konnte|ist es erlaubt|puis|peux|pourrais|ai-je le droit|"
                   r"est-ce que je (peux|puis))\b|\b(can i|may i|could i|am i allowed|kann ich|darf ich|durfte ich|"
                   r"konnte ich|puis-je|je peux|je puis|peux-je|j'ai le droit|ai-je le droit|"
                   r"komm\w* ich|erreich\w* ich|do i reach|does it reach|j'atteins|est-ce que j'atteins)\b")

# ---- 1. Construction Tokens -----------------------------------------------------------------------------------

_BLD = ("building", "buidling", "buliding", "bulding", "buiding", "buildng", "gebaude", "gebeude", "batiment",
        "batimen", "batiement")
_TOK = ("token", "baumaterial", "marker", "plattchen", "jeton")
TOKEN_TAKE = re.compile(r"\b(take|get|obtain|buy|nehmen|holen|bekommen|kaufen|prendre|obtenir|acheter|avoir)\s+"
                        r"(?:\w+\s+){0,3}?(tokens?|baumaterial\w*|marker\w*|jetons?|another one|one more|noch einen|"
                        r"einen weiteren|un autre|encore un)\b|\ben (prendre|obtenir|acheter|avoir)\b"
                        r"|\b(noch einen|einen weiteren|noch eins|un autre|encore un)\s+(nehmen|holen|bekommen|"
                        r"kaufen|prendre)\b"
                        r"|\b(another|one more|noch einen|weiteren|un autre|encore un)\b[^?.!]{0,20}"
                        r"\b(token|marker|jeton)")


_BUILDING_NAMES = {
    "shipyard": r"\b(shipyards?|werft\w*|chantiers? naval\w*|chantiers?)\b",
    "runic_circle": r"\b(runic circles?|rune circles?|runenkreis\w*|cercles? runiques?)\b",
    "forge": r"\b(forges?|smithy|\w*schmiede)\b",
    "jarls_house": r"\b(jarl'?s house|house of the jarl|haus des jarls?|jarlshaus|maisons? du jarl)\b",
    "inn": r"\b(inns?|gasthaus\w*|gasthof|auberges?)\b",
}
assert set(_BUILDING_NAMES) == set(BUILDING_TYPES)


def _token_calc(q: str, lang: str) -> Any:
    words = _ww(q)
    if not any(w.startswith(_TOK) for w in words):
        return None
    built = [_count_before(words, i) for i, w in enumerate(words) if w.startswith(_BLD)]  # "a building": 1
    held = _counts_of(words, _TOK)
    nth = next((ORDINALS[w] for w in words if w in ORDINALS), None)
    built_n = next((n for n in built if n is not None), None)
    held_n = next((n for n in held if n is not None), None)
    if len([n for n in built if n is not None]) > 1 or len([n for n in held if n is not None]) > 1:
        return None
    named = {kind for kind, pattern in _BUILDING_NAMES.items() if re.search(pattern, q)}
    if named and built_n is None:  # "I've built a Forge and an Inn": two buildings, each type once
        built_n = len(named)
    elif named and built_n is not None and built_n != len(named):
        return None  # "2 buildings, a Forge": not one count
    asks_cost = TOKEN_COST.search(q) is not None or re.search(r"\bhow much (is|are|would|will|does|do)\b", q) \
        is not None or re.search(r"\b(how many|wie viele?|combien)\b.*\b(craftsmanship|"
                                                               r"handwerk\w*|artisanat|symbol\w*|cards?|karten?|"
                                                               r"cartes?)\b", q) is not None
    asks_may = YESNO.search(q) is not None and TOKEN_TAKE.search(q) is not None
    if not (asks_cost or asks_may) or (built_n is None and held_n is None and nth is None):
        return None
    if held_n is None and nth is None and re.search(r"\b(already|schon|bereits|deja|hold|holding|halte|besitze|"
                                                     r"detiens|possede)\b", q):
        return None  # tokens held, but how many is not read ("I already hold one")
    built_n = built_n or 0
    if nth is not None:
        if held_n is not None:
            return None  # "the 4th token" and "I hold 2": not one position
        held_n = nth - 1
    held_n = held_n or 0
    spaces = len(BUILDING_TYPES)
    if built_n > spaces:
        return None
    state = _scenario({"buildings": [_first_of_types(built_n), []], "tokens": [held_n, 0]})
    if state is None:
        return None
    from engine.name_of_odin.actions import Token

    cost = GAME.token_cost(state, 0)
    illegal = GAME.check(state, Token(()))
    over = illegal is not None and illegal.code == "token_limit"
    empty = spaces - built_n
    counts = {"buildings": tn(P + "calc.buildings", built_n, lang), "tokens": tn(P + "calc.tokens", held_n, lang),
              "spaces": tn(P + "calc.spaces", empty, lang)}
    if over:
        text = _calc("token_no" if asks_may else "token_none", lang, **counts)
    elif asks_may:
        text = _calc("token_yes", lang, cost=cost, **counts)
    elif nth is not None:
        text = _calc("token_nth", lang, nth=_calc(f"nth.n{nth}", lang), cost=cost, **counts)
    else:
        text = _calc("token_cost", lang, cost=cost, **counts)
    return _answer(text, lang, SECTIONS["token"])


# ---- 2. Gathering Vikings -------------------------------------------------------------------------------------

_VIKS = ("viking", "wikinger", "warrior", "krieger", "guerrier", "trader", "handler", "commercant", "marchand",
         "sailor", "seemann", "seemanner", "seeleute", "marin", "navigateur", "figur", "miniature", "meeple")
_SYMS = ("symbol", "card", "karte", "carte", "icon")
GATHER = re.compile(r"\b(gather\w*|collect\w*|sammel\w*|sammle|einsammeln|rassembl\w*|recolt\w*|recueill\w*|"
                    r"rekrutier\w*|recrut\w*|recruit\w*|"
                    r"get|gets|getting|receive|bekomme\w*|erhalte\w*|kriege|kriegen|kriegst|kriegt|obtien\w*|recoi\w*|gagne\w*|"
                    r"hol|hole|holen|nehme)\b")
_INN = re.compile(r"\b(inn|inns|gasthaus|gasthof|taverne|wirtshaus|auberge)\b")
_HALL = re.compile(r"\b(mead hall|met ?halle|methalle|hydromel|reserve|stock|vorrat|supply|hall|halle)\b")
_LEFT = re.compile(r"\b(left|remain\w*|ubrig|noch|rest\w*|only|nur|plus que|seulement|reste\w*)\b")


_N = r"(\d+|" + "|".join(k for k, v in _NUMBER_WORDS.items() if v >= 1 and k not in _ARTICLES) + r")"
_LEFT_N = re.compile(r"\b(?:only|just|nur(?: noch)?|noch|plus que|seulement|que)\s+" + _N +
                     r"\b(?! symbol| card| karte)"
                     r"|\b" + _N + r"\s+(?:\w+\s+){0,3}?(?:left|remain\w*|ubrig\w*|verbleib\w*|restant\w*)\b"
                     r"|\breste\w*\s+(?:que\s+|seulement\s+)?" + _N + r"\b")


_COLOURS = {"red": 0, "rot": 0, "rote": 0, "roten": 0, "roter": 0, "rouge": 0, "rouges": 0, "black": 1,
            "schwarz": 1, "schwarze": 1, "schwarzen": 1, "schwarzer": 1, "noir": 1, "noirs": 1, "noire": 1,
            "noires": 1, "blue": 2, "blau": 2, "blaue": 2, "blauen": 2, "blauer": 2, "bleu": 2, "bleus": 2,
            "bleue": 2, "bleues": 2}


def _viking_type(w: str) -> int | None:
    """The Viking type a word names (Warrior 0, Trader 1, Sailor 2; a colour only as a whole word)."""
    if w in _COLOURS:
        return _COLOURS[w]
    for v, forms in _VIK_WORDS.items():
        if any(w.startswith(f) for f in forms if f not in _COLOURS):
            return "WTS".index(v)
    return None


def _limit(inn: bool) -> int:
    cs = default_set()
    inn_limits = [b.limit for b in cs.buildings if BUILDING_TYPES[b.type] == "inn" and b.limit]
    return max([cs.limit] + (inn_limits if inn else []))


def _gather_calc(q: str, lang: str) -> Any:
    from engine.name_of_odin.game import GATHER_YIELD

    words = _ww(q)
    discard = re.search(r"\b(discard\w*|abwerf\w*|werf\w*|wirf\w*|ablegen|defauss\w*|spend\w*|geb|gebe\w*|ausgeb\w*|"
                        r"depens\w*|lege\b[^.?!]{0,40}\bab)\b", q) is not None and any(
        _viking_type(w) is not None or w.startswith(("seemann", "krieger", "handler", "navigateur", "guerrier"))
        for w in _ww(q))  # "ich gebe 3 Seemannsymbole aus", "I discard three Warrior cards"
    if not GATHER.search(q) and not discard and not re.search(r"\bhow many vikings|wie viele wikinger|"
                                                              r"combien de vikings", q):
        return None
    if not any(w.startswith(_VIKS) or _viking_type(w) is not None for w in words):
        return None  # "si je contre aucune des 3 cartes, je gagne combien ?": no Viking named, no gathering
    if re.search(r"\b(raid|raids|raubzug\w*|uberfall\w*|pillage\w*|pille\w*|score|scoring|\w*wertung|decompte|"
                 r"end(?! up)|ende|spielende|ruhm\w*|gloire|fame|"
                 r"fin|hero|heroes|held|helden|heldin|heros|heroine)\b", q):
        return None
    symbols: int | None = None
    gathered: int | None = None
    had: int | None = None
    left: int | None = None
    for i, w in enumerate(words):
        n = _count_before(words, i)
        if (w.startswith(_SYMS) or w.endswith(("symbol", "symbole", "karte", "karten")) or w in (
                "card", "cards", "carte", "cartes")) and n is not None:
            if symbols is not None:
                return None
            symbols = n
        elif w.startswith(_VIKS) and n is not None and not (i + 1 < len(words) and words[i + 1] in (
                "card", "cards", "karte", "karten", "carte", "cartes")):  # "three Warrior cards": cards, no Vikings
            before = " ".join(words[max(0, i - 6):i])
            after = " ".join(words[i + 1:i + 6])
            if _HALL.search(after) and (_LEFT.search(before + " " + after)) or _HALL.search(before) and \
                    _LEFT.search(before):
                left = n
            elif (re.search(r"\b(have|has|hold|own|got|already|habe|hab|besitze|schon|bereits|ai|possede|deja)\b",
                            before) or re.search(r"^(already|schon|bereits|deja)\b", after)
                  or i >= 2 and words[i - 2] in ("at", "with", "mit", "bei", "avec")) and not GATHER.search(
                    " ".join(words[max(0, i - 3):i])):
                if had is not None:
                    return None
                had = n
            elif GATHER.search(" ".join(words[max(0, i - 4):i])) or GATHER.search(after):
                if gathered is not None:
                    return None
                gathered = n
    if left is None and _HALL.search(q):
        m = _LEFT_N.search(q)
        if m:
            left = _num(next(g for g in m.groups() if g))
    # "gather 6" / "I gather six": a number right after the gathering verb
    if gathered is None and symbols is None:
        for i, w in enumerate(words[:-1]):
            if GATHER.fullmatch(w) and _num(words[i + 1]) is not None and (
                    i + 2 >= len(words) or not words[i + 2].startswith(_SYMS)):
                gathered = _num(words[i + 1])
        # "ich will aber 6 rekrutieren": the number right before the verb
        told = [_num(words[i - 1]) for i, w in enumerate(words) if i and GATHER.fullmatch(w) and
                _num(words[i - 1]) is not None]
        if gathered is None and len(told) == 1:
            gathered = told[0]
    if symbols is not None:
        if not 1 <= symbols <= 3:
            if not re.search(r"\b(discard\w*|spend\w*|pay\w*|use|using|play\w*|abwerf\w*|wirf\w*|werfe\w*|"
                             r"ablegen|lege\w*|ausgeben|gebe\w*|zahle\w*|spiele\w*|defauss\w*|depens\w*|pa[iy]e\w*|"
                             r"utilis\w*|jou\w*)\b", q):
                return None  # "I still hold 4 cards": not a payment
            from engine.core import Illegal

            return _answer(explain(Illegal("gather_one_to_three", {"count": symbols}), lang), lang,
                           ["name-of-odin.action.gather-vikings"])
        got = GATHER_YIELD[symbols]
        if gathered is not None and gathered != got:
            return None
        gathered = got
    if gathered is None or gathered <= 0:
        return None
    inn = _INN.search(q) is not None and not re.search(r"\b(no|without|kein\w*|ohne|pas d|sans|aucune?)\s+(an? )?"
                                                         r"(inn|gasthaus|gasthof|taverne|auberge)\b", q)
    if re.search(r"\b(presque plus|almost none|almost no|hardly any|not enough|nicht genug|kaum noch|fast keine|"
                 r"pas assez|quasi plus)\b", q):
        return None  # how many are left is not said: the shortage rule (the digest) answers
    limit = _limit(inn)
    ids = ["name-of-odin.action.gather-vikings"]
    parts: list[str] = []
    if symbols is not None and had is None and left is None:
        kinds = {k for w in words if (k := _viking_type(w)) is not None}
        # "2 symboles Guerrier": the yield named by its type ("3 Guerriers"), else "3 Vikings"
        yielded = tn(P + "vik." + "WTS"[next(iter(kinds))], gathered, lang) if len(kinds) == 1 else tn(
            P + "word.vikings", gathered, lang)
        key = "gather_yield_named" if len(kinds) == 1 else "gather_yield"
        parts.append(_calc(key, lang, symbols=tn(P + "calc.symbols", symbols, lang), vikings=yielded))
        if inn:  # some Inns add Vikings when gathering: which Inn is not said, so the base yield and a note
            bonus = max(b.gather_bonus for b in default_set().buildings if BUILDING_TYPES[b.type] == "inn")
            if bonus:
                parts.append(_calc("gather_inn_bonus", lang, n=bonus))
    if left is not None:
        if left >= gathered:
            return None
        parts.append(_calc("gather_short", lang, want=gathered, left=left, missing=gathered - left))
        ids = ["name-of-odin.limits.viking-shortage"] + ids
    if had is not None:
        total = had + gathered
        if total > limit:
            parts.append(_calc("gather_over", lang, had=had, got=gathered, total=tn(P + "word.vikings", total, lang),
                               back=total - limit, limit=limit))
        else:
            parts.append(_calc("gather_ok", lang, had=had, got=gathered, total=tn(P + "word.vikings", total, lang),
                               limit=limit))
        if not inn:
            parts.append(_calc("gather_inn", lang, limit=_limit(True)))
        else:
            bonus = max(b.gather_bonus for b in default_set().buildings if BUILDING_TYPES[b.type] == "inn")
            if bonus:
                parts.append(_calc("gather_inn_bonus", lang, n=bonus))
        ids = ["name-of-odin.limits.viking-limit"] + ids
    if not parts:
        return None
    return _answer(" ".join(parts), lang, ids)


# ---- 3 and 4. A raid the question describes: the Vikings to expend, the Fame --------------------------------------

_RAIDW = re.compile(r"\b(raid\w*|raubz\w*|uberfall\w*|pillage\w*|piller|pille\w*|plunder\w*|plunder)\b")
EXPEND = re.compile(r"\b(expend\w*|spend\w*|pay|pays|paying|return\w*|go back|goes back|send back|give back|"
                    r"give up|lose|abgeben|abgebe|zahle\w*|bezahle\w*|zuruck\w*|ausgeben|ausgebe|verliere\w*|"
                    r"depens\w*|paye\w*|rend\w*|renvoi\w*|renvoy\w*|retourn\w*|perd\w*|defauss\w*|which vikings|"
                    r"welche wikinger|quels vikings|how many vikings|wie viele wikinger|combien de vikings)\b")
_ZONES = (("upper", r"\b(upper|top|first|oberen?|obere|oberste\w*|erste\w*|haut|superieure?|premiere)\b"),
          ("centre", r"\b(centre|center|central|middle|mittlere\w*|mitte|zentral\w*|centrale|milieu|du centre)\b"),
          ("bottom", r"\b(bottom|lower|lowest|last|third|unteren?|untere|unterste\w*|letzte\w*|dritte\w*|bas|"
                     r"inferieure?|derniere)\b"))
_ZONE_WORD = re.compile(r"\b(\w*zone|zones|row|reihe|bereich|meer|sea|ligne|mer|rangee)\b")  # "Ozeanzone"
_HERO = ("hero", "held", "heldin", "heros", "heroine")
_SHIP = ("ship", "longship", "boat", "schiff", "langschiff", "boot", "drakkar", "bateau", "navire")
_TOKW = ("token", "marker", "plattchen", "jeton", "chip")


def _zone(q: str) -> int | None:
    if not _ZONE_WORD.search(q):
        # "Raid au centre", "a raid in the middle": the zone named after the raid itself
        m = re.search(r"\b(?:raid\w*|raubz\w*)\s+(?:au|du|en|dans la|in the|in der|im|on the)\s+(\w+)\b", q)
        found = [z for z, (_, pat) in enumerate(_ZONES) if m and re.fullmatch(pat, m.group(1))]
        return found[0] if len(found) == 1 else None
    after = r"\W+(?:\w+\W+){0,2}?(\w*zone|row|reihe|bereich|ligne|rangee|mer|meer|sea)\b"  # "centre de la mer"
    before = r"(zone|row|reihe|bereich|ligne|rangee)\W+(?:\w+\W+)?"
    found = [z for z, (_, pat) in enumerate(_ZONES) if re.search(pat + after + "|" + before + pat[2:], q)]
    return found[0] if len(found) == 1 else None


def _raid_probe(need: tuple[int, int, int], fame: int, zone: int, token: int | None, hero_v: int,
                hero_disc: tuple[int, int], ship_disc: tuple[int, int], edition: str,
                bld_disc: tuple[int, int] = (-1, 0), ship_range: int = 9, ship_damage: int = 0,
                damage_probe: bool = False) -> Any:
    """A scenario where seat 0 (a Hero of `hero_v`, a longship with `ship_disc`, a building with `bld_disc`)
    raids a card needing `need` and giving `fame` in `zone`, whose Viking Token is `token`, under `edition`'s
    rules: the engine's own raid procedure then answers."""
    from engine.name_of_odin.cards import load_cards

    data = load_cards()
    data["raids"][0] = {"code": "asked", "name": "?", "vikings": "".join(VIKINGS[v] * n for v, n in enumerate(need)),
                        "fame": fame}
    effects: list[dict[str, Any]] = [{"kind": "raid_fame", "n": 1} if damage_probe else {"kind": "no_damage"}]
    if hero_disc[1]:
        effects = [{"kind": "raid_discount", "viking": VIKINGS[hero_disc[0]], "n": hero_disc[1]}]
    data["heroes"][0] = {"code": "askedhero", "name": "?", "viking": VIKINGS[hero_v], "ability": "raid",
                         "effects": effects}
    ship_eff = [{"kind": "raid_discount", "viking": VIKINGS[ship_disc[0]], "n": ship_disc[1]}] if ship_disc[1] else []
    data["longships"][0] = {"code": "askedship", "name": "?", "range": ship_range, "fame": 0, "effects": ship_eff}
    buildings: list[str] = []
    if bld_disc[1]:
        data["buildings"][0] = {"code": "askedbld", "name": "?", "type": "forge", "fame": 0, "effects": [
            {"kind": "raid_discount", "viking": VIKINGS[bld_disc[0]], "n": bld_disc[1]}]}
        buildings = ["askedbld"]
    cs_spaces = default_set().space_zone
    space = cs_spaces.index(zone)
    sea: list[str | None] = [None] * len(cs_spaces)
    sea[space] = "asked"
    data["board"]["sea"][zone]["token"] = token is not None  # the question's zone, with its token or none
    tokens: list[str | None] = ["W" if z["token"] else None for z in data["board"]["sea"]]
    if token is not None:
        tokens[zone] = VIKINGS[token]
    ship: Any = {"ship": "askedship", "damage": ship_damage} if ship_damage else "askedship"
    return _scenario({"cards": data, "heroes": ["askedhero", None], "longships": [[ship], []], "sea": sea,
                      "zone_tokens": tokens, "vikings": [[20, 20, 20], [0, 0, 0]], "edition": edition,
                      "mead_hall": [10, 10, 10], "buildings": [buildings, []]})


_BLD_WORDS = (r"building\w*|gebaude\w*|batiment\w*|forge\w*|smithy|\w*schmiede|inn|\w*gasthaus|auberge|jarl\w*|"
              r"shipyard|yard|\w*werft|chantier|runic|runenkreis|cercle|trading house|\w*handelshaus")
_BUILDING_WORD = re.compile(r"\b(" + _BLD_WORDS + r")\b")


def _roles(q: str) -> list[tuple[str, str]]:
    """The question cut into clauses, each with the role its Vikings play: token, hero, ship or need."""
    out = []
    for clause in re.split(r"[,;:()]|[.!?](?:\s|$)|\s[-–]\s|\b(?:and|und|et|plus|minus|but|aber|mais|while|wahrend|"
                           r"alors que|with|mit|avec|wenn|if|si|when|als|quand)\b(?="
                           r"\s+(?:my|mein\w*|mon|ma|the|der|die|das|le|la|its|ihr\w*|sa|son|a|an|ein\w*|un|une)?"
                           r"\s*(?:\w+\s+)?(?:hero|held|heros|ship|longship|schiff|langschiff|bateau|navire|drakkar|"
                           r"token|marker|\w*plattchen|jeton|zone|" + _BLD_WORDS + r"))", q):
        if not clause or not clause.strip():
            continue
        words = _ww(clause)
        if any(w.startswith(_TOKW) for w in words):
            role = "token"
        elif any(w.startswith(_HERO) for w in words):
            role = "hero"
        elif any(w.startswith(_SHIP) for w in words):
            role = "ship"
        elif _BUILDING_WORD.search(clause):
            role = "building"
        else:
            role = "need"
        out.append((role, clause))
    return out


def _vikings_in(clause: str, default_one: bool) -> list[tuple[int, int]] | None:
    """(type, count) of each Viking word in a clause; a word without a count counts 1 when `default_one`."""
    words = _ww(clause)
    out = []
    for i, w in enumerate(words):
        v = _viking_type(w)
        if v is None or w in ("red", "rot", "rouge", "black", "schwarz", "noir", "blue", "blau", "bleu") and \
                not (i + 1 < len(words) and words[i + 1].startswith(_TOKW)):
            continue
        n = _count_before(words, i)
        if n is None:
            if not default_one:
                return None
            n = 1
        out.append((v, n))
    return out


def _read_raid(q: str) -> dict[str, Any] | None:
    """The raid the question describes: needs, fame, zone, token, Hero and longship discounts (None: unread)."""
    cs = default_set()
    words = _ww(q)
    found = names_of(cs).find(words)
    raid = next((cs.raids[cs.raid_index[c]] for _, _, hit in found for cls, c in hit if cls == "raid"), None)
    hero = next((cs.heroes[cs.hero_index[c]] for _, _, hit in found for cls, c in hit if cls == "hero"), None)
    ship = next((cs.ships[cs.ship_index[c]] for _, _, hit in found for cls, c in hit if cls == "ship"), None)
    need = [0, 0, 0]
    token: int | None = None
    token_said = False
    hero_v: int | None = hero.viking if hero else None
    hero_disc = hero.discount if hero else (-1, 0)
    ship_disc = ship.discount if ship else (-1, 0)
    ship_said = ship is not None
    bld = next((cs.buildings[cs.building_index[c]] for _, _, hit in found for cls, c in hit if cls == "building"),
               None)
    bld_disc = (-1, 0)
    for role, clause in _roles(q):
        got = _vikings_in(clause, role != "need")
        if got is None:
            return None
        if role == "token":
            token_said = True
            if len(got) > 1 or got and got[0][1] != 1:
                return None
            token = got[0][0] if got else None
            if not got and not re.search(r"\b(no|kein\w*|aucun\w*|without|ohne|sans)\b", clause):
                return None
        elif role == "hero":
            if hero is not None and got:
                return None
            if got:
                if len(got) > 1 or got[0][1] != 1:
                    return None
                hero_v = got[0][0]
        elif role == "building":
            if len(got) > 1 or bld_disc[1]:
                return None
            if got:
                bld_disc = got[0]
            elif bld is not None and bld.raid_discount[1]:
                bld_disc = bld.raid_discount
            else:
                return None  # a building whose raid discount is not said
        elif role == "ship":
            ship_said = True
            if ship is not None and got:
                return None
            if len(got) > 1:
                return None
            if got:
                ship_disc = got[0]
        else:
            for v, n in got:
                need[v] += n
    if (bld is not None or _BUILDING_WORD.search(q)) and not bld_disc[1]:
        return None  # a building named, its discount not read
    if raid is not None:
        if any(need):
            return None
        need = list(raid.need)
    if not any(need):
        return None
    zone = _zone(q)
    fame_m = re.search(r"\b(\d+|" + "|".join(k for k, v in _NUMBER_WORDS.items() if 1 <= v <= 20) +
                       r")[- ]?(?:de )?(fame|ruhm\w*|gloire|points? de gloire|fame points?)\b", q)
    return {"raid": raid, "need": tuple(need), "zone": zone, "token": token, "token_said": token_said,
            "hero_v": hero_v, "hero_disc": hero_disc, "ship_disc": ship_disc, "ship_said": ship_said,
            "fame": raid.fame if raid else (_num(fame_m.group(1)) if fame_m else None), "hero_named": hero,
            "bld_disc": bld_disc}


def _expend_calc(q: str, lang: str) -> Any:
    if not (_RAIDW.search(q) or _raid_named(q) is not None) or not EXPEND.search(q) or COULD.search(q):
        return None
    if re.search(r"\b(fame|ruhm\w*|gloire)\b", q) and not re.search(r"\bvikings?|wikinger\b", q):
        return None
    r = _read_raid(q)
    if r is None or r["hero_v"] is None:
        return None
    zone = r["zone"] if r["zone"] is not None else (1 if r["token"] is not None else 0)
    if r["token"] is not None and zone == 0:
        return None  # a Viking Token in the upper zone: no such board
    if r["token"] is None and not r["token_said"] and zone != 0:
        return None  # the centre or bottom zone's token is not named
    edition = _edition(q, lang)
    state = _raid_probe(r["need"], 1, zone, r["token"], r["hero_v"], r["hero_disc"], r["ship_disc"], edition,
                        r["bld_disc"])
    if state is None:
        return None
    terms = GAME.raid_terms(state, 0, "asked", "askedship")
    if terms is None:
        return None
    need, pay = terms["need"], terms["pay"]
    disc = tuple(min(d, x) for d, x in zip(terms["discount"], need, strict=True))  # what the discounts cover
    n = sum(pay)
    if n == 0:
        types = join_list([viking_word(VIKINGS[v], lang) for v in range(3) if need[v]], lang, "or")
        text = _calc("expend_one", lang, need=vikings(need, lang), discount=vikings(disc, lang), types=types)
    else:
        by = _calc("by_building" if r["bld_disc"][1] and edition != "de" else "by", lang)
        text = _calc("expend", lang, pay=vikings(pay, lang), n=tn(P + "word.vikings", n, lang),
                     need=vikings(need, lang), discount=vikings(disc, lang), by=by)
    if r["bld_disc"][1] and edition == "de":
        text += " " + _calc("expend_de_building", lang)
    if not r["token_said"] and r["zone"] is None:
        text += " " + _calc("expend_token", lang)
    return _answer(text, lang, ["name-of-odin.raid.expend-vikings"])


FAME_Q = re.compile(r"\b(fame|ruhm\w*|gloire|points?|gagne ou (?:je )?perds?|win or lose|gewinne oder verliere)\b")
_UNMATCHED_AFTER = re.compile(r"\b(?:left|remain\w*|ubrig|offen|reste\w*|restant\w*|liegen noch|bleiben noch)\s+(\d|no|"
                              r"none|zero|one|two|three|null|kein\w*|eine?|zwei|drei|aucune?|une?|deux|trois)\s+"
                              r"\w*?(cards?|karten?|cartes?)\b")
# "none of the three face-up cards get matched": all of them left
_NONE_OF = re.compile(r"\b(?:none|keine|aucune) (?:of the|der|des) (\d|two|three|zwei|drei|deux|trois)\b[^.?!]{0,40}?"
                      r"\b(?:matched|bedient|abgedeckt|gekontert|couvertes?|contrees?|associees?|abwerfen|abgeworfen|"
                      r"loswerden|kontern|bedienen|discarded|defaussees?)\b"
                      # "I couldn't match any of the three", "je n'ai pu contrer aucune des trois"
                      r"|\b(?:couldn't|could not|didn't|did not|failed to|can't|cannot|was unable to)\s+(?:match|"
                      r"counter|discard|cover|get rid of)\s+any (?:of the|of my) (\d|two|three)\b"
                      # "si j'arrive à contrer aucune des 3 cartes", "if I counter none of the 3 cards"
                      r"|\b(?:contrer|contre|counter|match|kontern|bedienen|couvrir|couvert|associer|associe|defausser|"
                      r"defausse) "
                      r"(?:aucune|none|keine) (?:des|of the|der) "
                      r"(\d|two|three|zwei|drei|deux|trois)\b")
_UNMATCHED = re.compile(r"\b(\d|no|none|zero|one|two|three|null|kein\w*|eine?|zwei|drei|aucune?|une?|deux|trois)\s+"
                        r"(?:\w+\s+)?\w*?(cards?|karten?|cartes?)\b[^.?!]{0,40}\b(left|remain\w*|unmatched|not matched|"
                        r"on the table|open|ubrig|offen|liegen|auf dem tisch|nicht|restant\w*|reste\w*|sur la table|"
                        r"non|ouvert\w*)")
_UNMATCHED_ADJ = re.compile(r"\b(\d|no|one|two|three|eine?|zwei|drei|une?|deux|trois)\s+(?:offen\w*|unmatched|"
                            r"leftover|remaining|ubrig\w*|restante?s?)\s+(cards?|karten?|cartes?)\b")
_ALL_MATCHED = re.compile(r"\b(all (the )?(cards )?((are|were|get|got) )?matched|matched (?:every|each)|"
                          r"no cards? (are )?(left|unmatched)|"
                          r"matched (them )?all|matched all( \w+)?|match(ed)? all (three|3|two|2|of them|the)|"
                          r"managed to match (them )?all|"
                          r"alle (\w+ )?(\w*karten )?(?:passend |richtig |erfolgreich )?(bedient|bedienen|abgedeckt|"
                          r"abdecken|gematcht|gekontert|"
                          r"kontern)|"
                          r"(toutes|les trois|les deux) (\w+ )?(contrees|associees|couvertes)|"
                          r"toutes? (les cartes )?(associee|couverte|appariee)s?|nothing left|nichts (mehr )?ubrig|"
                          r"plus rien|nothing is left|none (?:is|are) left|(?:matched|match) every (?:card|one)|"
                          r"matched away (?:all|every)|"
                          r"(?:defausse\w*|matche\w*|bedient|abgedeckt|couvert\w*|discard\w*|match\w*) "
                          r"(?:les |all |alle |the )?(?:3|three|drei|trois|toutes|all|alle) (?:\w+ ){0,2}?"
                          r"(?:cards?|cartes?|karten)\b)\b")


_MATCHED_N = re.compile(r"\b(?:matched|match|matching|bedient|gekontert|kontere|abgedeckt|contre|associe)\s+"
                        r"(\d|one|two|three|eine?|zwei|drei|une?|deux|trois)\b")


def _raid_named(q: str) -> Any:
    cs = default_set()
    return next((cs.raids[cs.raid_index[c]] for _, _, hit in names_of(cs).find(_ww(q)) for cls, c in hit
                 if cls == "raid"), None)


def _fame_calc(q: str, lang: str) -> Any:
    if not (_RAIDW.search(q) or _raid_named(q) is not None or _MATCH_STEP.search(q)) or not FAME_Q.search(q) and \
            not _GIVES.search(q):
        return None
    if not re.search(r"\b(how much|how many|what|wie ?viel\w*|welche|combien|quel\w*|was|where do i (?:end up|land)|"
                     r"wo (?:lande|stehe|bin) ich|j'arrive ou|ou (?:j'arrive|je (?:suis|finis|termine)))\b|"
                     r"\b(fame|ruhm|gloire)\s*\?"
                     r"|^\W*(fame|ruhm|gloire)\b", q) and not _GIVES.search(q):
        return None
    m = _UNMATCHED_ADJ.search(q) or _UNMATCHED.search(q) or _UNMATCHED_AFTER.search(q) or _NONE_OF.search(q)
    if m:
        said = next(g for g in m.groups() if g is not None)  # the count, whichever way it was told
        unmatched = _num(said)
        if said in ("eine", "ein", "une", "un") or unmatched is None:
            unmatched = 1 if said in ("eine", "ein", "une", "un", "one") else unmatched
    elif _ALL_MATCHED.search(q):
        unmatched = 0
    else:
        return None
    if m and _ALL_MATCHED.search(q):
        unmatched = 0  # "Three action cards ended up on the table and I matched all three"
    elif m and (k := _MATCHED_N.search(q)) is not None and _num(k.group(1)) is not None:
        unmatched = max(0, (unmatched or 0) - (_num(k.group(1)) or 0))  # "... and I matched two of them"
    if unmatched is None or not 0 <= unmatched <= 3:
        return None
    raid = _raid_named(q)
    was = _FAME_BEFORE.search(q)  # "I'm on 12 fame": the marker before, not the card's Fame
    told = q[:was.start()] + " " + q[was.end():] if was else q
    fame_m = re.search(r"\b(\d+|" + "|".join(k for k, v in _NUMBER_WORDS.items() if 1 <= v <= 20) +
                       r")[- ]?(?:de )?(fame|ruhm\w*|gloire|points? de gloire|fame points?)\b", told)
    zone = _zone(q)
    if raid is not None:
        if fame_m and _num(fame_m.group(1)) != raid.fame:
            return None
        fame = raid.fame
    elif fame_m:
        fame = _num(fame_m.group(1)) or 0
    elif zone is None:  # only the cards left told: the adjustment they make
        return _adjustment_answer(unmatched, lang, _edition(q, lang))
    else:
        return None
    if zone is None:
        return None
    if re.search(r"\b(hero|held\w*|heros|egil|jarl|feast|skald|festhalle|bonus)\b", q):
        return None  # ability bonuses the question would have to name
    found = _fame_received(fame, zone, unmatched, _edition(q, lang))
    if found is None:
        return None
    got, zone_names = found
    zone_name = _t(f"zone.{zone_names[zone]}", lang)
    text = _calc("raid_fame", lang, fame=got.gained, card=got.raid_fame, zone=zone_name, bonus=got.zone_fame,
                 left=tn(P + "word.cards", unmatched, lang), adj=f"{got.adjustment:+d}" if got.adjustment else "0")
    if got.raid_fame + got.zone_fame + got.adjustment < 0:
        text += " " + _calc("raid_fame_floor", lang)
    if was is not None:  # "J'étais à 6 sur la piste": where the marker ends
        had = int(next(g for g in was.groups() if g))
        text += " " + _calc("raid_fame_total", lang, had=had, now=had + got.gained)
    return _answer(text, lang, ["name-of-odin.raid.fame"])


_FAME_BEFORE = re.compile(r"^\W*(?:i have|i've got|ich habe|ich hab|j'ai)\s+(\d{1,2})\s+(?:points? de gloire|fame|"
                          r"ruhm\w*|gloire)\b(?=\s*[.,;:])|"
                          r"\b(?:i was (?:at|on)|i'm (?:at|on)|i am (?:at|on)|ich (?:war|stand|stehe|bin) (?:bei|auf)|"
                          r"j'etais a|je suis a|j'avais)\s+(\d{1,2})\b(?! (?:cards?|karten|cartes|vikings?|wikinger))")


_MATCH_STEP = re.compile(r"\b(matching|matched|match|step e|schritt e|etape e|anforderungskarte\w*|exigences?|contrer|"
                         r"counter|kontern)\b")
_GIVES = re.compile(r"\b(rapporte\w*|bringt|bringen|gives?|earns?|cost\w*|kostet|coute)\b")


def _fame_received(fame: int, zone: int, unmatched: int, edition: str) -> tuple[Any, tuple[str, ...]] | None:
    """The engine's step F (its `FameReceived` event, and the board's zone names) for a raid card of `fame` in
    `zone` with `unmatched` table cards left, or None when no such raid can be set up."""
    state = _raid_probe((1, 0, 0), fame, zone, None, 0, (-1, 0), (-1, 0), edition)
    if state is None:
        return None
    from engine.name_of_odin.actions import FameReceived, Match
    from engine.name_of_odin.game import MATCH

    cs = state.cs
    r, sh = cs.raid_index["asked"], cs.ship_index["askedship"]
    probe = state._replace(phase=MATCH, to_move=0, hands=(0,) + state.hands[1:], table=tuple(state.deck[:unmatched]),
                           ctx=(r, state.sea.index(r), sh, (), (), 0))
    _, events = GAME.apply(probe, Match(()))
    return next(e for e in events if isinstance(e, FameReceived)), tuple(cs.zone_names)


def _adjustment_answer(unmatched: int, lang: str, edition: str) -> Any:
    """"2 cards are still on the table after matching: what does that do to my fame?" - the engine's adjustment."""
    found = _fame_received(3, 0, unmatched, edition)
    if found is None:
        return None
    adj = found[0].adjustment
    key = "raid_adjust_gain" if adj > 0 else "raid_adjust_lose" if adj < 0 else "raid_adjust_none"
    return _answer(_calc(key, lang, left=tn(P + "word.cards", unmatched, lang), n=abs(adj)), lang,
                   ["name-of-odin.raid.fame"])


# ---- 5. The Draw Phase ---------------------------------------------------------------------------------------------

DRAW = re.compile(r"\b(draw|draws|drawing|zieh\w*|nachzieh\w*|nachnehm\w*|pioch\w*|tire\w*|tirer)\b")
_RUNIC = re.compile(r"\b(runic|rune\w*|runenkreis\w*|runenstein\w*|runique\w*|cercle)\b")


def _draw_to(runic: bool) -> int:
    cs = default_set()
    circles = [b.draw_to for b in cs.buildings if BUILDING_TYPES[b.type] == "runic_circle" and b.draw_to]
    return max([cs.hand] + (circles if runic else []))


def _draw_calc(q: str, lang: str) -> Any:
    if not DRAW.search(q) or not re.search(r"\b(how many|wie ?viele?|combien)\b", q):
        return None
    if re.search(r"\b(raid|raubz\w*|hero|held\w*|heros|bard|offer|auslage|offre|take|nehme\w*|prend\w*)\b", q):
        return None
    words = _ww(q)
    held = None
    for i, w in enumerate(words):
        if w.startswith(("card", "karte", "carte")):
            n = _count_before(words, i)
            ctx = " ".join(words[max(0, i - 5):i + 5])
            if n is not None and re.search(r"\b(left|remain\w*|have|hold|still|ubrig|habe|hab|halte|noch|reste\w*|"
                                           r"ai|garde|encore|in (my )?hand|auf der hand|en main|with|mit|avec)\b",
                                           ctx):
                if held is not None:
                    return None
                held = n
    if held is None:
        return None
    runic = _RUNIC.search(q) is not None
    target = _draw_to(runic)
    n = max(0, target - held)
    text = _calc("draw", lang, n=tn(P + "word.cards", n, lang), held=held, target=target)
    if not runic:
        text += " " + _calc("draw_runic", lang, target=_draw_to(True))
    return _answer(text, lang, ["name-of-odin.turn.draw"])


# ---- 6. Longship costs, range and damage, limits, the exchange -----------------------------------------------------

_COST_Q = re.compile(r"\b(cost\w*|price|how many|pay|kost\w*|preis|wie ?viele?|zahl\w*|cout\w*|prix|combien|paye\w*)\b")
_SHIP_ACTIONS = (("buy", r"\b(buy\w*|purchas\w*|acquir\w*|kauf\w*|erwerb\w*|achet\w*|acheter|achat\w*|acquer\w*)\b"),
                 ("return", r"\b(return\w*|bring\w* (it |him )?(back|home)|zuruck\w*|heimhol\w*|heim|"
                            r"ramen\w*|rentrer|retour\w*|faire revenir)\b"),
                 ("repair", r"\b(repair\w*|fix\w*|reparier\w*|repar\w*|flick\w*)\b"))


def _action_cost(kind: str) -> int | None:
    """The Seamanship a longship action costs, as the engine's refusal of an unpaid one states it."""
    from engine.name_of_odin.actions import BuyShip, Repair, ReturnShip

    cs = default_set()
    ship = cs.ships[0].code
    if kind == "buy":
        state = _scenario({"longship_offer": [c.code for c in cs.ships[:cs.ship_offer]]})
        action: Any = BuyShip(ship, ())
    else:
        state = _scenario({"longships": [[{"ship": ship, "damage": 1, "away": True}], []]})
        action = ReturnShip(ship, ()) if kind == "return" else Repair(ship, ())
    if state is None:
        return None
    illegal = GAME.check(state, action)
    return int(illegal.params["cost"]) if illegal is not None and "cost" in illegal.params else None


def _ship_cost_calc(q: str, lang: str) -> Any:
    words = _ww(q)
    if not (any(w.startswith(_SHIP) for w in words) or re.search(_SHIP_ACTIONS[2][1], q)) or not _COST_Q.search(q):
        return None
    kinds = [k for k, pat in _SHIP_ACTIONS if re.search(pat, q)]
    if len(kinds) != 1 or re.search(r"\b(raid|raubz\w*|damage\w*|schaden|degat\w*|range|reichweite|portee|"
                                    r"solidite|discount\w*|rabatt|reduc\w*|shipyard|werft|chantier|yard)\b", q):
        return None
    cost = _action_cost(kinds[0])
    if cost is None:
        return None
    ids = {"buy": "name-of-odin.action.buy-longship", "return": "name-of-odin.action.return-longship",
           "repair": "name-of-odin.action.repair-longship"}
    return _answer(_calc(f"ship_{kinds[0]}", lang, n=cost), lang, [ids[kinds[0]]])


_RANGE_N = re.compile(r"\b(?:range|reichweite|portee|solidite)(?:[- ](?:of |von |de )?)(\d)\b|\b(\d)[- ]?(?:range|"
                      r"er[- ]reichweite)\b|\b(\d)\s+(?:range symbols?|reichweitensymbol\w*|reichweite\w*|"
                      r"solidite|portee|"
                      r"symboles? (?:de )?(?:solidite|portee))\b")
# the raid still to come, on a ship that already has damage: "already 1 damage ... I raid the top zone - then?"
_RAID_NEXT = re.compile(r"\b(raid\w*|raubz\w*|pluender\w*|fahr\w*|sail\w*)\b")
_ALREADY = re.compile(r"\b(already|schon|bereits|deja)\b")
_DAMAGE_N = re.compile(r"\b(\d|one|two|three|four|ein\w*|zwei|drei|vier|une?|deux|trois|quatre)\s+(?:\w+\s+)?"
                       r"(damage|schaden\w*|schadensmarker\w*|degats?)\b|\b(?:damage|schaden|degats?)\s+(?:of\s+|"
                       r"von\s+|de\s+)?(\d)\b")


_DESTROY = re.compile(r"\b(destroy\w*|sink\w*|sunk|lost|zerstor\w*|versenkt|versink\w*|kaputt|detrui\w*|coule\w*|"
                      r"perdu)\b")
_YN_START = re.compile(r"^\W*(is|does|will|would|was|has|ist|wird|ware|geht|est-ce|est|sera|serait|va)\b")


def _yn(q: str, destroyed: bool, lang: str) -> str:
    """"Yes. " / "No. " before the fact when the question asks whether the ship is destroyed."""
    if (_YN_START.search(q) or re.search(r"\b(est-il|est-elle|sera-t-il|is it|ist es|ist das)\b", q)) and \
            _DESTROY.search(q):
        return _calc("yes" if destroyed else "no", lang) + " "
    return ""


def _damage_calc(q: str, lang: str) -> Any:
    words = _ww(q)
    if not any(w.startswith(_SHIP) for w in words):
        return None
    rm, dm = _RANGE_N.search(q), _DAMAGE_N.search(q)
    if rm is None or dm is None or len(_RANGE_N.findall(q)) > 1 or len(_DAMAGE_N.findall(q)) > 1:
        return None
    if re.search(r"\b(building|gebaude|batiment|hero|held\w*|heros|keel|kiel|extra|bonus)\b", q):
        return None  # extra range from abilities: the question would have to say how much
    rng = int(next(g for g in rm.groups() if g))
    dmg = _num(dm.group(1) or dm.group(3))
    if dmg is None or not 1 <= rng <= 9:
        return None
    before = ""
    if _RAID_NEXT.search(q) and YESNO.search(q) and _zone(q) is not None and \
            not re.search(r"\b(after|afterwards|then|danach|dann|apres|ensuite|destroy\w*|zerstor\w*|detrui\w*)\b", q):
        # "range 3 and 2 damage: can I raid the centre zone?": the range it has now against the zone's
        asked = _zone(q) or 0
        left, _ = _damage_probe(rng, dmg) if dmg < rng else (0, True)
        key = "range_ok" if left >= asked + 1 else "range_short"
        return _answer(_calc(key, lang, dmg=tn(P + "calc.damage", dmg, lang), left=left, need=asked + 1,
                             range=rng), lang, ["name-of-odin.raid.range", "name-of-odin.longship.range"])
    if _RAID_NEXT.search(q):
        zone = _zone(q)
        if not _ALREADY.search(q) or zone is None or rng - dmg < zone + 1:
            return None  # which damage the raid adds, or whether the ship can make it at all, is not said
        # the raid is made with the range the ship has now, and step G adds one Damage Token
        before = _calc("damage_raid", lang, had=dmg, now=dmg + 1, left=rng - dmg, need=zone + 1) + " "
        dmg += 1
    if dmg > rng or rng > 9:
        return None
    left, destroyed = _damage_probe(rng, dmg)
    text = before + _calc("damage_destroyed" if destroyed else "damage_ok", lang, range=rng, left=left,
                          dmg=tn(P + "calc.damage", dmg, lang))
    ids = ["name-of-odin.longship.destroyed", "name-of-odin.raid.damage"] if destroyed else [
        "name-of-odin.longship.range", "name-of-odin.longship.destroyed"]
    return _answer(_yn(q, destroyed, lang) + text, lang, ids)


def _damage_probe(rng: int, dmg: int) -> tuple[int, bool]:
    """(range left, destroyed) of a range-`rng` longship reaching `dmg` damage: a ship with one damage less raids
    and the engine's step G puts the last Damage Token on it."""
    from engine.name_of_odin.actions import LongshipDamaged, Match
    from engine.name_of_odin.game import MATCH

    state = _raid_probe((1, 0, 0), 1, 0, None, 0, (-1, 0), (-1, 0), "en", ship_range=rng, ship_damage=dmg - 1,
                        damage_probe=True)
    cs = state.cs
    r, sh = cs.raid_index["asked"], cs.ship_index["askedship"]
    probe = state._replace(phase=MATCH, to_move=0, hands=(0,) + state.hands[1:], table=(),
                           ctx=(r, state.sea.index(r), sh, (), (), 0))
    _, events = GAME.apply(probe, Match(()))
    got = next(e for e in events if isinstance(e, LongshipDamaged))
    return got.range, got.destroyed


LIMIT_Q = re.compile(r"\b(viking limit|limit of vikings|wikingerlimit|wikinger-limit|limite de vikings|"
                     r"how many vikings (can|may|could) i (have|keep|hold|own)|max\w* (number of )?vikings?|"
                     r"wie viele wikinger (darf|kann) ich (haben|behalten|besitzen)|"
                     r"combien de vikings (puis-je|je peux|peut-on|on peut) (avoir|garder|posseder))\b")
HAND_Q = re.compile(r"\b(hand ?limit|handlimit|handkartenlimit|kartenlimit|limite de (cartes en )?main|"
                    r"how many cards (can|may) i (have|hold|keep)|maximum (number of )?cards|"
                    r"wie viele karten (darf|kann) ich (auf der hand )?(haben|halten|behalten)|"
                    r"combien de cartes (puis-je|je peux|peut-on) (avoir|garder|tenir))\b")
EXCHANGE_Q = re.compile(r"\b(exchange|swap|tausch\w*|austausch\w*|echang\w*)\b.*\b(how often|how many times|twice|"
                        r"more than once|again|second|wie oft|zweimal|mehrmals|nochmal|noch einmal|combien de fois|"
                        r"deux fois|plusieurs fois|encore)\b|\b(how often|how many times|wie oft|combien de fois|"
                        r"twice|zweimal|deux fois)\b.*\b(exchange|swap|tausch\w*|echang\w*)\b")


# "with four of us, how many raid cards?", "Wie viele Aktionskarten kriegt jeder zu Beginn?": the set-up's numbers
_RAID_CARDS = re.compile(r"\b(raid cards?|raid deck|raubzugkarten|raubzugstapel|raubzug-?karten|cartes? raids?|"
                         r"pioche (?:des )?raids?|raids? (?:go|are) (?:in|into))\b")
_START_HAND = re.compile(r"\b(action cards?|aktionskarten|cartes? action)\b.*\b(start\w*|begin\w*|set-?up|beginn\w*|"
                         r"zu beginn|anfang|aufbau|debut|depart|mise en place|dealt|deal|each get|jeder|chacun|"
                         r"en main au)\b|\b(start\w*|begin\w*|zu beginn|anfang|debut)\b.*\b(action cards?|"
                         r"aktionskarten|cartes? action)\b")
_HOW_MANY_Q = re.compile(r"\b(how many|wie ?viele?|combien)\b")
def _setup_calc(q: str, lang: str) -> Any:
    if not _HOW_MANY_Q.search(q):
        return None
    cs = default_set()
    if _RAID_CARDS.search(q) and not re.search(r"\b(left|remain\w*|ubrig|noch|reste\w*|restant\w*)\b", q):
        n = players_said(q)
        if n is None or n not in cs.raid_deck:
            return None
        others = join_list([_calc("raid_deck_one", lang, n=v, players=k) for k, v in sorted(cs.raid_deck.items())
                            if k != n], lang)
        return _answer(_calc("raid_deck", lang, n=cs.raid_deck[n], players=n, others=others), lang,
                       ["name-of-odin.setup.raid-deck"])
    if _START_HAND.search(q) and not re.search(r"\b(draw|nachzieh\w*|pioch\w*|refill|auffull\w*|complete)\b", q):
        return _answer(_calc("start_hand", lang, n=cs.hand), lang, ["name-of-odin.setup.players"])
    return None


def _direct_calc(q: str, lang: str) -> Any:
    if (found := _setup_calc(q, lang)) is not None:
        return found
    if LIMIT_Q.search(q) and not GATHER.search(q):
        return _answer(_calc("limit", lang, limit=_limit(False), inn=_limit(True)), lang,
                       ["name-of-odin.limits.viking-limit"])
    if HAND_Q.search(q):
        return _answer(_calc("hand_limit", lang, n=_draw_to(False), runic=_draw_to(True)), lang,
                       ["name-of-odin.rules.hand-limit"])
    if EXCHANGE_Q.search(q):
        cs = default_set()
        extra = [b for b in cs.buildings if b.extra_exchange]
        btypes = join_list(sorted({_t(f"btype.{BUILDING_TYPES[b.type]}", lang) for b in extra}), lang, "or")
        no = _calc("no", lang) + " " if YESNO.search(q) and not re.search(
            r"\b(how (many times|often)|wie oft|wie viele male?|combien de fois)\b", q) else ""
        return _answer(no + _calc("exchange", lang, types=btypes), lang, ["name-of-odin.action.exchange"])
    return None


# ---- 7. Final scoring --------------------------------------------------------------------------------------------

SCORE_Q = re.compile(r"\b(final scor\w*|end of (the )?game|game end|at the end|score|scores|scoring|total|"
                     r"how much fame|how many (fame )?points|endwertung|schlusswertung|wertung|spielende|am ende|"
                     r"insgesamt|gesamt\w*|ruhmpunkte|"
                     r"wie ?viel\w* ruhm|wie viele (ruhmes)?punkte|decompte|fin de (la )?partie|a la fin|au total|"
                     r"en tout|combien de (points|gloire)|score final)\b")
_CATS = (("ship", ("longship", "ship", "boat", "langschiff", "schiff", "boot", "drakkar", "bateau", "navire")),
         ("building", _BLD), ("raid", ("raid", "raubz", "uberfall", "pillage", "track", "leiste", "piste")))
_EACH = re.compile(r"\b(each|every|apiece|je|jeweils|jedes|jede|chacun\w*|chaque)\b")
_TOTAL = re.compile(r"\b(in total|total|together|altogether|insgesamt|zusammen|au total|en tout|ensemble)\b")


def _score_clauses(q: str) -> list[str]:
    q = re.sub(r"(\d)\s*[+,]\s*(?=\d)", r"\1 and ", q)  # "buildings 2+3+1", "2, 2 and 3": one clause's values
    cat = r"(?:(?!and\b|und\b|et\b|fame\b|ruhm\b|gloire\b)\w+\s+){0,2}(?:" + \
        "|".join(s for _, stems in _CATS for s in stems) + \
        r"|warrior|krieger|guerrier|trader|handler|commercant|marchand|sailor|seemann|seemanner|seeleute|marin|" \
        r"navigateur)"
    return [c for c in re.split(r"[,;:()+]|\b(?:and|und|et|plus|with|mit|avec|as well as|sowie|ainsi que)\b(?=\s+"
                                r"(?:a|an|ein\w*|un|une|my|meine?|mon|ma|mes|\d+|" +
                                "|".join(k for k, v in _NUMBER_WORDS.items() if v >= 1) + r")\s+" + cat + r")", q)
            if c and c.strip()]


_INN_HELD = re.compile(r"\b(?:with|mit|avec) (?:an|a|one|my|ein\w*|meinem|une?|mon) (?:inn|gasthaus|gasthof|auberge)\b|"
                       r"\b(?:i have|i've got|ich habe|ich hab|j'ai) (?:an|a|ein\w*|une?) (?:inn|gasthaus|auberge)\b")


def _score_calc(q: str, lang: str) -> Any:
    if not SCORE_Q.search(q):
        return None
    if re.search(r"\b(zone|reihe|ligne|unmatched|tie|gleichstand|egalite|recruit\w*|rekrut\w*)\b", q):
        return None
    if re.search(r"\b\w*(symbol|symbole|symboles|symbols)\b", q) and re.search(
            r"\b(spend\w*|gebe\w*|ausgeb\w*|depens\w*|discard\w*|abwerf\w*|gather\w*|sammel\w*|rassembl\w*)\b", q):
        return None  # "I spend 3 Trader symbols: how many may I keep at the end?": a gathering, not the final scoring
    # "with an Inn and 12 Vikings: 6 Warriors, 4 Traders, 2 Sailors": the Inn only lets them be kept, and the total
    # said before the Vikings it counts is not more Vikings
    inn = _INN_HELD.search(q) is not None
    q = _INN_HELD.sub(" ", q)
    q = re.sub(r"\b(\d+) (?:vikings?|wikinger)\s*:", ":", q)
    vik = [0, 0, 0]
    said_vik = False
    parts: dict[str, int] = {}
    for clause in _score_clauses(q):
        words = _ww(clause)
        cat = next((c for c, stems in _CATS if any(w.startswith(stems) for w in words)), None)
        got = _vikings_in(clause, False)
        if got is None:
            return None
        if got and cat is None:
            for v, n in got:
                vik[v] += n
            said_vik = True
            continue
        if got:
            return None
        if cat is None:
            nums = [n for w in words for n in [_num(w)] if n is not None and w not in _ARTICLES]
            if len(nums) == 1 and re.search(r"\b(fame|ruhm|gloire)\b", clause) and "raid" not in parts:
                parts["raid"] = nums[0]  # "10 fame" said alone: the Fame on the track
            elif nums:
                return None  # numbers whose object is not read
            continue
        idx = next(i for i, w in enumerate(words) if w.startswith(dict(_CATS)[cat]))
        count = _count_before(words, idx)
        values = [n for j, w in enumerate(words) for n in [_num(w)] if n is not None and j != idx - 1
                  and not (w in _ARTICLES and j < idx)]
        if cat == "raid":
            if len(values) != 1:
                return None  # "3 raids": their Fame is not said
            parts[cat] = parts.get(cat, 0) + values[0]
            continue
        if not values:
            return None
        if count is not None and count > 1 and len(values) == 1:
            if _EACH.search(clause):
                total = values[0] * count
            elif _TOTAL.search(clause):
                total = values[0]
            else:
                return None  # "2 buildings worth 3": each or together?
        elif count is not None and len(values) not in (1, count):
            return None
        else:
            total = sum(values)
        parts[cat] = parts.get(cat, 0) + total
    if not said_vik and not parts:
        return None
    if not said_vik and len(parts) < 2:
        return None  # one figure alone is no scoring question we can read
    over = not inn and _limit(False) < sum(vik) <= _limit(True)  # 13 Vikings told without an Inn: only with one
    inns = [b.code for b in default_set().buildings if b.limit > 10][:1] if inn or over else []
    state = _scenario({"vikings": [vik, [0, 0, 0]], "mead_hall": [30 - min(30, n) for n in vik],
                       "buildings": [inns, []]})
    if state is None:
        return None
    s = GAME.final_scores(state)[0]
    raid, bld, ship = parts.get("raid", 0), parts.get("building", 0), parts.get("ship", 0)
    total = raid + bld + ship + s.same_sets + s.mixed_sets
    key = "score" if "raid" in parts else "score_part" if parts else "score_sets"
    if key == "score_part":
        total -= raid
    text = _calc(key, lang, total=total, raid=raid, buildings=bld, ships=ship,
                 same=s.same_sets, mixed=s.mixed_sets, vikings=vikings(vik, lang))
    if over:
        text += " " + _calc("score_over_limit", lang, n=sum(vik), limit=_limit(False), inn=_limit(True))
    ids = ["name-of-odin.scoring.final", "name-of-odin.scoring.viking-sets"]
    return _answer(text, lang, ids if parts else ids[::-1])


def computed_answer(question: str, lang: str) -> Any:
    """The computed answer for a small position the question describes (families above), else None."""
    q = fold(question)
    for family in (_token_calc, _expend_calc, _fame_calc, _gather_calc, _draw_calc, _damage_calc, _ship_cost_calc,
                   _score_calc, _direct_calc):
        found = family(q, lang)
        if found is not None:
            return found
    return None
