"""Answers read off blinds 98 and 99 over the 500-paper fixture: parts the abstract states that were declined or
answered by another sentence (a module read by its verb, a fix asked by its name, a speedup in orders of magnitude, a
task the title names, parameters asked which, an error analysis asked what it found), a comparison's "How it works"
left empty where the method is named last, and follow-ups (an evaluation the paper builds, a count in other words, a
paper's conclusions lined up with another's)."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "The temporal knowledge graph paper that disentangles event-level causality (HEDRA): which module handles "
            "non-causality, and how many datasets did they test on?",
            "RdoXks7VmJ",
            ("counterfactual detector module", "five real-world datasets"),
        ),
        (
            "the paper explaining RLVR's weird learning curves with a concept network model: what average degree does "
            "the concept web get pinned to, and what is their fix called?",
            "O6cpWGn021",
            ("average degree of two", "Annealed-RLVR"),
        ),
        (
            "What is Octax built on, i.e. which old system does it emulate in JAX, and roughly how much faster is it "
            "than CPU emulators?",
            "BdeUsYlyIf",
            ("CHIP-8 emulation", "orders-of-magnitude speedups"),
        ),
        (
            "There's a statistical-physics analysis of why softmax attention beats linear attention. What toy task do "
            "they use, and what's the population-level result?",
            "R44n1gZNjQ",
            ("single-location regression task", "softmax achieves the Bayes risk"),
        ),
        (
            "ESSA does gradient-free alignment with evolution strategies. Which parameters does it actually search "
            "over?",
            "1MX3QC0bSH",
            ("singular values",),
        ),
        (
            "How many puzzles are in PuzzleWorld, and what kind of reasoning failure did their error analysis point "
            "to?",
            "5sAsjb2jCb",
            ("667 puzzlehunt-style problems", "myopic reasoning"),
        ),
    ],
)
def test_a_part_the_abstract_states_is_answered(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    assert_states(extractive_500.answer(question), paper, stated)


@pytest.mark.parametrize(
    ("question", "papers", "stated"),
    [
        (  # BRAL-T is named after its sampling policy
            "active learning question: DW-MALA (the Langevin one) vs BRAL-T (TrustSet + RL). how do they differ in how "
            "they pick samples to label?",
            ("hYgoHKCscN", "xfUu6qhKcv"),
            "reinforcement learning (RL)-based sampling policy",
        ),
        (  # QDF is named after its training objective
            "For time-series forecasting, one paper (STAR) changes the architecture to go coarse-to-fine and another "
            "(QDF) changes the training objective. How do they differ in detail?",
            ("r6p9eaJP5d", "vpO8n9AqEG"),
            "quadratic-form weighted training objective",
        ),
        (  # C2AL is first named where it is evaluated
            "Recommendation papers: C2AL (cohort-contrastive auxiliary learning) vs Hy-ClustRec for cold start. what's "
            "the main mechanism in each?",
            ("A3YMCRm9JJ", "B3jlwFJ2mb"),
            "partially conflicting auxiliary labels",
        ),
    ],
)
def test_a_method_named_last_shows_how_it_works(
    extractive_500: Assistant, question: str, papers: tuple[str, str], stated: str
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == set(papers)
    assert stated in answer.text and "| — |" not in answer.text, answer.text


def test_a_follow_up_on_how_the_evaluation_was_set_up_quotes_the_benchmark_the_paper_builds(
    extractive_500: Assistant,
) -> None:
    before = Turn("How good are LLMs at imperfect-information card games?", "", ("lAd8vjQhQG",))
    answer = extractive_500.answer(
        "how did they set up the evaluation so the comparison between models is fair?", [before]
    )
    assert answer.cited_ids == ("lAd8vjQhQG",) and "duplicate round-robin tournament" in answer.text, answer.text


def test_a_count_asked_in_other_words_is_told(extractive_500: Assistant) -> None:
    before = Turn(
        "self-evolving data generation for math reasoning with several cooperating agents?", "", ("I1garriWB7",)
    )
    answer = extractive_500.answer("and how many seed problems does the whole loop start from?", [before])
    assert not answer.refused and "100 seed questions" in answer.text, answer.text


def test_conclusions_lined_up_with_a_described_paper_compare_the_two(extractive_500: Assistant) -> None:
    before = Turn("can text-to-image models draw step-by-step solutions to math problems?", "", ("UDeDdxZOwl",))
    answer = extractive_500.answer(
        "How do its conclusions line up with the paper on diffusion models not generating the right number of objects?",
        [before],
    )
    assert answer.kind == "compare" and answer.cited_ids == ("UDeDdxZOwl", "vOzeSlZIRn"), answer.text


def test_a_pronoun_for_people_is_no_word_no_abstract_says(extractive_500: Assistant) -> None:
    """Blind 98, at 19,630 papers: "the automatic UV unwrapping paper that tries to put seams where nobody will see
    them" was declined as about nothing the index holds, no abstract saying "nobody"."""
    keyword = extractive_500.retriever.keyword_index()
    unseen = keyword.unseen("the UV unwrapping paper that tries to put seams where nobody will see them")
    assert not any(t.startswith("nobod") for t in unseen), unseen


def test_a_gpu_asked_is_not_told_by_the_title_words_before_model(extractive_500: Assistant) -> None:
    """Blind 92's absent detail, guarding the title's words as a name (blind 99): "What GPU model was used ...?" is no
    "robust Foundation Model" the title says."""
    question = "What GPU model was used in the foundation-model O-RAN robot sorting experiments?"
    assert extractive_500.answer(question).refused
