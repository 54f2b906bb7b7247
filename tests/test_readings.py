"""The reading of every shipped question against tests/golden/readings.jsonl.

A rule change in rag/reading moves some readings; this test names every question it moved, old and
new side by side, so the change is judged question by question. When the moves are the intended
ones, rewrite the file: RAG_UPDATE_GOLDEN=1 .venv/bin/pytest -q tests/test_readings.py
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rag.evaluation import QUESTION_SETS, load_questions
from rag.reading.explain import describe
from rag.reading.history import as_turns
from rag.types import Turn

GOLDEN = Path(__file__).parent / "golden" / "readings.jsonl"


def shipped() -> Iterator[tuple[str, str, list[Turn]]]:
    """(key, question, turns before it) for the question sets in rag/data and the chat's examples."""
    from ui.app import EXAMPLES

    for name, path in QUESTION_SETS.items():
        for q in load_questions(path):
            yield f"{name}:{q.id}", q.question, as_turns(list(q.history))
    # the chat's second example follows the first, a list answer
    turns: list[Turn] = []
    for i, example in enumerate(EXAMPLES):
        yield f"ui:{i}", example, turns
        turns = [Turn(example, "", ("first-cited", "second-cited"))] if i == 0 else []


def readings() -> dict[str, dict[str, Any]]:
    return {key: {"question": q, **describe(q, turns)} for key, q, turns in shipped()}


def test_every_shipped_question_reads_as_the_golden_file_says() -> None:
    now = readings()
    if os.environ.get("RAG_UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text("".join(json.dumps({"key": k, **v}) + "\n" for k, v in now.items()), encoding="utf-8")
    golden = {row.pop("key"): row for row in map(json.loads, GOLDEN.read_text(encoding="utf-8").splitlines())}
    moved = [
        f"{key}: {json.dumps(golden.get(key))}\n   -> {json.dumps(reading)}"
        for key, reading in now.items()
        if golden.get(key) != reading
    ]
    gone = sorted(set(golden) - set(now))
    assert not moved and not gone, f"{len(moved)} readings moved, {len(gone)} gone:\n" + "\n".join(moved + gone)


def test_the_golden_file_holds_every_kind_and_every_set() -> None:
    golden = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    assert {row["key"].split(":")[0] for row in golden} == {*QUESTION_SETS, "ui"}
    assert {row["kind"] for row in golden} >= {"lookup", "list", "compare", "summary"}
    assert any(row["focus"] for row in golden)  # follow-ups are in it, with what they point at
