"""The rules read off blinds 82 to 85, each with its examples and counterexamples: two papers set against each other as
a heading or introduced one by one, names said otherwise (as an abbreviation of the thing asked, in emphasis, joined
by a slash), what a described paper is on, and the sentence a follow-up quotes for what it asks."""

from __future__ import annotations

from typing import Any

from rag.answering import quotes
from rag.answering.holds import new_names
from rag.answering.known import PROPOSE
from rag.answering.sides import side_paper
from rag.answering.values import of_class
from rag.calibration import CALIBRATION
from rag.reading.introduced import introduced_sides
from rag.reading.parts import split_parts
from rag.reading.text import defined_acronyms
from rag.types import Hit


def test_two_papers_set_against_each_other_as_a_heading_or_one_by_one_are_set_up() -> None:
    """Blinds 83 to 85; whether each side is one paper, rag.answering.sides decides."""
    for question, said in (
        (
            "For faster diffusion sampling: Generalized Adversarial Solver vs relational feature caching. What does "
            "each do?",
            ("Generalized Adversarial Solver", "relational feature caching"),
        ),
        (
            "Harpoon vs RGSImp: both do imputation-like things but on different data. How do their methods compare?",
            ("Harpoon", "RGSImp"),
        ),
        (
            "There's Sparse State Expansion for linear attention and there's the higher-order LRU paper. Both try to "
            "make linear sequence models more expressive - what does each change?",
            ("Sparse State Expansion for linear attention", "the higher-order LRU paper"),
        ),
        (
            "For RGB+X segmentation there's SegRGB-X and also a fusion method that picks one auxiliary modality per "
            "token. How do the two designs differ?",
            ("SegRGB-X", "a fusion method that picks one auxiliary modality per token"),
        ),
        (
            "One paper argues compositional generalization comes from shortcuts, while Compositional-ARC shows a "
            "meta-learned model generalizes. How do their conclusions fit together?",
            (
                "One paper argues compositional generalization comes from shortcuts",
                "Compositional-ARC shows a meta-learned model generalizes",
            ),
        ),
        (
            "Both of these go after quantization error in LLMs: the null-space projection paper and ALS-LoRA. What's "
            "the core idea behind each?",
            ("the null-space projection paper", "ALS-LoRA"),
        ),
        (
            "two unlearning papers that avoid retraining - one guards the outputs at inference time, the other swaps "
            "fragile layers back in. What does each one do?",
            ("guards the outputs at inference time", "swaps fragile layers back in"),
        ),
    ):
        assert introduced_sides(question) == said, question
    # a "vs" asked of one paper, and clauses no question asks of each
    for unset in (
        "In the study on prompt complexity vs quality of T2I data, which models did they test?",
        "There's a paper on KV caches and there's nothing else I need. Which one is it?",
        "It trains fast, while inference is slow. Why is that?",
    ):
        assert introduced_sides(unset) is None, unset


def test_a_one_word_side_only_one_paper_says_and_is_named_after_is_that_paper() -> None:
    """Blind 83 at 19,630 papers: "Harpoon vs RGSImp: both do imputation-like things" searched "Harpoon" with its
    scene and found ImpuGen, an imputation paper, first. A name several papers say is still told apart by its scene
    (SPARTA, tests/test_pairs.py)."""
    imputation = _paper(1, "ImpuGen: Unified Tabular Imputation", "Imputation and generation of tabular data.")
    harpoon = _paper(2, "Harpoon: Manifold Guidance for Tabular Diffusion", "Conditional tabular generation.")
    search = FakeNamedSearch([imputation, harpoon], {"Harpoon": {"p2": True}})
    found = side_paper("Harpoon", "Harpoon : both do imputation-like things", search)
    assert found is not None and found.paper_id == "p2"
    shared = FakeNamedSearch([imputation, harpoon], {"Harpoon": {"p2": True, "p1": False}})
    found = side_paper("Harpoon", "Harpoon : both do imputation-like things", shared)
    assert found is None or found.paper_id == "p1"  # the scene's first, as before


