"""The hosted chat model: any OpenAI-compatible server (OpenAI, vLLM, Ollama, a llama.cpp server).

It is LangChain's `ChatOpenAI` with one change at the seam: what the openai client raises
leaves as a `BackendError` of one line that names the backend and never holds the API key, so
the answer pipeline catches that alone and a bug of ours is never reported as the model failing.
Importing this module costs about a second (openai, langchain_openai): `rag.models.llm` imports it only
when the openai backend is asked for.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any
from urllib.parse import urlsplit

import openai
from langchain_core.outputs import ChatGenerationChunk, ChatResult
from langchain_openai import ChatOpenAI
from pydantic import SecretStr

from rag.config import Settings
from rag.errors import BackendError, ConfigError, one_line, reason

# Local servers (vLLM, Ollama, llama.cpp) ignore the key, but the openai client refuses to start
# without one.
PLACEHOLDER_KEY = "not-needed"
# One retry absorbs a dropped connection or a proxy's 502; more would multiply llm_timeout_s.
OPENAI_MAX_RETRIES = 1
# Besides its own types, the client lets the builtins of parsing escape when a server's body is
# not JSON (ValueError) or not shaped like a chat completion (TypeError, KeyError, AttributeError).
CLIENT_ERRORS = (openai.OpenAIError, ValueError, TypeError, KeyError, AttributeError)


def hosted_chat_model(settings: Settings, label: str) -> HostedChatModel:
    """The server named by settings; ConfigError for a URL or key that cannot work. label names it in errors."""
    url = settings.openai_base_url
    if urlsplit(url).scheme not in ("http", "https"):
        raise ConfigError(f"RAG_OPENAI_BASE_URL must start with http:// or https://, got {url!r}")
    key = settings.openai_api_key
    if key is None or not key.get_secret_value():
        if urlsplit(url).hostname == "api.openai.com":
            raise ConfigError("the OpenAI API needs a key: set RAG_OPENAI_API_KEY")
        key = SecretStr(PLACEHOLDER_KEY)
    # No tiktoken here: ChatOpenAI only counts tokens in get_num_tokens*(), and tiktoken would
    # download its tables on first use, which hangs offline.
    return HostedChatModel(
        base_url=url,
        model=settings.openai_model,
        api_key=key,
        timeout=settings.llm_timeout_s,
        max_retries=OPENAI_MAX_RETRIES,
        # without a cap a small model served by `transformers serve` looped for 93 s
        max_completion_tokens=settings.llm_max_new_tokens,
        label=label,
        timeout_s=settings.llm_timeout_s,
    )


class HostedChatModel(ChatOpenAI):
    """ChatOpenAI whose every failure is a BackendError saying what went wrong, in one line."""

    label: str = "openai"
    timeout_s: float = 120.0

    def _generate(self, *args: Any, **kwargs: Any) -> ChatResult:
        try:
            return super()._generate(*args, **kwargs)
        except CLIENT_ERRORS as exc:
            raise self.failure(exc) from None

    def _stream(self, *args: Any, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        started = False
        try:
            for chunk in super()._stream(*args, **kwargs):
                started = True
                yield chunk
        except CLIENT_ERRORS as exc:
            raise self.failure(exc, mid_stream=started) from None

    async def _agenerate(self, *args: Any, **kwargs: Any) -> ChatResult:
        try:
            return await super()._agenerate(*args, **kwargs)
        except CLIENT_ERRORS as exc:
            raise self.failure(exc) from None

    async def _astream(self, *args: Any, **kwargs: Any) -> AsyncIterator[ChatGenerationChunk]:
        started = False
        try:
            async for chunk in super()._astream(*args, **kwargs):
                started = True
                yield chunk
        except CLIENT_ERRORS as exc:
            raise self.failure(exc, mid_stream=started) from None

    def failure(self, exc: Exception, *, mid_stream: bool = False) -> BackendError:
        """What the client raised, as one line naming this backend; the API key is starred out.

        Raised `from None` by the callers: the client's exception may quote the key a server
        echoed back, and a traceback logged anywhere would then show it.
        """
        where = self.label
        if isinstance(exc, openai.APITimeoutError):
            message = f"{where} timed out (no answer within the {self.timeout_s:g} s timeout)"
        elif isinstance(exc, openai.APIStatusError):
            status = exc.status_code
            message = f"{where} answered HTTP {status}{_status_hint(status)}: {_server_message(exc)}"
        elif isinstance(exc, openai.APIConnectionError) and mid_stream:
            message = f"{where} broke off its reply mid-stream: {reason(exc)}"
        elif isinstance(exc, openai.APIConnectionError):
            message = f"cannot reach {where}: {reason(exc)}"
        elif isinstance(exc, openai.APIResponseValidationError | ValueError | TypeError | KeyError | AttributeError):
            message = (
                f"{where} sent a reply that is not an OpenAI chat completion ({type(exc).__name__}: {reason(exc)}); "
                "check that RAG_OPENAI_BASE_URL is an OpenAI-compatible /v1 endpoint"
            )
        else:
            message = f"{where} failed: {type(exc).__name__}: {reason(exc)}"
        return BackendError(self._redact(message))

    def _redact(self, message: str) -> str:
        # Servers may echo the key back in an error body; never pass it on.
        key = self.openai_api_key
        secret = key.get_secret_value() if isinstance(key, SecretStr) else ""
        return message.replace(secret, "***") if secret and secret != PLACEHOLDER_KEY else message


def _server_message(exc: openai.APIStatusError) -> str:
    """The server's own words: the message of an OpenAI error body, else the body, else the status text."""
    body = exc.body
    if isinstance(body, dict):
        said = body.get("message")
        text = said if isinstance(said, str) and said else json.dumps(body)
    elif isinstance(body, str) and body.strip():
        text = body
    else:
        text = exc.response.reason_phrase
    return one_line(text)


def _status_hint(status: int) -> str:
    if status in (401, 403):
        return " (check RAG_OPENAI_API_KEY)"
    if status == 404:
        return " (check RAG_OPENAI_MODEL and RAG_OPENAI_BASE_URL)"
    return ""
