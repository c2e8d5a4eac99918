"""The one place that builds the chat model (langchain-openai) from settings.

Settings come from the environment (or `.env`): OPENAI_API_KEY, OPENAI_BASE_URL (OpenAI, Ollama, llama.cpp,
vLLM, any OpenAI-compatible server), GM_MODEL, and the knobs GM_LLM_TIMEOUT (seconds, default 20),
GM_LLM_MAX_TOKENS (default 300) and GM_LLM_METHOD (structured output: function_calling (default),
json_schema, or json_object). No key and no base URL: no model, and the game master works offline.

The model only ever proposes; the engine decides. Every call here may fail (timeout, HTTP error, nonsense):
callers catch `LLMError` and fall back to the offline path.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

PROMPTS = Path(__file__).resolve().parent.parent / "prompts"
METHODS = ("function_calling", "json_schema", "json_object")


class LLMError(Exception):
    """The model could not give a usable answer (network, timeout, refusal, invalid output)."""


@dataclass(frozen=True)
class LLMSettings:
    api_key: str | None
    base_url: str | None
    model: str
    timeout: float = 20.0
    max_retries: int = 1
    max_tokens: int = 300
    method: str = "function_calling"


def settings_from_env(env: Mapping[str, str] | None = None) -> LLMSettings | None:
    env = os.environ if env is None else env
    key = env.get("OPENAI_API_KEY") or None
    base = env.get("OPENAI_BASE_URL") or None
    if not key and not base:
        return None
    method = env.get("GM_LLM_METHOD") or "function_calling"
    if method not in METHODS:
        raise ValueError(f"GM_LLM_METHOD must be one of {', '.join(METHODS)}, not {method!r}")
    return LLMSettings(
        api_key=key, base_url=base, model=env.get("GM_MODEL") or "gpt-4o-mini",
        timeout=float(env.get("GM_LLM_TIMEOUT") or 20), max_tokens=int(env.get("GM_LLM_MAX_TOKENS") or 300),
        method=method)


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

        def _get_request_payload(self, input_: Any, *, stop: list[str] | None = None, **kwargs: Any) -> dict:
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
        """One call whose answer must validate against `schema`; raises LLMError otherwise."""
        chars = sum(len(m) for _, m in messages)
        start = time.perf_counter()
        tokens = (0, 0)
        try:
            if self.settings.method == "json_object":
                raw = self.chat.bind(response_format={"type": "json_object", "schema": schema.model_json_schema()})
                msg = raw.invoke(messages)
                tokens = _tokens(msg)
                result = schema.model_validate(json.loads(_text(msg)))
            else:
                runnable = self.chat.with_structured_output(schema, method=self.settings.method, include_raw=True)
                out = runnable.invoke(messages)
                tokens = _tokens(out.get("raw"))
                if out.get("parsing_error") is not None or out.get("parsed") is None:
                    raise LLMError(f"the model's answer did not fit: {out.get('parsing_error')}")
                result = out["parsed"]
                if not isinstance(result, schema):
                    result = schema.model_validate(result)
        except LLMError:
            self.usage.add(purpose, chars, tokens, time.perf_counter() - start, False)
            raise
        except (ValidationError, ValueError, TypeError, KeyError) as exc:
            self.usage.add(purpose, chars, tokens, time.perf_counter() - start, False)
            raise LLMError(f"the model's answer did not fit: {exc}") from exc
        except Exception as exc:  # noqa: BLE001 - network, timeouts, HTTP errors of any client library
            self.usage.add(purpose, chars, tokens, time.perf_counter() - start, False)
            raise LLMError(f"the model did not answer: {type(exc).__name__}: {exc}") from exc
        self.usage.add(purpose, chars, tokens, time.perf_counter() - start, True)
        return result

    def stream_text(self, messages: list[tuple[str, str]], purpose: str) -> Iterator[str]:
        """Stream a text answer chunk by chunk; raises LLMError if it fails before the first chunk.

        The call is counted once, when the stream ends, fails, or is abandoned by the caller."""
        chars = sum(len(m) for _, m in messages)
        start = time.perf_counter()
        got = False
        failed = False
        try:
            for chunk in self.chat.stream(messages):
                text = _text(chunk)
                if text:
                    got = True
                    yield text
        except GeneratorExit:
            raise
        except Exception as exc:  # noqa: BLE001 - any client failure ends the stream
            failed = True
            if not got:
                raise LLMError(f"the model did not answer: {type(exc).__name__}: {exc}") from exc
        finally:
            self.usage.add(purpose, chars, (0, 0), time.perf_counter() - start, got and not failed)
        if not got:
            raise LLMError("the model gave an empty answer")


def _text(msg: Any) -> str:
    content = getattr(msg, "content", msg)
    if isinstance(content, list):
        return "".join(c.get("text", "") if isinstance(c, dict) else str(c) for c in content)
    return content if isinstance(content, str) else ""


def _tokens(msg: Any) -> tuple[int, int]:
    meta = getattr(msg, "usage_metadata", None) or {}
    return int(meta.get("input_tokens", 0) or 0), int(meta.get("output_tokens", 0) or 0)


def from_env() -> LLM | None:
    """The configured model, or None (offline)."""
    settings = settings_from_env()
    return LLM(settings) if settings else None
