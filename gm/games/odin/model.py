"""ODIN's reading form for the model: what the player's words say, never which move to make.

The model fills in the cards the words name (colour, number, how many, "all of them", "my highest"), the
cards excluded, the centre card to take, and whether the words pass, say no move or negate one — each with the
player's own words quoted. `read` keeps only what those quoted words support and builds the same readings the
offline parser builds (`gm.games.odin.parse`), so the same grounding decides: one legal action, several (the
player is asked), or none (the engine's reason).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.odin.cards import RANK, SUIT, SUITS
from gm.games.odin.parse import PARSER, Item, OdinReading, _filter, _take
from gm.kit import ReadingForm
from gm.parse.core import Hit, tokenize

Colour = Literal["red", "blue", "green", "black", "orange", "pink"]
COLOUR_SUIT = {"blue": SUITS.index("B"), "red": SUITS.index("R"), "pink": SUITS.index("P"),
               "green": SUITS.index("G"), "black": SUITS.index("K"), "orange": SUITS.index("O")}
WORDS = Field(max_length=80, description="the player's own words for this, copied exactly from what they said")


class CardWords(BaseModel):
    words: str = WORDS
    colour: Colour | None = Field(None, description="the colour the words name, or null")
    number: int | None = Field(None, ge=1, le=9, description="the number printed on the card(s), or null")
    how_many: int | None = Field(None, ge=1, le=9, description="how many such cards, when the words say")
    all_of_them: bool = Field(False, description="the words say all of the player's cards of this kind")
    extreme: Literal["highest", "lowest"] | None = Field(None, description="'my highest', 'la plus petite'")


class TakeWords(BaseModel):
    words: str = WORDS
    colour: Colour | None = None
    number: int | None = Field(None, ge=1, le=9)
    extreme: Literal["highest", "lowest"] | None = None


class OdinWords(BaseModel):
    intent: Literal["play", "pass", "not_a_move", "unsure"] = Field(
        description="play cards, pass, not_a_move (chat, a question, a joke), or unsure")
    negated: bool = Field(False, description="the player says NOT to do it: 'don't pass', 'not the red 7'")
    whole_hand: bool = Field(False, description="the player plays every card in their hand")
    cards: list[CardWords] = Field(default_factory=list, max_length=9, description="the cards the player plays")
    excluded: list[CardWords] = Field(default_factory=list, max_length=9,
                                      description="cards the player says NOT to play: 'all my 8s except the orange'")
    take: TakeWords | None = Field(None, description="the centre card the player takes back, if named")
    pass_words: str | None = Field(None, max_length=80, description="the words that say pass, copied exactly")


def form(view: Any) -> ReadingForm | None:
    if view.decision.kind not in ("lead", "play_or_pass") or not view.hand:
        return None
    return ReadingForm(OdinWords, read,
                       "report only what the player's words say; quote their words; never choose a move")


def _quoted(words: str | None, said: set[str]) -> list[Hit] | None:
    """The lexicon's hits for the quoted words, or None when they are not the player's words."""
    if not words:
        return None
    tokens = tokenize(words)
    if not tokens or any(t.text not in said for t in tokens):
        return None
    return PARSER.lexicon.hits(tokens)


def _named(hits: list[Hit], kind: str) -> set[int]:
    """The colours ("suit") or numbers ("num") the lexicon reads in the quoted words (card codes name both)."""
    out: set[int] = set()
    for h in hits:
        for e in h.entries:
            if e.kind == kind and isinstance(e.value, int):
                out.add(e.value)
            elif e.kind == "code" and isinstance(e.value, int):
                out.add(SUIT[e.value] if kind == "suit" else RANK[e.value])
        if kind == "num" and h.text.isdigit() and len(h.text) == 1:
            out.add(int(h.text))
    return out


def _backed(hits: list[Hit], kind: str, value: int) -> bool:
    """A value the quoted words support: the lexicon reads it there, or the words hold a word the lexicon
    does not know (the model may know "crimson"; it may not turn "Sechsen" into a colour)."""
    named = _named(hits, kind)
    if named:
        return value in named
    return any(not h.entries and not h.text.isdigit() for h in hits)


def _marked(hits: list[Hit], kinds: tuple[str, ...]) -> bool:
    return any(h.first(*kinds) is not None or not h.entries for h in hits)


def _item(words: CardWords | TakeWords, mode: str, said: set[str]) -> Item | None:
    hits = _quoted(words.words, said)
    if hits is None:
        return None
    it = Item(mode, card=True, determined=True)
    if words.colour is not None and _backed(hits, "suit", COLOUR_SUIT[words.colour]):
        it.suit = COLOUR_SUIT[words.colour]
    if words.number is not None and _backed(hits, "num", words.number):
        it.rank = words.number
    if words.extreme is not None and _marked(hits, ("sup", "supadj", "numword")):
        it.sup = "max" if words.extreme == "highest" else "min"
    if isinstance(words, CardWords):
        if words.how_many is not None and words.how_many > 1 and _backed(hits, "num", words.how_many):
            it.count = words.how_many
        plural = any(e.has("plural") for h in hits for e in h.entries)
        if words.all_of_them and (plural or _marked(hits, ("all", "whole", "both"))):
            it.every = True
    return it


def read(result: BaseModel, text: str, state: Any, player: int) -> list[Any] | str:
    said = {t.text for t in tokenize(text)}
    words: Any = result
    if words.intent == "not_a_move":
        return "not_a_move"
    if words.intent == "unsure":
        return "unsure"
    if words.negated:
        return "negated"  # "don't pass", "not the red 7": never played
    if words.intent == "pass":
        hits = _quoted(words.pass_words, said)  # a pass needs a pass word: "nice move" offers nothing back
        if words.cards or hits is None or not any(h.first("pass", "pass_a", "pass_b", "nothing") for h in hits):
            return "unsupported"
        return [OdinReading(1.0, is_pass=True)]
    hand = state.hands[player] if 0 <= player < len(state.hands) else 0
    if words.whole_hand and not words.cards:
        play = [Item("play", every=True, card=True)]
    else:
        play = [it for it in (_item(c, "play", said) for c in words.cards) if it is not None]
    if len(play) != len(words.cards) or not play:
        return "unsupported"  # a card the player's words do not name: nothing is played on it
    exclude = 0
    for c in words.excluded:
        it = _item(c, "except", said)
        if it is None or (it.suit is None and it.rank is None):
            return "unsupported"
        exclude |= _filter(it) if not it.full() else _take(it)[0] or 0
    take_item = _item(words.take, "take", said) if words.take is not None else None
    if words.take is not None and take_item is None:
        return "unsupported"
    readings: list[Any] = PARSER._readings(play, take_item, state, hand, exclude)
    return readings


__all__ = ["OdinWords", "form", "read"]
