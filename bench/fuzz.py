"""Mutation fuzzing for N inputs: `python bench/fuzz.py [--n 100000] [--seed 1] [--bound 5]`.

Runs the mutators of tests/fuzzing.py (the same ones tests/test_fuzz.py draws from) over real inputs — parse
corpus lines, notations of legal actions, scenario specs, saved states, exports of played games — against
the offline parser, the notation readers, `game.scenario`, `game.state_from_json` and `Store.import_game`,
and prints how many inputs each target got, the outcome kinds (action / ambiguous / illegal / no_match /
accepted / refused, and crash / hang, which must stay at 0), which mutators reached which outcomes, the
slowest call per target, and the first failures in full. Exit code 1 when anything crashed or hung.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import fuzzing as fz  # noqa: E402

# share of the inputs per target (the import loader is the slowest: a replay and a transaction per input)
WEIGHTS = {"parse": 0.40, "notation": 0.20, "scenario": 0.15, "state": 0.15, "import": 0.10}
OUTCOMES = ["action", "ambiguous", "illegal", "no_match", "accepted", "refused", "crash", "hang"]


def plan(rng: random.Random, names: list[str], most: int) -> list[tuple[str, int]]:
    return [(rng.choice(names), rng.randrange(2**32)) for _ in range(rng.randint(1, most))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=10_000, help="inputs in all (default 10000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bound", type=float, default=5.0, help="seconds one call may take before it is a hang")
    ap.add_argument("--only", choices=sorted(WEIGHTS), help="fuzz one target alone")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    text_ops = sorted(fz.TEXT_MUTATORS)
    doc_ops = sorted(fz.JSON_MUTATORS) + text_ops
    tmp = Path(tempfile.mkdtemp(prefix="gm-fuzz-"))
    importer = fz.ImportTarget(tmp / "gm.sqlite3", check_unchanged=False)  # the data version is checked instead

    def parse_case() -> tuple[list[tuple[str, int]], Callable[[], fz.Outcome]]:
        seed = rng.choice(fz.parse_seeds())
        ops = plan(rng, text_ops, 4)
        shift = rng.choice([0, 0, 0, 1, 2])
        return ops, lambda: fz.run_parse(seed, fz.mutate_text(seed[2], ops), player_shift=shift)

    def notation_case() -> tuple[list[tuple[str, int]], Callable[[], fz.Outcome]]:
        state, notation = rng.choice(fz.notation_seeds())
        ops = plan(rng, text_ops, 3)
        return ops, lambda: fz.run_notation(state, fz.mutate_text(notation, ops))

    def scenario_case() -> tuple[list[tuple[str, int]], Callable[[], fz.Outcome]]:
        spec = rng.choice(fz.scenario_seeds())
        ops = plan(rng, doc_ops, 3)
        return ops, lambda: fz.run_scenario(fz.mutate_doc(spec, ops))

    def state_case() -> tuple[list[tuple[str, int]], Callable[[], fz.Outcome]]:
        text = rng.choice(fz.state_seeds())
        if rng.random() < 0.5:
            ops = plan(rng, text_ops, 3)
            return ops, lambda: fz.run_state(fz.mutate_text(text, ops))
        ops = plan(rng, doc_ops, 3)

        def run() -> fz.Outcome:
            try:
                mutated = json.dumps(fz.mutate_doc(json.loads(text), ops))
            except (ValueError, RecursionError):  # not writable as JSON: give the reader the seed's text cut
                mutated = text[: len(text) // 2]
            return fz.run_state(mutated)

        return ops, run

    def import_case() -> tuple[list[tuple[str, int]], Callable[[], fz.Outcome]]:
        doc = rng.choice(importer.seeds)
        ops = plan(rng, doc_ops, 3)
        return ops, lambda: importer.run(fz.mutate_doc(doc, ops))

    makers = {"parse": parse_case, "notation": notation_case, "scenario": scenario_case, "state": state_case,
              "import": import_case}
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    reach: dict[str, Counter[str]] = defaultdict(Counter)  # mutator -> outcome kinds it was part of
    slowest: dict[str, float] = defaultdict(float)
    slowest_case: dict[str, str] = {}
    failures: list[str] = []
    start = time.perf_counter()
    targets = [args.only] if args.only else list(WEIGHTS)
    weights = [WEIGHTS[t] for t in targets]
    for _ in range(args.n):
        target = rng.choices(targets, weights)[0]
        state = rng.getstate()
        ops, call = makers[target]()
        try:
            outcome, took = fz.timed(call, args.bound)
            kind = outcome.kind
            if took > slowest[target]:
                slowest[target] = took
                slowest_case[target] = f"{ops} (random state hash {hash(state) & 0xffff:04x})"
        except fz.Hang:
            kind = "hang"
            if len(failures) < 5:
                failures.append(f"{target} {ops}: over {args.bound} s")
        except Exception:  # noqa: BLE001 - every escape is counted and shown
            kind = "crash"
            if len(failures) < 5:
                failures.append(f"{target} {ops}:\n{traceback.format_exc(limit=6)}")
        counts[target][kind] += 1
        for name, _ in ops:
            reach[name][f"{target}:{kind}"] += 1
    elapsed = time.perf_counter() - start

    print(f"{args.n} inputs in {elapsed:.1f} s (seed {args.seed}, bound {args.bound} s per call)\n")
    print(f"{'target':<10}{'inputs':>8}" + "".join(f"{k:>11}" for k in OUTCOMES) + f"{'slowest ms':>12}")
    for target in targets:
        c = counts[target]
        print(f"{target:<10}{sum(c.values()):>8}" + "".join(f"{c[k]:>11}" for k in OUTCOMES)
              + f"{slowest[target] * 1000:>12.1f}")
    total = Counter[str]()
    for c in counts.values():
        total.update(c)
    print(f"{'all':<10}{sum(total.values()):>8}" + "".join(f"{total[k]:>11}" for k in OUTCOMES) + "\n")
    print("slowest call per target (its mutators):")
    for target in targets:
        print(f"  {target:<10} {slowest[target] * 1000:8.1f} ms  {slowest_case.get(target, '')}")
    print("\nwhich mutators reached which outcomes (target:kind count, most frequent first):")
    for name in sorted(reach):
        kinds = ", ".join(f"{k} {n}" for k, n in reach[name].most_common())
        print(f"  {name:<12} {kinds}")
    for failure in failures:
        print("\n" + failure)
    return 1 if total["crash"] or total["hang"] else 0


if __name__ == "__main__":
    sys.exit(main())
