"""The rules read off blinds 124 and 125, each with its examples and counterexamples: two findings set against each
other and asked whether "these" conflict, a link's digits that are no result, the pieces a follow-up counts, and the
methods a described paper tried, asked of it."""

from __future__ import annotations

from rag.reading.introduced import introduced_sides
from rag.reading.parts import split_parts
from rag.reading.questions import read_question

from .conftest import says_piece


def test_two_findings_asked_whether_these_conflict() -> None:
    """Blind 124: "One paper says ..., while VisionReasoner claims .... Do these results actually conflict?" and "...,
    but the SSE paper .... How do these fit together?" set up two papers; "these models" asked of one sentence does
    not."""
    conflict = (
        "One paper says VLMs can't count to 20, while VisionReasoner claims gains on counting. Do these conflict?"
    )
    assert introduced_sides(conflict) == (
        "One paper says VLMs can't count to 20",
        "VisionReasoner claims gains on counting",
    )
    fit = "The regression paper says softmax beats linear attention, but the SSE paper scales it up. How do these fit?"
    assert introduced_sides(fit) == (
        "The regression paper says softmax beats linear attention",
        "the SSE paper scales it up",
    )
    assert introduced_sides("Attention is slow, but people still use it. How do these models work?") is None


def test_a_link_is_no_result_and_counted_pieces_are_each_said() -> None:
    """Blind 124: "https://anonymous.4open.science/r/ReasonMap-6A83" is no result sentence; "What do the two training
    stages consist of?" is told by "The first stage, ..." and "The second stage, ..."."""
    asked = "What do the two training stages consist of?"
    assert says_piece(asked, {"ReasonMap"}, "The first stage, Foundational Model Training, builds a model.")
    assert not says_piece(asked, {"ReasonMap"}, "We propose a new task of annotating theorems.")
    assert not says_piece("What does the training stage do?", {"ReasonMap"}, "The first stage builds a model.")


def test_the_methods_a_described_paper_tried_are_asked_of_it() -> None:
    """Blind 125: "Which specific estimation methods did the sparse linear ODE identifiability paper try?" asks a
    detail of that paper, not for papers; "Which methods tackle ODE identifiability?" still asks for papers."""
    asked = "Which specific estimation methods did the sparse linear ODE identifiability paper try, by name?"
    assert read_question(asked).kind == "lookup" and split_parts(asked)[0].asks_detail
    assert read_question("Which methods tackle ODE identifiability?").kind == "list"
