"""The generic table with a game it was not written for (tests/toy_game.py): chains of decisions across
players, one utterance answering several decisions as one saved unit that /undo takes back whole, hot-seat
hand-overs only when the human who must act changes and only when the game hides something, and a recap for
a player coming back to the screen."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
import toy_game
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from gm import games
from gm.parse import parse_move
from gm.repl import Repl
from gm.session import Seat, Session
from gm.store import Store

OPEN = toy_game.make("pebbles-open", hidden=False)
HIDDEN = toy_game.make("pebbles-hidden", hidden=True)


@pytest.fixture(autouse=True, scope="module")
def registered():
    games.register(OPEN)
    games.register(HIDDEN)
    yield
    games.unregister(OPEN.name)
    games.unregister(HIDDEN.name)


@pytest.fixture
def store(tmp_path):
    return Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")


def test_one_utterance_answers_two_decisions_as_one_unit_and_undo_takes_it_back_whole(store):
    s = Session.new(store, OPEN.name, [Seat("Ana"), Seat("Ben")], seed=1, options={}, default_lang="en")
    first, second = sorted(s.state.pool, key=toy_game.value)[:2]
    res = parse_move(s.game, s.state, 0, f"pick {first} and {second}")
    assert res.kind == "action" and len(res.plan) == 2
    reply = s.handle(f"pick {first} and {second}")
    assert reply.accepted, reply.text
    assert s.log == [(0, f"pick {first}"), (0, f"pick {second}")] and s.units == [0, 0]
    assert s.state.decision.kind == "pebbles_answer" and s.state.decision.player == 1
    loaded = store.load(s.game_id)
    assert loaded.log == s.log and loaded.units == [0, 0]
    undo = s.undo(None, "en", previous_human=0)  # Ana takes her whole turn back before Ben answers
    assert undo.accepted and s.log == [] and s.units == []
    assert store.load(s.game_id).log == [] and s.state == s.game.new_game(2, 1)


def test_a_plan_that_turns_illegal_midway_changes_nothing(store):
    s = Session.new(store, OPEN.name, [Seat("Ana"), Seat("Ben")], seed=1, options={}, default_lang="en")
    token = s.state.pool[0]
    before = s.state
    reply = s.handle(f"pick {token} and {token}")  # the second pick names a token already taken
    assert not reply.accepted and s.state == before and s.log == []
    assert store.load(s.game_id).log == []


def run_repl(session: Session, choose: Callable[[Repl], str]) -> tuple[list[str], list[str]]:
    """Run the REPL to the end of the game; returns (what was written, every prompt shown)."""
    out: list[str] = []
    prompts: list[str] = []
    done = threading.Event()
    with create_pipe_input() as pipe:
        repl = Repl(session, input=pipe, output=DummyOutput(), write=out.append)

        def drive() -> None:
            seen = 0
            while not done.is_set():
                if repl.prompts == seen:
                    time.sleep(0.001)
                    continue
                seen = repl.prompts
                prompts.append(repl.last_prompt)
                pipe.send_text(choose(repl) + "\r")

        feeder = threading.Thread(target=drive, daemon=True)
        feeder.start()
        try:
            assert repl.run() == 0
        finally:
            done.set()
            feeder.join(timeout=5)
    return out, prompts


def first_legal(repl: Repl) -> str:
    if "Pass to" in repl.last_prompt:
        return ""
    s = repl.session
    return s.game.to_notation(s.game.legal_actions(s.state)[0])


def test_nothing_hidden_means_no_hand_over_screen_but_a_recap(store):
    s = Session.new(store, OPEN.name, [Seat("Ana"), Seat("Ben")], seed=2, options={}, default_lang="en")
    out, prompts = run_repl(s, first_legal)
    assert s.state.is_over
    assert not any("Pass to" in p for p in prompts)  # the game hides nothing: no screen to hand over
    assert any("Ana picked T" in line for line in out)  # Ben's recap of Ana's turn, told for Ben
    assert any("Ben accepted" in line for line in out)


def test_hand_over_only_when_the_human_who_must_act_changes(store):
    s = Session.new(store, HIDDEN.name, [Seat("Ana"), Seat("Ben")], seed=2, options={}, default_lang="en")
    out, prompts = run_repl(s, first_legal)
    assert s.state.is_over
    handovers = [p for p in prompts if "Pass to" in p]
    deciders = [seat for seat, _ in s.log]
    changes = sum(1 for a, b in zip(deciders, deciders[1:], strict=False) if a != b)
    # one hand-over before the first human acts, then one per change of decider, never between two picks
    assert len(handovers) == changes + 1
    assert any("Ana picked a token" in line for line in out)  # Ben's recap hides Ana's pile
    assert not any(f"Ana picked {t}" in line for line in out for t in ("T1", "T2", "T3", "T4", "T5", "T6"))


def test_card_command_and_final_breakdown_come_from_the_kit(store):
    s = Session.new(store, OPEN.name, [Seat("Ana"), Seat("Ben")], seed=1, options={}, default_lang="en")
    token = s.state.pool[0]
    assert s.handle(f"/card {token}").text == f"{token} is worth {toy_game.value(token)}."
    assert "no card called" in s.handle("/card Z9").text and "no card called" in s.handle("/card").text
    while not s.state.is_over:
        action = s.game.legal_actions(s.state)[0]
        reply = s.play(action, s.state.decision.player, "en")
    finals = [m.text for m in reply.messages if m.kind == "result"]
    for name, pile in zip(s.names, s.state.piles, strict=True):
        assert f"{name}: {' + '.join(str(toy_game.value(t)) for t in pile) or '0'}" in finals


def test_gm_cards_check_reports_each_problem(tmp_path, capsys):
    from gm.cli import main

    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text('{"tokens": ["T1", "T2"]}')
    bad.write_text('{"tokens": ["T1", "X2", "Y3"]}')
    assert main(["cards", "check", str(good), "--game", OPEN.name]) == 0
    assert "can be played with" in capsys.readouterr().out
    assert main(["cards", "check", str(bad), "--game", OPEN.name]) == 1
    out = capsys.readouterr().out
    assert "'X2' is not a token" in out and "'Y3' is not a token" in out and "2 problem(s)" in out
    assert main(["cards", "check", str(tmp_path / "missing.json"), "--game", OPEN.name]) == 2
    assert main(["cards", "check", str(good), "--game", "odin"]) == 2  # ODIN takes no card files
