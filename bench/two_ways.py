"""Answers timed two ways in one run, the loop every bench/*_speed.py shares.

Each question is answered once per way, alternating which way goes first, with the kept sentence
vectors cleared before each answer (a new conversation has embedded none of them): a machine shared
with other work slows both ways alike, so only figures taken side by side compare.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any


def on_index(index: str) -> tuple[Any, set[str]]:
    """An extractive assistant on the index, and the ids of the papers it holds (to fit a question set to)."""
    from pathlib import Path

    from rag.answering.pipeline import Assistant
    from rag.config import Settings

    assistant = Assistant(Settings(index_dir=Path(index), answer_mode="extractive"))
    chunks = assistant.retriever.keyword_index().chunks
    return assistant, {str(c["paper_id"]) for c in chunks if c.get("chunk") == 0}


def alternate(
    assistant: Any, questions: Sequence[Any], ways: dict[str, Callable[[], None]]
) -> dict[str, list[tuple[float, Any]]]:
    """Per way, each question's answer and its seconds. A way is a function that switches the pipeline to
    it; the first way listed goes first on odd questions, the last on even ones."""
    names = list(ways)
    timed: dict[str, list[tuple[float, Any]]] = {name: [] for name in names}
    for i, q in enumerate(questions):
        for name in names if i % 2 else names[::-1]:
            ways[name]()
            assistant.similar._kept.clear()
            start = time.perf_counter()
            answer = assistant.answer(q.question, list(q.history), mode="extractive")
            timed[name].append((time.perf_counter() - start, answer))
    return timed


def spread(seconds: Sequence[float]) -> str:
    """Median, mean, max and how many went over the 0.3 s an extractive answer is allowed."""
    return (
        f"median {statistics.median(seconds):.3f} s, mean {statistics.mean(seconds):.3f} s, "
        f"max {max(seconds):.3f} s, over 0.3 s: {sum(t > 0.3 for t in seconds)}"
    )
