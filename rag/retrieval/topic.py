"""Every paper on a topic: a "which papers ...?" question answered over the whole index, not its closest few.

Two signals per paper, both absolute, so that one cut-off means the same at 57 papers as at 19,630:
the share of the topic's words (IDF-weighted) its title, keywords and abstract hold, read off the
keyword side's postings for every paper at once, and the cosine of its vector to the topic, every
paper's vector kept in memory and compared exactly. A paper is on the topic when its coverage clears
`topic_coverage`, or its cosine clears `topic_similarity` (rag/calibration.py; bench/topics.py on the
dev topics). The papers on it are ranked by both together, half each, as the search fuses its sides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from rag.calibration import CALIBRATION
from rag.retrieval.filters import Filters
from rag.retrieval.keyword import QUESTION_WORDS
from rag.retrieval.vectors import chunk_vectors

if TYPE_CHECKING:
    import numpy as np

    from rag.index.store import Store
    from rag.retrieval.abbreviations import Abbreviations
    from rag.retrieval.keyword import KeywordIndex


@dataclass(frozen=True)
class TopicPaper:
    paper_id: str
    score: float  # the two signals fused, for the ranking
    coverage: float
    similarity: float
    phrased: bool = False  # it says the topic's key phrase, not only its telling word
    near: float = -1.0  # cosine to the centre of the phrase's chunks, where it says the topic in another form


@dataclass(frozen=True)
class _Layout:
    papers: list[str]  # paper ids, in the order of their first chunk
    paper_of: np.ndarray  # each chunk's position in `papers`


@lru_cache(maxsize=2)
def _layout(keyword: KeywordIndex) -> _Layout:
    import numpy as np

    position: dict[str, int] = {}
    of = [position.setdefault(str(c["paper_id"]), len(position)) for c in keyword.chunks]
    return _Layout(list(position), np.asarray(of, dtype=np.int64))


def _present(keyword: KeywordIndex, term: str) -> np.ndarray:
    """Which chunks hold the (stemmed) term, from the keyword side's postings."""
    import numpy as np

    out = np.zeros(len(keyword.chunks), dtype=bool)
    i = keyword.bm25.vocab_dict.get(term)
    if i is not None:
        postings = keyword.bm25.scores
        out[postings["indices"][postings["indptr"][i] : postings["indptr"][i + 1]]] = True
    return out


@dataclass(frozen=True)
class Said:
    """Which chunks say a list question's topic, and how."""

    phrase: np.ndarray  # its key phrase, word for word
    related: np.ndarray  # the phrase in other forms: short forms the corpus defines, a word between
    near: np.ndarray  # each chunk's cosine to the centre of the chunks saying the phrase
    words: str = ""  # the key phrase as the question writes it
    dropped: tuple[str, ...] = ()  # terms of the question's phrase the corpus shows it needs not ("machine")


def coverage(
    keyword: KeywordIndex, table: Abbreviations, query: str, matrix: np.ndarray, similar: np.ndarray
) -> tuple[np.ndarray, Said]:
    """Each chunk's weighted share of the topic's terms, and which chunks say the topic (key_phrase).

    A term weighs its IDF, times how much more often the chunks saying the key phrase hold it than the
    index at large (its lift, up to `topic_lift`): "about" in "papers about machine unlearning" is no
    likelier beside "unlearning" than anywhere, so it weighs little; "machine" is 7 times likelier.
    """
    import numpy as np

    terms = list(dict.fromkeys(keyword.terms(query)))
    held = {t: _present(keyword, t) for t in terms}
    if not any(h.any() for h in held.values()) or not keyword.chunks:
        nothing = np.zeros(len(keyword.chunks), dtype=bool)
        return np.zeros(len(keyword.chunks)), Said(nothing, nothing, np.zeros(len(keyword.chunks)))
    said = key_phrase(keyword, table, query, held, matrix, similar)
    for term in keyword.terms(said.words):  # "oversmoothing" holds "over" and "smooth"
        if term in held:
            held[term] = held[term] | said.phrase
    terms = [t for t in terms if t not in said.dropped]  # "unlearning" is the topic, with or without "machine"
    weights = {}
    for term in terms:
        lift = (held[term] & said.phrase).sum() / max(said.phrase.sum(), 1) / max(held[term].mean(), 1e-9)
        weights[term] = keyword.idf(term) * min(1.0, float(lift) / CALIBRATION.topic_lift)
    out = sum((weights[t] * held[t] for t in terms), np.zeros(len(keyword.chunks)))
    total = sum(weights.values())
    return (out / total if total > 0 else out), said


