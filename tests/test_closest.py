"""A one-paper question's papers weighed again by the question's closest sentence and coverage
(rag.answering.closest), over the real seed index (real Chroma, the real embedder, the real keyword index)."""

from __future__ import annotations

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
