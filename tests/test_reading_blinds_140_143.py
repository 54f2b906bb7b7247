"""The rules read off blinds 140 to 143, each with its examples and counterexamples: what they called a thing, the
nearest paper described, a thing evaluated on named once, what a method trains, a name a few papers are titled by,
what other work lacks, a reason asked, what is new about a thing, a yes-or-no after a scene, datasets asked by what was
done with them, the words that pick one of the papers cited, and a benchmark set up beside a paper."""

from __future__ import annotations

import re

from rag.answering import evidence, named_thing, own_work, quotes, ranking
from rag.reading.asking import asks_figure, undetailed
from rag.reading.introduced import introduced_sides
from rag.reading.lexicon import descriptions
from rag.reading.parts import split_parts
from rag.types import Hit


def test_what_they_call_a_thing_of_a_kind_asks_its_name() -> None:
    """Blind 140: "what did they call the LLM family they trained?" asked anything, as "what did they name ...?" did
    not; "what do they call the failure where models lean on text?" is answered by a phrase in quotes, no name (blind
    114), and "the tokens that resemble their neighbours" are no thing of a kind (dev)."""
    collapse = "In the loss-curve collapse paper, what did they call the LLM family they trained?"
    assert split_parts(collapse)[0].wants == "name"
    assert split_parts("what do they call the failure where models lean on text?")[0].wants == "any"
    assert split_parts("What do they call the tokens that resemble their neighbours?")[0].wants == "any"


def test_the_paper_described_is_the_nearest_words_before_one_or_paper() -> None:
    """Blind 140: "what's the theoretical guarantee behind the cross-validation one?" read "theoretical guarantee
    behind the cross-validation" as the paper described, which neither paper cited says."""
    assert descriptions("what's the theoretical guarantee behind the cross-validation one?", least=1) == [
        "cross-validation"
    ]
    assert descriptions("In the discounted-RL paper for efficient reasoning, what discount factor?") == [
        "discounted-RL"
    ]
    assert descriptions("what are the results of the adaptive variance reduction paper?") == [
        "adaptive variance reduction"
    ]


def test_the_one_thing_evaluated_on_is_named_once_after_experiments_on() -> None:
    """Blinds 142 and 143: "what dataset do they evaluate on?" of "Extensive experiments on MapDR show ...", and "Which
    models did ... validate its propositions on?" of "We validate these propositions empirically on LLaVA-1.5 and
    MiniGPT-4, showing ..."; several things asked still need a list."""
    assert evidence._evaluated_on_these(
        "what dataset do they evaluate on", "Extensive experiments on MapDR show gains."
    )
    assert not evidence._evaluated_on_these(
        "which datasets do they evaluate on", "Extensive experiments on MapDR show."
    )
    validated = "We validate these propositions empirically on LLaVA-1.5 and MiniGPT-4, showing consistent trends."
    assert evidence._evaluated_on_these("Which models did they validate its propositions on", validated)
    assert not evidence._evaluated_on_these("what dataset do they evaluate on", "Extensive experiments show gains.")


def test_what_a_method_trains_is_the_thing_the_sentence_says_it_trains() -> None:
    """Blind 141: "what model does it train?" of "We train a non-causal transformer on sequences of ..."; not a sentence
    training on something, nor one naming no such doing."""
    asked = split_parts("TAIL: what model does it train, and how far beyond the training class count does it work?")[0]
    assert named_thing.said_done_on(asked, "We train a non-causal transformer on sequences of data-label pairs.")
    assert not named_thing.said_done_on(asked, "We train on sequences of data-label pairs.")
    assert not named_thing.said_done_on(asked, "We propose a meta-learner for varying label spaces.")


class FakeTitledNames:
    """The papers that say a name, and whether each is titled by it: the keyword index as `sides._told_apart` reads
    it."""

    def __init__(self, hits: list[Hit]) -> None:
        self.hits = hits

    def named(self, name: str) -> dict[str, bool]:
        said = [h for h in self.hits if re.search(rf"\b{re.escape(name)}\b", f"{h.title} {h.abstract}")]
        return {h.paper_id: h.title.startswith(f"{name}:") for h in said}

    def rare(self) -> int:
        return 49

    def coverage(self, query: str, text: str) -> float:
        words = re.findall(r"\w+", query.lower())
        return sum(w in text.lower() for w in words) / max(len(words), 1)


def _paper(n: int, title: str, abstract: str) -> Hit:
    return Hit.of_abstract(paper_id=f"p{n}", title=title, abstract=abstract, score=1.0)


