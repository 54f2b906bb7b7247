"""Is what a part asks about in the abstract at all? The subject of a part, by evidence.

"Can I use it commercially?", "Were the annotators paid?", "What was the inter-annotator agreement?"
ask for no number and no name, so no kind of value decides them; until now any such part was answered
by its closest sentence, however far. A part's subject is what is left of its words after the words
people ask with ("did", "tell", "kind", "called": rag/data/asking_words.json, learned by
bench/asking_words.py from answerable dev questions whose abstracts do not use them) and after the
paper's own names. An abstract that holds little of the subject (IDF-weighted) and no sentence close
to the part in meaning does not state it.

Only for a question that names the paper it asks about: a lookup ("Anyone looked at why attribution
methods disagree?") describes the paper it wants in other words than the paper's own, and a follow-up
("What's the key idea there?") asks about the paper as a whole. (A part asked after a scene-setting
sentence was tried too: on dev it declined "What does that buy them?" of a lookup and caught nothing.)
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path

from rag.answering import evidence, values
from rag.calibration import CALIBRATION
from rag.reading.questions import Part, asked
from rag.reading.text import coined_names, sentences
from rag.retrieval.keyword import KeywordIndex
from rag.types import Hit

Similarity = Callable[[str, list[str]], list[float]]
ASKING_WORDS = Path(__file__).resolve().parent.parent / "data" / "asking_words.json"


@cache
def asking_words() -> frozenset[str]:
    """Stemmed words of the asking register (learned data, with the sets it was learned from)."""
    return frozenset(json.loads(ASKING_WORDS.read_text())["words"])


def names_paper(question: str, paper: Hit) -> bool:
    """The question calls the paper by a coined name its title or abstract says ("PruneSID", "GoBA"); a short
    all-capitals acronym ("VQA") is the field's word more often than the paper's name, unless the title coins it."""
    own = {n.lower() for n in coined_names(paper.title)}  # "STAR", however short, when the title coins it
    said = f"{paper.title} {paper.abstract or paper.passage}".lower()
    named = [n for n in coined_names(question) if n.lower() in own or not (n.isupper() and len(n) <= 4)]
    return any(name.lower() in said for name in named)


def subject_share(part: Part, paper: Hit, keyword: KeywordIndex) -> float | None:
    """The IDF-weighted share of the part's subject words that the paper's title and abstract hold;
    None where the part has no subject words of its own (all asking words or the paper's names)."""
    text = f"{paper.title} {paper.abstract or paper.passage}"
    own = {t for name in coined_names(text) for t in keyword.terms(name)}
    # a word in one passage of ten ("more", "model", "propose") is too common to be what a part asks about
    common = math.log(1 / CALIBRATION.subject_word_share)
    wanted = {t for t in set(keyword.terms(part.text)) - asking_words() - own if keyword.idf(t) > common}
    total = sum(keyword.idf(t) for t in wanted)
    if not total:
        return None
    said = set(keyword.terms(text))
    return sum(keyword.idf(t) for t in wanted if t in said) / total


# "what does it propose?" is told by the sentence that proposes, in whatever words
_PROPOSAL_ASKED = re.compile(r"\b(?:propos|introduc|contribut)", re.I)


def _aspect_said(part: Part, paper: Hit) -> bool:
    """The part asks an aspect that abstracts tell in words of their own (weaknesses as "bottlenecked by",
    a proposal as "we introduce"), and a sentence of this abstract tells it."""
    text = paper.abstract or paper.passage
    aspects = [*evidence.ASPECTS, (_PROPOSAL_ASKED, evidence.PROPOSE)]
    return any(asked.search(part.text) and says.search(text) for asked, says in aspects)


def describes(part: Part, question: str, papers: Sequence[Hit], keyword: KeywordIndex) -> bool:
    """The part asks for the paper itself, in words of its abstract: "Which benchmark evaluates LLMs on
    graph problems posed in natural language?" is answered by the paper that introduces that benchmark,
    not declined because no sentence names a second one. Not where the question names the paper, nor
    for a figure or a detail of a kind of its own (a duration, a chip), nor for what the paper builds on;
    the thing asked for is the paper ("what does the paper that ... do?") or what the paper says it is
    ("which benchmark ...?" of "GraphOmni, a benchmark"); "what does it use for audio?" asks a detail."""
    first = " ".join(asked(part.text).split()[:4])
    asks_paper = bool(_A_PAPER.search(first))  # "what does the paper that ...", "what's the paper where ..."
    if (part.wants == "number" and not asks_paper) or not papers or any(names_paper(question, p) for p in papers):
        return False
    kind = values.wanted(asked(part.text))
    if (kind is not None and kind.name != "description") or evidence.builds_on(part):
        return False
    paper = papers[0]
    share = subject_share(part, paper, keyword)
    if share is None or share < CALIBRATION.describes_share:
        return False
    # the first words of what is asked name the thing asked for: "which benchmark evaluates", "what does the paper"
    if asks_paper:  # a paper is a paper, whatever it proposes
        return True
    thing = set(keyword.terms(first)) - asking_words()
    return bool(thing & set(keyword.terms(" ".join(own_kind(paper)))))


_A_PAPER = re.compile(r"\b(?:paper|work|study)s?\b", re.I)


def own_kind(paper: Hit) -> list[str]:
    """What the paper says its own coined thing is: "GraphOmni: A Comprehensive Benchmark Framework for ..."
    and "we propose Evidence-R1, a novel RAG generator framework" give the words before the first
    preposition after the name."""
    names = [re.escape(n) for n in coined_names(paper.title)]
    if not names:
        return []
    said = re.compile(
        rf"(?:{'|'.join(names)})\W*(?::|,|\bis)\s+(?:an?|the)\s+((?:[\w-]+\s+){{0,5}}?[\w-]+)"
        r"(?=\s+(?:for|of|that|which|to|with|via|in|on|designed|built|based)\b|[,.;:]|$)",
        re.I,
    )
    return [m[1] for m in said.finditer(f"{paper.title}. {paper.abstract or paper.passage}")]


def unsaid(
    part: Part,
    question: str,
    papers: Sequence[Hit],
    keyword: KeywordIndex,
    similar: Similarity,
    others: Sequence[Hit] = (),
) -> bool:
    """The part asks for something (not a number or a name: the kinds of value decide those; nor how a
    method works, which every abstract says in its words) that no chosen paper's abstract talks about:
    little of its subject and no sentence close to it. A subject that another paper the search found does
    state (`others`: "..., or the method doing Bayesian filtering?") makes the part about that paper too."""
    if part.wants != "any" or part.kind_of or not papers:  # "what kind of X": any sentence saying X tells
        return False
    for paper in papers:
        if not names_paper(question, paper) or _aspect_said(part, paper):
            return False
        share = subject_share(part, paper, keyword)
        if share is None or share >= CALIBRATION.subject_coverage:
            return False
        close = similar(part.text, sentences(paper.abstract or paper.passage) or [paper.passage])
        if max(close) >= CALIBRATION.subject_similarity:
            return False
    return not any((subject_share(part, other, keyword) or 0.0) >= CALIBRATION.describes_share for other in others)
