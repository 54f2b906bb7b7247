"""Does a second question point back at the last answer? A logistic model over the reference cues of
rag.reading.turns and the evidence of what the question alone finds (rag.answering.conversation fills it in);
its weights are fitted on the labelled conversations (rag.calibration, bench/fit_follow_ups.py)."""

from __future__ import annotations

from dataclasses import dataclass

from rag.reading.cues import ANNOUNCED, CUE_OF, DEMONSTRATIVE, ELLIPSIS, INTRODUCED, pronoun


@dataclass(frozen=True)
class Evidence:
    """What the question alone finds against what the earlier answer cited (rag.answering.pipeline fills it)."""

    top_cited: bool  # the best paper of a search of the question alone is one the earlier answer cited
    coverage_gap: float  # share of the question's rarer words in that best paper minus in the best cited one
    similarity_gap: float  # the question's cosine to that best paper minus to the closest cited one
    n_terms: int  # the question's own content words (question words and stopwords left out)
    new_name: bool  # it names a coined name ("ZeroGR") that no paper the earlier answer cited says
    own_similarity: float = 0.0  # the question's cosine to its own best paper: "Any code?" finds nothing close
    own_coverage: float = 0.0  # the share of its rarer words that paper holds
    rarity: float = 0.0  # how rare its rarest word is (KeywordIndex.rarity): a gap in common words says little


NO_EVIDENCE = Evidence(top_cited=False, coverage_gap=0.0, similarity_gap=0.0, n_terms=0, new_name=False)


# A question's own content words count up to this many: a long one describes its own topic ("does that carry over
# to agentic setups where several fine-tuned models ... share one identical cache ...?"). Capped at 10 it could not
# tell 12 words from 30. In 5-fold cross-validation on the dev conversations (bench/fit_follow_ups.py) 15 and 20 decided
# most right (1,649 of 1,689; 1,645 at 10).
OWN_WORDS = 15


def features(question: str, evidence: Evidence, n_cited: int) -> list[float]:
    """The decision's inputs, in the order of CALIBRATION.follow_weights."""
    ordinal = bool(CUE_OF["ordinal"].search(question)) and n_cited > 0
    own = not INTRODUCED.pattern.search(question)  # its references are to a paper it brings in (INTRODUCED)
    return [
        float(ordinal),
        float(own and pronoun(question)),
        float(own and bool(CUE_OF["the_paper"].search(question))),
        float(bool(CUE_OF["more"].search(question))),
        float(evidence.top_cited),
        evidence.coverage_gap,
        evidence.similarity_gap,
        min(evidence.n_terms, OWN_WORDS) / OWN_WORDS,
        float(evidence.new_name),
        float(bool(ELLIPSIS.pattern.search(question))),
        float(own and bool(DEMONSTRATIVE.pattern.search(question))),
        evidence.own_similarity,
        evidence.own_coverage,
        float(bool(ANNOUNCED.pattern.search(question))),
        # "Any code?" after an answer: its one word is missing from the cited abstract (a coverage gap of 1) but is
        # in a fifth of all abstracts, so it finds nothing of its own either; a rare word missing ("RLHF") does
        evidence.coverage_gap * evidence.rarity,
    ]


def follow_probability(question: str, evidence: Evidence, n_cited: int) -> float:
    """How likely the question points back at the earlier answer (a logistic model over `features`)."""
    import math

    from rag.calibration import CALIBRATION

    weights = CALIBRATION.follow_weights
    z = weights[0] + sum(w * x for w, x in zip(weights[1:], features(question, evidence, n_cited), strict=True))
    return 1 / (1 + math.exp(-z))
