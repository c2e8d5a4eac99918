"""Rules answers on blind question sets, offline and with the configured model:
`python bench/ask_blind.py tests/data/rules_blind4.jsonl [--model] [--misses]`.

A question counts right when its answer holds one of the needed facts (`facts`), or, for a question the rules
do not answer, when the answer says so. With `--model` (OPENAI_BASE_URL / GM_MODEL, e.g. the local server of
`scripts/local_llm_server.sh start`) every question is also answered with the model picking and quoting, and
the answers it changed are counted (now right / now wrong), with calls and latency. No assertions.
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

from gm.llm import from_env  # noqa: E402
from gm.rules import answer  # noqa: E402
from gm.rules.evaluate import fact_found  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--model", action="store_true")
    ap.add_argument("--misses", action="store_true", help="print each offline miss with the start of its answer")
    args = ap.parse_args()
    llm = from_env() if args.model else None
    if args.model and llm is None:
        sys.exit("no model configured: set OPENAI_BASE_URL (and GM_MODEL) or OPENAI_API_KEY")
    rows = [json.loads(x) for f in args.files for x in Path(f).read_text(encoding="utf-8").splitlines() if x]
    c: Counter[str] = Counter()
    by: dict[str, Counter[str]] = {}
    latencies: list[float] = []
    for r in rows:
        off = answer(r["question"], r["game"])
        ok = fact_found(r, off)
        key = f"{r['game']}/{r['lang']}"
        by.setdefault(key, Counter())["n"] += 1
        by[key]["offline"] += ok
        c["offline"] += ok
        c["unanswerable"] += bool(r.get("unanswerable"))
        c["unanswerable said"] += bool(r.get("unanswerable")) and ok
        if args.misses and not ok:
            print(f"MISS {r['id']} {key} {r['question']!r}\n  facts {r.get('facts')} "
                  f"{'(unanswerable)' if r.get('unanswerable') else ''}\n  got {off.text[:240]!r}")
        if llm is not None:
            t = time.perf_counter()
            got = answer(r["question"], r["game"], llm=llm)
            latencies.append(time.perf_counter() - t)
            good = fact_found(r, got)
            c["model"] += good
            by[key]["model"] += good
            if got.text != off.text:
                c["changed"] += 1
                c["changed right"] += good and not ok
                c["changed wrong"] += ok and not good
    n = len(rows)
    print(f"questions: {n} from {', '.join(Path(f).name for f in args.files)}")
    for key, s in sorted(by.items()):
        print(f"  {key:<18} offline {s['offline']}/{s['n']}" + (f"  model {s['model']}/{s['n']}" if llm else ""))
    print(f"offline: {c['offline']}/{n} = {c['offline'] / n:.1%}; 'the rules don't say' on "
          f"{c['unanswerable said']}/{c['unanswerable']} questions the rules do not answer")
    if llm is not None:
        u = llm.usage
        lat = sorted(latencies)
        print(f"with the model ({llm.settings.model}): {c['model']}/{n} = {c['model'] / n:.1%}; answers changed "
              f"{c['changed']} (now right {c['changed right']}, now wrong {c['changed wrong']}); calls {u.calls}, "
              f"failures {u.failures}; latency p50 {statistics.median(lat):.2f} s, "
              f"p99 {lat[min(len(lat) - 1, int(0.99 * len(lat)))]:.2f} s")


if __name__ == "__main__":
    main()
