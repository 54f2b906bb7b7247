"""The sentences quoted beside the one that answers a part (rag.answering.extractive): how the method a proposal names
works, what a sentence points back to, and, for a part asking several things of one kind ("what are its two
modules?"), the sentences after it saying the others."""

from __future__ import annotations

import re
from dataclasses import replace

from rag.answering.compose import BOILERPLATE
from rag.answering.evidence import Found
from rag.answering.known import PROPOSE
from rag.answering.values import singular
from rag.reading.asking import asked
from rag.reading.text import defined_acronyms, defined_before, pointed_to, sentences
from rag.types import Hit

# An abstract's own enumeration: its first item ("In particular, we first introduce ...", "First, we claim ...",
# "Pillar 1: Chain-of-Structured-Thought (CoST).", "Stage-1 employs ...", "... two strategies ...: (i) We introduce
# ...") and the items after it ("Next, we design ...", "Finally, we present ...", "Pillar 2: SLM fine-tuning.",
# "Stage-2 introduces ...", "(ii) We use ..."); not "First-order methods ..." nor "We then show ..." (blinds 113, 128)
ENUMERATION_START = re.compile(
    r"^(?:(?:In particular|Specifically|Concretely|To this end),\s+)?(?:First(?:ly)?,|[Ww]e first\b|\((?:1|i)\)\s"
    r"|[A-Z][a-z]+ (?:1|I):|[A-Z][a-z]+-(?:1|I)\s|[^.]*?:\s*\((?:1|i)\)\s)"
)
ENUMERATION_NEXT = re.compile(
    r"^(?:Second(?:ly)?,|Third(?:ly)?,|Fourth(?:ly)?,|Next,|Then,|Finally,|Lastly,|\((?:[2-9]|ii|iii|iv)\)\s"
    r"|[A-Z][a-z]+ (?:[2-9]|II|III|IV):|[A-Z][a-z]+-(?:[2-9]|II|III|IV)\s)"
)
# "what are its two modules?", "what do its two branches do?": the count and the things asked
SEVERAL_ASKED = re.compile(r"\b(?:two|three|four|2|3|4)\s+(?:[\w-]+\s+)?(?P<things>[a-z]+s)\b")
_COUNT = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4, "dual": 2, "double": 2, "twin": 2}


def with_sibling(found: Found, skip: set[str]) -> Found:
    """A part asking several things, answered by a sentence saying one, gets the next saying another; answered by one
    announcing them, the sentences saying them, after it (`siblings`)."""
    more = siblings(found.part.text, found.sentence, found.paper, skip - {found.also or ""}) if found.sentence else []
    # "... a novel two-stage training framework." then "The first stage, ...", "The second stage, ...", whatever the
    # sentence after the proposal (`with_how_it_works`) already added
    if len(more) > 1:
        return replace(found, before=found.before or found.sentence, sentence=more[0], also=more[1])
    return replace(found, also=more[0]) if more and not found.also else found


def siblings(part: str, sentence: str, paper: Hit, skip: set[str]) -> list[str]:
    """The next sentence saying another of the things a part asks several of, where its sentence says one: "UDIS: what
    are its two modules?" of "The Query-Guided Module (QGM) introduces ..." wants "The Evidence-Aware Module (EAM)
    introduces ..." too (blind 112), which says no enumeration's marker. Where the sentence announces them ("we
    introduce ReasonMap, a novel two-stage training framework", "a specialized dual-branch architecture"), the next
    ones saying them, up to as many as it announces (blind 145: "The first stage, ...", "The second stage, ...")."""
    if not (m := SEVERAL_ASKED.search(asked(part))):
        return []
    one = re.escape(singular(m["things"]))
    thing = re.compile(rf"\b{one}(?:e?s)?\b", re.I)
    ordered = sentences(paper.abstract or paper.passage)
    if sentence not in ordered or not thing.search(sentence):
        return []
    at = ordered.index(sentence)
    after = [s for s in ordered[at + 1 : at + 5] if thing.search(s) and s not in skip]
    counted = rf"\b(?P<count>two|three|four|dual|double|twin)(?:-|\s+(?:[\w-]+\s+){{0,2}}){one}(?:e?s)?\b"
    if announced := re.search(counted, sentence, re.I):
        # ... or marked as the next ("(ii) We use ensemble training ...", "Stage-2 introduces ...") or naming another
        # ("Adaptive Collaborative Error Suppression (ACES), which ...") after "... two novel components: Cumulative
        # Error-Aware Layer Compression (CEALC), which ..." (blinds 113, 128, 150, 151), the first said with it
        count = _COUNT[announced["count"].lower()] - bool(re.search(r":\s*\S", sentence[announced.end() :]))
        defined = defined_acronyms(sentence)
        items = [s for s in ordered[at + 1 : at + 5] if s not in skip and (thing.search(s) or _another(s, defined))]
        if len(items) >= count > 0:
            return items[:count]
    near = [s for s in ordered[at + 1 : at + 3] if s in after]
    return near[:1]


def _another(sentence: str, defined: set[str]) -> bool:
    """The sentence is an enumeration's next item, by its marker or by a name it defines at its head that the sentence
    announcing the items did not (`defined`)."""
    head = sentence.split(",")[0]
    return bool(ENUMERATION_NEXT.search(sentence) or defined_acronyms(head) - defined)


def with_how_it_works(found: Found, skip: set[str]) -> Found:
    """A part asking how or what of a paper ("How does TraDy choose which parameters to update?"), answered by the
    sentence that proposes its method, gets the sentence after it too: how the method works ("TraDy stochastically
    resamples channels between epochs"), as the comparison table's "How it works" column has it. Dev parts, lookups
    and absent details: facts 776 -> 788 (500) and 757 -> 768 (19,630) of 928, none lost, none declined otherwise."""
    if (
        found.part.wants not in ("method", "any")
        or not found.sentence
        or found.also
        or not PROPOSE.search(found.sentence)
    ):
        return found
    ordered = sentences(found.paper.abstract or found.paper.passage)
    at = ordered.index(found.sentence) + 1 if found.sentence in ordered else len(ordered)
    after = [s for s in ordered[at : at + 1] if s not in skip and not BOILERPLATE.search(s)]
    return replace(found, also=after[0]) if after else found


def with_antecedent(found: Found, skip: set[str]) -> Found:
    """A part's sentence that points back ("This classifier is then frozen ...") with the sentence it points to ("...
    first pre-trains an unbiased cross-modal classifier ..."): alone, it does not say what is frozen (blind 43)."""
    text = found.paper.abstract or found.paper.passage
    before = (pointed_to(found.sentence, text) or defined_before(found.sentence, text)) if found.sentence else None
    return replace(found, before=before) if before and before not in skip and before != found.also else found
