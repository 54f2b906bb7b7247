"""Two methods or papers set against each other as a question's heading ("X vs Y: how does each ...?", "X or Y: which
one ...?"), and what a side is: a name, or a paper described, and the words of it a title may open with
(rag.reading.questions reads the rest; rag.answering.sides finds the papers)."""

from __future__ import annotations

import re

from rag.reading import contrasts
from rag.reading.text import coined_names

# "X vs Y: <a sentence that sets the scene>. How does each ...?": a heading of two methods opens the question,
# and the asking sentence after it need not name them again
# ... after the field it is in, if any ("Active preference learning for reward models: the paper doing Bayesian
# inference in network subspaces vs ActiveDPO. How does each decide ...?", blind 40)
_CAPITALS = re.compile(r"(?-i:[A-Z][a-z]+-[A-Z])")
_VS_HEADING = re.compile(
    # ... its second side ends at a dash too ("G2RPO vs E-GRPO — both say GRPO's reward signal is too sparse. how does
    # each ...?", blind 69)
    # ... and a described first side may end at a comma ("KV cache papers: the one that pairs ... across LLM workers, vs
    # KVFundaBench. What does each contribute?", blind 104)
    # ... after a heading ended by a dash ("two XAI papers - object-centric ... vs the one on ...", blind 157)
    r"^\s*(?:[^,:;.?]{3,80}(?::|\s[-–—])\s+)?(?P<a>[^,:;.?]+?),?\s+(?:vs\.?|versus)\s+(?P<b>[^:;?—–]+?)\s*(?::|[—–]|-\s|\.\s|\?|$)",
    re.I,
)
# ... or two names set as alternatives, the difference asked after them: "story visualization - Story-Iter or
# LogiStory, what's the core difference in how they get consistent multi-image stories?" (blind 106)
_OR_HEADING = re.compile(
    r"^(?:[^,:;.?]{0,80}?\s)?(?P<a>[^\s,:;.?]+)\s+or\s+(?P<b>[^\s,:;.?]+)\s*[,:—–]\s*(?P<rest>[^?]+\?)", re.I
)
# A side that describes one paper ("the long-tailed contrastive alignment paper", "the group inference one")
DESCRIBED_SIDE = re.compile(
    r"^\s*(?:the\s+)?(?:[\w'-]+\s+){1,8}?(?:paper|one|work|study|method|approach)"
    r"(?:\s+(?:on|about|for|in|of|with)\s+[\w\s'/-]{3,60})?\s*$"
    # "the paper doing Bayesian inference in network subspaces", "the one that builds a low-fidelity map"
    r"|^\s*the\s+(?:paper|one|work|study|method|approach)\s+(?:that|which|on|about|with|(?-i:[a-z]+ing))\s[\w\s'-]{3,80}$",
    re.I,
)
NOT_A_METHOD = re.compile(r"(?:it|its|this|that|these|those|they|their)\b", re.I)
_INNER_VS = re.compile(r"(?P<a>.+?)\s+(?:vs\.?|versus)\s+(?P<b>.+)$", re.I)


def heading_pair(question: str) -> tuple[str, str] | None:
    """Two methods named as a heading, or two papers described so ("the compressor-predictor information bottleneck
    paper vs the sparse multi agent debate paper: how does each save tokens?"), each looked up as a side is; or one
    named and the other capitalised on both sides of a hyphen ("AgenticMath vs Socratic-Zero for ...", blind 56), not
    one plain word ("Antibody vs DR-Smoothing", a word many papers say, blind 42)."""
    if (alt := _OR_HEADING.match(question)) and all(
        coined_names(alt[s]) == [alt[s]] or (_CAPITALS.match(alt[s]) and coined_names(alt[t]) == [alt[t]])
        for s, t in ("ab", "ba")
    ):
        # ... or, opening the question, asks which of the two, naming no third: "STRIDE or ExPLAIND: which one would I
        # use to ...?" (blind 127), not "DPO or PPO: which one does FlowRL use?" nor "Is it GRPO or PPO, which one ...?"
        first = question.lstrip().startswith(alt["a"])
        chosen = first and contrasts.SHARED.search(alt["rest"]) and not coined_names(alt["rest"])
        return (alt["a"], alt["b"]) if contrasts.CONTRAST.search(alt["rest"]) or chosen else None
    heading = _VS_HEADING.match(question)
    if not heading or heading.end() >= len(question.rstrip()):
        return None
    sides = dict(zip("ab", inner_vs(heading["a"], heading["b"]), strict=True))
    if all(
        named_side(sides[s]) or DESCRIBED_SIDE.match(sides[s]) or (named_side(sides[t]) and _CAPITALS.match(sides[s]))
        for s, t in ("ab", "ba")
    ):
        return sides["a"].strip(), sides["b"].strip()
    return None


def inner_vs(a: str, b: str) -> tuple[str, str]:
    """A "vs" inside a paper described is its own, the next one sets the two against each other: "the LoRA vs DP-SGD
    fine-tuning trade-offs paper versus the data minimisation for prompting one" (blind 126)."""
    if (inner := _INNER_VS.match(b)) and DESCRIBED_SIDE.match(f"{a} vs {inner['a']}"):
        return f"{a} vs {inner['a']}", inner["b"]
    return a, b


def named_side(side: str) -> bool:
    """A side of a comparison names a method: a coined name or a capitalised word past its first
    ("Local Linear Attention", "the Antibody defense"), or a pronoun for the paper just discussed. The asker's
    "I" names nothing ("how would I estimate ... the shared vs modality-specific parts")."""
    return bool(NOT_A_METHOD.match(side) or coined_names(side) or re.search(r"(?<=\S)\s+(?!I\b)[A-Z]", side))


def title_phrase(target: str) -> str:
    """The leading run of capitalised words of a target ("Local Linear Attention as ..."), if it has two or more."""
    words = []
    for word in target.split():
        if not word[:1].isupper():
            break
        words.append(word.rstrip(",;:"))
        if words[-1] != word:  # "Parallel Prompting, which also ...": the name ends at its comma
            break
    return " ".join(words) if len(words) >= 2 else ""


def leading_words(target: str) -> str:
    """A side's words before what it says the paper is for or on ("sparsity forcing" of "sparsity forcing for cutting
    visual tokens in VLMs", blind 112: the title "Sparsity Forcing: ..." opens with them), where two or more, for the
    titles that open with them."""
    words = re.split(r"\s+(?:for|on|in|with|that|which|to|from|via|using|about)\s", target.strip(), maxsplit=1)[0]
    # ... without the words that call it a paper ("the relative scaling laws paper", blinds 117, 147)
    words = re.sub(r"\s+(?:paper|one|work|study)$", "", re.sub(r"^(?:the|a|an|that)\s+", "", words, flags=re.I))
    return words if len(words.split()) > 1 else ""
