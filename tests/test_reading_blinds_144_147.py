"""The rules read off blinds 144 to 147, each with its examples and counterexamples: the things a sentence announces
and the sentences after it saying them, a part asked across so many things, a kind of model asked after the noun, a
name spelled out before its acronym, a factorization named by a person, which models a method was tried on, how much of
a quality it reaches, and an acronym's kind spelled out after a name."""

from __future__ import annotations

from dataclasses import replace

from rag.answering import asks, beside, holds, named_thing, quotes, ranking
from rag.reading.parts import Part, split_parts
from rag.types import Hit

from .conftest import abstract_hit

REASONMAP = (
    "In this paper, we propose a new task. To tackle this, we introduce ReasonMap, a novel two-stage training "
    "framework. The first stage, Foundational Model Training, performs Supervised Fine-Tuning. The second stage, "
    "High-Fidelity Alignment, then refines this model using Direct Preference Optimization. Experiments show it works."
)


def test_a_count_of_things_announced_is_told_by_the_sentences_after_saying_them() -> None:
    """Blind 145: "What are the two training stages of ReasonMap?" quoted "... a novel two-stage training framework"
    and the first stage, not the second; blind 145: "what do its two branches do?" of "a specialized dual-branch
    architecture" quoted no branch ("branches" was read as "branche")."""
    announcing = "To tackle this, we introduce ReasonMap, a novel two-stage training framework."
    stages = beside.siblings(
        "What are the two training stages of ReasonMap", announcing, abstract_hit(REASONMAP), set()
    )
    assert [s.split(",")[0] for s in stages] == ["The first stage", "The second stage"]
    assert quotes.ANNOUNCED.search(announcing)
    # one stage said, no count announced: the next one saying a stage only
    first = "The first stage, Foundational Model Training, performs Supervised Fine-Tuning."
    assert len(beside.siblings("What are the two training stages", first, abstract_hit(REASONMAP), set())) == 1
    wavelet = "We design a specialized dual-branch architecture. The high-frequency branch captures context. It works."
    branches = beside.siblings(
        "what do its two branches do", "We design a specialized dual-branch architecture.", abstract_hit(wavelet), set()
    )
    assert branches == ["The high-frequency branch captures context."]
    assert not quotes.ANNOUNCED.search("We use a two-stage framework to train models on many tasks.")


def test_a_part_asked_across_or_over_so_many_things_is_a_part_of_its_own() -> None:
    """Blind 146: "which MLLMs did they test on, and across how many benchmarks?" was one part, declined whole."""
    parts = split_parts("Sparsity Forcing: which MLLMs did they test on, and across how many benchmarks?")
    assert [p.text for p in parts] == ["which MLLMs did they test on", "across how many benchmarks"]
    assert len(split_parts("How much does it reduce token cost, and over how many benchmarks?")) == 2
    assert len(split_parts("How does it spread across many benchmarks?")) == 1


def test_a_family_of_models_asked_is_told_by_its_plain_words_and_acronym() -> None:
    """Blinds 145 and 147: "which model family does ... explore?" of "we investigate state-space models (SSMs)" was
    "does not state": "SSMs" is no name; not the field's "Large Language Models (LLMs)", nor a family not asked."""
    family = Part("Which model family does the data-specific neural representation paper explore", "name")
    sentence = "For this purpose, we investigate state-space models (SSMs), which model latent signal dynamics."
    assert holds.fits(family, sentence, set()) and named_thing.spelled_out_as(family, set(), sentence)
    assert not named_thing.spelled_out_as(family, set(), "Large Language Models (LLMs) have achieved much.")
    assert not named_thing.spelled_out_as(Part("which model do they fine-tune", "name"), set(), sentence)


def test_a_name_spelled_out_before_its_acronym_names_the_thing_its_last_word_says() -> None:
    """Blind 147: "what's the map representation called?" of "Our approach builds an Temporally Consistent Semantic Map
    (TCSM)" was "does not state"."""
    called = Part("what's the map representation called", "name")
    sentence = "Our approach builds an Temporally Consistent Semantic Map (TCSM), decoupling scene memory."
    assert named_thing.spelled_out_as(called, {"TCSM"}, sentence)
    assert not named_thing.spelled_out_as(called, {"TCSM"}, "We use a Temporally Consistent Semantic Graph (TCSM).")
    assert not named_thing.spelled_out_as(called, set(), sentence)
    # ... of the kind asked: not "which slot-attention model ...?" of a Gaussian Mixture Model (blind 135)
    slots = Part("which slot-attention model do they use to get the object slots", "name")
    assert not named_thing.spelled_out_as(
        slots, {"GMM"}, "We propose a Gaussian Mixture Model (GMM)-based regularizer."
    )


