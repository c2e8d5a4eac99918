"""The offline parser against the parse corpus (the spec): every line must come out exactly as expected.

Also prints the accuracy per language (visible with -q too) so regressions show at a glance.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import load_game
from gm.parse import ParseResult, parse_move
from gm.parse.blind import verdict
from gm.parse.core import agrees

CORPUS = Path(__file__).parent / "data" / "odin_parse_corpus.jsonl"
ROWS: list[dict[str, Any]] = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()
                              if line.strip()]
GAME = load_game("odin")


def _parse(row: dict[str, Any]) -> ParseResult:
    return parse_move(GAME, GAME.scenario(row["scenario"]), row["player"], row["text"])


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_corpus_line(row: dict[str, Any]) -> None:
    res = _parse(row)
    got = res.to_json(GAME)
    expect = row["expect"]
    assert got["kind"] == expect["kind"], f"{row['text']!r}: {got}"
    if expect["kind"] == "action":
        assert got["notation"] == expect["notation"]
        assert res.action is not None and res.candidates == [] and res.illegal is None
    elif expect["kind"] == "ambiguous":
        assert got["candidates"] == expect["candidates"]
        assert res.action is None and len(res.candidates) >= 2
    elif expect["kind"] == "illegal":
        assert got["code"] == expect["code"]
        assert res.illegal is not None and isinstance(got["params"], dict)
    else:
        assert res.action is None and res.candidates == [] and res.illegal is None
        assert isinstance(res.reason, str) and res.reason


@pytest.mark.parametrize("row", [r for r in ROWS if r["expect"]["kind"] in ("action", "ambiguous")],
                         ids=[r["id"] for r in ROWS if r["expect"]["kind"] in ("action", "ambiguous")])
def test_proposals_are_legal(row: dict[str, Any]) -> None:
    state = GAME.scenario(row["scenario"])
    res = parse_move(GAME, state, row["player"], row["text"])
    for action in [res.action] if res.action is not None else res.candidates:
        assert GAME.check(state, action) is None


def test_corpus_accuracy_per_language(capsys: pytest.CaptureFixture[str]) -> None:
    per_lang: dict[str, list[bool]] = {}
    detected = 0
    for row in ROWS:
        res = _parse(row)
        per_lang.setdefault(row["lang"], []).append(agrees(res.to_json(GAME), row["expect"]))
        detected += res.lang == row["lang"]
    lines = [f"{lang}: {sum(ok)}/{len(ok)} = {100.0 * sum(ok) / len(ok):.1f}%" for lang, ok in
             sorted(per_lang.items())]
    with capsys.disabled():
        print(f"\nparse corpus accuracy: {'; '.join(lines)}; language detected {detected}/{len(ROWS)}")
    assert all(all(ok) for ok in per_lang.values())
    assert detected >= 0.9 * len(ROWS)


# ---- the blind sets ------------------------------------------------------------------------------------------
# Written by helpers who read neither the parser nor the corpus above (tests/data/odin_blind_*.jsonl), each set
# measured once on the code of its day before anyone tuned on it (docs/parser.md has the history):
#   A: 173/230 = 75.2 %, 13 wrong moves played, before any fix; then tuned on.
#   B: 191/216 = 88.4 %, 2 wrong moves, after the fixes made on A; then tuned on.
#   C: 160/201 = 79.6 %, 9 wrong moves, after the fixes made on A and B; then tuned on.
#   D: 295/329 = 89.7 %, 7 wrong moves, after the fixes made on A, B and C; then tuned on.
#   E: 247/272 = 90.8 %, 4 wrong moves, after the fixes made on A to D; then tuned on (one pass, 92.6 %).
#   F: 143/150 = 95.3 %, 1 wrong move, after all of the above; not tuned on (held out; the code before this work
#      scored 90.7 % with 2 wrong moves on it, so F is easier than D and E were).
#   G: 140/150 = 93.3 %, 4 wrong moves, first run (fresh, written after F); then tuned on: spoken values
#      ("soixante-deux"), regrets ("hätte ich spielen sollen"), the same card twice, "pass ... auf", "ich bin raus"
#      after named cards, declining the take -> 148/150, 0 wrong.
#   H: 141/150 = 94.0 %, 1 wrong move, first run after G's tuning (fresh); then tuned on: glued codes ("9r",
#      "rot9"), requests ("could you play ... for me?"), "nix zurück", a superlative after the noun, "reprends",
#      "j'ai fini", "la suite rouge" -> 150/150, 0 wrong. A further fresh set (I) measures the result.
#   I: 139/150 = 92.7 %, 2 wrong moves, first run after H's tuning (fresh); the two wrong moves were remarks
#      ("lol my kid calls the black 9 'the jarl'", "Die Acht ist meine Glückszahl"). Then: a card followed by
#      "is/ist/est" with no verb is a remark, a third person's move ("il prend ...") too, and a line with three
#      or more words the parser does not know and no move verb is offered back ("confirm") instead of played
#      -> 141/150, 0 wrong. That costs C two lines (the right move offered back for a yes: 196 -> 194). Then
#      "nah im good", a remark after the move ("... and that's my last cards"), a superlative take named last
#      ("87 and the higher pink"), "hätt ich", "my highest two greens" -> 146/150, 0 wrong.
#   J: 134/150 = 89.3 %, 0 wrong moves, first run after all of the above (fresh: a helper wrote it for player
#      types none of the earlier sets had: Swiss German, Québécois, dictation, emoji, codes with odd separators).
#      Then tuned on: regrets for every game, a spoken value then its colour ("soixante-douze, les oranges"),
#      Swiss German numbers and colours ("di drü Föifi") -> 140/150, 0 wrong (and E 254 -> 257).
#      Then (families from J's misses): "meine/deine blauen" plural like "die blauen", "drei Orangen" a count,
#      a count of cards announcing the cards ("two cards: blue nine and blue five", "Vier Karten, alles Grüne"),
#      what a play is said to beat is dropped ("777 bat 71", "die Acht schlägt die Fünf") -> J 145/150, I 147,
#      E 258 (corpus lines c_fam01-11 guard the families).
#      Then someone else as the subject ("who even plays ...", "we've been playing ..."), a remark that the hand
#      is now empty after the move ("..., und dann hab ich keine Karten mehr"), an affirmation after the card
#      ("... thass the one", "c'est celle-là") -> J 148/150, I 148/150 (c_fam12-21).
#   K: 144/150 = 96.0 %, 0 wrong moves, first run (fresh: written blind after all of the above, measured once
#      before any tuning on it; see odin_blind_k_README.md). The six misses: four remarks by a player whose turn
#      it is not, answered "not your turn" instead of being let pass, "red eight on top", "hmm nee, passe lieber".
#      Then tuned on K: another player's move imagined ("if you drop the sevens ...") is no move for every game,
#      "on top / obendrauf / par-dessus" says where the card goes, "passe lieber" -> K 149/150 (F 145).
#      Then a bare colour ("play red", "rot") with two or more of that colour in hand offers one card and all
#      of them when both fit -> E 259/272 and no set plays a wrong move any more (c_fam27-29).
# Guards at the figures of this change: the sets must not lose a line or play one more wrong move; a wrong move
# played is never acceptable, so E's one is a ceiling to bring to zero.

BLIND = {name: [json.loads(line) for line in (CORPUS.parent / f"odin_blind_{name}.jsonl").read_text(
    encoding="utf-8").splitlines() if line.strip()] for name in ("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k")}
# (right at least, wrong moves at most)
FLOOR = {"a": (230, 0), "b": (216, 0), "c": (194, 0), "d": (325, 0), "e": (259, 0), "f": (145, 0), "g": (148, 0),
         "h": (150, 0), "i": (148, 0), "j": (148, 0), "k": (150, 0)}


@pytest.mark.parametrize("name", sorted(BLIND))
def test_blind_set(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    rows = BLIND[name]
    right, wrong = 0, []
    for row in rows:  # scored as bench/blind_moves.py scores it (a row's "moves" are applied first)
        ok, bad, got = verdict(GAME, row)
        right += ok
        if bad:
            wrong.append((row["id"], row["text"], got["notation"]))
    with capsys.disabled():
        print(f"\nblind set {name}: {right}/{len(rows)} = {100.0 * right / len(rows):.1f}%, "
              f"wrong moves played: {len(wrong)}")
    least, most_wrong = FLOOR[name]
    assert len(wrong) <= most_wrong, wrong
    assert right >= least