def test_a_name_several_papers_share_is_told_apart_by_what_the_question_says_of_it_in_brackets() -> None:
    """Blind 82 at 19,630 papers: "GUARD (works at inference time) and KARMA" took the GUARD on data attribution,
    which the search of the question put first; four papers say GUARD, three are named after it."""
    from rag.answering.sides import found

    attribution = _paper(1, "GUARD: Guided Unlearning via Data Attribution", "We propose GUARD, unlearning weights.")
    inference = _paper(2, "Inference-time Unlearning", "We propose GUARD, which regulates outputs at inference time.")
    karma = _paper(3, "KARMA: Keyword-Aware Unlearning", "We propose KARMA, which perturbs keyword embeddings.")
    named = {
        "GUARD": {"p1": True, "p2": False, "g3": True, "g4": True},
        "KARMA": {"p3": True},
    }
    search = FakeNamedSearch([attribution, inference, karma], named, by_name={"KARMA": [karma]})
    asked = "Two LLM unlearning methods, GUARD (works at inference time) and KARMA. How do they differ?"
    _, papers = found(("GUARD", "KARMA"), asked, search, None, None)
    assert [h.paper_id for h in papers[:2]] == ["p2", "p3"]
    _, papers = found(("GUARD", "KARMA"), asked.replace(" (works at inference time)", ""), search, None, None)
    assert [h.paper_id for h in papers[:2]] == ["p1", "p3"]  # nothing said of it: the search's first, as before


def test_the_papers_whose_titles_open_with_a_sides_words_are_its_candidates() -> None:
    """Blind 84 at 19,630 papers: "Relative scaling laws vs ..." was not among the first five of its side's search."""
    from rag.retrieval.fusion import titles_opening

    titles = [
        "Relative Scaling Laws for LLMs",
        "Relative-Based Scaling Law for Neural LMs",
        "Scaling Laws and Symmetry",
    ]
    keyword: Any = FakeTitles(titles)
    assert titles_opening("Relative scaling laws", keyword) == {"p0"}
    assert titles_opening("relative", keyword) == set()  # one word opens too many titles to name one
    assert titles_opening("scaling laws of symmetry", keyword) == set()
    crowded: Any = FakeTitles([f"Scaling Laws for Task {i}" for i in range(5)])
    assert titles_opening("Scaling laws", crowded) == set()  # more titles than a name points at


class FakeTitles:
    """An index's titles, as the keyword side keeps its first chunks."""

    def __init__(self, titles: list[str]) -> None:
        self.chunks = [{"paper_id": f"p{i}", "title": t, "chunk": 0} for i, t in enumerate(titles)]


def test_what_a_described_paper_is_on_names_no_method() -> None:
    """Blind 85: "that traffic-regulation CoT paper on MapDR" is a paper on a dataset, not a method called MapDR."""
    from rag.answering.sides import naming

    assert naming("that traffic-regulation CoT paper on MapDR") == "that traffic-regulation CoT "
    assert naming("the FastV paper") == "the FastV paper"
    assert naming("GUARD") == "GUARD"


def test_a_proposal_after_another_verb_is_the_papers_approach() -> None:
    """Blind 85: "we explicitly incorporate reasoning into this task and propose a framework" proposed nothing."""
    assert PROPOSE.search(
        "To address this, we explicitly incorporate reasoning into this task and propose a framework."
    )
    assert not PROPOSE.search("We study scaling and find that loss curves collapse.")
    assert not PROPOSE.search("Prior work measures X and proposes nothing new.")


def test_names_said_otherwise_are_names() -> None:
    """Blinds 83 and 84: an abbreviation followed by the thing asked, a capitalised word in emphasis, words joined
    by a slash or a hyphen."""
    sentence = "FlowBatt leverages a scalable diffusion transformer (DiT) backbone, enabling high expressivity."
    assert "DiT" not in defined_acronyms(sentence, unless_of="backbone")
    assert "DiT" in defined_acronyms(sentence, unless_of="dataset")  # its own term, for any other thing asked
    assert "Celerity" in new_names("Finally, we train a competitive LLM family, *Celerity*, using these.", set())
    assert "Patronus" in new_names("We call the resulting judge \\emph{Patronus}.", set())
    assert not new_names("under *practical scaling recipes* only", set())  # emphasis of plain words names nothing
    task = "in both resting state and olfactory Go/No-Go discrimination task with high correlation"
    assert "Go/No-Go" in new_names(task, set(), plain_names=True)
    assert "Tic-Tac-Toe" in new_names("agents play Tic-Tac-Toe and Atari games", set(), plain_names=True)
    assert of_class(None, {"Go/No-Go"}, task)


