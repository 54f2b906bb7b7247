"""Answers read off blinds 132 to 135 over the 500-paper fixture: a count in brackets, a name set beside or said as the
thing asked, what a method leans on, a measure that only describes, "what does it take", an example offered with
"say," and a figure against a baseline, not a second paper."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("first", "paper", "question", "stated"),
    [
        (
            "papers on pruning or compressing LLMs?",
            "mPaCjGhJE1",
            "For the ALS one, how many calibration samples does it need?",
            ("tiny calibration set (256 samples)",),
        ),
        (
            "Can you tell early on that an LLM is about to give a refusal or boilerplate answer?",
            "6ZfviSf3Mu",
            "which classifier do they put on top of those first-token vectors?",
            ("k-NN classifier",),
        ),
        (
            "Anything theoretical on using AI4S surrogates as RL environments?",
            "BZnnIeeQox",
            "what maths do they lean on to get the optimal grid strategies?",
            ("spectral theory and Sobolev estimates",),
        ),
    ],
)
def test_a_follow_up_the_abstract_states_is_not_declined(
    extractive_500: Assistant, first: str, paper: str, question: str, stated: tuple[str, ...]
) -> None:
    """Blinds 132, 134 and 135: each was "does not state", its closest sentence the answer."""
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=(paper,))])
    assert_states(answer, paper, stated)


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "Persistent Shared Memory for zero-shot object navigation: what map do they build and which benchmarks do "
            "they use?",
            "aQia5HdgBY",
            ("Temporally Consistent Semantic Map (TCSM)", "HM3D and MP3D"),
        ),
        (
            "Quorus (quantum federated learning): what's the key training trick for clients with different circuit "
            "depths, and how much does accuracy improve?",
            "ZwwFuVQv64",
            ("layerwise loss function", "12.4% on average"),
        ),
        (
            "For tensor-output Bayesian optimisation, what surrogate model do they use?",
            "BgX4s1d2d0",
            ("tensor-output Gaussian process (TOGP)",),
        ),
    ],
)
def test_a_part_the_abstract_states_is_not_declined(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    """Blinds 133 and 135: "what map" was read as asking mAP, "different circuit depths" as asking a depth, and
    "(TOGP)" as an acronym the question had given."""
    assert_states(extractive_500.answer(question), paper, stated)


def test_what_it_takes_is_asked_of_a_paper_not_a_figure(extractive_500: Assistant) -> None:
    """Blind 132: "... not wreck accuracy?" asked a figure for "accuracy" and was declined."""
    turns = [Turn(question="Which papers deal with harmful fine-tuning?", answer="...", cited=("qur2ef8MqQ",))]
    question = (
        "what does it take to make certified unlearning with DP guarantees not wreck accuracy? i saw a paper on that"
    )
    assert_states(extractive_500.answer(question, turns), "1N3q0tA7AW", ("sequential noise scheduling",))


@pytest.mark.parametrize(
    ("question", "paper"),
    [
        (
            "What's the inference latency overhead of composing DyME's LoRA adapters when you erase, say, 50 concepts "
            "at once?",
            "wD55MXF6xr",
        ),
        ("lana (unlearning-enhanced TTA): what are the numbers on CIFAR-10-C compared with TENT?", "YtiZpRAv7e"),
    ],
)
def test_an_absent_detail_of_one_paper_is_declined(extractive_500: Assistant, question: str, paper: str) -> None:
    """Blind 134: "say, 50 concepts at once" was a part of its own, answered by the experiments sentence; "the numbers
    ... compared with TENT" compared the paper with another one."""
    answer = extractive_500.answer(question)
    assert answer.refused and answer.cited_ids == (paper,), answer.text


def test_a_figure_against_plain_training_is_of_one_paper(extractive_500: Assistant) -> None:
    """Blind 134: "Does LDT add much training-time overhead compared with standard training?" compared LDT with ETT."""
    answer = extractive_500.answer(
        "Does LDT add much training-time overhead compared with standard training? any numbers?"
    )
    assert answer.kind != "compare" and answer.cited_ids == ("jLpjcY1iry",), answer.text


@pytest.mark.parametrize(
    ("first", "paper", "question", "stated"),
    [
        (
            "What's the 'spatiotemporal forecasting as planning' paper?",
            "ASPC2Ut0CB",
            "what role does the beam search play in it?",
            ("Planning Algorithm based on Beam Search", "non-differentiable domain metrics"),
        ),
        (
            "What is E-SUOT for gradual domain adaptation?",
            "xtatNQbMdm",
            "why do they need the entropy regularization part?",
            ("unstable min–max training procedure",),
        ),
        (
            "What's been done recently on virtual staining of pathology images?",
            "NqrJ3ggvpu",
            "single step at high res sounds hard. how did they deal with that?",
            ("two-stage progressive training strategy",),
        ),
    ],
)
def test_a_follow_up_gets_the_sentence_going_on_about_what_it_asks(
    extractive_500: Assistant, first: str, paper: str, question: str, stated: tuple[str, ...]
) -> None:
    """Blinds 132, 134 and 135: what the beam search does is the sentence after it ("This algorithm ..."); why the
    entropy regularization is needed, the problem before "To alleviate this issue"; how they dealt with high
    resolution, the sentence opening "To address the limitations of single-step diffusion models ..."."""
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=(paper,))])
    assert_states(answer, paper, stated)


def test_how_a_paper_meets_a_problem_is_told_by_its_own_sentences(extractive_500: Assistant) -> None:
    """Blind 132: "how does that multi-character portrait animation paper stop the different faces' driving signals
    from interfering with each other?" quoted the problem first and not "we design a spatial-masked cross-attention
    mechanism ..., effectively preventing feature interference"."""
    turns = [Turn(question="how does CylinderSplat handle panoramas?", answer="...", cited=("lEzkct87Uy",))]
    question = (
        "how does that multi-character portrait animation paper stop the different faces' driving signals from "
        "interfering with each other?"
    )
    assert_states(extractive_500.answer(question, turns), "WT9jewYFNQ", ("spatial-masked cross-attention mechanism",))


def test_what_a_piece_is_trained_on_is_said_in_plain_words(extractive_500: Assistant) -> None:
    """Blind 133: "what data is the pseudo-labeler trained on, and why?" of "To prevent confirmation bias, the
    pseudo-labeler is trained exclusively on labeled data" was declined."""
    question = "DPC for class-imbalanced semi-supervised learning: what data is the pseudo-labeler trained on, and why?"
    stated = ("trained exclusively on labeled data", "confirmation bias")
    assert_states(extractive_500.answer(question), "ivaIwRZvTT", stated)
