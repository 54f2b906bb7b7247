"""Two-turn conversations scored at several index sizes: is the second question answered about the right paper?

Prints, per index and kind (newtopic or new_topic, followup, followup_fact, followup_compare): how many
second questions cite their gold paper (and were not declined; a comparison both its papers), how many
were read as follow-ups and as comparisons, and for questions with facts how many answers hold them.
A conversation is scored on an index that holds all its papers (the seed-only ones at 57 papers too).
With --out, one JSON line per question (for diffing runs).

    python bench/conversations.py --index .rag/seeds57 --index .rag/fixture500 --index .rag/iclr2026 --set dev
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.config import Settings  # noqa: E402
from rag.evaluation import DATA, fit_questions, holds_fact, load_questions  # noqa: E402

SETS = {
    "dev": DATA / "conversations_dev.jsonl",
    "test": DATA / "conversations_test.jsonl",
    # written by people who never saw the rules (bench/people_sets.py)
    "people-dev": DATA / "conversations_people_dev.jsonl",
    "people-test": DATA / "conversations_people_test.jsonl",
    "people-dev2": DATA / "conversations_people_dev2.jsonl",
}


def score(index: str, set_path: Path, out: Path | None) -> list[str]:
    from rag.answering.pipeline import Assistant
    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever

    settings = Settings(index_dir=Path(index), answer_mode="extractive")
    retriever = Retriever(Store(settings))
    keyword = retriever.keyword_index()
    indexed = {str(c["paper_id"]) for c in keyword.chunks if c.get("chunk") == 0}
    questions, dropped = fit_questions(load_questions(set_path), indexed)
    assistant = Assistant(settings, store=retriever.store)
    tally: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    rows = []
    seconds = 0.0
    for q in questions:
        start = time.perf_counter()
        answer = assistant.answer(q.question, list(q.history), mode="extractive")
        seconds += time.perf_counter() - start
        # a question that should be declined (an absent detail, off-topic) is right when declined; any other is
        # right when it is about its gold paper: cited, and not declined as off-topic ("not stated" is about it)
        # a comparison is about both its papers; any other question about (one of) its gold
        cited_gold = set(q.gold) & set(answer.cited_ids)
        about = answer.reason != "off_topic" and (
            cited_gold == set(q.gold) if q.kind == "followup_compare" else bool(cited_gold)
        )
        right = answer.refused if q.should_decline else about
        first = right if q.should_decline else about and answer.cited_ids[0] in q.gold
        t_stated = answer.reason == "not_stated" and not q.should_decline
        held = all(holds_fact(f, answer.text) for f in q.facts) if q.facts else None
        t = tally[q.kind]
        t["n"] += 1
        t["right"] += right
        t["first"] += first
        t["followed"] += bool(getattr(answer, "follows", False))
        t["compared"] += answer.kind == "compare"
        t["not_stated"] += t_stated
        if held is not None:
            t["facts"] += 1
            t["held"] += held
        rows.append(
            {
                "id": q.id,
                "kind": q.kind,
                "question": q.question,
                "right": right,
                "followed": bool(getattr(answer, "follows", False)),
                "read_as": answer.kind,
                "seconds": round(time.perf_counter() - start, 3),
                "held": held,
                "cited": list(answer.cited_ids),
                "refused": answer.refused,
            }
        )
    if out:
        out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    n_all = sum(t["n"] for t in tally.values())
    lines = [f"{index}: {keyword.n_papers:,} papers, {n_all} conversations ({dropped} not in this index)"]
    lines.append(
        f"  {'kind':<16} {'n':>4} {'right':>7} {'first':>7} {'read as follow-up':>18} {'compare':>8} "
        f"{'facts held':>11} {'not stated':>11}"
    )
    for kind, t in sorted(tally.items()):
        facts = f"{t['held']}/{t['facts']}" if t["facts"] else ""
        lines.append(
            f"  {kind:<16} {t['n']:>4} {t['right']:>3}/{t['n']:<3} {t['first'] / t['n']:>7.3f} "
            f"{t['followed']:>12}/{t['n']:<3}   {t['compared']:>6} {facts:>11} {t['not_stated']:>11}"
        )
    lines.append(f"  {seconds / max(n_all, 1):.3f} s per answer")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", action="append", required=True, help="an index folder (repeatable)")
    parser.add_argument("--set", default="dev", help="dev, test or a .jsonl file of conversations")
    parser.add_argument("--out", type=Path, help="a folder for one JSON line per question, per index")
    args = parser.parse_args()
    set_path = SETS.get(args.set) or Path(args.set)
    for index in args.index:
        out = args.out / f"{Path(index).name}.jsonl" if args.out else None
        if out:
            out.parent.mkdir(parents=True, exist_ok=True)
        print("\n".join(score(index, set_path, out)), flush=True)


if __name__ == "__main__":
    main()
