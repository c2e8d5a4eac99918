"""Speed and accuracy of the offline move parser: `python bench/parse.py [--reps 20] [--corpus FILE]`.

Runs every line of the parse corpus through `gm.parse.parse_move` several times and prints the p50, p99 and
max time of one parse in milliseconds, plus the accuracy per language (kind and notation / candidates / code
as the corpus expects) and how often the detected language is the corpus line's. Nothing here asserts: the
figures are for docs/parser.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import load_game  # noqa: E402
from gm.parse import parse_move  # noqa: E402
from gm.parse.core import agrees  # noqa: E402

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "odin_parse_corpus.jsonl"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--corpus", default=str(CORPUS))
    args = ap.parse_args()
    game = load_game("odin")
    rows = [json.loads(line) for line in Path(args.corpus).read_text(encoding="utf-8").splitlines() if line]
    cases = [(r, game.scenario(r["scenario"])) for r in rows]

    per_lang: dict[str, list[int]] = {}
    lang_hits = 0
    cold: list[float] = []
    for r, state in cases:
        t0 = time.perf_counter()
        res = parse_move(game, state, r["player"], r["text"])
        cold.append((time.perf_counter() - t0) * 1000.0)
        ok = agrees(res.to_json(game), r["expect"])
        per_lang.setdefault(r.get("lang", "?"), []).append(int(ok))
        lang_hits += res.lang == r.get("lang")
        if not ok:
            print(f"MISS {r['id']}: {r['text']!r} -> {res.to_json(game)} (expected {r['expect']})")

    times: list[float] = []
    for _ in range(args.reps):
        for r, state in cases:
            t0 = time.perf_counter()
            parse_move(game, state, r["player"], r["text"])
            times.append((time.perf_counter() - t0) * 1000.0)

    total = sum(sum(v) for v in per_lang.values())
    print(f"corpus: {len(rows)} lines, {args.reps} repetitions, {len(times)} parses")
    for lang in sorted(per_lang):
        v = per_lang[lang]
        print(f"  accuracy {lang}: {sum(v)}/{len(v)} = {100.0 * sum(v) / len(v):.1f}%")
    print(f"  accuracy all: {total}/{len(rows)} = {100.0 * total / len(rows):.1f}%")
    print(f"  detected language = line's language: {lang_hits}/{len(rows)}")
    print(f"  first pass (cold look-up caches): p50 {percentile(cold, 0.50):.3f} ms, "
          f"p99 {percentile(cold, 0.99):.3f} ms, max {max(cold):.3f} ms")
    print(f"  time per parse: p50 {percentile(times, 0.50):.3f} ms, p99 {percentile(times, 0.99):.3f} ms, "
          f"mean {statistics.fmean(times):.3f} ms, max {max(times):.3f} ms")


if __name__ == "__main__":
    main()
