"""Metadata filters (decision, area, venue, year, keyword) and a set of papers to search within: one
type for both retrievers, as a Chroma `where` for the dense side, a mask for BM25, and as stated in a question."""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any

FILTER_FIELDS = ("decision", "primary_area", "venue", "year", "keyword")


@dataclass(frozen=True)
class Filters:
    """Metadata filters, applied to both retrievers alike. Text matches ignore case."""

    decision: str | None = None
    primary_area: str | None = None
    venue: str | None = None
    year: int | None = None
    keyword: str | None = None
    # only these papers (a topic of the map, a selection on it); None searches every paper
    paper_ids: frozenset[str] | None = None

    def __bool__(self) -> bool:
        return bool(self.chosen())

    def describe(self) -> str:
        return ", ".join(
            f"papers={len(v)} chosen" if k == "paper_ids" else f"{k}={v}" for k, v in self.chosen().items()
        )

    def chosen(self) -> dict[str, Any]:
        """The filters set, by name (not `asdict`: it would copy thousands of paper ids on every test)."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return {k: v for k, v in values.items() if v not in (None, "")}

    def matches(self, meta: dict[str, Any]) -> bool:
        if self.paper_ids is not None and str(meta.get("paper_id", "")) not in self.paper_ids:
            return False
        for name in ("decision", "primary_area", "venue"):
            want = getattr(self, name)
            if want and str(meta.get(name, "")).casefold() != want.casefold():
                return False
        if self.year is not None and meta.get("year") != self.year:
            return False
        if self.keyword:
            keywords = str(meta.get("keywords", "")).casefold()
            if self.keyword.casefold() not in keywords:
                return False
        return True


def chroma_where(filters: Filters) -> dict[str, Any] | None:
    """The filters as a Chroma `where` (keyword containment is checked after the query)."""
    clauses: list[dict[str, Any]] = []
    for name in ("decision", "primary_area", "venue"):
        value = getattr(filters, name)
        if value:
            clauses.append({name: {"$in": sorted({value, value.lower(), value.title(), value.capitalize()})}})
    if filters.year is not None:
        clauses.append({"year": filters.year})
    if filters.paper_ids is not None:
        # Chroma rejects an empty $in; no paper has the id "", so an empty choice matches nothing, as it should
        clauses.append({"paper_id": {"$in": sorted(filters.paper_ids) or [""]}})
    if not clauses:
        return None
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}


def filters_in_question(question: str, facets: dict[str, list[str]]) -> Filters:
    """Filters a question states outright ("oral papers about diffusion", "ICLR 2026 RL papers"),
    recognised only among values the index actually holds."""
    return Filters(**_stated(question, facets)[0])


def unfiltered(question: str, facets: dict[str, list[str]]) -> str:
    """The question without the words taken as filters: "Which ICLR 2026 papers are about unlearning?"
    searches "Which papers are about unlearning?", or the papers about ICLR itself come first."""
    for said in _stated(question, facets)[1]:
        question = re.sub(rf"(?i)\b{re.escape(said)}\b", " ", question)
    return " ".join(question.split())


# Where a paper was heard of, not which papers are wanted: "someone at a poster mentioned ...", "at the oral
# session", "the poster hall" ("oral papers about X", "posters on RL" are filters)
def _place(text: str, start: int, end: int) -> bool:
    return bool(
        re.search(r"\b(?:at|during|saw)\s+(?:(?:a|an|the|one|some)\s+)?$", text[:start])
        or re.match(r"\s+(?:session|hall|board)s?\b", text[end:])
    )


def _stated(question: str, facets: dict[str, list[str]]) -> tuple[dict[str, Any], list[str]]:
    """The filters stated, by field, and the words that state each (to take out of what is searched)."""
    text = question.casefold()
    found: dict[str, Any] = {}
    said: list[str] = []
    for decision in facets.get("decision", []):
        m = re.search(rf"\b{re.escape(decision.casefold())}s?\b", text)
        if decision.casefold() != "not accepted" and m and not _place(text, m.start(), m.end()):
            found["decision"] = decision
            said.append(m[0])
            break
    for venue in facets.get("venue", []):
        if venue.casefold() in text:
            found["venue"] = venue
            said.append(venue.casefold())
            text = text.replace(venue.casefold(), " ")
            break
    for year in facets.get("year", []):
        m = re.search(rf"(?:\b(?:from|in|of|published in)\s+)?\b{year}\b", text)
        if m:
            found["year"] = int(year)
            said.append(m[0])
            break
    for area in sorted(facets.get("primary_area", []), key=len, reverse=True):
        # a topic in passing ("a reinforcement learning approach for tumours") is not a filter: at
        # conference scale it hid the right paper filed under another area; "RL papers" or "the
        # area reinforcement learning" is. One paper so described ("the factor graph optimization paper",
        # "the paper on reinforcement learning for tumours") is looked up, not filtered for
        name = re.escape(area.casefold())
        stated = (
            rf"\b{name}\s+(?:papers|works|submissions?|track|area)\b|\barea:?\s+(?:of\s+)?{name}\b"
            rf"|\b(?:papers|posters?|orals?)\s+(?:\w+\s+){{0,2}}(?:in|on|from)\s+(?:the\s+)?{name}\b"
        )
        if len(area) > 3 and re.search(stated, text):
            found["primary_area"] = area
            said.append(area.casefold())
            break
    return found, said
