"""Grounding: every sentence of an answer backed by the passage it cites, and markers numbered 1..m.

`check` keeps only the sentences of a model's draft that a passage supports (and whose numbers
and coined names that passage contains), each re-cited to the passage that supports it best.
`renumber` turns the markers of any draft into citations of the papers actually cited.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rag.reading.text import coined_names, sentences
from rag.types import Citation, Hit

MARKER = re.compile(r"\s*\[(\d+(?:\s*,\s*\d+)*)\]")
_PREAMBLE = re.compile(r"^\s*(?:the answer is|answer|based on the passages)\s*[:,-]\s*", re.I)
_LIST_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s+")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def cite(sentence: str, n: int) -> str:
    """The marker goes inside the sentence's final punctuation: "... memory [2]."."""
    sentence = sentence.strip()
    end = sentence[-1] if sentence[-1:] in ".!?" else ""
    return f"{sentence.rstrip('.!?').rstrip()} [{n}]{end}"


def word_overlap(a: str, b: str) -> float:
    """Share of the shorter text's words that the other has."""
    wa, wb = set(re.findall(r"\w+", a.lower())), set(re.findall(r"\w+", b.lower()))
    return len(wa & wb) / max(1, min(len(wa), len(wb)))


def renumber(text: str, sources: Sequence[Hit], passages: Sequence[str]) -> tuple[str, list[Citation]]:
    """Markers [k] point at sources[k-1]; renumber them 1..m in order of first use, list only those cited."""
    used: list[int] = []
    for m in MARKER.finditer(text):
        for k in (int(x) for x in m[1].split(",")):
            if 1 <= k <= len(sources) and k not in used:
                used.append(k)
    new_number = {old: new for new, old in enumerate(used, start=1)}

    def replace(m: re.Match[str]) -> str:
        ns = sorted({new_number[int(x)] for x in m[1].split(",") if int(x) in new_number})
        return f" [{', '.join(map(str, ns))}]" if ns else ""

    text = MARKER.sub(replace, text).strip()
    citations = []
    for old in used:
        hit, passage = sources[old - 1], passages[old - 1]
        cited = [s for s in sentences(passage) if s[:60] in text or word_overlap(s, text) > 0.8]
        citations.append(
            Citation(
                n=new_number[old],
                paper_id=hit.paper_id,
                title=hit.title,
                url=hit.url,
                passage=passage,
                supporting=cited,
                meta=hit.meta,
            )
        )
    return text, citations


def trim_loops(text: str) -> str:
    """Cut a small model's answer where it starts repeating itself (a sentence much like an earlier one)."""
    kept: list[str] = []
    for sentence in sentences(text):
        if any(word_overlap(sentence, earlier) > 0.7 for earlier in kept):
            break
        kept.append(sentence)
    return " ".join(kept)


def degenerate(text: str) -> bool:
    """Rambling or looping output from a small model: the same 4 words three times, or nothing."""
    words = re.findall(r"\w+", text.lower())
    if len(words) < 4:
        return True
    grams = [" ".join(words[i : i + 4]) for i in range(len(words) - 3)]
    return max(grams.count(g) for g in set(grams)) >= 3


Matrix = Callable[[list[str], list[str]], Any]  # cosine similarities, rows x columns


def check(raw: str, passages: Sequence[str], matrix: Matrix, threshold: float) -> tuple[str, int] | None:
    """The draft's supported sentences, each citing the passage that supports it best; and how many were dropped.

    A sentence is supported when a passage sentence reaches `threshold` cosine similarity
    and that passage contains every number and coined name the sentence states: a 135M model
    writes "DemoGraphers" or "42%" in a sentence that is otherwise close to its source.
    None when nothing is left or the draft rambled: the caller then extracts instead.
    """
    raw = trim_loops(_PREAMBLE.sub("", raw))
    if degenerate(raw):
        return None
    claims = [_LIST_ITEM.sub("", re.sub(r"\s+", " ", s)).strip(" ()") for s in sentences(raw)]
    plain = [MARKER.sub("", c).strip() for c in claims]
    plain = [c for c in plain if len(re.findall(r"\w+", c)) >= 3]
    if not plain:
        return None
    owners = [(k, s) for k, p in enumerate(passages, start=1) for s in sentences(p)]
    sims = matrix(plain, [s for _, s in owners])
    kept = []
    for i, claim in enumerate(plain):
        best = int(sims[i].argmax())
        k = owners[best][0]
        if float(sims[i][best]) >= threshold and _states_only_what(claim, passages[k - 1]):
            kept.append(cite(claim, k))
    if not kept:
        return None
    return " ".join(kept), len(plain) - len(kept)


def _states_only_what(claim: str, passage: str) -> bool:
    """Every number and coined name of the claim appears in the passage, as a whole number or word.

    Whole, not as a substring: "4" is not stated by "42%", nor "RAG" by "RAGE".
    """
    numbers = set(_NUMBER.findall(passage))
    return all(n in numbers for n in _NUMBER.findall(claim)) and all(
        re.search(rf"(?<!\w){re.escape(n)}(?!\w)", passage) for n in coined_names(claim)
    )
