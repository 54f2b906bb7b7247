"""Answers read off blinds 124 and 125 over the 500-paper fixture: two findings asked whether they conflict or fit
together, a follow-up asking what a method's two stages are (not the link to its code), and the methods a described
paper tried, declined as a detail of that paper."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (
            "One paper says VLMs can't even count to 20, while VisionReasoner claims big gains on counting. Do these "
            "results actually conflict?",
            {"5JN68XdDli", "QoDOwjsbAq"},
        ),
        (
            "The single-location regression paper says softmax attention beats linear attention, but the SSE paper "
            "scales up linear attention. How do these fit together?",
            {"R44n1gZNjQ", "R6DrJ4tnGV"},
        ),
    ],
)
def test_two_findings_set_against_each_other_are_compared(
    extractive_500: Assistant, question: str, papers: set[str]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == papers, answer.text


def test_a_follow_up_on_the_two_stages_quotes_each_stage(extractive_500: Assistant) -> None:
    """Blind 124: "What do the two training stages consist of?" of ReasonMap, not its code's link as a result."""
    turns = [Turn(question="What's ReasonMap?", answer="...", cited=("i0lgyjTAPe",))]
    answer = extractive_500.answer("What do the two training stages consist of?", turns)
    assert_states(answer, "i0lgyjTAPe", ("Supervised Fine-Tuning on a hybrid corpus", "Direct Preference Optimization"))
    assert "4open.science" not in answer.text


def test_the_methods_a_described_paper_tried_are_declined_of_that_paper(extractive_500: Assistant) -> None:
    """Blind 125: the abstract names no estimation method; the question asks it of one paper, not for papers."""
    question = "Which specific estimation methods did the sparse linear ODE identifiability paper try, by name?"
    answer = extractive_500.answer(question)
    assert answer.kind == "lookup" and answer.refused and answer.cited_ids == ("BYBKqpZteT",), answer.text
