"""The one place that builds the chat model (langchain-openai) from settings.

Settings come from `gm.settings` (the environment, or `.env`): OPENAI_API_KEY, OPENAI_BASE_URL (OpenAI, Ollama,
llama.cpp, vLLM, any OpenAI-compatible server), GM_MODEL, and the knobs GM_LLM_TIMEOUT (seconds, default 20),
GM_LLM_MAX_TOKENS (default 300) and GM_LLM_METHOD (structured output: function_calling (default),
json_schema, or json_object). No key and no base URL: no model, and the game master works offline.

Every call has ONE deadline, GM_LLM_TIMEOUT from its start: connecting, retries (and their waits, a
Retry-After included) and the whole of a stream. The client runs on a worker thread, so the caller leaves at
the deadline whatever the server does (stalls, trickles, streams empty chunks forever); an abandoned worker
ends at its next chunk or its client's read timeout. After a call that failed for want of a server (a
timeout, an error status, a refused key, an unreadable answer) the model is skipped for a while
(`Breaker`: 60 s, doubling while it keeps failing, at least a Retry-After, at most 15 min), so the moves
that follow go offline at once instead of each paying the deadline again.

The model only ever proposes; the engine decides. Every call here may fail, and says how by its type:
`LLMTimeout` (no answer in time), `LLMUnavailable` (connection refused, an HTTP error status, a refused key),
`LLMUnreadable` (the server's answer could not be read: not JSON, or a stream cut off before its end),
`LLMBadAnswer` (an empty answer or one that does not validate or pass a caller's check) and `LLMBackoff` (not
asked: the model is skipped after a failure), all subclasses of `LLMError`. Callers catch `LLMError`, fall
back to the offline path, and tell the player what happened with `notice_key(exc)`: a model that is down,
slow or garbled is worth a line (one per failure, not one per skipped call); a bad answer falls back
silently. Text from the model goes through `clean` (no control characters or terminal escapes) before a
caller checks it.
"""

from __future__ import annotations

import json
import logging
import queue
import re
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ValidationError

from gm.settings import METHODS, Settings, get_settings

PROMPTS = Path(__file__).resolve().parent.parent / "prompts"
__all__ = ["LLM", "LLMBackoff", "LLMBadAnswer", "LLMError", "LLMSettings", "LLMTimeout", "LLMUnavailable",
           "LLMUnreadable", "METHODS", "Breaker", "Usage", "classify", "clean", "deserves_notice", "from_env",
           "notice_key", "prompt", "settings_from_env"]
log = logging.getLogger(__name__)
T = TypeVar("T")


class LLMError(Exception):
    """The model could not give a usable answer. Raised as one of the subclasses below by this module;
    callers that judge an answer themselves may raise it (or `LLMBadAnswer`) for a bad one."""

    notify_player: ClassVar[bool] = False  # True: worth a short notice to the player ("the model did not answer")


class LLMTimeout(LLMError):
    """No answer in time: the call's deadline passed (a stall, a trickle, a stream that never ends)."""

    notify_player = True


