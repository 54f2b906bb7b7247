"""Answers read off blinds 156 to 159 over the 500-paper fixture: a follow-up quoting the closest sentence beyond those
it quotes anyway, and the likeliest too, a part asking where with its adverb, two papers set up after a dash, as "the
paper showing ...", or asked whether one does a thing and the other another, and a follow-up headed by one cited
paper's name."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("first", "paper", "question", "stated"),
    [
        (
            "What does ICaRus do?",
            "qrMo6R7lOS",
            "what's the key idea that makes the sharing possible though?",
            ("fine-tunes only the logical decoder",),
        ),
        (
            "What's Token Order Prediction?",
            "YJ31taYf2A",
            "why did they think MTP wasn't working in the first place?",
            ("exact future token prediction to be too difficult",),
        ),
    ],
)
def test_a_follow_up_quotes_the_closest_sentence_beyond_those_quoted_anyway(
    extractive_500: Assistant, first: str, paper: str, question: str, stated: tuple[str, ...]
) -> None:
    """Blinds 113 to 157: the sentence closest to the follow-up was the paper's proposal (or the one after it, or its
    result), quoted anyway; the next closest, which said what was asked, was not quoted."""
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=(paper,))])
    assert_states(answer, paper, stated)


@pytest.mark.parametrize(
    ("first", "paper", "question", "stated"),
    [
        (
            "why is fine-tuning large time series models hard?",
            "8o4t5DHaE1",
            "So how do they actually smooth it?",
            ("linear interpolation between their weights",),
        ),
        (
            "Is there work on robots learning from human interventions?",
            "uEtTUMEipU",
            "what exactly did they observe about how people intervene in practice?",
            ("humans often intervene sub-optimally",),
        ),
    ],
)
def test_a_follow_up_quotes_the_likeliest_sentence_beyond_those_quoted_anyway(
    extractive_500: Assistant, first: str, paper: str, question: str, stated: tuple[str, ...]
) -> None:
    """Blinds 113 to 158: the sentence the judge read likeliest to say what the follow-up asks was the paper's proposal,
    quoted anyway (0.93 against 0.92 for "Second, we utilize it to smooth the loss landscape ... through linear
    interpolation between their weights")."""
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=(paper,))])
    assert_states(answer, paper, stated)


def test_a_part_asking_where_exactly_is_answered(extractive_500: Assistant) -> None:
    """Blind 157: "where exactly is the noise injected?" was read as a scene and dropped."""
    answer = extractive_500.answer(
        "diffnoise: where exactly is the noise injected? and which model families did they try it on"
    )
    assert_states(answer, "8cwaRXwpFf", ("input embedding space",))


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (
            "two XAI papers - object-centric visual counterfactual explanations vs the one on the explanation "
            "disagreement problem. what does each contribute?",
            {"IP1WnsGJVc", "RClKXngVN8"},
        ),
        (
            "Theory question. The Dig-DEC paper on adversarial MDPs and the paper showing sublinear iterations for "
            "DDPMs: what's the main result of each?",
            {"lbLAgGF8OO", "h9kXyRWZGQ"},
        ),
        (
            "There's the discounted-RL paper on efficient reasoning and there's SeedThink. Is one a training-time fix "
            "and the other test-time?",
            {"R4GPttoDyn", "cy7YVhpW4u"},
        ),
    ],
)
def test_two_papers_set_up_are_compared(extractive_500: Assistant, question: str, papers: set[str]) -> None:
    """Blinds 157 and 159: the first took the heading into a side (both read "XAI"), the others were answered of one
    paper."""
    answer = extractive_500.answer(question)
    assert set(answer.cited_ids) == papers, answer.text


def test_the_other_side_described_by_its_kind_is_compared_with_the_paper_just_discussed(
    extractive_500: Assistant,
) -> None:
    """Blind 157: after an answer on BadConcepts, "and the robot one that backdoors VLAs with physical objects, how does
    it compare?" was answered of the robot paper alone."""
    turns = [Turn(question="What's BadConcepts?", answer="...", cited=("svxC0Nb9nm",))]
    answer = extractive_500.answer(
        "and the robot one that backdoors VLAs with physical objects, how does it compare?", turns
    )
    assert set(answer.cited_ids) == {"svxC0Nb9nm", "j9k3Oamba8"}, answer.text


def test_a_follow_up_headed_by_a_cited_papers_name_is_asked_of_that_paper(extractive_500: Assistant) -> None:
    """Blind 159: after three LoRA papers, "LoRa-Over: does it keep inference as cheap as vanilla LoRA? and what did
    they evaluate it on?" was answered of ALS-LoRA too, whose abstract also says LoRA."""
    turns = [
        Turn(
            question="what LoRA-related papers are there?",
            answer="...",
            cited=("ab4wG3EjnQ", "yXJO7kVfvz", "MI5o9XwoR5"),
        )
    ]
    answer = extractive_500.answer(
        "LoRa-Over: does it keep inference as cheap as vanilla LoRA? and what did they evaluate it on?", turns
    )
    assert answer.cited_ids == ("yXJO7kVfvz",), answer.text
