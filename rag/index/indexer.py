"""Indexing with progress a person can read: a terminal bar, log lines, or a page that polls.

`BackgroundIndexer` lets the chat open at once over what is already indexed while the rest of a
corpus is embedded: it ingests in slices (each slice is a new index revision, so search sees
the new papers), and tells the retriever the index is growing so the keyword side is rebuilt
off the query path instead of making a question wait for it.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from rag.corpus.documents import ReadLog, read_papers

if TYPE_CHECKING:
    from rag.index.store import IngestStats, Store

# A slice is one index revision: the keyword side catches up once per slice (about 20 s of
# embedding here), not once per question.
SLICE_PAPERS = 1000


@dataclass
class Progress:
    """How far an ingest is: papers read into the index (new, updated or already there) of a total."""

    total: int = 0  # 0 while still counting
    done: int = 0
    # where the rate's seconds come from: a test moves a clock of its own, so the rate it checks
    # does not depend on how fast the machine ran it
    clock: Callable[[], float] = field(default=time.monotonic, repr=False, compare=False)
    started: float = field(init=False)
    finished: bool = False
    error: str = ""
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        self.started = self.clock()

    def advance(self, n: int) -> None:
        with self._lock:
            self.done += n

    @property
    def rate(self) -> float:
        seconds = self.clock() - self.started
        return self.done / seconds if seconds > 0 else 0.0

    def seconds_left(self) -> float | None:
        if not self.total or self.rate <= 0:
            return None
        return max(self.total - self.done, 0) / self.rate

    def line(self, noun: str = "abstracts") -> str:
        """'4,000 of 19,630 abstracts indexed · 45/s · about 6 min left', or how it ended."""
        if self.error:
            return f"Indexing stopped after {self.done:,} {noun}: {self.error}"
        if self.finished:
            return f"{self.done:,} {noun} indexed."
        if not self.total:
            return f"Counting {noun} to index…"
        left = self.seconds_left()
        eta = "" if not left else f" · about {_duration(left)} left"
        return f"{self.done:,} of {self.total:,} {noun} indexed · {self.rate:,.0f}/s{eta}"


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def ingest_in_slices(
    store: Store,
    paths: list[Path],
    reading: ReadLog,
    advance: Callable[[int], None],
    on_slice: Callable[[], None] | None = None,
) -> IngestStats:
    """Every paper of paths into the store, one revision per slice; stats summed over slices."""
    from rag.index.store import IngestStats

    total = IngestStats()
    papers = read_papers(paths, reading)
    while batch := list(islice(papers, SLICE_PAPERS)):
        stats = store.ingest(batch, progress=advance)
        total.added += stats.added
        total.updated += stats.updated
        total.unchanged += stats.unchanged
        total.chunks += stats.chunks
        total.seconds += stats.seconds
        if on_slice is not None:
            on_slice()
    total.papers_per_s = (total.added + total.updated) / total.seconds if total.seconds else 0.0
    return total


class Watcher(Protocol):
    """Who is told that the index grows (the retriever): the index stage never imports the search stage."""

    def growing(self, progress: Progress | None) -> None:
        """Called with the progress when indexing starts, with None when it ends."""

    def refresh_soon(self) -> None:
        """Called after each slice: new papers are in."""

    def refresh(self) -> None:
        """Called once the last slice is in, before the progress says finished."""


class BackgroundIndexer:
    """Indexes a corpus in a daemon thread; resumable, since a rerun skips what is already current."""

    def __init__(self, store: Store, retriever: Watcher, paths: list[Path]) -> None:
        from rag.index.store import Store

        # its own embedder with a core fewer than the machine has: questions keep one core, and
        # answer latency while indexing stays within 2x of idle (bench/indexing.py)
        cores = max(1, (os.cpu_count() or 2) - 1)
        self.store = Store(store.settings.model_copy(update={"embed_threads": cores}))
        self.retriever = retriever
        self.paths = paths
        self.progress = Progress()
        self.reading = ReadLog()
        self._thread = threading.Thread(target=self._run, name="rag-indexer", daemon=True)

    def start(self) -> BackgroundIndexer:
        self._thread.start()
        return self

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def _run(self) -> None:
        from rag.corpus.corpora import count_papers

        self.retriever.growing(self.progress)
        try:
            self.progress.total = count_papers(self.paths)
            self.progress.started = self.progress.clock()
            ingest_in_slices(self.store, self.paths, self.reading, self.progress.advance, self.retriever.refresh_soon)
            # caught up before "finished": a question then never sees a keyword side short of the index
            self.retriever.refresh()
            self.progress.finished = True
        except Exception as exc:  # a thread's failure must reach the page, not vanish in a log
            self.progress.error = str(exc) or type(exc).__name__
        finally:
            self.retriever.growing(None)
