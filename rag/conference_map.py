"""The map of the conference: every paper a point, papers on one topic close together.

index -> one vector per paper (the mean of its chunks') -> 2-D by t-SNE (openTSNE) -> topics by
HDBSCAN on the map itself, so that a topic is an island the eye sees -> each topic named by its
distinctive words (class-based TF-IDF over titles and abstracts, cut into words by the keyword
side's tokenizer) -> `ConferenceMap`, cached beside the index once per revision.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rag.index import cache
from rag.topic_labels import topic_words

if TYPE_CHECKING:
    import numpy as np

    from rag.index.store import Store

NOISE = -1  # a paper on no topic: HDBSCAN's outliers, drawn grey
CENTRAL = 10  # the papers "summarise this topic" answers over
MIN_TOPIC = 8  # and at least one paper in 200: 21 topics among 500 papers, 52 among 19,630 (bench/map.py)
# t-SNE iterations: half openTSNE's defaults (250 exaggerated, 500 plain): the whole conference is laid
# out in about a minute here, not three, with about as many topics found (bench/map.py)
EXAGGERATED_ITER = 125
ITER = 250
GROWING_POLL_S = 2.0
FORMAT = 2  # of the cached file: a map cached by an older layout or labeller is built again


@dataclass(frozen=True)
class Topic:
    """Papers close together on the map, named by the words that set them apart."""

    topic_id: int
    words: tuple[str, ...]
    paper_ids: tuple[str, ...]  # most central first: nearest the mean of the topic's embeddings

    @property
    def size(self) -> int:
        return len(self.paper_ids)

    @property
    def name(self) -> str:
        """Its words, or a phrase that says it has none (no word its papers use more than the rest)."""
        return ", ".join(self.words) or "no distinctive words"

    @property
    def label(self) -> str:
        return f"{self.name} ({self.size:,})"

    def central(self, n: int = CENTRAL) -> tuple[str, ...]:
        return self.paper_ids[:n]


@dataclass(frozen=True)
class ConferenceMap:
    """Where each paper of one index revision is drawn, and its topic (NOISE for none)."""

    revision: str
    paper_ids: tuple[str, ...]
    x: tuple[float, ...]
    y: tuple[float, ...]
    topic_of: tuple[int, ...]
    topics: tuple[Topic, ...]  # largest first; topic_id is the position here
    seconds: float = 0.0  # what building it took

    def topic(self, topic_id: int) -> Topic | None:
        return self.topics[topic_id] if 0 <= topic_id < len(self.topics) else None

    @property
    def n_noise(self) -> int:
        return sum(1 for t in self.topic_of if t == NOISE)

    def to_json(self) -> dict[str, Any]:
        position = {pid: i for i, pid in enumerate(self.paper_ids)}
        return {
            "format": FORMAT,
            "revision": self.revision,
            "seconds": self.seconds,
            "paper_ids": list(self.paper_ids),
            "x": list(self.x),
            "y": list(self.y),
            "topic_of": list(self.topic_of),
            "topics": [{"words": list(t.words), "papers": [position[p] for p in t.paper_ids]} for t in self.topics],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ConferenceMap:
        if data.get("format") != FORMAT:
            raise ValueError(f"map format {data.get('format')!r}, not {FORMAT}")
        ids = tuple(str(p) for p in data["paper_ids"])
        topics = tuple(
            Topic(n, tuple(t["words"]), tuple(ids[i] for i in t["papers"])) for n, t in enumerate(data["topics"])
        )
        return cls(
            revision=str(data["revision"]),
            paper_ids=ids,
            x=tuple(float(v) for v in data["x"]),
            y=tuple(float(v) for v in data["y"]),
            topic_of=tuple(int(t) for t in data["topic_of"]),
            topics=topics,
            seconds=float(data.get("seconds", 0.0)),
        )


# --- building ---------------------------------------------------------------------------------


def build_map(store: Store, n_jobs: int | None = None) -> ConferenceMap:
    """The map of the index as it is now: read, project, group, name. n_jobs: cores (default: all)."""
    start = time.perf_counter()
    n_jobs = n_jobs or os.cpu_count() or 1
    revision = store.revision()
    paper_ids, vectors, texts = paper_vectors(store)
    xy = project(vectors, n_jobs)
    labels = find_topics(xy)
    topics = name_topics(paper_ids, vectors, texts, labels)
    position = {pid: i for i, pid in enumerate(paper_ids)}
    topic_of = [NOISE] * len(paper_ids)
    for topic in topics:
        for pid in topic.paper_ids:
            topic_of[position[pid]] = topic.topic_id
    return ConferenceMap(
        revision=revision,
        paper_ids=tuple(paper_ids),
        x=tuple(round(float(v), 3) for v in xy[:, 0]),  # as cached: a map read back equals the one built
        y=tuple(round(float(v), 3) for v in xy[:, 1]),
        topic_of=tuple(topic_of),
        topics=tuple(topics),
        seconds=round(time.perf_counter() - start, 2),
    )


def paper_vectors(store: Store) -> tuple[list[str], np.ndarray, list[str]]:
    """Paper ids (sorted, so a rebuild draws the same map), one unit vector each, and "title. abstract"."""
    import numpy as np

    chunks: dict[str, list[Any]] = {}
    texts: dict[str, str] = {}
    for meta, vector in store.iter_vectors():
        pid = str(meta["paper_id"])
        chunks.setdefault(pid, []).append(vector)
        if meta.get("chunk") == 0:  # chunk 0 carries the whole abstract
            texts[pid] = f"{meta.get('title', '')}. {meta.get('abstract', '')}"
    ids = sorted(chunks)
    if not ids:
        return [], np.zeros((0, 1), dtype=np.float32), []
    vectors = np.array([np.mean(chunks[p], axis=0) for p in ids], dtype=np.float32)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    return ids, vectors, [texts.get(p, "") for p in ids]


def project(vectors: np.ndarray, n_jobs: int = 1) -> np.ndarray:
    """2-D positions: t-SNE of the vectors' first 50 principal components (exact neighbours: 4 s
    at 19,630 papers here, against 14 s for openTSNE's approximate ones)."""
    import numpy as np

    n = len(vectors)
    if n < 2 * MIN_TOPIC:  # too few for t-SNE's neighbourhoods: the principal plane is as good
        return _principal_plane(vectors)
    from openTSNE import TSNE
    from sklearn.decomposition import PCA
    from threadpoolctl import threadpool_limits

    # BLAS's sums depend on its thread count, so one thread, limited once every BLAS is loaded (scipy has its own):
    # the map depends on the index alone, not on the cores or the affinity. openTSNE's n_jobs threads do not change it.
    with threadpool_limits(1):
        reduced = PCA(n_components=min(50, n - 1, vectors.shape[1]), random_state=0).fit_transform(vectors)
        tsne = TSNE(
            perplexity=min(30.0, (n - 1) / 3),
            early_exaggeration_iter=EXAGGERATED_ITER,
            n_iter=ITER,
            neighbors="exact",
            n_jobs=n_jobs,
            random_state=0,
        )
        return np.asarray(tsne.fit(reduced), dtype=np.float64)


