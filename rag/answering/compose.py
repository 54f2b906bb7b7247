"""Composing answers from evidence: one function per kind of answer, each returning a `Draft`.

A draft's markers [k] point at draft.sources[k-1]; `grounding.renumber` turns them into the
final citations. Every sentence quoted comes from the abstract of the source it cites.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rag.answering.approaches import Group
from rag.answering.evidence import RESULT, Found
from rag.answering.grounding import cite
from rag.answering.known import PROPOSE
from rag.reading.asking import asked
from rag.reading.parts import YES_NO
from rag.reading.text import announced, count_of, says, sentences
from rag.types import Hit


@dataclass(frozen=True)
class Draft:
    text: str
    sources: list[Hit]  # marker [k] cites sources[k-1]
    passages: list[str]  # what each source's citation shows: its abstract, or the passage the model read
    refused: bool = False
    reason: str | None = None  # off_topic | not_stated, when refused
    notices: list[str] = field(default_factory=list)
    table: list[list[str]] = field(default_factory=list)  # compare: TABLE_HEADER, then each paper's plain cells


def _abstracts(hits: Sequence[Hit]) -> list[str]:
    return [h.abstract or h.passage for h in hits]


def refusal(scope: str, nearest: Sequence[Hit], unsaid: Sequence[str] = ()) -> Draft:
    text = f"The indexed abstracts{scope} do not cover this question, so I will not guess."
    if unsaid:
        text += f" None of the closest ones mentions {' or '.join(unsaid)}."
    if nearest:
        text += " The nearest papers are listed below."
    return Draft(text, [], [], refused=True, reason="off_topic")


def about(papers: Sequence[Hit], quoted: dict[str, list[str]]) -> Draft:
    """A paper (or two tied ones) and the sentences of its abstract that answer the question."""
    # two papers the evidence cannot tell apart: said, so the reader knows the search is not sure which
    lines = ["Two papers fit the question about equally well:"] if len(papers) == 2 else []
    for k, paper in enumerate(papers, start=1):
        body = " ".join(cite(s, k) for s in quoted.get(paper.paper_id, []))
        lines.append(f"**{paper.title}** [{k}]: {body}".rstrip(": "))
    return Draft("\n\n".join(lines), list(papers), _abstracts(papers))


def nothing_new(papers: Sequence[Hit]) -> Draft:
    """A follow-up about papers whose every sentence the previous answer already quoted."""
    titles = " and ".join(f"**{p.title}** [{k}]" for k, p in enumerate(papers, start=1))
    text = f"The abstract of {titles} says nothing beyond what the previous answer quoted."
    return Draft(text, list(papers), _abstracts(papers))


def parts(papers: Sequence[Hit], found: Sequence[Found]) -> Draft:
    """Each asked part answered by its sentence, or said plainly to be absent from the abstract.

    Nothing asked is stated: a decline (reason not_stated) that still cites the paper and
    quotes what it does say nearest to the question.
    """
    number = {p.paper_id: k for k, p in enumerate(papers, start=1)}
    stated = [f for f in found if f.sentence]
    missing = [f for f in found if not f.sentence and not any(s.part == f.part for s in stated)]
    lines: list[str] = []
    if stated:
        by_paper: dict[str, list[str]] = {}
        for f in stated:
            quoted = by_paper.setdefault(f.paper.paper_id, [])
            quoted += [s for s in (f.before, f.sentence, f.also) if s and s not in quoted]
        for paper in papers:
            if paper.paper_id in by_paper:
                k = number[paper.paper_id]
                lines.append(f"**{paper.title}** [{k}]: " + " ".join(cite(s, k) for s in by_paper[paper.paper_id]))
    seen: set[str] = set()
    for f in missing:
        if f.part.text in seen:
            continue
        seen.add(f.part.text)
        k = number[f.paper.paper_id]
        line = f"The abstract of **{f.paper.title}** [{k}] does not state {_detail(f.part.text)}."
        # a sentence the judge doubted is still shown, as a whole decline shows its closest one; not when
        # nothing is stated, which not_stated_with_nearest covers
        lines.append(f"{line} The closest it says: {cite(f.doubted, k)}" if f.doubted and stated else line)
    return Draft(
        "\n\n".join(lines),
        list(papers),
        _abstracts(papers),
        refused=not stated,
        reason=None if stated else "not_stated",
    )


def not_stated_with_nearest(draft: Draft, nearest: str | None) -> Draft:
    """A decline that still shows the closest thing the abstract says."""
    if not nearest:
        return draft
    return Draft(
        f"{draft.text} The closest it says: {cite(nearest, 1)}", draft.sources, draft.passages, True, "not_stated"
    )


def unnamed(draft: Draft, names: Sequence[str]) -> Draft:
    """The answer, and the things the question offered that its paper never names ("I'm wondering if
    StreamingLLM and SnapKV were included"): said, not passed over in silence."""
    if not names or not draft.sources:
        return draft
    listed = ", ".join(names[:-1]) + (" or " if len(names) > 1 else "") + names[-1]
    line = f"The abstract of **{draft.sources[0].title}** [1] does not name {listed}."
    return replace(draft, text=f"{draft.text}\n\n{line}")


def _detail(part: str) -> str:
    """The asked detail as the "does not state ..." line says it: "say how many experts" -> "how many experts"."""
    part = asked(part.strip()).rstrip("?.!")
    if YES_NO.match(part):  # "does not state whether it has a GPU implementation": the question as asked
        return f'the answer to "{part[:1].upper() + part[1:]}?"'
    first = part.split(" ", 1)[0]
    return part[:1].lower() + part[1:] if first[1:] == first[1:].lower() else part  # "What ..." but not "LoRA"


def listing(items: Sequence[tuple[Hit, str]], more: int, groups: Sequence[Group] = ()) -> Draft:
    """One item per relevant paper: its title and the sentence that makes it relevant; under the
    word their abstracts share where they can be grouped by approach (markers follow the page)."""
    n = len(items)
    head = (
        f"The {n} closest paper{'s' * (n != 1)} in the index, best first" if n > 1 else "The closest paper in the index"
    )
    if groups:
        head += ", grouped by a distinctive word their abstracts share"
    head += f" ({more} more ranked close behind them; narrow the question or use a filter):" if more else ":"
    lines, papers = [head], []
    for g in groups or [Group(None, list(range(n)))]:
        if groups:
            lines += ["", f"**{g.label[:1].upper() + g.label[1:] if g.label else 'Other papers'}**"]
        elif len(lines) == 1:
            lines.append("")
        for i in g.items:
            hit, sentence = items[i]
            papers.append(hit)
            lines.append(f"- **{hit.title}** [{len(papers)}]: {cite(sentence, len(papers))}")
    return Draft("\n".join(lines), papers, _abstracts(papers))


_STUDY_MEANS = re.compile(
    r"^to\s+(?:\w+ly\s+)?(?:surface|probe|evaluate|assess|measure|study|analy[sz]e|investigate|diagnose|quantify"
    r"|benchmark|support\s+(?:\w+\s+)?evaluation)\b",
    re.I,
)


def row_sentences(abstract: str) -> tuple[str, str, str]:
    """Problem, approach and key result sentences of an abstract, by the words that usually mark them.
    A link to the code is no result ("Our code is available here: https://github.com/...")."""
    sents = [s for s in sentences(abstract) if not BOILERPLATE.search(s)] or sentences(abstract) or [abstract]
    proposals = [s for s in sents if PROPOSE.search(s)]
    # "To systematically surface these issues, we design a four-scenario evaluation protocol" is how the paper studies
    # its problem; "we introduce selective fine-tuning of only the final layers" its approach (blind 93)
    approach = next(
        (s for s in proposals if not _STUDY_MEANS.match(s)),
        proposals[0] if proposals else sents[min(1, len(sents) - 1)],
    )
    result = next((s for s in reversed(sents) if RESULT.search(s) and s != approach), sents[-1])
    problem = next((s for s in sents if s not in (approach, result)), sents[0])
    return problem, approach, result


# Sentences that say what a method does, after the one that proposes it ("we further propose a
# two-stage training strategy", "by introducing pathology priors ..."), and lines a summary skips.
_WORKINGS = re.compile(
    r"\bwe\b|\bour (?:method|approach|framework|model|algorithm)\b|\bby \w+ing\b|\bvia\b|\bleverag", re.I
)
BOILERPLATE = re.compile(
    r"\b(?:code|models?|data(?:set)?s?) (?:is|are|will be) (?:publicly )?(?:available|released)"
    # any link: "The code for our experiments is anonymously available at: https://anonymous.4open.science/...", a
    # comparison's key result in blind 56; a third of the conference's link sentences said none of the words above.
    # Not "850 vulnerability instances mined from 150,000 real-world GitHub repositories" (blind 55)
    r"|https?://|\\(?:url|href)\{|github\.(?:com|io)",
    re.I,
)
# a sentence listing what the one before it counted: "(i) ... and (ii) ...", "Second, ..."
_BOTH_LISTED = re.compile(r"\((?:ii|2|b)\)")


def told_after(sentence: str, ordered: Sequence[str]) -> list[str]:
    """The sentences that say the parts a sentence counts and leaves to them ("Our method consists of three primary
    stages." and the three after it; "MobileGUI-RL contains two key components." and "It (i) ... and (ii) ..."), or
    that go on with the steps it opens ("First, a Step Selection algorithm ..." and "Second, a Score Rematching loss
    ...", blinds 54 and 56), up to three, none a link."""
    if sentence not in ordered:
        return []
    counts = [count_of(c) for c in announced(sentence)]
    after = ordered[ordered.index(sentence) + 1 :]
    if counts:  # as many as it counts, or up to the one that lists them all ("(i) ... and (ii) ...")
        told, listed = after[: min(counts[0], 3)], _BOTH_LISTED
    elif _FIRST.match(sentence):  # the steps after "First, ...", each said so
        told, listed = list(itertools.takewhile(lambda s: bool(_NEXT_STEP.match(s)), after[:3])), None
    else:
        return []
    kept: list[str] = []
    for s in itertools.takewhile(lambda s: not BOILERPLATE.search(s), told):
        kept.append(s)
        if listed and listed.search(s):
            break
    return kept


_FIRST = re.compile(r"^(?:First(?:ly)?|To begin(?: with)?)\b")
_NEXT_STEP = re.compile(r"^(?:Second(?:ly)?|Third(?:ly)?|Then|Next|Finally|Lastly|Last)\b")


def summary(paper: Hit, most: int = 6) -> Draft:
    """Problem, approach, how it works, result: in the abstract's own order, at most `most` sentences.

    "How it works" fills the room left with the sentences after the approach that say what the
    method does (its parts, its training, what it builds on): a summary that named the method but
    none of its parts missed most of what the dev questions' readers listed as key.
    """
    abstract = paper.abstract or paper.passage
    ordered = [s for s in sentences(abstract) if not BOILERPLATE.search(s)] or [abstract]
    problem, approach, result = row_sentences(" ".join(ordered))
    picked = {problem, approach, result, ordered[-1]}  # abstracts usually end on their headline result
    after = [s for s in ordered[ordered.index(approach) + 1 :] if s not in picked] if approach in ordered else []
    for s in sorted(after, key=lambda s: not _WORKINGS.search(s)):  # stable: the abstract's order within each
        if len(picked) >= most:
            break
        picked.add(s)
    body = " ".join(cite(s, 1) for s in ordered if s in picked)
    return Draft(f"**{paper.title}** — summary of the abstract: {body}", [paper], [abstract])


TABLE_HEADER = ("Paper id", "Method", "Approach", "How it works", "On the question", "Key result")


def approach_of(paper: Hit, name: str | None) -> tuple[str, str]:
    """A table row's approach and key result; the method named in the question is introduced where the
    abstract first says its name, unless that is a link to its code ("github.com/.../PFT3A") or the key result
    ("we propose \\method{}, which ... Empirical results show that ShotKV achieves ...")."""
    abstract = paper.abstract or paper.passage
    _problem, approach, result = row_sentences(abstract)
    if name and not says(approach, name):  # "FedDAG" as "FEDDAG introduces a clustered FL framework"
        ordered = sentences(abstract)
        named = next((s for s in ordered if says(s, name) and "http" not in s and s != result), approach)
        # "..., so that we term it as Binary Autoencoder (BAE)" names what the proposal before it said (blinds 54, 56)
        later = approach in ordered and named in ordered and ordered.index(approach) < ordered.index(named)
        approach = approach if later and _NAMES_IT.search(named) else named
    return approach, result


def built_on(approach: str, ordered: list[str]) -> str | None:
    """The idea the approach opens by building on, where "we" said it in the sentence before: "we propose transforming
    node interactions into binary time series." then "Building upon this formulation, we propose ... TSDyG" (blind
    102); not a problem said before "To this end, we propose ..." ("Existing methods fail to ...")."""
    at = ordered.index(approach) if approach in ordered else 0
    before = ordered[at - 1] if at else ""
    # ... past a sentence that carries it on: "We show that ... clients exchange predictions over a shared unlabeled
    # dataset. This enables each client to ... As a concrete realization of this idea, we develop FEDMOSAIC" (blind 104)
    if at > 1 and _CARRIED_ON.match(before) and not _WE.search(before):
        before = ordered[at - 2]
    return before if _BUILDS_ON.match(approach) and _WE.search(before) else None


_BUILDS_ON = re.compile(
    r"^(?:(?:Building\s+(?:up)?on|Based\s+on|Inspired\s+by|Guided\s+by|Following|Motivated\s+by)\s+"
    r"(?:this|these|that|such)\b"
    # ... or carries out what the sentence before said "we" do: "In this work, we show that by regularizing the
    # gradient contribution of harmful samples ... To this end, we introduce Antibody", "Here, we explore how
    # expressivity ... can be increased via richer state mixing ... Specifically, we introduce ..." (blind 103)
    r"|To\s+(?:this\s+end|(?:achieve|realize|implement|do)\s+this)\b|Specifically\b|Concretely\b"
    r"|As\s+an?\s+(?:\w+\s+)?(?:realization|instantiation|implementation)\s+of\s+(?:this|these|that)\b"
    # ... or puts to the test the idea "we" said: "We argue that the quantization error can be ... alleviated by
    # constraining ... within the null space of input activations. To prove this fresh idea, we propose ..." (blind 107)
    r"|To\s+(?:prove|test|validate|verify|demonstrate|realize|implement|instantiate|operationalize)\s+(?:this|these|that)"
    r"\s+(?:[\w-]+\s+)?(?:idea|insight|hypothesis|intuition|principle|observation)s?\b)",
    re.I,
)
_CARRIED_ON = re.compile(r"^(?:This|These|Such|It)\b")
_WE = re.compile(r"\bwe\b", re.I)
_NAMES_IT = re.compile(r"\b(?:term|call|name|dub)(?:s|ed)?\s+(?:it|this|them|these)\b", re.I)


def table(
    papers: Sequence[Hit],
    names: Sequence[str | None],
    cells: Sequence[tuple[Sequence[str], Sequence[str]]],
    notices: list[str],
) -> Draft:
    """Two methods side by side: approach, how it works, what bears on the question, key result; each cell
    a cited sentence of the paper's abstract (how it works, with the sentences saying the parts it counts; on the
    question, one for each thing asked of both), or a dash where the abstract has no sentence left for it."""
    rows = ["| Method | Approach | How it works | On the question | Key result |", "|---|---|---|---|---|"]
    intro, plain = [], [list(TABLE_HEADER)]
    for k, (paper, name, (works, relevant)) in enumerate(zip(papers, names, cells, strict=True), start=1):
        approach, result = approach_of(paper, name)
        label = name or (paper.title.split(":")[0] if len(paper.title) > 60 else paper.title)
        shown = [_cell(approach, k) if approach else "—", " ".join(_cell(x, k) for x in works) or "—"]
        shown += [" ".join(_cell(x, k) for x in relevant) or "—", _cell(result, k) if result else "—"]
        rows.append(f"| {_cell(label, k)} | " + " | ".join(shown) + " |")
        intro.append(f"{label} [{k}]")
        plain.append([paper.paper_id, label, approach, " ".join(works), " ".join(relevant), result])  # exports: whole
    text = f"Comparing {' and '.join(intro)}, from their abstracts:\n\n" + "\n".join(rows)
    return Draft(text, list(papers), _abstracts(papers), notices=notices, table=plain)


CELL_CHARS = 400


def _cell(text: str, k: int) -> str:
    text = text.replace("|", "\\|").replace("\n", " ").strip()
    if len(text) > CELL_CHARS:  # a long sentence's point is often at its end: cut only the longest
        text = text[: CELL_CHARS - 3].rsplit(" ", 1)[0] + "…"
    return cite(text, k)


def topic_listing(count: int, groups: Sequence[Group], quoted: dict[int, tuple[Hit, str]]) -> Draft:
    """A whole list: how many papers match, in how many groups; each group's best few quoted with a
    cited sentence, the rest counted (every one of them is in the answer's `list`, the page's table)."""
    named = [g for g in groups if g.label]
    head = f"{count} paper{'s' * (count != 1)} in the index match this question"
    if named:
        head += f", in {len(named)} group{'s' * (len(named) != 1)}"
        head += " and other papers" if len(named) < len(groups) else ""
    shown = len(quoted)
    head += f". The best {shown} are quoted, best first" if shown < count else ", best first"
    head += f"; all {count} are in the table of papers:" if shown < count else ":"
    lines, papers = [head], []
    for g in groups or [Group(None, sorted(quoted))]:
        if groups:
            lines += ["", f"**{g.label[:1].upper() + g.label[1:] if g.label else 'Other papers'}** ({len(g.items)})"]
        elif len(lines) == 1:
            lines.append("")
        for i in (i for i in g.items if i in quoted):
            hit, sentence = quoted[i]
            papers.append(hit)
            lines.append(f"- **{hit.title}** [{len(papers)}]: {cite(sentence, len(papers))}")
        rest = sum(1 for i in g.items if i not in quoted)
        if rest and groups:
            lines.append(f"- and {rest} more in the table" if rest < len(g.items) else "- all in the table")
    return Draft("\n".join(lines), papers, _abstracts(papers))
