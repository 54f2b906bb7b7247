"""Answers read off blinds 108 and 109 over the 500-paper fixture: parts the abstract states that were declined or
answered by another sentence (a divergence named in brackets, a model with its version after a dot, a study asked
"compared to what methods assume", the key idea of a method derived after a first proposal), follow-ups answered whole
that missed the sentence stating what they ask (a step of a method by its place, the compute a method needs), and
comparisons asked in a person's words (the difference "between them" of two set up in one sentence, a difference
whose other side is the paper just discussed, a paper named in a heading set against it), and figures asked against a
baseline, which compare no two papers, and a value set for a thing: each declined where the abstract gives none."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "which divergence does the unsupervised infant subcortical parcellation network use as its clustering "
            "objective?",
            "ruc8X3bxZc",
            ("generalized Cauchy-Schwarz divergence",),
        ),
        (
            "lucidflux - which diffusion transformer do they adapt, and where does semantic alignment come from if "
            "they don't use captions?",
            "qrCAGOE483",
            ("Flux.1", "SigLIP features"),
        ),
        (
            "in the study of real human interventions for robot learning, how do humans actually intervene compared "
            "to what methods assume?",
            "uEtTUMEipU",
            ("sub-optimally in both the timing and execution",),
        ),
        ("What's the key idea behind Lana for test-time adaptation?", "YtiZpRAv7e", ("unlearns irrelevant source",)),
    ],
)
def test_a_part_the_abstract_states_is_answered(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "lookup", answer.text
    assert_states(answer, paper, stated)


@pytest.mark.parametrize(
    ("first", "cited", "follow_up", "stated"),
    [
        (
            "math reasoning papers that deal explicitly with concepts, definitions or theorems?",
            ("pRSRiXdpkm", "i0lgyjTAPe"),
            "ReasonMap's second stage, what training method does it use?",
            "Direct Preference Optimization",
        ),
        (
            "Recent ML approaches for routing problems like TSP and VRP?",
            ("02mBAZjFzp", "A1JfGuXJvM"),
            "How heavy is VRPAgent computationally, does it need GPUs?",
            "a single CPU core",
        ),
    ],
)
def test_a_follow_up_is_answered_by_the_sentence_that_states_it(
    extractive_500: Assistant, first: str, cited: tuple[str, ...], follow_up: str, stated: str
) -> None:
    answer = extractive_500.answer(follow_up, [Turn(first, "", cited)])
    assert answer.kind == "lookup", answer.text
    assert stated in answer.text, answer.text


def test_two_set_up_in_one_sentence_are_compared(extractive_500: Assistant) -> None:
    answer = extractive_500.answer(
        "I need synthetic time series for augmentation. One diffusion paper splits the series into low/high frequency "
        "parts, and OATS generates data online while training a foundation model. What's the practical difference "
        "between them?"
    )
    assert answer.kind == "compare", answer.text
    assert set(answer.cited_ids) == {"qHfPIVFGxs", "nP6dVUWZAE"}, answer.text
    assert "low- and high-frequency" in answer.text, answer.text


def test_a_difference_whose_other_side_is_the_paper_just_discussed(extractive_500: Assistant) -> None:
    answer = extractive_500.answer(
        "How is LLaVA-FA's take on joint low-rank + quantization different?",
        [Turn("can you just stack quantization on top of low-rank decomposition for LLMs?", "", ("DvB066Mw9m",))],
    )
    assert answer.kind == "compare", answer.text
    assert set(answer.cited_ids) == {"DvB066Mw9m", "DYO9cA1uIU"}, answer.text
    assert "frequency domain" in answer.text, answer.text


def test_a_paper_named_in_a_heading_is_set_against_the_paper_just_discussed(extractive_500: Assistant) -> None:
    answer = extractive_500.answer(
        "different interp angle: the bag-of-words superposition paper - how does what it studies differ from this?",
        [Turn("can you tell what a model was finetuned on just by diffing its activations?", "", ("qyVzZsrsnS",))],
    )
    assert answer.kind == "compare", answer.text
    assert set(answer.cited_ids) == {"qyVzZsrsnS", "7akSRQS5Xh"}, answer.text


@pytest.mark.parametrize(
    ("question", "paper"),
    [
        ("How long does NeTheR take to run compared with its baselines, and on what hardware?", "NnMcIU99DA"),
        ("How much ImageNet accuracy does PsychoNet lose compared to a standard ResNet-50?", "FWEGmkHTJX"),
        (
            "In OPGD (the NTK continual learning paper), what value do they use for the gradient-norm penalty "
            "coefficient?",
            "NE2yIxdo1w",
        ),
    ],
)
def test_a_figure_the_abstract_does_not_give_is_declined(extractive_500: Assistant, question: str, paper: str) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "lookup", answer.text
    assert answer.refused and answer.cited_ids == (paper,), answer.text
