"""The rules read off blinds 148 to 151, each with its examples and counterexamples: an enumeration's items marked
"Stage-1" or "(ii)", or naming another thing, after the sentence announcing them; a figure at a cut-off names no model;
the words a thing qualifies make no such thing; a paper's name given in plain English; what a paper introduces asked
of it; a name guessed in brackets; and a comparison asked after describing the other paper, or as "the same kind of
... as"."""

from __future__ import annotations

from rag.answering import aspects, beside, holds, known, own_names, values
from rag.reading import contrasts
from rag.reading.parts import split_parts
from rag.reading.questions import read_question
from rag.reading.text import sentences
from rag.types import Turn

from .conftest import abstract_hit

SAES = (
    "To address this, we propose SAES-SVD, a compression framework. SAES-SVD is composed of two novel components: "
    "Cumulative Error-Aware Layer Compression (CEALC), which formulates the objective. Based on it, we derive a "
    "closed-form solution. \\ding{183} Adaptive Collaborative Error Suppression (ACES), which adjusts the weighting "
    "coefficient. Specifically, the coefficient is optimized. Experiments show it works."
)
DAVE = (
    "We introduce DAVE, a vision encoder. Within the supervised stage, we adopt two strategies to improve alignment: "
    "(i) We introduce a novel model-merging scheme. (ii) We use ensemble training to fuse features. Experiments show "
    "it works."
)


def test_the_items_an_announcing_sentence_starts_are_told_by_their_markers_or_their_names() -> None:
    """Blind 150: "What are the two components of SAES-SVD?" quoted the sentence announcing them with the first, not
    "\\ding{183} Adaptive Collaborative Error Suppression (ACES), ..."; blinds 128 and 151: DAVE's two strategies
    quoted "(i) We introduce ..." and not "(ii) We use ensemble training ...", which says no "strategy"."""
    announcing = next(s for s in sentences(SAES) if "two novel components" in s)
    found = beside.siblings("What are the two components of SAES-SVD", announcing, abstract_hit(SAES), set())
    assert [s[:39] for s in found] == ["\\ding{183} Adaptive Collaborative Error"]
    strategies = next(s for s in sentences(DAVE) if "two strategies" in s)
    found = beside.siblings("what are the two strategies", strategies, abstract_hit(DAVE), set())
    assert found == ["(ii) We use ensemble training to fuse features."]
    # no count announced: the next sentence must say the thing
    assert beside.siblings("what are the two strategies", "We adopt a strategy.", abstract_hit(DAVE), set()) == []


def test_stage_numbers_mark_an_enumeration() -> None:
    """Blind 113: "OUSAC has two stages - what does each stage do?" quoted "Stage-1 employs ..." and not "Stage-2
    introduces ...": "Stage-1" with a hyphen was no enumeration's marker."""
    assert beside.ENUMERATION_START.search("Stage-1 employs evolutionary algorithms to discover schedules.")
    assert beside.ENUMERATION_NEXT.search("Stage-2 introduces an adaptive rank allocation strategy.")
    assert beside.ENUMERATION_START.search("We adopt two strategies to improve alignment: (i) We introduce a scheme.")
    assert not beside.ENUMERATION_START.search("First-order methods are slow.")
    assert not beside.ENUMERATION_NEXT.search("GPT-4 is a strong baseline.")


def test_a_figure_at_a_cut_off_names_no_model() -> None:
    """Blind 149: "Which LLMs did the Pluto benchmark evaluate?" was told by "state-of-the-art LLMs can achieve ...
    78.3\\% at pass@1 ... at eff@1": pass@1 was read as a name that may be a model."""
    sentence = "Results show that state-of-the-art LLMs reach 78.3% at pass@1 and 63.8% at eff@1."
    assert not values.of_class("model", {"pass@1", "eff@1"}, sentence)
    assert values.of_class("model", {"Qwen2.5"}, "We evaluate Qwen2.5 at pass@1.")
    assert values.of_class("metric", {"pass@1"}, sentence)


def test_the_words_a_thing_qualifies_make_no_such_thing() -> None:
    """Blind 151: "which foundation model do they split?" was told by "we propose a robust Foundation Model
    (FM)-empowered O-RAN framework", which makes a framework."""
    qualifying = "To address this, we propose a robust Foundation Model (FM)-empowered O-RAN framework."
    assert not holds._introduced("model", qualifying, built=True)
    assert holds._introduced("model", "We propose a lightweight diffusion model for the task.", built=True)


def test_a_name_given_in_plain_english_is_the_papers_own() -> None:
    """Blinds 140 and 151: "which small models do they test the Navigation templates on, and what bigger model do
    those end up beating?" was declined as off-topic at 500 papers: "Navigation" is no coined name."""
    abstract = "To address this, we propose Navigation, a novel training-free framework. It works."
    assert own_names.given_in("which models do they test the Navigation templates on?", abstract) == ["Navigation"]
    assert own_names.given_in("Navigation for robots: any paper?", abstract) == []  # the first word names nothing
    assert own_names.given_in("the Navigation templates?", "Robot navigation is hard.") == []


