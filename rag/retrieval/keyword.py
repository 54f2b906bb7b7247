"""The keyword side of search: BM25 (bm25s) over every chunk, with title and keywords prepended.

It is derived from the collection itself and keyed by the collection's revision (bumped by every
write), so it is never stale after an ingest, in embedded and in server mode alike; it is cached on
disk per revision so restarts are cheap. Its terms also weigh a question's words (coverage, rarity).
"""

from __future__ import annotations

import functools
import json
import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rag.corpus.documents import chunk_id
from rag.index import cache
from rag.reading.lexicon import without_chat_words
from rag.reading.text import coined_names, opening_aside, plain_head
from rag.retrieval.filters import FILTER_FIELDS, Filters

if TYPE_CHECKING:
    import numpy as np

    from rag.index.store import Store

# Filter fields with a menu of values; keyword is matched as a substring of a paper's keywords.
FACETS = tuple(name for name in FILTER_FIELDS if name != "keyword")
# Kept per chunk in memory for the keyword side: what filters and hits need.
KEYWORD_META = ("paper_id", "title", "url", "chunk", "start", "end", *FACETS, "keywords")


QUESTION_WORDS = re.compile(
    r"\b(what|which|how|why|who|does|do|is|are|paper|papers|method|methods|approach|work|use|used|using|can|"
    r"find|there|any|anyone|summari[sz]e)\b",
    re.IGNORECASE,
)
TERMS_KEPT = 20_000  # texts whose terms are kept (a few MB)
# A misspelt term is read as a known one only when long (short words are one edit from many) and the known one is
# in a few chunks at least (one edit from a rare word is as likely another rare word)
TYPO_MIN_LEN = 6
TYPO_MIN_DF = 3
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@functools.cache
def _english() -> Any:
    """English words (pyspellchecker's list, bundled in its wheel), loaded on the first word to spell (0.15 s)."""
    from spellchecker import SpellChecker

    return SpellChecker(language="en", distance=1)


def _plain(text: str) -> str:
    """The text without its chat words and question words, as both tokenisations of a question read it."""
    return QUESTION_WORDS.sub(" ", without_chat_words(text))


def _one_edit(term: str) -> set[str]:
    """Every string one deletion, transposition, substitution or insertion away from the term."""
    cuts = [(term[:i], term[i:]) for i in range(len(term) + 1)]
    return (
        {a + b[1:] for a, b in cuts if b}
        | {a + b[1] + b[0] + b[2:] for a, b in cuts if len(b) > 1}
        | {a + c + b[1:] for a, b in cuts if b for c in _LETTERS}
        | {a + c + b for a, b in cuts for c in _LETTERS}
    ) - {term}


