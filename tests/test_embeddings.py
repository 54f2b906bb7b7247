"""The two embedders of the bundled MiniLM: torch float32 and the local ONNX int8 export."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rag.config import Settings
from rag.corpus.documents import ReadLog, read_papers
from rag.errors import ConfigError, StoreError
from rag.evaluation import load_questions, retrieval_query
from rag.index.embeddings import embedder_name, make_embeddings
from rag.index.store import Store
from tests.conftest import SEEDS, make_settings


@pytest.fixture(scope="module")
def abstracts() -> list[str]:
    return [p.abstract for p in read_papers([SEEDS], ReadLog())]


@pytest.fixture(scope="module")
def embedded(abstracts: list[str], tmp_path_factory: pytest.TempPathFactory) -> dict[str, np.ndarray]:
    """The seed abstracts embedded once by each embedder, for both comparisons below."""
    tmp = tmp_path_factory.mktemp("embedded")
    return {
        key: np.array(make_embeddings(make_settings(tmp, embedder=key)).embed_documents(abstracts))
        for key in ("minilm", "minilm-int8")
    }


def test_int8_vectors_agree_with_float32(embedded: dict[str, np.ndarray], tmp_path: Path) -> None:
    texts = ["KV cache", "which papers cut memory during inference?"]
    fp32, int8 = (
        np.vstack([embedded[key], make_embeddings(make_settings(tmp_path, embedder=key)).embed_documents(texts)])
        for key in ("minilm", "minilm-int8")
    )
    assert fp32.shape == int8.shape == (len(embedded["minilm"]) + len(texts), 384)
    assert np.allclose(np.linalg.norm(int8, axis=1), 1, atol=1e-4)
    agreement = (fp32 * int8).sum(axis=1)
    assert agreement.min() > 0.97, agreement.min()


def test_int8_finds_the_dev_papers_as_well_as_float32(embedded: dict[str, np.ndarray], tmp_path: Path) -> None:
    """The bar for a faster embedder: dense hit@5 on the development questions within one point."""
    ids = [p.paper_id for p in read_papers([SEEDS], ReadLog())]
    questions = [q for q in load_questions() if q.gold]

    def hit5(key: str) -> float:
        embed = make_embeddings(make_settings(tmp_path, embedder=key))
        queries = np.array(embed.embed_documents([retrieval_query(q) for q in questions]))
        top5 = (queries @ embedded[key].T).argsort(axis=1)[:, -5:]
        return float(np.mean([any(ids[j] in q.gold for j in row) for q, row in zip(questions, top5, strict=True)]))

    fp32, int8 = hit5("minilm"), hit5("minilm-int8")
    assert fp32 > 0.9, fp32  # the comparison means something only if the task is solved at all
    assert int8 >= fp32 - 0.01, (int8, fp32)


def test_a_vector_depends_on_its_text_alone(abstracts: list[str], tmp_path: Path) -> None:
    """int8 activations are scaled per call: a text's vector must not change with the texts beside it."""
    embed = make_embeddings(make_settings(tmp_path))
    texts = abstracts[:12]
    whole = np.array(embed.embed_documents(texts))
    assert np.array_equal(np.array(embed.embed_documents(texts[::-1]))[::-1], whole)
    assert np.array_equal(np.array(embed.embed_query(texts[3])), whole[3])
    assert np.array_equal(np.array(embed.embed_documents([texts[3], "short"]))[0], whole[3])
    kept = embed.embed_query(texts[3])  # the kept vector this time, as a copy for the caller
    kept[0] += 1.0
    assert np.array_equal(np.array(embed.embed_query(texts[3])), whole[3])


def test_an_index_is_searched_only_with_its_own_embedder(tmp_path: Path) -> None:
    built = make_settings(tmp_path, embedder="minilm")
    Store(built, create=True)
    assert embedder_name(built) != embedder_name(make_settings(tmp_path))
    with pytest.raises(StoreError, match=r"built with embedder minilm \(.*not minilm-int8"):
        Store(make_settings(tmp_path, embedder="minilm-int8"))


def test_export_is_made_once_and_shared(tmp_path: Path) -> None:
    settings: Settings = make_settings(tmp_path)
    make_embeddings(settings).embed_query("warm")
    exported = settings.embedder_cache_dir / "minilm-int8.onnx"
    assert exported.is_file() and exported.stat().st_size > 10_000_000
    assert not list(settings.embedder_cache_dir.glob("tmp*")), "a temporary export folder was left behind"


def test_a_damaged_export_is_reported_with_the_fix(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, embedder_cache_dir=tmp_path / "embedders")
    settings.embedder_cache_dir.mkdir()
    (settings.embedder_cache_dir / "minilm-int8.onnx").write_bytes(b"not a model")
    with pytest.raises(ConfigError, match=r"cannot load .*minilm-int8.onnx .*delete it and it is exported again"):
        make_embeddings(settings)


def test_an_unwritable_export_folder_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where a folder should be")
    with pytest.raises(ConfigError, match=r"cannot write the ONNX export of 'minilm-int8' to .*RAG_EMBEDDER_CACHE_DIR"):
        make_embeddings(make_settings(tmp_path, embedder_cache_dir=blocker / "sub"))
