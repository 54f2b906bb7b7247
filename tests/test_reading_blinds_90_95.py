"""The rules read off blinds 90 to 95, each with its examples and counterexamples: what a part asks for when a measure
only describes something else ("continuous-time graph", "what does it use to control the speed"), a choice between two,
two papers set up in more ways ("I'm torn between A and B", "both A and B <verb>", "how do A and B <verb> ...
differently"), one of two picked by its ordinal or its title, a method's components a sentence each, a thing that
captures or handles something, and a follow-up's answer taken from the paper's own work."""

from __future__ import annotations

from typing import Any

from rag.answering import conversation, known, own_work, quotes, ranking, values
from rag.answering.holds import fits
from rag.reading import introduced
from rag.reading.parts import Part, split_parts, wants
from rag.reading.questions import read_question
from rag.types import Turn

from .test_reading_blinds_86_93 import FakeNames, FakeStore, _paper


def test_a_measure_that_only_describes_something_else_asks_no_figure() -> None:
    """Blind 91: "... the l1 latent distance continuous-time graph paper" and "What does EGEA-DM use to control the
    speed of the forward diffusion?" were read as asking a figure, and declined; so was "what does their reward look
    like?"."""
    for asked in (
        "what's the problem with the squared l2 latent distance that motivates the l1 latent distance continuous-time "
        "graph paper",
        "What does EGEA-DM use to control the speed of the forward diffusion",
        "what does their reward look like",
        "what does it use for training",
    ):
        assert wants(asked) != "number", asked
    # a measure that is the noun asked about, or named before "use", still asks a figure
    for figure in (
        "what is the run-time of the solver",
        "what TM-score does it reach",
        "what success-rate improvement do they get",
        "what learning rate does it use to control speed",
    ):
        assert wants(figure) == "number", figure


def test_which_of_two_did_better_is_a_choice_not_a_name() -> None:
    """Blind 90: "which worked more robustly across answer formats, SFT or reinforcement fine-tuning?" was read as
    asking for a name, and declined."""
    assert wants("which worked more robustly across answer formats, SFT or reinforcement fine-tuning") == "any"
    # blinds 78 and 82: a thing offered by name is still asked by name (both details are absent: they are declined)
    assert wants("Which diffusion backbone does Story-Iter run on, SD1.5 or SDXL") == "name"
    assert wants("which semi-synthetic benchmarks did they use, IHDP or something else") == "name"


def test_two_papers_set_up_in_more_ways() -> None:
    """Blinds 90, 91, 94 and 95; whether each side is one paper, rag.answering.sides decides."""
    for question, said in (
        (
            "I'm choosing between a training-free deliberative framework for mobile GUI agents and an approach that "
            "trains the GUI agent with RL in a live online environment. Which papers are those and how do they differ?",
            (
                "a training-free deliberative framework for mobile GUI agents",
                "an approach that trains the GUI agent with RL in a live online environment",
            ),
        ),
        (
            "For retrieval I'm torn between a zero-shot generative retrieval framework driven by instructions and "
            "Retro*. What does each claim, and on which benchmarks?",
            ("a zero-shot generative retrieval framework driven by instructions", "Retro*"),
        ),
        (
            "both the VLM counting benchmark built from simple shapes and GIQ (the polyhedra one) probe where vision "
            "models break. how do they compare in what they test?",
            ("the VLM counting benchmark built from simple shapes", "GIQ (the polyhedra one)"),
        ),
        (
            "DAVIS and the gradient intrinsic-dimensionality detector both flag problematic inputs from model "
            "internals. what signals do they use?",
            ("DAVIS", "the gradient intrinsic-dimensionality detector"),
        ),
        (
            "I'm worried about RL fine-tuning collapsing output diversity. There's the polychromic objective paper and "
            "DQO; how do they each try to keep diversity alive?",
            ("the polychromic objective paper", "DQO"),
        ),
        (
            "For ML interatomic potentials I came across ASDP (the angular, shell-aware one) and a scaling-law study "
            "about symmetry in neural force fields. What does each propose or find?",
            ("ASDP", "a scaling-law study about symmetry in neural force fields"),
        ),
    ):
        assert introduced.introduced_sides(question) == said, question
    for unset in (
        "I'm choosing between LoRA ranks 8 and 16 for my model.",  # nothing asked of the two after it
        "both the encoder and the decoder are frozen",
        "There's the polychromic objective paper and DQO; which datasets are used?",
    ):
        assert introduced.introduced_sides(unset) is None, unset
    # blind 94: what each does, set against the other
    assert introduced.asked_of_each(
        "how do the commonsense abductive logic paper and NeTheR handle it differently?"
    ) == ("the commonsense abductive logic paper", "NeTheR")
    assert introduced.asked_of_each("how do the abductive logic paper and NeTheR handle it?") is None


