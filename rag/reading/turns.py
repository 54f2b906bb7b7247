"""The conversation so far: turns as data (a turn carries the ids of the papers it cited), the history
a client sends read into turns, and what a follow-up points back at.

Rules, not a model, like rag.reading.questions; every function here is pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rag.errors import InputError
from rag.reading.text import NAME
from rag.types import Turn


def question_text(value: object) -> str:
    """A question as a caller gave it, or an InputError naming what came instead (None reads as empty)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InputError(f"question must be text, got {json_kind(value)}")
    return value


def json_kind(value: object) -> str:
    """What a value is, in JSON's words: the API and batch files send JSON, and their writers read these."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "an object"
    return "a list" if isinstance(value, (list, tuple)) else type(value).__name__


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


# --- follow-ups ---------------------------------------------------------------------------------

_PRONOUN = re.compile(
    r"\b(it|its|they|their|them|this|that|these|those|the method|this method|that method|the paper|this paper)\b", re.I
)
_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1}
_ORDINAL = re.compile(r"\bthe\s+(first|second|third|fourth|fifth|last)\s+(?:one|paper|method|approach|work)\b", re.I)
_MORE = re.compile(r"\b(more|further|elaborate|details?|else|also|why|how so)\b", re.I)


@dataclass(frozen=True)
class FollowUp:
    query: str  # what to search: the question, with the earlier question when it points back
    focus: tuple[str, ...]  # earlier papers it points at, in the earlier answer's order
    note: str = ""  # said when it points at something the earlier answer does not have


def follow_up(question: str, turns: Sequence[Turn]) -> FollowUp:
    """The question made searchable on its own, and the papers of the last answer it points at.

    "the second one" after an answer that cited one paper is not silently another paper:
    the note says so and the one paper stays in focus.
    """
    if not turns:
        return FollowUp(question, ())
    last = turns[-1]
    earlier = list(last.cited)
    focus: list[str] = []
    note = ""
    ordinal = _ORDINAL.search(question)
    if ordinal and earlier:
        index = _ORDINALS[ordinal[1].lower()]
        if -len(earlier) <= index < len(earlier):
            focus = [earlier[index]]
        else:
            focus = earlier
            papers = f"{len(earlier)} paper{'s' * (len(earlier) > 1)}"
            note = f"The previous answer cited {papers}, so there is no {ordinal[1].lower()} one; "
            note += "answering about what it cited."
    elif _PRONOUN.search(question) and earlier:
        focus = earlier[:1] if re.search(r"\b(it|its|this|that)\b", question, re.I) else earlier
    elif ordinal and (mention := _nth_mention(last.answer, _ORDINALS[ordinal[1].lower()])):
        # pasted chat without references: what the earlier answer said beside its [n] is the paper
        return FollowUp(f"{question} {mention}", (), note)
    # a short "tell me more" continues the topic; a short new question ("Which papers cut KV memory?") does not
    more = len(question.split()) <= 6 and bool(_MORE.search(question))
    if not (_PRONOUN.search(question) or ordinal or more):
        return FollowUp(question, tuple(focus), note)
    # the method names of the last answer search well when it cited nothing we can point at
    names = (
        []
        if focus
        else list(dict.fromkeys(n for n in NAME.findall(last.answer.split("**References**")[0]) if len(n) > 2))
    )
    query = " ".join([question, last.question, *names[:3]]).strip()
    return FollowUp(query, tuple(focus or (earlier if more else [])), note)


def _nth_mention(answer: str, index: int) -> str:
    """The clause an answer cites as its index-th source ("a paper that jointly models ... [2]"), or ""."""
    body = answer.split("**References**")[0]
    pieces, markers = re.split(r"\[\d+\]", body), [int(m) for m in re.findall(r"\[(\d+)\]", body)]
    numbers = sorted(set(markers))
    if not numbers or not -len(numbers) <= index < len(numbers):
        return ""
    wanted = numbers[index]
    clauses = [pieces[i] for i, m in enumerate(markers) if m == wanted]
    return " ".join(c.strip(" ,.;:") for c in clauses)[:300]
