"""The one place that builds the chat model (langchain-openai) from settings.

Settings come from `gm.settings` (the environment, or `.env`): OPENAI_API_KEY, OPENAI_BASE_URL (OpenAI, Ollama,
llama.cpp, vLLM, any OpenAI-compatible server), GM_MODEL, and the knobs GM_LLM_TIMEOUT (seconds, default 20),
GM_LLM_MAX_TOKENS (default 300) and GM_LLM_METHOD (structured output: function_calling (default),
json_schema, or json_object). No key and no base URL: no model, and the game master works offline.

The model only ever proposes; the engine decides. Every call here may fail, and says how by its type:
`LLMTimeout` (no answer in time), `LLMUnavailable` (connection refused, HTTP error, bad key) and
`LLMBadAnswer` (an empty answer or one that does not validate), all subclasses of `LLMError`. Callers catch
`LLMError`, fall back to the offline path, and tell the player only when `exc.notify_player` is true
(`deserves_notice(exc)`): a model that is down or slow is worth a line, a bad answer falls back silently.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from gm.settings import METHODS, Settings, get_settings

PROMPTS = Path(__file__).resolve().parent.parent / "prompts"
__all__ = ["LLM", "LLMBadAnswer", "LLMError", "LLMSettings", "LLMTimeout", "LLMUnavailable", "METHODS", "Usage",
           "classify", "deserves_notice", "from_env", "prompt", "settings_from_env"]
log = logging.getLogger(__name__)


class LLMError(Exception):
    """The model could not give a usable answer. Raised as one of the subclasses below by this module;
    callers that judge an answer themselves may raise it (or `LLMBadAnswer`) for a bad one."""

    notify_player: ClassVar[bool] = False  # True: worth a short notice to the player ("the model did not answer")


class LLMTimeout(LLMError):
    """No answer in time (the client's timeout, or a stream that stalled)."""

    notify_player = True


class LLMUnavailable(LLMError):
    """The model could not be asked: connection refused, an HTTP error status, a refused key, a rate limit."""

    notify_player = True


class LLMBadAnswer(LLMError):
    """The model answered, but not usably: empty, not valid JSON, or not matching the schema."""

    notify_player = False


def deserves_notice(exc: BaseException) -> bool:
    """Whether a model failure is worth telling the player about (timeouts and unavailability are; a bad
    answer falls back silently)."""
    return isinstance(exc, LLMError) and exc.notify_player


@cache
def _client_errors() -> tuple[tuple[type[BaseException], ...], tuple[type[BaseException], ...],
                              tuple[type[BaseException], ...]]:
    """(timeouts, unavailable, bad answers) as exception types of the client libraries that are installed."""
    timeouts: list[type[BaseException]] = [TimeoutError]
    unavailable: list[type[BaseException]] = [ConnectionError]
    bad: list[type[BaseException]] = [ValidationError, ValueError, TypeError, KeyError]
    try:
        import openai

        timeouts.append(openai.APITimeoutError)  # before APIConnectionError, its base class
        unavailable += [openai.APIConnectionError, openai.APIStatusError]
        bad += [openai.APIResponseValidationError, openai.LengthFinishReasonError,
                openai.ContentFilterFinishReasonError]
    except ImportError:  # pragma: no cover - openai is a dependency
        pass
    for name in ("httpx", "httpx2"):  # openai 1.x uses httpx, later versions httpx2
        try:
            module: Any = __import__(name)
        except ImportError:
            continue
        timeouts.append(module.TimeoutException)
        unavailable.append(module.HTTPError)
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
    return tuple(timeouts), tuple(unavailable), tuple(bad)


def classify(exc: BaseException) -> type[LLMError]:
    """The LLMError subclass for a client failure, by the exception's type (and those it was raised from);
    never by its message. An exception of no known type counts as the model not answering."""
    timeouts, unavailable, bad = _client_errors()
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, LLMError):
            return type(current)
        if isinstance(current, timeouts):
            return LLMTimeout
        if isinstance(current, unavailable):
            return LLMUnavailable
        if isinstance(current, bad):
            return LLMBadAnswer
        current = current.__cause__ or current.__context__
    return LLMUnavailable


def _wrap(exc: BaseException) -> LLMError:
    kind = classify(exc)
    if kind is LLMBadAnswer:
        return LLMBadAnswer(f"the model's answer did not fit: {exc}")
    return kind(f"the model did not answer: {type(exc).__name__}: {exc}")


@dataclass(frozen=True)
class LLMSettings:
    api_key: str | None = field(repr=False)
    base_url: str | None
    model: str
    timeout: float = 20.0
    max_retries: int = 1
    max_tokens: int = 300
    method: str = "function_calling"


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
    """What the model calls of one sitting cost: calls, prompt characters and tokens where reported."""

    calls: int = 0
    failures: int = 0
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


