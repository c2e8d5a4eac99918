"""Glue shared by the game narrators: player names, you-forms, reason codes without a game-specific text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import EngineError
from gm.i18n import has, t


def player_name(names: Sequence[str] | None, seat: Any, lang: str) -> str:
    """The name of `seat`, or "Player 3" / "Spieler 3" / "Joueur 3" when the list has none for it."""
    if isinstance(seat, str) and not seat.lstrip("-").isdigit():
        return seat
    try:
        i = int(seat)
    except (TypeError, ValueError):
        return str(seat)
    if names is not None and 0 <= i < len(names) and names[i]:
        return str(names[i])
    return t("player.fallback", lang, n=i + 1)


def you_key(key: str, you: bool) -> str:
    """`key_you` when the viewer is the acting player, else `key`."""
    return f"{key}_you" if you else key


def illegal_parts(illegal: Any) -> tuple[str, dict[str, Any]]:
    """(code, params) of an engine `Illegal`, a mapping {"code": ..., "params": ...} or a bare code string."""
    if isinstance(illegal, str):
        return illegal, {}
    if isinstance(illegal, Mapping):
        code, params = illegal.get("code"), illegal.get("params")
    else:
        code, params = getattr(illegal, "code", None), getattr(illegal, "params", None)
    return str(code or "unknown"), dict(params) if isinstance(params, Mapping) else {}


def explain_generic(code: str, params: Mapping[str, Any], lang: str, names: Sequence[str] | None = None,
                    game: str | None = None) -> str:
    """A refusal from the templates `<game>.refuse.<code>`, then `refuse.<code>`, then `refuse.unknown`.

    Parameters are passed through as text; `player` (a seat) also becomes `name`.
    """
    values: dict[str, Any] = {k: " ".join(map(str, v)) if isinstance(v, list | tuple) else v
                              for k, v in params.items()}
    values["code"] = code
    if code == "not_your_turn":  # {name} is the seat to move ("to_move"); "player" is who asked
        seat = params.get("to_move", params.get("player"))
        if seat is None:
            return t("refuse.not_your_turn_nobody", lang)
        values["name"] = player_name(names, seat, lang)
    for key in ([f"{game}.refuse.{code}"] if game else []) + [f"refuse.{code}"]:
        if has(key, lang) or has(key, "en"):
            return t(key, lang, **values)
    return t("refuse.unknown", lang, **values)


def as_action(game: Any, action: Any) -> Any:
    """An action from what a caller holds: the action itself, its JSON, or its notation; None when it is none."""
    if isinstance(action, Mapping):
        try:
            return game.action_from_json(dict(action))
        except ValueError:
            return None
    if isinstance(action, str):
        try:
            return game.parse_notation(action)
        except EngineError:
            return None
    return action
