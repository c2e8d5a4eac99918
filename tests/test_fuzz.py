"""Fuzzing the input boundaries with mutations of real inputs (tests/fuzzing.py): the offline parser, the
notation readers, scenarios, saved states and the import loader. No exception but the documented one
escapes, no call runs over its bound, and a refused input changes nothing. A short budget for CI; for N
inputs and the figures per mutator run `python bench/fuzz.py --n 100000`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import fuzzing as fz
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

BOUND = 5.0  # seconds per call: far above any real call (a parse takes ~0.1 ms), so only a hang trips it
# derandomize: CI runs the same examples every time (a failure reproduces); bench/fuzz.py explores afresh
FUZZ = settings(deadline=None, max_examples=250, suppress_health_check=[HealthCheck.too_slow], database=None,
                derandomize=True)


def ops(names: list[str], max_size: int = 4) -> st.SearchStrategy[list[tuple[str, int]]]:
    return st.lists(st.tuples(st.sampled_from(sorted(names)), st.integers(0, 2**32)), min_size=1, max_size=max_size)


TEXT_OPS = ops(list(fz.TEXT_MUTATORS))
DOC_OPS = ops(list(fz.JSON_MUTATORS) + list(fz.TEXT_MUTATORS), max_size=3)


@FUZZ
@given(st.integers(0, len(fz.parse_seeds()) - 1), TEXT_OPS, st.integers(0, 3))
def test_the_parser_survives_mutated_corpus_lines(i: int, mutations: list[tuple[str, int]], shift: int) -> None:
    seed = fz.parse_seeds()[i]
    text = fz.mutate_text(seed[2], mutations)
    out, _ = fz.timed(lambda: fz.run_parse(seed, text, player_shift=shift if shift < 3 else 0), BOUND)
    assert out.kind in ("action", "ambiguous", "illegal", "no_match")


@FUZZ
@given(st.integers(0, len(fz.notation_seeds()) - 1), TEXT_OPS)
def test_the_notation_readers_survive_mutated_notations(i: int, mutations: list[tuple[str, int]]) -> None:
    state, notation = fz.notation_seeds()[i]
    out, _ = fz.timed(lambda: fz.run_notation(state, fz.mutate_text(notation, mutations)), BOUND)
    assert out.kind in ("action", "illegal", "refused")


@FUZZ
@given(st.integers(0, len(fz.scenario_seeds()) - 1), DOC_OPS)
def test_scenarios_survive_mutated_specs(i: int, mutations: list[tuple[str, int]]) -> None:
    spec = fz.mutate_doc(fz.scenario_seeds()[i], mutations)
    out, _ = fz.timed(lambda: fz.run_scenario(spec), BOUND)
    assert out.kind in ("accepted", "refused")


@FUZZ
@given(st.integers(0, len(fz.state_seeds()) - 1), DOC_OPS, st.booleans())
def test_saved_states_survive_mutation(i: int, mutations: list[tuple[str, int]], as_text: bool) -> None:
    import json

    text = fz.state_seeds()[i]
    if as_text:  # the JSON text itself, character by character
        text = fz.mutate_text(text, [m for m in mutations if m[0] in fz.TEXT_MUTATORS] or [("ins_char", 1)])
    else:
        try:
            text = json.dumps(fz.mutate_doc(json.loads(text), mutations))
        except (ValueError, RecursionError):  # a number too long, or a nesting too deep, to write as JSON
            return
    out, _ = fz.timed(lambda: fz.run_state(text), BOUND)
    assert out.kind in ("accepted", "refused")


@pytest.fixture(scope="module")
def importer(tmp_path_factory: pytest.TempPathFactory) -> fz.ImportTarget:
    path: Path = tmp_path_factory.mktemp("fuzz") / "gm.sqlite3"
    return fz.ImportTarget(path)


@settings(FUZZ, max_examples=120)
@given(data=st.data())
def test_the_import_loader_survives_mutated_exports(importer: fz.ImportTarget, data: Any) -> None:
    i = data.draw(st.integers(0, len(importer.seeds) - 1))
    doc = fz.mutate_doc(importer.seeds[i], data.draw(DOC_OPS))
    out, _ = fz.timed(lambda: importer.run(doc), BOUND)
    assert out.kind in ("accepted", "refused")


@pytest.mark.parametrize("text", [", ".join(["red"] * 40), "red " * 90, " and ".join(["a red one"] * 30),
                                  "play " + " ".join(["R7"] * 80), ", ".join(["rote 7"] * 40)])
def test_a_colour_named_over_and_over_is_answered_quickly(text: str) -> None:
    """Found by the fuzzer: "red, red, red, ..." (more cards than the hand holds) tried every combination of
    the hand's red cards, 4**n of them (14 reds took 50 s)."""
    seed = next(s for s in fz.parse_seeds() if s[0]["scenario"]["hands"][0][:4] == ["R9", "R7", "R3", "R1"])
    out, took = fz.timed(lambda: fz.run_parse(seed, text), 1.0)
    assert out.kind in ("no_match", "illegal", "ambiguous", "action") and took < 1.0


def test_unmutated_inputs_are_accepted(importer: fz.ImportTarget) -> None:
    """The seeds themselves are good inputs: each target accepts them (so mutations start from real ones)."""
    assert all(fz.run_scenario(spec).kind == "accepted" for spec in fz.scenario_seeds())
    assert all(fz.run_state(text).kind == "accepted" for text in fz.state_seeds())
    assert all(fz.run_notation(state, n).kind == "action" for state, n in fz.notation_seeds())
    assert all(importer.run(doc).kind == "accepted" for doc in importer.seeds)


def test_the_fuzz_checks_would_catch_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the parser and the scenario reader on purpose: the targets must report it, not hide it."""
    import gm.parse

    def broken(*_a: Any, **_k: Any) -> Any:
        raise KeyError("boom")

    monkeypatch.setattr(gm.parse, "parse_move", broken)
    with pytest.raises(KeyError):
        fz.run_parse(fz.parse_seeds()[0], "play R7")
    monkeypatch.setattr(fz.GAME, "scenario", broken)
    with pytest.raises(KeyError):
        fz.run_scenario(fz.scenario_seeds()[0])
    with pytest.raises(fz.Hang):
        with fz.bounded(0.05):
            while True:
                pass
