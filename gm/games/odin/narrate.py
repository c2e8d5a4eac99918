"""ODIN's narrator: events, refusals, actions, the board and the hand as sentences in EN, DE or FR.

Every sentence comes from `locales/<lang>.toml` beside this file; this module only chooses the template and fills in
card names, lists and counts. Events are public facts, so nothing here can reveal a hidden hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.odin.actions import (
    EVENT_ADAPTER,
    Dealt,
    GameOver,
    HandScored,
    Pass,
    Passed,
    Play,
    Played,
    TrickEnded,
)
from engine.odin.game import GAME as ODIN
from gm.i18n import join_list, normalise_lang, t, tn
from gm.narrate.common import as_action, explain_generic, illegal_parts, player_name, you_key

GAME = "odin"
SUITS = "BRPGKO"
FORMS = ("def", "dat", "bare")


# ---- cards ------------------------------------------------------------------------------------------------

def _split(code: str) -> tuple[str, str] | None:
    """(suit letter, rank digit) of a valid card code, else None."""
    c = str(code).strip().upper()
    if len(c) == 2 and c[0] in SUITS and c[1] in "123456789":
        return c[0], c[1]
    return None


def card_name(code: str, lang: str, form: str = "def") -> str:
    """A card's short name: "the red 7" / "die rote 7" / "le 7 rouge".

    `form`: "def" with the definite article (German nominative/accusative), "dat" the German dative
    ("der roten 7"; English and French as "def"), "bare" without article ("red 7", "rote 7", "7 rouge").
    An unknown code is returned as written.
    """
    parts = _split(code)
    if parts is None:
        return str(code)
    form = form if form in FORMS else "def"
    suit, rank = parts
    return t(f"odin.card.{form}", lang, colour=t(f"odin.suit.{suit}.{form}", lang), rank=rank)


def card_named(code: str, lang: str, form: str = "def") -> str:
    """A card's name with its code: "the red 7 (R7)"."""
    parts = _split(code)
    if parts is None:
        return str(code)
    return t("odin.card.with_code", lang, name=card_name(code, lang, form), code="".join(parts))


def value_of(cards: Sequence[str]) -> int:
    """The value of cards played together: their numbers high to low read as one number (R2 R8 -> 82)."""
    ranks = sorted((p[1] for p in map(_split, cards) if p is not None), reverse=True)
    return int("".join(ranks)) if ranks else 0


def cards_phrase(cards: Sequence[str], lang: str, form: str = "def") -> str:
    """One card by name and code ("the black 9 (K9)"), several by codes and value ("R8 R2 (82)")."""
    codes = [str(c).upper() for c in cards]
    if len(codes) == 1:
        return card_named(codes[0], lang, form)
    return t("odin.cards.codes_value", lang, codes=" ".join(codes), value=value_of(codes))


def group_name(cards: Sequence[str], lang: str, form: str = "def") -> str:
    """Cards played together, readably: "the red 8 and 2", "die rote und blaue 8", "le 8 et le 2 rouges"."""
    codes = [str(c).upper() for c in cards]
    parts = [_split(c) for c in codes]
    if len(codes) == 1 or any(p is None for p in parts):
        return join_list([card_name(c, lang, form) for c in codes], lang)
    valid = [p for p in parts if p is not None]
    suits = {s for s, _ in valid}
    ranks = {r for _, r in valid}
    form = form if form in FORMS else "def"
    dat = "_dat" if form == "dat" else ""
    if len(suits) == 1:
        suit = valid[0][0]
        items = join_list([t("odin.cards.rank_item", lang, rank=r) for _, r in valid], lang)
        return t(f"odin.cards.suit_group{dat}", lang, ranks=items, colour=t(f"odin.suit.{suit}.{form}", lang),
                 colour_dat=t(f"odin.suit.{suit}.dat", lang), colour_pl=t(f"odin.suit.{suit}.pl", lang))
    if len(ranks) == 1:
        def colours(slot: str) -> str:
            return join_list([t(f"odin.suit.{s}.{slot}", lang) for s, _ in valid], lang)

        return t(f"odin.cards.rank_group{dat}", lang, rank=valid[0][1], colours=colours(form),
                 colours_dat=colours("dat"))
    return join_list([card_name(c, lang, form) for c in codes], lang)