def test_a_name_a_few_papers_are_titled_by_is_the_one_its_clause_describes() -> None:
    """Blind 141, at 19,630 papers: "the EVA mixture-of-experts for compositional zero-shot learning and SCOPE's
    mixture-of-encoders" took "EVA: Emergent Human-Like Visual Scanpaths ...", first of the question's search; two
    papers are titled EVA and a third proposes it. A word of the field no paper is titled by ("DiTs") is left to the
    search (blind 139)."""
    from rag.answering.sides import _told_apart

    scanpaths = _paper(1, "EVA: Emergent Human-Like Visual Scanpaths", "EVA is a hard-attention vision model.")
    eeg = _paper(2, "EVA: EEG-Vision Alignment", "EVA aligns EEG signals with vision.")
    czsl = _paper(
        3, "Decoupling Primitive with Experts", "We propose EVA, a mixture-of-experts for compositional zero-shot."
    )
    papers = [scanpaths, eeg, czsl]
    keyword = FakeTitledNames(papers)
    question = "the EVA mixture-of-experts for compositional zero-shot learning and SCOPE: how do they differ?"
    assert _told_apart("EVA", papers, question, keyword) == [czsl]  # type: ignore[arg-type]
    dits = [_paper(4, "Relational Feature Caching", "We speed up DiTs."), _paper(5, "RAPID", "Faster DiTs.")]
    assert _told_apart("DiTs", dits, "OUSAC and feature caching both speed up DiTs.", FakeTitledNames(dits)) == []  # type: ignore[arg-type]


def test_what_other_work_lacks_is_no_thing_the_paper_does() -> None:
    """Blind 141: "which flowchart properties can you control?" quoted "Existing flowchart datasets often lack
    fine-grained control over key properties such as ...", before the paper's own "FlowGen enables fine-grained
    control over graph properties such as ..."; "Previously, many papers demonstrated ..." is other work too."""
    assert own_work.OTHER_WORK.match("Existing flowchart datasets often lack fine-grained control over key properties.")
    assert own_work.OTHER_WORK.match("Previously, many papers demonstrated that unbiased estimators suffice.")
    assert not own_work.OTHER_WORK.match("FlowGen enables fine-grained control over graph properties.")
    assert own_work.ASKS_BACKGROUND.search("what do existing datasets lack")


def test_a_reason_asked_is_told_by_the_sentence_giving_one() -> None:
    """Blind 141: "Why does the l1 latent distance paper move away from squared l2?" of "However, the squared l2
    distance violates the triangle inequality, which may cause distortion ..."; the reason for a failure is asked, not
    the failure."""
    why = split_parts("Why does it move away from squared l2?")[0]
    assert ranking.bonus(why, "the squared l2 distance violates the triangle inequality, which may cause distortion.")
    assert not ranking.bonus(why, "We propose an l1 latent distance representation.")
    reason = split_parts("what's the main reason they give for counting failures?")[0]
    assert ranking.bonus(reason, "Our analysis identifies a key reason: models rely on the noise.")
    assert not ranking.bonus(reason, "larger models and datasets alone fail to improve counting accuracy.")


def test_what_is_new_about_a_thing_asks_no_figure_of_it() -> None:
    """Blind 143: "what's new about the step sizes?" asked a step size."""
    assert undetailed("what's new about the step sizes") == "any"
    assert asks_figure("what step sizes do they use")


def test_a_yes_or_no_question_after_a_scene_is_asked() -> None:
    """Blind 143: "In the unified adaptive variance reduction paper, do they still require unbiased estimators? And
    what's new about the step sizes?" read the first sentence as a scene and asked only the second."""
    parts = split_parts(
        "In the unified adaptive variance reduction paper, do they still require unbiased estimators? And what's new "
        "about the step sizes?"
    )
    assert [p.text for p in parts] == ["do they still require unbiased estimators", "what's new about the step sizes"]


def test_datasets_asked_by_what_was_done_with_them_ask_their_names() -> None:
    """Blind 141: "What are the two public multi-view DR datasets used for ProConMV, and what accuracy ...?" was
    answered by "Extensive experiments conducted on two public multi-view DR datasets ...", which names none."""
    asked = split_parts("What are the two public multi-view DR datasets used for ProConMV, and what accuracy?")[0]
    assert asked.wants == "name"


def test_the_words_picking_one_of_the_papers_cited_are_not_what_a_follow_up_asks() -> None:
    """Blind 140: "what did the puzzlehunt one's error analysis turn up?" quoted the sentences saying "puzzlehunt"."""
    assert quotes.asked_of_it("what did the puzzlehunt one's error analysis turn up?") == (
        "what did its error analysis turn up?"
    )
    assert (
        quotes.asked_of_it("what's the guarantee behind the cross-validation one?") == "what's the guarantee behind it?"
    )
    assert (
        quotes.asked_of_it("how does the first one encode the context?") == "how does the first one encode the context?"
    )
    assert quotes.asked_of_it("how does the IV part work exactly?") == "how does the IV part work exactly?"


def test_a_benchmark_set_up_beside_a_paper_is_a_side() -> None:
    """Blind 142: "There's the image perturbation paper on multimodal reasoning and the 'can't even count to 20'
    benchmark. Do both ...?" set up no two papers."""
    asked = (
        "There's the image perturbation paper on multimodal reasoning and the 'can't even count to 20' benchmark. Do "
        "both expose visual weaknesses of VLMs?"
    )
    assert introduced_sides(asked) == (
        "the image perturbation paper on multimodal reasoning",
        "the 'can't even count to 20' benchmark",
    )


