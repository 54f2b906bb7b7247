"""Hybrid paper search: dense (the exact nearest of the vectors Chroma stores) + BM25 (`keyword`), fused (`fusion`),
one hit per paper."""

from __future__ import annotations

import logging
import re
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rag.corpus.documents import chunk_id
from rag.errors import InputError, unknown_key
from rag.index import tower
from rag.index.store import Store, StoredPaper
from rag.retrieval.filters import Filters, chroma_where
from rag.retrieval.fusion import Candidate, Scored, boost_named, fusion, paper_best, with_described
from rag.retrieval.keyword import KeywordIndex
from rag.retrieval.topic import TopicPaper, topic_papers
from rag.retrieval.vectors import DENSE_SEARCHES, PaperVectors, chunk_rows, chunk_vectors, topic_vectors
from rag.types import Hit

if TYPE_CHECKING:
    from rag.index.indexer import Progress

log = logging.getLogger(__name__)


@dataclass
class SearchResult:
    query: str
    hits: list[Hit]
    searched: int  # papers in the index
    matched: int  # papers that pass the filters
    filters: Filters = field(default_factory=Filters)

    def to_json(self) -> dict[str, Any]:
        hits = [h.to_json() for h in self.hits]
        return {"query": self.query, "searched": self.searched, "matched": self.matched, "results": hits}


def prepare(store: Store) -> None:
    """Build what search reads besides Chroma for the index's current revision, if not cached yet: the
    keyword side, every chunk's vector and the paper catalog (12 s, 6 s and 4 s at 19,630 papers), so that
    the first `rag serve` after an ingest answers as fast as the next ones."""
    revision = store.revision()
    keyword = None if (store.derived("bm25", revision) / "chunks.json").exists() else KeywordIndex(store)
    if not (store.derived("vectors", revision) / "vectors.npy").exists():
        PaperVectors(store, keyword or KeywordIndex(store))
    if not store.derived("catalog", revision).with_suffix(".json").exists():
        for _paper in store.papers():  # reading them once writes the catalog's cache
            pass


