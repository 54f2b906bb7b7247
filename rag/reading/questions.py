"""Reading a question: its kind, the parts it asks, and what each part wants (the turn it follows: rag.reading.turns).

Rules, not a model: the bundled 135M model reads questions worse than these patterns, and
patterns cost no latency. Every function here is pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rag.reading import contrasts
from rag.reading.cues import CUE_OF
from rag.reading.headings import DESCRIBED_SIDE, NOT_A_METHOD, heading_pair, inner_vs, named_side
from rag.reading.introduced import introduced_sides
from rag.reading.parts import ASKED_OF, DESCRIBING, SCENE, YES_NO, Part, split_parts
from rag.reading.text import asking_sentences, coined_names
from rag.types import Turn

# --- kinds --------------------------------------------------------------------------------------

_COMPARE = [
    # "Compare the paper showing low-rank decomposition and quantization aren't orthogonal with ELAS ..." (blind 134): a
    # paper described first keeps its "and"
    re.compile(
        r"^\s*(?:(?:can|could|would) you\s+|please\s+)*compare\s+(?P<a>the\s+(?:paper|work|study|one)\s.+?)\s+"
        r"(?:with|against|vs\.?|versus)\s+(?P<b>.+?)(?:\s+for\s+me)?(?:\s*\([^()]*\))?[\s?.!]*$",
        re.I,
    ),
    re.compile(
        # "contrast GH-OFL and H+ for me (both federated learning)" (blind 89): what follows the second is no side;
        # "contrast A with B ..." is left to the evidence (rag.answering.pairs), its "with" and "to" often a side's own
        r"^\s*(?:(?:can|could|would) you\s+|please\s+)*(?:compare|(?P<contrast>contrast))\s+(?P<a>.+?)\s+"
        r"(?(contrast)(?:and|(?:(?<=\bit\s)|(?<=\bthis\s)|(?<=\bthat\s))(?:with|to|against))|(?:and|with|to|vs\.?|versus))\s+"
        r"(?P<b>.+?)(?:\s+for\s+me)?(?:\s*\([^()]*\))?[\s?.!]*$",
        re.I,
    ),
    re.compile(r"how (?:do|are)\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+(?:differ|different|compare)\b", re.I),
    re.compile(
        # "different" only where it sets one from another: not "how does one model handle lots of different protein
        # tasks, and ...?" (blind 89)
        # ... "differ in focus from" (blind 91): what they differ in, then from what
        # ... not "differ in what they do with the KV cache" (blind 89)
        # ... or relates to it: "how does the imbalanced classification overfitting theory paper relate to the
        # spiked-covariance regression one ...?" (blind 102); not "how does the imputation one actually compare two
        # sets of graphs?", what the method compares (blind 104)
        r"how(?:\s+(?:does|do|is|are)|'s)\s+(?P<a>.+?)\s+(?:(?:differ|compare|relate)\s*(?:in\s+"
        r"(?:(?!(?:what|how|which|who|they|it|its|their|we|you|do|does|did|is|are)\b)[\w-]+\s+){1,3}?"
        r"(?=(?:from|to|with)\s))?(?:from|to|with|against)"
        r"|different\s*(?:from|to|than|with))\s+"
        # "how do they differ in deciding which tokens to keep?" (blind 52): in what, not from what
        r"(?!(?:in|on|at|by|when|regarding|about|across|over)\b)(?P<b>.+?)[\s?.!]*$",
        re.I,
    ),
    re.compile(r"differences? between\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)[\s?.!]*$", re.I),
    # "What does ExpeAttack contribute compared with the paper that ties hallucinations and jailbreaks together?"
    # (blind 47): set against a paper the question describes; "what does X get compared with Y?" may be X's baseline
    re.compile(
        r"(?:what|how)\s+(?:does|do|did|is|are)\s+(?P<a>[^,?]+?)\s+(?:[\w-]+\s+){0,3}?(?:compared|relative|as opposed)"
        r"\s+(?:to|with)\s+(?P<b>(?:the|that)\s+(?!(?:earlier|prior|previous|existing|original)\b)(?:[\w-]+\s+)?"
        r"(?:paper|work|study|one)\s+(?:that|which|on|about|where)\b.+?)"
        r"[\s?.!]*$",
        re.I,
    ),
    # "and vs that odorant paper?": a side left out after "and" is the paper just discussed (`_ELIDED_SIDE`)
    re.compile(
        r"^\s*(?:(?:and|so|ok(?:ay)?|but)\s+(?=(?:vs\.?|versus)\b))?(?P<a>[^,]*?)\s*\b(?:vs\.?|versus)\s+(?P<b>.+?)[\s?.!]*$",
        re.I,
    ),
    contrasts.SAME_KIND_AS,
]
_ELIDED_SIDE = "it"
_VS_IN_CLAUSE = re.compile(
    r"^\W*(?:(?:and|so|but|ok|okay)\s+)?(?:what|which|how|why|where|when|who)\b.*\s(?:in|on|about|for|between|across|of|at)\s+"
    # ... after its article: "what happens to the logit distribution on the training set vs the test set?" (blind 107)
    r"(?:(?:the|a|an|its|their)\s+)?[\w-]+(?:\s+[\w-]+)?$",
    re.I,
)
_ASKED_OF_THEM = re.compile(
    r"^\W*(?:(?:and|so|but|ok|okay)\s+)?(?:how|what|which|why)\s+(?:does|do|did|would|will)\s+"
    r"(?:each(?:\s+one)?|they|both|the\s+two|these|those)\s",
    re.I,
)
_HOW_IT_DID = re.compile(
    r"^\W*(?:(?:and|so|but|ok|okay)\s+)?how\s+(?:did|does|do|would|well\s+(?:did|does|do))\s.+\s(?:do|perform|fare|score)$",
    re.I,
)
_AGAINST_FIRST = re.compile(
    r"^\W*(?:compared (?:to|with)|relative to|as opposed to)\s+(?P<b>[^,?]{2,80}),\s+"
    r"(?:which|is|are|does|do|how|what|would|can)\b",
    re.I,
)
# ... or all the question says: the other side, named or described as a paper
_AGAINST_ONLY = re.compile(
    r"^\W*(?:(?:and|so|but|ok|okay|how\s+about|what\s+about)\s+)?(?:compared\s+(?:to|with)|relative\s+to|as\s+opposed\s+to)"
    r"\s+(?P<b>[^?.!]{2,140}?)(?:\s[-–—]\s[^?.!]*)?[\s?.!]*$",
    re.I,
)
_A_PAPER = re.compile(r"\b(?:paper|work|study|one|method|approach)\b", re.I)
_SIDE_END = re.compile(
    # ... a sentence's end, whatever opens the next ("Jumbo token vs INFER. both seem to ...", blind 127), not an
    # abbreviation's point
    r"[:;?—–]|\s-\s|(?<!\bvs)(?<!\bal)(?<!\be\.g)(?<!\bi\.e)(?<!\bcf)\.\s+"
    r"|,\s+(?:like\s+|so\s+)?(?=(?:what|what's|whats|how|which|why|is|are|does|do)\b)"
    # "is it better than ELAS ... or is that apples vs oranges": a question of its own after "or"
    r"|\s+or\s+(?=(?:is|are|does|do|was|were)\b)"
    # "compare the neuro-symbolic abductive logic paper with reasoning scaffolding pls" (blind 127): a courtesy at the
    # end is no side's
    r"|,?\s+(?-i:pls|plz|please|thx|thanks|ty)\W*$",
    re.I,
)
# a side that is only the asking words of a contrast: "what's different", "how is that different", "any diff"
_ASKING_ONLY = re.compile(
    r"^(?:(?:what|what's|how|how's|is|are|it|its|that|this|so|and|any|the|really|actually)\s+)*"
    r"(?:different|difference|differs?|diff)$",
    re.I,
)
_WHAT_IT_DOES = re.compile(r"^what\s+(?:it|they|this|that)\s+[\w-]+$", re.I)
_SECOND_PART = re.compile(r"[?,;]|\band\b", re.I)
_SUMMARY = re.compile(
    r"^\s*(?:please\s+)?(?:summari[sz]e|give (?:me )?a summary of|summary of|tl;?dr(?: of)?|sum up)"
    r"\s+(?P<t>.*?)[\s?.!]*$",
    re.I,
)
_ABOUT = re.compile(
    r"^(?:the\s+)?(?:paper|work|abstract|study|article)\s+(?:about|on|called|named|that|which)\s+", re.I
)
# "Which papers ...", "What are the main approaches to ...", "What is new in ...": a list of papers.
# "Which baseline methods does X compare against?" asks about X's paper, not for a list; nor does a relative clause
# after a comma ("GUARD, which works at inference time, and KARMA ...").
# ... nor does "what" after a comparison's preposition, what other work does ("how do humans actually intervene
# compared to what methods assume?", blind 108)
_THE_OTHER_ONE = re.compile(r"^the\s+[\w-]+\s+one$", re.I)
_LIST = re.compile(
    r"\b(?:(?<!,\s)which|(?<!\bto\s)(?<!\bfrom\s)(?<!\bthan\s)what|any|are there(?: any)?|list(?: the)?|find|show me)"
    # ... nor "what it studies", a verb after its subject (blind 108)
    r"\s+(?:(?!(?:it|they|this|that|we|he|she)\s)\w+\s+){0,2}?"
    rf"(?:papers|works(?! best| better| well| worse)|studies|(?:methods|approaches|techniques)(?!{ASKED_OF}))\b"
    r"|\bwhat are the (?:main |different |key )?(?:approaches|methods|ways|techniques|directions)\b"
    # ... not of one paper: "What's new in the unified theory of adaptive variance reduction paper compared to ...?"
    r"|\bwhat(?:'s| is) new in\b(?!\s+the\s+(?:[\w-]+\s+){0,8}?(?:paper|study|work)\b)|\boverview of\b"
    r"|\bpapers (?:that|which|on|about)\b",
    re.I,
)


@dataclass(frozen=True)
class Reading:
    kind: str  # lookup | list | compare | summary
    targets: tuple[str, ...]  # compare: the two methods; summary: what to summarise
    parts: tuple[Part, ...]
    sides: tuple[str, ...] = ()  # two things set against each other, unnamed: each a paper? (answering.pairs)


def _vs_reading(question: str, asking: str, turns: Sequence[Turn]) -> Reading | None:
    """Two methods set against each other by "vs", "compared with", "differ from" ..., or None."""
    # "In the study on prompt complexity vs quality of T2I data, which models ...?": a "vs" that says which
    # paper is meant compares nothing
    scene = scene_set.end() if (scene_set := SCENE.match(asking)) else 0
    for pattern in _COMPARE:
        # "how does its 7B model compare with larger models?" asks for a paper's result, not for two methods
        # ("how does it differ from SUIT?" does); so does a comparison in a question's second part
        if (
            (m := pattern.search(asking))
            and m.start("b") >= scene
            and not _SECOND_PART.search(asking[_topic_end(asking, scene) : m.start()])
            and not _unnamed_pair(m["a"], m["b"])
            # "DAVIS and DEMO both detect OOD (OOD images vs unseen graph anomalies)": a "vs" inside brackets
            and m["a"].count("(") <= m["a"].count(")")
            and not _figure_before(m["a"])
        ):
            # "ZeroGR vs Retro* for document retrieval: how do ...", "qdf vs prism for forecasting — am i right
            # ...": a side ends where its clause does
            # ", what's the main difference": a question after a comma ends it too
            # ... and one starts after the scene its clause sets: "token reduction in MLLMs: Sparsity Forcing vs ..."
            a, b = re.split(_SIDE_END, m["a"])[-1].strip(" ,"), re.split(_SIDE_END, m["b"])[0].strip(" ,")
            a = "" if _ASKING_ONLY.match(a) else a  # "what's different vs TARL, ...?": its side is left out
            a, b = inner_vs(a, b)
            # "how does what it studies differ from this?": what a paper does, whichever paper "it" is, is no method
            # the question names; the evidence decides (rag.answering.pairs, blind 108)
            if _WHAT_IT_DOES.match(a):
                continue
            if not (a and b) and not turns:  # "vs MoEEdit?" with nothing discussed before compares nothing
                continue
            a, b = a or _ELIDED_SIDE, b or _ELIDED_SIDE
            # "state-space models vs transformers": papers comparing families; "the long-tailed contrastive alignment
            # paper ... from the group inference one" are two papers
            # "What did UniFork find about modality alignment in understanding vs generation tasks?": a "vs" of what
            # a preposition in the question's clause takes sets no two methods against each other; nor, after an
            # answer, two families ("and what did they say about balancing data vs model size ...?", blind 104)
            in_clause = bool(_VS_IN_CLAUSE.match(m["a"]))
            # "Both PRISM and STAR do ... forecasting. How does each handle coarse vs fine scales?": a "vs" of what is
            # asked of the papers already set up (blind 113)
            if _ASKED_OF_THEM.match(m["a"]):
                continue
            # ... nor, after a paper named first, two things of its own it compares, neither a name nor a paper
            # described ("MedLesionVQA: how does the best MLLM compare with primary physicians in accuracy?", blind 107)
            if coined_names(asking[: max(0, asking.find(a))]) and not any(
                coined_names(side) or DESCRIBED_SIDE.match(side) for side in (a, b)
            ):
                continue
            # "has anyone looked at how spread out ... representations are versus its perplexity?": "its" is no paper
            if _FIND_ONE.search(asking[: m.start("b")]) and any(NOT_A_METHOD.match(side) for side in (a, b)):
                continue
            if not (named_side(a) or named_side(b) or all(DESCRIBED_SIDE.match(side) for side in (a, b))):
                # ... nor, after an answer, how something of it did against another ("and how did the best model do
                # vs the doctors, in numbers?", blind 127)
                # ... nor two things of the paper it is about: "what does the inner loop do vs the outer one?" (b. 146)
                if (in_clause or _HOW_IT_DID.match(a) or _THE_OTHER_ONE.match(b)) and turns:
                    continue
                return Reading("list", (), tuple(split_parts(question)), sides=(a, b))
            if in_clause:
                continue
            return Reading("compare", (a, b), ())
    return None


def read_question(question: str, turns: Sequence[Turn] = ()) -> Reading:
    """What the question asks of which papers. `turns` (their cited ids only) let "it" be the paper
    just discussed: "How does it differ from SUIT?" compares two methods when an answer came before."""
    asking = asking_sentences(question)
    if heading := heading_pair(question):
        return Reading("compare", heading, ())
    if vs := _vs_reading(question, asking, turns):
        return vs
    # "Compared to SDErasure, which one is less intrusive ...?" after an answer: the paper just discussed against it
    if turns and turns[-1].cited and (m := _AGAINST_FIRST.match(question)) and named_side(m["b"]):
        return Reading("compare", (_ELIDED_SIDE, m["b"].strip()), ())
    # "compared with the l1 latent distance continuous-time graph paper?" after an answer (blinds 137, 139)
    if (
        turns
        and turns[-1].cited
        and (m := _AGAINST_ONLY.match(question) or contrasts.DESCRIBED_THEN_ASKED.match(question))
        and (named_side(b := m["b"]) or _A_PAPER.search(b))
    ):
        return Reading("compare", (_ELIDED_SIDE, b.strip()), ())
    parts = tuple(split_parts(question))
    # a contrast in one part of several ("What does X do differently from Y, and how much faster is it?")
    # asks about X's paper
    # "totally different thing - is there a JAX suite ...? what is it emulating" announces a topic: its "different"
    # contrasts nothing, and its "it" is not the paper just discussed
    cited = len(turns[-1].cited) if turns and not contrasts.NEW_TOPIC.search(question) else 0
    # ... or one asked of two, then "how do they differ?" ("What are the core ideas of CARE and ProMoS, and how ...")
    # whose first part names the two side by side ("the VD-GRPO change in Plan-R1" is one paper's, blind 44)
    contrasted_last = (
        len(parts) == 2
        and all(p.search(parts[1].text) for p in (contrasts.CONTRAST, contrasts.THE_TWO))
        and bool(re.search(r"(?-i:[A-Z])[\w-]*[A-Z][\w-]*,?\s+(?:and|or)\s+(?-i:[A-Z])[\w-]*[A-Z]", parts[0].text))
    )
    if (len(parts) == 1 or contrasted_last) and (
        pair := _contrasted(question, asking_sentences(_unannounced(question)), cited)
    ):
        return Reading("compare", pair, ())
    if len(parts) == 1 and (pair := contrasts.set_against(question)) and asks_contrast(question):
        return Reading("lookup", (), parts, sides=pair)
    if m := _SUMMARY.search(question):
        return Reading("summary", (_ABOUT.sub("", m["t"]).strip() or question,), ())
    kind = "list" if _LIST.search(DESCRIBING.sub(r"\1", question)) else "lookup"
    return Reading(kind, (), parts)


def asks_for_papers(question: str) -> bool:
    """Asks to find papers, a list or one ("Which papers ...", "Is there a paper that ...", "Any benchmark
    that ..."), whatever it contrasts ("... its activation differences from the base model")."""
    return bool(_LIST.search(DESCRIBING.sub(r"\1", question)) or _FIND_ONE.search(question))


_FIND_ONE = re.compile(
    r"^\W*(?:which|what) (?:paper|work|study|benchmark)\b"
    r"|\b(?:is there|are there|any|anyone|anybody)(?: \w+)? (?:a |an |any )?(?:paper|work|study|benchmark|method)s?\b"
    r"|\b(?:has|have|did) (?:anyone|anybody|someone) (?:\w+ )?(?:looked|studied|tried|explored|examined|worked)\b",
    re.I,
)


# "For QA over long or structured inputs, how does the ... approach differ from ...?": a field the question opens
# with, which is no part asked before the comparison (unlike "Does X run on GPUs, and how does it compare ...?"); a
# field, not a thing: no "the" ("On the body-surface lesion VQA benchmark, how does the best MLLM compare ...?")
_TOPIC_SCENE = re.compile(
    r"^(?:for|in|on|regarding|about|within|among|across)\s+(?![^,?;]*\b(?:the|this|that|these|those|its|their|it|they|one|paper)\b)"
    r"[^,?;]{3,120},\s+(?=(?:how|what|which|why|is|are|do|does)\b)",
    re.I,
)


def _topic_end(asking: str, scene: int) -> int:
    return scene or (m.end() if (m := _TOPIC_SCENE.match(asking)) else 0)


def _unnamed_pair(a: str, b: str) -> bool:
    return bool(NOT_A_METHOD.match(a)) and not re.search(r"[A-Z]", b)


def asks_contrast(question: str) -> bool:
    """Does the question ask a difference, a contrast or something shared? ("how do they differ", "X vs Y",
    "both", "what sets X apart", "is that better than X"). Examples: tests/test_pairs.py."""
    question = _unannounced(question)
    asking = asking_sentences(question)
    found = contrasts.CONTRAST.search(asking) or contrasts.RELATES.search(
        contrasts.EXPERIMENT_COMPARED.sub(" ", asking)
    )
    return bool(found or contrasts.BOTH.search(question))


def contrast_asked_later(question: str) -> bool:
    """A contrast asked only in a part after the first ("Does Angle k-means have a GPU implementation, and how does
    it compare with Elkan's algorithm?") asks about the paper the first part is about, unless the question names
    a second paper (rag.answering.pairs): so do all twelve dev and blind questions and conversations that ask
    one so (and the three of the test sets)."""
    parts = split_parts(question)
    return len(parts) > 1 and not asks_contrast(parts[0].text) and any(asks_contrast(p.text) for p in parts[1:])


def of_one_paper(question: str) -> bool:
    """A contrast asked of one paper's own: only after a first part about it, or in a part asking its figure."""
    return contrast_asked_later(question) or figure_against(question)


def figure_against(question: str) -> bool:
    """The contrast is asked in a part asking a figure: "How much ImageNet accuracy does PsychoNet lose compared to a
    standard ResNet-50?", "How long does NeTheR take to run compared with its baselines?" (blind 109) ask one paper's
    figure against its baseline, not for two papers, unless the question names both (rag.answering.pairs)."""
    # ... or asked yes or no against a figure: "Does LDT add much training-time overhead compared with standard
    # training?" (blind 134); not "is the eviction part similar to what MoEEdit does?"
    return any(
        p.wants == "number"
        and (p.asks_detail or bool(YES_NO.match(p.text) and _AGAINST_FIGURE.search(p.text)))
        and contrasts.contrasts_with(p.text)
        for p in split_parts(question)
    )


_AGAINST_FIGURE = re.compile(r"\b(?:compared\s+(?:to|with|against)|relative\s+to|than)\b", re.I)


def _unannounced(question: str) -> str:
    """The question without the new topic it announces ("Different question: ..."), whose "different" asks
    no contrast."""
    return contrasts.NEW_TOPIC.sub(" ", question).strip()


EARLIER = ("the first one", "the second one")  # targets that stand for the last answer's first two papers


def _alternates(a: str, b: str, question: str) -> bool:
    return bool(re.search(rf"(?<![\w-]){re.escape(a)}\s*/\s*{re.escape(b)}(?![\w-])", question))


def _figure_before(asking: str) -> bool:
    """A figure asked before a contrast is set against a baseline: "by how much did effective sample size go up vs the
    previous sota?", "For ESSA, how much did it improve Qwen2.5-Math-7B on GSM8K vs GRPO?" (blind 152)."""
    return any(p.wants == "number" and p.asks_detail for p in split_parts(asking))


def _contrasted(question: str, asking: str, n_cited: int) -> tuple[str, str] | None:
    """Two methods the question names (or one and "it", or "they" for the two papers the last answer cited)
    and a contrast its asking sentences ask of them; the methods may be named in a sentence that sets the scene."""
    coined = coined_names(question)
    named = [n for n in coined if not any(n != m and n in m for m in coined)]
    # "the dueling bandits paper (LinCDB/NCDB)": names joined by a slash are one side's
    named = [n for i, n in enumerate(named) if not any(_alternates(m, n, question) for m in named[:i])]
    # "Two DiT acceleration papers, relational feature caching (RFC) and OUSAC: ...": the two sides' names, not the
    # scene's (blind 54)
    sides = introduced_sides(question) if len(named) > 2 else None
    if sides and all(picked := [next((n for n in named if n in side), "") for side in sides]):
        named = [*dict.fromkeys([*picked, *named])]
    if len(named) >= 2 and (c := contrasts.CONTRAST.search(asking)) and not _figure_before(asking[: c.start()]):
        return named[0], named[1]
    a, b = (re.escape(n) for n in [*named, "", ""][:2])
    # the pair is what the sentence is about: it opens it, follows its verb, or is offered as a choice
    # ... or is set one against the other: "AgenticMath vs Socratic-Zero for ... . How much ... does each use?"
    subjects = (
        rf"(?:^|[.?!:;,]\s+|\b(?:do|did|are|were|have|how do|between|one of)\s+){a},?\s+(?:and|or|vs\.?|versus)\s+{b}\b"
    )
    if len(named) >= 2 and contrasts.SHARED.search(question) and re.search(subjects, question, re.I):
        return named[0], named[1]
    if len(named) == 1 and n_cited and contrasts.CONTRAST.search(asking) and contrasts.POINTS_BACK.search(asking):
        return "it", named[0]
    # "in the first one, how do they avoid squeezing each node's text into ...?" (blind 94) picks one: its "each" shares
    # nothing between two
    one_picked = len(CUE_OF["ordinal"].findall(question)) == 1
    contrast = contrasts.CONTRAST.search(asking) or (contrasts.SHARED.search(asking) and not one_picked)
    the_two = (
        contrasts.THE_TWO.search(asking)
        and not contrasts.FROM_A_THIRD.search(asking)
        and not contrasts.ONE_OF_THEM.search(asking)
    )
    if not named and n_cited >= 2 and contrast and the_two:
        return EARLIER
    return None
