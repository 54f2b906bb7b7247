"""`rag fetch openreview VENUE_ID`: a venue's submissions from OpenReview (API v2) as corpus records.

Each submission becomes one JSON line in the record format of ../shared/data/README.md,
appended page by page, so a rerun resumes: it keeps the ids already written, repairs a
last line cut off by a crash, and asks only for the pages it has not seen. openreview-py
(and requests under it) is imported here, when fetching, never by `rag --help`.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rag.errors import RagError

FORUM_URL = "https://openreview.net/forum?id="
PAGE_SIZE = 1000  # the most notes the API returns per request
SORT = "number:asc"  # a fixed order, so an offset means the same papers on a rerun
TIMEOUT_S = 60.0
OFFLINE_HINT = "rag fetch needs the network (or --base-url for a mirror)"


class FetchError(RagError):
    """OpenReview cannot be reached, refused, or has nothing to fetch; or the output cannot be appended to."""


@dataclass(frozen=True)
class Venue:
    """What the venue's group says about it (OpenReview's venue settings), with defaults for what it omits."""

    venue_id: str
    name: str  # as records show it: "ICLR 2025"
    year: int | None
    submission_id: str  # the invitation every submission answers
    status_by_venueid: dict[str, str]  # where rejected, withdrawn and desk-rejected papers are moved


@dataclass
class FetchStats:
    out: Path
    venue: str = ""
    total: int = 0  # submissions OpenReview counts for the venue
    written: int = 0
    kept: int = 0  # already in `out` from an earlier run
    skipped: int = 0  # records the corpus reader would refuse (no abstract, mostly)
    repaired: bool = False  # a partial last line from an interrupted run was cut

    def summary(self) -> str:
        return (
            f"{self.written} papers written, {self.kept} already there"
            + (f", {self.skipped} skipped" if self.skipped else "")
            + (", a partial last line repaired" if self.repaired else "")
            + f": {self.out} ({self.total} submissions to {self.venue})"
        )


def venue_slug(venue_id: str) -> str:
    """ICLR.cc/2025/Conference -> iclr-cc-2025-conference, the default output name."""
    return re.sub(r"[^a-z0-9]+", "-", venue_id.lower()).strip("-") or "openreview"


def default_out(venue_id: str) -> Path:
    return Path(f"{venue_slug(venue_id)}.jsonl")


# --- talking to OpenReview ------------------------------------------------------------------


def _reason(exc: Exception) -> str:
    """The OS's words from a requests error, without urllib3's pool and object reprs around them."""
    text = str(exc)
    found = re.search(r"\[Errno -?\d+\] ([^'\")\]]+)", text)
    if found:
        return found.group(1).strip()
    if "timed out" in text.lower():
        return f"no answer within {TIMEOUT_S:.0f} s"
    return text[:200] or type(exc).__name__


def _api_message(exc: Exception) -> str:
    error = exc.args[0] if exc.args else exc
    if isinstance(error, dict):
        return str(error.get("message") or error.get("name") or error)
    return str(error)


def call(base_url: str, method: Callable[..., Any], **params: Any) -> Any:
    """One openreview-py call, its failures turned into one-line FetchErrors."""
    import requests
    from openreview import OpenReviewException

    try:
        # openreview-py prints every retry to stdout; ours carries the summary, and an error stays one line
        with contextlib.redirect_stdout(io.StringIO()):
            return method(**params)
    except (requests.ConnectionError, requests.Timeout) as exc:
        raise FetchError(f"cannot reach {base_url}: {_reason(exc)}; {OFFLINE_HINT}") from None
    except OpenReviewException as exc:
        raise FetchError(f"OpenReview at {base_url} answered: {_api_message(exc)}") from None
    except (requests.RequestException, ValueError, KeyError, IndexError) as exc:
        # a proxy page or another service at that address: it does not speak the API
        raise FetchError(f"{base_url} does not answer as the OpenReview API v2 does ({_reason(exc)})") from None


def open_client(base_url: str) -> Any:
    from openreview.api import OpenReviewClient

    if not base_url.startswith(("http://", "https://")):
        raise FetchError(f"the OpenReview base url must start with http:// or https://, got {base_url!r}")
    # Without credentials the client logs in to nothing and reads what is public; it does log in
    # (POST /login) when OPENREVIEW_USERNAME and OPENREVIEW_PASSWORD are set, as its docs say.
    client = call(base_url, OpenReviewClient, baseurl=base_url.rstrip("/"))
    # requests waits forever by default; a silent network must end in an error, not a hang
    client.session.request = functools.partial(client.session.request, timeout=TIMEOUT_S)
    return client


def _value(content: Any, key: str) -> Any:
    """API v2 wraps every content field as {"value": ...}; a field hidden from us is simply absent."""
    field = content.get(key) if isinstance(content, dict) else None
    return field.get("value") if isinstance(field, dict) else None


def _year_in(text: str) -> int | None:
    found = re.search(r"(?<!\d)(19|20)\d\d(?!\d)", text)
    return int(found.group(0)) if found else None


def load_venue(client: Any, base_url: str, venue_id: str) -> Venue:
    """The venue group's settings; an unknown venue id fails here, with the API's own message."""
    group = call(base_url, client.get_group, id=venue_id)
    content = group.content or {}
    year = _year_in(venue_id)
    short = str(_value(content, "subtitle") or "").strip()
    name = short if 0 < len(short) <= 40 else f"{venue_id.split('/')[0].split('.')[0]} {year or ''}".strip()
    statuses = {
        str(_value(content, key) or f"{venue_id}/{default}"): status
        for key, default, status in (
            ("rejected_venue_id", "Rejected_Submission", "Rejected"),
            ("withdrawn_venue_id", "Withdrawn_Submission", "Withdrawn"),
            ("desk_rejected_venue_id", "Desk_Rejected_Submission", "Desk rejected"),
        )
    }
    submission_id = str(_value(content, "submission_id") or f"{venue_id}/-/Submission")
    return Venue(venue_id, name, year, submission_id, statuses)


def count_submissions(client: Any, base_url: str, venue: Venue) -> int:
    # openreview-py returns the count only for a request without an offset
    _notes, total = call(base_url, client.get_notes, invitation=venue.submission_id, limit=1, with_count=True)
    return int(total)


def page_of(client: Any, base_url: str, venue: Venue, offset: int, size: int) -> list[Any]:
    notes = call(base_url, client.get_notes, invitation=venue.submission_id, sort=SORT, limit=size, offset=offset)
    return list(notes)


# --- notes to records -----------------------------------------------------------------------


def decision_of(content: Any, venue: Venue) -> tuple[str | None, str | None]:
    """(decision, status): accepted papers move to the venue's own id, labelled e.g. "ICLR 2025 Oral"."""
    venueid = str(_value(content, "venueid") or "")
    if venueid in venue.status_by_venueid:
        return "Not accepted", venue.status_by_venueid[venueid]
    if venueid == venue.venue_id:
        label = str(_value(content, "venue") or "")
        kind = label.removeprefix(venue.name).strip() if label.startswith(venue.name) else ""
        return kind or "Accepted", None
    return None, None  # still under review, or a venue that records decisions elsewhere


