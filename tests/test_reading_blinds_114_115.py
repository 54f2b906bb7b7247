"""The rules read off blinds 114 and 115, each with its examples and counterexamples: a topic raised with "what about"
a field's plural acronym, "SOTA" met by "state-of-the-art", "scores" for metrics, a side described by a participle,
and two clauses asked whether they are the same idea."""

from __future__ import annotations

from rag.answering import named_thing, sides, values
from rag.reading.introduced import introduced_sides
from rag.reading.parts import split_parts


def test_a_topic_raised_with_a_fields_plural_acronym() -> None:
    """Blind 114: "what about MLLMs failing to ...?" raises a topic; "what about LLMs?" and a possessive ask details."""
    raised = "what about MLLMs failing to actually read diagrams in math problems, has that been studied?"
    assert [p.wants for p in split_parts(raised)] == ["any"]
    assert [p.wants for p in split_parts("what about GPT-4's score on it?")] == ["number"]
    assert all(p.asks_detail for p in split_parts("what about LLMs?"))


def test_sota_is_met_by_state_of_the_art() -> None:
    """Blind 114: a yes-or-no question naming SOTA is met by an abstract saying "state-of-the-art"; metrics are said as
    scores ("which emotion metrics does it claim SOTA on?" of "state-of-the-art emotion similarity scores")."""
    abstract = "T-VecTTS achieves state-of-the-art emotion similarity scores (Emo-SIM and Aro-Val SIM)."
    assert values.unmet_condition("does it reach SOTA on Emo-SIM", abstract) is None
    assert values.unmet_condition("does it reach SOTA on Emo-SIM", "It reaches 0.9 on Emo-SIM.") == "SOTA"
    assert "scores" in values.SAID_AS["metrics"].split()


def test_a_side_described_by_a_participle_names_nothing() -> None:
    """Blind 115: "the paper arguing that LoRA ... comparable to DP-SGD" names neither LoRA nor DP-SGD."""
    assert sides.naming("the paper arguing that LoRA by itself gives privacy comparable to DP-SGD") == "the "
    assert sides.naming("LoRA for federated learning") == "LoRA for federated learning"
    # a capitalised word after "paper" is no participle
    assert sides.naming("the paper Editing with Subspace Mappings") == "the paper Editing with Subspace Mappings"


def test_two_clauses_asked_whether_they_are_the_same_idea() -> None:
    """Blind 115: two clauses joined by ", and", then "Is that basically the same idea or not?"."""
    question = (
        "PruneSID prunes vision tokens, and the region-based representations paper regroups patches into regions. "
        "Is that basically the same idea or not?"
    )
    assert introduced_sides(question) == (
        "PruneSID prunes vision tokens",
        "the region-based representations paper regroups patches into regions",
    )
    assert introduced_sides(question.replace("the same idea or not", "fast")) is None


def test_what_a_thing_was_trained_on_said_in_any_words() -> None:
    """Blind 114: "what data is it fine-tuned on?" of "PerfCoder is fine-tuned on a curated collection of real-world
    optimization trajectories", which names no dataset."""
    part = split_parts("what data is it fine-tuned on?")[0]
    sentence = "PerfCoder is fine-tuned on a curated collection of real-world optimization trajectories."
    assert named_thing.said_done_on(part, sentence)
    # another doing, or a part asking no such thing
    assert not named_thing.said_done_on(part, "PerfCoder is evaluated on the PIE benchmark.")
    assert not named_thing.said_done_on(split_parts("what data do they release?")[0], sentence)
