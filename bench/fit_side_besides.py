"""Fit which of several papers a comparison's side names by its one coined name goes first (rag.calibration
side_besides), and print how each cut does.

A side like "GOAT for human-AI coordination" names papers by "GOAT"; those holding at least `side_besides` of the side's
other words (their IDF-weighted share) go first, then the paper whose own name it is (rag.answering.sides.named_hits).
This asks every comparison of the sets given, records each such choice among several named papers, and counts, for each
cut, the choices that put a gold paper first, among those where one of the named papers is gold. "none" is the order
without the rule. Fit on dev and read blind sets only; a test set only reports.

    python bench/fit_side_besides.py --index .rag/fixture500 --index .rag/iclr2026 --set dev --set /path/blind.jsonl
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.config import Settings  # noqa: E402
from rag.evaluation import QUESTION_SETS, load_questions  # noqa: E402

CUTS = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 2.0)  # 2.0: no paper holds that share, so the order without the rule
Choice = tuple[set[str], dict[float, str]]  # the gold papers; the paper put first at each cut


def gather(index: str, paths: list[Path]) -> list[Choice]:
    """Every choice among several papers a side of one coined name and other words names, over the sets' comparisons."""
    from rag.answering import sides
    from rag.answering.pipeline import Assistant
    from rag.reading.text import coined_names

    assistant = Assistant(Settings(index_dir=Path(index), answer_mode="extractive"))
    choices: dict[tuple[str, str], Choice] = {}
    asked = {"question": "", "gold": set[str]()}
    chosen = sides.named_hits

    def recorded(
        target: str, hits: list[Any], coverage: Any, question: str, closeness: Any = None, besides_cut: Any = None
    ) -> list[Any]:
        ranked = {cut: chosen(target, hits, coverage, question, closeness, cut) for cut in CUTS}
        if len(coined_names(target)) == 1 and len(ranked[CUTS[0]]) > 1:
            first = {cut: r[0].paper_id for cut, r in ranked.items()}
            choices[(str(asked["question"]), target)] = (set(asked["gold"]), first)
        return chosen(target, hits, coverage, question, closeness, besides_cut)

    sides.named_hits = recorded  # a bench's probe, never the product's
    try:
        for path in paths:
            for q in load_questions(path):
                if q.kind in ("compare", "followup_compare"):
                    asked.update(question=q.question, gold=set(q.gold))
                    assistant.answer(q.question, list(q.history), mode="extractive")
    finally:
        sides.named_hits = chosen
    return list(choices.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--index", action="append", required=True)
    parser.add_argument("--set", action="append", required=True, help="a named set (dev, ...) or a JSONL path")
    args = parser.parse_args()
    paths = [QUESTION_SETS[s] if s in QUESTION_SETS else Path(s) for s in args.set]
    for index in args.index:
        choices = [(gold, first) for gold, first in gather(index, paths) if gold & set(first.values())]
        print(f"{index}: {len(choices)} choices among several named papers, a gold paper among them")
        for cut in CUTS:
            right = sum(first.get(cut) in gold for gold, first in choices)
            print(f"  {'none' if cut > 1 else cut}: {right} of {len(choices)} put a gold paper first")


if __name__ == "__main__":
    main()
