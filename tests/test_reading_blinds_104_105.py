"""The rules read off blinds 104 and 105, each with its examples and counterexamples: a thing asked after "across", the
things a scene counted "a few" of, methods counted, what they compare against, a correlation asked, what goes into a
thing, two papers contrasted in a person's words, a method that compares two sets, a relation "similar idea to", and
the evidence a part is held against (a kind said after a name in brackets, a component employed, findings after
"that:", names in lower case with a size, a ranking of the very measure asked, a figure of another measure, a sentence
that only asks, a name written with other hyphens, an acronym spelled out, an algorithm named after a person)."""

from __future__ import annotations

from rag.answering import holds, named_thing, ranking, values
from rag.answering.holds import fits, ranks
from rag.answering.named_thing import titled
from rag.reading.asking import asks_figure
from rag.reading.contrasts import EXPERIMENT_COMPARED, related, set_against
from rag.reading.parts import Part, split_parts, wants
from rag.reading.questions import read_question
from rag.types import Turn


def _parts(question: str) -> list[tuple[str, str, str]]:
    return [(p.text, p.wants, p.head) for p in split_parts(question)]


def test_the_thing_asked_after_a_preposition_and_the_ones_a_scene_counted() -> None:
    """Blind 104: "..., and across which sensor modalities?" named no thing; "UI2Code^N claims to unify a few
    capabilities in one VLM. Which ones?" asked of nothing."""
    assert _parts("What average mIoU does SegRGB-X get, and across which sensor modalities?")[1] == (
        "across which sensor modalities",
        "name",
        "modalities",
    )
    assert _parts("UI2Code^N claims to unify a few capabilities in one VLM. Which ones?") == [
        ("Which capabilities", "name", "capabilities")
    ]
    # "Which ones?" after no things counted stays as asked
    assert _parts("UI2Code^N is a VLM. Which ones?")[0][0] == "Which ones"


def test_methods_counted_are_a_detail_and_what_they_benchmark_against_is_named() -> None:
    """Blind 105: "how many SSL methods and datasets was it evaluated on?" was answered as a summary; blind 104: "what
    existing accelerated variants do they benchmark against?" asked "existing"."""
    assert split_parts("how many SSL methods and datasets was it evaluated on?")[0].asks_detail
    assert not split_parts("which methods use diffusion for planning?")[0].asks_detail
    assert _parts("what existing accelerated variants do they benchmark against?") == [
        ("what existing accelerated variants do they benchmark against", "name", "variants")
    ]
    # a verb in "ed" after the thing is still no part of it
    assert _parts("what batch size used by X?")[0][2] == "size"


def test_a_correlation_asked_is_a_figure_and_what_goes_into_a_thing_is_not() -> None:
    """Blind 105: "What was the exact correlation between ...?" was no figure asked; "what goes into their reward?"
    asked a reward's figure."""
    assert wants("What was the exact correlation between MouseDTB's simulated BOLD signals and the real data") == (
        "number"
    )
    assert wants("how strong is the correlation with human ratings") == "number"
    assert not asks_figure("did they check whether the correlation also holds for non-English text")
    assert wants("what goes into their reward") == "any"
    assert wants("what makes up the dataset") == "any"
    assert wants("what reward do they get") == "number"


def test_two_papers_contrasted_in_a_persons_words() -> None:
    """Blinds 104 and 105: three comparisons read as lookups of one paper."""
    assert set_against(
        "Can you contrast the sequential price competition paper (the one with s-concave demand) with the online "
        "reusable resource allocation paper with adversarial requests? Both are online revenue problems."
    ) == (
        "the sequential price competition paper (the one with s-concave demand)",
        "the online reusable resource allocation paper with adversarial requests",
    )
    sides = set_against(
        "how do Autoformalizer with Tool Feedback and the balanced neuro-symbolic paper on commonsense abductive logic "
        "use solvers and tools differently?"
    )
    assert sides is not None and sides[0] == "Autoformalizer with Tool Feedback"
    assert sides[1].startswith("the balanced neuro-symbolic paper on commonsense")
    assert set_against("can you contrast GH-OFL with H+?") is None  # named sides are the reading's own
    assert set_against("how do they use solvers differently?") is None
    heading = read_question(
        "KV cache papers: the one that pairs randomized cache eviction with learned query routing across LLM "
        "workers, vs KVFundaBench. What does each contribute?"
    )
    assert heading.kind == "compare" and heading.targets[1] == "KVFundaBench"