def test_what_they_differ_in_before_from_what() -> None:
    """Blind 91: "How does X differ in focus from Y?" was a lookup of X, and Y was found by the search alone."""
    reading = read_question(
        "How does the certified unlearning paper with sequential subspace noise differ in focus from the study on how "
        "learning-time encoding shapes LLM unlearning?"
    )
    assert reading.kind == "compare"
    assert reading.targets == (
        "the certified unlearning paper with sequential subspace noise",
        "the study on how learning-time encoding shapes LLM unlearning",
    )
    assert read_question("how do they differ in deciding which tokens to keep?").targets == ()


def test_one_paper_picked_by_its_ordinal_is_no_contrast_of_two() -> None:
    """Blind 94: "in the first one, how do they avoid squeezing each node's text into one fixed-size vector?" compared
    the two papers cited, for its "each"."""
    turns = [Turn("how are people combining GNNs with LLMs?", "", ("a", "b"))]
    assert read_question("in the first one, how do they avoid squeezing each node's text?", turns).kind != "compare"
    assert read_question("what does each of them do?", turns).kind == "compare"


def test_a_methods_components_are_the_sentences_that_introduce_each() -> None:
    """Blinds 94 and 95: "Which components does the framework introduce ...?" and "what are the two components ...?"
    were declined, or answered by a finding "1) ... and 2) ..."."""
    sentences = [
        "Feature caching approaches accelerate diffusion transformers.",
        "Through a detailed analysis, we find that 1) errors stem from magnitudes, and 2) inputs predict outputs.",
        "Based on this, we propose relational feature caching (RFC), a novel framework.",
        "Specifically, we introduce relational feature estimation (RFE) to estimate the magnitude of changes.",
        "We also present relational cache scheduling (RCS), which estimates the prediction errors.",
        "Extensive experiments demonstrate that RFC outperforms prior approaches.",
    ]
    for asked in ("what are the two components", "Which components does the framework introduce to make it work"):
        assert ranking.components(asked, sentences) == (3, 4), asked
    assert ranking.components("what does RFC do", sentences) is None
    # one introduced after the proposal is not two: "a ... strategy is introduced" is read otherwise (blind 87)
    assert ranking.components("what are the two components", [*sentences[:4], sentences[5]]) is None


def test_a_thing_that_does_what_is_asked_is_the_thing_asked_for() -> None:
    """Blind 94: "which mechanism captures the homophilic structures?" asks for the mechanism, and "AGGR introduces an
    Adaptive Granular-Ball graph refinement mechanism" introduces one."""
    part = split_parts("AGGR for graph clustering: which mechanism captures the homophilic structures?")[-1]
    assert part.head == "mechanism" and part.which_thing
    assert split_parts("which public benchmarks the X reports")[-1].head == "benchmarks"
    assert not split_parts("which work shows the effect")[-1].head
    said = "Specifically, AGGR introduces an Adaptive Granular-Ball graph refinement mechanism to capture structures."
    assert fits(Part("which mechanism captures the homophilic structures", "name"), said, {"AGGR"})
    assert not fits(Part("which mechanism captures the homophilic structures", "name"), "AGGR works well.", {"AGGR"})


def test_a_module_the_abstract_names_by_another_word_is_not_given() -> None:
    """Blind 91: "which module handles outlier residuals ...?" of "the Order-Statistic Consensus Operator (OSCO) trims
    ... outlier residuals": "OSCO" spelled out no "module", so it counted as given by the question."""
    paper = _paper(
        1, "Depth in Motion", "At the supervision level, the Order-Statistic Consensus Operator (OSCO) trims."
    )
    module = Part("which module handles outlier residuals at the supervision level", "name")
    assert "OSCO" not in known.given(module, paper, module.text, [paper.abstract or ""], False)
    dataset = Part("which dataset handles outlier residuals", "name")
    assert "OSCO" in known.given(dataset, paper, dataset.text, [paper.abstract or ""], False)


def test_a_method_set_in_apposition_to_what_a_paper_explores_is_its_proposal() -> None:
    """Blind 95: "In this work, we explore the idea of Hybrid Training (HyT), a framework that ..." proposes HyT."""
    assert known.PROPOSE.search("In this work, we explore the idea of Hybrid Training (HyT), a framework that enables")
    assert not known.PROPOSE.search("We explore how LLMs fail, and why.")


class FakeSimilar:
    """Cosine by shared words: enough to rank sentences for a question."""

    def __call__(self, question: str, texts: list[str]) -> list[float]:
        asked = set(question.lower().split())
        return [len(asked & set(t.lower().split())) / max(len(asked), 1) for t in texts]


