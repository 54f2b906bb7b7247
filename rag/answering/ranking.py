"""How the sentences that may answer a part are ordered: closeness to it in meaning and in words, what a sentence
says of the part (how a method works, what a benchmark holds, what fails), where the paper's own doing starts, and
the judge's chance that it states the part (rag.answering.judge)."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from rag.answering import known, sizes, values
from rag.answering.aspects import aspects_said
from rag.answering.holds import MAKE, Terms, ranks
from rag.answering.values import singular
from rag.calibration import CALIBRATION
from rag.reading.parts import Part
from rag.reading.text import flat_math, says

if TYPE_CHECKING:
    from rag.answering.judge import Judge

# A sentence that says how a method works: what a "how does it ...?" part wants more than its result.
MECHANISM = re.compile(
    r"\b(?:we (?:propose|introduce|present|design|develop)|by (?:\w+ing)\b|via\b|through\b|leverag|approach that)",
    re.I,
)


def closeness(similarity: float, covered: float) -> float:
    """How well a sentence answers: its cosine to the asked words, plus half the share of their
    rarer (IDF-weighted) words it holds; the small embedder alone favours general sentences."""
    return similarity + CALIBRATION.coverage_weight * covered


def bonus(part: Part, sentence: str) -> float:
    """A sentence saying what the part asks about: how it works for "how does it ...?" (not how well), what a
    benchmark holds, what fails."""
    mechanism = part.wants == "method" and bool(MECHANISM.search(sentence))
    return CALIBRATION.method_bonus * (mechanism + _introduces_asked(part.text, sentence)) + aspects_said(
        part.text, sentence
    )


# "what is DeepEval for?" of "To evaluate citation-grounded long-form reports, we present DeepEval, ..." (blind 127),
# "what is FlashLLA in the local linear attention paper?" of "We then introduce {FlashLLA}, a hardware-efficient ..."
# (blind 118): the sentence introducing the name asked what it is, not one using it ("Using LiveResearchBench and
# DeepEval, we conduct ...")
_WHAT_IS = re.compile(r"^\W*(?:and\s+)?what(?:'s|\s+is|\s+are)\s+(?P<name>[\w-]+)\b")


def _introduces_asked(part: str, sentence: str) -> bool:
    asked = _WHAT_IS.match(part)
    if asked is None or asked["name"] not in known.question_names(part):
        return False
    name = re.escape(asked["name"])
    made = rf"(?:{MAKE}|call|term|name)(?:s|d|ed)?"  # the words a paper makes a thing in (rag.answering.holds)
    return bool(re.search(rf"\b{made}\s+(?:[\w-]+\s+){{0,3}}?\W?{name}\b|^\W?{name}\W?,\s+an?\s", sentence))


# A sentence that asks what the part asks states nothing: "which part of the transformer was best to fine-tune?" is not
# answered by "we examine which Transformer modules are most beneficial to fine-tune" (blind 105), nor "which RNA
# language model did they fuse into AlphaFold 3?" by "We ask how self-supervised RNA language models ... can best
# enhance AlphaFold 3" (blind 103); unless it says what was found too ("we study how X scales and find that ...", "we
# find that 75–80% require only the last 96 tokens at most .Given ..., we then ask whether ...": blind 83)
_ASKS = re.compile(
    r"\b(?:we|this (?:paper|work|study))\s+(?:\w+ly\s+|first\s+|then\s+|further\s+)?"
    r"(?:(?:ask|question)s?\s+(?:which|whether|how|what|why|if)"
    # ... not "We study how the LLMs ... process medical knowledge through four ... techniques: (1) ..." (people-dev)
    r"|(?:examine|investigate|study|explore|probe)s?\s+(?:which|whether|if))\b"
    r"|\b(?:raises|poses) the question\b|\bit (?:remains|is) unclear (?:whether|how|what|which)\b",
    re.I,
)
_FOUND = re.compile(r"\b(?:find|found|finds|show|shows|showed|shown|reveal\w*|demonstrat\w*|observe\w*)\b", re.I)
# ... where the part does not ask what they study ("what question do they investigate?")
_ASKS_STUDIED = re.compile(r"\b(?:stud|investigat|examin|explor|ask|question|probe|address|tackl)", re.I)


def asks_only(part: Part, sentence: str) -> bool:
    """The sentence asks the question it might answer, and says no finding (`_ASKS`)."""
    return bool(_ASKS.search(sentence)) and not _FOUND.search(sentence) and not _ASKS_STUDIED.search(part.text)


def proposal_named(question: str, candidates: list[str]) -> int | None:
    """The paper's proposal of the method the question names, where it comes after a first proposal of something
    else: "What's the key idea behind Lana?" of "To address this gap, we present a general framework for TTA." and then
    "... we build upon our general framework and derive a novel method named Unlearning-enhanced test-time adaptation
    (Lana)." (blind 108). Not a sentence naming what the one before proposed ("We call it X")."""
    first = known.proposal(candidates)
    # ... a coined name, or a plain capitalised word the abstract defines in brackets: "(Lana)"
    plain = [w for w in re.findall(r"(?<=\s)[A-Z][a-z]{2,}\b", question) if any(f"({w})" in s for s in candidates)]
    for name in [*known.question_names(question), *plain]:
        at = next((i for i, s in enumerate(candidates) if says(s, name) and "http" not in s), None)
        if at is None or first is None or at <= first or _CALLS_THIS.search(candidates[at]):
            continue
        if known.PROPOSE.search(candidates[at]) or CALLS.search(candidates[at]):
            return at
    return first


