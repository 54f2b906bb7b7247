"""Ship the people-written conversation and question sets into rag/data, checking every row, fixing none.

Writers who never saw the code wrote two-turn conversations (new_topic, followup, followup_fact,
followup_compare) and single questions (compare, parts, absent) over the 500-paper fixture, each
from the papers of one split (bench/conversation_set.py splits them, so no test paper is in dev).
A row is shipped as written or dropped and listed: an id not in the fixture or not in its split, a
new topic whose gold the first answer cited, a follow-up whose gold it did not, a fact that is not
verbatim in a gold abstract. Rows are never edited to suit the rules.

    python bench/people_sets.py --sets /work/sets --fixture ../shared/data/iclr2026_fixture_500.jsonl.gz
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from conversation_set import DATA, split_papers

CONVERSATION_KINDS = ("new_topic", "followup", "followup_fact", "followup_compare")
QUESTION_KINDS = ("compare", "parts", "absent")
# output set -> the writers' files it joins
SHIPPED = {
    "conversations_people_dev": ["out_devA_conversations", "out_devB_conversations"],
    "conversations_people_test": ["out_test_conversations"],
    "questions_people_dev": ["out_devA_questions", "out_devB_questions"],
    "questions_people_test": ["out_test_questions"],
    # a third dev writer (tenth session), kept apart: rag/data/asking_words.json was learned before it
    "conversations_people_dev2": ["out_devC_conversations"],
    "questions_people_dev2": ["out_devC_questions"],
    # a fourth dev writer (eleventh session), asked for tempting absent details: 80 absent, 50 parts, 20 compare
    "questions_people_dev3": ["out_devD_questions"],
}


def problems(
    row: dict[str, Any], kinds: tuple[str, ...], papers: dict[str, dict[str, Any]], split: set[str]
) -> list[str]:
    """What makes a row unscorable as written ([] when it is fine)."""
    if not {"id", "kind", "question", "gold"} <= row.keys() or not isinstance(row["gold"], list):
        return ["missing fields"]
    if row["kind"] not in kinds:
        return [f"kind {row['kind']!r}"]
    cited = [c for turn in row.get("history", []) for c in turn.get("cited", [])]
    found = []
    for pid in [*row["gold"], *cited]:
        if pid not in papers:
            found.append(f"id {pid} not in the fixture")
        elif pid not in split:
            found.append(f"id {pid} is a paper of the other split")
    kind, gold = row["kind"], row["gold"]
    if not gold:
        found.append("no gold")
    if kind == "new_topic" and set(gold) & set(cited):
        found.append("new topic about a paper the first answer cited")
    if kind in ("followup", "followup_fact", "followup_compare") and gold and gold[0] not in cited:
        found.append("follow-up about a paper the first answer did not cite")
    if kind in CONVERSATION_KINDS and not row.get("history"):
        found.append("conversation without history")
    abstracts = [papers[g]["abstract"] for g in gold if g in papers]
    found += [
        f"fact {f!r} not verbatim in a gold abstract"
        for f in row.get("facts", [])
        if not any(f in a for a in abstracts)
    ]
    if kind == "absent" and row.get("facts"):
        found.append("absent detail with facts")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sets", type=Path, default=Path("/work/sets"))
    parser.add_argument("--fixture", default="../shared/data/iclr2026_fixture_500.jsonl.gz")
    args = parser.parse_args()
    splits = split_papers(args.fixture)
    papers = {p["id"]: p for part in splits.values() for group in part for p in group}
    ids = {name: {p["id"] for group in part for p in group} for name, part in splits.items()}
    for out, sources in SHIPPED.items():
        split = ids["test" if out.endswith("test") else "dev"]
        kinds = CONVERSATION_KINDS if out.startswith("conversations") else QUESTION_KINDS
        kept: list[dict[str, Any]] = []
        for source in sources:
            path = args.sets / f"{source}.jsonl"
            if not path.exists():
                print(f"  {path} is not written yet")
                continue
            for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as exc:
                    print(f"  dropped {path.name}:{lineno}: not JSON ({exc})")
                    continue
                if found := problems(row, kinds, papers, split):
                    print(f"  dropped {row.get('id', f'{path.name}:{lineno}')}: {'; '.join(found)}")
                else:
                    kept.append(row)
        if not kept:
            continue
        target = DATA / f"{out}.jsonl"
        target.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in kept), encoding="utf-8")
        counts = {k: sum(r["kind"] == k for r in kept) for k in kinds}
        print(f"{target.name}: {len(kept)} rows {counts}")


if __name__ == "__main__":
    main()
