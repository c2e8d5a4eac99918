"""The model reads a move the offline parser was unsure of, choosing only among the engine's legal actions.

Grounding: the structured-output schema is built from the legal actions of the pending decision, so the
model can only name one of them (an enum of notations), or, when there are too many to list, fields whose
values are enums of the cards that could be meant (decision-kind grounding). Whatever comes back is checked
by the engine before anything happens; an illegal proposal is refused with the engine's reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field, create_model

from engine import Illegal
from gm.llm import LLM, LLMError, prompt

MAX_ENUM = 40  # above this many legal actions, ground by decision kind instead of one long list
QUESTION_FIELD = (str | None, Field(None, max_length=200, description="one short clarifying question, or null"))


@dataclass
class LLMMove:
    kind: str  # action | clarify | refused | error
    action: Any = None
    question: str | None = None
    illegal: Illegal | None = None
    proposed: str | None = None
    error: str | None = None
    prompt_chars: int = 0


def choice_schema(notations: list[str]) -> type[BaseModel]:
    """{"choice": one of the legal notations or null, "question": ...}."""
    options = Literal.__getitem__(tuple(notations))  # type: ignore[attr-defined]
    return create_model(
        "MoveChoice",
        choice=(options | None, Field(None, description="the legal move the player means, exactly as listed")),
        question=QUESTION_FIELD,
    )


def odin_fields_schema(view: dict[str, Any]) -> type[BaseModel]:
    """ODIN's play_or_pass grounded by fields: which of my cards, which centre card to take."""
    hand = Literal.__getitem__(tuple(view["hand"]))  # type: ignore[attr-defined]
    centre = Literal.__getitem__(tuple(view["center"]))  # type: ignore[attr-defined]
    return create_model(
        "OdinMove",
        kind=(Literal["play", "pass", "unsure"], Field(description="play, pass, or unsure")),
        cards=(list[hand], Field(default_factory=list, max_length=9, description="cards played from the hand")),
        take=(centre | None, Field(None, description="the centre card taken after playing")),
        question=QUESTION_FIELD,
    )


def _fields_to_action(game: Any, result: Any) -> Any:
    from engine.odin import Pass, Play

    if result.kind == "pass":
        return Pass()
    if result.kind == "play" and result.cards:
        return Play(tuple(result.cards), result.take)
    return None


FIELD_SCHEMAS = {"odin": (odin_fields_schema, _fields_to_action)}


def llm_parse(llm: LLM, game: Any, state: Any, player: int, text: str, lang: str,
              options: list[Any] | None = None) -> LLMMove:
    """Ask the model which legal action `text` means. `options` narrows the choice (e.g. the offline
    parser's candidates); by default every legal action of the pending decision."""
    legal = options if options else game.legal_actions(state)
    notations = sorted(game.to_notation(a) for a in legal)
    view = game.view(state, player)
    by_notation = {game.to_notation(a): a for a in legal}
    fields = FIELD_SCHEMAS.get(game.name)
    use_fields = len(notations) > MAX_ENUM and fields is not None and state.decision.kind == "play_or_pass"
    facts = {"game": game.title, "reply_language": lang, "decision": state.decision.kind,
             "you": {"hand": view.get("hand"), "seat": player},
             "table": {k: view[k] for k in ("center", "center_value", "hand_sizes", "scores") if k in view},
             "player_said": text[:500]}
    if use_fields:
        schema = fields[0](view)
        facts["how_to_answer"] = "name the cards to play from your hand and the centre card to take, or pass"
        facts["legal_move_count"] = len(notations)
    else:
        schema = choice_schema(notations)
        facts["legal_moves"] = notations
    messages = [("system", prompt("parse_move")), ("user", json.dumps(facts, ensure_ascii=False))]
    chars = sum(len(m) for _, m in messages)
    try:
        result = llm.structured(schema, messages, "parse")
    except LLMError as exc:
        return LLMMove("error", error=str(exc), prompt_chars=chars)
    if use_fields:
        action = fields[1](game, result)
    else:
        action = by_notation.get(result.choice) if result.choice else None
    if action is None:
        return LLMMove("clarify", question=(result.question or "").strip() or None, prompt_chars=chars)
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
