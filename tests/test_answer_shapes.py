"""Answers a sentence gives by its shape, read off blinds 52 and 53 over the 500-paper fixture: the sentence that
counts and lists the things asked, the one that spells out a name, a ranking, a choice the question offers, and
the counts and sides that are not what was asked."""

from __future__ import annotations

from typing import Any

import pytest

from rag.answering import baselines
from rag.answering.asks import holder
from rag.answering.holds import singular
from rag.answering.known import offered
from rag.answering.pipeline import Assistant
from rag.config import Settings
from rag.reading.parts import Part, split_parts
from rag.reading.text import coined_names
from rag.reading.turns import picks


@pytest.fixture(scope="module")
def assistant(fixture_500: Settings) -> Assistant:
    return Assistant(fixture_500.model_copy(update={"answer_mode": "extractive"}))


def test_the_sentence_counting_and_listing_the_things_asked_answers(assistant: Assistant) -> None:
    """ "what are the two strategies it proposes?" was answered with the abstract's summary, "which three strategies
    ...?" declined, and "what are the two propositions?" quoted "We validate these propositions on ..."."""
    two = assistant.answer(
        "One-shot backdoor attack on video object segmentation (OSBA): what are the two strategies it proposes?"
    )
    assert "Object-Centroid Implantation" in two.text and "Trigger-Region Perturbation" in two.text
    three = assistant.answer(
        "LRPO uses online RL for blind face restoration. Which three strategies does it use to balance perceptual "
        "quality against fidelity?"
    )
    assert not three.refused and "noise-level advantage assignment" in three.text
    propositions = assistant.answer(
        "In the paper that ties hallucinations and jailbreaks together in one framework, what are the two "
        "propositions, and which models did they validate them on?"
    )
    assert "Similar Loss Convergence" in propositions.text and "MiniGPT-4" in propositions.text
    assert "does not state" not in propositions.text


def test_a_name_spelled_out_and_an_edge_device_are_told(assistant: Assistant) -> None:
    """ "What does TRACE stand for?" quoted a result; "Which edge device did they train on?" was declined, though a
    sentence says "training on NVIDIA Jetson AGX Xavier"."""
    spelled = assistant.answer(
        "What does TRACE stand for and how does it measure reasoning effort for detecting reward hacking?"
    )
    assert "Truncated Reasoning AUC Evaluation" in spelled.text
    device = assistant.answer(
        "There's a memory-bounded 3D Gaussian Splatting training paper. Which edge device did they train on?"
    )
    assert "NVIDIA Jetson AGX Xavier" in device.text and not device.refused


def test_several_names_and_a_count_in_a_named_holder_are_not_told_by_something_else(assistant: Assistant) -> None:
    """ "Which four vision encoders ...?" is not told by one framework's name, nor "how many adapters are in its
    retrieval pool?" by "the framework consists of two key components" (absent details of blind 53)."""
    assert assistant.answer("Which four vision encoders make up SCOPE's pool of extra encoders?").refused
    assert assistant.answer("How many community LoRA adapters are in AutoLoRA's retrieval pool?").refused
    assert holder("how many adapters are in AutoLoRA's retrieval pool") == "pool"
    assert holder("how many categories are in the dataset") == ""  # a name may stand for the dataset


def test_a_side_that_is_any_one_of_a_kind_is_no_second_paper(assistant: Assistant) -> None:
    """ "By what factor vs an MLP?" was a comparison of SiFEN with a paper on stacking; an MLP is a baseline."""
    answer = assistant.answer(
        "SiFEN says it reduces inference latency due to locality. By what factor vs an MLP, and on what hardware?"
    )
    assert answer.kind != "compare" and answer.refused


class FakeKeyword:
    """Every name is said by a hundred papers: a name of the field."""

    def named(self, name: str) -> dict[str, bool]:
        return {f"p{i}": False for i in range(100)}


