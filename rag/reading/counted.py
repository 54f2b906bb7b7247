"""Things a question counts and then asks of by a pronoun: "UDIS adds two modules. What are they called?"."""

from __future__ import annotations

import re

from rag.reading.asking import asked
from rag.reading.text import COUNT_WORD

# "UDIS adds two modules. What are they called?", "... evaluated on four datasets. Which ones?" (blinds 78, 81): a
# part that asks only of "they" or "ones" asks of the things the scene counted before it; not "What are they trained
# on?", which asks something of them, nor "which one?", one of them
_ONLY_THEY = re.compile(
    r"^(?:(?:what|which)\s+(?:are|were)\s+(?P<they>they|these|those)(?:\s+(?:called|named))?|which\s+(?P<ones>ones))$",
    re.I,
)
# ... counted in figures or words, or by "a couple of", "several" or "a few" ("a couple of benchmark datasets"; "claims
# to unify a few capabilities in one VLM. Which ones?", blind 104)
_COUNTED_BEFORE = re.compile(
    rf"\b(?:(?P<count>{COUNT_WORD})|a\s+couple\s+of|several|multiple|a\s+few|various)\s+"
    r"(?P<noun>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*[^s\W]s)\b",
    re.I,
)


def named_before(piece: str, question: str) -> str:
    """The piece with "they" spelled as the things counted before it ("the modules"), where it asks only of them."""
    if not (m := _ONLY_THEY.match(asked(piece))):
        return piece
    counted = list(_COUNTED_BEFORE.finditer(question[: max(question.find(piece), 0)]))
    if not counted:
        return piece
    word = "ones" if m["ones"] else "they"
    # "the two modules", counted in figures or words; "the benchmark datasets" of "a couple of benchmark datasets"
    things = counted[-1][0] if counted[-1]["count"] else counted[-1]["noun"]
    at = piece.find(m.group()) + m.start(word)
    return piece[:at] + ("" if m["ones"] else "the ") + things + piece[at + len(m[word]) :]
