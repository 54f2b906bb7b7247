"""Answers read off blinds 106 and 107 over the 500-paper fixture: parts the abstract states that were declined or
answered by another sentence (strategies listed after a colon, a search algorithm that "sits at the core", what a tool
is called, the algorithm a method is built on, a reward that keeps something consistent, the layers fine-tuned, a model
size said as "a 7B-class model"), follow-ups answered whole that missed the remedy or the cause after the problem they
quote, comparisons asked in a person's words (two names offered with "or", "compare them pls", another paper brought in
with "there's also the ... paper", a thing of the field told apart by what it does), and questions that compare nothing
(the best model of a named benchmark against physicians, a guess "or something else", a "vs" inside a clause)."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "LRPO brings online RL to blind face restoration. Which strategies do they use so results don't drift "
            "away from the ground truth?",
            "QR403oUSPM",
            ("ground-truth guided likelihood regularization", "noise-level advantage assignment"),
        ),
        (
            "which search algorithm sits at the core of Hu-MCTs' antibody humanization phase?",
            "TmB7xhr8SK",
            ("Monte Carlo Tree Search",),
        ),
        (
            "There's a model-diffing paper arguing that models finetuned on a narrow domain carry really obvious "
            "biases in their activations. What's their tool called, and what did they find removes that bias?",
            "qyVzZsrsnS",
            ("Activation Difference Lens (ADL)", "mixing pretraining data"),
        ),
        (
            "which benchmark did RegionReasoner introduce, and what reward keeps the multi-round reasoning consistent?",
            "KW6ZNSCrNG",
            ("RegionDial-Bench", "global–local consistency reward"),
        ),
        (
            "LinguaMap: which layers do they fine-tune for language control, and what share of the parameters is that?",
            "r00UxTl8El",
            ("final layers responsible for language control", "3–5% of parameters"),
        ),
        (
            "MedLesionVQA: how does the best MLLM compare with primary physicians in accuracy?",
            "BYtqk6AVuL",
            ("56.2%", "61.4%"),
        ),
    ],
)
def test_a_part_the_abstract_states_is_answered(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "lookup", answer.text
    assert_states(answer, paper, stated)


def test_a_guess_at_what_one_paper_uses_is_no_second_paper(extractive_500: Assistant) -> None:
    """Blind 107: "Which one exactly - SD-Turbo or something else?" offers a guess; the abstract never says which."""
    answer = extractive_500.answer(
        "MagicStain adapts a pretrained single-step diffusion model for virtual staining. Which one exactly - SD-Turbo "
        "or something else?"
    )
    assert answer.kind == "lookup" and answer.refused and answer.cited_ids == ("NqrJ3ggvpu",), answer.text


@pytest.mark.parametrize(
    ("question", "papers", "stated"),
    [
        (
            "story visualization - Story-Iter or LogiStory, what's the core difference in how they get consistent "
            "multi-image stories?",
            {"puBVb9vTah", "OG1JMhoBKU"},
            ("continuously refine each generated image", "multi-agent system that grounds roles, extracts causal"),
        ),
        (
            "two papers on reasoning in continuous space rather than with discrete tokens: the soft-tokens RL one "
            "('Soft Tokens, Hard Truths') and latent lookahead training. compare them pls",
            {"9JjKTp8Jmy", "QpRZY8rLxk"},
            ("performs a multi-step lookahead in latent space",),
        ),
        (
            "post-training compression of LLMs: SparseSwaps versus the null-space PTQ paper - core idea of each?",
            {"oj0OhhqAGN", "2NbpGdeMP7"},
            ("computing optimal 1-swaps", "within the null space of input activations"),
        ),
    ],
)
def test_a_comparison_cites_both_and_says_the_facts(
    extractive_500: Assistant, question: str, papers: set[str], stated: tuple[str, ...]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == papers, answer.text
    assert all(fact in answer.text for fact in stated), answer.text


@pytest.mark.parametrize(
    ("first", "paper", "follow_up", "stated"),
    [
        (
            "Concept erasure for text-to-image models when a provider has to remove lots of concepts at once?",
            "wD55MXF6xr",
            "doesn't stacking a bunch of LoRAs cause interference? how do they deal with that",
            "bi-level orthogonality constraints",
        ),
        (
            "problems with few-shot in-context learning for VQA?",
            "y13mtWvmoG",
            "why do they think more shots stop helping?",
            "extraneous information in the image embeddings",
        ),
        (
            "Is there distributional RL work connected to dopamine neurons?",
            "U1kBsSGmpC",
            "how do they use those distributions when choosing actions? in normal distRL it's mostly a "
            "representation-learning aid",
            "simple policy decoders",
        ),
        (
            "recent methods for graph anomaly or OOD detection?",
            "vjdteya8oa",
            "what exactly does the twin concordance part of CARE do?",
            "difference of affinity distributions across different views",
        ),
        (
            "is there RL work on getting LLMs to actually apply math concepts instead of pattern-matching drills?",
            "pRSRiXdpkm",
            "what model size were the experiments run at?",
            "7B-class model",
        ),
        (
            "How do you train mobile GUI agents online rather than on pre-collected trajectories?",
            "LrXGarwVO8",
            "which RL algorithm is that built on?",
            "adapts GRPO",
        ),
        (
            "training mobile GUI agents online instead of from pre-collected trajectories?",
            "LrXGarwVO8",
            "which policy optimization algorithm do they build on?",
            "adapts GRPO",
        ),
    ],
)
def test_a_follow_up_is_answered_by_the_sentence_that_states_it(
    extractive_500: Assistant, first: str, paper: str, follow_up: str, stated: str
) -> None:
    answer = extractive_500.answer(follow_up, [Turn(first, "", (paper,))])
    assert_states(answer, paper, (stated,))
    assert "does not name" not in answer.text, answer.text


@pytest.mark.parametrize(
    ("first", "paper", "follow_up", "other"),
    [
        (
            "off-policy RL fine-tuning for LLM reasoning - does it work?",
            "quBjNSJMrC",
            "there's also the polychromic objective paper about RL fine-tuning collapsing diversity. how do the two "
            "differ in what they're after?",
            "zzTQISAGUp",
        ),
        (
            "VLA models with some kind of memory or world model?",
            "tmIRNo66Rg",
            "and how does that differ from the VLA that's pretrained on videos of human hands?",
            "nmW77spR1I",
        ),
    ],
)
def test_the_paper_just_discussed_is_compared_with_the_one_brought_in(
    extractive_500: Assistant, first: str, paper: str, follow_up: str, other: str
) -> None:
    answer = extractive_500.answer(follow_up, [Turn(first, "", (paper,))])
    assert answer.kind == "compare" and set(answer.cited_ids) == {paper, other}, answer.text


def test_a_vs_inside_a_clause_after_an_answer_compares_nothing(extractive_500: Assistant) -> None:
    """Blind 107: "... what happens to the logit distribution on the training set vs the test set according to it?"
    after an answer on another topic asks of one paper."""
    answer = extractive_500.answer(
        "switching gears: there's a theory paper on overfitting in imbalanced classification. what happens to the "
        "logit distribution on the training set vs the test set according to it?",
        [Turn("how do you estimate intrinsic dimension with two modalities?", "", ("WSkU78RTGC",))],
    )
    assert answer.kind == "lookup" and answer.cited_ids == ("cKthi6QfUr",), answer.text
