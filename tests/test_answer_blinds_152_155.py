"""Answers read off blinds 152 to 155 over the 500-paper fixture: things said by the model they are built like or each
in plain words, a name a paper introduces in capitalised words, a field's acronym spelled out, models by their
family, a level, a follow-up past the paper's own name, where a thing comes from, two papers set up and asked of
each, and what another thing of the paper is built from."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "EffComp for RAG prompt compression: what compression ratio, and what models does it use to pick "
            "sentences?",
            "qSKDBVXhHJ",
            ("78.4x", "BERT-style document reranker"),
        ),
        (
            "In the ProConMV diabetic retinopathy paper, which two uncertainties feed the verification module?",
            "9gc58FeBba",
            ("lesion concept uncertainty and grading uncertainty",),
        ),
        (
            "In the RL paper on visual feedback for text layout generation, what does the reward model measure? And "
            "did fancy process rewards help?",
            "wUYRMxrULV",
            ("OCR accuracy and aesthetic measures", "simple outcome-based rewards are more effective"),
        ),
        (
            "SCOPE (mixture of encoders for VLMs): at what level does it route, and how much compute does it save?",
            "GxEyklHpWB",
            ("instance-level routing", "24-49"),
        ),
    ],
)
def test_a_detail_the_abstract_states_is_stated(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    """Blinds 114 to 155: each was "not stated" ("BERT-style" is no name, "lesion concept uncertainty" none either,
    "did fancy process rewards help?" asked a figure, "instance-level" is no name of a level)."""
    assert_states(extractive_500.answer(question), paper, stated)


@pytest.mark.parametrize(
    ("first", "paper", "question", "stated"),
    [
        ("what is FERA?", "9k3YQovRfk", "what's the name of their aggregation component?", ("Uncertainty-Aware",)),
        (
            "Does LoRA help with privacy when fine-tuning LLMs?",
            "xTVKObXd5r",
            "which model families did they evaluate on?",
            ("Pythia, Gemma, Llama, and Qwen",),
        ),
        (
            "How does ELAS speed up LLM pre-training?",
            "gvDyT1KucD",
            "which activation function do they use in the FFNs?",
            ("squared ReLU",),
        ),
        (
            "what papers reduce the number of visual tokens in multimodal LLMs?",
            "gxNTP2eER3",
            "How is the reward set up in Sparsity Forcing?",
            ("joint rewards",),
        ),
    ],
)
def test_a_follow_up_is_told_what_the_abstract_states(
    extractive_500: Assistant, first: str, paper: str, question: str, stated: tuple[str, ...]
) -> None:
    """Blinds 152 and 155: "Uncertainty-Aware Aggregation" names no thing by the rules, "FFNs" is not in the abstract
    ("feed-forward networks" is), "Pythia, Gemma, Llama, and Qwen families" names no model; the judge read the
    sentence proposing "Sparsity Forcing" likeliest."""
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=(paper,))])
    assert_states(answer, paper, stated)


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (
            "I'm looking at SARSteer and the paper that links hallucinations with jailbreaks. Is one a defence and the "
            "other an analysis? what does each propose?",
            {"pz3WCd3HtG", "MbkgZu9v7S"},
        ),
        (
            "Econ-flavoured ML: the gradient-based principal-agent contract design paper and the opponent-shaping one "
            "for sustainable investment. Any overlap in method?",
            {"1d9r7OaqyO", "Etu7q4KcZ7"},
        ),
        (
            "There's MUSE for tabular watermarking and Harpoon for conditional tabular diffusion. How does each one "
            "steer generation?",
            {"R1QuNKyVOw", "G5g6tDg1ZE"},
        ),
    ],
)
def test_two_papers_set_up_and_asked_of_each_are_compared(
    extractive_500: Assistant, question: str, papers: set[str]
) -> None:
    """Blinds 150 and 153: each was answered of one paper."""
    answer = extractive_500.answer(question)
    assert set(answer.cited_ids) == papers, answer.text


def test_what_another_thing_of_the_paper_is_built_from_is_no_answer(extractive_500: Assistant) -> None:
    """Blinds 131, 145 and 154: "what base LLM is IntelliAsk fine-tuned from?" was told by "we train IntelliReward, a
    reward model built from a frozen Autoregressive LLM"."""
    answer = extractive_500.answer("what base LLM is IntelliAsk fine-tuned from?")
    assert answer.refused, answer.text
