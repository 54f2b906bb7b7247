"""The rules read off blinds 152 to 155, each with its examples and counterexamples: the judge reading a follow-up
past the paper's own name, where a thing comes from, things said by the model they are built like, each of the things
asked said in plain words, a name in capitalised words a paper introduces, a field's acronym spelled out, models by
their family, what they do to get a thing, and a side's name said where its abstract names the method."""

from __future__ import annotations

from rag.answering import aspects, holds, own_names, sides, values
from rag.answering.named_thing import introduced_as
from rag.reading import contrasts
from rag.reading.headings import leading_words
from rag.reading.parts import Part, wants
from rag.reading.questions import read_question
from rag.types import Turn

from .conftest import abstract_hit

HEDRA = (
    "To this end, we propose a Heterogeneous Event causality Disentangling Representation learning Approach (HEDRA) "
    "for TKG reasoning. Moreover, an Instrumental Variable (IV)-guided disentangling module is proposed to "
    "disentangle spurious causality. HEDRA outperforms RE-GCN on five datasets."
)


def test_the_judge_reads_a_follow_up_past_the_papers_own_name() -> None:
    """Blinds 128, 152: "What module does HEDRA use to deal with spurious causality?" and "How is the reward set up in
    Sparsity Forcing?" quoted the sentence proposing the method, which the judge read likelier with the name in the
    follow-up (0.85 against 0.78 for the sentence on spurious causality; 0.66 and 0.88 asked of "it")."""
    hedra = abstract_hit(HEDRA)
    assert own_names.as_it("How does HEDRA deal with spurious causality?", hedra) == (
        "How does it deal with spurious causality?"
    )
    assert own_names.as_it("what does HEDRA's second module do?", hedra) == "what does its second module do?"
    # a baseline it beats is no name of its own
    assert own_names.as_it("how much better than RE-GCN is it?", hedra) == "how much better than RE-GCN is it?"
    forcing = abstract_hit(
        "We reinforce token sparsity through a framework named Sparsity Forcing.",
        title="Sparsity Forcing: Reinforcing Token Sparsity of MLLMs",
    )
    assert own_names.as_it("How is the reward set up in Sparsity Forcing?", forcing) == (
        "How is the reward set up in it?"
    )


def test_where_a_thing_comes_from_is_told_by_what_it_is_derived_from_or_what_serves_as_it() -> None:
    """Blinds 118, 130, 152: "where does the reward come from if there are no labels?" of "The fidelity of this
    reconstruction serves as an intrinsic reward signal"; blinds 139, 153: "where does the benchmark data come from?"
    of "SocialWM-bench, derived from real-world Polymarket data"."""
    serves = "The fidelity of this reconstruction serves as an intrinsic reward signal."
    assert aspects.aspects_said("right, but where does the reward actually come from?", serves) > 0
    assert aspects.aspects_said("where does the benchmark data come from?", "a benchmark derived from Polymarket") > 0
    assert aspects.aspects_said("how is the reward computed?", serves) == 0
    assert aspects.aspects_said("where does the reward come from?", "The reward improves accuracy by 5%.") == 0


def test_things_are_told_by_the_named_model_they_are_built_like() -> None:
    """Blinds 114, 131, 138, 139, 155: "what models does it use to pick sentences?" of "EffComp employs BERT-style
    document reranker and sentence selector models" was "not stated": "BERT-style" is a compound, no name."""
    part = Part("what models does it use to pick sentences", "name")
    sentence = "EffComp employs BERT-style document reranker and sentence selector models to compress prompts."
    assert holds.fits(part, sentence, {"EffComp"})
    assert not holds.fits(part, "EffComp employs Transformer-based selector models.", {"EffComp"})
    assert not holds.fits(Part("which datasets does it use", "name"), sentence, {"EffComp"})


