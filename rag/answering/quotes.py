"""What to quote when a question asks about a paper as a whole: the sentences closest to it, then the paper's
proposal, how it works and its result, in the abstract's order (rag.answering.extractive)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from rag.answering import known, own_names, value_kinds, values
from rag.answering.aspects import aspects_said
from rag.answering.beside import ENUMERATION_NEXT, ENUMERATION_START, SEVERAL_ASKED
from rag.answering.compose import BOILERPLATE
from rag.answering.evidence import RESULT, Coverage, Found, Similarity, unquoted
from rag.answering.judge import Judge
from rag.answering.own_work import ASKS_BACKGROUND, of_other_work, own_start
from rag.answering.ranking import closeness, only_in_its_name, proposal_named, says_the_step
from rag.calibration import CALIBRATION
from rag.reading.asking import asked
from rag.reading.lexicon import descriptions
from rag.reading.text import asking_sentences, defined_before, pointed_to, sentences
from rag.types import Hit

# ... or a sentence that announces its items and says none: "Our contributions are twofold.", "we propose two key
# innovations." (blind 43); its items may start with "First," too; "PERK employs two nested optimization loops in a
# meta-training phase." (blinds 121, 122, 140: "The inner loop ...", "Concurrently, the outer loop ...")
ANNOUNCED = re.compile(
    r"\b(?:two|three|four)-?fold[.:]?$|\b(?:two|three|four|five)\s+(?:[\w-]+\s+){0,2}(?P<things>[a-z]+s)"
    r"(?:\s+(?:in|at|during|for|within)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?[\w-]+)?\s*[.:]$"
    # ... or a thing of so many: "we introduce ReasonMap, a novel two-stage training framework." (blind 145)
    r"|\b(?:two|three|four|dual)-(?P<thing>[a-z]+)\s+(?:[\w-]+\s+){0,2}[a-z]+\s*[.:]$",
    re.I,
)


def asks_own(question: str, follows: bool) -> bool:
    """The question asks of the paper's own work: a follow-up's part, or any question asking how a paper meets a
    problem ("how does that multi-character portrait animation paper stop the different faces' driving signals from
    interfering?" is not told by the problem, blind 132); unless any sentence asks why, or of a problem or prior
    work."""
    remedy = bool(REMEDY_ASKED.search(asking_sentences(question)))
    return (follows or remedy) and not ASKS_BACKGROUND.search(question)


def asked_of_it(question: str) -> str:
    """A follow-up's words without those picking its paper of the ones just cited: "what did the puzzlehunt one's error
    analysis turn up?" asks what its error analysis turned up, and every sentence of the paper is about puzzlehunts
    (blind 140: the sentences saying "puzzlehunt" were quoted, not "Our detailed error analysis reveals ...")."""
    for words in descriptions(question, least=1):
        # ... not "work" the verb: "how does the IV part work exactly?" (blind 133)
        picking = rf"\b(?:the|that|this)\s+{re.escape(words)}\s+(?:paper|study|one)"
        question = re.sub(
            rf"{picking}\b(?!['’])", "it", re.sub(rf"{picking}['’]s\b", "its", question, flags=re.I), flags=re.I
        )
    return question


def best_sentences(
    question: str,
    paper: Hit,
    similar: Similarity,
    exclude: set[str],
    most: int = 3,
    coverage: Coverage | None = None,
    judge: Judge | None = None,
    leads: Sequence[str] = (),
    own: bool = False,
) -> list[str]:
    """What to quote when the question asks about a paper as a whole: the sentences closest to the
    question, then its proposal, how it works and its result, in the abstract's order; the first of `leads`
    (`likeliest`) that is none of these too, beyond `most`. With `coverage`,
    closeness also counts the question's rarer words a sentence holds ("alternating least squares"):
    the small embedder alone favours an abstract's general opening. With `judge`, closeness also counts the
    chance that a sentence states what its asking sentences ask, as a part's sentences are ranked (evidence.ranked).
    With `own`, the closest is sought from the paper's proposal on, among sentences not about other work: "how does
    it keep the cache from growing forever?" asks its own way, not "Even evolved streaming variants, such as
    StreamVGGT, still suffer from rapidly growing cache" (blind 95)."""
    candidates = unquoted(paper, exclude)
    if not candidates:
        return []
    sims = similar(question, candidates)
    if coverage is not None:
        sims = [closeness(sim, coverage(question, s)) for sim, s in zip(sims, candidates, strict=True)]
    # ... and what it asks of it: "what's inside their world model?" of "This world model comprises ..." (blind 146)
    asking = asking_sentences(question)
    sims = [sim + aspects_said(asking, s) for sim, s in zip(sims, candidates, strict=True)]
    if judge is not None:  # what is asked, without a sentence setting the scene that the opening would echo
        chances = judge(asking, candidates)
        sims = [sim + CALIBRATION.judge_rank_weight * chance for sim, chance in zip(sims, chances, strict=True)]
    order = sorted(range(len(candidates)), key=lambda i: -sims[i])
    own_from: set[int] | None = None  # with `own`, the paper's own sentences
    if own:  # the paper's own sentences first, each group still closest first
        start = own_start(candidates)
        other = of_other_work(candidates)
        order.sort(key=lambda i: i < start or i in other)
        own_from = {i for i in order if i >= start and i not in other}
    picked = order[: max(1, most - 3)] if most > 1 else order[:1]
    closest = list(picked)
    if most > 1 and own:  # a follow-up naming a piece of the method: the sentences that say it, closest first
        own_names = {paper.title, *known.proposed(candidates)}  # "SPEAG" of "we propose SPEAG" is no piece of it
        picked += _piece_sentences(question, own_names, candidates, order, picked)
    anyway = _quoted_anyway(question, candidates) if most > 1 else (None, None, None)
    # the likeliest sentence a follow-up's answer quotes not anyway (the proposal and the one after it, quoted first;
    # the result may not be, past `most`), or else the likeliest
    at = [candidates.index(s) for s in leads if s in candidates]
    lead = next((i for i in at if i not in picked and i not in anyway[:2]), at[0] if at else None)
    if lead is not None and lead not in picked:
        picked, most = [*picked, lead], most + 1
    if most > 1:
        # the closest sentences all quoted anyway: the closest of the rest too, which may say what is asked ("what's
        # the key idea that makes the sharing possible?" of "ICaRus fine-tunes only the logical decoder ...", not
        # only its proposal, blind 156)
        beyond = _closest_beyond(order, {*anyway, *picked}, own_from) if all(i in anyway for i in closest) else None
        if beyond is not None:  # ... which may be the first sentence
            picked, most = [*picked, beyond], most + 1
        for i in (*anyway, *order):
            if i is not None and i < len(candidates) and i not in picked and len(picked) < most:
                picked.append(i)
    added = _enumerated(candidates, picked)
    if most > 1:  # one sentence asked for is the closest, first
        added += _pointed_to(candidates, picked, paper.abstract or paper.passage)
        asking = asking_sentences(question)
        added += _answered_next(candidates, picked, asking)
        added += _remedied_before(candidates, picked, asking)
        added += _remedy(candidates, order, picked, asking)
    return [candidates[i] for i in sorted(set(picked + added))]


def _quoted_anyway(question: str, candidates: list[str]) -> tuple[int | None, int | None, int | None]:
    """What a whole paper's answer quotes whatever is asked: its proposal, the sentence after it, its result."""
    proposed = proposal_named(question, candidates)
    # ... not a link's digits ("https://anonymous.4open.science/r/ReasonMap-6A83", blind 124)
    results = (i for i in reversed(range(len(candidates))) if RESULT.search(candidates[i]))
    result = next((i for i in results if not BOILERPLATE.search(candidates[i])), None)
    return proposed, None if proposed is None else proposed + 1, result


def _closest_beyond(order: list[int], quoted: set[int | None], own: set[int] | None) -> int | None:
    """The closest sentence not quoted anyway, of the paper's own where `own` says which those are."""
    return next((i for i in order if i not in quoted and (own is None or i in own)), None)


def _piece_sentences(
    question: str, own: set[str], candidates: list[str], order: list[int], picked: list[int]
) -> list[int]:
    """The sentences saying a piece of the method the question asks about (`_piece_patterns`), closest first; where
    it counts them, also each piece a sentence saying them lists by name: "what are its two modules and what does each
    one do?" of "ADOR consists of two complementary modules: the ... (AO-Disentangler) and the ... (AD-Reviver)", told
    by "The AO-Disentangler reduces ... via distance-based masking" and "The AD-Reviver tackles ..." (blind 127)."""
    named, counted = _piece_patterns(question, own)  # read off the question once, not for each sentence
    said = [i for i in order if i not in picked and any(p.search(candidates[i]) for p in [*named, *counted])]
    said = said[: max(2, len(named))]
    counting = [i for i in order if any(p.search(candidates[i]) for p in counted)][:2]
    each = _names_said(" ".join(candidates[i] for i in counting), own)
    told = [i for i in order if i not in picked and i not in said and any(p.search(candidates[i]) for p in each)]
    return said + told[: len(each)]


def _names_said(text: str, own: set[str]) -> list[re.Pattern[str]]:
    """What says each coined name of the text that is no name of the paper itself, once each, as a word of its own."""
    names = [n for n in known.question_names(text) if not any(n in o for o in own)]
    return [_as_word(n) for n in dict.fromkeys(names)]


def _as_word(name: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", flags)


def _piece_patterns(question: str, own: set[str]) -> tuple[list[re.Pattern[str]], list[re.Pattern[str]]]:
    """What says a piece the question asks about that is no name of the paper itself: "what exactly does the AD-Reviver
    part do?" of ADOR, told by "The AD-Reviver tackles ... by applying L2-normalization ..." (blind 121), not by the
    proposal and the result a question about the whole paper is answered with; apart, the pieces it counts."""
    pieces = _PIECE.findall(question)
    described = [m.strip() for m, _ in pieces if m.strip() and not set(m.lower().split()) <= _NO_PIECE]
    # "the inner/outer loop thing": the inner loop and the outer loop (blind 131)
    described = [w for d in described for w in _each_of_slashed(d)]
    # "What do the two training stages consist of?": each stage, said as "The first stage, ..." (blind 124)
    counted = [noun for m, noun in pieces if m.split()[:1] and m.split()[0].lower() in _COUNTS]
    said = [n for n in [*known.question_names(question), *described] if not any(n in o for o in own)]
    return (
        [_as_word(n, re.I if n in described else 0) for n in said],
        [re.compile(rf"\b{noun}(?:e?s)?\b", re.I) for noun in counted],
    )


# ... or by the words before what it is: "how does their semantic variant alignment part work?" of "we further
# present semantic variant alignment to select ...", "what's the self-paced bit in SPEAG actually doing?" (blind 120)
_PIECE = re.compile(
    r"\b(?:the|their|its|this|that)\s+((?:[\w/-]+\s+){0,4}?)"
    r"(part|module|component|stage|block|branch|step|mechanism|loss|term|trick|bit|piece|thing)(?:e?s)?\b",
    re.I,
)


def _each_of_slashed(words: str) -> list[str]:
    """Words offering alternatives by a slash, each with the words after it: "inner loop", "outer loop" of "inner/outer
    loop"; any other words as they are."""
    m = re.fullmatch(r"(.*?)([\w-]+(?:/[\w-]+)+)(\s+.+)?", words)
    if m is None or not m[3]:
        return [words]
    return [f"{m[1]}{alt}{m[3]}" for alt in m[2].split("/")]


_NO_PIECE = {"first", "second", "third", "last", "final", "main", "key", "other", "new", "whole", "core", "same", "two"}
_COUNTS = {"two", "three", "four", "both", "each", "all"}


def _pointed_to(candidates: list[str], picked: list[int], text: str) -> list[int]:
    """The sentence a quoted one opens by pointing back to, where it is not quoted yet: "This approach enables us to
    capture the intrinsic symmetries ..." says what approach only with "We interpret the embedding space ... as a
    spherical manifold" before it (blind 96), as a part's sentence brings it (rag.answering.extractive)."""
    before = (pointed_to(candidates[i], text) or defined_before(candidates[i], text) for i in picked)
    return [candidates.index(b) for b in before if b is not None and b in candidates]


# What a quoted sentence's problem is met by, in the sentence right after it, where the question asks it: "how do they
# deal with that?" of "... naive composition causes interference ..." then "To overcome this, we introduce bi-level
# orthogonality constraints" (blind 106); "why do they think more shots stop helping?" of "... does not always improve
# ... when increasing the number of examples" then "We hypothesize that this happens because ..." (blind 106)
REMEDY_ASKED = re.compile(
    r"\b(?:deal|cope)s?\s+with\b|\b(?:handle|address|avoid|fix|mitigate|overcome|solve|prevent|resolve|tackle|counter)s?\b"
    r"|\bget\s+around\b|\b(?:stops?|keeps?)\s+(?:[\w'’-]+\s+){1,6}?from\s+[a-z]+ing\b",
    re.I,
)
_REMEDIES = r"to\s+(?:overcome|address|tackle|mitigate|alleviate|resolve|solve|remedy|counter|fix|handle|avoid|prevent)"
_REMEDY_NEXT = re.compile(
    rf"^\W*(?:{_REMEDIES}\s+(?:this|these|that|it|such|the\s+(?:above|former|latter))\b|to\s+this\s+end\b)", re.I
)
_CAUSE_ASKED = re.compile(r"\bwhy\b|\b(?:root\s+)?causes?\b|\breasons?\b", re.I)
# ... or tells how in steps, after a sentence saying it in a word: "how do they measure 'effort' concretely?" of
# "TRACE quantifies effort by measuring how early ...", then "We progressively truncate a model's CoT ..."; "how do
# they plug it into PPO?" of "We then show how PPO can be adapted ...", then "Our method (1) employs ..." (blind 126)
# ... or the trick of it: "what's the core trick for updating the state?" of "First, we introduce a row-sparse update
# formulation ...", then "This enables sparse state updates via softmax-based top-$k$ hard classification" (blind 138)
_HOW_ASKED = re.compile(
    r"\bhow\b(?!\s+(?:many|much|long|far|big|large|often|fast|well)\b)|\b(?:trick|mechanism|key idea|core idea)\b", re.I
)
_HOW_NEXT = re.compile(
    r"^\W*(?:(?:specifically|concretely|in particular|in practice|to do so|to this end)\b"
    r"|our (?:method|approach|framework|algorithm)\s+(?:\(1\)|first\b)|we (?:progressively|first|iteratively)\b"
    r"|this (?:enables|allows|lets|makes)\b)",
    re.I,
)
# ... or names it: "We further identify that the fundamental reason for this phenomenon is frequency competition" after
# "Representing such non-stationary sequences with a fixed period can lead to underfitting" (blind 136: "what root cause
# do they blame for fixed-period models failing?")
_CAUSE_NEXT = re.compile(
    r"\b(?:this|it|that)\s+(?:happens|occurs|arises|is)\s+(?:because|due\s+to)\b"
    r"|\b(?:fundamental|root|main|underlying|key|primary)\s+(?:reason|cause)s?\s+(?:for|of|behind)\s+(?:this|these|th[ae]t)\b",
    re.I,
)
# ... or what a piece is for, in the sentence going on about it: "what role does the beam search play in it?" of "We
# then introduce a Planning Algorithm based on Beam Search", then "This algorithm performs forward exploration ..."
# (blind 132)
_ROLE_ASKED = re.compile(r"\b(?:role|purpose)\b|\bwhat\s+(?:is|are)\s+(?:the\s+|its\s+|their\s+)?[\w-]+\s+for\b", re.I)
_ROLE_NEXT = re.compile(
    r"^\W*(?:this|these)\s+(?:[\w-]+\s+)?(?:algorithm|module|component|mechanism|procedure|step|stage|strategy|search"
    r"|loss|objective|network|block|layer|branch|process|design)s?\b",
    re.I,
)


def _answered_next(candidates: list[str], picked: list[int], asking: str) -> list[int]:
    """The sentence right after a quoted one that meets its problem, as the question asks (`_REMEDY_NEXT` for how
    they deal with it, `_CAUSE_NEXT` for why, `_HOW_NEXT` for how it is done, `_ROLE_NEXT` for what a piece is for),
    where it is not quoted yet."""
    nexts = [
        pattern
        for asked, pattern in (
            (REMEDY_ASKED, _REMEDY_NEXT),
            (_CAUSE_ASKED, _CAUSE_NEXT),
            (_HOW_ASKED, _HOW_NEXT),
            (_ROLE_ASKED, _ROLE_NEXT),
        )
        if asked.search(asking)
    ]
    return [
        i + 1
        for i in picked
        if i + 1 < len(candidates) and i + 1 not in picked and any(p.search(candidates[i + 1]) for p in nexts)
    ]


# a sentence opening by what it meets: "To address the limitations of single-step diffusion models in high-resolution
# virtual staining, we further propose ..."
_REMEDY_OPENING = re.compile(rf"^\W*{_REMEDIES}\b", re.I)


def _remedy(candidates: list[str], order: list[int], picked: list[int], asking: str) -> list[int]:
    """How they deal with a problem is the closest sentence opening by what it meets, where none quoted does: "single
    step at high res sounds hard. how did they deal with that?" of "To address the limitations of single-step diffusion
    models in high-resolution virtual staining, we further propose a two-stage progressive training strategy" (blind
    135), which the proposal and its result had crowded out."""
    if not REMEDY_ASKED.search(asking) or any(_REMEDY_OPENING.match(candidates[i]) for i in picked):
        return []
    return next(([i] for i in order if _REMEDY_OPENING.match(candidates[i])), [])


def _remedied_before(candidates: list[str], picked: list[int], asking: str) -> list[int]:
    """Why a piece is needed is the problem it meets, in the sentence before the quoted one meeting "this issue": "why
    do they need the entropy regularization part?" of "However, the dual problem results in the unstable min-max
    training procedure." then "To alleviate this issue, we further introduce entropy regularization ..." (blind 134)."""
    if not _CAUSE_ASKED.search(asking):
        return []
    return [i - 1 for i in picked if i > 0 and i - 1 not in picked and _REMEDY_NEXT.match(candidates[i])]


def likeliest(judge: Judge | None, part: str, paper: Hit, exclude: set[str], own: bool = True) -> list[str]:
    """The sentences the judge reads as likely to state what a follow-up asks of a paper ("how do they keep the
    adversary from inventing unrealistic partners?" of "... by keeping the generative model frozen"), likeliest first,
    where each reaches CALIBRATION.follow_up_lead: the sentences closest to the question, which a follow-up quotes,
    missed it; the first is often the paper's proposal, quoted anyway ("So how do they actually smooth it?" of "...
    through linear interpolation between their weights", second, blind 156). With
    `own`, only from where the paper's own doing starts (a follow-up not asking why, nor of a problem or of prior
    work: ASKS_BACKGROUND)."""
    # asked of every paper a whole answer quotes: nothing to read unless a follow-up asks and a judge reads it
    if judge is None or not part or not (candidates := unquoted(paper, exclude)):
        return []
    # from the paper's proposal on, where what it says is its own: "do they need a big emotional speech dataset?" of
    # "... no need for a large emotional speech corpus", not "Existing methods ... require ... a large in-house
    # emotional speech corpus" before it (blind 84), as a comparison's "On the question" (CALIBRATION.point_after)
    if own:  # ... nor what other work lacks, after it: "Any change to the specification requires retraining ..."
        start, other = own_start(candidates), of_other_work(candidates)
        candidates = [s for i, s in enumerate(candidates) if i >= start and i not in other] or candidates[start:]
    candidates = [s for s in candidates if not only_in_its_name(part, s)] or candidates
    candidates = [s for s in candidates if says_the_step(part, s)] or candidates
    # a value of the kind asked says what it is about: "How heavy is VRPAgent computationally, does it need GPUs?" of
    # "... while requiring only a single CPU core", which the judge read 0.01 (blind 109)
    # ... not one the follow-up itself gave (`values.holds`)
    kind = value_kinds.wanted(asked(part))
    if kind is not None and kind.self_evident and kind.held is not None:
        holding = [s for s in candidates if values.holds(kind, s, part)]
        if holding:
            return holding[:1]
    read = own_names.as_it(part, paper)  # "How is the reward set up in Sparsity Forcing?" (blind 152)
    ranked = sorted(zip(judge(read, candidates), candidates, strict=True), key=lambda pair: -pair[0])
    return [sentence for chance, sentence in ranked if chance >= CALIBRATION.follow_up_lead]


def _enumerated(candidates: list[str], picked: list[int]) -> list[int]:
    """The rest of an enumeration whose first item is quoted: "what are its two pillars?" of "Pillar 1: ..." wants
    "Pillar 2: ..." too, which is seldom as close to the question as the first. Only the sentences that carry the
    enumeration's markers, up to four sentences apart (an item may take several sentences to say)."""
    items: list[int] = []
    for start in picked:
        announced = ANNOUNCED.search(candidates[start])
        if not (announced or ENUMERATION_START.search(candidates[start])):
            continue
        # ... or, after "a novel framework incorporating two key modules.", each sentence saying a module (blind 112)
        named = announced and (announced["thing"] or announced["things"])
        thing = rf"{re.escape(values.singular(named))}(?:e?s)?" if named else None
        last = start
        for i in range(start + 1, len(candidates)):
            if i - last > 4:
                break
            said = bool(thing and re.search(rf"\b{thing}\b", candidates[i], re.I))
            if ENUMERATION_NEXT.search(candidates[i]) or (
                announced and (ENUMERATION_START.search(candidates[i]) or said)
            ):
                last = i
                items += [i] if i not in picked else []
    return items


def each_piece(found: Found, earlier: list[Found], skip: set[str]) -> Found:
    """A part asking what each of the pieces an earlier part counts does, answered by the sentences naming the pieces
    that part's sentence lists: "what are its two modules and what does each one do?" of "ADOR consists of two
    complementary modules: the ... (AO-Disentangler) and the ... (AD-Reviver)" is told by "The AO-Disentangler reduces
    ..." and "The AD-Reviver tackles ..." (blind 127)."""
    if not _EACH.search(asked(found.part.text)):
        return found
    for before in earlier:
        if not (before.sentence and before.paper == found.paper and SEVERAL_ASKED.search(asked(before.part.text))):
            continue
        ordered = sentences(found.paper.abstract or found.paper.passage)
        each = _names_said(before.sentence, {found.paper.title, *known.proposed(ordered)})
        told = [s for s in ordered if s != before.sentence and s not in skip and any(p.search(s) for p in each)]
        if len(told) >= 2:
            return replace(found, sentence=told[0], also=told[1], before=None, doubted=None)
    return found


_EACH = re.compile(r"^\W*(?:and\s+)?(?:what|how)\b.*\beach(?:\s+one|\s+of\s+them)?\b", re.I)
