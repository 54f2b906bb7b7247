"""Exports of an answer: BibTeX of its papers (escaping, LaTeX, keys), a comparison as CSV, and
`rag ask --format` over the seed index, in process."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from rag.answering import export
from rag.config import Settings
from rag.types import Answer, Citation

OPENREVIEW = "https://openreview.net/forum?id=BhfIg0tuti"


def citation(n: int, title: str, url: str = "", **meta: Any) -> Citation:
    return Citation(n=n, paper_id=f"p{n}", title=title, url=url, passage="An abstract.", supporting=[], meta=meta)


def answer(citations: list[Citation], table: list[list[str]] | None = None, kind: str = "lookup") -> Answer:
    return Answer(
        question="Which papers cut memory?",
        text="Text [1].",
        citations=citations,
        retrieved=[],
        refused=False,
        query="q",
        mode="extractive",
        kind=kind,
        backend="b",
        table=table or [],
    )


def braces_balance(text: str) -> bool:
    depth = 0
    for ch in text:  # as BibTeX counts them: an escaped brace counts too
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def test_an_openreview_paper_is_an_inproceedings_entry_with_a_stable_key() -> None:
    c = citation(1, "Study of Training Dynamics", OPENREVIEW, venue="ICLR 2026", year=2026, decision="Poster")
    c2 = citation(2, "Another & Paper", "", venue="ICLR 2026", year=2026, authors="Ada Lovelace; Alan M. Turing")
    bib = export.bibtex(answer([c, c2]))
    assert bib.startswith("@inproceedings{openreview_BhfIg0tuti,\n  title = {{Study of Training Dynamics}},")
    assert (
        "  booktitle = {ICLR 2026},\n  year = {2026},\n  url = {https://openreview.net/forum?id=BhfIg0tuti}\n}" in bib
    )
    assert "@inproceedings{another2026," in bib and r"title = {{Another \& Paper}}" in bib
    assert "author = {Ada Lovelace and Alan M. Turing}" in bib  # the index joins authors with "; "
    assert braces_balance(bib)


def test_titles_keep_their_latex_and_escape_the_rest() -> None:
    assert export.latex("MAS$^2$: Self-Generative") == "MAS$^2$: Self-Generative"  # math stays math
    assert export.latex(r"$\varepsilon$-$N$ Analysis") == r"$\varepsilon$-$N$ Analysis"
    assert export.latex(r"\textbf{Re}Mix") == r"\textbf{Re}Mix"  # a command with balanced braces stays
    assert export.latex("100% of #1 a_b & c ~x^y") == r"100\% of \#1 a\_b \& c \~{}x\^{}y"
    assert export.latex("Costs $5 today") == r"Costs \$5 today"  # a lone dollar is not math
    assert export.latex(r"Already \& escaped") == r"Already \& escaped"
    assert export.latex("Stray } and { braces") == r"Stray \textbraceright{} and \textbraceleft{} braces"
    assert export.latex(r"\textbf{Re}Mix and {open") == r"\textbf{Re}Mix and \textbraceleft{}open"
    assert export.latex("two\n  lines") == "two lines"
    for title in ("a } b", "{x", r"\{", "$x^{2$ y", "}{", r"\}\}{"):
        entry = export.bibtex(answer([citation(1, title, year=2026)]))
        assert braces_balance(entry), (title, entry)


def test_keys_are_unique_and_plain() -> None:
    cites = [citation(n, "The Diffusion Model", year=2026) for n in (1, 2, 3)]
    keys = re.findall(r"@\w+\{([^,]+),", export.bibtex(answer(cites)))
    assert keys == ["diffusion2026", "diffusion2026a", "diffusion2026b"]
    assert export.cite_key("002_ab#9", "", r"\textbf{On} $x$", {}) == "x_002ab9"  # no year: the id keeps it apart
    assert export.cite_key("x", "https://openreview.net/forum?id=bad}id", "Title", {"year": 2025}) == "title2025"


def test_rejected_or_venueless_papers_are_misc_and_urls_cannot_end_the_field() -> None:
    c = citation(1, "T", "https://x.org/a b}", venue="ICLR 2026", year=2026, decision="Not accepted")
    bib = export.bibtex(answer([c]))
    assert bib.startswith("@misc{") and "note = {Submitted to ICLR 2026}" in bib
    assert "url = {https://x.org/a%20b%7D}" in bib
    assert export.bibtex(answer([])) == ""


def test_a_comparison_table_is_csv_with_references_and_whole_sentences() -> None:
    header = ["Paper id", "Method", "Approach", "How it works", "On the question", "Key result"]
    rows = [
        header,
        [
            "p1",
            "TraDy",
            'We propose "TraDy", a scheme.',
            "It samples.",
            "It picks channels, randomly.",
            "Saves 99% of memory.",
        ],
        ["p2", "SUIT", "We edit a subspace.", "", "Line one\nline two", "Better | faster."],
    ]
    cites = [citation(1, "Study, of Training", OPENREVIEW), citation(2, "Knowledge Editing")]
    table = export.csv_table(answer(cites, rows, kind="compare"))
    assert table is not None
    parsed = list(csv.reader(io.StringIO(table)))
    assert parsed[0] == list(export.CSV_HEADER)
    assert parsed[1] == [
        "[1]",
        "TraDy",
        "Study, of Training",
        "p1",
        OPENREVIEW,
        'We propose "TraDy", a scheme.',
        "It samples.",
        "It picks channels, randomly.",
        "Saves 99% of memory.",
    ]
    assert parsed[2][6] == "" and parsed[2][7] == "Line one\nline two" and parsed[2][0] == "[2]"
    assert export.csv_table(answer(cites)) is None  # no table: no CSV
    assert set(export.exports(answer(cites, rows))) == {"markdown", "bibtex", "csv"}
    assert set(export.exports(answer([]))) == {"markdown"}


def test_markdown_export_has_the_question_and_references() -> None:
    text = export.markdown(answer([citation(1, "T", OPENREVIEW)]))
    assert text.startswith("## Which papers cut memory?\n\nText [1].")
    assert f"[1] [T]({OPENREVIEW}) `p1`" in text


def test_ask_prints_bibtex_markdown_or_json(
    seeded: Settings, rag_main: Callable[..., int], capsys: pytest.CaptureFixture[str]
) -> None:
    question = "Which papers reduce KV-cache memory?"
    assert rag_main(seeded, "ask", question, "--format", "bibtex", "--mode", "extractive") == 0
    bib = capsys.readouterr().out
    entries = re.findall(r"^@(inproceedings|misc)\{(openreview_[\w-]+),$", bib, re.M)
    assert entries and all(kind == "inproceedings" for kind, _ in entries), bib
    assert "booktitle = {ICLR 2026}" in bib and "year = {2026}" in bib and braces_balance(bib)

    assert rag_main(seeded, "ask", question, "--json", "--mode", "extractive") == 0
    as_json = json.loads(capsys.readouterr().out)
    cited = [c["url"].split("id=")[1] for c in as_json["citations"]]
    assert [key for _, key in entries] == [f"openreview_{i}" for i in cited]  # one entry per cited paper, in order
    assert as_json["suggestions"] and all(isinstance(s, str) for s in as_json["suggestions"])
    assert rag_main(seeded, "ask", question, "--format", "json", "--mode", "extractive") == 0
    assert json.loads(capsys.readouterr().out)["citations"] == as_json["citations"]

    assert rag_main(seeded, "ask", question, "--format", "markdown", "--mode", "extractive") == 0
    md = capsys.readouterr().out
    assert md.startswith(f"## {question}\n\n") and "**References**" in md
