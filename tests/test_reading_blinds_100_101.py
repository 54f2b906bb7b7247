"""The rules read off blinds 100 and 101, each with its examples and counterexamples: how a thing is done asked with
"exactly", the thing a "which X does Y" part asks for, a name asked past the paper it is of, a compound saying what
was done with a thing the paper names, things listed after a colon, a distance named after a person, two names asked
of alike, a follow-up asking what led the paper to its way, and the name a described side's approach coins."""

from __future__ import annotations

import re

from rag.answering import known, own_work, ranking, values
from rag.answering.holds import holds_value, plain
from rag.reading.introduced import introduced_sides
from rag.reading.parts import split_parts, wants
from rag.types import Hit


def _head(part: str) -> str:
    return split_parts(part)[0].head


def test_how_exactly_asks_how_not_a_figure() -> None:
    """Blind 101: "how exactly does the reward hacking detector compute that effort score?" was read as asking a
    score."""
    for how in (
        "how exactly does the reward hacking detector compute that effort score",
        "How exactly are the primitives combined",
        "how actually does it estimate the reward",
    ):
        assert wants(how) == "method", how
    for figure in ("how much exactly does it improve accuracy", "how many exactly did they annotate"):
        assert wants(figure) == "number", figure


def test_the_thing_asked_is_the_part_before_what_it_does() -> None:
    """Blind 101: "which distance decides what cells get probed?" and "which strategies keep the RL-trained model
    from drifting ...?" named no thing asked, so no sentence could state one."""
    assert _head("which distance decides what cells get probed") == "distance"
    assert _head("which strategies keep the RL-trained model from drifting away from the ground truth") == "strategies"
    assert _head("which metric decides when to stop") == "metric"
    # a paper or a method asked for is no part of one
    assert _head("which papers propose a method that cuts memory") == ""
    assert _head("which methods make the model forget") == ""


def test_a_name_asked_past_the_paper_it_is_of() -> None:
    """Blind 101: "what are the two conformity measures in the paper on ... called" asks their names: the abstract
    only says it introduces two, so their names are not stated."""
    part = split_parts(
        "what are the two conformity measures in the paper on inconsistent perturbation-based fidelity metrics called"
    )[0]
    assert (part.wants, part.head) == ("name", "measures")
    assert split_parts("what is the benchmark in the paper on long video QA called")[0].head == "benchmark"
    # ... not what it is trained on
    assert wants("what is the model in the paper on protein folding trained on") != "number"
    assert split_parts("what is the model in the paper on protein folding trained on")[0].head == "model"


def test_a_compound_saying_what_was_done_with_a_thing_is_met_where_the_thing_is() -> None:
    """Blind 101: "the RL-trained model" was a condition no abstract met, as "RL-trained" is said nowhere."""
    text = "we apply online reinforcement learning (rl) to the bfr task."
    assert values.unmet_condition("which strategies keep the RL-trained model from drifting", text) is None
    assert values.unmet_condition("how does the LLM-based judge score it", "an llm scores each answer") is None
    # ... the thing itself still has to be said
    assert values.unmet_condition("which strategies keep the SFT-trained model close", text) == "SFT-trained"
    assert values.unmet_condition("what did GPT-4o score", text) == "GPT-4o"


def test_things_listed_after_a_colon_are_named() -> None:
    """Blind 101: "what data curation mechanisms did they add?" of "two unique data curation mechanisms tailored for
    such games: globally optimal decision alignment ... and real-time in-game feedback augmentation"."""
    part = split_parts("what data curation mechanisms did they add")[0]
    listed = (
        "Its core consists of two unique data curation mechanisms tailored for such games: globally optimal decision "
        "alignment via symmetric information and real-time in-game feedback augmentation."
    )
    assert holds_value(part, listed, (None, None), set(), part.text, (False, True), False)
    unlisted = "Its core consists of data curation mechanisms tailored for such games."
    assert not holds_value(part, unlisted, (None, None), set(), part.text, (False, True), False)


