"""The REPL end to end through prompt-toolkit's pipe input (no terminal): a whole game of humans and bots."""

from __future__ import annotations

import threading
import time

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engine import load_game
from gm.repl import Repl
from gm.session import Session, parse_players
from gm.store import Store

G = load_game("odin")
PASSES = ["pass", "ich passe", "je passe", "I pass"]


def drive(repl: Repl, pipe, choose, done: threading.Event, inputs: list[str]) -> None:
    """Answer each prompt the REPL shows, one line at a time, from the session's real position."""
    seen = 0
    while not done.is_set():
        if repl.prompts == seen:
            time.sleep(0.001)
            continue
        seen = repl.prompts
        line = choose(repl)
        inputs.append(line)
        pipe.send_text(line + "\r")


def test_a_whole_hot_seat_game_with_a_bot_to_the_end(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    seats = parse_players("Ana:de,Ben:en,bot:greedy", game="odin")
    session = Session.new(store, "odin", seats, seed=11, options={"target": 10}, default_lang="en")
    out: list[str] = []
    counter = {"n": 0}

    def choose(repl: Repl) -> str:
        if "Enter" in repl.last_prompt or "Entrée" in repl.last_prompt:
            return ""  # the hand-over screen
        counter["n"] += 1
        if counter["n"] % 25 == 0:
            return "/board"
        if counter["n"] % 31 == 0:
            return "/hand"
        acts = G.legal_actions(session.state)
        if counter["n"] % 2 and acts[0].kind == "pass":
            return PASSES[counter["n"] % len(PASSES)]
        return G.to_notation(acts[-1])

    done = threading.Event()
    inputs: list[str] = []
    with create_pipe_input() as pipe:
        repl = Repl(session, input=pipe, output=DummyOutput(), write=out.append)
        feeder = threading.Thread(target=drive, args=(repl, pipe, choose, done, inputs), daemon=True)
        feeder.start()
        try:
            code = repl.run()
        finally:
            done.set()
            feeder.join(timeout=5)
    assert code == 0
    assert session.state.is_over
    loaded = store.load(session.game_id)
    assert loaded.status == "over" and loaded.log == session.log
    text = "\n".join(out)
    assert "Weiter an Ben" not in text  # hand-over prompts are prompts, not output
    assert any("Ana, deine Hand" in line for line in out) and any("Ben, your hand" in line for line in out)
    assert any("Greedy" in line for line in out)
    assert "" in inputs  # the hand-over screens were passed


def test_quit_saves_and_resume_continues(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    session = Session.new(store, "odin", parse_players("Ana,bot:greedy", game="odin"), seed=4, options={},
                          default_lang="en")
    out: list[str] = []
    with create_pipe_input() as pipe:
        repl = Repl(session, input=pipe, output=DummyOutput(), write=out.append)
        session.run_bots("en", 0)
        first = G.to_notation(G.legal_actions(session.state)[-1])
        pipe.send_text(f"{first}\r/quit\r")
        assert repl.run() == 0
    assert any("gm resume" in line for line in out)
    resumed = Session.resume(store, session.game_id)
    assert resumed.log == session.log and len(resumed.log) >= 1
    # Days later: the resumed table first tells Ana what happened since her last move (the bot's answer).
    assert resumed.log[-1][0] == 1
    told = resumed.kit.narrate(resumed.events_of(len(resumed.log) - 1), "en", resumed.names, 0)
    again: list[str] = []
    with create_pipe_input() as pipe:
        repl = Repl(resumed, input=pipe, output=DummyOutput(), write=again.append)
        pipe.send_text("/quit\r")
        assert repl.run() == 0
    assert told and all(any(line in shown for shown in again) for line in told)


def test_end_of_input_saves_and_leaves(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    session = Session.new(store, "odin", parse_players("Ana,Ben", game="odin"), seed=4, options={}, default_lang="fr")
    out: list[str] = []
    with create_pipe_input() as pipe:
        repl = Repl(session, input=pipe, output=DummyOutput(), write=out.append)
        pipe.send_text("\r/hand\r")
        pipe.close()
        assert repl.run() == 0
    assert any("gm resume" in line for line in out)


def test_completion_offers_commands_and_cards(tmp_path):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from gm.repl import GameCompleter

    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    session = Session.new(store, "odin", parse_players("Ana,Ben", game="odin"), seed=4, options={}, default_lang="en")
    comp = GameCompleter(session)
    got = [c.text for c in comp.get_completions(Document("/u"), CompleteEvent())]
    assert got == ["/undo"]
    hand = G.view(session.state, session.to_move).hand
    got = [c.text for c in comp.get_completions(Document(f"play {hand[0][0].lower()}"), CompleteEvent())]
    assert hand[0] in got


def _wait(predicate, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "the REPL did not get there in time"
        time.sleep(0.005)


def test_the_hand_over_screen_needs_its_own_enter_completes_nothing_and_clears_the_scrollback(tmp_path):
    import io

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    session = Session.new(store, "odin", parse_players("Ana,Ben", game="odin"), seed=4, options={}, default_lang="en")
    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=24, columns=80), term="xterm")
    out: list[str] = []
    first, second = session.names[session.to_move], session.names[1 - session.to_move]
    with create_pipe_input() as pipe:
        repl = Repl(session, input=pipe, output=output, write=out.append)
        runner = threading.Thread(target=repl.run, daemon=True)
        runner.start()
        try:
            _wait(lambda: "Pass to " + first in repl.last_prompt)
            time.sleep(0.2)
            pipe.send_text("\t")  # Tab at the hand-over screen completes nothing (it would list the hand)
            time.sleep(0.3)
            pipe.send_text("\r")
            _wait(lambda: repl.last_prompt.startswith(first.lower()))
            assert repl.handoff_answers == [""]
            hand = G.view(session.state, session.to_move).hand
            assert not any(code in screen.getvalue() for code in hand), "the hand was shown on the hand-over screen"
            assert "\x1b[3J" in screen.getvalue()  # the scroll-back was erased with the screen
            move = G.to_notation(G.legal_actions(session.state)[0])
            pipe.send_text("/board\r")
            _wait(lambda: repl.prompts == 3)
            pipe.send_text(move + "\r\r")  # a second Enter right after the move must not pass the screen
            _wait(lambda: "Pass to " + second in repl.last_prompt)
            time.sleep(0.3)
            assert "Pass to " + second in repl.last_prompt and len(session.log) == 1
            pipe.send_text("\r")
            _wait(lambda: repl.last_prompt.startswith(second.lower()))
            pipe.send_text("\x1b[A\r")  # Up at the second player's prompt: their own (empty) history
            _wait(lambda: repl.prompts == 6)
            pipe.send_text("/quit\r")
            runner.join(timeout=5)
        finally:
            pipe.close()
    seat_first, seat_second = session.names.index(first), session.names.index(second)
    assert "/board" in repl.prompts_by_seat[seat_first].history.get_strings()
    assert "/board" not in repl.prompts_by_seat[seat_second].history.get_strings()


def test_a_table_whose_game_was_deleted_elsewhere_stops_instead_of_looping(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    session = Session.new(store, "odin", parse_players("bot:greedy,bot:random", game="odin"), seed=4, options={},
                          default_lang="en")
    assert store.delete_game(session.game_id)  # another window deleted it
    out: list[str] = []
    result: list[int] = []
    with create_pipe_input() as pipe:
        repl = Repl(session, input=pipe, output=DummyOutput(), write=out.append)
        runner = threading.Thread(target=lambda: result.append(repl.run()), daemon=True)
        runner.start()
        runner.join(timeout=10)
    assert result == [1] and session.closed
    assert session.log == [] and any(str(session.game_id) in line for line in out)
