"""Hybrid paper search: dense (Chroma) + BM25 (bm25s), fused (rag.fusion), one hit per paper.

The BM25 side is derived from the collection itself and keyed by the collection's
revision (bumped by every write), so it is never stale after an ingest, in embedded
and in server mode alike; it is cached on disk per revision so restarts are cheap.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rag import cache
from rag.documents import chunk_id
from rag.errors import InputError
from rag.filters import FILTER_FIELDS, Filters, chroma_where
from rag.fusion import Candidate, boost_named, fusion, paper_best
from rag.store import Store, StoredPaper
from rag.text import coined_names, plain_head

if TYPE_CHECKING:
    import numpy as np

    from rag.indexer import Progress

# Filter fields with a menu of values; keyword is matched as a substring of a paper's keywords.
FACETS = tuple(name for name in FILTER_FIELDS if name != "keyword")
# Kept per chunk in memory for the keyword side: what filters and hits need.
KEYWORD_META = ("paper_id", "title", "url", "chunk", "start", "end", *FACETS, "keywords")


@dataclass
class Hit:
    rank: int
    paper_id: str
    title: str
    url: str
    score: float  # fused score (Settings.fusion)
    passage: str
    chunk: int
    start: int
    end: int
    similarity: float | None  # cosine similarity of the best dense chunk, if any
    abstract: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "paper_id": self.paper_id,
            "title": self.title,
            "url": self.url,
            "score": round(self.score, 6),
            "passage": self.passage,
            "abstract": self.abstract,
            "similarity": None if self.similarity is None else round(self.similarity, 4),
        }


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


class KeywordIndex:
    """BM25 over every chunk (title and keywords prepended), for one revision of the collection."""

    def __init__(self, store: Store) -> None:
        import bm25s

        self.stemmer = english_stemmer()
        self.revision = store.revision()
        # one cache per index, kept across runs; switching corpora (seeds, iclr2026) rebuilds neither
        folder = store.derived("bm25", self.revision)
        if (folder / "chunks.json").exists():
            self.bm25 = bm25s.BM25.load(str(folder))
            self.chunks: list[dict[str, Any]] = json.loads((folder / "chunks.json").read_text())
        else:
            texts, self.chunks = [], []
            for _cid, text, meta in store.iter_chunks():
                keep = {k: meta[k] for k in KEYWORD_META if k in meta}
                keep["text"] = text
                self.chunks.append(keep)
                texts.append(f"{meta.get('title', '')}. {meta.get('keywords', '')}. {text}")
            tokens = self._tokenize(texts, ids=True)
            self.bm25 = bm25s.BM25()
            if texts:
                self.bm25.index(tokens, show_progress=False)
            self._save(folder)
        self.n_papers = sum(1 for c in self.chunks if c.get("chunk") == 0)
        self._masks: dict[Filters, np.ndarray] = {}
        self._df: np.ndarray | None = None
        self._facets: dict[str, list[str]] | None = None
        self._names: dict[str, dict[str, bool]] | None = None
        self._first: dict[str, dict[str, Any]] | None = None
        self.named("")  # built now, with the rest: built on a first question it cost that question 2.3 s

    def _save(self, folder: Path) -> None:
        def write(tmp: Path) -> None:
            tmp.mkdir(parents=True)
            if self.chunks:
                self.bm25.save(str(tmp), show_progress=False)
            (tmp / "chunks.json").write_text(json.dumps(self.chunks))

        cache.keep(folder, write)

    def _tokenize(self, texts: list[str], *, ids: bool) -> Any:
        return tokenize(texts, self.stemmer, ids=ids)

    def terms(self, text: str) -> list[str]:
        return list(self._tokenize([QUESTION_WORDS.sub(" ", text)], ids=False)[0])

    def coverage(self, query: str, text: str) -> float:
        """IDF-weighted share of the query's words that the text contains.

        A word the corpus never saw weighs most: "quantum" or "speech" missing from every
        abstract is the clearest sign that a question is not covered.
        """
        wanted = set(self.terms(query))
        total = sum(self.idf(t) for t in wanted)
        if not total:
            return 0.0
        have = set(self.terms(text))
        return sum(self.idf(t) for t in wanted if t in have) / total

    def idf(self, term: str) -> float:
        """How rare a (stemmed) term is among the chunks: log((n + 1) / (df + 0.5)); unseen terms weigh most."""
        import math

        return math.log((len(self.chunks) + 1) / (self.df(term) + 0.5))

    def df(self, term: str) -> int:
        """How many chunks hold the (stemmed) term."""
        import numpy as np

        if self._df is None:
            self._df = np.diff(np.asarray(self.bm25.scores["indptr"])) if self.chunks else np.zeros(0)
        i = self.bm25.vocab_dict.get(term) if self.chunks else None
        return int(self._df[i]) if i is not None else 0

    def named(self, name: str) -> dict[str, bool]:
        """Papers whose title or abstract says this coined name, as {paper id: named after it}.

        Named after it: the name is in the title's head ("PoseX: AI Defeats ...", the words before
        the colon, or the first word), not merely in the title ("Distilling SNN Students from ANN ...").
        """
        if self._names is None:
            names: dict[str, dict[str, bool]] = {}
            for chunk in self.chunks:
                pid, title = str(chunk["paper_id"]), str(chunk.get("title", ""))
                head = title.split(":")[0] if ":" in title else (title.split() or [""])[0]
                for n in coined_names(head) or plain_head(title):
                    names.setdefault(n, {})[pid] = True
                for n in coined_names(title):
                    names.setdefault(n, {}).setdefault(pid, False)
                for n in coined_names(str(chunk.get("text", ""))):
                    names.setdefault(n, {}).setdefault(pid, False)
            self._names = names
        return self._names.get(name, {})

    def first_chunk(self, paper_id: str) -> dict[str, Any] | None:
        if self._first is None:
            self._first = {str(c["paper_id"]): c for c in self.chunks if c.get("chunk") == 0}
        return self._first.get(paper_id)

    def unseen(self, text: str) -> list[str]:
        """The text's terms that no chunk of the index contains."""
        return [t for t in self.terms(text) if t not in self.bm25.vocab_dict] if self.chunks else []

    def facets(self) -> dict[str, list[str]]:
        """Distinct values of each filterable field, most common first (filter menus, question parsing)."""
        if self._facets is None:
            counts: dict[str, dict[str, int]] = {name: {} for name in FACETS}
            for chunk in self.chunks:
                if chunk.get("chunk") == 0:
                    for name, seen in counts.items():
                        if chunk.get(name) not in (None, ""):
                            value = str(chunk[name])
                            seen[value] = seen.get(value, 0) + 1
            self._facets = {name: sorted(seen, key=lambda v: -seen[v]) for name, seen in counts.items()}
        return self._facets

    def mask(self, filters: Filters) -> np.ndarray | None:
        import numpy as np

        if not filters:
            return None
        if filters not in self._masks:
            self._masks[filters] = np.array([filters.matches(c) for c in self.chunks], dtype=np.float32)
        return self._masks[filters]

    def matched_papers(self, filters: Filters) -> int:
        if not filters:
            return self.n_papers
        return sum(1 for c in self.chunks if c.get("chunk") == 0 and filters.matches(c))

    def search(self, query: str, n: int, filters: Filters) -> list[tuple[int, float]]:
        """(chunk position, score) of the best n chunks with a positive score."""
        import numpy as np

        if not self.chunks:
            return []
        # question words ("which paper proposes a method") are in most abstracts and only add noise
        known = [t for t in self.terms(query) if t in self.bm25.vocab_dict]
        if not known:
            return []
        scores = self.bm25.get_scores(known, weight_mask=self.mask(filters))
        n = min(n, len(scores))
        top = np.argpartition(-scores, n - 1)[:n]
        top = top[np.argsort(-scores[top])]
        return [(int(i), float(scores[i])) for i in top if scores[i] > 0]


