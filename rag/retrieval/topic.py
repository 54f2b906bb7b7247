"""Every paper on a topic: a "which papers ...?" question answered over the whole index, not its closest few.

Two signals per paper, both absolute, so that one cut-off means the same at 57 papers as at 19,630:
the share of the topic's words (IDF-weighted) its title, keywords and abstract hold, read off the
keyword side's postings for every paper at once, and the cosine of its vector to the topic, every
paper's vector kept in memory and compared exactly. A paper is on the topic when its coverage clears
`topic_coverage`, or its cosine clears `topic_similarity` (rag/calibration.py; bench/topics.py on the
dev topics). The papers on it are ranked by both together, half each, as the search fuses its sides.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from rag.calibration import CALIBRATION
from rag.index import cache
from rag.retrieval.filters import Filters

if TYPE_CHECKING:
    import numpy as np

    from rag.index.store import Store
    from rag.retrieval.keyword import KeywordIndex


@dataclass(frozen=True)
class TopicPaper:
    paper_id: str
    score: float  # the two signals fused, for the ranking
    coverage: float
    similarity: float


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


_vectors_lock = threading.Lock()


@lru_cache(maxsize=2)
def _vectors(store: Store, keyword: KeywordIndex) -> PaperVectors:
    with _vectors_lock:
        return PaperVectors(store, keyword)


@dataclass(frozen=True)
class _Layout:
    papers: list[str]  # paper ids, in the order of their first chunk
    paper_of: np.ndarray  # each chunk's position in `papers`


@lru_cache(maxsize=2)
def _layout(keyword: KeywordIndex) -> _Layout:
    import numpy as np

    position: dict[str, int] = {}
    of = [position.setdefault(str(c["paper_id"]), len(position)) for c in keyword.chunks]
    return _Layout(list(position), np.asarray(of, dtype=np.int64))


def _present(keyword: KeywordIndex, term: str) -> np.ndarray:
    """Which chunks hold the (stemmed) term, from the keyword side's postings."""
    import numpy as np

    out = np.zeros(len(keyword.chunks), dtype=bool)
    i = keyword.bm25.vocab_dict.get(term)
    if i is not None:
        postings = keyword.bm25.scores
        out[postings["indices"][postings["indptr"][i] : postings["indptr"][i + 1]]] = True
    return out


def coverage(keyword: KeywordIndex, query: str) -> tuple[np.ndarray, np.ndarray]:
    """Each chunk's weighted share of the topic's terms, and whether it holds the topic's rarest term.

    A term weighs its IDF, times how much more often the papers that say the rarest term say it than
    the index at large (its lift, up to `topic_lift`): "about" in "papers about machine unlearning",
    "study" in "papers that study speculative decoding" are no likelier beside "unlearning" or
    "speculative" than anywhere, so they weigh little; "machine" is 7 times likelier and weighs fully
    (lifts at 19,630 papers: about 1.9, machine 7.2, study 0.8, decoding 13.7).
    """
    import numpy as np

    terms = list(dict.fromkeys(keyword.terms(query)))
    if not terms or not keyword.chunks:
        return np.zeros(len(keyword.chunks)), np.zeros(len(keyword.chunks), dtype=bool)
    anchor = max(terms, key=keyword.idf)
    held = {t: _present(keyword, t) for t in terms}
    base = held[anchor]
    weights = {}
    for term in terms:
        lift = (held[term] & base).sum() / max(base.sum(), 1) / max(held[term].mean(), 1e-9)
        weights[term] = keyword.idf(term) * min(1.0, float(lift) / CALIBRATION.topic_lift)
    out = sum((weights[t] * held[t] for t in terms), np.zeros(len(keyword.chunks)))
    total = sum(weights.values())
    return (out / total if total > 0 else out), base  # no paper says the rarest word: nothing covers the topic


def topic_papers(
    query: str,
    store: Store,
    keyword: KeywordIndex,
    query_vector: list[float],
    filters: Filters | None = None,
    cut_offs: tuple[float, float] | None = None,
) -> list[TopicPaper]:
    """Every paper of the index (within the filters) on the query's topic, best first. cut_offs: coverage
    and cosine (default: the calibrated ones; bench/topics.py --calibrate reads every paper with (0, -1))."""
    import numpy as np

    if not keyword.chunks:
        return []
    layout = _layout(keyword)
    n = len(layout.papers)
    covered, anchored = coverage(keyword, query)
    covered = covered * anchored  # a paper that never says the topic's rarest word is on it only by meaning
    similar = _vectors(store, keyword).matrix @ np.asarray(query_vector, dtype=np.float32)
    known = [t for t in keyword.terms(query) if t in keyword.bm25.vocab_dict]
    bm25 = np.asarray(keyword.bm25.get_scores(known), dtype=np.float64) if known else np.zeros(len(keyword.chunks))
    mask = keyword.mask(filters or Filters())
    if mask is not None:
        keep = mask > 0
        covered, similar, bm25 = covered * keep, np.where(keep, similar, -1.0), bm25 * keep
    best = {name: np.full(n, -np.inf) for name in ("coverage", "similarity", "bm25")}
    for name, values in (("coverage", covered), ("similarity", similar), ("bm25", bm25)):
        np.maximum.at(best[name], layout.paper_of, values)
    at_coverage, at_similarity = cut_offs or (CALIBRATION.topic_coverage, CALIBRATION.topic_similarity)
    on = (best["coverage"] >= at_coverage) | (best["similarity"] >= at_similarity)
    if mask is not None:
        on &= np.bincount(layout.paper_of, weights=mask, minlength=n) > 0
    top_bm25 = max(float(best["bm25"].max()), 1e-9)
    low, high = float(best["similarity"][best["similarity"] > -1].min(initial=0.0)), float(best["similarity"].max())
    fused = 0.5 * best["bm25"] / top_bm25 + 0.5 * (best["similarity"] - low) / max(high - low, 1e-9)
    order = [int(i) for i in np.argsort(-fused, kind="stable") if on[i]]
    return [
        TopicPaper(layout.papers[i], float(fused[i]), float(best["coverage"][i]), float(best["similarity"][i]))
        for i in order
    ]


def topic_vectors(store: Store, keyword: KeywordIndex, paper_ids: list[str]) -> np.ndarray:
    """The papers' unit vectors, one row each (their first chunk's)."""
    first = _first_rows(keyword)
    rows: np.ndarray = _vectors(store, keyword).matrix[[first[pid] for pid in paper_ids]]
    return rows


@lru_cache(maxsize=2)
def _first_rows(keyword: KeywordIndex) -> dict[str, int]:
    rows: dict[str, int] = {}
    for i, chunk in enumerate(keyword.chunks):
        rows.setdefault(str(chunk["paper_id"]), i)
    return rows
