"""The Chroma index with the real embedder: exactly-once ingest, replacement, chunk metadata, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rag.config import Settings
from rag.corpus.documents import Paper, ReadLog, read_papers
from rag.errors import StoreError
from rag.index.store import Store
from rag.retrieval.retriever import Retriever

from .conftest import SEEDS, make_settings

LONG = " ".join(f"Sentence {i} explains one more detail of the sparse attention kernel." for i in range(40))


def paper(pid: str, abstract: str, **meta: str | int) -> Paper:
    return Paper(paper_id=pid, title=f"Title {pid}", abstract=abstract, url=f"https://x.org/{pid}", meta=dict(meta))


def chunk_ids(store: Store) -> list[str]:
    return sorted(cid for cid, _, _ in store.iter_chunks())


def test_ingesting_the_seeds_twice_adds_nothing(seeded: Settings) -> None:
    store = Store(seeded)
    before = (store.paper_count(), store.chunk_count(), store.revision())
    stats = Store(seeded, create=True).ingest(read_papers([SEEDS], ReadLog()))
    assert (stats.added, stats.updated, stats.unchanged) == (0, 0, 57)
    assert (store.paper_count(), store.chunk_count(), store.revision()) == before
    assert before[0] == 57 and before[1] >= 57


def test_every_chunk_carries_its_paper_and_position(seeded: Settings) -> None:
    store = Store(seeded)
    papers = {p.paper_id: p for p in store.papers()}
    assert len(papers) == 57
    for _cid, text, meta in store.iter_chunks():
        abstract = papers[meta["paper_id"]].abstract
        assert abstract[meta["start"] : meta["end"]] == text
        assert meta["title"] and meta["title_derived"] is False and meta["url"].startswith("https://openreview.net/")
        assert (meta["chunk"], meta["n_chunks"]) == (0, 1)  # chunking "paper": one unit per paper


def test_a_paper_is_embedded_with_its_title(settings: Settings) -> None:
    import numpy as np

    store = Store(settings, create=True)
    store.ingest([paper("a", "Graph neural networks for molecules.")])
    got = store.collection.get(ids=["a::0"], include=["embeddings", "documents"])
    assert got["documents"] == ["Graph neural networks for molecules."]  # what is shown and cited
    (with_title,) = store.embed(["Title a. Graph neural networks for molecules."])
    assert np.allclose(got["embeddings"][0], with_title, atol=1e-5)  # what is embedded


def test_changed_abstract_replaces_its_chunks(settings: Settings) -> None:
    settings = settings.model_copy(update={"chunking": "tokens"})  # long abstracts take several chunks
    store = Store(settings, create=True)
    store.ingest([paper("a", "Short abstract about graphs."), paper("b", "Another one about proteins.")])
    stats = store.ingest([paper("a", LONG), paper("b", "Another one about proteins.")])
    assert (stats.added, stats.updated, stats.unchanged) == (0, 1, 1)
    long_chunks = [cid for cid in chunk_ids(store) if cid.startswith("a::")]
    assert len(long_chunks) >= 3
    store.ingest([paper("a", "Short again.")])
    assert chunk_ids(store) == ["a::0", "b::0"]
    assert store.get_papers(["a"])["a"].abstract == "Short again."
    # metadata changes count as changes too
    stats = store.ingest([paper("b", "Another one about proteins.", decision="Oral")])
    assert stats.updated == 1
    assert store.get_papers(["b"])["b"].meta["decision"] == "Oral"


def test_keyword_side_sees_every_ingest(settings: Settings) -> None:
    store = Store(settings, create=True)
    store.ingest([paper("a", "Graph neural networks for molecules.")])
    retriever = Retriever(store)
    assert retriever.search("zeolite catalysis", mode="bm25").hits == []
    store.ingest([paper("z", "Zeolite catalysis screened with active learning.")])
    hits = retriever.search("zeolite catalysis", mode="bm25").hits
    assert [h.paper_id for h in hits] == ["z"]
    fresh = Retriever(Store(settings))  # and from the on-disk cache of the new revision
    assert [h.paper_id for h in fresh.search("zeolite catalysis", mode="bm25").hits] == ["z"]


def test_missing_index_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"no index at .*missing: run `rag ingest`"):
        Store(make_settings(tmp_path, index_dir=tmp_path / "missing"))


def test_index_built_with_another_embedder_is_refused(settings: Settings) -> None:
    store = Store(settings, create=True)
    store.ingest([paper("a", "Text.")])
    store.collection.modify(metadata={"embedder": "other-model", "revision": "x"})
    with pytest.raises(StoreError, match="built with embedder other-model"):
        Store(settings)


def test_corrupt_index_is_a_clear_error(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    settings.index_dir.mkdir(parents=True)
    (settings.index_dir / "chroma.sqlite3").write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match=r"cannot open the index at .*delete the folder and run `rag ingest`"):
        Store(settings).paper_count()


def test_jsonl_metadata_reaches_the_chunks(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "c.jsonl"
    record = {
        "id": "X1",
        "title": "Sparse KV",
        "abstract": "We cut KV-cache memory.",
        "url": "https://o.net/X1",
        "keywords": ["kv cache", "memory"],
        "venue": "ICLR 2026",
        "year": 2026,
        "decision": "Oral",
    }
    path.write_text(json.dumps(record) + "\n")
    Store(settings, create=True).ingest(read_papers([path], ReadLog()))
    (stored,) = Store(settings).papers()
    assert stored.title == "Sparse KV" and stored.url == "https://o.net/X1" and not stored.title_derived
    assert stored.meta["keywords"] == "kv cache; memory" and stored.meta["year"] == 2026
