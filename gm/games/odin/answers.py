"""ODIN's answers from the engine, not the digest: the legal moves now, why a move is illegal, the position's
figures (scores, whose turn, the centre, hand sizes).

Only questions of these shapes are answered here; everything else goes to the digest. Each answer cites the
digest sections of the rule it applies.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.odin.game import GAME
from gm.games.odin.narrate import describe_action, explain
from gm.i18n import t
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
    m = WHY.search(q)
    if m:
        move = next((m.group(k) for k in ("en", "de", "fr") if m.group(k)), "")
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
