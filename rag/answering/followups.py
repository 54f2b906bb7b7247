"""Suggested follow-ups: two or three next questions built from what an answer cited.

Built from the Answer's data (its kind, its citations' titles and abstracts, the best paper it
retrieved but did not cite), never from its rendered text. Each question is read back with
`rag.reading` exactly as the Assistant will read it as a follow-up of this answer (its kind, its
targets, the earlier papers it points at) and is dropped when it would be read otherwise: a title
holding "with" would split "Compare A and B" at the wrong place, a title holding "it" would point
the question at the answer's first paper.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rag.answering.known import paper_name
from rag.reading.questions import read_question
from rag.reading.text import coined_names
from rag.reading.turns import follow_up
from rag.retrieval.filters import FILTER_FIELDS, filters_in_question
from rag.types import Turn

if TYPE_CHECKING:
    from rag.types import Answer

MOST = 3
LONG_TITLE = 60  # beyond this a title is cut to its head (before its colon) in a question
_ORDINALS = ("first", "second", "third", "fourth", "fifth")
# Keywords too broad to find papers like one: half the conference would match them.
GENERIC_KEYWORDS = {
    "large language models",
    "large language model",
    "llm",
    "llms",
    "deep learning",
    "machine learning",
    "neural networks",
    "transformers",
    "benchmark",
    "ai",
}

__all__ = ["MOST", "Suggestion", "answered", "paper_name", "suggest", "suggestions"]


@dataclass(frozen=True)
class CitedPaper:
    paper_id: str
    title: str
    text: str  # its abstract (or the passage the answer read)
    keywords: tuple[str, ...] = ()  # its authors' keywords, when the corpus has them

    @classmethod
    def of(cls, paper_id: str, title: str, text: str, meta: dict[str, Any]) -> CitedPaper:
        keywords = tuple(k.strip() for k in str(meta.get("keywords", "")).split(";") if k.strip())
        return cls(paper_id, title.rstrip("…").strip().rstrip("?.!"), text, keywords)


@dataclass(frozen=True)
class Suggestion:
    """A next question, what it asks for (summary | compare | similar) and the papers it is about."""

    question: str
    kind: str
    papers: tuple[str, ...]


def suggest(answer: Answer, most: int = MOST) -> list[str]:
    """The questions only: what the UI shows, the CLI prints and `answer_json` carries."""
    return [s.question for s in suggestions(answer, most)]


def answer_json(answer: Answer) -> dict[str, Any]:
    """The answer as the CLI and the API send it: its own fields, and the next questions built from what it cited.

    Suggesting reads questions back through the reading stage, so the caller adds them: `Answer` stays plain data.
    """
    return {**answer.to_json(), "suggestions": suggest(answer)}


def suggestions(answer: Answer, most: int = MOST) -> list[Suggestion]:
    """Up to `most` follow-ups of the answer, each read back as the Assistant will read it; none when
    nothing was cited (an off-topic decline has nothing to build on)."""
    cited = [CitedPaper.of(c.paper_id, c.title, c.passage, c.meta) for c in answer.citations]
    if not cited:
        return []
    turn = answer.turn()
    ids = {p.paper_id for p in cited}
    nearest = next(
        (
            CitedPaper.of(h.paper_id, h.title, h.abstract or h.passage, h.meta)
            for h in answer.retrieved
            if h.paper_id not in ids
        ),
        None,
    )
    facets = _facets([*(c.meta for c in answer.citations), *(h.meta for h in answer.retrieved)])
    picked: list[Suggestion] = []
    for suggestion in _candidates(answer.kind, cited, nearest, turn):
        # a search that would read a filter into the question ("policy optimization" -> the area
        # "optimization") looks in the wrong papers; a summary points back and does not search
        if suggestion.kind != "summary" and filters_in_question(suggestion.question, facets):
            continue
        if suggestion.question.lower() != answer.question.lower() and suggestion not in picked:
            picked.append(suggestion)
        if len(picked) == most:
            break
    return picked


def _facets(metas: Sequence[dict[str, Any]]) -> dict[str, list[str]]:
    """The filter values the answer's papers hold: values the index holds, as the Assistant reads them."""
    return {name: sorted({str(m[name]) for m in metas if m.get(name)}) for name in FILTER_FIELDS if name != "keyword"}


