"""Saved chats: each conversation kept as data (questions, answers, cited ids, what the page showed), per owner.

Every read and write names its owner and touches only that owner's rows. No owner (None: a request
nobody signed in to) reads nothing and cannot save; another owner's conversation id reads as absent.
"""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rag.errors import InputError
from rag.state.db import db_path, like_pattern, transaction
from rag.types import Turn

__all__ = ["Conversation", "Conversations", "SavedTurn", "Summary"]

MAX_TITLE_CHARS = 200
LIST_LIMIT = 200

SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    title TEXT NOT NULL,           -- the first question until renamed
    created REAL NOT NULL,         -- unix seconds
    updated REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS conversations_by_owner ON conversations (owner, updated);
CREATE TABLE IF NOT EXISTS conversation_turns (
    conversation TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,          -- Turn.answer: the Markdown with its References block
    cited TEXT NOT NULL,           -- JSON list of the cited paper ids, in citation order
    shown TEXT NOT NULL,           -- the chat message as the page showed it
    sources TEXT NOT NULL,         -- the sources panel as the page showed it
    PRIMARY KEY (conversation, position)
);
"""


@dataclass(frozen=True)
class SavedTurn:
    """One exchange as saved: rag's Turn (what follow-ups read) and what the page showed for it.

    `shown` and `sources` are kept only to be shown again; the state is question, answer and cited.
    """

    question: str
    answer: str
    cited: tuple[str, ...] = ()
    shown: str = ""
    sources: str = ""

    @property
    def turn(self) -> Turn:
        return Turn(self.question, self.answer, self.cited)


@dataclass(frozen=True)
class Summary:
    """A conversation in the list: its title (the first question unless renamed), dates and length."""

    id: str
    title: str
    created: float
    updated: float
    turns: int

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "created": self.created,
            "updated": self.updated,
            "turns": self.turns,
        }


@dataclass(frozen=True)
class Conversation:
    summary: Summary
    turns: list[SavedTurn]


class Conversations:
    """The saved chats in the state folder's database; survives restarts (one SQLite file)."""

    def __init__(self, state_dir: Path) -> None:
        self.path = db_path(state_dir)

    def save(self, owner: str | None, turns: Sequence[SavedTurn], conversation_id: str = "") -> str:
        """Keep `turns` as the whole conversation; returns its id (a new one unless `conversation_id`
        is this owner's). Saving what is already saved changes nothing, not even its date."""
        if not owner:
            raise InputError("sign in to save chats")
        if not turns:
            raise InputError("an empty chat is not saved")
        now = time.time()
        with transaction(self.path, SCHEMA) as db:
            found = db.execute(
                "SELECT id FROM conversations WHERE id = ? AND owner = ?", (conversation_id, owner)
            ).fetchone()
            if found is None:
                conversation_id = uuid.uuid4().hex
                db.execute(
                    "INSERT INTO conversations (id, owner, title, created, updated) VALUES (?, ?, ?, ?, ?)",
                    (conversation_id, owner, _title(turns[0].question), now, now),
                )
            elif _read_turns(db, conversation_id) == list(turns):
                return conversation_id
            else:
                db.execute("UPDATE conversations SET updated = ? WHERE id = ?", (now, conversation_id))
                db.execute("DELETE FROM conversation_turns WHERE conversation = ?", (conversation_id,))
            db.executemany(
                "INSERT INTO conversation_turns (conversation, position, question, answer, cited, shown, sources) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (conversation_id, i, t.question, t.answer, json.dumps(list(t.cited)), t.shown, t.sources)
                    for i, t in enumerate(turns)
                ],
            )
        return conversation_id

    def recent(self, owner: str | None, limit: int = LIST_LIMIT) -> list[Summary]:
        """This owner's conversations, the most recently changed first."""
        return self.search(owner, "", limit)

    def search(self, owner: str | None, text: str, limit: int = LIST_LIMIT) -> list[Summary]:
        """This owner's conversations whose title, a question or an answer contains `text` (any case
        for ASCII letters: SQLite's LIKE), the most recently changed first; blank text lists them all."""
        if not owner:
            return []
        text = (text or "").strip()
        pattern = like_pattern(text)
        with transaction(self.path, SCHEMA) as db:
            rows = db.execute(
                "SELECT c.id, c.title, c.created, c.updated,"
                " (SELECT count(*) FROM conversation_turns t WHERE t.conversation = c.id) AS turns"
                " FROM conversations c WHERE c.owner = ? AND (? = '' OR c.title LIKE ? ESCAPE '\\' OR EXISTS"
                " (SELECT 1 FROM conversation_turns t WHERE t.conversation = c.id"
                "  AND (t.question LIKE ? ESCAPE '\\' OR t.answer LIKE ? ESCAPE '\\')))"
                " ORDER BY c.updated DESC, c.created DESC LIMIT ?",
                (owner, text, pattern, pattern, pattern, limit),
            ).fetchall()
        return [Summary(r["id"], r["title"], r["created"], r["updated"], r["turns"]) for r in rows]

    def get(self, owner: str | None, conversation_id: str) -> Conversation | None:
        """The conversation with its turns, or None when it is not this owner's (or not there)."""
        if not owner:
            return None
        with transaction(self.path, SCHEMA) as db:
            row = db.execute(
                "SELECT id, title, created, updated FROM conversations WHERE id = ? AND owner = ?",
                (conversation_id, owner),
            ).fetchone()
            if row is None:
                return None
            turns = _read_turns(db, conversation_id)
        return Conversation(Summary(row["id"], row["title"], row["created"], row["updated"], len(turns)), turns)

    def rename(self, owner: str | None, conversation_id: str, title: str) -> bool:
        """True when this owner's conversation was renamed; a blank title is an InputError."""
        title = _title(title)
        if not title:
            raise InputError("give the chat a name")
        return self._change(
            owner, "UPDATE conversations SET title = ? WHERE id = ? AND owner = ?", title, conversation_id
        )

    def delete(self, owner: str | None, conversation_id: str) -> bool:
        """True when this owner's conversation was deleted (its turns go with it)."""
        return self._change(owner, "DELETE FROM conversations WHERE id = ? AND owner = ?", conversation_id)

    def _change(self, owner: str | None, sql: str, *values: str) -> bool:
        if not owner:
            return False
        with transaction(self.path, SCHEMA) as db:
            return db.execute(sql, (*values, owner)).rowcount > 0


def _read_turns(db: sqlite3.Connection, conversation_id: str) -> list[SavedTurn]:
    rows = db.execute(
        "SELECT question, answer, cited, shown, sources FROM conversation_turns "
        "WHERE conversation = ? ORDER BY position",
        (conversation_id,),
    ).fetchall()
    return [
        SavedTurn(r["question"], r["answer"], tuple(json.loads(r["cited"])), r["shown"], r["sources"]) for r in rows
    ]


def _title(text: str) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= MAX_TITLE_CHARS else text[: MAX_TITLE_CHARS - 1] + "…"