class LLM:
    """A configured chat model with the calls the game master makes: structured choice, and streamed text."""

    def __init__(self, settings: LLMSettings, chat_model: Any = None) -> None:
        self.settings = settings
        self._chat = chat_model
        self.usage = Usage()

    @cached_property
    def chat(self) -> Any:
        if self._chat is not None:
            return self._chat
        cls = _chat_openai_class()
        s = self.settings
        return cls(model=s.model, api_key=s.api_key or "not-needed", base_url=s.base_url, timeout=s.timeout,
                   max_retries=s.max_retries, max_tokens=s.max_tokens, temperature=0)

    def structured(self, schema: type[BaseModel], messages: list[tuple[str, str]], purpose: str) -> BaseModel:
        """One call whose answer must validate against `schema`; raises LLMTimeout, LLMUnavailable or
        LLMBadAnswer otherwise."""
        chars = sum(len(m) for _, m in messages)
        start = time.perf_counter()
        tokens = (0, 0)
        try:
            if self.settings.method == "json_object":
                raw = self.chat.bind(response_format={"type": "json_object", "schema": schema.model_json_schema()})
                msg = raw.invoke(messages)
                tokens = _tokens(msg)
                text = _text(msg)
                if not text.strip():
                    raise LLMBadAnswer("the model gave an empty answer")
                result = schema.model_validate(json.loads(text))
            else:
                runnable = self.chat.with_structured_output(schema, method=self.settings.method, include_raw=True)
                out = runnable.invoke(messages)
                tokens = _tokens(out.get("raw"))
                if out.get("parsing_error") is not None or out.get("parsed") is None:
                    raise LLMBadAnswer(f"the model's answer did not fit: {out.get('parsing_error')}")
                result = out["parsed"]
                if not isinstance(result, schema):
                    result = schema.model_validate(result)
        except LLMError as exc:
            self._count(purpose, chars, tokens, start, exc)
            raise
        except Exception as exc:  # noqa: BLE001 - any client library's failure, sorted by its type
            error = _wrap(exc)
            self._count(purpose, chars, tokens, start, error)
            raise error from exc
        self._count(purpose, chars, tokens, start, None)
        return result

    def stream_text(self, messages: list[tuple[str, str]], purpose: str) -> Iterator[str]:
        """Stream a text answer chunk by chunk; raises LLMTimeout or LLMUnavailable if it fails before the
        first chunk, LLMBadAnswer if it ends without any text. A failure after the first chunk ends the
        stream quietly (counted as failed).

        The call is counted once, when the stream ends, fails, or is abandoned by the caller."""
        chars = sum(len(m) for _, m in messages)
        start = time.perf_counter()
        got = False
        error: LLMError | None = None
        try:
            for chunk in self.chat.stream(messages):
                text = _text(chunk)
                if text:
                    got = True
                    yield text
        except GeneratorExit:
            raise
        except Exception as exc:  # noqa: BLE001 - any client failure ends the stream
            error = _wrap(exc)
            if not got:
                raise error from exc
        finally:
            if error is None and not got:
                error = LLMBadAnswer("the model gave an empty answer")
            self._count(purpose, chars, (0, 0), start, error)
        if not got:
            raise LLMBadAnswer("the model gave an empty answer")

    def _count(self, purpose: str, chars: int, tokens: tuple[int, int], start: float,
               error: LLMError | None) -> None:
        seconds = time.perf_counter() - start
        self.usage.add(purpose, chars, tokens, seconds, error is None)
        if error is None:
            log.debug("model call %s: ok in %.2f s (%d prompt chars, tokens %d/%d)", purpose, seconds, chars,
                      *tokens)
        else:
            log.debug("model call %s: failed in %.2f s: %s: %s", purpose, seconds, type(error).__name__, error)


def _text(msg: Any) -> str:
    content = getattr(msg, "content", msg)
    if isinstance(content, list):
        return "".join(c.get("text", "") if isinstance(c, dict) else str(c) for c in content)
    return content if isinstance(content, str) else ""


def _tokens(msg: Any) -> tuple[int, int]:
    meta = getattr(msg, "usage_metadata", None) or {}
    return int(meta.get("input_tokens", 0) or 0), int(meta.get("output_tokens", 0) or 0)


def from_env(settings: Settings | None = None) -> LLM | None:
    """The configured model (from `settings`, by default read now), or None (offline)."""
    configured = llm_settings(settings if settings is not None else get_settings())
    return LLM(configured) if configured else None
