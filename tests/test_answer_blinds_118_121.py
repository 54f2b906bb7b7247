"""Answers read off blinds 118 to 121 over the 500-paper fixture: parts the abstract states that were declined (a
score's metric beside its figure, a name asked "what's X", tasks listed before the word for them, a count of time
steps, a length of contexts, kinds of a thing counted, how much a change helps, names asked as "what are they called",
a piece of the method a follow-up names), a model the abstract never says, and two papers set up before a dash, as
"I'm comparing" or as "both"."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "What FID numbers does SDErasure report, and what is the Score Rematching loss aligning with?",
            "EWM9JQ6gX7",
            ("reducing FID from 9.51 to 6.74", "anchor concepts"),
        ),
        (
            "ANN-SNN conversion paper on the unevenness error: what ImageNet top-1 do they report and with how many "
            "time steps?",
            "9pZhYkf80k",
            ("74.74", "with only 8 time-steps"),
        ),
        ("How much does swapping in simulators help Private Evolution, in numbers?", "SiqK9UzqNT", ("up to 3X",)),
        (
            "In the short-context dominance paper, how much context do most sequences actually need? and what's DaMCL?",
            "wL3LrVW0by",
            ("only the last 96 tokens", "Distributionally Aware MCL (DaMCL)"),
        ),
        (
            "what is FlashLLA in the local linear attention paper, and what tasks do they validate LLA on?",
            "WGpzi489XY",
            ("associative recall",),
        ),
        (
            "The distortion graph paper (Panda) contributes a dataset and a benchmark; what are they called?",
            "VDfF7NqJJl",
            ("PandaSet", "PandaBench"),
        ),
        (
            "LogiStory introduces a benchmark too, right? what's it called and what does the multi-agent system do?",
            "OG1JMhoBKU",
            ("LogicTale",),
        ),
    ],
)
def test_a_part_the_abstract_states_is_answered(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "lookup", answer.text
    assert_states(answer, paper, stated)


@pytest.mark.parametrize(
    ("first", "cited", "question", "stated"),
    [
        (
            "What's ADOR?",
            "h1bvB1hoMZ",
            "what exactly does the AD-Reviver part do?",
            "applying L2-normalization or selective amplification",
        ),
        (
            "Any recent work on compositional zero-shot learning?",
            "hUtTGobe1r",
            "how does their semantic variant alignment part work?",
            "semantically relevant representation for image-primitives matching",
        ),
        (
            "peptide cyclization with Boltzmann generators - anything?",
            "o3IUCj9Iv5",
            "how many kinds of crosslinks does it cover?",
            "18 possible inter-amino acid crosslinks",
        ),
    ],
)
def test_a_follow_up_the_abstract_states_is_answered(
    extractive_500: Assistant, first: str, cited: str, question: str, stated: str
) -> None:
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=(cited,))])
    assert_states(answer, cited, (stated,))


def test_a_new_topic_asking_how_long_contexts_get_is_answered(extractive_500: Assistant) -> None:
    """Blind 118: a new benchmark asked for, then "how long do their contexts get?" ("from 8K to 64K tokens")."""
    turns = [Turn(question="Any work on traffic signal control with LLM agents?", answer="...", cited=("KeJqoEVOeY",))]
    question = (
        "different topic: is there a benchmark for question answering over several relational tables at once? how "
        "long do their contexts get?"
    )
    assert_states(extractive_500.answer(question, turns), "hxEHr5gJBY", ("ranging from 8K to 64K tokens",))


def test_a_model_the_abstract_never_says_is_declined(extractive_500: Assistant) -> None:
    """Blind 119: ShoppingComp gives GPT-5's and Gemini's scores, not Claude's."""
    answer = extractive_500.answer("How does Claude do on ShoppingComp compared to GPT-5?")
    assert answer.refused and answer.cited_ids == ("ggAJSyCAKf",), answer.text


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (
            "The activation-difference paper on narrow finetuning and the medical knowledge maps paper both poke at "
            "LLM internals. What methods does each use?",
            {"qyVzZsrsnS", "BhqFWlYKUi"},
        ),
        (
            "I'm looking at KV cache papers. FlowKV and the one on randomized eviction plus query routing - are they "
            "solving the same problem?",
            {"i0cjbEuezL", "R7fv5NWfMm"},
        ),
        (
            "I'm comparing the tensor-output Bayesian optimisation paper with combinatorial dueling bandits. both have "
            "'combinatorial' bandit flavours - what's the setting in each?",
            {"BgX4s1d2d0", "GV87Kv70EN"},
        ),
    ],
)
def test_two_papers_the_question_sets_up_are_compared(
    extractive_500: Assistant, question: str, papers: set[str]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == papers, answer.text