def prepare(store: Store) -> None:
    """Build what search reads besides Chroma for the index's current revision, if not cached yet: the
    keyword side and the paper catalog (12 s and 4 s at 19,630 papers), so that the first `rag serve`
    after an ingest answers as fast as the next ones."""
    revision = store.revision()
    if not (store.derived("bm25", revision) / "chunks.json").exists():
        KeywordIndex(store)
    if not store.derived("catalog", revision).with_suffix(".json").exists():
        for _paper in store.papers():  # reading them once writes the catalog's cache
            pass


def tokenize(texts: list[str], stemmer: Any, *, ids: bool) -> Any:
    """The one BM25 tokenisation (English stopwords, Snowball stems), of the index and of queries alike;
    the map's topic labels use it with stemmer=None, to show whole words."""
    import bm25s

    return bm25s.tokenize(texts, stopwords="en", stemmer=stemmer, return_ids=ids, show_progress=False)


def english_stemmer() -> Any:
    import Stemmer

    return Stemmer.Stemmer("english")


class Retriever:
    """Search over one Store. Thread-safe; the keyword side rebuilds itself when the index changes.

    While a background indexer fills the index (`growing` is its progress), a stale keyword side
    keeps answering and is rebuilt in a thread: 12 s at 19,630 papers here, too long to make a
    question wait once per slice. The dense side always sees every paper written so far.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.settings = store.settings
        self.growing: Progress | None = None
        self._keyword: KeywordIndex | None = None
        self._lock = threading.Lock()
        self._rebuilding = threading.Event()

    def keyword_index(self) -> KeywordIndex:
        revision = self.store.revision()
        with self._lock:
            stale = self._keyword is not None and self._keyword.revision != revision
            if self._keyword is None or (stale and self.growing is None and not self._rebuilding.is_set()):
                self._keyword = KeywordIndex(self.store)
            elif stale:
                self.refresh_soon()
            return self._keyword

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
                self._keyword = fresh

    def _rebuild(self) -> None:
        try:
            self.refresh()
        except Exception:  # a failed refresh leaves the old side answering; the next question retries
            pass
        finally:
            self._rebuilding.clear()

    def search(
        self,
        query: str,
        k: int | None = None,
        filters: Filters | None = None,
        mode: str = "hybrid",
    ) -> SearchResult:
        """Top-k papers for a query; mode is hybrid, dense or bm25 (the last two for comparison)."""
        query = clean_query(query)
        if mode not in ("hybrid", "dense", "bm25"):
            raise InputError(f"unknown search mode {mode!r}; choose hybrid, dense or bm25")
        k = k or self.settings.top_k
        filters = filters or Filters()
        keyword = self.keyword_index()
        n = max(self.settings.candidates, k * 3)
        lexical: list[Candidate] = []
        if mode in ("hybrid", "bm25"):
            lexical = [(keyword.chunks[pos], score) for pos, score in keyword.search(query, n, filters)]
        dense: list[Candidate] = []
        if mode in ("hybrid", "dense"):
            # dense_feedback > 0 leans the dense query toward BM25's first papers (README, "Measured quality")
            tops = list(paper_best(lexical).values())[: self.settings.dense_feedback] if mode == "hybrid" else []
            feedback = [chunk_id(str(c["paper_id"]), int(c["chunk"])) for _, c in tops]
            found = self.store.dense_search(
                query,
                n if self.growing is not None else min(n, max(keyword.n_papers * 4, 1)),
                chroma_where(filters),
                feedback,
                self.settings.feedback_weight,
            )
            if filters.keyword:  # no substring operator on Chroma metadata: checked here
                found = [(d, dist) for d, dist in found if filters.matches(d.metadata)]
            dense = [({**d.metadata, "text": d.page_content}, 1.0 - float(dist)) for d, dist in found]
        fuse = fusion(self.settings.fusion if mode == "hybrid" else mode)
        scored = fuse(dense, lexical, self.settings)
        if mode == "hybrid":
            scored = boost_named(query, scored, keyword, filters)
        ranked = sorted(scored.items(), key=lambda kv: -kv[1][0])[:k]
        papers = self.store.get_papers(pid for pid, _ in ranked)
        similarity = paper_best(dense)
        hits = [
            make_hit(rank, pid, score, chunk, papers.get(pid), similarity.get(pid, (None, None))[0])
            for rank, (pid, (score, chunk)) in enumerate(ranked, start=1)
        ]
        searched = keyword.n_papers if self.growing is None else max(keyword.n_papers, self.growing.done)
        return SearchResult(query, hits, searched, keyword.matched_papers(filters), filters)


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


QUESTION_WORDS = re.compile(
    r"\b(what|which|how|why|who|does|do|is|are|paper|papers|method|methods|approach|work|use|used|using|can|"
    r"find|there|any|anyone)\b",
    re.IGNORECASE,
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
