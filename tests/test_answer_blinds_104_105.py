"""Answers read off blinds 104 and 105 over the 500-paper fixture: parts the abstract states that were declined or
answered by another sentence (a neuron model, what a model is pretrained on, a component, sensor modalities, the
capabilities a scene counted, methods counted, the models a method was run on, a time in words), details the abstract
does not give, comparisons asked in a person's words, and follow-ups (a vs in what they said, an acronym spelled out,
a similar idea, the size of "the security one", a lower-case model name, what goes into a reward, a named algorithm)."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (
            "For the single-neuron-resolution mouse digital twin brain: what neuron model do they use, and how are the "
            "parameters estimated?",
            "uajSG0jubM",
            ("leaky integrate-and-fire (LIF) neurons", "diffusion ensemble Kalman filtering (EnKF)"),
        ),
        (
            "Graph Foundation Model for OR problems on graphs: what is it pretrained on, and how big were the test "
            "networks?",
            "asp9P74Dxs",
            ("random walks", "20 to 893 nodes"),
        ),
        (
            "Prot2Token turns protein prediction tasks into next-token prediction. What model component does the "
            "predicting, and what's the speed claim for 3D structure?",
            "DBAGS8ZU21",
            ("autoregressive decoder", "faster than AlphaFold2 with MSA"),
        ),
        (
            "What average mIoU does SegRGB-X get, and across which sensor modalities?",
            "GAjGFZPcf8",
            ("65.03%", "event, thermal, depth, polarization, and light field"),
        ),
        (
            "UI2Code^N claims to unify a few capabilities in one VLM. Which ones?",
            "i5Y3OD7NQB",
            ("UI-to-code generation, UI editing, and UI polishing",),
        ),
        (
            "ZePAD, the dual-branch defense for pre-trained encoders against downstream-agnostic adversarial examples: "
            "how many SSL methods and datasets was it evaluated on?",
            "AYFUmgCpkB",
            ("11 SSL methods and 6 datasets",),
        ),
        (
            "ETT extends context at test time by fine-tuning on chunks. which part of the transformer was best to "
            "fine-tune, and which models did they extend?",
            "RKHtowV9Yc",
            ("second layer of the FFNs", "GPT-Large and Phi-2"),
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
            "DiffPhy builds its own physical video dataset — how many videos are in it, and which pretrained video "
            "diffusion model do they fine-tune?",
            "lPKsPBstHg",
            "does not state which pretrained video diffusion model",
        ),
        (
            "Which three backbone LLMs did the scientific-logicality-in-physics paper train and evaluate?",
            "QxBqTm4B3H",
            "does not state which three backbone LLMs",
        ),
        (
            "What was the exact correlation between MouseDTB's simulated BOLD signals and the real resting-state data?",
            "uajSG0jubM",
            "does not state what was the exact correlation",
        ),
        (
            "how much power does SpecOffload draw compared with the offloading baselines?",
            "rVrWNb2XLi",
            "does not state how much power",
        ),
        (
            "Which model got the best pass@1 of 0.26 on ZeroSecBench?",
            "mTnQkDOh3b",
            "does not state which model got the best pass@1",
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
            "KV cache papers: the one that pairs randomized cache eviction with learned query routing across LLM "
            "workers, vs KVFundaBench. What does each contribute?",
            {"R7fv5NWfMm", "4zwyuDgbWD"},
            "integrate provably competitive randomized KV cache eviction",
        ),
        (
            "Can you contrast the sequential price competition paper (the one with s-concave demand) with the online "
            "reusable resource allocation paper with adversarial requests? Both are online revenue problems.",
            {"rrdXjkCWze", "nR984mi6zD"},
            "semi-parametric least-squares estimation",
        ),
        (
            "how do Autoformalizer with Tool Feedback and the balanced neuro-symbolic paper on commonsense abductive "
            "logic use solvers and tools differently?",
            {"4fm4Rc5fUK", "RCsBoUr72G"},
            "Lean 4 compilers for syntax corrections",
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
            "does building symmetry/equivariance into models still matter once you scale up?",
            "qyjaVda7t2",
            "and what did they say about balancing data vs model size for compute-optimal training?",
            "scale in tandem",
        ),
        (
            "How do you train binary neural networks without keeping latent full-precision weights around?",
            "r16HwfP4HA",
            "Does it only work for CNNs?",
            "convolutional or transformer networks",
        ),
        (
            "is there work on getting sparse embeddings to be useful with only like 2-4 active dimensions?",
            "CTpQW4yMUL",
            "which dense embedding model do they compare against for the big compute/memory savings?",
            "e5-mistral-7b-instruct",
        ),
        (
            "benchmarks for secure code generation in AI copilots?",
            "mTnQkDOh3b",
            "How big is the security one and where did the samples come from?",
            "850 vulnerability instances",
        ),
        (
            "Text layout generation with MLLMs where the model actually looks at the rendered result?",
            "wUYRMxrULV",
            "what goes into their reward? is it some process reward?",
            "OCR accuracy and aesthetic measures",
        ),
        (
            "bandits where the feedback is pairwise preferences between two sets of items?",
            "GV87Kv70EN",
            "which algorithm do they use to pick the second super arm efficiently?",
            "Hungarian algorithm",
        ),
        (
            "Has anyone built a whole-brain mouse model at single-neuron resolution?",
            "uajSG0jubM",
            "What neuron model is it built from?",
            "leaky integrate-and-fire (LIF) neurons",
        ),
    ],
)
def test_a_follow_up_is_answered_by_the_sentence_that_states_it(
    extractive_500: Assistant, first: str, paper: str, follow_up: str, stated: str
) -> None:
    answer = extractive_500.answer(follow_up, [Turn(first, "", (paper,))])
    assert_states(answer, paper, (stated,))


def test_the_paper_just_discussed_and_a_similar_idea_are_compared(extractive_500: Assistant) -> None:
    """Blind 104: "Is that a similar idea to the unified adaptive variance reduction paper, or a totally different
    thing?" answered about the other paper alone."""
    before = Turn("Explain VRAdam to me like I know Adam well but nothing about physics", "", ("6BhduwrCp3",))
    answer = extractive_500.answer(
        "Is that a similar idea to the unified adaptive variance reduction paper, or a totally different thing?",
        [before],
    )
    assert answer.kind == "compare" and set(answer.cited_ids) == {"6BhduwrCp3", "8ms9ddGRnf"}, answer.text
