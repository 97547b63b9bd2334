"""Fake LLM servers on 127.0.0.1 speaking the Anthropic messages API and OpenAI chat completions.

The real SDKs talk to them over real HTTP. Each server follows a script of `Reply`s (the last one
repeats) and records every request body, so tests can count tries and read the prompt sent.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from engine.narration.base import NarrationRequest, NarrationResult


@dataclass
class Reply:
    text: str = "Brakka's axe bites deep into the Goblin, and it crumples to the floor."
    status: int = 200
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    # Streaming only: close the connection after this many text pieces, with no end-of-reply event.
    cut_after: int | None = None
    prompt_tokens: int = 42
    completion_tokens: int = 17


def pieces(text: str) -> list[str]:
    """How the fake streams a text: word by word, whitespace attached."""
    return re.findall(r"\s*\S+\s*", text) or [text]


class _Handler(BaseHTTPRequestHandler):
    server: FakeLLMServer

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        pass  # keep test output clean

    def do_POST(self) -> None:  # noqa: N802 - stdlib name
        body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))) or b"{}")
        fake = self.server
        reply = fake.take(self.path, body)
        if reply.delay_s and fake.stopping.wait(reply.delay_s):
            return
        api = "anthropic" if self.path.endswith("/messages") else "openai"
        try:
            if reply.status != 200:
                self._error(api, reply)
            elif body.get("stream"):
                self._stream(api, reply, body.get("model", "m"))
            else:
                self._json(200, _anthropic_message(reply, body) if api == "anthropic" else _openai_completion(reply, body))
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout test): nothing to do

    def _json(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _error(self, api: str, reply: Reply) -> None:
        message = f"fake failure {reply.status}"
        if api == "anthropic":
            kind = "rate_limit_error" if reply.status == 429 else "api_error"
            payload: dict[str, Any] = {"type": "error", "error": {"type": kind, "message": message}}
        else:
            payload = {"error": {"message": message, "type": "server_error", "code": None}}
        self._json(reply.status, payload, reply.headers)

    def _stream(self, api: str, reply: Reply, model: str) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.end_headers()
        events = _anthropic_events(reply, model) if api == "anthropic" else _openai_events(reply, model)
        for event in events:
            self.wfile.write(event.encode())
            self.wfile.flush()
        self.close_connection = True


def _sse(data: dict[str, Any] | str, event: str | None = None) -> str:
    payload = data if isinstance(data, str) else json.dumps(data)
    return (f"event: {event}\n" if event else "") + f"data: {payload}\n\n"


def _anthropic_message(reply: Reply, body: dict[str, Any]) -> dict[str, Any]:
    return {"id": "msg_fake", "type": "message", "role": "assistant", "model": body.get("model", "m"),
            "content": [{"type": "text", "text": reply.text}], "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": reply.prompt_tokens, "output_tokens": reply.completion_tokens}}


def _anthropic_events(reply: Reply, model: str) -> list[str]:
    start = {"id": "msg_fake", "type": "message", "role": "assistant", "model": model, "content": [],
             "stop_reason": None, "stop_sequence": None,
             "usage": {"input_tokens": reply.prompt_tokens, "output_tokens": 1}}
    events = [_sse({"type": "message_start", "message": start}, "message_start"),
              _sse({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                   "content_block_start"),
              _sse({"type": "ping"}, "ping")]
    for n, piece in enumerate(pieces(reply.text)):
        if reply.cut_after is not None and n >= reply.cut_after:
            return events
        events.append(_sse({"type": "content_block_delta", "index": 0,
                            "delta": {"type": "text_delta", "text": piece}}, "content_block_delta"))
    events += [_sse({"type": "content_block_stop", "index": 0}, "content_block_stop"),
               _sse({"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                     "usage": {"output_tokens": reply.completion_tokens}}, "message_delta"),
               _sse({"type": "message_stop"}, "message_stop")]
    return events


def _openai_completion(reply: Reply, body: dict[str, Any]) -> dict[str, Any]:
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": 1_700_000_000,
            "model": body.get("model", "m"),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": reply.text},
                         "finish_reason": "stop"}],
            "usage": {"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens,
                      "total_tokens": reply.prompt_tokens + reply.completion_tokens}}


def _openai_events(reply: Reply, model: str) -> list[str]:
    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 1_700_000_000,
                "model": model, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    events = [_sse(chunk({"role": "assistant", "content": ""}))]
    for n, piece in enumerate(pieces(reply.text)):
        if reply.cut_after is not None and n >= reply.cut_after:
            return events
        events.append(_sse(chunk({"content": piece})))
    usage = {"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens,
             "total_tokens": reply.prompt_tokens + reply.completion_tokens}
    events += [_sse(chunk({}, "stop")),
               _sse({"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 1_700_000_000,
                     "model": model, "choices": [], "usage": usage}),
               _sse("[DONE]")]
    return events


class FakeLLMServer(ThreadingHTTPServer):
    """Serves POST /v1/messages (Anthropic) and POST /v1/chat/completions (OpenAI)."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.script: list[Reply] = [Reply()]
        self.requests: list[dict[str, Any]] = []
        self.paths: list[str] = []
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        # A short poll interval keeps shutdown (and so each test's teardown) quick.
        self._thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.02},
                                        name="fake-llm", daemon=True)

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def reply_with(self, *replies: Reply) -> None:
        self.script = list(replies)

    def take(self, path: str, body: dict[str, Any]) -> Reply:
        with self._lock:
            self.paths.append(path)
            self.requests.append(body)
            return self.script.pop(0) if len(self.script) > 1 else self.script[0]

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that hung up mid-reply is part of the tests

    def start(self) -> FakeLLMServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.shutdown()
        self.server_close()


class StubNarrator:
    """Stands in for the offline narrator as the fallback."""

    def __init__(self, text: str = "Brakka strikes the Goblin down; it falls and lies still.",
                 name: str = "offline") -> None:
        self.name = name
        self.text = text
        self.calls = 0

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        self.calls += 1
        return NarrationResult(text=self.text)

    async def stream(self, request: NarrationRequest):  # noqa: ANN201 - protocol shape
        self.calls += 1
        yield self.text
