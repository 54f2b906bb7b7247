"""Corpus reading: every bad input is one clear file:line message, and the good records around it survive."""

from __future__ import annotations

import gzip
import json
import lzma
from pathlib import Path

from rag.corpus.documents import ReadLog, read_papers
from rag.reading.text import derive_label

from .conftest import SEEDS


def good(i: int, **extra: object) -> dict[str, object]:
    return {"id": f"p{i}", "title": f"Paper {i}", "abstract": f"We study problem number {i} in depth.", **extra}


def read(*paths: Path) -> tuple[list[str], ReadLog]:
    reading = ReadLog()
    ids = [p.paper_id for p in read_papers(list(paths), reading)]
    return ids, reading


def messages(reading: ReadLog) -> list[str]:
    return [str(p) for p in reading.problems]


def write_jsonl(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_seed_files_without_metadata_give_57_papers_with_derived_labels(tmp_path: Path) -> None:
    for seed in SEEDS.glob("*.txt"):
        (tmp_path / seed.name).write_bytes(seed.read_bytes())
    reading = ReadLog()
    papers = list(read_papers([tmp_path], reading))
    assert len(papers) == 57 and not reading.problems
    assert len({p.paper_id for p in papers}) == 57
    assert papers[0].paper_id == "000_c31ea4fa21d0fe3c#0"
    assert all(p.title_derived and p.title for p in papers)
    assert all(p.meta["venue"] == "ICLR 2026" and p.meta["year"] == 2026 for p in papers)
    tra = next(p for p in papers if "TraDy" in p.abstract)
    assert tra.title.startswith("TraDy")
    assert tra.source.endswith(":5")  # header, blank, first abstract, blank, then this one


def test_label_names_the_coined_method_not_a_field_acronym() -> None:
    abstract = (
        "Knowledge editing (KE) is crucial for LLMs. Existing methods fail on sparse experts. "
        "We propose MoEEdit, a routing-stable editing framework."
    )
    assert derive_label(abstract).startswith("MoEEdit: ")
    assert derive_label("Plain text without any coined name at all.") == "Plain text without any coined name at all"


def test_each_bad_jsonl_line_is_reported_and_good_lines_kept(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "c.jsonl",
        [
            json.dumps(good(1)),
            "{not json",
            json.dumps({"id": "p2", "title": "No abstract"}),
            json.dumps(good(3, abstract="   ")),
            json.dumps(good(4, abstract=["a", "list"])),
            json.dumps({"title": "no id", "abstract": "Text."}),
            json.dumps(good(5, year="twenty")),
            json.dumps(good(6, keywords=[{"nested": 1}])),
            json.dumps(["a", "list"]),
            json.dumps(good(7, abstract="x" * 1_000_000)),
            "",
            json.dumps(good(8, keywords=["a", "b"], authors=["X", "Y"], year=2026, decision="Oral")),
        ],
    )
    ids, reading = read(path)
    assert ids == ["p1", "p8"]
    got = messages(reading)
    assert got == [
        f"{path}:2: invalid JSON (Expecting property name enclosed in double quotes at column 2); skipped",
        f"{path}:3: field 'abstract': missing; skipped",
        f"{path}:4: field 'abstract': empty; skipped",
        f"{path}:5: field 'abstract': expected text, got list; skipped",
        f"{path}:6: field 'id': missing; skipped",
        f"{path}:7: field 'year': expected a whole number, got 'twenty'; skipped",
        f"{path}:8: field 'keywords': expected a list of text; skipped",
        f"{path}:9: expected a JSON object, got list; skipped",
        f"{path}:10: field 'abstract': 1,000,000 characters, over the 20,000 limit; skipped",
    ]


def test_metadata_lists_are_joined_and_missing_title_is_derived(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "c.jsonl", [json.dumps(good(1, title="", keywords=["rl", "agents"], authors=["A"], ratings=[1]))]
    )
    reading = ReadLog()
    (paper,) = read_papers([path], reading)
    assert paper.title_derived and paper.title == "Problem number 1 in depth"
    assert paper.meta == {"keywords": "rl; agents", "authors": "A"}


def test_non_utf8_line_is_skipped_alone(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    path.write_bytes(
        (json.dumps(good(1)) + "\n").encode()
        + b'{"id": "p2", "abstract": "caf\xe9"}\n'
        + (json.dumps(good(3)) + "\n").encode()
    )
    ids, reading = read(path)
    assert ids == ["p1", "p3"]
    assert messages(reading) == [f"{path}:2: not UTF-8 text (bad byte at column 30); skipped"]


def test_truncated_gzip_and_xz_keep_what_came_before(tmp_path: Path) -> None:
    lines = "".join(json.dumps(good(i)) + "\n" for i in range(200)).encode()
    for suffix, compress in ((".jsonl.gz", gzip.compress), (".jsonl.xz", lzma.compress)):
        data = compress(lines)
        path = tmp_path / f"cut{suffix}"
        path.write_bytes(data[: len(data) // 2])
        ids, reading = read(path)
        assert 0 < len(ids) < 200
        assert ids == [f"p{i}" for i in range(len(ids))]
        (problem,) = reading.problems
        assert problem.where.startswith(f"{path}:") and "cannot read further" in problem.message


def test_empty_binary_unsupported_and_missing_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    binary = tmp_path / "blob.jsonl"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    other = tmp_path / "notes.pdf"
    other.write_text("x")
    folder = tmp_path / "nothing"
    folder.mkdir()
    ids, reading = read(empty, binary, other, tmp_path / "missing.jsonl", folder)
    assert ids == []
    assert messages(reading) == [
        f"{other}: unsupported file type; expected one of .txt, .jsonl, .jsonl.gz, .jsonl.xz, .csv, .csv.gz, .csv.xz",
        f"{tmp_path / 'missing.jsonl'}: no such file or folder",
        f"{folder}: no .txt, .jsonl, .jsonl.gz, .jsonl.xz, .csv, .csv.gz, .csv.xz files in folder",
        f"{empty}: no records in this file; nothing read",
        f"{binary}: binary data, not a text file; skipped",
    ]


def test_duplicate_ids(tmp_path: Path) -> None:
    first = write_jsonl(tmp_path / "a.jsonl", [json.dumps(good(1)), json.dumps(good(2))])
    second = write_jsonl(tmp_path / "b.jsonl", [json.dumps(good(1)), json.dumps(good(2, abstract="Other text."))])
    ids, reading = read(first, second)
    assert ids == ["p1", "p2"]
    assert reading.duplicates == 1
    assert messages(reading) == [
        f"{second}:2: field 'id': duplicate id 'p2' with other text (first at {first}:2); skipped"
    ]


def test_bare_venue_ids_are_completed_not_dropped(tmp_path: Path) -> None:
    """87,691 multi-venue records give 4,553 CVPR/ICCV/RSS papers the bare id "cvpr2016:"."""
    rows = [
        json.dumps(good(1, id="cvpr2016:", url="https://example.org/a")),
        json.dumps(good(2, id="cvpr2016:", url="https://example.org/b")),
        json.dumps(good(3, id="cvpr2016:", title="No url")),
        json.dumps(good(1, id="cvpr2016:", url="https://example.org/a")),  # the first again, same text
    ]
    path = write_jsonl(tmp_path / "venues.jsonl", rows)
    ids, reading = read(path)
    assert len(ids) == len(set(ids)) == 3 and all(i.startswith("cvpr2016:") and len(i) == 21 for i in ids)
    assert reading.ids_completed == 4 and reading.duplicates == 1 and not reading.problems
    assert read(path)[0] == ids  # the same ids on every rerun: re-ingest updates, never duplicates


def test_csv_with_quoted_newlines_and_a_bad_row(tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    path.write_text(
        "id,title,abstract,keywords,year\n"
        'a1,"Title, with comma","First line\nsecond line of the abstract",rl;agents,2025\n'
        "a2,Too many,cells,x,2025,extra\n"
        "a3,No abstract,,,2025\n"
        'a4,Fine,"Another ""quoted"" abstract",,2024\n',
        encoding="utf-8",
    )
    reading = ReadLog()
    papers = list(read_papers([path], reading))
    assert [p.paper_id for p in papers] == ["a1", "a4"]
    assert papers[0].abstract == "First line\nsecond line of the abstract"
    assert papers[0].meta == {"keywords": "rl; agents", "year": 2025}
    assert papers[1].abstract == 'Another "quoted" abstract'
    assert messages(reading) == [
        f"{path}:4: more cells than header columns; skipped",
        f"{path}:5: field 'abstract': empty; skipped",
    ]


def test_seed_format_without_header(tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("First abstract, line one.\nLine two.\n\n\nSecond abstract.\n", encoding="utf-8")
    reading = ReadLog()
    papers = list(read_papers([path], reading))
    assert [(p.paper_id, p.abstract, p.source) for p in papers] == [
        ("mine#0", "First abstract, line one. Line two.", f"{path}:1"),
        ("mine#1", "Second abstract.", f"{path}:5"),
    ]
    assert papers[0].meta == {}


def test_label_skips_acronyms_the_field_already_used() -> None:
    abstract = (
        "Bayesian optimization (BO) is widely used. Existing BO methods ignore tensors. "
        "We propose a tensor-output BO method. We introduce a tensor-output Gaussian process (TOGP)."
    )
    assert derive_label(abstract).startswith("TOGP: Bayesian optimization (BO)")
    assert derive_label("We propose an LLM-based agent, GraphX, for search.").startswith("GraphX: ")
    assert derive_label(r"We use a \textit{dueling oracle} here.") == "We use a dueling oracle here"
