"""Logging: gm.log.setup configures the standard logging module; secrets never reach a log line."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest

from gm import log as gm_log
from gm.log import RedactSecrets, redact

KEY = "my-very-own-api-key-42"


@pytest.fixture
def logged(monkeypatch, tmp_path, capsys):
    """setup(verbose=True) with a key in the settings; returns a function giving what reached stderr.

    setup runs when the test first asks (pytest puts the test's own stderr in place only after fixtures)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.delenv("GM_LOG", raising=False)
    root = logging.getLogger()
    level = root.level

    def start() -> Callable[[], str]:
        gm_log.setup(verbose=True)
        return lambda: capsys.readouterr().err

    yield start
    if gm_log._handler is not None:
        root.removeHandler(gm_log._handler)
    gm_log._handler = None
    root.setLevel(level)


def test_redact():
    text = ("key my-very-own-api-key-42 url postgresql+psycopg://gm:pw@db/gm token sk-proj-AbC123xyz789 "
            "header Authorization: Bearer abcdef123456")
    out = redact(text, [KEY])
    for secret in (KEY, ":pw@", "AbC123xyz789", "abcdef123456"):
        assert secret not in out
    assert "postgresql+psycopg://gm:***@db/gm" in out and "sk-***" in out and "Bearer ***" in out
    assert redact("nothing to hide: sqlite:///saves/gm.sqlite3") == "nothing to hide: sqlite:///saves/gm.sqlite3"


def test_every_record_is_redacted_arguments_and_tracebacks_too(logged):
    output = logged()
    log = logging.getLogger("gm.test")
    log.debug("calling with key %s", KEY)
    logging.getLogger("httpx").info("connect to %s", "postgresql+psycopg://user:s3cr3t@host/db")
    try:
        raise RuntimeError(f"auth failed for sk-abcdefghijklmnop and {KEY}")
    except RuntimeError:
        log.exception("model call failed")
    err = output()
    assert "calling with key ***" in err and "user:***@host" in err and "model call failed" in err
    assert KEY not in err and "s3cr3t" not in err and "sk-abcdefghijklmnop" not in err
    assert "RuntimeError" in err  # the traceback is kept, redacted


def test_level_comes_from_gm_log_and_verbose_wins(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GM_LOG", "error")
    root = logging.getLogger()
    level = root.level
    try:
        gm_log.setup()
        assert root.level == logging.ERROR
        handler = gm_log.setup(verbose=True)
        assert root.level == logging.DEBUG
        assert sum(h is handler for h in root.handlers) == 1 and len(
            [h for h in root.handlers if any(isinstance(f, RedactSecrets) for f in h.filters)]) == 1
    finally:
        if gm_log._handler is not None:
            root.removeHandler(gm_log._handler)
        gm_log._handler = None
        root.setLevel(level)


def test_store_and_llm_log_useful_debug_lines(logged, tmp_path):
    output = logged()
    from engine import load_game
    from gm.llm import LLM, LLMSettings
    from gm.store import Store

    g = load_game("odin")
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    state = g.new_game(players=2, seed=1)
    gid = store.create_game("odin", [{"name": "A"}, {"name": "B"}], {}, 1, g.state_to_json(state))
    action = g.legal_actions(state)[0]
    seat = state.decision.player
    state, _ = g.apply(state, action)
    store.append(gid, 0, seat, g.to_notation(action), store.load(gid).chain, g.state_to_json(state))

    class Chat:
        def stream(self, messages):
            raise TimeoutError("slow")

    llm = LLM(LLMSettings(api_key=KEY, base_url="http://127.0.0.1:9/v1", model="m"), chat_model=Chat())
    with pytest.raises(Exception):  # noqa: B017 - LLMTimeout; only the log line matters here
        list(llm.stream_text([("user", "hi")], "narrate"))
    err = output()
    assert f"game {gid}: saved plies 0-0" in err
    assert "model call narrate: failed" in err and "LLMTimeout" in err
    assert KEY not in err