def _strings(value: Any) -> list[str]:
    return [str(v).strip() for v in value if str(v).strip()] if isinstance(value, list) else []


def record_from_note(note: Any, venue: Venue) -> dict[str, Any]:
    content = note.content or {}
    year = venue.year
    if year is None:  # an id without a year: the paper's publication (else creation) date says it
        stamp = note.pdate or note.cdate or note.tcdate
        year = datetime.fromtimestamp(stamp / 1000, tz=UTC).year if stamp else None
    record: dict[str, Any] = {
        "id": str(note.id),
        "title": str(_value(content, "title") or "").strip(),
        "abstract": str(_value(content, "abstract") or "").strip(),
        "authors": _strings(_value(content, "authors")),
        "keywords": _strings(_value(content, "keywords")),
        "venue": venue.name,
        "year": year,
        "url": FORUM_URL + str(note.id),
    }
    decision, status = decision_of(content, venue)
    optional = {
        "decision": decision,
        "status": status,
        "primary_area": _value(content, "primary_area"),
        "tldr": _value(content, "TLDR") or _value(content, "tldr"),
        "number": note.number,
        "source": f"openreview:{venue.venue_id}",
    }
    record.update({k: v for k, v in optional.items() if v not in (None, "")})
    return record


# --- the output file ------------------------------------------------------------------------


def resume(out: Path) -> tuple[set[str], bool]:
    """Ids already in `out`, after cutting a partial last line (a crash mid-write) off it."""
    if not out.exists():
        return set(), False
    data = out.read_bytes()
    whole = data.rfind(b"\n") + 1
    if whole < len(data):
        with out.open("r+b") as handle:
            handle.truncate(whole)
    ids: set[str] = set()
    for lineno, line in enumerate(data[:whole].splitlines(), start=1):
        if not line.strip():
            continue
        try:
            ids.add(str(json.loads(line)["id"]))
        except (ValueError, KeyError, TypeError):
            # appending to a file that is not our output would corrupt someone's data
            raise FetchError(f"{out}:{lineno} is not a record; rag fetch appends only to its own output") from None
    return ids, whole < len(data)


def fetch_openreview(
    venue_id: str,
    out: Path,
    base_url: str,
    *,
    page_size: int = PAGE_SIZE,
    progress: Callable[[str], None] = lambda line: None,
) -> FetchStats:
    """Append every submission of the venue not yet in `out`; safe to stop and rerun at any time."""
    from rag.corpus.records import RecordError, paper_from_record

    if not out.name.endswith(".jsonl"):
        raise FetchError(f"the output must be a .jsonl file (appended to line by line), got {out}")
    done, repaired = resume(out)
    stats = FetchStats(out=out, kept=len(done), repaired=repaired)
    client = open_client(base_url)
    venue = load_venue(client, base_url, venue_id)
    stats.venue, stats.total = venue.name, count_submissions(client, base_url, venue)
    if stats.total == 0:
        raise FetchError(
            f"{base_url} lists no submissions under {venue.submission_id} "
            "(venues before 2023 are on OpenReview's API v1, which rag fetch does not read)"
        )
    # Papers are written in a fixed order, so the ones kept are at most the first len(done); one
    # page of overlap covers papers removed since, and ids already written are never repeated.
    offset = max(0, len(done) - page_size)
    if repaired:
        progress(f"fetch: cut a partial last line off {out} (an interrupted run); resuming")
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as handle:
        while offset < stats.total:
            notes = page_of(client, base_url, venue, offset, page_size)
            if not notes:
                break
            offset += len(notes)
            for note in notes:
                if str(note.id) in done:
                    continue
                record = record_from_note(note, venue)
                try:
                    paper_from_record(record, f"{venue_id} note {note.id}")
                except RecordError as exc:
                    stats.skipped += 1
                    progress(f"fetch: skipped {note.id}: {exc.field or 'record'} {exc}")
                    continue
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
                done.add(record["id"])
                stats.written += 1
            handle.flush()  # a page at a time: a crash loses at most the line being written
            progress(f"fetch: {min(offset, stats.total)} of {stats.total} submissions read, {len(done)} in {out}")
    return stats
