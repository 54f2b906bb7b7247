"""The rules read off blinds 128 to 131, each with its examples and counterexamples: what brings a thing about asked
whatever it measures, a coined name opening in lower case, the approach described asked for, two kinds counted
against each other, a model's size against others', and pieces offered by a slash."""

from __future__ import annotations

from rag.answering import closest, quotes, value_kinds, values
from rag.reading.parts import split_parts
from rag.reading.text import coined_names
from rag.types import Hit

from .conftest import says_piece


def test_what_stabilises_a_thing_asks_what_not_a_figure() -> None:
    """Blind 128: "what stabilises training when scaling window or block size?" asked a figure for its "size"."""
    assert split_parts("what stabilises training when scaling window or block size")[0].wants == "method"
    assert split_parts("what block size do they use")[0].wants == "number"


def test_a_coined_name_may_open_in_lower_case() -> None:
    """Blind 131: "Experiments on the nuPlan benchmark" names nuPlan; plain words do not."""
    assert coined_names("Experiments on the nuPlan benchmark and on nuScenes show gains.") == ["nuPlan", "nuScenes"]
    assert coined_names("Experiments on the planning benchmark show gains.") == []


def test_the_approach_described_is_asked_for_not_a_detail() -> None:
    """Blind 131: "what's the approach that uses ...?" asks for the paper; "what's the method called?" and "what is
    the approach's cost?" ask a detail."""
    asked = (
        "what's the approach that uses the shortest-path distance from the initial state as an exploration heuristic "
        "for sparse reward RL"
    )
    assert not split_parts(asked)[0].asks_detail
    assert split_parts("what's the method called")[0].asks_detail


def test_two_kinds_counted_against_each_other_count_the_thing_after() -> None:
    """Blind 128: "how many self-docking vs cross-docking entries" counts entries, not "vs"."""
    assert split_parts("how many self-docking vs cross-docking entries")[0].head == "entries"
    assert split_parts("how many kinds of crosslinks does it cover")[0].head == "crosslinks"


def test_a_models_size_against_others_is_its_size() -> None:
    """Blinds 128 and 131: "how big is the model relative to SOTA?" of "... with only 13% of their size"; not a share
    of something else."""
    kind = value_kinds.wanted("how big is the model relative to SOTA")
    assert kind is not None and kind.name == "model size"
    assert values.holds(kind, "QRad outperforms state-of-the-art models with only 13% of their size.", "")
    assert not values.holds(kind, "QRad reduces the input token count to 22%.", "")


def test_pieces_offered_by_a_slash_are_each_a_piece() -> None:
    """Blind 131: "the inner/outer loop thing" of PERK is said by "The inner loop ..." and "the outer loop ..."."""
    asked = "can you explain the meta-training bit, the inner/outer loop thing?"
    assert says_piece(asked, {"PERK"}, "The inner loop rapidly encodes contexts into a low-rank adapter.")
    assert says_piece(asked, {"PERK"}, "Concurrently, the outer loop learns to use the updated adapter.")
    assert not says_piece(asked, {"PERK"}, "PERK matches long-context LLMs.")
    assert quotes._each_of_slashed("encoder/decoder block") == ["encoder block", "decoder block"]
    assert quotes._each_of_slashed("H-LRU / BD-LRU") == ["H-LRU / BD-LRU"]


def test_the_first_paper_whose_own_name_the_question_says_is_not_weighed_again() -> None:
    """Blind 118 at 19,630 papers: "What's UniFork's parameter count, and what GenEval score does it get?" was answered
    from LINA, second by the search, whose abstract states a GenEval score; UniFork's states none. Without a name the
    question says, the closest sentence still decides."""
    unifork = Hit.of_abstract(
        paper_id="u", title="UniFork: Modality Alignment", abstract="We propose UniFork.", score=1.1
    )
    lina = Hit.of_abstract(
        paper_id="l", title="LINA: Linear Attention", abstract="An overall score of 0.74 on GenEval.", score=1.05
    )

    def coverage(question: str, text: str) -> float:
        return 1.0 if "GenEval" in text else 0.0

    def similar(question: str, texts: list[str]) -> list[float]:
        return [1.0 if "GenEval" in t else 0.0 for t in texts]

    asked = "What's UniFork's parameter count, and what GenEval score does it get?"
    assert closest.choose(asked, [unifork, lina], coverage, similar) == [unifork]
    described = "What's the unified model's parameter count, and what GenEval score does it get?"
    assert closest.choose(described, [unifork, lina], coverage, similar)[0] == lina
