"""Rules answers with a model: it picks and quotes, it does not write.

The model is shown the retrieved sections split into numbered sentences (and, during a game, the facts the
engine computed) and says which section answers and which of its sentences state the asked fact. The answer is
built from those sentences verbatim, the fact first, then the rest of the section, exactly as the offline
answer is (`gm.rules.from_hits`): the model can reorder what the digest says, never reword or invent it. Its
schema only admits the ids of the sections retrieved and sentence numbers that exist.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import Field, create_model

from gm.llm import LLM, LLMBadAnswer, prompt
from gm.rules.retrieval import SENTENCE, Hit


def sentences(text: str) -> list[str]:
    return [x.strip() for x in SENTENCE.split(text) if x.strip()]


def llm_pick(llm: LLM, question: str, game: str, lang: str, hits: list[Hit],
             engine_facts: str | None) -> tuple[Hit, list[int]] | None:
    """(the hit whose section answers, the indices of its sentences that state the fact), or None when the
    model says no section answers. Raises an LLMError when the model fails or answers out of bounds."""
    if not hits:
        raise LLMBadAnswer("nothing retrieved to answer from")
    ids = tuple(h.section.id for h in hits)
    section_id: Any = Literal.__getitem__(ids)
    schema = create_model(
        "RulesPick",
        section=(section_id | None, Field(None, description="the id of the section that answers, or null")),
        sentences=(list[int], Field(default_factory=list, max_length=3,
                                    description="the numbers of the sentences that state the answer")),
    )
    payload = {"language": lang, "game": game, "question": question[:500],
               "sections": [{"id": h.section.id, "title": h.section.title,
                             "sentences": {str(i + 1): s for i, s in enumerate(sentences(h.section.text))}}
                            for h in hits],
               "engine_facts": engine_facts}
    messages = [("system", prompt("rules_answer")), ("user", json.dumps(payload, ensure_ascii=False))]
    result: Any = llm.structured(schema, messages, "rules")
    if result.section is None:
        return None
    hit = next(h for h in hits if h.section.id == result.section)
    n = len(sentences(hit.section.text))
    picked = [i - 1 for i in dict.fromkeys(result.sentences) if isinstance(i, int) and 1 <= i <= n]
    if result.sentences and not picked:
        raise LLMBadAnswer("the model named sentences the section does not have")
    return hit, sorted(picked)
