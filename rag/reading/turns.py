"""What a follow-up points back at in the conversation so far (the turns a client sends: rag.reading.history).
Rules, not a model, like rag.reading.questions; every function here is pure."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rag.reading.contrasts import ONE_OF_THEM
from rag.reading.cues import CUE_OF, INTRODUCED, PICKED, pronoun
from rag.reading.parts import wants
from rag.reading.text import NAME
from rag.types import Turn

# --- follow-ups ---------------------------------------------------------------------------------
# Whether a second question points back or starts a new topic is decided by evidence (what the
# question alone finds against how well the earlier cited papers fit it) together with the
# reference cues below; the weights are fitted on labelled conversations (rag.calibration,
# bench/fit_follow_ups.py). A cue alone decides nothing: "Which paper studies X, and how does it
# work?" has a pronoun, but its own words find a paper the earlier answer did not cite.


# how the asker wants it told, not what it is about: "the one about X more simply", "... in plain words"
_TOLD = re.compile(
    r"\s+(?:(?:a\s+bit\s+|much\s+|more\s+)?(?:simply|simpler|plainly|briefly)"
    r"|in\s+(?:simple|simpler|plain|layman'?s?)\s+(?:terms|words|english))\b",
    re.I,
)


def picked_by(question: str) -> str | None:
    """What a question picks one of several cited papers by ("explain the one about picking a diverse set of
    images more simply": "picking a diverse set of images"), else None."""
    if not (m := PICKED.pattern.search(question)):
        return None
    about = re.split(r"[,;:?.!]", question[m.end() :], maxsplit=1)[0]
    return _TOLD.split(about, maxsplit=1)[0].strip() or None


# "How does that differ from X?", "Is this related to X?", "how would that compare with SLA-v3?": a demonstrative as
# the subject points back too
_DEMONSTRATIVE = re.compile(
    r"\b(?:does|do|is|was|would|could|can|will|might|how's|what's|compare|contrast|from|than|with|to)\s+(?:this|that)\b"
    r"(?!\s+(?:\w+\s+)?(?:that|which)\b)",
    re.I,
)


def refers_back(question: str) -> bool:
    """A reference cue (pronoun, ordinal, "the paper", a demonstrative subject) points at the last answer; a
    pronoun, "the paper" or "that" of a question that brings in a paper of its own (INTRODUCED) is that paper."""
    own = INTRODUCED.pattern.search(question)  # "... does that exist, and what did they find?": its own paper's
    cues = ("ordinal",) if own else ("ordinal", "the_paper")
    return any(CUE_OF[name].search(question) for name in cues) or (
        not own and (pronoun(question) or bool(_DEMONSTRATIVE.search(question)))
    )


_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1}
_ORDINALS |= {"1st": 0, "2nd": 1, "3rd": 2, "4th": 3, "5th": 4, "former": 0, "latter": -1}
# "does the latter need fine-tuning, or is it training-free like the other?" (blind 64): of two or more papers cited,
# which one a follow-up means; no cue of its own ("Is there a paper arguing for the former?" sets its own two up)
_FORMER_LATTER = re.compile(r"\bthe\s+(former|latter)\b", re.I)
_PLURAL = re.compile(r"\b(?:they|their|them|these|those)\b", re.I)
# "How big is the first dataset?" after "new datasets for biology-ish vision?" (blind 61): an ordinal of the things the
# last question asked for picks one of the papers cited, as "the first one" does; no cue of its own ("the first
# benchmark for X" is often a claim)
_NTH_THING = re.compile(r"\bthe\s+(first|second|third|fourth|fifth|last)\s+([a-z][\w-]*[^s\W])\b", re.I)


def _nth_asked(question: str, asked_before: str) -> re.Match[str] | None:
    """An ordinal of a thing the last question asked for in the plural ("datasets", "benchmarks")."""
    m = _NTH_THING.search(question)
    return m if m and re.search(rf"\b{re.escape(m[2])}s\b", asked_before, re.I) else None


def picks(question: str, n_cited: int) -> bool:
    """An ordinal, or "which of these", that picks one of the papers the last answer cited ("in the first one, is
    softmax still optimal?"). It points back whatever the question's words find: all 116 ordinals of the labelled
    conversations are follow-ups, and none a new topic."""
    ordinal = CUE_OF["ordinal"].search(question)
    # ... as "which of those two is built from actual clinical patient data ...?" does (blind 95, a new topic at 19,630
    # papers): all 11 of the labelled conversations' are follow-ups
    return (ordinal is not None and -n_cited <= _ORDINALS[ordinal[1].lower()] < n_cited) or (
        n_cited > 1 and ONE_OF_THEM.search(question) is not None
    )


@dataclass(frozen=True)
class FollowUp:
    query: str  # what to search: the question, with the earlier question when it points back
    focus: tuple[str, ...]  # earlier papers it points at, in the earlier answer's order
    note: str = ""  # said when it points at something the earlier answer does not have
    follows: bool = False  # points back at the turn before (else a new topic)
    more: bool = False  # asks for more of the same ("tell me more"): the answer should not repeat itself
    by_default: bool = False  # one of several cited papers, the first, for want of an ordinal: its words may say which


