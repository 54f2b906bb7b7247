"""Answers read off blinds 116 and 117 over the 500-paper fixture: parts the abstract states that were declined or
answered by another sentence (a follow-up asking what a thing typed with a slash looks like, a figure on a dataset the
part names, models counted as LRMs, a benchmark's name asked as "what's it called", baselines said as "multilingual
models, including ...")."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "the MTTV paper on self-supervised learning with imbalanced data - what gain do they report on "
            "ImageNet-LT and with what backbone?",
            "JVmIa2NA7K",
            ("3% improvement in Imagenet-LT (1k) using Resnet-50",),
        ),
        (
            "The metacognition in large reasoning models paper: how many models did they evaluate, and what did they "
            "try to strengthen metacognition?",
            "JGG9EdHyZc",
            ("five widely used LRMs", "prompt-driven control"),
        ),
        (
            "Self-Critique for spotting RL post-training contamination: what signal does it probe, and what's the "
            "benchmark called?",
            "EjiJmiA6ea",
            ("policy collapse", "RL-MIA"),
        ),
        (
            "For the Tigrigna sentiment work (TigXMM), what accuracy do they get when all modalities are combined, and "
            "which multilingual baselines did they benchmark?",
            "4fktVGNzQX",
            ("89.7", "AfriBERTa"),
        ),
    ],
)
def test_a_part_the_abstract_states_is_answered(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "lookup", answer.text
    assert_states(answer, paper, stated)


def test_a_follow_up_asking_what_a_thing_looks_like_is_answered(extractive_500: Assistant) -> None:
    first = "which paper trains mobile GUI agents with RL in an online environment?"
    answer = extractive_500.answer(
        "what does their RL objective / reward look like?", [Turn(first, "", ("LrXGarwVO8",))]
    )
    assert not answer.refused, answer.text
    assert "trajectory-aware advantages and composite rewards" in answer.text, answer.text
