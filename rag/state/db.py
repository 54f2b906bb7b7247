"""The local state database: one SQLite file in Settings.state_dir, shared by saved chats and feedback.

A connection is opened per operation: Gradio runs handlers on worker threads, and a sqlite3
connection belongs to the thread that made it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from rag.errors import StoreError

DB_NAME = "state.sqlite3"
BUSY_TIMEOUT_S = 10.0  # two answers finishing at once wait for each other's write, not fail


def db_path(state_dir: Path) -> Path:
    return state_dir / DB_NAME


@contextmanager
def transaction(path: Path, schema: str) -> Iterator[sqlite3.Connection]:
    """A connection with `schema` applied, committed on success and rolled back on error.

    A database that cannot be opened or written is a StoreError naming the file, in one line.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with closing(sqlite3.connect(path, timeout=BUSY_TIMEOUT_S)) as db:
            db.row_factory = sqlite3.Row
            db.execute("PRAGMA foreign_keys = ON")
            db.executescript(schema)
            with db:
                yield db
    except (sqlite3.Error, OSError) as exc:
        raise StoreError(f"state database {path}: {exc}") from None


def like_pattern(text: str) -> str:
    """`text` as a LIKE pattern matching it anywhere, its own % and _ taken literally (ESCAPE '\\')."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"
