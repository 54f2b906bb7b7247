"""Turning rag's typed results into Markdown and HTML for the page. Pure functions, no Gradio.

Titles, abstracts and answer sentences come from corpus files anyone can write, so every
piece of them is escaped before it reaches the page; only the tags made here are real HTML.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

from rag.index.store import StoredPaper
from rag.retrieval.filters import FILTER_FIELDS, Filters
from rag.types import Answer, Citation, Hit

MARKER = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\]")
MAX_KEYWORD_CHOICES = 300  # a dropdown of every keyword of 20k papers would be unusable
CURSOR = " ▍"
ALSO_RETRIEVED = 4  # papers the search found but the answer is not about, listed under it

MODE_LABELS = {
    "model": "written by the model, each sentence checked against the abstracts",
    "extractive": "sentences quoted from the abstracts",
    "refusal": "no answer: the abstracts do not cover the question",
}


# --- escaping -------------------------------------------------------------------------------


def esc(text: object) -> str:
    """Text for HTML (attributes included)."""
    return html.escape(str(text), quote=True)


def md_text(text: str) -> str:
    """Untrusted text inside Markdown: no HTML tags, no links or images of its own."""
    return esc(text).replace("[", "\\[").replace("]", "\\]")


def safe_url(url: str) -> str:
    """The url if it is a plain web link; '' for javascript:, data: and anything odd."""
    url = (url or "").strip()
    parts = urlsplit(url)
    return url if parts.scheme in ("http", "https") and parts.netloc and not re.search(r"[\s<>\"'`]", url) else ""


def md_url(url: str) -> str:
    """A safe url inside a Markdown link target: parentheses would end the target early."""
    return url.replace("(", "%28").replace(")", "%29")


# --- the answer in the chat -----------------------------------------------------------------


def link_markers(text: str, citations: Sequence[Citation]) -> str:
    """Answer Markdown with its text escaped and each [n] a link to the paper (or its source card)."""
    by_n = {c.n: c for c in citations}
    out, last = [], 0
    for m in MARKER.finditer(text):
        out.append(_answer_text(text[last : m.start()]))
        links = []
        for n in (int(x) for x in m[1].split(",")):
            cited = by_n.get(n)
            url = safe_url(cited.url) if cited else ""
            target = md_url(url) if url else f"#source-{n}"
            links.append(f"[\\[{n}\\]]({target})" if cited else f"\\[{n}\\]")
        out.append("".join(links))
        last = m.end()
    out.append(_answer_text(text[last:]))
    return "".join(out)


def _answer_text(text: str) -> str:
    # rag's own Markdown (bold, tables) stays; HTML and link syntax from abstracts does not
    return md_text(text)


def references_md(citations: Sequence[Citation]) -> str:
    lines = []
    for c in citations:
        url = safe_url(c.url)
        title = f"[{md_text(c.title)}]({md_url(url)})" if url else md_text(c.title)
        lines.append(f"{c.n}. {title} `{c.paper_id.replace('`', '')}`")
    return "\n".join(lines)


def coverage_line(answer: Answer) -> str:
    return f"searched {answer.searched:,} abstracts, {answer.matched:,} matched the filters"


def footer(answer: Answer) -> str:
    mode = MODE_LABELS.get(answer.mode, answer.mode)
    return f"*{answer.mode} · {md_text(mode)} · {md_text(answer.backend)} · {coverage_line(answer)}*"


def answer_message(answer: Answer) -> str:
    """The assistant's chat message: callouts, the linked answer, references, and how it was made."""
    parts = []
    if answer.refused and not answer.citations:
        parts.append("> ⊘ **Not answered.** " + md_text(answer.text))
        if answer.retrieved:
            parts.append("**Nearest papers** (not cited):\n\n" + "\n".join(_nearest(answer.retrieved)))
    elif answer.refused:  # the paper was found, the detail asked is not in its abstract
        parts.append("> ⊘ **Not stated in the abstract.**")
        parts.append(link_markers(answer.text, answer.citations))
        parts.append("**References**\n\n" + references_md(answer.citations))
    else:
        if answer.error:
            parts.append(
                "> ⚠ **The model backend failed:** "
                + md_text(answer.error)
                + "\n>\n> The answer below is quoted from the abstracts instead."
            )
        parts.append(link_markers(answer.text, answer.citations))
        if answer.citations:
            parts.append("**References**\n\n" + references_md(answer.citations))
        cited = set(answer.cited_ids)
        also = [h for h in answer.retrieved if h.paper_id not in cited][:ALSO_RETRIEVED]
        if also and answer.kind != "list":
            parts.append("**Also retrieved** (not cited):\n\n" + "\n".join(_nearest(also)))
    notices = [n for n in answer.notices if not (answer.error and answer.error in n)]
    parts += [f"> ℹ {md_text(n)}" for n in notices]
    parts.append(footer(answer))
    return "\n\n".join(parts)


