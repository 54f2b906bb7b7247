"""Reading corpora into papers (what is embedded for a paper is rag/index/chunking.py).

Formats: seed text files (a header line, then abstracts separated by blank lines),
JSON Lines (.jsonl, .jsonl.gz, .jsonl.xz) and CSV (.csv, .csv.gz, .csv.xz) with the
record format of ../shared/data/README.md. Bad input never stops the good: each bad
record becomes one `Problem` naming file:line and the field, and reading goes on.
"""

from __future__ import annotations

import codecs
import csv
import gzip
import hashlib
import io
import json
import lzma
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from rag.corpus.records import MAX_ABSTRACT_CHARS, Problem, RecordError, paper_from_record
from rag.reading.text import derive_label
from rag.types import Paper, Scalar

# Paper, Problem, RecordError and Scalar are re-exported: readers of corpora take them from here.
__all__ = [
    "SEED_METADATA",
    "SUPPORTED",
    "Paper",
    "Problem",
    "ReadLog",
    "RecordError",
    "Scalar",
    "chunk_id",
    "expand",
    "read_papers",
    "seed_id",
    "seed_metadata",
    "suffix_of",
]

TEXT_SUFFIXES = (".txt",)
JSONL_SUFFIXES = (".jsonl", ".jsonl.gz", ".jsonl.xz")
CSV_SUFFIXES = (".csv", ".csv.gz", ".csv.xz")
SUPPORTED = TEXT_SUFFIXES + JSONL_SUFFIXES + CSV_SUFFIXES
# Beside seed files: their public metadata (title, link, decision, area, keywords) by file and
# paragraph. Its .json suffix keeps it out of the files a folder ingest reads.
SEED_METADATA = "metadata.json"

BINARY_NUL_SHARE = 0.01  # text with a stray NUL is still text; UTF-16 without a BOM is half NULs


# --- finding and opening files ------------------------------------------------------------


def suffix_of(path: Path) -> str:
    name = path.name.lower()
    return next((s for s in sorted(SUPPORTED, key=len, reverse=True) if name.endswith(s)), "")


