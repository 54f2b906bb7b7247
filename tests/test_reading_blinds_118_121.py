"""The rules read off blinds 118 to 121, each with its examples and counterexamples: how a part names what it asks
(a measure's word that opens a name, kinds of a thing counted, a time step), what a part asks when it
opens with a word that only takes the turn, a model family said as a plain word, and two papers set up before a dash
or by "I'm comparing"."""

from __future__ import annotations

from rag.answering import asks, known, value_kinds
from rag.reading.introduced import introduced_sides
from rag.reading.parts import Part, split_parts
from rag.reading.questions import read_question
from rag.types import Hit, Turn

from .conftest import says_piece


def test_a_count_of_time_steps_is_no_duration() -> None:
    """Blind 118: "with how many time steps" counts steps, and is its own part."""
    parts = split_parts("what ImageNet top-1 do they report and with how many time steps?")
    assert [p.text for p in parts] == ["what ImageNet top-1 do they report", "with how many time steps"]
    assert value_kinds.wanted("with how many time steps") is None
    assert value_kinds.wanted("how much time does training take") is not None  # a duration still


def test_a_measures_word_that_opens_a_name_asks_no_figure() -> None:
    """Blind 118: "the Score Rematching loss" is a loss's name, not a score asked; "FID numbers" asks FID."""
    parts = split_parts("What FID numbers does SDErasure report, and what is the Score Rematching loss aligning with?")
    assert [(p.wants, p.head) for p in parts] == [("number", "FID"), ("any", "")]
    assert value_kinds.wanted("what is the Score Rematching loss aligning with") is None
    assert value_kinds.wanted("what score does it get") is not None


def test_a_metric_with_a_figure_beside_it_is_the_rules_evidence() -> None:
    """Blind 118: "reducing FID from 9.51 to 6.74" states "What FID numbers does SDErasure report?", whatever the judge
    reads; a figure of another metric, or "what score", is left to the judge."""
    part = split_parts("What FID numbers does SDErasure report?")[0]
    assert asks.metric_said(part, "SDErasure achieves state-of-the-art performance, reducing FID from 9.51 to 6.74.")
    assert asks.metric_said(part, "It reaches an FID of 2.1 on ImageNet.")
    assert not asks.metric_said(part, "It improves CLIP score by 3.2 points.")
    assert not asks.metric_said(split_parts("what score does it get?")[0], "a score of 0.8")


def test_kinds_of_a_thing_counted_count_the_thing() -> None:
    """Blind 120: "how many kinds of crosslinks" counts crosslinks."""
    assert Part("how many kinds of crosslinks does it cover", "number").head == "crosslinks"
    assert Part("how many types of attacks do they test", "number").head == "attacks"
    assert Part("how many annotators validated it", "number").head == "annotators"


def test_a_length_of_text_is_no_duration() -> None:
    """Blind 118: "how long do their contexts get?" asks a length ("8K to 64K tokens"), unless it takes the time."""
    assert value_kinds.wanted("how long do their contexts get") is None
    kind = value_kinds.wanted("how long does it take to generate responses")
    assert kind is not None and kind.name == "duration"


def test_what_a_part_asks_past_a_word_that_takes_the_turn() -> None:
    """Blinds 118 to 120: "ok which datasets ...?" asks a detail; "what happens to X" asks what, not a name; "which
    dimensions are traded off" asks which, not a figure; "what about TTS where ...?" raises a topic."""
    ok = split_parts("ok which contextual reasoning datasets did the Navigation paper evaluate on?")[0]
    assert ok.asks_detail
    assert [p.wants for p in split_parts("what happens to direct models once the benchmark changes?")] == ["any"]
    assert [p.wants for p in split_parts("which dimensions are being traded off?")] == ["name"]
    assert [p.wants for p in split_parts("what hidden dimension do they use?")] == ["number"]
    topic = "what about TTS where the emotion can change over time within one utterance?"
    assert [p.wants for p in split_parts(topic)] == ["any"]
    assert [p.wants for p in split_parts("what about FID on ImageNet with guidance?")] == ["number"]


def test_how_much_a_change_helps_asks_a_result() -> None:
    """Blind 120: "how much does swapping in simulators help Private Evolution, in numbers?" asks its gains."""
    assert asks._CHANGE.search("How much does swapping in simulators help Private Evolution, in numbers")
    assert not asks._CHANGE.search("How does swapping in simulators help Private Evolution")


