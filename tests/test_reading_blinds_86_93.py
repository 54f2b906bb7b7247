"""The rules read off blinds 86 to 93, each with its examples and counterexamples: how a thing is set against another
("stack up against", "both that and ...", two the asker has met, "Comparing A with B"), one of two picked, a name many
papers share told apart by its clause, a side that is a baseline or a name of the field, and what a part asks for (a
name asked at its end, a choice, the thing a "family" is of, a component, a model named with its size)."""

from __future__ import annotations

import re
from typing import Any

from rag.answering import baselines, own_work, ranking
from rag.answering.holds import fits, new_names
from rag.answering.values import SIZED_MODEL
from rag.reading import contrasts, introduced
from rag.reading.parts import Part, split_parts
from rag.reading.questions import read_question
from rag.reading.text import asking_sentences, flat_latex, scene_sentences
from rag.types import Hit, Turn


def test_a_thing_measured_against_another_is_a_relation() -> None:
    """Blind 87: "how does that stack up against UniFy, the purely linear forecaster?" was read as a lookup."""
    for asked, other in (
        ("how does that stack up against UniFy, the purely linear forecaster?", "UniFy, the purely linear forecaster"),
        ("How does it fare against TimesNet?", "TimesNet"),
        ("does it measure up to the diffusion one?", "the diffusion one"),
    ):
        said = contrasts.related(asked)
        assert said is not None and said[1] == other, asked
    # what a method withstands, or a figure that stacks up, is no other side
    for unrelated in ("how well does it hold up against adversarial attacks?", "what does that stack up to?"):
        assert contrasts.related(unrelated) is None, unrelated


def test_the_paper_just_discussed_set_beside_another_is_related_to_it() -> None:
    """Blind 89: "both that and the stochastic-injection paper ... use flow matching": the verb both share ends the
    other side."""
    said = contrasts.related(
        "both that and the stochastic-injection paper on distribution-to-distribution flow matching use flow matching "
        "- how do they differ in what they're actually doing?"
    )
    assert said == ("that", "the stochastic-injection paper on distribution-to-distribution flow matching")
    assert contrasts.related("both of them use flow matching, right?") is None


def test_the_scene_of_a_question_is_the_sentences_that_ask_nothing() -> None:
    """Blind 87: "There's also one that ... How is that different from this?": the scene describes "that"; a last
    sentence typed without its "?" still asks after a comma."""
    question = "There's also one that drops far-away predictions. How is that different from this?"
    assert scene_sentences(question) == "There's also one that drops far-away predictions."
    assert asking_sentences(question) == "How is that different from this?"
    assert scene_sentences("How is that different from this?") == ""
    remembered = "are VLMs bad at counting? I remember VLMCountBench and Math Blind, what did each find"
    assert scene_sentences(remembered) == ""
    assert scene_sentences("VLMs fail at counting. I remember VLMCountBench and Math Blind.") == ""  # none asks


def test_two_papers_set_up_in_more_ways() -> None:
    """Blinds 87 and 89; whether each side is one paper, rag.answering.sides decides."""
    for question, said in (
        (
            "For spiking nets I've seen SPARTA and a paper on removing the unevenness error in ANN-to-SNN conversion. "
            "What does each one do?",
            ("SPARTA", "a paper on removing the unevenness error in ANN-to-SNN conversion"),
        ),
        (
            "I remember VLMCountBench and a paper called Math Blind, what did each find",
            ("VLMCountBench", "a paper called Math Blind"),
        ),
        (
            "Comparing ReMix (the off-policy RFT one) with the polychromic objective paper: what is each trying to "
            "fix?",
            ("ReMix (the off-policy RFT one)", "the polychromic objective paper"),
        ),
        (
            "For autonomous driving, Plan-R1 and the chain-of-thought traffic-regulation paper both use GRPO. how do "
            "they use it differently?",
            ("Plan-R1", "the chain-of-thought traffic-regulation paper"),
        ),
        (
            "Speeding up diffusion sampling: relational feature caching versus the Generalized Adversarial Solver. How "
            "do the approaches differ?",
            ("relational feature caching", "the Generalized Adversarial Solver"),
        ),
    ):
        assert introduced.introduced_sides(question) == said, question
    # blind 92: two named, then asked to compare "their" mechanisms, or offered as a choice; "one ...; another ...";
    # a heading, then the two ended by a dash
    for question, said in (
        (
            "H+ and CABA sit on opposite sides of federated learning security. Can you compare their mechanisms?",
            ("H+", "CABA"),
        ),
        (
            "AgenticMath or Socratic-Zero - what's the difference in how each one produces it?",
            ("AgenticMath", "Socratic-Zero"),
        ),
        (
            "One paper distills know-how into templates; another fine-tunes 3B models on traces. What does each claim?",
            ("distills know-how into templates", "fine-tunes 3B models on traces"),
        ),
        (
            "memory-bounded 3D: IncVGGT and that memory-bounded Gaussian splatting training framework - what does each "
            "bound?",
            ("IncVGGT", "that memory-bounded Gaussian splatting training framework"),
        ),
    ):
        assert introduced.introduced_sides(question) == said, question
    for unset in (
        "H+ and CABA sit on opposite sides of FL security. Can you list the datasets?",
        "I've seen SPARTA and a paper on spiking attention. Which one came first?",
        "Comparing against the baselines: which benchmark did they use?",
        "For autonomous driving, Plan-R1 uses GRPO. How?",
    ):
        assert introduced.introduced_sides(unset) is None, unset