def _nearest(hits: Sequence[Hit]) -> list[str]:
    lines = []
    for h in hits:
        url = safe_url(h.url)
        title = f"[{md_text(h.title)}]({md_url(url)})" if url else md_text(h.title)
        lines.append(f"- {title} `{h.paper_id.replace('`', '')}`")
    return lines


def streaming_message(text: str) -> str:
    """The answer as the model writes it: plain escaped text and a cursor, before it is checked."""
    return md_text(text) + CURSOR


def stopped_message() -> str:
    return "> ■ **Stopped** before the answer was written and checked; the papers found are in the sources panel."


def error_message(error: Exception) -> str:
    return f"> ⚠ **Could not answer:** {md_text(str(error))}"


# --- sources panel --------------------------------------------------------------------------


def highlight(passage: str, supporting: Iterable[str]) -> str:
    """The passage as HTML, its supporting sentences wrapped in <mark> (escaped first, then marked)."""
    spans: list[tuple[int, int]] = []
    for sentence in supporting:
        sentence = sentence.strip()
        start = passage.find(sentence) if sentence else -1
        if start >= 0:
            spans.append((start, start + len(sentence)))
    out, last = [], 0
    for start, end in sorted(spans):
        start = max(start, last)  # overlapping sentences: mark each character once
        if start >= end:
            continue
        out.append(esc(passage[last:start]))
        out.append(f"<mark>{esc(passage[start:end])}</mark>")
        last = end
    out.append(esc(passage[last:]))
    return "".join(out)


def meta_chips(meta: dict[str, Any], url: str = "") -> str:
    chips = []
    for key in ("decision", "primary_area"):
        if meta.get(key):
            chips.append(f'<span class="chip chip-{key}">{esc(meta[key])}</span>')
    venue = " ".join(str(meta[k]) for k in ("venue", "year") if meta.get(k))
    if meta.get("venue") and str(meta.get("year", "")) in str(meta["venue"]):
        venue = str(meta["venue"])  # "ICLR 2026" already says the year
    if venue:
        chips.append(f'<span class="chip">{esc(venue)}</span>')
    link = safe_url(url)
    if link:
        chips.append(
            f'<a class="chip chip-link" href="{esc(link)}" target="_blank" rel="noopener noreferrer">OpenReview ↗</a>'
        )
    return " ".join(chips)


def _title_html(title: str, meta: dict[str, Any]) -> str:
    hint = "The abstract has no title; this label is made from its text."
    derived = f' <span class="derived" title="{hint}">(derived label)</span>'
    return esc(title) + (derived if meta.get("title_derived") else "")


def source_card(n: int | None, paper_id: str, title: str, url: str, meta: dict[str, Any], body: str) -> str:
    number = f'<span class="src-n">[{n}]</span> ' if n is not None else ""
    anchor = f' id="source-{n}"' if n is not None else ""
    return (
        f'<div class="src-card"{anchor} data-paper-id="{esc(paper_id)}">'
        f'<div class="src-title">{number}{_title_html(title, meta)}</div>'
        f'<div class="src-meta"><code>{esc(paper_id)}</code> {meta_chips(meta, url)}</div>'
        f'<div class="src-passage">{body}</div>'
        "</div>"
    )


def sources_html(answer: Answer | None) -> str:
    """Cited papers with their passages (supporting sentences marked); for a refusal, the nearest papers."""
    if answer is None:
        return '<div class="src-empty">Sources of the latest answer appear here.</div>'
    if answer.citations:
        head = f"Sources cited ({len(answer.citations)})"
        cards = [
            source_card(c.n, c.paper_id, c.title, c.url, c.meta, highlight(c.passage, c.supporting))
            for c in answer.citations
        ]
    elif answer.retrieved:
        head = "Nearest papers — not cited, the answer does not rely on them"
        cards = [source_card(None, h.paper_id, h.title, h.url, h.meta, esc(h.passage)) for h in answer.retrieved]
    else:
        return '<div class="src-empty">No paper matched.</div>'
    coverage = f'<div class="src-coverage">{esc(coverage_line(answer).capitalize())}.</div>'
    return f'<div class="src-panel"><div class="src-head">{esc(head)}</div>{coverage}{"".join(cards)}</div>'