# what a method is made of, by the words a question asks for them (`components`, `alike`)
_METHOD_PARTS = "components|modules|stages|mechanisms|strategies|ingredients"
# "Which components does the framework introduce ...?", "what are the two components and what does each do?" (blinds
# 94, 95): the parts of a method, each introduced by a sentence of its own after the paper's proposal
_COMPONENTS_ASKED = re.compile(
    r"^(?:which|what)\s+(?:are\s+|were\s+)?(?:the\s+|its\s+|their\s+)?(?:(?:two|three|four|2|3|4|main|key|core|novel)\s+)*"
    rf"(?:[\w-]+\s+)?(?:{_METHOD_PARTS}|innovations|techniques|pieces)\b",
    re.I,
)


def components(part: str, candidates: list[str]) -> tuple[int, int] | None:
    """The first two sentences after the paper's proposal that each introduce something of their own ("Specifically,
    we introduce relational feature estimation (RFE) ...", "We also present relational cache scheduling (RCS) ..."),
    where the part asks for the method's components; None where fewer than two do."""
    if not _COMPONENTS_ASKED.match(part) or (start := known.proposal(candidates)) is None:
        return None
    introduced = [at for at in range(start + 1, len(candidates)) if known.PROPOSE.search(candidates[at])]
    return (introduced[0], introduced[1]) if len(introduced) > 1 else None


