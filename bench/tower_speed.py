"""Extractive answers with the search query embedded by the papers' embedder and by the field tower, in one run.

Answers the people-written new-topic second questions (with their history) of
rag/data/conversations_people_dev.jsonl and the single questions of questions_people_dev3.jsonl
twice each, alternating which goes first (the kept sentence vectors cleared before each answer),
with RAG_QUERY_ENCODER=same and =field (rag.index.tower), and prints each way's seconds per answer
and how many answers cite another first paper:

    python bench/tower_speed.py --index .rag/iclr2026 --n 200
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
    store = assistant.retriever.store

    def way(encoder: str) -> Callable[[], None]:
        return lambda: setattr(store, "settings", store.settings.model_copy(update={"query_encoder": encoder}))

    conversations = [q for q in load_questions(DATA / "conversations_people_dev.jsonl") if q.kind == "new_topic"]
    loaded = conversations + load_questions(DATA / "questions_people_dev3.jsonl")
    questions = fit_questions(loaded, indexed)[0][: args.n]
    for encoder in ("same", "field"):  # the tower's ONNX file is exported once per machine: not timed
        way(encoder)()
        assistant.answer("warm up: a question about diffusion models", mode="extractive")
    timed = alternate(assistant, questions, {"same": way("same"), "field": way("field")})
    for name, runs in timed.items():
        print(f"query encoder {name}: {len(runs)} answers, {spread([t for t, _ in runs])}")
    firsts = [[a.citations[0].paper_id if a.citations else "" for _, a in runs] for runs in timed.values()]
    print(f"answers citing another first paper: {sum(a != b for a, b in zip(*firsts, strict=True))}")


if __name__ == "__main__":
    main()
