"""Which of the search's first few papers a one-paper question is about.

People describe a paper in their own words ("Which paper proposes a method that lets ..."), and at
conference scale the fused score often puts two or three papers close together with the described one
second: one vector per paper dilutes a description that one sentence of its abstract says, and BM25
rewards a paper that repeats one rare word of the question. So the first few papers are weighed again
by evidence the search does not see: the question's cosine to each abstract's closest sentence
(embedded now, for these few abstracts only, and of each only the few sentences holding most of the
question's words) and the IDF-weighted share of the question's words the abstract holds. A second
paper within `tied` of the first on that weighing is cited too: the evidence cannot tell them apart,
and the answer says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rag.answering.evidence import Coverage, Similarity
from rag.answering.known import question_names
from rag.answering.own_names import own_name
from rag.calibration import CALIBRATION
from rag.reading.lexicon import descriptions
from rag.reading.text import sentences
from rag.types import Hit

if TYPE_CHECKING:
    from rag.reading.parts import Part
    from rag.retrieval.keyword import KeywordIndex


@dataclass(frozen=True)
class Weighed:
    """One candidate paper and the evidence it was weighed by."""

    hit: Hit
    sentence: float  # the question's cosine to the abstract's closest sentence
    coverage: float  # the IDF-weighted share of the question's words the title and abstract hold

    @property
    def weight(self) -> float:
        return (
            self.hit.score + CALIBRATION.closest_sentence * self.sentence + CALIBRATION.closest_coverage * self.coverage
        )


def weigh(query: str, hits: Sequence[Hit], coverage: Coverage, similar: Similarity) -> list[Weighed]:
    """The first `closest_depth` papers within `closest_margin` of the first's fused score, best first.

    A paper far behind (a coined name the question says lifted the first by a whole point) is not
    weighed again: the fused score already knows.
    """
    weighed = []
    for hit in _pool(hits):
        said = sentences(hit.abstract) if hit.abstract else [hit.passage]
        # the closest sentence is nearly always among those holding most of the question's words: embedding only
        # those spares the other candidates' sentences (the chosen paper's are embedded for the answer anyway)
        said = sorted(said, key=lambda s: -coverage(query, s))[: CALIBRATION.closest_sentences]
        weighed.append(
            Weighed(hit, max(similar(query, said), default=0.0), coverage(query, f"{hit.title} {hit.abstract}"))
        )
    return sorted(weighed, key=lambda w: -w.weight)


def _pool(hits: Sequence[Hit]) -> list[Hit]:
    """The first `closest_depth` papers within `closest_margin` of the first's fused score."""
    top = hits[0].score if hits else 0.0
    return [h for h in hits[: CALIBRATION.closest_depth] if h.score >= top - CALIBRATION.closest_margin]


def choose(query: str, hits: Sequence[Hit], coverage: Coverage, similar: Similarity) -> list[Hit]:
    """The paper the question describes, or the two its evidence cannot tell apart."""
    # "What's UniFork's parameter count, and what GenEval score does it get?": the search's first paper, the only one of
    # the first few whose own name the question says, is the paper, however much another abstract says the rest (blind
    # 118 at 19,630 papers: LINA states a GenEval score, UniFork none, so LINA was weighed first and quoted)
    names = question_names(query)
    owners = [h for h in _pool(hits) if any(own_name(n, h) for n in names)]
    if owners and owners == list(hits[:1]):
        return [hits[0]]
    weighed = weigh(query, hits, coverage, similar)
    if not weighed:
        return []
    if len(weighed) > 1 and weighed[1].weight >= weighed[0].weight - CALIBRATION.tied:
        return [weighed[0].hit, weighed[1].hit]
    return [weighed[0].hit]


def described(question: str, parts: Sequence[Part], keyword: KeywordIndex) -> str | None:
    """What the question says its paper is about, searched beside it: its words outside the parts it asks ("In the
    discounted-RL paper for efficient reasoning, what discount factor ...?"), or else "the X paper" said inside a
    part. The part's detail ("discount factor") finds papers that state it, whichever paper was described."""
    # what comes after the last part is an aside ("... I vaguely remember an ICLR submission on this."), not the paper
    end = max((question.find(p.text) + len(p.text) for p in parts if p.text in question), default=0)
    scene = question[:end]
    for part in parts:
        scene = scene.replace(part.text, " ")
    # "my labmate asked:" is no description: words no abstract says describe no paper
    if len({t for t in keyword.terms(scene) if keyword.df(t)}) >= CALIBRATION.scene_terms:
        return scene.strip(" ,:;?")
    return next(iter(descriptions(question)), None)
