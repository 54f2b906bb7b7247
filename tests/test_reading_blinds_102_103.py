"""The rules read off blinds 102 and 103, each with its examples and counterexamples: a short part after its
preposition, a measure naming the thing it drives, a name asked by "what did they name", a bound and a percentage
asked, parts of a network told by where they sit, a name with a lower-case version, a starred name, the two compared
with nothing named, a comparison against no method, and a choice asked in a follow-up."""

from __future__ import annotations

from typing import Any

from rag.answering import compose, known, values
from rag.answering.holds import fits, ranks
from rag.answering.value_kinds import wanted
from rag.reading.asking import asks_figure
from rag.reading.contrasts import CONTRAST, related
from rag.reading.parts import Part, split_parts, wants
from rag.reading.questions import read_question
from rag.reading.text import coined_names, pointed_to, sentences
from rag.reading.turns import spelled_out


def asks_contrast_words(question: str) -> bool:
    return bool(CONTRAST.search(question))


def _read(question: str) -> list[tuple[str, str]]:
    return [(p.text, p.wants) for p in split_parts(question)]


def test_a_short_part_after_its_preposition_is_asked_on_its_own() -> None:
    """Blind 103: "what speedup do they report and on which model?" was one part asking a speedup "on which model"."""
    assert _read("what speedup do they report and on which model?") == [
        ("what speedup do they report", "number"),
        ("on which model", "name"),
    ]
    assert _read("what approximation rate does SiFEN achieve, and under what assumptions?") == [
        ("what approximation rate does SiFEN achieve", "number"),
        ("under what assumptions", "any"),  # what holds, not a name
    ]
    # three words that ask nothing of their own stay with the part before
    assert len(split_parts("how does it work, and why?")) == 1


def test_a_measure_naming_the_thing_it_drives_asks_no_figure() -> None:
    """Blind 103: "what does CellDuality use as its reward signal?" was read as asking a reward, a figure."""
    for thing in (
        "what does CellDuality use as its reward signal",
        "which cost function do they minimise",
        "what learning rate schedule is used",
        "what's the algorithm that compensates for error accumulated from upstream layers",
        "what practical use do they get out of collapse",
    ):
        assert not asks_figure(thing), thing
    for figure in ("what reward do they get", "what is the error rate", "what speedup do they get"):
        assert asks_figure(figure), figure


def test_a_name_asked_by_what_they_named_it() -> None:
    """Blind 102: "what did they name the model family they trained?" asked a name of nothing."""
    part = split_parts("what did they name the model family they trained?")[0]
    assert (part.wants, part.head) == ("name", "family")
    part = split_parts("What's the module that decides which VLM actions to trust called?")[0]
    assert (part.wants, part.head) == ("name", "module")
    # its class is the noun it ends with, not an acronym before it (blind 103)
    assert split_parts("which RNA language model did they fuse into AlphaFold 3?")[0].head == "model"
    assert split_parts("which RL algorithm do they use?")[0].head == "algorithm"
    assert split_parts("what are the five datasets they analyze?")[0].wants == "name"
    assert wants("what did they find") != "name"
    # "call" is answered by a term, in lower case as often as not: "We refer to any $f$ that satisfies this condition as
    # displacement-resistant" (blind 100)
    assert wants("what do they call the condition on f that prevents probability displacement") != "name"


def test_a_bound_and_a_percentage_are_figures_of_their_kind() -> None:
    """Blind 102's absent details: a bound "for non-convex losses" of an abstract that gives convex ones, and an
    effective sample size "as a percentage" of one that gives "2.5× higher"."""
    assert wants("what generalization bound does the Lookahead paper give for non-convex losses") == "number"
    assert wants("what kind of bounds do they prove") != "number"
    kind = wanted("what was the actual effective sample size it reached, as a percentage")
    assert kind is not None and kind.held is not None and kind.name == "percentage"
    assert kind.held.search("reaching an ESS of 43.2%") and not kind.held.search("more than 2.5× higher ESS")
    assert wanted("what percentage of tokens are pruned") is kind
    assert wanted("how many tokens are pruned") is not kind


