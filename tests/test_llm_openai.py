"""The openai backend against a real local HTTP server speaking the chat completions API."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import SecretStr

from rag.config import Settings, apply_runtime_env

apply_runtime_env()

from rag.errors import BackendError, ConfigError  # noqa: E402
from rag.models import hosted, llm  # noqa: E402

from .conftest import HANG_S, free_port  # noqa: E402
from .openai_server import KEY, MODEL, PIECES, REPLY, ScriptedServer, scripted_server  # noqa: E402


@pytest.fixture(scope="module")
def server() -> Iterator[ScriptedServer]:
    with scripted_server() as httpd:
        yield httpd


@pytest.fixture()
def scripted(server: ScriptedServer) -> ScriptedServer:
    server.script("ok")
    return server


def _settings(port: int, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "llm_backend": "openai",
        "openai_base_url": f"http://127.0.0.1:{port}/v1",
        "openai_model": MODEL,
        "openai_api_key": SecretStr(KEY),
        "llm_timeout_s": float(HANG_S),
    }
    return Settings(**{**values, **overrides})


def test_invoke_returns_the_scripted_reply(scripted: ScriptedServer) -> None:
    chat = llm.make_chat_model(_settings(scripted.server_port))
    assert chat.invoke("What do transformers rely on?").content == REPLY

    [request] = scripted.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["authorization"] == f"Bearer {KEY}"
    assert request["body"]["model"] == MODEL
    assert request["body"]["messages"][-1]["content"] == "What do transformers rely on?"


def test_stream_yields_the_chunks_in_order(scripted: ScriptedServer) -> None:
    chat = llm.make_chat_model(_settings(scripted.server_port))
    chunks = [chunk.content for chunk in chat.stream("hi") if chunk.content]
    assert chunks == PIECES
    assert scripted.requests[0]["body"]["stream"] is True


def test_no_key_uses_a_placeholder_for_other_servers(scripted: ScriptedServer) -> None:
    chat = llm.make_chat_model(_settings(scripted.server_port, openai_api_key=None))
    assert chat.invoke("hi").content == REPLY
    assert scripted.requests[0]["headers"]["authorization"] == f"Bearer {hosted.PLACEHOLDER_KEY}"


def test_no_key_for_the_openai_api_is_a_config_error() -> None:
    settings = Settings(llm_backend="openai", openai_api_key=None)
    with pytest.raises(ConfigError, match="RAG_OPENAI_API_KEY"):
        llm.make_chat_model(settings)


def test_base_url_without_scheme_is_a_config_error() -> None:
    settings = Settings(llm_backend="openai", openai_base_url="localhost:8000/v1")
    with pytest.raises(ConfigError, match="http"):
        llm.make_chat_model(settings)


def test_describe_never_shows_credentials() -> None:
    settings = Settings(
        llm_backend="openai",
        openai_base_url=f"https://user:{KEY}@llm.example.org:8443/v1?api-key={KEY}",
        openai_model=MODEL,
        openai_api_key=SecretStr(KEY),
    )
    assert llm.describe_backend(settings) == f"openai · {MODEL} @ https://llm.example.org:8443/v1"


def test_http_500_is_a_backend_error_without_the_key(scripted: ScriptedServer) -> None:
    scripted.mode = "error"
    chat = llm.make_chat_model(_settings(scripted.server_port))
    with pytest.raises(BackendError) as info:
        chat.invoke("hi")
    error = str(info.value)
    assert (
        error.startswith(f"openai · {MODEL} @ http://127.0.0.1:") and "answered HTTP 500: refused Bearer ***" in error
    )
    assert KEY in scripted.received_keys() and KEY not in error
    assert "\n" not in error
    assert info.value.__cause__ is None and info.value.__suppress_context__  # a traceback would show the echoed key


def test_http_404_says_what_to_check(scripted: ScriptedServer) -> None:
    scripted.script("error", status=404)
    with pytest.raises(BackendError, match=r"answered HTTP 404 \(check RAG_OPENAI_MODEL and RAG_OPENAI_BASE_URL\)"):
        llm.make_chat_model(_settings(scripted.server_port)).invoke("hi")


def test_failed_stream_is_a_backend_error(scripted: ScriptedServer) -> None:
    scripted.mode = "error"
    with pytest.raises(BackendError, match="HTTP 500"):
        list(llm.make_chat_model(_settings(scripted.server_port)).stream("hi"))


def test_stream_cut_midway_is_said_to_have_broken_off(scripted: ScriptedServer) -> None:
    scripted.mode = "cut"
    chunks: list[str] = []
    with pytest.raises(BackendError, match=r"broke off its reply mid-stream: .*incomplete chunked read"):
        for chunk in llm.make_chat_model(_settings(scripted.server_port)).stream("hi"):
            chunks.append(str(chunk.content))
    assert "".join(chunks) == "".join(PIECES[:2])


def test_unreachable_server_is_a_backend_error() -> None:
    port = free_port()
    settings = _settings(port)  # nothing listens there
    with pytest.raises(BackendError) as info:
        llm.make_chat_model(settings).invoke("hi")
    assert str(info.value).startswith(f"cannot reach openai · {MODEL} @ http://127.0.0.1:{port}/v1: ")
    assert "Connection refused" in str(info.value) and KEY not in str(info.value)


def test_a_server_that_does_not_answer_is_a_timeout_backend_error(scripted: ScriptedServer) -> None:
    scripted.script("silent")  # it answers nothing until the test says so: the client gave up first
    settings = _settings(scripted.server_port, llm_timeout_s=0.5)
    with pytest.raises(BackendError, match=r"timed out \(no answer within the 0.5 s timeout\)"):
        llm.make_chat_model(settings).invoke("hi")
    assert len(scripted.requests) == 1 + hosted.OPENAI_MAX_RETRIES  # asked again once, then gave up


def test_async_stream_translates_too(scripted: ScriptedServer) -> None:
    import asyncio

    scripted.mode = "error"

    async def consume() -> None:
        async for _ in llm.make_chat_model(_settings(scripted.server_port)).astream("hi"):
            pass

    with pytest.raises(BackendError, match="HTTP 500"):
        asyncio.run(consume())


def test_invoke_and_stream_never_load_tiktoken(scripted: ScriptedServer) -> None:
    # tiktoken downloads its tables at first use, which hangs offline. Any get_encoding()
    # attempt fills ENCODING_CONSTRUCTORS, and every loaded table lands in ENCODINGS.
    from tiktoken import registry

    constructors, encodings = registry.ENCODING_CONSTRUCTORS, set(registry.ENCODINGS)
    chat = llm.make_chat_model(_settings(scripted.server_port))
    chat.invoke("hi")
    list(chat.stream("hi"))
    assert registry.ENCODING_CONSTRUCTORS is constructors
    assert set(registry.ENCODINGS) == encodings