def test_what_a_method_compares_and_a_similar_idea() -> None:
    """Blind 104: "how does the imputation one actually compare two sets of graphs?" was read as a list of papers
    comparing two things; "Is that a similar idea to the unified adaptive variance reduction paper, or ...?" as none."""
    asked = "how does the imputation one actually compare two sets of graphs?"
    assert EXPERIMENT_COMPARED.search(asked)
    assert read_question(asked).kind == "lookup"
    assert read_question("how does FlowKV compare with ProtoKV?").kind == "compare"
    pair = related(
        "Is that a similar idea to the unified adaptive variance reduction paper, or a totally different thing?"
    )
    assert pair is not None and pair[1] == "the unified adaptive variance reduction paper"
    assert related("is that similar in spirit to SUIT?") == ("is that", "SUIT")


def test_a_vs_of_what_a_follow_up_asks_about_is_no_list() -> None:
    """Blind 104: "and what did they say about balancing data vs model size for compute-optimal training?" after an
    answer was read as a list of papers comparing data and model size."""
    asked = "and what did they say about balancing data vs model size for compute-optimal training?"
    assert read_question(asked, [Turn("scaling and symmetry?", "", ("qyjaVda7t2",))]).kind == "lookup"
    # with nothing before it, two families compared are papers to list (blind 29)
    assert read_question("how would I estimate the dimension of the shared vs modality-specific parts?").kind == "list"


def test_a_kind_said_after_a_name_in_brackets_and_a_component_employed() -> None:
    """Blind 104: "what neuron model do they use?" took "This model leverages ... (EnKF)" before "coupled with leaky
    integrate-and-fire (LIF) neurons"; "What model component does the predicting?" took nothing for "Prot2Token
    employs an autoregressive decoder"."""
    neuron = Part("what neuron model do they use", "name")
    assert ranking.kind_said(neuron, "The connectivity is coupled with leaky integrate-and-fire (LIF) neurons.")
    assert not ranking.kind_said(neuron, "This model leverages diffusion ensemble Kalman filtering (EnKF).")
    component = Part("What model component does the predicting", "name")
    assert holds._introduced(component.head, "At its core, Prot2Token employs an autoregressive decoder, ...")
    assert not holds._introduced(component.head, "At its core, Prot2Token is trained on many tasks.")


def test_findings_a_verb_reports_list_no_things_counted() -> None:
    """Blind 104: "Which three backbone LLMs ...?" was answered by "three different backbone LLMs reveal that: 1)
    ...", its findings read as the LLMs listed."""
    asked = "Which three backbone LLMs did they train?"
    assert values.counts_only(
        "Experiments based on three different backbone LLMs reveal that: 1) the data help.", asked
    )
    assert not values.counts_only("We use three backbone LLMs: Qwen, Llama and Mistral.", asked)


def test_names_in_lower_case_with_a_size_and_an_algorithm_named_after_a_person() -> None:
    """Blinds 104 and 105: "e5-mistral-7b-instruct-based" and "the Hungarian algorithm" named nothing."""
    assert values.names("relative to dense embeddings in e5-mistral-7b-instruct-based text") == {
        "e5-mistral-7b-instruct"
    }
    assert values.names("we use gpt-oss-20b.") == {"gpt-oss-20b"}
    assert not values.names("the top-5 accuracy of k-means and a 7b model")
    assert holds.new_names("Both algorithms leverage the Hungarian algorithm for efficient selection.", set()) == {
        "Hungarian"
    }
    assert not holds.new_names("This is the Proposed algorithm.", set()) - {"Proposed"}
    assert not holds.new_names("Both algorithms leverage the greedy algorithm.", set())


def test_a_ranking_of_the_measure_asked_names_nothing() -> None:
    """Blind 105: "Which model got the best pass@1 of 0.26?" was answered by "the best overall pass@1 is 0.26"."""
    part = Part("Which model got the best pass@1 of 0.26 on ZeroSecBench", "name")
    assert not ranks(part, "Across 11 state-of-the-art models, the best overall pass@1 is 0.26.")
    assert ranks(Part("which intervention came out best", "name"), "prompt expansion achieves the highest performance")
    # a name beside its components' noun is a component, not a model
    assert not values.of_class("model", {"SSRF"}, "SSRF components ranging from 0.10 to 1.00")


