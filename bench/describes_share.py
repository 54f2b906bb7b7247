"""Sweep rag.calibration describes_share on dev: lookups declined "not stated" against absent details kept.

A question that asks for the paper itself is answered as a whole (rag.answering.subject.describes)
when every part holds at least `describes_share` of its subject words in the chosen abstract. Too
low, and a question that describes the paper and then asks an absent detail is answered as a whole
(the detail no longer declined); too high, and lookups stay declined. For each value, at one index:
the people-written new topics (with their history) declined "not stated", and the absent details of
the people dev sets and conference dev declined.

    python bench/describes_share.py --index .rag/fixture500 --share 0.5 --share 0.6 --share 0.7
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.calibration import CALIBRATION  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.evaluation import DATA, QUESTION_SETS, fit_questions, load_questions  # noqa: E402


def main() -> None:
    from rag.answering import subject
    from rag.answering.pipeline import Assistant
    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", required=True)
    parser.add_argument("--share", type=float, action="append", required=True)
    args = parser.parse_args()
    settings = Settings(index_dir=Path(args.index), answer_mode="extractive")
    retriever = Retriever(Store(settings))
    indexed = {str(c["paper_id"]) for c in retriever.keyword_index().chunks if c.get("chunk") == 0}
    assistant = Assistant(settings, store=retriever.store)
    lookups = [q for q in load_questions(DATA / "conversations_people_dev.jsonl") if q.kind == "new_topic"]
    lookups += [q for q in load_questions(DATA / "conversations_people_dev2.jsonl") if q.kind == "new_topic"]
    absent = [
        q
        for name in ("people-dev", "people-dev2", "dev")
        for q in load_questions(QUESTION_SETS[name])
        if q.kind == "absent"
    ]
    lookups, absent = fit_questions(lookups, indexed)[0], fit_questions(absent, indexed)[0]
    print(f"{args.index}: {len(lookups)} people-written new topics, {len(absent)} absent details (dev)")
    for share in args.share:
        vars(subject)["CALIBRATION"] = CALIBRATION.model_copy(update={"describes_share": share})
        declined = sum(
            assistant.answer(q.question, list(q.history), mode="extractive").reason == "not_stated" for q in lookups
        )
        kept = sum(assistant.answer(q.question, [], mode="extractive").reason == "not_stated" for q in absent)
        print(f"  describes_share {share:.2f}: new topics declined 'not stated' {declined}, absent declined {kept}")
    vars(subject)["CALIBRATION"] = CALIBRATION


if __name__ == "__main__":
    main()
