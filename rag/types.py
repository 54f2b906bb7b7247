"""The data that crosses stages: papers, hits, citations, turns, the stream's events, answers.

Plain dataclasses over the standard library, so that every stage (and a client) can import them
without pulling in a store, an embedder or LangChain. The wide records are built by keyword.
"""

from __future__ import annotations

import builtins
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

Scalar = str | int | float | bool

__all__ = ["Answer", "Citation", "Delta", "Event", "Hit", "Paper", "Scalar", "Sources", "Turn"]


@dataclass(kw_only=True)
class Paper:
    """One paper as a corpus gives it: what is embedded, shown and cited."""

    paper_id: str
    title: str
    abstract: str
    url: str = ""
    title_derived: bool = False
    source: str = ""  # file:line it was read from
    meta: dict[str, Scalar] = field(default_factory=dict)

    def fingerprint(self) -> str:
        """Changes whenever anything stored about the paper changes."""
        payload = json.dumps([self.title, self.abstract, self.url, self.title_derived, sorted(self.meta.items())])
        return hashlib.sha1(payload.encode()).hexdigest()[:16]


@dataclass(kw_only=True)
class Hit:
    """One paper a search found, with its best passage (where it sits in the abstract) and scores."""

    rank: int
    paper_id: str
    title: str
    url: str
    score: float  # fused score (Settings.fusion)
    passage: str
    chunk: int
    start: int
    end: int
    similarity: float | None  # cosine similarity of the best dense chunk, if any
    abstract: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of_abstract(
        cls,
        *,
        paper_id: str,
        title: str,
        abstract: str,
        url: str = "",
        rank: int = 1,
        score: float = 0.0,
        similarity: float | None = None,
        meta: dict[str, Any] | None = None,
        limit: int | None = None,
    ) -> Hit:
        """A hit whose passage is the paper's abstract (its first `limit` characters): a paper named, not searched."""
        passage = abstract[:limit] if limit else abstract
        return cls(
            rank=rank,
            paper_id=paper_id,
            title=title,
            url=url,
            score=score,
            passage=passage,
            chunk=0,
            start=0,
            end=len(passage),
            similarity=similarity,
            abstract=abstract,
            meta=meta or {},
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "paper_id": self.paper_id,
            "title": self.title,
            "url": self.url,
            "score": round(self.score, 6),
            "passage": self.passage,
            "abstract": self.abstract,
            "similarity": None if self.similarity is None else round(self.similarity, 4),
        }


@dataclass(frozen=True, kw_only=True)
class Citation:
    """Marker [n] of an answer: the paper it cites and the passage the reader can check it against."""

    n: int
    paper_id: str
    title: str
    url: str
    passage: str  # the text the citation points at: the paper's abstract, or the passage the model read
    supporting: list[str] = field(default_factory=list)  # the passage's sentences the answer relies on
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "paper_id": self.paper_id, "title": self.title, "url": self.url, "passage": self.passage}


@dataclass(frozen=True)
class Sources:
    """The papers the search found, sent before any answer text so that a page can show them while it waits."""

    hits: list[Hit]


@dataclass(frozen=True)
class Delta:
    """A piece of text as the model writes it; the final Answer's text replaces the pieces."""

    text: str


@dataclass(frozen=True)
class Turn:
    """One exchange of a conversation: what was asked, what was answered, the papers it cited.

    Later turns read `cited`, never the rendered answer: "the second one" is cited[1].
    """

    question: str
    answer: str = ""
    cited: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question, "answer": self.answer, "cited": list(self.cited)}


@dataclass(frozen=True, kw_only=True)
class Answer:
    """What `Assistant.answer` returns; the UI and the CLI only render it."""

    question: str
    text: str
    citations: list[Citation]
    retrieved: list[Hit]  # every paper the search returned; those not cited are "also retrieved"
    refused: bool
    query: str  # what was searched
    mode: str  # model | extractive | refusal
    kind: str  # lookup | list | compare | summary
    backend: str
    searched: int = 0
    matched: int = 0
    notices: list[str] = field(default_factory=list)
    error: str | None = None  # the backend's failure, when the model could not answer
    reason: str | None = None  # why it declined: off_topic | not_stated
    table: list[list[str]] = field(default_factory=list)  # compare: compose.TABLE_HEADER, then a row per paper
    count: int | None = None  # a list question: how many papers match it (rag.retrieval.topic)
    # ...and every one of them, best first; the text quotes the best few, a page shows all in a table
    list: builtins.list[str] = field(default_factory=builtins.list)
    follows: bool = False  # read as a follow-up of the turn before (not a new topic)

    @property
    def cited_ids(self) -> tuple[str, ...]:
        return tuple(c.paper_id for c in self.citations)

    def turn(self) -> Turn:
        """What the next question needs of this one: the state, never the rendered text."""
        return Turn(self.question, self.text, self.cited_ids)

    def to_json(self) -> dict[str, Any]:
        return {
            "answer": self.text,
            "citations": [c.to_json() for c in self.citations],
            "refused": self.refused,
            "reason": self.reason,
            "mode": self.mode,
            "kind": self.kind,
            "query": self.query,
            "retrieved": [h.paper_id for h in self.retrieved],
            "searched": self.searched,
            "matched": self.matched,
            "notices": self.notices,
            "error": self.error,
            "count": self.count,
            "list": self.list,
            "follows": self.follows,
            "turn": self.turn().to_json(),
        }

    def markdown(self) -> str:
        """The answer with its references, as a person would paste it into notes."""
        lines = [self.text]
        if self.citations:
            lines += ["", "**References**", ""]
            for c in self.citations:
                title = f"[{c.title}]({c.url})" if c.url else c.title
                lines.append(f"[{c.n}] {title} `{c.paper_id}`  ")
        return "\n".join(lines)


Event = Sources | Delta | Answer