def test_two_papers_set_up_after_a_heading_with_what_they_have_or_asked_of_a_sentence_later_are_sides() -> None:
    """Blinds 141 to 143: "Sceptical question: the X paper and the Y paper both claim ...", "TEN-DM and the 'forecasting
    as planning' paper with a generative world model: how do their approaches differ?" and "PerfCoder and the position
    paper on LLM code translation: does one argue ...? How does each ...?" were each read as a lookup of one paper."""
    assert introduced_sides(
        "Sceptical question: the limited-metacognition paper and the Sokoban persuasion/vigilance paper both claim to "
        "measure LLM capacities that are hard to pin down. How does each avoid trusting what the model says?"
    ) == ("the limited-metacognition paper", "the Sokoban persuasion/vigilance paper")
    assert introduced_sides(
        "TEN-DM and the 'forecasting as planning' paper with a generative world model: how do their approaches differ?"
    ) == ("TEN-DM", "the 'forecasting as planning' paper with a generative world model")
    assert introduced_sides(
        "PerfCoder and the position paper on LLM code translation: does one argue the other is wrong? How does each "
        "think about correctness?"
    ) == ("PerfCoder", "the position paper on LLM code translation")
    # ... not a sentence naming two things and asking of neither
    assert introduced_sides("PerfCoder and the position paper on LLM code translation: is it open source?") is None


def test_what_other_work_lacks_goes_on_up_to_the_papers_own_voice() -> None:
    """Blinds 115, 132 and 135: "do they need retraining when the spec changes?" quoted "Any change to the specification
    requires retraining the policy ...", which goes on about prior work before "We present a more flexible approach
    ... without retraining or fine-tuning"."""
    said = [
        "This work develops a zero-shot mechanism, Comp-LTL.",
        "Prior work focuses on learning policies, but they incorporate the specification into the learning process.",
        "Any change to the specification requires retraining the policy.",
        "We present a more flexible approach without retraining or fine-tuning.",
        "Existing methods reach 40% accuracy.",
    ]
    assert own_work.of_other_work(said) == {1, 2, 4}
    asked = split_parts("do they need retraining when the spec changes?")[0]
    assert own_work.background(asked, said) == {1, 2}  # a figure is a finding
    assert own_work.background(split_parts("what problem with prior work do they fix?")[0], said) == set()


def test_things_counted_in_a_phase_are_the_ones_the_sentences_after_say() -> None:
    """Blinds 121, 122 and 140: "what do the two loops each do?" of "PERK employs two nested optimization loops in a
    meta-training phase." quoted the outer loop's sentence, not the inner one's."""
    announced = quotes.ANNOUNCED.search(
        "Specifically, PERK employs two nested optimization loops in a meta-training phase."
    )
    assert announced is not None and announced["things"] == "loops"
    assert quotes.ANNOUNCED.search("Our contributions are twofold.")
    assert not quotes.ANNOUNCED.search("PERK employs two loops to encode contexts into an adapter.")


def test_what_a_method_changes_is_told_by_the_sentence_saying_what_it_removes_or_replaces() -> None:
    """Blinds 116, 127 and 140: "What does Dig-DEC change relative to optimistic DEC?" quoted "Dig-DEC is always upper
    bounded by optimistic DEC", not "... Dig-DEC, that removes the optimism mechanism in [FGQ+23]"."""
    asked = split_parts("What does Dig-DEC change relative to optimistic DEC?")[0]
    assert ranking.bonus(asked, "we introduce an improved model-free DEC, called Dig-DEC, that removes the optimism.")
    assert not ranking.bonus(asked, "Dig-DEC is always upper bounded by optimistic DEC.")
    assert not ranking.bonus(split_parts("what does it evaluate on?")[0], "It replaces the optimism mechanism.")


def test_the_most_of_a_thing_asked_names_the_thing_and_a_size_against_others_is_a_size() -> None:
    """Blinds 119, 124 and 131: "what's the highest compression ratio they get?" named no thing, so "(up to 78.4x)" was
    about nothing asked; "how big is it compared to SOTA models?" of "... with only 13% of their size"."""
    assert split_parts("what's the highest compression ratio they get?")[0].head == "ratio"
    assert split_parts("what's the best pass@1?")[0].head == "pass@1"
    from rag.answering import sizes

    assert sizes.SIZE.search("QRad outperforms state-of-the-art models with only 13% of their size")
    assert not sizes.SIZE.search("QRad improves RadGraph-F1 by 13%")


def test_by_how_much_a_thing_is_cut_is_told_by_the_sentence_cutting_it_from_one_figure_to_another() -> None:
    """Blind 141: "for CSRv2, by how much does it cut the dead neurons?" quoted "CSR suffers severe degradation ...,
    where over 80% of neurons remain inactive", not "CSRv2 reduces dead neurons from 80% to 20%"."""
    asked = split_parts("for CSRv2, by how much does it cut the dead neurons?")[0]
    assert ranking.bonus(asked, "CSRv2 reduces dead neurons from 80\\% to 20\\% and delivers a 14\\% accuracy gain.")
    assert not ranking.bonus(asked, "CSR suffers severe degradation, where over 80\\% of neurons remain inactive.")
