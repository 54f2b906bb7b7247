"""The rules read off blinds 96 and 97, each with its examples and counterexamples: a name the question says in plain
digits met where the abstract sets it as a superscript, a count in words past twelve, what a thing is used for
measuring nothing asked, a method named in capitals and set as the thing built, a ratio that counts nothing, a rate
told by its order, and a quoted sentence brought with the one it points back to."""

from __future__ import annotations

from rag.answering import quotes, value_kinds, values
from rag.answering.holds import counts_only, holds_value
from rag.reading.contrasts import SHARED, stands_for_earlier
from rag.reading.introduced import introduced_sides
from rag.reading.parts import split_parts, wants

from .test_reading_blinds_86_93 import _paper
from .test_reading_blinds_90_95 import FakeSimilar


def test_a_name_set_as_a_superscript_is_the_questions_name_in_digits() -> None:
    """Blinds 79, 82 and 97: "what score does DCR²-AD reach on MMAD?" (read as "DCR2-AD") was declined, the abstract
    writing "DCR$^2$-AD" and "DCR²-AD"."""
    asked = "what score does DCR2-AD reach on the MMAD benchmark"
    for text in ("we propose DCR$^2$-AD, attaining 83.36% on MMAD.", "we propose DCR²-AD, attaining 83.36% on MMAD."):
        assert values.unmet_condition(asked, text) is None, text
    # a name the text never says is still unmet
    assert (
        values.unmet_condition("what score does GPT-4o reach on MMAD", "DCR$^2$-AD attains 83.36% on MMAD") == "GPT-4o"
    )


def test_a_count_in_words_past_twelve_counts() -> None:
    """Blind 96: "How many benchmarks was Sparsity Forcing evaluated on?" of "Across thirteen image and video
    benchmarks, ..." was declined."""
    count = value_kinds.wanted("How many benchmarks was it evaluated on")
    assert count is not None and count.held is not None and count.name == "count"
    for said in ("Across thirteen image and video benchmarks", "on twenty tasks", "fifteen datasets"):
        assert count.held.search(said), said
    for not_a_count in ("the fourteenth benchmark", "the thirteen-fold gain", "the twentieth run"):
        assert not count.held.search(not_a_count), not_a_count


def test_what_a_thing_is_used_for_measures_nothing_asked() -> None:
    """Blind 97: "what quantity do they use to control how fast the forward diffusion runs?" was read as asking a
    figure ("how fast") and declined; a measure named before the verb still asks one."""
    for thing in (
        "what quantity do they use to control how fast the forward diffusion runs",
        "what signal do they use to control the speed",
        "what data do they use to measure accuracy",
    ):
        assert wants(thing) != "number", thing
    for figure in ("what learning rate do they use to train", "what batch size do they use for pretraining"):
        assert wants(figure) == "number", figure


def test_a_method_named_in_capitals_and_set_as_the_thing_built_answers() -> None:
    """Blind 97: "what modeling framework do they come up with for the discrete token sets?" of "we propose Fixed-Sum
    Discrete Diffusion—the first framework to ..." was declined: a name in plain capitals is no name to the rules."""
    (part,) = split_parts("what modeling framework do they come up with for the discrete token sets?")
    args = ((None, None), set(), part.text, (False, False), False)
    stated = "Further, we propose Fixed-Sum Discrete Diffusion—the first framework to handle discrete values."
    assert holds_value(part, stated, *args)
    # another's framework, or one not set as the thing built, is not theirs
    for other in (
        "Existing methods adopt Masked Diffusion—a framework that ignores the sum.",
        "We propose to model sets with Discrete Diffusion, which fails on sums.",
    ):
        assert not holds_value(part, other, *args), other


def test_a_ratio_counts_nothing() -> None:
    """Blind 96: "ELAS: which activation function do they use, and where exactly is the 2:4 sparsity applied?" was
    declined: "implements 2:4 structured sparsity" read as counting what the question counts."""
    question = "ELAS: which activation function do they use, and where exactly is the 2:4 sparsity applied?"
    stated = "ELAS applies squared ReLU activation functions and implements 2:4 structured sparsity on activations."
    assert not counts_only(stated, question)
    # a count the question gave, said of the things it asks to name, still counts them only
    assert counts_only("We evaluate four LVLMs across two tasks.", "which four LVLMs were evaluated?")