def test_a_distance_named_after_a_person_is_a_name() -> None:
    """Blind 101: "which distance decides what cells get probed?" of "At query time, Mahalanobis distance selects
    relevant cells ..."."""
    part = split_parts("which distance decides what cells get probed")[0]
    named = "At query time, Mahalanobis distance selects relevant cells and localized quantization prunes candidates."
    unnamed = "At query time, the distance to each centroid selects relevant cells."
    for sentence, stated in ((named, True), (unnamed, False)):
        listing = plain(part, [sentence], set(), _words)
        assert holds_value(part, sentence, (None, None), set(), part.text, listing, False) is stated, sentence


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def _paper(title: str, abstract: str) -> Hit:
    return Hit(
        rank=1, paper_id="p1", title=title, url="", score=1.0, passage=abstract, chunk=0, start=0,
        end=len(abstract), similarity=0.9, abstract=abstract,
    )  # fmt: skip


def test_names_asked_of_together_are_asked_alike() -> None:
    """Blind 101: "how big are GUIDrag and ScreenDrag?" quoted only ScreenDrag's size: GUIDrag, the paper's own
    proposal, was not a name whose sentence could tell a figure."""
    sentences = [
        "To narrow this gap, we first introduce GUIDrag, a diverse dataset of 161K text dragging examples.",
        "We further construct ScreenDrag, a benchmark with 5,333 examples.",
    ]
    paper = _paper("Beyond Clicking", " ".join(sentences))
    part = split_parts("how big are GUIDrag and ScreenDrag")[0]
    assert known.others_named(part, paper, sentences) == {"GUIDrag", "ScreenDrag"}
    assert ranking.each([(1.0, sentences[1]), (0.9, sentences[0])], part)
    # ... not a name the paper proposes beside another it is compared with
    vs = split_parts("how fast is GUIDrag vs ScreenDrag")[0]
    assert known.others_named(vs, paper, sentences) == {"ScreenDrag"}
    assert not ranking.each([(1.0, sentences[1]), (0.9, sentences[1])], part)


def test_a_follow_up_asking_what_led_to_the_paper_s_way_reads_before_its_proposal() -> None:
    """Blind 101: "what's their justification for thinking one frame is enough though?" of "we observe that a single
    frame is often sufficient ...", the sentence before "Leveraging this insight, we propose ..."."""
    for background in (
        "what's their justification for thinking one frame is enough though",
        "what's the intuition behind it",
        "what's the key observation",
        "why does it work",
    ):
        assert own_work.ASKS_BACKGROUND.search(background), background
    for own in ("how does it keep the cache small", "what learning method do they build on top of that"):
        assert not own_work.ASKS_BACKGROUND.search(own), own


def test_a_described_side_has_the_name_its_paper_coins() -> None:
    """Blind 101: a comparison's row for "the work on visual reinforcement fine-tuning" quoted "Moreover, we provide
    ... insights" as how it works, past "VRFT-Aug introduces a series of training strategies ..."; the name is the
    paper's (`known.paper_name`, forty-eighth session), not the first coined after any proposal."""
    abstract = (
        "In this work, we address this gap by proposing VRFT-Aug, a visual framework. VRFT-Aug introduces a series of "
        "training strategies."
    )
    assert known.paper_name("Visual RFT for medical images", abstract) == "VRFT-Aug"
    # a name the abstract says once is a part, and one said before the proposal a baseline's
    assert known.paper_name("A study", "Unlike SimCLR, we propose DGNet. DGNet beats SimCLR.") == "DGNet"
    assert known.paper_name("A study", "We propose a simple method with a UCB acquisition.") is None


def test_a_side_set_up_after_there_s_with_how_it_does_it() -> None:
    """Blind 100: "there's the universal tokenizer paper and LinguaMap with its layer-targeted finetuning. What does
    each propose ...?" was answered of LinguaMap alone."""
    question = (
        "For extending LLMs to more languages, there's the universal tokenizer paper and LinguaMap with its "
        "layer-targeted finetuning. What does each propose, and at what stage of training does it act?"
    )
    assert introduced_sides(question) == (
        "the universal tokenizer paper",
        "LinguaMap with its layer-targeted finetuning",
    )
    # ... asked of one, not of each: no two sides
    assert introduced_sides("there's the KV paper and FlowKV with its isolation trick. How does it work?") is None
