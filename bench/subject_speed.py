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
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from two_ways import alternate, on_index, spread  # noqa: E402

from rag.evaluation import DATA, fit_questions, load_questions  # noqa: E402


def main() -> None:
    from rag.answering import subject

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", required=True)
    parser.add_argument("--n", type=int, default=260)
    args = parser.parse_args()
    assistant, indexed = on_index(args.index)
    shipped = subject.describes

    def way(describes: Callable[..., bool]) -> Callable[[], None]:
        return lambda: setattr(subject, "describes", describes)

    conversations = [q for q in load_questions(DATA / "conversations_people_dev.jsonl") if q.kind == "new_topic"]
    loaded = conversations + load_questions(DATA / "questions_people_dev2.jsonl")
    questions = fit_questions(loaded, indexed)[0][: args.n]
    assistant.answer("warm up: a question about diffusion models", mode="extractive")
    timed = alternate(assistant, questions, {"without": way(lambda *a, **k: False), "with": way(shipped)})
    subject.describes = shipped
    for name, runs in timed.items():
        declined = sum(a.reason == "not_stated" for _, a in runs)
        print(f"{name} describes: {len(runs)} answers, not stated {declined}, {spread([t for t, _ in runs])}")


if __name__ == "__main__":
    main()
