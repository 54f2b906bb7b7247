"""A learned "not stated" judge against the rules, held out by writer: fit on two sets, score the third.

Every asked part the extractive pipeline checks against a chosen abstract (`evidence.answer_part`) is
a row: what the rules already measure (the closest sentence's cosine to the part, the share of the
part's subject words a sentence holds, whether a sentence about the part holds a value of the wanted
kind, a thing the part names that the abstract never says, the margin between the two closest
sentences, the part's wanted kind) and the rules' own verdict. A part of an "absent" question is
labelled absent, a part of a "parts" or "compare" question stated (a question is declined only when
none of its parts is stated, so the question-level figures below are what counts). A logistic
regression (numpy, L2) is fitted on the rows of the training files and scored, question by
question, on the held-out file against the rules on the same rows:

    python bench/stated_judge.py --index .rag/fixture500 --index .rag/iclr2026 \
        --fit dev --fit /work/sets/out_devA_questions.jsonl --hold /work/sets/out_devB_questions.jsonl

Prints the data sizes, then per index: absent details declined and false "not stated" by the rules
and by the judge on the held-out file (and on the training files, for reference). Dev sets only.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.calibration import CALIBRATION  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.evaluation import fit_questions, load_questions, question_set  # noqa: E402

KINDS = ("duration", "hardware", "licence", "count", "description")
WANTS = ("number", "name", "method", "any")
FEATURES = (
    "rules_stated",
    "unmet",
    "max_sim",
    "sim_margin",
    "max_covered",
    "rule_sim",
    "any_about",
    "any_holds",
    "about_share",
    "paper_similarity",
    "abstract_covered",
    "unseen_share",
    "yes_no",
    "results_asked",
    "has_head",
    "n_parts",
    *(f"wants_{w}" for w in WANTS),
    *(f"kind_{k}" for k in (*KINDS, "none")),
)


def part_features(args: tuple[Any, ...], found: Any, n_parts: int) -> list[float]:
    """What the rules measured of one part against one abstract, as numbers (FEATURES); `args` are
    answer_part's, `found` what it returned. `n_parts` is set by the caller once the question's parts
    are all known."""
    from rag.answering import asks, known, value_kinds, values
    from rag.answering.holds import holds_value
    from rag.reading.asking import asked
    from rag.reading.parts import YES_NO
    from rag.reading.text import sentences

    part, paper, similar, coverage, terms, exclude, question = args
    stated = CALIBRATION.stated_coverage  # about the part where no thing asked for names its subject
    candidates = [s for s in sentences(paper.abstract or paper.passage) if s not in exclude]
    if not candidates:
        return [0.0] * len(FEATURES)
    own_name = known.own_name_asked(part, question, candidates)
    given = known.given(part, paper, question, candidates, own_name)
    detail = known.detail(part.text, paper.title, given)
    sims = sorted(similar(part.text, candidates), reverse=True)
    covered = [coverage(detail, s) if detail else 0.0 for s in candidates]
    kind = value_kinds.wanted(asked(part.text))
    asked_class = values.name_class(re.findall(r"[\w-]+", asked(part.text))[:5])
    results_asked = part.head.lower() in asks.RESULT_HEADS
    head = set(terms(part.head)) if part.head and not results_asked else set()
    about = [bool(head & set(terms(s))) if head else c >= stated for s, c in zip(candidates, covered, strict=True)]
    holds = [
        holds_value(part, s, (kind, asked_class), given, question, (False, False), own_name or results_asked)
        if part.wants in ("number", "name")
        else True
        for s in candidates
    ]
    text = f"{paper.title} {paper.abstract}"
    checked = part.wants in ("number", "name") or bool(YES_NO.match(part.text))
    unmet = checked and values.unmet_condition(asked(part.text), text) is not None
    asked_terms = set(terms(detail)) if detail else set()
    unseen = len(asked_terms - set(terms(text))) / len(asked_terms) if asked_terms else 0.0
    rule_sim = similar(part.text, [found.sentence])[0] if found.sentence else 0.0
    row = [
        float(found.sentence is not None),
        float(unmet),
        sims[0],
        sims[0] - (sims[1] if len(sims) > 1 else 0.0),
        max(covered),
        rule_sim,
        float(any(about)),
        float(any(h for h, a in zip(holds, about, strict=True) if a)),
        sum(about) / len(about),
        paper.similarity or 0.0,
        coverage(detail, text) if detail else 0.0,
        unseen,
        float(bool(YES_NO.match(part.text))),
        float(results_asked),
        float(bool(head)),
        float(n_parts),
        *(float(part.wants == w) for w in WANTS),
        *(float((kind.name if kind else "none") == k) for k in (*KINDS, "none")),
    ]
    return row


def collect(index: str, sets: list[str], cache: Path) -> list[dict[str, Any]]:
    """One record per question: its kind, how the pipeline ended, and each checked part's rows."""
    key = cache / f"{Path(index).name}__{'__'.join(Path(s).stem for s in sets)}.json"
    if key.exists():
        return list(json.loads(key.read_text()))
    from rag.answering import evidence
    from rag.answering.pipeline import Assistant
    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever

    settings = Settings(index_dir=Path(index), answer_mode="extractive")
    retriever = Retriever(Store(settings))
    indexed = {str(c["paper_id"]) for c in retriever.keyword_index().chunks if c.get("chunk") == 0}
    loaded = [
        q for name in sets for q in load_questions(question_set(name)) if q.kind in ("absent", "parts", "compare")
    ]
    questions, _ = fit_questions(loaded, indexed)
    assistant = Assistant(settings, store=retriever.store)
    original: Callable[..., Any] = evidence.answer_part
    records = []
    for q in questions:
        rows: list[dict[str, Any]] = []

        vars(evidence)["answer_part"] = _spy(original, rows)
        try:
            answer = assistant.answer(q.question, list(q.history), mode="extractive")
        finally:
            vars(evidence)["answer_part"] = original
        n_parts = len({r["part"] for r in rows})
        for r in rows:
            r["x"][FEATURES.index("n_parts")] = float(n_parts)
        records.append({"id": q.id, "kind": q.kind, "reason": answer.reason, "rows": rows})
    cache.mkdir(parents=True, exist_ok=True)
    key.write_text(json.dumps(records))
    return records


