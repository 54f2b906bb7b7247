"""Questions holding a word no indexed abstract uses, and how much of them the retrieved papers cover.

The off-topic check declines a question with such a word ("volcanic eruptions") when the retrieved papers
cover less of it than CALIBRATION.unseen_coverage. People write such words into answerable questions
too: chat words ("wasnt", "pretty") and names no abstract spells so ("G2RPO"). For every new question
(no follow-ups: those are checked with the question they follow) of the given sets, this prints its
unseen words, the best coverage and similarity of its first 8 papers, the best similarity of a sentence of
its first 3 (a chat word does not keep a sentence from saying what is asked: CALIBRATION.unseen_sentence), and
whether it has a gold paper; then, per threshold, the off-topic and the answerable ones it would decline
(absent details apart).

    python bench/unseen_words.py --index .rag/iclr2026 --set rag/data/conference_dev.jsonl --set ...
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.config import Settings  # noqa: E402
from rag.evaluation import DATA  # noqa: E402
from rag.reading.text import sentences  # noqa: E402

SETS = ("conference_dev.jsonl", "questions_people_dev.jsonl", "questions_people_dev2.jsonl")
OFF_TOPIC = Path(__file__).resolve().parent / "data" / "off_topic_written.jsonl"  # 80 written for the rule
FOLLOW_UPS = ("followup", "followup_fact", "followup_compare", "summary")


def main() -> None:
    from rag.answering.pipeline import Assistant

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", required=True)
    parser.add_argument("--set", action="append", help="a JSONL question or conversation file (repeatable)")
    args = parser.parse_args()
    assistant = Assistant(Settings(index_dir=Path(args.index), answer_mode="extractive"))
    keyword = assistant.retriever.keyword_index()
    rows: list[tuple[float, bool, str, float, float]] = []  # coverage, answerable, kind, best sentence, best paper
    for name in args.set or [*(str(DATA / s) for s in SETS), str(OFF_TOPIC)]:
        for line in Path(name).read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            if item.get("kind") in FOLLOW_UPS:
                continue
            question = keyword.without_aside(item["question"])  # as the check reads it
            if not (unseen := keyword.unseen(question)):
                continue
            hits = assistant.retriever.search(item["question"], k=8).hits
            coverage = max(keyword.coverage(question, f"{h.title} {h.abstract}") for h in hits)
            similarity = max(h.similarity or 0.0 for h in hits)
            near = [s for h in hits[:3] for s in sentences(h.abstract)]
            sentence = max(assistant.similar.of(question, near), default=0.0)
            rows.append((coverage, bool(item.get("gold")), item.get("kind", ""), sentence, similarity))
            gold = bool(item.get("gold"))
            print(f"{coverage:.3f} {similarity:.3f} {sentence:.3f} gold={gold:d} {item['id']} {unseen}")
    print(f"{len(rows)} questions with a word no abstract uses")
    for cut in (0.3, 0.33, 0.35, 0.4, 0.45, 0.5):
        for said in (0.55, 0.58, 0.59, 0.6, 0.61, 0.65, 1.01):
            for close in (0.6, 0.65, 0.7, 1.01):  # the best paper's similarity (CALIBRATION.unseen_paper)
                declined = [(gold, kind) for c, gold, kind, s, p in rows if c < cut and s < said and p < close]
                off = sum(not gold for gold, _ in declined)
                answerable = sum(gold and kind != "absent" for gold, kind in declined)
                absent = sum(kind == "absent" for _, kind in declined)
                print(
                    f"coverage below {cut}, sentence below {said}, paper below {close}: "
                    f"off-topic {off}, answerable {answerable}, absent {absent}"
                )


if __name__ == "__main__":
    main()
