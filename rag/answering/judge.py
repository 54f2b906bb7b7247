"""The answer judge: how likely a sentence of an abstract states what an asked part wants.

The "not stated" rules (evidence.py, values.py) were read off the phrasing of each writer's questions;
a new writer's absent details start lower. The judge reads the part and the sentence together:
all-MiniLM-L6-v2 over "part [SEP] sentence", mean-pooled and normalised, then a linear head. Its top
layers and the head were trained here on labelled questions over papers no evaluation set uses
(bench/train_answer_judge.py, rag/data/answer_judge.safetensors); the rest is the shipped MiniLM, so the
merged model is exported to ONNX int8 once per machine, as the query tower is. With RAG_STATED_JUDGE=model
(the default), a part the rules answered is "not stated" when no sentence of the paper reaches
CALIBRATION.judge_stated (rag.answering.extractive); the sentence they chose is still shown. Measured in
docs/quality.md, "The answer judge".
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from rag.config import Settings
from rag.errors import ConfigError, unknown_key
from rag.index.embeddings import HEAD, OnnxEmbeddings, cached_onnx  # HEAD: the head's weights in the file

JUDGE = Path(__file__).resolve().parent.parent / "data" / "answer_judge.safetensors"
STATED_JUDGES = ("rules", "model")

Judge = Callable[[str, list[str]], list[float]]  # a part, sentences -> the chance each states it


def make_judge(settings: Settings) -> Judge | None:
    """The judge of whether a sentence states an asked part, or None where the rules alone decide."""
    if settings.stated_judge not in STATED_JUDGES:
        raise unknown_key("stated judge", settings.stated_judge, STATED_JUDGES)
    if settings.stated_judge == "rules":
        return None
    return _cached(settings.embedder_cache_dir, settings.embed_threads)


@lru_cache(maxsize=2)  # one export and one session per process
def _cached(cache_dir: Path, threads: int) -> Judge:
    import numpy as np
    from safetensors.numpy import load_file

    if not JUDGE.exists():
        raise ConfigError(
            f"{JUDGE} is missing: train it with bench/train_answer_judge.py, or set RAG_STATED_JUDGE=rules"
        )
    # named by the weights' digest, so a retrained judge is exported again and never mixed with the last one
    digest = hashlib.sha256(JUDGE.read_bytes()).hexdigest()[:12]
    encoder = cached_onnx("minilm", cache_dir / f"minilm-judge-{digest}-int8.onnx", threads, JUDGE, exact=True)
    assert isinstance(encoder, OnnxEmbeddings)
    head = load_file(str(JUDGE))
    weight = head[f"{HEAD}weight"].astype(np.float32).ravel()
    bias = float(head[f"{HEAD}bias"].astype(np.float32)[0])

    def judge(part: str, texts: list[str]) -> list[float]:
        if not texts:
            return []
        logits = np.asarray(encoder.embed_pairs(part, texts), dtype=np.float32) @ weight + bias
        return [float(p) for p in 1.0 / (1.0 + np.exp(-logits))]

    return judge
