"""Answers read off blinds 100 and 101 over the 500-paper fixture: parts the abstract states that were declined or
answered by another sentence (strategies asked of an "RL-trained model", mechanisms listed after a colon, the sizes
of two datasets asked together, a distance named after a person), a name the abstract does not give, a comparison's
"How it works" for a side the question describes, and a follow-up asking what led the paper to its way."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "In LRPO for face restoration, which strategies keep the RL-trained model from drifting away from the "
            "ground truth?",
            "QR403oUSPM",
            ("composite reward function", "noise-level advantage assignment"),
        ),
        (
            "how did the Dou Dizhu LLM paper set up a fair benchmark, and what data curation mechanisms did they add?",
            "lAd8vjQhQG",
            ("duplicate round-robin tournament", "real-time in-game feedback augmentation"),
        ),
        ("how big are GUIDrag and ScreenDrag?", "yFXf8ikB5U", ("161K text dragging examples", "5,333 examples")),
        (
            "Which divergence does 'Conjuring Semantic Similarity' compute between the diffusion SDEs induced by two "
            "prompts?",
            "Wf0tGnQOIh",
            ("Jeffreys divergence",),
        ),
    ],
)
def test_a_part_the_abstract_states_is_answered(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    assert_states(extractive_500.answer(question), paper, stated)


def test_names_the_abstract_does_not_give_are_not_stated(extractive_500: Assistant) -> None:
    """Blind 101's absent detail: the abstract introduces "two conformity measures" and never names them."""
    answer = extractive_500.answer(
        "what are the two conformity measures in the paper on inconsistent perturbation-based fidelity metrics "
        "called, and how are they defined?"
    )
    assert answer.cited_ids == ("KFj9mYColu",) and "does not state what are the two conformity" in answer.text


@pytest.mark.parametrize(
    ("first", "paper", "follow_up", "stated"),
    [
        (
            "learned space partitioning for approximate nearest neighbour search?",
            "vzoW8hqnDF",
            "At query time, which distance decides what cells get probed?",
            "Mahalanobis distance",
        ),
        (
            "has dataset distillation been done for video?",
            "U4iaubcD7N",
            "what's their justification for thinking one frame is enough though?",
            "a single frame is often sufficient",
        ),
    ],
)
def test_a_follow_up_is_answered_by_the_sentence_that_states_it(
    extractive_500: Assistant, first: str, paper: str, follow_up: str, stated: str
) -> None:
    answer = extractive_500.answer(follow_up, [Turn(first, "", (paper,))])
    assert_states(answer, paper, (stated,))


def test_a_side_the_question_describes_shows_how_its_named_method_works(extractive_500: Assistant) -> None:
    """Blind 101: "How it works" for VRFT-Aug was "Moreover, we provide empirically grounded insights ...", past the
    sentence that says what VRFT-Aug introduces, as the side was described, not named."""
    before = Turn("visual reinforcement fine-tuning for medical imaging, anything?", "", ("2YBnysBGOg",))
    answer = extractive_500.answer(
        "how's that different from the work on getting medical reasoning models to output a ranked list instead of "
        "one answer?",
        [before],
    )
    assert answer.kind == "compare" and set(answer.cited_ids) == {"2YBnysBGOg", "URRq4xm6kb"}, answer.text
    assert "augment both perception and reasoning" in answer.text, answer.text


def test_two_papers_set_up_after_there_s_are_compared(extractive_500: Assistant) -> None:
    """Blind 100: the second side said with how it does it ("LinguaMap with its layer-targeted finetuning")."""
    answer = extractive_500.answer(
        "For extending LLMs to more languages, there's the universal tokenizer paper and LinguaMap with its "
        "layer-targeted finetuning. What does each propose, and at what stage of training does it act?"
    )
    assert answer.kind == "compare" and set(answer.cited_ids) == {"RMT6CZquly", "r00UxTl8El"}, answer.text
    assert "universal tokenizer that is trained for more languages" in answer.text, answer.text
