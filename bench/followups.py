"""Share of suggested follow-ups the product answers, over a question set at an index.

    python bench/followups.py [--set dev] [--index DIR] [--n N]

Each question of the set whose papers the index holds is asked (with its own history); each
suggestion of its answer is then asked as a follow-up, with that answer as the last turn. A
suggestion counts as answered when the reply is not a decline, cites a paper, and (summaries,
comparisons) cites one of the papers it was built from (`rag.answering.followups.answered`). Without
--index the seeds are indexed into a temporary folder. Prints the share overall and by kind.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import Settings, apply_runtime_env  # noqa: E402

apply_runtime_env()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--set", default="dev", help="seeds, dev, test or a JSONL file (default: dev)")
    parser.add_argument("--index", type=Path, help="an existing index (default: the seeds, indexed now)")
    parser.add_argument("--n", type=int, default=0, help="ask only the first N questions (0: all)")
    parser.add_argument("--verbose", action="store_true", help="print each suggestion and whether it was answered")
    args = parser.parse_args()

    from rag.answering.followups import answered, suggestions
    from rag.answering.pipeline import Assistant
    from rag.corpus.documents import ReadLog, read_papers
    from rag.evaluation import fit_questions, load_questions, question_set
    from rag.index.store import Store
    from rag.reading.history import as_turns

    tmp = Path(tempfile.mkdtemp())
    settings = Settings(_env_file=None, index_dir=args.index or tmp / "index", cache_dir=tmp / "cache")
    store = Store(settings, create=not args.index)
    if not args.index:
        store.ingest(read_papers([ROOT / "seeds"], ReadLog()))
    assistant = Assistant(settings, store=store)
    indexed = {p.paper_id for p in store.papers()}
    questions, _dropped = fit_questions(load_questions(question_set(args.set)), indexed)
    questions = questions[: args.n or None]

    asked, ok, offered, beyond = Counter[str](), Counter[str](), 0, 0
    start = time.perf_counter()
    for q in questions:
        history = as_turns(list(q.history))
        first = assistant.answer(q.question, history, mode="extractive")
        offered += bool(first.citations)
        for s in suggestions(first):
            reply = assistant.answer(s.question, [*history, first.turn()], mode="extractive")
            good = answered(s, first, reply)
            asked[s.kind] += 1
            ok[s.kind] += good
            beyond += good and s.kind == "similar" and bool(set(reply.cited_ids) - set(s.papers))
            if args.verbose or not good:
                print(
                    f"{'ok  ' if good else 'MISS'} {q.id} [{s.kind}] {s.question} -> {reply.reason or reply.cited_ids}"
                )
    total, good_total = sum(asked.values()), sum(ok.values())
    print(
        f"{args.set} at {len(indexed):,} papers: {len(questions)} questions, {offered} answers with suggestions, "
        f"{total} suggestions ({total / max(1, offered):.1f} per answer), answered {good_total}/{total} "
        f"= {good_total / max(1, total):.3f} ({time.perf_counter() - start:.0f} s)"
    )
    for kind in sorted(asked):
        print(f"  {kind}: {ok[kind]}/{asked[kind]} = {ok[kind] / asked[kind]:.3f}")
    if asked["similar"]:
        print(f"  similar, citing a paper besides the one it was built from: {beyond}/{asked['similar']}")


if __name__ == "__main__":
    main()
