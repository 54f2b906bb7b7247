"""Fusion: a dense and a BM25 list of chunks -> one score per paper, with its best chunk.

Keyed by Settings.fusion (convex or rrf); `boost_named` then puts a paper whose coined name the
question says first. Measured side by side in bench/quality_at_scale.py (docs/quality.md: the
retrieval tables and "Fusion" under what was tried).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rag.calibration import CALIBRATION
from rag.config import Settings
from rag.corpus.documents import chunk_id
from rag.errors import unknown_key
from rag.reading.text import an_instance, capitalised_phrases, coined_names, plain_words, quoted_phrases, spelled_out

if TYPE_CHECKING:
    from rag.retrieval.filters import Filters
    from rag.retrieval.keyword import KeywordIndex

Candidate = tuple[dict[str, Any], float]  # a chunk record and its score on one side (cosine or BM25)
Scored = dict[str, tuple[float, dict[str, Any]]]  # paper id -> (score, best chunk)


def paper_best(candidates: list[Candidate]) -> dict[str, tuple[float, dict[str, Any]]]:
    """Each paper's best chunk on one side, with its score."""
    best: dict[str, tuple[float, dict[str, Any]]] = {}
    for chunk, score in candidates:
        pid = str(chunk["paper_id"])
        if pid not in best or score > best[pid][0]:
            best[pid] = (score, chunk)
    return best


def _one_side(dense: list[Candidate], lexical: list[Candidate], settings: Settings) -> Scored:
    return paper_best(dense or lexical)


def _rrf(dense: list[Candidate], lexical: list[Candidate], settings: Settings) -> Scored:
    """Reciprocal rank fusion over chunks (Cormack et al. 2009); a paper takes its best chunk."""
    fused: dict[str, float] = {}
    chunks: dict[str, dict[str, Any]] = {}
    for side in (dense, lexical):
        for rank, (chunk, _score) in enumerate(side):
            key = chunk_id(str(chunk["paper_id"]), int(chunk["chunk"]))
            fused[key] = fused.get(key, 0.0) + 1.0 / (settings.rrf_k + rank + 1)
            chunks.setdefault(key, chunk)
    out: Scored = {}
    for key, score in fused.items():
        pid = str(chunks[key]["paper_id"])
        if pid not in out or score > out[pid][0]:
            out[pid] = (score, chunks[key])
    return out


def _convex(dense: list[Candidate], lexical: list[Candidate], settings: Settings) -> Scored:
    """A convex combination of min-max normalised paper scores (Bruch et al. 2022).

    Unlike RRF it keeps how far ahead a paper is: a BM25 score twice the runner-up's survives
    fusion, where a rank of 1 against 2 barely moves the sum.
    """
    weight = settings.keyword_weight
    sides = [(paper_best(dense), 1.0 - weight), (paper_best(lexical), weight)]
    out: dict[str, tuple[float, dict[str, Any]]] = {}
    for best, share in sides:
        for pid, value in _scaled(best).items():
            total, kept = out.get(pid, (0.0, best[pid][1]))
            out[pid] = (total + share * value, kept)
    return out


def _scaled(scored: Scored) -> dict[str, float]:
    """Each paper's score min-max scaled to [0, 1] (1 for all where they are equal)."""
    if not scored:
        return {}
    low, high = min(v[0] for v in scored.values()), max(v[0] for v in scored.values())
    return {pid: (v[0] - low) / (high - low) if high > low else 1.0 for pid, v in scored.items()}


def with_described(asked: Scored, described: Scored) -> Scored:
    """The asked search's and the described search's min-max scaled scores, the described one's at `described_weight`,
    put back in the asked search's range: the cut-offs that read a fused score (`tied`, rag.answering.closest) keep
    their meaning (rag.retrieval.retriever)."""
    if not asked or not described:
        return asked or described
    low, high = min(v[0] for v in asked.values()), max(v[0] for v in asked.values())
    first, second = _scaled(asked), _scaled(described)
    return {
        pid: (low + (high - low) * (first.get(pid, 0.0) + CALIBRATION.described_weight * second.get(pid, 0.0)), chunk)
        for pid, (_, chunk) in {**described, **asked}.items()
    }


