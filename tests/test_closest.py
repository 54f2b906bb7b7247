"""A one-paper question's papers weighed again by the question's closest sentence and coverage
(rag.answering.closest), over the real seed index (real Chroma, the real embedder, the real keyword index)."""

from __future__ import annotations

import pytest

from rag.answering import closest
from rag.answering.pipeline import Assistant
from rag.types import Hit

from .conftest import DEMOGRASP, KV, seed_hit

GRASP = "Which paper lets a robot hand grasp objects it has never seen, starting from one demonstration?"


def choose(assistant: Assistant, hits: list[Hit]) -> list[str]:
    coverage = assistant.retriever.keyword_index().coverage
    return [h.paper_id for h in closest.choose(GRASP, hits, coverage, assistant.similar.of)]


def test_the_paper_the_question_describes_wins_over_a_slightly_higher_fused_score(assistant: Assistant) -> None:
    # the KV-cache paper first by fused score, DemoGrasp close behind: its sentences say what is asked
    assert choose(assistant, [seed_hit(assistant, KV, 0.80), seed_hit(assistant, DEMOGRASP, 0.70)]) == [DEMOGRASP]
    # in the search's own order the described paper stays alone: nothing else comes near it
    assert choose(assistant, [seed_hit(assistant, DEMOGRASP, 0.80), seed_hit(assistant, KV, 0.70)]) == [DEMOGRASP]


def test_a_paper_far_ahead_by_fused_score_is_not_weighed_again(assistant: Assistant) -> None:
    # a coined name the question says lifts a paper by a whole point: the search already knows
    assert choose(assistant, [seed_hit(assistant, KV, 1.80), seed_hit(assistant, DEMOGRASP, 0.70)]) == [KV]


def test_two_papers_the_evidence_cannot_tell_apart_are_both_cited_and_said_so(assistant: Assistant) -> None:
    twin = seed_hit(assistant, DEMOGRASP, 0.79, as_id="twin")  # the same abstract under another id: a true tie
    assert choose(assistant, [seed_hit(assistant, DEMOGRASP, 0.80), twin, seed_hit(assistant, KV, 0.78)]) == [
        DEMOGRASP,
        "twin",
    ]
    answer = assistant.answer(GRASP, mode="extractive")
    assert answer.cited_ids[0] == DEMOGRASP
    assert ("Two papers fit" in answer.text) == (len(answer.cited_ids) == 2)


def test_only_the_sentences_holding_most_of_the_question_are_embedded(assistant: Assistant) -> None:
    """Of each weighed abstract, the closest_sentences sentences with the largest share of the question's words;
    the weighing is the same as with every sentence (the closest one is among them)."""
    from rag.calibration import CALIBRATION
    from rag.reading.text import sentences

    coverage = assistant.retriever.keyword_index().coverage
    embedded: list[list[str]] = []

    def similar(query: str, texts: list[str]) -> list[float]:
        embedded.append(texts)
        return assistant.similar.of(query, texts)

    hits = [seed_hit(assistant, KV, 0.80), seed_hit(assistant, DEMOGRASP, 0.70)]
    weighed = closest.weigh(GRASP, hits, coverage, similar)
    for hit, said in zip(hits, embedded, strict=True):
        every = sentences(hit.abstract)
        assert len(every) > CALIBRATION.closest_sentences == len(said)
        assert min(coverage(GRASP, s) for s in said) >= max(coverage(GRASP, s) for s in every if s not in said)
    by_paper = {w.hit.paper_id: w.sentence for w in weighed}
    for hit in hits:
        assert by_paper[hit.paper_id] == pytest.approx(max(assistant.similar.of(GRASP, sentences(hit.abstract))))