def test_a_paper_described_by_a_word_of_the_field_is_still_a_side() -> None:
    """ "There's a PTQ paper that ..., and then ALS-LoRA" compares two papers, though PTQ is the field's word at
    19,630 papers (blind 42); "vs an MLP" sets a baseline, not a paper."""
    keyword: Any = FakeKeyword()
    described = "There's a PTQ paper that constrains the weight perturbation, and then ALS-LoRA. How do they differ?"
    assert not baselines.a_field_side(described, ["PTQ", "ALS-LoRA"], keyword)
    assert baselines.a_field_side("By what factor vs an MLP?", ["SiFEN", "MLP"], keyword)


def test_a_ranking_or_a_choice_offered_answers_which(assistant: Assistant) -> None:
    """ "which optimizer ends up most robust ...?" of "models trained with Shampoo show the lowest accuracy
    degradation", and "which worked better, SFT or RFT?" of "RFT yields more consistent robustness", were declined:
    a plain word, or a name the question gave."""
    robust = assistant.answer(
        "Different question: which optimizer ends up most robust when the model is quantized afterwards or trained "
        "with QAT? I remember a study on this"
    )
    assert "Shampoo" in robust.text and not robust.refused
    history = [
        {"role": "user", "content": "medical reasoning models and answer formats?"},
        {
            "role": "assistant",
            "content": "One study adapts medical reasoning models to ranked-list answers [1].",
            "cited": ["URRq4xm6kb"],
        },
    ]
    chosen = assistant.answer("For the first one: which worked better in the end, SFT or RFT?", history)
    assert "RFT yields more" in chosen.text and not chosen.refused
    assert offered("which worked better in the end, PPO or GRPO") == {"PPO", "GRPO"}
    assert offered("which datasets did they use") == set()


def test_readings_of_blinds_52_and_53() -> None:
    """A name set in \\texttt, "that second one", the noun after an acronym, "what about X: is there ...?", the
    thing before what it did, and "-ches" plurals."""
    assert coined_names(r"We then present \texttt{CausGNN}, an instantiation of this principle.") == ["CausGNN"]
    assert picks("does that second one need complicated training tricks?", 2)
    assert Part("which RL algorithm is used", "name").head == "algorithm"
    assert Part("What FID change does SDErasure report", "number").head == "FID"  # a figure of the metric
    assert Part("so which intervention came out best", "name").head == "intervention"
    parts = split_parts(
        "ok, and what about long-context LLMs: is there a RoPE scaling method that also interpolates the "
        "high-frequency components instead of just extrapolating them?"
    )
    assert [p.text[:19] for p in parts] == ["is there a RoPE sca"]
    assert [singular(w) for w in ("branches", "modules", "class", "boxes")] == ["branch", "module", "class", "box"]


def test_comparisons_of_names_in_plain_words_said_as_ours_or_differing_in_something(assistant: Assistant) -> None:
    """ "Retro* vs Selective Deepening" was off-topic (neither is a coined name), "SquaredPO vs DQO" no comparison
    ("our novel SquaredPO loss" is the paper's own), and "How do they differ in deciding ...?" set "they" against
    "in deciding ..."."""
    retro = assistant.answer("Retro* vs Selective Deepening: how does each decide what content an LLM should focus on?")
    assert retro.kind == "compare" and set(retro.cited_ids) == {"0WGl8PNMSA", "yovHB6UuTh"}
    squared = assistant.answer(
        "SquaredPO vs DQO. Both change the post-training objective for LLMs; what is each one trying to fix?"
    )
    assert squared.kind == "compare" and set(squared.cited_ids) == {"rTte3iUsXV", "BV3bLKaJ3Y"}
    kv = assistant.answer(
        "Both ProtoKV and ILRe try to squeeze long contexts. How do they differ in deciding which tokens/KV entries "
        "to keep?"
    )
    assert kv.kind == "compare" and set(kv.cited_ids) == {"kXhPkDaFbJ", "GiI6tPrPAG"}
    asked = split_parts("SpectrumBench — number of tasks and how many MLLMs were evaluated?")
    assert [(p.text, p.wants) for p in asked] == [
        ("how many tasks", "number"),
        ("how many MLLMs were evaluated", "number"),
    ]