def key_phrase(
    keyword: KeywordIndex,
    table: Abbreviations,
    query: str,
    held: dict[str, np.ndarray],
    matrix: np.ndarray,
    similar: np.ndarray,
) -> Said:
    """Which chunks say the question's key phrase, and which say its telling word or the phrase in another form.

    The key phrase is the word, or run of two or three adjacent words of the question, that tells its
    topic best: the chunks saying it are few (IDF) and close to the question (their mean cosine above
    the index's), shrunk for a phrase only a few chunks say (n / (n + `topic_phrase_prior` of the chunks)). "study",
    "about", "list" are rare at 500 papers but their chunks are no closer than any; "world" alone is
    mostly "real-world", while the chunks saying "world models" are close. The telling word is the
    phrase's best word by the same measure ("unlearning" of "machine unlearning"). A shorter phrase
    stands for the longer only where the corpus shows it means the same: the chunks it adds are as close
    to the centre of the longer phrase's chunks as those are ("mixture-of-experts" for "... models"; not
    "collapse" for "model collapse", which is also mode, neural and representation collapse).
    Said means the words in that order, with the hyphens and stopwords between them as in the question
    ("mixture-of-experts"), each word by the letters it shares with its stem, or closed up ("oversmoothing").
    """
    import math

    import numpy as np

    words = re.findall(r"[a-z0-9]+", QUESTION_WORDS.sub(" ", query).lower())
    stems = [(keyword.terms(w) or [""])[0] for w in words]
    texts, mean, n_all = _texts(keyword), float(similar.mean()), len(keyword.chunks)

    def tells(said: np.ndarray) -> float:
        n = int(said.sum())
        if not n:
            return -math.inf
        shrink = n / (n + CALIBRATION.topic_phrase_prior * n_all)
        return math.log((n_all + 1) / (n + 0.5)) * (float(similar[said].mean()) - mean) * shrink

    units: dict[tuple[int, int], np.ndarray] = {}
    for a, stem in enumerate(stems):
        if stem not in held:
            continue
        units[(a, a)] = held[stem]
        b = a
        for _ in range(2):  # runs of two and three words
            nxt = _next(stems, b, 1)
            if nxt is None or stems[nxt] not in held:
                break
            b = nxt
            both = np.logical_and.reduce([held[t] for t in stems[a : b + 1] if t])
            for closed in keyword.terms("".join(words[a : b + 1]))[:1]:  # "oversmoothing" is one term
                both = both | _present(keyword, closed)
            units[(a, b)] = _matching(texts, both, _phrase(words[a : b + 1], stems[a : b + 1]))
    score = {span: tells(said) for span, said in units.items()}
    lo, hi = max(score, key=lambda span: score[span])
    first, asked = (lo, hi), set(stems[lo : hi + 1])
    while True:  # a shorter phrase, where the chunks it adds are about what the longer phrase's chunks are
        shorter = [
            span
            for span in ((lo, _next(stems, hi, -1)), (_next(stems, lo, 1), hi))
            if span in units
            and span != (lo, hi)
            and span[0] is not None
            and span[1] is not None
            and _same_topic(matrix, similar, units[span] & ~units[(lo, hi)], units[(lo, hi)])
        ]
        if not shorter:
            break
        lo, hi = max(shorter, key=lambda span: score[span])
    phrase = units[(lo, hi)]
    # its other forms, and those of the question's whole phrase ("dLLMs" for "diffusion language models", which
    # is said shorter as "diffusion language"; "MoE" for "mixture-of-experts", of "... models")
    forms = np.zeros_like(units[(lo, hi)])
    for a, b in dict.fromkeys([(lo, hi), first]):
        content = np.logical_and.reduce([held[t] for t in stems[a : b + 1] if t])
        forms |= _other_forms(keyword, table, words[a : b + 1], stems[a : b + 1], content)
    dropped = tuple(asked - set(stems[lo : hi + 1]) - {""})
    return Said(phrase, forms & ~phrase, matrix @ _centre(matrix, phrase), " ".join(words[lo : hi + 1]), dropped)


