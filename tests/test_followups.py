"""Suggested follow-ups: built from an answer's data, read back as the Assistant reads them, and
answered by the product when asked as follow-ups over the seed index (dev questions)."""

from __future__ import annotations

import pytest

from rag.answering.followups import answered, paper_name, suggest, suggestions
from rag.answering.pipeline import Assistant
from rag.config import Settings
from rag.evaluation import fit_questions, load_questions, question_set
from rag.reading.history import as_turns
from rag.reading.questions import read_question
from rag.reading.turns import follow_up
from rag.types import Answer, Citation, Hit

TRADY = (
    "Memory is scarce on devices. We propose TraDy, a transfer learning scheme that picks channels at random. "
    "TraDy reaches state-of-the-art accuracy with 99% activation sparsity."
)


def cited(n: int, title: str, passage: str = "An abstract.", **meta: str) -> Citation:
    return Citation(n=n, paper_id=f"p{n}", title=title, url="", passage=passage, supporting=[], meta=dict(meta))


def make(kind: str, citations: list[Citation], retrieved: list[Hit] | None = None, refused: bool = False) -> Answer:
    return Answer(
        question="What is new?",
        text="Text [1].",
        citations=citations,
        retrieved=retrieved or [],
        refused=refused,
        query="q",
        mode="extractive",
        kind=kind,
        backend="b",
    )


def test_names_are_coined_ones_the_paper_introduces() -> None:
    assert paper_name("MoEEdit: Efficient Knowledge Editing", "We edit.") == "MoEEdit"
    assert paper_name("Study of Training Dynamics", TRADY) == "TraDy"
    said_once = "We develop an upper confidence bound (UCB) acquisition function."
    assert paper_name("Bandit Optimization", said_once) is None  # a part, not the method
    latex = r"We propose PFT$_3$A, a method. PFT$_3$A adapts."
    assert paper_name("Prior-free Adaptation", latex) is None  # a piece of a name, not the name


def test_a_lookup_gets_a_summary_a_similar_question_and_a_comparison() -> None:
    near = Hit(
        rank=2,
        paper_id="p9",
        title="SUIT: Subspace Editing",
        url="",
        score=0.5,
        passage="We edit.",
        chunk=0,
        start=0,
        end=8,
        similarity=0.5,
        abstract="We edit.",
        meta={},
    )
    questions = suggest(
        make("lookup", [cited(1, "Study of Training Dynamics", TRADY, keywords="Sparse; Channels")], [near])
    )
    # "channels" is the first keyword the abstract says; the paper is "the paper" of the last answer
    assert questions == [
        "Summarise the paper Study of Training Dynamics",
        "Which papers are about Channels?",
        "Compare TraDy and SUIT",
    ]


def test_each_suggestion_reads_as_meant() -> None:
    two = make("list", [cited(1, "Editing with Subspace Mappings"), cited(2, "Learning to Compare with Care")])
    found = {s.kind: s for s in suggestions(two)}
    turn = two.turn()
    second = suggestions(make("compare", two.citations))[1]
    assert second.question == "Summarise the second paper, Learning to Compare with Care"
    assert follow_up(second.question, [turn]).focus == ("p2",)  # the second paper, whatever a search would find
    # "with" in a title would split "Compare A and B" in the wrong place: the other phrasing is used
    compare = found["compare"].question
    assert read_question(compare).targets == ("Editing with Subspace Mappings", "Learning to Compare with Care")


def test_nothing_is_suggested_without_citations_and_no_filter_is_read_into_a_question() -> None:
    assert suggest(make("lookup", [], refused=True)) == []
    c = cited(1, "A Paper", "We transcribe oral history.", keywords="Oral history", decision="Oral")
    assert not [s for s in suggestions(make("lookup", [c])) if s.kind == "similar"]  # would filter to Oral papers


@pytest.fixture(scope="module")
def assistant(seeded: Settings) -> Assistant:
    return Assistant(seeded)


def test_suggestions_of_dev_answers_are_answered_as_follow_ups(assistant: Assistant) -> None:
    indexed = {p.paper_id for p in assistant.store.papers()}
    questions, _ = fit_questions(load_questions(question_set("dev")), indexed)
    chosen = [q for q in questions if q.kind in ("lookup", "compare", "multi", "named")][:6]
    asked = 0
    for q in chosen:
        history = as_turns(list(q.history))
        first = assistant.answer(q.question, history, mode="extractive")
        made = suggestions(first)
        assert 2 <= len(made) <= 3, (q.question, made)
        for s in made:
            reply = assistant.answer(s.question, [*history, first.turn()], mode="extractive")
            assert not reply.refused, (q.question, s.question, reply.text)
            if s.kind in ("summary", "compare"):
                assert set(reply.cited_ids) & set(first.cited_ids), (s.question, reply.cited_ids, first.cited_ids)
            assert answered(s, first, reply)
            asked += 1
    assert asked >= 12