def test_a_question_typed_in_lower_case_after_a_sentence_asks_on_its_own() -> None:
    """Blind 92: "there's another privacy paper claiming .... how do the two papers' messages differ?" was one
    sentence, so nothing set the scene."""
    question = "there's another privacy paper claiming LoRA protects. how do the two papers' messages differ?"
    assert scene_sentences(question) == "there's another privacy paper claiming LoRA protects."
    assert scene_sentences("we use e.g. LoRA. it works well") == ""  # no question opens the second


def test_one_of_two_picked_is_no_contrast_of_the_two() -> None:
    """Blind 89: "which of those two is about 3D data?" compared the two papers cited."""
    turns = [Turn("continual learning papers with more than one modality", "", ("a", "b"))]
    assert read_question("which of those two is about 3D data?", turns).kind != "compare"
    assert read_question("which of these has labels from pathologists?", turns).kind != "compare"
    assert read_question("how do those two differ?", turns).kind == "compare"


def test_a_contrast_asked_in_a_verb_or_in_one_word() -> None:
    """Blind 89: "contrast A and B for me (...)" compares A and B; "lots of different protein tasks" contrasts
    nothing. "Contrast A with B ..." is left to the evidence, its "with" often a side's own."""
    reading = read_question("contrast GH-OFL and H+ for me (both federated learning)")
    assert reading.kind == "compare" and reading.targets == ("GH-OFL", "H+")
    assert read_question("how does one model handle lots of different protein tasks?").kind != "compare"
    assert read_question("Contrast STAR with Fighter for time series forecasting.").kind == "lookup"
    # ... but the paper just discussed contrasted with another is the two, as "compare it with X" is
    assert read_question("contrast it with FlowKV", [Turn("q", "", ("a",))]).targets == ("it", "FlowKV")
    assert read_question("how is FlowKV different from ProtoKV?").targets == ("FlowKV", "ProtoKV")


def test_what_a_part_asks_for() -> None:
    """Blinds 86 to 89: a name asked at the end, whatever the words before measure; a size only of the thing asked;
    a choice between two; the thing a family is of; what a module does."""
    for question, wanted, head in (
        ("ADAP replaces the usual pruning ratio with what metric?", "name", "metric"),
        ("On which model did they report their speedup and memory numbers?", "name", "model"),
        ("so should I put my budget into a bigger compressor or a bigger predictor?", "any", ""),
        ("is it better to spend budget on a bigger compressor or a bigger predictor?", "any", ""),
        ("which algorithm families do they propose?", "name", "algorithm"),
        ("which module enables the verification part?", "name", "module"),
        ("which optimizer degraded least under quantization-aware training?", "name", "optimizer"),  # blind 93
        ("what's the name of the loss term they use?", "name", "loss"),  # blind 92
        # counterexamples
        ("Which model sizes do they use?", "number", "sizes"),
        ("What base model and parameter count is it fine-tuned from?", "number", "model"),
        ("what ImageNet top-1 does it report and with which network", "number", "ImageNet"),
        ("Which two classes of kernels does it use?", "name", "classes"),
        ("What is the name of the LLM family they train?", "name", "family"),
        ("what budget do they use?", "number", "budget"),
    ):
        part = split_parts(question)[0]
        assert (part.wants, part.head) == (wanted, head), question


