"""Answers read off blinds 112 and 113 over the 500-paper fixture: new topics asked with an "it" that stands for
nothing ("what does it take to ...?") or as "which one ...?" and "what about that X paper ...?", which ask for a paper,
not a detail; parts the abstract states in its own words (GNNs counted as backbones, modalities named, an RL algorithm
used in training, a model's size in parameters, the insight a proposal builds on); and two papers set up one by one
and asked of "the two"."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("first", "cited", "question", "paper"),
    [
        (
            "Quick q about PiLoRA - how does it decide which neurons get more adaptation capacity?",
            ("ucBa5sNgaS",),
            "what does it take to pretrain low-rank LLMs with 2:4 activation sparsity?",
            "gvDyT1KucD",
        ),
        (
            "I'm reading up on multi-objective bilevel optimisation. What convergence rate does the WC-penalty "
            "algorithm get?",
            ("4jECZ8epaB",),
            "ok, and which one proposes adaptive step-size variance reduction methods that don't need hyperparameter "
            "tuning?",
            "8ms9ddGRnf",
        ),
        (
            "how do you keep a class-conditional diffusion model from collapsing on the tail classes?",
            ("ZF7mCJ31hp",),
            "What about that diffusion paper using the principal eigenvalue of some generator to set the forward "
            "diffusion speed?",
            "3Q2CseQN37",
        ),
    ],
)
def test_a_new_topic_is_answered_about_its_own_paper(
    extractive_500: Assistant, first: str, cited: tuple[str, ...], question: str, paper: str
) -> None:
    answer = extractive_500.answer(question, [Turn(first, "", cited)])
    assert not answer.refused, answer.text
    assert [c.paper_id for c in answer.citations][:1] == [paper], answer.text


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        ("fracaug: how many GNN backbones and datasets were tested?", "Cm89gjDC3P", ("14 GNNs on 12 real-world",)),
        (
            "The uncertainty-aware OCR paper, which RL algorithm do they train with and what uncertainty tag F1 do "
            "they hit?",
            "zyCjizqOxB",
            ("Group Relative Policy Optimization", "0.685"),
        ),
        (
            "Dripper (HTML main content extraction): how big is the language model, and how do they reformulate the "
            "extraction task?",
            "VUD6vh46os",
            ("0.6B parameter model",),
        ),
        (
            "For video dataset distillation, why does SFVD distil into single frames, and how much does it gain on "
            "MiniUCF?",
            "U4iaubcD7N",
            ("single frame is often sufficient", "5.3%"),
        ),
    ],
)
def test_a_part_the_abstract_states_in_its_own_words_is_answered(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "lookup", answer.text
    assert_states(answer, paper, stated)


def test_modalities_are_answered_by_the_sentence_naming_them(extractive_500: Assistant) -> None:
    first = "the brain-inspired emotion recognition paper with 'supramodal concepts', what's that?"
    answer = extractive_500.answer("which modalities does it cover?", [Turn(first, "", ("Mn6Q4LWyiv",))])
    assert not answer.refused, answer.text
    assert "vision, text, and audio" in answer.text, answer.text


def test_two_set_up_one_by_one_and_asked_of_the_two_are_compared(extractive_500: Assistant) -> None:
    answer = extractive_500.answer(
        "Privacy question. One paper says generative text classifiers leak training membership, another says LoRA is "
        "about as private as DP-SGD. How do the two findings fit together?"
    )
    assert answer.kind == "compare", answer.text
    assert {c.paper_id for c in answer.citations} == {"YHz6PybFqK", "xTVKObXd5r"}, answer.text


def test_a_side_described_after_the_paper_just_discussed_is_its_own_paper(extractive_500: Assistant) -> None:
    """Blind 113: the follow-up's scene finds the paper just discussed first; the described side is another paper."""
    first = "How does DyME handle erasing several concepts from a text-to-image model?"
    answer = extractive_500.answer(
        "how does that compare with the partial model collapse unlearning paper for LLMs?",
        [Turn(first, "", ("wD55MXF6xr",))],
    )
    assert answer.kind == "compare", answer.text
    assert [c.paper_id for c in answer.citations] == ["wD55MXF6xr", "1MCQzboBrR"], answer.text


def test_two_modules_asked_are_both_quoted(extractive_500: Assistant) -> None:
    """Blind 112: the second module's sentence carries no enumeration's marker."""
    answer = extractive_500.answer("UDIS for image forgery localisation: what are its two modules?")
    assert_states(answer, "VwztK6dMn0", ("Query-Guided Module (QGM)", "Evidence-Aware Module (EAM)"))


def test_a_yes_no_question_naming_lms_is_asked_of_language_models(extractive_500: Assistant) -> None:
    """Blind 112: "LMs" is met by an abstract that says "language models"; the question is answered, not declined."""
    first = "explain SiFEN like I'm a numerics person"
    answer = extractive_500.answer(
        "Do the circular month representations in LMs come from compression alone? I think there was a superposition "
        "paper on this",
        [Turn(first, "", ("JS6FwZJwFn",))],
    )
    assert not answer.refused and answer.cited_ids == ("7akSRQS5Xh",), answer.text


def test_a_part_asking_how_asks_no_value_its_words_name(extractive_500: Assistant) -> None:
    """Blind 113: "How does Quorus let quantum clients with different hardware train ...?" asks how, not which
    hardware; it was declined for want of a chip's name."""
    answer = extractive_500.answer(
        "How does Quorus let quantum clients with different hardware train models of different depths, and how much "
        "accuracy does it add over SOTA?"
    )
    assert_states(answer, "ZwwFuVQv64", ("layerwise loss function", "12.4%"))