class Retriever:
    """Search over one Store. Thread-safe; the keyword side rebuilds itself when the index changes.

    While a background indexer fills the index (`indexing` is its progress, given through `growing`),
    a stale keyword side keeps answering and is rebuilt in a thread: 12 s at 19,630 papers here, too
    long to make a question wait once per slice. The dense side always sees every paper written so far: it asks
    Chroma's approximate search then, and searches every stored vector exactly once the index stops growing.
    """

    def __init__(self, store: Store) -> None:
        if store.settings.dense_search not in DENSE_SEARCHES:
            raise unknown_key("dense search", store.settings.dense_search, DENSE_SEARCHES)
        self.store = store
        self.settings = store.settings
        self.indexing: Progress | None = None
        self.rebuild_error: str | None = None  # why the last background rebuild failed, if it did
        self._keyword: KeywordIndex | None = None
        self._lock = threading.Lock()
        self._rebuilding = threading.Event()

    def keyword_index(self) -> KeywordIndex:
        revision = self.store.revision()
        with self._lock:
            stale = self._keyword is not None and self._keyword.revision != revision
            if self._keyword is None or (stale and self.indexing is None and not self._rebuilding.is_set()):
                self._keyword = KeywordIndex(self.store)
            elif stale:
                self.refresh_soon()
            return self._keyword

    def growing(self, progress: Progress | None) -> None:
        """A background indexer's word that the index grows (its progress), or has stopped growing (None)."""
        self.indexing = progress

    def refresh_soon(self) -> None:
        """Rebuilds the keyword side in a thread if the index changed; questions meanwhile use the old one."""
        if self._rebuilding.is_set():
            return
        self._rebuilding.set()
        threading.Thread(target=self._rebuild, name="rag-keyword-rebuild", daemon=True).start()

    def refresh(self) -> None:
        """Rebuilds the keyword side now if the index changed; questions meanwhile use the old one."""
        revision = self.store.revision()
        if self._keyword is None or self._keyword.revision != revision:
            fresh = KeywordIndex(self.store)
            with self._lock:
                # a rebuild begun a slice earlier can end after a later one: it must not put back an older side
                if self._keyword is None or self._keyword.revision != self.store.revision():
                    self._keyword = fresh

    def _rebuild(self) -> None:
        try:
            self.refresh()
        except Exception as exc:  # the old side keeps answering and the next question retries: said, not lost
            self.rebuild_error = f"{type(exc).__name__}: {exc}"
            log.warning("keyword side not rebuilt (the previous one keeps answering): %s", self.rebuild_error)
        else:
            self.rebuild_error = None
        finally:
            self._rebuilding.clear()

    def search(
        self,
        query: str,
        k: int | None = None,
        filters: Filters | None = None,
        mode: str = "hybrid",
        described: str | None = None,
    ) -> SearchResult:
        """Top-k papers for a query; mode is hybrid, dense or bm25 (the last two for comparison).

        `described` is what the query says its paper is about ("the adaptive variance reduction paper ..."): the
        papers are ranked by both searches, the described one's at `described_weight`, each min-max scaled. Searched
        with the detail it asks ("... compare against Adam?"), a paper that says the detail came first.
        """
        query = clean_query(query)
        if mode not in ("hybrid", "dense", "bm25"):
            raise InputError(f"unknown search mode {mode!r}; choose hybrid, dense or bm25")
        k = k or self.settings.top_k
        filters = filters or Filters()
        keyword = self.keyword_index()
        scored, cosines = self._scored(query, max(self.settings.candidates, k * 3), filters, mode)
        if described and mode == "hybrid":
            scored = with_described(scored, self._scored(described, self.settings.candidates, filters, mode)[0])
        ranked = sorted(scored.items(), key=lambda kv: -kv[1][0])[:k]
        papers = self.store.get_papers(pid for pid, _ in ranked)
        similarity = paper_best(cosines)
        hits = [
            make_hit(rank, pid, score, chunk, papers.get(pid), similarity.get(pid, (None, None))[0])
            for rank, (pid, (score, chunk)) in enumerate(ranked, start=1)
        ]
        searched = keyword.n_papers if self.indexing is None else max(keyword.n_papers, self.indexing.done)
        return SearchResult(query, hits, searched, keyword.matched_papers(filters), filters)

    def _scored(self, query: str, n: int, filters: Filters, mode: str) -> tuple[Scored, list[Candidate]]:
        """Each paper's fused score and best chunk, and the dense side's cosines (what answers are judged by)."""
        keyword = self.keyword_index()
        lexical: list[Candidate] = []
        if mode in ("hybrid", "bm25"):
            lexical = [(keyword.chunks[pos], score) for pos, score in keyword.search(query, n, filters)]
        dense: list[Candidate] = []
        cosines: list[Candidate] = []  # what answers are judged by (rag.index.tower): as dense but for its scores
        if mode in ("hybrid", "dense"):
            # dense_feedback > 0 leans the dense query toward BM25's first papers (docs/quality.md)
            tops = list(paper_best(lexical).values())[: self.settings.dense_feedback] if mode == "hybrid" else []
            feedback = [chunk_id(str(c["paper_id"]), int(c["chunk"])) for _, c in tops]
            found = self._dense(
                query,
                n if self.indexing is not None else min(n, max(keyword.n_papers * 4, 1)),
                filters,
                feedback,
                keyword,
            )
            dense = [(chunk, score) for chunk, score, _ in found]
            cosines = [(chunk, cosine) for chunk, _, cosine in found]
        scored = fusion(self.settings.fusion if mode == "hybrid" else mode)(dense, lexical, self.settings)
        if mode == "hybrid":
            scored = boost_named(query, scored, keyword, filters)
        return scored, cosines

    def _dense(
        self, query: str, n: int, filters: Filters, feedback: list[str], keyword: KeywordIndex
    ) -> list[tuple[dict[str, Any], float, float]]:
        """(chunk, score it ranks by, cosine answers are judged by: rag.index.tower) of the n nearest chunks.

        feedback: chunk ids another ranking found first; the query moves toward their mean (Rocchio's rule).
        """
        import numpy as np

        if self.settings.dense_search == "approximate" or self.indexing is not None:
            # while a background indexer writes, only Chroma's graph holds every paper written so far
            found = self.store.dense_search(
                query, n, chroma_where(filters), feedback, self.settings.feedback_weight, keyword.by_id()
            )
            if filters.keyword:  # no substring operator on Chroma metadata: checked here
                found = [row for row in found if filters.matches(row[0].metadata)]
            return [({**d.metadata, "text": d.page_content}, score, cosine) for d, score, cosine in found]
        vectors = chunk_vectors(self.store, keyword)
        vector, plain = tower.query_vectors(self.store.vectorstore.embeddings, query, self.settings)  # type: ignore[arg-type]
        if feedback:  # off by default: the ids' positions are built only for it
            rows = chunk_rows(keyword)
            if lean := [rows[cid] for cid in feedback if cid in rows]:
                vector = vector + self.settings.feedback_weight * vectors.matrix[lean].mean(axis=0)
        near = vectors.nearest(vector, n, keyword.mask(filters))
        cosines = [s for _, s in near] if plain is None else np.asarray(vectors.matrix[[p for p, _ in near]] @ plain)
        return [(dict(keyword.chunks[pos]), score, float(c)) for (pos, score), c in zip(near, cosines, strict=True)]

    def topic(
        self, query: str, filters: Filters | None = None, cut_offs: tuple[float, float, float] | None = None
    ) -> list[TopicPaper]:
        """Every paper on the query's topic within the filters, best first (rag.retrieval.topic)."""
        query = clean_query(query)
        vector = self.store.vectorstore.embeddings.embed_query(query)  # type: ignore[union-attr]
        return topic_papers(query, self.store, self.keyword_index(), vector, filters, cut_offs)

    def vectors(self, paper_ids: list[str]) -> Any:
        """The papers' vectors (first chunk each), as rows of a matrix: what a list is grouped by."""
        return topic_vectors(self.store, self.keyword_index(), paper_ids)


def make_hit(
    rank: int, pid: str, score: float, chunk: dict[str, Any], paper: StoredPaper | None, sim: float | None
) -> Hit:
    return Hit(
        rank=rank,
        paper_id=pid,
        title=str(chunk.get("title", "")),
        url=str(chunk.get("url", "")),
        score=score,
        passage=str(chunk.get("text", "")),
        chunk=int(chunk.get("chunk", 0)),
        start=int(chunk.get("start", 0)),
        end=int(chunk.get("end", 0)),
        similarity=sim,
        abstract=paper.abstract if paper else "",
        meta=paper.meta if paper else {},
    )


# Control characters, and lone surrogates (non-UTF-8 bytes in argv, "\\udcff" in JSON), which the
# tokenizer rejects with an error that would be reported as a damaged index.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def clean_query(query: str) -> str:
    query = CONTROL.sub(" ", query or "").strip()
    if not query:
        raise InputError("the question is empty: type a few words about what you are looking for")
    return query


_default: Retriever | None = None
_default_lock = threading.Lock()


def search(query: str, k: int | None = None, filters: Filters | None = None) -> SearchResult:
    """One-call hybrid search over the default index (Settings from the environment)."""
    global _default
    with _default_lock:
        if _default is None:
            from rag.config import get_settings

            _default = Retriever(Store(get_settings()))
    return _default.search(query, k, filters)