def test_parts_of_a_network_are_told_by_where_they_sit() -> None:
    """Blind 102: "which layers do they end up fine-tuning?" of "only the final layers responsible for language
    control", and "which eigenvalue exactly?" of "the L-generator's principal eigenvalue"; not "Which GNNs?" of
    "various classic GNNs"."""
    layers = Part("which layers do they end up fine-tuning for language control", "name")
    assert fits(layers, "we introduce selective fine-tuning of only the final layers responsible for control.", set())
    assert not fits(layers, "we fine-tune several layers.", set())
    eigen = Part("which eigenvalue exactly", "name")
    assert fits(eigen, "EGEA-DM leverages the L-generator's principal eigenvalue to control speed.", set())
    assert not fits(Part("which GNNs", "name"), "We evaluate on the first GNNs and various classic GNNs.", set())


def test_a_name_with_a_version_in_lower_case_is_a_name() -> None:
    """Blind 102: "except for Boltz-1x" named nothing, read as a compound like "LLM-based"."""
    assert {"Boltz-1x", "GPT-4o"} <= values.names("except for Boltz-1x and GPT-4o, which ...")
    assert not values.names("LLM-based and oRA-derived methods")
    # a name's class is the noun a few words on: "the PIE code performance benchmark" is data, not a model
    said = "On the PIE code performance benchmark, it surpasses all existing models"
    assert not values.of_class("model", {"PIE"}, said)
    # a sized model whose measure is told answers "which model?"
    assert values.SIZED_MODEL.search("improve end-to-end Llama3-8B latency by up to 4×")
    assert not values.SIZED_MODEL.search("outperforming LLaMA-3.1-405B by 3 points")


def test_a_starred_name_and_the_two_compared_with_nothing_named() -> None:
    """Blind 103: "FreeRet says ..., Retro* trains with RL ... how do the approaches compare?" was read as a lookup."""
    assert coined_names("FreeRet says MLLMs can retrieve, Retro* trains with RL.") == ["FreeRet", "Retro*"]
    assert coined_names("a 5* hotel, in A* search") == []  # a digit, or one letter, names no paper here
    assert asks_contrast_words("how do the approaches compare?")
    assert asks_contrast_words("How do they compare?")
    assert not asks_contrast_words("how does its 7B model compare with larger models?")
    assert not asks_contrast_words("how do the approaches compare on ImageNet against ResNet?")
    reading = read_question(
        "I need a retriever for a RAG system. FreeRet says MLLMs can retrieve with no training, Retro* trains with RL "
        "for reasoning-heavy retrieval. how do the approaches compare?"
    )
    assert (reading.kind, reading.targets) == ("compare", ("FreeRet", "Retro*"))


def test_two_described_papers_related_are_compared() -> None:
    """Blind 102: "how does the imbalanced classification overfitting theory paper relate to the spiked-covariance
    regression one with benign/catastrophic overfitting?" was read as a lookup."""
    reading = read_question(
        "how does the imbalanced classification overfitting theory paper relate to the spiked-covariance regression "
        "one with benign/catastrophic overfitting? both high-dim theory but what does each analyze"
    )
    assert reading.kind == "compare"
    assert reading.targets[1] == "the spiked-covariance regression one with benign/catastrophic overfitting"
    # a relation to a kind of thing is no comparison of two papers
    assert read_question("how does it relate to the earlier work?").kind == "lookup"


def test_a_comparison_against_no_method_asks_about_one_paper() -> None:
    """Blind 102: "What speedup does RFC get on FLUX.1-dev, compared to no caching?" compared RFC with Z-Cache at
    19,630 papers."""
    from rag.reading.questions import asks_contrast

    assert not asks_contrast(
        "What speedup does relational feature caching (RFC) get on FLUX.1-dev, compared to no caching?"
    )
    assert not asks_contrast("how much faster is it relative to not using the cache?")
    assert asks_contrast("What speedup does RFC get compared to ToCa?")


