"""The parse corpus through the configured model: `python bench/llm_parse.py [--limit N] [--all]`.

Needs a model (OPENAI_BASE_URL and/or OPENAI_API_KEY, GM_MODEL; e.g. `scripts/local_llm_server.sh start`).
By default only the lines where the offline parser is unsure (ambiguous or no match) go to the model, as in
play; `--all` sends every line to the model alone (model-only accuracy). Prints accuracy against the corpus,
what the model did (chose a legal move / asked back / proposed an illegal one / failed), overall and by what the
offline parser said of the line, calls per move, prompt size and tokens per call, and latency. An illegal proposal
is never applied (the engine refuses it). The server and model are whatever is configured (the project's local one:
`scripts/local_llm_server.sh start`, then OPENAI_BASE_URL and GM_MODEL from what it prints).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import load_game  # noqa: E402
from gm.llm import from_env  # noqa: E402
from gm.parse import parse_move  # noqa: E402
from gm.parse.llm import llm_parse, resolve  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0, help="at most this many model calls (0: no limit)")
    ap.add_argument("--all", action="store_true", help="send every corpus line to the model alone")
    args = ap.parse_args()
    llm = from_env()
    if llm is None:
        sys.exit("no model configured: set OPENAI_BASE_URL (and GM_MODEL) or OPENAI_API_KEY")
    game = load_game("odin")
    rows = [json.loads(x) for x in (ROOT / "tests/data/odin_parse_corpus.jsonl").read_text().splitlines() if x]
    outcomes: Counter[str] = Counter()
    by_offline: dict[str, Counter[str]] = {}  # what the offline parser said -> what came of the model's answer
    right = asked = 0
    latencies: list[float] = []
    illegal_applied = 0
    for row in rows:
        if args.limit and asked >= args.limit:
            break
        state = game.scenario(row["scenario"])
        offline = parse_move(game, state, row["player"], row["text"])
        expect = row["expect"]
        if not args.all and offline.kind not in ("ambiguous", "no_match"):
            continue
        t = time.perf_counter()
        if args.all:
            out = llm_parse(llm, game, state, row["player"], row["text"], row["lang"])
        else:  # the game master's policy: choose among candidates; a no-match reading is only offered back
            out = resolve(llm, game, state, row["player"], row["text"], row["lang"], offline)
        latencies.append(time.perf_counter() - t)
        asked += 1
        outcomes[out.kind] += 1
        by_offline.setdefault(offline.kind, Counter())[out.kind] += 1
        if out.kind == "action":
            illegal_applied += game.check(state, out.action) is not None
            got = game.to_notation(out.action)
            ok = (expect["kind"] == "action" and got == expect["notation"]) or (
                expect["kind"] == "ambiguous" and got in expect["candidates"])
        elif out.kind == "confirm":  # offered back, not played: right unless the corpus expects that move
            ok = expect["kind"] != "action" or game.to_notation(out.action) == expect["notation"]
        else:  # asking back is right where the corpus expects no single move
            ok = expect["kind"] in ("ambiguous", "no_match", "illegal") and out.kind in ("clarify", "refused")
        right += ok
        by_offline[offline.kind]["right"] += ok
    u = llm.usage
    print(f"model: {llm.settings.model} at {llm.settings.base_url or 'OpenAI'}  method: {llm.settings.method}")
    print(f"lines sent to the model: {asked} ({'all lines' if args.all else 'offline parser unsure'})")
    print(f"outcomes: {dict(outcomes)}; right by the corpus: {right}/{asked} = {right / max(asked, 1):.0%}")
    for kind, got in sorted(by_offline.items()):
        n = sum(v for k, v in got.items() if k != "right")
        print(f"  offline {kind}: {n} lines -> {dict((k, v) for k, v in got.items() if k != 'right')}, "
              f"right {got['right']}/{n}")
    print(f"illegal actions applied: {illegal_applied} (the engine refuses every illegal proposal)")
    print(f"calls per move: {u.calls / max(asked, 1):.2f}; failures: {u.failures}; skipped after a failure "
          f"(the breaker): {u.skipped}; deadline per call {llm.settings.timeout:g} s")
    print(f"prompt per call: {u.prompt_chars / max(u.calls, 1):,.0f} chars, {u.prompt_tokens / max(u.calls, 1):,.0f} "
          f"tokens; completion {u.completion_tokens / max(u.calls, 1):,.1f} tokens per call")
    if latencies:
        lat = sorted(latencies)
        p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
        print(f"latency per call: p50 {statistics.median(lat):.2f} s, p99 {p99:.2f} s")


if __name__ == "__main__":
    main()
