"""What a question sets a paper against that is no second paper: a baseline the paper's own abstract says ("how does its
metric stack up against CLIP-score?"), a name of the field ("compared to a plain ResNet-50"), any one of a kind ("vs an
MLP"), a name no paper of the index is (`unindexed`). Such a comparison asks about the one paper
(rag.answering.pairs)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rag.answering import own_names, sides
from rag.answering.own_names import says
from rag.reading.contrasts import related
from rag.reading.text import asking_sentences, coined_names
from rag.retrieval.keyword import KeywordIndex

if TYPE_CHECKING:
    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever


def against_the_field(question: str, keyword: KeywordIndex) -> bool:
    """The question relates its paper to a name many papers say ("what top-1 accuracy does PsychoNet get on ImageNet
    compared to a plain ResNet-50?"): a result against a baseline of the field, not a second paper."""
    return sides.the_field(coined_names(said[1]) if (said := related(asking_sentences(question))) else [], keyword)


def its_baseline(question: str, cited: Sequence[str], store: Store) -> bool:
    """What the paper just discussed is set against is a name its abstract says, a baseline of its own: "how does its
    metric stack up against CLIP-score in agreeing with humans?" (blind 83), not a second paper."""
    from rag.answering.listing import whole_paper

    said = related(asking_sentences(question))
    # the word the other side opens with, where it has a capital: "CLIP-score" is no coined name, but the abstract's
    # own word for its baseline; not a word of what the other side is described by ("the Math Blind paper")
    opening = said[1].split()[0].strip(",.;:()") if said and said[1].split() else ""
    names = [opening] if re.search(r"[A-Z]", opening) and len(opening) > 2 else []
    stored = store.get_papers(list(cited)) if names and cited else {}
    return any(says(whole_paper(p), n) for p in stored.values() for n in names)


def a_baseline(question: str, targets: Sequence[str], keyword: KeywordIndex, store: Store) -> bool:
    """A side names what the paper the question names by its own name, outside the sides, is set against: "Prot2Token:
    ... how does its structure prediction speed compare with AlphaFold2?" of "up to ~1000x faster than AlphaFold2"
    (blind 89; 19,630 papers say AlphaFold2, so it is no unindexed name)."""
    from rag.answering.listing import whole_paper

    named = {n for t in targets for n in coined_names(sides.naming(t))}
    owners = {p for n in set(coined_names(question)) - named for p, after in keyword.named(n).items() if after}
    if not named or len(owners) != 1:
        return False
    # ... not a thing of its own ("MathViz-Bench and LPG-Bench (with TIT-Score)": TIT-Score's paper made LPG-Bench)
    paper = whole_paper(store.get_papers(sorted(owners))[owners.pop()])
    return any(says(paper, n) and not own_names.own_name(n, paper) for n in named)


_ANY_ONE = re.compile(r"\b(?:an?|plain|vanilla|standard|regular|ordinary|typical)\s+$", re.I)


def a_field_side(question: str, targets: Sequence[str], keyword: KeywordIndex) -> bool:
    """A side is any one of a kind the field names ("By what factor vs an MLP, and on what hardware?", blind 52), or a
    name of the field set against how the paper does ("... - how does it do vs GRPO on GSM8K?", blind 90): a baseline
    the paper's result is set against, not a second paper."""
    return any(
        (_ANY_ONE.search(question[: question.find(t)]) or any(_HOW_IT_DOES.match(o) for o in targets if o != t))
        and not _A_PAPER.match(question[question.find(t) + len(t) :])  # "a PTQ paper that ..." is one paper (blind 42)
        and (not (names := coined_names(t)) or sides.the_field(names, keyword))
        for t in targets
        if t in question
    )


# the other side only asks how the paper does: "how does it do", "how well does it perform", "how does this fare"
_HOW_IT_DOES = re.compile(
    r"^how(?:\s+well)?\s+(?:does|do|did)\s+(?:it|they|this|that)\s+(?:do|perform|fare|score)\s*$", re.I
)


_A_PAPER = re.compile(r"\s+(?:paper|work|study|one|method|approach)\b", re.I)


def unindexed(targets: Sequence[str], retriever: Retriever, store: Store) -> bool:
    """A side of a comparison names a method no paper of the index is: none says it ("How does PruneSID compare
    with FastV?" at 500 papers), or those that say it only mention it, as a baseline they beat ("outperforms
    FastV by 5.7" at 19,630). It is a question about the other paper, not a comparison of two."""
    keyword = retriever.keyword_index()
    named = [coined_names(sides.naming(sides.quoted_title(t))) for t in targets]
    return any(names and not any(_a_paper(n, keyword, store) for n in names) for names in named)


def _a_paper(name: str, keyword: KeywordIndex, store: Store) -> bool:
    """Some paper of the index is the one the name names: named after it, or its own name in its abstract
    (`own_name`). A name more papers say than a rare word ("GRPO") is the field's, taken as said."""
    from rag.answering.listing import whole_paper

    said = keyword.named(name)
    if keyword.typed_names(name) or any(said.values()) or len(said) > keyword.rare():
        return True
    return any(own_names.own_name(name, whole_paper(p)) for p in store.get_papers(sorted(said)).values())
