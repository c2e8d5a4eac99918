"""Scores the rules answers on the question sets in tests/data/ (used by the test and by bench/ask.py)."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from gm.rules import answer
from gm.rules.retrieval import index


def load_questions(folder: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for path in sorted(folder.glob("rules_questions_*.jsonl")):
        out += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return out


def evaluate(questions: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, int]]:
    """Per (game, lang): n, top1, top3 (expected section among the three best), fact (in the answer), lang_ok."""
    stats: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: dict.fromkeys(
        ("n", "top1", "top3", "fact", "lang_ok"), 0))
    for q in questions:
        ans = answer(q["question"], q["game"])  # the language is detected, as for a player
        hits = index(q["game"], ans.lang).search(q["question"], k=3)
        ids = [h.section.id for h in hits]
        s = stats[(q["game"], q["lang"])]
        s["n"] += 1
        s["lang_ok"] += ans.lang == q["lang"]
        s["top1"] += bool(ans.sections) and ans.sections[0]["id"] in q["sections"]
        s["top3"] += any(i in q["sections"] for i in ids)
        s["fact"] += any(f.lower() in ans.text.lower() for f in q["facts"])
    return dict(stats)


def table(stats: dict[tuple[str, str], dict[str, int]]) -> str:
    lines = [f"{'game':<14}{'lang':<6}{'n':>4}{'top-1':>8}{'top-3':>8}{'fact':>8}{'lang':>8}"]
    total = dict.fromkeys(("n", "top1", "top3", "fact", "lang_ok"), 0)
    by: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(total, 0))
    for (game, lang), s in sorted(stats.items()):
        lines.append(_row(game, lang, s))
        for k in total:
            total[k] += s[k]
            by["lang " + lang][k] += s[k]
            by["game " + game][k] += s[k]
    for key, s in sorted(by.items()):
        lines.append(_row(key, "", s))
    lines.append(_row("all", "", total))
    return "\n".join(lines)


def _row(a: str, b: str, s: dict[str, int]) -> str:
    n = max(s["n"], 1)
    return (f"{a:<14}{b:<6}{s['n']:>4}{s['top1'] / n:>8.0%}{s['top3'] / n:>8.0%}{s['fact'] / n:>8.0%}"
            f"{s['lang_ok'] / n:>8.0%}")


_SAME = str.maketrans({"–": "-", "—": "-", "‑": "-", "’": "'", "‘": "'", "\u00a0": " ", "\u202f": " "})


def _plain(text: str) -> str:
    """Lower case, with typographic dashes, apostrophes and spaces as typed ("2–6" is "2-6")."""
    return text.lower().translate(_SAME)


def fact_found(row: dict[str, Any], ans: Any) -> bool:
    """Whether an answer gives a blind question's needed fact; for a question the rules do not answer
    (`unanswerable`), whether it says so (source "none")."""
    if row.get("unanswerable"):
        return bool(ans.source == "none")
    return any(_plain(f) in _plain(ans.text) for f in row["facts"])


def score_blind(rows: list[dict[str, Any]], llm: Any = None) -> tuple[int, list[Any]]:
    """(answers with the needed fact, the answers) for a blind set, in the languages the questions detect."""
    answers = [answer(r["question"], r["game"], llm=llm) for r in rows]
    return sum(fact_found(r, a) for r, a in zip(rows, answers, strict=True)), answers
