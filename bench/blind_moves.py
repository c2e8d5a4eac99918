"""Accuracy of the offline parser on a blind move set of any game, with every miss listed.

`python bench/blind_moves.py GAME FILE [FILE ...] [--quiet]` prints, per file, the lines read right, the wrong
moves played (a move the player did not mean), and each miss with what came back. Nothing here asserts; the
floors live in tests/test_blind_games.py and tests/test_parse_corpus.py.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import load_game  # noqa: E402
from gm.parse.blind import verdict  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--quiet", action="store_true", help="only the totals")
    args = ap.parse_args()
    game = load_game(args.game)
    for name in args.files:
        rows = [json.loads(x) for x in Path(name).read_text(encoding="utf-8").splitlines() if x.strip()]
        right = wrong = 0
        for row in rows:
            ok, bad, got = verdict(game, row)
            right += ok
            wrong += bad
            if not ok and not args.quiet:
                tag = "WRONG" if bad else "miss "
                shown = {k: v for k, v in got.items() if k in ("kind", "notation", "candidates", "code", "reason")}
                print(f"{tag} {row.get('id')} [{row.get('lang')}] {row['text']!r}\n      got {shown}\n"
                      f"      want {row['expect']}")
        print(f"{Path(name).stem}: {right}/{len(rows)} = {100.0 * right / max(1, len(rows)):.1f}%, "
              f"wrong moves played: {wrong}")


if __name__ == "__main__":
    main()
