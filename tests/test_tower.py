"""The search query's own encoder: it ranks, and answers keep the papers' embedder's cosine."""

from __future__ import annotations

from pathlib import Path

import pytest

from rag.config import Settings
from rag.errors import ConfigError
from rag.index import tower
from rag.index.embeddings import export_onnx, model_path
from rag.index.store import Store
from rag.retrieval.retriever import Retriever


def test_an_unknown_query_encoder_names_it_and_the_choices() -> None:
    with pytest.raises(ConfigError, match="unknown query encoder 'tower'; choose one of: field, same"):
        tower.query_embeddings(Settings(query_encoder="tower"))


def test_weights_minilm_does_not_have_are_refused_by_name(tmp_path: Path) -> None:
    import torch
    from safetensors.torch import save_file

    weights = tmp_path / "stray.safetensors"
    save_file({"decoder.head.weight": torch.zeros(2, 2)}, str(weights))
    with pytest.raises(ConfigError, match=r"decoder\.head\.weight"):
        export_onnx(model_path(Settings(embedder="minilm")), tmp_path / "x.onnx", layers=weights)
    assert not (tmp_path / "x.onnx").exists()


def test_the_shipped_tower_holds_only_the_top_layers_of_minilm() -> None:
    from safetensors import safe_open

    with safe_open(str(tower.TOWER), framework="pt") as f:
        names = list(f.keys())
    assert names and all(n.startswith("encoder.layer.") for n in names)
    layers = {int(n.split(".")[2]) for n in names}
    assert max(layers) == 5 and len(layers) < 6, layers  # the papers' side, layers below, stays as shipped
    assert tower.TOWER.stat().st_size < 12e6


def test_the_field_encoder_ranks_by_its_own_vector_and_answers_keep_the_shipped_cosine(seeded: Settings) -> None:
    same = Store(seeded.model_copy(update={"query_encoder": "same"}))
    field = Store(seeded.model_copy(update={"query_encoder": "field"}))
    query = "diffusion models that generate protein structures"
    plain = {(d.metadata["paper_id"], d.metadata["chunk"]): cos for d, _, cos in same.dense_search(query, 400, None)}
    found = field.dense_search(query, 400, None)
    assert len(found) == len(plain)
    for doc, _score, cosine in found:
        assert cosine == pytest.approx(plain[(doc.metadata["paper_id"], doc.metadata["chunk"])], abs=1e-5)
    # it ranks by its own vector: scores that are not those cosines, in descending order
    scores = [score for _, score, _ in found]
    assert scores == sorted(scores, reverse=True)
    assert max(abs(score - cosine) for _, score, cosine in found) > 0.01
    # and a seed paper is still found by the first words of its abstract: first by the search the product
    # runs, among the first three by the dense side alone
    search = Retriever(field)
    for doc, _, _ in same.dense_search(query, 5, None):
        words = " ".join(str(doc.metadata.get("abstract", doc.page_content)).split()[:25])
        assert search.search(words, k=1).hits[0].paper_id == doc.metadata["paper_id"]
        assert doc.metadata["paper_id"] in [d.metadata["paper_id"] for d, _, _ in field.dense_search(words, 3, None)]
