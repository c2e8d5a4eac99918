"""The shape of a game's kit: everything the table knows about one game, behind one object.

Generic code (session, REPL, CLI, store, parse/narrate/rules cores, model layer) asks a kit — "read this
line", "tell these events", "draw the board for this seat", "answer this from the position" — and never
branches on a game's name, events, decisions or view keys. A kit lives in `gm/games/<package>/` beside its
engine `engine/<package>/` and is registered by one line in `gm/games/__init__.py`.

A kit may exist before its engine: it then holds the rules digest only, `gm ask` answers from it and
`gm play` says the game is not playable yet. The defaults below are what such a kit has.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import AnyGame, GameInfo, has_engine, load_game
from gm.text import LANGS

if TYPE_CHECKING:
    from pydantic import BaseModel

    from gm.parse.core import GameParser
    from gm.rules import Answer


@dataclass(frozen=True)
class ReadingForm:
    """How the model reports what a player's words say, for the game's own grounding to decide the move.

    The model never picks a move. It fills in `schema` — the things the words name (cards, values, colours,
    a take, a negation, a superlative, "all"), each with the player's own words quoted — and `read` turns
    the filled-in form into the readings of the kit's parser (`gm.parse.core.Reading`), dropping whatever the
    quoted words do not support; `gm.parse.core.ground` then decides as for the offline parser: one legal
    action, several (asked back), or none (the engine's reason). `read` returns a no_match reason instead of
    readings when the words say no move ("not_a_move", "negated", "unsupported")."""

    schema: type[BaseModel]
    read: Any  # Callable[[BaseModel, str (the player's text), state, player], list[Reading] | str]
    how_to_answer: str


class Kit:
    """One game at the table. Subclass it in `gm/games/<package>/__init__.py` and override what the game
    needs; a kit without an engine only sets `name`, `title` and its folder."""

    parser: GameParser | None = None
    code_pattern: re.Pattern[str] | None = None
    """The notation of the game's hidden things (cards); model text may only name those in the public facts."""

    def __init__(self, name: str, title: str, folder: Path) -> None:
        self.name = name
        self.title = title
        self.folder = folder

    # ---- engine --------------------------------------------------------------------------------------------

    @cached_property
    def engine(self) -> AnyGame | None:
        return load_game(self.name) if has_engine(self.name) else None

    @property
    def playable(self) -> bool:
        return self.engine is not None and self.parser is not None

    @property
    def info(self) -> GameInfo:
        if self.engine is None:
            raise LookupError(f"{self.title} has no engine yet")
        return self.engine.info

    # ---- data files ----------------------------------------------------------------------------------------

    def digest_file(self, lang: str) -> Path:
        """The rules digest in `lang` (our own words; see docs/rules.md)."""
        return self.folder / "digest" / f"{lang}.json"

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang in LANGS if self.digest_file(lang).exists())

    @cached_property
    def edition_links(self) -> dict[str, list[str]]:
        """Sections whose rule differs between editions -> the sections that say how (may be empty)."""
        path = self.folder / "digest" / "links.json"
        data: dict[str, list[str]] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        return data

    @cached_property
    def prompt_hint(self) -> str:
        """What a model must know of this game's notation to read a move (`prompt.md` in the kit)."""
        path = self.folder / "prompt.md"
        return path.read_text(encoding="utf-8").strip() if path.exists() else ""

    # ---- narration (a playable kit overrides these) ----------------------------------------------------------

    def narrate(self, events: Sequence[Any], lang: str, names: Sequence[str], viewer: int | None) -> list[str]:
        raise NotImplementedError

    def explain(self, illegal: Any, lang: str, names: Sequence[str] | None = None) -> str:
        from gm.narrate.common import explain_generic, illegal_parts

        code, params = illegal_parts(illegal)
        return explain_generic(code, params, lang, names, game=self.name)

    def describe_action(self, action: Any, lang: str) -> str:
        raise NotImplementedError

    def board_lines(self, view: Any, lang: str, names: Sequence[str]) -> list[str]:
        raise NotImplementedError

    def hand_lines(self, view: Any, lang: str, name: str | None = None) -> list[str]:
        """What only the viewer sees (a hand), as lines; [] when the viewer holds nothing hidden."""
        return []

    def status(self, view: Any, lang: str) -> str:
        """The game's part of the REPL's status bar (e.g. what lies in the middle)."""
        return ""

    def setup_line(self, view: Any, lang: str) -> str:
        """What the new-game line says about the options in play (e.g. " · target 15 points")."""
        return ""

    def completions(self, view: Any) -> list[str]:
        """Words and codes the REPL completes for the seat whose view this is."""
        return []

    def public_facts(self, view: Any) -> dict[str, Any]:
        """The public position for a model's context (no hidden thing)."""
        summary = view.summary
        return {"scores": list(summary.scores), **{k: v for k, v in summary.public}}

    def model_facts(self, view: Any, player: int) -> dict[str, Any]:
        """What the move reader sees of the position: the seat, its own private things, and the table."""
        data = view.to_json()
        return {"seat": player, "private": {k: data[k] for k in view.summary.private if k in data},
                "table": self.public_facts(view)}

    # ---- the model ---------------------------------------------------------------------------------------

    def model_reading(self, state: Any, view: Any) -> ReadingForm | None:
        """The form in which the model reports what a player's words say (see `ReadingForm`); None: the
        model only offers back its choice among the legal actions for words the parser did not know."""
        return None

    def card_lines(self, query: str, lang: str, state: Any = None) -> list[str] | None:
        """What a card does, from the card data in play (`/card NAME`, "what does Egil do?"); None: no card of
        that name (or the game has no cards with texts)."""
        return None

    def check_cards(self, document: Any) -> list[str] | None:
        """The problems of a card document (a parsed card file), [] when it can be played with; None when the
        game takes no card files."""
        return None

    def final_lines(self, state: Any, lang: str, names: Sequence[str]) -> list[str]:
        """The final scoring's breakdown per player, shown with the final scores; [] when a score has no parts."""
        return []

    # ---- rules answers --------------------------------------------------------------------------------------

    def state_answer(self, question: str, lang: str, state: Any, player: int,
                     names: Sequence[str]) -> Answer | None:
        """An answer the engine gives from the position (legal moves, why not, figures), else None."""
        return None

    #: the digest section that says what the rules offer beyond the player count (cited when a table is too big)
    table_size_section: str = ""

    def hypothetical_answer(self, question: str, lang: str) -> Answer | None:
        """An answer the engine computes for a position the question itself describes, not one in play
        ("what are these cards worth?", "do these cards beat those?"), else None. Asked with no game in
        play; a kit's `state_answer` may ask it first during a game."""
        return None


def option_help(info: GameInfo) -> Mapping[str, str]:
    """Option name -> its help text with the choices and the default, for `gm play GAME --help`."""
    out: dict[str, str] = {}
    for o in info.options:
        choices = f" ({', '.join(map(str, o.choices))})" if o.choices and o.type != "bool" else ""
        out[o.name] = f"{o.help}{choices}; default {o.default}"
    return out
