"""Question sets: gold ids fit to any index, a set that does not fit is refused, scores per kind."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from rag.config import Settings
from rag.errors import InputError
from rag.evaluation import QUESTION_SETS, Question, fit_questions, load_questions, score_retrieval, seed_ids_in_corpus

SEED = "001_b01c0f2ca48af324#1"  # SUIT among the seeds
OPENREVIEW = seed_ids_in_corpus()[SEED]


def test_the_shipped_sets_have_every_kind_and_split_dev_from_test() -> None:
    dev, test = load_questions(QUESTION_SETS["dev"]), load_questions(QUESTION_SETS["test"])
    assert len(dev) + len(test) >= 120
    for questions in (dev, test):
        kinds = {q.kind for q in questions}
        assert {"lookup", "named", "compare", "summary", "multi", "followup", "absent", "parts"} <= kinds
        assert sum(q.kind == "absent" for q in questions) >= 15
    assert not {q.question for q in dev} & {q.question for q in test}


def test_gold_ids_are_renamed_to_the_index_and_foreign_questions_dropped() -> None:
    questions = [
        Question("a", "lookup", "?", (SEED,)),
        Question("b", "lookup", "?", (OPENREVIEW,)),
        Question("c", "lookup", "?", ("not-indexed",)),
        Question("d", "unanswerable", "?", ()),
    ]
    kept, dropped = fit_questions(questions, {OPENREVIEW})  # an index of OpenReview ids
    assert [q.gold for q in kept] == [
        (OPENREVIEW,),
        (OPENREVIEW,),
    ] and dropped == 2  # "d" is off-topic only for the seeds
    kept, dropped = fit_questions([questions[0], questions[3]], {SEED})  # the corpus a seed set was written for
    assert [q.gold for q in kept] == [(SEED,), ()] and dropped == 0
    kept, dropped = fit_questions(questions[1:2], {SEED})  # and an OpenReview id finds its seed
    assert [q.gold for q in kept] == [(SEED,)]
    with pytest.raises(InputError, match="names a paper of this index"):
        fit_questions(questions[2:3], {OPENREVIEW})


def test_scores_per_kind() -> None:
    questions = [Question("a", "lookup", "?", ("x",)), Question("b", "named", "?", ("y",))]
    scores = score_retrieval(questions, lambda q: ["x", "y"])
    assert (scores.hit1, scores.by_kind["lookup"].hit1, scores.by_kind["named"].mrr) == (0.5, 1.0, 0.5)


def test_rag_eval_on_the_conference_sets_over_the_seed_index(
    seeded: Settings, tmp_path: Path, capsys: pytest.CaptureFixture[str], rag_main: Callable[..., int]
) -> None:
    assert rag_main(seeded, "eval", "--set", "dev", "--json", "--modes", "hybrid") == 0
    row = json.loads(capsys.readouterr().out)["hybrid"]
    assert row["n"] >= 20 and row["hit@5"] >= 0.9  # the dev questions about the seed papers, renamed to seed ids
    assert {"lookup", "absent"} <= set(row["by_kind"])
    bad = tmp_path / "foreign.jsonl"
    bad.write_text(json.dumps({"id": "x", "question": "?", "gold": ["nowhere"]}) + "\n")
    assert rag_main(seeded, "eval", "--set", str(bad)) == 1
    assert "names a paper of this index" in capsys.readouterr().err


def test_rag_eval_writes_each_questions_result_and_lists_what_moved(
    seeded: Settings, tmp_path: Path, capsys: pytest.CaptureFixture[str], rag_main: Callable[..., int]
) -> None:
    questions = tmp_path / "three.jsonl"
    rows = [
        {"id": "suit", "kind": "named", "question": "What does SUIT do?", "gold": [SEED], "facts": ["subspace"]},
        {"id": "absent", "kind": "absent", "question": "How many GPUs did SUIT train on?", "gold": [SEED]},
        {"id": "off", "kind": "unanswerable", "question": "Which papers forecast volcanic eruptions?", "gold": []},
    ]
    questions.write_text("".join(json.dumps(r) + "\n" for r in rows))
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    args = ["eval", "--set", str(questions), "--modes", "hybrid", "--answers", "--answer-modes", "extractive"]
    assert rag_main(seeded, *args, "--results", str(first)) == 0
    assert "declining a detail: precision" in capsys.readouterr().out
    results = [json.loads(line) for line in first.read_text().splitlines()]
    assert [r["id"] for r in results] == ["suit", "absent", "off"]
    assert results[0]["gold_cited"] and results[0]["read_as"] == "lookup" and results[2]["refused"]
    # an earlier run where SUIT was declined: the diff names that question and only it
    results[0] = {**results[0], "refused": True, "reason": "off_topic"}
    first.write_text("".join(json.dumps(r) + "\n" for r in results))
    assert rag_main(seeded, *args, "--results", str(second), "--diff", str(first)) == 0
    out = capsys.readouterr().out
    assert "suit (extractive) [named] declined (off_topic) -> gold" in out and "1 of 3 questions moved" in out
