"""Answers read off blinds 90 to 95 over the 500-paper fixture: parts whose measure only describes something else,
a choice between two, a method's components and a thing that does what is asked answered by the sentences that state
them; two papers set up in more ways compared; one of several cited picked by its ordinal or its title; a follow-up
answered from the paper's own work."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (  # blind 91: "continuous-time" describes the graph paper; it asks no figure
            "what's the problem with the squared l2 latent distance that motivates the l1 latent distance "
            "continuous-time graph paper?",
            "pW1Kg9CYyw",
            ("violates the triangle inequality",),
        ),
        (  # blind 91: what it uses to control a speed, not the speed
            "What does EGEA-DM use to control the speed of the forward diffusion?",
            "3Q2CseQN37",
            ("principal eigenvalue",),
        ),
        (  # blind 90: which of two did better, whatever they are called
            "For getting medical reasoning models to output ranked lists, which worked more robustly across answer "
            "formats, SFT or reinforcement fine-tuning?",
            "URRq4xm6kb",
            ("RFT yields more",),
        ),
        (  # blind 91: a module the abstract calls an operator
            "In ROSS-Net for self-supervised monocular depth, which module handles outlier residuals at the "
            "supervision level?",
            "gjtHK8xXZK",
            ("Order-Statistic Consensus Operator (OSCO)",),
        ),
        (  # blind 94: the mechanism the paper's method introduces by its name
            "AGGR for graph clustering: which mechanism captures the homophilic structures?",
            "3uWnoW5lPI",
            ("Adaptive Granular-Ball graph refinement mechanism",),
        ),
        (  # blind 94: a compound of words the title says, word by word, is no name the abstract lacks
            "what average TM-score does the RNA-language-model-augmented AlphaFold 3 reach on RecentPDB-RNA?",
            "Q8pBpCpx6I",
            ("average TM-score of 0.472",),
        ),
        (  # blinds 94 and 95: a method's components, each introduced by a sentence of its own
            "AEC-SVQ targets W2A4 LLM inference. Which components does the framework introduce to make hybrid "
            "scalar/vector quantization work?",
            "k0ewRtjQs0",
            ("learned rotation-smooth transformation", "Cumulative-Error-Aware Vector Quantization"),
        ),
        (
            "In relational feature caching for diffusion transformers, what are the two components and what does each "
            "do?",
            "w8ksWcSuFb",
            ("relational feature estimation (RFE)", "relational cache scheduling (RCS)"),
        ),
    ],
)
def test_a_part_is_answered_by_the_sentence_that_states_it(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    assert_states(extractive_500.answer(question), paper, stated)


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (
            "I'm choosing between a training-free deliberative framework for mobile GUI agents and an approach that "
            "trains the GUI agent with RL in a live online environment. Which papers are those and how do they differ?",
            ("kU9Y3C3fNg", "LrXGarwVO8"),
        ),
        (
            "For retrieval I'm torn between a zero-shot generative retrieval framework driven by instructions and "
            "Retro*. What does each claim, and on which benchmarks?",
            ("RBoAwiQl5L", "0WGl8PNMSA"),
        ),
        (
            "both the VLM counting benchmark built from simple shapes and GIQ (the polyhedra one) probe where vision "
            "models break. how do they compare in what they test?",
            ("5JN68XdDli", "Uf8X57bQIr"),
        ),
        (
            "DAVIS and the gradient intrinsic-dimensionality detector both flag problematic inputs from model "
            "internals. what signals do they use, and are they even detecting the same kind of input?",
            ("ls77Bxw47n", "7s3SQMiN3L"),
        ),
        (
            "I'm worried about RL fine-tuning collapsing output diversity. There's the polychromic objective paper and "
            "DQO; how do they each try to keep diversity alive?",
            ("zzTQISAGUp", "BV3bLKaJ3Y"),
        ),
        (
            "For ML interatomic potentials I came across ASDP (the angular, shell-aware one) and a scaling-law study "
            "about symmetry in neural force fields. What does each propose or find?",
            ("NOrdZNoOu0", "qyjaVda7t2"),
        ),
        (
            "Neuro-symbolic reasoning when the symbolic knowledge is incomplete: how do the commonsense abductive "
            "logic paper and NeTheR handle it differently?",
            ("RCsBoUr72G", "NnMcIU99DA"),
        ),
        (
            "How does the certified unlearning paper with sequential subspace noise differ in focus from the study on "
            "how learning-time encoding shapes LLM unlearning?",
            ("1N3q0tA7AW", "BcjZCertEk"),
        ),
    ],
)
def test_two_papers_weighed_or_set_side_by_side_are_compared(
    extractive_500: Assistant, question: str, papers: tuple[str, str]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == set(papers)


@pytest.mark.parametrize(
    ("before", "cited", "question", "paper", "stated"),
    [
        (  # blind 91: what a reward looks like, not a figure of it
            "dexterous grasping from a single demo? that sounds too good to be true",
            ("Bf4FeuW0Mr",),
            "what does their reward look like? I'd have expected heavy shaping",
            "Bf4FeuW0Mr",
            "binary success term",
        ),
        (  # blind 90: a name of the field set against how the scene's method does is its baseline, no second paper
            "Any work using chain-of-thought for understanding traffic signs and which lanes they apply to?",
            ("XplQLo1I9K",),
            "there's a gradient-free alignment method that runs evolution strategies on LoRA singular values - how "
            "does it do vs GRPO on GSM8K?",
            "1MX3QC0bSH",
            "",
        ),
        (  # blind 94: of two cited saying "anomaly detection", the one whose title does
            "self-supervised or generative methods for time series, not LLM-based",
            ("gKeFSKNswt", "nPWlYPJkJS", "GrkKmKRKw7"),
            "for the anomaly detection one: can it make use of labels if I have a few?",
            "nPWlYPJkJS",
            "uncertainty-guided enhancement mechanism",
        ),
        (  # blind 94: one picked by its ordinal, whatever "each" the question says
            "how are people combining GNNs with LLMs lately? and anything for dynamic graphs?",
            ("ebDwWjOYsM", "ojVcsWXPpU"),
            "in the first one, how do they avoid squeezing each node's text into one fixed-size vector?",
            "ebDwWjOYsM",
            "",
        ),
        (  # blind 95: its own way, not other work's trouble
            "VGGT runs out of memory on long videos - is there a fix that doesn't need retraining?",
            ("CezA1eLa1Y",),
            "how does it keep the cache from growing forever though?",
            "CezA1eLa1Y",
            "history-side pruning",
        ),
        (  # blind 95: "we explore the idea of Hybrid Training (HyT), a framework that ..." is its proposal
            "what are some recent papers on vision-language-action models for robot manipulation?",
            ("yngvAamNQi", "IBJtOltTbx"),
            "wait, with the second one do you still have to generate the thoughts when you deploy it on the robot?",
            "IBJtOltTbx",
            "leave out CoT generation during inference",
        ),
    ],
)
def test_a_follow_up_is_answered_about_the_paper_it_means(
    extractive_500: Assistant, before: str, cited: tuple[str, ...], question: str, paper: str, stated: str
) -> None:
    answer = extractive_500.answer(question, [Turn(before, "", cited)])
    assert not answer.refused and answer.cited_ids == (paper,) and stated in answer.text, answer.text
