"""Extractive answers with "not stated" decided by the rules alone and by the rules and the answer judge, in one run.

Answers the people-written single questions of rag/data/questions_people_dev3.jsonl (parts,
comparisons and absent details) twice each, alternating which goes first (the kept sentence vectors
cleared before each answer), with RAG_STATED_JUDGE=rules and =model (rag.answering.judge), and
prints each way's seconds per answer and how many answers differ in whether they decline:

    python bench/judge_speed.py --index .rag/iclr2026 --n 200
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", required=True)
    parser.add_argument("--n", type=int, default=200)
    args = parser.parse_args()
    assistant, indexed = on_index(args.index)

    def way(judge: str) -> Callable[[], None]:
        return lambda: setattr(assistant, "settings", assistant.settings.model_copy(update={"stated_judge": judge}))

    questions = fit_questions(load_questions(DATA / "questions_people_dev3.jsonl"), indexed)[0][: args.n]
    for judge in ("rules", "model"):  # the judge's ONNX file is exported once per machine: not timed
        way(judge)()
        assistant.answer("How many GPUs does the KV cache paper use?", mode="extractive")
    timed = alternate(assistant, questions, {"rules": way("rules"), "model": way("model")})
    for name, runs in timed.items():
        print(f"stated judge {name}: {len(runs)} answers, {spread([t for t, _ in runs])}")
    declined = [[a.refused for _, a in runs] for runs in timed.values()]
    print(f"answers declined one way and not the other: {sum(a != b for a, b in zip(*declined, strict=True))}")


if __name__ == "__main__":
    main()
