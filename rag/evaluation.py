"""The development question set and its retrieval metrics (hit@k, MRR, multi-paper recall)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rag.errors import InputError

DEV_SET = Path(__file__).parent / "data" / "dev_questions.jsonl"
KINDS = ("lookup", "named", "multi", "compare", "summary", "followup", "unanswerable")


@dataclass(frozen=True)
class Question:
    id: str
    kind: str
    question: str
    gold: tuple[str, ...]
    history: tuple[dict[str, str], ...] = ()
    facts: tuple[str, ...] = ()


def load_questions(path: Path = DEV_SET) -> list[Question]:
    questions = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"cannot read the question set {path}: {exc.strerror}") from None
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            questions.append(
                Question(
                    id=str(raw["id"]),
                    kind=str(raw.get("kind", "lookup")),
                    question=str(raw["question"]),
                    gold=tuple(raw.get("gold", [])),
                    history=tuple(raw.get("history", [])),
                    facts=tuple(raw.get("facts", [])),
                )
            )
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise InputError(f"{path}:{lineno}: not a question record ({exc})") from None
    return questions


@dataclass
class RetrievalScores:
    n: int = 0
    hit1: float = 0.0
    hit5: float = 0.0
    hit10: float = 0.0
    mrr: float = 0.0
    multi_recall: float = 0.0  # mean share of gold papers in the top 10, over multi-paper questions
    n_multi: int = 0
    misses: list[str] = field(default_factory=list)  # question ids with no gold paper in the top 5

    def row(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "hit@1": round(self.hit1, 3),
            "hit@5": round(self.hit5, 3),
            "hit@10": round(self.hit10, 3),
            "mrr": round(self.mrr, 3),
            "multi_recall@10": round(self.multi_recall, 3),
            "n_multi": self.n_multi,
        }


def score_retrieval(
    questions: Iterable[Question], ranked: Callable[[Question], list[str]], gold_map: Callable[[str], str] = str
) -> RetrievalScores:
    """ranked(question) gives paper ids best first; gold_map renames gold ids (seed id -> corpus id)."""
    scores = RetrievalScores()
    for q in questions:
        gold = {gold_map(g) for g in q.gold}
        if not gold:
            continue
        ids = ranked(q)
        first = next((i for i, pid in enumerate(ids, start=1) if pid in gold), None)
        scores.n += 1
        scores.hit1 += first == 1
        scores.hit5 += first is not None and first <= 5
        scores.hit10 += first is not None and first <= 10
        scores.mrr += 1.0 / first if first else 0.0
        if first is None or first > 5:
            scores.misses.append(q.id)
        if len(gold) > 1:
            scores.n_multi += 1
            scores.multi_recall += len(gold & set(ids[:10])) / len(gold)
    if scores.n:
        scores.hit1, scores.hit5, scores.hit10, scores.mrr = (
            x / scores.n for x in (scores.hit1, scores.hit5, scores.hit10, scores.mrr)
        )
    if scores.n_multi:
        scores.multi_recall /= scores.n_multi
    return scores


def retrieval_query(q: Question) -> str:
    """What to search for a dev question before any LLM rewriting: follow-ups carry their history."""
    earlier = [turn["content"] for turn in q.history if turn.get("role") == "user"]
    return " ".join([*earlier, q.question])
