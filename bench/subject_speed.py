"""Extractive answers with and without rag.answering.subject.describes, both ways in one run, alternating.

Answers the people-written new-topic second questions (with their history) of
rag/data/conversations_people_dev.jsonl and the single questions of questions_people_dev2.jsonl
twice each, in alternating order (the kept sentence vectors cleared before each answer), once as
shipped and once with `describes` switched off (a question asking for the paper itself read part by
part again), and prints each way's seconds per answer and its "not stated" declines:

    python bench/subject_speed.py --index .rag/iclr2026 --n 260
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.config import Settings  # noqa: E402
from rag.evaluation import DATA, fit_questions, load_questions  # noqa: E402


def main() -> None:
    from rag.answering import subject
    from rag.answering.pipeline import Assistant
    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", required=True)
    parser.add_argument("--n", type=int, default=260)
    args = parser.parse_args()
    settings = Settings(index_dir=Path(args.index), answer_mode="extractive")
    retriever = Retriever(Store(settings))
    indexed = {str(c["paper_id"]) for c in retriever.keyword_index().chunks if c.get("chunk") == 0}
    assistant = Assistant(settings, store=retriever.store)
    shipped: dict[str, Callable[..., Any]] = {"describes": subject.describes}
    off: dict[str, Callable[..., Any]] = {name: lambda *a, **k: False for name in shipped}
    ways = {"without": off, "with": shipped}
    conversations = [q for q in load_questions(DATA / "conversations_people_dev.jsonl") if q.kind == "new_topic"]
    loaded = conversations + load_questions(DATA / "questions_people_dev2.jsonl")
    questions = fit_questions(loaded, indexed)[0][: args.n]
    assistant.answer("warm up: a question about diffusion models", mode="extractive")
    seconds: dict[str, list[float]] = {w: [] for w in ways}
    declined = dict.fromkeys(ways, 0)
    for i, q in enumerate(questions):
        for way in ("without", "with") if i % 2 else ("with", "without"):
            for name, function in ways[way].items():
                vars(subject)[name] = function
            assistant.similar._kept.clear()
            start = time.perf_counter()
            answer = assistant.answer(q.question, list(q.history), mode="extractive")
            seconds[way].append(time.perf_counter() - start)
            declined[way] += answer.reason == "not_stated"
    for name, function in shipped.items():
        vars(subject)[name] = function
    for way, ts in seconds.items():
        over = sum(t > 0.3 for t in ts)
        print(
            f"{way} describes: {len(ts)} answers, not stated {declined[way]}, "
            f"median {statistics.median(ts):.3f} s, mean {statistics.mean(ts):.3f} s, max {max(ts):.3f} s, "
            f"over 0.3 s: {over}"
        )


if __name__ == "__main__":
    main()
