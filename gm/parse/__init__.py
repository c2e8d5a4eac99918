"""The offline move parser: text in EN/DE/FR -> one legal action, a short list of candidates, the engine's
reason why the named move is illegal, or no match. No network, no model (see docs/parser.md).

    from gm.parse import parse_move
    res = parse_move(game, state, player, "the words a player typed")
    res.kind, res.action, res.candidates, res.illegal, res.reason, res.lang, res.to_json(game)

The grammar and lexicon of each game come from its kit (`gm/games/<package>/`); this module knows no game.
"""

from __future__ import annotations

from typing import Any

from gm.parse.core import GameParser, ParseResult, no_match, parse_with


def parse_move(game: Any, state: Any, player: int, text: str, lang: str | None = None) -> ParseResult:
    """What `player` means by `text` in `state`, grounded in the engine's legal actions. Never raises.

    kind "action": ``action`` is the one legal action the text fits (``plan`` holds it, or the several
    actions one utterance answers in a row); "ambiguous": ``candidates`` are the legal actions it fits
    equally well, sorted by notation; "illegal": ``illegal`` is the engine's reason why the move the text
    names is refused (or ``not_your_turn`` / the game has ended); "no_match": ``reason`` says why nothing was
    understood ("empty", "too_long", "no_move_words", "no_cards", "no_such_card", "no_such_take",
    "inconsistent", "unknown_game", "internal_error"). ``lang`` is the language of the words ("en", "de",
    "fr" or None); the `lang` argument is only a hint for ties.
    """
    from gm import games

    try:
        parser = games.get(getattr(game, "name", "")).parser
    except LookupError:
        parser = None
    if parser is None:
        return no_match("unknown_game")
    try:
        return parse_with(parser, game, state, player, text, lang)
    except Exception:  # noqa: BLE001 - the parser must never take the game master down
        return no_match("internal_error")


__all__ = ["GameParser", "ParseResult", "parse_move"]