class LLMUnavailable(LLMError):
    """The model could not be asked: connection refused, an HTTP error status, a refused key, a rate limit.
    `status` is the HTTP status when there was one; `retry_after` the server's Retry-After in seconds."""

    notify_player = True

    def __init__(self, message: str, status: int | None = None, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after

    @property
    def key_refused(self) -> bool:
        return self.status in (401, 403)


class LLMBadAnswer(LLMError):
    """The model answered, but not usably: empty, not matching the schema, or failing a caller's check."""

    notify_player = False


class LLMUnreadable(LLMBadAnswer):
    """The server's answer could not be read: a body or event that is not JSON, a response of the wrong
    shape, a stream that stopped without finishing (no finish_reason)."""

    notify_player = True


class LLMBackoff(LLMError):
    """Not asked: the model failed a moment ago and is skipped for a while (see `Breaker`). The failure
    itself was already told; a skipped call falls back silently."""

    notify_player = False


def notice_key(exc: BaseException) -> str | None:
    """The locale key of the one-line notice a model failure deserves, or None (fall back silently)."""
    if not isinstance(exc, LLMError) or not exc.notify_player:
        return None
    if isinstance(exc, LLMTimeout):
        return "ui.model_failed"
    if isinstance(exc, LLMUnavailable):
        return "ui.model_key_refused" if exc.key_refused else "ui.model_server_error"
    if isinstance(exc, LLMUnreadable):
        return "ui.model_unreadable"
    return "ui.model_server_error"


def deserves_notice(exc: BaseException) -> bool:
    """Whether a model failure is worth telling the player about (timeouts, an unavailable model and an
    unreadable answer are; a bad answer and a skipped call fall back silently)."""
    return notice_key(exc) is not None


# ---- model text on screen -------------------------------------------------------------------------------------

# Terminal escape sequences (CSI, OSC, DCS/SOS/PM/APC, two-character ESC sequences, the 8-bit CSI), then single
# control characters: C0 but newline, DEL, C1, and the invisible bidirectional and zero-width controls.
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]?|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"
                     r"|\x1b.?|\x9b[0-?]*[ -/]*[@-~]?", re.S)
CONTROLS = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def clean(text: str, *, one_line: bool = False) -> str:
    """Model text made safe for a terminal: no escape sequence, no control character (a tab is a space, a
    carriage return a newline); `one_line` also folds newlines and runs of spaces."""
    text = ESCAPES.sub("", text).replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    text = CONTROLS.sub("", text)
    if one_line:
        return " ".join(text.split())
    return "\n".join(" ".join(line.split()) for line in text.split("\n")).strip()


# ---- failures by type ------------------------------------------------------------------------------------------

@cache
def _client_errors() -> dict[str, tuple[type[BaseException], ...]]:
    """Exception types of the installed client libraries, by kind: timeout, unavailable, unreadable, bad,
    status (those with a `status_code`)."""
    timeouts: list[type[BaseException]] = [TimeoutError]
    unavailable: list[type[BaseException]] = [ConnectionError]
    unreadable: list[type[BaseException]] = [json.JSONDecodeError]
    bad: list[type[BaseException]] = [ValidationError, ValueError, TypeError, KeyError]
    status: list[type[BaseException]] = []
    try:
        import openai

        timeouts.append(openai.APITimeoutError)  # before APIConnectionError, its base class
        unreadable.append(openai.APIResponseValidationError)  # before APIStatusError, its base class
        unavailable += [openai.APIConnectionError, openai.APIStatusError]
        status.append(openai.APIStatusError)
        bad += [openai.LengthFinishReasonError, openai.ContentFilterFinishReasonError]
    except ImportError:  # pragma: no cover - openai is a dependency
        pass
    for name in ("httpx", "httpx2"):  # openai 1.x uses httpx, later versions httpx2
        try:
            module: Any = __import__(name)
        except ImportError:
            continue
        timeouts.append(module.TimeoutException)
        unavailable.append(module.HTTPError)
        status.append(module.HTTPStatusError)
    try:
        from langchain_core import exceptions as lc

        timeouts += [getattr(lc, n) for n in ("ModelTimeoutError",) if hasattr(lc, n)]
        unavailable += [getattr(lc, n) for n in ("ModelConnectionError", "ModelAPIError", "ModelAuthenticationError",
                                                 "ModelRateLimitError", "ModelNotFoundError",
                                                 "ModelPermissionDeniedError", "ModelInvalidRequestError")
                        if hasattr(lc, n)]
        bad += [getattr(lc, n) for n in ("OutputParserException", "ModelRefusalError") if hasattr(lc, n)]
    except ImportError:  # pragma: no cover - langchain-core is a dependency
        pass
    return {"timeout": tuple(timeouts), "unavailable": tuple(unavailable), "unreadable": tuple(unreadable),
            "bad": tuple(bad), "status": tuple(status)}


def _chain(exc: BaseException) -> list[BaseException]:
    """The exception and those it was raised from (or during), without cycles."""
    out: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and all(current is not e for e in out):
        out.append(current)
        current = current.__cause__ or current.__context__
    return out


