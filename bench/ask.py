"""Rules answers offline: `python bench/ask.py [--reps 5]`.

Prints the time of the first question (language detector and BM25 index loaded on demand), the latency
p50/p99 of answers once loaded (language detection + retrieval, over the question sets in tests/data), the
memory the indexes and the detector cost (RSS growth), and top-1/top-3/fact accuracy per game and language.
No assertions: the figures are for the notes.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * resource.getpagesize() / 2**20


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    base = rss_mb()
    t0 = time.perf_counter()
    from gm.rules import answer
    from gm.rules.evaluate import evaluate, load_questions, table
    from gm.rules.retrieval import games, index
    from gm.text import LANGS

    questions = load_questions(ROOT / "tests" / "data")
    first = time.perf_counter()
    answer("how many cards does each player get?", "odin")
    first = time.perf_counter() - first
    for game in games():
        for lang in LANGS:
            index(game, lang)
    loaded = time.perf_counter() - t0
    after = rss_mb()
    times = []
    for _ in range(args.reps):
        for q in questions:
            t = time.perf_counter()
            answer(q["question"], q["game"])
            times.append(time.perf_counter() - t)
    times.sort()
    p = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1e3  # noqa: E731
    print(f"first question (loads detector + one index): {first * 1e3:.0f} ms; all 9 indexes loaded after "
          f"{loaded * 1e3:.0f} ms")
    print(f"memory: {after - base:.0f} MB RSS for the imports, the language detector and 9 indexes")
    print(f"answer latency over {len(times)} answers: p50 {p(.5):.2f} ms  p99 {p(.99):.2f} ms  max {p(1):.2f} ms")
    print(table(evaluate(questions)))


if __name__ == "__main__":
    main()
