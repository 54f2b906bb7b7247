"""Answers read off blinds 96 and 97 (and the same misses in blinds 79 and 82) over the 500-paper fixture: parts the
abstract states that were declined (a name set as a superscript, a score told by its benchmark, a count in words, a
quantity used for a purpose, a framework named in capitals, a rate told by its order, a ratio read as a count) and a
follow-up quoted with the sentence its closest sentence points back to."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        ("what score does DCR²-AD reach on the MMAD benchmark?", "qqlWHIjJ24", ("83.36",)),  # blind 97
        ("what score does DCR²-AD reach on MMAD?", "qqlWHIjJ24", ("83.36",)),  # blind 79
        ("what does DCR2-AD score on the MMAD benchmark for anomaly detection?", "qqlWHIjJ24", ("83.36",)),  # blind 82
        (  # blind 96
            "How many benchmarks was Sparsity Forcing evaluated on, and on which base models?",
            "gxNTP2eER3",
            ("thirteen image and video benchmarks", "Qwen2-VL/Qwen2.5-VL"),
        ),
        (  # blind 97
            "EGEA-DM - what quantity do they use to control how fast the forward diffusion runs?",
            "3Q2CseQN37",
            ("principal eigenvalue",),
        ),
        (  # blind 97
            "In Tokenize Image as a Set, what modeling framework do they come up with for the discrete token sets?",
            "WqSEVQRlUB",
            ("Fixed-Sum Discrete Diffusion",),
        ),
        (  # blind 96
            "ELAS: which activation function do they use, and where exactly is the 2:4 sparsity applied?",
            "gvDyT1KucD",
            ("squared ReLU activation functions", "on the activations after the squared ReLU operation"),
        ),
        (  # blind 97
            "For the stability analysis of Lookahead with minibatch SGD, which assumption do they manage to drop, and "
            "what speedup do they show in the convex case?",
            "2yvBq9IMa1",
            ("linear speedup with respect to the batch size",),
        ),
    ],
)
def test_a_part_the_abstract_states_is_answered(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    assert_states(extractive_500.answer(question), paper, stated)


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (
            "I need to make a model forget some training data. Option A perturbs embeddings of important keywords "
            "(KARMA); option B is certified, DP-style unlearning that spreads noise over subspaces. What's the "
            "trade-off between them?",
            ("sDPattDnqV", "1N3q0tA7AW"),
        ),
        (
            "Long-context papers: ProtoKV compresses the KV cache, and ETT does something at test time. Which does "
            "what exactly?",
            ("kXhPkDaFbJ", "RKHtowV9Yc"),
        ),
    ],
)
def test_two_papers_set_up_as_options_or_asked_which_does_what_are_compared(
    extractive_500: Assistant, question: str, papers: tuple[str, str]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == set(papers), answer.text


@pytest.mark.parametrize(
    "question",
    [
        # blind 96: a sentence with another model's score on the benchmark does not state Claude's
        "What score does Claude get on ShoppingComp?",
        "What are the five datasets MUSE's tabular watermarking is evaluated on?",  # blind 97: "on five datasets"
        # blind 96: the sentence that defines N*(ε) gives no value of it
        "In the unified ε-N analysis of AI4S-RL, what concrete value of N*(ε) do they report for a Navier-Stokes "
        "control task?",
    ],
)
def test_a_detail_the_abstract_does_not_give_is_declined(extractive_500: Assistant, question: str) -> None:
    assert extractive_500.answer(question).refused


def test_a_follow_up_quotes_the_sentence_its_closest_points_back_to(extractive_500: Assistant) -> None:
    before = Turn(
        "generative models for sampling physical systems? quantum ground states, Boltzmann distributions, that kind "
        "of thing",
        "",
        ("Q6TymStAvS", "MQmrcX5jnk"),
    )
    answer = extractive_500.answer(
        "how does the quantum one deal with geometry? i assume it's not plain euclidean", [before]
    )
    assert answer.cited_ids == ("Q6TymStAvS",) and "spherical manifold" in answer.text, answer.text


def test_that_papers_angle_is_the_paper_just_discussed(extractive_500: Assistant) -> None:
    before = Turn("can in-context examples make a VLM more gender biased?", "", ("3rO59y6pgO",))
    answer = extractive_500.answer("How does that paper's angle differ from NH-Fair's?", [before])
    assert answer.kind == "compare" and answer.cited_ids == ("3rO59y6pgO", "GLPmZhhCAE"), answer.text