def test_a_rate_told_by_its_order_is_a_figure() -> None:
    """Blind 97: "what speedup do they show in the convex case?" of "Our analysis demonstrates a linear speedup with
    respect to the batch size in the convex setting." was declined: no digits."""
    (part,) = split_parts("what speedup do they show in the convex case?")
    args = ((None, None), set(), part.text, (False, False), False)
    assert part.wants == "number"
    assert holds_value(part, "Our analysis demonstrates a linear speedup with respect to the batch size.", *args)
    assert not holds_value(part, "The speedup grows with the batch size in the convex setting.", *args)
    assert not holds_value(part, "A linear probe shows the speedup is real.", *args)


def test_a_quoted_sentence_comes_with_the_one_it_points_back_to() -> None:
    """Blind 96: "how does the quantum one deal with geometry?" quoted "This approach enables us to capture the
    intrinsic symmetries ..." without the sentence it points back to, which says the spherical manifold."""
    abstract = (
        "We introduce ShadowFM, a generative framework for quantum states. "
        "We interpret the embedding space of shadow measurements as a spherical manifold. "
        "This approach captures the symmetries of geometry, unlike previous works assuming Euclidean geometry. "
        "Experiments show accurate predictions of observables."
    )
    paper = _paper(1, "ShadowFM", abstract)
    quoted = quotes.best_sentences("how are the symmetries captured", paper, FakeSimilar(), set(), most=2)
    assert quoted == [
        "We introduce ShadowFM, a generative framework for quantum states.",
        "We interpret the embedding space of shadow measurements as a spherical manifold.",
        "This approach captures the symmetries of geometry, unlike previous works assuming Euclidean geometry.",
    ]
    # a sentence pointing back to one already quoted brings nothing more; the one closest sentence asked is itself
    rest = quotes.best_sentences("how are the symmetries captured", paper, FakeSimilar(), {quoted[1]}, most=2)
    assert quoted[1] not in rest and quoted[2] in rest
    assert quotes.best_sentences("how are the symmetries captured", paper, FakeSimilar(), set(), most=1) == [quoted[2]]


def test_two_options_and_which_does_what_set_up_two_papers() -> None:
    """Blind 96: "Option A ... (KARMA); option B is certified, DP-style unlearning ... What's the trade-off between
    them?" and "ProtoKV compresses the KV cache, and ETT does something at test time. Which does what exactly?" were
    read as lookups of one paper."""
    options = (
        "I need to make a model forget some training data. Option A perturbs embeddings of important keywords (KARMA); "
        "option B is certified, DP-style unlearning that spreads noise over subspaces. What's the trade-off between "
        "them?"
    )
    assert introduced_sides(options) == (
        "perturbs embeddings of important keywords (KARMA)",
        "is certified, DP-style unlearning that spreads noise over subspaces",
    )
    which = (
        "Long-context papers: ProtoKV compresses the KV cache, and ETT does something at test time. Which does what?"
    )
    assert introduced_sides(which) == ("ProtoKV compresses the KV cache", "ETT does something at test time")
    assert SHARED.search("Which does what exactly?") and SHARED.search("which one does what?")
    for one in (
        "Is option A better than option B here?",
        "It compresses the KV cache, and it runs at test time. What does it do?",
    ):
        assert introduced_sides(one) is None, one


def test_that_papers_aspect_stands_for_the_paper_just_discussed() -> None:
    """Blind 96: "How does that paper's angle differ from NH-Fair's?" compared NH-Fair's paper with "Angle K-Means",
    the side searched by its words."""
    for earlier in ("that paper's angle", "this method’s focus", "its angle", "that paper"):
        assert stands_for_earlier(earlier), earlier
    for other in ("that LORAX paper's angle", "that paper on odorants", "NH-Fair's"):
        assert not stands_for_earlier(other), other


def test_absent_details_read_as_what_they_ask() -> None:
    """Blind 97's "What are the five datasets MUSE's tabular watermarking is evaluated on?" and blind 96's "what
    concrete value of N*(ε) do they report for a Navier-Stokes control task?" were read as asking anything, and
    answered by sentences that name no dataset and give no value."""
    assert wants("What are the five datasets MUSE's tabular watermarking is evaluated on") == "name"
    assert wants("What are the three CZSL benchmarks EVA was evaluated on") == "name"
    assert wants("What are the main ideas Sparse Attention is built on") == "any"
    assert wants("what concrete value of N*(ε) do they report for a Navier-Stokes control task") == "number"
    assert wants("what values of k work best") == "number"
    assert wants("what value does it add") != "number"
