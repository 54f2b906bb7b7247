"""The search query's own encoder: MiniLM with its top layers trained on the field's papers.

The dense side ranks papers by the cosine of the query's vector to theirs. The papers' vectors come
from the shipped MiniLM; so may the query's ("same"), or from a copy whose top layers were trained,
on the corpora's own title, keyword and TL;DR -> paper pairs, to land a short description of a paper
near that paper's stored vector ("field": bench/train_query_tower.py, rag/data/query_tower.safetensors,
measured in docs/quality.md). The papers are never embedded again: an index built before serves as
is. The tower only ranks: every cosine an answer is judged by (refusal, closest sentence, follow-up)
stays the shipped MiniLM's, so rag/calibration.py holds for both.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from langchain_core.embeddings import Embeddings

from rag.config import Settings
from rag.corpus.documents import chunk_id
from rag.errors import ConfigError, unknown_key
from rag.index import adapter

if TYPE_CHECKING:
    import chromadb
    import numpy as np

TOWER = Path(__file__).resolve().parent.parent / "data" / "query_tower.safetensors"
QUERY_ENCODERS = ("same", "field")


def query_vectors(papers: Embeddings, query: str, settings: Settings) -> tuple[np.ndarray, np.ndarray | None]:
    """The vector the dense side searches with, and the papers' embedder's own where the two differ."""
    import numpy as np

    plain = np.asarray(papers.embed_query(query), dtype=np.float32)
    own = query_embeddings(settings)
    if own is None:
        return adapter.adapt(plain, settings), None
    return adapter.adapt(own.embed_query(query), settings), plain


def cosines(collection: chromadb.Collection, chunks: list[dict[str, Any]], plain: np.ndarray) -> list[float]:
    """The cosine of each chunk's stored vector to the papers' embedder's query vector."""
    import numpy as np

    ids = [chunk_id(str(c["paper_id"]), int(c.get("chunk", 0))) for c in chunks]
    if not ids:
        return []
    got = collection.get(ids=ids, include=["embeddings"])
    cosine = dict(zip(got["ids"], (float(v) for v in np.asarray(got["embeddings"]) @ plain), strict=True))
    return [cosine.get(i, 0.0) for i in ids]


def query_embeddings(settings: Settings) -> Embeddings | None:
    """The encoder of the dense side's query, or None when it is the papers' own embedder."""
    if settings.query_encoder not in QUERY_ENCODERS:
        raise unknown_key("query encoder", settings.query_encoder, QUERY_ENCODERS)
    if settings.query_encoder == "same":
        return None
    # both embedders are all-MiniLM-L6-v2 (torch or int8), whose vectors the tower was trained against
    return _cached(settings.embedder_cache_dir, settings.embed_threads)


@lru_cache(maxsize=2)  # the weights' digest is read once per process, not per search
def _cached(cache_dir: Path, threads: int) -> Embeddings:
    from rag.index.embeddings import cached_onnx

    if not TOWER.exists():
        raise ConfigError(
            f"{TOWER} is missing: train it with bench/train_query_tower.py, or set RAG_QUERY_ENCODER=same"
        )
    # named by the weights' digest, so a retrained tower is exported again and never mixed with the last one
    digest = hashlib.sha256(TOWER.read_bytes()).hexdigest()[:12]
    return cached_onnx("minilm", cache_dir / f"minilm-field-{digest}-int8.onnx", threads, TOWER)
