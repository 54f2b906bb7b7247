"""`rag fetch openreview`: the real openreview-py client against a local fake of OpenReview's API v2.

The fake answers what openreview-py 2.9 asks (openreview/api/client.py): GET /groups?id= ->
{"groups": [...]} (get_group), GET /notes?invitation=&sort=&limit=&offset=[&count=true] ->
{"notes": [...], "count": N} (get_notes), POST /login -> {"token", "user": {"profile": {"id"}}}
(login_user), and errors as {"name": "NotFoundError", "message": ..., "status": 404}, which
openreview-py raises as OpenReviewException. Notes have the v2 shape: content values wrapped
as {"value": ...}, fields a reader may not see left out.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qs, urlparse

import pytest

from rag.cli import main
from rag.corpus.documents import ReadLog, read_papers
from rag.corpus.fetch import fetch_openreview

from .conftest import ROOT, free_port, wait_for

VENUE = "ICLR.cc/2025/Conference"
SUBMISSION = f"{VENUE}/-/Submission"
OUTCOMES = [  # (venueid, venue label) as ICLR 2025 notes carry them after decisions
    (VENUE, "ICLR 2025 Oral"),
    (VENUE, "ICLR 2025 Spotlight"),
    (VENUE, "ICLR 2025 Poster"),
    (f"{VENUE}/Rejected_Submission", "Submitted to ICLR 2025"),
    (f"{VENUE}/Withdrawn_Submission", "ICLR 2025 Conference Withdrawn Submission"),
]
PAPERS = 23  # with pages of 5: four full pages and a short one


def note(number: int) -> dict[str, Any]:
    venueid, label = OUTCOMES[number % len(OUTCOMES)]
    content: dict[str, Any] = {
        "title": {"value": f"Paper {number}: sparse attention for $\\mathcal{{O}}(n)$ transformers"},
        "keywords": {"value": ["transformers", f"topic {number % 3}"]},
        "TLDR": {"value": f"Short summary {number}."},
        "abstract": {"value": f"We study problem {number}. Our method improves results on benchmarks."},
        "primary_area": {"value": "foundation or frontier models, including LLMs"},
        "venue": {"value": label},
        "venueid": {"value": venueid},
        "pdf": {"value": f"/pdf/{number:010d}.pdf"},
        "_bibtex": {"value": f"@inproceedings{{p{number}, title={{Paper {number}}}}}"},
        "paperhash": {"value": f"anonymous|paper_{number}"},
    }
    if venueid == VENUE:  # authors of accepted papers are public; others stay anonymous (absent)
        content["authors"] = {"value": [f"Ada Author{number}", "Alan Turing"]}
        content["authorids"] = {"value": [f"~Ada_Author{number}1", "~Alan_Turing1"]}
    if number == 7:  # hidden from the public: no abstract comes back at all
        del content["abstract"]
    note_id = f"note{number:05d}x"
    return {
        "id": note_id,
        "number": number,
        "forum": note_id,
        "invitations": [SUBMISSION, f"{VENUE}/-/Post_Submission", f"{VENUE}/Submission{number}/-/Revision"],
        "parentInvitations": None,
        "domain": VENUE,
        "cdate": 1727000000000 + number,
        "tcdate": 1727000000000 + number,
        "mdate": 1737000000000,
        "tmdate": 1737000000000,
        "pdate": 1737500000000 if venueid == VENUE else None,
        "odate": 1727900000000,
        "readers": ["everyone"],
        "writers": [VENUE, f"{VENUE}/Submission{number}/Authors"],
        "signatures": [f"{VENUE}/Submission{number}/Authors"],
        "content": content,
        "license": "CC BY 4.0",
        "version": 2,
    }


VENUE_GROUP = {
    "id": VENUE,
    "domain": VENUE,
    "readers": ["everyone"],
    "writers": ["ICLR.cc", VENUE],
    "signatures": ["~Super_User1"],
    "signatories": [VENUE],
    "members": [],
    "content": {
        "title": {"value": "The Thirteenth International Conference on Learning Representations"},
        "subtitle": {"value": "ICLR 2025"},
        "submission_id": {"value": SUBMISSION},
        "submission_venue_id": {"value": f"{VENUE}/Submission"},
        "withdrawn_venue_id": {"value": f"{VENUE}/Withdrawn_Submission"},
        "desk_rejected_venue_id": {"value": f"{VENUE}/Desk_Rejected_Submission"},
        "rejected_venue_id": {"value": f"{VENUE}/Rejected_Submission"},
    },
}


class FakeOpenReview(BaseHTTPRequestHandler):
    notes: ClassVar[list[dict[str, Any]]] = [note(n) for n in range(1, PAPERS + 1)]
    requests: ClassVar[list[tuple[str, dict[str, str], str | None]]] = []  # (path, query, Authorization)

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def answer(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def not_found(self, message: str) -> None:
        self.answer(404, {"name": "NotFoundError", "message": message, "status": 404, "details": {}})

    def do_GET(self) -> None:
        url = urlparse(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        self.requests.append((url.path, query, self.headers.get("Authorization")))
        if url.path == "/groups":
            if query.get("id") != VENUE:
                return self.not_found(f"Group Not Found: {query.get('id')}")
            return self.answer(200, {"groups": [VENUE_GROUP]})
        if url.path == "/notes":
            return self.answer(200, self.page(query))
        self.not_found(f"Not Found: {url.path}")

    def page(self, query: dict[str, str]) -> dict[str, Any]:
        found = [n for n in self.notes if query.get("invitation") in n["invitations"]]
        if query.get("sort") == "number:asc":
            found.sort(key=lambda n: n["number"])
        offset, limit = int(query.get("offset", 0)), min(int(query.get("limit", 1000)), 1000)
        body: dict[str, Any] = {"notes": found[offset : offset + limit]}
        if query.get("count") == "true":
            body["count"] = len(found)
        return body

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.requests.append((self.path, {"id": body.get("id")}, None))
        if self.path != "/login" or body.get("password") != "secret":
            return self.answer(400, {"name": "InvalidCredentialsError", "message": "Invalid username or password"})
        user = {"id": "~Test_User1", "profile": {"id": "~Test_User1", "usernames": ["~Test_User1"]}}
        self.answer(200, {"token": "fake-jwt-token", "user": user})


@pytest.fixture(scope="module")
def api() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), FakeOpenReview)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    wait_for(url + "/groups")
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(autouse=True)
def anonymous(monkeypatch: pytest.MonkeyPatch) -> None:
    # openreview-py logs in by itself when these are set; the tests choose
    monkeypatch.delenv("OPENREVIEW_USERNAME", raising=False)
    monkeypatch.delenv("OPENREVIEW_PASSWORD", raising=False)
    FakeOpenReview.requests.clear()


def read_back(path: Path) -> list[dict[str, Any]]:
    reading = ReadLog()
    papers = list(read_papers([path], reading))
    assert reading.problems == []
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [p.paper_id for p in papers] == [r["id"] for r in records]
    return records


def notes_offsets() -> list[int]:
    return [int(q["offset"]) for path, q, _ in FakeOpenReview.requests if path == "/notes" and "offset" in q]


def test_fetch_writes_records_the_reader_takes(api: str, tmp_path: Path) -> None:
    out = tmp_path / "iclr2025.jsonl"
    stats = fetch_openreview(VENUE, out, api, page_size=5)
    assert (stats.total, stats.written, stats.skipped, stats.kept) == (PAPERS, PAPERS - 1, 1, 0)
    assert notes_offsets() == [0, 5, 10, 15, 20]
    records = read_back(out)
    assert len({r["id"] for r in records}) == PAPERS - 1 and "note00007x" not in {r["id"] for r in records}
    first = records[0]
    assert first["id"] == "note00001x" and first["url"] == "https://openreview.net/forum?id=note00001x"
    assert first["venue"] == "ICLR 2025" and first["year"] == 2025 and first["number"] == 1
    assert first["authors"] == ["Ada Author1", "Alan Turing"] and first["keywords"] == ["transformers", "topic 1"]
    assert first["tldr"] == "Short summary 1." and first["primary_area"].startswith("foundation")
    assert "$\\mathcal{O}(n)$" in first["title"]
    by_number = {r["number"]: r for r in records}
    assert [by_number[n]["decision"] for n in (5, 6, 2, 3, 4)] == [
        "Oral",
        "Spotlight",
        "Poster",
        "Not accepted",
        "Not accepted",
    ]
    assert (by_number[3]["status"], by_number[4]["status"]) == ("Rejected", "Withdrawn")
    assert by_number[3]["authors"] == []  # anonymous: the API leaves the field out
    assert all(set(r) >= {"id", "title", "abstract", "authors", "keywords", "venue", "year", "url"} for r in records)


def test_rerun_after_a_crash_resumes_without_duplicates(api: str, tmp_path: Path) -> None:
    out = tmp_path / "iclr2025.jsonl"
    pages = 0

    def crash_after_two_pages(line: str) -> None:
        nonlocal pages
        pages += "submissions read" in line
        if pages == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        fetch_openreview(VENUE, out, api, page_size=5, progress=crash_after_two_pages)
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 9  # two pages of five, less the paper without an abstract
    out.write_text("".join(lines) + lines[-1][:40], encoding="utf-8")  # a line cut off mid-write

    FakeOpenReview.requests.clear()
    stats = fetch_openreview(VENUE, out, api, page_size=5)
    assert stats.repaired and stats.kept == 9 and stats.written == PAPERS - 1 - 9
    assert notes_offsets()[0] == 4  # one page of overlap, not the whole venue again
    ids = [r["id"] for r in read_back(out)]
    assert len(ids) == len(set(ids)) == PAPERS - 1

    again = fetch_openreview(VENUE, out, api, page_size=5)
    assert (again.written, again.kept, again.repaired) == (0, PAPERS - 1, False)
    assert len(read_back(out)) == PAPERS - 1


def test_cli_fetch_and_login_when_credentials_are_set(
    api: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENREVIEW_USERNAME", "test@example.org")
    monkeypatch.setenv("OPENREVIEW_PASSWORD", "secret")
    out = tmp_path / "venue.jsonl"
    assert main(["fetch", "openreview", VENUE, "--out", str(out), "--base-url", api]) == 0
    captured = capsys.readouterr()
    assert (
        captured.out.strip()
        == f"{PAPERS - 1} papers written, 0 already there, 1 skipped: {out} ({PAPERS} submissions to ICLR 2025)"
    )
    assert "fetch: skipped note00007x: abstract" in captured.err
    assert f"fetch: {PAPERS} of {PAPERS} submissions read" in captured.err
    assert FakeOpenReview.requests[0][:2] == ("/login", {"id": "test@example.org"})
    assert {auth for path, _, auth in FakeOpenReview.requests if path == "/notes"} == {"Bearer fake-jwt-token"}
    assert len(read_back(out)) == PAPERS - 1


def test_unreachable_server_is_one_line_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dead = f"http://127.0.0.1:{free_port()}"
    out = tmp_path / "x.jsonl"
    assert main(["fetch", "openreview", VENUE, "--out", str(out), "--base-url", dead]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"rag fetch: cannot reach {dead}: Connection refused; "
        "rag fetch needs the network (or --base-url for a mirror)\n"
    )


def test_unknown_venue_and_foreign_output_are_one_line_errors(
    api: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["fetch", "openreview", "ICLR.cc/2099/Conference", "--out", str(tmp_path / "a.jsonl"), "--base-url", api])
        == 1
    )
    assert capsys.readouterr().err == (
        f"rag fetch: OpenReview at {api} answered: Group Not Found: ICLR.cc/2099/Conference\n"
    )
    foreign = tmp_path / "notes.jsonl"
    foreign.write_text("hello\n", encoding="utf-8")
    assert main(["fetch", "openreview", VENUE, "--out", str(foreign), "--base-url", api]) == 1
    assert capsys.readouterr().err == (
        f"rag fetch: {foreign}:1 is not a record; rag fetch appends only to its own output\n"
    )
    assert foreign.read_text(encoding="utf-8") == "hello\n"


def test_help_imports_no_client() -> None:
    code = (
        "import sys\nfrom rag.cli import main\ntry:\n    main(['fetch', '--help'])\nexcept SystemExit:\n    pass\n"
        "assert not {'openreview', 'requests'} & set(sys.modules), sorted(sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "VENUE_ID" in done.stdout and "--base-url" in done.stdout
