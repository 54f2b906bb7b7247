"""The rules read off blinds 156 to 159, each with its examples and counterexamples: a part asking where with its
adverb, its modal or "in" a thing, "whats" typed without its apostrophe, a measure named after a heading, two papers
set up after a heading ended by a dash or as "the paper showing ...", asked whether one does a thing and the other
another, the other side described as "the robot one that ...", and what is wrong with earlier work asked of the
field."""

from __future__ import annotations

from rag.answering.own_work import ASKS_BACKGROUND
from rag.reading import contrasts
from rag.reading.introduced import introduced_sides
from rag.reading.parts import split_parts
from rag.reading.questions import read_question
from rag.types import Turn


def _asked(question: str) -> list[str]:
    return [p.text for p in split_parts(question)]


def test_a_part_asking_where_is_asked_with_its_adverb_modal_or_place() -> None:
    """Blinds 155, 157, 159: "where exactly is the noise injected?", "where should the fusion go" and "where in
    Llama3.3-70B is most medical knowledge processed" were read as scenes and dropped: only the next part was
    answered."""
    assert _asked("diffnoise: where exactly is the noise injected? and which model families did they try it on") == [
        "diffnoise: where exactly is the noise injected",
        "which model families did they try it on",
    ]
    assert len(_asked("For the RNA paper: where should the fusion go, and what TM-score do they get?")) == 2
    assert len(_asked("where in Llama3.3-70B is medical knowledge processed, and which techniques did they use?")) == 2
    # a clause saying where, with no verb after "where", still sets the scene
    assert _asked("In the X approach, where experts are routed, how many experts?") == ["how many experts"]


def test_whats_without_its_apostrophe_asks() -> None:
    """Blind 126: "Whats the core idea of ...? and does it hurt accuracy?" lost its first part."""
    assert _asked("Whats the core idea of the reconfiguration? and does it hurt accuracy?") == [
        "Whats the core idea of the reconfiguration",
        "does it hurt accuracy",
    ]


def test_a_measure_named_after_a_heading_asks_its_figure() -> None:
    """Blinds 128, 133: "DemoGrasp - success rate with the Shadow Hand, and how many training objects?" lost its first
    part (no asking word: read as a scene)."""
    assert _asked("DemoGrasp - success rate with the Shadow Hand, and how many training objects?") == [
        "what success rate with the Shadow Hand",
        "how many training objects",
    ]
    # a heading's statement asks nothing
    assert _asked("PuzzleWorld: the best model solves 14%, and how many puzzles?") == ["how many puzzles"]


def test_two_papers_set_up_after_a_dash_or_by_what_they_show_are_compared() -> None:
    """Blind 157: "two XAI papers - object-centric ... vs the one on ..." took the heading into its first side (both
    sides then read "XAI"); "The Dig-DEC paper on adversarial MDPs and the paper showing sublinear iterations for
    DDPMs: what's the main result of each?" was a lookup of one."""
    assert introduced_sides(
        "two XAI papers - object-centric visual counterfactual explanations vs the one on the explanation "
        "disagreement problem. what does each contribute?"
    ) == ("object-centric visual counterfactual explanations", "the one on the explanation disagreement problem")
    assert introduced_sides(
        "Theory question. The Dig-DEC paper on adversarial MDPs and the paper showing sublinear iterations for "
        "DDPMs: what's the main result of each?"
    ) == ("The Dig-DEC paper on adversarial MDPs", "the paper showing sublinear iterations for DDPMs")
    # a thing the paper uses, asked of it, is no second paper
    assert introduced_sides("the paper showing X and ImageNet: which accuracy does it get?") is None


def test_one_and_the_other_asks_of_two_papers() -> None:
    """Blind 159: "There's the discounted-RL paper on efficient reasoning and there's SeedThink. Is one a
    training-time fix and the other test-time?" was answered of SeedThink alone."""
    question = (
        "There's the discounted-RL paper on efficient reasoning and there's SeedThink. Is one a training-time fix and "
        "the other test-time?"
    )
    assert introduced_sides(question) == ("the discounted-RL paper on efficient reasoning", "SeedThink")
    assert contrasts.OF_THE_TWO.search("Is one a training-time fix and the other test-time?")
    assert not contrasts.OF_THE_TWO.search("Is it one of the other methods?")


def test_the_other_side_described_by_its_kind_then_asked_how_it_compares() -> None:
    """Blind 157: after an answer on BadConcepts, "and the robot one that backdoors VLAs with physical objects, how
    does it compare?" was answered of the robot paper alone."""
    m = contrasts.DESCRIBED_THEN_ASKED.match(
        "and the robot one that backdoors VLAs with physical objects, how does it compare?"
    )
    assert m and m["b"] == "the robot one that backdoors VLAs with physical objects"
    turns = [Turn(question="What's BadConcepts?", answer="...", cited=("a",))]
    assert read_question("and the robot one that backdoors VLAs, how does it compare?", turns).kind == "compare"
    assert not contrasts.DESCRIBED_THEN_ASKED.match("and the robot one, how fast does it run?")


def test_what_is_wrong_with_earlier_work_is_asked_of_the_field() -> None:
    """Blinds 138, 119, 156: "what goes wrong with vanilla LoRA under DP?", "What's the weakness of earlier SVD
    compression methods ...?" quoted the paper's own sentences first; the answer is in those on other work."""
    for question in (
        "the federated one: what goes wrong with vanilla LoRA under DP, according to them?",
        "What's the weakness of earlier SVD compression methods that they're going after?",
        "what did they say was wrong with how earlier work measured the value of synthetic data?",
    ):
        assert ASKS_BACKGROUND.search(question), question
    assert not ASKS_BACKGROUND.search("how does it rank the candidate items in the end?")