def test_a_model_family_a_question_names_that_the_abstract_never_says() -> None:
    """Blind 119: "Claude" is a model the question asks about; an abstract giving GPT-5's score does not say it."""
    paper = Hit.of_abstract(
        paper_id="x", title="ShoppingComp", abstract="Even GPT-5 reaches 11.22%, and Gemini-2.5-Flash 3.92%.", score=1.0
    )
    assert known.unsaid_names("How does Claude do on ShoppingComp compared to GPT-5?", [paper]) == ["Claude"]
    assert known.unsaid_names("How does Gemini do on ShoppingComp?", [paper]) == []
    assert known.unsaid_names("How does the falcon detector work?", [paper]) == []


def test_two_papers_set_up_before_a_dash_or_as_compared() -> None:
    """Blinds 120 and 121: "FlowKV and the one on ... - are they ...?" and "I'm comparing X with Y. ... each?" set up
    two papers."""
    dash = "FlowKV and the one on randomized eviction plus query routing - are they solving the same problem?"
    assert introduced_sides(dash) == ("FlowKV", "the one on randomized eviction plus query routing")
    comparing = "I'm comparing the tensor-output BO paper with dueling bandits. what's the setting in each?"
    assert introduced_sides(comparing) == ("the tensor-output BO paper", "dueling bandits")
    assert introduced_sides("FlowKV and the one on eviction - a nice pair.") is None  # nothing asked of the two


def test_a_versus_in_a_question_asking_for_a_paper_anew_sets_no_paper_against_it() -> None:
    """Blind 121: after an answer, "has anyone looked at how spread out ... representations are versus its perplexity?"
    asks for a paper; its "its" is the model the question names."""
    turns = [Turn(question="What does the InfoNCE paper claim?", answer="...", cited=("a",))]
    anew = (
        "ok. has anyone looked at how spread out a language model's hidden representations are versus its perplexity?"
    )
    assert read_question(anew, turns).kind != "compare"
    assert read_question("how does it differ versus its predecessor SUIT?", turns).kind == "compare"


def test_a_piece_of_the_method_a_follow_up_names() -> None:
    """Blinds 120 and 121: "the AD-Reviver part" and "their semantic variant alignment part" are said by the sentences
    that answer; "the first part" names no piece, and the paper's own name is no piece of it."""
    title = {"ADOR: Attention Dilution and Overlap Resolver"}
    tells = "The AD-Reviver tackles reduced cross-attention intensity by applying L2-normalization."
    assert says_piece("what exactly does the AD-Reviver part do?", title, tells)
    assert not says_piece("what exactly does the AD-Reviver part do?", title, "ADOR is training-free.")
    assert says_piece(
        "how does their semantic variant alignment part work?",
        {"EVA"},
        "we present semantic variant alignment to select",
    )
    assert not says_piece("what does the first part do?", title, "First, we mask noun phrases.")
    assert not says_piece("what does ADOR do?", title, "ADOR consists of two modules.")
    # the name the paper proposes is its own, though its title does not say it
    assert not says_piece("what's the self-paced bit in SPEAG doing?", {"SPEAG"}, "SPEAG combines graph autoencoders.")
    assert says_piece("what's the self-paced bit in SPEAG doing?", {"SPEAG"}, "a self-paced expansion is introduced")


def test_a_name_asked_what_it_is_after_another_part() -> None:
    """Blind 118: "...? and what's DaMCL?" asks a part of its own; "and what's more" does not."""
    parts = split_parts("how much context do most sequences actually need? and what's DaMCL?")
    assert [p.text for p in parts] == ["how much context do most sequences actually need", "what's DaMCL"]
    assert len(split_parts("how much context do they need? and what else")) == 1


def test_things_listed_before_the_word_for_them() -> None:
    """Blind 118: "on test-time regression, in-context regression, associative recall and state tracking tasks" lists
    tasks; "behavior and cognition during complex tasks" lists none."""
    from rag.answering.values import listed_after

    listed = (
        "we validate LLA on test-time regression, in-context regression, associative recall and state tracking tasks."
    )
    assert listed_after("tasks", listed)
    assert not listed_after(
        "tasks", "Its signals help study neural dynamics, behavior and cognition during complex tasks."
    )