def kind_said(part: Part, sentence: str) -> bool:
    """The thing's kind said with another word for the thing, or with a name in brackets: "which co-folding model
    avoided the ligand chirality issues?" of "AI co-folding methods exhibit ligand chirality issues, except for
    Boltz-1x" (blind 102), "Which long-document QA benchmark ...?" of "long-document QA (Loong)" (blind 93); or after
    a name in brackets: "what neuron model do they use?" of "leaky integrate-and-fire (LIF) neurons" (blind 104). With
    no kind word, the thing itself named so: "which divergence does ... use as its clustering objective?" of "the
    generalized Cauchy-Schwarz divergence (GCSD)", not "divergence-driven clustering" (blind 108)."""
    if not (part.kind_word or part.head):
        return False
    other = r"models?|methods?|approaches|systems?|" if values.name_class([part.head]) == "model" else ""
    named = r"\((?-i:[A-Z])[^()]{0,40}\)"
    if not part.kind_word:
        thing = re.escape(singular(part.head))
        return bool(re.search(rf"\b{thing}s?\s+{named}", sentence, re.I))
    kind = re.escape(part.kind_word)
    # ... or an acronym's kind spelled out after a name: "which RL algorithm ...?" of "GRPO reinforcement learning"
    # (blind 144)
    if re.fullmatch(r"[A-Z]{2,4}", part.kind_word):
        spelled = r"\s+".join(rf"{c}[\w-]*" for c in part.kind_word.lower())
        if re.search(rf"\b[A-Z][\w-]*[A-Z0-9][\w-]*\s+(?i:{spelled})\b", sentence):
            return True
    return bool(re.search(rf"\b{kind}\s+(?:{other}{named})|{named}\s+{kind}s?\b", sentence, re.I))


def ranked(
    stated: list[tuple[float, str]], part: Part, judge: Judge | None
) -> tuple[list[tuple[float, str]], dict[str, float]]:
    """The sentences the rules let answer a part, best first: by closeness, plus the judge's chance that each states
    it (rag.answering.judge), and those chances, for the "not stated" decision to read rather than compute again.
    "By what margin does it outperform in-context learning on VL-ICL Bench?": closeness alone put "meta-learning
    further enhances this adaptation by 7.7%" before "... outperforming ICL by 21.2%".
    "Which intervention did best?" is answered by a sentence that ranks one with a superlative ("prompt expansion ...
    achieves the highest performance") where any does, not by one naming the datasets it was run on (blind 80; the
    judge: 0.98)."""
    # ... "which fusion works best?", of no class a name is asked of, too: "the strongest gains come from additive
    # fusion", not "we run controlled experiments ... varying fusion position and method" (blind 146)
    which = part.wants == "any" and bool(re.match(r"\W*(?:and\s+)?(?:which|what)\b", part.text, re.I))
    if (part.wants == "name" or which) and (best := [pair for pair in stated if ranks(part, pair[1], best=True)]):
        stated = best
    if part.wants == "name" and (said := [pair for pair in stated if kind_said(part, flat_math(pair[1]))]):
        stated = said  # "what neuron model ...?": "(LIF) neurons" before "This model leverages ... (EnKF)"
    # "What's their tool called?": "We call this the Activation Difference Lens (ADL)." before a sentence on what the
    # tool finds, which the judge read likelier (blind 106)
    # ... the thing asked ("a special token, called $Sup$" names no reward mechanism: blind 102)
    if known.CALLED.search(part.text) and (naming := [pair for pair in stated if _calls_asked(part, pair[1])]):
        stated = naming
    if own := [pair for pair in stated if not only_in_its_name(part.text, pair[1])]:
        stated = own
    if said := [pair for pair in stated if says_the_step(part.text, pair[1])]:
        stated = said
    asked = part.text
    chances: dict[str, float] = {}
    if judge is not None and len(stated) > 1:
        chances = dict(zip((sentence for _, sentence in stated), judge(asked, [s for _, s in stated]), strict=True))
        stated = [(score + CALIBRATION.judge_rank_weight * chances[sentence], sentence) for score, sentence in stated]
    return sorted(stated, key=lambda pair: -pair[0]), chances


# "the twin concordance part of CARE": a piece of a method, asked by its words and the method's name
_PIECE_OF = re.compile(
    r"\bthe\s+(?P<piece>(?:[\w-]+\s+){1,4}?)(?:part|component|module|piece|bit|step|stage)\s+of\s+(?P<of>[\w-]+)", re.I
)


