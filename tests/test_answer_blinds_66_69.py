"""Answers read off blinds 66 to 69 over the 500-paper fixture: two papers set up in their own words and asked of
"each" are compared, a side named by a title's one plain word is that paper, and details the abstract states in
plain words are quoted, not declined."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant

FIGHTER, STAR, UNIFY = "Q8f4N71DEK", "r6p9eaJP5d", "Ty8Z51mjgd"


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (
            "H+ and CABA sit on opposite sides of federated learning security. How does each one work?",
            {"CNiJg49vyP", "Vogxs8BzJS"},
        ),
        (
            "I'm weighing Socratic-Zero against AgenticMath as ways to synthesize math training data. How much seed "
            "or generated data does each rely on?",
            {"I1garriWB7", "2aA6YwZYOJ"},
        ),
        (
            "BOWS explains feature geometry with autoencoders, and there's also a paper on ensembling SAEs. What "
            "does each claim about what SAEs/autoencoders learn?",
            {"7akSRQS5Xh", "bEZVJpmXux"},
        ),
        (
            "For graph anomaly detection with limited labels, how do FracAug and DEMO create extra training samples?",
            {"Cm89gjDC3P", "zefuSJ3nOg"},
        ),
        ("UniFy vs Fighter for time series forecasting: how different are the architectures?", {UNIFY, FIGHTER}),
        ("STAR vs Fighter for time series forecasting: what are the architectural differences?", {STAR, FIGHTER}),
        (
            "G2RPO vs E-GRPO — both say GRPO's reward signal is too sparse. how does each make it denser?",
            {"Rs8qiI2GDb", "CByVWPpb8T"},
        ),
    ],
)
def test_two_papers_set_up_in_their_own_words_are_compared(
    extractive_500: Assistant, question: str, papers: set[str]
) -> None:
    """Each was answered about one paper, or about another paper than the one named ("Fighter", a plain word that
    heads its title, was taken for the time-series paper the rest of the question fits best: STAR)."""
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == papers, question


def test_two_words_of_the_field_asked_what_they_do_are_no_two_papers(extractive_500: Assistant) -> None:
    answer = extractive_500.answer("How do LLMs and VLMs handle long inputs?")
    assert answer.kind != "compare"


def test_details_stated_in_plain_words_are_quoted_not_declined(extractive_500: Assistant) -> None:
    """Blind 66: a dataset the paper builds without naming it, an architecture named after the paper ("we introduce
    UniFork, a novel Y-shaped architecture"), what a paper observed "across depth" (read as a figure); blind 69: "how
    much compute does it need?" of "requiring only a single CPU core", which the judge read as not stating it."""
    built = extractive_500.answer(
        "Reasoning models are great at well-posed math, but can they ask for missing information? For the paper "
        "testing this, what dataset did they build?"
    )
    assert "two types of incomplete problems" in built.text and "does not state" not in built.text
    unifork = extractive_500.answer(
        "What did UniFork observe about modality alignment across depth, and what architecture did they propose?"
    )
    assert "progressively increasing modality alignment" in unifork.text and "Y-shaped architecture" in unifork.text
    assert "does not state" not in unifork.text
    compute = extractive_500.answer("VRPAgent: how much compute does it need?")
    assert "a single CPU core" in compute.text and "does not state" not in compute.text
    # a cost given as a formula states it too (dev q005); what compute saves is no compute needed (blind 42)
    theory = extractive_500.answer(
        "How much compute does a learned physics simulator need so that reinforcement learning trained inside it "
        "still gets unbiased value estimates?"
    )
    assert "minimal computational cost" in theory.text and "does not state" not in theory.text
    saved = extractive_500.answer(
        "Pan-cancer screening in CT with a glance-and-focus RL setup: how much compute does it save?"
    )
    assert "5.7 times" in saved.text


def test_benchmarks_a_named_method_was_evaluated_on_are_not_stated_where_no_sentence_names_them(
    extractive_500: Assistant,
) -> None:
    """Blind 69: "What are the three CZSL benchmarks EVA was evaluated on?" quoted "three popular benchmarks", which
    names none."""
    answer = extractive_500.answer("What are the three CZSL benchmarks EVA was evaluated on?")
    assert "does not state" in answer.text


def test_a_method_a_paper_trains_and_then_says_what_it_is_is_that_papers_to_compare_with(
    extractive_500: Assistant,
) -> None:
    """Blind 67: after an answer about CompassJudger-2, "how does this differ from IntelliReward?" was read as a
    question about CompassJudger-2 alone: IntelliReward is no title's name, and "we train IntelliReward, a reward
    model ..." did not count as the paper introducing it."""
    from rag.types import Turn

    before = [Turn("What are the current generalist LLM-as-judge models?", "", ("rKOJ59LuyI",))]
    answer = extractive_500.answer("how does this differ from IntelliReward?", before)
    assert answer.kind == "compare" and set(answer.cited_ids) == {"rKOJ59LuyI", "2UVYeupOsM"}
