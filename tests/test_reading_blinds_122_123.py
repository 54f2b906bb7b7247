"""The rules read off blinds 122 and 123, each with its examples and counterexamples: a "which X" asking X whatever it
measures after, what stands in for a reward, a name right before the thing asked, a class of thing named before "what
is it called", and papers brought in as "another" or as doing the same "too"."""

from __future__ import annotations

from rag.answering import asks
from rag.answering.named_thing import apposed
from rag.reading.introduced import introduced_sides
from rag.reading.parts import split_parts


def test_which_thing_asks_the_thing_whatever_it_measures_after() -> None:
    """Blind 122: "which kernel did the learned query-prompt scores line up with?" asks a kernel; "which base LLM and
    model size" still asks a size, and "which papers ..." are no thing of a paper."""
    assert [p.wants for p in split_parts("which kernel did the learned query-prompt scores line up with?")] == ["name"]
    assert [p.wants for p in split_parts("which signals are used to regulate the length of reasoning?")] == ["name"]
    assert [p.wants for p in split_parts("which epoch gave the best accuracy?")] == ["number"]
    assert [p.wants for p in split_parts("Which base LLM and model size does it fine-tune?")] == ["number"]


def test_what_stands_in_for_a_measure_asks_no_figure() -> None:
    """Blind 123: "what serves as the reward?" asks what does ("the fidelity of this reconstruction"), not a value."""
    assert [p.wants for p in split_parts("if outcomes can't be verified, what serves as the reward?")] == ["any"]
    assert [p.wants for p in split_parts("what reward does it reach?")] == ["number"]


def test_a_name_right_before_the_thing_asked() -> None:
    """Blind 123: "DINOv2 feature extractor" names the feature extractor asked; a name elsewhere does not."""
    sentence = "When combined with the MMD baseline metric and DINOv2 feature extractor, PALATE offers more."
    assert apposed("extractor", {"DINOv2"}, sentence)
    assert not apposed("extractor", {"PALATE"}, "PALATE is paired with a DINOv2 feature extractor.")


def test_the_class_of_a_thing_named_before_what_is_it_called() -> None:
    """Blind 123: "Dream4Drive also contributes a dataset I believe - what is it called?" asks a dataset's name."""
    question = "Dream4Drive also contributes a dataset I believe - what is it called and what's in it?"
    things = asks._NAMED_BEFORE.findall(question[: asks._CALLED_BACK.search(question).start()])  # type: ignore[union-attr]
    assert things == ["dataset"]
    assert not asks._CALLED_BACK.search("what is the method called?")


def test_papers_brought_in_as_another_or_as_doing_it_too() -> None:
    """Blind 122: "There's an LLM paper on X and another that Y. what does each ...?" sets up two papers; "the soft
    tokens paper also puts noise on embeddings, right?" brings one in beside the paper just discussed."""
    from rag.reading.introduced import brought_in

    sides = introduced_sides("There's an LLM paper on Dou Dizhu and another that uses Sokoban. what does each one do?")
    assert sides == ("an LLM paper on Dou Dizhu", "another that uses Sokoban")
    assert introduced_sides("There's an LLM paper on Dou Dizhu and another that uses Sokoban.") is None
    also = "the soft tokens paper also puts noise on embeddings, right? how do the two differ?"
    assert brought_in(also, "") == "the soft tokens paper also puts noise on embeddings, right?"
    assert brought_in("the soft tokens paper puts noise on embeddings, right? how do the two differ?", "") == ""
