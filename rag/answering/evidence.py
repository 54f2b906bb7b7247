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
from typing import TYPE_CHECKING

from rag.answering import known, ranking, value_kinds, values
from rag.answering.holds import Terms, fits, holder, holds_value, new_names, plain, titled
from rag.answering.values import SAID_AS, names
from rag.calibration import CALIBRATION
from rag.reading.asking import asked
from rag.reading.parts import YES_NO, Part
from rag.reading.questions import Reading
from rag.reading.text import POINTS_BACK, coined_names, flat_math, sentences
from rag.types import Hit

if TYPE_CHECKING:
    from rag.answering.judge import Judge

# Calibrated on the dev questions (rag eval --set dev --answers), never on test.

# "What improvements/gains does it report?" asks for the paper's results, whatever they measure.
RESULT_HEADS = {"improvement", "improvements", "gain", "gains", "result", "results", "performance", "benefits"}
_IMPROVES = re.compile(r"\b(?:improv|outperform|gains?\b|boost|beat|surpass)", re.I)
# "how much better does it get?", "how many fewer params does it touch?", "how much token savings?": a change
# against something else is a result, whatever it is counted in ("48% higher", "a 99.5% reduction in updates");
# "how much faster?" asks a ratio (value_kinds.KINDS), which says how it is told
_CHANGE = re.compile(
    r"\bhow (?:much|many)\s+(?:(?:[\w-]+\s+)?(?:better|worse|higher|lower|fewer|less|more)\b"
    r"|(?:[\w-]+\s+){0,2}(?:savings?|speed-?ups?|reductions?)\b)"
    # "how much does it cut the average number of steps?", "how far did their fix raise accuracy?"
    r"|\bhow (?:much|far)\s+(?:do|does|did|can|could|will|would)\s+(?:[\w-]+\s+){1,3}?"
    r"(?:cut|reduce|lower|raise|increase|decrease|boost|shrink|drop|lift)s?\b",
    re.I,
)
# What a method is evaluated on goes by many words; a sentence about its experiments names them.
EVALUATION_HEADS = {
    "dataset",
    "datasets",
    "benchmark",
    "benchmarks",
    "game",
    "games",
    "environments",
    "tasks",
    "domains",
}
_EXPERIMENT = re.compile(
    r"\b(?:experiment|evaluat|bench|test(?![- ]time)|demonstrat|verif|validat|environment|dataset)", re.I
)
# "which models did they validate them on?": what it is tested on, whatever the thing is called
_TESTED_ON = re.compile(r"\b(?:evaluat|validat|test|benchmark|assess)\w*\s+(?:\w+\s+)?on\b", re.I)
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
    a = _reading(part, terms, views, given, question)
    kind, head = a.kind, a.head
    stated: list[tuple[float, str]] = []
    closest: tuple[float, str] | None = None
    start = ranking.own_from(part, candidates)  # from the paper's own doing on, for a part asking how it does a thing
    proposed = ranking.proposal(candidates)
    for at, (sim, sentence, quoted) in list(enumerate(zip(sims, views, candidates, strict=True)))[start:]:
        covered = coverage(detail, sentence) if detail else 0.0
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
                about = (
                    _near(sim, covered) or bool(others & names(sentence)) or values.size_of(a.sized, sentence, terms)
                )
            if part.wants == "number" and others and not _says_named(others, sentence, views[at - 1] if at else ""):
                continue
            # not about it by the rules' words: the closest sentence is for the judge, unless it counts another thing
            unsure = not (about or (kind is not None and kind.self_evident))
            if (unsure and (judge is None or a.count or sim < top)) or not (
                holds_value(part, sentence, (kind, a.asked_class), given, question, a.listed, own_name or a.results)
                or (part.wants == "name" and kind is None and titled(part.head, sentence, paper.title))
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


@dataclass(frozen=True)
class _Asked:
    """What a part asks, read once for all of a paper's sentences (`_reading`)."""

    kind: value_kinds.ValueKind | None  # the kind of value asked, none where it asks for results
    results: bool  # "what improvements does it report?": results, whatever they measure
    head: set[str]  # the terms of the thing asked, with the words an abstract says it in (SAID_AS)
    evaluated_on: bool  # what it is evaluated on: "which Atari games", "which models did they validate them on?"
    listed: tuple[bool, bool]  # names that may be plain words, and things that may be listed in them (holds.plain)
    asked_class: str | None  # the class of thing named: "which LLM ...", "the name of the dataset they released"
    count: value_kinds.ValueKind | None  # "how many queries": what counts them
    sized: frozenset[str] | None  # "how big is that benchmark?": what it consists of, in numbers
    held: set[str] | None  # what holds the things counted, where no sentence counts them by name (`_held`)
    does: bool  # "which module handles ...?": its words after the thing say what the thing does (`_DOES`)


def _reading(part: Part, terms: Terms, views: list[str], given: set[str], question: str) -> _Asked:
    """What the part asks, read once before its paper's sentences are held against it (`answer_part`)."""
    kind, results, head = _asked_kind(part, terms)
    return _Asked(
        kind,
        results,
        head,
        part.head.lower() in EVALUATION_HEADS or bool(_TESTED_ON.search(part.text)),
        plain(part, views, given, terms),
        values.name_class(re.findall(r"[\w-]+", asked(part.text))[:5]) or values.name_class([part.head]),
        kind if kind is not None and kind.name == "count" and head else None,
        values.size_asked(part.text, terms),
        _held(part, kind, head, views, terms, given, question),
        bool(_DOES.match(asked(part.text))),
    )


def _about_head(
    part: Part, a: _Asked, sentence: str, terms: Terms, proposed: bool, near: bool, given: set[str]
) -> bool:
    """The sentence is about the thing the part names: it says it ("which Atari games": "evaluations on ...
    environments (PitFall! ...)" too), a model with its size, what the paper proposes it as, a count of the very thing,
    or, `near` the part, a new name ("on which edge device does it run?": "... on NVIDIA Jetson AGX Xavier")."""
    about = bool(a.head & set(terms(sentence))) or (a.evaluated_on and bool(_EXPERIMENT.search(sentence)))
    about = about or (a.asked_class == "model" and bool(values.SIZED_MODEL.search(sentence)))
    about = about or (_ITS_KIND.match(part.text) is not None and proposed) or _kind_said(part, sentence)
    about = values.counts(a.count, a.head, sentence, terms) if a.count else about
    about = about or (a.held is not None and values.sized(sentence) and a.held <= set(terms(sentence)))
    return about or (part.which_thing and near and bool(new_names(sentence, given)))


def _kind_said(part: Part, sentence: str) -> bool:
    """The thing's kind said with another word for the thing, or with a name in brackets: "which co-folding model
    avoided the ligand chirality issues?" of "AI co-folding methods exhibit ligand chirality issues, except for
    Boltz-1x" (blind 102), "Which long-document QA benchmark ...?" of "long-document QA (Loong)" (blind 93)."""
    thing = part.thing
    at = thing.index(part.head) if part.head in thing else 0
    if not at:
        return False
    other = r"models?|methods?|approaches|systems?|" if values.name_class([part.head]) == "model" else ""
    named = r"\((?-i:[A-Z])[^()]{0,40}\)"
    return bool(re.search(rf"\b{re.escape(thing[at - 1])}\s+(?:{other}{named})", sentence, re.I))


def _scored_on(part: Part, a: _Asked, others: set[str], sentence: str) -> bool:
    """ "What score does DCR²-AD reach on the MMAD benchmark?" is told by a figure on what it is measured on,
    "attaining 83.36% on the comprehensive MMAD benchmark" (blinds 79, 97): a sentence saying every other thing the
    part names ("What score does Claude get on ShoppingComp?" is not told by GPT-5's score on it)."""
    generic = a.kind is not None and a.kind.name == "score" and part.head.lower() in {"score", "scores"}
    return generic and bool(others) and all(_says_named({o}, sentence, "") for o in others)


# "which module handles outlier residuals ...?" (blind 91): the words after the thing asked say what it does; not
# "which real-world application did the tensor-output ... paper test on?", whose words describe the paper (blind 79)
_DOES = re.compile(r"^which\s+[\w-]+\s+(?!(?:is|was|has|does)\b)(?-i:[a-z]+[^s\W]s)\b", re.I)
# "what kind of architecture is it?": what the paper proposes it as ("we propose EVA, a Mixture-of-Experts Framework
# ...", blind 92)
_ITS_KIND = re.compile(r"^what\s+(?:kind|type|sort)\s+of\s+[\w-]+\s+(?:is|are)\s+(?:it|they|this)\b", re.I)


def _asked_kind(part: Part, terms: Terms) -> tuple[value_kinds.ValueKind | None, bool, set[str]]:
    """The kind of value the part asks (none where it asks for results), whether it asks for results, and the terms
    of the thing it asks about, with the words an abstract says it in ("hardware": GPU, TPU, ...)."""
    kind = value_kinds.wanted(asked(part.text))
    results_asked = _results_asked(part, kind)
    head = set(terms(f"{part.head} {SAID_AS.get(part.head.lower(), '')}")) if part.head and not results_asked else set()
    return (None if results_asked else kind), results_asked, head


# "Which datasets is Relation-Augmented Diffusion evaluated on?" asks what it was tested on (not trained on) ...
# (not "which benchmark did they release?")
_EVALUATION_ASKED = re.compile(r"\b(?:evaluat|validat|tested|testing|benchmarked|assess|experiment)", re.I)
_TRAINING = re.compile(r"\b(?:train|pre-?train|fine-?tun|learn)", re.I)
# ... and "Extensive experiments on HICO-DET, COCO-Position, and T2I-CompBench demonstrate ..." names them: the
# judge read it as stating it at 0.07 (blind 54), and at 0.07 to 0.80 as the paper's name was said
# (a list of names right after "on": not "evaluation on real-world structure and ..., FrontierCO provides ...")
_EXPERIMENTS_ON = re.compile(
    r"\b(?:experiments?|evaluations?|results|tests|evaluated|tested|validated|benchmarked)\b[^.;]{0,40}?"
    r"\b(?:on|across|over)\s+(?:the\s+)?(?=(?-i:[A-Z0-9$\\])[^.;]*,)",
    re.I,
)
_NAMES_ASKED = re.compile(r"\b(?:which|what)\b(?![^?]*\bhow (?:many|much)\b)", re.I)


def _evaluated_on_these(part: str, view: str) -> bool:
    """The sentence names two or more things the paper is evaluated on, and the part asks which it is evaluated on."""
    if not (_EVALUATION_ASKED.search(part) and _NAMES_ASKED.search(part)) or _TRAINING.search(part):
        return False
    if not (m := _EXPERIMENTS_ON.search(view)):
        return False
    return len(names(view[m.end() :]) - names(part)) >= 2


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
    return any(
        re.search(rf"(?<![a-z]){re.escape(o)}(?![a-z])" if len(o) < 3 else re.escape(o), said)
        for o in map(str.lower, singular)
    )


def _near(similarity: float, covered: float) -> bool:
    """A sentence is about a part that names no thing it asks for: close enough in meaning, or in its words."""
    return similarity >= CALIBRATION.stated_similarity or covered >= CALIBRATION.stated_coverage


def _results_asked(part: Part, kind: value_kinds.ValueKind | None) -> bool:
    """The part asks for a result with a figure: "What improvements does it report?", "how much does it improve
    over X?"."""
    return (
        part.head.lower() in RESULT_HEADS
        # ... not where it names the metric: "how much does PSDNorm improve balanced accuracy over BatchNorm?"
        or (not part.head and bool(_IMPROVES.search(part.text)) and not (kind and kind.name == "score"))
        or (bool(_CHANGE.search(part.text)) and not (kind and kind.name == "ratio"))
    )


def _told(
    part: Part,
    kind: value_kinds.ValueKind | None,
    head: set[str],
    sentence: str,
    terms: Terms,
    given: set[str],
    question: str,
) -> bool:
    """The sentence tells the asked thing by its name ("how many queries": a count of queries). Where none does, what
    the abstract says the dataset holds is the count in its words: "how many materials does its dataset cover?" told
    as "includes 16 fine-grained categories"."""
    if kind is not None and kind.name == "count":
        return values.counts(kind, head, sentence, terms)
    return bool(head & set(terms(sentence))) and (
        values.holds(kind, sentence, question) if kind else fits(part, sentence, given)
    )


def _held(
    part: Part,
    kind: value_kinds.ValueKind | None,
    head: set[str],
    views: list[str],
    terms: Terms,
    given: set[str],
    question: str,
) -> set[str] | None:
    """ "How many materials does its dataset cover?", where no sentence counts them by name: what the dataset holds
    answers, said in a sentence saying what holds them where the part names it ("... in AutoLoRA's retrieval pool")."""
    if values.COUNT_HELD.match(part.text) and not any(
        _told(part, kind, head, s, terms, given, question) for s in views
    ):
        return set(terms(holder(part.text)))
    return None