def only_in_its_name(part: str, sentence: str) -> bool:
    """The sentence says the piece of a method the part asks about only in the method's spelled-out name: "what exactly
    does the twin concordance part of CARE do?" is not told by "we propose ... Contextual Affinity Exploration with
    Twin Concordance (CARE)", which the judge read likeliest (0.94), but by "we introduce twin concordance learning,
    which ..." (blind 107)."""
    if (asked := _piece_asked(part)) is None:
        return False
    piece, its_name = asked
    return bool(piece.search(sentence)) and not piece.search(its_name.sub("", sentence))


@functools.lru_cache(maxsize=64)
def _piece_asked(part: str) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """The piece a part asks about and the spelled-out name of its method, read once per part, not per sentence."""
    if not (m := _PIECE_OF.search(part)):
        return None
    its_name = rf"(?:[A-Z][\w-]*\s+(?:(?:with|of|for|and|in|on|the|a|to)\s+)?)+\({re.escape(m['of'])}\)"
    return re.compile(re.escape(m["piece"].strip()), re.I), re.compile(its_name)


# a step of a method by its place: "the second stage", "the final phase" (`says_the_step`)
_STEP = re.compile(
    r"\b(?P<at>first|second|third|fourth|final|last|1st|2nd|3rd)\s+(?P<step>stage|step|phase|round|pass)s?\b", re.I
)


def says_the_step(part: str, sentence: str) -> bool:
    """The sentence says the step of a method the part asks about by its place: "what training method does ReasonMap's
    second stage use?" of "The second stage, High-Fidelity Alignment, then refines this model using Direct Preference
    Optimization", which the judge read below "a novel two-stage training framework" (blind 109)."""
    if not (asked := _STEP.search(part)):
        return False
    return any(
        (m["at"].lower(), singular(m["step"].lower())) == (asked["at"].lower(), singular(asked["step"].lower()))
        for m in _STEP.finditer(sentence)
    )


# the words a sentence names a thing by
CALLS = re.compile(r"\bwe\s+(?:call|name|dub|term)\b|\b(?:called|named|dubbed|termed)\s", re.I)


def _calls_asked(part: Part, sentence: str) -> bool:
    """The sentence names what it has been saying ("We call this the Activation Difference Lens"), or the part's
    thing ("a ... mechanism, called ..."), not another ("a special token, called $Sup$")."""
    if _CALLS_THIS.search(sentence):
        return True
    things = [m[1].lower() for m in _CALLED_THING.finditer(sentence)]
    return bool(things) and (not part.head or singular(part.head) in map(singular, things))


_CALLS_THIS = re.compile(r"\bwe\s+(?:call|name|dub|term)\s+(?:this|it|these|them)\b", re.I)
_CALLED_THING = re.compile(r"([\w-]+),?\s+(?:called|named|dubbed|termed)\s", re.I)


def rescued(
    part: str, closest: tuple[float, str] | None, judge: Judge | None
) -> tuple[list[tuple[float, str]], dict[str, float]]:
    """The sentence closest in meaning to a part, holding a value of the wanted kind but none of the words the rules
    read as the part's, where the judge reads it as stating the part ("how often do big gaps still happen?" of
    "keeps the incidence of large sim-to-real gaps below 0.09%"), and the judge's chance, as `ranked` gives it."""
    if closest is None or judge is None or _measures_other(part, closest[1]):
        return [], {}
    chance = judge(part, [closest[1]])[0]
    return ([closest], {closest[1]: chance}) if chance >= CALIBRATION.judge_rescue else ([], {})


# Measures a sentence may give its figures by: "how much power does SpecOffload draw?" is not told by "improves GPU
# core utilization by 4.49× and boosts inference throughput by 2.54×" (blind 105), though the judge reads it so (0.99)
_MEASURE = (
    r"\b(throughput|latency|utili[sz]ation|accuracy|speed-?ups?|faster|memory|perplexity|success rate|win rate|recall"
    r"|precision|FID|BLEU|F1|mIoU|AUC)\b"
)
_MEASURES = re.compile(_MEASURE, re.I)
# ... given a figure: "utilization by 4.49×"; not "while maintaining significantly faster inference times" (blind 104)
_MEASURED = re.compile(
    _MEASURE + r"\s+(?:[\w-]+\s+){0,3}?(?:by|of|to|at|is|was|reach\w*|=)\s*(?:up to\s+|about\s+|over\s+|~)?\$?\d", re.I
)


