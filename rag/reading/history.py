"""The history a client sends, read into turns: a turn carries the ids of the papers it cited (rag.types.Turn).
Pure, like the rest of rag.reading; what a follow-up points back at is rag.reading.turns's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rag.errors import InputError, json_kind
from rag.types import Turn


def question_text(value: object) -> str:
    """A question as a caller gave it, or an InputError naming what came instead (None reads as empty)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InputError(f"question must be text, got {json_kind(value)}")
    return value


_REFERENCE = re.compile(r"^\[(\d+)\]\s.*`([^`]+)`\s*$", re.M)


def as_turns(history: Sequence[Any]) -> list[Turn]:
    """History in any accepted shape -> turns, or an InputError naming the bad entry.

    Accepted: Turn objects; {"question", "answer", "cited"} objects; and chat messages
    ({"role": "user"|"assistant", "content": ..., "cited": [...]}). For messages without
    "cited" (text pasted from elsewhere) the cited ids are read from the answer's
    References block: an adapter for old clients, not how this product keeps state.
    """
    if isinstance(history, (str, bytes)) or not isinstance(history, Sequence):
        raise InputError(f"history must be a list of turns or of chat messages, got {json_kind(history)}")
    turns: list[Turn] = []
    pending: str | None = None
    for i, entry in enumerate(history):
        where = f"history[{i}]"
        if isinstance(entry, Turn):
            turns.append(entry)
            continue
        if not isinstance(entry, dict):
            raise InputError(f"{where}: expected an object, got {json_kind(entry)}")
        if "question" in entry:
            turns.append(Turn(_text(entry, "question", where), _text(entry, "answer", where, ""), _cited(entry, where)))
            continue
        role = entry.get("role")
        if role == "user":
            pending = _text(entry, "content", where)
        elif role == "assistant":
            content = _text(entry, "content", where)
            cited = _cited(entry, where) if "cited" in entry else _cited_in_markdown(content)
            turns.append(Turn(pending or "", content, cited))
            pending = None
        else:
            raise InputError(f"{where}: field 'role' must be 'user' or 'assistant' (or give 'question')")
    return turns


def _text(entry: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = entry.get(key, default)
    if not isinstance(value, str):
        raise InputError(f"{where}: field '{key}' must be text, got {json_kind(value)}")
    return value


def _cited(entry: dict[str, Any], where: str) -> tuple[str, ...]:
    value = entry.get("cited", [])
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise InputError(f"{where}: field 'cited' must be a list of paper ids")
    return tuple(value)


def _cited_in_markdown(content: str) -> tuple[str, ...]:
    return tuple(pid for _, pid in sorted((int(n), pid) for n, pid in _REFERENCE.findall(content)))
