"""Answers read off blinds 78 to 81 over the 500-paper fixture: two papers set up in any two clauses are compared,
a comparison says more of how each method works, things a question counted and then asks of ("Which ones?") are
named, figures asked by a symbol are declined where no sentence gives them, and follow-ups that relate the paper
just discussed to another in plain words compare the two."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (
            "On learning from human interventions: one paper studies how real users actually intervene, and "
            "TubeDAgger uses reach-tubes. What is each trying to fix about existing interactive imitation learning?",
            {"uEtTUMEipU", "14ZgLZdteo"},
        ),
        (
            "Loss landscape question: the paper with exact Hessian sharpness for deep matrix factorization, and the "
            "one about how the optimizer affects whether models can be merged. What's the main result of each?",
            {"cmuHsIGlqC", "RU76KTF1Da"},
        ),
        (
            "I'm reading up on evidence reliability. Evidence-R1 does RL for RAG explainability, and there's a "
            "fact-checking paper that assumes the knowledge base itself is contaminated with misinformation. What "
            "does each propose?",
            {"eBaNSamS2V", "xJm3HxHJpC"},
        ),
        (
            "optimizer papers - the one analyzing generalization of Lookahead with SGD, and VRAdam. are they even "
            "doing the same kind of thing?",
            {"2yvBq9IMa1", "6BhduwrCp3"},
        ),
    ],
)
def test_two_papers_set_up_in_two_clauses_are_compared(
    extractive_500: Assistant, question: str, papers: set[str]
) -> None:
    """Each was answered about the one paper the search put first."""
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == papers, question


def test_a_comparison_says_how_each_method_works_past_its_first_sentence(extractive_500: Assistant) -> None:
    """Blind 78: PERK's "How it works" quoted "PERK employs two nested optimization loops ..." and not the sentence
    after it, which says what the loops do."""
    answer = extractive_500.answer(
        "ETT and PERK both do gradient updates at test time to deal with long inputs, right? How do they differ in "
        "what gets updated and how it's trained?"
    )
    assert answer.kind == "compare" and "encodes contexts into a low-rank adapter" in answer.text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("The data minimization for LLM prompting paper evaluated on four datasets. Which ones?", "ShareGPT, WildChat"),
        ("LieDynNet pairs neural ODE/PDE models with two families of constraints. which ones?", "algebraic soundness"),
        (
            "StreamGuard introduced a couple of benchmark datasets for video guardrails. What are they called?",
            "Safe2Shot",
        ),
    ],
)
def test_things_counted_and_then_asked_of_are_named(extractive_500: Assistant, question: str, said: str) -> None:
    """Each was declined: "Which ones?" asked of nothing the rules knew; "four datasets spanning ... (ShareGPT,
    WildChat)" was read as counting the datasets without naming them."""
    answer = extractive_500.answer(question)
    assert said in answer.text and "does not state" not in answer.text, question


@pytest.mark.parametrize(
    "question",
    [
        "In the first-token boilerplate detection paper, what k do they use for the k-NN classifier and what exact "
        "accuracy do they get?",
        "neural force field scaling study: what is the fitted power-law exponent they report for the equivariant "
        "architectures?",
    ],
)
def test_a_figure_asked_by_its_symbol_or_as_an_exponent_is_declined_where_none_is_given(
    extractive_500: Assistant, question: str
) -> None:
    """Blinds 79 and 81: "Using a lightweight k-NN classifier, we achieve high accuracy" and "architecture-dependent
    exponents" were quoted as if they gave the figure."""
    assert extractive_500.answer(question).refused, question


def test_a_dataset_named_after_adjectives_in_ed_is_the_one_asked(extractive_500: Assistant) -> None:
    """Blind 79: "the name of the paired sim-real dataset" stopped at "paired", so no dataset was asked for."""
    before = [Turn("humanoid sim-to-real when the robot is carrying stuff — payload issues?", "", ("AC1XQjy8Sa",))]
    answer = extractive_500.answer("what's the name of the paired sim-real dataset they collected?", before)
    assert "TWINS" in answer.text


def test_which_of_these_picks_the_paper_the_words_fit(extractive_500: Assistant) -> None:
    """Blind 79: "which of these has labels ...?" was read as asking "which ha", and declined."""
    cited = ("SLjqdj3LPk", "FkTEc3XEL6", "hZzGX1h9JY")
    before = [
        Turn("I'm looking for new biology datasets or frameworks for ML — microscopy, omics, anything", "", cited)
    ]
    answer = extractive_500.answer("which of these has labels from actual pathologists?", before)
    assert answer.cited_ids[:1] == ("FkTEc3XEL6",) and "expert pathologists" in answer.text


def test_the_paper_just_discussed_set_against_another_in_plain_words_is_compared(extractive_500: Assistant) -> None:
    """Blind 78: "does the numerosity paper go about it the same way?" was answered about the other paper alone."""
    before = [
        Turn("Text-to-image models mess up prompts with many objects. Any training-free fixes?", "", ("h1bvB1hoMZ",))
    ]
    question = "what about getting object counts right - does the numerosity paper go about it the same way?"
    answer = extractive_500.answer(question, before)
    assert answer.kind == "compare" and set(answer.cited_ids) == {"h1bvB1hoMZ", "vOzeSlZIRn"}


def test_a_mechanism_introduced_after_an_adverb_is_the_one_asked(extractive_500: Assistant) -> None:
    """Blind 80: "we first introduce a dynamic token budget mechanism" was no mechanism introduced, so declined."""
    answer = extractive_500.answer(
        "Reinforcement mid-training (RMT): which mechanisms handle overthinking and the easy-vs-hard token issue?"
    )
    assert "dynamic token budget mechanism" in answer.text and not answer.refused


def test_things_asked_by_another_word_are_found_by_the_word_the_abstract_uses(extractive_500: Assistant) -> None:
    """Blinds 80 and 81: "how many people" of "curated by 35 experts" and "which routing problem variants" of
    "multiple problems, including the capacitated VRP ..." were declined."""
    before = [Turn("is there a benchmark for LLM shopping agents?", "", ("ggAJSyCAKf",))]
    people = extractive_500.answer("who wrote the tasks - how many people were involved?", before)
    assert "35 experts" in people.text
    variants = extractive_500.answer("which routing problem variants does VRPAgent try?")
    assert "capacitated VRP" in variants.text and not variants.refused


def test_which_kind_of_method_did_best_is_the_one_a_sentence_ranks(extractive_500: Assistant) -> None:
    """Blinds 80 and 81: "which inference-time intervention did best?" was read as asking a duration and declined;
    read as a name, the sentence naming the datasets came first (the judge: 0.98), not the one that ranks it."""
    answer = extractive_500.answer(
        "in the study on prompt complexity and T2I synthetic data, which inference-time intervention did best for "
        "diversity and aesthetics?"
    )
    assert "prompt expansion" in answer.text and not answer.refused
