"""Calibrate the "not stated" decision (rag.calibration stated_similarity, stated_coverage) on dev, and print it.

For every question of the given sets that asks a detail (kind "parts": stated, the abstract answers
it; kind "absent": the abstract does not give it), the whole pipeline answers once per pair of
thresholds; a decline with reason not_stated is the decision. Prints, per index and pair, the absent
details declined (recall), the share of not-stated declines that were absent details (precision) and
the false "not stated" on answerable ones. Dev sets only; a test set is run once with the shipped pair.

    python bench/not_stated.py --index .rag/fixture500 --set /work/sets/people_dev.jsonl --set dev
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.calibration import CALIBRATION  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.evaluation import fit_questions, load_questions, question_set  # noqa: E402


def decisions(index: str, sets: list[str], pairs: list[tuple[float, float]]) -> None:
    from rag.answering import evidence
    from rag.answering.pipeline import Assistant
    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever

    settings = Settings(index_dir=Path(index), answer_mode="extractive")
    retriever = Retriever(Store(settings))
    indexed = {str(c["paper_id"]) for c in retriever.keyword_index().chunks if c.get("chunk") == 0}
    loaded = [q for name in sets for q in load_questions(question_set(name)) if q.kind in ("absent", "parts")]
    questions, _ = fit_questions(loaded, indexed)
    assistant = Assistant(settings, store=retriever.store)
    n_absent = sum(q.kind == "absent" for q in questions)
    print(f"{index}: {len(questions)} detail questions ({n_absent} absent)")
    print("similarity coverage  absent declined  precision  false not-stated")
    for similarity, coverage in pairs:
        # the thresholds are read where the decision is made (rag.answering.evidence)
        vars(evidence)["CALIBRATION"] = CALIBRATION.model_copy(
            update={"stated_similarity": similarity, "stated_coverage": coverage}
        )
        declined = [
            (q.kind, answer.reason == "not_stated")
            for q in questions
            for answer in [assistant.answer(q.question, list(q.history), mode="extractive")]
        ]
        hits = sum(kind == "absent" and d for kind, d in declined)
        false = sum(kind != "absent" and d for kind, d in declined)
        precision = hits / (hits + false) if hits + false else 0.0
        print(
            f"{similarity:>10.2f} {coverage:>8.2f}  {hits:>5}/{n_absent:<3} {hits / n_absent:.3f}"
            f"  {precision:>9.3f}  {false:>5}/{len(questions) - n_absent}"
        )
    vars(evidence)["CALIBRATION"] = CALIBRATION


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", action="append", required=True)
    parser.add_argument("--set", action="append", required=True, help="dev sets only: seeds, dev or a JSONL file")
    parser.add_argument("--similarity", default="0.45,0.50,0.55,0.60")
    parser.add_argument("--coverage", default="0.34,0.45")
    args = parser.parse_args()
    pairs = list(
        itertools.product((float(x) for x in args.similarity.split(",")), (float(x) for x in args.coverage.split(",")))
    )
    for index in args.index:
        decisions(index, args.set, pairs)


if __name__ == "__main__":
    main()