def _principal_plane(vectors: np.ndarray) -> np.ndarray:
    import numpy as np

    xy = np.zeros((len(vectors), 2))
    if len(vectors) > 1:
        centred = vectors - vectors.mean(axis=0)
        _, _, axes = np.linalg.svd(centred, full_matrices=False)
        plane = centred @ axes[:2].T
        xy[:, : plane.shape[1]] = plane
    return xy


def find_topics(xy: np.ndarray) -> np.ndarray:
    """A topic number per point, NOISE for points in no dense region."""
    import numpy as np

    n = len(xy)
    if n < 2 * MIN_TOPIC:
        return np.full(n, NOISE)
    from sklearn.cluster import HDBSCAN

    # min_samples 3, not HDBSCAN's default (min_cluster_size): at 19,630 papers that merged nearly
    # everything into two topics; with 3, a quarter of the papers are on no topic (bench/map.py)
    found = HDBSCAN(min_cluster_size=max(MIN_TOPIC, n // 200), min_samples=3, copy=True).fit_predict(xy)
    return np.asarray(found)


def name_topics(paper_ids: Sequence[str], vectors: np.ndarray, texts: Sequence[str], labels: Any) -> list[Topic]:
    """Topics numbered largest first, each with its distinctive words and its papers, most central first."""
    import numpy as np

    labels = np.asarray(labels)
    found = [t for t in range(int(labels.max(initial=NOISE)) + 1) if (labels == t).any()]
    found.sort(key=lambda t: -int((labels == t).sum()))
    words = topic_words(texts, labels, found)
    topics = []
    for n, t in enumerate(found):
        members = np.flatnonzero(labels == t)
        centre = vectors[members].mean(axis=0)
        order = members[np.argsort(-(vectors[members] @ centre), kind="stable")]
        topics.append(Topic(n, words[n], tuple(paper_ids[i] for i in order)))
    return topics


# --- cached per revision, built in the background ---------------------------------------------


def map_path(store: Store, revision: str) -> Path:
    """Beside the index (a server's index has no folder here: then in the cache folder)."""
    settings = store.settings
    folder = Path(settings.index_dir) if settings.chroma_mode == "embedded" else Path(settings.cache_dir)
    return folder / f"map-{revision or 'unrevised'}.json"


def load_map(store: Store) -> ConferenceMap | None:
    """The cached map of the index's current revision, if there is one."""
    path = map_path(store, store.revision())
    try:
        return ConferenceMap.from_json(json.loads(path.read_text()))
    except (OSError, ValueError, KeyError, TypeError, IndexError):  # absent, or damaged: built again
        return None


def save_map(store: Store, cmap: ConferenceMap) -> None:
    """Writes the map beside the index, and drops the maps of earlier revisions."""
    cache.keep(map_path(store, cmap.revision), lambda tmp: tmp.write_text(json.dumps(cmap.to_json())))


def load_or_build(store: Store, n_jobs: int | None = None) -> ConferenceMap:
    cmap = load_map(store)
    if cmap is None:
        cmap = build_map(store, n_jobs)
        save_map(store, cmap)
    return cmap


class MapBuilder:
    """The map of the index's latest revision, loaded or built in a daemon thread: the chat never waits.

    `current()` gives the newest map there is (None before the first) and starts a build when the
    index has a revision the map lacks; while the index is still `growing` (a background ingest),
    that build waits for the ingest to finish, so the map is built once, after it, page open or not.
    `after`: an event to wait for before the first build (the page's warm-up, so that the first answer
    does not share the cores with t-SNE).
    """

    def __init__(
        self,
        store: Store,
        *,
        n_jobs: int | None = None,
        growing: Callable[[], bool] = lambda: False,
        after: threading.Event | None = None,
    ) -> None:
        self.store = store
        self.n_jobs = n_jobs
        self.growing = growing
        self.after = after
        self.map: ConferenceMap | None = None
        self.error = ""
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._failed = ""  # the revision whose build failed

    @property
    def building(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def current(self) -> ConferenceMap | None:
        self.refresh()
        return self.map

    def refresh(self) -> None:
        """Starts a build if the map is missing or of an older revision, and none is running."""
        with self._lock:
            if self.building:
                return
            try:
                revision = self.store.revision()
            except Exception as exc:  # the map is an extra: a page over a store it cannot read still opens
                self.error = str(exc) or type(exc).__name__
                return
            if revision == self._failed or (self.map is not None and self.map.revision == revision):
                return  # a revision whose build failed is tried again only after the next write
            self._failed = ""
            self._thread = threading.Thread(target=self._build, name="rag-map", daemon=True)
            self._thread.start()

    def wait(self, timeout: float | None = None) -> ConferenceMap | None:
        """The map once the running build (if any) ends: for the command line and tests."""
        self.refresh()
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.map

    def _build(self) -> None:
        if self.after is not None:
            self.after.wait()
        while self.growing():  # each slice of a background ingest is a revision: one map, after the last
            time.sleep(GROWING_POLL_S)
        revision = ""
        try:
            revision = self.store.revision()
            self.map = load_or_build(self.store, self.n_jobs)
            self.error = ""
        except Exception as exc:  # a thread's failure must reach the page, not vanish in a log
            self.error = str(exc) or type(exc).__name__
            self._failed = revision
