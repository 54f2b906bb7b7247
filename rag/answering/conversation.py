"""The conversation read by evidence: does a question point back at the last answer, or start a new topic?

What the question's own words find (its best paper, how much of the question that paper covers, how
close it is in meaning) against how well the papers the last answer cited fit it, with the reference
cues of `rag.reading.turns`, weighed by a logistic model fitted on labelled conversations
(`bench/fit_follow_ups.py`; the weights in `rag.calibration`). Also what a model that writes is told
of the turn before, and the follow-up it may rewrite into a standalone query.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rag.answering import prompts
from rag.answering.values import names
from rag.calibration import CALIBRATION
from rag.errors import BackendError
from rag.reading.following import NO_EVIDENCE, Evidence, follow_probability
from rag.reading.lexicon import descriptions
from rag.reading.text import coined_names
from rag.reading.turns import FollowUp, picked_by, picks
from rag.types import Turn

if TYPE_CHECKING:
    from rag.index.embeddings import Similarities
    from rag.index.store import Store
    from rag.retrieval.filters import Filters
    from rag.retrieval.retriever import Retriever

__all__ = ["Evidence", "follows", "previous", "reference", "rewrite"]

Reference = Callable[[str, Turn, "Filters | None"], Evidence]


def held(turns: Sequence[Turn], store: Store) -> tuple[list[Turn], list[str]]:
    """The turns citing only the papers this index holds, and a notice naming the others: a conversation carried over
    from another corpus, or kept across a re-index, points at papers that are not here, and a follow-up about them
    had nothing to quote."""
    cited = {pid for turn in turns for pid in turn.cited}
    missing = sorted(cited - set(store.get_papers(sorted(cited)))) if cited else []
    if not missing:
        return list(turns), []
    kept = [replace(turn, cited=tuple(pid for pid in turn.cited if pid not in missing)) for turn in turns]
    shown = ", ".join(missing[:3]) + (f" and {len(missing) - 3} more" if len(missing) > 3 else "")
    return kept, [f"Papers this conversation cited are not in this index ({shown}): read without them."]


def follows(question: str, turns: Sequence[Turn], reference: Reference, filters: Filters | None = None) -> bool:
    """Does the question point back at the last turn, or start a new topic? Decided by what its own
    words find against what the last answer cited, with the reference cues (rag.reading.turns)."""
    if not turns or not (turns[-1].cited or turns[-1].answer.strip()):
        return False
    last = turns[-1]
    if picks(question, len(last.cited)):
        return True
    return follow_probability(question, reference(question, last, filters), len(last.cited)) >= CALIBRATION.follow_cut


def reference(
    question: str, last: Turn, retriever: Retriever, store: Store, similar: Similarities, filters: Filters | None
) -> Evidence:
    """What the question alone finds, against how well the papers the last answer cited fit it."""
    keyword = retriever.keyword_index()
    papers = store.get_papers(list(last.cited)) if last.cited else {}
    # a pasted chat without ids: its answer's text stands for the papers it quoted
    earlier = [f"{p.title}. {p.abstract}" for p in papers.values()] or [last.answer.split("**References**")[0]]
    top = retriever.search(question, k=1, filters=filters).hits[:1]
    if not top or not any(t.strip() for t in earlier):
        return NO_EVIDENCE
    found = f"{top[0].title}. {top[0].abstract or top[0].passage}"
    stored = similarities(question, [top[0].paper_id, *papers], store, similar) if papers else []
    sims = stored or similar.of(question, [found, *earlier])
    return Evidence(
        top_cited=top[0].paper_id in last.cited,
        coverage_gap=keyword.coverage(question, found) - max(keyword.coverage(question, t) for t in earlier),
        similarity_gap=sims[0] - max(sims[1:]),
        n_terms=len(set(keyword.terms(question))),
        new_name=any(not any(name in t for t in earlier) for name in coined_names(question)),
        own_similarity=sims[0],
        own_coverage=keyword.coverage(question, found),
        rarity=keyword.rarity(question),
    )


def similarities(question: str, paper_ids: list[str], store: Store, similar: Similarities) -> list[float]:
    """The question's cosine to each paper by the vectors the index stores (the best of a paper's chunks):
    embedding the cited abstracts again cost a second question most of its time. [] when one is missing."""
    import numpy as np

    stored = stored_vectors(store, paper_ids)
    if not all(pid in stored for pid in paper_ids):
        return []
    asked = similar.vectors([question])[0]
    return [float(np.max(np.asarray(stored[pid], dtype=np.float32) @ asked)) for pid in paper_ids]


def stored_vectors(store: Store, paper_ids: list[str]) -> dict[str, list[list[float]]]:
    """Each paper's chunk vectors as the index stores them (a paper is one unit by default, embedded as
    "title. abstract"); {} when the store cannot give them, and the texts are embedded instead."""
    where: Any = {"paper_id": {"$in": paper_ids}}
    try:
        page = store.collection.get(where=where, include=["embeddings", "metadatas"])
    except Exception:  # chromadb raises its own errors by version; embedding the texts still answers
        return {}
    found: dict[str, list[list[float]]] = {}
    vectors = page["embeddings"] if page["embeddings"] is not None else []
    for meta, vector in zip(page["metadatas"] or [], vectors, strict=True):
        found.setdefault(str(meta["paper_id"]), []).append([float(x) for x in vector])
    return found


def fitting(question: str, cited: Sequence[str], retriever: Retriever, store: Store) -> str | None:
    """The cited paper a follow-up's own words point at ("the physics one", "What about HarmoMoE, which
    baselines does it beat?"): the one holding clearly more of its words than the others; None when none does."""
    keyword = retriever.keyword_index()
    papers = store.get_papers(list(cited))
    covered: list[tuple[float, str]] = sorted(
        ((keyword.coverage(question, f"{p.title} {p.abstract}"), str(pid)) for pid, p in papers.items()), reverse=True
    )
    if len(covered) > 1 and covered[0][0] - covered[1][0] >= CALIBRATION.cited_margin:
        return covered[0][1]
    # a name only one of them says: "which one had the AIME numbers?" of an abstract that says "AIME24", whose
    # stemmed "aim" many abstracts say
    said = names(question)
    saying = [str(pid) for pid, p in papers.items() if any(n in f"{p.title} {p.abstract}" for n in said)]
    return saying[0] if len(saying) == 1 and len(papers) > 1 else None


