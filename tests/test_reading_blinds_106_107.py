"""The rules read off blinds 106 and 107, each with its examples and counterexamples: what a thing is called asked with
"what's", a verb that says where a thing sits, a measure that does something, a paper brought in with "there's also
the", two names offered with "or", the field's acronym as a side, a "vs" in a clause after an article, a remark after
a question, and the evidence a part is held against (strategies listed, an algorithm in plain capitals, layers by
where they sit, a model by its size, the remedy or cause after a problem, the idea a proposal puts to the test, names
in the plural or cut short)."""

from __future__ import annotations

from rag.answering import asks, compose, holds, known, pairs, quotes, ranking, values
from rag.reading.contrasts import GUESSED
from rag.reading.cues import INTRODUCED
from rag.reading.parts import split_parts
from rag.reading.questions import read_question
from rag.reading.text import asking_sentences, scene_sentences
from rag.types import Hit


def _paper(title: str, abstract: str) -> Hit:
    return Hit.of_abstract(rank=1, paper_id="p", title=title, url="", score=1.0, similarity=None, abstract=abstract)


def _parts(question: str) -> list[tuple[str, str, str]]:
    return [(p.text, p.wants, p.head) for p in split_parts(question)]


def test_what_a_thing_is_called_and_where_it_sits() -> None:
    """Blind 106: "What's their tool called" was answered by what the tool finds; "which search algorithm sits at the
    core of ...?" asked of "sits"; "what reward keeps the multi-round reasoning consistent?" asked a figure."""
    called = split_parts("What's their tool called, and what did they find removes that bias?")[0]
    naming = (0.5, "We call this the Activation Difference Lens (ADL).")
    finding = (0.6, "We show that narrow finetuning creates easily readable biases, detected by simple tools.")
    assert ranking.ranked([finding, naming], called, None)[0] == [naming]
    # ... a part asking no name keeps every sentence
    found = split_parts("what did they find removes that bias?")[0]
    assert ranking.ranked([finding, naming], found, None)[0] == [finding, naming]
    assert _parts("which search algorithm sits at the core of Hu-MCTs' antibody humanization phase?")[0][1:] == (
        "name",
        "algorithm",
    )
    # a plural noun after another is no verb: "which prior works in RL do they cite?"
    assert _parts("which prior works in RL do they cite?")[0][2] == "works"
    reward = _parts("which benchmark did RegionReasoner introduce, and what reward keeps the reasoning consistent?")
    assert reward[1][1] == "any"
    # ... while a measure asked of with "does" still asks a figure
    assert _parts("what accuracy does the model reach?")[0][1] == "number"
    assert _parts("what reward does the agent get on average?")[0][1] == "number"


def test_a_remark_after_a_question_asks_nothing() -> None:
    """Blind 106: "how do they use those distributions when choosing actions? in normal distRL it's mostly a
    representation-learning aid" asks only before its question mark; a lower-case sentence after one that says what
    still asks (people-dev: "... but how much data is that concretely", "number of ambiguous images and QA pairs")."""
    remark = (
        "how do they use those distributions when choosing actions? in normal distRL it's mostly a "
        "representation-learning aid"
    )
    assert asking_sentences(remark) == "how do they use those distributions when choosing actions?"
    assert scene_sentences(remark) == "in normal distRL it's mostly a representation-learning aid"
    for asks_on in (
        "How many hours of speech did MGM-Omni train on? they say it's data-efficient but how much data is that",
        "How big is AmbiBench? number of ambiguous images and QA pairs",
    ):
        assert asking_sentences(asks_on) == asks_on and scene_sentences(asks_on) == ""


def test_comparisons_asked_in_a_persons_words() -> None:
    """Blinds 106 and 107: two names offered with "or" then a difference asked; not a guess offered ("GRPO or PPO,
    which one do they use?"), nor two things a named paper compares, nor a "vs" inside a clause."""
    story = read_question(
        "story visualization - Story-Iter or LogiStory, what's the core difference in how they get consistent "
        "multi-image stories?"
    )
    assert (story.kind, story.targets) == ("compare", ("Story-Iter", "LogiStory"))
    assert read_question("Is it GRPO or PPO, which one do they use?").kind == "lookup"
    assert read_question("MedLesionVQA: how does the best MLLM compare with primary physicians in accuracy?").kind == (
        "lookup"
    )
    # ... a side that names a method is still one
    assert read_question("how does the best MLLM compare with SUIT?").kind == "compare"
    clause = read_question(
        "what happens to the logit distribution on the training set vs the test set according to it?",
        [],
    )
    assert clause.kind != "compare"


def test_another_paper_brought_in_and_a_thing_told_apart_by_what_it_does() -> None:
    """Blind 106: "there's also the polychromic objective paper about ..." brings in a paper; "the VLA that's pretrained
    on videos of human hands" is one paper, not the field's VLA; "SD-Turbo or something else?" is a guess; "compare
    them pls" after two papers described asks no list."""
    assert INTRODUCED.pattern.search(
        "there's also the polychromic objective paper about RL fine-tuning. how do they differ?"
    )
    assert not INTRODUCED.pattern.search("there's also the question of cost: how much compute does it need?")
    assert pairs._THING_DESCRIBED.match("the VLA that's pretrained on videos of human hands")
    assert not pairs._THING_DESCRIBED.match("GRPO")
    assert not pairs._THING_DESCRIBED.match("the sota models")
    assert GUESSED.search("Which one exactly - SD-Turbo or something else?")
    assert not GUESSED.search("Which is better, SD-Turbo or FLUX?")
    assert pairs._COMPARE_THEM.search("the soft-tokens RL one and latent lookahead training. compare them pls")
    assert not pairs._COMPARE_THEM.search("State-space models vs transformers: which papers compare them?")