def test_what_a_paper_introduces_is_asked_of_its_own() -> None:
    """Blinds 119, 130, 138, 150: "what model do they introduce to get the bound?" of "we establish the GCN
    transferability bound by introducing Stretched Graphon Convolutional Networks (SWNNs)" was "not stated": the
    question's GCN, said by the proposal, was read as the paper's own name given."""
    candidates = [
        "Size transfer methods in Graph Convolutional Networks (GCNs) are common.",
        "We establish the GCN transferability bound by introducing Stretched Graphon Convolutional Networks (SWNNs).",
    ]
    (part,) = split_parts("To get a GCN bound, what model do they introduce?")
    assert known.own_name_asked(part, "To get a GCN bound, what model do they introduce?", candidates)
    (part,) = split_parts("what model does ReasonMap introduce?")
    assert not known.own_name_asked(part, "what model does ReasonMap introduce?", ["We propose ReasonMap, a model."])
    (part,) = split_parts("what model do they evaluate?")
    assert not known.own_name_asked(part, "what model do they evaluate?", candidates)


def test_a_name_guessed_in_brackets_is_no_secondabstract_hit() -> None:
    """Blind 150: "MagicStain adapts a pretrained single-step diffusion model - which one (SD-Turbo?), and ...?" was
    read at 19,630 papers as comparing MagicStain with a paper saying SD-Turbo."""
    assert contrasts.GUESSED.search("which one (SD-Turbo?), and which VLM provides the priors?")
    assert contrasts.GUESSED.search("which SSM do they use (Mamba, S4?)")
    assert not contrasts.GUESSED.search("How does MagicStain (virtual staining) differ from D2D?")


def test_a_comparison_asked_after_describing_the_otherabstract_hit() -> None:
    """Blind 151: "hmm, and the paper that groups patches into semantic regions instead, how does it differ?" after
    an answer; blind 148: "Is TAIL doing the same kind of meta-learning as the paper using LLMs as in-context
    meta-learners ...?"; both were read as asking of one paper."""
    turns = [Turn(question="are there RL methods that make MLLMs use fewer visual tokens?", cited=("a",))]
    reading = read_question(
        "hmm, and the paper that groups patches into semantic regions instead, how does it differ?", turns
    )
    assert reading.kind == "compare" and reading.targets[1] == "the paper that groups patches into semantic regions"
    reading = read_question("Is TAIL doing the same kind of meta-learning as the paper using LLMs as meta-learners?")
    assert reading.kind == "compare" and reading.targets[0] == "TAIL"
    assert read_question("is that the same kind of thing?", turns).kind == "lookup"
    assert read_question("and the paper that groups patches, what does it train on?", turns).kind != "compare"


def test_the_thing_asked_called_is_the_noun_before_what_they_did_to_it() -> None:
    """Blind 125: "what's the benchmark they built called?" asked for a "built", and "we also introduce RL-MIA, a
    benchmark constructed to ..." was not read as naming it."""
    (part, _) = split_parts("what's the benchmark they built called, and how big is the AUC gain?")
    assert part.head == "benchmark"
    (part,) = split_parts("What's the module that decides which VLM actions to trust called?")
    assert part.head == "module"


def test_a_name_of_several_words_set_in_italics_is_a_name() -> None:
    """Blind 138: "what's the core data structure called?" of "At the heart of our data structure is the novel notion
    of *Just-in-Time Sampling Trees*": only a one-word name in italics was read as one."""
    sentence = "At the heart of our data structure is the novel notion of *Just-in-Time Sampling Trees*."
    assert holds.new_names(sentence, set()) == {"Just-in-Time Sampling Trees"}
    assert values.of_class("data", {"Just-in-Time Sampling Trees"}, sentence)
    assert holds.new_names("We use *very* simple rules.", set()) == set()


def test_a_remedy_tried_is_told_by_the_approaches_for_it() -> None:
    """Blinds 117, 133, 149: "did they try to improve it?" of a study quoted what it measured, not "We further explore
    two complementary approaches for strengthening metacognition: ..."."""

    remedy = "We further explore two complementary approaches for strengthening metacognition: prompt-driven control."
    assert aspects.aspects_said("did they try to improve it? how?", remedy) > 0
    assert aspects.aspects_said("did they try anything to actually improve it?", remedy) > 0
    assert aspects.aspects_said("did they try to improve it?", "Our method improves accuracy by 5%.") == 0
    assert aspects.aspects_said("how much does it improve accuracy?", remedy) == 0
