"""Jórvík's kit: its parser, narration, board, the player's own area, status line, completions, the answers the
engine gives from a position, card texts from the card data, the final scoring's breakdown and the check of a
card file. Registered in gm/games/__init__.py."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gm.games.jorvik import answers, narrate
from gm.games.jorvik.parse import PARSER
from gm.i18n import t
from gm.kit import Kit
from gm.rules import Answer


class JorvikKit(Kit):
    table_size_section = "jorvik.gaps.variants"
    parser = PARSER
    code_pattern = re.compile(r"\b[A-DF][0-9]{2}\b")

    def narrate(self, events: Sequence[Any], lang: str, names: Sequence[str], viewer: int | None) -> list[str]:
        return narrate.narrate(events, lang, names, viewer)

    def explain(self, illegal: Any, lang: str, names: Sequence[str] | None = None) -> str:
        return narrate.explain(illegal, lang, names)

    def describe_action(self, action: Any, lang: str) -> str:
        return narrate.describe_action(action, lang, narrate.seen_decision())

    def board_lines(self, view: Any, lang: str, names: Sequence[str]) -> list[str]:
        return narrate.board_lines(view.to_json(), lang, names)

    def hand_lines(self, view: Any, lang: str, name: str | None = None) -> list[str]:
        return narrate.hand_lines(view.to_json(), lang, name)

    def status(self, view: Any, lang: str) -> str:
        return narrate.status(view.to_json(), lang)

    def setup_line(self, view: Any, lang: str) -> str:
        data = view.to_json()
        narrate.remember(data)
        mode = data.get("mode", "karl")
        return t("jorvik.ui.setup", lang, mode=t(f"jorvik.board.mode_{mode}", lang))

    def completions(self, view: Any) -> list[str]:
        data = view.to_json()
        words = ["demand", "reserve", "buy", "withdraw", "skip", "done", "craft", "sell", "sacrifice", "store",
                 "give", "take", "use", "pick", "swap", "double", "pay", "brown", "coin"]
        cards = [sp["card"] for sp in data.get("spaces") or []]
        for area in data.get("player_areas") or []:
            cards += area.get("display") or []
        goods = ["amber", "iron", "leather", "wool", "jet"] + (["silk", "glass", "gold"]
                                                               if data.get("mode") == "jarl" else [])
        return words + goods + cards

    def public_facts(self, view: Any) -> dict[str, Any]:
        data = view.to_json()
        keep = ("mode", "round", "phase", "season", "deck_left", "spaces", "reserved", "player_areas", "supply",
                "scores")
        return {k: data[k] for k in keep if k in data}

    def model_facts(self, view: Any, player: int) -> dict[str, Any]:
        return {"seat": player, "table": self.public_facts(view)}

    def state_answer(self, question: str, lang: str, state: Any, player: int,
                     names: Sequence[str]) -> Answer | None:
        found: Answer | None = answers.state_answer(question, lang, state, player, names)
        return found

    def hypothetical_answer(self, question: str, lang: str) -> Answer | None:
        found: Answer | None = answers.hypothetical_answer(question, lang)
        return found

    def card_lines(self, query: str, lang: str, state: Any = None) -> list[str] | None:
        return answers.card_lines(query, lang, state)

    def final_lines(self, state: Any, lang: str, names: Sequence[str]) -> list[str]:
        return answers.final_lines(state, lang, names)

    def check_cards(self, document: Any) -> list[str] | None:
        from engine.jorvik.cards import check_card_data

        return check_card_data(document)


KIT = JorvikKit("jorvik", "Jórvík", Path(__file__).parent)
