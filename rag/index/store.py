"""The Chroma index: papers chunked, embedded and kept exactly once.

Every chunk carries its paper id, title, url, position (chunk number, character offsets)
and the paper's metadata; chunk 0 also carries the whole abstract, so that a paper can be
shown and listed without a second store.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import json
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rag.config import Settings, get_settings
from rag.corpus.documents import Paper, ReadLog, chunk_id, read_papers
from rag.errors import RagError, StoreError
from rag.index import cache, tower
from rag.index.chunking import make_units
from rag.index.client import connect, read_only
from rag.index.embeddings import embedder_name, make_embeddings

if TYPE_CHECKING:
    import chromadb
    from langchain_chroma import Chroma

READ_PAGE = 5000


@dataclass
class IngestStats:
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    chunks: int = 0
    seconds: float = 0.0
    papers_per_s: float = field(default=0.0)


@dataclass(frozen=True)
class StoredPaper:
    paper_id: str
    title: str
    url: str
    abstract: str
    meta: dict[str, Any]

    @property
    def title_derived(self) -> bool:
        return bool(self.meta.get("title_derived"))

    def to_json(self) -> dict[str, Any]:
        return {"paper_id": self.paper_id, "title": self.title, "url": self.url, "abstract": self.abstract, **self.meta}


CHUNK_KEYS = {"paper_id", "title", "url", "chunk", "n_chunks", "start", "end", "fp", "abstract", "title_derived"}


HNSW_CANDIDATES = 400  # nearest chunks Chroma's approximate search is asked for, however few are kept


def stored_paper(meta: dict[str, Any]) -> StoredPaper:
    return StoredPaper(
        paper_id=str(meta["paper_id"]),
        title=str(meta.get("title", "")),
        url=str(meta.get("url", "")),
        abstract=str(meta.get("abstract", "")),
        meta={k: v for k, v in meta.items() if k not in CHUNK_KEYS - {"title_derived"}},
    )


def guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """Chroma's many exception types become one StoreError that names the index and the fix."""
    if inspect.isgeneratorfunction(method):

        @functools.wraps(method)
        def generator(self: Store, *args: Any, **kwargs: Any) -> Iterator[Any]:
            try:
                yield from method(self, *args, **kwargs)
            except RagError:
                raise
            except Exception as exc:
                raise self.failure(exc) from None

        return generator

    @functools.wraps(method)
    def wrapper(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except RagError:
            raise
        except Exception as exc:
            raise self.failure(exc) from None

    return wrapper


class Store:
    """One Chroma collection, embedded or on a server, behind LangChain's `Chroma`."""

    def __init__(self, settings: Settings, *, create: bool = False) -> None:
        self.settings = settings
        self.client = connect(settings, create=create)
        self.location = (
            f"chroma://{settings.chroma_host}:{settings.chroma_port}/{settings.collection}"
            if settings.chroma_mode == "server"
            else str(settings.index_dir)
        )
        self.embedder = embedder_name(settings)
        try:
            if create:
                collection = self.client.get_or_create_collection(
                    settings.collection,
                    metadata={"embedder": self.embedder, "revision": "empty"},
                    configuration={"hnsw": {"space": "cosine"}},
                )
            else:
                collection = self.client.get_collection(settings.collection)
        except Exception as exc:  # chromadb raises NotFoundError/ValueError by version
            if not create and "does not exist" in str(exc):
                raise StoreError(
                    f"no collection {settings.collection!r} in {self.location}: run `rag ingest` first"
                ) from None
            raise StoreError(f"cannot open the index at {self.location}: {exc}") from exc
        built_with = (collection.metadata or {}).get("embedder")
        if built_with and built_with != self.embedder:
            raise StoreError(
                f"the index at {self.location} was built with embedder {built_with}, not {self.embedder}: "
                "use another --index folder, or delete this one and ingest again"
            )
        self.collection: chromadb.Collection = collection
        self._vectorstore: Chroma | None = None

    def failure(self, exc: Exception) -> StoreError:
        detail = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}".rstrip(": ")
        if self.settings.chroma_mode == "server":
            return StoreError(
                f"lost the Chroma server at {self.settings.chroma_host}:{self.settings.chroma_port} ({detail}); "
                "check that `chroma run` is up, then retry"
            )
        if read_only(exc):
            return StoreError(f"the index at {self.location} is read-only: fix its permissions or use --index DIR")
        damaged = "if it is damaged, delete the folder and run `rag ingest` again"
        return StoreError(f"the index at {self.location} failed ({detail}); {damaged}")

    @guarded
    def dense_search(
        self,
        query: str,
        k: int,
        where: dict[str, Any] | None,
        feedback: list[str] | None = None,
        weight: float = 0.5,
        known: Mapping[str, dict[str, Any]] | None = None,
    ) -> list[tuple[Any, float, float]]:
        """(Document, score it ranks by, cosine answers are judged by: rag.index.tower) of the k nearest chunks.

        feedback: chunk ids another ranking found first; the query moves toward their mean (Rocchio's rule).
        known: chunks already in memory (text and metadata) by id, read from Chroma only when missing there:
        Chroma's SQLite hands back 0.7 ms a chunk, 40 ms of a 60-chunk search where finding them takes 3 ms.
        """
        import numpy as np
        from langchain_core.documents import Document

        vector, plain = tower.query_vectors(self.vectorstore.embeddings, query, self.settings)  # type: ignore[arg-type]
        if feedback:
            got = self.collection.get(ids=feedback, include=["embeddings"])
            if got["embeddings"] is not None and len(got["embeddings"]):
                vector = vector + weight * np.mean(np.array(got["embeddings"]), axis=0)
                vector = vector / np.linalg.norm(vector)
        # HNSW searches max(ef_search, n_results) candidates, and Chroma's ef_search of 100 is too few at conference
        # scale: at 19,630 papers it missed the nearest paper for 10 of 300 dev questions (all but 1 when asked
        # for 400, at 5 ms a search against 2 ms; bench/dense_recall.py). The first k of those are kept.
        near = self.collection.query(
            query_embeddings=[vector.tolist()],
            n_results=max(k, HNSW_CANDIDATES),
            where=where,
            include=["distances"],
        )
        ids, distances = near["ids"][0][:k], (near["distances"] or [[]])[0][:k]
        known = known or {}
        chunks = {cid: known[cid] for cid in ids if cid in known}
        if missing := [cid for cid in ids if cid not in chunks]:
            page = self.collection.get(ids=missing, include=["documents", "metadatas"])
            for cid, text, meta in zip(page["ids"], page["documents"] or [], page["metadatas"] or [], strict=True):
                chunks[cid] = {**meta, "text": text}
        found = [
            (Document(page_content=str(c["text"]), metadata={f: v for f, v in c.items() if f != "text"}), 1.0 - dist)
            for cid, dist in zip(ids, distances, strict=True)
            if (c := chunks.get(cid)) is not None  # deleted between the two reads
        ]
        scores = [float(score) for _, score in found]
        cosines = scores if plain is None else tower.cosines(self.collection, [d.metadata for d, _ in found], plain)
        return [(d, s, c) for (d, _), s, c in zip(found, scores, cosines, strict=True)]

    @guarded
    def embed(self, texts: list[str]) -> list[list[float]]:
        return self.vectorstore.embeddings.embed_documents(texts)  # type: ignore[union-attr]

    @property
    def vectorstore(self) -> Chroma:
        if self._vectorstore is None:
            from langchain_chroma import Chroma

            self._vectorstore = Chroma(
                client=self.client,
                collection_name=self.settings.collection,
                embedding_function=make_embeddings(self.settings),
                create_collection_if_not_exists=False,
            )
        return self._vectorstore

    # --- reading ----------------------------------------------------------------------

    @guarded
    def revision(self) -> str:
        """Changes with every write, so derived indexes (BM25) know when they are stale."""
        fresh = self.client.get_collection(self.settings.collection)
        return str((fresh.metadata or {}).get("revision", ""))

    @guarded
    def chunk_count(self) -> int:
        return int(self.collection.count())

    @guarded
    def paper_count(self) -> int:
        return len(self.collection.get(where={"chunk": 0}, include=[])["ids"])

    @guarded
    def iter_chunks(self) -> Iterator[tuple[str, str, dict[str, Any]]]:
        """(id, text, metadata) of every chunk, in pages."""
        offset = 0
        while True:
            page = self.collection.get(include=["documents", "metadatas"], limit=READ_PAGE, offset=offset)
            if not page["ids"]:
                return
            for cid, text, meta in zip(page["ids"], page["documents"] or [], page["metadatas"] or [], strict=True):
                yield cid, text, dict(meta)
            offset += len(page["ids"])

    @guarded
    def papers(self) -> Iterator[StoredPaper]:
        # Chroma reads 19,630 papers' metadata in about 5 s: the page's catalog reads a copy per revision
        cached = self.derived("catalog", self.revision()).with_suffix(".json")
        if cached.exists():
            yield from (stored_paper(meta) for meta in json.loads(cached.read_text(encoding="utf-8")))
            return
        metas: list[dict[str, Any]] = []
        while page := self.collection.get(
            where={"chunk": 0}, include=["metadatas"], limit=READ_PAGE, offset=len(metas)
        ):
            if not page["ids"]:
                break
            metas += [dict(meta) for meta in page["metadatas"] or []]
        cache.keep(cached, lambda tmp: tmp.write_text(json.dumps(metas), encoding="utf-8"))
        yield from (stored_paper(meta) for meta in metas)

    def derived(self, kind: str, revision: str) -> Path:
        """Where data derived from one revision of this index is cached (the keyword side, the catalog)."""
        return cache.path(self.settings.cache_dir, self.location, kind, revision)

    @guarded
    def iter_vectors(self) -> Iterator[tuple[dict[str, Any], Any]]:
        """(metadata, embedding) of every chunk, in pages: the map of the conference reads the index so."""
        offset = 0
        while (page := self.collection.get(include=["embeddings", "metadatas"], limit=READ_PAGE, offset=offset))["ids"]:
            yield from zip((dict(m) for m in page["metadatas"] or []), page["embeddings"], strict=True)  # type: ignore[arg-type]
            offset += len(page["ids"])

    @guarded
    def get_papers(self, paper_ids: Iterable[str]) -> dict[str, StoredPaper]:
        ids = [chunk_id(pid, 0) for pid in dict.fromkeys(paper_ids)]
        if not ids:
            return {}
        page = self.collection.get(ids=ids, include=["metadatas"])
        return {str(m["paper_id"]): stored_paper(dict(m)) for m in page["metadatas"] or []}

    # --- writing ----------------------------------------------------------------------

    @guarded
    def _bump_revision(self) -> None:
        self.collection.modify(metadata={"embedder": self.embedder, "revision": uuid.uuid4().hex})

    @guarded
    def ingest(self, papers: Iterable[Paper], progress: Callable[[int], None] | None = None) -> IngestStats:
        """Adds new papers, replaces changed ones, skips unchanged ones.

        Safe to kill at any point: a paper counts as present only when all its chunks
        carry its current fingerprint, so a rerun redoes exactly the half-written ones,
        and deterministic chunk ids make every write an upsert.
        """
        import time

        start = time.perf_counter()
        units = make_units(self.settings)
        chunk_sig = (
            "paper"
            if self.settings.chunking == "paper"
            else f"{self.settings.chunk_tokens}/{self.settings.chunk_overlap_tokens}"
        )
        stats = IngestStats()
        bumped = False
        it = iter(papers)
        size = min(32, self.settings.ingest_batch)  # grows to ingest_batch: an empty index answers in seconds
        while batch := list(islice(it, size)):
            size = min(2 * size, self.settings.ingest_batch)
            fps = {p.paper_id: hashlib.sha1(f"{p.fingerprint()}/{chunk_sig}".encode()).hexdigest()[:16] for p in batch}
            present = self._present(fps)
            todo = [p for p in batch if p.paper_id not in present["current"]]
            stats.unchanged += len(batch) - len(todo)
            if todo:
                if not bumped:
                    self._bump_revision()
                    bumped = True
                stale = [p.paper_id for p in todo if p.paper_id in present["any"]]
                if stale:
                    self.collection.delete(where=_paper_in(stale))
                texts, embedded, metas, ids = [], [], [], []
                for paper in todo:
                    pieces = units(paper)
                    for i, (text, offset, embed_text) in enumerate(pieces):
                        meta: dict[str, Any] = {
                            **paper.meta,
                            "paper_id": paper.paper_id,
                            "title": paper.title,
                            "title_derived": paper.title_derived,
                            "url": paper.url,
                            "chunk": i,
                            "n_chunks": len(pieces),
                            "start": offset,
                            "end": offset + len(text),
                            "fp": fps[paper.paper_id],
                        }
                        if i == 0:
                            meta["abstract"] = paper.abstract
                        texts.append(text)
                        embedded.append(embed_text)
                        metas.append(meta)
                        ids.append(chunk_id(paper.paper_id, i))
                vectors = self.vectorstore.embeddings.embed_documents(embedded)  # type: ignore[union-attr]
                self.collection.upsert(ids=ids, embeddings=vectors, documents=texts, metadatas=metas)  # type: ignore[arg-type]
                stats.chunks += len(ids)
                stats.updated += len(stale)
                stats.added += len(todo) - len(stale)
            if progress:
                progress(len(batch))
        if bumped:
            self._bump_revision()
        stats.seconds = time.perf_counter() - start
        stats.papers_per_s = (stats.added + stats.updated) / stats.seconds if stats.seconds else 0.0
        return stats

    @guarded
    def _present(self, fps: dict[str, str]) -> dict[str, set[str]]:
        """Which of these papers are in the index at all, and which completely and current."""
        got = self.collection.get(where=_paper_in(list(fps)), include=["metadatas"])
        seen: dict[str, list[dict[str, Any]]] = {}
        for meta in got["metadatas"] or []:
            seen.setdefault(str(meta["paper_id"]), []).append(dict(meta))
        current = {
            pid
            for pid, metas in seen.items()
            if all(m.get("fp") == fps[pid] for m in metas) and len(metas) == metas[0].get("n_chunks")
        }
        return {"any": set(seen), "current": current}


def ingest(
    paths: Iterable[Path | str], settings: Settings | None = None, reading: ReadLog | None = None
) -> IngestStats:
    """Every paper of these files or folders into the index (created if missing); unchanged papers are skipped.

    What cannot be read is skipped, and listed in `reading.problems` when a ReadLog is passed.
    """
    store = Store(settings or get_settings(), create=True)
    stats: IngestStats = store.ingest(read_papers([Path(p) for p in paths], reading or ReadLog()))
    return stats


def _paper_in(paper_ids: list[str]) -> Any:
    return {"paper_id": {"$in": paper_ids}}
