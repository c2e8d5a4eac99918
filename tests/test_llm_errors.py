"""Model failures are typed: LLMTimeout, LLMUnavailable, LLMBadAnswer (all LLMError), told apart by the
exception's type, never its message; timeouts and unavailability deserve a notice, a bad answer does not."""

from __future__ import annotations

import json
import socket
import threading
from typing import Any

import httpx
import openai
import pytest
from fakes import FakeChat
from pydantic import BaseModel

from gm.llm import (
    LLM,
    LLMBackoff,
    LLMBadAnswer,
    LLMError,
    LLMSettings,
    LLMTimeout,
    LLMUnavailable,
    LLMUnreadable,
    classify,
    deserves_notice,
    notice_key,
    settings_from_env,
)

REQUEST = httpx.Request("POST", "http://127.0.0.1:9/v1/chat/completions")


class Choice(BaseModel):
    choice: str


def llm(**kw: Any) -> LLM:
    return LLM(LLMSettings(api_key="sk-test-0123456789", base_url="http://127.0.0.1:9/v1", model="m"),
               chat_model=FakeChat(**kw))


STATUS = openai.AuthenticationError("bad key", response=httpx.Response(401, request=REQUEST), body=None)


@pytest.mark.parametrize("failure,kind", [
    (openai.APITimeoutError(request=REQUEST), LLMTimeout),
    (httpx.ReadTimeout("connection refused", request=REQUEST), LLMTimeout),  # the message does not matter
    (TimeoutError("whatever"), LLMTimeout),
    (openai.APIConnectionError(message="timed out", request=REQUEST), LLMUnavailable),
    (STATUS, LLMUnavailable),
    (openai.RateLimitError("slow down", response=httpx.Response(429, request=REQUEST), body=None), LLMUnavailable),
    (ConnectionRefusedError(111, "Connection refused"), LLMUnavailable),
    (httpx.ConnectError("x", request=REQUEST), LLMUnavailable),
    (ValueError("did not answer"), LLMBadAnswer),  # a message that looks like a timeout is still a bad answer
    (RuntimeError("something odd"), LLMUnavailable),  # unknown: the model did not answer
])
def test_structured_raises_the_right_failure(failure, kind):
    model = llm(fail=failure)
    with pytest.raises(kind) as info:
        model.structured(Choice, [("user", "hi")], "parse")
    assert type(info.value) is kind and info.value.__cause__ is failure
    assert deserves_notice(info.value) is (kind is not LLMBadAnswer)
    assert info.value.notify_player is (kind is not LLMBadAnswer)
    assert model.usage.calls == 1 and model.usage.failures == 1


def test_a_failure_wrapped_by_another_library_is_classified_by_its_cause():
    try:
        try:
            raise openai.APITimeoutError(request=REQUEST)
        except openai.APITimeoutError as exc:
            raise RuntimeError("wrapped") from exc
    except RuntimeError as outer:
        assert classify(outer) is LLMTimeout


def test_answers_that_do_not_fit_are_bad_answers():
    with pytest.raises(LLMBadAnswer):
        llm(parsed=None, parsing_error=ValueError("no json")).structured(Choice, [("user", "hi")], "parse")
    with pytest.raises(LLMBadAnswer):
        llm(parsed={"nothing": 1}).structured(Choice, [("user", "hi")], "parse")  # fails validation
    ok = llm(parsed={"choice": "pass"})
    assert ok.structured(Choice, [("user", "hi")], "parse") == Choice(choice="pass")
    assert ok.usage.failures == 0


