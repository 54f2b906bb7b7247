"""Answers read off blinds 102 and 103 over the 500-paper fixture: parts the abstract states that were declined or
answered by another sentence (a reward signal, a rate and its assumptions, the model a speedup is reported on, the
layers fine-tuned, a model named with a lower-case version, a family's name), details the abstract does not give,
comparisons asked in a person's words, and follow-ups (a module's name, a choice, which eigenvalue)."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "Since biological outcomes usually can't be verified, what does CellDuality use as its reward signal?",
            "I4meJN28Ol",
            ("fidelity of this reconstruction",),
        ),
        (
            "what approximation rate does SiFEN achieve, and under what assumptions?",
            "JS6FwZJwFn",
            ("$M^{-m/d}$", "bi-Lipschitz warp assumptions"),
        ),
        (
            "parallel prompting for shared-prefix queries: what speedup do they report and on which model?",
            "T5KBO4IeM2",
            ("Llama3-8B latency",),
        ),
        (
            "LinguaMap: which layers do they end up fine-tuning for language control, and what fraction of the "
            "parameters is that?",
            "r00UxTl8El",
            ("final layers", "3–5% of parameters"),
        ),
        (
            "PoseX cross-docking: how many entries are in that split, and which co-folding model avoided the ligand "
            "chirality issues?",
            "qqzxKudD4T",
            ("1,312 entries", "Boltz-1x"),
        ),
        (
            "In the paper about loss curves collapsing across LLM sizes, what did they name the model family they "
            "trained, and what practical use do they get out of collapse?",
            "3YKeB9R1g9",
            ("Celerity", "early stopping in large-scale hyperparameter tuning"),
        ),
        (
            "the W2A4 hybrid scalar/vector quantization paper (AEC-SVQ): what's the algorithm that compensates for "
            "error accumulated from upstream layers, and which model is the speedup reported on?",
            "k0ewRtjQs0",
            ("Cumulative-Error-Aware Vector Quantization", "LLaMA-30B"),
        ),
        ("OmniV2V's visual-text instruction module is built on top of which model?", "ySLgxJKvgK", ("LLaVa",)),
        # the benchmark's kind said with its name in brackets: "long-document QA (Loong)" (blind 93, held on the way)
        (
            "Which long-document QA benchmark and which model sizes does LiteCoST use for its small-model results?",
            "faECRsdRav",
            ("Loong", "3B/7B SLMs"),
        ),
    ],
)
def test_a_part_the_abstract_states_is_answered(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    assert_states(extractive_500.answer(question), paper, stated)


@pytest.mark.parametrize(
    ("question", "paper", "declined"),
    [
        (
            "Constrained Mass Transport on the ELIL tetrapeptide: what was the actual effective sample size it "
            "reached, as a percentage?",
            "MQmrcX5jnk",
            "does not state what was the actual effective sample size",
        ),
        (
            "what generalization bound does the Lookahead + minibatch SGD stability paper give for non-convex losses?",
            "2yvBq9IMa1",
            "does not state what generalization bound",
        ),
        (
            "In the compressor-predictor information bottleneck paper, what are the five datasets they analyze?",
            "isFHz8qf20",
            "does not state what are the five datasets",
        ),
    ],
)
def test_a_detail_the_abstract_does_not_give_is_not_stated(
    extractive_500: Assistant, question: str, paper: str, declined: str
) -> None:
    answer = extractive_500.answer(question)
    assert answer.refused and answer.cited_ids == (paper,) and declined in answer.text, answer.text


@pytest.mark.parametrize(
    ("question", "papers", "stated"),
    [
        (
            "I need a retriever for a RAG system. FreeRet says MLLMs can retrieve with no training, Retro* trains "
            "with RL for reasoning-heavy retrieval. how do the approaches compare?",
            {"OxDdAscau3", "0WGl8PNMSA"},
            "rubric-based relevance",
        ),
        (
            "how does the imbalanced classification overfitting theory paper relate to the spiked-covariance "
            "regression one with benign/catastrophic overfitting? both high-dim theory but what does each analyze",
            {"cKthi6QfUr", "fFG4wZee3f"},
            "a statistical theory for high-dimensional imbalanced linear classification",
        ),
        (
            "VisionReasoner and PixelThink both put RL on top of an MLLM for perception tasks like segmentation. What "
            "is each one trying to fix?",
            {"QoDOwjsbAq", "wvxq3qNzHB"},
            "compress reasoning length in accordance with scene complexity",
        ),
        (
            "For dynamic graph representation learning I've got two candidates: TMMP with temporal motifs, and TSDyG "
            "which looks at it from a time-series angle. Can you contrast the core ideas?",
            {"MsybA5QcGE", "ojVcsWXPpU"},
            "transforming node interactions into binary time series",
        ),
        (
            "DR-Smoothing vs Antibody - both are LLM safety defenses but against different threats right? how do they "
            "work?",
            {"P0lB2uLHli", "qur2ef8MqQ"},
            "regularizing the gradient contribution of harmful samples",
        ),
    ],
)
def test_a_comparison_cites_both_and_says_the_fact(
    extractive_500: Assistant, question: str, papers: set[str], stated: str
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == papers, answer.text
    assert stated in answer.text, answer.text


@pytest.mark.parametrize(
    ("first", "paper", "follow_up", "stated"),
    [
        (
            "how can you use VLM priors in visual RL when the VLM is sometimes just wrong?",
            "ytCDRzvf5f",
            "What's the module that decides which VLM actions to trust called?",
            "Value-aware Policy Guidance",
        ),
        (
            "Can you explain the information-theory view of compressor/predictor agent systems?",
            "isFHz8qf20",
            "so with a fixed budget, should I scale up the compressor or the predictor?",
            "scaling compressors",
        ),
        (
            "Explain the diffusion model that's grounded in ergodic theory.",
            "3Q2CseQN37",
            "which eigenvalue exactly?",
            "principal eigenvalue",
        ),
    ],
)
def test_a_follow_up_is_answered_by_the_sentence_that_states_it(
    extractive_500: Assistant, first: str, paper: str, follow_up: str, stated: str
) -> None:
    answer = extractive_500.answer(follow_up, [Turn(first, "", (paper,))])
    assert_states(answer, paper, (stated,))


def test_the_paper_just_discussed_and_one_set_beside_it_are_compared(extractive_500: Assistant) -> None:
    """Blind 103: "both this and Protocode ..." set up the two in a sentence before the one asking how they differ."""
    before = Turn("LLMs for making code run faster, not just correct?", "", ("PHJ5yK8b8V",))
    answer = extractive_500.answer(
        "both this and Protocode talk about interpretability in code generation. how do their approaches differ?",
        [before],
    )
    assert answer.kind == "compare" and set(answer.cited_ids) == {"PHJ5yK8b8V", "Ck1Gqb6ceb"}, answer.text
