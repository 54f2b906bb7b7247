"""Per-question results of `rag eval --answers`, and what moved between two runs.

A score per kind says how much a change helped; it does not say which questions it moved. Each
run can write one JSON line per question (`--results FILE`); `--diff OLD` then lists every
question whose outcome changed, better or worse, so a rule change is judged question by question.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rag.errors import InputError


def result_row(question: Any, answer: Any, found: Sequence[str], mode: str) -> dict[str, Any]:
    """One question's outcome: what was read, cited, declined and which key facts the text holds."""
    cited = list(dict.fromkeys(c.paper_id for c in answer.citations))
    return {
        "id": question.id,
        "mode": mode,
        "kind": question.kind,
        "question": question.question,
        "read_as": answer.kind,
        "refused": bool(answer.refused),
        "reason": answer.reason,
        "cited": cited,
        "gold": list(question.gold),
        "gold_cited": bool(set(cited) & set(question.gold)),
        "facts_found": list(found),
        "facts_missing": [f for f in question.facts if f not in found],
        "text": answer.text.split("**References**")[0].strip()[:4000],
    }


def outcome(row: dict[str, Any]) -> str:
    """A row in a few words, the unit a diff compares: "declined (not_stated)", "gold, facts 2/3"."""
    if row["refused"]:
        return f"declined ({row['reason']})"
    n_facts = len(row["facts_found"]) + len(row["facts_missing"])
    cited = "gold" if row["gold_cited"] else ("no gold" if row["gold"] else "answered")
    facts = f", facts {len(row['facts_found'])}/{n_facts}" if n_facts else ""
    return f"{cited}{facts}, read {row['read_as']}"


def write_results(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def load_results(path: Path) -> dict[str, dict[str, Any]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"cannot read the results {path}: {exc.strerror}") from None
    try:
        return {_key(row := json.loads(line)): row for line in lines if line.strip()}
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise InputError(f"{path}: not a results file of `rag eval --results` ({exc})") from None


def _key(row: dict[str, Any]) -> str:
    return f"{row['id']} ({row['mode']})"


def diff_runs(old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]) -> list[str]:
    """Every question whose outcome moved between two runs, then a count; questions in one run only are named."""
    lines = []
    new = {_key(row): row for row in new.values()}
    for qid, row in new.items():
        before = old.get(qid)
        if before is None:
            lines.append(f"{qid} [{row['kind']}] new: {outcome(row)}")
        elif outcome(before) != outcome(row):
            lines.append(f"{qid} [{row['kind']}] {outcome(before)} -> {outcome(row)}: {row['question'][:100]}")
    lines += [f"{qid} [{row['kind']}] gone" for qid, row in old.items() if qid not in new]
    moved = sum(1 for qid in new if qid in old and outcome(old[qid]) != outcome(new[qid]))
    lines.append(f"{moved} of {len(new)} questions moved")
    return lines


def declining(rows: Sequence[dict[str, Any]]) -> str:
    """The decision to decline a detail, as precision (declines that were absent details) and recall
    (absent details declined), over the answerable questions and those on an absent detail."""
    absent = [r for r in rows if r["kind"] == "absent"]
    answerable = [r for r in rows if r["gold"] and r["kind"] != "absent"]
    right = sum(r["refused"] for r in absent)
    wrong = sum(r["refused"] for r in answerable)
    if not absent:
        return f"declining a detail: {wrong} of {len(answerable)} answerable questions declined"
    precision = right / (right + wrong) if right + wrong else 1.0
    return (
        f"declining a detail: precision {precision:.3f} ({right} of {right + wrong} declines were absent details), "
        f"recall {right / len(absent):.3f} ({right} of {len(absent)} absent details declined)"
    )