def test_complete_text_failures():
    with pytest.raises(LLMTimeout):
        llm(fail=openai.APITimeoutError(request=REQUEST)).complete_text([("user", "hi")], "narrate")
    with pytest.raises(LLMUnavailable):
        llm(fail=STATUS).complete_text([("user", "hi")], "narrate")
    empty = llm(chunks=("", ""))
    with pytest.raises(LLMBadAnswer):
        empty.complete_text([("user", "hi")], "narrate")
    assert empty.usage.calls == 1 and empty.usage.failures == 1
    # A failure after the first chunk, or a stream that ends without a finish_reason, yields nothing at all.
    broken = llm(chunks=("Ana ", "plays"), fail_after=openai.APITimeoutError(request=REQUEST))
    with pytest.raises(LLMTimeout):
        broken.complete_text([("user", "hi")], "narrate")
    assert broken.usage.failures == 1
    with pytest.raises(LLMUnreadable):
        llm(chunks=("Ana ", "plays"), finish=None).complete_text([("user", "hi")], "narrate")
    with pytest.raises(LLMBadAnswer):  # cut at max_tokens
        llm(chunks=("Ana ", "plays"), finish="length").complete_text([("user", "hi")], "narrate")
    fine = llm(chunks=("Ana ", "plays"))
    assert fine.complete_text([("user", "hi")], "narrate") == "Ana plays" and fine.usage.failures == 0


def test_each_failure_has_its_own_notice():
    assert classify(json.JSONDecodeError("x", "{", 0)) is LLMUnreadable  # the server's body, not JSON
    keys = {notice_key(LLMTimeout("t")), notice_key(LLMUnavailable("401", status=401)),
            notice_key(LLMUnavailable("500", status=500)), notice_key(LLMUnreadable("cut"))}
    assert keys == {"ui.model_failed", "ui.model_key_refused", "ui.model_server_error", "ui.model_unreadable"}
    assert notice_key(LLMUnavailable("403", status=403)) == "ui.model_key_refused"
    assert notice_key(LLMBadAnswer("x")) is None and notice_key(LLMBackoff("x")) is None
    assert notice_key(ValueError("not a model failure")) is None


def test_every_failure_is_an_llm_error():
    for kind in (LLMTimeout, LLMUnavailable, LLMBadAnswer):
        assert issubclass(kind, LLMError)
    assert not deserves_notice(LLMError("a caller's own judgement of an answer"))
    assert not deserves_notice(ValueError("not a model failure"))


# ---- the real client against real sockets (no network: 127.0.0.1 only) ---------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def real_llm(port: int, timeout: float = 5.0) -> LLM:
    return LLM(LLMSettings(api_key="sk-test-0123456789", base_url=f"http://127.0.0.1:{port}/v1", model="m",
                           timeout=timeout, max_retries=0))


def test_a_refused_connection_is_unavailable():
    with pytest.raises(LLMUnavailable, match="did not answer"):
        real_llm(free_port()).structured(Choice, [("user", "hi")], "parse")


def test_a_server_that_never_answers_is_a_timeout():
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.1)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])  # read nothing, answer nothing
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        with pytest.raises(LLMTimeout):
            real_llm(server.getsockname()[1], timeout=0.3).structured(Choice, [("user", "hi")], "parse")
        with pytest.raises(LLMTimeout):
            real_llm(server.getsockname()[1], timeout=0.3).complete_text([("user", "hi")], "narrate")
    finally:
        stop.set()
        thread.join()
        for c in accepted:
            c.close()
        server.close()


# ---- settings ------------------------------------------------------------------------------------------------

def test_llm_settings_come_from_gm_settings(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-live-abcdefghijklmnop")
    monkeypatch.setenv("GM_MODEL", "gemma")
    monkeypatch.setenv("GM_LLM_TIMEOUT", "7.5")
    monkeypatch.setenv("GM_LLM_MAX_TOKENS", "")  # empty: the default
    s = settings_from_env()
    assert s is not None and s.model == "gemma" and s.timeout == 7.5 and s.max_tokens == 300
    assert s.api_key == "sk-live-abcdefghijklmnop" and "abcdefghijklmnop" not in repr(s)
    assert settings_from_env({"OPENAI_BASE_URL": "http://x/v1"}).api_key is None  # only the mapping is read
