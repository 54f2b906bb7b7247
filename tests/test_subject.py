"""A part of a named paper's question whose subject its abstract never talks about is "not stated"
(rag.answering.subject), over the real seed index (real Chroma, the real embedder, the real keyword index)."""

from __future__ import annotations

import json

from rag.answering import subject
from rag.answering.pipeline import Assistant
from rag.reading.questions import Part
from rag.types import Hit

from .conftest import DEMOGRASP, KV


def hit_of(assistant: Assistant, paper_id: str) -> Hit:
    paper = assistant.store.get_papers([paper_id])[paper_id]
    return Hit.of_abstract(paper_id=paper_id, title=paper.title, abstract=paper.abstract, score=1.0)


def demograsp(assistant: Assistant) -> Hit:
    return hit_of(assistant, DEMOGRASP)


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


def test_what_a_paper_says_it_is() -> None:
    graph = Hit.of_abstract(
        paper_id="g",
        title="GraphOmni: A Comprehensive and Extensible Benchmark Framework for LLMs on Graph-theoretic Tasks",
        abstract="This paper introduces GraphOmni, a comprehensive benchmark designed to evaluate reasoning.",
        score=1.0,
    )
    assert subject.own_kind(graph) == ["Comprehensive and Extensible Benchmark Framework", "comprehensive benchmark"]
    evidence = Hit.of_abstract(
        paper_id="e",
        title="Evidence-R1: Explicit Reasoning",
        abstract="We propose Evidence-R1, a RAG generator.",
        score=1,
    )
    assert subject.own_kind(evidence) == ["RAG generator"]
    # a title that coins no name says nothing of what its thing is
    plain = Hit.of_abstract(paper_id="p", title="Pluto: A Benchmark for Code", abstract="We present Pluto.", score=1)
    assert subject.own_kind(plain) == []


def test_a_question_asking_for_the_paper_itself_is_answered_not_declined(assistant: Assistant) -> None:
    keyword = assistant.retriever.keyword_index()
    paper = demograsp(assistant)
    lookup = "What does the paper that grasps unseen objects with a dexterous hand from a single demonstration do"
    assert subject.describes(Part(lookup, "number"), lookup, [paper], keyword)
    answer = assistant.answer(lookup + "?", mode="extractive")
    assert not answer.refused and [c.paper_id for c in answer.citations] == [DEMOGRASP]
    # a detail of a kind of its own is still a detail; so is one asked of a paper the question names
    gpu = "Which GPUs did the paper on dexterous grasping from a single demonstration train on"
    assert not subject.describes(Part(gpu, "name"), gpu, [paper], keyword)
    named = "What does DemoGrasp grasp objects with"
    assert not subject.describes(Part(named, "any"), named, [paper], keyword)


def test_a_subject_another_retrieved_paper_states_is_not_this_papers_silence(assistant: Assistant) -> None:
    keyword = assistant.retriever.keyword_index()
    paper, other = demograsp(assistant), hit_of(assistant, KV)
    part = Part("Is DemoGrasp better than randomized KV cache eviction that balances query load", "any")
    share = subject.subject_share(part, paper, keyword)
    assert share is not None and share < 0.3
    assert subject.unsaid(part, part.text, [paper], keyword, assistant.similar.of)
    assert not subject.unsaid(part, part.text, [paper], keyword, assistant.similar.of, others=[other])
