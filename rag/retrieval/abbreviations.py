"""Short forms the corpus itself defines: "graph neural networks (GNNs)", "diffusion large language models
(dLLMs)". A list question's key phrase is said by its short forms too, so that "GNNs" and "dLLMs" are
read as the topic they stand for; which long form a short form stands for is what the papers wrote,
counted, not a list of ours. Mined once per revision of the index and kept beside its keyword side.
"""

from __future__ import annotations

import functools
import json
import re
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from rag.index import cache

if TYPE_CHECKING:
    from rag.index.store import Store
    from rag.retrieval.keyword import KeywordIndex

# "(GNNs)", "(dLLMs)", "(3DGS)": a parenthesised token with at least two capitals or digits
_DEFINED = re.compile(r"\(([A-Za-z0-9][A-Za-z0-9\-]{1,11})\)")
_WORD = re.compile(r"[a-z0-9]+")


def short_key(short: str) -> str:
    """A short form as it is looked up: lower case, a plural's 's' dropped ("GNNs" and "GNN" are one)."""
    bare = short[:-1] if short.endswith("s") and sum(ch.isupper() for ch in short[:-1]) >= 2 else short
    return bare.replace("-", "").lower()


def long_form(short: str, before: str) -> str | None:
    """The words before "(short)" that the short form's letters abbreviate, read right to left (Schwartz and
    Hearst, 2003): every letter found in order, the first at the start of a word; None when they are not."""
    letters = short_key(short)
    window = " ".join(before.split()[-min(len(letters) + 5, 2 * len(letters)) :])
    s, at = len(letters) - 1, len(window) - 1
    while s >= 0:
        char = letters[s]
        if not char.isalnum():
            s -= 1
            continue
        while at >= 0 and (window[at].lower() != char or (s == 0 and at > 0 and window[at - 1].isalnum())):
            at -= 1
        if at < 0:
            return None
        at, s = at - 1, s - 1
    found = window[window.rfind(" ", 0, at + 1) + 1 :]
    words = _WORD.findall(found.lower())
    return " ".join(words) if 2 <= len(words) <= len(letters) + 1 else None


@dataclass(frozen=True)
class Abbreviations:
    longs: dict[str, dict[str, int]]  # short form (short_key) -> the long forms given it -> how often
    spelled: dict[str, list[str]]  # short form -> how the texts wrote it ("dLLM"), which is how it is found


def mine(texts: Iterable[str]) -> Abbreviations:
    """Each short form the texts define, with the long forms they give it and how often."""
    longs: dict[str, Counter[str]] = {}
    spelled: dict[str, set[str]] = {}
    for text in texts:
        for match in _DEFINED.finditer(text):
            short = match.group(1)
            if sum(ch.isupper() or ch.isdigit() for ch in short) < 2:  # "(i)", "(ours)", "(Fig)"
                continue
            long = long_form(short, text[: match.start()])
            if long:
                key = short_key(short)
                longs.setdefault(key, Counter())[long] += 1
                spelled.setdefault(key, set()).add(short[:-1] if short_key(short[:-1]) == key else short)
    return Abbreviations({k: dict(v) for k, v in longs.items()}, {k: sorted(v) for k, v in spelled.items()})


_lock = threading.Lock()


@lru_cache(maxsize=2)
def defined(store: Store, keyword: KeywordIndex) -> Abbreviations:
    """The index's short forms (mine), read from the cache beside its keyword side or mined and kept there."""
    with _lock:
        folder = store.derived("abbreviations", keyword.revision)
        if (folder / "abbreviations.json").exists():
            loaded = json.loads((folder / "abbreviations.json").read_text())
            return Abbreviations(loaded["longs"], loaded["spelled"])
        mined = mine(f"{c.get('title', '')}. {c.get('text', '')}" for c in keyword.chunks)

        def write(tmp: object) -> None:
            from pathlib import Path

            path = Path(str(tmp))
            path.mkdir(parents=True)
            (path / "abbreviations.json").write_text(json.dumps({"longs": mined.longs, "spelled": mined.spelled}))

        cache.keep(folder, write)
        return mined


def short_forms(table: Abbreviations, stems: list[str], stem: object, share: float, extra: int = 1) -> list[str]:
    """How the texts write the short forms whose long forms say the phrase of `stems` (stemmed words, in
    order), with at most `extra` other words among or before them ("dLLM" for "diffusion language models":
    "diffusion large language models"), in at least `share` of the times the corpus defines them ("CL" is
    continual and contrastive learning: neither is most of it). stem: a word's stems (KeywordIndex.terms)."""
    wanted = [s for s in stems if s]
    out: list[str] = []
    for short, longs in table.longs.items():
        said = sum(n for long, n in longs.items() if _says(_stems(long, stem), wanted, extra))
        if said and said >= share * sum(longs.values()):
            out.extend(table.spelled.get(short, []))
    return sorted(set(out), key=len, reverse=True)


@functools.cache
def _cached_stems(long: str, stem: object) -> tuple[str, ...]:
    return tuple(s for w in long.split() for s in stem(w)[:1])  # type: ignore[operator]


def _stems(long: str, stem: object) -> tuple[str, ...]:
    return _cached_stems(long, stem)


def _says(long: tuple[str, ...], wanted: list[str], extra: int) -> bool:
    """Whether the long form is the wanted words in order, ending with them, with `extra` other words at most."""
    if not wanted or len(long) > len(wanted) + extra or not long or long[-1] != wanted[-1]:
        return False
    at = 0
    for word in long:
        if at < len(wanted) and word == wanted[at]:
            at += 1
    return at == len(wanted)
