"""Does a question ask for the paper itself? The subject of a part, by evidence.

"Which benchmark evaluates LLMs on graph problems posed in natural language?" and "What does the paper
that normalizes feature maps with Monge mapping do?" ask for a paper, in words of its abstract; read
part by part, they were declined ("does not state which benchmark ...") while quoting the very sentence
that introduces it. A part's subject is what is left of its words after the words people ask with
("did", "tell", "kind", "called": rag/data/asking_words.json, learned by bench/asking_words.py from
answerable dev questions whose abstracts do not use them), the paper's own names and words too common
to tell papers apart. A part asks for the paper when the chosen abstract holds most of its subject and
the thing it asks for is a paper or what the paper says it is.

(The same subject read the other way, "a part whose subject the abstract never talks about is not
stated", was tried and not kept: docs/decisions.md.)
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from rag.answering import known, value_kinds
from rag.calibration import CALIBRATION
from rag.reading.asking import asked
from rag.reading.parts import Part
from rag.reading.text import coined_names
from rag.retrieval.keyword import KeywordIndex
from rag.types import Hit

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
    # a word in one passage of five ("more", "model", "propose") is too common to be what a part asks about
    common = math.log(1 / CALIBRATION.subject_word_share)
    wanted = {t for t in set(keyword.terms(part.text)) - asking_words() - own if keyword.idf(t) > common}
    total = math.fsum(keyword.idf(t) for t in wanted)  # exactly: a set's order is the hash seed's
    if not total:
        return None
    said = set(keyword.terms(text))
    return math.fsum(keyword.idf(t) for t in wanted if t in said) / total


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
    kind = value_kinds.wanted(asked(part.text))
    if (kind is not None and kind.name != "description") or known.builds_on(part):
        return False
    paper = papers[0]
    share = subject_share(part, paper, keyword)
    if share is None or share < CALIBRATION.describes_share:
        return False
    if asks_paper:  # a paper is a paper, whatever it proposes
        return True
    # the first words of what is asked name the thing asked for: "which benchmark evaluates"
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