def test_a_figure_of_another_measure_and_a_sentence_that_only_asks() -> None:
    """Blind 105: "how much power does SpecOffload draw?" was rescued by the judge (0.99) from "improves GPU core
    utilization by 4.49× and boosts inference throughput by 2.54×"; "which part of the transformer was best to
    fine-tune?" by "we examine which Transformer modules are most beneficial to fine-tune"."""
    said = "SpecOffload improves GPU core utilization by 4.49× and boosts inference throughput by 2.54×."
    assert ranking._measures_other("how much power does SpecOffload draw", said)
    assert not ranking._measures_other("what speedups does SpecOffload report", said)  # a speedup is said so
    assert not ranking._measures_other("how much faster is it", "It achieves orders-of-magnitude speedups.")
    part = Part("which part of the transformer was best to fine-tune", "any")
    assert ranking.asks_only(part, "Through an ablation study, we examine which Transformer modules are most useful.")
    assert not ranking.asks_only(part, "We study how it scales and find that the FFN matters most.")
    assert not ranking.asks_only(Part("what question do they investigate", "any"), "We investigate whether X holds.")


def test_a_name_with_other_hyphens_and_an_acronym_spelled_out_are_met() -> None:
    """Blind 105: "CIFAR-100-LT" was not met by "Cifar100-LT"; blind 104: "Does it only work for CNNs?" not by
    "architectures, such as convolutional or transformer networks"."""
    assert values.unmet_condition("what gain did it report on CIFAR-100-LT", "5% improvement in Cifar100-LT") is None
    assert values.unmet_condition("what gain did it report on CIFAR-10", "5% improvement in ImageNet") == "CIFAR-10"
    assert values.unmet_condition("Does it only work for CNNs", "such as convolutional or transformer networks") is None
    assert values.unmet_condition("Does it only work for CNNs", "such as transformer networks") == "CNNs"


def test_a_time_in_words_and_the_words_a_part_says_itself() -> None:
    """Blind 105: "how fast is full enumeration?" of "in under a minute"; blind 104: "which pretrained video diffusion
    model do they fine-tune?" was answered by "the video diffusion model", its own words, and by an MLLM."""
    fast = Part("how fast is full enumeration", "number")
    assert fits(fast, "to make full enumeration on a consumer GPU possible in under a minute", set())
    assert not fits(Part("how big is it", "number"), "possible in under a minute", set())
    model = Part("which pretrained video diffusion model do they fine-tune", "name")
    title = "Think Before You Diffuse: Infusing Physical Rules into Video Diffusion"
    assert not titled(model, "To incorporate this into the video diffusion model, we use an MLLM.", title)
    assert named_thing.spelled_as_other(model, {"MLLM"}, "we use a multimodal large language model (MLLM) to verify")
    assert not named_thing.spelled_as_other(model, {"VDM"}, "we fine-tune a latent video diffusion model (VDM)")


def test_letters_set_in_bold_are_the_word_they_are_in() -> None:
    """Blind 105: "Which chemical foundation model does LORAX apply LoRA to?" was answered by LORAX's own sentence, its
    "$\\textbf{CROSS}$-attention" read as a name."""
    spelled = (
        "$\\textbf{L}$oRA-based $\\textbf{O}$dorant-$\\textbf{R}$eceptor $\\textbf{A}$ffinity prediction with "
        "$\\textbf{CROSS}$-attention ($\\textbf{LORAX}$)"
    )
    assert values.names(spelled) == {"LORAX"}
    assert values.names("We introduce$\\textbf{ZeroSecBench}$, a benchmark") == {"ZeroSecBench"}


def test_the_idea_an_approach_realizes_is_its_how_it_works() -> None:
    """Blind 104: FEDMOSAIC's "How it works" quoted a result; its idea was said two sentences before "As a concrete
    realization of this idea, we develop FEDMOSAIC"."""
    from rag.answering import compose

    ordered = [
        "We show that these properties can be achieved where clients exchange predictions over a shared dataset.",
        "This enables each client to align with public consensus when it is helpful.",
        "As a concrete realization of this idea, we develop FEDMOSAIC, a personalized co-training method.",
    ]
    assert compose.built_on(ordered[2], ordered) == ordered[0]
    # a sentence of its own between them, not carrying the idea on, stops it
    other = [ordered[0], "Prior methods fail on non-IID data.", ordered[2]]
    assert compose.built_on(other[2], other) is None
