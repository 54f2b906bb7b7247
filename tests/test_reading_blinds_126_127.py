"""The rules read off blinds 126 and 127, each with its examples and counterexamples: pieces counted in the plural
and named in a listing sentence, a courtesy after a side, two names set as alternatives and asked which one, the
paper described asked by its name, a topic asked "any paper on that", a figure of the paper just discussed against
people, "similarity" as a topic, a side ending at a sentence's end, a "vs" inside a side, the thing asked said in the
part's own words, how it is done in the sentence after, and a name several papers share told apart by the side's
other words."""

from __future__ import annotations

from rag.answering import named_thing, own_names, quotes, ranking, sides
from rag.answering.pipeline import Assistant
from rag.reading.cues import INTRODUCED
from rag.reading.parts import split_parts
from rag.reading.questions import asks_contrast, read_question
from rag.types import Hit, Turn

from .conftest import says_piece

_AFTER = [Turn(question="Tell me about MedLesionVQA.", answer="...", cited=("BYtqk6AVuL",))]


def test_pieces_counted_in_the_plural_are_said_by_each_sentence_saying_them() -> None:
    """Blind 126: "what are the two branches for, exactly?" is said by "The Benign Memory Preservation Branch ..."
    ("branches" was read as no piece at all); a branch the question does not ask about is none."""
    asked = "what are the two branches for, exactly?"
    assert says_piece(asked, {"ZePAD"}, "The Benign Memory Preservation Branch (BMP-Branch) is trained ...")
    assert says_piece("what do its three modules do?", {"ADOR"}, "Both modules run in one pass.")
    assert not says_piece("what does ZePAD do?", {"ZePAD"}, "The BMP-Branch is trained on local data.")


def test_each_piece_a_listing_sentence_names_is_quoted() -> None:
    """Blind 127: "what are its two modules and what does each one do?" of ADOR: the sentences naming each module its
    listing sentence names, not the paper's own name."""
    candidates = [
        "We propose ADOR, a training-free framework.",
        "ADOR consists of two complementary modules: the (AO-Disentangler) and the (AD-Reviver).",
        "The AO-Disentangler reduces overlap via distance-based masking.",
        "We evaluate ADOR on standard benchmarks.",
        "The AD-Reviver applies L2-normalization.",
    ]
    order = [1, 0, 3, 2, 4]
    asked = "what are its two modules and what does each one do?"
    assert sorted(quotes._piece_sentences(asked, {"ADOR"}, candidates, order, [1])) == [2, 4]
    assert quotes._piece_sentences("what does ADOR do?", {"ADOR"}, candidates, order, [1]) == []


def test_a_courtesy_after_a_side_is_no_part_of_it() -> None:
    """Blind 127: "compare the neuro-symbolic abductive logic paper with reasoning scaffolding pls"."""
    reading = read_question("compare the neuro-symbolic abductive logic paper with reasoning scaffolding pls")
    assert reading.sides == ("the neuro-symbolic abductive logic paper", "reasoning scaffolding")
    # ... said in its own letters, never a method's name
    assert read_question("compare the ridge regression paper with the method PLS").targets[1] == "the method PLS"


def test_two_names_set_as_alternatives_and_asked_which_one() -> None:
    """Blind 127: "STRIDE or ExPLAIND: which one would I use ..., and what does the other one do?" compares the two;
    not a question opening otherwise, nor one naming a third it asks about."""
    from rag.reading.headings import heading_pair

    asked = "STRIDE or ExPLAIND: which one would I use to explain feature interactions, and what does the other one do?"
    assert heading_pair(asked) == ("STRIDE", "ExPLAIND")
    assert heading_pair("DPO or PPO: which one does FlowRL use?") is None
    assert read_question("Is it GRPO or PPO, which one do they use?").kind == "lookup"