def test_a_factorization_is_named_by_a_capitalised_word_before_it() -> None:
    """Blind 147: "which factorization do they use?" of "Cholesky factorization is employed" was "does not state"."""
    asked = Part("which factorization do they use for the multi-objective confidence bounds", "name")
    sentence = "For priority-ordered objectives, Cholesky factorization is employed to build confidence bounds."
    capitalised, listed = holds.plain(asked, [sentence], set(), lambda t: t.lower().split())
    assert capitalised
    assert holds.holds_value(asked, sentence, (None, None), set(), asked.text, (capitalised, listed), False)
    assert not holds.holds_value(
        asked, "A matrix factorization is employed.", (None, None), set(), asked.text, (capitalised, listed), False
    )


def test_models_tried_on_are_told_by_a_name_after_on() -> None:
    """Blind 146: "which MLLMs did they test on?" of "... raises token reduction ratio on Qwen2-VL/Qwen2.5-VL" was
    judged below the bar; a name elsewhere in the sentence, or a part asking no trial, is not told so."""
    tested = Part("which MLLMs did they test on", "name")
    assert asks.tested_on_said(tested, "Sparsity Forcing raises token reduction ratio on Qwen2-VL/Qwen2.5-VL.")
    assert asks.tested_on_said(tested, "On Qwen-3-32B, this method achieves over 98% consistency.")
    assert not asks.tested_on_said(tested, "Qwen2-VL is used with a new reward.")
    assert not asks.tested_on_said(Part("which MLLMs do they build", "name"), "It is built on Qwen2-VL.")


def test_how_much_of_a_quality_is_told_by_a_figure_beside_its_word() -> None:
    """Blinds 145 and 146: "How sparse do things get with TraDy?" of "achieving up to 99\\% activation sparsity" and
    "how often does the attack succeed?" of "... successfully achieve the backdoor goal in 97.0% of inputs"."""
    sparse = Part("How sparse do things get with TraDy for memory-constrained fine-tuning", "any")
    assert asks.degree_said(sparse, "It achieves up to 99\\% activation sparsity and 97\\% fewer FLOPs.")
    assert not asks.degree_said(sparse, "It achieves a 99\\% reduction in memory.")
    often = Part("how often does the attack succeed", "number")
    assert asks.degree_said(often, "GoBA enables the victim to successfully achieve the goal in 97.0% of inputs.")
    assert not asks.degree_said(Part("how much does it cost", "number"), "It costs 5% of the budget.")


def test_an_acronym_kind_is_said_spelled_out_after_a_name() -> None:
    """Blind 144: "Which RL algorithm is used in that second stage?" of "followed by GRPO reinforcement learning with
    ... rewards": the kind "RL" is said spelled out after the name; "robust learning" after no name is not."""
    rl = Part("Which RL algorithm is used in that second stage", "name")
    assert ranking.kind_said(rl, "SFT to teach generation, followed by GRPO reinforcement learning with rewards.")
    assert not ranking.kind_said(rl, "We study robust learning with rewards.")


class FakeKeywordWithUnseen:
    """A conference-sized keyword side where one word of the question is in no abstract ("plough") and little of the
    rest is found."""

    n_papers = 19_630

    def without_aside(self, question: str) -> str:
        return question

    def unseen(self, question: str) -> list[str]:
        return ["plough"]

    def coverage(self, question: str, text: str) -> float:
        return 0.31

    def terms(self, text: str) -> list[str]:
        return text.lower().split()


class FakeSentenceSimilarity:
    """Every sentence of the papers at cosine 0.60 to the question: under `unseen_sentence`."""

    def of(self, query: str, texts: list[str]) -> list[float]:
        return [0.60 for _ in texts]


def test_a_word_no_abstract_uses_declines_nothing_a_close_paper_answers() -> None:
    """Blind 145: "What does it take to get large reasoning models to ask for missing information instead of just
    ploughing ahead and solving?" was declined as off-topic at 19,630 papers for "plough", its paper first at cosine
    0.708; the off-topic questions with such a word reach 0.568 at most (CALIBRATION.unseen_paper)."""
    from typing import Any

    from rag.answering import topicality

    question = "What does it take to get reasoning models to ask for missing information instead of ploughing ahead?"
    hits = [
        Hit.of_abstract(rank=1, paper_id="p", title="T", url="", score=1.0, similarity=similarity, abstract="It asks.")
        for similarity in (0.708, 0.30)
    ]
    keyword: Any = FakeKeywordWithUnseen()
    similar: Any = FakeSentenceSimilarity()
    assert not topicality.off_topic(hits, question, [], keyword, similar)
    far = [replace(h, similarity=0.568) for h in hits]
    assert topicality.off_topic(far, question, [], keyword, similar)


def test_the_last_part_of_a_question_may_ask_what_a_term_in_quotes_is() -> None:
    """Blind 147: "stride xai - how much faster than TreeSHAP is it, and what's 'component surgery'?" was one part,
    and "component surgery" went unsaid."""
    parts = split_parts("stride xai - how much faster than TreeSHAP is it, and what's 'component surgery'?")
    assert [p.text for p in parts] == ["how much faster than TreeSHAP is it", "what's 'component surgery'"]
    assert len(split_parts("how much faster is it, and what's more?")) == 1


