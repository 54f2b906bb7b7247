"""Thumbs up/down on answers, kept with what was asked, answered and cited and the settings that made
the answer; `rag feedback export` writes them as dev-set candidates (rag/data/conference_dev.jsonl's format).

Export format, one JSON line per rating: the dev set's fields {"id", "kind", "question", "history",
"gold", "facts"} and, for the person who reviews them, "rating", "note", "cited", "answer",
"settings", "created".
- Thumbs up: gold = the ids the answer cited; kind "followup" after earlier turns, else "lookup";
  a liked answer that cited nothing (a decline) has kind "unanswerable" and empty gold.
- Thumbs down: gold is left empty (the right papers are unknown) and kind is "needs_review"; the
  person's note is in "note" and what was wrongly cited in "cited". `rag eval` reads an empty gold
  as "should decline", so a thumbs-down line needs its gold filled in before it joins a set.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TextIO

from rag.errors import InputError
from rag.state.db import db_path, transaction
from rag.types import Turn

if TYPE_CHECKING:
    from rag.answering.pipeline import Assistant

__all__ = ["Feedback", "FeedbackStore", "answer_settings", "export"]

Rating = Literal["up", "down"]
MAX_NOTE_CHARS = 4000

SCHEMA = """
CREATE TABLE IF NOT EXISTS feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner TEXT NOT NULL,
    created REAL NOT NULL,                 -- unix seconds of the latest rating
    rating TEXT NOT NULL CHECK (rating IN ('up', 'down')),
    note TEXT NOT NULL DEFAULT '',
    conversation TEXT NOT NULL DEFAULT '', -- the saved chat's id ('' when the chat was not saved)
    position INTEGER NOT NULL,             -- which exchange of that chat, from 0
    question TEXT NOT NULL,
    answer TEXT NOT NULL,                  -- Turn.answer: the Markdown with its References block
    cited TEXT NOT NULL,                   -- JSON list of the cited paper ids
    history TEXT NOT NULL,                 -- JSON list of the earlier turns {"question", "answer", "cited"}
    settings TEXT NOT NULL                 -- JSON: answer_mode, llm_backend, backend, index, embedder
);
CREATE INDEX IF NOT EXISTS feedback_by_answer ON feedback (owner, conversation, position);
"""


@dataclass(frozen=True)
class Feedback:
    id: int
    owner: str
    created: float
    rating: Rating
    note: str
    turn: Turn
    history: list[Turn]
    settings: dict[str, str]

    def candidate(self) -> dict[str, Any]:
        """This rating as a dev-set line (see the module's docstring for the fields)."""
        up = self.rating == "up"
        kind = ("followup" if self.history else "lookup") if self.turn.cited else "unanswerable"
        history: list[dict[str, Any]] = []
        for earlier in self.history:
            history += [
                {"role": "user", "content": earlier.question},
                {"role": "assistant", "content": earlier.answer, "cited": list(earlier.cited)},
            ]
        return {
            "id": f"fb-{self.id:04d}",
            "kind": kind if up else "needs_review",
            "question": self.turn.question,
            "history": history,
            "gold": list(self.turn.cited) if up else [],
            "facts": [],
            "rating": self.rating,
            "note": self.note,
            "cited": list(self.turn.cited),
            "answer": self.turn.answer,
            "settings": self.settings,
            "created": datetime.fromtimestamp(self.created, UTC).isoformat(timespec="seconds"),
        }


class FeedbackStore:
    """Ratings in the state folder's database. One rating per owner and answer: rating it again
    changes it, withdrawing the thumb removes it."""

    def __init__(self, state_dir: Path) -> None:
        self.path = db_path(state_dir)

    def rate(
        self,
        owner: str | None,
        rating: Rating,
        turn: Turn,
        history: Sequence[Turn],
        settings: Mapping[str, str],
        conversation: str = "",
        position: int = 0,
    ) -> int:
        """Record (or change) this owner's rating of one answer; returns the rating's id."""
        if not owner:
            raise InputError("sign in to rate answers")
        with transaction(self.path, SCHEMA) as db:
            found = self._find(db, owner, turn, conversation, position)
            if found is not None:
                db.execute("UPDATE feedback SET rating = ?, created = ? WHERE id = ?", (rating, time.time(), found))
                return found
            cursor = db.execute(
                "INSERT INTO feedback (owner, created, rating, conversation, position, question, answer, cited,"
                " history, settings) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    owner,
                    time.time(),
                    rating,
                    conversation,
                    position,
                    turn.question,
                    turn.answer,
                    json.dumps(list(turn.cited)),
                    json.dumps([t.to_json() for t in history]),
                    json.dumps(dict(settings)),
                ),
            )
            return int(cursor.lastrowid or 0)

    def withdraw(self, owner: str | None, turn: Turn, conversation: str = "", position: int = 0) -> bool:
        """Forget this owner's rating of the answer (the thumb clicked again); True when there was one."""
        if not owner:
            return False
        with transaction(self.path, SCHEMA) as db:
            found = self._find(db, owner, turn, conversation, position)
            if found is not None:
                db.execute("DELETE FROM feedback WHERE id = ?", (found,))
            return found is not None

    def note(self, owner: str | None, feedback_id: int, note: str) -> bool:
        """Attach a note to one of this owner's ratings; True when it was theirs."""
        if not owner:
            return False
        with transaction(self.path, SCHEMA) as db:
            cursor = db.execute(
                "UPDATE feedback SET note = ? WHERE id = ? AND owner = ?",
                (note.strip()[:MAX_NOTE_CHARS], feedback_id, owner),
            )
            return cursor.rowcount > 0

    def all(self, owner: str | None = None) -> list[Feedback]:
        """Every rating, oldest first; only one owner's when `owner` is given."""
        where, values = ("WHERE owner = ?", (owner,)) if owner is not None else ("", ())
        with transaction(self.path, SCHEMA) as db:
            rows = db.execute(f"SELECT * FROM feedback {where} ORDER BY id", values).fetchall()
        return [_feedback(row) for row in rows]

    @staticmethod
    def _find(db: sqlite3.Connection, owner: str, turn: Turn, conversation: str, position: int) -> int | None:
        # the answer itself is part of the key: after an undo or a retry the same position holds another answer
        row = db.execute(
            "SELECT id FROM feedback WHERE owner = ? AND conversation = ? AND position = ? AND question = ?"
            " AND answer = ?",
            (owner, conversation, position, turn.question, turn.answer),
        ).fetchone()
        return None if row is None else int(row["id"])


