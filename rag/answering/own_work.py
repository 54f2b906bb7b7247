"""Where the paper's own doing starts, and what it says of other work: a part asking how a paper does a thing is told
by its own sentences, not by what other work lacks before them (rag.answering.evidence, rag.answering.quotes)."""

from __future__ import annotations

import re

from rag.answering import known
from rag.reading.parts import Part

# A sentence about other work, even after the proposal: "Even evolved streaming variants, such as StreamVGGT, still
# suffer from rapidly growing cache" (blind 95), "Vanilla VGGT relies on dense global attention", "Existing methods
# ..."; not "Even more revealing, the inclusion of the raw sequence ... degrades performance" (its finding, blind 86)
OTHER_WORK = re.compile(
    r"^(?:however,\s+|but\s+|yet\s+)?(?:(?:existing|prior|previous(?:ly)?|current|conventional|traditional|vanilla|standard)\b"
    r"|even\s+(?:[\w-]+\s+){0,3}?(?:variants|methods|approaches|models|works|baselines|systems)\b)",
    re.I,
)
# what a follow-up asks of the field, not of the paper's own way: "why is that hard?", "what problem does it fix?";
# or of what led the paper to its way: "what's their justification for thinking one frame is enough?" of "we observe
# that a single frame is often sufficient ...", before "Leveraging this insight, we propose ..." (blind 101)
# ... or what they hold against it: "what's their complaint about the usual pretrain-then-finetune setup?" (blind 114)
ASKS_BACKGROUND = re.compile(
    r"\b(?:why|problems?|motivat\w*|limitations?|challenges?|gaps?|issues?|prior|existing|justif\w*|rationale|"
    r"complain\w*|critici[sz]\w*|usual|conventional|"
    # ... or what is wrong with earlier work: "what goes wrong with vanilla LoRA under DP?", "What's the weakness of
    # earlier SVD compression methods ...?" (blinds 138, 156)
    r"wrong|weakness(?:es)?|shortcomings?|drawbacks?|flaws?|earlier|vanilla|traditional|"
    r"intuitions?|insights?|observations?|hypothes[ie]s)\b",
    re.I,
)


def own_from(part: Part, candidates: list[str]) -> int:
    """Where the paper's own doing starts, for a part asking how it does a thing: "How does E-SUOT get around likelihood
    estimation ...?" is not answered by "Flow-based models ... resort to sample-based log-likelihood estimation",
    other work's way before its proposal, but by "we reformulate ... and derive an equivalent objective that
    circumvents the needs for likelihood estimation" (blind 86). Building a thing is its own doing too: "First, we
    establish a rigorous and fair benchmark using a duplicate round-robin tournament ..." answers "how did they set up
    the evaluation?" before "Furthermore, we propose a novel data construction framework" (blind 98)."""
    return own_start(candidates) if part.wants == "method" else 0


def of_other_work(candidates: list[str]) -> set[int]:
    """The sentences about other work: one OTHER_WORK opens, and the one going on about it, unless in the paper's own
    voice: "Prior work focuses on ..., but they incorporate the specification into the learning process. Any change to
    the specification requires retraining the policy ..." before "We present a more flexible approach ..." (blinds 115,
    132 and 135: "do they have to retrain anything?" quoted the second)."""
    opened = {i for i, sentence in enumerate(candidates) if OTHER_WORK.match(sentence)}
    after = [i + 1 for i in opened if i + 1 < len(candidates) and not _OWN_VOICE.search(candidates[i + 1])]
    # ... nor one saying a name the paper proposes: "IncVGGT prunes the history cache ..." (blind 95); read only where
    # one may go on (on the path of every part of every paper)
    own = known.proposed(candidates) if after else set()
    return opened | {i for i in after if not any(re.search(rf"\b{re.escape(n)}\b", candidates[i]) for n in own)}


# ... or turning from it: "However, VRAdam adds a higher order penalty ..." (blind 135)
_OWN_VOICE = re.compile(
    r"\b(?:we|our|us|this\s+(?:paper|work|study)|the\s+proposed|propos\w*)\b"
    r"|^(?:however|instead|in contrast|by contrast)\b",
    re.I,
)


def background(part: Part, candidates: list[str]) -> set[int]:
    """The sentences on what other work does or lacks (`of_other_work`), for a part that asks of the paper: not what the
    paper does ("which flowchart properties can you control?" of "Existing flowchart datasets often lack fine-grained
    control over key properties such as ...", blind 141); none for a part asking of the problem or prior work
    (ASKS_BACKGROUND), and none with a figure ("Current models solve only 14% of them" is the paper's finding)."""
    if ASKS_BACKGROUND.search(part.text):
        return set()
    return {i for i in of_other_work(candidates) if not re.search(r"\d", candidates[i])}


def own_start(candidates: list[str]) -> int:
    """The paper's first sentence that proposes or builds a thing of its own, or 0."""
    return next((i for i, s in enumerate(candidates) if known.PROPOSE.search(s) or _OWN_DOING.search(s)), 0)


_OWN_DOING = re.compile(r"\bwe (?:\w+ly )?(?:establish|build|construct|create|curate|collect)(?:e?d|s)?\b", re.I)