def expand(paths: Iterable[Path], problems: list[Problem]) -> list[Path]:
    """Files to read: the given files, and the supported files inside given folders."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.is_file() and suffix_of(p) and not p.name.startswith("."))
            if not found:
                problems.append(Problem(str(path), f"no {', '.join(SUPPORTED)} files in folder"))
            files.extend(found)
        elif not path.exists():
            problems.append(Problem(str(path), "no such file or folder"))
        elif not suffix_of(path):
            problems.append(Problem(str(path), f"unsupported file type; expected one of {', '.join(SUPPORTED)}"))
        else:
            files.append(path)
    return files


def open_binary(path: Path) -> IO[bytes]:
    name = path.name.lower()
    if name.endswith(".gz"):
        return gzip.open(path, "rb")  # type: ignore[return-value]
    if name.endswith(".xz"):
        return lzma.open(path, "rb")
    return path.open("rb")


def _binary(head: bytes) -> bool:
    """NULs in bytes that are not UTF-8 (images, archives), or many of them (UTF-16 without a BOM).

    A stray NUL in an otherwise good text file is only its line's problem.
    """
    if b"\x00" not in head:
        return False
    if head.count(b"\x00") > BINARY_NUL_SHARE * len(head):
        return True
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head)  # not final: a character cut at the end is fine
    except UnicodeDecodeError:
        return True
    return False


def numbered_lines(path: Path, problems: list[Problem]) -> Iterator[tuple[int, str]]:
    """(line number, decoded line) pairs; undecodable lines and truncated archives are problems."""
    lineno = 0
    try:
        with open_binary(path) as raw:
            head = raw.peek(8192)[:8192] if hasattr(raw, "peek") else b""
            if head.startswith((b"\xff\xfe", b"\xfe\xff")):
                problems.append(Problem(str(path), "UTF-16 text, not UTF-8: save the file as UTF-8; skipped"))
                return
            if _binary(head):
                problems.append(Problem(str(path), "binary data, not a text file; skipped"))
                return
            for lineno, data in enumerate(raw, start=1):
                try:
                    text = data.decode("utf-8")
                    # Windows editors start UTF-8 files with a BOM; it is not part of the first record
                    yield lineno, text.removeprefix("\ufeff") if lineno == 1 else text
                except UnicodeDecodeError as exc:
                    problems.append(
                        Problem(f"{path}:{lineno}", f"not UTF-8 text (bad byte at column {exc.start + 1}); skipped")
                    )
    except (EOFError, OSError, lzma.LZMAError) as exc:
        detail = str(exc) or type(exc).__name__
        problems.append(Problem(f"{path}:{lineno + 1}", f"cannot read further ({detail}); kept lines before it"))


def read_jsonl(path: Path, problems: list[Problem]) -> Iterator[Paper]:
    for lineno, line in numbered_lines(path, problems):
        if not line.strip():
            continue
        where = f"{path}:{lineno}"
        try:
            # without its line end, a record cut off mid-string is "unterminated", not "invalid control character"
            yield paper_from_record(json.loads(line.rstrip("\r\n")), where)
        except json.JSONDecodeError as exc:
            # json's "Invalid control character at" already ends in "at"
            problems.append(
                Problem(where, f"invalid JSON ({exc.msg.removesuffix(' at')} at column {exc.colno}); skipped")
            )
        except RecursionError:  # [[[[... thousands deep: json recurses per level
            problems.append(Problem(where, "invalid JSON (nested too deeply); skipped"))
        except RecordError as exc:
            problems.append(Problem(where, f"{exc}; skipped", exc.field))


def read_csv(path: Path, problems: list[Problem]) -> Iterator[Paper]:
    # csv needs the whole stream to follow quoted newlines; the line numbers it reports
    # are physical lines, so file:line still points at the record.
    lines = [line for _, line in numbered_lines(path, problems)]
    header = next(csv.reader(lines[:1]), [])
    begin = 1  # lines[begin:] are still to read
    while begin < len(lines):
        reader = csv.DictReader(io.StringIO("".join(lines[begin:]), newline=""), fieldnames=header)
        resume, start = len(lines), begin + 1
        try:
            for row in reader:
                where = f"{path}:{start}"
                end = begin + reader.line_num  # physical line the record ends on
                if end > start and _runaway_quote(row, lines[start:end], len(header)):
                    problems.append(
                        Problem(
                            where,
                            "unterminated quote swallowed the lines after it; "
                            "this line skipped, the next ones read again",
                        )
                    )
                    resume = start
                    break
                start = end + 1
                if None in row:
                    problems.append(Problem(where, "more cells than header columns; skipped"))
                    continue
                record: dict[str, Any] = {k: v for k, v in row.items() if k}
                for name in ("keywords", "authors"):  # CSV lists are ';'-separated
                    if isinstance(record.get(name), str):
                        record[name] = [v for v in record[name].split(";") if v.strip()]
                try:
                    yield paper_from_record(record, where)
                except RecordError as exc:
                    problems.append(Problem(where, f"{exc}; skipped", exc.field))
        except csv.Error as exc:
            problems.append(Problem(f"{path}:{begin + reader.line_num}", f"malformed CSV ({exc}); stopped here"))
        begin = resume


def _runaway_quote(row: dict[str | None, Any], swallowed: list[str], columns: int) -> bool:
    """A quote left open swallows later records into one cell (up to the next quote, or the end
    of the file): cells go missing, or the swallowed lines are whole records themselves."""
    if any(v is None for k, v in row.items() if k is not None):
        return True
    return any(len(cells) == columns for cells in csv.reader(swallowed))


HEADER = re.compile(r"^(?P<venue>.{2,80}?)\s+papers$", re.IGNORECASE)


def read_text(path: Path, problems: list[Problem]) -> Iterator[Paper]:
    """Seed format: optional header line ("ICLR 2026 Papers"), blank-line separated abstracts."""
    paragraphs: list[tuple[int, list[str]]] = []
    last_blank = True
    for lineno, line in numbered_lines(path, problems):
        if line.strip():
            if paragraphs and not last_blank:
                paragraphs[-1][1].append(line.strip())
            else:
                paragraphs.append((lineno, [line.strip()]))
            last_blank = False
        else:
            last_blank = True
    meta: dict[str, Scalar] = {}
    if paragraphs and len(paragraphs[0][1]) == 1 and (m := HEADER.match(paragraphs[0][1][0])):
        meta["venue"] = m["venue"]
        if year := re.search(r"\b(19|20)\d\d\b", m["venue"]):
            meta["year"] = int(year[0])
        paragraphs = paragraphs[1:]
    known = seed_metadata(path.parent / SEED_METADATA, problems).get(path.name, {})
    for index, (lineno, lines) in enumerate(paragraphs):
        abstract = " ".join(lines)
        where = f"{path}:{lineno}"
        if len(abstract) > MAX_ABSTRACT_CHARS:
            problems.append(
                Problem(
                    where, f"{len(abstract):,} characters, over the {MAX_ABSTRACT_CHARS:,} limit; skipped", "abstract"
                )
            )
            continue
        paper_id = seed_id(path.name, index)
        if index in known:
            row_where, row = known[index]
            try:
                # the seed text stays what is indexed; the public list adds its title, link and facets
                paper = paper_from_record({**meta, **row, "abstract": abstract}, where)
                yield replace(paper, paper_id=paper_id)
                continue
            except RecordError as exc:
                problems.append(Problem(row_where, f"{exc}; this seed keeps its derived label", exc.field))
        yield Paper(
            paper_id=paper_id,
            title=derive_label(abstract),
            title_derived=True,
            abstract=abstract,
            source=where,
            meta=dict(meta),
        )


def seed_id(file_name: str, index: int) -> str:
    """A seed abstract's paper id: its file's stem and its place in the file ("000_c31e...#3")."""
    return f"{Path(file_name).stem}#{index}"


def seed_metadata(path: Path, problems: list[Problem]) -> dict[str, dict[int, tuple[str, dict[str, Any]]]]:
    """Rows of a seed folder's metadata.json by seed file and paragraph, with where each row is.

    Every seed file of the folder reads it, so the same problem comes up once per file;
    read_papers reports each once.
    """
    if not path.is_file():
        return {}
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(Problem(str(path), f"unreadable ({exc}); seeds keep derived labels"))
        return {}
    except json.JSONDecodeError as exc:
        problems.append(Problem(f"{path}:{exc.lineno}", f"not valid JSON ({exc.msg}); seeds keep derived labels"))
        return {}
    if not isinstance(rows, list):
        problems.append(Problem(str(path), "expected a JSON list of rows; seeds keep derived labels"))
        return {}
    found: dict[str, dict[int, tuple[str, dict[str, Any]]]] = {}
    for number, row in enumerate(rows, start=1):
        # one row per line as written; the position says where a bad one is
        where = f"{path}:{number + 1}"
        if not isinstance(row, dict):
            problems.append(Problem(where, "expected a JSON object; this seed keeps its derived label"))
            continue
        missing = next((k for k in ("file", "paragraph", "id", "title") if k not in row), None)
        if missing or not isinstance(row["paragraph"], int) or isinstance(row["paragraph"], bool):
            field_name = missing or "paragraph"
            problems.append(Problem(where, "missing or not valid; this seed keeps its derived label", field_name))
            continue
        fields = {k: v for k, v in row.items() if k not in ("file", "paragraph")}
        found.setdefault(str(row["file"]), {})[row["paragraph"]] = (where, fields)
    return found


READERS: dict[str, Callable[[Path, list[Problem]], Iterator[Paper]]] = {
    **{s: read_text for s in TEXT_SUFFIXES},
    **{s: read_jsonl for s in JSONL_SUFFIXES},
    **{s: read_csv for s in CSV_SUFFIXES},
}


@dataclass
class ReadLog:
    """What reading produced besides papers: problems, and duplicates dropped."""

    problems: list[Problem] = field(default_factory=list)
    duplicates: int = 0
    files: int = 0
    ids_completed: int = 0  # ids like "cvpr2016:" (nothing after the venue) made whole from the url


def read_papers(paths: Iterable[Path], reading: ReadLog) -> Iterator[Paper]:
    """Every good paper of every file, first occurrence of an id winning."""
    seen: dict[str, tuple[str, str]] = {}  # id -> (fingerprint, where)
    files = expand(paths, reading.problems)
    reading.files = len(files)
    for path in files:
        records, problems_before = 0, len(reading.problems)
        for paper in READERS[suffix_of(path)](path, reading.problems):
            records += 1
            if paper.paper_id.endswith(":"):
                # Public lists give thousands of CVPR/ICCV papers the bare id "cvpr2016:"; skipping
                # them as duplicates would lose real papers, so the url (else the title) completes
                # the id, the same on every rerun.
                key = (paper.url or paper.title).encode()
                paper = replace(paper, paper_id=paper.paper_id + hashlib.sha1(key).hexdigest()[:12])
                reading.ids_completed += 1
            prior = seen.get(paper.paper_id)
            if prior is None:
                seen[paper.paper_id] = (paper.fingerprint(), paper.source)
                yield paper
            elif prior[0] == paper.fingerprint():
                reading.duplicates += 1
            else:
                reading.problems.append(
                    Problem(
                        paper.source,
                        f"duplicate id {paper.paper_id!r} with other text (first at {prior[1]}); skipped",
                        "id",
                    )
                )
        if not records and len(reading.problems) == problems_before:
            # an empty file, or a header with nothing under it, would otherwise pass unnoticed
            reading.problems.append(Problem(str(path), "no records in this file; nothing read"))
    reading.problems[:] = list(dict.fromkeys(reading.problems))


# --- chunks -------------------------------------------------------------------------------------


def chunk_id(paper_id: str, index: int) -> str:
    return f"{paper_id}::{index}"
