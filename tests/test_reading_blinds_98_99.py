"""The rules read off blinds 98 and 99, each with its examples and counterexamples: the thing a "which X does Y"
part asks for, parameters and errors asked which rather than how many, a speedup in orders of magnitude, a fix asked
by its name, a task the title names in plain words, where the paper's own doing starts, a conclusion lined up with
another paper's, and a key fact read past the abstract's spacing."""

from __future__ import annotations

from rag.answering import known, own_work, value_kinds
from rag.answering.named_thing import titled
from rag.evaluation import holds_fact
from rag.reading.contrasts import related
from rag.reading.parts import Part, split_parts, wants


def _head(part: str) -> str:
    return split_parts(part)[0].head


def test_the_thing_asked_is_not_the_verb_after_it() -> None:
    """Blind 99: "which module handles non-causality" was read as asking for "handles", and declined the sentence
    "a counterfactual detector module is proposed to disentangle non-causality"."""
    assert _head("which module handles non-causality") == "module"
    assert _head(
        "Which meta-learner handles tasks with different domains by treating few-shot learning as sequence"
    ) == ("meta-learner")
    # a noun after a noun is still the thing asked
    assert _head("which model weights are released") == "weights"
    assert _head("which reader LLMs were used to measure QA accuracy") == "LLMs"


def test_parameters_and_errors_asked_which_ask_for_no_figure() -> None:
    """Blind 99: "Which parameters does it actually search over?" and "what kind of reasoning failure did their error
    analysis point to?" were read as asking figures, and declined the sentences that say them."""
    for which in (
        "Which parameters does it actually search over",
        "what do clients share with each other instead of model parameters",
        "what kind of reasoning failure did their error analysis point to",
        "What kinds of errors do the models make on it",
    ):
        assert wants(which) != "number", which
    for figure in (
        "how many parameters does it have",
        "what's the parameter count of UI2Code^N",
        "what fraction of trainable parameters does PiLoRA use",
        "what error rate do they achieve when the transfer function is linear",
        "by how much does it reduce error",
    ):
        assert wants(figure) == "number", figure


def test_a_speedup_in_orders_of_magnitude_is_a_ratio() -> None:
    """Blind 99: "roughly how much faster is it than CPU emulators?" of "orders-of-magnitude speedups"."""
    ratio = value_kinds.wanted("how much faster is it than CPU emulators")
    assert ratio is not None and ratio.name == "ratio" and ratio.held is not None
    for said in ("achieves orders-of-magnitude speedups", "an order of magnitude faster", "a 3.2x speedup"):
        assert ratio.held.search(said), said
    for not_a_ratio in ("a three-stage pipeline", "in the order of the layers"):
        assert not ratio.held.search(not_a_ratio), not_a_ratio


def test_a_fix_asked_by_its_name_is_the_papers_own() -> None:
    """Blind 99: "..., and what is their fix called?" was not read as asking the paper's own name, the question saying
    "RLVR", a name the paper studies and does not propose."""
    question = "the paper explaining RLVR's weird learning curves: what is their fix called?"
    part = next(p for p in split_parts(question) if "called" in p.text)
    proposing = ["Training with RLVR is puzzling.", "We propose Annealed-RLVR, a principled algorithm."]
    assert known.own_name_asked(part, question, proposing)
    # ... but the question that says the name the paper proposes asks nothing of its own name
    named = "SUIT edits knowledge: what is their fix called?"
    named_part = next(p for p in split_parts(named) if "called" in p.text)
    assert not known.own_name_asked(named_part, named, ["We propose SUIT, a subspace edit."])


def test_a_task_the_title_names_in_plain_words_is_a_name() -> None:
    """Blind 99: "What toy task do they use?" of "a principled study of the single-location regression task", the
    title saying "Single-Location Regression"."""
    title = "Statistical Advantage of Softmax Attention: Insights from Single-Location Regression"
    task = Part("What toy task do they use", "name")
    assert titled(task, "we study the single-location regression task, where the output depends on a token", title)
    assert not titled(task, "we study the regression task", title)  # one word: any regression
    assert not titled(task, "we study the multi-step planning task", title)  # words the title does not say
    assert not titled(Part("how does it work", "name"), "we study the single-location regression task", title)
    # ... nor the title's own phrase, with the thing asked in it (dev: "Which specific LLM reaches 78.3% ...?")
    pluto = "Pluto: A Benchmark for Evaluating Efficiency of LLM-generated Hardware Code"
    llm = Part("Which LLM do they use", "name")
    assert not titled(llm, "a benchmark to assess the efficiency of LLM-generated Verilog designs", pluto)
    evo = "EvoAgent: Self-evolving Agent with Continual World Model for Long-Horizon Tasks"
    model = Part("which model do they build on", "name")
    assert not titled(model, "we develop a continual World Model for EvoAgent", evo)


