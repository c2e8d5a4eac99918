"""ODIN's kit: its parser, narration, board and hand, status line, completions, model reading form and the answers the
engine gives from a position. Registered in gm/games/__init__.py."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.odin.game import OdinView
from gm.games.odin import answers, model, narrate
from gm.games.odin.parse import PARSER
from gm.i18n import t
from gm.kit import Kit, ReadingForm
from gm.rules import Answer


class OdinKit(Kit):
    table_size_section = "odin.gaps.variants"
    parser = PARSER
    code_pattern = re.compile(r"\b[BRPGKO][1-9]\b")

    def narrate(self, events: Sequence[Any], lang: str, names: Sequence[str], viewer: int | None) -> list[str]:
        return narrate.narrate(events, lang, names, viewer)

    def explain(self, illegal: Any, lang: str, names: Sequence[str] | None = None) -> str:
        return narrate.explain(illegal, lang, names)

    def describe_action(self, action: Any, lang: str) -> str:
        return narrate.describe_action(action, lang)

    def board_lines(self, view: OdinView, lang: str, names: Sequence[str]) -> list[str]:
        return narrate.board_lines(view.to_json(), lang, names)

    def hand_lines(self, view: OdinView, lang: str, name: str | None = None) -> list[str]:
        if view.hand is None:
            return []
        return [narrate.hand_line(view.to_json(), lang, name)]

    def status(self, view: OdinView, lang: str) -> str:
        centre = " ".join(view.center) or "—"
        return t("odin.ui.status", lang, centre=centre, value=view.center_value)

    def setup_line(self, view: OdinView, lang: str) -> str:
        if view.target == "one_hand":
            return t("odin.ui.setup_one_hand", lang)
        return t("odin.ui.setup_target", lang, target=view.target)

    def completions(self, view: OdinView) -> list[str]:
        return ["play", "pass", "take", *(view.hand or ()), *view.center]

    def public_facts(self, view: OdinView) -> dict[str, Any]:
        return {"center": list(view.center), "center_value": view.center_value,
                "hand_sizes": list(view.hand_sizes), "scores": list(view.scores), "target": view.target,
                "deal": view.deal}

    def model_facts(self, view: OdinView, player: int) -> dict[str, Any]:
        hand = list(view.hand) if view.hand is not None else None
        table = {"center": list(view.center), "center_value": view.center_value,
                 "hand_sizes": list(view.hand_sizes), "scores": list(view.scores)}
        return {"you": {"hand": hand, "seat": player}, "table": table}

    def model_reading(self, state: Any, view: OdinView) -> ReadingForm | None:
        return model.form(view)

    def state_answer(self, question: str, lang: str, state: Any, player: int,
                     names: Sequence[str]) -> Answer | None:
        found: Answer | None = answers.state_answer(question, lang, state, player, names)
        return found

    def hypothetical_answer(self, question: str, lang: str) -> Answer | None:
        found: Answer | None = answers.hypothetical_answer(question, lang)
        return found


KIT = OdinKit("odin", "ODIN", Path(__file__).parent)