def _candidates(kind: str, cited: Sequence[CitedPaper], nearest: CitedPaper | None, turn: Turn) -> Iterator[Suggestion]:
    """In order of preference, per kind of answer; a candidate that would be misread is skipped."""
    first = cited[0]
    options: list[Suggestion | None] = []
    if kind == "compare":
        options += [_summarise(cited, i, turn) for i in range(min(2, len(cited)))]
    elif kind != "summary":
        options.append(_summarise(cited, 0, turn))
    if kind != "compare" and len(cited) > 1:
        options.append(_compare(first, cited[1], turn))
    options.append(_similar(first, turn))
    if len(cited) == 1 and nearest is not None:  # one paper cited: set it beside the closest one it was not
        options.append(_compare(first, nearest, turn))
    yield from (o for o in options if o is not None)


def _title(paper: CitedPaper) -> str:
    """The title as a question names it: its coined head alone ("MoEEdit"), a long one cut to its head."""
    head = paper.title.split(":", 1)[0].strip()
    if ":" in paper.title and (coined_names(head) == [head] or len(paper.title) > LONG_TITLE):
        return head
    return paper.title


def _summarise(cited: Sequence[CitedPaper], i: int, turn: Turn) -> Suggestion | None:
    """Points at the paper through the conversation, so no search can pick another: the first cited
    paper is "the paper" (the Assistant pins the answer's papers in order), another its place."""
    paper = cited[i]
    if i == 0:
        question = f"Summarise the paper {_title(paper)}"
    elif i < len(_ORDINALS):
        question = f"Summarise the {_ORDINALS[i]} paper, {_title(paper)}"
    else:
        return None
    focus = follow_up(question, [turn]).focus
    if read_question(question).kind == "summary" and focus[:1] == (paper.paper_id,):
        return Suggestion(question, "summary", (paper.paper_id,))
    return None


def _compare(a: CitedPaper, b: CitedPaper, turn: Turn) -> Suggestion | None:
    """Each method by its coined name (what the comparison looks up first), else by its title."""
    names = (paper_name(a.title, a.text) or _title(a), paper_name(b.title, b.text) or _title(b))
    if names[0].lower() == names[1].lower():
        return None
    for question in (f"Compare {names[0]} and {names[1]}", f"How does {names[0]} compare to {names[1]}?"):
        reading = read_question(question)
        if reading.kind == "compare" and reading.targets == names and not follow_up(question, [turn]).focus:
            return Suggestion(question, "compare", (a.paper_id, b.paper_id))
    return None


def _similar(paper: CitedPaper, turn: Turn) -> Suggestion | None:
    """Papers on the paper's own topic, its first specific keyword: a question naming the paper would
    put it first by far and list it alone. A fresh search, not one pointing back at this answer."""
    specific = [k for k in paper.keywords if k.lower() not in GENERIC_KEYWORDS]
    said = f"{paper.title} {paper.text}".lower()
    # only a keyword its abstract says: the search matches it ("embedding geometry" may be said nowhere)
    topic = next((k for k in specific if k.lower() in said), None)
    if topic is None:
        return None
    question = f"Which papers are about {topic}?"
    if read_question(question).kind == "list" and not follow_up(question, [turn]).focus:
        return Suggestion(question, "similar", (paper.paper_id,))
    return None


def answered(suggestion: Suggestion, earlier: Answer, reply: Answer) -> bool:
    """Did the product answer the suggestion: not declined, citing something, and, for a summary or a
    comparison of the earlier answer's papers, citing one of them (it is about them, not another paper)."""
    if reply.refused or not reply.citations:
        return False
    if suggestion.kind == "similar":
        return True
    return bool(set(reply.cited_ids) & set(earlier.cited_ids) & set(suggestion.papers))
