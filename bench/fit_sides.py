"""Fit how a described side of a comparison picks its paper (rag.calibration side_words), and print how each weight
does.

A comparison's side searched with the question's scene ("... and the 'polychromic' objective one") is the paper, of
the first few that search finds, with the best fused score plus `side_words` times the share of the side's words it
holds (rag.answering.sides.side_paper); a side searched alone, of the first two. This asks every comparison of the
sets given, records each such choice (its candidates' scores and coverage), and counts, for each weight, the choices
that take a gold paper, among those where one of the candidates is gold. Fit on dev and read blind sets only; a test
set only reports.

    python bench/fit_sides.py --index .rag/fixture500 --index .rag/iclr2026 --set dev --set /path/blind_questions.jsonl
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.calibration import CALIBRATION  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.evaluation import QUESTION_SETS, load_questions  # noqa: E402

Choice = tuple[set[str], list[tuple[str, float, float]]]  # the gold papers; each candidate's id, score, coverage
WEIGHTS = (0.0, 0.3, 0.5, 0.8, 1.0, 1.2, 1.5, 2.0)


def gather(index: str, paths: list[Path]) -> list[Choice]:
    """Every choice of a side searched with its scene, over the comparisons of the sets."""
    from rag.answering import sides
    from rag.answering.pipeline import Assistant

    assistant = Assistant(Settings(index_dir=Path(index), answer_mode="extractive"))
    keyword = assistant.retriever.keyword_index()
    choices: list[Choice] = []
    gold: set[str] = set()
    chosen = sides.side_paper

    def recorded(side: str, query: str, retriever: Any, filters: Any = None) -> Any:
        # the first few of a side searched with its scene, the first two of one searched alone
        among = sides.BACK_AMONG if query != side else 2
        hits = retriever.search(query, k=sides.TITLED_AMONG, filters=filters).hits[:among]
        covered = [keyword.coverage(side, f"{h.title} {h.abstract}") for h in hits]
        choices.append((gold, [(h.paper_id, h.score, c) for h, c in zip(hits, covered, strict=True)]))
        return chosen(side, query, retriever, filters)

    sides.side_paper = recorded  # a bench's probe, never the product's
    try:
        for path in paths:
            for q in load_questions(path):
                if q.kind == "compare":
                    gold = set(q.gold)
                    assistant.answer(q.question, list(q.history), mode="extractive")
    finally:
        sides.side_paper = chosen
    return choices


def right(choices: list[Choice], weight: float) -> int:
    """The choices whose best candidate, by score plus `weight` times coverage, is gold (the first on a tie)."""
    count = 0
    for gold, candidates in choices:
        best = max(range(len(candidates)), key=lambda i: (candidates[i][1] + weight * candidates[i][2], -i))
        count += candidates[best][0] in gold
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index", action="append", required=True, help="an index directory (repeatable)")
    parser.add_argument("--set", action="append", required=True, help="a question set name or a JSONL path")
    args = parser.parse_args()
    paths = [QUESTION_SETS[s] if s in QUESTION_SETS else Path(s) for s in args.set]
    for index in args.index:
        choices = [c for c in gather(index, paths) if any(pid in c[0] for pid, _, _ in c[1])]
        figures = "  ".join(f"{w}: {right(choices, w)}" for w in WEIGHTS)
        print(f"{index}: {len(choices)} choices with a gold candidate; right at weight {figures}")
        print(f"  current side_words {CALIBRATION.side_words}: {right(choices, CALIBRATION.side_words)}")


if __name__ == "__main__":
    main()
