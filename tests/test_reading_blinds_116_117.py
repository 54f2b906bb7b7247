"""The rules read off blinds 116 and 117, each with its examples and counterexamples: what a thing typed with a slash
looks like, a name asked as "what's it called", a figure on a dataset the part names, and the classes of things a name
is said to be."""

from __future__ import annotations

from rag.answering import asks, values
from rag.reading.parts import split_parts


def test_what_a_thing_typed_with_a_slash_looks_like_asks_no_figure() -> None:
    """Blind 116: "what does their RL objective / reward look like?" asks what it is, not a reward's value."""
    assert [p.wants for p in split_parts("what does their RL objective / reward look like?")] == ["any"]
    assert [p.wants for p in split_parts("what reward do they get?")] != ["any"]


def test_a_name_asked_with_whats() -> None:
    """Blind 116: "what's the benchmark called?" asks a name, as "what is the benchmark called?" does."""
    assert [(p.wants, p.head) for p in split_parts("what's the benchmark called?")] == [("name", "benchmark")]
    assert [(p.wants, p.head) for p in split_parts("what is the benchmark called?")] == [("name", "benchmark")]
    # "what's the benchmark about?" asks no name
    assert [p.wants for p in split_parts("what's the benchmark about?")] != ["name"]


def test_a_figure_on_a_dataset_the_part_names() -> None:
    """Blind 116: the rules' evidence stands where the sentence gives a figure and says the dataset."""
    part = split_parts("what gain do they report on ImageNet-LT?")[0]
    sentence = "(2% improvement in Cifar10-LT using Resnet-18 and 3% improvement in Imagenet-LT (1k) using Resnet-50)."
    assert asks.measured_on_said(part, sentence)
    # another dataset, no figure, or a part asking no figure
    assert not asks.measured_on_said(part, "(2% improvement in Cifar10-LT using Resnet-18).")
    assert not asks.measured_on_said(part, "We evaluate on Imagenet-LT.")
    assert not asks.measured_on_said(split_parts("which backbone do they use on ImageNet-LT?")[0], sentence)


def test_baselines_are_models_and_lrms_count_models() -> None:
    """Blinds 112, 116, 117: "multilingual models, including mBERT, ..." names baselines; "five widely used LRMs" counts
    models."""
    sentence = "We benchmark widely used multilingual models, including mBERT, AfriBERTa and XLM-RoBERTa."
    assert values.name_class(["baselines"]) == "model"
    named = {"mBERT", "AfriBERTa", "XLM-RoBERTa"}
    assert values.of_class("model", named, sentence)
    assert not values.of_class("data", named, sentence)
    assert "LRMs" in values.SAID_AS["models"].split()