def test_what_is_new_in_one_paper_and_two_things_of_it_set_against_each_other_ask_of_it() -> None:
    """Blinds 147 and 146: "What's new in the unified theory of adaptive variance reduction paper compared to earlier
    unified frameworks?" and, after PERK, "what exactly does the inner loop do vs the outer one?" were read as asking
    for papers."""
    from rag.reading.questions import read_question
    from rag.types import Turn

    assert read_question("What's new in the adaptive variance reduction paper compared to earlier work?").kind == (
        "lookup"
    )
    assert read_question("what's new in federated learning?").kind == "list"
    perk = [Turn(question="What's PERK?", answer="PERK ...", cited=("qxDTe8fIyA",))]
    assert read_question("what exactly does the inner loop do vs the outer one?", perk).kind == "lookup"
    assert read_question("how do state-space models compare to transformers?").kind == "list"


def test_which_one_came_out_best_of_no_named_class_is_told_by_a_superlative() -> None:
    """Blind 146: "which fusion works best?" quoted "we run controlled experiments ... varying fusion position and
    method", not "the strongest gains come from additive fusion ..."."""
    asked = Part("which fusion works best", "any")
    stated = [
        (0.9, "We run experiments varying fusion position and method."),
        (0.5, "The strongest gains come from additive fusion at late stages."),
    ]
    assert ranking.ranked(stated, asked, None)[0][0][1].startswith("The strongest")
    how = Part("how does the fusion work best", "any")
    assert ranking.ranked(stated, how, None)[0][0][1].startswith("We run")


def test_an_abbreviation_spelled_out_in_latex_is_defined() -> None:
    """Blinds 144, 146 and 147: "cases involving $\\textit{more than two views}$ (MTTV)" defined no MTTV, so the
    sentence saying it was not quoted before "... to support the MTTV objective"."""
    from rag.reading.text import defined_acronyms, defined_before

    lecun = "LeCun pointed out that it can be extended to cases involving $\\textit{more than two views}$ (MTTV)."
    assert "MTTV" in defined_acronyms(lecun)
    proposal = "Taking a cue from this insight we support the MTTV objective."
    assert defined_before(proposal, f"CSSL is used. {lecun} {proposal} It works.") == lecun
    assert "MTTV" not in defined_acronyms("We study $\\textit{many tasks}$ (MTTV).")


class FakeSideSearch:
    """A search that finds, for any query, a paper saying DP-SGD and LoRA's privacy first and a LoRA-only one second."""

    def __init__(self, hits: list[Hit]) -> None:
        self.hits = hits

    def search(self, query: str, k: int = 5, filters: object = None) -> object:
        from rag.retrieval.retriever import SearchResult

        return SearchResult(query=query, hits=self.hits[:k], searched=2, matched=2)

    def keyword_index(self) -> object:
        return FakeKeywordWithUnseen()


def test_a_side_described_beside_a_name_of_the_field_is_the_paper_its_words_find() -> None:
    """Blinds 115, 123 and 145: "the paper arguing that LoRA by itself reduces privacy risk much like DP-SGD" was taken
    as the name DP-SGD, and one of the 21 papers of 19,630 saying it (a membership-inference attack) was compared;
    "the GAS paper" is a name, which the question's words tell apart (blind 126); a paper not saying DP-SGD is none."""
    from typing import Any

    from rag.answering import sides

    says_it = replace(
        abstract_hit("Efficient fine-tuning like LoRA mitigates privacy risks similar to DP-SGD."), score=0.9
    )
    other = replace(abstract_hit("GAS makes sampling cheaper."), paper_id="b", rank=2, score=0.5)
    side = "the paper arguing that LoRA by itself reduces privacy risk much like DP-SGD"
    question = f"How does it differ from {side}?"
    search: Any = FakeSideSearch([says_it, other])
    assert sides._described_naming(side, ["X", side], question, search, None) == [says_it]
    assert sides._described_naming("the GAS paper", ["X", "the GAS paper"], question, search, None) == []
    unsaid: Any = FakeSideSearch([other])
    assert (
        sides._described_naming("the paper arguing that DP-SGD is needed for LoRA privacy", ["X"], "q", unsaid, None)
        == []
    )


def test_the_words_a_paper_is_described_by_ask_no_figure() -> None:
    """Blind 147: "What's new in the unified theory of adaptive variance reduction paper compared to ...?" asked a
    figure by "reduction"; with the paper's words left out, people-dev's "Is that better than what the
    polychromic-objective paper does ...?" must not ask one either (it did, with the words read as a name)."""
    from rag.reading.asking import asks_figure

    assert not asks_figure("What's new in the unified theory of adaptive variance reduction paper compared to others")
    assert not asks_figure(
        "Is that better than what the polychromic-objective paper does for keeping exploration alive"
    )
    assert asks_figure("What's the vocabulary size of the universal tokenizer in the language-plasticity paper")
