"""The extractive writer: an answer made only of sentences of the chosen papers' abstracts.

One function per way of answering: what a paper is (its key sentences), the details asked part by
part ("not stated" included), a list of papers, a table of two methods.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rag.answering import (
    approaches,
    asks,
    beside,
    compose,
    evidence,
    known,
    quotes,
    sides,
    subject,
    value_kinds,
    values,
)
from rag.answering.judge import Judge
from rag.answering.named_thing import introduced_as
from rag.calibration import CALIBRATION
from rag.reading.asking import asked
from rag.reading.headings import DESCRIBED_SIDE
from rag.reading.parts import YES_NO, Part, split_parts
from rag.reading.questions import Reading
from rag.reading.text import coined_names, defined_acronyms, defined_before, flat_latex, says, sentences, spelled_out
from rag.retrieval.keyword import KeywordIndex
from rag.types import Hit, Turn


def extract(
    question: str,
    query: str,
    reading: Reading,
    chosen: list[Hit],
    retrieved: Sequence[Hit],
    turns: Sequence[Turn],
    keyword: KeywordIndex,
    similar: evidence.Similarity,
    asks_more: bool = False,
    follows: bool = False,
    judge: Judge | None = None,
) -> compose.Draft:
    """Sentences of the chosen papers' abstracts: never says what no abstract says.

    A follow-up that asks for more ("tell me more") does not repeat the sentences the previous answer quoted; any other
    question gets its best sentences, quoted before or not ("What success rate does it report?" after an answer that
    quoted it is answered by that sentence)."""
    said = set(sentences(turns[-1].answer)) if turns and asks_more else set()
    exclude = {s for h in chosen for s in sentences(h.abstract) if said_before(s, said)}
    if reading.kind == "list":
        items = [(h, item_sentence(query, h, similar, exclude, keyword)) for h in chosen]
        more = sum(1 for h in retrieved[len(chosen) :] if h.score >= CALIBRATION.list_share * chosen[0].score)
        texts = [" ".join((h.title, compose.row_sentences(h.abstract or h.passage)[1], s)) for h, s in items]
        return compose.listing(items, more, approaches.group(query, texts, keyword))
    whole, foreign = _whole_or_parts(question, reading, chosen, keyword, follows, judge)
    if whole:
        most = 5 if not turns else 3
        # the judge weighs in on a question of its own, not on a follow-up's one closest sentence: on dev and the
        # read blinds' conversations that lost "... a variant of the Sharpe ratio" to "Our approach ... performs a
        # limited number of high-impact modifications", already quoted as the sentence after the proposal
        ranker, asking = (None, quotes.asked_of_it(question)) if follows else (judge, question)
        # ... but the sentence it reads as likeliest to state what a follow-up asks is quoted too
        asks = quotes.asked_of_it(reading.parts[0].text) if follows and reading.parts else ""
        own = quotes.asks_own(question, bool(asks))
        quoted = {
            h.paper_id: quotes.best_sentences(
                asking,
                h,
                similar,
                exclude,
                most,
                keyword.coverage,
                ranker,
                quotes.likeliest(judge, asks, h, exclude, own),
                own,
            )
            for h in chosen
        }
        draft = compose.nothing_new(chosen) if said and not any(quoted.values()) else compose.about(chosen, quoted)
    else:
        draft = compose.parts(
            chosen, _answer_parts(question, reading, chosen, keyword, similar, exclude, foreign, judge)
        )
        if draft.refused:
            # a link to the code is near nothing asked ("will open-source our model at https://...")
            links = {s for s in sentences(chosen[0].abstract or chosen[0].passage) if compose.BOILERPLATE.search(s)}
            nearest = quotes.best_sentences(question, chosen[0], similar, links, most=1)
            draft = compose.not_stated_with_nearest(draft, nearest[0] if nearest else None)
    # names the question offers beside what it asks ("I wonder if StreamingLLM was included") are answered for
    return compose.unnamed(draft, [n for n in foreign if not any(n in p.text for p in reading.parts)])


def _whole_or_parts(
    question: str,
    reading: Reading,
    chosen: list[Hit],
    keyword: KeywordIndex,
    follows: bool,
    judge: Judge | None = None,
) -> tuple[bool, list[str]]:
    """Answer the question as a whole or part by part, and the names it says that no chosen abstract says.

    A question about what a paper is or does ("Is there a paper that ...?", "What does TraDy do?", "Which
    benchmark evaluates LLMs on graph problems?") is answered by the paper's key sentences; one that asks
    for details ("How many clients ..., and which datasets?") part by part, "not stated" included.
    """
    # "Does it report results on the DNS Challenge data?" of an abstract that never names it: not stated
    unmet = any(
        YES_NO.match(p.text) and values.unmet_condition(p.text, f"{h.title} {h.abstract}")
        for p in reading.parts
        for h in chosen
    )
    # a part naming a thing no chosen abstract says ("How does it compare with FastV?") is answered part by part
    foreign = known.unsaid_names(question, chosen)
    asks_foreign = any(n in p.text for p in reading.parts for n in foreign)
    plain = len(reading.parts) < 2 and not any(p.asks_detail for p in reading.parts)
    # "What LoRA rank does ICaRus use?" opens like "What does ICaRus do?": a question that names its paper and that
    # no sentence of it states, as the judge reads them, asks a detail, and is answered part by part ("not stated"
    # included). One that names no paper ("How should I choose which pairs to label ...?") looks for one.
    unstated = (
        plain
        and judge is not None
        and not follows
        and reading.kind == "lookup"
        and len(reading.parts) == 1
        and _names_its_paper(question, chosen, keyword)
        and not _stated_anywhere(judge, reading.parts[0].text, chosen)
    )
    # a follow-up asks about the paper as a whole; two things set against each other ("KARMA and Lana both
    # ...") are more than one paper; weighed only where the question is not already answered whole
    describing = not (plain or follows or reading.sides) and all(
        subject.describes(p, question, chosen, keyword) for p in reading.parts
    )
    # "what are the two strategies it proposes?", "what does TRACE stand for?": the sentence saying them answers
    listed = any(
        evidence.decisive(p.text, sentences(h.abstract or "")) is not None for p in reading.parts for h in chosen
    )
    return (plain or describing) and not (unmet or asks_foreign or unstated or listed), foreign


def _names_its_paper(question: str, chosen: list[Hit], keyword: KeywordIndex) -> bool:
    """The question says a coined name of a chosen paper that few papers say ("ICaRus", not "Mamba" or "VQA")."""
    for name in known.question_names(question):
        said = keyword.named(name)
        if len(said) <= CALIBRATION.named_max and any(h.paper_id in said for h in chosen):
            return True
    return False


def _stated_anywhere(judge: Judge, asked: str, chosen: list[Hit]) -> bool:
    texts = [s for h in chosen for s in sentences(h.abstract or h.passage)]
    return max(judge(asked, texts), default=0.0) >= CALIBRATION.plain_stated


def _answer_parts(
    question: str,
    reading: Reading,
    chosen: list[Hit],
    keyword: KeywordIndex,
    similar: evidence.Similarity,
    exclude: set[str],
    foreign: Sequence[str] = (),
    judge: Judge | None = None,
) -> list[evidence.Found]:
    """One sentence per asked part. Parts asking a number or a name go first; a part asking how or what
    then skips the sentences they quoted, so that every part adds something to the answer."""
    parts = reading.parts
    found: dict[int, evidence.Found] = {}
    used: set[str] = set()
    for i in sorted(range(len(parts)), key=lambda i: parts[i].wants not in ("number", "name")):
        skip = exclude if parts[i].wants in ("number", "name") else exclude | used
        if any(n in parts[i].text for n in foreign):
            found[i] = evidence.Found(parts[i], chosen[0], None, 0.0)
            continue
        found[i] = max(
            (
                evidence.answer_part(parts[i], h, similar, keyword.coverage, keyword.terms, skip, question, judge)
                for h in chosen
            ),
            key=lambda f: (f.sentence is not None, f.score),
        )
        judged = (kind := value_kinds.wanted(asked(parts[i].text))) is None or kind.judged
        said = found[i].sentence or ""
        evident = (
            asks.built_on_said,
            asks.done_said,
            asks.measured_on_said,
            asks.metric_said,
            asks.apposed_said,
            asks.tested_on_said,
            asks.degree_said,
            introduced_as,
        )
        judged = judged and not any(rule(parts[i], said) for rule in evident)
        if judge is not None and judged and found[i].sentence and not _judged_stated(judge, found[i], skip):
            found[i] = evidence.Found(parts[i], found[i].paper, None, found[i].score, doubted=found[i].sentence)
        found[i] = beside.with_sibling(
            beside.with_antecedent(beside.with_how_it_works(found[i], skip), skip | used), skip
        )
        found[i] = quotes.each_piece(found[i], [found[j] for j in found if j != i], skip)
        used |= {s for s in (found[i].before, found[i].sentence, found[i].also) if s}
    return [found[i] for i in range(len(parts))]


def _judged_stated(judge: Judge, found: evidence.Found, skip: set[str]) -> bool:
    """Some sentence of the paper states the part, as the judge reads each with it. The rules' sentence is
    read first and the others only if it falls short: each is read on its own, so the verdict is the same
    for one call where it holds (most parts), where reading all cost a tenth of a second on AVX2 hosts."""
    candidates = [s for s in sentences(found.paper.abstract or found.paper.passage) if s not in skip]
    first = [s for s in candidates if s == found.sentence][:1]
    if first:
        # the judge's chance for it, where ranking the part's sentences read it already
        chance = found.chance if found.chance is not None else judge(found.part.text, first)[0]
        if chance >= CALIBRATION.judge_stated:
            return True
    rest = [s for s in candidates if s not in first]
    return max(judge(found.part.text, rest), default=0.0) >= CALIBRATION.judge_stated


def item_sentence(
    query: str, paper: Hit, similar: evidence.Similarity, exclude: set[str], keyword: KeywordIndex
) -> str:
    """The one sentence that makes a paper a list item: the closest to the question, in meaning and words."""
    return (quotes.best_sentences(query, paper, similar, exclude, 1, keyword.coverage) or [paper.passage])[0]


def compare(
    question: str,
    reading: Reading,
    hits: list[Hit],
    keyword: KeywordIndex,
    similar: evidence.Similarity,
    judge: Judge | None = None,
) -> compose.Draft:
    """Two methods in a table; a method no paper proposes ("DPO") is said to be only studied here.

    Besides approach and result, each row quotes the sentence of its abstract that the judge reads as likeliest to
    state what the question asks about the two ("in the criterion they use to pick the next query"); without the
    judge, the closest to it."""
    papers = hits[:2]
    notices = (
        [] if len(papers) == 2 else ["Only one of the two methods was found in the index; compared what was found."]
    )
    names: list[str | None] = []
    for i, paper in enumerate(papers):
        # its own side's name first, and of its names the one fewest papers say: "PFT3A", not "TTA"
        typed = [*reading.targets[i : i + 1], *reading.targets]
        said = [n for t in typed for n in sides.said_names(sides.naming(t), paper)]
        # a side found by evidence is its title: a name the title says is the paper's only if its own ("... Rival GPT-4"
        # is not GPT-4), as a field's names a described side says are ("the LoRA vs DP-SGD ... paper", blind 126)
        described = any(DESCRIBED_SIDE.match(t) for t in reading.targets[i : i + 1])
        field = paper.title in reading.targets or (described and sides.the_field(said, keyword))
        said = [n for n in said if not field or sides.labels(n, paper, keyword)]
        names.append(min(said, key=lambda n: len(keyword.named(n))) if said else None)
    for target in reading.targets:
        for name in coined_names(target):
            said_by = keyword.named(name)
            if len(said_by) > CALIBRATION.named_max and not any(said_by.get(p.paper_id) for p in papers):
                notices.append(
                    f"No paper here proposes {name}: {len(said_by)} papers mention it; the table shows what the "
                    "papers that study it report."
                )
    cells = [_cells(question, names, p, n, similar, keyword, judge) for p, n in zip(papers, names, strict=True)]
    return compose.table(papers, names, cells, notices)


def _cells(
    question: str,
    names: list[str | None],
    paper: Hit,
    name: str | None,
    similar: evidence.Similarity,
    keyword: KeywordIndex,
    judge: Judge | None = None,
) -> tuple[list[str], list[str]]:
    """How a paper's method works, and what it says on the question's point, after its approach.

    How it works is the sentence right after the approach ("Concretely, RAAI detects internal refusal
    signals ..."): on the dev sets' comparisons it held the fact people listed as key more often than
    the sentence closest to the question, which most often was the abstract's opening or its result.
    Past a sentence on another method's flaw, it is the first after the approach that says the method or
    "we" (twenty-sixth session); where it counts the method's parts ("consists of three primary stages"), the
    sentences saying them follow it. A figure or a name asked of both ("How big is each benchmark?") is the
    sentence a lookup would answer it with.
    """
    ordered = sentences(paper.abstract or paper.passage)
    approach, result = compose.approach_of(paper, name)
    at = ordered.index(approach) + 1 if approach in ordered else len(ordered)
    rest = [s for s in ordered[at:] if s != result and not compose.BOILERPLATE.search(s)]
    # the approach names the method last ("To achieve this, we propose a Quadratic Direct Forecast (QDF) ..."): what
    # it does was said by "we" before it, from the paper's first proposal on (blinds 78 to 99: 26 of 800 rows had none)
    if not rest and approach in ordered:
        rest = [s for s in ordered[(known.proposal(ordered) or 0) : at - 1] if _FIRST_PERSON.search(s)]
    # the first that says the method or "we" ("IncVGGT addresses these challenges ..."), past one on another's
    # flaw ("Vanilla VGGT relies on dense global attention ..."); else the next, as before. A side the question
    # describes has the name its paper coins: "by proposing VRFT-Aug, ..." then "VRFT-Aug introduces a series of
    # training strategies ..." (blind 101)
    name = name or known.paper_name(paper.title, paper.abstract or paper.passage)
    works = next(
        (s for s in rest if (name and says(s, name)) or _FIRST_PERSON.search(s) or _IT.match(s)),
        rest[0] if rest else None,
    )
    # "STAR consists of two core components." says neither: the sentences after it do
    how = [works, *[s for s in compose.told_after(works, ordered) if s != result]] if works else []
    # one sentence seldom says a whole method ("PERK employs two nested optimization loops ..." and "The inner loop
    # encodes contexts into a low-rank adapter ..."): the one after it goes on with it (blinds 78 to 81, 500 papers:
    # of the 10 key facts the table missed after that sentence, 6 were in the next)
    if works and len(how) == 1 and (more := rest[rest.index(works) + 1 :]):
        how.append(more[0])
    # ... after the idea the approach builds on, where "we" said it in the sentence before (blind 102), or the one
    # saying what its abbreviation stands for ("... cases involving more than two views (MTTV)", blinds 146, 147)
    idea = compose.built_on(approach, ordered) or _spelled_for(approach, paper, question)
    how = [idea, *how] if idea and idea not in how else how
    # a link to the code says nothing on the question ("Code is available at https://...")
    shown = {s for s in (approach, result, *how) if s} | {s for s in ordered if compose.BOILERPLATE.search(s)}
    # a question asking two things of both ("what problem is each solving, and what do the clients send?") is
    # answered on each: the one sentence closest to the whole question answered the one and left the other
    asks = split_parts(question)
    on_question: list[str] = []
    for ask in asks[:2] if len(asks) > 1 else [Part(question, "any")]:
        aspect = ask.text  # what is asked of both, their names taken out ("... in the criterion they use")
        for other in filter(None, names):
            aspect = aspect.replace(other, " ")
        quoted = shown | set(on_question)
        # "How big is each benchmark?": the sentence that tells a figure of it, as a lookup finds it (blinds 55, 56)
        told = _told_of(Part(aspect, ask.wants), paper, similar, keyword, quoted, question)
        on_question += told or _on_point(aspect, paper, ordered, at, quoted, similar, keyword, judge)
    return how, on_question


def _spelled_for(approach: str, paper: Hit, question: str) -> str | None:
    """The sentence before the approach saying what an abbreviation it uses stands for, where the question says the one
    or the other: "the MTTV self-supervised approach", "the 'more than two views' paper" (blinds 146, 147)."""
    before = defined_before(approach, paper.abstract) if paper.abstract else None
    flat = flat_latex(before or "")  # as `defined_acronyms` reads it ("$\\textit{more than two views}$ (MTTV)")
    said = [
        a for a in defined_acronyms(flat) if says(question, a) or ((w := spelled_out(flat, a)) and says(question, w))
    ]
    return before if said else None


def _on_point(
    aspect: str,
    paper: Hit,
    ordered: list[str],
    at: int,
    quoted: set[str],
    similar: evidence.Similarity,
    keyword: KeywordIndex,
    judge: Judge | None,
) -> list[str]:
    """The sentence of a paper that says what a comparison asks of both ("what exactly does each one update?").

    Closeness in the small embedder's meaning favours a sentence that repeats the question's topic ("We also
    study how context can be stored in LLM's weights") over the one that answers it ("... a low-rank adapter
    (LoRA)"); the judge, trained to read whether a sentence states what is asked, found the key fact more often
    (CALIBRATION.point_after). Without it, the closest sentence after the approach (`ordered[at:]`), as before.
    """
    before = set(ordered[:at])
    candidates = [s for s in ordered if s not in quoted]
    if judge is not None and candidates:
        chances = judge(aspect, candidates)
        scored = [
            (c + CALIBRATION.point_after * (s not in before), s) for c, s in zip(chances, candidates, strict=True)
        ]
        return [max(scored)[1]]
    after = quotes.best_sentences(aspect, paper, similar, before | quoted, 1, keyword.coverage)
    return after[:1] or quotes.best_sentences(aspect, paper, similar, quoted, 1, keyword.coverage)


def _told_of(
    part: Part, paper: Hit, similar: evidence.Similarity, keyword: KeywordIndex, quoted: set[str], question: str
) -> list[str]:
    """The sentence stating a figure or a name a part asks of a paper, where one does (no judge: the rules' only)."""
    if part.wants not in ("number", "name") or not part.asks_detail:
        return []
    found = evidence.answer_part(part, paper, similar, keyword.coverage, keyword.terms, quoted, question)
    return [found.sentence] if found.sentence else []


_FIRST_PERSON = re.compile(r"\b(?:we|our|us)\b", re.I)
# ... or opens with "It", "This method" or "The model": "It employs a multi-round Adaptive Frequency Selector ..."
# (blind 56), "The model learns to compress ..." (blind 102); not "The framework is built on three innovations." (dev)
_IT = re.compile(r"^(?:It|This (?:method|framework|approach|model|design|technique|architecture|system)|The model)\b")


def said_before(sentence: str, said: set[str]) -> bool:
    plain = sentence.rstrip(".!? ")
    return any(plain[:60] in s for s in said)
