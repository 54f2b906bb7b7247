"""Answers read off blinds 148 to 151 over the 500-paper fixture: the items an enumeration marks or names after the
sentence announcing them, what a paper introduces asked of it, tools named in plain words, a paper's name given in
plain English, and models asked for of a sentence that names none."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        ("What are the two components of SAES-SVD?", "KMAYsQO8pU", ("(CEALC)", "(ACES)")),
        ("OUSAC has two stages - what does each stage do?", "Zd1SwHfB0R", ("Stage-1", "Stage-2")),
        (
            "For transferring GCNs across graph sparsity, what model do they introduce and what does the bound "
            "decompose into?",
            "HtMt9XNZv6",
            ("Stretched Graphon Convolutional Networks (SWNNs)", "expected edge density"),
        ),
        (
            "Autoformalizer with Tool Feedback: which tools give the feedback, and how big is the dataset they "
            "open-source?",
            "4fm4Rc5fUK",
            ("Lean 4 compilers", "750K synthetic formal statements"),
        ),
        (
            "which small models do they test the Navigation templates on, and what bigger model do those end up "
            "beating?",
            "R8A12kykPG",
            ("Qwen2.5-3B-Instruct", "GPT-3.5-Turbo"),
        ),
        (
            "Self-Critique for RL-stage contamination: what's the benchmark they built called, and how big is the AUC "
            "gain?",
            "EjiJmiA6ea",
            ("RL-MIA", "30%"),
        ),
        (
            "Fully dynamic coreset spectral clustering: what's the worst-case edge update time, and what's the core "
            "data structure called?",
            "FQ2dMjf88y",
            ("Just-in-Time Sampling Trees",),
        ),
    ],
)
def test_a_detail_the_abstract_states_is_stated(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    """Blinds 113 to 151: each quoted the first item and not the second, was "not stated", or was declined as
    off-topic ("Navigation" is no coined name)."""
    assert_states(extractive_500.answer(question), paper, stated)


def test_a_remedy_a_follow_up_asks_of_a_study_is_quoted(extractive_500: Assistant) -> None:
    """Blind 149: "did they try to improve it? how?" after an answer on the metacognition study quoted what it measured,
    not "We further explore two complementary approaches for strengthening metacognition: ..."."""
    first = "Do reasoning models have metacognition? has anyone studied it?"
    answer = extractive_500.answer(
        "did they try to improve it? how?", [Turn(question=first, answer="...", cited=("JGG9EdHyZc",))]
    )
    assert_states(answer, "JGG9EdHyZc", ("prompt-driven control",))


def test_the_items_a_follow_up_asks_are_quoted(extractive_500: Assistant) -> None:
    """Blinds 128 and 151: "They mention two strategies inside the supervised stage, what are they?" quoted "(i) We
    introduce a novel model-merging scheme ..." and not "(ii) We use ensemble training ..."."""
    first = "Is there a vision encoder built specifically for document understanding and web agents?"
    answer = extractive_500.answer(
        "They mention two strategies inside the supervised stage, what are they?",
        [Turn(question=first, answer="...", cited=("kgk0NqjsoW",))],
    )
    assert_states(answer, "kgk0NqjsoW", ("model-merging scheme", "ensemble training"))


@pytest.mark.parametrize(
    "question",
    [
        "Which LLMs did the Pluto benchmark evaluate? Is GPT-4o or Claude among them?",
        "lol ok, the O-RAN warehouse robots paper: which foundation model do they split, and how many robots were in "
        "the experiments?",
    ],
)
def test_models_no_sentence_names_are_declined(extractive_500: Assistant, question: str) -> None:
    """Blinds 149 and 151: "state-of-the-art LLMs ... at pass@1" and "a robust Foundation Model (FM)-empowered O-RAN
    framework" were quoted as naming the models asked for."""
    answer = extractive_500.answer(question)
    assert answer.refused, answer.text


def test_a_comparison_asked_in_other_words_cites_both(extractive_500: Assistant) -> None:
    """Blind 148: "Is TAIL doing the same kind of meta-learning as the paper using LLMs as in-context meta-learners
    ...?" and blind 151's "hmm, and the paper that groups patches into semantic regions instead, how does it differ?"
    were answered of one paper."""
    answer = extractive_500.answer(
        "Is TAIL doing the same kind of meta-learning as the paper using LLMs as in-context meta-learners for "
        "hyperparameter selection?"
    )
    assert set(answer.cited_ids) == {"VMmFVOsD5m", "Dm5YpaSYzS"}, answer.text
    first = "are there RL methods that make MLLMs use fewer visual tokens?"
    answer = extractive_500.answer(
        "hmm, and the paper that groups patches into semantic regions instead, how does it differ?",
        [Turn(question=first, answer="...", cited=("gxNTP2eER3",))],
    )
    assert set(answer.cited_ids) == {"gxNTP2eER3", "avdPTUXdPG"}, answer.text
