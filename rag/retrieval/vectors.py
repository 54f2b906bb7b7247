"""Every chunk's vector of an index in memory, in the keyword side's order: what the dense side searches exactly
(`nearest`), a list question's topic is found by (rag.retrieval.topic) and a list grouped by
(rag.answering.approaches)."""

from __future__ import annotations

import json
import threading
from functools import lru_cache
from typing import TYPE_CHECKING

from rag.corpus.documents import chunk_id
from rag.index import cache

if TYPE_CHECKING:
    import numpy as np

    from rag.index.store import Store
    from rag.retrieval.keyword import KeywordIndex


class PaperVectors:
    """Every chunk's vector in the keyword side's order, cached beside the keyword side per revision
    (read once from Chroma: 6 s at 19,630 papers; then 30 MB in memory, 5 ms a question)."""

    def __init__(self, store: Store, keyword: KeywordIndex) -> None:
        import numpy as np

        folder = store.derived("vectors", keyword.revision)
        if (folder / "vectors.npy").exists():
            self.matrix = np.load(folder / "vectors.npy")
        else:
            rows: dict[tuple[str, int], object] = {
                (str(meta["paper_id"]), int(meta.get("chunk", 0))): vector for meta, vector in store.iter_vectors()
            }
            dim = len(next(iter(rows.values()))) if rows else 1  # type: ignore[arg-type]
            zero = np.zeros(dim, dtype=np.float32)
            self.matrix = np.array(
                [rows.get((str(c["paper_id"]), int(c.get("chunk", 0))), zero) for c in keyword.chunks],
                dtype=np.float32,
            ).reshape(len(keyword.chunks), dim)
            self.matrix /= np.maximum(np.linalg.norm(self.matrix, axis=1, keepdims=True), 1e-12)

            def write(tmp: object) -> None:
                from pathlib import Path

                path = Path(str(tmp))
                path.mkdir(parents=True)
                np.save(path / "vectors.npy", self.matrix)
                (path / "about.json").write_text(json.dumps({"chunks": len(keyword.chunks)}))

            cache.keep(folder, write)

    def nearest(self, vector: np.ndarray, n: int, mask: np.ndarray | None) -> list[tuple[int, float]]:
        """(chunk position, cosine) of the n chunks nearest the vector, among those the mask keeps, nearest first.

        Exact, so every process finds the same chunks: Chroma's HNSW graph re-adds what was written since its
        last sync at each load, and its top 60 differed between processes (recall@60 0.98 at 19,630 papers).
        """
        import numpy as np

        if not len(self.matrix):
            return []
        # einsum's own loop, not BLAS: OpenBLAS's threads, left spinning after a product, took the cores the
        # embedder's threads answer with (0.158 against 0.130 s an answer at 19,630 papers, 260 against 170 ms CPU)
        unit = (vector / max(float(np.linalg.norm(vector)), 1e-12)).astype(np.float32)
        scores = np.einsum("ij,j->i", self.matrix, unit, optimize=False)
        if mask is not None:
            scores = np.where(mask > 0, scores, -np.inf)
        n = min(n, len(scores))
        top = np.argpartition(-scores, n - 1)[:n]
        # ties by position, so that equal cosines come in the same order everywhere
        top = top[np.lexsort((top, -scores[top]))]
        return [(int(i), float(scores[i])) for i in top if np.isfinite(scores[i])]


DENSE_SEARCHES = ("exact", "approximate")

_vectors_lock = threading.Lock()


@lru_cache(maxsize=2)
def chunk_vectors(store: Store, keyword: KeywordIndex) -> PaperVectors:
    with _vectors_lock:
        return PaperVectors(store, keyword)


def topic_vectors(store: Store, keyword: KeywordIndex, paper_ids: list[str]) -> np.ndarray:
    """The papers' unit vectors, one row each (their first chunk's)."""
    first = _first_rows(keyword)
    rows: np.ndarray = chunk_vectors(store, keyword).matrix[[first[pid] for pid in paper_ids]]
    return rows


@lru_cache(maxsize=2)
def chunk_rows(keyword: KeywordIndex) -> dict[str, int]:
    """Each chunk's position in the keyword side's order, by its Chroma id."""
    return {chunk_id(str(c["paper_id"]), int(c.get("chunk", 0))): i for i, c in enumerate(keyword.chunks)}


@lru_cache(maxsize=2)
def _first_rows(keyword: KeywordIndex) -> dict[str, int]:
    rows: dict[str, int] = {}
    for i, chunk in enumerate(keyword.chunks):
        rows.setdefault(str(chunk["paper_id"]), i)
    return rows
