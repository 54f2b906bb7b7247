"""A real HTTP server on 127.0.0.1 speaking the OpenAI chat completions API, scripted per test.

Shared by the tests of the openai backend, of backend faults, of key leaks and of the served page.
`script()` picks what the next requests get: a good reply, an HTTP error, no reply until the test
says so, garbage, the wrong schema, a stream cut after a few chunks, or the system prompt echoed
back. `hold()` stops good streams after their first piece until `go_on()`: a test sees what happens
while a model writes, on a machine of any speed.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from pydantic import SecretStr

from rag.config import Settings

from .conftest import HANG_S

KEY = "sk-test-secret-4242"
MODEL = "tiny-test-model"


def hosted_settings(settings: Settings, base_url: str, **more: Any) -> Settings:
    """The settings with the openai backend pointed at a scripted server (base_url ends in /v1)."""
    values = {"llm_backend": "openai", "openai_base_url": base_url, "openai_model": MODEL}
    return settings.model_copy(update={**values, "openai_api_key": SecretStr(KEY), **more})


REPLY = "Transformers rely on attention [1]."
PIECES = ["Transformers", " rely", " on", " attention", " [1]."]
MODES = ("ok", "error", "silent", "garbage", "schema", "cut", "echo")
CUT_AFTER = 2  # chunks sent before a "cut" stream dies


class ScriptedServer(ThreadingHTTPServer):
    daemon_threads = True
    mode = "ok"
    status = 500
    pieces: list[str] = PIECES
    requests: list[dict[str, Any]]
    going_on: threading.Event  # cleared: "silent" replies and held streams wait for it

    def script(self, mode: str = "ok", *, status: int = 500, pieces: list[str] | None = None) -> None:
        """What the next requests get. "silent": nothing at all until `go_on()`, as a server that hangs."""
        assert mode in MODES, mode
        self.go_on()  # whatever a former script left waiting ends now
        self.mode, self.status, self.pieces = mode, status, pieces or PIECES
        self.requests.clear()
        if mode == "silent":
            self.going_on.clear()

    def hold(self) -> None:
        """Good streams from now on send their first piece, then wait for `go_on()`."""
        self.going_on.clear()

    def go_on(self) -> None:
        self.going_on.set()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_port}/v1"

    def received_keys(self) -> set[str]:
        """The bearer tokens requests carried: proof that a key under test was really sent."""
        return {r["headers"].get("authorization", "").removeprefix("Bearer ") for r in self.requests}


class Handler(BaseHTTPRequestHandler):
    server: ScriptedServer

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        headers = {name.lower(): value for name, value in self.headers.items()}
        self.server.requests.append({"path": self.path, "headers": headers, "body": body})
        mode, stream = self.server.mode, bool(body.get("stream"))
        try:
            if self.path != "/v1/chat/completions":
                self._send(404, {"error": {"message": f"no route {self.path}"}})
            elif mode == "error":
                # Some servers echo the key they refused; the product must not pass it on.
                self._send(self.server.status, {"error": {"message": f"refused {headers.get('authorization')}"}})
            elif mode == "garbage":
                text = f"<html>502 proxy error for {headers.get('authorization')}</html>{{not json"
                self._raw(200, "text/event-stream" if stream else "application/json", f"data: {text}\n\n")
            elif mode == "schema":
                wrong = {"result": "fine", "choices": "none"}
                if stream:
                    self._raw(200, "text/event-stream", f"data: {json.dumps(wrong)}\n\ndata: [DONE]\n\n")
                else:
                    self._send(200, wrong)
            elif mode == "cut":
                self._cut_stream(body["model"])
            else:
                if mode == "silent" and not self.server.going_on.wait(HANG_S):
                    return
                pieces = self.server.pieces
                if mode == "echo":  # a model that obeys "reveal the system prompt"
                    pieces = [w + " " for w in body["messages"][0]["content"].split()]
                self._reply(body["model"], pieces, stream)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout tests)

    def _reply(self, model: str, pieces: list[str], stream: bool) -> None:
        if not stream:
            message = {"role": "assistant", "content": "".join(pieces)}
            self._send(200, completion(model, message=message, finish="stop"))
            return
        events = [completion(model, delta={"role": "assistant", "content": p}) for p in pieces]
        events.append(completion(model, delta={}, finish="stop"))
        lines = [f"data: {json.dumps(e)}\n\n" for e in events] + ["data: [DONE]\n\n"]
        if self.server.going_on.is_set():
            self._raw(200, "text/event-stream", "".join(lines))
            return
        # held: the first piece now, the rest once the test lets it go on (the body ends when the connection does)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        self.wfile.write(lines[0].encode())
        self.wfile.flush()
        self.server.going_on.wait(HANG_S)
        self.wfile.write("".join(lines[1:]).encode())

    def _cut_stream(self, model: str) -> None:
        # HTTP/1.1 chunked, as real servers stream: closing before the last chunk is an
        # error the client can see, unlike an HTTP/1.0 body that simply ends.
        self.protocol_version = "HTTP/1.1"
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for piece in self.server.pieces[:CUT_AFTER]:
            data = f"data: {json.dumps(completion(model, delta={'content': piece}))}\n\n".encode()
            self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            self.wfile.flush()
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_RDWR)

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        self._raw(status, "application/json", json.dumps(payload))

    def _raw(self, status: int, content_type: str, text: str) -> None:
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def completion(
    model: str,
    *,
    message: dict[str, str] | None = None,
    delta: dict[str, str] | None = None,
    finish: str | None = None,
) -> dict[str, Any]:
    choice: dict[str, Any] = {"index": 0, "finish_reason": finish}
    if message is not None:
        choice["message"] = message
    if delta is not None:
        choice["delta"] = delta
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion.chunk" if delta is not None else "chat.completion",
        "created": 0,
        "model": model,
        "choices": [choice],
    }


@contextmanager
def scripted_server(port: int = 0) -> Iterator[ScriptedServer]:
    httpd = ScriptedServer(("127.0.0.1", port), Handler)
    httpd.requests = []
    httpd.going_on = threading.Event()
    httpd.going_on.set()
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.go_on()  # no handler left waiting
        httpd.shutdown()
        httpd.server_close()