def classify(exc: BaseException) -> type[LLMError]:
    """The LLMError subclass for a client failure, by the exception's type (and those it was raised from);
    never by its message. An exception of no known type counts as the model not answering."""
    kinds = _client_errors()
    for current in _chain(exc):
        if isinstance(current, LLMError):
            return type(current)
        if isinstance(current, kinds["timeout"]):
            return LLMTimeout
        if isinstance(current, kinds["unreadable"]):
            return LLMUnreadable
        if isinstance(current, kinds["unavailable"]):
            return LLMUnavailable
        if isinstance(current, kinds["bad"]):
            return LLMBadAnswer
    return LLMUnavailable


def _status(exc: BaseException) -> tuple[int | None, float | None]:
    """(HTTP status, Retry-After seconds) of a client failure, read from the exception objects' attributes."""
    for current in _chain(exc):
        if isinstance(current, _client_errors()["status"]):
            response: Any = getattr(current, "response", None)
            code = getattr(current, "status_code", None) or getattr(response, "status_code", None)
            headers: Any = getattr(response, "headers", None) or {}
            retry_after: float | None = None
            try:
                retry_after = float(headers.get("retry-after")) if headers.get("retry-after") else None
            except (TypeError, ValueError):  # an HTTP date: not worth parsing, the breaker's own wait applies
                retry_after = None
            return (int(code) if code else None), retry_after
    return None, None


def _wrap(exc: BaseException) -> LLMError:
    kind = classify(exc)
    if isinstance(exc, LLMError):
        return exc
    if kind is LLMUnreadable:
        return LLMUnreadable(f"the model's answer could not be read: {type(exc).__name__}: {exc}")
    if kind is LLMBadAnswer:
        return LLMBadAnswer(f"the model's answer did not fit: {exc}")
    if kind is LLMUnavailable:
        code, retry_after = _status(exc)
        return LLMUnavailable(f"the model did not answer: {type(exc).__name__}: {exc}", code, retry_after)
    return kind(f"the model did not answer: {type(exc).__name__}: {exc}")


# ---- settings --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LLMSettings:
    api_key: str | None = field(repr=False)
    base_url: str | None
    model: str
    timeout: float = 20.0  # the deadline of one call, everything included
    max_retries: int = 1  # retries within the deadline (an error status or a refused connection; never a 401/403)
    max_tokens: int = 300
    method: str = "function_calling"
    cooldown: float = 60.0  # after a failure the model is skipped this long (doubling while it keeps failing)
    max_cooldown: float = 900.0


def settings_from_env(env: Mapping[str, str] | None = None) -> LLMSettings | None:
    """The model's settings from `gm.settings` (or from `env` alone, for tests); None when neither a key nor
    a base URL is set. An invalid GM_LLM_METHOD raises ValueError (pydantic's ValidationError)."""
    return llm_settings(get_settings() if env is None else Settings.from_env(env))


def llm_settings(settings: Settings) -> LLMSettings | None:
    """The model part of the settings; None: no model configured."""
    if not settings.api_key and not settings.openai_base_url:
        return None
    return LLMSettings(api_key=settings.api_key, base_url=settings.openai_base_url, model=settings.model,
                       timeout=settings.llm_timeout, max_tokens=settings.llm_max_tokens, method=settings.llm_method)


def prompt(name: str) -> str:
    """A prompt file from prompts/ (one per purpose)."""
    return (PROMPTS / f"{name}.md").read_text(encoding="utf-8")


@dataclass
class Usage:
    """What the model calls of one sitting cost: calls, prompt characters and tokens where reported; calls
    skipped while the model was backed off are counted apart (`skipped`)."""

    calls: int = 0
    failures: int = 0
    skipped: int = 0
    prompt_chars: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    log: list[dict[str, Any]] = field(default_factory=list)

    def add(self, purpose: str, chars: int, tokens: tuple[int, int], seconds: float, ok: bool) -> None:
        self.calls += 1
        self.failures += 0 if ok else 1
        self.prompt_chars += chars
        self.prompt_tokens += tokens[0]
        self.completion_tokens += tokens[1]
        self.seconds += seconds
        self.log.append({"purpose": purpose, "prompt_chars": chars, "prompt_tokens": tokens[0],
                         "completion_tokens": tokens[1], "seconds": round(seconds, 3), "ok": ok})