class KeywordIndex:
    """BM25 over every chunk (title and keywords prepended), for one revision of the collection."""

    def __init__(self, store: Store) -> None:
        import bm25s

        self.stemmer = english_stemmer()
        self.settings = store.settings
        self.revision = store.revision()
        # one cache per index, kept across runs; switching corpora (seeds, iclr2026) rebuilds neither
        folder = store.derived("bm25", self.revision)
        if (folder / "chunks.json").exists():
            self.bm25 = bm25s.BM25.load(str(folder))
            self.chunks: list[dict[str, Any]] = json.loads((folder / "chunks.json").read_text())
        else:
            texts, self.chunks = [], []
            for _cid, text, meta in store.iter_chunks():
                keep = {k: meta[k] for k in KEYWORD_META if k in meta}
                keep["text"] = text
                self.chunks.append(keep)
                texts.append(f"{meta.get('title', '')}. {meta.get('keywords', '')}. {text}")
            tokens = self._tokenize(texts, ids=True)
            self.bm25 = bm25s.BM25()
            if texts:
                self.bm25.index(tokens, show_progress=False)
            self._save(folder)
        self.n_papers = sum(1 for c in self.chunks if c.get("chunk") == 0)
        self._masks: dict[Filters, np.ndarray] = {}
        self._df: np.ndarray | None = None
        self._facets: dict[str, list[str]] | None = None
        self._names: dict[str, dict[str, bool]] | None = None
        self._folded: dict[str, list[str]] = {}  # a name in lower case -> the index's spellings of it
        self._first: dict[str, dict[str, Any]] | None = None
        self._by_id: dict[str, dict[str, Any]] | None = None
        # kept per text: a question's checks read the same abstracts' sentences again and again, and one call
        # of bm25s' tokenizer costs 0.5 ms (its progress-bar objects are made even when hidden)
        self._kept_terms = functools.lru_cache(maxsize=TERMS_KEPT)(self._terms)
        self._kept_asked = functools.lru_cache(maxsize=TERMS_KEPT)(self._asked)
        self.named("")  # built now, with the rest: built on a first question it cost that question 2.3 s

    def by_id(self) -> dict[str, dict[str, Any]]:
        """Every chunk (its text and what hits need) by its Chroma id."""
        if self._by_id is None:
            self._by_id = {chunk_id(str(c["paper_id"]), int(c.get("chunk", 0))): c for c in self.chunks}
        return self._by_id

    def _save(self, folder: Path) -> None:
        def write(tmp: Path) -> None:
            tmp.mkdir(parents=True)
            if self.chunks:
                self.bm25.save(str(tmp), show_progress=False)
            (tmp / "chunks.json").write_text(json.dumps(self.chunks))

        cache.keep(folder, write)

    def _tokenize(self, texts: list[str], *, ids: bool) -> Any:
        return tokenize(texts, self.stemmer, ids=ids)

    def terms(self, text: str) -> list[str]:
        return list(self._kept_terms(text))

    def _terms(self, text: str) -> tuple[str, ...]:
        return tuple(self._tokenize([_plain(text)], ids=False)[0])

    def asked(self, question: str) -> list[str]:
        """The question's terms, a misspelt word read as the one it misspells (`_spelled`): what is searched, what
        coverage weighs and what no abstract says. An abstract's words are its own (`terms`)."""
        return list(self._kept_asked(question))

    def _asked(self, question: str) -> tuple[str, ...]:
        found = self._kept_terms(question)
        if not self.chunks or all(t in self.bm25.vocab_dict for t in found):
            return found
        words = tokenize([_plain(question)], None, ids=False)[0]  # the same words, not stemmed
        if len(words) != len(found):
            return found
        # a word typed with a capital is a name ("PruneSID", "HybridSB-MoE", "Thanos"), no misspelling
        coined = {p.lower() for w in re.findall(r"[\w-]+", question) if not w.islower() for p in [w, *w.split("-")]}
        return tuple(t if w in coined else self._spelled(w, t) for w, t in zip(words, found, strict=True))

    def _spelled(self, word: str, term: str) -> str:
        """A long word neither a chunk nor English holds, read as the one it misspells when one edit away from a word
        several chunks hold: "hyperparamters", "halucination", "trasnformer", "unlearnign". One that misspells none
        ("labmate", "queenless") stays unseen (`unseen`, the off-topic check), as does a word of English no abstract
        says: "fleece" is no misspelt "fleet", "detector" no "detect"."""
        if term in self.bm25.vocab_dict or len(word) < TYPO_MIN_LEN or _english().known([word]):
            return term
        edits = sorted(_one_edit(word))
        stems = self.stemmer.stemWords(edits)
        near = [(e, t) for e, t in zip(edits, stems, strict=True) if self.df(t) >= TYPO_MIN_DF]
        # a letter left out or mistyped before one typed twice ("segmantation" is "segment", not "semant")
        return max(near, key=lambda et: (len(et[0]) >= len(word), self.df(et[1]), et[1]), default=("", term))[1]

    def coverage(self, query: str, text: str) -> float:
        """IDF-weighted share of the query's words that the text contains.

        A word the corpus never saw weighs most: "quantum" or "speech" missing from every
        abstract is the clearest sign that a question is not covered.
        """
        # summed exactly (fsum): a plain sum over a set rounds by its order, which Python's hash seed sets per process,
        # so two papers tied in words tied or not from one run to the next (people-dev dA-q012)
        wanted = set(self.asked(query))
        total = math.fsum(self.idf(t) for t in wanted)
        if not total:
            return 0.0
        have = set(self.terms(text))
        return math.fsum(self.idf(t) for t in wanted if t in have) / total

    def idf(self, term: str) -> float:
        """How rare a (stemmed) term is among the chunks: log((n + 1) / (df + 0.5)); unseen terms weigh most."""
        import math

        return math.log((len(self.chunks) + 1) / (self.df(term) + 0.5))

    def rarity(self, text: str) -> float:
        """How rare the text's rarest word is: -log10 of the share of chunks holding it, over 3, capped at 1.

        A word in one chunk of a thousand or fewer is 1; "code", in about a fifth of ICLR abstracts at every scale
        (57, 500 and 19,630 papers), is 0.24; no words at all, 0. As a share it reads the same at every scale.
        """
        import math

        dfs = [self.df(t) for t in set(self.asked(text))]
        if not dfs or not self.chunks:
            return 0.0
        share = max(min(dfs), 0.5) / len(self.chunks)
        return min(1.0, -math.log10(share) / 3)

    def df(self, term: str) -> int:
        """How many chunks hold the (stemmed) term."""
        import numpy as np

        if self._df is None:
            self._df = np.diff(np.asarray(self.bm25.scores["indptr"])) if self.chunks else np.zeros(0)
        i = self.bm25.vocab_dict.get(term) if self.chunks else None
        return int(self._df[i]) if i is not None else 0

    def named(self, name: str) -> dict[str, bool]:
        """Papers whose title or abstract says this coined name, as {paper id: named after it}.

        Named after it: the name is in the title's head ("PoseX: AI Defeats ...", the words before
        the colon, or the first word), not merely in the title ("Distilling SNN Students from ANN ...").
        """
        if self._names is None:
            names: dict[str, dict[str, bool]] = {}
            for chunk in self.chunks:
                pid, title = str(chunk["paper_id"]), str(chunk.get("title", ""))
                head = title.split(":")[0] if ":" in title else (title.split() or [""])[0]
                for n in coined_names(head) or plain_head(title):
                    # "JavisDiT++: ..." is named after JavisDiT++, and only says JavisDiT (fusion._plus_headed)
                    names.setdefault(n, {})[pid] = f"{n}+" not in head
                for n in coined_names(title):
                    names.setdefault(n, {}).setdefault(pid, False)
                for n in coined_names(str(chunk.get("text", ""))):
                    names.setdefault(n, {}).setdefault(pid, False)
            self._names = names
            for n in names:
                self._folded.setdefault(n.lower(), []).append(n)
        return self._names.get(name, {})

    def rare(self) -> int:
        """A plain word names a paper only where at most this many chunks hold it ("Fighter"): 1 in 400 (49 of
        19,630), or named_max."""
        from rag.calibration import CALIBRATION

        return max(CALIBRATION.named_max, len(self.chunks) // 400)

    def typed_names(self, text: str) -> list[str]:
        """The index's spelling of names a text types in another case: "omniv2v", "mosa", "lora-over" and
        "protoKV" for OmniV2V, MoSA, LoRa-Over and ProtoKV. A word in lower case is one only where the embedder
        knows no such English word ("got" is no GoT), few abstracts hold it ("core" is no CoRe) and none writes
        it but as the name ("llm-inferred" is no LLM-Inferred of a title in title case)."""
        self.named("")
        out: list[str] = []
        for word in re.findall(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*", text):
            spellings = self._folded.get(word.lower(), [])
            if not spellings or word in spellings:
                continue
            terms = self.terms(word)  # a stopword ("AND" of a title in capitals) is no name
            if terms and self._only_a_name(word, terms, spellings):
                out += spellings
        return list(dict.fromkeys(out))

    def _only_a_name(self, word: str, terms: list[str], spellings: list[str]) -> bool:
        from rag.index.embeddings import whole_words

        if coined_names(word):
            return True  # typed as a name ("protoKV"), not as a word nor a field's acronym ("OOD")
        if not word.islower():
            return False  # "Citeseer", "Cora": a dataset as the question spells it, not another paper's CiteSeer
        # an English word ("got", "tips") that some paper's name spells too (GoT, TIPS); the vocabulary may hold it only
        # inflected ("recited", not "recite", blind 40's "rather than just recite its definition" of RECITE)
        word_forms = {word, word + "s", word + "d", word + "ed", word + "ing", word.removesuffix("e") + "ing"}
        if word_forms & whole_words(self.settings):
            return False
        if "-" not in word and min(self.df(t) for t in terms) > self.rare():
            return False
        # no abstract writes it but as the name ("LLM-inferred" is no LLM-Inferred of a title in title case)
        said = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.I)
        for chunk in self.holding(terms):
            if any(m[0] not in spellings for m in said.finditer(f"{chunk.get('title', '')} {chunk['text']}")):
                return False
        return True

    def holding(self, terms: list[str]) -> list[dict[str, Any]]:
        """The chunks that hold the rarest of these terms: the only ones a phrase of them can be in."""
        import numpy as np

        rarest = min(terms, key=self.df)
        if not self.df(rarest):
            return []
        return [self.chunks[i] for i in np.flatnonzero(self.bm25.get_scores([rarest]))]

    def first_chunk(self, paper_id: str) -> dict[str, Any] | None:
        if self._first is None:
            self._first = {str(c["paper_id"]): c for c in self.chunks if c.get("chunk") == 0}
        return self._first.get(paper_id)

    def unseen(self, text: str) -> list[str]:
        """The text's terms that no chunk of the index contains."""
        return [t for t in self.asked(text) if t not in self.bm25.vocab_dict] if self.chunks else []

    def without_aside(self, question: str) -> str:
        """The question without an opening reaction no abstract's words say ("Scary. Is there ...?"): no topic."""
        aside, rest = opening_aside(question)
        return rest if aside and self.terms(rest) and self.unseen(aside) == self.terms(aside) else question

    def facets(self) -> dict[str, list[str]]:
        """Distinct values of each filterable field, most common first (filter menus, question parsing)."""
        if self._facets is None:
            counts: dict[str, dict[str, int]] = {name: {} for name in FACETS}
            for chunk in self.chunks:
                if chunk.get("chunk") == 0:
                    for name, seen in counts.items():
                        if chunk.get(name) not in (None, ""):
                            value = str(chunk[name])
                            seen[value] = seen.get(value, 0) + 1
            self._facets = {name: sorted(seen, key=lambda v: -seen[v]) for name, seen in counts.items()}
        return self._facets

    def mask(self, filters: Filters) -> np.ndarray | None:
        import numpy as np

        if not filters:
            return None
        if filters not in self._masks:
            self._masks[filters] = np.array([filters.matches(c) for c in self.chunks], dtype=np.float32)
        return self._masks[filters]

    def matched_papers(self, filters: Filters) -> int:
        if not filters:
            return self.n_papers
        return sum(1 for c in self.chunks if c.get("chunk") == 0 and filters.matches(c))

    def search(self, query: str, n: int, filters: Filters) -> list[tuple[int, float]]:
        """(chunk position, score) of the best n chunks with a positive score."""
        import numpy as np

        if not self.chunks:
            return []
        # question words ("which paper proposes a method") are in most abstracts and only add noise
        known = [t for t in self.asked(query) if t in self.bm25.vocab_dict]
        if not known:
            return []
        scores = self.bm25.get_scores(known, weight_mask=self.mask(filters))
        n = min(n, len(scores))
        top = np.argpartition(-scores, n - 1)[:n]
        top = top[np.argsort(-scores[top])]
        return [(int(i), float(scores[i])) for i in top if scores[i] > 0]


def tokenize(texts: list[str], stemmer: Any, *, ids: bool) -> Any:
    """The one BM25 tokenisation (English stopwords, Snowball stems), of the index and of queries alike;
    the map's topic labels use it with stemmer=None, to show whole words."""
    import bm25s

    return bm25s.tokenize(texts, stopwords="en", stemmer=stemmer, return_ids=ids, show_progress=False)


def english_stemmer() -> Any:
    import Stemmer

    return Stemmer.Stemmer("english")