FUSIONS: dict[str, Callable[[list[Candidate], list[Candidate], Settings], Scored]] = {
    "convex": _convex,
    "rrf": _rrf,
    "dense": _one_side,
    "bm25": _one_side,
}


def fusion(key: str) -> Callable[[list[Candidate], list[Candidate], Settings], Scored]:
    if key not in FUSIONS:
        raise unknown_key("fusion", key, [k for k in FUSIONS if k not in ("dense", "bm25")])
    return FUSIONS[key]


def boost_named(query: str, scored: Scored, keyword: KeywordIndex, filters: Filters) -> Scored:
    """A coined name in the question ("What does TraDy do?") puts the paper that says it first.

    Only distinctive names count: one that at most three papers are named after ("MUSE: ..."),
    or that at most three papers say at all. A name many papers use ("GRPO", "ANN") describes a
    topic, and the fused ranking already handles topics.
    """
    top = max((v[0] for v in scored.values()), default=0.0)
    leaders = set(sorted(scored, key=lambda pid: -scored[pid][0])[: CALIBRATION.named_max])
    boosted = dict(scored)
    for pid, mark in _named_papers(query, keyword, leaders, set(scored)):
        if pid not in boosted:
            record = keyword.first_chunk(pid)
            if record is None or not filters.matches(record):
                continue
            boosted[pid] = (0.0, record)
        score, chunk = boosted[pid]
        boosted[pid] = (score + top + mark, chunk)
    return boosted


def _named_papers(
    query: str, keyword: KeywordIndex, leaders: set[str], candidates: set[str]
) -> list[tuple[str, float]]:
    """The papers each name or title phrase of the question points at, with 0.1 for the ones it names best."""
    out: list[tuple[str, float]] = []
    # "the Generalized Adversarial Solver", a title's "via ... Solver"; a title quoted in any case ('reinforcement
    # mid-training'), once if it is both
    for phrase in dict.fromkeys([*capitalised_phrases(query), *quoted_phrases(query)]):
        titles = _titles(keyword)
        words = [titles.by_word.get(w, set()) for w in phrase.lower().split()]
        titling = sorted(pid for pid in set.intersection(*words) if phrase.lower() in titles.text[pid])
        if len(titling) <= CALIBRATION.named_max:
            out += [(pid, 0.1) for pid in titling]
    # a query typed as a title's opening words: "relative scaling laws" of "Relative Scaling Laws for LLMs", which the
    # search of those words put below five others at 19,630 papers (a side of blinds 120 and 124)
    if len(query.split()) > 1:
        out += [(pid, 0.1) for pid in sorted(titles_opening(query, keyword))]
    # "Self-Forcing++", "H+": a name whose pluses no word of the index keeps names the paper its title is headed by,
    # by a whole point: the word side reads "H+" as "h", which any abstract may cover
    for name in dict.fromkeys(_PLUS_NAME.findall(query)):
        out += [(pid, 1.0) for pid in sorted(_plus_headed(keyword, name))[: CALIBRATION.named_max]]
    # a plain word names a paper only when a title is headed by it and few abstracts use it ("Fighter")
    plain = [w for w in plain_words(query) if keyword.df(keyword.stemmer.stemWord(w.lower())) <= keyword.rare()]
    # a name typed in another case ("omniv2v", "mosa") may be a word too ("got" for GoT): it counts for a paper
    # the question's own words found
    typed = [n for n in keyword.typed_names(query) if set(keyword.named(n)) & candidates]
    # ... not one said as a model trained or measured against ("a standard ResNet-50", `an_instance`)
    for name in [n for n in dict.fromkeys(coined_names(query) + plain + typed) if not an_instance(n, query)]:
        papers = keyword.named(name)
        titled = {pid for pid, title in papers.items() if title}
        if len(papers) > keyword.rare():  # a term of the field ("MLP", "MRI"): only a title headed by it alone
            titled = {pid for pid in titled if _head(_titles(keyword).text.get(pid, "")) == name.lower()}
        # the papers named after it ("MUSE: ..."), however many others mention it; else a name few say.
        # A name a few papers share ("GOAT", one paper's title, another's method) boosts them all, the
        # titled one a little more: the rest of the question tells them apart.
        chosen = titled if 0 < len(titled) <= CALIBRATION.named_max else set()
        if len(papers) <= CALIBRATION.named_max:
            chosen |= set(papers)
        elif chosen:  # "EVA (the mixture-of-experts framework ...)": the one the rest of the question found first
            chosen |= set(papers) & leaders
        # "Constrained Mass Transport (CMT)": the papers that spell it so are the ones meant, however
        # many say "CMT", and they, not the one titled "CMT: Mid-Training ...", get the mark
        spelled = spelled_out(query, name).lower()
        if spelled:
            titled = {pid for pid in papers if spelled in _text(keyword.first_chunk(pid))}
            chosen |= titled
        out += [(pid, 0.1 if pid in titled else 0.0) for pid in sorted(chosen)]
    return out


