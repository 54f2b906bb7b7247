"""Where a part starts asking: its question word, past what only leads into one ("Tell me the batch size of X",
"Does X report a top-1 accuracy on ImageNet"). Shared by rag.reading.parts and the answering stage, which read
the asked words of a part; examples in tests/test_reading_rules.py."""

from __future__ import annotations

import re

# a preposition may lead the question word ("from which model", "at what layer"); "say/tell me/name/list" ask too
LED = (
    r"(?:(?:up to|on|by|from|in|with|at|for|to|under|over|across|of)\s+(?:exactly\s+)?(?:which|what)"
    r"|by how (?:much|many))"
)
_ORDER = r"(?:say|tell me|name|list)"
WH = rf"(?:{LED}|{_ORDER}|which|what|how|where|when|who|whom|whose|why|does|do|did|is|are|was|were|can|could)"
ASKING = rf"(?:{LED}|{_ORDER}|which|what|how|when|who|whom|whose|why)"
# what leads into the asking words without asking itself: "Specifically which ...", "Tell me which ...",
# "Does the X paper say exactly how many ..."
_FILLER = re.compile(
    r"^(?:(?:please|so|and|also|now|then|specifically|exactly|precisely|roughly|approximately|"
    r"i(?:'d| would)? (?:like to |want to |need to )?(?:know|wonder|ask)|i(?:'m| am) (?:curious|wondering)(?: about)?|"
    r"(?:can|could|would) you (?:please )?(?:tell me|say|remind me)|tell me|say|give me|"
    r"(?:does|do|did) (?:the |its |this |their )?(?:[\w$^'.-]+ ){0,3}(?:say|report|state|mention|give|specify))"
    r"[\s,:]+)+",
    re.I,
)
_ORDERED = re.compile(r"^(?:name|list|tell me|give me)\s+(?:the|its|their|all)\s+", re.I)
_REPORTS = re.compile(r"\b(?:say|report|state|mention|give|specify)\s*$", re.I)
_ARTICLE = re.compile(r"^(?:an?|any|the|some)\s+", re.I)


def asked(part: str) -> str:
    """A part from its asking words on: "Tell me the batch size of X" reads "which batch size of X",
    "Does X report a top-1 accuracy on ImageNet" reads "what top-1 accuracy on ImageNet"."""
    part = _ORDERED.sub("which ", part.strip())
    lead = _FILLER.match(part)
    rest = _ORDERED.sub("which ", part[lead.end() :] if lead else part)
    if lead and _REPORTS.search(lead.group().strip(" ,:")) and not re.match(rf"{ASKING}\b", rest, re.I):
        return "what " + _ARTICLE.sub("", rest)
    return rest