def test_each_of_the_things_asked_said_in_plain_words_holds_them() -> None:
    """Blinds 119, 141, 152: "which two uncertainties feed the verification module?" of "incorporating each view's
    lesion concept uncertainty and grading uncertainty" was "not stated": no name, and no head read before "feed"."""
    part = Part("which two uncertainties feed the verification module", "name")
    sentence = "We derive that incorporating each view's lesion concept uncertainty and grading uncertainty helps."
    assert holds.fits(part, sentence, set())
    assert not holds.fits(part, "We integrate lesion masks and clinical text.", set())


def test_a_name_in_capitalised_words_the_paper_introduces_names_the_kind_asked() -> None:
    """Blind 155: "what's the name of their aggregation component?" of "FERA introduces Uncertainty-Aware Aggregation,
    ..." was "not stated" (the judge read it unlikely: the rule makes it evident)."""
    part = Part("what's the name of their aggregation component", "name")
    assert introduced_as(part, "FERA introduces Uncertainty-Aware Aggregation, using iterative collaboration.")
    assert not introduced_as(part, "FERA uses uncertainty-aware aggregation across rounds.")
    assert not introduced_as(Part("what's the name of their dataset", "name"), "FERA introduces Uncertainty-Aware X.")
    # the kind alone names a piece of a method, not a dataset; a run of capitals goes on past it
    graphs = "we propose the Relaxed Graph Spectral Discrepancy (RGSD), a discrepancy to compare sets of graphs"
    assert not introduced_as(Part("which graph datasets were used", "name"), graphs)
    assert not introduced_as(part, "FERA introduces Uncertainty-Aware Aggregation Networks.")


def test_a_fields_acronym_is_met_where_the_text_spells_it_out() -> None:
    """Blind 152: "which activation function do they use in the FFNs?" of "ELAS applies squared ReLU activation
    functions to the feed-forward networks" was "not stated": the abstract never says "FFNs"."""
    text = "ELAS applies squared ReLU activation functions to the feed-forward networks in low-rank models."
    assert values.unmet_condition("which activation function do they use in the FFNs", text) is None
    other = "ELAS applies squared ReLU activation functions to the attention layers."
    assert values.unmet_condition("which activation function do they use in the FFNs", other) == "FFNs"


def test_models_are_named_by_their_family() -> None:
    """Blinds 145, 155: "which model families did they evaluate on?" of "language models from Pythia, Gemma, Llama,
    and Qwen families" was "not stated": plain capitalised words name no model."""
    assert "Qwen" in holds.new_names("We evaluate models from Pythia, Gemma, Llama, and Qwen families.", set())
    assert holds.new_names("We evaluate models from many different families.", set()) == set()


def test_what_they_do_to_get_a_thing_asks_no_figure() -> None:
    """Blind 152: "what do they do to get an LLM to actually reason about chemistry?" asked a number (read as "what X
    do they get"), and was "not stated"."""
    assert wants("what do they do to get an LLM to actually reason about chemistry") != "number"
    assert wants("what accuracy do they get on GSM8K") == "number"


def test_a_side_named_in_capitalised_words_is_the_paper_whose_abstract_names_the_method() -> None:
    """Blinds 152, 154: "Smoothed Full Fine-tuning" was taken at 19,630 papers for "LoFT: Low-Rank Adaptation That
    Behaves Like Full Fine-Tuning"; the paper saying "a new fine-tuning method called Smoothed Full Fine-tuning (SFF)"
    says the side's words as its method's name."""
    loft = abstract_hit(
        "We propose LoFT, a low-rank adaptation that behaves like full fine-tuning.",
        title="LoFT: Low-Rank Adaptation That Behaves Like Full Fine-Tuning",
        paper_id="loft",
    )
    sff = abstract_hit(
        "We propose a new fine-tuning method called Smoothed Full Fine-tuning (SFF).",
        title="Lost in the Non-convex Loss Landscape: How to Fine-tune the Large Time Series Model?",
        paper_id="sff",
        rank=2,
    )
    named = sides.named_hits("Smoothed Full Fine-tuning", [loft, sff], lambda _a, _b: 0.0, "question")
    assert [h.paper_id for h in named] == ["sff"]


