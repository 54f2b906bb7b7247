"""The rules read off blinds 132 to 135, each with its examples and counterexamples: a count opening a bracket, an
example offered with "say,", the numbers asked, "map" and "mAP", a measure that varies, what a method leans on, what
it takes, a name beside or said as the thing asked, and a figure asked yes or no against a baseline."""

from __future__ import annotations

from rag.answering import named_thing, quotes, value_kinds, values
from rag.reading.asking import asks_figure
from rag.reading.introduced import related_described
from rag.reading.parts import split_parts
from rag.reading.questions import figure_against, read_question


def _terms(text: str) -> list[str]:
    return [w.strip("().,").lower().rstrip("s") for w in text.split()]


def test_a_count_opening_a_bracket_counts() -> None:
    """Blind 132: "a tiny calibration set (256 samples)" counts samples; "(1)" still numbers a list."""
    count = value_kinds.wanted("how many calibration samples does it need")
    assert count is not None and count.name == "count"
    assert values.counts(count, {"sample"}, "directly using a tiny calibration set (256 samples).", _terms)
    assert not values.counts(count, {"sample"}, "Our method (1) samples a path and (2) scores it.", _terms)
    assert not values.holds(count, "It converges at $O(1/T)$ on all tasks.", "")


def test_say_with_a_comma_offers_an_example_it_asks_nothing() -> None:
    """Blind 134: "when you erase, say, 50 concepts at once" was a part of its own; "say which ..." still asks."""
    asked = "What's the inference latency overhead of composing the adapters when you erase, say, 50 concepts at once?"
    assert len(split_parts(asked)) == 1
    assert len(split_parts("How big is the corpus, say which languages it covers")) == 2


def test_the_numbers_asked_are_a_figure() -> None:
    """Blind 134: "what are the numbers on CIFAR-10-C compared with TENT?" asks one paper's figures."""
    assert split_parts("what are the numbers on CIFAR-10-C compared with TENT")[0].wants == "number"
    assert figure_against("lana: what are the numbers on CIFAR-10-C compared with TENT?")
    # ... and asked yes or no: "Does LDT add much overhead compared with standard training?"
    assert figure_against("Does LDT add much training-time overhead compared with standard training?")
    assert not figure_against("How does LDT differ from standard training?")


def test_a_map_is_no_map_score() -> None:
    """Blind 133: "what map do they build?" asked mAP, and no sentence held a score."""
    assert value_kinds.wanted("what map do they build") is None
    score = value_kinds.wanted("what mAP does it reach")
    assert score is not None and score.name == "score"


def test_a_measure_that_varies_describes_what_is_asked() -> None:
    """Blind 135: "... for clients with different circuit depths" asks the trick, not a depth."""
    assert not asks_figure("what's the key training trick for clients with different circuit depths")
    assert asks_figure("what circuit depth do the clients use")


def test_what_a_method_leans_on_to_get_a_thing_is_no_figure() -> None:
    """Blind 134: "what maths do they lean on to get the optimal grid strategies?" asked a figure got."""
    assert not asks_figure("what maths do they lean on to get the optimal grid strategies")
    assert asks_figure("what accuracy do they get on ImageNet")


def test_what_it_takes_asks_how() -> None:
    """Blind 132: "what does it take to make certified unlearning ... not wreck accuracy?" asked a figure."""
    asked = "what does it take to make certified unlearning with DP guarantees not wreck accuracy"
    assert split_parts(asked)[0].wants == "method"
    assert split_parts("what accuracy does it keep after unlearning")[0].wants == "number"


def test_a_name_beside_or_said_as_the_thing_asked_is_it() -> None:
    """Blinds 135: "a lightweight k-NN classifier" names the classifier; "a tensor-output Gaussian process (TOGP) with
    two classes of kernels as a surrogate model" names the surrogate model; not a name said as another thing."""
    assert named_thing.apposed("classifier", {"NN"}, "Using a lightweight k-NN classifier, we achieve high accuracy.")
    surrogate = "we introduce a tensor-output Gaussian process (TOGP) with two kernels as a surrogate model of it."
    assert named_thing.apposed("model", {"TOGP"}, surrogate)
    assert not named_thing.apposed("model", {"TOGP"}, "we introduce TOGP, and use a CNN as a feature extractor.")
    assert not named_thing.apposed("classifier", {"GPT-4"}, "GPT-4 labels the data; a classifier is then trained.")


def test_a_paper_described_and_asked_whether_it_relates_to_another_is_a_side() -> None:
    """Blind 135: "Is the paper on reasoning models asking for missing information related to BED-LLM?" sets a paper
    described against BED-LLM; "is it related to BED-LLM?" is the paper just discussed's."""
    asked = "Is the paper on reasoning models asking for missing information related to BED-LLM? Both ask questions."
    assert related_described(asked) == ("the paper on reasoning models asking for missing information", "BED-LLM")
    assert related_described("Is it related to BED-LLM?") is None
    assert related_described("Is the data related to the labels?") is None


