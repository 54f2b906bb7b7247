"""The rules read off blinds 136 to 139, each with its examples and counterexamples: what a method uses to do a thing,
a property proved, "compared with X?" alone, a thing of the paper just discussed, a name with another hyphen, "which
ones?" of the things said before, the cause named after a problem, two papers described asked whether they relate,
and "btw" opening a new topic."""

from __future__ import annotations

from rag.answering import known, named_thing, quotes, values
from rag.reading import text
from rag.reading.asking import asks_figure
from rag.reading.contrasts import NEW_TOPIC, stands_for_earlier
from rag.reading.introduced import asked_of_each
from rag.reading.parts import split_parts
from rag.reading.questions import read_question
from rag.types import Hit, Turn


def test_what_a_method_uses_to_do_a_thing_is_said_by_the_sentence_using_something_to_do_it() -> None:
    """Blind 136: "which mathematical tools do they use to derive optimal grid strategies?" of "we employ spectral
    theory and Sobolev estimates to derive optimal grid strategies"; not a sentence doing another thing."""
    asked = split_parts("which mathematical tools do they use to derive optimal grid strategies")[0]
    sentence = (
        "and we employ spectral theory and Sobolev estimates to derive optimal grid strategies that minimize cost."
    )
    assert named_thing.said_done_on(asked, sentence)
    assert not named_thing.said_done_on(asked, "We employ spectral theory to bound the surrogate error.")
    # ... nor one saying the very kind asked in general (blind 122: "which LLM do they use to infer the proxy labels?")
    llm = split_parts("which LLM do they use to infer the proxy labels")[0]
    assert not named_thing.said_done_on(
        llm, "a pipeline that leverages large language models (LLMs) to infer proxy labels."
    )


def test_a_property_proved_asks_what_holds_not_a_figure() -> None:
    """Blind 136: "what theoretical property do they prove for their CV score?" asked a score."""
    assert not asks_figure("what theoretical property do they prove for their CV score")
    assert asks_figure("what CV score do they report")


def test_compared_with_a_paper_alone_after_an_answer_compares_the_paper_just_discussed() -> None:
    """Blinds 137 and 139: "compared with the l1 latent distance continuous-time graph paper?"; not without an answer
    before, nor "compared to what?"."""
    turns = [Turn(question="TSDyG — what's the trick?", answer="...", cited=("p1",))]
    asked = "compared with the l1 latent distance continuous-time graph paper?"
    reading = read_question(asked, turns)
    assert reading.kind == "compare" and reading.targets[1] == "the l1 latent distance continuous-time graph paper"
    assert read_question(asked).kind != "compare"
    assert read_question("compared to what?", turns).kind != "compare"
    # ... up to a dash before what is asked of the two (blind 121)
    dashed = read_question("and compared to the batch norm paper - are they even going after the same problem?", turns)
    assert dashed.targets == ("it", "the batch norm paper")


def test_a_thing_of_the_paper_just_discussed_in_plain_words_stands_for_it() -> None:
    """Blind 138: "How does that training recipe compare to ChemDFM-R's?" searched "that training recipe" as a paper;
    "that odorant paper" and "that LORAX paper" are other papers."""
    assert stands_for_earlier("that training recipe")
    assert not stands_for_earlier("that odorant paper")
    assert not stands_for_earlier("that LORAX paper")


def test_a_name_with_another_hyphen_is_said() -> None:
    """Blind 139: "how does that help with kNN-LM?" of an abstract writing "kNN‐LM" (U+2010) was declined as asking of
    a name it does not say."""
    paper = Hit.of_abstract(paper_id="p", title="Dispersion", abstract="It finds layers for kNN‐LM retrieval.")
    assert known.unsaid_names("ok and how does that help with kNN-LM?", [paper]) == []
    assert known.unsaid_names("ok and how does that help with RETRO?", [paper]) == ["RETRO"]


def test_which_ones_are_the_things_said_before() -> None:
    """Blind 138: "They split judging ability into levels, right? which ones?" asks which levels; "builds on a
    generator and an estimator - which ones?" names no plural thing before."""
    assert split_parts("They split judging ability into levels, right? which ones?")[0].text == "which levels"
    asked = "Extend3D builds on an object-centric 3D generator and a depth estimator - which ones specifically?"
    assert split_parts(asked)[0].text.startswith("which ones")


def test_the_cause_named_after_a_problem_answers_what_causes_it() -> None:
    """Blind 136: "what root cause do they blame for fixed-period models failing?" of "We further identify that the
    fundamental reason for this phenomenon is frequency competition", after the problem."""
    abstract = [
        "Existing methods assume a stable period.",
        "Representing such sequences with a fixed period can lead to underfitting.",
        "We further identify that the fundamental reason for this phenomenon is frequency competition.",
    ]
    asked = "what root cause do they blame for fixed-period models failing?"
    assert quotes._answered_next(abstract, [1], asked) == [2]
    assert quotes._answered_next(abstract, [1], "what do they propose?") == []