def test_the_papers_own_doing_starts_where_it_builds_a_thing() -> None:
    """Blind 98: "how did they set up the evaluation so the comparison between models is fair?" skipped "First, we
    establish a rigorous and fair benchmark using a duplicate round-robin tournament ...", before the paper's first
    "we propose"."""
    sentences = [
        "LLMs in games of imperfect information remain under-explored.",
        "Prior work built large benchmarks of card games.",
        "First, we establish a rigorous and fair benchmark using a duplicate round-robin tournament.",
        "Furthermore, we propose a novel data construction framework.",
    ]
    assert own_work.own_start(sentences) == 2
    assert own_work.own_start(sentences[:2]) == 0  # other work's building is not the paper's own


def test_conclusions_lined_up_with_another_paper_relate_the_two() -> None:
    """Blind 99: "How do its conclusions line up with the paper on diffusion models not generating the right number of
    objects?" was read as a lookup of the paper it names."""
    said = related("How do its conclusions line up with the paper on diffusion models not generating the right number")
    assert said is not None and said[1].startswith("the paper on diffusion models")
    assert related("How do its findings square with the paper on X?") is not None
    assert related("how do they line up the frames with the audio?") is None


def test_a_key_fact_is_held_past_the_abstracts_spacing() -> None:
    """Blind 98: the answer quoted "caused by between-group  interactions" (two spaces, as the abstract has them), and
    the conversations' scoring read the fact "between-group interactions" as missing."""
    assert holds_fact("between-group interactions", "are caused by between-group  interactions [1].")
    assert holds_fact("Annealed-RLVR", "we propose Annealed\u2011RLVR, a principled algorithm")
    assert not holds_fact("between-group interactions", "are caused by between group interactions")


def test_a_side_named_by_a_capitalised_word_is_searched_with_the_rest_of_the_question() -> None:
    """Blind 98, at 19,630 papers: "Antibody and RAAI are both about LLM safety alignment ..." took the antibody
    binding benchmark: six papers say "Antibody" as a plain word, one is named after it, and the search of the word
    alone put a biology paper first."""
    from rag.answering.sides import described

    from .test_pairs import FakeSideSearch, _paper

    benchmark = _paper(1, "AbBiBench: A Benchmark for Antibody Binding", "Antibody binding affinity maturation.")
    defence = _paper(2, "Antibody: Strengthening Defense Against Harmful Fine-Tuning", "Safety alignment of LLMs.")
    attack = _paper(
        3, "From Threat to Tool: Refusal-Aware Injection Attacks", "RAAI turns attacks into alignment data."
    )
    ranked = {"safety": [defence, attack], "Antibody": [benchmark, defence], "RAAI": [attack, defence]}
    question = "Antibody and RAAI are both about LLM safety alignment. How do they differ?"
    found = described(("Antibody", "RAAI"), FakeSideSearch(ranked), None, question)
    assert found and [h.paper_id for h in found] == ["p2", "p3"]


def test_a_described_side_goes_to_a_paper_of_the_first_few_that_holds_clearly_more_of_its_words() -> None:
    """Blind 98, at 19,630 papers: "... and the 'polychromic' objective one" took another paper on RL diversity, first
    in the search of the side with its scene, over "Polychromic Objectives for Reinforcement Learning", second and
    holding 0.85 of the side's words to 0.15."""
    from rag.answering.sides import side_paper

    from .test_pairs import FakeSideSearch, _paper

    outcome = _paper(1, "Outcome-based Exploration for LLM Reasoning", "RL post-training collapses the diversity.")
    polychromic = _paper(
        2, "Polychromic Objectives for RL", "We introduce the polychromic objective, one for diversity."
    )
    scene = "Two papers go after the diversity collapse of RL post-training: the polychromic objective one and DQO."
    search = FakeSideSearch({"diversity": [outcome, polychromic]})
    found = side_paper("the polychromic objective one", scene, search)
    assert found is not None and found.paper_id == "p2"
    # ... but a side whose words both hold alike stays with the search's first
    alike = _paper(3, "Diverse Policies for RL", "RL post-training collapses the diversity of outputs.")
    found = side_paper("the RL diversity one", scene, FakeSideSearch({"diversity": [outcome, alike]}))
    assert found is None or found.paper_id == "p1"