def _feedback(row: sqlite3.Row) -> Feedback:
    history = [Turn(t["question"], t["answer"], tuple(t["cited"])) for t in json.loads(row["history"])]
    return Feedback(
        id=row["id"],
        owner=row["owner"],
        created=row["created"],
        rating=row["rating"],
        note=row["note"],
        turn=Turn(row["question"], row["answer"], tuple(json.loads(row["cited"]))),
        history=history,
        settings=json.loads(row["settings"]),
    )


def answer_settings(assistant: Assistant, mode: str | None) -> dict[str, str]:
    """What made an answer, beyond the question: who wrote it, with which model, over which index."""
    settings = assistant.settings
    return {
        "answer_mode": mode or settings.answer_mode,
        "llm_backend": settings.llm_backend,
        "backend": assistant.backend,
        "index": assistant.store.location,
        "embedder": assistant.store.embedder,
        "query_encoder": settings.query_encoder,
    }


def export(state_dir: Path, out: Path | None, stdout: TextIO) -> str:
    """`rag feedback export`: every rating as a dev-set candidate line, to `out` or stdout; returns a summary."""
    ratings = FeedbackStore(state_dir).all()
    lines = "".join(json.dumps(f.candidate(), ensure_ascii=False) + "\n" for f in ratings)
    if out is None:
        stdout.write(lines)
    else:
        try:
            out.write_text(lines, encoding="utf-8")
        except OSError as exc:
            raise InputError(f"cannot write {out}: {exc.strerror}") from None
    ups = sum(f.rating == "up" for f in ratings)
    where = f" to {out}" if out is not None else ""
    return f"{len(ratings)} dev-set candidates written{where} ({ups} thumbs up, {len(ratings) - ups} thumbs down)"
