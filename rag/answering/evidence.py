"""Evidence: which papers a question is about, then which of their sentences answer each asked part.

Papers first: a lookup is about one paper (two only when the search cannot tell them apart),
a follow-up about the papers it points at, a list question about every paper that passes a
cut-off. Sentences come only from the chosen papers; the other retrieved papers are shown
as "also retrieved", never cited.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from rag.answering import asks, known, own_work, ranking, sizes, values
from rag.answering.holds import Terms, holds_value, new_names
from rag.answering.named_thing import said_done_on, spelled_out_as, titled
from rag.answering.values import names
from rag.calibration import CALIBRATION
from rag.reading.asking import asked
from rag.reading.parts import YES_NO, Part
from rag.reading.questions import Reading
from rag.reading.text import POINTS_BACK, coined_names, flat_math, joined_prefixes, sentences
from rag.types import Hit

if TYPE_CHECKING:
    from rag.answering.judge import Judge

# Calibrated on the dev questions (rag eval --set dev --answers), never on test.

_EXPERIMENT = re.compile(
    r"\b(?:experiment|evaluat|bench|test(?![- ]time)|demonstrat|verif|validat|environment|dataset)", re.I
)
# Words that usually mark an abstract's result and its proposal (summaries, tables, key sentences).
RESULT = re.compile(r"(\d|outperform|improv|achiev|state-of-the-art|surpass|reduc|speed|show that|demonstrat)", re.I)


def choose_papers(reading: Reading, hits: Sequence[Hit], focus: Sequence[str]) -> list[Hit]:
    """The papers the answer is about; the other hits are "also retrieved", never cited."""
    if not hits:
        return []
    if focus:
        return [h for h in hits if h.paper_id in focus]
    if reading.kind == "list":
        cut = CALIBRATION.list_share * hits[0].score
        return [h for h in hits if h.score >= cut][: CALIBRATION.list_max] or [hits[0]]
    tied = len(hits) > 1 and hits[1].score >= hits[0].score - CALIBRATION.tied
    return list(hits[:2]) if tied else [hits[0]]


@dataclass(frozen=True)
class Found:
    """The sentence that answers one part in one paper, or None where the abstract does not state it."""

    part: Part
    paper: Hit
    sentence: str | None
    score: float
    also: str | None = None  # a second sentence stating the asked thing, where the part cannot tell the two apart,
    # or how the method a proposal states works (rag.answering.extractive)
    doubted: str | None = None  # the sentence the rules chose and the judge found not to state it (rag.answering.judge)
    chance: float | None = None  # the judge's chance that `sentence` states the part, where it ranked the sentences
    before: str | None = None  # the sentence that `sentence` opens by pointing back to ("This classifier ...")


Similarity = Callable[[str, list[str]], list[float]]  # cosine of a text to each of several texts
Coverage = Callable[[str, str], float]  # IDF-weighted share of a question's words found in a text


def unquoted(paper: Hit, exclude: set[str]) -> list[str]:
    """The paper's sentences, but those `exclude` holds (already quoted, or not to be)."""
    return [s for s in sentences(paper.abstract or paper.passage) if s not in exclude]