def test_the_two_set_side_by_side_before_the_question() -> None:
    """Blind 103: "both this and Protocode talk about interpretability in code generation. how do their approaches
    differ?" answered about the paper just discussed alone."""
    assert related("both this and Protocode talk about interpretability in code generation.") == ("this", "Protocode")


def test_a_choice_asked_in_a_follow_up_is_not_a_figure() -> None:
    """Blind 103: "so with a fixed budget, should I scale up the compressor or the predictor?" was spelled out as
    "What is the so with a fixed budget, ...?", a figure asked."""
    question = "so with a fixed budget, should I scale up the compressor or the predictor?"
    assert spelled_out(question) == question
    assert wants(question) != "number"
    assert spelled_out("and the success rate?") == "What is the success rate?"
    assert wants("with a fixed budget, what compressor size should I pick?") == "number"


def test_how_it_works_starts_from_the_idea_the_approach_builds_on() -> None:
    """Blind 102: TSDyG's approach opens "Building upon this formulation", and the idea is the sentence before it:
    "we propose transforming node interactions into binary time series"."""
    ordered = [
        "These negative historical interactions can provide complementary insights.",
        "To leverage both, we propose transforming node interactions into binary time series.",
        "Building upon this formulation, we propose a novel model termed TSDyG.",
    ]
    assert compose.built_on(ordered[2], ordered) == ordered[1]
    assert compose.built_on(ordered[1], ordered) is None
    problem = ["Existing methods fail to model motifs.", "To this end, we propose TMMP."]
    assert compose.built_on(problem[1], problem) is None
    assert (
        compose.built_on("Building on this, TMMP adds X.", ["Prior work fails.", "Building on this, TMMP adds X."])
        is None
    )


def test_a_sentence_opening_with_a_name_the_one_before_gives_is_quoted_with_it() -> None:
    """Blind 102: "CEAVQ adjusts weights to compensate ..." does not say what CEAVQ is; the sentence before gives it
    in brackets."""
    text = (
        "To mitigate the compounding errors, we propose the Cumulative-Error-Aware Vector Quantization (CEAVQ) "
        "algorithm. CEAVQ adjusts weights to compensate for the cumulative error. AEC-SVQ enables a W2A4 pipeline."
    )
    parts = sentences(text)
    assert pointed_to(parts[1], text) == parts[0]
    assert pointed_to(parts[2], text) is None  # a name the sentence before does not give
    assert pointed_to(parts[0], text) is None


def test_what_a_proposal_is_built_on_is_not_its_own_name() -> None:
    """Blind 103: "OmniV2V's visual-text instruction module is built on top of which model?" of "we design a
    visual-text instruction module based on LLaVa": LLaVa was taken for the paper's own, and "top" for a ranking."""
    assert known.proposed(["In addition, we design a module based on LLaVa, enabling the model to see."]) == set()
    assert known.proposed(["We propose OmniV2V, built on top of Wan2.1."]) == {"OmniV2V"}
    on_top = Part("OmniV2V's module is built on top of which model", "name")
    assert not ranks(on_top, "OmniV2V works as well as the best existing open-source models.", best=True)
    assert ranks(
        Part("which memory system comes out on top", "name"), "MemOS achieves the highest accuracy.", best=True
    )


def test_a_one_word_side_that_heads_a_title_is_among_its_candidates() -> None:
    """Blind 103 at 19,630 papers: "DR-Smoothing vs Antibody" took AbBiBench, the first of five papers on antibodies
    the search of "Antibody" found, past "Antibody: Strengthening Defense Against Harmful Fine-Tuning ..."."""
    from rag.retrieval.fusion import titles_opening

    from .test_reading_blinds_82_85 import FakeTitles

    keyword: Any = FakeTitles(
        ["AbBiBench: A Benchmark for Antibody Binding", "Antibody: Strengthening Defense Against Harmful Fine-Tuning"]
    )
    assert titles_opening("Antibody", keyword) == {"p1"}
    assert titles_opening("Benchmark", keyword) == set()  # a word inside a title heads none
    untitled: Any = FakeTitles(["Antibody design with diffusion"])
    assert titles_opening("Antibody", untitled) == set()  # no head before a colon
