"""A fake OpenAI-compatible server for tests: /v1/chat/completions on 127.0.0.1 (a free port), streaming (SSE)
and not, with scriptable misbehaviour. No network beyond the loopback, and every loop is bounded (by the
behaviour's own limit, the client going away, or the server closing).

    with FakeOpenAI() as server:
        server.script(stall(5.0))                       # every request from now on stalls 5 s, then answers
        server.script(status(500), answer("Hello."))    # the first request fails, the next ones answer
        llm = LLM(LLMSettings(api_key="k", base_url=server.base_url, model="fake", timeout=1.0))

`script(*behaviours)` queues one behaviour per request; the last one repeats. `requests` holds the JSON
bodies received, `times` when each arrived (time.monotonic()).
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

LIMIT = 30.0  # no behaviour keeps a connection longer than this (seconds)


@dataclass(frozen=True)
class Behaviour:
    kind: str  # answer | tool | status | empty_chunks | garbage
    text: str = ""  # the answer's text (streamed in pieces of `piece` characters, every `interval` seconds)
    args: dict[str, Any] | None = None  # a structured answer: the tool call's arguments
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # stall this long before answering
    interval: float = 0.0  # between streamed pieces
    piece: int = 8  # characters per streamed piece; 0: all in one chunk
    finish: bool = True  # end the stream properly (finish_reason "stop" and [DONE]); False: cut it off
    limit: float = LIMIT


def answer(text: str, piece: int = 8) -> Behaviour:
    """A normal answer: text (streamed in pieces of `piece` characters, 0: one chunk) or a plain completion."""
    return Behaviour("answer", text=text, piece=piece)


def tool(args: dict[str, Any]) -> Behaviour:
    """A structured answer: a call of the tool the request asked for (or JSON content for response_format)."""
    return Behaviour("tool", args=args)


def stall(seconds: float, then: Behaviour | None = None) -> Behaviour:
    """Say nothing for `seconds`, then behave like `then` (by default a short answer)."""
    base = then or answer("Ana plays.")
    return Behaviour(base.kind, text=base.text, args=base.args, status=base.status, headers=base.headers,
                     delay=seconds, interval=base.interval, piece=base.piece, finish=base.finish)


def status(code: int, retry_after: float | None = None) -> Behaviour:
    """An HTTP error (429 with Retry-After, 401, 500, ...)."""
    headers = {"Retry-After": f"{retry_after:g}"} if retry_after is not None else {}
    return Behaviour("status", status=code, headers=headers)


def empty_chunks(limit: float = LIMIT) -> Behaviour:
    """A stream of chunks with no text, one every 10 ms, that never ends (until `limit`)."""
    return Behaviour("empty_chunks", interval=0.01, limit=limit)


def trickle(text: str, every: float) -> Behaviour:
    """One character every `every` seconds."""
    return Behaviour("answer", text=text, piece=1, interval=every)


def cut(text: str) -> Behaviour:
    """A stream that stops after `text`, with no finish_reason and no [DONE]."""
    return Behaviour("answer", text=text, finish=False)


def garbage() -> Behaviour:
    """A 200 whose body (or every SSE event) is not JSON."""
    return Behaviour("garbage")


class FakeOpenAI:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.times: list[float] = []
        self.stop = threading.Event()
        self._script: list[Behaviour] = [answer("Ana plays.")]
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"  # one request per connection; a stream ends when the socket closes

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    request = json.loads(body or b"{}")
                except ValueError:
                    request = {}
                behaviour = fake._next(request)
                try:
                    fake._serve(self, request, behaviour)
                except (BrokenPipeError, ConnectionResetError):  # the client went away
                    pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = int(self.httpd.server_address[1])
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                       daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def script(self, *behaviours: Behaviour) -> FakeOpenAI:
        with self._lock:
            self._script = list(behaviours)
        return self

    def _next(self, request: dict[str, Any]) -> Behaviour:
        with self._lock:
            self.requests.append(request)
            self.times.append(time.monotonic())
            return self._script.pop(0) if len(self._script) > 1 else self._script[0]

    def close(self) -> None:
        self.stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)

    def __enter__(self) -> FakeOpenAI:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ---- answering ------------------------------------------------------------------------------------------

    def _serve(self, h: BaseHTTPRequestHandler, request: dict[str, Any], b: Behaviour) -> None:
        if b.delay and self.stop.wait(b.delay):
            return
        if b.kind == "status":
            self._json(h, b.status, {"error": {"message": f"fake error {b.status}", "type": "fake",
                                               "code": str(b.status)}}, b.headers)
            return
        streaming = bool(request.get("stream"))
        if b.kind == "garbage":
            if streaming:
                self._sse_head(h)
                self._event(h, "{this is not json")
                self._event(h, "[DONE]")
            else:
                self._raw(h, 200, b'{"choices": [{"message": {"content": "unterminated', "application/json")
            return
        if b.kind == "tool":
            message = self._structured(request, b.args or {})
            self._json(h, 200, self._completion(message, "tool_calls" if "tool_calls" in message else "stop"))
            return
        if not streaming:
            self._json(h, 200, self._completion({"role": "assistant", "content": b.text}, "stop"))
            return
        self._sse_head(h)
        start = time.monotonic()
        if b.kind == "empty_chunks":
            while time.monotonic() - start < b.limit and not self.stop.is_set():
                self._event(h, json.dumps(self._chunk({"content": ""}, None)))
                self.stop.wait(b.interval)
            return
        step = b.piece or max(1, len(b.text))
        pieces = [b.text[i:i + step] for i in range(0, len(b.text), step)]
        self._event(h, json.dumps(self._chunk({"role": "assistant", "content": ""}, None)))
        for i, piece in enumerate(pieces):
            if time.monotonic() - start > b.limit or (i and b.interval and self.stop.wait(b.interval)):
                return
            self._event(h, json.dumps(self._chunk({"content": piece}, None)))
        if b.finish:
            self._event(h, json.dumps(self._chunk({}, "stop")))
            self._event(h, "[DONE]")

    @staticmethod
    def _structured(request: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
        if request.get("response_format"):
            return {"role": "assistant", "content": json.dumps(args)}
        choice = request.get("tool_choice")
        name = (choice.get("function", {}).get("name") if isinstance(choice, dict) else None) or \
            (request.get("tools") or [{}])[0].get("function", {}).get("name", "answer")
        return {"role": "assistant", "content": None,
                "tool_calls": [{"id": "call_1", "type": "function",
                                "function": {"name": name, "arguments": json.dumps(args)}}]}

    @staticmethod
    def _completion(message: dict[str, Any], finish: str) -> dict[str, Any]:
        return {"id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": "fake",
                "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}

    @staticmethod
    def _chunk(delta: dict[str, Any], finish: str | None) -> dict[str, Any]:
        return {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": "fake",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}]}

    @staticmethod
    def _raw(h: BaseHTTPRequestHandler, code: int, data: bytes, ctype: str,
             headers: dict[str, str] | None = None) -> None:
        h.send_response(code)
        h.send_header("Content-Type", ctype)
        h.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            h.send_header(k, v)
        h.end_headers()
        h.wfile.write(data)

    def _json(self, h: BaseHTTPRequestHandler, code: int, data: dict[str, Any],
              headers: dict[str, str] | None = None) -> None:
        self._raw(h, code, json.dumps(data).encode(), "application/json", headers)

    @staticmethod
    def _sse_head(h: BaseHTTPRequestHandler) -> None:
        h.send_response(200)
        h.send_header("Content-Type", "text/event-stream; charset=utf-8")
        h.send_header("Cache-Control", "no-cache")
        h.end_headers()
        h.wfile.flush()

    @staticmethod
    def _event(h: BaseHTTPRequestHandler, data: str) -> None:
        h.wfile.write(f"data: {data}\n\n".encode())
        h.wfile.flush()