@dataclass
class Breaker:
    """Skips the model for a while after a failure that says the server cannot answer now (a timeout, an
    error status, a refused key, an unreadable answer): `cooldown` seconds, doubled for every further failure
    in a row, at least the server's Retry-After, at most `max_cooldown`. Any answer from the server (even a
    bad one) closes it again; after the wait one call is let through to try."""

    cooldown: float = 60.0
    max_cooldown: float = 900.0
    clock: Callable[[], float] = time.monotonic
    open_until: float = 0.0
    failures: int = 0

    def remaining(self) -> float:
        """Seconds the model is still skipped for (0: ask it)."""
        return max(0.0, self.open_until - self.clock())

    def record(self, error: LLMError | None) -> None:
        if error is None or not error.notify_player:  # the server answered
            self.failures = 0
            self.open_until = 0.0
            return
        self.failures += 1
        wait = min(self.max_cooldown, self.cooldown * 2 ** min(self.failures - 1, 16))
        retry_after = getattr(error, "retry_after", None)
        if retry_after:
            wait = max(wait, min(float(retry_after), self.max_cooldown))
        self.open_until = self.clock() + wait
        log.info("model skipped for %.0f s after %s", wait, type(error).__name__)


def _chat_openai_class() -> type:
    from langchain_openai import ChatOpenAI

    class GMChatOpenAI(ChatOpenAI):
        """ChatOpenAI that always sends `max_tokens`: llama.cpp's server ignores `max_completion_tokens`
        (what langchain-openai sends) and can then generate until its context is full."""

        def _get_request_payload(self, input_: Any, *, stop: list[str] | None = None,
                                 **kwargs: Any) -> dict[str, Any]:
            payload = super()._get_request_payload(input_, stop=stop, **kwargs)
            if "max_completion_tokens" in payload:
                payload["max_tokens"] = payload.pop("max_completion_tokens")
            return payload

    return GMChatOpenAI


RETRY_STATUS = frozenset({408, 409, 429})  # and every 5xx; a refused connection (no status) is retried too
FIRST_BACKOFF = 0.5  # seconds before the first retry (doubling), unless the server's Retry-After says more
FINISHED = "stop"  # a stream counts only when it ends with a finish_reason, and not "length" or a filter


def _retryable(exc: LLMError) -> bool:
    if not isinstance(exc, LLMUnavailable) or exc.key_refused:
        return False
    return exc.status is None or exc.status in RETRY_STATUS or exc.status >= 500


