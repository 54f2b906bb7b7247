"""Details asked of one paper and read against the sentences around them, over the 500-paper fixture (blind 43):
what a part points back to, a count of the very thing asked, a comparison set up in a person's words."""

from __future__ import annotations

import pytest

from rag.answering.pipeline import Assistant
from rag.config import Settings


@pytest.fixture(scope="module")
def assistant(fixture_500: Settings) -> Assistant:
    return Assistant(fixture_500.model_copy(update={"answer_mode": "extractive"}))


def test_things_a_scene_counts_are_named_when_asked_what_they_are(assistant: Assistant) -> None:
    """ "What are they called?" after "adds two modules", and "Which two factors ...?", were declined "not stated"."""
    modules = assistant.answer("UDIS for image forgery localization adds two modules. What are they called?")
    assert "Query-Guided Module (QGM)" in modules.text and "Evidence-Aware Module (EAM)" in modules.text
    assert not modules.refused
    factors = assistant.answer(
        "Which two factors does the paper on why transformers succeed and fail at compositional generalization "
        "identify?"
    )
    assert "composition equivalence" in factors.text and not factors.refused


def test_a_count_is_told_only_by_a_count_of_the_thing_asked(assistant: Assistant) -> None:
    """ "two complementary components: a combination-of-experts ..." counts no experts, and "more than two views
    (MTTV)" is the name the question gives; "23 cutting-edge multimodal LLMs" counts the MLLMs asked."""
    assert assistant.answer("How many constraint-specific experts does CoEKS use?").refused
    assert assistant.answer(
        "How many views exactly does the MTTV objective use in the imbalanced SSL experiments?"
    ).refused
    counted = assistant.answer("How big is SpectrumBench — how many tasks, and how many MLLMs were evaluated?")
    assert "23 cutting-edge multimodal LLMs" in counted.text and "does not state" not in counted.text


def test_a_sentence_that_points_back_is_quoted_with_the_one_it_points_to(assistant: Assistant) -> None:
    """ "This classifier is then frozen as a stable decision anchor" does not say which classifier."""
    answer = assistant.answer(
        "CCAT for modality imbalance: what gets frozen as an anchor, and what are the gains on MVSA?"
    )
    assert "unbiased cross-modal classifier" in answer.text and "This classifier is then frozen" in answer.text


def test_an_announced_enumeration_and_an_order_to_summarise_after_an_answer(assistant: Assistant) -> None:
    """ "Our contributions are twofold." was quoted without its items; "summarise the depth one" was read as asking
    for a depth ("What is the summarise the depth one?") and declined."""
    dfl = [
        {"role": "user", "content": "Decision-focused learning with generative models instead of point predictions?"},
        {"role": "assistant", "content": "Diffusion-DFL trains a diffusion model [1].", "cited": ["uhv3f80jmG"]},
    ]
    around = assistant.answer("isn't backprop through the sampler really expensive? how do they get around it?", dfl)
    assert "lightweight score function estimator" in around.text
    depth = [
        {"role": "user", "content": "recent work on getting 3D geometry from images, depth or novel view synthesis?"},
        {
            "role": "assistant",
            "content": "CylinderSplat does panoramic novel view synthesis [1]. ROSS-Net does monocular depth [2].",
            "cited": ["lEzkct87Uy", "gjtHK8xXZK"],
        },
    ]
    summary = assistant.answer("summarise the depth one", depth)
    assert summary.cited_ids == ("gjtHK8xXZK",) and not summary.refused and "summary of the abstract" in summary.text


def test_comparisons_set_up_with_a_sides_datasets_or_two_names_for_one_side(assistant: Assistant) -> None:
    """ "the numerosity-in-diffusion paper (GrayCount250 / NaturalCount6)": datasets the paper constructs are its own;
    "(LinCDB/NCDB)" are two names of one paper."""
    counting = assistant.answer(
        "VLMCountBench and the numerosity-in-diffusion paper (GrayCount250 / NaturalCount6) both look at counting. How "
        "do their setups and takeaways differ?"
    )
    assert counting.kind == "compare" and set(counting.cited_ids) == {"5JN68XdDli", "vOzeSlZIRn"}
    dueling = assistant.answer(
        "The combinatorial dueling bandits paper (LinCDB/NCDB) and the submodular minimization with a dueling oracle "
        "paper both use relative feedback; how does the feedback differ between them?"
    )
    assert dueling.kind == "compare" and set(dueling.cited_ids) == {"GV87Kv70EN", "BeMtzSH1d7"}
