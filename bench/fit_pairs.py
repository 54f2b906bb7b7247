"""Calibrate pair_gain (rag.answering.pairs): when is a question that asks a contrast a comparison of two papers?

For every dev question (and conversation) that asks a contrast (rag.reading.questions.asks_contrast) and
that the reading does not already read as a comparison, the share of its words the second paper of the
best pair adds to the first; labelled: a comparison (compare, followup_compare) or not (anything else).
Prints each threshold's decisions right, per index. Dev sets only.

    python bench/fit_pairs.py --index .rag/fixture500 --index .rag/iclr2026
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.config import Settings  # noqa: E402
from rag.evaluation import DATA, QUESTION_SETS, fit_questions, load_questions  # noqa: E402

DEV = [
    QUESTION_SETS["people-dev"],
    DATA / "conversations_people_dev.jsonl",
    QUESTION_SETS["dev"],
    QUESTION_SETS["seeds"],
    DATA / "conversations_dev.jsonl",
]
COMPARISONS = ("compare", "followup_compare")


def gather(index: str) -> list[tuple[float, float, bool, bool, str]]:
    from rag.answering import pairs
    from rag.answering.pipeline import Assistant
    from rag.reading.history import as_turns
    from rag.reading.questions import asks_contrast, read_question
    from rag.reading.turns import refers_back

    settings = Settings(index_dir=Path(index), answer_mode="extractive")
    assistant = Assistant(settings)
    keyword = assistant.retriever.keyword_index()
    indexed = {str(c["paper_id"]) for c in keyword.chunks if c.get("chunk") == 0}
    rows = []
    decided: Counter[tuple[bool, object]] = Counter()
    for path in DEV:
        questions, _ = fit_questions(load_questions(path), indexed)
        for q in questions:
            turns = as_turns(list(q.history))
            if read_question(q.question, turns).kind == "compare" or not asks_contrast(q.question):
                continue
            fresh, back = pairs.best_pair(q.question, turns, assistant.retriever, assistant.store)
            gold = set(q.gold)
            label = q.kind in COMPARISONS
            follows = assistant.follows(q.question, turns) if turns else False
            picked = pairs.chosen(fresh, back, q.question, follows or bool(turns))
            right = picked is not None and {picked.first.paper_id, picked.second.paper_id} == gold
            decided[(label, picked is not None)] += 1
            decided[(label, "both papers")] += right
            rows.append(
                (
                    fresh.gain if fresh else 0.0,
                    back.gain if back else -1.0,
                    refers_back(q.question) and bool(turns),
                    label,
                    f"{q.id} {'PICK' if picked else '    '} {'ok' if right else '--'} {q.question[:80]}",
                )
            )
    print(
        f"{index} with the calibrated cuts: comparisons read as one {decided[(True, True)]}, "
        f"not {decided[(True, False)]}"
    )
    print(f"  (both gold papers: {decided[(True, 'both papers')]}); others read as one {decided[(False, True)]}")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", action="append", required=True)
    args = parser.parse_args()
    for index in args.index:
        rows = gather(index)
        n_pos = sum(r[3] for r in rows)
        print(f"{index}: {len(rows)} questions ask a contrast and are not read as comparisons; {n_pos} are comparisons")
        for fresh, back, refers, label, name in sorted(rows):
            print(
                f"  {fresh:.3f} {back:6.3f} {'back' if refers else '    '} {'COMPARE' if label else '-------'} {name}"
            )
        for cut in (0.1, 0.15, 0.2, 0.25, 0.3):
            for back_cut in (0.15, 0.2, 0.25, 0.3, 0.4):
                said = [(f >= cut or (r and b >= back_cut), label) for f, b, r, label, _ in rows]
                right = sum(s == label for s, label in said)
                caught = sum(s and label for s, label in said)
                false = sum(s and not label for s, label in said)
                print(
                    f"  cut {cut:.2f} back {back_cut:.2f}: {right}/{len(rows)} right; "
                    f"caught {caught}/{n_pos}, false {false}"
                )


if __name__ == "__main__":
    main()
