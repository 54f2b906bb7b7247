"""Answers read off blinds 86 to 93 over the 500-paper fixture: the paper just discussed set against another however
the other is brought in ("stack up against", "There's also one that ... How is that different from this?", "both that
and ..."), two papers set up in more ways compared, one of two picked, a baseline of the paper picked left alone; and
parts answered by the sentence that states them (components one to a sentence, a metric set as one, a size, a pretext
task, a model named with its size, the paper's own way past other work's)."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


@pytest.mark.parametrize(
    ("before", "cited", "question", "papers"),
    [
        (  # blind 87: "stack up against" relates the two as "compare with" does
            "the paper showing transformer encoders are basically GCNs for time series - what did they build?",
            ("Q8f4N71DEK",),
            "how does that stack up against UniFy, the purely linear forecaster?",
            ("Q8f4N71DEK", "Ty8Z51mjgd"),
        ),
        (  # blind 87: "that" is the paper the scene describes, "this" the one just discussed
            "which paper uses calibrated confidence for cascading models and cleaning mislabeled data?",
            ("imzDS4N8CW",),
            "There's also one that throws out predictions that sit far from the training data in embedding space. How "
            "is that different from this?",
            ("imzDS4N8CW", "xRXILtRLtS"),
        ),
        (  # blind 89: its name set in LaTeX in its abstract ("named D$^2$-Edit")
            "If I want to apply several edit instructions at once with a DiT, rather than one after another, what's "
            "available?",
            ("A1fWxZLy9H",),
            "How does that compare to D2-Edit, the fashion editing one that uses both a reference garment image and "
            "text?",
            ("A1fWxZLy9H", "gILGafxq8R"),
        ),
        (  # blind 92: "there's another ... how do the two papers' messages differ?", typed in lower case
            "are generative classifiers more vulnerable to membership inference than discriminative ones?",
            ("YHz6PybFqK",),
            "there's another privacy paper claiming LoRA gives you DP-SGD-like protection. how do the two papers' "
            "messages differ?",
            ("YHz6PybFqK", "xTVKObXd5r"),
        ),
        (  # blind 89: "both that and X use ...": the verb both share is no part of the other side
            "any generative models for battery degradation curves?",
            ("5kPJ0sN2d6",),
            "both that and the stochastic-injection paper on distribution-to-distribution flow matching use flow "
            "matching - how do they differ in what they're actually doing?",
            ("5kPJ0sN2d6", "CokvXd3dCE"),
        ),
    ],
)
def test_the_paper_just_discussed_is_compared_with_another_however_brought_in(
    extractive_500: Assistant, before: str, cited: tuple[str, ...], question: str, papers: tuple[str, str]
) -> None:
    """Each was answered about one paper alone, or declined."""
    answer = extractive_500.answer(question, [Turn(before, "", cited)])
    assert answer.kind == "compare" and answer.cited_ids == papers


def test_one_of_two_picked_is_answered_alone(extractive_500: Assistant) -> None:
    """Blind 89: "which of those two is about 3D data?" compared the two."""
    answer = extractive_500.answer(
        "which of those two is about 3D data?",
        [Turn("continual learning papers that involve more than one modality", "", ("CarqPt1Uu1", "eCrvaO0WVF"))],
    )
    assert answer.kind != "compare" and answer.cited_ids == ("CarqPt1Uu1",)


def test_a_baseline_of_the_paper_picked_is_no_second_paper(extractive_500: Assistant) -> None:
    """Blind 83: "the second one - how does its metric stack up against CLIP-score ...?" is TIT-Score's result against
    its baseline. With "stack up against" read as a relation, the first paper cited was compared with another."""
    before = Turn(
        "which papers deal with text-to-image models struggling on long or complex prompts?",
        "",
        ("h1bvB1hoMZ", "6V072YM8sI"),
    )
    answer = extractive_500.answer("the second one - how does its metric stack up against CLIP-score?", [before])
    assert answer.kind != "compare" and answer.cited_ids == ("6V072YM8sI",)


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (  # blind 87: two the asker has seen, then asked of each
            "For spiking nets I've seen SPARTA and a paper on removing the unevenness error in ANN-to-SNN conversion. "
            "What does each one do?",
            ("sL0NpgJRMs", "9pZhYkf80k"),
        ),
        (  # ... asked after a comma, with no "?"
            "are VLMs really bad at counting shapes and reading diagrams? I remember VLMCountBench and a paper called "
            "Math Blind, what did each find",
            ("5JN68XdDli", "RtvmTxdQV9"),
        ),
        (  # blind 89: "Comparing A with B: what is each ...?"
            "Comparing ReMix (the off-policy RFT one) with the polychromic objective paper: what is each trying to "
            "fix in RL fine-tuning?",
            ("quBjNSJMrC", "zzTQISAGUp"),
        ),
        ("contrast GH-OFL and H+ for me (both federated learning)", ("qqoQKCulZt", "CNiJg49vyP")),
        (  # blind 92: two named, then asked to compare "their" mechanisms
            "H+ and CABA sit on opposite sides of federated learning security. Can you compare their mechanisms?",
            ("CNiJg49vyP", "Vogxs8BzJS"),
        ),
        (  # ... offered as a choice
            "AgenticMath or Socratic-Zero - if I want synthetic math training data, what's the difference in how each "
            "one produces it?",
            ("2aA6YwZYOJ", "I1garriWB7"),
        ),
        (  # ... "one paper ...; another ..."
            "One paper has a training-free way of distilling big-LLM know-how into reusable templates for small "
            "models; another fine-tunes 3B/7B models on structured-thought traces for long-document QA. What does "
            "each claim?",
            ("R8A12kykPG", "faECRsdRav"),
        ),
        (  # ... a heading, then the two ended by a dash
            "memory-bounded 3D: IncVGGT and that memory-bounded Gaussian splatting training framework - what does "
            "each bound, and how?",
            ("CezA1eLa1Y", "jdUAlrwppY"),
        ),
        (  # "A versus B. How do the approaches differ?" (a miss at 19,630 papers: a pair of the search instead)
            "Speeding up diffusion sampling: relational feature caching versus the Generalized Adversarial Solver. How "
            "do the approaches differ?",
            ("w8ksWcSuFb", "R1l46h8kyM"),
        ),
    ],
)
def test_two_papers_set_up_in_more_ways_are_compared(
    extractive_500: Assistant, question: str, papers: tuple[str, str]
) -> None:
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == set(papers)


@pytest.mark.parametrize(
    ("question", "paper", "stated"),
    [
        (  # blind 87: one component a sentence ("a ... strategy is introduced", "we introduce a ... module")
            "Which two components does Granular-GRPO add for RL on flow models?",
            "Rs8qiI2GDb",
            ("Singular Stochastic Sampling", "Multi-Granularity Advantage-Integration module"),
        ),
        (  # blind 86: asked at the end, a name, whatever the "ratio" before it measures
            "ADAP (the dual-granularity pruning method) replaces the usual pruning ratio with what metric?",
            "MXthWqtMgx",
            ("compression ratio",),
        ),
        ("How big is PuzzleWorld and what annotations come with each puzzle?", "5sAsjb2jCb", ("667",)),
        ("what pretext task does PLanTS use for multivariate time series?", "gKeFSKNswt", ("next-transition",)),
        (  # blind 86: the paper's own way, not other work's before its proposal
            "How does E-SUOT get around likelihood estimation in flow-based gradual domain adaptation, and how does it "
            "stabilize training?",
            "xtatNQbMdm",
            ("Lagrangian dual problem",),
        ),
        (  # blind 88: "algorithm families" asks for algorithms
            "online reusable resource allocation with adversarial requests — which algorithm families do they propose?",
            "nR984mi6zD",
            ("online dual dynamic learning algorithms",),
        ),
        (
            "For ProConMV, the diabetic retinopathy diagnosis framework, which module enables the verification part?",
            "9gc58FeBba",
            ("dual uncertainty-aware module",),
        ),
        # blinds 92 and 93: a backbone is an architecture; an optimizer offered with "solver"; what kind of thing the
        # paper's method is, as it proposes it; samples are examples; what a verb is said of
        ("what backbone architecture does FlowBatt use?", "5kPJ0sN2d6", ("diffusion transformer (DiT) backbone",)),
        (
            "What optimizer/solver does MoEEdit use for the block-structured problem it ends up with?",
            "BV4oHxGBx7",
            ("block coordinate descent (BCD) solver",),
        ),
        (
            "EVA for compositional zero-shot learning - what kind of architecture is it, and on how many benchmarks "
            "was it tested?",
            "hUtTGobe1r",
            ("Mixture-of-Experts Framework", "three popular benchmarks"),
        ),
        (
            "In the task-aware data selection paper that infers proxy labels with an LLM, how many examples do they "
            "end up fine-tuning on and out of what pool size?",
            "R40WoYbYab",
            ("only 10K samples", "pool of 300K"),
        ),
        (
            "Beyond Outliers paper (optimizers x quantization): which optimizer degraded least under "
            "quantization-aware training?",
            "mVldAuDAn5",
            ("Shampoo",),
        ),
    ],
)
def test_a_part_is_answered_by_the_sentence_that_states_it(
    extractive_500: Assistant, question: str, paper: str, stated: tuple[str, ...]
) -> None:
    assert_states(extractive_500.answer(question), paper, stated)


@pytest.mark.parametrize(
    ("before", "cited", "question", "stated"),
    [
        (  # blind 89: "numbers" far from "which model" asks no size of it
            "anyone combining scalar and vector quantization to get to W2A4 for LLMs?",
            ("k0ewRtjQs0",),
            "On which model did they report their speedup and memory numbers?",
            "LLaMA-30B",
        ),
        (  # blind 88: models named with their sizes, without the word "model"
            "Why do LLMs sometimes answer in the wrong language, and can you fix it cheaply?",
            ("r00UxTl8El",),
            "which models did they actually run it on?",
            "Qwen-3-32B and Bloom-7.1B",
        ),
        (  # blind 92: "the name of the loss term" asks for the loss
            "why do safety-tuned reasoning models refuse so many harmless prompts?",
            ("3qHILWiEob",),
            "what's the name of the loss term they use?",
            "CMI-Loss",
        ),
        (  # blind 89: a choice between two asks which, whatever "budget" measures
            "Is there a principled way to design compressor–predictor agent systems, like deep research pipelines?",
            ("isFHz8qf20",),
            "so according to them, should I put my budget into a bigger compressor or a bigger predictor?",
            "scaling compressors is substantially more effective",
        ),
    ],
)
def test_a_follow_up_is_answered_by_the_sentence_that_states_it(
    extractive_500: Assistant, before: str, cited: tuple[str, ...], question: str, stated: str
) -> None:
    answer = extractive_500.answer(question, [Turn(before, "", cited)])
    assert not answer.refused and answer.cited_ids == cited and stated in answer.text


@pytest.mark.parametrize(
    "question",
    [
        # people-dev: a model named with its size that the paper beats, or its own, is no model it was built on
        "Thanos comes in 1B, 3B and 8B sizes - which base LLM family are those checkpoints built on?",
        "What base model is Video-Thinker-7B fine-tuned from?",
    ],
)
def test_a_model_named_with_its_size_answers_only_what_it_was_run_on(extractive_500: Assistant, question: str) -> None:
    assert extractive_500.answer(question).refused
