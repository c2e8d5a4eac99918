"""In the Name of Odin's kit: its parser, narration, board and hand, status line, completions, the answers the
engine gives from a position or from one the question describes, the card texts in play, the final scoring's
breakdown and the check of a card file. Registered in gm/games/__init__.py."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.name_of_odin.cards import problems
from engine.name_of_odin.game import NooView
from gm.games.name_of_odin import answers, narrate
from gm.games.name_of_odin.parse import PARSER
from gm.i18n import normalise_lang, t
from gm.kit import Kit
from gm.rules import Answer

_NOTATION = ("end", "exchange", "refresh", "done", "gather", "recruit", "use", "build", "token", "buy", "return",
             "repair", "raid", "release", "from", "stop", "add", "pass", "match", "take", "none", "pay")


class NameOfOdinKit(Kit):
    table_size_section = "name-of-odin.gaps.variants"
    parser = PARSER
    code_pattern = re.compile(r"\b[WTS][RCN](?:10|[1-9])\b")

    def narrate(self, events: Sequence[Any], lang: str, names: Sequence[str], viewer: int | None) -> list[str]:
        return narrate.narrate(events, lang, names, viewer)

    def explain(self, illegal: Any, lang: str, names: Sequence[str] | None = None) -> str:
        return narrate.explain(illegal, lang, names)

    def describe_action(self, action: Any, lang: str) -> str:
        return narrate.describe_action(action, lang)

    def board_lines(self, view: NooView, lang: str, names: Sequence[str]) -> list[str]:
        return narrate.board_lines(view.to_json(), lang, names)

    def hand_lines(self, view: NooView, lang: str, name: str | None = None) -> list[str]:
        data = view.to_json()
        if "hand" not in data:
            return []
        return narrate.hand_line(data, lang, name)

    def status(self, view: NooView, lang: str) -> str:
        data = view.to_json()
        sea = " ".join(sp["raid"] for sp in data["sea"] if sp.get("raid")) or "—"
        return t("name-of-odin.ui.status", lang, edition=t(f"name-of-odin.edition.{data['edition']}", lang), sea=sea)

    def setup_line(self, view: NooView, lang: str) -> str:
        data = view.to_json()
        return t("name-of-odin.ui.setup", lang, edition=t(f"name-of-odin.edition.{data['edition']}", lang))

    def completions(self, view: NooView) -> list[str]:
        data = view.to_json()
        words = list(_NOTATION)
        words += sorted({c[:2] for c in data.get("hand") or []})
        words += sorted({c[:2] for c in data.get("offer") or []})
        words += [h["hero"] for h in data["hero_offer"] if h.get("hero")]
        words += list(data["building_offer"]) + list(data["longship_offer"])
        words += [sp["raid"] for sp in data["sea"] if sp.get("raid")]
        for v in data["villages"]:
            words += [s["ship"] for s in v["longships"]] + ([v["hero"]] if v.get("hero") else [])
        return list(dict.fromkeys(words))

    def public_facts(self, view: NooView) -> dict[str, Any]:
        data = view.to_json()
        return {k: data[k] for k in ("edition", "offer", "hero_offer", "building_offer", "longship_offer", "sea",
                                     "raid_table", "mead_hall", "villages", "scores", "decision")}

    def model_facts(self, view: NooView, player: int) -> dict[str, Any]:
        data = view.to_json()
        return {"you": {"seat": player, "hand": data.get("hand")}, "table": self.public_facts(view)}

    def card_lines(self, query: str, lang: str, state: Any = None) -> list[str] | None:
        return answers.card_lines(query, normalise_lang(lang), state)

    def final_lines(self, state: Any, lang: str, names: Sequence[str]) -> list[str]:
        return answers.final_lines(state, normalise_lang(lang), names)

    def check_cards(self, document: Any) -> list[str] | None:
        return problems(document)

    def state_answer(self, question: str, lang: str, state: Any, player: int,
                     names: Sequence[str]) -> Answer | None:
        found: Answer | None = answers.state_answer(question, lang, state, player, names)
        return found

    def hypothetical_answer(self, question: str, lang: str) -> Answer | None:
        found: Answer | None = answers.hypothetical_answer(question, lang)
        return found


KIT = NameOfOdinKit("name-of-odin", "In the Name of Odin", Path(__file__).parent)
