"""Data derived from one revision of an index (the keyword side, the paper catalog), cached on disk.

One cache per index and kind, kept across runs: switching corpora (seeds, iclr2026) rebuilds nothing,
and a new revision replaces its older copy. Failing to write a cache only costs a rebuild next time.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


def path(cache_dir: Path, location: object, kind: str, revision: str) -> Path:
    where = hashlib.sha1(str(location).encode()).hexdigest()[:12]
    version = hashlib.sha1(revision.encode()).hexdigest()[:12]
    return Path(cache_dir) / f"{kind}-{where}-{version}"


def keep(target: Path, write: Callable[[Path], object]) -> None:
    """`write` fills a temporary path, which then replaces this index's older copies of the kind.
    The temporary path is this thread's own, so two writers (a rebuild thread, a page) never share one."""
    tmp = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        _remove(tmp)
        write(tmp)
        for old in target.parent.glob(f"{target.name.rsplit('-', 1)[0]}-*"):
            if not old.name.endswith(".tmp"):  # a new copy, ours or another writer's, is not an old one
                _remove(old)
        tmp.rename(target)
    except OSError:
        pass


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


@contextmanager
def one_at_a_time(folder: Path) -> Iterator[None]:
    """Holds an exclusive lock on `folder` (created if absent) until the block ends, across processes.

    For work that each process would otherwise repeat side by side: two fresh processes (two test
    workers, a server and a CLI) converting the same model at once each spend the whole 20 s on it.
    The lock is on the folder itself, so no lock file is ever left among what it holds."""
    folder.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # no flock (Windows): each process does the work, as it would without a lock
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock
