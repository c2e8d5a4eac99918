"""The model as a reader of the lines the offline parser was unsure of.

With a kit's reading form (`Kit.model_reading`), the model reports what the words say — the cards, values,
colours, take, negation, superlative, "all" — each with the player's words quoted; the kit keeps only what
those words support and the same grounding as the offline parser decides (`gm.parse.core.ground`): one legal
action, several (the player is asked with numbered options), or none (the engine's reason). The model never
chooses among moves. Without a reading form, the model may only offer back its choice among the legal actions
for words the parser did not know at all, and nothing is played without the player's yes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field, create_model

from engine import Illegal
from gm.kit import Kit
from gm.llm import LLM, LLMError, clean, notice_key, prompt
from gm.parse.core import ground
from gm.text import is_hesitation

# What the offline parser already understood as no move: the model is not asked (a question, a negation, a
# remark, alternatives still being weighed, "pass the chips"). It reads lines that named nothing the parser knew
# or were mostly words it does not know ("chat": dialect reads like chat), and what it reads there is only
# offered back for a yes.
NOT_A_MOVE = frozenset({"empty", "too_long", "question", "negated", "statement", "alternatives", "not_a_move",
                        "unknown_game", "internal_error"})

MAX_ENUM = 40  # a kit without a reading form: above this many legal actions the model is not asked
QUESTION_FIELD: Any = (str | None, Field(None, max_length=200, description="one short clarifying question, or null"))


@dataclass
class LLMMove:
    kind: str  # action | ambiguous | confirm | clarify | refused | keep | error
    action: Any = None
    candidates: list[Any] | None = None  # kind "ambiguous": the legal actions the words fit
    reason: str | None = None  # why the model's reading named no move (the reading form's reason)
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
    by_notation = {game.to_notation(a): a for a in legal}
    if len(notations) > MAX_ENUM:
        return LLMMove("keep", reason="too_many")
    facts = position_facts(kit, game, state, player, lang)
    facts["legal_moves"] = notations
    facts["player_said"] = text[:500]
    schema = choice_schema(notations)
    messages = [("system", system_prompt(kit)), ("user", json.dumps(facts, ensure_ascii=False))]
    chars = sum(len(m) for _, m in messages)
    try:
        result = llm.structured(schema, messages, "parse")
    except LLMError as exc:
        return LLMMove("error", error=str(exc), prompt_chars=chars, notice=notice_key(exc))
    choice = getattr(result, "choice", None)
    action = by_notation.get(choice) if choice else None
    if action is None:
        question = clean(str(getattr(result, "question", None) or ""), one_line=True)  # no terminal escapes
        return LLMMove("clarify", question=question or None, prompt_chars=chars)
    notation = game.to_notation(action)
    illegal = game.check(state, action)
    if illegal is not None or (options and notation not in by_notation):
        return LLMMove("refused", illegal=illegal or Illegal("not_a_candidate", {}), proposed=notation,
                       prompt_chars=chars)
    return LLMMove("action", action=action, proposed=notation, prompt_chars=chars)


def position_facts(kit: Kit, game: Any, state: Any, player: int, lang: str) -> dict[str, Any]:
    view = game.view(state, player)
    decision = {"kind": state.decision.kind, **dict(state.decision.facts)}
    return {"game": game.title, "reply_language": lang, "decision": decision, **kit.model_facts(view, player)}


def llm_read(llm: LLM, game: Any, state: Any, player: int, text: str, lang: str) -> LLMMove:
    """The model reports what `text` says in the kit's reading form; the kit's grounding decides the move."""
    from gm import games

    kit = games.get(game.name)
    form = kit.model_reading(state, game.view(state, player))
    if form is None or kit.parser is None:
        return LLMMove("keep", reason="no_form")
    facts = position_facts(kit, game, state, player, lang)
    facts["how_to_answer"] = form.how_to_answer
    facts["player_said"] = text[:500]
    hint = kit.prompt_hint
    system = prompt("read_move").replace("{game_notes}\n", hint + "\n" if hint else "")
    messages = [("system", system), ("user", json.dumps(facts, ensure_ascii=False))]
    chars = sum(len(m) for _, m in messages)
    try:
        result = llm.structured(form.schema, messages, "parse")
    except LLMError as exc:
        return LLMMove("error", error=str(exc), prompt_chars=chars, notice=notice_key(exc))
    readings = form.read(result, text, state, player)
    if isinstance(readings, str) or not readings:
        return LLMMove("clarify", reason=readings or "no_cards", prompt_chars=chars)
    legal = [(a, kit.parser.digest(a)) for a in game.legal_actions(state)]
    res = ground(game, state, readings, legal, lang)
    if res.kind == "action":
        return LLMMove("action", action=res.action, proposed=game.to_notation(res.action), prompt_chars=chars)
    if res.kind == "ambiguous":
        return LLMMove("ambiguous", candidates=list(res.candidates), prompt_chars=chars)
    if res.kind == "illegal":
        return LLMMove("refused", illegal=res.illegal, prompt_chars=chars)
    return LLMMove("clarify", reason=res.reason, prompt_chars=chars)


def resolve(llm: LLM, game: Any, state: Any, player: int, text: str, lang: str, offline: Any) -> LLMMove:
    """The game master's policy for a line the offline parser was unsure of (kind "keep": its answer stands).

    - no match because the parser understood no move was meant (a question, a negation, a remark): the
      model is not asked.
    - ambiguous: the model's reading may narrow the candidates only by what the words say: one candidate left
      is played, fewer candidates are asked back; anything else keeps the parser's question.
    - no match on words the parser did not know: what the model's reading names is offered back for a yes
      (kind "confirm"), or its candidates are asked back, or the engine says why the move is illegal.
    """
    from gm import games

    if offline.kind == "no_match" and (offline.reason in NOT_A_MOVE or is_hesitation(text)):
        return LLMMove("keep", reason=offline.reason)  # "euh attendez, je réfléchis": never offered back as a pass
    kit = games.get(game.name)
    if kit.model_reading(state, game.view(state, player)) is None:
        if offline.kind != "no_match":
            return LLMMove("keep", reason="no_form")
        out = llm_parse(llm, game, state, player, text, lang)
        if out.kind == "action":
            out.kind = "confirm"
        return out
    out = llm_read(llm, game, state, player, text, lang)
    if offline.kind == "ambiguous":
        before = {game.to_notation(a) for a in offline.candidates}
        if out.kind == "action" and out.proposed in before:
            return out
        if out.kind == "ambiguous" and out.candidates and \
                {game.to_notation(a) for a in out.candidates} < before:
            return out
        return LLMMove("keep" if out.kind != "error" else "error", reason=out.reason, error=out.error,
                       notice=out.notice, prompt_chars=out.prompt_chars)
    if out.kind == "action":
        out.kind = "confirm"
    return out


def understand(game: Any, state: Any, seat: int, text: str, lang: str | None,
               llm: LLM | None) -> tuple[Any, LLMMove | None]:
    """What the table makes of a line, as the session and `gm parse` both read it: the offline parser's
    result, with the model's reading applied by the policy of `resolve` when a model is configured.

    Returns (result, model): `result` is a ParseResult — "action" is played, "ambiguous" asked back,
    "illegal" refused with the engine's reason, "no_match" answered offline; `model` is what the model did
    (None when it was not asked), whose kind "confirm" offers its reading back for a yes."""
    from dataclasses import replace

    from gm.parse import parse_move

    res = parse_move(game, state, seat, text, lang=lang)
    if llm is None or res.kind not in ("ambiguous", "no_match"):
        return res, None
    out = resolve(llm, game, state, seat, text, lang or res.lang or "en", res)
    if out.kind == "action":
        res = replace(res, kind="action", action=out.action, candidates=[])
    elif out.kind == "ambiguous" and out.candidates:
        res = replace(res, kind="ambiguous", candidates=list(out.candidates))
    elif out.kind == "refused" and out.illegal is not None:
        res = replace(res, kind="illegal", illegal=out.illegal)
    return res, out
