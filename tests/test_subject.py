"""A part of a named paper's question whose subject its abstract never talks about is "not stated"
(rag.answering.subject), over the real seed index (real Chroma, the real embedder, the real keyword index)."""

from __future__ import annotations

import json

from rag.answering import subject
from rag.answering.pipeline import Assistant
from rag.reading.questions import Part
from rag.types import Hit

from .conftest import DEMOGRASP


def demograsp(assistant: Assistant) -> Hit:
    paper = assistant.store.get_papers([DEMOGRASP])[DEMOGRASP]
    return Hit.of_abstract(paper_id=DEMOGRASP, title=paper.title, abstract=paper.abstract, score=1.0)


def test_asking_words_are_learned_data_that_keep_the_subject_words() -> None:
    data = json.loads(subject.ASKING_WORDS.read_text())
    assert data["learned_by"] == "bench/asking_words.py" and data["questions"] > 500
    words = subject.asking_words()
    # examples: words people ask with that abstracts do not use
    assert {"did", "tell", "kind", "call", "summaris"} <= words
    # counterexamples: what a question asks about, not how it asks
    assert not {"licens", "gpu", "commerci", "annot", "dataset", "grasp"} & words


def test_a_subject_the_abstract_never_mentions_is_unsaid(assistant: Assistant) -> None:
    keyword = assistant.retriever.keyword_index()
    paper = demograsp(assistant)
    commercial = Part("Can I use DemoGrasp commercially", "any")
    share = subject.subject_share(commercial, paper, keyword)
    assert share is not None and share < 0.3
    assert subject.unsaid(commercial, commercial.text, [paper], keyword, assistant.similar.of)
    # the abstract speaks of its hands and success: said, whatever the words around them
    said = Part("What kind of robot hands does DemoGrasp handle", "any")
    assert not subject.unsaid(said, said.text, [paper], keyword, assistant.similar.of)
    # a part asking a name or a number is the kinds of value's to decide; all asking words: no subject
    assert not subject.unsaid(
        Part("Which license is DemoGrasp under", "name"), "", [paper], keyword, assistant.similar.of
    )
    assert subject.subject_share(Part("Tell me more about DemoGrasp", "any"), paper, keyword) is None


def test_only_a_question_that_names_the_paper_is_checked(assistant: Assistant) -> None:
    # a lookup describes the paper it wants in words of its own: they need not be the abstract's
    keyword = assistant.retriever.keyword_index()
    part = Part("Is anyone selling dexterous grippers commercially", "any")
    assert not subject.names_paper(part.text, demograsp(assistant))
    assert not subject.unsaid(part, part.text, [demograsp(assistant)], keyword, assistant.similar.of)


def test_the_answer_declines_the_unsaid_part_and_keeps_citing_the_paper(assistant: Assistant) -> None:
    answer = assistant.answer("Can I use DemoGrasp commercially?", mode="extractive")
    assert answer.refused and answer.reason == "not_stated"
    assert [c.paper_id for c in answer.citations] == [DEMOGRASP]
    # a follow-up is about the paper as a whole: never checked this way
    first = assistant.answer("Which paper proposes DemoGrasp?", mode="extractive")
    later = assistant.answer("What's the key idea there?", [first.turn()], mode="extractive")
    assert not later.refused and DEMOGRASP in [c.paper_id for c in later.citations]
