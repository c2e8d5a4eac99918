"""A misbehaving model, through real HTTP: the real client (langchain-openai, openai) against the fake
OpenAI-compatible server of tests/fake_openai.py on 127.0.0.1.

- every call keeps ONE deadline (GM_LLM_TIMEOUT; here D seconds): stalls, Retry-After: 60, streams of empty
  chunks or of one character every few seconds all end at D (the bound below is on a hang, with a margin for
  a loaded machine; it is not a performance figure);
- after such a failure the model is skipped for a while (the breaker), so the next moves go offline at once;
- a stream counts only when it finished (finish_reason); a stream cut off midway gives the template narration;
- nothing of the model's text reaches the screen before it passed the checks: no terminal escapes or control
  characters (narration, rules answers, clarifying questions), no hidden card, not 50 KB;
- a rules answer keeps the engine's fact verbatim, and a rules answer that fell back says so;
- the notice says what happened: no answer in time, refused key, server error, unreadable answer.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fake_openai import Behaviour, FakeOpenAI, answer, cut, empty_chunks, garbage, stall, status, tool, trickle

from engine import load_game
from gm import games
from gm.i18n import t
from gm.llm import (
    LLM,
    LLMBackoff,
    LLMBadAnswer,
    LLMError,
    LLMSettings,
    LLMTimeout,
    LLMUnavailable,
    LLMUnreadable,
    clean,
    notice_key,
)
from gm.rules import answer as rules_answer
from gm.rules.llm import sentences
from gm.rules.retrieval import index
from gm.session import Seat, Session
from gm.store import Store

G = load_game("odin")
CODES = games.get("odin").code_pattern
D = 1.0  # the deadline of one model call in these tests (GM_LLM_TIMEOUT)
MARGIN = 0.75  # what a call may take beyond its deadline (thread hand-over, a loaded CI machine)
LONG = 5.0  # how long a "forever" behaviour of the server lasts, so the old code finished these tests at all
MSG = [("system", "You narrate."), ("user", "Ana plays B1.")]
ESC = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")
ALL_CARDS = " ".join(f"{c}{n}" for c in "BRPGKO" for n in range(1, 10))
NOTICES = ("ui.model_failed", "ui.model_key_refused", "ui.model_server_error", "ui.model_unreadable")


@pytest.fixture
def server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as fake:
        yield fake


def model(server: FakeOpenAI, timeout: float = D, **kw: Any) -> LLM:
    return LLM(LLMSettings(api_key="sk-test-0123456789", base_url=server.base_url, model="fake",
                           timeout=timeout, **kw))


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    start = time.monotonic()
    try:
        out = fn()
    except LLMError as exc:
        out = exc
    return out, time.monotonic() - start


def table(tmp_path: Any, server: FakeOpenAI, lang: str = "en", **kw: Any) -> tuple[Session, list[str]]:
    """Ana (human) against a bot, with the fake server as the model; what is streamed to the screen."""
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Greedy", kind="bot", bot="greedy")], 3, {}, lang)
    s.llm = model(server, **kw)
    shown: list[str] = []
    s.stream = shown.append
    return s, shown


def bot_hand(s: Session) -> set[str]:
    return set(G.view(s.state, 1).hand or ())


# ---- the deadline --------------------------------------------------------------------------------------------

TEXT_CASES = [
    pytest.param(stall(10), LLMTimeout, id="stall"),
    pytest.param(status(429, retry_after=60), LLMUnavailable, id="429-retry-after-60"),
    pytest.param(empty_chunks(limit=LONG), LLMTimeout, id="empty-chunks-forever"),
    pytest.param(trickle("Ana plays B1 and the table waits.", every=0.3), LLMTimeout, id="a-char-every-0.3s"),
    pytest.param(trickle("Ana plays B1.", every=2.0), LLMTimeout, id="a-char-every-2s"),
    pytest.param(status(500), LLMUnavailable, id="500"),
    pytest.param(status(401), LLMUnavailable, id="401"),
    pytest.param(cut("Ana plays B1 and the whole table"), LLMUnreadable, id="cut-off"),
    pytest.param(garbage(), LLMUnreadable, id="not-json"),
    pytest.param(answer("Ana plays. " * 5000, piece=0), LLMBadAnswer, id="50kb-in-one-chunk"),
]


@pytest.mark.parametrize("behaviour,kind", TEXT_CASES)
def test_a_streamed_call_keeps_one_deadline(server: FakeOpenAI, behaviour: Behaviour, kind: type) -> None:
    server.script(behaviour)
    out, seconds = timed(lambda: model(server).complete_text(MSG, "narrate", max_chars=600))
    assert type(out) is kind, out
    assert seconds < D + MARGIN, seconds


@pytest.mark.parametrize("behaviour,kind", [
    pytest.param(stall(10), LLMTimeout, id="stall"),
    pytest.param(status(429, retry_after=60), LLMUnavailable, id="429-retry-after-60"),
    pytest.param(status(500), LLMUnavailable, id="500"),
    pytest.param(status(401), LLMUnavailable, id="401"),
    pytest.param(garbage(), LLMUnreadable, id="not-json"),
])
def test_a_structured_call_keeps_one_deadline(server: FakeOpenAI, behaviour: Behaviour, kind: type) -> None:
    from pydantic import BaseModel

    class Choice(BaseModel):
        choice: str

    server.script(behaviour)
    out, seconds = timed(lambda: model(server).structured(Choice, MSG, "parse"))
    assert type(out) is kind, out
    assert seconds < D + MARGIN, seconds


def test_retries_fit_in_the_deadline_and_a_refused_key_is_not_retried(server: FakeOpenAI) -> None:
    server.script(status(500), answer("Ana plays B1."))
    assert model(server).complete_text(MSG, "narrate") == "Ana plays B1." and len(server.requests) == 2
    server.requests.clear()
    server.script(status(401))
    out, _ = timed(lambda: model(server).complete_text(MSG, "narrate"))
    assert isinstance(out, LLMUnavailable) and out.key_refused and len(server.requests) == 1
    server.requests.clear()
    server.script(status(429, retry_after=60))  # a wait longer than the deadline: not waited for
    out, seconds = timed(lambda: model(server).complete_text(MSG, "narrate"))
    assert isinstance(out, LLMUnavailable) and out.retry_after == 60 and len(server.requests) == 1
    assert seconds < MARGIN


def test_a_normal_and_a_structured_answer_still_work(server: FakeOpenAI) -> None:
    from pydantic import BaseModel

    class Choice(BaseModel):
        choice: str

    llm = model(server)
    server.script(answer("Ana plays B1, a fine start."))
    assert llm.complete_text(MSG, "narrate") == "Ana plays B1, a fine start."
    server.script(tool({"choice": "pass"}))
    assert llm.structured(Choice, MSG, "parse") == Choice(choice="pass")
    assert llm.usage.calls == 2 and llm.usage.failures == 0


# ---- the breaker -----------------------------------------------------------------------------------------------

def test_after_a_failure_the_model_is_skipped_for_a_while(server: FakeOpenAI) -> None:
    llm = model(server, cooldown=0.5)
    server.script(stall(10))
    assert isinstance(timed(lambda: llm.complete_text(MSG, "narrate"))[0], LLMTimeout)
    assert len(server.requests) == 1
    server.script(answer("Ana plays B1."))
    out, seconds = timed(lambda: llm.complete_text(MSG, "narrate"))
    assert isinstance(out, LLMBackoff) and seconds < 0.1 and len(server.requests) == 1  # not asked
    assert notice_key(out) is None and llm.usage.skipped == 1
    time.sleep(0.6)
    assert llm.complete_text(MSG, "narrate") == "Ana plays B1." and len(server.requests) == 2
    assert llm.breaker.remaining() == 0


def test_the_wait_doubles_while_the_model_keeps_failing_and_honours_retry_after(server: FakeOpenAI) -> None:
    llm = model(server, cooldown=10.0)
    server.script(status(500))
    timed(lambda: llm.complete_text(MSG, "narrate"))
    assert 9 < llm.breaker.remaining() <= 10
    llm.breaker.open_until = 0.0  # the wait is over: the next call tries again, fails again
    timed(lambda: llm.complete_text(MSG, "narrate"))
    assert 19 < llm.breaker.remaining() <= 20
    other = model(server, cooldown=1.0)
    server.script(status(429, retry_after=60))
    timed(lambda: other.complete_text(MSG, "narrate"))
    assert 59 < other.breaker.remaining() <= 60


def test_a_bad_answer_does_not_trip_the_breaker(server: FakeOpenAI) -> None:
    llm = model(server)
    server.script(answer("Ana plays. " * 5000, piece=0))
    assert isinstance(timed(lambda: llm.complete_text(MSG, "narrate", max_chars=600))[0], LLMBadAnswer)
    assert llm.breaker.remaining() == 0


# ---- a whole move against a misbehaving server ----------------------------------------------------------------

MOVE_CASES = [
    pytest.param(stall(10), "ui.model_failed", id="stall"),
    pytest.param(status(429, retry_after=60), "ui.model_server_error", id="429-retry-after-60"),
    pytest.param(empty_chunks(limit=LONG), "ui.model_failed", id="empty-chunks-forever"),
    pytest.param(trickle("You open with the blue one and all is calm.", every=0.3), "ui.model_failed",
                 id="a-char-every-0.3s"),
    pytest.param(status(500), "ui.model_server_error", id="500"),
    pytest.param(status(401), "ui.model_key_refused", id="401"),
    pytest.param(garbage(), "ui.model_unreadable", id="not-json"),
]


@pytest.mark.parametrize("behaviour,notice", MOVE_CASES)
def test_a_move_keeps_the_deadline_says_what_happened_and_the_next_goes_offline(
        tmp_path: Any, server: FakeOpenAI, behaviour: Behaviour, notice: str) -> None:
    s, shown = table(tmp_path, server)
    server.script(behaviour)
    card = G.view(s.state, 0).hand[0]
    reply, seconds = timed(lambda: s.handle(f"play {card}"))
    assert reply.accepted and seconds < D + MARGIN, seconds
    assert t(notice, "en") in reply.text and not shown
    assert [m.kind for m in reply.messages].count("narration") >= 1 and card in reply.text  # the templates
    if s.state.is_over:
        return
    asked = len(server.requests)
    action = G.legal_actions(s.state)[0]
    reply, seconds = timed(lambda: s.play(action, 0, "en"))  # the next move: the model is skipped
    assert reply.accepted and seconds < 0.5 and len(server.requests) == asked
    assert not any(t(k, "en") in reply.text for k in NOTICES)  # told once, not on every move


def test_a_line_the_parser_is_unsure_of_keeps_the_deadline(tmp_path: Any, server: FakeOpenAI) -> None:
    s, _ = table(tmp_path, server)
    server.script(stall(10))
    reply, seconds = timed(lambda: s.handle("the quick brown fox"))
    assert not reply.accepted and seconds < D + MARGIN and t("ui.model_failed", "en") in reply.text


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_four_failures_four_notices_in_each_language(tmp_path: Any, server: FakeOpenAI, lang: str) -> None:
    texts = []
    for behaviour, key in ((stall(10), "ui.model_failed"), (status(401), "ui.model_key_refused"),
                           (status(500), "ui.model_server_error"), (garbage(), "ui.model_unreadable")):
        s, _ = table(tmp_path / key, server, lang=lang)
        server.script(behaviour)
        reply = s.play(G.legal_actions(s.state)[0], 0, lang)
        notices = [m.text for m in reply.messages if m.kind == "info"]
        assert notices == [t(key, lang)], (key, notices)
        texts.append(notices[0])
    assert len(set(texts)) == 4


# ---- nothing unchecked reaches the screen ---------------------------------------------------------------------

def test_a_stream_cut_off_midway_gives_the_template_not_the_fragment(tmp_path: Any, server: FakeOpenAI) -> None:
    s, shown = table(tmp_path, server)
    card = G.view(s.state, 0).hand[0]
    server.script(cut(f"You open with {card}, and the whole table holds its breath while"))
    reply = s.handle(f"play {card}")
    assert reply.accepted and not shown and "holds its breath" not in reply.text
    assert t("ui.model_unreadable", "en") in reply.text
    assert not any(m.streamed for m in reply.messages)


def test_hidden_cards_are_never_shown(tmp_path: Any, server: FakeOpenAI) -> None:
    s, shown = table(tmp_path, server)
    hidden = bot_hand(s)
    card = G.view(s.state, 0).hand[0]
    server.script(answer(f"You open with {card}, while Greedy hides {ALL_CARDS} in hand."))
    reply = s.handle(f"play {card}")
    assert reply.accepted and not shown
    assert not (set(CODES.findall(reply.text)) & (hidden & bot_hand(s)))
    assert not any(t(k, "en") in reply.text for k in NOTICES)  # a bad answer falls back silently


def test_fifty_kilobytes_in_one_chunk_are_never_shown(tmp_path: Any, server: FakeOpenAI) -> None:
    s, shown = table(tmp_path, server)
    card = G.view(s.state, 0).hand[0]
    server.script(answer("You open and the crowd roars. " * 1700, piece=0))
    reply = s.handle(f"play {card}")
    assert reply.accepted and not shown and len(reply.text) < 2000


def test_escapes_and_control_characters_are_stripped_from_narration(tmp_path: Any, server: FakeOpenAI) -> None:
    s, shown = table(tmp_path, server)
    card = G.view(s.state, 0).hand[0]
    # escapes after the first 40 characters too (the old code streamed everything after those unchecked)
    server.script(answer(f"You open\x07 with {card}, and the table is quiet now\x1b[2J\x1b[H\x1b[1;31m. Greedy"
                         f"\x1b[0m\x08\x00 waits.\x1b]0;owned\x07"))
    reply = s.handle(f"play {card}")
    assert not ESC.search("".join(shown) + reply.text), shown
    narration = [m for m in reply.messages if m.kind == "narration"]
    assert shown == [f"You open with {card}, and the table is quiet now. Greedy waits."]
    assert narration[0].text == shown[0] and narration[0].streamed


def test_a_models_reading_is_never_shown(tmp_path: Any, server: FakeOpenAI) -> None:
    s, _ = table(tmp_path, server)
    server.script(tool({"intent": "play", "cards": [{"words": "\x1b[2Jnice one\x07", "colour": "red"}]}))
    reply = s.handle("the nice one please")
    assert not reply.accepted and not ESC.search(reply.text) and "\x07" not in reply.text


def test_clean() -> None:
    assert clean("\x1b[31mred\x1b[0m \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ \x9b2J\u202eevil") == "red link evil"
    assert clean("a\tb\r\nc\x00\x7f") == "a b\nc"
    assert clean("one\ntwo", one_line=True) == "one two"
    assert clean("Ana spielt K9 – schön!") == "Ana spielt K9 – schön!"


# ---- rules answers --------------------------------------------------------------------------------------------

QUESTION = "how many cards does each player get?"


def test_a_rules_answer_quotes_the_digest_never_the_models_words(server: FakeOpenAI) -> None:
    server.script(tool({"section": "odin.setup.deal", "sentences": [2],
                        "answer": "\x1b[2J\x1b[31mEach player gets 11 cards.\x1b[0m\x07"}))
    a = rules_answer(QUESTION, "odin", lang="en", llm=model(server))
    deal = index("odin", "en").by_id["odin.setup.deal"].text
    second = sentences(deal)[1]
    assert a.source == "model" and a.text.startswith(second) and "11" not in a.text and not ESC.search(a.render())
    assert sorted(a.text.replace("\n", " ").split()) == sorted(deal.split())  # every word the digest's


def test_a_rules_answer_naming_a_hidden_card_falls_back_and_says_so(tmp_path: Any, server: FakeOpenAI) -> None:
    s, _ = table(tmp_path, server)
    hidden = " ".join(sorted(bot_hand(s)))
    server.script(tool({"section": "odin.setup.deal", "sentences": [1, 99],
                        "answer": f"Each player gets 9 cards; Greedy holds {hidden}."}))
    a = rules_answer(QUESTION, "odin", lang="en", state=s.state, player=0, names=s.names, llm=s.llm)
    assert "Greedy holds" not in a.text and not set(bot_hand(s)) & set(a.text.split())
    server.script(tool({"section": "odin.setup.deal", "sentences": [99]}))  # no such sentence: out of bounds
    a = rules_answer(QUESTION, "odin", lang="en", state=s.state, player=0, names=s.names, llm=s.llm)
    assert a.source != "model" and a.notice == t("ui.model_answer_unused", "en") and a.notice in a.render()
    assert a.to_json()["notice"] == a.notice


def test_a_model_never_replaces_the_engines_fact(tmp_path: Any, server: FakeOpenAI) -> None:
    s, _ = table(tmp_path, server)
    question = "how many cards does Greedy have?"
    engine = rules_answer(question, "odin", lang="en", state=s.state, player=0, names=s.names)
    assert engine.source == "engine"
    server.script(tool({"section": "odin.setup.deal", "sentences": [1]}))
    a = rules_answer(question, "odin", lang="en", state=s.state, player=0, names=s.names, llm=s.llm)
    assert len(server.requests) == 1  # the model was asked
    assert a.text.startswith(engine.text) or engine.text in a.text


@pytest.mark.parametrize("behaviour,key", [
    pytest.param(stall(10), "ui.model_failed", id="stall"),
    pytest.param(status(401), "ui.model_key_refused", id="401"),
    pytest.param(status(500), "ui.model_server_error", id="500"),
    pytest.param(garbage(), "ui.model_unreadable", id="not-json"),
    pytest.param(tool({"section": None, "sentences": []}), None, id="no-section"),
])
def test_a_rules_answer_that_fell_back_says_why(server: FakeOpenAI, behaviour: Behaviour, key: str | None) -> None:
    server.script(behaviour)
    llm = model(server)
    a, seconds = timed(lambda: rules_answer(QUESTION, "odin", lang="en", llm=llm))
    assert a.source == "digest" and a.notice == (t(key, "en") if key else None) and seconds < D + MARGIN
    if key is not None:  # the model is now skipped: the next answer says that instead (no section: no notice)
        assert rules_answer(QUESTION, "odin", lang="en", llm=llm).notice == t("ui.model_paused", "en")
