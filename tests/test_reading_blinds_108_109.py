"""The rules read off blinds 108 and 109, each with its examples and counterexamples: a difference asked with its other
side left out, two clauses set up and asked the difference "between them", a "what" after a comparison's preposition,
a piece of a named method set as a scene, a step of a method by its place, a name with its version after a dot, the
thing asked named in brackets, the sentence holding a value of the kind a follow-up asks, the proposal of the method a
question names, a figure asked against a baseline, a model measured against, and what a paper does set against the
paper just discussed."""

from __future__ import annotations

from rag.answering import quotes, ranking, values
from rag.reading.contrasts import ELIDED
from rag.reading.introduced import introduced_sides
from rag.reading.parts import split_parts
from rag.reading.questions import figure_against, read_question
from rag.reading.text import an_instance
from rag.types import Hit


def _paper(abstract: str) -> Hit:
    return Hit.of_abstract(rank=1, paper_id="p", title="T", url="", score=1.0, similarity=None, abstract=abstract)


class FakeJudge:
    """Reads every sentence holding `likely` as likeliest, as the trained judge read a wrong one (blind 109)."""

    def __init__(self, likely: str) -> None:
        self.likely = likely

    def __call__(self, asked: str, sentences: list[str]) -> list[float]:
        return [0.9 if self.likely in s else 0.1 for s in sentences]


def test_a_difference_asked_with_its_other_side_left_out() -> None:
    """Blind 109: "How is LLaVA-FA's take on joint low-rank + quantization different?" after an answer on another
    paper asks how it differs from that paper, as "... doing something similar?" asks a likeness to it."""
    assert ELIDED.search("How is LLaVA-FA's take on joint low-rank + quantization different?")
    assert ELIDED.search("so how does DAM differ?")
    # the other side said: not left out; "different" inside the question asks no difference of the two
    assert not ELIDED.search("How is LLaVA-FA different from DAM?")
    assert not ELIDED.search("how do the different views stay consistent?")


def test_two_clauses_asked_the_difference_between_them() -> None:
    """Blind 108: one paper described and one named, joined by ", and", then "the practical difference between them"."""
    question = (
        "I need synthetic time series for augmentation. One diffusion paper splits the series into low/high frequency "
        "parts, and OATS generates data online while training a foundation model. What's the practical difference "
        "between them?"
    )
    sides = introduced_sides(question)
    assert sides is not None and sides[1].startswith("OATS generates data online")
    # ... a sentence after that asks of neither, or of one, sets up no two
    assert introduced_sides(question.replace("between them", "of OATS")) is None


def test_what_after_a_comparisons_preposition_asks_for_no_list() -> None:
    """Blind 108: "how do humans actually intervene compared to what methods assume?" asks about one study."""
    question = (
        "in the study of real human interventions for robot learning, how do humans actually intervene compared to "
        "what methods assume?"
    )
    assert read_question(question).kind == "lookup"
    assert read_question("how is it different from what prior methods do?").kind == "lookup"
    # "what methods ..." that asks is a list still
    assert read_question("what methods assume humans intervene optimally?").kind == "list"
    assert read_question("Which methods reduce KV-cache memory?").kind == "list"


def test_a_piece_of_a_named_method_set_as_a_scene() -> None:
    """Blind 109: "ReasonMap's second stage, what training method does it use?": its "it" is the second stage."""
    assert [p.text for p in split_parts("ReasonMap's second stage, what training method does it use?")] == [
        "what training method does ReasonMap's second stage use"
    ]
    assert [p.text for p in split_parts("In ReasonMap's second stage, what training method does it use?")] == [
        "what training method does ReasonMap's second stage use"
    ]
    # a scene naming the paper itself stays a scene; a piece with two "it"s is left as asked
    assert [p.text for p in split_parts("The ReasonMap paper, what does it use?")] == ["what does it use"]
    assert [p.text for p in split_parts("ReasonMap's second stage, does it use what it learned?")] == [
        "ReasonMap's second stage, does it use what it learned"
    ]


def test_a_step_of_a_method_by_its_place() -> None:
    """Blind 109: the judge read "a novel two-stage training framework" above the sentence saying the second stage."""
    part = split_parts("ReasonMap's second stage, what training method does it use?")[0]
    framework = (0.9, "To tackle this, we introduce ReasonMap, a novel two-stage training framework.")
    first = (0.8, "The first stage, Foundational Model Training, performs Supervised Fine-Tuning on a hybrid corpus.")
    second = (
        0.5,
        "The second stage, High-Fidelity Alignment, then refines this model using Direct Preference Optimization.",
    )
    assert ranking.ranked([framework, first, second], part, None)[0] == [second]
    assert ranking.says_the_step("what happens in the final phase?", "In the final phase, the model aligns.")
    # another step, or no step asked: every sentence stays
    assert not ranking.says_the_step(part.text, first[1])
    other = split_parts("what training method does ReasonMap use?")[0]
    assert ranking.ranked([framework, second], other, None)[0] == [framework, second]


def test_a_name_with_its_version_after_a_dot() -> None:
    """Blind 109: "which diffusion transformer do they adapt?" of "adapts a large diffusion transformer (Flux.1)"."""
    assert "Flux.1" in values.names("adapts a large diffusion transformer (Flux.1) to restoration")
    assert {"Qwen2.5", "Llama-3.1", "GPT-4.1"} <= values.names("We use Qwen2.5-7B, Llama-3.1 and GPT-4.1 models.")
    # a figure or a section numbered so names nothing
    assert values.names("Figure 3.2 shows that version 2.5 works. Accuracy rose by 3.5.") == set()