def _spy(original: Callable[..., Any], rows: list[dict[str, Any]]) -> Callable[..., Any]:
    """answer_part as it is, recording each part it checks and what was measured."""

    def spy(*args: Any) -> Any:
        found = original(*args)
        rows.append({"part": args[0].text, "paper": args[1].paper_id, "x": part_features(args, found, 0)})
        return found

    return spy


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Logistic regression by Newton steps on standardised features: (weights, means, scales); weights[0] is
    the intercept."""
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / scale])
    w = np.zeros(z.shape[1])
    penalty = np.eye(z.shape[1]) * l2
    penalty[0, 0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-z @ w))
        grad = z.T @ (p - y) + penalty @ w
        hess = (z * (p * (1 - p))[:, None]).T @ z + penalty
        w = w - np.linalg.solve(hess, grad)
    return w, mean, scale


def p_absent(model: tuple[np.ndarray, np.ndarray, np.ndarray], x: list[float]) -> float:
    w, mean, scale = model
    s = float(w[0] + ((np.asarray(x) - mean) / scale) @ w[1:])
    return 1 / (1 + math.exp(-s))


def rows_of(records: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
    xs = [r["x"] for q in records for r in q["rows"]]
    ys = [float(q["kind"] == "absent") for q in records for r in q["rows"]]
    return np.asarray(xs, dtype=float), np.asarray(ys)


def score(records: list[dict[str, Any]], absent: Callable[[list[float]], bool]) -> tuple[int, int, int, int]:
    """(absent declined, absent, false not-stated, answerable): a question is declined "not stated" when
    every part it checked is absent from every chosen abstract; off-topic declines stay as they were."""
    hits = false = 0
    for q in records:
        parts: dict[str, bool] = {}
        for r in q["rows"]:
            parts[r["part"]] = parts.get(r["part"], False) or not absent(r["x"])
        declined = bool(parts) and not any(parts.values())
        hits += q["kind"] == "absent" and declined
        false += q["kind"] != "absent" and declined
    n_absent = sum(q["kind"] == "absent" for q in records)
    return hits, n_absent, false, len(records) - n_absent


def rules(x: list[float]) -> bool:
    return x[0] == 0.0


def report(name: str, records: list[dict[str, Any]], judges: dict[str, Callable[[list[float]], bool]]) -> None:
    actual = sum(q["kind"] == "absent" and q["reason"] == "not_stated" for q in records)
    # absent questions no part judge can decline: answered whole (no part checked) or declined off-topic
    unreachable = sum(q["kind"] == "absent" and not q["rows"] for q in records)
    for label, judge in judges.items():
        hits, n_absent, false, n_ok = score(records, judge)
        print(
            f"  {name:<28} {label:<14} absent declined {hits:>3}/{n_absent:<3} ({hits / max(1, n_absent):.3f})"
            f"  false not-stated {false:>2}/{n_ok}"
        )
    print(f"  {name:<28} (pipeline as run: absent declined {actual}; no part checked: {unreachable})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", action="append", required=True)
    parser.add_argument("--fit", action="append", required=True, help="dev sets to fit on")
    parser.add_argument("--hold", required=True, help="the dev set held out (another writer)")
    parser.add_argument("--cut", type=float, default=0.5, help="declined where P(absent) exceeds this")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--cache", default=".rag/cache/stated_judge")
    args = parser.parse_args()
    for index in args.index:
        compare(index, args.fit, args.hold, args.cut, args.l2, Path(args.cache))


def compare(index: str, fit_sets: list[str], hold: str, cut: float, l2: float, cache: Path) -> None:
    train = [r for s in fit_sets for r in collect(index, [s], cache)]
    held = collect(index, [hold], cache)
    x, y = rows_of(train)
    model = fit(x, y, l2)
    # the same judge from the measurements alone, without the rules' verdict or the sentence it chose
    keep = np.asarray([f not in ("rules_stated", "rule_sim") for f in FEATURES], dtype=float)
    bare = fit(x * keep, y, l2)
    print(
        f"{index}: fit on {len(x)} parts of {len(train)} questions ({int(y.sum())} absent), "
        f"held out {len(rows_of(held)[0])} parts of {len(held)} questions"
    )
    judges = {
        "rules": rules,
        "judge": lambda v: p_absent(model, v) > cut,
        "judge rescues": lambda v: rules(v) and p_absent(model, v) > cut,
        "judge declines": lambda v: rules(v) or p_absent(model, v) > cut,
        "measures only": lambda v: p_absent(bare, list(np.asarray(v) * keep)) > cut,
    }
    report("train " + "+".join(Path(s).stem for s in fit_sets), train, judges)
    report("held " + Path(hold).stem, held, judges)
    top = sorted(zip(FEATURES, model[0][1:], strict=True), key=lambda t: -abs(t[1]))[:8]
    print("  weights: " + ", ".join(f"{n} {v:+.2f}" for n, v in top))


if __name__ == "__main__":
    main()