def test_a_paper_described_first_keeps_its_and_against_the_paper_after_with() -> None:
    """Blind 134: "Compare the paper showing low-rank decomposition and quantization aren't orthogonal with ELAS" was
    split at its "and"; "compare A and B" still compares A and B."""
    asked = "Compare the paper showing low-rank decomposition and quantization aren't orthogonal with ELAS."
    assert read_question(asked).targets == (
        "the paper showing low-rank decomposition and quantization aren't orthogonal",
        "ELAS",
    )
    assert read_question("Compare DyME and SDErasure.").targets == ("DyME", "SDErasure")


def test_the_sentence_going_on_about_a_piece_tells_its_role() -> None:
    """Blind 132: "what role does the beam search play in it?" of "We then introduce a Planning Algorithm based on
    Beam Search." then "This algorithm performs forward exploration ..."; not for a question asking no role."""
    abstract = [
        "We propose a world model.",
        "We then introduce a Planning Algorithm based on Beam Search.",
        "This algorithm performs forward exploration within the learned world model.",
    ]
    assert quotes._answered_next(abstract, [1], "what role does the beam search play in it?") == [2]
    assert quotes._answered_next(abstract, [1], "what results do they report?") == []


def test_why_a_piece_is_needed_is_the_problem_before_the_sentence_meeting_it() -> None:
    """Blind 134: "why do they need the entropy regularization part?" of "the dual problem results in the unstable
    min-max training procedure", before "To alleviate this issue, we further introduce entropy regularization"."""
    abstract = [
        "We reformulate GDA as a dual problem.",
        "However, the dual problem results in the unstable min-max training procedure.",
        "To alleviate this issue, we further introduce entropy regularization.",
    ]
    assert quotes._remedied_before(abstract, [2], "why do they need the entropy regularization part?") == [1]
    assert quotes._remedied_before(abstract, [2], "what does the entropy regularization do?") == []


def test_how_a_problem_is_dealt_with_is_the_sentence_opening_by_meeting_it() -> None:
    """Blind 135: "single step at high res sounds hard. how did they deal with that?" of "To address the limitations of
    single-step diffusion models in high-resolution virtual staining, we further propose ..."; none where a quoted
    sentence meets one already."""
    abstract = [
        "We propose MagicStain, a single-step diffusion model for high-resolution stains.",
        "To address the limitations of single-step diffusion models, we propose a two-stage training strategy.",
        "Experiments show its superiority.",
    ]
    asking = "single step at high res sounds hard. how did they deal with that?"
    assert quotes._remedy(abstract, [0, 1, 2], [0, 2], asking) == [1]
    assert quotes._remedy(abstract, [0, 1, 2], [1], asking) == []
    assert quotes._remedy(abstract, [0, 1, 2], [0, 2], "what results do they report?") == []


def test_a_name_several_papers_share_is_the_one_it_is_the_own_name_of_saying_the_sides_words() -> None:
    """Blind 132, at 19,630 papers: "CARE for graph OOD detection" took "Tribe", first of the side's search with its
    scene, over "CARE: ... for Graph Out-Of-Distribution Detection", third; 13 papers say CARE. Without the side's
    other words the search still decides."""
    from rag.answering.sides import side_paper

    from .test_pairs import FakeSideSearch, _paper

    tribe = _paper(1, "Tribe: Graph OOD Detection", "Graph OOD detection needs care; unlike CARE, we decompose.")
    synthetic = _paper(2, "Synthetic OOD Exposure for Graphs", "Graph OOD detection with synthetic outliers.")
    care = _paper(
        3, "CARE: Contextual Affinity for Graph OOD Detection", "We propose CARE, for OOD detection on a graph."
    )
    search = FakeSideSearch({"graph": [tribe, synthetic, care]}, said={"CARE": 13})
    scene = "Two graph papers: DEMO for anomaly detection and CARE for graph OOD detection. Same problem?"
    found = side_paper("CARE for graph OOD detection", scene, search)
    assert found is not None and found.paper_id == "p3"
    medical = _paper(4, "CARE: Confidence-Aware Reasoning for Medical VQA", "We propose CARE for medical VQA.")
    found = side_paper("CARE for graph OOD detection", scene, FakeSideSearch({"graph": [tribe, synthetic, medical]}))
    assert found is None or found.paper_id != "p4"


def test_how_a_paper_meets_a_problem_asks_of_its_own_work() -> None:
    """Blind 132: "how does ... stop the different faces' driving signals from interfering?" asks how the paper meets
    the problem, as "how do they deal with it?" does; "why is it hard?" asks of the problem."""
    assert quotes.asks_own(
        "how does that paper stop the faces' driving signals from interfering with each other?", False
    )
    assert quotes.asks_own("how does it deal with occlusions?", False)
    assert not quotes.asks_own("what does the portrait animation paper propose?", False)
    assert not quotes.asks_own("why is it hard to stop the signals from interfering?", False)


def test_what_a_piece_is_trained_on_is_said_by_the_sentence_saying_it_was() -> None:
    """Blind 133: "what data is the pseudo-labeler trained on?" of "the pseudo-labeler is trained exclusively on
    labeled data"; not a sentence saying no training."""
    asked = split_parts("what data is the pseudo-labeler trained on")[0]
    assert named_thing.said_done_on(
        asked, "To prevent bias, the pseudo-labeler is trained exclusively on labeled data."
    )
    assert not named_thing.said_done_on(asked, "The pseudo-labeler generates labels for unlabeled data.")
