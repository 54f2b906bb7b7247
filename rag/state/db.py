"""The local state database: one SQLite file in Settings.state_dir, shared by saved chats and feedback.

A connection is opened per operation: Gradio runs handlers on worker threads, and a sqlite3
connection belongs to the thread that made it. The folder is made 0700 and the file 0600: they hold
every user's questions and notes, and on a shared machine other accounts must not read them.
"""

from __future__ import annotations

import os
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
        private_file(path)
        with closing(sqlite3.connect(path, timeout=BUSY_TIMEOUT_S)) as db:
            db.row_factory = sqlite3.Row
            db.execute("PRAGMA foreign_keys = ON")
            db.executescript(schema)
            with db:
                yield db
    except (sqlite3.Error, OSError) as exc:
        raise StoreError(f"state database {path}: {exc}") from None


def private_folder(folder: Path) -> None:
    """The folder, made 0700 if it is not there. One that exists keeps its mode: RAG_STATE_DIR may name a
    folder that is not ours alone (a shared mount), and tightening that would lock others out."""
    if not folder.is_dir():
        folder.parent.mkdir(parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)  # mkdir's mode passes through the umask, which only takes away


def private_file(path: Path) -> None:
    """The file, created 0600 in a private folder, or made 0600 if it is readable by others.

    SQLite would create it with the umask's 0644, and makes its journal with the file's own mode, so
    the journal is private too once the file is.
    """
    private_folder(path.parent)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        if path.stat().st_mode & 0o077:  # made by an earlier version, or copied in
            path.chmod(0o600)


def like_pattern(text: str) -> str:
    """`text` as a LIKE pattern matching it anywhere, its own % and _ taken literally (ESCAPE '\\')."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"
