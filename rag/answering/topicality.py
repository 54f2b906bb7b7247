"""Is the question about anything the index holds? The off-topic check a question passes before it is answered."""

from __future__ import annotations

from functools import cache

from rag.answering import own_names
from rag.calibration import CALIBRATION
from rag.index.embeddings import Similarities
from rag.reading.lexicon import fields_named
from rag.reading.text import sentences
from rag.retrieval.keyword import KeywordIndex
from rag.types import Hit


def off_topic(
    hits: list[Hit], query: str, unsaid: list[str], keyword: KeywordIndex, similar: Similarities
) -> bool:  # unsaid: fields_unsaid
    """Nothing retrieved is about the question: no close paper or sentence, few of its words, no named method.

    Several signals, because each fails alone: paraphrased questions have low word overlap,
    "What is TraDy?" has a low embedding similarity but names the paper exactly, and one
    vector per paper dilutes a question that matches one sentence of a long abstract.
    """
    if any(own_names.names_in(query, h.abstract) or own_names.given_in(query, h.abstract) for h in hits):
        return False
    query = keyword.without_aside(query)  # "Scary. Is there ...?": a reaction no abstract's words say is no topic
    closest = max(h.similarity or 0.0 for h in hits)  # the closest paper's cosine
    if unsaid and closest < CALIBRATION.field_similarity:
        return True
    coverage = max(keyword.coverage(query, f"{h.title} {h.abstract}") for h in hits)
    near = [s for h in hits[:3] for s in sentences(h.abstract)]
    sentence = cache(lambda: max(similar.of(query, near), default=0.0))
    if (
        keyword.n_papers >= CALIBRATION.unseen_min_papers
        and keyword.unseen(query)
        and coverage < CALIBRATION.unseen_coverage
        # "my labmate asked: is there one that does virtual staining ...": a sentence says what it asks
        and sentence() < CALIBRATION.unseen_sentence
        # ... or a paper is close to it: "... instead of just ploughing ahead and solving?" (blind 145)
        and closest < CALIBRATION.unseen_paper
    ):
        return True  # "volcanic", "crossword": a word no abstract uses, and little else of the question found
    if coverage >= CALIBRATION.coverage_threshold or closest >= CALIBRATION.refusal_threshold:
        return False
    return sentence() < CALIBRATION.sentence_threshold


def fields_unsaid(hits: list[Hit], query: str, keyword: KeywordIndex) -> list[str]:
    """The fields the question names ("music", "speech") that no retrieved abstract mentions."""
    said = set(keyword.terms(" ".join(f"{h.title} {h.abstract}" for h in hits)))
    return [w for w in fields_named(query) if not set(keyword.terms(w)) & said]
