"""The rules read off blinds 112 and 113, each with its examples and counterexamples: the "it" of "what does it take
to ...?", a paper asked for as "which one" or "what about that X paper", the words an abstract says a thing in (GNNs
for backbones, vision and text for modalities, "Policy Optimization" for an algorithm), a name used in the doing a part
names, a model's size, and a sentence building on the insight the one before it states."""

from __future__ import annotations

from rag.answering import asks, beside, quotes, value_kinds, values
from rag.reading.cues import pronoun
from rag.reading.parts import split_parts
from rag.reading.questions import read_question
from rag.reading.text import pointed_to
from rag.types import Hit


def test_the_it_of_what_does_it_take_stands_for_nothing() -> None:
    """Blind 113: "what does it take to pretrain low-rank LLMs ...?" after an answer on PiLoRA is a new topic."""
    assert not pronoun("what does it take to pretrain low-rank LLMs with 2:4 activation sparsity?")
    assert not pronoun("What would it take to scale this up?".replace("this", "MoE"))
    # ... a time or a count it takes is the paper's: "it" points back
    assert pronoun("how long does it take to train?")
    assert pronoun("how many GPUs does it take to train?")


def test_a_paper_asked_for_is_no_detail() -> None:
    """Blinds 112, 113: "which one proposes ...?" and "What about that diffusion paper using ...?" ask for a paper, and
    are not declined as details the abstract does not state."""
    for question in (
        "ok, and which one proposes adaptive step-size variance reduction methods without hyperparameter tuning?",
        "What about that diffusion paper using the principal eigenvalue of some generator to set the forward speed?",
    ):
        assert not any(p.asks_detail for p in split_parts(question)), question
    # a thing asked is a detail still
    assert all(p.asks_detail for p in split_parts("which optimizer does it use?"))
    assert all(p.asks_detail for p in split_parts("what about that benchmark's size, how many tasks?")[-1:])


def test_a_name_used_in_the_doing_a_part_names() -> None:
    """Blind 112: "which RL algorithm do they train with?" of "To train our model, we use Group Relative Policy
    Optimization (GRPO)", which the judge read at 0.28: the rules' evidence stands."""
    part = split_parts("which RL algorithm do they train with?")[0]
    assert asks.done_said(part, "To train our model, we use Group Relative Policy Optimization (GRPO).")
    assert asks.done_said(part, "We train the policy with PPO on 8 tasks.")
    # the doing without a name used in it, or a name used in another doing
    assert not asks.done_said(part, "To train our model, we use a large curated corpus.")
    assert not asks.done_said(part, "We evaluate with GPT-4 as the judge.")
    # a part that names no doing of its own
    assert not asks.done_said(split_parts("which RL algorithm do they use?")[0], "we use PPO for training.")


def test_a_models_size_is_held_by_its_parameters() -> None:
    """Blind 113: "how big is the language model?" of "using only a 0.6B parameter model", not of a sentence giving
    another figure ("reduces input token count to 22%")."""
    kind = value_kinds.wanted("how big is the language model")
    assert kind is not None and kind.name == "model size" and kind.held is not None
    assert kind.held.search("using only a 0.6B parameter model, Dripper achieves ...")
    assert kind.held.search("a 7 billion model")
    assert not kind.held.search("reduces input token count to 22% compared to raw HTML")
    # the size of a dataset is not a model's
    assert value_kinds.wanted("how big is the dataset") is None or value_kinds.wanted("how big is the dataset") != kind


def test_a_sentence_building_on_the_insight_before_it() -> None:
    """Blind 112: "why does SFVD distil into single frames?" is answered by the insight "Leveraging this insight, we
    propose SFVD" builds on."""
    text = (
        "Video distillation is costly. To address this issue, we observe that a single frame is often sufficient. "
        "Leveraging this insight, we propose SFVD, a framework that distills videos into frames. Using this dataset, "
        "we train a model."
    )
    assert pointed_to("Leveraging this insight, we propose SFVD, a framework that distills videos into frames.", text)
    assert pointed_to("Using this dataset, we train a model.", text) is None


def test_a_vs_asked_of_the_two_set_up_is_no_pair_of_sides() -> None:
    """Blind 113: a "vs" inside what is asked of the papers already set up names no two papers."""
    reading = read_question(
        "Both PRISM and STAR do multiscale time series forecasting. How does each handle coarse vs fine scales?"
    )
    assert reading.kind == "compare" and reading.targets == ("PRISM", "STAR")
    assert not read_question("How do they handle short vs long horizons?").sides
    # a "vs" of two methods is still one
    assert read_question("LoRA vs DoRA: which needs less memory?").kind == "compare"


def test_an_acronym_of_the_field_is_met_by_its_words() -> None:
    """Blind 112: a yes-or-no question asks about every thing it names; "LMs" is said as "language models"."""
    abstract = "language models display rich structures like ordered circles for the months of the year"
    assert (
        values.unmet_condition("Do the circular month representations in LMs come from compression alone", abstract)
        is None
    )
    assert values.unmet_condition("Do the month representations in VLMs come from compression", abstract) == "VLMs"


def test_the_sibling_of_a_thing_asked_several_of() -> None:
    """Blind 112: "what are its two modules?" of two sentences each saying a module."""
    text = "We present UDIS with two key modules. The QGM module adds a token. The EAM module adds another. It works."
    paper = Hit.of_abstract(rank=1, paper_id="p", title="T", url="", score=1.0, similarity=None, abstract=text)
    assert beside.siblings("what are its two modules", "The QGM module adds a token.", paper, set()) == [
        "The EAM module adds another."
    ]
    # one thing asked, or a sentence saying none
    assert beside.siblings("what is its main module", "The QGM module adds a token.", paper, set()) == []
    assert beside.siblings("what are its two modules", "It works.", paper, set()) == []


def test_the_items_of_an_announced_count_of_things() -> None:
    """Blind 112: "a novel framework incorporating two key modules." then a sentence saying each module, with no
    enumeration's marker; a sentence saying no module is no item."""
    text = (
        "We present UDIS, a novel framework incorporating two key modules. The Query-Guided Module (QGM) adds a "
        "token. The Evidence-Aware Module (EAM) adds another. Experiments show gains."
    )
    paper = Hit.of_abstract(rank=1, paper_id="p", title="T", url="", score=1.0, similarity=None, abstract=text)
    quoted = quotes.best_sentences("what are its two modules?", paper, lambda q, ss: [0.0] * len(ss), set(), most=1)
    assert quoted[1:] == [
        "The Query-Guided Module (QGM) adds a token.",
        "The Evidence-Aware Module (EAM) adds another.",
    ]
    # ... not without the announcing sentence: "two key methods." announces no module
    paper = Hit.of_abstract(
        rank=1,
        paper_id="p",
        title="T",
        url="",
        score=1.0,
        similarity=None,
        abstract=text.replace("modules.", "methods."),
    )
    quoted = quotes.best_sentences("what are its two modules?", paper, lambda q, ss: [0.0] * len(ss), set(), most=1)
    assert len(quoted) == 1
