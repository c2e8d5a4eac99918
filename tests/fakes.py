"""A stand-in chat model for the model layer's tests: preset structured answers or streamed chunks, or the
failures a real client can raise."""

from __future__ import annotations

from typing import Any


class FakeChat:
    """`parsed` is what a structured call returns (with `validate`, checked against the schema first, as a real
    client does); `text` or `chunks` are streamed, ending with `finish` (None: a stream cut off); `fail` is
    raised at the start of a call, `fail_after` after the chunks."""

    def __init__(self, parsed: Any = None, fail: BaseException | None = None, parsing_error: Any = None,
                 chunks: tuple[str, ...] = (), fail_after: BaseException | None = None, finish: str | None = "stop",
                 text: str = "", validate: bool = False) -> None:
        self.parsed, self.fail, self.parsing_error, self.validate = parsed, fail, parsing_error, validate
        self.chunks = chunks if chunks or not text else tuple(word + " " for word in text.split(" "))
        self.fail_after, self.finish = fail_after, finish

    def with_structured_output(self, schema: Any, method: str, include_raw: bool) -> Any:
        chat = self

        class Runnable:
            def invoke(self, messages: Any) -> dict[str, Any]:
                if chat.fail:
                    raise chat.fail
                parsed = schema.model_validate(chat.parsed) if chat.validate else chat.parsed
                return {"raw": None, "parsed": parsed, "parsing_error": chat.parsing_error}

        return Runnable()

    def stream(self, messages: Any) -> Any:
        if self.fail:
            raise self.fail
        from langchain_core.messages import AIMessageChunk

        for c in self.chunks:
            yield AIMessageChunk(content=c)
        if self.fail_after:
            raise self.fail_after
        if self.finish:
            yield AIMessageChunk(content="", response_metadata={"finish_reason": self.finish})