def test_a_follow_up_is_answered_from_the_papers_own_work() -> None:
    """Blind 95: "how does it keep the cache from growing forever though?" quoted "Even evolved streaming variants,
    such as StreamVGGT, still suffer from rapidly growing cache", other work's trouble, not IncVGGT's fix."""
    abstract = (
        "We present IncVGGT, a training-free variant of VGGT. "
        "Even evolved streaming variants still suffer from rapidly growing cache and latency. "
        "IncVGGT prunes the history cache so that the cache stops growing with a fixed budget."
    )
    paper = _paper(1, "IncVGGT", abstract)
    question = "how does it keep the cache from growing"
    own = quotes.best_sentences(question, paper, FakeSimilar(), set(), most=1, own=True)
    assert own == ["IncVGGT prunes the history cache so that the cache stops growing with a fixed budget."]
    assert quotes.best_sentences(question, paper, FakeSimilar(), set(), most=1) != own
    assert own_work.ASKS_BACKGROUND.search("why is the cache a problem for it?")
    assert own_work.OTHER_WORK.match("Vanilla VGGT relies on dense global attention.")
    assert own_work.OTHER_WORK.match("Even evolved streaming variants, such as StreamVGGT, still suffer.")
    assert not own_work.OTHER_WORK.match("Even more revealing, the inclusion of the raw sequence degrades performance.")


class FakeRetriever:
    def __init__(self, keyword: FakeNames) -> None:
        self.keyword = keyword

    def keyword_index(self) -> Any:
        return self.keyword


def test_one_of_several_cited_is_picked_by_the_title_its_words_are_in() -> None:
    """Blind 94: "for the anomaly detection one" picked PLanTS, evaluated on anomaly detection among other tasks, over
    "MSFlow: ... for Time Series Anomaly Detection"."""
    plants = _paper(1, "PLanTS: Periodicity-aware Learning", "We evaluate on classification and anomaly detection.")
    msflow = _paper(2, "MSFlow: Coupling Flows for Time Series Anomaly Detection", "We fuse anomaly detection scores.")
    store, retriever = FakeStore([plants, msflow]), FakeRetriever(FakeNames({}))
    turns = [Turn("self-supervised methods for time series", "", ("p1", "p2"))]
    question = "for the anomaly detection one: can it make use of labels?"
    assert conversation.picked(question, turns, retriever, store) == "p2"  # type: ignore[arg-type]
    assert conversation.picked("for the periodicity one: labels?", turns, retriever, store) == "p1"  # type: ignore[arg-type]


def test_a_compound_of_words_is_met_where_each_word_is_said() -> None:
    """Blind 94: "what average TM-score does the RNA-language-model-augmented AlphaFold 3 reach on RecentPDB-RNA?" was
    "not stated" of "Accurate RNA 3D Structure Prediction via Language Model-Augmented AlphaFold 3": the compound, a
    description, was read as a name the abstract never says."""
    text = "RNA Structure Prediction via Language Model-Augmented AlphaFold 3. On RecentPDB-RNA, a TM-score of 0.472."
    asked = "what average TM-score does the RNA-language-model-augmented AlphaFold 3 reach on RecentPDB-RNA"
    assert values.unmet_condition(asked, text) is None
    assert values.unmet_condition("what does the DNA-language-model-augmented AlphaFold 3 reach", text)
    assert values.unmet_condition("what did GPT-4o score on RecentPDB-RNA", text) == "GPT-4o"


def test_which_of_those_two_picks_one_of_the_papers_cited() -> None:
    """Blind 95: "which of those two is built from actual clinical patient data rather than research papers?" was read
    as a new topic at 19,630 papers, its words finding other papers."""
    from rag.reading.turns import picks

    assert picks("which of those two is built from actual clinical patient data?", 2)
    assert not picks("which of those two is built from actual clinical patient data?", 1)
    assert not picks("which of the clinical benchmarks is built from patient data?", 2)


def test_a_name_of_the_field_set_against_how_the_paper_does_is_its_baseline() -> None:
    """Blind 90: "there's a gradient-free alignment method that runs evolution strategies on LoRA singular values - how
    does it do vs GRPO on GSM8K?" compared two papers the search found, neither of them ESSA."""
    from rag.answering.baselines import a_field_side

    field = {f"p{i}": True for i in range(40)}
    keyword = FakeNames({"GRPO": field, "GSM8K": field, "ESSA": {"p1": True}})
    question = "there's a gradient-free alignment method on LoRA - how does it do vs GRPO on GSM8K?"
    assert a_field_side(question, ("how does it do", "GRPO on GSM8K"), keyword)  # type: ignore[arg-type]
    # a paper's own name is a second paper; so is a field's name set against another name
    assert not a_field_side("how does it do vs ESSA?", ("how does it do", "ESSA"), keyword)  # type: ignore[arg-type]
    assert not a_field_side("DQO vs GRPO?", ("DQO", "GRPO"), keyword)  # type: ignore[arg-type]