def answer_part(
    part: Part,
    paper: Hit,
    similar: Similarity,
    coverage: Coverage,
    terms: Terms,
    exclude: set[str],
    question: str,
    judge: Judge | None = None,
) -> Found:
    """The paper's sentence that best answers the part, or a Found with no sentence: not stated.

    A part asking for anything ("how does it work?") is always answered by its closest sentence. A part asking for
    a number or a name is answered only by a sentence that states one the question did not already give, and that
    is about the part: it says the thing asked for ("clients" in "how many clients") or, where the part names none,
    is similar enough, shares enough of its words or says a name it says; else the closest sentence holding one,
    where the judge reads it as stating the part. Without one, the abstract does not state it."""
    candidates = unquoted(paper, exclude)
    if not candidates:
        return Found(part, paper, None, 0.0)
    views = [flat_math(s) for s in candidates]  # what each says, read past plain words set as math; quoted as is
    # "What is the method called?": the paper's own name answers
    own_name = known.own_name_asked(part, question, candidates)
    given = known.given(part, paper, question, candidates, own_name)
    others = known.others_named(part, paper, candidates)
    detail = known.detail(part.text, paper.title, given)
    top = max(sims := similar(part.text, views))  # the closest sentence's cosine
    checked = part.wants in ("number", "name") or YES_NO.match(part.text)
    if checked and values.unmet_condition(asked(part.text), flat_math(f"{paper.title} {paper.abstract}")):
        return Found(part, paper, None, top)
    if (shaped := _by_shape(part, paper, candidates, views, sims)) is not None:
        return shaped
    a = asks.read_part(part, terms, views, given, question, paper.title)
    kind, head = a.kind, a.head
    stated: list[tuple[float, str]] = []
    closest: tuple[float, str] | None = None
    start = own_work.own_from(part, candidates)  # from the paper's own doing on, for a part asking how it does a thing
    proposed = known.proposal(candidates)
    wanted = joined_prefixes(detail)  # "pretrained" as a sentence's "pre-training" says it
    background = own_work.background(part, candidates)
    for at, (sim, sentence, quoted) in list(enumerate(zip(sims, views, candidates, strict=True)))[start:]:
        if ranking.asks_only(part, sentence) or at in background:
            continue
        covered = coverage(wanted, joined_prefixes(sentence)) if detail else 0.0
        score = ranking.closeness(sim, covered) + ranking.bonus(part, sentence)
        # a kind of value a sentence must hold ("did they release code?") is checked whatever the part wants
        if part.wants in ("number", "name") or (kind is not None and kind.held is not None):
            if a.results:  # "what improvements does it report?": any result sentence with a figure
                about = bool(RESULT.search(sentence))
            elif own_name:  # its proposal, its title's name, or the thing asked: "we train an LLM family, *Celerity*"
                said = set(coined_names(paper.title)) & names(sentence) or head & set(terms(sentence))
                about = bool(known.PROPOSE.search(sentence)) or bool(said)
            elif head:
                # "which module handles outlier residuals at the supervision level?" of "At the supervision level, the
                # ... Operator (OSCO) trims ... residuals": a sentence saying most of what the thing does
                near = sim == top or (a.does and _near(sim, covered))
                about = _about_head(part, a, sentence, terms, at == proposed, near, given) or _scored_on(
                    part, a, others, sentence
                )
            else:  # "what did GPT-5 score?": "11.22% for GPT-5"
                about = _near(sim, covered) or bool(others & names(sentence)) or sizes.size_of(a.sized, sentence, terms)
                about = about or asks.degree_said(part, sentence)  # "how often does the attack succeed?"
            if _of_another(part, others, sentence, views[at - 1] if at else ""):
                continue
            # not about it by the rules' words: the closest sentence is for the judge, unless it counts another thing
            unsure = not (about or (kind is not None and kind.self_evident))
            if (unsure and (judge is None or a.count or sim < top)) or not (
                holds_value(part, sentence, (kind, a.asked_class), given, question, a.listed, own_name or a.results)
                or _named_otherwise(part, sentence, paper.title, kind is None, own_name, given)
            ):
                continue
            if unsure:
                closest = (score, quoted)
                continue
        stated.append((score, quoted))
    stated, chances, also = ranking.best(stated, closest, part, judge, (head, detail, a.sized, terms))
    if not stated:
        return Found(part, paper, None, top)
    return Found(part, paper, stated[0][1], stated[0][0], also, chance=chances.get(stated[0][1]))


def _of_another(part: Part, others: set[str], sentence: str, before: str) -> bool:
    """The sentence gives a figure of another thing the paper names (`_says_named`), or what another thing of the
    paper is built from (`known.built_of_another`)."""
    if part.wants == "number" and others and not _says_named(others, sentence, before):
        return True
    return known.built_of_another(part, sentence)


def _about_head(
    part: Part, a: asks.Asked, sentence: str, terms: Terms, proposed: bool, near: bool, given: set[str]
) -> bool:
    """The sentence is about the thing the part names: it says it ("which Atari games": "evaluations on ...
    environments (PitFall! ...)" too), a model with its size, what the paper proposes it as, a count of the very thing,
    or, `near` the part, a new name ("on which edge device does it run?": "... on NVIDIA Jetson AGX Xavier")."""
    about = bool(a.head & set(terms(sentence))) or (a.evaluated_on and bool(_EXPERIMENT.search(sentence)))
    about = about or (a.asked_class == "model" and bool(values.SIZED_MODEL.search(sentence)))
    about = about or (_ITS_KIND.match(part.text) is not None and proposed) or ranking.kind_said(part, sentence)
    about = values.counts(a.count, a.head, sentence, terms) if a.count else about
    about = about or (a.held is not None and sizes.sized(sentence) and a.held <= set(terms(sentence)))
    new = cache(lambda: new_names(sentence, given))  # read once, by whichever rule below needs them
    about = about or (part.which_thing and near and bool(new()))
    # "..., and on which base MLLMs?" of "raises token reduction ratio on Qwen2-VL/Qwen2.5-VL" (blind 143)
    about = about or (_ON_WHICH.match(part.text) is not None and any(_said_on(n, sentence) for n in new()))
    # "What's their tool called?" of "We call this the Activation Difference Lens (ADL)." (blind 106)
    about = about or bool(known.CALLED.search(part.text) and ranking.CALLS.search(sentence) and new())
    # "what's the map representation called?" of "... builds an Temporally Consistent Semantic Map (TCSM)" (blind 147)
    about = about or (bool(part.head) and spelled_out_as(part, new(), sentence))
    # "which models did they extend?" of "by extending the context length of GPT-Large and Phi-2" (blind 105)
    return about or bool(a.done & set(terms(sentence)) and new()) or said_done_on(part, sentence)