class LLM:
    """A configured chat model with the calls the game master makes: a structured choice, and a text (streamed
    from the server, returned whole once it has finished properly). Each call keeps one deadline."""

    def __init__(self, settings: LLMSettings, chat_model: Any = None) -> None:
        self.settings = settings
        self._chat = chat_model
        self.usage = Usage()
        self.breaker = Breaker(settings.cooldown, settings.max_cooldown)

    @cached_property
    def chat(self) -> Any:
        if self._chat is not None:
            return self._chat
        cls = _chat_openai_class()
        s = self.settings
        # The client's own retries are off (max_retries=0): it would wait a Retry-After of a minute. Retries
        # happen in `_ask`, within the call's deadline; the client's timeout only bounds an abandoned worker.
        return cls(model=s.model, api_key=s.api_key or "not-needed", base_url=s.base_url, timeout=s.timeout,
                   max_retries=0, max_tokens=s.max_tokens, temperature=0)

    def structured(self, schema: type[BaseModel], messages: list[tuple[str, str]], purpose: str) -> BaseModel:
        """One call whose answer must validate against `schema`; raises an LLMError otherwise (LLMTimeout
        at the deadline, LLMUnavailable, LLMUnreadable, LLMBadAnswer, LLMBackoff)."""

        def once(deadline: float) -> tuple[BaseModel, tuple[int, int]]:
            return _in_thread(lambda: self._structured_once(schema, messages), deadline, purpose)

        result, _ = self._ask(once, messages, purpose)
        return result

    def _structured_once(self, schema: type[BaseModel], messages: list[tuple[str, str]],
                         ) -> tuple[BaseModel, tuple[int, int]]:
        if self.settings.method == "json_object":
            raw = self.chat.bind(response_format={"type": "json_object", "schema": schema.model_json_schema()})
            msg = raw.invoke(messages)
            tokens = _tokens(msg)
            text = _text(msg)
            if not text.strip():
                raise LLMBadAnswer("the model gave an empty answer")
            try:
                data = json.loads(text)
            except ValueError as exc:  # the model's text, not the server's body: a bad answer
                raise LLMBadAnswer(f"the model's answer is not JSON: {exc}") from exc
            return schema.model_validate(data), tokens
        runnable = self.chat.with_structured_output(schema, method=self.settings.method, include_raw=True)
        out = runnable.invoke(messages)
        tokens = _tokens(out.get("raw"))
        if out.get("parsing_error") is not None or out.get("parsed") is None:
            raise LLMBadAnswer(f"the model's answer did not fit: {out.get('parsing_error')}")
        result = out["parsed"]
        if not isinstance(result, schema):
            result = schema.model_validate(result)
        return result, tokens

    def complete_text(self, messages: list[tuple[str, str]], purpose: str, max_chars: int = 2000) -> str:
        """A text answer, streamed from the server and returned whole (cleaned by `clean`) only when the
        stream finished properly: no text is handed out before that. Raises LLMTimeout at the deadline (also
        for a stream that never ends), LLMUnreadable for a stream cut off before its finish_reason,
        LLMBadAnswer for an empty answer or one longer than `max_chars` (the stream is dropped as soon as it
        is), LLMUnavailable, LLMBackoff."""

        def once(deadline: float) -> tuple[str, tuple[int, int]]:
            return self._stream_once(messages, deadline, purpose, max_chars), (0, 0)

        text, _ = self._ask(once, messages, purpose)
        return text

    def stream_text(self, messages: list[tuple[str, str]], purpose: str, max_chars: int = 2000) -> Iterator[str]:
        """`complete_text` as an iterator of one chunk: the whole checked text, or the LLMError."""
        yield self.complete_text(messages, purpose, max_chars)

    def _stream_once(self, messages: list[tuple[str, str]], deadline: float, purpose: str, max_chars: int) -> str:
        events: queue.Queue[tuple[str, Any]] = queue.Queue()
        cancel = threading.Event()
        chat = self.chat

        def work() -> None:
            try:
                stream = chat.stream(messages)
                try:
                    for chunk in stream:
                        if cancel.is_set():
                            return
                        events.put(("chunk", chunk))
                finally:
                    close = getattr(stream, "close", None)
                    if close is not None:
                        close()  # closes the HTTP response: the server sees the client go
                events.put(("end", None))
            except BaseException as exc:  # noqa: BLE001 - handed to the caller, which sorts it by type
                events.put(("error", exc))

        threading.Thread(target=work, name=f"gm-llm-{purpose}", daemon=True).start()
        parts: list[str] = []
        size = 0
        finish: str | None = None
        try:
            while True:
                try:
                    kind, value = events.get(timeout=max(0.0, deadline - time.monotonic()))
                except queue.Empty:
                    raise LLMTimeout(f"no complete answer within {self.settings.timeout:g} s") from None
                if kind == "error":
                    raise _wrap(value) from value
                if kind == "end":
                    break
                text = _text(value)
                parts.append(text)
                size += len(text)
                finish = _finish_reason(value) or finish
                if size > max_chars:
                    raise LLMBadAnswer(f"the answer is longer than {max_chars} characters")
                if time.monotonic() >= deadline:  # chunks keep coming, but not the end
                    raise LLMTimeout(f"no complete answer within {self.settings.timeout:g} s")
        finally:
            cancel.set()
        if finish is None:
            raise LLMUnreadable("the stream stopped before the answer was finished")
        if finish != FINISHED:
            raise LLMBadAnswer(f"the answer ended with finish_reason {finish!r}")
        text = clean("".join(parts))
        if not text:
            raise LLMBadAnswer("the model gave an empty answer")
        return text

    def _ask(self, once: Callable[[float], tuple[T, tuple[int, int]]], messages: list[tuple[str, str]],
             purpose: str) -> tuple[T, tuple[int, int]]:
        """Run `once(deadline)` (retrying an error status or a refused connection while the deadline allows),
        behind the breaker; count the call."""
        waiting = self.breaker.remaining()
        if waiting > 0:
            self.usage.skipped += 1
            log.debug("model call %s: skipped, the model is backed off for %.0f s more", purpose, waiting)
            raise LLMBackoff(f"the model is skipped for {waiting:.0f} s after a failure")
        chars = sum(len(m) for _, m in messages)
        _ = self.chat  # built (and its library imported) before the clock starts
        start = time.monotonic()
        deadline = start + self.settings.timeout
        attempt = 0
        while True:
            try:
                result = once(deadline)
                break
            except Exception as exc:  # noqa: BLE001 - any client library's failure, sorted by its type
                error = _wrap(exc)
                attempt += 1
                wait = FIRST_BACKOFF * 2 ** (attempt - 1)
                if isinstance(error, LLMUnavailable) and error.retry_after is not None:
                    wait = max(wait, error.retry_after)
                if attempt > self.settings.max_retries or not _retryable(error) \
                        or time.monotonic() + wait >= deadline:
                    self._count(purpose, chars, (0, 0), start, error)
                    if error is exc:
                        raise
                    raise error from exc
                log.debug("model call %s: retry in %.1f s after %s", purpose, wait, type(error).__name__)
                time.sleep(wait)
        self._count(purpose, chars, result[1], start, None)
        return result

    def _count(self, purpose: str, chars: int, tokens: tuple[int, int], start: float,
               error: LLMError | None) -> None:
        seconds = time.monotonic() - start
        self.usage.add(purpose, chars, tokens, seconds, error is None)
        self.breaker.record(error)
        if error is None:
            log.debug("model call %s: ok in %.2f s (%d prompt chars, tokens %d/%d)", purpose, seconds, chars,
                      *tokens)
        else:
            log.debug("model call %s: failed in %.2f s: %s: %s", purpose, seconds, type(error).__name__, error)


