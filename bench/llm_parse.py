"""The game master's move reading with the configured model, on blind sets or the corpus:
`python bench/llm_parse.py [FILE ...] [--game G] [--limit N]` (default: tests/data/odin_parse_corpus.jsonl).

Needs a model (OPENAI_BASE_URL and/or OPENAI_API_KEY, GM_MODEL; e.g. `scripts/local_llm_server.sh start`).
Each line goes through `gm.parse.llm.understand`, as at the table: the model is asked only where the offline
parser is unsure (`--all`: the model alone reads every line, through the reading form with no offline result).
Prints, offline vs with the model: lines right (a "did you mean" offer counts right only when it is the expected
move), wrong moves played, guesses (an ambiguous line played), chat offered as a move, the lines the model
changed and the net gain, calls per line, latency. Nothing here asserts a figure.
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
from gm.parse.blind import position  # noqa: E402
from gm.parse.core import agrees  # noqa: E402
from gm.parse.llm import understand  # noqa: E402


def verdict(game: object, res: object, model: object) -> dict[str, object]:
    if model is not None and getattr(model, "kind", None) == "confirm":
        return {"kind": "confirm", "notation": game.to_notation(model.action)}  # type: ignore[attr-defined]
    return res.to_json(game)  # type: ignore[attr-defined]


def right(got: dict[str, object], expect: dict[str, object]) -> bool:
    same = [expect.get("notation"), *expect.get("same_as", [])]  # type: ignore[list-item]
    if got["kind"] == "confirm":
        return expect["kind"] == "action" and got["notation"] in same
    return agrees(got, expect) or (got["kind"] == "action" and expect["kind"] == "action" and got["notation"] in same)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="*", default=[str(ROOT / "tests/data/odin_parse_corpus.jsonl")])
    ap.add_argument("--limit", type=int, default=0, help="at most this many lines (0: all)")
    ap.add_argument("--game", default="odin", help="the game the lines are for (odin, name-of-odin, jorvik)")
    args = ap.parse_args()
    llm = from_env()
    if llm is None:
        sys.exit("no model configured: set OPENAI_BASE_URL (and GM_MODEL) or OPENAI_API_KEY")
    game = load_game(args.game)
    rows = [json.loads(x) for f in args.files for x in Path(f).read_text(encoding="utf-8").splitlines() if x]
    if args.limit:
        rows = rows[:args.limit]
    c: Counter[str] = Counter()
    latencies: list[float] = []
    changed: list[tuple[str, str, str, str]] = []
    for row in rows:
        state = position(game, row)  # the scenario with the row's "moves" applied
        expect = row["expect"]
        off, _ = understand(game, state, row["player"], row["text"], None, None)
        calls = llm.usage.calls
        t = time.perf_counter()
        res, model = understand(game, state, row["player"], row["text"], None, llm)
        if llm.usage.calls > calls:
            latencies.append(time.perf_counter() - t)
        for name, got in (("offline", off.to_json(game)), ("model", verdict(game, res, model))):
            c[f"{name} n"] += 1
            c[f"{name} right"] += right(got, expect)
            played = got["kind"] == "action"
            c[f"{name} wrong moves"] += played and not (expect["kind"] == "action" and right(got, expect))
            c[f"{name} guesses"] += played and expect["kind"] == "ambiguous"
            c[f"{name} chat offered"] += expect["kind"] == "no_match" and got["kind"] in ("action", "confirm",
                                                                                        "ambiguous")
        a, b = off.to_json(game), verdict(game, res, model)
        if a != b:
            changed.append((row["id"], row["text"], json.dumps(a)[:80], json.dumps(b)[:80]))
            c["changed"] += 1
            c["changed right"] += right(b, expect) and not right(a, expect)
            c["changed wrong"] += right(a, expect) and not right(b, expect)
    u = llm.usage
    n = max(c["offline n"], 1)
    print(f"model: {llm.settings.model} at {llm.settings.base_url or 'OpenAI'}; lines: {n} from "
          f"{', '.join(Path(f).name for f in args.files)}")
    for name in ("offline", "model"):
        print(f"{name:>8}: right {c[name + ' right']}/{n} = {c[name + ' right'] / n:.1%}, wrong moves played "
              f"{c[name + ' wrong moves']}, guesses on ambiguous lines {c[name + ' guesses']}, chat offered as a "
              f"move {c[name + ' chat offered']}")
    print(f"lines the model changed: {c['changed']} (now right {c['changed right']}, now wrong "
          f"{c['changed wrong']}); net gain {c['model right'] - c['offline right']:+d}")
    print(f"model calls: {u.calls} ({u.calls / n:.2f} per line), failures {u.failures}, skipped {u.skipped}")
    if latencies:
        lat = sorted(latencies)
        p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
        print(f"latency of a line that called the model: p50 {statistics.median(lat):.2f} s, p99 {p99:.2f} s")
    for row_id, text, a, b in changed:
        print(f"  {row_id} {text!r}: {a} -> {b}")


if __name__ == "__main__":
    main()
