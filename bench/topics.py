"""Topic questions ("Which papers study X?") scored on their whole gold lists; prints the figures.

For each question the Assistant answers (extractive) and its `list` is scored against the gold list
(fitted to the index: at 500 papers only the gold papers it holds): recall, precision, the count's
relative error, whether the count is stated in the text, and the seconds per answer. Where a question
carries its topic's `pattern` (rag/data/topics_*.jsonl), also the issue's two figures: the share of
the index's papers whose title names the topic that the list holds, and the share of the list that
says the topic in title or abstract.

    python bench/topics.py --index .rag/iclr2026 --set rag/data/topics_dev.jsonl [--calibrate] [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rag.config import Settings
from rag.evaluation import fit_questions, load_questions, question_set


def score(
    answer: Any,
    gold: set[str],
    pattern: re.Pattern[str] | None,
    texts: dict[str, tuple[str, str]],
    within: set[str] | None = None,
) -> dict[str, Any]:
    """One answer's figures; `within`: the papers the question's filter keeps ("oral"), whose titles alone
    count for title recall."""
    listed = list(getattr(answer, "list", [])) or list(answer.cited_ids)
    hit = len(set(listed) & gold)
    row: dict[str, Any] = {
        "recall": hit / len(gold) if gold else 0.0,
        "precision": hit / len(listed) if listed else 0.0,
        "count_error": abs((getattr(answer, "count", None) or 0) - len(gold)) / len(gold) if gold else 0.0,
        "count_stated": getattr(answer, "count", None) is not None and f"{answer.count} paper" in answer.text,
        "n_list": len(listed),
        "n_gold": len(gold),
    }
    if pattern is not None:
        titled = {
            pid for pid, (title, _) in texts.items() if pattern.search(title) and (within is None or pid in within)
        }
        row["title_recall"] = len(titled & set(listed)) / len(titled) if titled else None
        row["says_topic"] = sum(1 for p in listed if pattern.search(" ".join(texts.get(p, ("", ""))))) / max(
            len(listed), 1
        )
    return row


def calibrate(retriever: Any, questions: list[Any]) -> None:
    """Mean recall and precision of the gold lists at each set of cut-offs: the quantile of the phrase's
    chunks' closeness to their centre that a paper saying the topic in another form must reach (each value
    re-reads the index), then coverage and cosine."""
    print(f"{'related':>7} {'coverage':>8} {'cosine':>6} {'recall':>7} {'precision':>9} {'F1':>6}")
    rows = []
    for related in (0.0, 0.1, 0.25, 0.5, 0.75, 1.01):
        found = {
            q.id: retriever.topic(retriever_query(retriever, q.question), None, (0.0, -1.0, related)) for q in questions
        }
        for cov in (0.45, 0.55, 0.65, 0.75, 0.85):
            for sim in (0.55, 0.6, 0.62, 0.65, 0.7, 1.01):
                recalls, precisions = [], []
                for q in questions:
                    listed = {
                        t.paper_id
                        for t in found[q.id]
                        if (t.phrased and t.coverage >= cov) or t.similarity >= sim or t.near > -1
                    }
                    gold = set(q.gold)
                    recalls.append(len(listed & gold) / len(gold))
                    precisions.append(len(listed & gold) / len(listed) if listed else 0.0)
                r, p = sum(recalls) / len(recalls), sum(precisions) / len(precisions)
                rows.append((2 * r * p / max(r + p, 1e-9), related, cov, sim, r, p))
    for f1, related, cov, sim, r, p in sorted(rows, reverse=True)[:12]:
        print(f"{related:>7.2f} {cov:>8.2f} {sim:>6.2f} {r:>7.3f} {p:>9.3f} {f1:>6.3f}")


def retriever_query(retriever: Any, question: str) -> str:
    from rag.retrieval.filters import unfiltered

    return unfiltered(question, retriever.keyword_index().facets()) or question


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", required=True)
    parser.add_argument("--set", default="rag/data/topics_dev.jsonl")
    parser.add_argument("--calibrate", action="store_true", help="print recall/precision over a grid of cut-offs")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from rag.answering.pipeline import Assistant

    settings = Settings(index_dir=Path(args.index), answer_mode="extractive")
    assistant = Assistant(settings)
    keyword = assistant.retriever.keyword_index()
    texts = {
        str(c["paper_id"]): (str(c.get("title", "")), str(c.get("text", "")))
        for c in keyword.chunks
        if str(c.get("chunk")) == "0"
    }
    decisions = {str(c["paper_id"]): str(c.get("decision", "")) for c in keyword.chunks}
    raw = {
        json.loads(line)["id"]: json.loads(line)
        for line in question_set(args.set).read_text().splitlines()
        if line.strip()
    }
    questions, dropped = fit_questions(load_questions(question_set(args.set)), set(texts))
    if args.calibrate:
        calibrate(assistant.retriever, questions)
        return
    assistant.answer("Which papers study speculative decoding?")  # warm: the vectors and the embedder load once
    rows = {}
    for q in questions:
        start = time.perf_counter()
        answer = assistant.answer(q.question, list(q.history))
        seconds = time.perf_counter() - start
        pattern = re.compile(raw[q.id]["pattern"], re.I) if raw.get(q.id, {}).get("pattern") else None
        decision = raw.get(q.id, {}).get("decision")
        within = {pid for pid, d in decisions.items() if d == decision} if decision else None
        rows[q.id] = {**score(answer, set(q.gold), pattern, texts, within), "seconds": seconds, "question": q.question}
    if args.json:
        print(json.dumps(rows))
        return
    print(f"{args.set}: {len(rows)} questions over {len(texts):,} papers ({dropped} with no gold paper here)")
    print(f"{'id':<6} {'gold':>5} {'list':>5} {'recall':>6} {'prec':>5} {'count err':>9} {'stated':>6}", end=" ")
    print(f"{'title-R':>7} {'says':>5} {'s':>5}")
    for qid, r in rows.items():
        tr = f"{r['title_recall']:.2f}" if r.get("title_recall") is not None else "-"
        says = f"{r['says_topic']:.2f}" if "says_topic" in r else "-"
        print(
            f"{qid:<6} {r['n_gold']:>5} {r['n_list']:>5} {r['recall']:>6.2f} {r['precision']:>5.2f} {r['count_error']:>9.2f}",  # noqa: E501
            end=" ",
        )
        print(f"{r['count_stated']!s:>6} {tr:>7} {says:>5} {r['seconds']:>5.2f}")
    summary = {
        key: _mean(rows, key) for key in ("recall", "precision", "count_error", "title_recall", "says_topic", "seconds")
    }
    stated = sum(r["count_stated"] for r in rows.values())
    print(f"mean: {', '.join(f'{k} {v:.3f}' for k, v in summary.items())}, count stated {stated}/{len(rows)}")


def _mean(rows: dict[str, dict[str, Any]], key: str) -> float:
    values = [r[key] for r in rows.values() if r.get(key) is not None]
    return sum(values) / len(values) if values else 0.0


if __name__ == "__main__":
    main()