def list_table_html(answer: Answer, listed: Mapping[str, Citation]) -> str:
    """A list answer's every matching paper (`Answer.list`, best first) as a table: rank, title linked,
    decision, area, id; '' for any other answer. The CSV and BibTeX downloads hold the same papers."""
    if not answer.list:
        return ""
    rows = []
    for pid in answer.list:
        c = listed.get(pid)
        if c is None:
            continue
        url = safe_url(c.url)
        title = (
            f'<a href="{esc(url)}" target="_blank" rel="noopener noreferrer">{esc(c.title)}</a>'
            if url
            else esc(c.title)
        )
        cells = [
            str(c.n),
            title,
            esc(c.meta.get("decision", "")),
            esc(c.meta.get("primary_area", "")),
            f"<code>{esc(pid)}</code>",
        ]
        rows.append("<tr>" + "".join(f"<td>{x}</td>" for x in cells) + "</tr>")
    head = "".join(f"<th>{h}</th>" for h in ("#", "Title", "Decision", "Area", "Paper id"))
    count = answer.count if answer.count is not None else len(rows)
    return (
        f'<details class="list-table" id="list-table" open><summary>All {count:,} matching papers, best first '
        f"(download them as CSV or BibTeX under the chat)</summary>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></details>"
    )


def found_html(hits: Sequence[Hit]) -> str:
    """The papers the search found, shown while the answer is written; none is cited yet."""
    if not hits:
        return '<div class="src-empty">No paper matched.</div>'
    head = f"Papers found ({len(hits)}) — the answer cites those it relies on"
    cards = [source_card(None, h.paper_id, h.title, h.url, h.meta, esc(h.passage)) for h in hits]
    return f'<div class="src-panel src-found"><div class="src-head">{esc(head)}</div>{"".join(cards)}</div>'


# --- filters --------------------------------------------------------------------------------


def filter_choices(papers: Iterable[StoredPaper]) -> dict[str, list[str]]:
    """Values each filter can take in this index, most common first ([] when a field is absent)."""
    counts: dict[str, Counter[str]] = {name: Counter() for name in FILTER_FIELDS}
    for paper in papers:
        for name in ("decision", "primary_area", "venue", "year"):
            if paper.meta.get(name) not in (None, ""):
                counts[name][str(paper.meta[name])] += 1
        for keyword in str(paper.meta.get("keywords", "")).split(";"):
            if keyword.strip():
                counts["keyword"][keyword.strip().lower()] += 1
    choices = {name: [v for v, _ in c.most_common()] for name, c in counts.items()}
    choices["year"] = sorted(choices["year"], reverse=True)
    choices["keyword"] = choices["keyword"][:MAX_KEYWORD_CHOICES]
    return choices


def filters_of(values: Sequence[Any]) -> Filters | None:
    """The page's filter inputs (the dropdowns in FILTER_FIELDS order, then the map's scope if any) as rag
    Filters: Gradio passes inputs by position, this names them."""
    fields, rest = values[: len(FILTER_FIELDS)], values[len(FILTER_FIELDS) :]
    scope = rest[0] if rest else None
    filters = make_filters(dict(zip(FILTER_FIELDS, fields, strict=True)))
    if not scope:
        return filters
    return replace(filters or Filters(), paper_ids=frozenset(scope.paper_ids))


def make_filters(values: Mapping[str, str | None]) -> Filters | None:
    """Dropdown values keyed by filter field name to rag Filters; None when nothing is chosen."""
    unknown = set(values) - set(FILTER_FIELDS)
    if unknown:  # a misspelt name would otherwise drop that filter without a word
        raise ValueError(f"not filter fields: {sorted(unknown)}")
    year = str(values.get("year") or "")
    filters = Filters(
        decision=values.get("decision") or None,
        primary_area=values.get("primary_area") or None,
        venue=values.get("venue") or None,
        year=int(year) if year.isdigit() else None,
        keyword=(values.get("keyword") or "").strip() or None,
    )
    return filters or None


# --- paper browser --------------------------------------------------------------------------


def paper_row(paper_id: str, title: str, meta: dict[str, Any]) -> list[str]:
    details = [str(meta[k]) for k in ("decision", "primary_area") if meta.get(k)]
    if not details and meta.get("venue"):  # the seeds know only where they were published
        details = [str(meta["venue"])]
    return [title, " · ".join(details), paper_id]


def paper_html(paper: StoredPaper) -> str:
    keywords = str(paper.meta.get("keywords", ""))
    extra = f'<div class="src-keywords">Keywords: {esc(keywords)}</div>' if keywords else ""
    tldr = f'<div class="src-keywords">TL;DR: {esc(paper.meta["tldr"])}</div>' if paper.meta.get("tldr") else ""
    card = source_card(None, paper.paper_id, paper.title, paper.url, paper.meta, esc(paper.abstract))
    return f'<div class="src-panel paper-view">{card}{extra}{tldr}</div>'


def ask_about(paper: StoredPaper) -> str:
    """A question that brings this paper into the chat (its title or label names it for retrieval)."""
    return f"Summarise the paper {paper.title.rstrip('…')}"
