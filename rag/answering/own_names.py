"""Whose a coined name is: the paper's own (its title's head, defined or introduced in its abstract, the subject of what
it finds); which of a side's names a text says (rag.answering.sides), whether a paper says a name, and which of the
papers saying one the question's clause describes (`the_one`, for sides, named and pairs)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rag.answering import known
from rag.calibration import CALIBRATION
from rag.reading.text import coined_names, defined_acronyms, flat_latex, sentences
from rag.types import Hit

if TYPE_CHECKING:
    from rag.retrieval.keyword import KeywordIndex


def own_name(target: str, paper: Hit) -> bool:
    """A coined name of the target is the paper's own: its title's head, defined or introduced in its abstract
    ("we revisit ... and introduce Inter‑Slice Consistent Stochasticity (ISCS)", its hyphens of any kind), the
    subject of what the abstract finds ("FAST-DIPS is a training-free solver", "results show that ShotKV
    achieves ..."), called "our" or "this" ("our novel SquaredPO loss", "This TokenSet enhances ...") or its code's
    address (".../r/PFT3A"); not a baseline it beats ("outperforms FastV by 5.7")."""
    abstract = re.sub(r"[\u2010\u2011\u2012\u2013]", "-", flat_latex(paper.abstract))  # "named D$^2$-Edit" (blind 89)
    own = set(coined_names(paper.title.split(":")[0])) | defined_acronyms(abstract)
    introducing = [s for s in sentences(abstract) if _INTRODUCES.search(s)]
    return any(
        any(re.fullmatch(n, o) for o in own)
        or any(re.search(rf"\b{n}\b", s) for s in introducing)
        or re.search(_FINDS.format(n), abstract, re.I | re.M)
        or re.search(rf"https?://\S*/{n}\b", abstract)
        # "our novel SquaredPO loss" (blind 53), "This TokenSet enhances global context aggregation" (blind 55)
        or re.search(rf"\b(?:[Oo]ur|[Tt]his)\s+(?:(?:novel|new|proposed)\s+)?{n}\b", abstract)
        # "we train IntelliReward, a reward model built from ..." (blind 67): made and then said what it is; not "we
        # train GPT-2 on ..."
        or re.search(rf"\b[Ww]e\s+(?:train|build|create|release|obtain)\s+{n},\s+an?\s", abstract)
        for n in map(_either_number, coined_names(target))
    )


def _either_number(name: str) -> str:
    """A name as a pattern the plural or singular of it matches: "FlexMDM" of "we introduce ... (FlexMDMs)"."""
    return rf"{re.escape(name.removesuffix('s'))}s?"


# "We explore this approach, named Sim-PE, ...": a name given is introduced too; so is a dataset built ("we construct
# a ... benchmark comprising two datasets: GrayCount250 ... and NaturalCount6")
_INTRODUCES = re.compile(
    # ... "We call our method \\textbf{GOAT}: Generative Online Adversarial Training" (blind 127)
    r"\b(?:(?:propos|introduc|present|develop|design|construct|curat)(?:e|es|ed|ing|s)?|named|dubbed|termed"
    r"|call\s+(?:our|this|the)\s+(?:[\w-]+\s+)?(?:method|approach|framework|model|algorithm))\b",
    re.I,
)
# the name as the subject of a finding: at a sentence's start or after "that", set in bold or not
_FINDS = (
    r"(?:(?:^|[.!?]\s+|\bthat\s+)[$*{{\\a-z]*?(?:textbf\{{)?){0}\W{{0,3}}\s+(?:is|are|achieves?|delivers?|outperforms?"
    r"|improves?|yields?|attains?|reaches|surpasses|sets|establishes|consistently|significantly|substantially)\b"
)


def names_in(target: str, text: str) -> list[str]:
    """The coined names of the target that the text says."""
    return [n for n in coined_names(target) if re.search(rf"\b{re.escape(n)}\b", text)]


def given_in(target: str, text: str) -> list[str]:
    """The capitalised words of the target past its first that the text gives a paper as its name: "The Navigation
    framework for small LMs - ...?" of "we propose Navigation, a novel training-free framework" (blinds 140, 151), a
    word of English no coined name is made of."""
    words = re.findall(r"(?<=\s)[A-Z][a-z]{3,}\b", target)
    return [w for w in words if re.search(_GIVEN.format(w), text)]


_GIVEN = r"\b(?:propose|introduce|present)\s+{0}\s*,\s+an?\b|\b(?:named|called|dubbed|termed)\s+{0}\b"


def as_it(text: str, paper: Hit) -> str:
    """The text with the name of the paper's method (its title's head, or a name its first proposing sentence says) as
    "it" ("its"): in a follow-up, the name says which paper, not which of its sentences answers, and the judge reading
    the follow-up and a sentence together takes the sentence proposing the name for the likelier ("What module does
    HEDRA use to deal with spurious causality?", "How is the reward set up in Sparsity Forcing?": blinds 128, 152).
    Not where the text asks what the name is ("what is FlashLLA ...?")."""
    candidates = sentences(paper.abstract or paper.passage)
    first = known.proposal(candidates)
    proposing = candidates[first] if first is not None else ""
    head = paper.title.split(":")[0].strip() if ":" in paper.title else ""
    own = [n for n in names_in(text, f"{head} {proposing}") if own_name(n, paper)]
    if head and len(head.split()) <= 4 and re.search(rf"\b{re.escape(head)}\b", text):
        own.append(head)  # the title's head in plain words: "Sparsity Forcing: Reinforcing Token Sparsity of MLLMs"
    names = "|".join(map(re.escape, own))
    asked = rf"\W*(?:and\s+)?what(?:'s|’s|\s+is|\s+are|\s+does)\s+(?:the\s+)?(?:{names})\b(?!['’]s)"
    if not own or re.match(asked, text, re.I):
        return text
    said = rf"\b(?:the\s+)?(?:{names})(?P<its>['’]s)?\b"
    return re.sub(said, lambda m: "its" if m["its"] else "it", text)


def says(hit: Hit, name: str) -> bool:
    """The paper's title or abstract says the name (in any case where it is several words)."""
    return bool(re.search(rf"\b{re.escape(name)}\b", text_of(hit), 0 if " " not in name else re.I))


def text_of(hit: Hit) -> str:
    """A paper's title and abstract (or the passage found, where no abstract came with it), as its words are read."""
    return f"{hit.title} {hit.abstract or hit.passage}"


def the_one(hits: Sequence[Hit], name: str, question: str, keyword: KeywordIndex) -> Hit | None:
    """The one paper of the search that says the name: a name several say ("FID", "RLVR", two papers called
    SPICE) points at no paper in particular, unless what the question's clause says of it ("KARMA is about
    unlearning", blind 89: two papers of 19,630 are called KARMA) singles one out."""
    sayers = [h for h in hits if says(h, name)]
    if len(sayers) < 2:
        return sayers[0] if sayers else None
    clause = next((c for c in _CLAUSES.split(question) if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", c)), "")
    told = sorted(((keyword.coverage(clause, text_of(h)), i) for i, h in enumerate(sayers)), reverse=True)
    return sayers[told[0][1]] if clause and told[0][0] - told[1][0] >= CALIBRATION.side_margin else None


_CLAUSES = re.compile(r"[,.;:?!()]|\b(?:and|but|while|whereas|vs\.?|versus)\b", re.I)