def suit_name(letter: str, lang: str) -> str:
    """A colour as a word: "blue" / "Blau" / "bleu"."""
    return t(f"odin.suit.{str(letter).upper()}.name", lang)


def legend(lang: str) -> str:
    """"B = blue, R = red, ..." in `lang`."""
    return t("list.sep", lang).join(t("odin.cards.legend_item", lang, code=s, name=suit_name(s, lang))
                                    for s in SUITS)


# ---- events -----------------------------------------------------------------------------------------------

def _as_event(event: Any) -> Any:
    if isinstance(event, Mapping):
        try:
            return EVENT_ADAPTER.validate_python(dict(event))
        except ValueError:
            return None
    return event


def _scores(items: Sequence[tuple[int, int]], key: str, lang: str, names: Sequence[str]) -> str:
    return t("list.sep", lang).join(t(key, lang, name=player_name(names, i, lang), points=p, total=tot)
                                    for i, (p, tot) in enumerate(items))


def _event_line(event: Any, lang: str, names: Sequence[str], viewer: int | None,
                final: bool = False) -> str | None:
    """The sentence for one event; `final` marks a scoring that ends the game."""
    if isinstance(event, Played):
        you = event.player == viewer
        name = player_name(names, event.player, lang)
        if event.lead:
            key = "odin.event.lead_all" if len(event.cards) > 1 else "odin.event.lead"
            return t(you_key(key, you), lang, name=name, cards=cards_phrase(event.cards, lang, "dat"))
        take = ""
        if event.took:
            take = t(you_key("odin.event.take", you), lang, card=card_named(event.took, lang))
        cards = cards_phrase(event.cards, lang)
        return t(you_key("odin.event.play", you), lang, name=name, cards=cards, take=take)
    if isinstance(event, Passed):
        return t(you_key("odin.event.pass", event.player == viewer), lang,
                 name=player_name(names, event.player, lang))
    if isinstance(event, TrickEnded):
        return t(you_key("odin.event.trick_end", event.leader == viewer), lang,
                 name=player_name(names, event.leader, lang))
    if isinstance(event, HandScored):
        items = list(zip(event.points, event.totals, strict=False))
        scores = _scores(items, "odin.event.score_item", lang, names)
        key = "odin.event.out_final" if final else "odin.event.out"
        return t(you_key(key, event.ender == viewer), lang,
                 name=player_name(names, event.ender, lang), scores=scores)
    if isinstance(event, Dealt):
        return t(you_key("odin.event.dealt", event.leader == viewer), lang, number=event.deal + 1,
                 name=player_name(names, event.leader, lang))
    if isinstance(event, GameOver):
        scores = _scores([(s, s) for s in event.scores], "odin.event.final_item", lang, names)
        winners = list(event.winners)
        best = event.scores[winners[0]] if winners and 0 <= winners[0] < len(event.scores) else 0
        points = tn("odin.word.points_with", best, lang)
        if len(winners) == 1:
            return t(you_key("odin.event.win", winners[0] == viewer), lang,
                     name=player_name(names, winners[0], lang), points=points, scores=scores)
        if viewer is not None and viewer in winners:
            others = join_list([player_name(names, w, lang) for w in winners if w != viewer], lang)
            return t("odin.event.tie_you", lang, others=others, points=points, scores=scores)
        together = join_list([player_name(names, w, lang) for w in winners], lang)
        return t("odin.event.tie", lang, names=together, points=points, scores=scores)
    return None