def follow_up(question: str, turns: Sequence[Turn], follows: bool | None = None) -> FollowUp:
    """The question made searchable on its own, and the papers of the last answer it points at.

    `follows` is the decision of `follow_probability` (None: decided by the cues alone, for callers
    without a search). A new topic is searched by its own words and points at nothing.
    "the second one" after an answer that cited one paper is not silently another paper:
    the note says so and the one paper stays in focus.
    """
    if not turns:
        return FollowUp(question, ())
    if follows is None:
        follows = pronoun(question) or any(CUE_OF[name].search(question) for name in ("ordinal", "the_paper", "more"))
    if not follows:
        return FollowUp(question, ())
    last = turns[-1]
    earlier = list(last.cited)
    more = bool(CUE_OF["more"].search(question))
    singular = re.search(r"\b(?:it|its|this|that)\b", question, re.I)
    plural = _PLURAL.search(ONE_OF_THEM.sub(" ", question))
    focus = earlier if plural or (more and not singular) else earlier[:1]
    note = ""
    ordinal = CUE_OF["ordinal"].search(question)
    if not ordinal and len(earlier) > 1:
        ordinal = _FORMER_LATTER.search(question) or _nth_asked(question, last.question)
    if ordinal and earlier:
        index = _ORDINALS[ordinal[1].lower()]
        if -len(earlier) <= index < len(earlier):
            focus = [earlier[index]]
        else:
            focus = earlier
            papers = f"{len(earlier)} paper{'s' * (len(earlier) > 1)}"
            note = f"The previous answer cited {papers}, so there is no {ordinal[1].lower()} one; "
            note += "answering about what it cited."
    elif ordinal and (mention := _nth_mention(last.answer, _ORDINALS[ordinal[1].lower()])):
        # pasted chat without references: what the earlier answer said beside its [n] is the paper
        return FollowUp(f"{question} {mention}", (), note, follows=True, more=more)
    # the method names of the last answer search well when it cited nothing we can point at
    names = (
        []
        if focus
        else list(dict.fromkeys(n for n in NAME.findall(last.answer.split("**References**")[0]) if len(n) > 2))
    )
    query = " ".join([question, last.question, *names[:3]]).strip()
    by_default = not ordinal and len(focus) == 1 and len(earlier) > 1
    return FollowUp(query, tuple(focus), note, follows=True, more=more, by_default=by_default)


_ELLIPSIS = re.compile(
    r"^\s*(?:and|so|what about|how about)\s+(?P<whose>its|their|the)\s+"
    r"(?!(?:first|second|third|fourth|fifth|last)\b)(?P<thing>[^?,;]+?)\s*[?.!]*\s*$",
    re.I,
)


def spelled_out(question: str) -> str:
    """A follow-up's ellipsis as the question it stands for: "And its success rate?" asks "What is its success
    rate?", and "numbers? success rate in simplerenv and on the real robot" asks for that success rate, so that
    each is read as asking for a figure. Anything else is returned as it is."""
    m = _ELLIPSIS.match(question)
    if not m:
        bare = _TERSE.match(question)
        return f"What is the {bare['thing']}?" if bare and wants(bare["thing"]) == "number" else question
    verb = "are" if m["thing"].split()[-1].lower().endswith("s") else "is"
    return f"What {verb} {m['whose'].lower()} {m['thing']}?"


# a measure named with no word that asks, after an opening tag ("numbers?") or "and"
# ... not an order: "summarise the depth one" (blind 43) asks a summary, whatever "depth" measures
_TERSE = re.compile(
    r"^\s*(?:(?:and|so|also|ok)\s+)?(?:[a-z]+\?\s+)?"
    r"(?!(?:please\s+)?(?:summari[sz]e|describe|explain|list|name|tell|give|compare|sum up|recap)\b)"
    r"(?P<thing>(?!.*\b(?:what|which|how|why|when|where|who|does|do|did|"
    # ... nor a choice asked: "so with a fixed budget, should I scale up the compressor or the predictor?" (blind 103)
    r"is|are|was|were|can|could|should|would|it|they)\b)[^?]+?)\s*[?.!]*\s*$",
    re.I,
)


def _nth_mention(answer: str, index: int) -> str:
    """The clause an answer cites as its index-th source ("a paper that jointly models ... [2]"), or ""."""
    body = answer.split("**References**")[0]
    pieces, markers = re.split(r"\[\d+\]", body), [int(m) for m in re.findall(r"\[(\d+)\]", body)]
    numbers = sorted(set(markers))
    if not numbers or not -len(numbers) <= index < len(numbers):
        return ""
    wanted = numbers[index]
    clauses = [pieces[i] for i, m in enumerate(markers) if m == wanted]
    return " ".join(c.strip(" ,.;:") for c in clauses)[:300]