def test_the_thing_a_name_is_asked_of_is_read_past_what_it_was_made_with() -> None:
    """Blind 84: "the name of the LLM family trained using the loss-curve collapse insights" asked of "the"."""
    asked = split_parts("What's the name of the LLM family trained using the loss-curve collapse insights?")[0]
    assert asked.head == "family"
    assert split_parts("What is the name of the paired sim-real dataset they collected?")[0].head == "dataset"
    assert split_parts("the name of the dataset used in training?")[0].head == "dataset"


def test_what_brings_something_about_or_what_a_study_says_asks_no_figure() -> None:
    """Blinds 84 and 85: "circuit depths" and "batch size" are measures, and each part was read as asking a figure,
    so answered by a result or declined."""
    for question, wanted in (
        ("what lets clients with different circuit depths train together?", "method"),
        ("what enables larger batch sizes?", "method"),
        (
            "what does the stability analysis of Lookahead with minibatch SGD say about batch size in the convex case?",
            "any",
        ),
        # counterexamples: a measure asked, what a dataset is made of
        ("what accuracy does it get?", "number"),
        ("what batch size do they use?", "number"),
        ("what makes up the dataset?", "any"),
    ):
        assert split_parts(question)[0].wants == wanted, question


def test_a_follow_up_quotes_the_sentence_the_judge_reads_as_stating_what_it_asks() -> None:
    """Blind 82 ("how do they keep the adversary from inventing unrealistic partners?"): beside the sentences closest
    to the question, where the judge's chance reaches CALIBRATION.follow_up_lead; nothing where none does."""
    paper = _paper(
        1,
        "GOAT",
        "Adversarial training is hard in cooperative tasks. We propose GOAT, which searches a generative model. "
        "GOAT exposes the learner to hard partners. We keep the generative model frozen to stay realistic. "
        "GOAT reaches state-of-the-art results on Overcooked.",
    )
    frozen = "We keep the generative model frozen to stay realistic."
    likely = FakeReading(frozen, CALIBRATION.follow_up_lead)
    assert quotes.likeliest(likely, "how do they keep it realistic", paper, set()) == [frozen]
    unlikely = FakeReading(frozen, CALIBRATION.follow_up_lead - 0.05)
    assert quotes.likeliest(unlikely, "how do they keep it realistic", paper, set()) == []
    assert quotes.likeliest(likely, "", paper, set()) == []  # no follow-up, nothing asked of it
    # what the paper says before its proposal is other work's (blind 84: "Existing methods ... require ...")
    background = FakeReading("Adversarial training is hard in cooperative tasks.", 0.9)
    assert quotes.likeliest(background, "is adversarial training hard here?", paper, set()) == []
    quoted = quotes.best_sentences("realistic partners?", paper, _by_words, set(), 3, leads=[frozen])
    assert frozen in quoted and len(quoted) == 4
    assert len(quotes.best_sentences("realistic partners?", paper, _by_words, set(), 3)) == 3


class FakeReading:
    """A judge reading one sentence as stating the part with a chance, the rest with none."""

    def __init__(self, stating: str, chance: float) -> None:
        self.stating, self.chance = stating, chance

    def __call__(self, part: str, texts: list[str]) -> list[float]:
        return [self.chance if t == self.stating else 0.0 for t in texts]


class FakeNamedSearch:
    """A search that ranks its papers in the order given, whatever the query, and says who says which name."""

    def __init__(
        self, ranked: list[Hit], named: dict[str, dict[str, bool]], by_name: dict[str, list[Hit]] | None = None
    ) -> None:
        self.ranked, self.names, self.by_name = ranked, named, by_name or {}

    def rare(self) -> int:
        return 49

    def keyword_index(self) -> FakeNamedSearch:
        return self

    def named(self, name: str) -> dict[str, bool]:
        return self.names.get(name, {})

    def coverage(self, side: str, text: str) -> float:
        asked = set(side.lower().split())
        return len(asked & set(text.lower().split())) / len(asked)

    def search(self, query: str, k: int, filters: object = None) -> object:
        from dataclasses import replace

        ranked = self.by_name.get(query.strip(), self.ranked)
        hits = [replace(h, score=1.0 - i / 100) for i, h in enumerate(ranked[:k])]
        return type("Found", (), {"hits": hits})()


def _by_words(question: str, texts: list[str]) -> list[float]:
    asked = set(question.lower().strip("?").split())
    return [len(asked & set(t.lower().split())) / len(asked) for t in texts]


def _paper(n: int, title: str, abstract: str) -> Hit:
    return Hit.of_abstract(rank=n, paper_id=f"p{n}", title=title, url="", score=1.0, similarity=None, abstract=abstract)
