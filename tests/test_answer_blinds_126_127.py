"""Answers read off blinds 126 and 127 over the 500-paper fixture: follow-ups on a method's counted pieces, how it is
done and what motivated it; a paper described and asked by its name; a figure of the paper just discussed against
people; details the abstract says in the part's own words; and two sides, one quoting a title, one a method its
paper calls so."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("first", "paper", "question", "stated"),
    [
        (
            "What is ZePAD?",
            "AYFUmgCpkB",
            "what are the two branches for, exactly?",
            ("Multi-Pattern Adversarial Enhancement Branch", "Benign Memory Preservation Branch"),
        ),
        (
            "why do text-to-image models mess up prompts with lots of objects and attributes?",
            "h1bvB1hoMZ",
            "what are its two modules and what does each one do?",
            ("distance-based masking", "L2-normalization or selective amplification"),
        ),
        (
            "RL fine-tuning keeps collapsing my policy's diversity lol. any paper on that?",
            "zzTQISAGUp",
            "how do they plug it into PPO?",
            ("employs vine sampling", "modifies the advantage function"),
        ),
        (
            "knowledge editing for MoE models, anything?",
            "BV4oHxGBx7",
            "what goes wrong if you just use a dense-model editor on an MoE? thats their motivation right",
            ("induces routing distribution shifts",),
        ),
    ],
)
def test_a_follow_up_on_the_pieces_the_way_or_the_motivation_quotes_them(
    extractive_500: Assistant, first: str, paper: str, question: str, stated: tuple[str, ...]
) -> None:
    """Blinds 126 and 127: each counted piece, the sentence telling how after the one saying it in a word, and the
    problem a follow-up calls their motivation."""
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=(paper,))])
    assert_states(answer, paper, stated)


@pytest.mark.parametrize(
    ("question", "paper"),
    [
        (
            "also, I remember one where a logic solver's feedback is used to ask an LLM for missing commonsense facts. "
            "which was it?",
            "RCsBoUr72G",
        ),
        (
            "also — multi-objective Q-learning where the objectives' uncertainties are correlated, using a Cholesky "
            "factorisation. what's that one called?",
            "U7CezlrHy3",
        ),
    ],
)
def test_a_paper_described_and_asked_by_its_name_is_answered(
    extractive_500: Assistant, question: str, paper: str
) -> None:
    """Blind 126: declined before as "does not state which was it"."""
    turns = [Turn(question="What's Feasibility-Guided Exploration?", answer="...", cited=("5jjCUWg6VV",))]
    answer = extractive_500.answer(question, turns)
    assert not answer.refused and answer.cited_ids[:1] == (paper,), answer.text


def test_a_figure_of_the_paper_just_discussed_against_the_doctors(extractive_500: Assistant) -> None:
    """Blind 127: compared two other papers before, as if "the best model" and "the doctors" were two."""
    turns = [Turn(question="Tell me about MedLesionVQA.", answer="...", cited=("BYtqk6AVuL",))]
    answer = extractive_500.answer("and how did the best model do vs the doctors, in numbers?", turns)
    assert_states(answer, "BYtqk6AVuL", ("56.2% accuracy", "senior specialists (73.2%)"))


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "In 'Sublinear iterations can suffice even for DDPMs', which integrator do they analyse and which analytic "
            "framework do they rely on?",
            "h9kXyRWZGQ",
            ("denoising diffusion randomized midpoint method", "shifted composition rule"),
        ),
        (
            "MSFlow for time series anomaly detection: which four detection perspectives does it fuse, and on how "
            "many benchmarks was it tested?",
            "nPWlYPJkJS",
            ("clustering and reconstruction in both temporal and frequency domains", "10 univariate"),
        ),
        (
            "LiveResearchBench - how many tasks, and what is DeepEval for?",
            "ghwbZ3uhEd",
            ("100 expert-curated tasks", "citation-grounded long-form reports"),
        ),
    ],
)
def test_a_detail_said_in_the_parts_own_words_is_stated(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    """Blinds 126 and 127: "an analytic framework called ...", "four detection perspectives (...)", declined before;
    "what is DeepEval for?", told by the sentence introducing it, not one using it."""
    assert_states(extractive_500.answer(question), paper, stated)


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (
            "How does the VAE disentanglement theory paper ('unpicking data at the seams') relate to FiGuRO? both "
            "seem to be about latent structure",
            {"lG8drgRaFw", "X9QPmuosA7"},
        ),
        (
            "SPICE (bayesian in-context RL) vs GOAT for human-AI coordination. differences?",
            {"tFtqUSOUcM", "AeehNfbHqD"},
        ),
    ],
)
def test_a_side_quoting_a_title_or_calling_its_method_so_is_a_paper(
    extractive_500: Assistant, question: str, papers: set[str]
) -> None:
    """Blind 127: declined before as one paper's question, the title a side quotes read as a name no paper is ("VAE"),
    and "We call our method \\textbf{GOAT}" as no paper's own name."""
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == papers, answer.text
