"""Fit the follow-up decision (rag.calibration follow_weights) on labelled conversations, and print how it does.

Each conversation's second question is labelled: a new topic, or a follow-up (points back). The
features are those of rag.reading.turns.features (the reference cues and what the question alone
finds against the earlier cited papers), gathered at every index given, pooled, and fitted with a
logistic regression. Prints the weights to paste into rag/calibration.py and, per index, how many
decisions the current and the fitted weights get right. Fit on dev only; --set test only reports.

    python bench/fit_follow_ups.py --index .rag/seeds57 --index .rag/fixture500 --index .rag/iclr2026
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.calibration import CALIBRATION  # noqa: E402
from rag.config import Settings  # noqa: E402
from rag.evaluation import DATA, NEW_TOPIC_KINDS, QUESTION_SETS, fit_questions, load_questions  # noqa: E402

SETS = {
    "dev": DATA / "conversations_dev.jsonl",
    "test": DATA / "conversations_test.jsonl",
    "people-dev": DATA / "conversations_people_dev.jsonl",
    "people-test": DATA / "conversations_people_test.jsonl",
}
# The follow-ups of the question sets `rag eval` reads (written apart, in other words): `seeds` and
# conference `dev` are fitted on with the conversations; conference `test` is never.
SHIPPED = {"seeds-followups": QUESTION_SETS["seeds"], "dev-followups": QUESTION_SETS["dev"]}


def gather(index: str, set_paths: list[Path]) -> tuple[list[list[float]], list[int], list[str]]:
    from rag.answering.pipeline import Assistant
    from rag.index.store import Store
    from rag.reading.following import features
    from rag.reading.history import as_turns
    from rag.retrieval.retriever import Retriever

    settings = Settings(index_dir=Path(index), answer_mode="extractive")
    retriever = Retriever(Store(settings))
    indexed = {str(c["paper_id"]) for c in retriever.keyword_index().chunks if c.get("chunk") == 0}
    # a comparison with the paper just discussed is read as one by its reading, not by this decision
    loaded = [q for path in set_paths for q in load_questions(path) if q.history and q.kind != "followup_compare"]
    questions, _ = fit_questions(loaded, indexed)
    assistant = Assistant(settings, store=retriever.store)
    rows, labels, ids = [], [], []
    for q in questions:
        last = as_turns(list(q.history))[-1]
        rows.append(features(q.question, assistant.reference(q.question, last), len(last.cited)))
        labels.append(int(q.kind not in NEW_TOPIC_KINDS))
        ids.append(q.id)
    return rows, labels, ids


def decide(weights: tuple[float, ...], row: list[float]) -> int:
    import math

    z = weights[0] + sum(w * x for w, x in zip(weights[1:], row, strict=True))
    return int(1 / (1 + math.exp(-z)) >= CALIBRATION.follow_cut)


def cross_validated(x: list[list[float]], y: list[int], groups: list[str], c: float, folds: int = 5) -> int:
    """How many decisions a model fitted without their conversation gets right."""
    import zlib

    from sklearn.linear_model import LogisticRegression

    fold = [zlib.crc32(g.encode()) % folds for g in groups]
    right = 0
    for k in range(folds):
        train = [i for i, f in enumerate(fold) if f != k]
        model = LogisticRegression(C=c, max_iter=5000).fit([x[i] for i in train], [y[i] for i in train])
        held = [i for i, f in enumerate(fold) if f == k]
        right += sum(int(p) == y[i] for p, i in zip(model.predict([x[i] for i in held]), held, strict=True))
    return right


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", action="append", required=True)
    parser.add_argument("--set", action="append", help="dev (default: with seeds-followups, dev-followups), test")
    parser.add_argument("--no-fit", action="store_true", help="only report the current weights")
    args = parser.parse_args()
    names = args.set or ["dev", "people-dev", "seeds-followups", "dev-followups"]
    set_paths = [SETS.get(n) or SHIPPED.get(n) or Path(n) for n in names]
    data = {index: gather(index, set_paths) for index in args.index}
    weights = CALIBRATION.follow_weights
    if not args.no_fit:
        from sklearn.linear_model import LogisticRegression

        x = [r for rows, _, _ in data.values() for r in rows]
        y = [label for _, labels, _ in data.values() for label in labels]
        groups = [i for _, _, ids in data.values() for i in ids]  # one conversation at every index: one fold
        # the regularisation that decides most held-out dev conversations right (5-fold, by conversation)
        best: tuple[int, float] | None = None
        for c in (0.3, 1.0, 3.0, 10.0, 30.0):
            right = cross_validated(x, y, groups, c)
            print(f"C={c}: {right}/{len(y)} decided right in 5-fold cross-validation")
            if best is None or right > best[0]:
                best = (right, c)
        assert best is not None
        model = LogisticRegression(C=best[1], max_iter=5000).fit(x, y)
        fitted = (float(model.intercept_[0]), *(float(v) for v in model.coef_[0]))
        right = sum(decide(fitted, r) == label for r, label in zip(x, y, strict=True))
        print(f"fitted follow_weights (C={best[1]}, {right}/{len(y)} right on all of dev):")
        print(tuple(round(w, 2) for w in fitted))
    for index, (rows, labels, ids) in data.items():
        for name, w in [("current", weights)] + ([] if args.no_fit else [("fitted", fitted)]):
            got = [decide(w, r) for r in rows]
            new = [g == 0 for g, label in zip(got, labels, strict=True) if label == 0]
            back = [g == 1 for g, label in zip(got, labels, strict=True) if label == 1]
            wrong = [i for i, g, label in zip(ids, got, labels, strict=True) if g != label]
            print(
                f"{index} {name}: new topics {sum(new)}/{len(new)}, follow-ups {sum(back)}/{len(back)}; "
                f"wrong: {' '.join(wrong[:12])}"
            )


if __name__ == "__main__":
    main()
