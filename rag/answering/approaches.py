"""Approaches: a list answer's papers grouped by what their abstracts say they do.

"What are the main approaches to KV cache compression?" is better read as eviction, quantization,
low-rank... than as eight papers in score order. A group is the papers that share a word the
question does not say and few abstracts of the index use ("eviction", "quantization"); the label
is that word as the abstracts write it, with its neighbour where they agree ("token eviction").
Where no such word is shared the list stays flat: the abstracts do not allow a grouping.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from rag.calibration import CALIBRATION


class Vocabulary(Protocol):
    """What grouping needs of the keyword side (`KeywordIndex`): its terms, their rarity, its stemmer."""

    stemmer: Any

    def terms(self, text: str) -> list[str]: ...

    def idf(self, term: str) -> float: ...


_WORD = re.compile(r"[A-Za-z][\w-]*")
_PIECE = re.compile(r"[A-Za-z]\w*")  # "KV-cache" is "KV" and "cache" to the keyword side
# words of how well, not of how: "compression ratios" or "speedup" is a result every approach reports
_OUTCOMES = (
    "ratio ratios accuracy speedup speed-up throughput latency efficiency baseline baselines benchmark benchmarks "
    "experiments results improvement improvements outperforms state-of-the-art existing prior novel extensive"
)


@dataclass(frozen=True)
class Group:
    label: str | None  # the shared word; None for the papers no group took
    items: list[int]  # positions in the list, best first


def group(query: str, texts: Sequence[str], keyword: Vocabulary) -> list[Group]:
    """Groups of the list's items (each text: a paper's title and its quoted sentences), in the order
    of their best item; [] when fewer than two items share a distinctive word."""
    if len(texts) < CALIBRATION.group_min_items:
        return []
    asked = set(keyword.terms(query)) | set(keyword.terms(_OUTCOMES))
    terms = [set(keyword.terms(t)) - asked for t in texts]
    left, groups = set(range(len(texts))), []
    while len(left) >= 2:
        shared = Counter(term for i in left for term in terms[i])
        scored = [
            (n * keyword.idf(term), term)
            for term, n in shared.items()
            if 2 <= n < len(texts) and keyword.idf(term) >= CALIBRATION.group_min_idf
        ]
        if not scored:
            break
        _, term = max(scored)
        members = sorted(i for i in left if term in terms[i])
        rest = [texts[i] for i in range(len(texts)) if i not in set(members)]
        groups.append(Group(_label(term, [texts[i] for i in members], keyword, rest), members))
        left -= set(members)
    if 2 * len(left) > len(texts):  # most papers share nothing distinctive: a flat list reads better
        return []
    groups.sort(key=lambda g: g.items[0])
    return [*groups, Group(None, sorted(left))] if left else groups


def _label(term: str, texts: Sequence[str], keyword: Vocabulary, rest: Sequence[str] = ()) -> str:
    """The word as written ("eviction"), or the two or three words around it that two or more of the
    group's texts write alike ("token eviction", "tree-based draft trees") and that a larger share of
    the group's texts write than of the rest of the list's (`rest`): a phrase every group of the list
    says ("language models") names none of them."""
    surface: Counter[str] = Counter()
    for text in texts:
        ws, stems = _stemmed(text, keyword.stemmer)
        surface.update(w for w, s in zip(ws, stems, strict=True) if s == term)
    if not surface:
        return term
    inside, written = _phrases(texts, term, keyword)
    outside, _ = _phrases(rest, term, keyword)

    def telling(phrase: str) -> bool:
        return inside[phrase] >= 2 and inside[phrase] / len(texts) > outside[phrase] / max(len(rest), 1)

    pairs = [p for p in inside if len(p.split()) == 2 and telling(p)]
    if not pairs:
        return surface.most_common(1)[0][0]
    best = max(pairs, key=lambda p: inside[p])
    longer = [p for p in inside if len(p.split()) == 3 and best in p and telling(p) and 2 * inside[p] >= inside[best]]
    if longer:
        best = max(longer, key=lambda p: inside[p])
    return written[best].most_common(1)[0][0]


def _phrases(texts: Sequence[str], term: str, keyword: Vocabulary) -> tuple[Counter[str], dict[str, Counter[str]]]:
    """How many texts write each run of two or three words holding the term (all of them content words),
    and how each writes it ("KV cache", "KV Cache")."""
    content: dict[str, bool] = {}  # asked only of the words beside the term: the keyword side's tokeniser is slow
    texts_with: Counter[str] = Counter()
    written: dict[str, Counter[str]] = {}
    for text in texts:
        ws, stems = _stemmed(text, keyword.stemmer)
        seen: set[str] = set()
        for at in [i for i, s in enumerate(stems) if s == term]:
            for size in (2, 3):
                for start in range(max(0, at - size + 1), min(at, len(ws) - size) + 1):
                    run = ws[start : start + size]
                    if not all(content.setdefault(w, bool(keyword.terms(w))) for w in run):
                        continue
                    phrase = " ".join(run)
                    if phrase.lower() not in seen:
                        seen.add(phrase.lower())
                        texts_with[phrase.lower()] += 1
                    written.setdefault(phrase.lower(), Counter())[phrase] += 1
    return texts_with, written


@lru_cache(maxsize=4096)
def _stemmed(text: str, stemmer: Any) -> tuple[list[str], list[str]]:
    """A text's words and their stems, once per text: every group of a list reads every text of it."""
    words = _WORD.findall(text)
    return words, [stemmer.stemWord(w.lower()) for w in words]


