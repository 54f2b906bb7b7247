"""Extractive answers with and without rag.answering.closest's weighing, both ways in one run, alternating.

Answers the people-written new-topic second questions (with their history) of
rag/data/conversations_people_dev.jsonl twice each, in alternating order, the kept sentence vectors
cleared before each answer, and prints each way's seconds per answer and its right-paper count:

    python bench/closest_speed.py --index .rag/iclr2026 --n 60
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from two_ways import alternate, on_index, spread  # noqa: E402

from rag.evaluation import DATA, fit_questions, load_questions  # noqa: E402


def main() -> None:
    from rag.answering import evidence
    from rag.reading.questions import Reading
    from rag.types import Hit

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", required=True)
    parser.add_argument("--n", type=int, default=60)
    args = parser.parse_args()
    assistant, indexed = on_index(args.index)

    def before(reading: Reading, hits: list[Hit], query: str, focus: Sequence[str]) -> list[Hit]:
        return hits[:1] if reading.kind == "summary" else evidence.choose_papers(reading, hits, focus)

    shipped = assistant._choose

    def way(choose: Callable[..., Any]) -> Callable[[], None]:
        return lambda: setattr(assistant, "_choose", choose)

    questions, _ = fit_questions(load_questions(DATA / "conversations_people_dev.jsonl"), indexed)
    questions = [q for q in questions if q.kind == "new_topic"][: args.n]
    assistant.answer("warm up: a question about diffusion models", mode="extractive")
    timed = alternate(assistant, questions, {"before": way(before), "after": way(shipped)})
    for name, runs in timed.items():
        right = sum(
            a.reason != "off_topic" and bool(set(q.gold) & set(a.cited_ids))
            for q, (_, a) in zip(questions, runs, strict=True)
        )
        print(f"{name}: {len(runs)} answers, right paper {right}/{len(runs)}, {spread([t for t, _ in runs])}")


if __name__ == "__main__":
    main()