def test_things_a_part_asks_held_against_a_sentence() -> None:
    """Blinds 106 and 107: strategies listed after a colon, an algorithm in plain capitals, layers by where they sit,
    a model by its size alone."""
    strategies = split_parts("Which strategies do they use so results don't drift away from the ground truth?")[0]
    listed = "we propose three key strategies: 1) a composite reward function, 2) ground-truth guided regularization"
    assert holds.described(strategies.head) and holds.fits(strategies, listed, set(), listed=True)
    assert not holds.described("results")
    layers = split_parts("LinguaMap: which layers do they fine-tune for language control?")[0]
    assert holds.fits(layers, "we introduce selective fine-tuning of only the final layers responsible for it", set())
    assert not holds.fits(layers, "we introduce selective fine-tuning of layers responsible for it", set())
    assert "algorithm" in holds.PLAIN_NAMED
    assert values.SIZED_MODEL.search("On a 7B-class model, CORE yields consistent gains")
    assert not values.SIZED_MODEL.search("a 7B dataset of tokens")


def test_what_meets_a_problem_quoted() -> None:
    """Blind 106: the remedy right after the problem, where "how do they deal with that?" asks it; the cause, where
    "why" asks; neither where the question asks something else."""
    problem = ["We propose DyME.", "Naive composition causes interference.", "To overcome this, we add constraints."]
    assert quotes._answered_next(problem, [1], "how do they deal with that") == [2]
    assert quotes._answered_next(problem, [1], "what benchmark do they build?") == []
    cause = ["ICL does not improve with more examples.", "We hypothesize that this happens because of noise."]
    assert quotes._answered_next(cause, [0], "why do they think more shots stop helping?") == [1]
    assert quotes._answered_next(cause, [0], "how much better is it?") == []


def test_the_idea_a_proposal_puts_to_the_test() -> None:
    """Blind 107: "To prove this fresh idea, we propose ..." puts to the test the idea said the sentence before."""
    ordered = [
        "We argue that the error can be alleviated within the null space of input activations.",
        "To prove this fresh idea, we propose an intuitive projection method.",
    ]
    assert compose.built_on(ordered[1], ordered) == ordered[0]
    assert compose.built_on("To prove this claim, we propose a method.", ordered) is None


def test_names_the_question_says_in_the_plural_or_cut_short() -> None:
    """Blind 106: "LoRAs" of "LoRA adapters", "distRL" of "distributional RL"; not a name the paper never says."""
    paper = _paper("DyME", "We train LoRA adapters, extending distributional RL.")
    assert known.unsaid_names("doesn't stacking LoRAs cause interference? unlike distRL, or FastV?", [paper]) == [
        "FastV"
    ]


def test_what_a_method_is_built_on_said_with_its_name() -> None:
    """Blind 107: "which policy optimization algorithm do they build on?" is told by "(ii) adapts GRPO to GUI
    navigation", which the judge read at 0.006; not by a sentence adapting nothing named, nor for another part."""
    part = split_parts("which policy optimization algorithm do they build on?")[0]
    assert asks.built_on_said(part, "It (ii) adapts GRPO to GUI navigation with trajectory-aware advantages.")
    assert asks.built_on_said(part, "Our agent is built upon Qwen2.5-VL.")
    assert not asks.built_on_said(part, "It adapts the policy to GUI navigation.")
    other = split_parts("which benchmarks do they evaluate on?")[0]
    assert not asks.built_on_said(other, "It (ii) adapts GRPO to GUI navigation.")


def test_a_piece_of_a_method_said_only_in_its_name() -> None:
    """Blind 107: "what exactly does the twin concordance part of CARE do?" is not told by the sentence spelling out
    CARE's name; a sentence saying the piece on its own is kept, and a part asking of no piece keeps every one."""
    part = "what exactly does the twin concordance part of CARE do?"
    naming = "we propose a novel approach named Contextual Affinity Exploration with Twin Concordance (CARE) for OOD."
    assert ranking.only_in_its_name(part, naming)
    assert not ranking.only_in_its_name(part, "we introduce twin concordance learning, which minimizes ...")
    assert not ranking.only_in_its_name("what does CARE do?", naming)


def test_plain_capitalised_words_the_question_says_answer_nothing_where_they_name() -> None:
    """People-dev 3: "Angle k-means - which accelerated k-means algorithms is it compared against?" is not told by
    "We propose ... Angle $k$-means" (algorithms may be named in plain capitals); "What success rate does it report on
    the Shadow Hand?" keeps "Shadow Hand" as what the figure is measured on."""
    abstract = "We propose an accelerated exact k-means algorithm, Angle k-means."
    paper = _paper("Angle K-Means", abstract)
    algorithms = "Angle k-means - which accelerated k-means algorithms is it compared against?"
    assert "Angle" in known.given(split_parts(algorithms)[0], paper, algorithms, [abstract], False)
    shadow = "What success rate does it report on the Shadow Hand?"
    assert "Shadow" not in known.given(split_parts(shadow)[0], paper, shadow, [abstract], False)