def test_two_papers_set_up_after_a_heading_a_lead_in_or_there_is_are_compared() -> None:
    """Blinds 129, 135, 150, 153, 155: two papers set up, each by its name or as "the ... paper" ("the ... one"),
    after a heading, a dash, "I'm looking at", "hmm," or "there's", or ended by a comma, then asked of "each", "they",
    "those" or "any overlap", were read as lookups of one."""
    from rag.reading.introduced import introduced_sides

    for question, said in (
        (
            "I'm looking at SARSteer and the paper that links hallucinations with jailbreaks. Is one a defence and "
            "the other an analysis? what does each propose?",
            ("SARSteer", "the paper that links hallucinations with jailbreaks"),
        ),
        (
            "ok theory question. the spiked regression risk phase transitions paper and the softmax attention "
            "single-location regression paper, what does each one actually show?",
            (
                "the spiked regression risk phase transitions paper",
                "the softmax attention single-location regression paper",
            ),
        ),
        (
            "Two papers on what transformers can and can't learn - the graph connectivity one and the compositional "
            "generalisation one. Main findings of each?",
            ("the graph connectivity one", "the compositional generalisation one"),
        ),
        (
            "There's MUSE for tabular watermarking and Harpoon for conditional tabular diffusion. How does each one "
            "steer generation?",
            ("MUSE for tabular watermarking", "Harpoon for conditional tabular diffusion"),
        ),
        (
            "hmm, the compressor-predictor information bottleneck paper and the Navigation paper both pair small and "
            "large LMs. how are they different?",
            ("the compressor-predictor information bottleneck paper", "the Navigation paper"),
        ),
    ):
        assert introduced_sides(question) == said, question
    # two things a paper uses, asked of it, are no two papers
    assert introduced_sides("Does it use BERT and the GPT tokenizer, and how do they compare?") is None
    assert introduced_sides("there is ImageNet and the CIFAR benchmark. which does it use?") is None
    assert contrasts.SHARED.search("Any overlap in method?")


def test_a_figure_asked_against_a_baseline_compares_no_two_papers() -> None:
    """Blind 152: "For ESSA, how much did it improve Qwen2.5-Math-7B on GSM8K vs GRPO?" after an answer citing three
    papers compared ESSA with another of them: its first two coined names were read as the two sides."""
    question = "For ESSA, how much did it improve Qwen2.5-Math-7B on GSM8K vs GRPO?"
    reading = read_question(question, [Turn(question="q", answer="a", cited=("a", "b", "c"))])
    assert reading.kind == "lookup"
    assert read_question("ESSA vs GRPO: how do they differ?").kind == "compare"


def test_a_sides_leading_words_are_those_a_title_may_open_with() -> None:
    """Blinds 112, 117, 147: at 19,630 papers "sparsity forcing for cutting visual tokens in VLMs" and "the relative
    scaling laws paper" took other papers; their titles open with "Sparsity Forcing" and "Relative Scaling Laws"."""
    assert leading_words("sparsity forcing for cutting visual tokens in VLMs") == "sparsity forcing"
    assert leading_words("the relative scaling laws paper") == "relative scaling laws"
    assert leading_words("Antibody") == ""
    assert leading_words("the paper on graph pruning") == ""


def test_whether_a_thing_helps_asks_no_figure() -> None:
    """Blinds 129, 140, 141, 152: "did fancy process rewards help?" asked a figure ("rewards" in its subject) and was
    "not stated" of "simple outcome-based rewards are more effective than complex process-oriented reward functions"."""
    assert wants("did fancy process rewards help") != "number"
    assert wants("does the accuracy drop matter") != "number"
    assert wants("how much did it help") == "number"
    assert wants("did it improve accuracy by 5%") == "number"
