"""Rules answers written by the model from the retrieved sections and the engine's facts, with citations.

The schema only admits the ids of the sections that were retrieved, so the model cannot cite anything else;
an answer it marks unsupported, that cites nothing, or that names a code of a hidden thing (the kit's
`code_pattern`) found neither in the sections nor in the engine's facts, is replaced by the offline answer.
Its text is cleaned of control characters and terminal escapes first.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import Field, create_model

from gm.llm import LLM, LLMBadAnswer, clean, prompt
from gm.rules.retrieval import Hit


def llm_answer(llm: LLM, question: str, game: str, lang: str, hits: list[Hit],
               engine_facts: str | None, codes: re.Pattern[str] | None = None) -> tuple[str, list[str]]:
    """(text, cited ids) from the model, or an LLMError. `codes` matches the game's codes of hidden things:
    the answer may name only those in the sections or the engine's facts given to it."""
    if not hits:
        raise LLMBadAnswer("nothing retrieved to answer from")
    ids = tuple(h.section.id for h in hits)
    cited_ids: Any = list[Literal.__getitem__(ids)]  # type: ignore[misc]
    schema = create_model(
        "RulesAnswer",
        answer=(str, Field(max_length=700, description="the answer, in the requested language")),
        sections=(cited_ids, Field(min_length=0, max_length=3, description="ids of the sections used")),
        supported=(bool, Field(description="true if the sections or facts answer the question")),
    )
    payload = {"language": lang, "game": game, "question": question[:500],
               "sections": [{"id": h.section.id, "title": h.section.title, "text": h.section.text} for h in hits],
               "engine_facts": engine_facts}
    messages = [("system", prompt("rules_answer")), ("user", json.dumps(payload, ensure_ascii=False))]
    result: Any = llm.structured(schema, messages, "rules")
    cited = [i for i in dict.fromkeys(result.sections) if i in ids]
    text = clean(str(result.answer))
    if not result.supported or not cited or not text:
        raise LLMBadAnswer("the model found no support in the sections")
    if codes is not None:
        given = " ".join([h.section.text for h in hits] + [engine_facts or ""])
        if not set(codes.findall(text)) <= set(codes.findall(given)):
            raise LLMBadAnswer("the answer names a hidden thing that is not in the sections or the facts")
    return text, cited
