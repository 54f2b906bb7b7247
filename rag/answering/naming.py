"""How a sentence says that a name, or plain words, is the very thing a part asks for: set beside it ("a lightweight
k-NN classifier"), said as it ("... as a surrogate model"), spelled after it ("an analytic framework called ..."), or in
the title's words ("the single-location regression task")."""

from __future__ import annotations

import re

from rag.answering.values import singular
from rag.reading.parts import Part


def spelled_as_other(part: Part, found: set[str], sentence: str) -> bool:
    """Every name found is spelled out as another kind of the thing asked: "which pretrained video diffusion model do
    they fine-tune?" is not told by "we use a multimodal large language model (MLLM) to verify ..." (blind 104)."""
    if not part.kind_word or not found:
        return False
    kind, thing = part.kind_word.lower(), re.escape(singular(part.head))
    spelled = [re.search(rf"((?:[\w-]+\s+){{1,5}}){thing}s?\s+\({re.escape(n)}\)", sentence, re.I) for n in found]
    return all(m is not None and kind not in m[1].lower() for m in spelled)


def titled(part: Part, sentence: str, title: str) -> bool:
    """A thing named in plain words the title says, right before the thing asked: "What toy task do they use?" of "a
    principled study of the single-location regression task" ("... Insights from Single-Location Regression", blind
    99); not "the regression task", one word, nor words the title does not say, nor the title's own phrase with the
    thing in it ("Which LLM ...?" of "the efficiency of LLM-generated designs", titled "... Efficiency of LLM-generated
    Hardware Code": dev), nor the words the part says itself ("which pretrained video diffusion model ...?" of "the
    video diffusion model", blind 104)."""
    if not part.head:
        return False
    thing = re.escape(singular(part.head))
    own = " ".join(part.thing).lower()
    said = re.finditer(rf"\b(?:the|an?)\s+((?:[\w-]+\s+){{1,3}}?){thing}(?:e?s)?\b", sentence, re.I)
    words = " ".join(re.findall(r"[\w-]+", title.lower()))

    def named(phrase: str) -> bool:
        plain = " ".join(phrase.split()).lower()
        return (
            len(re.findall(r"[^\W_]+", plain)) > 1
            and not re.search(r"\b(?:of|for|in|on|with|and|to|by|from)\b", plain)
            and bool(re.search(rf"\b{re.escape(plain)}\b", words))
            and not re.search(rf"\b{re.escape(plain)} {thing}", words)
            and plain not in own
        )

    return any(named(m[1]) for m in said)


def spelled(part: Part, sentence: str) -> bool:
    """The thing asked for, in the part's own words, then what it is: "which analytic framework do they rely on?" of "an
    analytic framework called the "shifted composition rule"", "which four detection perspectives ...?" (blind 126)."""
    named = part.head_words
    said = r"\s+".join(map(re.escape, named))
    # ... not its acronym in brackets: "large time series models (LTSM)" (blind 124)
    what = r"\([^()]*[\s,][^()]*\)|:|,?\s+(?:called|named|dubbed|termed)\b"
    return len(named) > 1 and bool(re.search(rf"\b{said}\s*(?:{what})", sentence, re.I))


def apposed(head: str, found: set[str], sentence: str) -> bool:
    """A name set right after the thing asked for, whatever class the words before that say: "What's the name of the
    LLM family ...?" of "we train a competitive LLM family, *Celerity*" (blind 84), not of "an LLM, Celerity"; or right
    before it (`named_before`); or said as it: "a tensor-output Gaussian process (TOGP) with ... kernels as a surrogate
    model" (blind 135)."""
    thing = re.escape(singular(head)) if head else ""
    return bool(thing) and (
        named_before(head, found, sentence)
        or any(
            re.search(
                rf"\b{thing}(?:e?s)?,?\s+(?:(?:called|named|dubbed)\s+)?[*{{\\\w]*?{re.escape(n)}\b", sentence, re.I
            )
            or re.search(
                rf"\b{re.escape(n)}\b[^.;]{{0,60}}?\bas\s+(?:an?|the)\s+(?:[\w-]+\s+)?{thing}\b", sentence, re.I
            )
            for n in found
        )
    )


def named_before(head: str, found: set[str], sentence: str) -> bool:
    """A name right before the thing asked for: "what feature extractor does PALATE get paired with?" of "DINOv2
    feature extractor" (blind 123), "which classifier ...?" of "a lightweight k-NN classifier" (blind 135)."""
    thing = re.escape(singular(head)) if head else ""
    return bool(thing) and any(
        re.search(rf"(?<![\w-])(?:[a-z]-)?{re.escape(n)}\s+(?:[a-z][\w-]*\s+)?{thing}(?:e?s)?\b", sentence, re.I)
        for n in found
    )
