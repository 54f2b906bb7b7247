"""Papers a question names: the names it says (coined, quoted, capitalised) and the one paper of its search that
says each (rag.answering.pairs: two names are two papers only where each names one, and neither says the other's).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from rag.answering.own_names import says, the_one
from rag.calibration import CALIBRATION
from rag.reading.text import an_instance, capitalised_phrases, coined_names
from rag.retrieval.fusion import heads_typed
from rag.types import Hit

if TYPE_CHECKING:
    from rag.retrieval.keyword import KeywordIndex

Searched = Callable[[], list[Hit]]  # the question's search, run once when first asked for


_QUOTED = re.compile(r"(?:^|(?<=\s))['\"“‘]([A-Z][^'\"”’]{2,60})['\"”’](?=[\s,.?!:;]|$)")  # a title in quotes


def names_said(question: str, keyword: KeywordIndex) -> list[str]:
    """The names a question says: coined ("ProtoKV"), quoted ("the 'Lost in Tokenization' paper") or a run of
    capitalised words ("the Math Blind paper").
    A coined name more papers of the index say than a name of one paper is ("FID", "GRPO") is the field's."""
    found = coined_names(question) + keyword.typed_names(question)
    coined = [n for n in dict.fromkeys(found) if len(keyword.named(n)) <= CALIBRATION.named_max]
    found = [*coined, *_QUOTED.findall(question), *capitalised_phrases(question, opening=True)]
    # a title's head typed in lower case: "EquiReg and equivariant splitting both ..."
    found += [h for h in heads_typed(question, keyword) if all(h != n.lower() for n in found)]
    found = [n for n in found if not an_instance(n, question)]  # "a standard ResNet-50"
    return [n for n in dict.fromkeys(found) if not any(n != m and n in m for m in found)]


def named_pair(question: str, searched: Searched, keyword: KeywordIndex) -> tuple[Hit, Hit] | None:
    """Two names of the question ("ProtoKV and FlowKV both ...", "the Math Blind paper and FlowGen"), each said
    by a different paper of its search, neither of which says the other's name: two papers, not a method and its
    baseline ("does SUIT beat MEMIT?", where SUIT's abstract says MEMIT). What the two share dilutes the coverage
    gain of `best_pair`; their names do not."""
    names = names_said(question, keyword)
    if len(names) < 2:
        return None
    hits = searched()
    picked: list[tuple[str, Hit]] = []
    for name in names:
        one = the_one(hits, name, question, keyword)
        if one and all(one.paper_id != h.paper_id for _, h in picked):
            picked.append((name, one))
    if len(picked) < 2:
        return None
    (a, first), (b, second) = picked[:2]
    return None if says(second, a) or says(first, b) else (first, second)
