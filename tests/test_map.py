"""The map of the conference: topics and their labels on the 500-paper fixture, the cache beside the
index, the background builder, `rag map --out`, and the chat narrowed to chosen papers."""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from rag.conference_map import NOISE, ConferenceMap, MapBuilder, build_map, load_map, load_or_build, map_path
from rag.config import Settings
from rag.corpus.documents import Paper
from rag.index.store import Store
from rag.retrieval.filters import Filters
from rag.retrieval.retriever import Retriever

from .conftest import HANG_S, make_settings


@pytest.fixture(scope="module")
def map_500(fixture_500: Settings) -> ConferenceMap:
    return build_map(Store(fixture_500))


@pytest.fixture
def seeds_copy(seeded: Settings, tmp_path: Path) -> Settings:
    """The seed index, copied: these tests write beside it."""
    settings = make_settings(tmp_path)
    # without a map: a page other tests served over the seeds may have cached one beside them
    shutil.copytree(seeded.index_dir, settings.index_dir, ignore=shutil.ignore_patterns("map-*"))
    return settings


def test_every_paper_is_on_one_topic_or_on_none(map_500: ConferenceMap) -> None:
    assert len(map_500.paper_ids) == len(set(map_500.paper_ids)) == 500
    assert len(map_500.x) == len(map_500.y) == len(map_500.topic_of) == 500
    on_topics = [pid for topic in map_500.topics for pid in topic.paper_ids]
    assert len(on_topics) == len(set(on_topics))  # no paper on two topics
    noise = {pid for pid, t in zip(map_500.paper_ids, map_500.topic_of, strict=True) if t == NOISE}
    assert set(on_topics) | noise == set(map_500.paper_ids) and not set(on_topics) & noise
    for topic in map_500.topics:
        assert all(map_500.topic_of[map_500.paper_ids.index(p)] == topic.topic_id for p in topic.paper_ids)
    assert [t.size for t in map_500.topics] == sorted((t.size for t in map_500.topics), reverse=True)
    # a map, not one blob nor dust: measured 21 topics with 105 papers on none
    assert 8 <= len(map_500.topics) <= 60 and map_500.n_noise < 250


def test_topic_labels_are_words_their_papers_use_more_than_the_others(
    map_500: ConferenceMap, fixture_500: Settings
) -> None:
    """On the map's clusters and on others (clusters differ between hosts: floating point, thread counts),
    every label word is said by a larger share of its topic's papers than of the rest of the index."""
    import numpy as np
    from sklearn.cluster import KMeans

    from rag.conference_map import name_topics, paper_vectors

    ids, vectors, texts = paper_vectors(Store(fixture_500))
    said_by = {pid: f"{p.title}. {p.abstract}".lower() for pid, p in Store(fixture_500).get_papers(ids).items()}
    rng = np.random.default_rng(0)
    clusterings = {
        "the map": [map_500.topic_of[map_500.paper_ids.index(p)] for p in ids],
        "k-means into 10": KMeans(10, n_init=3, random_state=0).fit_predict(vectors),
        # random topics: the words that score high in them are mostly words every topic says
        "random into 5": rng.integers(NOISE, 5, len(ids)),
        "random into 20": rng.integers(NOISE, 20, len(ids)),
    }
    for name, labels in clusterings.items():
        topics = name_topics(ids, vectors, texts, labels)
        assert sum(len(t.words) for t in topics) >= len(topics), name  # labels say something, on the whole
        for topic in topics:
            assert len(topic.words) <= 4 and topic.label.endswith(f"({topic.size:,})")
            members = set(topic.paper_ids)
            inside = [said_by[p] for p in topic.paper_ids]
            outside = [said_by[p] for p in ids if p not in members]
            for word in topic.words:
                said = re.compile(rf"\b{re.escape(word)}\b")
                share_in = sum(bool(said.search(t)) for t in inside) / len(inside)
                share_out = sum(bool(said.search(t)) for t in outside) / len(outside)
                assert share_in > share_out, (name, topic.label, word, share_in, share_out)


def test_the_map_is_the_same_when_built_again(map_500: ConferenceMap, fixture_500: Settings) -> None:
    again = build_map(Store(fixture_500))  # seeded: the same index on the same host draws the same map
    assert replace(again, seconds=map_500.seconds) == map_500


