"""The model reads a move the offline parser was unsure of, choosing only among the engine's legal actions.

Grounding: the structured-output schema is built from the legal actions of the pending decision, so the
model can only name one of them (an enum of notations), or, when there are too many to list, the game kit's
form (`Kit.model_form`) whose fields are enums of the things that could be meant. Whatever comes back is
checked by the engine before anything happens; an illegal proposal is refused with the engine's reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field, create_model

from engine import Illegal
from gm.kit import Kit
from gm.llm import LLM, LLMError, clean, notice_key, prompt

MAX_ENUM = 40  # above this many legal actions, ground by decision kind instead of one long list
QUESTION_FIELD: Any = (str | None, Field(None, max_length=200, description="one short clarifying question, or null"))


@dataclass
class LLMMove:
    kind: str  # action | confirm | clarify | refused | error
    action: Any = None
    question: str | None = None
    illegal: Illegal | None = None
    proposed: str | None = None
    error: str | None = None
    prompt_chars: int = 0
    notice: str | None = None  # the locale key of the one-line notice the failure deserves (gm.llm.notice_key)


def choice_schema(notations: list[str]) -> type[BaseModel]:
    """{"choice": one of the legal notations or null, "question": ...}."""
    options: Any = Literal.__getitem__(tuple(notations))
    return create_model(
        "MoveChoice",
        choice=(options | None, Field(None, description="the legal move the player means, exactly as listed")),
        question=QUESTION_FIELD,
    )


def system_prompt(kit: Kit) -> str:
    """The move reader's instructions with the game's notes on its notation."""
    text = prompt("parse_move")
    return text.replace("{game_notes}\n", kit.prompt_hint + "\n" if kit.prompt_hint else "")


def llm_parse(llm: LLM, game: Any, state: Any, player: int, text: str, lang: str,
              options: list[Any] | None = None) -> LLMMove:
    """Ask the model which legal action `text` means. `options` narrows the choice (e.g. the offline
    parser's candidates); by default every legal action of the pending decision."""
    from gm import games

    kit = games.get(game.name)
    legal = options if options else game.legal_actions(state)
    notations = sorted(game.to_notation(a) for a in legal)
    view = game.view(state, player)
    by_notation = {game.to_notation(a): a for a in legal}
    form = kit.model_form(state, view) if len(notations) > MAX_ENUM else None
    decision = {"kind": state.decision.kind, **dict(state.decision.facts)}
    facts: dict[str, Any] = {"game": game.title, "reply_language": lang, "decision": decision,
                             **kit.model_facts(view, player), "player_said": text[:500]}
    schema: type[BaseModel]
    if form is not None:
        schema = form.schema
        facts["how_to_answer"] = form.how_to_answer
        facts["legal_move_count"] = len(notations)
    else:
        schema = choice_schema(notations)
        facts["legal_moves"] = notations
    messages = [("system", system_prompt(kit)), ("user", json.dumps(facts, ensure_ascii=False))]
    chars = sum(len(m) for _, m in messages)
    try:
        result = llm.structured(schema, messages, "parse")
    except LLMError as exc:
        return LLMMove("error", error=str(exc), prompt_chars=chars, notice=notice_key(exc))
    choice = getattr(result, "choice", None)
    action = form.to_action(result) if form is not None else by_notation.get(choice) if choice else None
    if action is None:
        question = clean(str(getattr(result, "question", None) or ""), one_line=True)  # no terminal escapes
        return LLMMove("clarify", question=question or None, prompt_chars=chars)
    notation = game.to_notation(action)
    illegal = game.check(state, action)
    if illegal is not None or (options and notation not in by_notation):
        return LLMMove("refused", illegal=illegal or Illegal("not_a_candidate", {}), proposed=notation,
                       prompt_chars=chars)
    return LLMMove("action", action=action, proposed=notation, prompt_chars=chars)


def resolve(llm: LLM, game: Any, state: Any, player: int, text: str, lang: str, offline: Any) -> LLMMove:
    """The game master's policy for an utterance the offline parser was unsure of.

    - ambiguous: the model chooses among the offline candidates (the words already narrowed the move down);
      its choice is played.
    - no match: the words named nothing the offline parser knows, so the model's reading is only offered
      back for confirmation (kind "confirm"), never played on its own.
    """
    if offline.kind == "ambiguous":
        return llm_parse(llm, game, state, player, text, lang, options=offline.candidates)
    out = llm_parse(llm, game, state, player, text, lang)
    if out.kind == "action":
        out.kind = "confirm"
    return out