def _in_thread(fn: Callable[[], T], deadline: float, purpose: str) -> T:
    """`fn()` on a daemon worker thread; its result or exception, or LLMTimeout when the deadline comes
    first (the worker is abandoned: it ends with its client's own timeout)."""
    box: queue.Queue[tuple[bool, Any]] = queue.Queue(maxsize=1)

    def work() -> None:
        try:
            box.put((True, fn()))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller, which sorts it by type
            box.put((False, exc))

    threading.Thread(target=work, name=f"gm-llm-{purpose}", daemon=True).start()
    try:
        ok, value = box.get(timeout=max(0.0, deadline - time.monotonic()))
    except queue.Empty:
        raise LLMTimeout("no answer before the deadline") from None
    if ok:
        return value  # type: ignore[no-any-return]
    raise value


def _text(msg: Any) -> str:
    content = getattr(msg, "content", msg)
    if isinstance(content, list):
        return "".join(c.get("text", "") if isinstance(c, dict) else str(c) for c in content)
    return content if isinstance(content, str) else ""


def _finish_reason(msg: Any) -> str | None:
    meta = getattr(msg, "response_metadata", None) or {}
    reason = meta.get("finish_reason") if isinstance(meta, dict) else None
    return str(reason) if reason else None


def _tokens(msg: Any) -> tuple[int, int]:
    meta = getattr(msg, "usage_metadata", None) or {}
    return int(meta.get("input_tokens", 0) or 0), int(meta.get("output_tokens", 0) or 0)


def from_env(settings: Settings | None = None) -> LLM | None:
    """The configured model (from `settings`, by default read now), or None (offline)."""
    configured = llm_settings(settings if settings is not None else get_settings())
    return LLM(configured) if configured else None
