"""Server mode against a real `chroma run` on a free localhost port: ingest, hybrid search, outage and recovery."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rag.config import Settings
from rag.corpus.documents import Paper
from rag.errors import StoreError
from rag.index.store import Store
from rag.retrieval.retriever import Retriever

from .conftest import HANG_S, free_port, make_settings, wait_for

CHROMA = Path(sys.executable).parent / "chroma"


class ChromaServer:
    def __init__(self, path: Path, port: int) -> None:
        self.path, self.port = path, port
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [str(CHROMA), "run", "--path", str(self.path), "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(f"http://127.0.0.1:{self.port}/api/v2/heartbeat")

    def stop(self) -> None:
        if self.proc:
            self.proc.terminate()
            self.proc.wait(timeout=HANG_S)
            self.proc = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ChromaServer]:
    if not CHROMA.exists():
        pytest.skip(f"{CHROMA} not installed")
    srv = ChromaServer(tmp_path / "chroma-data", free_port())
    srv.start()
    yield srv
    srv.stop()


def server_settings(tmp_path: Path, port: int) -> Settings:
    return make_settings(tmp_path, chroma_mode="server", chroma_host="127.0.0.1", chroma_port=port)


def papers() -> list[Paper]:
    return [
        Paper(
            paper_id="s1", title="Zeolite screening", abstract="Active learning screens zeolite catalysts for methane."
        ),
        Paper(
            paper_id="s2", title="Sparse KV", abstract="We evict key-value cache entries to bound LLM inference memory."
        ),
        Paper(
            paper_id="s3",
            title="Grasping",
            abstract="A dexterous robot hand learns universal grasping from one demonstration.",
        ),
    ]


def test_ingest_and_hybrid_search_on_a_chroma_server(server: ChromaServer, tmp_path: Path) -> None:
    settings = server_settings(tmp_path, server.port)
    store = Store(settings, create=True)
    assert store.location == f"chroma://127.0.0.1:{server.port}/papers"
    stats = store.ingest(papers())
    assert stats.added == 3 and store.paper_count() == 3
    assert store.ingest(papers()).unchanged == 3
    retriever = Retriever(Store(settings))
    assert retriever.search("zeolite catalysts", k=1).hits[0].paper_id == "s1"
    assert retriever.search("zeolite catalysts", k=1, mode="bm25").hits[0].paper_id == "s1"
    # the keyword side follows the server's collection revision, whoever wrote to it
    Store(settings, create=True).ingest(
        [Paper(paper_id="s4", title="Perovskites", abstract="Perovskite solar cells degrade under humidity.")]
    )
    assert [h.paper_id for h in retriever.search("perovskite humidity", mode="bm25").hits] == ["s4"]


def test_server_outage_is_a_clear_error_and_recovers(server: ChromaServer, tmp_path: Path) -> None:
    settings = server_settings(tmp_path, server.port)
    Store(settings, create=True).ingest(papers())
    retriever = Retriever(Store(settings))
    assert retriever.search("dexterous grasping", k=1).hits[0].paper_id == "s3"
    server.stop()
    with pytest.raises(StoreError, match=rf"Chroma server at 127.0.0.1:{server.port}"):
        retriever.search("dexterous grasping", k=1)
    server.start()
    assert retriever.search("dexterous grasping", k=1).hits[0].paper_id == "s3"


def test_unreachable_server_is_a_clear_error(tmp_path: Path) -> None:
    settings = server_settings(tmp_path, free_port())
    with pytest.raises(StoreError, match=r"cannot reach the Chroma server at 127\.0\.0\.1:.*`chroma run`"):
        Store(settings)
