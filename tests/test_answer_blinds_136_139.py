"""Answers read off blinds 136 to 139 over the 500-paper fixture: what a method uses to do a thing, a property proved,
"compared with X?" alone after an answer, "that training recipe" of the paper just discussed, a name with another
hyphen, "which ones?" of the things said before, the cause named after a problem, two papers described asked whether
they relate, and a new topic opened by "btw"."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "For the AI4S-RL epsilon-N analysis, which mathematical tools do they use to derive optimal grid "
            "strategies?",
            "BZnnIeeQox",
            ("spectral theory and Sobolev estimates",),
        ),
        (
            "Graphon cross-validation: what theoretical property do they prove for their CV score?",
            "8J3GTeQmwl",
            ("asymptotically parallel to the estimation error",),
        ),
    ],
)
def test_a_detail_said_in_plain_words_is_stated(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    """Blind 136: both were "does not state"; the second asked a figure for "their CV score"."""
    assert_states(extractive_500.answer(question), paper, stated)


@pytest.mark.parametrize(
    ("first", "paper", "question", "stated"),
    [
        (
            "Which paper builds a generalist LLM-as-judge model?",
            "rKOJ59LuyI",
            "They split judging ability into levels, right? which ones?",
            ("objective verification, subjective evaluation, and rubric refinement",),
        ),
        (
            "Which papers rethink how forecasting models capture periodicity?",
            "Ty8Z51mjgd",
            "what root cause do they blame for fixed-period models failing?",
            ("frequency competition",),
        ),
        (
            "Is there a link between how spread out embeddings are and perplexity?",
            "qvVrAMdK2F",
            "ok and how does that help with kNN-LM?",
            ("retrieval‐based methods such as kNN‐LM",),
        ),
    ],
)
def test_a_follow_up_the_abstract_answers_is_answered(
    extractive_500: Assistant, first: str, paper: str, question: str, stated: tuple[str, ...]
) -> None:
    """Blinds 136, 138 and 139: "which ones?" lost the levels said before it, the cause named in the sentence after
    the problem was not quoted, and "kNN-LM" was a name the abstract did not say, as it writes "kNN‐LM"."""
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=(paper,))])
    assert_states(answer, paper, stated)


@pytest.mark.parametrize(
    ("first", "paper", "question", "other"),
    [
        (
            "What does ALS-LoRA do for low-bit quantization?",
            "ab4wG3EjnQ",
            "and compared to the other ALS paper, the activation-aware low-rank compression one?",
            "mPaCjGhJE1",
        ),
        (
            "TSDyG — what's the trick?",
            "ojVcsWXPpU",
            "compared with the l1 latent distance continuous-time graph paper?",
            "pW1Kg9CYyw",
        ),
        (
            "What does ReasonMap do?",
            "i0lgyjTAPe",
            "How does that training recipe compare to ChemDFM-R's?",
            "22Nyp0nW6g",
        ),
    ],
)
def test_the_paper_just_discussed_is_compared_with_the_one_asked_of(
    extractive_500: Assistant, first: str, paper: str, question: str, other: str
) -> None:
    """Blinds 137 to 139: "compared with X?" alone was a lookup of X; "that training recipe" was searched as a paper."""
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=(paper,))])
    assert answer.kind == "compare" and set(answer.cited_ids) == {paper, other}, answer.text


def test_two_papers_described_and_asked_whether_they_relate_are_compared(extractive_500: Assistant) -> None:
    """Blind 137: declined as "does not state", citing the first paper alone."""
    question = (
        "Are the multi-objective bilevel learning paper and the tensor-output Bayesian optimisation paper solving "
        "related problems at all?"
    )
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == {"4jECZ8epaB", "BgX4s1d2d0"}, answer.text


def test_btw_opens_a_new_topic(extractive_500: Assistant) -> None:
    """Blind 137: "btw the one that compresses LLaVA-type models in the frequency domain, how does that work?" was
    answered about the optimizer-quantization paper just discussed."""
    turns = [
        Turn(question="Does the choice of optimizer matter once you quantize?", answer="...", cited=("mVldAuDAn5",))
    ]
    question = "btw the one that compresses LLaVA-type models in the frequency domain, how does that work?"
    answer = extractive_500.answer(question, turns)
    assert not answer.follows and answer.cited_ids[:1] == ("DYO9cA1uIU",), answer.text


@pytest.mark.parametrize(
    ("first", "paper", "question", "stated"),
    [
        (
            "any papers about symmetry or equivariance in scientific ML?",
            "VgZ8BJkneV",
            "what constraints does LieDynNet put on the generators?",
            ("infinitesimal invariance condition",),
        ),
        (
            "Are there papers on making linear attention more expressive?",
            "R6DrJ4tnGV",
            "the sparse state expansion one - what's the core trick for updating the state?",
            ("softmax-based top-$k$ hard classification",),
        ),
    ],
)
def test_a_follow_up_gets_what_its_sentence_leaves_unsaid(
    extractive_500: Assistant, first: str, paper: str, question: str, stated: tuple[str, ...]
) -> None:
    """Blind 138: "... enforced both via IIC ..." needs the sentence defining IIC; "First, we introduce a row-sparse
    update formulation ..." the one after it, saying what it enables."""
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=(paper,))])
    assert_states(answer, paper, stated)
