"""Narration by the model: the template sentences (public facts only) retold in a livelier voice.

The model is given the offline narration of the moves (which holds only what every player may know), the
game kit's public facts of the position and the last few narrated lines, never a hand or the state. Its text
is checked: every code of a hidden thing it writes (the kit's `code_pattern`, e.g. a card) must appear in the
facts; otherwise the template sentences stand. Nothing of it is shown before the whole text has arrived (the
stream finished properly), been cleaned of control characters and passed the checks; then it is shown at
once. The history sent is bounded, so the cost per turn does not grow with the game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from gm.llm import LLM, LLMBadAnswer, clean, prompt

HISTORY = 6


def facts_message(lang: str, lines: list[str], public_facts: dict[str, Any], history: list[str]) -> str:
    return json.dumps({"language": lang, "facts": lines, "table_now": public_facts,
                       "earlier": history[-HISTORY:]}, ensure_ascii=False)


ARTEFACT = re.compile(r"[{}\[\]<>|]|&#|\\n|\b(facts|table_now|earlier|language|user|assistant)\b")
MAX_CHARS = 600  # a longer narration is not used (and its stream is dropped as soon as it gets that long)


def looks_like_prose(text: str) -> bool:
    """No echoed prompt, JSON or chat-template markup (what a base model tends to produce)."""
    return not ARTEFACT.search(text)


def check_narration(text: str, lines: list[str], history: list[str], codes: re.Pattern[str],
                    table_now: dict[str, Any] | None = None) -> bool:
    """The model's text is usable: prose, not empty, not too long, and no code (`codes`: the game's hidden
    things) that is not in this move's facts or on the table now. A code only the earlier lines hold is an
    older move told as new ("Greedy plays B1 K1" when the table has moved on): the templates speak instead."""
    allowed = set(codes.findall(" ".join(lines) + " " + json.dumps(table_now or {})))
    return (bool(text.strip()) and len(text) <= MAX_CHARS and looks_like_prose(text) and clean(text) == text
            and set(codes.findall(text)) <= allowed)


def narrate_llm(llm: LLM, lang: str, lines: list[str], public_facts: dict[str, Any], history: list[str],
                codes: re.Pattern[str], on_chunk: Callable[[str], None] | None = None) -> str:
    """The model's narration, or an LLMError; the caller falls back to `lines`. The text is handed to
    `on_chunk` (the REPL shows it at once) only after it passed every check.

    `codes` matches the game's codes of hidden things; a game without one is never narrated by the model."""
    messages = [("system", prompt("narrate")), ("user", facts_message(lang, lines, public_facts, history))]
    text = clean(llm.complete_text(messages, "narrate", max_chars=MAX_CHARS))
    if not check_narration(text, lines, history, codes, public_facts):
        raise LLMBadAnswer("the narration did not stick to the facts")
    if on_chunk is not None:
        on_chunk(text)
    return text
