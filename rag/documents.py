"""Reading corpora into papers (what is embedded for a paper is rag/chunking.py).

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

Scalar = str | int | float | bool

TEXT_SUFFIXES = (".txt",)
JSONL_SUFFIXES = (".jsonl", ".jsonl.gz", ".jsonl.xz")
CSV_SUFFIXES = (".csv", ".csv.gz", ".csv.xz")
SUPPORTED = TEXT_SUFFIXES + JSONL_SUFFIXES + CSV_SUFFIXES

# Optional record fields kept as chunk metadata; lists are joined since Chroma metadata is scalar.
META_FIELDS = ("venue", "year", "decision", "primary_area", "keywords", "authors", "tldr", "track")
LIST_SEPARATOR = "; "
MAX_ABSTRACT_CHARS = 20_000  # ten times a long abstract: beyond this it is not an abstract
MAX_FIELD_CHARS = MAX_ABSTRACT_CHARS  # any other field: a megabyte title is a broken record, not a title
BINARY_NUL_SHARE = 0.01  # text with a stray NUL is still text; UTF-16 without a BOM is half NULs


@dataclass(frozen=True)
class Problem:
    """One skipped record or file, said where and why."""

    where: str  # "path:line" or "path"
    message: str
    field: str | None = None

    def __str__(self) -> str:
        what = f"field '{self.field}': " if self.field else ""
        return f"{self.where}: {what}{self.message}"


@dataclass
class Paper:
    paper_id: str
    title: str
    abstract: str
    url: str = ""
    title_derived: bool = False
    source: str = ""  # file:line it was read from
    meta: dict[str, Scalar] = field(default_factory=dict)

    def fingerprint(self) -> str:
        """Changes whenever anything stored about the paper changes."""
        payload = json.dumps([self.title, self.abstract, self.url, self.title_derived, sorted(self.meta.items())])
        return hashlib.sha1(payload.encode()).hexdigest()[:16]


class RecordError(ValueError):
    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


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


# --- records ------------------------------------------------------------------------------------


def _text(record: dict[str, Any], name: str, *, required: bool) -> str:
    value = record.get(name)
    if value is None:
        if required:
            raise RecordError("missing", name)
        return ""
    numbers_ok = name == "id"  # ids are often numbers; a numeric abstract or title is a mistake
    if isinstance(value, bool) or not isinstance(value, str | int if numbers_ok else str):
        raise RecordError(f"expected text, got {type(value).__name__}", name)
    return _checked(name, str(value).strip())


def _checked(name: str, text: str) -> str:
    """Text that the embedder and Chroma can store: bounded, and encodable as UTF-8."""
    limit = MAX_ABSTRACT_CHARS if name == "abstract" else MAX_FIELD_CHARS
    if len(text) > limit:
        raise RecordError(f"{len(text):,} characters, over the {limit:,} limit", name)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (JSON "\\ud800") would fail the whole batch later
        raise RecordError("not valid Unicode (a lone surrogate escape)", name) from None
    return text


def _scalar(name: str, value: Any) -> Scalar | None:
    if value is None or value == "" or value == []:
        return None
    if isinstance(value, list):
        if not all(isinstance(v, str | int | float) for v in value):
            raise RecordError("expected a list of text", name)
        return _checked(name, LIST_SEPARATOR.join(str(v).strip() for v in value))
    if isinstance(value, str | int | float | bool):
        return _checked(name, value.strip()) if isinstance(value, str) else value
    raise RecordError(f"expected text, number or list, got {type(value).__name__}", name)


def paper_from_record(record: Any, source: str) -> Paper:
    """A JSON/CSV record to a Paper, or RecordError naming the field."""
    if not isinstance(record, dict):
        raise RecordError(f"expected a JSON object, got {type(record).__name__}")
    paper_id = _text(record, "id", required=True)
    if not paper_id:
        raise RecordError("empty", "id")
    abstract = _text(record, "abstract", required=True)
    if not abstract:
        raise RecordError("empty", "abstract")
    meta: dict[str, Scalar] = {}
    for name in META_FIELDS:
        value = _scalar(name, record.get(name))
        if value is not None:
            meta[name] = value
    if "year" in meta:
        meta["year"] = _year(meta["year"])
    title = _text(record, "title", required=False)
    return Paper(
        paper_id=paper_id,
        title=title or derive_label(abstract),
        title_derived=not title,
        abstract=abstract,
        url=_text(record, "url", required=False),
        source=source,
        meta=meta,
    )


def _year(value: Scalar) -> int:
    """A whole number; int() alone would take True as 1, 2025.7 as 2025 and fail on 1e400 with OverflowError."""
    if not isinstance(value, bool):
        try:
            if float(value).is_integer():
                return int(value)
        except (ValueError, OverflowError):
            pass
    raise RecordError(f"expected a whole number, got {value!r}", "year")


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
        yield Paper(
            paper_id=f"{path.stem}#{index}",
            title=derive_label(abstract),
            title_derived=True,
            abstract=abstract,
            source=where,
            meta=dict(meta),
        )


READERS: dict[str, Callable[[Path, list[Problem]], Iterator[Paper]]] = {
    **{s: read_text for s in TEXT_SUFFIXES},
    **{s: read_jsonl for s in JSONL_SUFFIXES},
    **{s: read_csv for s in CSV_SUFFIXES},
}


@dataclass
class Reading:
    """What reading produced besides papers: problems, and duplicates dropped."""

    problems: list[Problem] = field(default_factory=list)
    duplicates: int = 0
    files: int = 0
    ids_completed: int = 0  # ids like "cvpr2016:" (nothing after the venue) made whole from the url


def read_papers(paths: Iterable[Path], reading: Reading) -> Iterator[Paper]:
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


# --- display labels for untitled abstracts --------------------------------------------------

_INTRO = re.compile(
    r"\b(?:propose|proposes|introduce|introduces|present|presents|develop|develops|call|called|"
    r"named|dubbed|termed|coined)\b",
    re.IGNORECASE,
)
# A name someone coined: two or more capitals or a capital and a digit (TraDy, TOGP, SUIT, GPT-4o).
NAME = re.compile(r"\b[A-Za-z]*[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*\b")
_COMMON = {
    "LLM",
    "LLMs",
    "AI",
    "ML",
    "NLP",
    "GPU",
    "GPUs",
    "CPU",
    "RL",
    "CNN",
    "CNNs",
    "GNN",
    "GNNs",
    "VLM",
    "VLMs",
    "MLLM",
    "MLLMs",
    "SOTA",
    "ImageNet",
    "GPT",
    "BERT",
    "PDE",
    "PDEs",
    "SGD",
    "ViT",
    "ViTs",
    "KV",
    "QA",
    "2D",
    "3D",
    "MoE",
    "LoRA",
    "RLHF",
    "DNN",
    "DNNs",
    "IID",
    "OOD",
}
_LEAD = re.compile(
    r"^(?:in this (?:paper|work|study),?\s*|here,?\s*|this (?:paper|work) )?"
    r"(?:we (?:present|propose|introduce|study|investigate|address|consider|show)\s+)?",
    re.IGNORECASE,
)


def _coined(name: str) -> bool:
    plural_acronym = name.endswith("s") and name[:-1].isupper()
    compound = any(part.islower() for part in name.split("-")[1:])  # LLM-based, oRA-derived
    return name not in _COMMON and not plural_acronym and not compound and not name.isdigit()


def coined_names(text: str) -> list[str]:
    """Names that look coined (TraDy, GH-OFL, SUIT), not the field's common acronyms."""
    return list(dict.fromkeys(n for n in NAME.findall(text) if _coined(n) and len(n) > 2))


def derive_label(abstract: str, words: int = 9) -> str:
    """A short display label for an abstract without a title: the coined name, then topic words."""
    name = ""
    seen = ""  # a name already used before the sentence that introduces something is the field's, not theirs
    for sentence in re.split(r"(?<=[.!?])\s+", abstract):
        intro = _INTRO.search(sentence)
        if intro:
            tail = sentence[intro.start() :]
            name = next((m for m in NAME.findall(tail) if _coined(m) and m not in seen), "")
            if name:
                break
        seen += " " + sentence
    first = re.split(r"(?<=[.!?])\s+", abstract.strip(), maxsplit=1)[0]
    first = re.sub(r"\\[a-zA-Z]+\{([^}]*)\}", r"\1", first)  # \textit{x} -> x
    first = _LEAD.sub("", re.sub(r"[\\$*_`{}]", "", first)).strip()
    topic_words = first.split()
    topic = " ".join(topic_words[:words]).rstrip(",;:.")
    if len(topic_words) > words:
        topic += "…"
    topic = topic[:1].upper() + topic[1:]
    return f"{name}: {topic}" if name else topic


# --- chunks -------------------------------------------------------------------------------------


def chunk_id(paper_id: str, index: int) -> str:
    return f"{paper_id}::{index}"
