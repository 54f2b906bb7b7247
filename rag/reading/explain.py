"""A question's reading as plain data: what `tests/golden/readings.jsonl` holds for every shipped question.

Kind, the two sides of a comparison, the asked parts (each with what it wants, its subject and
whether it asks for a detail an abstract may not state), and what the turn before it points at.
A rule change that moves any shipped question shows in the golden file's diff.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rag.reading.questions import read_question
from rag.reading.turns import follow_up
from rag.types import Turn


def describe(question: str, turns: Sequence[Turn] = ()) -> dict[str, Any]:
    """The reading of a question after `turns`, as JSON-ready data."""
    reading = read_question(question, turns)
    follow = follow_up(question, turns)
    cited = list(turns[-1].cited) if turns else []
    return {
        "kind": reading.kind,
        "targets": list(reading.targets),
        "parts": [
            {"text": p.text, "wants": p.wants, "subject": p.head, "detail": p.asks_detail} for p in reading.parts
        ],
        # positions in the previous answer's citations, so the file names no index's ids
        "focus": [cited.index(pid) for pid in follow.focus if pid in cited],
        "follow_up": follow.query != question or bool(follow.focus),
    }
