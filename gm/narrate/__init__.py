"""Narration: engine events, refusals, candidate actions and the board as sentences in EN, DE or FR.

Each game's narrator lives in its kit (`gm/games/<package>/`); the functions here find the kit by the game's
name. All sentences come from templates (see docs/narration.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gm.i18n import normalise_lang
from gm.narrate.common import explain_generic, illegal_parts, player_name


def _kit(game_name: str) -> Any:
    from gm import games

    return games.get(game_name)


def narrate(game_name: str, events: Sequence[Any], lang: str, names: Sequence[str],
            viewer: int | None = None) -> list[str]:
    """One short line per event (or per group of events the game tells together), "you" forms for `viewer`."""
    lines: list[str] = _kit(game_name).narrate(events, normalise_lang(lang), names, viewer)
    return lines


def explain(game_name: str, illegal: Any, lang: str, names: Sequence[str] | None = None) -> str:
    """The engine's reason code and params as a sentence in `lang` (generic text for an unknown game)."""
    try:
        kit = _kit(game_name)
    except LookupError:
        code, params = illegal_parts(illegal)
        return explain_generic(code, params, normalise_lang(lang), names)
    text: str = kit.explain(illegal, normalise_lang(lang), names)
    return text


def describe_action(game_name: str, action: Any, lang: str) -> str:
    """A readable line for one candidate action, ending with its notation."""
    text: str = _kit(game_name).describe_action(action, normalise_lang(lang))
    return text


def board_lines(game_name: str, view: Any, lang: str, names: Sequence[str]) -> list[str]:
    """The table as `view`'s seat sees it, as short lines."""
    lines: list[str] = _kit(game_name).board_lines(view, normalise_lang(lang), names)
    return lines


def hand_lines(game_name: str, view: Any, lang: str, name: str | None = None) -> list[str]:
    """What only the viewer sees (a hand), as lines; [] when there is nothing."""
    lines: list[str] = _kit(game_name).hand_lines(view, normalise_lang(lang), name)
    return lines


__all__ = ["board_lines", "describe_action", "explain", "hand_lines", "narrate", "player_name"]