def test_components_metrics_and_models_said_otherwise_are_what_is_asked() -> None:
    """Blinds 86 to 93."""
    strategy = "Specifically, a Singular Stochastic Sampling strategy is introduced to support exploration."
    assert "Singular Stochastic Sampling" in new_names(strategy, set())
    assert not new_names("Specifically, a Stochastic strategy is introduced.", set())  # one word may open a phrase
    metric = Part("ADAP replaces the usual pruning ratio with what metric", "name")
    assert fits(
        metric, "Moreover, we introduce compression ratio as a unified metric, replacing the pruning ratio.", set()
    )
    assert not fits(metric, "ADAP combines structured and unstructured pruning.", {"ADAP"})
    pretext = Part("what pretext task does PLanTS use", "name")
    assert fits(pretext, "To capture dynamics, we design a next-transition prediction pretext task.", set())
    assert not fits(pretext, "We evaluate PLanTS across downstream tasks such as forecasting.", {"PLanTS"})
    for model in ("LLaMA-30B", "Qwen-3-32B", "Bloom-7.1B", "Qwen2.5-7B"):
        assert SIZED_MODEL.search(f"On {model}, it delivers a 3.6x speedup."), model
    assert not SIZED_MODEL.search("a W2A4 pipeline with the memory of a 2-bit model")
    assert not SIZED_MODEL.search("Thanos performs well, even outperforming LLaMA-3.1-405B.")  # a baseline
    assert not SIZED_MODEL.search("Our Video-Thinker-7B substantially outperforms Video-R1.")  # its own


def test_an_acronym_of_any_word_of_the_thing_asked_can_answer() -> None:
    """Blind 92: "what backbone architecture does FlowBatt use?" of "a scalable diffusion transformer (DiT) backbone";
    "What optimizer/solver ...?" of "a block coordinate descent (BCD) solver"."""
    from rag.answering.known import given

    dit = _paper(1, "FlowBatt", "FlowBatt leverages a scalable diffusion transformer (DiT) backbone, enabling scale.")
    asked = "what backbone architecture does FlowBatt use?"
    assert "DiT" not in given(split_parts(asked)[0], dit, asked, [], False)
    assert "DiT" in given(split_parts("which dataset does FlowBatt use?")[0], dit, asked, [], False)
    bcd = _paper(2, "MoEEdit", "We solve it with a block coordinate descent (BCD) solver.")
    asked = "What optimizer/solver does MoEEdit use?"
    assert "BCD" not in given(split_parts(asked)[0], bcd, asked, [], False)


def test_a_comparison_row_takes_the_approach_not_how_the_problem_is_studied() -> None:
    """Blind 93: LinguaMap's row said "we design a four-scenario evaluation protocol", not its selective fine-tuning."""
    from rag.answering.compose import row_sentences

    abstract = (
        "LLMs fail at language control. To systematically surface these issues, we design a four-scenario evaluation "
        "protocol. Guided by these insights, we introduce selective fine-tuning of only the final layers. It reaches "
        "98% consistency."
    )
    assert row_sentences(abstract)[1].startswith("Guided by these insights, we introduce")
    only = "LLMs fail at language control. To measure it, we design a benchmark. It has 5 tasks."
    assert row_sentences(only)[1] == "To measure it, we design a benchmark."  # its only proposal: a benchmark paper's


def test_how_a_paper_does_a_thing_is_read_from_its_proposal_on() -> None:
    """Blind 86: "How does E-SUOT get around likelihood estimation?" quoted other work's use of it."""
    sentences = [
        "Flow models resort to likelihood estimation.",
        "We propose E-SUOT.",
        "We avoid likelihood estimation.",
    ]
    assert own_work.own_from(Part("How does E-SUOT get around likelihood estimation", "method"), sentences) == 1
    assert own_work.own_from(Part("what problem does it address", "any"), sentences) == 0
    assert own_work.own_from(Part("how does it work", "method"), sentences[:1]) == 0  # no proposal: all of it


def test_several_things_asked_are_quoted_from_a_sentence_each() -> None:
    """Blind 87: "Which two components does Granular-GRPO add?": a strategy in one sentence, a module in the next."""
    stated = [(0.9, "we introduce a Multi-Granularity module"), (0.8, "a Singular Sampling strategy is introduced")]
    head = set(_stems("components module strategy"))
    two = Part("Which two components does Granular-GRPO add", "name")
    _, _, also = ranking.best(list(stated), None, two, None, (head, "", None, _stems))
    assert also == stated[1][1]
    _, _, also = ranking.best(
        list(stated), None, Part("Which component does it add", "name"), None, (head, "", None, _stems)
    )
    assert also is None


