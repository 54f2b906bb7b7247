"""The query-side adapter: loaded once, applied to the query vector only, and off means the plain vector."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rag.config import Settings
from rag.errors import ConfigError
from rag.index import adapter
from rag.index.store import Store


def test_off_gives_the_plain_vector_and_on_the_mapped_one_normalised(tmp_path: Path) -> None:
    swap = np.array([[0.0, 2.0], [1.0, 0.0]], dtype=np.float32)  # x -> (y, 2x): direction and length change
    path = tmp_path / "w.npy"
    np.save(path, swap)
    vector = [0.6, 0.8]
    off = adapter.adapt(vector, Settings(query_adapter=False), path)
    assert off.tolist() == pytest.approx(vector)
    on = adapter.adapt(vector, Settings(query_adapter=True), path)
    assert on.tolist() == pytest.approx((np.array([0.8, 1.2]) / np.linalg.norm([0.8, 1.2])).tolist())
    assert float(np.linalg.norm(on)) == pytest.approx(1.0)


def test_a_matrix_that_is_not_square_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.npy"
    np.save(path, np.zeros((3, 2), dtype=np.float32))
    with pytest.raises(ConfigError, match="square"):
        adapter.load(path)


def test_the_shipped_adapter_fits_the_embedder_and_stays_near_the_identity() -> None:
    matrix = adapter.load()
    assert matrix.shape == (384, 384)
    # a map that moved queries far from where MiniLM puts them would no longer find a paper by its own words
    assert float(np.mean(np.diag(matrix))) > 0.5


def test_dense_search_with_the_adapter_off_is_the_plain_query_and_on_still_finds_a_paper_by_its_title(
    seeded: Settings,
) -> None:
    plain, mapped = (
        Store(seeded.model_copy(update={"query_adapter": False})),
        Store(seeded.model_copy(update={"query_adapter": True})),
    )
    title = "Weak-to-strong generalization"
    vector = np.asarray(plain.vectorstore.embeddings.embed_query(title))  # type: ignore[union-attr]
    off = plain.dense_search(title, 5, None)
    by_vector = plain.vectorstore.similarity_search_by_vector_with_relevance_scores(vector.tolist(), k=5)
    assert [d.metadata["paper_id"] for d, _, _ in off] == [d.metadata["paper_id"] for d, _ in by_vector]
    for store in (plain, mapped):
        papers = [d for d, _, _ in store.dense_search(title, 10, None)]
        assert papers, "no dense hits"
    # every seed paper is found first by the first words of its abstract, adapter on as off
    for doc, _, _ in off[:3]:
        words = " ".join(str(doc.metadata.get("abstract", doc.page_content)).split()[:25])
        assert mapped.dense_search(words, 1, None)[0][0].metadata["paper_id"] == doc.metadata["paper_id"]
