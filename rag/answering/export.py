"""An answer taken elsewhere: BibTeX of the papers it cites, the answer as Markdown, a comparison as CSV.

Everything is built from the typed `Answer` (its citations and their metadata, its table rows),
never from its rendered text. Titles come from corpus files anyone can write and often hold
LaTeX ("MAS$^2$", "\\textbf{Re}Mix"), so BibTeX keeps what is valid LaTeX and escapes the rest:
one stray brace or "%" in a title would break a reader's whole .bib file.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

from rag.errors import InputError

if TYPE_CHECKING:
    from rag.types import Answer, Citation

__all__ = [
    "CSV_HEADER",
    "FORMATS",
    "bibtex",
    "cite_key",
    "csv_table",
    "exports",
    "file_names",
    "latex",
    "markdown",
    "render",
]

FORMATS = ("markdown", "bibtex", "json")  # `rag ask --format`
CSV_HEADER = (
    "Reference",
    "Method",
    "Title",
    "Paper id",
    "URL",
    "Approach",
    "How it works",
    "On the question",
    "Key result",
)

_MATH = re.compile(r"(?<!\\)\$[^$]+(?<!\\)\$")  # $...$: LaTeX already, kept as written
_COMMAND = re.compile(r"\\[A-Za-z]+")
_SPECIAL = {"&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_", "$": r"\$", "^": r"\^{}", "~": r"\~{}"}
_ESCAPED = set("&%#_$^~")
_KEY_WORD = re.compile(r"[A-Za-z0-9]+")
_SMALL_WORDS = {"a", "an", "the", "on", "of", "in", "for", "to", "and", "with", "towards", "toward"}


def render(answer: Answer, fmt: str) -> str:
    """The answer in one of FORMATS, as `rag ask --format` prints it."""
    import json

    if fmt == "markdown":
        return markdown(answer)
    if fmt == "bibtex":
        return bibtex(answer)
    if fmt == "json":
        from rag.answering.followups import answer_json

        return json.dumps(answer_json(answer))
    raise InputError(f"unknown format {fmt!r}: use one of {', '.join(FORMATS)}")


def terminal(answer: Answer, titles: Mapping[str, str]) -> str:
    """The answer as `rag ask` and `rag chat` print it: a list answer's every paper (titles by id), notices, the
    nearest papers of a decline, and what answered."""
    lines = [answer.markdown()]
    if len(answer.list) > len(answer.citations):  # every matching paper, when the text quotes only the best
        lines += ["", f"All {answer.count} matching papers, best first:"]
        lines += [f"  {n}. {titles.get(p, p)} `{p}`" for n, p in enumerate(answer.list, start=1)]
    lines += [f"note: {notice}" for notice in answer.notices]
    if answer.refused and answer.retrieved:
        lines += ["", "Nearest papers:", *(f"  - {h.title} `{h.paper_id}`" for h in answer.retrieved)]
    return "\n".join([*lines, "", f"[{answer.mode} · {answer.backend} · {answer.searched} papers searched]"])


def markdown(answer: Answer) -> str:
    """The question as a heading, then the answer with its references (`Answer.markdown`)."""
    question = " ".join(answer.question.split())
    return f"## {question}\n\n{answer.markdown()}\n"


# --- BibTeX ---------------------------------------------------------------------------------------


def bibtex(answer: Answer) -> str:
    """One entry per cited paper, in the order of the answer's references; '' when it cites none."""
    keys: set[str] = set()
    entries = []
    for citation in answer.citations:
        key = unique_key(cite_key(citation.paper_id, citation.url, citation.title, citation.meta), keys)
        keys.add(key)
        entries.append(bibtex_entry(citation, key))
    return "\n".join(entries)


def bibtex_entry(citation: Citation, key: str) -> str:
    meta = citation.meta
    venue = str(meta.get("venue") or "")
    accepted = bool(venue) and str(meta.get("decision") or "").casefold() != "not accepted"
    fields: list[tuple[str, str]] = [("title", "{" + latex(citation.title) + "}")]
    authors = [a.strip() for a in str(meta.get("authors") or "").split(";") if a.strip()]
    if authors:
        fields.append(("author", " and ".join(latex(a) for a in authors)))
    if accepted:
        fields.append(("booktitle", latex(venue)))
    elif venue:
        fields.append(("note", "Submitted to " + latex(venue)))
    if meta.get("year"):
        fields.append(("year", str(meta["year"])))
    if citation.url:
        fields.append(("url", url_field(citation.url)))
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@{'inproceedings' if accepted else 'misc'}{{{key},\n{body}\n}}\n"


def cite_key(paper_id: str, url: str, title: str, meta: dict[str, Any]) -> str:
    """openreview_<id> for an OpenReview paper (stable: the id never changes), else first word + year."""
    forum = urlsplit(url or "")
    if forum.netloc.endswith("openreview.net"):
        ids = parse_qs(forum.query).get("id") or []
        if ids and re.fullmatch(r"[A-Za-z0-9_-]+", ids[0]):
            return f"openreview_{ids[0]}"
    words = [w.lower() for w in _KEY_WORD.findall(_COMMAND.sub(" ", title))]
    word = next((w for w in words if w not in _SMALL_WORDS), words[0] if words else "paper")
    year = str(meta.get("year") or "")
    return f"{word}{year}" if year.isdigit() else f"{word}_{re.sub(r'[^A-Za-z0-9]', '', paper_id)[:12]}"


