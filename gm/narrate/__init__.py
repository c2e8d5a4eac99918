"""Narration: engine events, refusals, candidate actions and the board as sentences in EN, DE or FR.

Each game has a narrator module registered in `NARRATORS`; the functions here dispatch by game name.
All sentences come from the templates in `gm/locales/` (see docs/narration.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from gm.i18n import normalise_lang
from gm.narrate import odin
from gm.narrate.common import explain_generic, illegal_parts, player_name
from gm.narrate.odin import card_name, card_named

NARRATORS: dict[str, ModuleType] = {"odin": odin}


def get_narrator(game_name: str) -> ModuleType:
    """The narrator module of `game_name` ("odin"); raises ValueError for a game without one."""
    key = str(game_name).strip().lower()
    module = NARRATORS.get(key)
    if module is None:
        raise ValueError(f"no narrator for game {game_name!r}; available: {sorted(NARRATORS)}")
    return module


def narrate(game_name: str, events: Sequence[Any], lang: str, names: Sequence[str],
            viewer: int | None = None) -> list[str]:
    """One short line per event (a trick-ending pass shares its line), "you" forms for `viewer`."""
    return get_narrator(game_name).narrate(events, lang, names, viewer)


def explain(game_name: str, illegal: Any, lang: str, names: Sequence[str] | None = None) -> str:
    """The engine's reason code and params as a sentence in `lang` (generic text for an unknown game)."""
    module = NARRATORS.get(str(game_name).strip().lower())
    if module is None:
        code, params = illegal_parts(illegal)
        return explain_generic(code, params, normalise_lang(lang), names)
    return module.explain(illegal, lang, names)


def describe_action(game_name: str, action: Any, lang: str) -> str:
    """A readable line for one candidate action, ending with its notation."""
    return get_narrator(game_name).describe_action(action, lang)


def board_lines(game_name: str, view: Mapping[str, Any], lang: str, names: Sequence[str]) -> list[str]:
    """The public table as short lines: centre, hand sizes, scores, target, whose turn."""
    return get_narrator(game_name).board_lines(view, lang, names)


def hand_line(game_name: str | Mapping[str, Any], view: Mapping[str, Any] | str, lang: str | None = None,
              name: str | None = None) -> str:
    """The viewer's hand as one line: `hand_line("odin", view, lang)`; `hand_line(view, lang)` also works."""
    if isinstance(game_name, Mapping):
        real_view, real_lang = game_name, str(view)
        game = str(game_name.get("game", "odin"))
    else:
        if not isinstance(view, Mapping):
            raise TypeError("hand_line(game_name, view, lang) needs a view mapping")
        real_view, real_lang, game = view, str(lang), game_name
    return get_narrator(game).hand_line(real_view, real_lang, name)


__all__ = [
    "NARRATORS", "board_lines", "card_name", "card_named", "describe_action", "explain", "get_narrator",
    "hand_line", "narrate", "player_name",
]