def _named_otherwise(part: Part, sentence: str, title: str, no_kind: bool, own_name: bool, given: set[str]) -> bool:
    """The name asked is said in the title's plain words (`titled`), or is the paper's own, defined where it proposes
    it, in the plural too: "by introducing Stretched Graphon Convolutional Networks (SWNNs)" (blinds 119, 130, 138,
    150)."""
    if part.wants == "name" and no_kind and titled(part, sentence, title):
        return True
    return own_name and bool(known.PROPOSE.search(sentence) and _bracketed(sentence) - given)


def _bracketed(sentence: str) -> set[str]:
    """The abbreviations set in brackets after capitalised words, however they are formed or whether plural:
    "Stretched Graphon Convolutional Networks (SWNNs)"."""
    return set(_AFTER_CAPITALS.findall(sentence))


_AFTER_CAPITALS = re.compile(r"(?:\b[A-Z][\w-]*\s+){2,}\(([A-Z][A-Za-z]*[A-Z]s?)\)")
_ON_WHICH = re.compile(r"^\W*(?:and\s+)?on\s+(?:which|what)\b", re.I)


def _said_on(name: str, sentence: str) -> bool:
    return bool(re.search(rf"\bon\s+(?:the\s+)?{re.escape(name)}", sentence))


def _scored_on(part: Part, a: asks.Asked, others: set[str], sentence: str) -> bool:
    """ "What score does DCR²-AD reach on the MMAD benchmark?" is told by a figure on what it is measured on,
    "attaining 83.36% on the comprehensive MMAD benchmark" (blinds 79, 97): a sentence saying every other thing the
    part names ("What score does Claude get on ShoppingComp?" is not told by GPT-5's score on it)."""
    generic = a.kind is not None and a.kind.name == "score" and part.head.lower() in {"score", "scores"}
    return generic and bool(others) and all(_says_named({o}, sentence, "") for o in others)


# "what kind of architecture is it?": what the paper proposes it as ("we propose EVA, a Mixture-of-Experts Framework
# ...", blind 92)
_ITS_KIND = re.compile(r"^what\s+(?:kind|type|sort)\s+of\s+[\w-]+\s+(?:is|are)\s+(?:it|they|this)\b", re.I)


# "Which datasets is Relation-Augmented Diffusion evaluated on?" asks what it was tested on (not trained on) ...
# (not "which benchmark did they release?")
_EVALUATION_ASKED = re.compile(r"\b(?:evaluat|validat|tested|testing|benchmarked|assess|experiment)", re.I)
_TRAINING = re.compile(r"\b(?:train|pre-?train|fine-?tun|learn)", re.I)
# ... and "Extensive experiments on HICO-DET, COCO-Position, and T2I-CompBench demonstrate ..." names them: the
# judge read it as stating it at 0.07 (blind 54), and at 0.07 to 0.80 as the paper's name was said
# (a list of names right after "on": not "evaluation on real-world structure and ..., FrontierCO provides ...")
# ... "We validate these propositions empirically on LLaVA-1.5 and MiniGPT-4, ..." (blind 142)
_EXPERIMENTS_ON = re.compile(
    r"\b(?:experiments?|evaluations?|results|tests|evaluated|tested|validated?|benchmarked)\b[^.;]{0,40}?"
    r"\b(?:on|across|over)\s+(?:the\s+)?(?=(?-i:[A-Z0-9$\\]))",
    re.I,
)
_NAMES_ASKED = re.compile(r"\b(?:which|what)\b(?![^?]*\bhow (?:many|much)\b)", re.I)
# one thing asked: "what dataset do they evaluate on?" of "Extensive experiments on MapDR show ..." (blind 143)
_ONE_ASKED = re.compile(r"\b(?:which|what)\s+(?:[\w-]+\s+)?(?:dataset|benchmark|environment|model)\s", re.I)


