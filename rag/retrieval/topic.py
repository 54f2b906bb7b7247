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
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from rag.calibration import CALIBRATION
from rag.index import cache
from rag.retrieval.filters import Filters
from rag.retrieval.keyword import QUESTION_WORDS

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
    phrased: bool = False  # it says the topic's key phrase, not only its telling word


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


def coverage(keyword: KeywordIndex, query: str, similar: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each chunk's weighted share of the topic's terms; whether it says the topic's key phrase; whether
    it says the phrase's telling word (its anchor).

    A term weighs its IDF, times how much more often the chunks saying the key phrase hold it than the
    index at large (its lift, up to `topic_lift`): "about" in "papers about machine unlearning" is no
    likelier beside "unlearning" than anywhere, so it weighs little; "machine" is 7 times likelier.
    """
    import numpy as np

    terms = list(dict.fromkeys(keyword.terms(query)))
    held = {t: _present(keyword, t) for t in terms}
    if not any(h.any() for h in held.values()) or not keyword.chunks:
        nothing = np.zeros(len(keyword.chunks), dtype=bool)
        return np.zeros(len(keyword.chunks)), nothing, nothing
    phrased, anchor = key_phrase(keyword, query, held, similar)
    weights = {}
    for term in terms:
        lift = (held[term] & phrased).sum() / max(phrased.sum(), 1) / max(held[term].mean(), 1e-9)
        weights[term] = keyword.idf(term) * min(1.0, float(lift) / CALIBRATION.topic_lift)
    out = sum((weights[t] * held[t] for t in terms), np.zeros(len(keyword.chunks)))
    total = sum(weights.values())
    return (out / total if total > 0 else out), phrased, anchor


def key_phrase(
    keyword: KeywordIndex, query: str, held: dict[str, np.ndarray], similar: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Which chunks say the question's key phrase, and which its telling word.

    The key phrase is the word, or run of two or three adjacent words of the question, that tells its
    topic best: the chunks saying it are few (IDF) and close to the question (their mean cosine above
    the index's), shrunk for a phrase only a few chunks say (n / (n + `topic_phrase_prior`)). "study",
    "about", "list" are rare at 500 papers but their chunks are no closer than any; "world" alone is
    mostly "real-world", while the chunks saying "world models" are close. The telling word is the
    phrase's best word by the same measure ("unlearning" of "machine unlearning"): a paper saying it
    without the phrase may still be on the topic ("LLM unlearning"), by a lower cosine.
    Said means the words in that order, with the hyphens and stopwords between them as in the question
    ("mixture-of-experts"), each word by the letters it shares with its stem.
    """
    import math

    import numpy as np

    words = re.findall(r"[a-z0-9]+", QUESTION_WORDS.sub(" ", query).lower())
    stems = [(keyword.terms(w) or [""])[0] for w in words]
    texts, mean, n_all = _texts(keyword), float(similar.mean()), len(keyword.chunks)

    def tells(said: np.ndarray) -> float:
        n = int(said.sum())
        if not n:
            return -math.inf
        shrink = n / (n + CALIBRATION.topic_phrase_prior)
        return math.log((n_all + 1) / (n + 0.5)) * (float(similar[said].mean()) - mean) * shrink

    units: dict[tuple[int, int], np.ndarray] = {}
    for a, stem in enumerate(stems):
        if stem not in held:
            continue
        units[(a, a)] = held[stem]
        b = a
        for _ in range(2):  # runs of two and three words
            nxt = _next(stems, b, 1)
            if nxt is None or stems[nxt] not in held:
                break
            b = nxt
            both = np.logical_and.reduce([held[t] for t in stems[a : b + 1] if t])
            pattern = _phrase(words[a : b + 1], stems[a : b + 1])
            said = np.zeros_like(both)
            said[[i for i in np.flatnonzero(both) if pattern.search(texts[i])]] = True
            units[(a, b)] = said
    score = {span: tells(said) for span, said in units.items()}
    lo, hi = max(score, key=lambda span: score[span])
    anchor = max(((i, i) for i in range(lo, hi + 1) if (i, i) in units), key=lambda span: score[span])
    while True:  # a shorter phrase whose extra chunks are as close ("mixture-of-experts", not "... models")
        close = float(similar[units[(lo, hi)]].mean())
        shorter = [
            span
            for span in ((lo, _next(stems, hi, -1)), (_next(stems, lo, 1), hi))
            if span in units
            and span != (lo, hi)
            and span[0] is not None
            and span[1] is not None
            and _as_close(units[span] & ~units[(lo, hi)], similar, close)
        ]
        if not shorter:
            break
        lo, hi = max(shorter, key=lambda span: score[span])
    return units[(lo, hi)], units[anchor]


def _as_close(extra: np.ndarray, similar: np.ndarray, close: float) -> bool:
    """Whether the chunks a shorter phrase adds are about as close to the question as the longer's."""
    return not extra.any() or close - float(similar[extra].mean()) < CALIBRATION.topic_phrase_gain


def _next(stems: list[str], at: int, step: int) -> int | None:
    """The next content word from `at` in the direction of step, over at most one stopword ("of")."""
    for i in (at + step, at + 2 * step):
        if 0 <= i < len(stems) and stems[i]:
            return i
    return None


@lru_cache(maxsize=2)
def _texts(keyword: KeywordIndex) -> list[str]:
    return [f"{c.get('title', '')}. {c.get('keywords', '')}. {c.get('text', '')}".lower() for c in keyword.chunks]


_ENDING = r"(?:e|s|es|ed|ing|ings|er|ers|ly|ness|ive|ion|ions)?"  # "decod": "decoding"; "speculat": "speculative"


def _phrase(words: list[str], stems: list[str]) -> re.Pattern[str]:
    """The words in order, a hyphen, slash, spaces or nothing between them ("oversmoothing"), each with an
    inflection's ending ("over" is not "overall", "smooth" is "smoothing"); each word as the question writes it
    less an inflection ("operators": "operator", not "oper", which is also "operations"), or the letters
    it shares with its stem where that is longer ("watermarking": "watermark")."""

    def stretch(word: str, stem: str) -> str:
        shared = next(
            (i for i, (x, y) in enumerate(zip(word, stem, strict=False)) if x != y), min(len(word), len(stem))
        )
        bare = re.sub(r"(?:ing|es|s|ed)$", "", word) if len(word) > 4 else word
        return max(bare, word[: max(shared, 2)], key=len) if stem else word

    return re.compile(
        r"\b" + r"[\s\-/]*".join(re.escape(stretch(w, s)) + _ENDING for w, s in zip(words, stems, strict=True)) + r"\b"
    )


def topic_papers(
    query: str,
    store: Store,
    keyword: KeywordIndex,
    query_vector: list[float],
    filters: Filters | None = None,
    cut_offs: tuple[float, float, float] | None = None,
) -> list[TopicPaper]:
    """Every paper of the index (within the filters) on the query's topic, best first. cut_offs: coverage,
    cosine, and the quantile of the phrase's papers' cosines a paper with the telling word alone must
    reach (default: the calibrated ones; bench/topics.py --calibrate reads every paper with (0, -1, -1))."""
    import numpy as np

    if not keyword.chunks:
        return []
    layout = _layout(keyword)
    n = len(layout.papers)
    similar = _vectors(store, keyword).matrix @ np.asarray(query_vector, dtype=np.float32)
    at_coverage, at_similarity, at_anchor = cut_offs or (
        CALIBRATION.topic_coverage,
        CALIBRATION.topic_similarity,
        CALIBRATION.topic_anchor_quantile,
    )
    covered, phrased, anchored = coverage(keyword, query, similar)
    # a paper that never says the key phrase is on the topic only by meaning: wholly (cosine), or with
    # the phrase's telling word and a cosine the papers saying the phrase reach ("LLM unlearning" for
    # "machine unlearning"; not "real-world" for "world models")
    close = float(np.quantile(similar[phrased], at_anchor)) if phrased.any() and at_anchor >= 0 else at_anchor
    covered = covered * (phrased | (anchored & (similar >= close)))
    known = [t for t in keyword.terms(query) if t in keyword.bm25.vocab_dict]
    bm25 = np.asarray(keyword.bm25.get_scores(known), dtype=np.float64) if known else np.zeros(len(keyword.chunks))
    mask = keyword.mask(filters or Filters())
    if mask is not None:
        keep = mask > 0
        covered, similar, bm25 = covered * keep, np.where(keep, similar, -1.0), bm25 * keep
    best = {name: np.full(n, -np.inf) for name in ("coverage", "similarity", "bm25", "phrased")}
    for name, values in (("coverage", covered), ("similarity", similar), ("bm25", bm25), ("phrased", phrased)):
        np.maximum.at(best[name], layout.paper_of, values.astype(np.float64))
    on = (best["coverage"] >= at_coverage) | (best["similarity"] >= at_similarity)
    if mask is not None:
        on &= np.bincount(layout.paper_of, weights=mask, minlength=n) > 0
    top_bm25 = max(float(best["bm25"].max()), 1e-9)
    low, high = float(best["similarity"][best["similarity"] > -1].min(initial=0.0)), float(best["similarity"].max())
    fused = 0.5 * best["bm25"] / top_bm25 + 0.5 * (best["similarity"] - low) / max(high - low, 1e-9)
    order = [int(i) for i in np.argsort(-fused, kind="stable") if on[i]]
    return [
        TopicPaper(
            layout.papers[i],
            float(fused[i]),
            float(best["coverage"][i]),
            float(best["similarity"][i]),
            bool(best["phrased"][i] > 0),
        )
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
