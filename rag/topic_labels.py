"""A topic's distinctive words: the one labeller of the map's topics (rag.conference_map) and of a list answer's
groups (rag.answering.approaches), by class-based TF-IDF over titles and abstracts cut into words by the keyword
side's tokenizer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rag.retrieval.keyword import english_stemmer, tokenize

if TYPE_CHECKING:
    import numpy as np

LABEL_WORDS = 4


def topic_words(texts: Sequence[str], labels: np.ndarray, found: Sequence[int]) -> list[tuple[str, ...]]:
    """Class-based TF-IDF (Grootendorst 2022): a word's share of a topic's words, times log(1 + mean words per
    topic / the word's count over all topics). Words are counted by their stem ("models" and "model" are one) and
    shown in the form the topic uses most, if a larger share of the topic's papers say it than of all the others:
    the score alone can pick a word that is everywhere ("models": 61% of a topic's papers, 73% of the rest).
    The one labeller of the map's topics and of a list answer's groups (rag.answering.approaches)."""
    import numpy as np

    if not found:
        return []
    tokens = tokenize(list(texts), None, ids=True)  # the keyword side's words, not yet stemmed
    vocab = sorted(tokens.vocab, key=tokens.vocab.get)
    stems = english_stemmer().stemWords(vocab)
    stem_ids = {s: i for i, s in enumerate(dict.fromkeys(stems))}
    stem_of = np.array([stem_ids[s] for s in stems], dtype=np.int64)
    row_of = {t: row for row, t in enumerate(found)}  # noise papers count in no topic
    paper_rows = np.array([row_of.get(int(t), -1) for t in labels], dtype=np.int64)
    paper_of = np.repeat(np.arange(len(texts)), [len(d) for d in tokens.ids])
    cols = np.concatenate([np.asarray(d, dtype=np.int64) for d in tokens.ids])
    rows = paper_rows[paper_of]
    kept = rows >= 0
    n_words, n_stems = len(vocab), len(stem_ids)
    word_counts = np.bincount(rows[kept] * n_words + cols[kept], minlength=len(found) * n_words).reshape(len(found), -1)
    stem_counts = np.zeros((len(found), n_stems))
    np.add.at(stem_counts.T, stem_of, word_counts.T)
    shown = np.array([len(w) > 2 and not w.isdigit() for w in vocab], dtype=bool)  # "3d", "2024", "ai": no topic
    stem_shown = np.isin(np.arange(n_stems), stem_of[shown])
    tf = stem_counts / np.maximum(stem_counts.sum(axis=1, keepdims=True), 1)
    idf = np.log1p(stem_counts.sum() / len(found) / np.maximum(stem_counts.sum(axis=0), 1))
    scores = np.where(stem_shown, tf * idf, 0.0)
    said_more = _said_more_inside(paper_of * n_words + cols, paper_rows, len(found), n_words)
    forms: dict[int, list[int]] = {}
    for word in np.flatnonzero(shown):
        forms.setdefault(int(stem_of[word]), []).append(int(word))
    named = []
    for row in range(len(found)):
        words: list[str] = []
        for stem in np.argsort(-scores[row], kind="stable"):
            if len(words) == LABEL_WORDS or scores[row, stem] <= 0:
                break  # a topic no word sets apart says nothing rather than something wrong
            candidates = forms[int(stem)]
            form = candidates[int(np.argmax(word_counts[row, candidates]))]
            if said_more[row, form]:
                words.append(vocab[form])
        named.append(tuple(words))
    return named


def _said_more_inside(said: np.ndarray, paper_rows: np.ndarray, n_topics: int, n_words: int) -> Any:
    """(topic, word): True where a larger share of the topic's papers say the word than of all the others,
    from each token as paper * n_words + word; shares compared exactly, as integer cross-products."""
    import numpy as np

    pairs = np.sort(said)  # each word once per paper that says it; np.unique hashes, several times slower here
    pairs = pairs[np.diff(pairs, prepend=-1) != 0]
    paper, word = pairs // n_words, pairs % n_words
    row = paper_rows[paper]
    inside = np.bincount(row[row >= 0] * n_words + word[row >= 0], minlength=n_topics * n_words).reshape(n_topics, -1)
    n_inside = np.bincount(paper_rows[paper_rows >= 0], minlength=n_topics)[:, None]
    return inside * (len(paper_rows) - n_inside) > (np.bincount(word, minlength=n_words) - inside) * n_inside