def _measures_other(part: str, sentence: str) -> bool:
    """The sentence's figures are of measures it names, none of which the part asks."""
    said = {_measure(m) for m in _MEASURED.findall(sentence)}
    # ... with the words a measure is said in: "what speedups does SpecOffload report?" of "boosts inference
    # throughput by 2.54×" (blind 94), "how much faster is it?" of "orders-of-magnitude speedups" (blind 99)
    asked = {_measure(m) for m in _MEASURES.findall(part)}
    asked |= {w for m in asked for w in values.SAID_AS.get(m, "").split()}
    asked |= {k for k, words in values.SAID_AS.items() if asked & set(words.split())}
    return bool(said) and not said & asked


def _measure(word: str) -> str:
    return word.lower().replace("-", "").removesuffix("s")


_SEVERAL_ASKED = re.compile(
    rf"\b(?:two|three|four|both|2|3|4)\s+(?:[\w-]+\s+)?(?:{_METHOD_PARTS}|parts|steps)\b",
    re.I,
)


def alike(stated: list[tuple[float, str]], detail: str, head: set[str], terms: Terms, part: Part) -> bool:
    """Two sentences state the asked thing ("success rate") and nothing else the part asks tells them apart:
    "what success rate does it report?" of "95% ... on the Shadow Hand" and "84.6% across embodiments" is
    answered by both; "... on the Shadow Hand?" by the one that says it. Closeness alone picked the other.
    Several asked for ("which two components ...?") are two sentences each stating one ("a ... strategy", "a ...
    module", blind 87)."""
    if len(stated) < 2:
        return False
    first, second = (set(terms(s)) for _, s in stated[:2])
    if _SEVERAL_ASKED.search(part.text) and head & first and head & second:
        return True
    qualifier = set(terms(detail)) - head
    return bool(head & first & second) and not qualifier & (first ^ second)


def each(stated: list[tuple[float, str]], part: Part) -> bool:
    """The part asks the same of two things it names ("how big are GUIDrag and ScreenDrag?", blind 101), and the
    second sentence names one of them the first does not: "a diverse dataset of 161K text dragging examples" beside
    "ScreenDrag, a benchmark with 5,333 examples"."""
    asked_of = values.names(part.text)
    if len(stated) < 2 or len(asked_of) < 2:
        return False
    first, second = (values.names(s) & asked_of for _, s in stated[:2])
    return bool(first) and bool(second - first)


def best(
    stated: list[tuple[float, str]],
    closest: tuple[float, str] | None,
    part: Part,
    judge: Judge | None,
    asked: tuple[set[str], str, frozenset[str] | None, Terms],
) -> tuple[list[tuple[float, str]], dict[str, float], str | None]:
    """The sentences the rules let answer a part, best first (or the closest the judge rescues), the judge's chances,
    and a second sentence to quote beside the first where it states the asked thing too (`alike`). `asked`: the terms
    of the thing asked for, the part's detail, the thing whose size it asks (`sizes.size_asked`), how terms are read.
    "How big is PuzzleWorld?" is answered by what it consists of ("a benchmark of 667 puzzlehunt-style problems"), not
    by a score on it closer to the question's words (blind 86)."""
    head, detail, sized, terms = asked
    stated = [pair for pair in stated if sizes.size_of(sized, flat_math(pair[1]), terms)] or stated
    stated, chances = ranked(stated, part, judge) if stated else rescued(part.text, closest, judge)
    two = part.wants in ("number", "name") and (
        (bool(head) and alike(stated, detail, head, terms, part)) or each(stated, part)
    )
    return stated, chances, stated[1][1] if two else None
