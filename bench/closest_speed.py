"""Extractive answers with and without rag.answering.closest's weighing, both ways in one run, alternating.

Answers the people-written new-topic second questions (with their history) of
rag/data/conversations_people_dev.jsonl twice each, in alternating order, the kept sentence vectors
cleared before each answer, and prints each way's seconds per answer and its right-paper count:

    python bench/closest_speed.py --index .rag/iclr2026 --n 60
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.config import Settings  # noqa: E402
from rag.evaluation import DATA, fit_questions, load_questions  # noqa: E402


def main() -> None:
    from rag.answering import evidence
    from rag.answering.pipeline import Assistant
    from rag.index.store import Store
    from rag.reading.questions import Reading
    from rag.retrieval.retriever import Retriever
    from rag.types import Hit

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", required=True)
    parser.add_argument("--n", type=int, default=60)
    args = parser.parse_args()
    settings = Settings(index_dir=Path(args.index), answer_mode="extractive")
    retriever = Retriever(Store(settings))
    indexed = {str(c["paper_id"]) for c in retriever.keyword_index().chunks if c.get("chunk") == 0}
    assistant = Assistant(settings, store=retriever.store)

    def before(reading: Reading, hits: list[Hit], query: str, focus: Sequence[str]) -> list[Hit]:
        return hits[:1] if reading.kind == "summary" else evidence.choose_papers(reading, hits, focus)

    ways: dict[str, Callable[..., Any]] = {"before": before, "after": assistant._choose}
    questions, _ = fit_questions(load_questions(DATA / "conversations_people_dev.jsonl"), indexed)
    questions = [q for q in questions if q.kind == "new_topic"][: args.n]
    assistant.answer("warm up: a question about diffusion models", mode="extractive")
    seconds: dict[str, list[float]] = {w: [] for w in ways}
    right = dict.fromkeys(ways, 0)
    for i, q in enumerate(questions):
        for way in ("before", "after") if i % 2 else ("after", "before"):
            assistant._choose = ways[way]  # type: ignore[method-assign]
            assistant.similar._kept.clear()
            start = time.perf_counter()
            answer = assistant.answer(q.question, list(q.history), mode="extractive")
            seconds[way].append(time.perf_counter() - start)
            right[way] += answer.reason != "off_topic" and bool(set(q.gold) & set(answer.cited_ids))
    for way, ts in seconds.items():
        print(
            f"{way}: {len(ts)} answers, right paper {right[way]}/{len(ts)}, median {statistics.median(ts):.3f} s, "
            f"mean {statistics.mean(ts):.3f} s, max {max(ts):.3f} s, over 0.3 s: {sum(t > 0.3 for t in ts)}"
        )


if __name__ == "__main__":
    main()