def _evaluated_on_these(part: str, view: str) -> bool:
    """The sentence names the things the paper is evaluated on, two or more of them in a list (or the one a part asks
    for), and the part asks which it is evaluated on."""
    if not (_EVALUATION_ASKED.search(part) and _NAMES_ASKED.search(part)) or _TRAINING.search(part):
        return False
    if not (m := _EXPERIMENTS_ON.search(view)):
        return False
    after = view[m.end() :]
    if _ONE_ASKED.search(part):
        return bool(names(after.split()[0]) - names(part))  # `_EXPERIMENTS_ON` ends before a capital or digit
    return "," in re.split(r"[.;](?!\d)", after)[0] and len(names(after) - names(part)) >= 2


_SPELLED_ASKED = re.compile(r"\b(?:stands?|stood)\s+for\b|\bshort for\b|\b(?:acronym|abbreviation)\b", re.I)


def _by_shape(part: Part, paper: Hit, candidates: list[str], views: list[str], sims: list[float]) -> Found | None:
    """The sentence, or two, that answer the part by their shape (`decisive`, `ranking.components`), or None."""
    if (at := decisive(part.text, views)) is not None:
        return _decided(part, paper, candidates[at], views[at], sims[at])
    if (two := ranking.components(asked(part.text), views)) is not None:
        first, second = two
        score = ranking.closeness(sims[first], 1.0)
        return Found(part, paper, candidates[first], score, also=candidates[second], chance=1.0)
    return None


def _decided(part: Part, paper: Hit, sentence: str, view: str, similarity: float) -> Found:
    """The sentence that answers the part by its shape (`decisive`). What it is evaluated on, listed, is stated
    whatever the judge reads; a count that lists is still read by it: "three different backbone LLMs reveal that:
    1) ..." lists findings, not LLMs (blind 59)."""
    chance = 1.0 if _evaluated_on_these(part.text, view) else None
    return Found(part, paper, sentence, ranking.closeness(similarity, 1.0), chance=chance)


def decisive(part: str, views: Sequence[str]) -> int | None:
    """The sentence that answers the part by its shape, whatever the closest one says: the one
    counting and listing the things asked ("what are the two strategies?" of "we propose two novel strategies: 1)
    ...; and 2) ..."), naming what the paper is evaluated on ("Which datasets is it evaluated on?" of "Extensive
    experiments on HICO-DET, COCO-Position, and T2I-CompBench ..."), or spelling out the name asked ("What does
    TRACE stand for?" of "we propose TRACE (Truncated Reasoning AUC Evaluation)"). Blinds 52 to 54: the closest
    sentence was "We validate these propositions on ...", or a result, and the judge's chance 0.07."""
    listing = [at for at, v in enumerate(views) if values.counts_and_lists(v, part) or _evaluated_on_these(part, v)]
    if listing:
        return listing[0]
    for name in names(part) if _SPELLED_ASKED.search(part) else ():
        n = re.escape(name)
        spelled = re.compile(rf"(?<![\w-]){n}\s*\((?=[^()]*[A-Za-z]{{3}})|(?:\S+\s+){{1,8}}?\(\s*{n}\s*\)")
        if (at := next((at for at, v in enumerate(views) if spelled.search(v)), None)) is not None:
            return at
    return None


def _says_named(others: set[str], sentence: str, before: str) -> bool:
    """A figure of a thing the part names ("on SAT4CryptoBench", "wirelength (HPWL)") is told by a sentence saying it,
    or by one that points back to the sentence before it ("We evaluate ETT on LongBench ... This results in up to a 30%
    improvement"); read past LaTeX ("$\\tau$-bench"). Blind 45: "On Simon datasets, ... 79.5%" told no figure on
    SAT4CryptoBench."""
    said = re.sub(r"[$\\{}]", "", f"{before if POINTS_BACK.match(sentence) else ''} {sentence}").lower()
    # a name inside another ("PDB" of "RecentPDB-RNA", "VQA" of "MedLesionVQA"), as a word where it is two letters:
    # "MS" of "MS COCO" is no "ms" of "terms" (blind 57)
    singular = (o[:-1] if len(o) > 3 and o.endswith("s") else o for o in others)
    # ... written with or without its hyphens: "CIFAR-100-LT" of "Cifar100-LT" (blind 105)
    squashed = values.squashed(said)
    return any(
        re.search(rf"(?<![a-z]){re.escape(o)}(?![a-z])", said) if len(o) < 3 else values.squashed(o) in squashed
        for o in map(str.lower, singular)
    )


def _near(similarity: float, covered: float) -> bool:
    """A sentence is about a part that names no thing it asks for: close enough in meaning, or in its words."""
    return similarity >= CALIBRATION.stated_similarity or covered >= CALIBRATION.stated_coverage