def _same_topic(matrix: np.ndarray, similar: np.ndarray, extra: np.ndarray, phrase: np.ndarray) -> bool:
    """Whether the chunks a shorter phrase adds are about what the phrase's own chunks are: the cosine of
    their centres reaches `topic_phrase_same` (the centres of a few dozen chunks are steady where single
    chunks are not). Where either is said by fewer than `topic_centre_min` chunks (a small index), their
    centres are noise: the added chunks must be about as close to the question (`topic_phrase_gain`)."""
    if not extra.any():
        return True
    if min(int(extra.sum()), int(phrase.sum())) < CALIBRATION.topic_centre_min:
        return float(similar[phrase].mean()) - float(similar[extra].mean()) < CALIBRATION.topic_phrase_gain
    return float(_centre(matrix, extra) @ _centre(matrix, phrase)) >= CALIBRATION.topic_phrase_same


def _centre(matrix: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """What the chunks of the rows are about: the unit mean of their vectors less the index's mean vector
    (every abstract shares much of its direction, so uncentred means of any two sets are close)."""
    import numpy as np

    if not rows.any():
        return np.zeros(matrix.shape[1], dtype=matrix.dtype)
    centre = matrix[rows].mean(axis=0) - _mean(matrix)
    out: np.ndarray = centre / max(float(np.linalg.norm(centre)), 1e-12)
    return out


_means: dict[int, np.ndarray] = {}


def _mean(matrix: np.ndarray) -> np.ndarray:
    """The index's mean chunk vector, once per matrix (the cached matrices live as long as the process)."""
    if id(matrix) not in _means:
        _means.clear()
        _means[id(matrix)] = matrix.mean(axis=0)
    return _means[id(matrix)]


def _matching(texts: list[str], candidates: np.ndarray, pattern: re.Pattern[str]) -> np.ndarray:
    """Which of the candidate chunks the pattern finds in."""
    import numpy as np

    said = np.zeros_like(candidates, dtype=bool)
    said[[i for i in np.flatnonzero(candidates) if pattern.search(texts[i])]] = True
    return said


def _next(stems: list[str], at: int, step: int) -> int | None:
    """The next content word from `at` in the direction of step, over at most one stopword ("of")."""
    for i in (at + step, at + 2 * step):
        if 0 <= i < len(stems) and stems[i]:
            return i
    return None


def _other_forms(
    keyword: KeywordIndex, table: Abbreviations, words: list[str], stems: list[str], candidates: np.ndarray
) -> np.ndarray:
    """Which chunks say the phrase in another form: a run of its words by a short form the corpus defines
    for it ("diffusion LLMs", "dLLMs" for "diffusion language models"), or with one word between two of
    its words ("diffusion large language models"). Found among the candidates and the chunks holding a
    short form; only the chunks close to the phrase's own count (topic_papers)."""
    from rag.retrieval import abbreviations

    shorts: dict[tuple[int, int], list[str]] = {}
    for i in range(len(words)):
        for j in range(i + 1, len(words)):
            if stems[i] and stems[j]:
                found = abbreviations.short_forms(table, stems[i : j + 1], keyword.terms, CALIBRATION.topic_short_share)
                if found:
                    shorts[(i, j)] = found
    for forms in shorts.values():
        for form in forms:
            for term in keyword.terms(form)[:1]:
                candidates = candidates | _present(keyword, term)
    return _matching(_raw_texts(keyword), candidates, forms_pattern(words, stems, shorts))


def forms_pattern(words: list[str], stems: list[str], shorts: dict[tuple[int, int], list[str]]) -> re.Pattern[str]:
    """The phrase's words in order with at most one other word between two of them, any run of them (a, b)
    written instead as one of its short forms shorts[(a, b)], as the texts write it (capitals and all)."""
    gap = r"[\s\-/]*(?:[a-z0-9]+[\s\-/]+)?"

    def rest(i: int) -> str:
        own = [_word(words[i], stems[i]) + (gap + rest(i + 1) if i + 1 < len(words) else "")]
        for (a, b), forms in shorts.items():
            if a == i:
                short = "(?-i:" + "|".join(re.escape(f) for f in forms) + ")s?"
                own.append(short + (gap + rest(b + 1) if b + 1 < len(words) else ""))
        return "(?:" + "|".join(own) + ")"

    return re.compile(r"(?i)\b" + rest(0) + r"\b")


@lru_cache(maxsize=2)
def _raw_texts(keyword: KeywordIndex) -> list[str]:
    return [f"{c.get('title', '')}. {c.get('keywords', '')}. {c.get('text', '')}" for c in keyword.chunks]


@lru_cache(maxsize=2)
def _texts(keyword: KeywordIndex) -> list[str]:
    return [f"{c.get('title', '')}. {c.get('keywords', '')}. {c.get('text', '')}".lower() for c in keyword.chunks]


_ENDING = r"(?:e|s|es|ed|ing|ings|er|ers|ly|ness|ive|ion|ions)?"  # "decod": "decoding"; "speculat": "speculative"


def _word(word: str, stem: str) -> str:
    """A word of a phrase as a pattern: as the question writes it less an inflection ("operators":
    "operator", not "oper", which is also "operations"), or the letters it shares with its stem where that
    is longer ("watermarking": "watermark"), then any inflection's ending ("over" is not "overall")."""
    shared = next((i for i, (x, y) in enumerate(zip(word, stem, strict=False)) if x != y), min(len(word), len(stem)))
    bare = re.sub(r"(?:ing|es|s|ed)$", "", word) if len(word) > 4 else word
    return re.escape(max(bare, word[: max(shared, 2)], key=len) if stem else word) + _ENDING


def _phrase(words: list[str], stems: list[str]) -> re.Pattern[str]:
    """The words in order (_word), a hyphen, slash, spaces or nothing between them ("oversmoothing")."""
    return re.compile(r"\b" + r"[\s\-/]*".join(_word(w, s) for w, s in zip(words, stems, strict=True)) + r"\b")


def topic_papers(
    query: str,
    store: Store,
    keyword: KeywordIndex,
    query_vector: list[float],
    filters: Filters | None = None,
    cut_offs: tuple[float, float, float] | None = None,
) -> list[TopicPaper]:
    """Every paper of the index (within the filters) on the query's topic, best first. cut_offs: coverage,
    cosine, and the quantile of the phrase's chunks' cosines to their centre that a chunk saying the topic
    only in another form must reach (default: the calibrated ones; bench/topics.py --calibrate reads every
    paper with (0, -1, quantile))."""
    import numpy as np

    from rag.retrieval.abbreviations import defined

    if not keyword.chunks:
        return []
    layout = _layout(keyword)
    n = len(layout.papers)
    matrix = chunk_vectors(store, keyword).matrix
    similar = matrix @ np.asarray(query_vector, dtype=np.float32)
    at_coverage, at_similarity, at_related = cut_offs or (
        CALIBRATION.topic_coverage,
        CALIBRATION.topic_similarity,
        CALIBRATION.topic_related_quantile,
    )
    covered, said = coverage(keyword, defined(store, keyword), query, matrix, similar)
    # a paper that never says the key phrase is on the topic by meaning: wholly (cosine to the question), or
    # saying the phrase's telling word or another form of it and as close to what the phrase's papers are
    # about as they are ("LLM unlearning" for "machine unlearning"; not "real-world" for "world models")
    close = float(np.quantile(said.near[said.phrase], at_related)) if said.phrase.any() and at_related <= 1 else 2.0
    related = said.related & (said.near >= close)
    covered = np.where(said.phrase, covered, 0.0)
    known = [t for t in keyword.terms(query) if t in keyword.bm25.vocab_dict]
    bm25 = np.asarray(keyword.bm25.get_scores(known), dtype=np.float64) if known else np.zeros(len(keyword.chunks))
    mask = keyword.mask(filters or Filters())
    if mask is not None:
        keep = mask > 0
        covered, similar, bm25, related = covered * keep, np.where(keep, similar, -1.0), bm25 * keep, related & keep
    best = {name: np.full(n, -np.inf) for name in ("coverage", "similarity", "bm25", "phrased", "related", "near")}
    for name, values in (
        ("coverage", covered),
        ("similarity", similar),
        ("bm25", bm25),
        ("phrased", said.phrase),
        ("related", related),
        ("near", np.where(related, said.near, -1.0)),
    ):
        np.maximum.at(best[name], layout.paper_of, values.astype(np.float64))
    on = (best["coverage"] >= at_coverage) | (best["similarity"] >= at_similarity) | (best["related"] > 0)
    if mask is not None:
        on &= np.bincount(layout.paper_of, weights=mask, minlength=n) > 0
    top_bm25 = max(float(best["bm25"].max()), 1e-9)
    low, high = float(best["similarity"][best["similarity"] > -1].min(initial=0.0)), float(best["similarity"].max())
    fused = 0.5 * best["bm25"] / top_bm25 + 0.5 * (best["similarity"] - low) / max(high - low, 1e-9)
    order = [int(i) for i in np.argsort(-fused, kind="stable") if on[i]]
    return [
        TopicPaper(
            layout.papers[i],
            float(fused[i]),
            float(best["coverage"][i]),
            float(best["similarity"][i]),
            bool(best["phrased"][i] > 0),
            float(best["near"][i]),
        )
        for i in order
    ]