def test_two_papers_described_asked_whether_they_relate_are_two_papers() -> None:
    """Blind 137: "Are the multi-objective bilevel learning paper and the tensor-output Bayesian optimisation paper
    solving related problems at all?"; not two papers asked something else."""
    asked = (
        "Are the multi-objective bilevel learning paper and the tensor-output Bayesian optimisation paper solving "
        "related problems at all?"
    )
    two = ("the multi-objective bilevel learning paper", "the tensor-output Bayesian optimisation paper")
    assert asked_of_each(asked) == two
    assert asked_of_each("Are the bilevel learning paper and the Bayesian optimisation paper open source?") is None


def test_btw_opens_a_new_topic() -> None:
    """Blinds 112 to 139: all 27 second questions opening with "btw" start a new topic; one ending so does not."""
    assert NEW_TOPIC.search("btw is there a benchmark for RAG over old newspaper archives?")
    assert NEW_TOPIC.search("By the way, which paper does online augmentation for time series?")
    assert not NEW_TOPIC.search("Is it faster than SUIT, btw?")


def test_an_abbreviation_a_quoted_sentence_uses_brings_the_sentence_defining_it() -> None:
    """Blinds 136 and 138: "which constraints does it put on the learned symmetry generators?" quoted "... dynamical
    validity, enforced both via IIC ..." without "... the infinitesimal invariance condition (IIC) ..." before it; a
    field's abbreviation ("LLMs") brings nothing."""
    abstract = (
        "Large language models (LLMs) are used widely. Most approaches neglect the infinitesimal invariance condition "
        "(IIC) of the equations. We introduce LieDynNet, with constraints enforced via IIC. It scales to LLMs."
    )
    defining = "Most approaches neglect the infinitesimal invariance condition (IIC) of the equations."
    assert text.defined_before("We introduce LieDynNet, with constraints enforced via IIC.", abstract) == defining
    assert text.defined_before("It scales to LLMs.", abstract) is None


def test_the_trick_asked_is_told_by_the_sentence_saying_what_it_enables() -> None:
    """Blind 138: "what's the core trick for updating the state?" of "First, we introduce a row-sparse update
    formulation ...", then "This enables sparse state updates via softmax-based top-$k$ hard classification"."""
    abstract = [
        "We propose two key innovations.",
        "First, we introduce a row-sparse update formulation for linear attention.",
        "This enables sparse state updates via softmax-based top-$k$ hard classification.",
    ]
    asked = "the sparse state expansion one - what's the core trick for updating the state?"
    assert quotes._answered_next(abstract, [1], asked) == [2]
    assert quotes._answered_next(abstract, [1], "what results do they report?") == []


def test_a_count_opening_a_sentence_lists_nothing_after_it() -> None:
    """Blind 130 (moved by the reading of "which ones?" here): "Sim-PE used four simulators - which ones exactly?" is
    not told by "Across four diverse simulators, Sim-PE performs well"; "four simulators, Blender, Unity, ..." lists."""
    asked = "Sim-PE used four simulators - which ones exactly?"
    assert values.counts_only("Across four diverse simulators, Sim-PE performs well, improving accuracy.", asked)
    assert not values.counts_only("We use four simulators, Blender, Unity, MuJoCo and Isaac.", asked)


def test_a_described_side_of_those_both_searches_find_is_the_one_saying_its_words() -> None:
    """Blind 121, at 19,630 papers: "and compared to the batch norm in off-policy actor-critic paper?" took a functional
    critic paper, first of the side's search and third of the question's, over "An Investigation of Batch Normalization
    in Off-Policy Actor-Critic Algorithms", second and fourth. Where no paper is found by both, the best sum stays."""
    from rag.answering.sides import _described

    from .test_pairs import FakeSideSearch, _paper

    critic = _paper(
        1, "Functional Critic Modeling for Off-Policy Actor-Critic", "A functional critic for off-policy RL."
    )
    norm = _paper(
        2, "Batch Normalization in Off-Policy Actor-Critic", "We study batch norm in off-policy actor-critic."
    )
    other = _paper(3, "Complexity-Driven Policy Optimization", "CDPO replaces the entropy bonus.")
    question = "and compared to the batch norm off-policy actor-critic paper? What is CDPO?"
    search = FakeSideSearch({"CDPO": [other, critic, norm], "batch": [critic, norm]})
    side = "the batch norm off-policy actor-critic paper"
    assert [h.paper_id for h in _described(side, [side], question, search, None)] == ["p2"]
    apart = FakeSideSearch({"CDPO": [other], "batch": [critic, norm]})
    assert [h.paper_id for h in _described(side, [side], question, apart, None)] == ["p1"]