REST_READ = 200  # papers of the rest of a list a group's label is compared with


def topic_groups(query: str, texts: Sequence[str], vectors: Any, keyword: Vocabulary) -> list[Group]:
    """A whole list's papers (each text: title and abstract, best first) in groups of close papers, each
    named by the map's labeller (rag.topic_labels.topic_words: a word its papers use more than the
    rest of the list does), with its neighbour where two of its texts agree ("tree-based drafting").
    A group of one paper, or one no word names, goes under "Other papers"."""
    n = len(texts)
    if n < CALIBRATION.group_min_items:
        return []
    import numpy as np
    from sklearn.cluster import KMeans

    from rag.topic_labels import topic_words

    k = min(CALIBRATION.groups_most, max(2, round((n / 2) ** 0.5)))
    found = KMeans(n_clusters=k, n_init=3, random_state=0).fit_predict(np.asarray(vectors))
    asked = set(keyword.terms(query)) | set(keyword.terms(_OUTCOMES))
    words = topic_words([_plain(t, asked, keyword) for t in texts], found, list(range(k)))
    groups, left = [], set(range(n))
    for cluster, named in enumerate(words):
        members = [i for i in range(n) if found[i] == cluster]
        if len(members) < 2 or not named:
            continue
        groups.append(
            Group(
                _label(
                    keyword.stemmer.stemWord(named[0].lower()),
                    [texts[i] for i in members],
                    keyword,
                    _spread([texts[i] for i in range(n) if found[i] != cluster], REST_READ),
                ),
                members,
            )
        )
        left -= set(members)
    groups.sort(key=lambda g: g.items[0])
    return [*groups, Group(None, sorted(left))] if left else groups


def _spread(texts: list[str], most: int) -> list[str]:
    """At most `most` of the texts, evenly through them: a label is compared with the rest of the list by the
    share of its texts that write it, which a spread sample gives as well (a 700-paper list read whole for
    each of six groups took most of a list answer's second)."""
    return texts[:: -(-len(texts) // most)] if len(texts) > most else texts


def _plain(text: str, asked: set[str], keyword: Vocabulary) -> str:
    """The text without the words the question asked (every paper of the list says them: they name no group)."""
    stem = keyword.stemmer.stemWord
    return " ".join(w for w in _PIECE.findall(text) if stem(w.lower()) not in asked)
