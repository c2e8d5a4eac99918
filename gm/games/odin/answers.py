"""ODIN's answers from the engine, not the digest: the legal moves now, why a move is illegal, the position's
figures (scores, whose turn, the centre, hand sizes), and positions the question itself describes ("does R8 R2
beat K9 K3?", "what is blue 3, 5 and 9 worth?"), in play or not.

Only questions of these shapes are answered here; everything else goes to the digest. Each answer cites the
digest sections of the rule it applies.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.odin.game import GAME
from gm.games.odin.narrate import describe_action, explain
from gm.i18n import join_list, t
from gm.text import fold, starts_with_question_word

MOVES = re.compile(
    r"\bwhat (can|could|may|should) i (do|play)\b|\bmy (options|moves)\b|\blegal moves\b|\bwhat are my options\b"
    r"|\bwas (kann|darf|soll) ich (jetzt |nun |denn |hier )?(machen|tun|spielen)\b|\bwelche zu?e?ge\b"
    r"|\bmeine (optionen|moglichkeiten|zuge)\b"
    r"|\b(que|quoi) (puis-je|peux-je|je peux) (faire|jouer)\b|\bqu'est-ce que je (peux|pourrais) (faire|jouer)\b"
    r"|\bmes options\b|\bquels coups\b|\bje peux (faire|jouer) quoi\b")
WHY = re.compile(
    r"\bwhy (?:can't|cant|cannot|can not|couldn't|can i not|may i not|am i not allowed to|isn't) (?:i )?"
    r"(?:play |lay |use )?(?P<en>.+)"
    r"|\b(?:warum|wieso|weshalb) (?:kann|darf|konnte|durfte) ich (?:denn |hier |jetzt )?(?P<de>.+?)"
    r"(?: nicht| nich)(?: spielen| ausspielen| legen)?\W*$"
    r"|\bpourquoi (?:je ne peux pas|ne puis-je pas|je peux pas|ne peux-je pas|je n'ai pas le droit de|"
    r"j'ai pas le droit de) (?:jouer |poser )?(?P<fr>.+)")
SCORES = re.compile(r"\b(my score|the score|scores|standings|how many points (do|have) (i|we)|punktestand|"
                    r"wie viele punkte (habe|hab|haben) (ich|wir)|combien de points (j'ai|ai-je|avons)|le score|"
                    r"les scores)\b")
TURN = re.compile(r"\b(whose turn|who('s| is) (next|to play)|wer ist (dran|am zug)|a qui (le tour|de jouer)|"
                  r"c'est a qui)\b")
CENTRE = re.compile(r"\b(what (do i need to|must i|have i to) beat|what('s| is) in the (centre|center|middle)|"
                    r"was liegt in der mitte|was muss ich (schlagen|uberbieten)|qu'y a-t-il au centre|"
                    r"que (dois-je|faut-il) battre|qu'est-ce qu'il y a au centre)\b")
HANDS = re.compile(r"\b(how many cards (do|does) (\w+) (have|hold)|wie viele karten (habe|hat|haben)|"
                   r"combien de cartes (j'ai|ai-je|a|ont))\b")

# Digest sections (digest/*.json beside this file) of the rules these answers apply.
ODIN_SECTIONS = {
    "lead": ["odin.lead.single", "odin.lead.whole_hand"],
    "follow": ["odin.play.count", "odin.play.beat"],
    "pass": ["odin.pass.rules"],
    "scoring": ["odin.scoring.points", "odin.end.target"],
}


def state_answer(question: str, lang: str, state: Any, player: int, names: Sequence[str]) -> Any:
    """An Answer from the engine for the questions it can answer, else None."""
    g = GAME
    game = g.name
    q = fold(question)
    found = hypothetical_answer(question, lang)  # a position the question names wins over the one in play
    if found is not None:
        return found
    m = WHY.search(q)
    move = next((m.group(k) for k in ("en", "de", "fr") if m.group(k)), "") if m else why_move(q)
    if move:
        found = _probe(g, state, player, move.strip(" ?!."), lang, names, why=True)
        if found is not None:
            return found
    if MOVES.search(q):
        return moves_answer(g, state, player, lang)
    if SCORES.search(q):
        view = g.view(state, player)
        table = ", ".join(f"{n} {s}" for n, s in zip(names, view.scores, strict=False))
        return _answer(t("odin.rules.scores", lang, scores=table, target=view.target), game, lang,
                       ODIN_SECTIONS["scoring"])
    if TURN.search(q):
        p = state.decision.player
        return _answer(t("rules.turn", lang, name=names[p] if p is not None else "—"), game, lang, [])
    if CENTRE.search(q):
        return _centre(g, state, player, lang)
    if HANDS.search(q):
        view = g.view(state, player)
        sizes = ", ".join(f"{n} {k}" for n, k in zip(names, view.hand_sizes, strict=False))
        return _answer(t("odin.rules.hand_sizes", lang, sizes=sizes), game, lang, [])
    if question.strip().endswith("?") and not starts_with_question_word(q):
        return _probe(g, state, player, question.strip(" ?!."), lang, names, why=False)
    return None


WHY_START = re.compile(r"^\W*(why|how come|warum|wieso|weshalb|weswegen|pourquoi|comment ca se fait)\b")
NEGATION = frozenset({"not", "nt", "cant", "cannot", "dont", "doesnt", "isnt", "nicht", "nich", "net", "ned",
                      "pas", "ne", "n"})
# The words of a why-not question around the move it names, in any order: "warum darf ich nicht die O9 allein
# spielen?", "why is it not allowed to play R7?", "pourquoi c'est interdit de poser le 9 ?"
WHY_WORDS = frozenset({
    "why", "how", "come", "can", "could", "couldnt", "may", "might", "i", "me", "am", "is", "it", "allowed",
    "to", "do", "does", "im", "forbidden", "illegal", "warum", "wieso", "weshalb", "weswegen", "kann", "darf",
    "konnte", "durfte", "ich", "denn", "hier", "jetzt", "eigentlich", "mir", "es", "ist", "verboten", "erlaubt",
    "pourquoi", "est", "ce", "que", "qu", "je", "j", "peux", "puis", "ai", "droit", "de", "c", "interdit", "ca",
    "se", "fait", "comment", "il", "on", "mais", "but", "aber", "wo", "will", "would", "let", "lets", "game",
    "geht", "klappt", "lasst", "marche", *NEGATION})


def why_move(q: str) -> str:
    """The move a why-not question names, whatever the word order ("" when it is not one)."""
    if not WHY_START.match(q):
        return ""
    words = re.findall(r"[\w]+", q.replace("n't", " not").replace("'", " "))
    if not NEGATION & set(words) and not {"verboten", "interdit", "forbidden", "illegal"} & set(words):
        return ""
    rest = [w for w in words if w not in WHY_WORDS]
    return " ".join(rest)


def _answer(text: str, game: str, lang: str, ids: list[str]) -> Any:
    from gm.rules import Answer, cite

    return Answer(text, cite(game, lang, ids), 1.0, lang, "engine")


def _centre(g: Any, state: Any, player: int, lang: str) -> Any:
    view = g.view(state, player)
    if not view.center:
        return _answer(t("odin.rules.centre_empty", lang), g.name, lang, ODIN_SECTIONS["lead"])
    n = len(view.center)
    return _answer(t("odin.rules.centre", lang, centre=" ".join(view.center), value=view.center_value, n=n,
                     n1=n + 1), g.name, lang, ODIN_SECTIONS["follow"])


def moves_answer(g: Any, state: Any, player: int, lang: str) -> Any:
    """The legal moves now, put into words with the rule that makes them so."""
    if state.decision.player != player:
        return _answer(t("rules.not_your_turn", lang), g.name, lang, [])
    acts = g.legal_actions(state)
    view = g.view(state, player)
    plays = [a for a in acts if getattr(a, "kind", "") == "play"]
    if state.decision.kind == "lead":
        whole = [a for a in plays if len(a.cards) > 1]
        text = t("odin.rules.moves_lead", lang, cards=" ".join(view.hand or ()))
        if whole:
            text += " " + t("odin.rules.moves_lead_whole", lang, play=g.to_notation(whole[0]))
        return _answer(text, g.name, lang, ODIN_SECTIONS["lead"])
    n = len(view.center)
    key = "odin.rules.moves_follow_one" if n == 1 else "odin.rules.moves_follow"
    base = t(key, lang, centre=" ".join(view.center), value=view.center_value, n=n, n1=n + 1)
    if not plays:
        return _answer(base + " " + t("odin.rules.moves_only_pass", lang), g.name, lang,
                       ODIN_SECTIONS["follow"] + ODIN_SECTIONS["pass"])
    # Group the plays by the cards played (the take multiplies them without changing the play).
    seen: dict[tuple[str, ...], Any] = {}
    for a in plays:
        seen.setdefault(a.cards, a)
    shown = list(seen.values())[:8]
    lines = [f"  • {' '.join(a.cards)} — {describe_action(a, lang)}" for a in shown]
    text = base + " " + t("odin.rules.moves_can", lang, count=len(seen)) + "\n" + "\n".join(lines)
    if len(seen) > len(shown):
        text += "\n  " + t("odin.rules.moves_more", lang, n=len(seen) - len(shown))
    text += "\n" + t("odin.rules.moves_or_pass", lang)
    return _answer(text, g.name, lang, ODIN_SECTIONS["follow"])


def _probe(g: Any, state: Any, player: int, text: str, lang: str, names: Sequence[str], why: bool) -> Any:
    """Would this move be legal? Answered by the parser and the engine, without playing it."""
    from gm.parse import parse_move

    if not text:
        return None
    res = parse_move(g, state, player, text, lang=lang)
    ids = ODIN_SECTIONS["lead"] if state.decision.kind == "lead" else ODIN_SECTIONS["follow"]
    if res.kind == "illegal" and res.illegal is not None:
        return _answer(explain(res.illegal, lang, names), g.name, lang, ids)
    if res.kind == "action":
        return _answer(t("rules.legal_yes", lang, move=describe_action(res.action, lang)), g.name, lang, ids)
    if res.kind == "ambiguous":
        moves = "; ".join(describe_action(a, lang) for a in res.candidates[:6])
        return _answer(t("rules.legal_several", lang, moves=moves), g.name, lang, ids)
    return None


# ---- hypothetical positions ----------------------------------------------------------------------------------
# "the centre has a single 6: can I beat it with a red 2 and a red 1?", "was ist blau 3, 5 und 9 wert?",
# "puis-je jouer un 6 vert et un 2 bleu sur 53 ?": the question names cards (and a centre) that are not the
# position on the table. The cards are read with the move parser's lexicon and grammar, the position is built
# with the engine's scenario, and the engine's check (and its reason) is the answer.

HYPO_SECTIONS = {
    "value": ["odin.play.value"],
    "more": ["odin.play.count", "odin.play.beat"],
    "higher": ["odin.play.beat", "odin.play.value"],
    "wrong_count": ["odin.play.count"],
    "mixed_cards": ["odin.play.same"],
    "not_higher": ["odin.play.beat", "odin.play.value"],
    "cards": ["odin.overview.components"],
}

# Words that give the cards after them a role (accent-folded, as tokenize leaves them).
_ON = frozenset({"on", "onto", "upon", "against", "over", "vs", "versus", "auf", "gegen", "sur", "contre"})
_WITH = frozenset({"with", "using", "mit", "avec"})
_BEAT = frozenset({
    "beat", "beats", "beating", "trump", "trumps", "outrank", "outranks",
    "schlagen", "schlagt", "schlage", "schlagst", "stechen", "sticht", "stichst", "uberbieten", "uberbietet",
    "uberbiete", "ubertrumpfen", "ubertrumpft", "ubertreffen", "ubertrifft",
    "battre", "bat", "bats", "battent", "batte", "battu", "surpasser", "surpasse", "depasser", "depasse"})
_CENTRE = frozenset({"centre", "center", "middle", "mitte", "zentrum", "milieu"})
_COMPARE = frozenset({"higher", "more", "greater", "bigger", "hoher", "grosser", "mehr", "plus"})
_THAN = frozenset({"than", "als", "que"})
# Words that start a clause (the roles given above end there), and those that do after a comma.
_CLAUSE = frozenset({"if", "when", "whether", "can", "could", "may", "might", "does", "do", "would", "will",
                     "should", "wenn", "falls", "kann", "kannst", "konnte", "darf", "darfst", "durfte", "soll",
                     "sollte", "si", "puis", "peux", "peut", "pourrais", "pourrait"})
_AFTER_COMMA = _CLAUSE | frozenset({"am", "is", "are", "what", "ist", "sind", "was", "wie", "bin", "habe", "est",
                                     "que", "combien", "je", "j", "ai"})
_PRONOUNS = frozenset({"it", "that", "this", "them", "sie", "ihn", "es", "das", "diese", "le", "la", "les", "l",
                       "ca", "cela"})  # "can I beat it with ...": a centre the question does not name
_STOPS = frozenset({".", "!", "?", ";", ":"})
# Symbols that say nothing about which cards are meant (or say something this reader does not handle).
_DROP = frozenset({"sup", "supadj", "nth", "middle", "last", "whole", "handword", "it", "play", "pass", "pass_a",
                   "pass_b", "later", "except", "correct", "hesitate", "have", "keep", "all", "word", "link"})
_SPLIT_START = frozenset({"art", "def", "poss", "both"})

VALUE_Q = re.compile(r"\b(worth|value|valued|how much (is|are|do|does)|wert|werte?n?|wie ?viel (ist|sind|zahlt|"
                     r"zahlen|machen|ergeben|gibt|geben)|vaut|valent|valeur|combien (font|fait)|"
                     # "wie zählt man das?", "is that 249?", "als 35 zählen", "count it as 35"
                     r"wie (?:zahlt|rechnet|liest) man|how (?:do|does) (?:you|one|it|that|this) (?:count|read)|"
                     r"comment (?:on )?(?:compte|lit|calcule)|(?:is|ist|c'est|est-ce) (?:that|this|it|das|dann|"
                     r"donc|ca)(?: dann| then| donc)? \d{2,}|als \d{2,} (?:zahl|wert|gelt)\w*|"
                     r"(?:count|read|score)\w* (?:it |them |that )?as \d{2,}|compte\w* (?:comme|pour) \d{2,})\b")
SCORING_WORDS = re.compile(r"\b(points?|punkte?n?|score[sd]?|scoring|wertung|decompte|fin|end|ende)\b")


HAND_POINTS = re.compile(
    r"\b(?P<n>\d|two|three|four|five|six|seven|eight|nine|zwei|drei|vier|funf|sechs|sieben|acht|neun|"
    r"deux|trois|quatre|cinq|six|sept|huit|neuf) (?:\w+ )?(?:cards?|karten?|cartes?)\b")  # "a card": the rule
NUMBER_WORDS = {w: i for i, ws in enumerate(("", "one ein eine einen un une", "two zwei deux", "three drei trois",
                                             "four vier quatre", "five funf cinq", "six sechs", "seven sieben sept",
                                             "eight acht huit", "nine neun neuf")) for w in ws.split()}
POINTS_Q = re.compile(r"\b(what does (that|it) cost|was kostet (ihn|sie|mich|das)|combien (ca|cela) (lui |me )?coute|"
                      r"ca donne quoi|what's my total|what is my total|my total|mon total|mein stand|was ergibt das|"
                      r"how many points|wie viele? (minus)?punkte|combien de points|points? (do|will) i|"
                      r"punkte (bekomme|kriege?|gibt)|je (prends|marque|recois)|what's my score|what is my score|"
                      r"my score now|mein punktestand|wie viele punkte hab ich|mon score)\b")


_GOES_ON_Q = re.compile(r"\b(keep (?:going|playing)|carry on|still going|go(?:es)? on|continue\w*|geht es weiter|"
                        r"geht's weiter|spielen wir (?:noch )?weiter|weiter ?spielen|on continue|ca continue|"
                        r"on rejoue)\b")


def hand_points_answer(question: str, lang: str) -> Any:
    """"Someone went out and I still hold 4 cards: how many points?" — 1 point per card in hand; with the points
    so far ("I already had 11 points": does the game end?) the new total against the default target."""
    q = fold(question)
    before = ALREADY.search(q)
    if not POINTS_Q.search(q) and not (before and END_Q.search(q)):
        return None
    m = HAND_POINTS.search(q)
    if m is None:
        return None
    held = [x for x in HOLDING.finditer(q) if not re.match(r"\s+(?:joue|pose|played|gespielt|gelegt)", q[x.end():])]
    if re.search(r"\b(au centre|au milieu|in the (?:centre|center|middle)|in der mitte)\b", q) and not (
            HAND_WORD.search(q) or held):
        return None  # "il y a trois cartes au centre. Je prends laquelle ?": the centre's cards, no points
    if len(re.findall(r"\b\d{1,2} (?:points?|punkte?n?|pts)\b|\b[a-z]+ (?:had|hatte|avait) \d{1,2}\b"
                      r"(?! (?:\w+ )?(?:cards?|karten?|cartes?))",
                      _TARGET.sub(" ", q))) >= 2:
        return None  # several players' points told ("Ole stood at 11, I had 10, Jana 8"): not one player's sum
    n = int(m.group("n")) if m.group("n").isdigit() else NUMBER_WORDS.get(m.group("n"), 0)
    if not 1 <= n <= 9:
        return None
    text = t("odin.hypo.hand_points", lang, n=n)
    ids = ODIN_SECTIONS["scoring"][:1]
    if before is not None:
        had = int(next(g for g in before.group("p", "p2", "p3", "p4", "p5", "p6") if g))
        total, target = had + n, target_of(question) or GAME.options(None)["target"]
        key = "odin.hypo.total_ends" if isinstance(target, int) and total >= target else "odin.hypo.total_goes_on"
        key += "_named" if target_of(question) else ""
        key += "_c" if _GOES_ON_Q.search(q) else ""  # "do we keep going?": "no" when it ends
        text = _flipped(t(key, lang, had=had, n=n, total=total, target=target), lang, False, question) + " " + text
        ids = ODIN_SECTIONS["scoring"]
    return _answer(text, GAME.name, lang, ids)


# ---- a scoring told player by player ("Ana went out; Ben had 12 and holds 4, Cleo 6 and 7") ---------------------

_PTS_W = re.compile(r"(?:points?|punkte?n?|pts?|pkt)")
_CARDS_W = re.compile(r"(?:cards?|karten?|cartes?)")
_OUT = re.compile(r"\b(went out|goes out|going out|gone out|is out|emptie[sd] (?:his|her|their|my) hand|"
                  r"(?:his|her|their|my) (?:very )?last cards?|vid\w* (?:sa|ma) main|plus (?:de|aucune) cartes?|"
                  r"(?:seine|ihre|meine) letzten? karten?|keine karten? mehr|ist raus|bin raus|"
                  r"ses dernieres cartes|mes dernieres cartes|sa derniere carte|ma derniere carte)\b")
_HAD_W = frozenset({"had", "hatte", "hattest", "avait", "avais", "stand", "war", "was", "etait"})
_SELF_W = frozenset({"i", "ich", "je", "j", "moi", "me", "mir", "mich"})
_BOTH_W = frozenset({"both", "beide", "beiden", "tous", "toutes", "each", "je", "chacun"})
_TARGET = re.compile(r"\b(?:to|at|a|auf|bis|en|in|of|de|mit|with|avec)\s+(10|15|20)\s*(?:points?|punkte?n?)\b"
                     r"|\b(?:play\w*|spiel\w*|jou\w*) (?:to|until|up to|bis|jusqu'a|en) (10|15|20)\b"
                     r"|\b(10|15|20)[- ](?:points?|punkte?)[- ]?(?:game|variant|partie|spiel|variante)"
                     r"|\b(?:short|kurz\w*|courte?s?)\b[^.?!]{0,30}?\b(10|20)\b|\b(10)\b[^.?!]{0,20}?\b"
                     r"(?:short|kurz\w*|courte?s?)\b")
_NOT_NAMES_ODIN = frozenset(
    "the a an and or but if so then now before after at scoring score points point cards card hand centre middle "
    "is it who what how when which ist wer was wie wann welche der die das den dem ein eine und oder aber dann "
    "jetzt vorher nach bei zwischenwertung wertung punkte punkten karte karten mitte runde partie spiel le la les "
    "un une et ou mais alors avant apres qui que quoi comment quand decompte cartes main manche jeu on nous we wir "
    "odin yes no ja nein oui non ok okay hi hey question frage variante variant short kurz courte game round "
    "this that diese dieser ce cette il elle er sie es they he she".split())


def target_of(question: str) -> int | None:
    """The points target a question names ("the short game to 10", "variante courte à 10 points"), else None."""
    m = _TARGET.search(fold(question))
    return int(next(g for g in m.groups() if g)) if m else None


def _table_told(question: str) -> tuple[list[str], dict[str, int], dict[str, int]] | None:
    """Players in the order named, their points before the scoring and the cards each still holds (0 for whoever
    went out), as the question tells them; None when a figure is missing or read twice."""
    capital = {fold(w): w for w in re.findall(r"[^\W\d_]+", question) if w[:1].isupper()}
    # sentence stops kept as words: "me 10. Cards left in hand: ..." - 10 is no count of cards
    words = re.findall(r"[^\W\d_]+|\d+|[.;:!?]", _OUT.sub(" zzout ", fold(question).replace("’", "'")))
    order: list[str] = []
    points: dict[str, int] = {}
    cards: dict[str, int] = {}
    current: list[str] = []
    unit: str | None = None  # the unit last said: "Ben is holding 4 cards and Cleo 7" - 7 cards
    had: str | None = None  # what "had" last told
    for i, w in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if w == "je" and nxt.isdigit():
            continue  # German "je 1 Karte": one each, not French "je"
        if w in _SELF_W:
            current = ["me"]
        elif w in _BOTH_W and len(order) >= 2:
            current = order[-2:]  # "beide haben noch je 1 Karte": the last two named
            continue
        elif w in capital and w not in _NOT_NAMES_ODIN and len(w) > 1:
            current = [w]
        elif w == "zzout":
            if not current or any(cards.get(x, 0) for x in current):
                return None
            for x in current:
                cards[x] = 0
            continue
        elif w.isdigit():
            prev = words[i - 1] if i else ""
            held = prev in ("reste", "restent", "left", "ubrig", "holds", "holding")  # "il lui en reste 2"
            said = "cards" if _CARDS_W.fullmatch(nxt) or held else "points" if _PTS_W.fullmatch(nxt) else None
            if prev in _HAD_W:  # "Cem hatte 9": points before the scoring, unless "had" told cards ("Bea had 3
                said = said or had or "points"  # cards, Carl had 6")
                had = said
            unit = said or unit
            if not current:
                continue  # "the short game to 10 points": no player's
            if said != "points" and all(cards.get(x) == int(w) for x in current):
                continue  # "Bob went out ... Bob 0": the count told again
            kind = said or unit or "points"
            if not said and (int(w) > 9 or all(x in cards for x in current)):
                kind = "points"  # "Tom a 14": more than a hand holds, or the cards already told
            into = cards if kind == "cards" else points
            for x in current:
                if x in into or int(w) > 40:
                    return None
                into[x] = int(w)
            continue
        elif (_CARDS_W.fullmatch(w) or _PTS_W.fullmatch(w)) and not (i and words[i - 1].isdigit()):
            unit = "cards" if _CARDS_W.fullmatch(w) else "points"  # a header: "Cards left in hand: Ann 3, Bob 0"
            continue
        else:
            continue
        for x in current:
            if x not in order:
                order.append(x)
    order = [x for x in order if x in points or x in cards]  # "Fin de manche : ...": a capital, not a player
    if len(order) < 2 or not any(cards.get(x) == 0 for x in order):
        return None
    if any(x not in points or x not in cards for x in order):
        return None
    return [capital.get(x, x) for x in order], {capital.get(k, k): v for k, v in points.items()}, \
        {capital.get(k, k): v for k, v in cards.items()}


def table_scoring_answer(question: str, lang: str) -> Any:
    """"Ana went out; before, Ana had 5, Ben 12, Cleo 6; Ben holds 4 cards, Cleo 7: is it over, who won?" — the
    engine's scoring of that hand: each seat's total, and the winners when a total reaches the target."""
    told = _table_told(question)
    if told is None:
        return None
    order, points, cards = told
    from engine.core import ScenarioError
    from engine.odin.actions import GameOver, HandScored, Play
    from engine.odin.cards import CODE

    out = next(x for x in order if cards[x] == 0)
    deck = iter(CODE[c] for c in range(54))
    hands = [[next(deck)] if x == out else [next(deck) for _ in range(cards[x])] for x in order]
    target = target_of(question) or GAME.options(None)["target"]
    if any(len(h) > 9 for h in hands) or len(order) > 6:
        return None
    try:
        state = GAME.scenario({"players": len(order), "hands": hands, "center": [], "to_move": order.index(out),
                               "scores": [points[x] for x in order], "target": target})
    except ScenarioError:
        return None
    _, events = GAME.apply(state, Play((hands[order.index(out)][0],), None))
    scored = next(e for e in events if isinstance(e, HandScored))
    over = next((e for e in events if isinstance(e, GameOver)), None)
    names = [t("odin.hypo.you", lang) if x == "me" else x for x in order]
    totals = ", ".join(f"{n} {v}" for n, v in zip(names, scored.totals, strict=True))
    if over is None:
        text = t("odin.hypo.table_goes_on", lang, totals=totals, target=target)
    else:
        reached = [n for n, v in zip(names, scored.totals, strict=True) if v >= target]
        winners = [names[i] for i in over.winners]
        won = "shared" if len(winners) > 1 else "you" if order[over.winners[0]] == "me" else "one"
        text = t("odin.hypo.table_over", lang, totals=totals, target=target, reached=" / ".join(reached)) + " " + \
            t(f"odin.hypo.table_won_{won}", lang, winner=winners[0], winners=join_list(winners, lang),
              best=min(scored.totals))
    return _answer(text, GAME.name, lang, ODIN_SECTIONS["scoring"])


# ---- a leader whose whole hand is one colour or one number ("my hand is green 2, 5 and 9: must I lead one?") -----

_LEADING = re.compile(r"\b(lead\w*|open\w* (?:the|a) (?:new )?(?:round|trick|hand)|"
                      r"start\w* (?:the|a) (?:new )?(?:round|trick)|(?:it's|its) my lead|"
                      r"my turn to (?:lead|open|start)|eroffn\w*|anspiel\w*|komme raus|"
                      r"bin dran mit eroffnen|ouvr\w*|j'ouvre|"
                      r"c'est (?:a )?moi (?:qui )?(?:ouvre|commence)|c'est a moi d'ouvrir|ich fang\w* (?:\w+ )?an|"
                      r"ich beginne|je commence|i (?:go|play) first)\b")
_ALL_ONE_COLOUR = re.compile(r"(?P<list>(?:\b(?:a|an|one|eine?|une?)\s+)?\b[1-9](?:\s*(?:,|and|und|et)\s*"
                             r"(?:(?:a|an|one|eine?|une?)\s+)?[1-9]\b)+)\s*,?\s*"
                             r"(?:all|alle|toutes|tous|both|beide|les deux)\s+"
                             r"(?:of them\s+|davon\s+)?(?P<c>blue|red|pink|green|black|orange|blau|rot|rosa|gr(?:ü|u)n|"
                             r"schwarz|bleues?|rouges?|roses?|verte?s?|noire?s?|oranges?)\b", re.IGNORECASE)
_SINGULAR = {"roses": "rose", "rouges": "rouge", "bleues": "bleu", "bleue": "bleu", "vertes": "vert", "verte": "vert",
             "verts": "vert", "noires": "noir", "noire": "noir", "oranges": "orange"}
# a colour's name, in the three languages, ours and the others players say ("yellow", "lila", "violette")
_COLOUR_NAMES = (r"(?:(?:blue|red|pink|green|black|orange|yellow|purple)s?|blau\w*|rot\w*|rosa|gr(?:ü|u|ue)n\w*|"
                 r"schwarz\w*|gelb\w*|lila|bleue?s?|rouges?|roses?|verte?s?|noire?s?|oranges?|jaunes?|violette?s?)")
_ONE_KIND = re.compile(r"\b(?:all|alle|toutes?|tous|every|jede|whole hand is|ganze hand ist|main est)\b[^.?!]{0,60}?"
                       r"\b(?:same colou?r|same number|"
                       r"one colou?r|dieselbe farbe|gleiche farbe|dieselbe zahl|gleiche zahl|derselben farbe|"
                       r"meme couleur|meme chiffre|" + _COLOUR_NAMES + r")\b|"
                       r"\b(\d|two|three|four|five|six|seven|eight|nine|zwei|drei|vier|funf|sechs|sieben|acht|neun|"
                       r"deux|trois|quatre|cinq|six|sept|huit|neuf) (?:\w+ )?"
                       r"(?:blue|red|pink|green|black|orange|yellow|purple|blaue|rote|rosa|grune|gruene|schwarze|orange|"
                       r"gelbe|lila) (?:cards?|karten)\b|\b(\d|deux|trois|quatre|cinq|six|sept|huit|neuf) cartes "
                       r"(?:bleues|rouges|roses|vertes|noires|oranges|jaunes|violettes)\b"
                       # "hab nur noch grüne Karten", "only green cards left", "plus que des cartes vertes"
                       r"|\b(?:nur noch|only|just|que des|plus que des)\s+(?:cartes\s+)?" + _COLOUR_NAMES +
                       r"(?:\s+(?:cards?|karten))?\b")
_ONE_CARD = re.compile(r"\b(?:only |just |nur |seulement |bloss |bloß )?(?:one|a single|1|eine einzelne|einzelne|eine|"
                       r"une seule|une) (?:single |einzige |seule )?(?:card|karte|carte)\b|\beine einzelne\b|"
                       r"\b(?:lead|play|legen|spielen|poser|jouer) (?:only |just |nur |qu')?(?:one|1|eine|une)"
                       r"(?: single)?(?: card| karte| carte)?\b", re.IGNORECASE)


def whole_hand_answer(question: str, lang: str) -> Any:
    """"I lead and my hand is green 2, green 5 and green 9: must I lead one card?" — the engine's leader may put the
    whole hand down when it is one colour or one number; a scoring follows. None when the hand is not told whole."""
    q = fold(question)
    if not _LEADING.search(q) or not (HAND_WORD.search(q) or HOLDING.search(q) or re.search(
            r"\b(all my cards|alle meine|toutes mes cartes|my cards|meine karten|mes cartes|handkarten|left in my hand|"
            r"cards? left|karten (?:noch )?(?:auf der hand|ubrig)|il me reste|nur noch|only (?:have|got)|"
            r"n'ai plus que|ne me reste que|my last|meine letzten|mes dernieres|i have left|i've got left|"
            r"ich noch habe|ich noch hab|qu'il me reste)\b", q)):
        return None
    # "Do I have to play just one?": the whole hand's "yes" is that question's "no", and the other way round
    must_one = bool(_ONE_CARD.search(q) and re.search(r"\b(must|have to|has to|need to|muss|musst|mussen|dois|doit|"
                                                      r"faut|oblige\w*|gezwungen)\b", q))
    question = _ONE_CARD.sub(" ", question)  # "must I lead only one card?": the rule asked, no card of the hand
    read = read_by_sentences(question, lang) or read_question(question, lang)
    if read is not None and read[0].slots and not read[0].count_only and not read[1].slots and all(
            s is not None and r is not None for s, r in read[0].slots):
        from engine.core import ScenarioError
        from engine.odin.actions import Play
        from engine.odin.cards import codes

        hand = [s * 9 + r - 1 for s, r in read[0].slots if s is not None and r is not None]
        if len(set(hand)) != len(hand):
            return None
        cards = codes(sum(1 << c for c in hand))
        try:
            state = GAME.scenario({"players": 2, "hands": [cards, ["K1" if "K1" not in cards else "K2"]],
                                   "center": [], "to_move": 0}) if len(hand) >= 2 else None
        except ScenarioError:
            return None
        if state is not None:  # one card read ("green (5 of them)"): the hand is told, not listed - see below
            whole = [a for a in GAME.legal_actions(state) if isinstance(a, Play) and len(a.cards) == len(hand)]
            key = "odin.hypo.whole_hand_yes" if whole else "odin.hypo.whole_hand_no"
            return _answer(_flipped(t(key, lang, n=len(hand), cards=" ".join(cards)), lang, must_one, question),
                           GAME.name, lang, ODIN_SECTIONS["lead"][::-1])
    if m := _ONE_KIND.search(q):  # "alle meine Handkarten haben dieselbe Farbe", "three green cards": told, not listed
        told = re.search(r"\b(?:all|alle|toutes les|tous les|les) (\d|two|three|four|five|six|seven|eight|nine|"
                         r"zwei|drei|vier|funf|sechs|sieben|acht|neun|deux|trois|quatre|cinq|six|sept|huit|neuf)\b", q)
        groups = [g for g in m.groups() if g] + ([told.group(1)] if told else [])
        n = next((NUMBER_WORDS.get(g, int(g) if g.isdigit() else 0) for g in groups), 0)
        key = "odin.hypo.whole_hand_told_n" if n > 1 else "odin.hypo.whole_hand_told"
        return _answer(_flipped(t(key, lang, n=n), lang, must_one, question), GAME.name, lang,
                       ODIN_SECTIONS["lead"][::-1])
    return None


def _flipped(text: str, lang: str, flip: bool, question: str = "") -> str:
    """`text` with its opening "Yes"/"No" turned round when `flip` (the question asked the opposite), or left out
    when the question asks what, not whether ("Was darf ich?")."""
    yes, no = t("rules.yes", lang).rstrip("."), t("rules.no", lang).rstrip(".")
    if re.match(r"\W*(?:what|was|que|quoi|qu'est|welche\w*|which|wie)\b", _last_question(fold(question))):
        for word in (yes, no):
            if text.startswith(word):
                rest = text[len(word):].lstrip(" :,")
                return rest[:1].upper() + rest[1:]
    if not flip:
        return text
    if text.startswith(yes):
        return no + text[len(yes):]
    if text.startswith(no):
        return yes + text[len(no):]
    return text


def _last_question(q: str) -> str:
    """The last sentence of a folded line: the question itself after what it tells first."""
    parts = [x for x in re.split(r"(?<=[.!?;])\s+", q.strip()) if x.strip()]
    return parts[-1] if parts else q


_N_WORD = (r"(two|three|four|five|six|seven|eight|[2-8]|deux|trois|quatre|cinq|six|sept|huit|zwei|drei|vier|funf|"
           r"sechs|sieben|acht|a pair|une paire|ein paar|ein pärchen)")
_PLAY_VERB = (r"(?:play|lead|open with|put(?: down)?|lay(?: down)?|throw(?: down)?|slap down|poser|jouer|mettre|"
              r"ouvrir avec|balancer|legen|spielen|ausspielen|auslegen|rauslegen|hinlegen|raushauen|rauswerfen)")
# "Je peux poser les trois 4 d'un coup ?", "can I lead with two 9s?", "darf ich die drei Vieren ausspielen?"
_LEAD_MANY = re.compile(r"\b" + _PLAY_VERB + r"\b[^.?!]{0,20}?\b(?:the |all |les |tous les |toutes les |die |meine |"
                        r"mes |my )?" + _N_WORD + r"\b(?! (?:points?|punkte|times|fois|mal)\b)|"
                        r"\b" + _N_WORD + r"\b[^.?!]{0,25}?\b(?:auf einmal )?" + _PLAY_VERB + r"\b")
# other cards held besides the ones to be played ("plus un 7", "and a black 2 as well", "außerdem eine 7")
_MORE_HELD = re.compile(r"\b(plus (?:un|une|deux|trois|a|an|one|two)|as well as|besides|apart from that|"
                        r"also (?:have|got)|and (?:also )?(?:an? |one |two )?other|(?:some|a few) other|ausserdem|"
                        r"dazu noch|und noch|sowie|andere|en plus|(?:un|une|des) autres?|ainsi qu)\b")


# someone else's lead, past: "after the leader plays", "nachdem Ben eröffnet hat", "après l'ouverture de Mia"
_AFTER_LEAD = re.compile(r"\b(?:after|once|when|nach|nachdem|sobald|wenn|apres|une fois que|quand|lorsque)\b"
                         r"(?!\s*(?:i|ich|je|j'|we|wir)\b)[^.?!,]{0,25}?\b(?:lead\w*|led|eroffn\w*|ouv\w*|open\w*|start\w*|anspiel\w*)\b")
# leave to pass asked: "can I just pass?", "darf ich passen?", "je peux passer ?"
_PASS_ASKED = re.compile(r"\b(?:can|may|could|am i allowed to|is it ok to|darf|kann|durfen|peux|puis|peut|pourrais|"
                         r"le droit de)\b[^.?!]{0,25}?\b(?:pass|passen|passer|skip|aussetzen)\b[^.?!]{0,30}\?")


def lead_many_answer(question: str, lang: str) -> Any:
    """"I'm leading with three 4s and a 7: may I put the three 4s down at once?" — a leader plays one card, unless
    the whole hand is one colour or one number (the engine's lead_one_card). None when the question is not that."""
    from engine.core import Illegal

    q = fold(question)
    parts = [x for x in re.split(r"(?<=[.!?;])\s+", q) if x.strip()]
    if not parts or not _LEADING.search(q) or _ONE_KIND.search(q) or set(re.findall(r"\w+", q)) & _CENTRE:
        return None
    if _PASS_ASKED.search(parts[-1]) and not _AFTER_LEAD.search(q):
        # "I'm starting the round and my hand is garbage. Can I just pass?" (not "after the leader plays, ...")
        # the engine's leader_cannot_pass, said as a rule (the asker may speak of "whoever opens")
        return _answer(t("odin.hypo.leader_no_pass", lang), GAME.name, lang,
                       ["odin.pass.rules", *ODIN_SECTIONS["lead"]])
    m = _LEAD_MANY.search(parts[-1])
    if m is None:
        return None
    k = next((2 if " " in g else NUMBER_WORDS.get(g, int(g) if g.isdigit() else 0) for g in m.groups() if g), 0)
    if not 2 <= k <= 8:
        return None
    if _MORE_HELD.search(q):
        text = t("odin.hypo.no", lang, reason=explain(Illegal("lead_one_card", {"count": k,
                                                                                "whole_hand_allowed": False}), lang))
    else:
        text = t("odin.hypo.lead_many_if", lang, k=k)
    return _answer(text, GAME.name, lang, ODIN_SECTIONS["lead"])


ALREADY = re.compile(r"\b(already|so far|schon|bereits|bisher|deja|jusqu'ici|j'avais|i had|ich hatte|had|hatte|avais|"
                     r"sitting on|sat on|i was on|i was at|i have|i've got|i've|ich hab|ich habe|j'ai|je suis a)\b"
                     r"[^.?!]{0,30}?\b(?P<p>\d{1,2}) "
                     r"(points?|punkte?n?)\b|\b(?P<p2>\d{1,2}) (points?|punkte?n?) (already|so far|schon|bereits|deja)"
                     r"|\b(stand|stehe?|lag) (vorher |bisher |schon )?(bei|auf) (?P<p3>\d{1,2})\b"
                     r"|\bj'en (?:avais|ai) (?:deja )?(?P<p6>\d{1,2})\b"
                     r"|\b(was|were|i'm|i am) (on|at) (?P<p4>\d{1,2})\b|\bj'etais a (?P<p5>\d{1,2})\b")
END_Q = re.compile(r"\b(end|over|done|finish\w*|ende|vorbei|aus|schluss|fin|finie?|arrete|termine\w*|s'arrete|"
                   r"continue\w*|"
                   r"go(?:es)? on|weiter\w*|keep (?:going|playing)|carry on|still going|on (?:continue|rejoue)|"
                   r"spielen wir noch)\b")


_IDIOMS = re.compile(r"\b(?:tout )?d'un (?:seul )?coup\b|\ben une (?:seule )?fois\b|\bauf einmal\b|"
                     r"\bin einem (?:rutsch|zug|spielzug)\b|\bals ein(?:en)? (?:zug|spielzug)\b|\b(?:all )?at once\b|"
                     r"\b(?:in|as) (?:one|a single) (?:go|play|move|turn)\b|\ben un (?:seul )?coup\b",
                     re.IGNORECASE)
# "in my hand I have ...": cards that cannot go down together are a hand to choose from, not one play to judge
HOLDING = re.compile(r"\b(i have|i've got|i hold|i'm holding|i am holding|ich habe|ich hab|hab ich|habe ich|ich halte|"
                     r"j'ai|moi j'ai|je tiens|il me reste)\b")
HAND_WORD = re.compile(r"\b(in my hand|my hand|my whole hand|my entire hand|meine ganze hand|dans ma main|ma main|"
                       r"toute ma main|en main|auf der hand|auf meiner hand|meine hand|"
                       r"in der hand)\b")


# Colours a player may name although the game's six have other names here: the rulebook names none, so a
# described position's "yellow 8" is read as a colour of ours the question does not use (and the answer says so).
_OTHER_COLOUR = re.compile(r"\b(yellows?|purples?|violets?|whites?|browns?|gr[ae]ys?|gelb\w*|lila|violett\w*|"
                           r"wei(?:ß|ss)\w*|braun\w*|grau\w*|jaunes?|violettes?|blanc(?:he)?s?|marron|grise?s?)\b",
                           re.IGNORECASE)
# Our colours in the order they stand in for another, each as a stem and how a plural or an ending is added.
_STAND_IN = {"en": ("orange", "pink", "black", "green", "blue", "red"),
             "de": ("schwarz", "rot", "blau", "grün", "rosa", "orange"),
             "fr": ("orange", "rose", "rouge", "noir", "vert", "bleu")}
_OURS = {"en": r"orange|pink|black|green|blue|red", "de": r"schwarz|rot|blau|gr(?:ü|u|ue)n|rosa|pink|orange",
         "fr": r"orange|rose|rouge|noir|vert|bleu"}


def _ours(question: str, lang: str) -> tuple[str, list[tuple[str, str]]]:
    """The question with each colour that is not one of ours renamed to one of ours it does not use, and the
    renamings (said, read as)."""
    lang = lang if lang in _STAND_IN else "en"
    used = {w.lower() for w in re.findall(rf"\b(?:{_OURS[lang]})", question, re.IGNORECASE)}
    free = [c for c in _STAND_IN[lang] if not any(u.startswith(c[:4]) or c.startswith(u[:4]) for u in used)]
    named: dict[str, str] = {}
    renamed: list[tuple[str, str]] = []

    def rename(m: re.Match[str]) -> str:
        word = m.group(0)
        key = word.lower()[:4]  # "gelbe", "gelben": one colour
        if key not in named:
            if not free:
                return word
            named[key] = free.pop(0)
            renamed.append((word, named[key]))
        colour = named[key]
        if lang == "de":
            ending = word.lower()[len(re.sub(r"(?:e|en|er|es|em)$", "", word.lower())):]
            return colour + ("" if colour in ("rosa", "orange") else ending)
        return colour + ("s" if word.lower().endswith("s") and not colour.endswith("s") else "")

    return _OTHER_COLOUR.sub(rename, question), renamed


_N_WORD = (r"[2-9]|two|three|four|five|six|seven|eight|nine|zwei|drei|vier|f(?:ü|u|ue)nf|sechs|sieben|acht|neun|"
           r"deux|trois|quatre|cinq|six|sept|huit|neuf")
# One of our colours, folded or not, with any ending ("rote", "grünen", "vertes"): every colour list below uses it
_COLOUR_WORD = (r"(?:red|blue|green|black|pink|orange|rot|blau|gr(?:ü|u|ue)n|schwarz|rosa|rouge|bleu|vert|noir|"
                r"rose)\w*")
# "drei grüne Karten (2, 5 und 7)", "three cards: 8, 5 and 2", "trois cartes vertes, 2, 5 et 7": a count of cards
# and then their numbers, which are the same cards - not three more
_COUNT_THEN_LIST = re.compile(rf"\b({_N_WORD})\s+(?:({_COLOUR_WORD})\s+)?(?:cards?|karten|cartes)"
                              rf"(?:\s+({_COLOUR_WORD}))?\s*[(:,–-]?\s*(?:(?:with|mit|avec)\s+)?(?:(?:the|den|dem|les)\s+)?"
                              rf"(?:(?:values?|werte[n]?|valeurs?|zahlen)\s+)?"
                              rf"([1-9](?:\s*(?:,|and|und|et|&)\s*[1-9])+)\s*\)?", re.IGNORECASE)


def _count_then_list(question: str) -> str:
    """The question with each count of cards followed by as many numbers said once: "drei grüne Karten (2, 5 und 7)"
    -> "grüne 2, grüne 5 und grüne 7"."""

    def once(m: re.Match[str]) -> str:
        n = m.group(1).lower()
        count = int(n) if n.isdigit() else NUMBER_WORDS.get(fold(n), 0)
        numbers = re.findall(r"[1-9]", m.group(4))
        if count != len(numbers) or re.match(rf"\s*(?:in|en)\s+{_COLOUR_WORD}", m.string[m.end():]):
            return m.group(0)  # "two cards, 9 and 4 in black": read as said
        colour = m.group(2) or m.group(3)
        return re.sub(r"[1-9]", lambda d: f"{colour} {d.group(0)}", m.group(4)) if colour else m.group(4)

    return _COUNT_THEN_LIST.sub(once, question)


# "Can I play the three oranges, and what do I pick up afterwards?": a play, then what it takes
_AND_TAKE = re.compile(r",?\s+(?:and|und|et)\s+(?:what|which|welche\w*|was|quelle?s?|laquelle|lequel|que|"
                       r"do i (?:then )?(?:have to|need to|get to)|must i|muss ich|dois-je|est-ce que je dois)"
                       r"\b[^?.!]*?"
                       r"\b(?:pick up|pick (?:\w+ ){1,2}up|take|keep|nehm\w*|nimm\w*|behalt\w*|prend\w*|recup\w*|"
                       r"ramass\w*)\b[^?.!]*\?",
                       re.IGNORECASE)
_TAKE_ASKED = {"en": "Which card do I take?", "de": "Welche Karte nehme ich?", "fr": "Quelle carte je prends ?"}


# "..., and what does that count as?": the value, which the answer on the play gives anyway
_AND_VALUE = re.compile(r",?\s+(?:and|und|et)\s+(?:what(?:'s| is| does (?:that|it|this)| do (?:they|those))|"
                        r"was (?:ist|zählt|zahlt|gibt|ergibt|macht) (?:das|es)|(?:ça|ca|cela) (?:fait|vaut) combien|"
                        r"combien (?:ça|ca|cela) (?:fait|vaut))\b[^?.!]*\?\s*$", re.IGNORECASE)


_HOW_MUCH = {"en": "how much", "de": "wie viel", "fr": "combien"}
_WORTH = {"en": "worth how much", "de": "wie viel wert", "fr": "combien, ça vaut"}


def hypothetical_answer(question: str, lang: str) -> Any:
    """An Answer computed by the engine for a position the question describes, else None."""
    question = _AND_VALUE.sub("?", question)
    # "... since 9 is the biggest number": a reason, no card of the position
    question = re.sub(r"(?i)\b(?:since|because|weil|denn|car|puisque|parce que)\s+(?:a |the |la |le |die |der |eine? )?"
                      r"\d\s+(?:is|ist|est)\b[^.?!]*", " ", question)
    # "can I take it with those two?": take as in beat
    question = re.sub(r"(?i)\btake (it|that|them|this|those) (with|using)\b", r"beat \1 \2", question)
    # "ça vaut 39 ou 93 ?": the two readings offered are the value asked, not cards
    question = re.sub(r"\b\d{2,}\s+(?:ou|or|oder)\s+\d{2,}(?=\s*\?)", _WORTH.get(lang, "worth how much"), question)
    # "Ist das dann 375?", "is that 74?", "c'est donc 39 ?": the value asked, not cards
    question = re.sub(r"(?i)\b((?:is|ist|c'est|est-ce) (?:that|this|it|das|dann|donc|ça|ca)(?: dann| then| donc)?|"
                      r"(?:gilt|z(?:ä|a)hlt) das(?: dann)? als|(?:that|this|it) counts? as|(?:does )?(?:that|this|it) "
                      r"count as|(?:ça|ca) compte comme) \d{2,}(?=\s*\?)",
                      lambda m: m.group(1) + " " + _WORTH.get(lang, "worth how much"), question)
    # "eine 3, eine 7 und eine 5, alle rot", "a 3, a 7 and a 5, all red": the colour said once for every card
    def each(m: re.Match[str]) -> str:
        colour = _SINGULAR.get(m.group("c").lower(), m.group("c"))
        return re.sub(r"\b[1-9]\b", lambda d: f"{d.group(0)} {colour}" if lang == "fr" else f"{colour} {d.group(0)}",
                      m.group("list"))

    question = _ALL_ONE_COLOUR.sub(each, question)
    # "deux 4 (un rouge, un vert)", "two 4s (a red and a green)": each card of the pair named with its colour
    def listed(m: re.Match[str]) -> str:
        colours = [c for c in re.split(r"\s*(?:,|\band\b|\bet\b|\bund\b)\s*(?:(?:an?|one|une?|eine?)\s+)?",
                                       re.sub(r"^(?:an?|one|une?|eine?)\s+", "", m.group(2).strip())) if c]
        if len(colours) < 2 or not all(re.fullmatch(_COLOUR_NAMES, c, re.IGNORECASE) for c in colours):
            return m.group(0)  # "three 4s (different colours)", "deux 6 (66)": not a colour for each card
        return ", ".join(f"{m.group(1)} {c}" for c in colours)

    question = re.sub(r"(?i)\b(?:two|three|four|deux|trois|quatre|zwei|drei|vier|[2-4]) ([1-9])(?:s|er|en)? "
                      r"\(([^()]*)\)", listed, question)
    # "... if they're all red?", "si elles sont toutes rouges": a condition that they go together, no card of the play
    question = re.sub(r"(?i)[,;]?\s*\b(?:if|si|wenn|as long as|tant qu'|solange)\s*(?:they|elles|ils|sie)\s*(?:are|'re|"
                      r"sont|sind)\s+(?:all\s+|toutes\s+|tous\s+|alle\s+)?(?:of\s+)?(?:the same colou?r|one colou?r|"
                      r"de la m[eê]me couleur|d'une seule couleur|gleichfarbig|in einer farbe|" + _COLOUR_NAMES +
                      r")\b", " ", question)
    # "kann ich alle vier legen?", "all three of them": the count said again, not a card of 4 or 3
    question = re.sub(r"(?i)\b(?:all|alle|tous les|toutes les)(?: the)? (?:two|three|four|five|zwei|drei|vier|"
                      r"f(?:ü|u)nf|deux|trois|quatre|cinq)\b(?=\s*(?:[?.!,;]|$|(?:of them|at once|together|cards?|"
                      r"karten|cartes|d'un|auf|zusammen|ensemble|en meme|at the same|in one|legen|spielen|"
                      r"ausspielen|rauswerfen|hinlegen|auslegen|werfen|poser|jouer)\b))", "all of them", question)
    ours, renamed = _ours(_count_then_list(question), lang)
    if (m := _AND_TAKE.search(ours)) is not None and m.end() >= len(ours.rstrip()) - 1:
        play = ours[:m.start()] + "?"
        found = _hypothetical(play, lang)
        if found is not None and found.source == "engine":
            context = re.split(r"(?<=[.!?;])\s+", play.strip())[:-1]
            took = _take_answer(" ".join(context + [_TAKE_ASKED.get(lang, _TAKE_ASKED["en"])]), lang)
            if took is not None and not found.text.startswith(t("rules.no", lang)):
                found.text += " " + took.text
                found.sections += [c for c in took.sections if c not in found.sections]
    else:
        found = _hypothetical(ours, lang)
    if found is not None and renamed and found.source == "engine":
        found.text += " " + t("odin.hypo.colours_read", lang, said=join_list([s for s, _ in renamed], lang),
                              read=join_list([r for _, r in renamed], lang))
    return found


# "which card do I take?", "Je suis obligé de la prendre ?", "welche Karte nehm ich mir dann?": what a play takes
_TAKE_Q = re.compile(r"\b(take|takes|taking|pick up|picks up|pick (?:\w+ ){1,2}up|keep|goes (?:in|into|to) my hand|"
                     r"nehm\w*|nimm\w*|"
                     r"aufnehm\w*|aufzunehmen|behalt\w*|auf die hand|in meine hand|prend\w*|ramass\w*|recupere\w*|"
                     r"dans ma main|what happens to (?:those|the|these) (?:\d |two |three |four )?cards|"
                     r"was passiert mit (?:den|diesen) (?:\d |zwei |drei |vier )?karten|"
                     r"que deviennent (?:les|ces) (?:\d |deux |trois |quatre )?cartes)\b")
# "J'ai quatre 5 dans ma main": where the cards are held, not what a play takes
_HELD_IN_HAND = re.compile(r"\b(?:j'ai|je tiens|i have|i've got|i hold|ich hab\w*|ich halte)\b[^,.?!]{0,40}?\b"
                           r"(?:dans ma main|in my hand|in meiner hand|auf der hand|in der hand|auf die hand)\b")


def _takes(text: str) -> bool:
    """Whether the words ask what a play takes into the hand (not where cards already are)."""
    return _TAKE_Q.search(_HELD_IN_HAND.sub(" ", text)) is not None
_LAST_CARDS = re.compile(r"\b(my (?:very )?last (?:\d |two |three |four )?cards?|(?:all|the rest of) my cards|"
                         r"(?:meine )?(?:aller)?letzten? (?:\d |zwei |drei |vier )?(?:hand)?karten?|"
                         r"meine ganze hand|(?:mes )?dernieres? cartes?|ma derniere carte|toute ma main)\b")
_ONLY_ONE = re.compile(r"\b(only one card|just one card|a single card|one single card|nur (?:noch )?eine (?:einzige )?"
                       r"karte|eine einzige karte|eine einzelne karte|(?:qu'|que )?une seule carte)\b")
_BEATEN_ONE = re.compile(r"\b(?:beat|beats|beating|over|schlag\w*|uber|bats?|battu|battre|sur)\s+(?:a|an|the|eine?n?|"
                         r"die|den|un|une|le|la)?\s*(?:single|lone|einzelne\w*|einzige\w*|seule?)?\s*([1-9])\b(?!\s*\d)")


# "Everyone except Tom has passed after his play. Who leads next?", "Alle außer mir haben gepasst. Was passiert?"
_ALL_PASSED = re.compile(r"\b(everyone|everybody|all (?:the )?others?|all the other players|the others|the rest|"
                         r"alle(?: anderen)?|jeder|tout le monde|tous les autres|les autres|toute la table)\b"
                         r"[^.?!]{0,40}?\b(passed|pass|passes|gepasst|passen|passt|passe|passent)\b")
_EXCEPT = re.compile(r"\b(?:except(?: for)?|but|ausser|bis auf|sauf|a part)\s+([a-z]\w*)\b")
_PLAYED_BY = re.compile(r"\b([a-z]\w*) (?:just |then |first )?(?:played|led|put down|hat (?:\w+ )?(?:gespielt|"
                        r"ausgespielt|gelegt)|spielte|legte|a (?:\w+ )?(?:joue|pose))\b|"
                        r"\b(?:after|nach) ([a-z]\w*?)(?:'s|s)? (?:play|move|zug)\b|"
                        r"\bapres (?:le coup|l'ouverture) de ([a-z]\w*)")
_WHAT_NOW = re.compile(r"\b(what happens|what now|who (?:leads|starts|plays|goes)|who's next|whose turn|was passiert|"
                       r"was jetzt|wer (?:ist dran|beginnt|fangt|eroffnet|spielt)|qu'est[- ]ce qui se passe|"
                       r"que se passe|qui (?:commence|ouvre|joue|relance|recommence)|c'est a qui|et maintenant|"
                       # "can I play again on top of my own card?": the trick is over first
                       r"(?:can|may) i (?:play|go) again|play (?:again )?on (?:top of )?my own|je peux rejouer|"
                       r"rejouer (?:par-dessus|sur) ma|darf ich (?:noch ?mal|nochmal|erneut)|"
                       r"kann ich (?:noch ?mal|nochmal|erneut))\b")
_ME_WORDS = frozenset({"me", "mir", "mich", "moi", "i", "ich", "je"})
_NOT_PLAYERS = frozenset({"he", "she", "it", "they", "his", "her", "er", "sie", "es", "il", "elle", "on", "someone",
                          "somebody", "jemand", "quelqu'un", "who", "wer", "qui", "the", "die", "der", "le", "la"})


def _trick_over_answer(question: str, lang: str) -> Any:
    """Everyone but the last player passed: the trick is over and that player leads the next one (engine rule of
    who leads), named as the question names them."""
    q = fold(question)
    # "Mia, who played the 74 last": the value of the last play says nothing of who leads
    q = re.sub(r"\b(played|gespielt|joue|pose|gelegt) (?:the |a |an |die |den |le |la )?\d+\b", r"\1", q)
    if not _ALL_PASSED.search(q) or not _WHAT_NOW.search(q) or re.search(r"\d", q):
        return None
    m = _EXCEPT.search(q)
    who = m.group(1) if m else None
    if who is None and (p := _PLAYED_BY.search(q)) is not None:
        who = next(g for g in p.groups() if g)
    if who is None or who in _NOT_PLAYERS:
        return None
    named = next((w for w in re.findall(r"\b\w+\b", question) if fold(w) == who), who)
    if who in _ME_WORDS:
        return _answer(t("odin.hypo.trick_over_you", lang), GAME.name, lang, ["odin.trick.end"])
    return _answer(t("odin.hypo.trick_over", lang, who=named), GAME.name, lang, ["odin.trick.end"])


def _take_answer(question: str, lang: str) -> Any:
    """Which card a play takes, for a centre the question describes: the one card that lay there, or one of
    several (the engine lists what each play may take); "must I take it?" when only one lay there."""
    from engine.core import ScenarioError
    from engine.odin.actions import Play
    from engine.odin.cards import CODE, RANK, SUIT, SUITS
    from gm.games.odin.parse import PARSER
    from gm.parse.core import tokenize

    q = re.sub(r"\s[-–—]\s", ". ", fold(question))  # "Ich spiel meine letzte Karte aus – muss ich ...?"
    parts = [x for x in re.split(r"(?<=[.!?;])\s+", q) if x.strip()]
    if len(parts) == 1 and "," in q:  # "Wenn in der Mitte drei Karten liegen ..., muss ich alle drei aufnehmen?"
        cut = q.rindex(",")
        parts = [q[:cut] + ".", q[cut + 1:].strip()]
    if len(parts) == 1 and q.rstrip().endswith("?") and _takes(q) and _LAST_CARDS.search(q):
        # "if my play uses up all my cards do I still pick a card up?": the hand is empty, no take
        return _answer(t("odin.hypo.take_none_last", lang), GAME.name, lang, ["odin.play.empty_hand"])
    if len(parts) < 2 or not parts[-1].rstrip().endswith("?") or not _takes(parts[-1]):
        return None
    if re.search(r"\btake (?:it|that|them|this|those) (?:with|using)\b", q):
        return None  # "can I take it with those two?": take as beat, the play's legality
    # "pick up all three?": the count said again, not a card of 3
    q = re.sub(r"\b(?:all|alle|tous|toutes)(?: (?:les|the))? (?:two|three|four|five|zwei|drei|vier|funf|deux|trois|"
               r"quatre|cinq|[2-5])\b", " all ", q)
    parts = [x for x in re.split(r"(?<=[.!?;])\s+", q) if x.strip()]
    if len(parts) == 1 and "," in q:
        cut = q.rindex(",")
        parts = [q[:cut] + ".", q[cut + 1:].strip()]
    # "... and where do the others go?": the take answer says it (the others are discarded)
    parts[-1] = re.sub(r"\s+(?:and|und|et)\s+(?:the others?|the rest|die anderen|les autres)\b[^?]*", "", parts[-1])
    if set(re.findall(r"\w+", parts[-1])) & _BEAT or re.search(r"\b(or|oder|ou|and|und|et)\b", parts[-1]):
        return None  # "can I beat it, and what do I take?": two questions
    if _LAST_CARDS.search(q):  # "If I play my last 2 cards, do I still pick one up?": the hand is empty, no take
        return _answer(t("odin.hypo.take_none_last", lang), GAME.name, lang, ["odin.play.empty_hand"])
    told = " ".join(parts[:-1])
    slots: list[tuple[int | None, int | None]] = []
    for sentence in parts[:-1]:
        words = set(re.findall(r"\w+", sentence))
        if words & _TABLE and not words & _HOLD:
            # "I just beat the middle with two cards and there were three": the cards played are not the centre
            sentence = re.sub(r"\b(?:with|mit|avec) (?:my |meinen |mes )?(?:\w+ )?(?:cards?|karten|cartes)\b", " ",
                              sentence)
            # "... and I beat them with 3.": a count of the cards played, said last
            sentence = re.sub(r"\b(?:with|mit|avec) (?:[1-9]|two|three|four|zwei|drei|vier|deux|trois|quatre)"
                              r"(?=\s*[.,;!?]|\s*$)", " ", sentence)
            hits = PARSER.lexicon.hits(tokenize(sentence), lang)
            if any(h.text.isdigit() and len(h.text) == 1 for h in hits):
                hits = [h for h in hits if not (h.text.isdigit() and len(h.text) > 1)]  # "..., so 742": said again
            got = _read(hits, lang)
            if got is None:
                return None
            slots += _merged(got.slots)  # "deux cartes, un 7 et un 3": the count and then the cards
    if not slots and (m := _BEATEN_ONE.search(told)) is not None:
        slots = [(None, int(m.group(1)))]  # "I beat a single 5 with two 6s"
    if not slots:
        if _ONLY_ONE.search(told):
            return _answer(t("odin.hypo.take_must", lang), GAME.name, lang, ["odin.play.take"])
        return None
    if all(r is None for _, r in slots) and 2 <= len(slots) <= 6:
        # "Wenn in der Mitte drei Karten liegen ... muss ich alle drei aufnehmen?": one of them, whichever
        no = t("rules.no", lang) + " " if re.search(r"\b(all|alle|toutes|tous|both|beide\w*|les deux)\b",
                                                   parts[-1]) else ""
        return _answer(no + t("odin.hypo.take_one_of", lang, n=len(slots)), GAME.name, lang, ["odin.play.take"])
    if any(r is None for _, r in slots) or len(slots) > 5:
        return None
    cards = _colours(slots, set(), set())
    if cards is None or len(cards) != len(slots):
        return None
    free = next(c for c in range(6) if all(SUIT[x] != c for x in cards))
    hand = [free * 9 + r - 1 for r in range(9, 9 - len(cards) - 1, -1)]  # one more card of one colour: it beats
    spare = [c for c in range(54) if c not in hand and c not in cards][:2]  # so the play does not empty the hand
    try:
        state = GAME.scenario({"players": 2, "hands": [[CODE[c] for c in hand + spare[:1]], [CODE[spare[1]]]],
                               "center": [CODE[c] for c in cards], "to_move": 0})
    except ScenarioError:
        return None
    takes = {a.take for a in GAME.legal_actions(state) if isinstance(a, Play) and a.take}
    said = {c: (CODE[c] if s is not None else str(RANK[c])) for c, (s, _) in zip(cards, slots, strict=True)}
    labels = [said[c] for c in cards if CODE[c] in takes]
    if not labels or SUITS[free] in "".join(labels):
        return None
    if len(labels) == 1:
        return _answer(t("odin.hypo.take_only", lang, card=labels[0]), GAME.name, lang, ["odin.play.take"])
    return _answer(t("odin.hypo.take_choice", lang, cards=join_list(labels, lang, "or")), GAME.name, lang,
                   ["odin.play.take"])


def _hypothetical(question: str, lang: str) -> Any:
    points = table_scoring_answer(question, lang) or hand_points_answer(question, lang) or \
        whole_hand_answer(question, lang) or lead_many_answer(question, lang)
    if points is not None:
        return points
    question = _IDIOMS.sub(" ", question)  # "d'un coup": no card of 1
    q = fold(question)
    took = _take_answer(question, lang) or _trick_over_answer(question, lang)
    if took is not None:
        return took
    if REPORT.search(q) or not _about_cards(question, lang):
        return None  # "is there a penalty now?", "on est quatre, en équipes de deux ?": not a position to compute
    if _takes(q) and _PLAYED_ALREADY.search(q):
        return None  # "I just played over three cards. I keep one of them? And the other two?": the take rule
    if SCORING_TALK.search(q) and not any(w in _TABLE | _BEAT for w in re.findall(r"\w+", q)):
        return None  # "Zwischenwertung, ich hab noch 4 Karten ...": a scoring, not cards to play on a centre
    by_sentence = read_by_sentences(question, lang)
    # "j'ai un vert 6 et un bleu 2, je peux poser les deux ?": all the cards said are the play, not options
    both_said = _BOTH_Q.search(q) or _MAKES.search(q)  # "J'ai un 9 rouge et un 1 noir, ça fait 91": that play
    n_said = None if both_said is None else next(
        (n for w, n in (("deux", 2), ("both", 2), ("beide", 2), ("three", 3), ("trois", 3), ("drei", 3),
                        ("four", 4), ("quatre", 4), ("vier", 4)) if w in both_said.group(0)), 0)

    def both(cards: _Cards) -> bool:
        return n_said is not None and n_said in (0, len(cards.slots))

    if by_sentence is not None and (OPTIONS_Q.search(q) or (HAND_WORD.search(q) or HOLDING.search(q)) and
                                    len(by_sentence[0].slots) > 1 and not by_sentence[0].count_only and
                                    not _can_group(by_sentence[0]) and not both(by_sentence[0])):
        options = _options_answer(*by_sentence, lang=lang, game=GAME.name, question=question)
        # "My hand is black 8, pink 8 and blue 1. What can I actually play here?"; a hand not read in full is not
        # one play to judge ("yellow 8, yellow 1, green 8 and red 2: what's the strongest I can put down?")
        return options
    read = by_sentence or read_question(question, lang) or _counts_by_sentence(question)
    if read is None:
        return None
    if by_sentence is None and read[1].slots and (HAND_WORD.search(q) or HOLDING.search(q)) and \
            len(read[0].slots) > 1 and not read[0].count_only and not _can_group(read[0]) and not both(read[0]):
        # "In der Mitte 631. Ich hab grün 6, grün 4, grün 2 und eine rote 9. Komm ich drüber?": a hand, not a play
        return _options_answer(*read, lang=lang, game=GAME.name, question=question)
    if _COUNT_OF_A_KIND.search(q) and any(s is None for s, _ in read[0].slots + read[1].slots):
        # "j'en ai trois de la même couleur": how many, not a card of 3 - only counts told apart can be judged
        read = _counts_by_sentence(question)
        if read is None:
            return None
    stated = _STATED_COUNT.search(q)
    if stated is not None and not read[0].count_only and len(read[0].slots) != NUMBER_WORDS.get(stated.group(1), 0):
        return None  # "three purples, the 2, 3 and 4": the count said and the cards read disagree
    counts = _counts_by_sentence(question)
    if counts is not None and read is not counts and (read[0].count_only or read[1].count_only) and (
            len(read[0].slots), len(read[1].slots)) != (len(counts[0].slots), len(counts[1].slots)):
        read = counts  # "Zwei Karten liegen auf dem Tisch. Darf ich drei Karten drauflegen?": the counts said
    play, centre = read
    game = GAME.name
    if not centre.slots:
        q = fold(question)
        words = set(re.sub(r"\b(?:le droit|the right)\b", " ", q).split())  # "j'ai le droit": no centre "le"
        if TOGETHER_Q.search(q) and not VALUE_Q.search(q) and len(play.slots) >= 2 and not (
                words & (_BEAT | _PRONOUNS | _CENTRE)):
            return _together_answer(play, lang, game)  # "can I play a red 5 and a green 7 together?"
        if not VALUE_Q.search(q) or SCORING_WORDS.search(q) or play.count_only:
            return None
        return _value_answer(play, lang, game)
    return _legality_answer(play, centre, lang, game)


_PLAYED_ALREADY = re.compile(r"\b(just played|i played|i've played|i have played|ich habe? (?:\w+ ){0,4}?(?:gespielt|"
                             r"gelegt)|ich spielte|j'ai (?:\w+ ){0,3}?(?:joue|pose))\b")
_MAKES = re.compile(r"\b(?:ca fait|cela fait|that makes|makes|das macht|das ergibt|macht|ergibt)\s+\d{2,}\b")
_BOTH_Q = re.compile(r"\b(both|all (?:of )?(?:them|three|four|those|together)|les deux|tous les (?:deux|trois|quatre)|"
                     r"toutes les (?:deux|trois|quatre)|beide\w*|alle (?:drei|vier|zusammen)|die beiden)\b")
_COUNT_OF_A_KIND = re.compile(r"\b(?:j'en ai|en ai|i have|i've got|i hold|ich habe|ich hab|habe ich|hab ich|davon)\s+"
                              r"(?:only |just |nur |seulement |noch )?(?:\d|two|three|four|five|six|seven|eight|nine|"
                              r"zwei|drei|vier|funf|sechs|sieben|acht|neun|deux|trois|quatre|cinq|six|sept|huit|neuf)"
                              r" (?:cards? |cartes |karten )?(?:de la meme|of the same|of one|derselben|der gleichen|"
                              r"gleicher|in der gleichen|in einer|d'une meme|de meme) (?:couleur|colou?r|farbe|chiffre|"
                              r"number|zahl|ziffer)\b")
TOGETHER_Q = re.compile(r"\b(can|may|could|allowed|together|same time|kann|darf|durfen|konnen|zusammen|gleichzeitig|"
                        r"peux|puis|peut|pouvons|ensemble|en meme temps|a la fois)\b")


def _together_answer(play: _Cards, lang: str, game: str) -> Any:
    """Whether fully named cards may be played together: one colour or one number (no centre named)."""
    from engine.core import Illegal
    from engine.odin.cards import CODE, codes, value_of

    full = [(s, r) for s, r in play.slots if s is not None and r is not None]
    if len(full) != len(play.slots):
        return None
    cards = [s * 9 + r - 1 for s, r in full]
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        return _answer(t("odin.hypo.same_card", lang, card=CODE[twice]), game, lang, HYPO_SECTIONS["cards"])
    mask = sum(1 << c for c in cards)
    shown = codes(mask)
    if len({s for s, _ in full}) > 1 and len({r for _, r in full}) > 1:
        why = explain(Illegal("mixed_cards", {"cards": list(shown)}), lang)
        return _answer(t("odin.hypo.no", lang, reason=why), game, lang, HYPO_SECTIONS["mixed_cards"])
    shared = "colour" if len({s for s, _ in full}) == 1 else "number"  # what the cards have in common, said
    return _answer(t(f"odin.hypo.together_yes_{shared}", lang, cards=" ".join(shown), value=value_of(mask)), game,
                   lang, HYPO_SECTIONS["mixed_cards"] + HYPO_SECTIONS["value"])


_COUNTED = re.compile(r"\b(\d|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
                      + r")\s+(?:(?:\w+\s+)?(?:cards?|karten?|cartes?)|purples|pinks|reds|blues|greens|blacks|oranges|"
                        r"ones|twos|threes|fours|fives|sixes|sevens|eights|nines|"
                        r"roten|blauen|grunen|schwarzen|rouges|bleues|bleus|vertes|verts|noires|noirs|roses)\b")


_STATED_COUNT = re.compile(r"\b(two|three|four|five|six|zwei|drei|vier|funf|sechs|deux|trois|quatre|cinq)\s+"
                           r"(?:purples|pinks|reds|blues|greens|blacks|oranges|roten|blauen|grunen|schwarzen|"
                           r"rouges|bleues|bleus|vertes|verts|noires|noirs|roses)\b")  # "three purples"


def _counts_by_sentence(question: str) -> tuple[_Cards, _Cards] | None:
    """Counts of cards only, told in two sentences ("Two cards are on the table. Am I allowed to drop four cards
    on it if they're all green?"): the sentence with the table or centre holds the centre's count, the other the
    count played. None unless exactly one count of each."""
    centre: list[int] = []
    play: list[int] = []
    if re.search(r"\b(take|taking|takes|nehmen|nehme|nimm|nimmt|prendre|prends|prend|ramass\w*)\b", fold(question)):
        return None  # "muss ich noch eine Karte aus der Mitte nehmen?": taking, for the digest
    # sentences, and clauses where the asker turns to their own cards ("two cards in the middle and I've got four")
    # "a single card", "une seule carte": a count of 1
    said = re.sub(r"\b(?:a|one|une|eine|ein) (?:single|seule|einzige|einzelne)\b", "1", fold(question))
    for sentence in re.split(r"[.!?;]\s*|(?:,|,?\s+\b(?:and|und|et|but|aber|mais))\s+"
                             r"(?=(?:i|i've|i'm|ich|j'ai|je|moi)\b)|,\s+(?=(?:can|could|may|am i|darf|kann|"
                             r"puis|peux|est-ce)\b)", said):
        counts = [int(m.group(1)) if m.group(1).isdigit() else NUMBER_WORDS[m.group(1)]
                  for m in _COUNTED.finditer(sentence)]
        if not counts:
            continue
        words = set(re.findall(r"\w+", sentence))
        if len(set(counts)) == 1:
            counts = counts[:1]  # "four greens that all beat it - can I dump all 4?": one count said twice
        (centre if words & _TABLE and not words & _HOLD and len(counts) == 1 else play).extend(counts)
    if len(centre) != 1 or len(play) != 1 or not all(1 <= n <= 9 for n in centre + play):
        return None
    return _Cards([(None, None)] * play[0]), _Cards([(None, None)] * centre[0])


def _card_hit(h: Any) -> bool:
    return h.first("code", "suit", "num") is not None or (not h.entries and h.text.isdigit())


def _take_or_choice(hits: list[Any]) -> bool:
    """Whether the words take a card or offer a choice between cards ("R7 or B7"); an "or" that leads to no card
    ("can they beat it or are they too small?") is no choice of cards."""
    for i, h in enumerate(hits):
        if _card_hit(h):
            continue
        if h.first("take") is not None:
            return True
        if h.first("or") is not None and any(_card_hit(x) for x in hits[i + 1:i + 5]):
            return True
    return False


def read_question(question: str, lang: str) -> tuple[_Cards, _Cards] | None:
    """The cards the question plays and the centre it plays them on (no slots: no centre named), or None when
    the question names no cards this reader can pin down."""
    from gm.games.odin.parse import PARSER
    from gm.parse.core import tokenize

    tokens = tokenize(question)
    if not tokens or len(tokens) > 60:
        return None
    hits = PARSER.lexicon.hits(tokens, lang)
    if _take_or_choice(hits):
        return None  # takes and alternatives are for the digest (or the position in play)
    roles = _roles(hits)
    if roles is None:
        return None
    play_runs, centre_runs, first = roles
    play = _read_runs(play_runs, lang)
    centre = _read_runs(centre_runs, lang)
    if play is None or centre is None:
        return None
    if centre.slots and not play.slots:
        # "schlägt R8 R2 K9 K3?", "darf ich auf 53 eine grüne 6 und eine blaue 2 legen?"
        play, centre = _split([h for run in centre_runs for h in run], lang, first or "play")
    elif play.slots and not centre.slots and first == "play" and not any(
            h.text in _PRONOUNS for run in centre_runs for h in run):
        play, centre = _split([h for run in play_runs for h in run], lang, "play")  # "mit R8 R2 K9 K3 schlagen"
    if play is None or centre is None or not play.slots:
        return None
    play, centre = _restated(play), _restated(centre)
    if centre.count_only and play.bare is not None and not play.count_only:
        play = play.counted(play.bare)  # "2 cards in the centre, may I play 4?"
    if play.count_only and centre.bare is not None and not centre.count_only:
        centre = centre.counted(centre.bare)  # "4 cartes si y en a 2 au milieu"
    return play, centre


SCORING_TALK = re.compile(r"\b(scoring|score|points?|wertung|zwischenwertung|punkte?n?|punktestand|decompte|"
                          r"scores?)\b")
REPORT = re.compile(r"\b(penalty|penalties|punish\w*|noticed|mistake|cheat\w*|strafe|bestraf\w*|bemerkt|fehler|"
                    r"geschummelt|penalite|sanction\w*|remarqu\w*|erreur|triche\w*|annul\w*|undo|take (?:it )?back|"
                    r"ruckgangig|turns? ago|vor \w+ (?:zugen|runden)|il y a \w+ tours?|rendu compte|realised|realized|"
                    r"turned out|later on|\w+ turns? later|\w+ tours? plus tard|\w+ (?:zuge|runden) spater|"
                    r"gemerkt|trompe\w*|vertan|versehentlich|by mistake|par erreur)\b")
PEOPLE = re.compile(r"\b(players?|people|teams?|partners?|we are|spieler\w*|personen|leute|mannschaft\w*|teams?|"
                    r"wir sind|zu (zweit|dritt|viert)|joueurs?|personnes|equipes?|on est|nous sommes)\b")
OPTIONS_Q = re.compile(r"\b(what can i (actually )?(play|do)|what are my options|anything i can (do|play)|"
                       r"(the )?(strongest|highest|biggest|best) (thing |play |move |cards? )?(that )?i can "
                       r"(?:legally |actually )?(put down|play|lay|throw)|"
                       r"was geht (da|hier|jetzt|damit)|je peux faire quoi|je peux jouer quoi|"
                       r"avec quoi|with what|womit|mit was|"
                       r"what can i do|what do i do|was mache ich|was soll ich|que faire|"
                       r"(the )?best (play |move |thing )?i can (put down|play|do)|was kann ich stattdessen|"
                       r"qu'est-ce que je peux poser de mieux|le mieux que je (peux|puisse) (poser|jouer)|"
                       r"which cards? can i play|was kann ich (denn |uberhaupt |eigentlich )?(spielen|legen|machen|"
                       r"tun)|welche karten? (kann|darf) ich|que (puis|peux)[- ]je (jouer|faire|poser)|"
                       r"qu'est-ce que je peux (jouer|faire|poser)|quelles cartes? (puis|peux)[- ]je)\b")


def _about_cards(question: str, lang: str) -> bool:
    """Whether the question names cards at all (a colour, a card code, the word "card", a centre, a beat, or a
    value of two or more digits), and is not only numbers of people ("on est quatre ... équipes de deux")."""
    from gm.games.odin.parse import PARSER
    from gm.parse.core import tokenize

    q = fold(question)
    if PEOPLE.search(q):
        return False
    if VALUE_Q.search(q):
        return True
    for h in PARSER.lexicon.hits(tokenize(question), lang):
        if h.first("suit", "code", "card", "play") is not None or h.text in _BEAT | _TABLE | _ON:
            return True
        if h.text.isdigit() and len(h.text) >= 2:
            return True
    return False


_COLOUR_WORDS = (r"\b(?:red|blue|green|black|pink|purple|orange|rot\w*|blau\w*|grun\w*|gruen\w*|schwarz\w*|rosa|"
                 r"pink\w*|rouges?|bleue?s?|verte?s?|noire?s?|roses?|[brpgko][1-9])\b")


# Numbers listed before one colour word that they share: "7, 5 et 2 orange", "un 5 et un 3 rouges", "6 4 3 reds".
_SHARED_COLOUR = re.compile(r"\b(?:(?:a|an|un|une|ein|eine)\s+)?[1-9](?:(?:\s*,\s*|\s+(?:and|und|et)\s+|\s+)"
                            rf"(?:(?:a|an|un|une|ein|eine)\s+)?[1-9])+\s+({_COLOUR_WORD})\b")


# One colour word before the numbers that share it: "bleu 5, 4 et 2", "orange 6, 3, 2 and 1".
_COLOUR_FIRST = re.compile(rf"\b{_COLOUR_WORD}\s+[1-9](?:(?:\s*,\s*|\s+(?:and|und|et)\s+)[1-9])+\b")


def _colours_said(q: str) -> int:
    """How many cards the (folded) question gives a colour: one per colour word, and each number of a list that
    shares one ("7, 5 et 2 orange", "bleu 5, 4 et 2" colour three cards); a list with articles shares only a
    plural colour."""
    n = len(re.findall(_COLOUR_WORDS, q))
    n += sum(len(re.findall(r"[1-9]", m.group(0))) - 1 for m in _COLOUR_FIRST.finditer(q))
    for m in _SHARED_COLOUR.finditer(q):
        listed = re.findall(r"[1-9]", m.group(0))
        articles = re.search(r"\b(?:a|an|un|une|ein|eine)\s", m.group(0))
        if not articles or m.group(1).endswith(("s", "en")):
            n += len(listed) - 1
    return n


def _options_answer(play: _Cards, centre: _Cards, lang: str, game: str, question: str = "") -> Any:
    """Every play a described hand has on a described centre, with its value, or that only passing is left."""
    from engine.core import ScenarioError
    from engine.odin.actions import Play
    from engine.odin.cards import CODE, INDEX, codes, value_of

    if play.count_only or centre.count_only or any(s is None for s, _ in play.slots):
        return None  # every card of the hand must be known to list what it can do
    if question and _colours_said(fold(question)) < sum(1 for s, _ in play.slots + centre.slots if s is not None):
        return None  # "un 9 tout seul, un 5 bleu et un 5 vert": a colour the question never gave
    hand = [s * 9 + r - 1 for s, r in play.slots if s is not None and r is not None]
    # the centre's colours, where the question leaves them open, are ones the hand does not hold
    middle = _colours(centre.slots, set(hand), {s for s, _ in play.slots if s is not None}) or []
    if len(middle) != len(centre.slots):
        return None
    if len(set(hand + middle)) != len(hand + middle):
        return None
    spare = next(c for c in range(54) if c not in hand and c not in middle)
    try:
        state = GAME.scenario({"players": 2, "hands": [codes(sum(1 << c for c in hand)), [CODE[spare]]],
                               "center": codes(sum(1 << c for c in middle)), "to_move": 0})
    except ScenarioError:
        return None
    plays: list[str] = []
    for a in GAME.legal_actions(state):
        if isinstance(a, Play):
            shown = f"{' '.join(a.cards)} ({value_of(sum(1 << INDEX[c] for c in a.cards))})"
            if shown not in plays:
                plays.append(shown)
    centre_text = " ".join(codes(sum(1 << c for c in middle)))
    if not plays:
        found = _answer(t("odin.hypo.only_pass", lang, centre=centre_text, value=state.center_value), game, lang,
                        ODIN_SECTIONS["follow"])
        if len(hand) in (len(middle), len(middle) + 1):
            # "J'ai un 6 vert et un 2 bleu, ça passe ?": why the hand's cards do not go down together
            whole = tuple(codes(sum(1 << c for c in hand)))
            illegal = GAME.check(state, Play(whole, CODE[middle[0]]))
            if illegal is not None:
                found.text += " " + explain(illegal, lang)
        return found
    return _answer(t("odin.hypo.options", lang, centre=centre_text, value=state.center_value,
                     plays="; ".join(plays)), game, lang, ODIN_SECTIONS["follow"])


# where the centre's cards are said to lie, or that someone else led them ("Someone led a single card")
_TABLE = _CENTRE | frozenset({"table", "tisch", "liegt", "liegen", "ausliegen", "pile", "stapel", "led", "opened",
                              "eroffnet", "ouvert"})
_SENTENCE_ENDS = frozenset({".", "!", "?", ";"})
_HOLD = frozenset({"hand", "holding", "hold", "have", "got", "habe", "hab", "halte", "ai", "reste", "main", "tiens"})


# Words that describe cards already named rather than name any ("of one colour", "de la même couleur")
_OF_ONE_KIND = re.compile(r"\b(?:of|in) (?:one|the same|a single) colou?r\b|\bde (?:la )?m[eê]me couleur\b|"
                          r"\bd'une (?:seule|m[eê]me) couleur\b|"
                          r"\b(?:in |von )?(?:derselben|der gleichen|einer) farbe\b",
                          re.IGNORECASE)


# Another player's play, which is the centre the asker faces: "Somebody just led a single 7", "Ben hat 94 gelegt"
_OTHER_PLAYED = frozenset({"played", "led", "laid", "opened", "put", "threw", "dropped", "gespielt", "ausgespielt",
                           "gelegt", "eroffnet", "spielte", "legte", "joue", "pose", "ouvert"})
_ASKER = frozenset({"i", "ich", "je", "j", "me", "my", "mine", "mein", "meine", "mon", "ma", "mes", "moi"})


def read_by_sentences(question: str, lang: str) -> tuple[_Cards, _Cards] | None:
    """A position told sentence by sentence, as players describe it: "Middle has a 74, red 7 and red 4. I've got
    a blue 8 and a blue 1 in hand. Can I beat it with those two?" A sentence that names the centre (or the
    table) holds the centre's cards, the other sentences the cards played; a later sentence that only points
    back at them ("those two", "both nines", "alle drei Fünfen") adds nothing. None unless the question has a
    centre sentence and a separate sentence naming cards to play."""
    from gm.games.odin.parse import PARSER
    from gm.parse.core import tokenize

    text = re.sub(r"\s[-–—]\s", ". ", question.replace("(", ", ").replace(")", ", "))
    if len(re.findall(r"\b[1-9]\b", text)) >= 2:  # "my only cards of one colour are a green 1 and a green 2"
        text = _OF_ONE_KIND.sub(" ", text)
    tokens = tokenize(text)
    if not tokens or len(tokens) > 80:
        return None
    hits = PARSER.lexicon.hits(tokens, lang)
    if _take_or_choice(hits):
        return None
    sentences: list[list[Any]] = [[]]
    for i, h in enumerate(hits):
        ahead = {x.text for x in hits[i + 1:i + 5]}
        carded = any(x.first("suit", "code", "num") is not None for x in sentences[-1])
        nxt = hits[i + 1] if i + 1 < len(hits) else None
        joins = h.text == "," or h.text in ("and", "und", "et", "but", "aber", "mais") and nxt is not None and (
            nxt.first("suit", "code", "num") is None and not nxt.text.isdigit())
        if h.text in _SENTENCE_ENDS or joins and carded and ahead & (_TABLE | _HOLD):
            # "a single 6 in the middle and all I've got is a blue 3 and a blue 2"
            if sentences[-1]:  # "Il me reste un 3 rouge et un 7 rouge, et au centre il n'y a qu'un 5 noir"
                sentences.append([])
            continue
        sentences[-1].append(h)
    sentences = [_no_article_one(x) for x in sentences if x]
    centre_slots: list[tuple[int | None, int | None]] = []
    play_slots: list[tuple[int | None, int | None]] = []
    centre_seen = False
    for sentence in sentences:
        words = {h.text for h in sentence}
        is_centre = bool(words & _TABLE) or {"il", "y", "a"} <= words and not words & {"j", "ai", "je"} or bool(
            words & _OTHER_PLAYED and not words & _ASKER)  # "Someone just played 94 with two cards"
        got = _read(sentence, lang)
        if got is None and not is_centre and "," in [h.text for h in sentence]:
            # "J'ai un 5 rouge et un 3 rouge, je peux poser les deux ?": the cards, then the question about them
            cut = max(i for i, h in enumerate(sentence) if h.text == ",")
            got = _read(sentence[:cut], lang)
        if got is None:
            if play_slots and not is_centre:
                continue  # "Can I beat it with those two?": the question after the cards
            return None
        slots = list(got.slots)
        values = [h for h in sentence if h.text.isdigit() and len(h.text) >= 2]
        if is_centre and values and len(values) < len(sentence):
            # "deux 6 (66)", "a 74, red 7 and red 4": the value said again beside its cards is not more cards
            bare = _read([h for h in sentence if h not in values], lang)
            digits = sorted(int(d) for v in values for d in v.text)
            named = _merged(list(bare.slots)) if bare is not None else []
            if named and sorted(r or 0 for _, r in named) == digits:
                slots = named  # "drei Karten mit 7, 4 und 2, also 742": the value says the same cards again
            elif named and all(r is None for _, r in named) and len(named) == len(digits) and len(values) == 1:
                slots = [(None, d) for d in digits]  # "deux cartes qui font 95": the two cards are a 9 and a 5
        if is_centre:
            if centre_seen or not slots:
                return None
            centre_seen = True
            centre_slots = _merged(slots)
        elif slots:
            full = [x for x in slots if x[0] is not None and x[1] is not None]
            if play_slots and not [x for x in full if x not in play_slots]:
                continue  # "Can I beat it with those two?", "Darf ich alle drei Fünfen drauflegen?"
            if play_slots and any(s is not None and r is not None for s, r in play_slots):
                return None  # two sentences name different cards to play: not read
            play_slots = _merged(slots)  # "Nobody can top that with two cards. I have black 1, 2 and 4"
    if not centre_seen or not play_slots or len(sentences) < 2:
        return None
    if any(r is None for _, r in centre_slots + play_slots):
        return None
    digits = [r for _, r in play_slots if r is not None]
    return _Cards(play_slots, None, digits), _Cards(centre_slots)


_ONE = frozenset({"one", "un", "une", "ein", "eine", "einer"})
_SINGLE = frozenset({"single", "lone", "seul", "seule", "unique", "einzige", "einzelne", "einzigen", "einzelnen"})


def _no_article_one(hits: list[Any]) -> list[Any]:
    """ "one single 8", "un seul 7", "eine einzige 6": the "one" counts the card, it is not a 1."""
    out = []
    for i, h in enumerate(hits):
        nxt = hits[i + 1:i + 3]
        if h.text in _ONE and len(nxt) == 2 and nxt[0].text in _SINGLE and (
                nxt[1].first("num") is not None or nxt[1].text.isdigit()):
            continue
        out.append(h)
    return out


def _merged(slots: list[tuple[int | None, int | None]]) -> list[tuple[int | None, int | None]]:
    """One side's slots with what was said twice said once: the value and then its cards ("a 74, red 7 and red
    4", "41 (un 4 et un 1 noirs)"), a count before the cards ("drei Karten mit dem Wert 875")."""
    full: list[tuple[int | None, int | None]] = []
    for x in slots:
        if x[0] is not None and x[1] is not None and x not in full:
            full.append(x)  # a card exists once
    partial = [x for x in slots if x[0] is None and x[1] is not None]
    counted = [x for x in slots if x[1] is None]
    ranks = [r for _, r in full]
    extra: list[tuple[int | None, int | None]] = []
    for x in partial:
        if x[1] in ranks:
            ranks.remove(x[1])  # the number said again as part of the value
        else:
            extra.append(x)
    out = full + extra
    if not out:
        return counted
    return out


def _restated(cards: _Cards) -> _Cards:
    """One side's cards with what was said twice said once, where nothing else can be meant: a card named twice
    (each card exists once), the cards and then their value or the value and then its cards ("grüne 2, 4 und 9 -
    ist das 249?", "a 74 (yellow 7 + yellow 4)"), a count and then the value ("drei Karten, 631")."""
    slots: list[tuple[int | None, int | None]] = []
    for x in cards.slots:
        if not (x[0] is not None and x[1] is not None and x in slots):
            slots.append(x)
    n = len(slots) // 2
    if n and len(slots) == 2 * n:
        a, b = slots[:n], slots[n:]
        if all(x == (None, None) for x in a) and all(r is not None for _, r in b):
            slots = b  # "drei Karten, 631"
        elif all(x == (None, None) for x in b) and all(r is not None for _, r in a):
            slots = a  # "631, drei Karten"
        elif n >= 2 and sorted(r or 0 for _, r in a) == sorted(r or 0 for _, r in b) and all(r for _, r in a) \
                and len({r for _, r in a}) == n:  # "four sevens" are four cards, not two said twice
            merged = []
            rest = list(b)
            for c, r in a:
                other = next(x for x in rest if x[1] == r)
                rest.remove(other)
                if c is not None and other[0] is not None and c != other[0]:
                    break  # "red 7, blue 4 ... green 7, green 4": other cards, not the same said twice
                merged.append((c if c is not None else other[0], r))
            else:
                slots = merged
    if slots == cards.slots:
        return cards
    return _Cards(slots, cards.bare if len(slots) == 1 else None)


class _Cards:
    """The cards one side of the question names: (colour or None, number or None) slots, and whether the
    whole side was a bare number ("play 4", "y en a 2": a count when the other side is counted)."""

    def __init__(self, slots: list[tuple[int | None, int | None]], bare: int | None = None,
                 digits: list[int] | None = None) -> None:
        self.slots = slots
        self.bare = bare
        self.digits = digits or [r for _, r in slots if r is not None]

    @property
    def count_only(self) -> bool:
        return any(r is None for _, r in self.slots)

    def counted(self, n: int) -> _Cards:
        return _Cards([(None, None)] * n)


def _roles(hits: list[Any]) -> tuple[list[list[Any]], list[list[Any]], str | None] | None:
    """Runs of tokens that name the cards played and the centre, and how a lone centre run starts ("play"
    first after a beat verb, "centre" first after "on"); None when some cards have no role."""
    texts = [h.text for h in hits]
    beat_anywhere = any(x in _BEAT for x in texts)
    clauses: list[list[int]] = [[]]
    for i, x in enumerate(texts):
        nxt = texts[i + 1] if i + 1 < len(texts) else ""
        if x in _STOPS or (x == "," and nxt in _AFTER_COMMA):
            clauses.append([])
            continue
        if x in _CLAUSE and clauses[-1]:
            clauses.append([])
        clauses[-1].append(i)
    role: dict[int, str] = {}
    first: str | None = None
    for clause in clauses:
        words = [texts[i] for i in clause]
        compare = [j for j, w in enumerate(words) if w in _THAN and _COMPARE & set(words[max(0, j - 2):j])]
        has_on = any(w in _ON for w in words) or bool(compare)
        has_beat = any(w in _BEAT for w in words)
        centre_clause = any(w in _CENTRE for w in words) and not has_on and not has_beat
        current: str | None = "centre" if centre_clause else None
        for j, i in enumerate(clause):
            w, h = texts[i], hits[i]
            if w in _ON or j in compare:
                current = "centre"
                first = first or "centre"
            elif w in _BEAT:
                for k in clause[:j]:
                    if role.get(k) is None:
                        role[k] = "prebeat"
                current = "centre"
                first = first or "play"
            elif w in _WITH and beat_anywhere:
                current = "play"
            elif h.first("play") is not None and h.first("code", "suit", "num") is None:
                current = "play"
            elif w in _CENTRE:
                continue
            elif current is not None:
                role[i] = current
    named = {i for i, h in enumerate(hits) if h.first("code", "suit", "num", "card") is not None
             or (not h.entries and h.text.isdigit())}
    has_play = any(role.get(i) == "play" for i in named)
    for i in range(len(hits)):
        if role.get(i) == "prebeat":
            role[i] = "centre" if has_play else "play"
    has_play = any(role.get(i) == "play" for i in named)
    free = [i for i in named if role.get(i) is None]
    if free:
        if has_play:
            return None  # cards both named to play and left without a role: not read
        for i in range(len(hits)):
            role.setdefault(i, "play")  # "2 cards in the centre, may I play 4?", or a value question
    runs: dict[str, list[list[Any]]] = {"play": [], "centre": []}
    last: tuple[str, int] | None = None
    for i, h in enumerate(hits):
        r = role.get(i)
        if r not in runs:
            last = None
            continue
        if last is not None and last[0] == r and last[1] == i - 1:
            runs[r][-1].append(h)
        else:
            runs[r].append([h])
        last = (r, i)
    return runs["play"], runs["centre"], first


def _read_runs(runs: list[list[Any]], lang: str) -> _Cards | None:
    """The cards named by runs of tokens (one side of the question); None when they cannot be pinned down."""
    slots: list[tuple[int | None, int | None]] = []
    digits: list[int] = []
    named: list[_Cards] = []
    for run in runs:
        got = _read(run, lang)
        if got is None:
            return None
        slots += got.slots
        digits += got.digits
        if got.slots:
            named.append(got)
    return _Cards(slots, named[0].bare if len(named) == 1 else None, digits)


def _read(hits: list[Any], lang: str) -> _Cards | None:
    from engine.odin.cards import RANK, SUIT
    from gm.games.odin.parse import _items, _resolve_context, _share, _symbols

    kept = []
    for h in hits:
        e = h.entries[0] if h.entries else None
        nums = [x for x in h.entries if x.kind == "num"]
        if nums and all(x.langs and lang not in x.langs for x in nums) and not h.text.isdigit():
            continue  # French "as" (an ace) in an English question ("what does that count as?")
        if h.first("code", "suit", "num", "card") is not None or (not h.entries and h.text.isdigit()):
            kept.append(h)
        elif e is None or e.kind in _DROP or (e.kind == "neg" and h.text != "ne"):
            continue
        elif e.kind in ("art", "def", "poss") and e.langs and lang not in e.langs:
            continue  # French "il y a", not the English article
        else:
            kept.append(h)
    syms = _resolve_context(_symbols(kept))
    parts = _items(syms)
    if parts.zero or parts.negated:
        return None
    items = [it for it in parts.items if it.has_content()]
    _share(items)
    slots: list[tuple[int | None, int | None]] = []
    for it in items:
        if it.sup is not None or it.every:
            return None
        if it.code is None and it.suit is None and it.rank is None and it.count is None:
            continue  # "my only cards are a green 1 and a green 2": the word "cards" names none
        if it.code is not None:
            slots.append((SUIT[it.code], RANK[it.code]))
            continue
        n = it.count if it.count is not None else (None if it.plural() else 1)
        if n is None or n > 9:
            return None
        slots += [(it.suit, it.rank)] * n
    card_syms = [s for s in syms if s.kind not in ("conj", "sep", "link")]
    bare = None
    if len(card_syms) == 1 and card_syms[0].kind == "num" and "plural" not in card_syms[0].flags:
        bare = int(card_syms[0].value)  # "play 4", "sur 1": a count when the other side is counted
    return _Cards(slots, bare)


def _split(hits: list[Any], lang: str, first: str) -> tuple[_Cards | None, _Cards | None]:
    """One run that names both the play and the centre ("schlägt R8 R2 K9 K3", "auf 53 eine grüne 6 und eine
    blaue 2 legen"): the one cut between tokens where the centre can be a centre; ties read nothing."""
    best: list[tuple[int, _Cards, _Cards]] = []
    top = -1
    for b in range(1, len(hits)):
        left, right = hits[:b], hits[b:]
        if _is_conj(left[-1]) or _is_conj(right[0]) or left[-1].first(*_SPLIT_START) is not None:
            continue  # never between "7 und" and "2", nor after a dangling "eine"
        a, c = _read(left, lang), _read(right, lang)
        if a is None or c is None or not a.slots or not c.slots or _vague(a) or _vague(c):
            continue
        play, centre = (a, c) if first == "play" else (c, a)
        if not _can_group(centre):
            continue
        score = (2 if _can_group(play) else 0) + (1 if right[0].first(*_SPLIT_START) is not None
                                                   or right[0].first("num") is not None
                                                   and "word" in right[0].first("num").flags else 0)
        if score > top:
            top, best = score, [(b, play, centre)]
        elif score == top:
            best.append((b, play, centre))
    if len(best) != 1:
        return None, None
    return best[0][1], best[0][2]


def _vague(cards: _Cards) -> bool:
    """Some cards have a number and others not, or a colour without a number: a cut through a description."""
    return cards.count_only and any(s is not None or r is not None for s, r in cards.slots)


def _is_conj(h: Any) -> bool:
    return h.first("conj") is not None and h.first("code", "suit", "num") is None


def _can_group(cards: _Cards) -> bool:
    """Whether the slots can be one colour or one number (some colours may still be chosen)."""
    if cards.count_only:
        return True
    ranks = [r for _, r in cards.slots]
    suits = {s for s, _ in cards.slots if s is not None}
    same_colour = len(set(ranks)) == len(ranks) and len(suits) <= 1
    same_number = len(set(ranks)) == 1 and len(suits) == len([s for s, _ in cards.slots if s is not None])
    return same_colour or same_number


def _colours(slots: list[tuple[int | None, int | None]], taken: set[int], avoid: set[int]) -> list[int] | None:
    """Card indices for slots whose numbers are all known, choosing the colours the question left open: one
    colour for different numbers, different colours for one number, colours of the other side avoided."""
    fixed = [s * 9 + r - 1 for s, r in slots if s is not None and r is not None]
    used = set(taken) | set(fixed)
    open_ranks = [r for s, r in slots if s is None and r is not None]
    if not open_ranks:
        return fixed
    ranks = [r for _, r in slots if r is not None]
    given = [s for s, _ in slots if s is not None]
    order = sorted(range(6), key=lambda c: (c not in given, c in avoid, c))
    if len(set(ranks)) == len(ranks):
        for c in order:
            cards = [c * 9 + r - 1 for r in open_ranks]
            if not used & set(cards):
                return fixed + cards
        return None
    # One number several times ("two 8s"): a different colour each; numbers that can share nothing: any free ones.
    out = list(fixed)
    spread = sorted(range(6), key=lambda c: (c in given and len(set(ranks)) == 1, c in avoid, c))
    for r in open_ranks:
        free = [c * 9 + r - 1 for c in spread if c * 9 + r - 1 not in used]
        if not free:
            return None
        used.add(free[0])
        out.append(free[0])
    return out


def _value_answer(play: _Cards, lang: str, game: str) -> Any:
    from engine.odin.cards import BIT, CODE, is_group, value_of

    cards = _colours(play.slots, set(), set())
    if cards is None or len(set(cards)) != len(cards):
        return None
    mask = sum(BIT[c] for c in cards)
    value = value_of(mask)
    if len(cards) == 1:
        return _answer(t("odin.hypo.value_one", lang, value=value), game, lang, HYPO_SECTIONS["value"])
    text = t("odin.hypo.value_many", lang, value=value, digits=", ".join(map(str, play.digits)))
    ids = list(HYPO_SECTIONS["value"])
    if not is_group(mask):
        from engine.core import Illegal

        text += " " + explain(Illegal("mixed_cards", {"cards": [CODE[c] for c in cards]}), lang)
        ids += HYPO_SECTIONS["mixed_cards"]
    return _answer(text, game, lang, ids)


def position_cards(play: _Cards, centre: _Cards) -> tuple[list[int], list[int]] | None:
    """Card indices for both sides, the colours the question left open chosen: the play's first (away from the
    centre's named colours), then the centre's (away from the play's); a counted side gets that many cards of
    one colour. None when no such cards exist."""
    from engine.odin.cards import SUIT

    given = [s * 9 + r - 1 for s, r in play.slots + centre.slots if s is not None and r is not None]
    play_cards = _side(play, set(given), {s for s, _ in centre.slots if s is not None}, high=True)
    if play_cards is None:
        return None
    centre_cards = _side(centre, set(given) | set(play_cards), {SUIT[c] for c in play_cards}, high=False)
    if centre_cards is None:
        return None
    return play_cards, centre_cards


def _legality_answer(play: _Cards, centre: _Cards, lang: str, game: str) -> Any:
    from engine.core import ScenarioError
    from engine.odin.actions import Play
    from engine.odin.cards import CODE, RANK, codes, is_group, value_of
    from gm.i18n import tn

    k, n = len(play.slots), len(centre.slots)
    if not 1 <= k <= 9 or not 1 <= n <= 9:
        return None
    given = [s * 9 + r - 1 for s, r in play.slots + centre.slots if s is not None and r is not None]
    if len(set(given)) != len(given):
        twice = next(c for c in given if given.count(c) > 1)
        return _answer(t("odin.hypo.same_card", lang, card=CODE[twice]), game, lang, HYPO_SECTIONS["cards"])
    cards = position_cards(play, centre)
    if cards is None:
        return None
    play_cards, centre_cards = cards
    centre_codes = codes(sum(1 << c for c in centre_cards))
    play_codes = codes(sum(1 << c for c in play_cards))
    spare = [c for c in range(54) if c not in play_cards and c not in centre_cards]
    hand = play_codes + ([CODE[spare[0]]] if k < 9 else [])
    try:
        state = GAME.scenario({"players": 2, "hands": [hand, [CODE[spare[1]]]], "center": centre_codes,
                               "to_move": 0})
    except ScenarioError:
        if not centre.count_only and n > 1:
            return _answer(t("odin.hypo.centre_mixed", lang, cards=" ".join(centre_codes)), game, lang,
                           HYPO_SECTIONS["mixed_cards"])
        return None
    action = Play(tuple(play_codes), centre_codes[0] if k < 9 else None)
    illegal = GAME.check(state, action)
    k_cards, n_cards = tn("odin.word.cards", k, lang), tn("odin.word.cards", n, lang)
    value, to_beat = value_of(sum(1 << c for c in play_cards)), state.center_value
    if illegal is not None and illegal.code in ("wrong_count", "mixed_cards"):
        found = _answer(t("odin.hypo.no", lang, reason=explain(illegal, lang)), game, lang,
                        HYPO_SECTIONS[illegal.code])
        if illegal.code == "wrong_count" and k > n + 1 and not play.count_only and is_group(
                sum(1 << c for c in play_cards)):
            # "four 5s on a 61 of two cards?": no, but three of them would do (one card more always wins)
            some = sorted(play_cards, key=lambda c: -RANK[c])[:n + 1]
            found.text += " " + t("odin.hypo.fewer_beat", lang, m=n + 1, value=value_of(sum(1 << c for c in some)),
                                  to_beat=to_beat)
        return found
    if k == n + 1 and illegal is None:
        if play.count_only or centre.count_only:
            return _answer(t("odin.hypo.yes_more_any", lang, k=k, n=n, k_cards=k_cards, n_cards=n_cards), game,
                           lang, HYPO_SECTIONS["more"])
        return _answer(t("odin.hypo.yes_more", lang, k_cards=k_cards, n_cards=n_cards, value=value,
                         to_beat=to_beat), game, lang, HYPO_SECTIONS["more"])
    # As many cards as the centre: the values decide, and a side known only by its count has none.
    if play.count_only and centre.count_only:
        return _answer(t("odin.hypo.depends", lang, k=k), game, lang, HYPO_SECTIONS["higher"])
    if play.count_only:
        # the most k cards can make: one number in every colour ("99"), or one colour from 9 down
        best = int("9" * k) if k <= 6 else int("".join(str(9 - i) for i in range(k)))
        if best <= to_beat:  # "eine einzelne 9: geht mit einer Karte noch was?": no single card beats a 9
            return _answer(t("odin.hypo.none_higher", lang, k_cards=k_cards, to_beat=to_beat, best=best,
                             more=tn("odin.word.cards", k + 1, lang)), game, lang, HYPO_SECTIONS["more"])
        return _answer(t("odin.hypo.depends_play", lang, k=k, to_beat=to_beat), game, lang, HYPO_SECTIONS["higher"])
    if centre.count_only:
        return _answer(t("odin.hypo.depends_centre", lang, k=k, value=value), game, lang, HYPO_SECTIONS["higher"])
    if illegal is None:
        return _answer(t("odin.hypo.yes_higher", lang, k=k, value=value, to_beat=to_beat), game, lang,
                       HYPO_SECTIONS["higher"])
    ids = HYPO_SECTIONS.get(illegal.code, ODIN_SECTIONS["follow"])
    return _answer(t("odin.hypo.no", lang, reason=explain(illegal, lang)), game, lang, ids)


def _side(cards: _Cards, taken: set[int], avoid: set[int], high: bool) -> list[int] | None:
    """Card indices for one side: its named cards with colours chosen, or, when only a count is known, that
    many cards of one colour (the highest numbers for a play, the lowest for a centre)."""
    if not cards.count_only:
        return _colours(cards.slots, taken, avoid)
    if any(r is not None for _, r in cards.slots):
        return None  # "a red 7 and two more": too vague to build
    given = {s for s, _ in cards.slots if s is not None}
    ranks = list(range(9, 9 - len(cards.slots), -1)) if high else list(range(1, len(cards.slots) + 1))
    for c in sorted(range(6), key=lambda c: (c not in given, c in avoid, c)):
        picked = [c * 9 + r - 1 for r in ranks]
        if not taken & set(picked):
            return picked
    return None
