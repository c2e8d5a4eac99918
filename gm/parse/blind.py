"""Scoring one line of a blind move set: shared by the blind-set tests and `bench/blind_moves.py`.

A row is ``{"scenario": ..., "moves": [notation, ...]?, "player": seat, "text": ..., "expect": {...}}``; the
expected result is as in the parse corpora (`gm.parse.core.agrees`), and an expected action may list other
notations of the same move in ``same_as``.
"""

from __future__ import annotations

from typing import Any

from gm.parse import parse_move
from gm.parse.core import agrees


def position(game: Any, row: dict[str, Any]) -> Any:
    """The row's scenario with its ``moves`` applied."""
    state = game.scenario(row["scenario"])
    for move in row.get("moves", []):
        state, _ = game.apply(state, game.from_notation(state, move))
    return state


def verdict(game: Any, row: dict[str, Any]) -> tuple[bool, bool, dict[str, Any]]:
    """(right, a wrong move played, what the parser returned) for one line."""
    got = parse_move(game, position(game, row), row["player"], row["text"]).to_json(game)
    expect = row["expect"]
    same = [expect.get("notation"), *expect.get("same_as", [])] if expect["kind"] == "action" else []
    right = agrees(got, expect) or (got["kind"] == "action" and got["notation"] in same)
    return right, got["kind"] == "action" and got["notation"] not in same, got