def narrate(events: Sequence[Any], lang: str, names: Sequence[str], viewer: int | None = None) -> list[str]:
    """One line per event, in `lang`, with "you" forms for `viewer`'s own events.

    A pass that ends the trick shares its line with the trick's end ("Ana passes. Everyone else passed: ...");
    a scoring directly followed by the end of the game is called the final scoring.
    Events may be the engine's dataclasses or their JSON dicts; unknown events are skipped.
    """
    lang = normalise_lang(lang)
    lines: list[str] = []
    previous: Any = None
    parsed = [_as_event(raw) for raw in events]
    for i, event in enumerate(parsed):
        final = isinstance(event, HandScored) and any(isinstance(e, GameOver) for e in parsed[i + 1:i + 2])
        line = _event_line(event, lang, names, viewer, final)
        if line is None:
            continue
        if isinstance(event, TrickEnded) and isinstance(previous, Passed) and lines:
            lines[-1] = f"{lines[-1]} {line}"
        else:
            lines.append(line)
        previous = event
    return lines


# ---- refusals ---------------------------------------------------------------------------------------------

def _codes(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [c.upper() for c in value.replace(",", " ").split() if c]
    if isinstance(value, list | tuple | set | frozenset):
        return [str(c).upper() for c in value]
    return [str(value)]


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def explain(illegal: Any, lang: str, names: Sequence[str] | None = None) -> str:
    """The engine's reason (an `Illegal` or {"code", "params"}) as a sentence saying what is allowed."""
    lang = normalise_lang(lang)
    code, p = illegal_parts(illegal)
    key = f"odin.refuse.{code}"
    card = str(p.get("card", "")).upper() if p.get("card") is not None else None
    args: dict[str, Any] = {}
    if card is not None:
        args["card"] = card
    if code == "card_not_in_hand":
        cards = _codes(p.get("cards")) or ([card] if card else [])
        if len(cards) == 1:
            return t(key, lang, card_named=card_named(cards[0], lang), card=cards[0])
        return t(f"{key}_many", lang, cards=" ".join(cards))
    if code == "lead_one_card":
        whole = bool(p.get("whole_hand_allowed"))
        return t(f"{key}_whole" if whole else key, lang, count=p.get("count", "?"))
    if code == "wrong_count":
        n = _int(p.get("center_count"))
        allowed = _codes(p.get("allowed")) or ([str(n), str(n + 1)] if n is not None else [])
        if n is not None:
            args["centre_cards"] = tn("odin.word.centre_cards", n, lang)
        if allowed:
            args["allowed"] = join_list(allowed, lang, "or")
        if "count" in p:
            args["count"] = p["count"]
        return t(key, lang, **args)
    if code == "mixed_cards":
        return t(key, lang, cards=" ".join(_codes(p.get("cards"))))
    if code == "not_higher":
        value = p.get("value", "?")
        cards = _codes(p.get("cards"))
        played = str(value)
        if cards:
            played = t("odin.cards.value_codes", lang, value=value, codes=" ".join(cards))
        return t(key, lang, played=played, to_beat=p.get("to_beat", "?"))
    if code == "take_not_allowed":
        why = p.get("why")
        variant = f"{key}_{why}" if why in ("center_empty", "hand_empty") else key
        return t(variant, lang, **args)
    if code == "take_required":
        choices = _codes(p.get("choices"))
        if len(choices) == 1:
            return t(f"{key}_one", lang, card_named=card_named(choices[0], lang), card=choices[0])
        if choices:
            return t(key, lang, choices=join_list(choices, lang, "or"), first=choices[0])
    if code == "take_not_in_centre":
        choices = _codes(p.get("choices"))
        if len(choices) == 1:
            return t(f"{key}_one", lang, choice=card_named(choices[0], lang), **args)
        if choices:
            return t(key, lang, choices=join_list(choices, lang, "or"), **args)
        return t("odin.refuse.take_not_allowed_center_empty", lang, **args)
    if code == "unknown_card":
        return t(key, lang, card=p.get("card", "?"), legend=legend(lang))
    return explain_generic(code, p, lang, names, game=GAME)


# ---- actions ----------------------------------------------------------------------------------------------

def describe_action(action: Any, lang: str) -> str:
    """One candidate move, readable, then notation: "play the red 7 and take the blue 3 (play R7 take B3)"."""
    lang = normalise_lang(lang)
    act = as_action(ODIN, action)
    if isinstance(act, Pass):
        return t("odin.action.pass", lang, notation="pass")
    if isinstance(act, Play):
        cards = group_name(act.cards, lang) if len(act.cards) > 1 else card_name(act.cards[0], lang) \
            if act.cards else ""
        if act.take:
            return t("odin.action.play_take", lang, cards=cards, take=card_name(act.take, lang),
                     notation=ODIN.to_notation(act))
        return t("odin.action.play", lang, cards=cards, notation=ODIN.to_notation(act))
    return str(action)


# ---- board and hand ---------------------------------------------------------------------------------------

def board_lines(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> list[str]:
    """The public table from `view` (see OdinGame.view): centre, hand sizes, scores, deal, whose turn."""
    lang = normalise_lang(lang)
    sep = t("list.sep", lang)
    you = view.get("you")
    lines: list[str] = []
    centre = [str(c) for c in view.get("center") or []]
    if centre:
        cards = " ".join(centre)
        value = view.get("center_value") or value_of(centre)
        last = view.get("last_played_by")
        if last is None:
            lines.append(t("odin.board.centre_anon", lang, cards=cards, value=value))
        else:
            name = player_name(names, last, lang)
            lines.append(t("odin.board.centre", lang, cards=cards, value=value, name=name))
    else:
        lines.append(t("odin.board.centre_empty", lang))
    sizes = view.get("hand_sizes") or []
    if sizes:
        items = sep.join(t("odin.board.hand_item", lang, name=player_name(names, i, lang), n=n)
                         for i, n in enumerate(sizes))
        lines.append(t("odin.board.hands", lang, items=items))
    scores = view.get("scores") or []
    if scores:
        items = sep.join(t("odin.board.score_item", lang, name=player_name(names, i, lang), points=s)
                         for i, s in enumerate(scores))
        target = view.get("target")
        if target in ("one_hand", 0):
            lines.append(t("odin.board.scores_one_hand", lang, items=items))
        else:
            lines.append(t("odin.board.scores", lang, items=items, target=target))
    if "deal" in view:
        discard = _int(view.get("discard_count")) or 0
        lines.append(t("odin.board.deal", lang, number=(_int(view.get("deal")) or 0) + 1,
                       discard=tn("odin.word.cards", discard, lang)))
    removed = view.get("removed_suits") or []
    if removed:
        suits = join_list([suit_name(s, lang) for s in removed], lang)
        lines.append(t("odin.board.removed", lang, suits=suits))
    if view.get("is_over"):
        winners = list(view.get("winners") or [])
        if len(winners) == 1:
            lines.append(t("odin.board.over_one", lang, name=player_name(names, winners[0], lang)))
        elif winners:
            lines.append(t("odin.board.over_many", lang,
                           names=join_list([player_name(names, w, lang) for w in winners], lang)))
        return lines
    decision = view.get("decision") or {}
    seat = decision.get("player")
    if seat is not None:
        base = "odin.board.turn_lead" if decision.get("kind") == "lead" else "odin.board.turn_play"
        mine = you is not None and seat == you
        lines.append(t(you_key(base, mine), lang, name=player_name(names, seat, lang)))
    return lines


def hand_line(view: Mapping[str, Any], lang: str, name: str | None = None) -> str:
    """The viewer's hand in notation: "Your hand (9): K9 B7 ..." (with `name`: "Ana, your hand (9): ...")."""
    lang = normalise_lang(lang)
    hand = view.get("hand")
    if hand is None:
        return t("odin.hand.none", lang)
    cards = [str(c) for c in hand]
    if not cards:
        return t("odin.hand.empty", lang)
    if name:
        return t("odin.hand.named", lang, name=name, n=len(cards), cards=" ".join(cards))
    return t("odin.hand.line", lang, n=len(cards), cards=" ".join(cards))