def test_a_topics_most_central_papers_come_first(map_500: ConferenceMap, fixture_500: Settings) -> None:
    import numpy as np

    from rag.conference_map import paper_vectors

    ids, vectors, _ = paper_vectors(Store(fixture_500))
    row = {pid: i for i, pid in enumerate(ids)}
    topic = map_500.topics[0]
    members = vectors[[row[p] for p in topic.paper_ids]]
    closeness = members @ members.mean(axis=0)
    assert np.all(np.diff(closeness) <= 1e-6)  # descending
    assert len(topic.central()) == min(10, topic.size)


def test_the_map_is_cached_beside_the_index_per_revision(seeds_copy: Settings) -> None:
    store = Store(seeds_copy)
    assert load_map(store) is None
    built = load_or_build(store)
    path = map_path(store, built.revision)
    assert path.parent == seeds_copy.index_dir and path.exists()
    assert load_or_build(store) == built  # read back, not built again (a rebuild's seconds would differ)
    assert ConferenceMap.from_json(built.to_json()).topic_of == built.topic_of
    store.ingest([Paper(paper_id="new-1", title="A new paper", abstract="A new abstract about sonar.")])
    assert load_map(store) is None  # a write makes a new revision: the old map is stale
    rebuilt = load_or_build(store)
    assert "new-1" in rebuilt.paper_ids and not path.exists()  # the old revision's map is dropped


def test_the_builder_waits_for_a_growing_index_then_builds_once(seeds_copy: Settings) -> None:
    growing, asked = [True], threading.Semaphore(0)

    def still_growing() -> bool:
        asked.release()
        return growing[0]

    builder = MapBuilder(Store(seeds_copy), n_jobs=1, growing=still_growing)
    assert builder.current() is None and builder.building  # waiting for the ingest to finish
    # told "growing" once, it asked again rather than build
    assert asked.acquire(timeout=HANG_S) and asked.acquire(timeout=HANG_S)
    assert builder.map is None and builder.building and not list(seeds_copy.index_dir.glob("map-*"))
    growing[0] = False
    built = builder.wait(HANG_S)
    assert built is not None and len(built.paper_ids) == 57 and not builder.error
    assert builder.current() is built and not builder.building  # the same revision: nothing to do


def test_a_damaged_cache_is_built_again(seeds_copy: Settings) -> None:
    store = Store(seeds_copy)
    map_path(store, store.revision()).write_text("{not json")
    assert load_map(store) is None
    assert len(load_or_build(store).paper_ids) == 57


def test_an_index_too_small_for_topics_is_drawn_with_none(settings: Settings) -> None:
    from ui.map_plot import figure

    assert build_map(Store(settings, create=True)).paper_ids == ()  # empty: nothing to lay out, no error
    papers = [Paper(paper_id=f"p{i}", title=f"Paper {i}", abstract=f"Abstract {i} about sonar.") for i in range(3)]
    Store(settings).ingest(papers)
    cmap = build_map(Store(settings))
    assert cmap.paper_ids == ("p0", "p1", "p2") and cmap.topics == () and set(cmap.topic_of) == {NOISE}
    assert [t.name for t in figure(cmap, {}).data] == ["on no topic"]


def test_paper_ids_narrow_both_retrievers(seeded: Settings) -> None:
    retriever = Retriever(Store(seeded))
    everything = retriever.search("KV cache memory", k=10)
    chosen = frozenset(h.paper_id for h in everything.hits[3:6])
    for mode in ("hybrid", "dense", "bm25"):
        result = retriever.search("KV cache memory", k=10, filters=Filters(paper_ids=chosen), mode=mode)
        assert {h.paper_id for h in result.hits} <= chosen and result.hits, mode
        assert result.matched == 3
    nothing = retriever.search("KV cache memory", k=10, filters=Filters(paper_ids=frozenset()))
    assert nothing.hits == [] and nothing.matched == 0
    assert Filters(paper_ids=chosen, decision="Oral").describe() == "decision=Oral, papers=3 chosen"


def test_rag_map_writes_one_html_file_that_needs_no_network(
    seeds_copy: Settings, rag_main: Callable[..., int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "map.html"
    assert rag_main(seeds_copy, "map", "--out", str(out)) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"{out}: 57 papers in ") and "1. " in said
    page = out.read_text()
    assert "Plotly" in page and '<script src="http' not in page and len(page) > 1_000_000  # plotly.js inlined
    assert "DemoGrasp" in page  # titles for the hover
    assert rag_main(seeds_copy, "map", "--out", str(tmp_path / "no" / "such" / "map.html")) == 1
    assert "rag map: cannot write the map to" in capsys.readouterr().err
