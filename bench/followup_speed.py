"""Second questions timed two ways in one run: the question compared with the cited papers by the vectors the
index stores, and by embedding their abstracts again (what rag.answering.conversation did before).

Each conversation's second question is answered once each way, alternating which goes first, with the
kept sentence vectors cleared before each answer (a new conversation has embedded none of them).

    python bench/followup_speed.py --index .rag/iclr2026 --set people-dev --n 60
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from two_ways import alternate, on_index, spread  # noqa: E402

from rag.evaluation import DATA, fit_questions, load_questions  # noqa: E402

SETS = {"dev": DATA / "conversations_dev.jsonl", "people-dev": DATA / "conversations_people_dev.jsonl"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", required=True)
    parser.add_argument("--set", default="people-dev")
    parser.add_argument("--n", type=int, default=60)
    args = parser.parse_args()
    assistant, indexed = on_index(args.index)
    questions, _ = fit_questions(load_questions(SETS.get(args.set) or Path(args.set)), indexed)
    questions = questions[: args.n]
    from rag.answering import conversation

    stored = conversation.stored_vectors

    def embedded(_store: Any, _ids: Any) -> dict[str, list[list[float]]]:
        return {}  # no stored vector: the abstracts are embedded, as before

    def way(vectors: Any) -> Callable[[], None]:
        return lambda: setattr(conversation, "stored_vectors", vectors)

    assistant.answer(questions[0].question, list(questions[0].history))  # warm: models and the keyword side
    timed = alternate(assistant, questions, {"stored vectors": way(stored), "abstracts embedded": way(embedded)})
    conversation.stored_vectors = stored
    print(f"{args.index}: {len(indexed):,} papers, {len(questions)} second questions, each answered both ways")
    for name, runs in timed.items():
        print(f"  {name:<20} {spread([t for t, _ in runs])}")


if __name__ == "__main__":
    main()