def picked(question: str, turns: Sequence[Turn], retriever: Retriever, store: Store) -> str | None:
    """The one of several papers the last answer cited that "the one about X" picks: the one X fits (`fitting`);
    None when the question picks none so, or X fits none of them clearly (it may be a paper not cited)."""
    if not turns or len(turns[-1].cited) < 2:
        return None
    if about := picked_by(question):
        return fitting(about, turns[-1].cited, retriever, store)
    # "how many models did the bias paper cover?": the one cited paper saying every word it is described by; the cited
    # papers are read only for a question that describes one
    if not (described := descriptions(question, least=1)):
        return None
    keyword = retriever.keyword_index()
    papers = store.get_papers(list(turns[-1].cited))
    for words in described:
        saying = [str(p) for p, h in papers.items() if keyword.coverage(words, f"{h.title} {h.abstract}") >= 1.0]
        if len(saying) == 1:
            return saying[0]
        # ... of several saying them, the one whose title does: "the anomaly detection one" of "MSFlow: ... for Time
        # Series Anomaly Detection", not of PLanTS, evaluated on anomaly detection among other tasks (blind 94)
        titled = [p for p in saying if keyword.coverage(words, papers[p].title) >= 1.0]
        if len(titled) == 1:
            return titled[0]
    return None


def fitted(
    question: str, turns: Sequence[Turn], follow: FollowUp, chosen: str | None, retriever: Retriever, store: Store
) -> FollowUp:
    """The follow-up pointed at the one cited paper it picks (`chosen`, by `picked`), or, when it points at the
    first of several for want of an ordinal, at the one its words fit ("the physics one"), if one does."""
    pid = chosen or (fitting(question, turns[-1].cited, retriever, store) if follow.by_default else None)
    pid = pid or (titled_by(question, follow.focus, store) if len(follow.focus) > 1 else None)
    return replace(follow, focus=(pid,)) if pid else follow


def titled_by(question: str, cited: Sequence[str], store: Store) -> str | None:
    """The one cited paper whose title the question names, heading it: "LoRa-Over: does it keep inference as cheap as
    vanilla LoRA? and what did they evaluate it on?" is asked of "LoRa-Over: A Matrix Decomposition-Based ...", not of
    ALS-LoRA beside it, which also says LoRA (blind 159)."""
    said = set(names(question))
    titled = [
        str(pid) for pid, p in store.get_papers(list(cited)).items() if said & set(coined_names(p.title.split(":")[0]))
    ]
    return titled[0] if len(titled) == 1 else None


def previous(turns: Sequence[Turn], store: Store) -> prompts.Previous:
    """The turn before as a model that writes is told it: its question and the titles its answer cited."""
    papers = store.get_papers(list(turns[-1].cited))
    return prompts.Previous(turns[-1].question, tuple(papers[p].title for p in turns[-1].cited if p in papers))


def rewrite(question: str, before: prompts.Previous, chat_model: Callable[[], Any]) -> str:
    """The follow-up as a standalone search query, by the model the user chose; "" when it gives none."""
    try:
        reply = chat_model().invoke(prompts.rewrite_messages(question, before)).content
    except BackendError:
        return ""  # the search falls back to the question with the one before; the answer says any failure
    text = reply if isinstance(reply, str) else ""
    line = next((x for x in text.splitlines() if x.strip()), "")
    return re.sub(r"\[\d+\]", "", line).strip(" \"'`")[:300]
