"""Answers read off blinds 82 to 85 over the 500-paper fixture: a follow-up quotes the sentence the judge reads as
stating what it asks, two papers set against each other as a heading or introduced one by one are compared, a
comparison's row is labelled by its paper's own name, and names said as an abbreviation, in emphasis or in words joined
by a slash answer what is asked of them."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.types import Turn


@pytest.mark.parametrize(
    ("before", "cited", "question", "stated"),
    [
        (
            "How do you do adversarial training when the task is cooperative, like human-AI coordination?",
            ("AeehNfbHqD",),
            "how do they keep the adversary from just inventing weird, unrealistic partners?",
            "keeping the generative model frozen",
        ),
        (
            "any papers on probabilistic time series forecasting with diffusion models or normalizing flows?",
            ("GrkKmKRKw7",),
            "does the diffusion one change how the forecaster is trained?",
            "without altering the original training process",
        ),
        (
            "How could I add time-varying emotion control to an existing flow-matching TTS model?",
            ("x77sW1KUNE",),
            "do they need a big emotional speech dataset for it, or full finetuning?",
            "no need for a large emotional speech corpus",
        ),
    ],
)
def test_a_follow_up_quotes_the_sentence_that_states_what_it_asks(
    extractive_500: Assistant, before: str, cited: tuple[str, ...], question: str, stated: str
) -> None:
    """Blinds 82 and 84: the sentences closest to the question were the paper's opening and its proposal, or what
    existing methods need."""
    answer = extractive_500.answer(question, [Turn(before, "", cited)])
    assert answer.cited_ids == cited and stated in answer.text


@pytest.mark.parametrize(
    ("question", "papers"),
    [
        (
            "For faster diffusion sampling: Generalized Adversarial Solver vs relational feature caching. What does "
            "each do?",
            {"R1l46h8kyM", "w8ksWcSuFb"},
        ),
        (
            "For RGB+X semantic segmentation (thermal, event, depth and so on) there's SegRGB-X and also a fusion "
            "method that picks a single auxiliary modality per token. How do the two designs differ?",
            {"GAjGFZPcf8", "wBD61QFEpm"},
        ),
        (
            "One paper argues transformers' apparent compositional generalization comes from shortcuts, while "
            "Compositional-ARC shows a small meta-learned model generalizes systematically. How do their conclusions "
            "fit together?",
            {"ADeeoMY4Dn", "h497VpgFKd"},
        ),
        (
            "Both of these go after quantization error in LLMs: the null-space projection paper and ALS-LoRA. What's "
            "the core idea behind each?",
            {"2NbpGdeMP7", "ab4wG3EjnQ"},
        ),
        (
            "I've come across two unlearning papers that avoid extra retraining - one guards the outputs at inference "
            "time, the other swaps fragile layers back in from the original model. What does each one do?",
            {"cuN6DSCS8i", "pZsUT3QB69"},
        ),
        (
            "Relative scaling laws vs the paper about training loss curves collapsing across LLM family sizes: what "
            "does each one measure?",
            {"RpX0k5RR6q", "3YKeB9R1g9"},
        ),
    ],
)
def test_two_papers_set_against_each_other_however_introduced_are_compared(
    extractive_500: Assistant, question: str, papers: set[str]
) -> None:
    """Blinds 83 to 85: each was answered about one paper, listed, or compared with a paper on scaling laws of force
    fields, whose search came first for "Relative scaling laws"."""
    answer = extractive_500.answer(question)
    assert answer.kind == "compare" and set(answer.cited_ids) == papers, question


def test_a_row_is_labelled_by_its_papers_own_name_not_a_word_of_the_field(extractive_500: Assistant) -> None:
    """Blind 84: "Comparing XAI [1] and XAI [2]", and the first row's approach was the sentence saying XAI."""
    answer = extractive_500.answer(
        "A colleague sent me two XAI papers about why fidelity / faithfulness metrics disagree: one proposes adaptive "
        "feature grouping, the other introduces conformity measures. What does each say is behind the inconsistency?"
    )
    assert answer.kind == "compare" and "XAI [1]" not in answer.text
    assert "introduce two conformity measures" in answer.text


def test_the_paper_just_discussed_set_against_a_paper_on_another_papers_dataset_is_compared(
    extractive_500: Assistant,
) -> None:
    """Blind 85: "that traffic-regulation CoT paper on MapDR" was read as a method called MapDR, which no paper
    proposes, and the follow-up declined as a question about Video-Thinker alone."""
    before = [Turn("Explain what Video-Thinker does.", "", ("ofNbGPV6Ve",))]
    question = (
        "How does its training recipe compare to that traffic-regulation CoT paper on MapDR? Both seem to do SFT "
        "then GRPO."
    )
    answer = extractive_500.answer(question, before)
    assert answer.kind == "compare" and set(answer.cited_ids) == {"ofNbGPV6Ve", "XplQLo1I9K"}
    assert "MapDR [2]" not in answer.text and "equips vision-language models (VLMs)" in answer.text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # blind 83: "diffusion transformer (DiT)" spelled its own words, so named no backbone
        ("what backbone does FlowBatt use and how is it trained", "diffusion transformer (DiT) backbone"),
        # blind 84: a plain capitalised word, set in emphasis after the thing asked
        ("What's the name of the LLM family trained using the loss-curve collapse insights?", "*Celerity*"),
        # blind 83: words joined by a slash
        (
            "what neuron model is the mouse digital twin brain built from, and which behavioural task did it "
            "reproduce BOLD signals for?",
            "Go/No-Go discrimination task",
        ),
    ],
)
def test_names_said_otherwise_answer_what_is_asked_of_them(extractive_500: Assistant, question: str, said: str) -> None:
    answer = extractive_500.answer(question)
    assert not answer.refused and said in answer.text and "does not state" not in answer.text, question
