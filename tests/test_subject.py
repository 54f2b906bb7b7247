"""A question that asks for the paper itself, in words of its abstract, is answered, not declined
(rag.answering.subject), over the real seed index (real Chroma, the real embedder, the real keyword index)."""

from __future__ import annotations

import json

from rag.answering import subject
from rag.answering.pipeline import Assistant
from rag.reading.parts import Part
from rag.types import Hit

from .conftest import DEMOGRASP, seed_hit


def demograsp(assistant: Assistant) -> Hit:
    return seed_hit(assistant, DEMOGRASP)


def test_asking_words_are_learned_data_that_keep_the_subject_words() -> None:
    data = json.loads(subject.ASKING_WORDS.read_text())
    assert data["learned_by"] == "bench/asking_words.py" and data["questions"] > 500
    words = subject.asking_words()
    # examples: words people ask with that abstracts do not use
    assert {"did", "tell", "kind", "call", "summaris"} <= words
    # counterexamples: what a question asks about, not how it asks
    assert not {"licens", "gpu", "commerci", "annot", "dataset", "grasp"} & words


def test_the_subject_leaves_out_asking_words_names_and_common_words(assistant: Assistant) -> None:
    keyword = assistant.retriever.keyword_index()
    paper = demograsp(assistant)
    assert subject.subject_share(Part("Tell me more about DemoGrasp", "any"), paper, keyword) is None
    share = subject.subject_share(Part("Can I use DemoGrasp commercially", "any"), paper, keyword)
    assert share == 0.0  # "commercially" is all that is left, and the abstract never says it
    grasp = subject.subject_share(
        Part("Does DemoGrasp grasp unseen objects with a dexterous hand", "any"), paper, keyword
    )
    assert grasp is not None and grasp > 0.9


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
