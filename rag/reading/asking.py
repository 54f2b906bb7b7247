"""Where a part starts asking: its question word, past what only leads into one ("Tell me the batch size of X",
"Does X report a top-1 accuracy on ImageNet"). Shared by rag.reading.parts and the answering stage, which read
the asked words of a part; examples in tests/test_reading_rules.py. And what a part asks for whatever measure its
words name (`undetailed`): a reason, a finding, a choice, a cause."""

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


def undetailed(part: str) -> str | None:
    """What a part asks for whatever measure its words name: "any" for a topic raised, a reason, a finding or a choice
    between two; "method" for what brings a thing about; None where the part's words decide (rag.reading.parts)."""
    if _TOPIC_RAISED.match(part):  # "what about using LLMs to pick data ...?" brings up a topic, asks no detail
        return "any"
    if _WHY.match(part):  # "why does it drop the squared l2 distance?" asks a reason, whatever it measures
        return "any"
    if _FINDING.match(part):  # "what did UniFork observe about modality alignment across depth?" (blind 66)
        return "any"
    if _CAUSE.match(part):  # "what lets clients with different circuit depths train together?" (blind 84)
        return "method"
    if _CHOICE.match(part):  # "is it better to spend budget on a bigger compressor or a bigger predictor?" (blind 88)
        return "any"
    return None


# what a paper found, whatever it is about: "what do they say happens once parameters exceed the threshold?" asks
# no figure; "what accuracy do they report?" (a measure before the verb) and "what do they report as the error?" do
_FINDING = re.compile(
    # ... of a subject of many words ("what does the stability analysis of Lookahead with minibatch SGD say about batch
    # size in the convex case?", blind 85)
    r"^what\s+(?:do|does|did)\s+(?:[\w+.-]+\s+){1,8}?"
    r"(?:observe|find|say|show|conclude|notice|discover|reveal|uncover|claim|argue|learn)\b(?!\s+(?:as|for)\b)",
    re.I,
)
# a choice between two asks which, whatever they measure: "should I put my budget into a bigger compressor or a bigger
# predictor?" (blind 89); not "is it better than X?", "should I use 4 or 8 GPUs?" (a figure either way)
_CHOICE = re.compile(
    r"^(?:[^,?]{0,40},\s*)?(?:should\s+(?:i|we|you|one)|is\s+it\s+(?:better|worth\s+it)\s+to|would\s+it\s+be\s+better\s+to)"
    r"\b[^?]*?\b(?:into|on|in|for|with)\s+(?:an?\s+|the\s+)?[a-z][\w-]*\s+[a-z][\w-]*\s+or\s+(?:an?\s+|the\s+)?[a-z]",
    re.I,
)
# what brings something about asks how, whatever it measures; not "what makes up the dataset?"
_CAUSE = re.compile(r"^what\s+(?:lets|allows|enables|makes(?!\s+up\b)|causes|drives|keeps|prevents|stops)\b", re.I)
_WHY = re.compile(r"^(?:(?:and|so|but|ok|okay|hm+|wait)[\s,]+)*why\b", re.I)
# "what about using LLMs to pick finetuning data ...?", "what about that paper which replaces the MLP ...?": what is
# said of a topic, not a detail ("what about its accuracy?" asks one); "what do they say about batch size?" too
_TOPIC_RAISED = re.compile(
    r"^(?:what|how)\s+about\s+(?:[a-z-]+ing\b|(?:a|an|the|that|this|any)\s+(?:paper|work|study|one|method)s?\s+"
    r"(?:that|which|where|on|about|for)\b"
    # ... or a thing of no one's: "what about latent reduced-order models for PDEs with ...?", "what about decision-
    # focused learning that uses diffusion models ...?" (blind 46); not "what about its accuracy?", "the second one?"
    # nor "GPT-4's score?", "top-1 accuracy on ImageNet?" (a description is five words or more)
    r"|(?!(?:its|their|the|this|that|these|those|it|them|his|her)\b)(?![^?]*'s\b)(?-i:[a-z])[\w-]*(?:\s+[\w-]+){4,})"
    r"|^what\s+(?:do|does|did)\s+(?:they|it|the\s+(?:authors|paper))\s+(?:say|find|claim|conclude|argue|note)\s+about\b",
    re.I,
)
