"""The rules read off blinds 112 and 113, each with its examples and counterexamples: the "it" of "what does it take
to ...?", a paper asked for as "which one" or "what about that X paper", the words an abstract says a thing in (GNNs
for backbones, vision and text for modalities, "Policy Optimization" for an algorithm), a name used in the doing a part
names, a model's size, and a sentence building on the insight the one before it states."""

from __future__ import annotations

from rag.answering import asks, value_kinds
from rag.reading.cues import pronoun
from rag.reading.parts import split_parts
from rag.reading.text import pointed_to


def test_the_it_of_what_does_it_take_stands_for_nothing() -> None:
    """Blind 113: "what does it take to pretrain low-rank LLMs ...?" after an answer on PiLoRA is a new topic."""
    assert not pronoun("what does it take to pretrain low-rank LLMs with 2:4 activation sparsity?")
    assert not pronoun("What would it take to scale this up?".replace("this", "MoE"))
    # ... a time or a count it takes is the paper's: "it" points back
    assert pronoun("how long does it take to train?")
    assert pronoun("how many GPUs does it take to train?")


def test_a_paper_asked_for_is_no_detail() -> None:
    """Blinds 112, 113: "which one proposes ...?" and "What about that diffusion paper using ...?" ask for a paper, and
    are not declined as details the abstract does not state."""
    for question in (
        "ok, and which one proposes adaptive step-size variance reduction methods without hyperparameter tuning?",
        "What about that diffusion paper using the principal eigenvalue of some generator to set the forward speed?",
    ):
        assert not any(p.asks_detail for p in split_parts(question)), question
    # a thing asked is a detail still
    assert all(p.asks_detail for p in split_parts("which optimizer does it use?"))
    assert all(p.asks_detail for p in split_parts("what about that benchmark's size, how many tasks?")[-1:])


def test_a_name_used_in_the_doing_a_part_names() -> None:
    """Blind 112: "which RL algorithm do they train with?" of "To train our model, we use Group Relative Policy
    Optimization (GRPO)", which the judge read at 0.28: the rules' evidence stands."""
    part = split_parts("which RL algorithm do they train with?")[0]
    assert asks.done_said(part, "To train our model, we use Group Relative Policy Optimization (GRPO).")
    assert asks.done_said(part, "We train the policy with PPO on 8 tasks.")
    # the doing without a name used in it, or a name used in another doing
    assert not asks.done_said(part, "To train our model, we use a large curated corpus.")
    assert not asks.done_said(part, "We evaluate with GPT-4 as the judge.")
    # a part that names no doing of its own
    assert not asks.done_said(split_parts("which RL algorithm do they use?")[0], "we use PPO for training.")


def test_a_models_size_is_held_by_its_parameters() -> None:
    """Blind 113: "how big is the language model?" of "using only a 0.6B parameter model", not of a sentence giving
    another figure ("reduces input token count to 22%")."""
    kind = value_kinds.wanted("how big is the language model")
    assert kind is not None and kind.name == "model size" and kind.held is not None
    assert kind.held.search("using only a 0.6B parameter model, Dripper achieves ...")
    assert kind.held.search("a 7 billion model")
    assert not kind.held.search("reduces input token count to 22% compared to raw HTML")
    # the size of a dataset is not a model's
    assert value_kinds.wanted("how big is the dataset") is None or value_kinds.wanted("how big is the dataset") != kind


def test_a_sentence_building_on_the_insight_before_it() -> None:
    """Blind 112: "why does SFVD distil into single frames?" is answered by the insight "Leveraging this insight, we
    propose SFVD" builds on."""
    text = (
        "Video distillation is costly. To address this issue, we observe that a single frame is often sufficient. "
        "Leveraging this insight, we propose SFVD, a framework that distills videos into frames. Using this dataset, "
        "we train a model."
    )
    assert pointed_to("Leveraging this insight, we propose SFVD, a framework that distills videos into frames.", text)
    assert pointed_to("Using this dataset, we train a model.", text) is None