def test_the_thing_asked_named_in_brackets() -> None:
    """Blind 108: "which divergence ...?" of "the generalized Cauchy-Schwarz divergence (GCSD)", which the judge read
    below "divergence-driven clustering"."""
    part = split_parts(
        "which divergence does the unsupervised infant subcortical parcellation network use as its clustering "
        "objective?"
    )[0]
    driven = (0.9, "We propose USDPnet, which integrates feature embedding with divergence-driven clustering.")
    named = (0.5, "By introducing the generalized Cauchy-Schwarz divergence (GCSD) as the clustering objective, we ...")
    assert ranking.kind_said(part, named[1]) and not ranking.kind_said(part, driven[1])
    assert ranking.ranked([driven, named], part, None)[0] == [named]
    # the thing in lower case, or another thing named in brackets, is no name of it
    assert not ranking.kind_said(part, "a divergence (computed per cluster) is minimised")
    assert not ranking.kind_said(part, "a world model (WM) guides the divergence")


def test_a_follow_up_asking_a_value_of_a_kind_quotes_the_sentence_holding_one() -> None:
    """Blind 109: "How heavy is VRPAgent computationally, does it need GPUs?" of "... requiring only a single CPU core",
    which the judge read 0.01."""
    paper = _paper(
        "In this paper, we propose VRPAgent, a framework that integrates LLM-generated components into a "
        "metaheuristic. "
        "Our method discovers operators that outperform handcrafted methods while requiring only a single CPU core. "
        "VRPAgent is among the first LLM-based paradigms to advance the state-of-the-art in VRPs."
    )
    asked = "How heavy is VRPAgent computationally, does it need GPUs"
    judge = FakeJudge("among the first")
    assert "single CPU core" in quotes.likeliest(judge, asked, paper, set())[0]
    # a part asking no value of a kind is the judge's
    assert "among the first" in quotes.likeliest(judge, "why does it matter", paper, set())[0]


def test_the_proposal_of_the_method_a_question_names() -> None:
    """Blind 108: "What's the key idea behind Lana ...?" of an abstract that first presents a general framework, then
    derives Lana from it; the sentence after Lana's is what it does."""
    candidates = [
        "Test-time Adaptation (TTA) aims to mitigate performance degradation.",
        "To address this gap, we present a general framework for TTA.",
        "Based on this insight, we derive a novel method named Unlearning-enhanced test-time adaptation (Lana).",
        "Specifically, it adaptively unlearns irrelevant source domain knowledge.",
    ]
    assert ranking.proposal_named("What's the key idea behind Lana for test-time adaptation?", candidates) == 2
    # no name asked, or a sentence naming what the one before proposed: the first proposal
    assert ranking.proposal_named("What's the key idea?", candidates) == 1
    calls = [*candidates[:2], "We call it Lana.", candidates[3]]
    assert ranking.proposal_named("What's the key idea behind Lana?", calls) == 1


def test_a_figure_asked_against_a_baseline_compares_no_two_papers() -> None:
    """Blind 109: "How long does NeTheR take to run compared with its baselines, and on what hardware?" asks NeTheR's
    figure; the evidence of a second paper is not sought (rag.answering.pairs)."""
    assert figure_against("How long does NeTheR take to run compared with its baselines, and on what hardware?")
    assert figure_against("How much ImageNet accuracy does PsychoNet lose compared to a standard ResNet-50?")
    # a contrast asked of how a method works, or a figure asked alone
    assert not figure_against("How does NeTheR compare with its baselines?")
    assert not figure_against("How long does NeTheR take to run, and on what hardware?")


def test_a_model_measured_against_is_no_paper() -> None:
    """Blind 109: "compared to a standard ResNet-50" means one model, where "a FlexMDM" may be the paper's own."""
    assert an_instance("ResNet-50", "How much accuracy does PsychoNet lose compared to a standard ResNet-50?")
    assert an_instance("ViT-B", "is it faster than a ViT-B?")
    assert not an_instance("ResNet-50", "How does PsychoNet compare to ResNet-50?")
    assert not an_instance("FlexMDM", "you can retrofit a pretrained masked diffusion LM into a FlexMDM cheaply")


def test_what_a_paper_does_set_against_the_paper_just_discussed() -> None:
    """Blind 108: "the bag-of-words superposition paper - how does what it studies differ from this?" was read as a
    list ("what it studies" as "what ... studies") and "what it studies" as a method's name."""
    question = (
        "different interp angle: the bag-of-words superposition paper - how does what it studies differ from this?"
    )
    assert read_question(question).kind == "lookup"  # the evidence decides which two papers (rag.answering.pairs)
    # studies asked for are a list still; a side named is a comparison
    assert read_question("what recent studies look at superposition?").kind == "list"
    assert read_question("how does BOWS differ from SAEs?").kind == "compare"


def test_a_value_set_for_a_thing_asks_a_figure() -> None:
    """Blind 108: "what value do they use for the gradient-norm penalty coefficient?" was answered whole."""
    part = split_parts("In OPGD, what value do they use for the gradient-norm penalty coefficient?")[0]
    assert (part.wants, part.asks_detail) == ("number", True)
    assert split_parts("what value do the authors set for lambda?")[0].wants == "number"
    # the worth of a thing asks no figure
    assert split_parts("what value does it add?")[0].wants != "number"
    assert split_parts("what value does OPGD bring to practitioners?")[0].wants != "number"