_PLUS_NAME = re.compile(r"(?<![\w+])([A-Za-z][\w.-]*\+{1,2})(?![\w+])")


def _plus_headed(keyword: KeywordIndex, name: str) -> set[str]:
    titles = _titles(keyword)
    return {pid for pid in titles.by_word.get(name.lower(), ()) if _head(titles.text[pid]) == name.lower()}


@dataclass
class _Titles:
    text: dict[str, str]  # paper id -> lower-case title
    by_word: dict[str, set[str]]  # a title's word -> the papers whose title has it
    heads: dict[str, dict[str, set[str]]] = field(default_factory=dict)  # first word -> lower-case head -> papers


@lru_cache(maxsize=2)
def _titles(keyword: KeywordIndex) -> _Titles:
    titles = _Titles({}, {})
    for c in keyword.chunks:
        if c.get("chunk") == 0:
            pid = str(c["paper_id"])
            titles.text[pid] = str(c.get("title", "")).lower()
            for word in titles.text[pid].split():
                titles.by_word.setdefault(word.strip(":,;.()"), set()).add(pid)
            head = _head(titles.text[pid])
            words = re.findall(r"[\w-]+", head)
            if 2 <= len(words) <= (6 if ":" in titles.text[pid] else 4):
                titles.heads.setdefault(words[0], {}).setdefault(" ".join(words), set()).add(pid)
    return titles


def heads_typed(query: str, keyword: KeywordIndex) -> list[str]:
    """The heads of titles a question types in lower case ("equivariant splitting" for "Equivariant Splitting:
    Self-supervised ...", "reinforcement mid-training") that no abstract but the titled papers' says. A head may
    be a phrase of the field ("beyond multi-token prediction"): it names a side of a comparison (rag.answering.pairs),
    where the search must find the one paper that says it, and is no name the search puts first."""
    titles, said = _titles(keyword), " ".join(re.findall(r"[\w-]+", query.lower()))
    out: list[str] = []
    for word in dict.fromkeys(said.split()):
        for head, papers in titles.heads.get(word, {}).items():
            if f" {head} " not in f" {said} " or not (terms := keyword.terms(head)):
                continue
            saying = {str(chunk["paper_id"]) for chunk in keyword.holding(terms) if head in _text(chunk)}
            if saying <= papers and len(papers) <= CALIBRATION.named_max:
                out.append(head)
    return out


def titles_opening(words: str, keyword: KeywordIndex) -> set[str]:
    """The papers whose titles open with these words, in any case ("relative scaling laws" of "Relative Scaling Laws
    for LLMs"): two words or more, or one that is a title's whole head ("Antibody: Strengthening Defense ...", where
    the search of "Antibody" finds five papers on antibodies at 19,630, blind 103); none where more than named_max
    titles do."""
    opening = " ".join(words.lower().split())
    titles = _titles(keyword)
    candidates = titles.by_word.get(opening.split()[0], ()) if opening else ()
    if len(opening.split()) < 2:
        found = {pid for pid in candidates if ":" in titles.text[pid] and _head(titles.text[pid]) == opening}
    else:
        found = {pid for pid in candidates if titles.text[pid].startswith(opening)}
    return found if len(found) <= CALIBRATION.named_max else set()


def _head(title: str) -> str:
    """A title's words before its colon ("muse" of "muse: ..."); a title with no colon is all head."""
    return title.split(":")[0].strip()


def _text(record: dict[str, Any] | None) -> str:
    return f"{record.get('title', '')} {record.get('text', '')}".lower() if record else ""