def test_the_paper_described_asked_by_its_name_is_no_detail() -> None:
    """Blind 126: "... which was it?" and "what's that one called?" after a paper described ask for that paper; a
    thing of it asked so is still a detail."""
    for asked in ("which was it", "what's that one called", "what was the paper called"):
        assert not split_parts(asked)[0].asks_detail, asked
    for asked in ("which dataset was it", "what's the method called"):
        assert split_parts(asked)[0].asks_detail, asked


def test_a_topic_asked_any_paper_on_that_is_its_own() -> None:
    """Blind 127: "what does it take to get MLLMs to read flowcharts properly? any paper on that" brings in its own
    topic; "Nice, thanks! any paper on that?" points back."""
    assert INTRODUCED.pattern.search("what does it take to get MLLMs to read flowcharts properly? any paper on that")
    assert not INTRODUCED.pattern.search("Nice, thanks! any paper on that?")
    assert not INTRODUCED.pattern.search("Is there a paper on this? how does it work")


def test_a_figure_of_the_paper_just_discussed_against_people_compares_no_papers() -> None:
    """Blind 127: "and how did the best model do vs the doctors, in numbers?" after MedLesionVQA asks its result."""
    reading = read_question("and how did the best model do vs the doctors, in numbers?", _AFTER)
    assert reading.kind == "lookup" and reading.sides == ()
    assert read_question("how did FlowKV do vs SnapKV?", _AFTER).kind == "compare"


def test_similarity_as_a_topic_asks_no_contrast() -> None:
    """Blind 126: "conjuring semantic similarity — which text-to-image model do they use ...?" is about one paper."""
    assert not asks_contrast("conjuring semantic similarity — which text-to-image model do they use?")
    assert asks_contrast("is there any similarity between the two?")
    assert asks_contrast("what are the similarities?")


def test_a_side_ends_at_its_sentence_and_a_vs_inside_a_described_side_is_its_own() -> None:
    """Blinds 126 and 127: "Jumbo token vs INFER. both seem to ..."; "the LoRA vs DP-SGD fine-tuning trade-offs paper
    versus the data minimisation for prompting one"; "vs." is no sentence's end."""
    assert read_question("Jumbo token vs INFER. both seem to play with the CLS token, no?").targets == (
        "Jumbo token",
        "INFER",
    )
    privacy = (
        "privacy in LLMs: the LoRA vs DP-SGD fine-tuning trade-offs paper versus the data minimisation for prompting "
        "one. are they even about the same privacy risk?"
    )
    assert read_question(privacy).targets == (
        "the LoRA vs DP-SGD fine-tuning trade-offs paper",
        "the data minimisation for prompting one",
    )
    assert read_question("SPICE vs. GOAT: differences?").targets == ("SPICE", "GOAT")


def test_the_thing_asked_in_the_parts_own_words_then_what_it_is() -> None:
    """Blind 126: "which analytic framework do they rely on?" of "an analytic framework called the "shifted
    composition rule""; "which four detection perspectives does it fuse?" of "four detection perspectives (clustering
    and reconstruction ...)"; not an acronym in brackets (blind 124), nor the thing alone."""
    framework = split_parts("which analytic framework do they rely on")[0]
    assert named_thing.spelled(
        framework, 'Using an analytic framework called the "shifted composition rule", we show ...'
    )
    perspectives = split_parts("which four detection perspectives does it fuse")[0]
    assert named_thing.spelled(perspectives, "we select four detection perspectives (clustering and reconstruction).")
    models = split_parts("Which large time series models did it get tested on")[0]
    assert not named_thing.spelled(models, "Recently, large time series models (LTSM) have become popular.")
    assert not named_thing.spelled(split_parts("which framework do they use")[0], "a framework called X")