def test_a_side_the_paper_named_sets_itself_against_is_its_baseline() -> None:
    """Blind 89 at 19,630 papers: "Prot2Token: ... how does its structure prediction speed compare with AlphaFold2?"
    compared two other papers that say AlphaFold2. Not where the side is the named paper's own (blind 81: "LPG-Bench
    (with TIT-Score)")."""
    prot = _paper(
        1,
        "Prot2Token: Protein Modeling via Next-Token Prediction",
        "We propose Prot2Token. It is 1000x faster than AlphaFold2.",
    )
    tit = _paper(2, "TIT-Score: Long Prompts", "We introduce LPG-Bench, and TIT-Score, a metric.")
    search: Any = FakeNames({"Prot2Token": {"p1": True}, "TIT-Score": {"p2": True}})
    store: Any = FakeStore([prot, tit])
    asked = "Prot2Token: how does its structure prediction speed compare with AlphaFold2?"
    assert baselines.a_baseline(asked, ("its structure prediction speed", "AlphaFold2"), search, store)
    both = "MathViz-Bench and LPG-Bench (with TIT-Score) both evaluate text-to-image models - on what?"
    assert not baselines.a_baseline(both, ("MathViz-Bench", "LPG-Bench"), search, store)


def test_what_the_paper_just_discussed_says_it_beats_is_its_baseline() -> None:
    """Blind 83: "the second one - how does its metric stack up against CLIP-score?" is TIT-Score's result against
    CLIP-score, which its abstract says; the opening word of the other side only, not a word describing it."""
    tit = _paper(1, "TIT-Score", "TIT-Score agrees with humans better than CLIP-score. We build it on Math tasks.")
    store: Any = FakeStore([tit])
    assert baselines.its_baseline("how does its metric stack up against CLIP-score?", ("p1",), store)
    assert not baselines.its_baseline("how does it compare with UniFy, the linear one?", ("p1",), store)
    assert not baselines.its_baseline("how does it compare with the Math Blind paper?", ("p1",), store)


def test_a_name_several_papers_share_is_told_apart_by_its_clause() -> None:
    """Blind 89 at 19,630 papers: "KARMA is about unlearning and SUIT about knowledge editing": two papers are called
    KARMA, and the one on unlearning was left uncompared."""
    from rag.answering.named import named_pair

    unlearning = _paper(1, "KARMA: Keyword-Aware Unlearning", "We propose KARMA for unlearning keywords in LLMs.")
    reward = _paper(2, "KARMA: Reward Mechanism Adjustment", "We propose KARMA, a causal reward mechanism.")
    suit = _paper(3, "Subspace Knowledge Editing", "We propose SUIT for knowledge editing.")
    search: Any = FakeNames({"KARMA": {"p1": True, "p2": True}, "SUIT": {"p3": False}}, [unlearning, reward, suit])
    asked = "KARMA is about unlearning and SUIT about knowledge editing. How do their approaches compare?"
    assert named_pair(asked, search.search, search) == (unlearning, suit)
    # nothing said of it: no one KARMA
    assert named_pair("KARMA and SUIT: how do their approaches compare?", search.search, search) is None


def test_latex_in_a_name_reads_flat() -> None:
    """Blind 89: "named D$^2$-Edit" is the question's D2-Edit."""
    assert flat_latex("a framework named D$^2$-Edit.") == "a framework named D2-Edit."
    assert flat_latex("$\\text{G}^2$RPO") == "G2RPO"


def _stems(text: str) -> list[str]:
    return [w.lower().rstrip("s")[:6] for w in text.split()]


class FakeNames:
    """Which paper says which name, and a search that ranks its papers in the order given."""

    def __init__(self, named: dict[str, dict[str, bool]], ranked: list[Hit] | None = None) -> None:
        self.names, self.ranked = named, ranked or []
        self.chunks = [{"paper_id": h.paper_id, "title": h.title, "chunk": 0} for h in self.ranked]

    def named(self, name: str) -> dict[str, bool]:
        return self.names.get(name, {})

    def typed_names(self, text: str) -> list[str]:
        return []

    def rare(self) -> int:
        return 49

    def search(self) -> list[Hit]:
        return self.ranked

    def coverage(self, query: str, text: str) -> float:  # the share of the query's words the text says
        words, said = re.findall(r"\w+", query.lower()), set(re.findall(r"\w+", text.lower()))
        return sum(w in said for w in words) / max(len(words), 1)


class FakeStore:
    def __init__(self, papers: list[Hit]) -> None:
        self.papers = {p.paper_id: p for p in papers}

    def get_papers(self, ids: list[str]) -> dict[str, Any]:
        return {i: self.papers[i] for i in ids if i in self.papers}


def _paper(n: int, title: str, abstract: str) -> Hit:
    return Hit.of_abstract(rank=n, paper_id=f"p{n}", title=title, url="", score=1.0, similarity=None, abstract=abstract)