def unique_key(key: str, taken: set[str]) -> str:
    """key, or key + a, b, ...: two papers named "diffusion2026" keep apart."""
    if key not in taken:
        return key
    suffix = 0
    while f"{key}{_letters(suffix)}" in taken:
        suffix += 1
    return f"{key}{_letters(suffix)}"


def _letters(n: int) -> str:
    out = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("a") + rest) + out
    return out


def latex(text: str) -> str:
    """Text for a BibTeX field inside braces: $...$ math and \\commands kept, specials escaped,
    a brace without its partner written as \\textbraceleft{} or \\textbraceright{} (BibTeX counts braces)."""
    text = " ".join(text.split())
    out, last = [], 0
    for m in _MATH.finditer(text):
        out.append(_escape(text[last : m.start()]))
        out.append(_escape(m[0]) if _unmatched(m[0]) else m[0])
        last = m.end()
    out.append(_escape(text[last:]))
    return "".join(out)


def _escape(text: str) -> str:
    stray = _unmatched(text)
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        command = _COMMAND.match(text, i) if ch == "\\" else None
        if command:  # \textbf, \alpha: LaTeX the title already holds
            out.append(command[0])
            i = command.end()
            continue
        if ch == "\\" and text[i + 1 : i + 2] in ("{", "}"):  # BibTeX counts an escaped brace too
            out.append(r"\textbraceleft{}" if text[i + 1] == "{" else r"\textbraceright{}")
            i += 2
            continue
        if ch == "\\" and text[i + 1 : i + 2] in _ESCAPED:  # \& \%: already escaped
            out.append(text[i : i + 2])
            i += 2
            continue
        if ch == "\\":
            out.append(r"\textbackslash{}")
        elif ch in "{}":
            out.append(ch if i not in stray else (r"\textbraceleft{}" if ch == "{" else r"\textbraceright{}"))
        else:
            out.append(_SPECIAL.get(ch, ch))
        i += 1
    return "".join(out)


def _unmatched(text: str) -> set[int]:
    """Positions of the braces that have no partner (an escaped brace is no brace here)."""
    opened: list[int] = []
    stray: set[int] = set()
    for i, ch in enumerate(text):
        if i and text[i - 1] == "\\":
            continue
        if ch == "{":
            opened.append(i)
        elif ch == "}":
            if opened:
                opened.pop()
            else:
                stray.add(i)
    return stray | set(opened)


def url_field(url: str) -> str:
    """A url as BibTeX reads it: a brace or a space would end the field early."""
    return re.sub(r"[{}\s]", lambda m: f"%{ord(m[0]):02X}", url.strip())


# --- CSV ------------------------------------------------------------------------------------------


def csv_table(answer: Answer) -> str | None:
    """A comparison's table as CSV, every cell a whole sentence of the abstract it cites, with the
    paper's reference number, title, id and link; None for an answer that has no table."""
    if len(answer.table) < 2:
        return None
    by_id = {c.paper_id: c for c in answer.citations}
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for paper_id, label, *cells in answer.table[1:]:
        cited = by_id.get(paper_id)
        reference = f"[{cited.n}]" if cited else ""
        writer.writerow([reference, label, cited.title if cited else "", paper_id, cited.url if cited else "", *cells])
    return buffer.getvalue()


LIST_HEADER = ("Rank", "Title", "Paper id", "URL", "Decision", "Primary area")


def listed_csv(answer: Answer, papers: Mapping[str, Citation]) -> str:
    """Every paper of a list answer (`Answer.list`, best first), one row each."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(LIST_HEADER)
    for rank, pid in enumerate((p for p in answer.list if p in papers), start=1):
        c = papers[pid]
        writer.writerow([rank, c.title, pid, c.url, c.meta.get("decision", ""), c.meta.get("primary_area", "")])
    return buffer.getvalue()


def listed_bibtex(answer: Answer, papers: Mapping[str, Citation]) -> str:
    """A BibTeX entry for every paper of a list answer, best first."""
    keys: set[str] = set()
    entries = []
    for pid in (p for p in answer.list if p in papers):
        c = papers[pid]
        key = unique_key(cite_key(pid, c.url, c.title, c.meta), keys)
        keys.add(key)
        entries.append(bibtex_entry(c, key))
    return "\n".join(entries)


def file_names(answer: Answer) -> dict[str, str]:
    """Download names: a slug of the question, so several exports of one session keep apart."""
    slug = "-".join(_KEY_WORD.findall(answer.question.lower()))[:48].strip("-") or "answer"
    return {"bibtex": f"{slug}.bib", "markdown": f"{slug}.md", "csv": f"{slug}.csv"}


def exports(answer: Answer, listed: Mapping[str, Citation] | None = None) -> dict[str, str]:
    """What each download holds for this answer (the CSV only for a comparison or a list; a list's BibTeX
    and CSV hold every paper of its `list`, given as `listed`)."""
    files = {"markdown": markdown(answer)}
    if listed:
        files["bibtex"], files["csv"] = listed_bibtex(answer, listed), listed_csv(answer, listed)
        return files
    if answer.citations:
        files["bibtex"] = bibtex(answer)
    table = csv_table(answer)
    if table is not None:
        files["csv"] = table
    return files
