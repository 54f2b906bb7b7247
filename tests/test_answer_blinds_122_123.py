"""Answers read off blinds 122 and 123 over the 500-paper fixture: parts the abstract states that were declined (a
kernel asked "which kernel did ... line up with", what serves as a reward, a dataset asked "what is it called", a
feature extractor named right before its word) and two papers compared, set up as "another" or brought in as doing the
same "too"."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "CellDuality: if biological outcomes can't be verified, what serves as the reward?",
            "I4meJN28Ol",
            ("fidelity of this reconstruction serves as an intrinsic reward signal",),
        ),
        (
            "Dream4Drive also contributes a dataset I believe - what is it called and what's in it?",
            "z3cFADf6zZ",
            ("DriveObj3D",),
        ),
        (
            "what feature extractor and base metric does PALATE get paired with?",
            "ZH8j1bawk2",
            ("DINOv2 feature extractor",),
        ),
    ],
)
def test_a_part_the_abstract_states_is_answered(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "lookup", answer.text
    assert_states(answer, paper, stated)


def test_a_kernel_asked_whatever_the_question_measures_after(extractive_500: Assistant) -> None:
    """Blind 122: "which kernel did the learned query-prompt scores line up with?" of "... highly correlated with the
    Gaussian kernel"."""
    turns = [Turn(question="is there theory on in-context learning on manifolds?", answer="...", cited=("WbRULwqsIy",))]
    question = "in their numerical check, which kernel did the learned query–prompt scores line up with?"
    assert_states(extractive_500.answer(question, turns), "WbRULwqsIy", ("Gaussian kernel",))


def test_two_papers_set_up_as_another_are_compared(extractive_500: Assistant) -> None:
    """Blind 122: "There's an LLM paper on Dou Dizhu and another that uses Sokoban .... what does each ...?"."""
    question = (
        "There's an LLM paper on Dou Dizhu and another that uses Sokoban for persuasion. what does each one use its "
        "game for?"
    )
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == {"lAd8vjQhQG", "Vc1G038bRw"}, answer.text


def test_a_paper_brought_in_as_doing_it_too_is_compared_with_the_one_discussed(extractive_500: Assistant) -> None:
    """Blind 122: after DiffNoise, "the soft tokens paper also puts noise on embeddings, right? how do the two differ
    ...?" compares the two."""
    turns = [Turn(question="do ViTs benefit from noise augmentation?", answer="...", cited=("8cwaRXwpFf",))]
    question = (
        "the soft tokens paper also puts noise on embeddings, right? how do the two differ in what the noise is for?"
    )
    answer = extractive_500.answer(question, turns)
    assert answer.kind == "compare" and set(answer.cited_ids) == {"8cwaRXwpFf", "9JjKTp8Jmy"}, answer.text
