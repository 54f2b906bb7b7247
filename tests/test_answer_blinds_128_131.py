"""Answers read off blinds 128 to 131 over the 500-paper fixture: what stabilises training asked as a thing, not a
figure; a benchmark named in lower case then capitals ("nuPlan"); a paper described as "the approach that ..."; two
kinds of entries counted against each other; a model's size against others'; and a method's pieces offered by a
slash."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "In the H-LRU / BD-LRU paper, what stabilises training when scaling window or block size?",
            "fF72TYOKjZ",
            ("L1-normalization of selective gates",),
        ),
        (
            "PoseX dataset size? how many self-docking vs cross-docking entries",
            "qqzxKudD4T",
            ("718 entries for self-docking", "1,312 entries for cross-docking"),
        ),
        (
            "QRad radiology reports: how much does RadGraph-F1 improve, and how big is the model relative to SOTA?",
            "B2HF0p2ZaT",
            ("10.5% in RadGraph-F1", "only 13% of their size"),
        ),
    ],
)
def test_a_detail_the_abstract_states_in_its_own_way_is_stated(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    """Blinds 128 and 131: declined before, or the second part declined."""
    assert_states(extractive_500.answer(question), paper, stated)


@pytest.mark.parametrize(
    ("first", "paper", "question", "stated"),
    [
        (
            "Is there an autonomous driving planner trained like an LLM, pretraining then RL fine-tuning?",
            "uusTA1rBhR",
            "which benchmark was it evaluated on?",
            ("nuPlan benchmark",),
        ),
        (
            "What's PERK?",
            "qxDTe8fIyA",
            "can you explain the meta-training bit, the inner/outer loop thing?",
            ("two nested optimization loops", "parameter-efficient memory module"),
        ),
    ],
)
def test_a_follow_up_on_a_benchmark_or_the_pieces_offered_by_a_slash(
    extractive_500: Assistant, first: str, paper: str, question: str, stated: tuple[str, ...]
) -> None:
    """Blind 131: "Experiments on the nuPlan benchmark ..." was declined; the inner and the outer loop were not
    quoted."""
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=(paper,))])
    assert_states(answer, paper, stated)


def test_a_paper_described_as_the_approach_that_does_something_is_answered(extractive_500: Assistant) -> None:
    """Blind 131: declined before as "does not state what's the approach that uses ..."."""
    turns = [Turn(question="Comp-LTL — what problem does it solve?", answer="...", cited=("XpHpVjPEKy",))]
    question = (
        "ok unrelated, what's the approach that uses the shortest-path distance from the initial state as an "
        "exploration heuristic for sparse reward RL?"
    )
    answer = extractive_500.answer(question, turns)
    assert not answer.refused and answer.cited_ids[:1] == ("pW3xAzdmVs",), answer.text
