"""Things a question counts: then asked of by a pronoun ("UDIS adds two modules. What are they called?"), or the thing
a part counts (`counted_thing`)."""

from __future__ import annotations

import re

from rag.reading.asking import NUMBER, asked
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


# The thing a part counts or takes a share of, whatever it names before it: "how many kinds of crosslinks does it
# cover?" counts crosslinks (blind 120)
_COUNTED_THING = re.compile(
    r"^(?:exactly\s+)?how many\s+(?:times\s+)?(?:(?:more|fewer|less)\s+)?"
    # ... of two kinds set against each other: "how many self-docking vs cross-docking entries" (blind 128)
    r"(?:(?:different\s+)?(?:kinds|types|sorts|classes|categories)\s+of\s+(?:[\w-]+\s+)??|(?:[\w-]+\s+(?:vs\.?|versus)\s+)?"
    r"(?:[\w-]+\s+)?)(?P<thing>(?!vs\b)[\w-]+s)\b",
    re.I,
)
_SHARE_OF = re.compile(
    r"^(?:what|which)\s+(?:fraction|percentage|percent|share|proportion|portion)\s+of\s+(?:the\s+|its\s+|their\s+)?"
    r"(?:[\w-]+\s+)??(?P<thing>[\w-]+s)\b",
    re.I,
)


def counted_thing(part: str) -> str:
    """The thing a part counts ("How many annotators validated ...") or asks a share of ("what fraction of parameters
    does it tune?", blind 54), or "" where it counts none."""
    counted = _COUNTED_THING.match(part) or _SHARE_OF.match(part)
    return counted["thing"] if counted else ""


def figure_asked(piece: str) -> str:
    """A piece with no asking word that asks a figure all the same: "SpectrumBench — number of tasks and how many
    MLLMs ...?" (blind 52) asks how many tasks; a measure named after a heading asks its figure ("DemoGrasp - success
    rate with the Shadow Hand, and how many training objects?", blinds 128, 133), not a heading's statement
    ("PuzzleWorld: the best model solves 14%")."""
    piece = _NUMBER_OF.sub("how many ", piece)
    if (m := _HEADING_BEFORE.match(piece)) and NUMBER.search(" ".join(piece[m.end() :].split()[:2])):
        return f"what {piece[m.end() :]}"
    return piece


_HEADING = r"[^,;:?]*?(?:[—–:]|\s-)\s+"  # "SpectrumBench — ", "DemoGrasp - "
_HEADING_BEFORE = re.compile(rf"^{_HEADING}(?=\w)")
_NUMBER_OF = re.compile(rf"^(?:{_HEADING})?(?:the\s+)?number\s+of\s+(?=\w)", re.I)
