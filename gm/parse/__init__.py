"""The offline move parser: text in EN/DE/FR -> one legal action, a short list of candidates, the engine's
reason why the named move is illegal, or no match. No network, no model (see docs/parser.md).

    from gm.parse import parse_move
    res = parse_move(game, state, player, "red 7, take the blue three")
    res.kind, res.action, res.candidates, res.illegal, res.reason, res.lang, res.to_json(game)
"""

from __future__ import annotations

from typing import Any

from gm.parse.core import GameParser, ParseResult, no_match, parse_with
from gm.parse.odin import PARSER as _ODIN

PARSERS: dict[str, GameParser] = {_ODIN.game_name: _ODIN}
"""Game name (``game.name``) -> its parser; a new game registers its module's parser here."""


def parse_move(game: Any, state: Any, player: int, text: str, lang: str | None = None) -> ParseResult:
    """What `player` means by `text` in `state`, grounded in the engine's legal actions. Never raises.

    kind "action": ``action`` is the one legal action the text fits; "ambiguous": ``candidates`` are the
    legal actions it fits equally well, sorted by notation; "illegal": ``illegal`` is the engine's reason why
    the move the text names is refused (or ``not_your_turn`` / ``game_over``); "no_match": ``reason`` says
    why nothing was understood ("empty", "too_long", "no_move_words", "no_cards", "no_such_card",
    "no_such_take", "inconsistent", "unknown_game", "internal_error"). ``lang`` is the detected language of
    the words ("en", "de", "fr" or None); the `lang` argument is only a hint for ties.
    """
    try:
        parser = PARSERS.get(getattr(game, "name", None) or "")
        if parser is None:
            return no_match("unknown_game")
        return parse_with(parser, game, state, player, text, lang)
    except Exception:  # noqa: BLE001 - the parser must never take the game master down
        return no_match("internal_error")


__all__ = ["PARSERS", "GameParser", "ParseResult", "parse_move"]
