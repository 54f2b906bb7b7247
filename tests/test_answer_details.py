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


def test_a_figure_of_a_thing_named_is_told_only_by_a_sentence_saying_it(assistant: Assistant) -> None:
    """Blind 45: a figure "on SAT4CryptoBench" was told by "On Simon datasets, this method achieves 79.5% ...", a
    wirelength (HPWL) gain by gains in negative slack, and "what PCK does it get" asked for no figure."""
    assert assistant.answer(
        "In the neural-guided SAT paper for cryptographic key recovery, what full-key recovery accuracy does the first "
        "framework get on SAT4CryptoBench?"
    ).refused
    assert assistant.answer(
        "The expertise-guided RL macro placement paper: how much does it improve wirelength (HPWL) over the runner-up?"
    ).refused
    assert assistant.answer("EdgeCape on MP-100: what PCK does it get in the 1-shot setting?").refused
    stated = assistant.answer("In the neural-guided SAT paper, what full-key recovery accuracy is reached on Simon?")
    assert "79.5" in stated.text and not stated.refused
    # the name as the abstract sets it in math ("$\\tau$-bench") is said too
    tau = assistant.answer("In TARL, what's the gain on tau-bench?")
    assert "over 6%" in tau.text and not tau.refused


def test_a_name_of_the_class_asked_and_a_part_that_asks_where(assistant: Assistant) -> None:
    """Blind 45: "benchmarks such as Video-MME and MLVU" answered "which base MLLM"; "the Atari 100k benchmark" named
    no benchmark; "Where do its object representations come from, and which benchmarks ...?" lost its first part."""
    assert assistant.answer(
        "Which base MLLM did they distill into the hybrid RWKV-Transformer for long video understanding?"
    ).refused
    oc = assistant.answer(
        "Model-based RL is bad at small task-critical objects, and OC-STORM tries to fix that. Where do its object "
        "representations come from, and which benchmarks is it tested on?"
    )
    for fact in ("pretrained segmentation network", "Atari 100k", "Hollow Knight"):
        assert fact in oc.text, fact


def test_comparisons_set_up_at_length_and_a_figure_against_a_kind_of_model(assistant: Assistant) -> None:
    """Blind 45: a long described side before "both", and "..., and TRACE for detecting implicit reward hacking." were
    read as lookups; "What MOS score does ComposerFlow get compared with the ... song generation models?" as a
    comparison with an anomaly detection paper."""
    dafny = assistant.answer(
        "DafnyCOMP and the position paper arguing that LLM code translation needs formal compositional reasoning both "
        "stress compositionality. What does each one actually contribute?"
    )
    assert dafny.kind == "compare" and set(dafny.cited_ids) == {"y4kAMUBqLq", "wGj8LU2EOf"}
    trace = assistant.answer(
        'I keep seeing "TRACE": there\'s the TRACE metric from the temporally-grounded language generation benchmark, '
        "and TRACE for detecting implicit reward hacking. What does each actually measure?"
    )
    assert trace.kind == "compare" and set(trace.cited_ids) == {"W3QN1SERzH", "Gk7gLAtVDO"}
    mos = assistant.answer(
        "What MOS score does ComposerFlow get compared with the end-to-end open-source song generation models?"
    )
    assert mos.kind != "compare" and mos.cited_ids == ("KTPLJCs8yW",)


def test_a_topic_raised_after_an_answer_is_answered(assistant: Assistant) -> None:
    """Blind 46: a new topic raised with "what about ..." was declined "not stated" of the very paper it found."""
    before = [
        {"role": "user", "content": "treatment effect estimation robust to unobserved confounders?"},
        {
            "role": "assistant",
            "content": "One paper estimates effects under hidden confounding [1].",
            "cited": ["JZ3Svjj9hG"],
        },
    ]
    raised = assistant.answer(
        "ok, and what about decision-focused learning that uses diffusion models for the uncertain parameters?", before
    )
    assert raised.cited_ids[:1] == ("uhv3f80jmG",) and not raised.refused
    crosscheck = assistant.answer(
        "In the CrossCheck conflict-detection benchmark, where do the images come from and in what formats are the "
        "questions asked?"
    )
    assert "COCO images" in crosscheck.text and "open-ended formats" in crosscheck.text and not crosscheck.refused


def test_the_fields_acronym_and_a_piece_of_the_name_asked_name_nothing_new(assistant: Assistant) -> None:
    """Blind 46: "which base models did they test it on?" of AlphaRoPE was told by "Large Language Models (LLMs) has
    made RoPE scaling ...": the field's word and a piece of the question's own name. "what are the seven benchmarks it
    was evaluated on?" asked for nothing named, and "evaluated across seven widely-used benchmarks" answered it."""
    assert assistant.answer(
        "How far does AlphaRoPE extend the context window, and which base models did they test it on?"
    ).refused
    assert assistant.answer(
        "Which base LLM was CGPO trained on, and what are the seven benchmarks it was evaluated on?"
    ).refused
    named = assistant.answer("Which video understanding benchmarks does the hybrid RWKV-Transformer paper report?")
    assert "Video-MME and MLVU" in named.text and not named.refused
