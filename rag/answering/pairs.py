"""A comparison however it is worded, decided by evidence: do two things the question names or describes
resolve to two different papers of the index?

The reading (rag.reading.questions) sees a comparison when its patterns find two named methods. People
also describe the two ("the navigation-template paper and the proxy-label data selection paper both lean
on a big LLM"), or compare the paper just discussed with another ("Is that related to the SAM-based
unlearning paper?"). Here a question that asks a contrast (a cue, rag.reading.questions.asks_contrast) is a
comparison when a second paper of its search covers what the first one leaves of its words: a lookup's
second paper adds little the first did not already cover. The share it must add is calibrated
(rag.calibration pair_gain, on the people-written dev questions). Names are evidence of their own: two
papers that share most of the question's words ("ProtoKV and FlowKV both compress the KV cache") are told
apart by the name each says (`named_pair`, `named_back`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

from rag.answering import baselines, sides
from rag.answering.named import Searched, named_pair, names_said
from rag.answering.own_names import says, text_of, the_one
from rag.calibration import CALIBRATION
from rag.reading.contrasts import (
    BOTH,
    ELIDED,
    GUESSED,
    NEW_TOPIC,
    OF_THE_TWO,
    SHARED,
    THE_TWO,
    TWO_INTRODUCED,
    contrasts_with,
    related,
    several,
    stands_for_earlier,
    two_differ,
)
from rag.reading.cues import INTRODUCED
from rag.reading.introduced import asked_of_each, asked_of_two, brought_in, introduced_sides, related_described
from rag.reading.parts import split_parts
from rag.reading.questions import Reading, asks_contrast, asks_for_papers, of_one_paper
from rag.reading.text import asking_sentences, coined_names, scene_sentences
from rag.reading.turns import FollowUp, refers_back
from rag.types import Hit, Turn

if TYPE_CHECKING:
    from rag.index.store import Store
    from rag.retrieval.filters import Filters
    from rag.retrieval.keyword import KeywordIndex
    from rag.retrieval.retriever import Retriever


@dataclass(frozen=True)
class Pair:
    first: Hit
    second: Hit
    gain: float  # the evidence that both papers are asked about (what each adds, or what the second adds)
    earlier: bool  # the first is the paper the last answer cited (a follow-up)
    named: bool = True  # the words the second covers beyond the first include a rare one: "prior work" names none


def best_pair(
    question: str,
    turns: Sequence[Turn],
    retriever: Retriever,
    store: Store,
    filters: Filters | None = None,
    hits: list[Hit] | None = None,
) -> tuple[Pair | None, Pair | None]:
    """The two papers a contrast question may be about, two ways: (two papers of its own search, the paper the
    last answer cited and one of the search).

    Two of the search: the pair each of whose papers covers words of the question the other does not, by
    the smaller of the two shares ("OUSAC and EGEA-DM both make diffusion cheaper": each paper says its own
    name), is the evidence; a lookup's second paper adds little. The second paper is the first of the search
    whose smaller share is enough (`pair_gain_introduced`). With the paper just discussed ("how does that differ from
    the paper that explains ... via feature groups?"): the question's words are about the other one, so
    the evidence is how much more of them the best paper the answer did not cite covers than the cited one.
    """
    from rag.answering.listing import whole_paper

    keyword = retriever.keyword_index()
    hits = retriever.search(question, k=SECOND_AMONG, filters=filters).hits if hits is None else hits
    cited = list(turns[-1].cited) if turns else []
    fresh: Pair | None = None
    if hits:
        top = hits[0]
        alone = keyword.coverage(question, text_of(top))
        gains = []
        for other in hits[1:]:
            both = keyword.coverage(question, f"{text_of(top)} {text_of(other)}")
            gains.append(min(both - alone, both - keyword.coverage(question, text_of(other))))
        if gains:
            # whether two papers are asked about: the pair that covers most of the question, each beyond the other;
            # which paper is the second: the first of the search that adds enough. "DRIFT-MEDIAN and the paper on
            # how the optimizer implicitly biases the merging loss landscape": that paper (search score 1.0) covers
            # merging as DRIFT-MEDIAN does, so a paper on sharpness, which does not, added more by the smaller share
            gain = max(gains)
            second = next((i for i, g in enumerate(gains) if g >= CALIBRATION.pair_gain_introduced), gains.index(gain))
            fresh = Pair(top, hits[1 + second], gain, False)
    back: Pair | None = None
    others = [h for h in hits if h.paper_id not in cited]
    if cited and others and (stored := store.get_papers(cited[:1])).get(cited[0]):
        earlier = whole_paper(stored[cited[0]])
        mine = keyword.coverage(question, text_of(earlier))
        # of the search's best few, the one the question, or the side it relates the paper to, describes most: ties at
        # the top are common at scale; its search weighs in as a side's does (CALIBRATION.side_words): "the personalised
        # tokenizer paper for generative recommendation" was "Pctx: Tokenizing Personalized Context ..." first at 19,630
        # papers (1.0), but a paper holding 0.53 of the question's words to its 0.52 and searched at 0.47 was taken
        # (blind 132)
        side = said[1] if (said := related(question)) else question
        other = max(
            others[: sides.BACK_AMONG],
            key=lambda h: h.score + CALIBRATION.side_words * keyword.coverage(side, text_of(h)),
        )
        asked = set(keyword.terms(question))
        beyond = asked & set(keyword.terms(text_of(other))) - set(keyword.terms(text_of(earlier)))
        rare = any(keyword.idf(t) >= CALIBRATION.group_min_idf for t in beyond)
        back = Pair(earlier, other, keyword.coverage(question, text_of(other)) - mine, True, rare)
    return fresh, back


SECOND_AMONG = 6  # the two papers are among the search's best few: a comparison's papers both match it well


def chosen(fresh: Pair | None, back: Pair | None, question: str, follows: bool, set_up: bool = False) -> Pair | None:
    """The pair the question compares, if the evidence says it compares two papers: the paper just discussed
    and another when the question points back and contrasts it with something; else two of its search,
    when it is not a follow-up (with less gain when the question itself sets up two papers)."""
    pointed = back is not None and back.gain >= CALIBRATION.pair_back_gain and back.named
    if pointed and (refers_back(question) or ELIDED.search(question)) and contrasts_with(question):
        return back
    needed = CALIBRATION.pair_gain_introduced if set_up else CALIBRATION.pair_gain
    if fresh is not None and fresh.gain >= needed and not follows:
        return fresh
    return None


def named_back(
    question: str, turns: Sequence[Turn], searched: Searched, keyword: KeywordIndex, store: Store
) -> Pair | None:
    """The paper just discussed and the one paper of the search a name of the question points at, when the
    paper just discussed never says that name ("Both this and SophiaVL-R1 put a reward model on the thinking
    process"): what the question's other words share with it dilutes the coverage gain of `best_pair`."""
    from rag.answering.listing import whole_paper

    cited = list(turns[-1].cited) if turns else []
    if not cited or not (stored := store.get_papers(cited[:1])).get(cited[0]):
        return None
    earlier = whole_paper(stored[cited[0]])
    # a name the paper just discussed says is its own, or one it compares with
    names = [n for n in names_said(question, keyword) if not says(earlier, n)]
    hits = searched() if names else []
    for name in names:
        if (one := the_one(hits, name, question, keyword)) and one.paper_id not in cited:
            return Pair(earlier, one, 1.0, True)
    return None


# one paper described by what it does: "the paper on diffusion models not generating the right number of objects"
# (blind 99); not "prior work", any paper
_ONE_DESCRIBED = re.compile(r"^\s*the\s+(?:paper|one|work|study)\s+(?:that|which|on|about|where|with)\s", re.I)


# ... or a thing of the field told apart by what it does: "the VLA that's pretrained on videos of human hands" (blind
# 106), one paper, where "GRPO" alone is the field's
_THING_DESCRIBED = re.compile(r"^\s*the\s+(?:[\w-]+\s+){1,3}?(?:that|which|who)(?:'s|\s)", re.I)


def related_back(
    question: str, turns: Sequence[Turn], retriever: Retriever, store: Store, filters: Filters | None = None
) -> Pair | None:
    """The paper just discussed and the one other paper the question relates it to ("is that the same idea as the
    metacognition study?", "is the debate part similar to what RIVAL does?"): what comes before the relation is a
    reference or says a rare word of that abstract, and the other side alone singles out one paper not cited. The
    whole question says again what the two share ("do they evaluate OC stuff the same way"): weaker evidence."""
    from rag.answering.listing import whole_paper

    cited = list(turns[-1].cited) if turns else []
    said = related(asking_sentences(question))
    # "There's also one that throws out predictions far from the training data. How is that different from this?"
    # (blind 87): "this" is the paper just discussed, and "that" the one the scene describes
    scene = scene_sentences(question)
    swapped = bool(said and stands_for_earlier(said[1]) and scene)
    if said and swapped:
        said = (said[1], scene)
    # ... "there's another privacy paper claiming LoRA gives DP-SGD-like protection. how do the two papers' messages
    # differ?" (blind 92): the two are the paper just discussed and the one the scene brings in
    elif not said and (brought := brought_in(question, scene)) and two_differ(asking_sentences(question)):
        said, swapped = ("this", brought), True
    # ... "both this and Protocode talk about interpretability in code generation. how do their approaches differ?"
    # (blind 103): the two set side by side before the sentence that asks
    elif not said and scene and asks_contrast(asking_sentences(question)) and (back := related(scene)):
        said = back if back[0].lower() in ("it", "this", "that") else None
    if not cited or not said or INTRODUCED.pattern.search(said[0]):
        return None
    if not (stored := store.get_papers(cited[:1])).get(cited[0]):
        return None
    earlier, (subject, other) = whole_paper(stored[cited[0]]), said
    keyword = retriever.keyword_index()
    known = set(keyword.terms(text_of(earlier)))

    def rare(terms: set[str]) -> bool:
        return any(keyword.idf(t) >= CALIBRATION.group_min_idf for t in terms)

    # "is the debate part similar to ...?": a rare word of the subject is the paper just discussed's
    told = rare(set(keyword.terms(subject)) & known)
    # "is it better than MEMIT?" after SUIT, whose abstract says MEMIT: a baseline its own paper compares with, as is
    # a name of the field ("better than GRPO?"); "compared with earlier methods": several papers, none in particular
    # ... not where a thing of the field is told apart by what it does ("the VLA that's pretrained on ...")
    names = [] if _THING_DESCRIBED.match(other) else coined_names(other)
    if (
        not (refers_back(subject) or told or swapped or stands_for_earlier(subject))
        or any(says(earlier, n) for n in names)
        or sides.the_field(names, keyword)
        or (several(other) and not names)
    ):
        return None
    hit = sides.side_paper(other, other, retriever, filters)
    # ... and the other side says a rare word of its paper that the paper just discussed does not ("the sota models");
    # a sentence of its own, or a paper described ("the paper on diffusion models not generating the right number of
    # objects", blind 99), is no such short phrase, and its search singled it out
    if (
        hit is None
        or hit.paper_id in cited
        or not (
            swapped
            or _ONE_DESCRIBED.match(other)
            or _THING_DESCRIBED.match(other)
            or rare(set(keyword.terms(other)) & set(keyword.terms(text_of(hit))) - known)
        )
    ):
        return None
    return Pair(earlier, hit, 1.0, True)


def better(question: str, two: tuple[Hit, Hit] | None, pair: Pair | None, retriever: Retriever) -> Pair | None:
    """Of the papers the question's two sides name and the pair its search found, the two covering more of it."""
    if two is None:
        return pair
    sided = Pair(two[0], two[1], 1.0, False)
    if pair is None or pair.earlier:
        return sided if pair is None else pair
    keyword = retriever.keyword_index()

    def covered(p: Pair) -> float:
        return keyword.coverage(question, f"{text_of(p.first)} {text_of(p.second)}")

    return pair if covered(pair) > covered(sided) else sided


def _points_back(question: str) -> bool:
    """A reference to the paper just discussed, or a "both", "the same" or "the two" that needs it as the other
    side of what the question names ("Is EquiReg doing the same thing?"). The "they" and "both" of a question that
    brings in a paper of its own ("is there an alternative to FLD? what do they pair it with") are that paper's."""
    own = INTRODUCED.pattern.search(question)
    two = any(not own or m[0].lower() not in ("they", "them") for m in THE_TWO.finditer(question))
    # "a benchmark that covers both vision models and LVLMs. does that exist?": its "both" is its own paper's
    return refers_back(question) or two or bool((not own and BOTH.search(question)) or ELIDED.search(question))


# ... asked as an order, not "which papers compare them?"
_COMPARE_THEM = re.compile(
    r"(?:^|[.?!:;]\s*)(?:(?:please|pls|can\s+you|could\s+you)\s+)?(?:compare|contrast)\s+(?:them|the\s+two|both)\b",
    re.I,
)


def compared(
    question: str,
    reading: Reading,
    follow: FollowUp,
    turns: Sequence[Turn],
    retriever: Retriever,
    store: Store,
    filters: Filters | None = None,
) -> tuple[Reading, FollowUp]:
    """The reading with comparisons decided by evidence: "the X paper and the Y paper both ..." is one when two
    papers answer it (the follow-up then points at both); "how does X compare with FastV?" is none when no
    paper here says FastV. "Which papers compare X and Y?" asks for a list, whatever it contrasts."""
    keyword = retriever.keyword_index()
    reading, turns = _as_set(question, reading, follow, turns, keyword)
    typed = reading.kind == "compare"  # its sides as typed, not two papers' titles ("... to Rival GPT-4 in ...")
    # one search of the question, for whichever evidence needs it first
    searched: Searched = cache(lambda: retriever.search(question, k=SECOND_AMONG, filters=filters).hits)
    asking = asking_sentences(question)
    named = (
        named_pair(question, searched, keyword) if reading.kind != "compare" and not GUESSED.search(asking) else None
    )
    pointed = (
        named_back(question, turns, searched, keyword, store)
        if reading.kind != "compare" and not named and turns and _points_back(question)
        else None
    )
    said = introduced_sides(question) if not reading.sides else None
    each = (asked_of_each(question) or related_described(question)) if not (reading.sides or said) else None
    doing = _two_papers_named(question, keyword) if not (reading.sides or said or each) else None
    # "What does each one touch?" asks a contrast of two papers the question names or sets up one by one
    set_up = named or pointed or TWO_INTRODUCED.search(question) or said or each or doing
    # a contrast asked of one paper's own (`of_one_paper`) is about it, unless it names the other paper
    # ... or "their" of two it sets up one by one ("One paper says ..., another ... How do their views line up?")
    cue = (asks_contrast(question) and bool(named or pointed or not of_one_paper(question))) or bool(
        set_up
        and (
            SHARED.search(asking)
            or doing
            # ... or "the two" ("One paper says ..., another says ... How do the two findings fit together?", blind 112)
            or ((said or each) and OF_THE_TWO.search(asking))
        )
    )
    cue = cue and not (turns and baselines.its_baseline(question, turns[-1].cited[:1], store))
    # "two papers on long-tailed data: one for ..., one for ... what does each add?" asks for no list
    # ... nor "two papers on ...: the X one and Y. compare them pls" (blind 107)
    # ... nor two the question sets against each other ("The activation-difference paper ... and the medical knowledge
    # maps paper both poke at LLM internals. What methods does each use?", blind 120: "what methods" asks no list)
    against = said or (reading.kind == "lookup" and reading.sides)
    if reading.kind != "compare" and cue and (against or _COMPARE_THEM.search(asking) or not asks_for_papers(question)):
        # a paper's own name outweighs the words of the question another paper also covers
        pair = Pair(*named, 1.0, False) if named else pointed
        if pair is None:
            fresh, back = best_pair(question, turns, retriever, store, filters, searched())
            described = reading.sides or said or each or doing
            two = sides.described(described, retriever, filters, question, scened=bool(said)) if described else None
            # two papers of the search alone are weak evidence after an answer: a new topic says "differ" too
            # here nothing is named or pointed at: what set the question up is its two papers introduced
            pair = (
                None
                if baselines.against_the_field(question, keyword)
                else chosen(fresh, back, question, follow.follows or bool(turns), bool(set_up))
            )
            # the two papers the question describes one by one ("One paper ..., another ..."), each one paper
            # ... and two names asked what each does are two papers only where each names one
            pair = (
                Pair(*two, 1.0, False)
                if two and (said or each or doing)
                else None
                if doing
                else better(question, two, pair, retriever)
            )
            # "is that the same idea as the metacognition study?": the paper just discussed and the one named so
            pair = pair or (related_back(question, turns, retriever, store, filters) if turns else None)
        if pair:
            reading = Reading("compare", (pair.first.title, pair.second.title), ())
            follow = replace(follow, focus=(pair.first.paper_id, pair.second.paper_id), follows=pair.earlier)
    if typed and _no_pair(question, reading.targets, retriever, store, keyword):
        reading = Reading("lookup", (), tuple(split_parts(question)))
    return reading, follow


def _no_pair(
    question: str, targets: tuple[str, ...], retriever: Retriever, store: Store, keyword: KeywordIndex
) -> bool:
    """The two sides typed are no two papers: one the index does not hold, a field's name or the paper's baseline."""
    return (
        baselines.unindexed(targets, retriever, store)
        or baselines.a_field_side(question, targets, keyword)
        or baselines.a_baseline(question, targets, keyword, store)
    )


def _as_set(
    question: str, reading: Reading, follow: FollowUp, turns: Sequence[Turn], keyword: KeywordIndex
) -> tuple[Reading, Sequence[Turn]]:
    """The reading and the turns a comparison is read against: no turns where a new topic is announced ("diff topic,
    which prompting scheme was it that sorts numbers better than ToT?" sets nothing against the paper just
    discussed); the one paper the follow-up picks of those cited as the paper just discussed ("the second one - how
    does its metric stack up against CLIP-score?", blind 83); and no typed comparison with a name of the field for a
    side where the question sets up its own two ("Plan-R1 and the chain-of-thought traffic-regulation paper both use
    GRPO. how do they use it differently?", blind 89)."""
    if NEW_TOPIC.search(question):
        turns = ()
    elif turns and follow.follows and len(follow.focus) == 1 and len(turns[-1].cited) > 1:
        turns = [*turns[:-1], replace(turns[-1], cited=follow.focus)]
    # a side that is only a name more papers say than a rare word ("GRPO"), not one several papers are called ("CARE",
    # "STAR") nor a paper described ("the method that replaces PPO's entropy bonus ...")
    fields = reading.kind == "compare" and any(
        coined_names(t) == [t.strip()] and len(keyword.named(t.strip())) > keyword.rare() for t in reading.targets
    )
    if fields and introduced_sides(question):
        reading = Reading("lookup", (), tuple(split_parts(question)))
    return reading, turns


def _two_papers_named(question: str, keyword: KeywordIndex) -> tuple[str, str] | None:
    """The two names a question asks what or how they do ("how do FracAug and DEMO create ...?"), where each is a
    coined name and no name of the field ("how do LLMs and VLMs handle long inputs?" compares no two papers)."""
    two = asked_of_two(question)
    named = two and all((names := coined_names(side)) and not sides.the_field(names, keyword) for side in two)
    return two if named else None