def test_how_it_is_done_in_the_sentence_after() -> None:
    """Blind 126: "how do they plug it into PPO?" of "We then show how PPO can be adapted ...", then "Our method (1)
    employs vine sampling ..."; not a sentence after that says something else, nor for "how many"."""
    candidates = [
        "We then show how proximal policy optimization (PPO) can be adapted to optimize this objective.",
        "Our method (1) employs vine sampling and (2) modifies the advantage function.",
        "Experiments on BabyAI show gains.",
    ]
    assert quotes._answered_next(candidates, [0], "how do they plug it into PPO?") == [1]
    assert quotes._answered_next(candidates, [0], "how many rollouts do they use?") == []
    assert quotes._answered_next(candidates, [1], "how does it work?") == []


def test_a_name_several_papers_share_is_told_apart_by_the_sides_other_words() -> None:
    """Blind 127: "GOAT for human-AI coordination" is the paper on human-AI coordination, which calls its method GOAT
    in a way no rule reads as its own, not the one titled GOAT; "GOAT" alone is that one."""
    tools = Hit.of_abstract(
        paper_id="t", title="GOAT: A Training Framework for Goal-Oriented Agent with Tools", abstract="We propose GOAT."
    )
    humans = Hit.of_abstract(
        paper_id="h",
        title="Improving Human-AI Coordination through Online Adversarial Training",
        abstract="We call our method \\textbf{GOAT}: Generative Online Adversarial Training.",
    )

    def coverage(words: str, text: str) -> float:
        said = words.lower().split()
        return sum(w in text.lower() for w in said) / len(said) if said else 0.0

    assert sides.named_hits("GOAT for human-AI coordination", [tools, humans], coverage, "")[0] == humans
    assert sides.named_hits("GOAT", [tools, humans], coverage, "")[0] == tools


def test_the_sentence_introducing_a_name_asked_what_it_is() -> None:
    """Blinds 127 and 118: "what is DeepEval for?" of "..., we present DeepEval, a comprehensive suite ...", "what is
    FlashLLA ...?" of "We then introduce {FlashLLA}, a hardware-efficient ..."; not a sentence only using the name, nor
    a part asking what "it" is."""
    assert ranking._introduces_asked("what is DeepEval for", "To evaluate reports, we present DeepEval, a suite.")
    assert ranking._introduces_asked("what is FlashLLA in the LLA paper", "We then introduce {FlashLLA}, an algorithm.")
    assert not ranking._introduces_asked("what is DeepEval for", "Using LiveResearchBench and DeepEval, we evaluate.")
    assert not ranking._introduces_asked("what is it for", "we present DeepEval, a suite.")


def test_a_method_a_paper_calls_so_is_its_own_and_a_quoted_title_names_a_side() -> None:
    """Blind 127: "We call our method \\textbf{GOAT}: ..." makes GOAT that paper's own name; "the VAE disentanglement
    theory paper ('unpicking data at the seams')" is named by the title it quotes, not by "VAE"."""
    humans = Hit.of_abstract(
        paper_id="h", title="Human-AI Coordination", abstract="We call our method GOAT: Generative."
    )
    assert own_names.own_name("GOAT", humans)
    assert not own_names.own_name("GOAT", Hit.of_abstract(paper_id="o", title="Agents", abstract="We beat GOAT by 5%."))
    assert sides.quoted_title("the VAE theory paper ('unpicking data at the seams')") == "unpicking data at the seams"
    assert sides.quoted_title("the 'polychromic' objective one") == "the 'polychromic' objective one"


def test_a_query_typed_as_a_titles_opening_words_names_that_paper(extractive_500: Assistant) -> None:
    """Blinds 120 and 124: "relative scaling laws", a side searched alone, found five others before "Relative Scaling
    Laws for LLMs" at 19,630 papers: the words opening one title point at it, as a name does; not one word, nor words
    opening no title."""
    from rag.retrieval.fusion import _named_papers

    keyword = extractive_500.retriever.keyword_index()
    assert ("RpX0k5RR6q", 0.1) in _named_papers("relative scaling laws", keyword, set(), set())
    assert "RpX0k5RR6q" not in dict(_named_papers("relative", keyword, set(), set()))
    assert "RpX0k5RR6q" not in dict(_named_papers("laws of relative scaling", keyword, set(), set()))
