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


def seed_ids_in_corpus(seed_titles: Path) -> dict[str, str]:
    """Seed paper id ("<file stem>#<index>", as the dev set names them) -> the paper's OpenReview id.

    Read from ../shared/data/seed_titles.tsv, so that the dev questions can be asked of the
    real corpora, where the seeds are papers among thousands.
    """
    import csv

    with seed_titles.open(encoding="utf-8") as f:
        return {f"{Path(r['seed_file']).stem}#{r['paragraph_index']}": r["matched_id"] for r in csv.DictReader(f, delimiter="\t")}


def retrieval_query(q: Question) -> str:
    """What to search for a dev question before any LLM rewriting: follow-ups carry their history."""
    earlier = [turn["content"] for turn in q.history if turn.get("role") == "user"]
    return " ".join([*earlier, q.question])


@dataclass
class AnswerScores:
    n: int = 0
    citation_precision: float = 0.0  # cited papers that are gold, over answerable questions answered
    refusals: float = 0.0  # share of unanswerable questions refused
    false_refusals: float = 0.0  # share of answerable questions refused
    fact_recall: float = 0.0  # key facts found in the answer text, over answerable questions
    modes: dict[str, int] = field(default_factory=dict)
    by_kind: dict[str, dict[str, float]] = field(default_factory=dict)

    def row(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "citation_precision": round(self.citation_precision, 3),
            "refusals": round(self.refusals, 3),
            "false_refusals": round(self.false_refusals, 3),
            "fact_recall": round(self.fact_recall, 3),
            "modes": self.modes,
        }


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("\u2011", "-").replace("\\%", "%").split())


def score_answers(questions: Iterable[Question], answered: Callable[[Question], Any]) -> AnswerScores:
    """answered(question) gives an Answer (rag.answer); scores the kinds separately too."""
    scores = AnswerScores()
    cited = cited_gold = answerable = refused_answerable = unanswerable = refused_unanswerable = 0
    facts = facts_found = 0
    per_kind: dict[str, list[float]] = {}
    for q in questions:
        answer = answered(q)
        scores.n += 1
        scores.modes[answer.mode] = scores.modes.get(answer.mode, 0) + 1
        if not q.gold:
            unanswerable += 1
            refused_unanswerable += answer.refused
            per_kind.setdefault(q.kind, []).append(float(answer.refused))
            continue
        answerable += 1
        refused_answerable += answer.refused
        papers = {c.paper_id for c in answer.citations}
        cited += len(papers)
        cited_gold += len(papers & set(q.gold))
        found = sum(_norm(f) in _norm(answer.text) for f in q.facts)
        facts += len(q.facts)
        facts_found += found
        per_kind.setdefault(q.kind, []).append(found / len(q.facts) if q.facts else 1.0)
    scores.citation_precision = cited_gold / cited if cited else 0.0
    scores.refusals = refused_unanswerable / unanswerable if unanswerable else 0.0
    scores.false_refusals = refused_answerable / answerable if answerable else 0.0
    scores.fact_recall = facts_found / facts if facts else 0.0
    scores.by_kind = {k: {"n": len(v), "score": round(sum(v) / len(v), 3)} for k, v in per_kind.items()}
    return scores
