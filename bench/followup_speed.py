"""Second questions timed two ways in one run: the question compared with the cited papers by the vectors the
index stores, and by embedding their abstracts again (what rag.answering.conversation did before).

Each conversation's second question is answered once each way, alternating which goes first, with the
kept sentence vectors cleared before each answer (a new conversation has embedded none of them).

    python bench/followup_speed.py --index .rag/iclr2026 --set people-dev --n 60
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.config import Settings  # noqa: E402
from rag.evaluation import DATA, fit_questions, load_questions  # noqa: E402

SETS = {"dev": DATA / "conversations_dev.jsonl", "people-dev": DATA / "conversations_people_dev.jsonl"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", required=True)
    parser.add_argument("--set", default="people-dev")
    parser.add_argument("--n", type=int, default=60)
    args = parser.parse_args()
    from rag.answering.pipeline import Assistant

    assistant = Assistant(Settings(index_dir=Path(args.index), answer_mode="extractive"))
    keyword = assistant.retriever.keyword_index()
    indexed = {str(c["paper_id"]) for c in keyword.chunks if c.get("chunk") == 0}
    questions, _ = fit_questions(load_questions(SETS.get(args.set) or Path(args.set)), indexed)
    questions = questions[: args.n]
    from rag.answering import conversation

    stored = conversation.stored_vectors

    def embedded(_store: Any, _ids: Any) -> dict[str, list[list[float]]]:
        return {}  # no stored vector: the abstracts are embedded, as before

    assistant.answer(questions[0].question, list(questions[0].history))  # warm: models and the keyword side
    times: dict[str, list[float]] = {"stored vectors": [], "abstracts embedded": []}
    for i, q in enumerate(questions):
        ways = [("stored vectors", stored), ("abstracts embedded", embedded)]
        for name, vectors in ways if i % 2 else ways[::-1]:
            conversation.stored_vectors = vectors  # type: ignore[assignment]
            assistant.similar._kept.clear()
            start = time.perf_counter()
            assistant.answer(q.question, list(q.history))
            times[name].append(time.perf_counter() - start)
    print(f"{args.index}: {keyword.n_papers:,} papers, {len(questions)} second questions, each answered both ways")
    for name, values in times.items():
        print(
            f"  {name:<20} median {statistics.median(values):.3f} s, mean {statistics.mean(values):.3f} s, "
            f"max {max(values):.3f} s, over 0.3 s: {sum(v > 0.3 for v in values)}"
        )


if __name__ == "__main__":
    main()
