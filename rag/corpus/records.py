"""Records: one JSON/CSV object (the record format of ../shared/data/README.md) to a `Paper`.

Every field is checked here, so a bad record becomes one `RecordError` naming the field,
whoever read it (a corpus file, the seeds' metadata, `rag fetch`). Also the `--batch` files of
`rag search` and `rag ask`: JSON lines, each checked for the fields the command needs.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rag.errors import InputError
from rag.reading.text import derive_label
from rag.types import Paper, Scalar

# Optional record fields kept as chunk metadata; lists are joined since Chroma metadata is scalar.
META_FIELDS = ("venue", "year", "decision", "primary_area", "keywords", "authors", "tldr", "track")
LIST_SEPARATOR = "; "
MAX_ABSTRACT_CHARS = 20_000  # ten times a long abstract: beyond this it is not an abstract
MAX_FIELD_CHARS = MAX_ABSTRACT_CHARS  # any other field: a megabyte title is a broken record, not a title


@dataclass(frozen=True)
class Problem:
    """One skipped record or file, said where and why."""

    where: str  # "path:line" or "path"
    message: str
    field: str | None = None

    def __str__(self) -> str:
        what = f"field '{self.field}': " if self.field else ""
        return f"{self.where}: {what}{self.message}"


class RecordError(ValueError):
    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


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


def read_batch(path: str, fields: tuple[str, ...]) -> Iterator[tuple[str, dict[str, Any]]]:
    """JSON lines from a file (or - for stdin); a bad line is an error naming file:line."""
    handle = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    with handle:
        for lineno, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                if not isinstance(record, dict) or any(f not in record for f in fields):
                    raise ValueError(f"needs the fields {', '.join(fields)}")
            except ValueError as exc:
                raise InputError(f"{path}:{lineno}: {exc}") from None
            yield f"{path}:{lineno}", record
