"""Learn the words people ask with that abstracts do not use ("did", "tell", "kind", "called"), from dev.

Over every answerable dev question (people-written and conference sets, single questions and the
second questions of conversations; never a test set), a stemmed word counts as unseen where the
question says it and no gold paper's title or abstract does. A word is of the asking register when
it is unseen in at least `--min` questions and at least `--ratio` times as often as it is seen.
What is left of an asked part after these words is its subject (rag.answering.subject).

    python bench/asking_words.py --fixture ../shared/data/iclr2026_fixture_500.jsonl.gz --index .rag/fixture500
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.config import Settings  # noqa: E402
from rag.evaluation import DATA, load_questions  # noqa: E402

SOURCES = (
    "questions_people_dev.jsonl",
    "conference_dev.jsonl",
    "dev_questions.jsonl",
    "conversations_people_dev.jsonl",
    "conversations_dev.jsonl",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixture", type=Path, required=True, help="the 500-paper fixture (.jsonl.gz)")
    parser.add_argument("--index", type=Path, required=True, help="its index (for the keyword side's stemmer)")
    parser.add_argument("--min", type=int, default=3)
    parser.add_argument("--ratio", type=float, default=3.0)
    parser.add_argument("--out", type=Path, default=DATA / "asking_words.json")
    args = parser.parse_args()
    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever

    keyword = Retriever(Store(Settings(index_dir=args.index))).keyword_index()
    with gzip.open(args.fixture, "rt") as f:
        papers = {p["id"]: p for p in map(json.loads, f)}
    unseen: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    n = 0
    for name in SOURCES:
        for q in load_questions(DATA / name):
            if q.kind == "absent" or not q.gold or any(g not in papers for g in q.gold):
                continue
            n += 1
            said = set(keyword.terms(" ".join(f"{papers[g]['title']} {papers[g]['abstract']}" for g in q.gold)))
            for term in set(keyword.terms(q.question)):
                (seen if term in said else unseen)[term] += 1
    words = sorted(t for t in unseen if unseen[t] >= args.min and unseen[t] >= args.ratio * seen[t])
    args.out.write_text(
        json.dumps(
            {
                "learned_by": "bench/asking_words.py",
                "from": list(SOURCES),
                "questions": n,
                "min": args.min,
                "ratio": args.ratio,
                "words": words,
            },
            indent=0,
        )
        + "\n"
    )
    print(f"{n} answerable dev questions: {len(words)} asking words -> {args.out}")
    print(" ".join(f"{t}({unseen[t]}/{seen[t]})" for t in sorted(words, key=lambda t: -unseen[t])))


if __name__ == "__main__":
    main()
