"""Answers read off blinds 144 to 147 over the 500-paper fixture: the things a sentence announces and the sentences
after it say ("a novel two-stage training framework", "a specialized dual-branch architecture"), a kind of model asked
after the noun ("which model family"), a name spelled out before its acronym, a factorization named by a person, a
count asked across benchmarks, which models a method was tried on, and how much of a quality it reaches ("how
sparse", "how often ... succeed")."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        ("What are the two training stages of ReasonMap?", "i0lgyjTAPe", ("Direct Preference Optimization",)),
        (
            "Wavelet-Stereo: what do its two branches do, and which leaderboards does it top?",
            "SHAmQVifzK",
            ("high-frequency branch", "low-frequency branch"),
        ),
        (
            "Which model family does the data-specific neural representation paper explore, and how do they view a "
            "visual datum?",
            "R5xBLfD9Dv",
            ("state-space models (SSMs)",),
        ),
        (
            "persistent shared memory for zero-shot object navigation - what's the map representation called and "
            "which benchmarks did they use?",
            "aQia5HdgBY",
            ("Temporally Consistent Semantic Map (TCSM)", "HM3D and MP3D"),
        ),
        (
            "COP-Q: which factorization do they use for the multi-objective confidence bounds, and what safety "
            "benchmark do they test on?",
            "U7CezlrHy3",
            ("Cholesky factorization", "SafetyVelocity-v1"),
        ),
        (
            "Sparsity Forcing: which MLLMs did they test on, and across how many benchmarks?",
            "gxNTP2eER3",
            ("Qwen2-VL/Qwen2.5-VL", "thirteen image and video benchmarks"),
        ),
        ("How sparse do things get with TraDy for memory-constrained fine-tuning?", "BhfIg0tuti", ("99\\%",)),
        (
            "The MTTV self-supervised paper on imbalanced data: what's the idea and how much does it improve on "
            "CIFAR10-LT?",
            "JVmIa2NA7K",
            ("more than two views",),
        ),
        (
            "stride xai - how much faster than TreeSHAP is it, and what's 'component surgery'?",
            "uhRqFNMSHz",
            ("median speedup over TreeSHAP", "isolates a learned interaction"),
        ),
        (
            "In the paper fusing RNA language models into AlphaFold 3, which fusion works best and what average "
            "TM-score do they reach?",
            "Q8pBpCpx6I",
            ("additive fusion", "0.472"),
        ),
        (
            "The physical-object backdoor on VLA models (GoBA): what benchmark did they build and how often does the "
            "attack succeed?",
            "j9k3Oamba8",
            ("BadLIBERO", "97.0% of inputs"),
        ),
    ],
)
def test_a_detail_the_abstract_states_is_stated(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    """Blinds 144 to 147: each was "does not state" (the judge read "99\\% activation sparsity" below its bar for "how
    sparse"), or quoted the sentence announcing two stages or branches and not the ones saying them."""
    assert_states(extractive_500.answer(question), paper, stated)


def test_what_is_new_in_one_paper_is_asked_of_it(extractive_500: Assistant) -> None:
    """Blind 147: "What's new in the unified theory of adaptive variance reduction paper compared to earlier unified
    frameworks?" was read as asking for papers ("1 paper in the index match this question"), then, read as asking of
    the paper, as asking a figure by "variance reduction"."""
    answer = extractive_500.answer(
        "What's new in the unified theory of adaptive variance reduction paper compared to earlier unified frameworks?"
    )
    assert answer.kind == "lookup", answer.text
    assert_states(answer, "8ms9ddGRnf", ("adaptive step sizes",))


def test_a_comparison_says_what_an_abbreviation_its_approach_uses_stands_for(extractive_500: Assistant) -> None:
    """Blinds 146 and 147: the MTTV paper's approach ("... to support the MTTV objective") was quoted without "...
    cases involving $\\textit{more than two views}$ (MTTV)", which an abbreviation set in LaTeX did not define."""
    answer = extractive_500.answer(
        "Class imbalance: DPC for semi-supervised learning vs the MTTV self-supervised approach. How does each one "
        "tackle it?"
    )
    assert set(answer.cited_ids) == {"ivaIwRZvTT", "JVmIa2NA7K"}, answer.text
    assert "more than two views" in answer.text, answer.text


@pytest.mark.parametrize(
    ("first", "cited", "question", "paper", "stated"),
    [
        (
            "Any paper treating spatiotemporal forecasting as a planning problem?",
            ("ASPC2Ut0CB",),
            "what's inside their world model?",
            "ASPC2Ut0CB",
            ("deterministic base network",),
        ),
        (
            "What's PERK?",
            ("qxDTe8fIyA",),
            "what exactly does the inner loop do vs the outer one?",
            "qxDTe8fIyA",
            ("low-rank adapter (LoRA)", "accurately recall and reason"),
        ),
    ],
)
def test_a_follow_up_is_answered_of_the_paper_by_what_it_asks(
    extractive_500: Assistant, first: str, cited: tuple[str, ...], question: str, paper: str, stated: tuple[str, ...]
) -> None:
    """Blind 146: "what's inside their world model?" quoted the proposal and the planning algorithm, not "This world
    model comprises a deterministic base network and ..."; "what exactly does the inner loop do vs the outer one?" was
    read as asking for papers comparing two families."""
    answer = extractive_500.answer(question, [Turn(question=first, answer="...", cited=cited)])
    assert_states(answer, paper, stated)
