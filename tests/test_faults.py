"""Faults: a failing LLM backend, a damaged or read-only index, and ingests killed at many points.

Real parts throughout: a scripted OpenAI-compatible server on 127.0.0.1, the seed index in
real Chroma, `rag` processes where a process is what is hurt or restarted (SIGKILL, dropped
capabilities), and `rag`'s main in this process for the messages of a missing or damaged index.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rag.answering.pipeline import Assistant
from rag.config import Settings
from rag.index.store import Store
from rag.types import Answer, Delta

from .conftest import HANG_S, ROOT, SEEDS, cli_env, free_port, make_settings
from .openai_server import KEY, MODEL, ScriptedServer, hosted_settings, scripted_server
from .test_cli import seed_variants

# a server sending the wrong schema makes the openai client warn before it fails; the failure is the test
pytestmark = pytest.mark.filterwarnings("ignore:Pydantic serializer warnings")

QUESTION = "What does TraDy do?"
TRADY = "000_c31ea4fa21d0fe3c#1"
# A reply the citation check accepts (it is TraDy's own sentence), in pieces so a cut lands mid-answer.
TRADY_PIECES = ["We propose TraDy,", " a novel transfer learning", " scheme [1]."]
TIMEOUT_S = 1.0  # the client's, against a server that says nothing; every other case waits as for a hang


@pytest.fixture(scope="module")
def server() -> Iterator[ScriptedServer]:
    with scripted_server() as httpd:
        yield httpd


def openai_settings(seeded: Settings, base_url: str, timeout_s: float = HANG_S) -> Settings:
    return hosted_settings(seeded, base_url, llm_timeout_s=timeout_s)


def assert_sources_kept(failed: Answer, pattern: str) -> None:
    """The failure is said in one line naming the backend; the extracted answer and its sources stay."""
    assert failed.error is not None and re.search(pattern, failed.error), failed.error
    assert failed.error.startswith(("cannot reach openai", f"openai · {MODEL} @ http://127.0.0.1:"))
    assert "\n" not in failed.error
    assert f"The model failed ({failed.error})" in " ".join(failed.notices)
    assert failed.mode == "extractive" and not failed.refused
    assert TRADY in [h.paper_id for h in failed.retrieved]
    assert TRADY in [c.paper_id for c in failed.citations]
    assert KEY not in json.dumps(failed.to_json()) + failed.markdown()


def assert_model_answered(answer: Answer) -> None:
    assert answer.error is None and answer.mode == "model", answer.notices
    assert answer.text == "We propose TraDy, a novel transfer learning scheme [1]."
    assert [c.paper_id for c in answer.citations] == [TRADY]


# --- the LLM backend ----------------------------------------------------------------------------

FAULTS = [
    # (id, server mode, script options, what Answer.error must say)
    ("http-500", "error", {"status": 500}, r"answered HTTP 500: refused Bearer \*\*\*"),
    ("http-401", "error", {"status": 401}, r"answered HTTP 401 \(check RAG_OPENAI_API_KEY\)"),
    ("timeout", "silent", {}, rf"timed out \(no answer within the {TIMEOUT_S:g} s timeout\)"),
    ("invalid-json", "garbage", {}, r"sent a reply that is not an OpenAI chat completion \(JSONDecodeError"),
    ("wrong-schema", "schema", {}, r"sent a reply that is not an OpenAI chat completion .*RAG_OPENAI_BASE_URL"),
    ("cut-mid-stream", "cut", {}, r"broke off its reply mid-stream: .*incomplete chunked read"),
]


@pytest.mark.parametrize("mode, options, pattern", [f[1:] for f in FAULTS], ids=[f[0] for f in FAULTS])
def test_backend_fault_is_said_sources_kept_and_the_next_question_answered(
    server: ScriptedServer, seeded: Settings, mode: str, options: dict[str, float], pattern: str
) -> None:
    timeout_s = TIMEOUT_S if mode == "silent" else HANG_S
    assistant = Assistant(openai_settings(seeded, server.base_url, timeout_s))
    server.script(mode, pieces=TRADY_PIECES, **options)  # type: ignore[arg-type]
    events = list(assistant.stream(QUESTION, mode="model"))
    failed = events[-1]
    assert isinstance(failed, Answer)
    assert_sources_kept(failed, pattern)
    assert KEY in server.received_keys()  # the key went out, so its absence from the answer means something
    # one retry at most: a server that hangs costs two timeouts, never more
    assert 1 <= len(server.requests) <= 2, f"{mode}: asked {len(server.requests)} times"
    if mode == "cut":
        assert [e.text for e in events if isinstance(e, Delta)] == TRADY_PIECES[:2]  # it died mid-answer

    server.script("ok", pieces=TRADY_PIECES)
    assert_model_answered(assistant.answer(QUESTION, mode="model"))


def test_unreachable_backend_is_said_and_the_same_assistant_recovers(seeded: Settings) -> None:
    port = free_port()  # nothing listens there
    assistant = Assistant(openai_settings(seeded, f"http://127.0.0.1:{port}/v1"))
    failed = assistant.answer(QUESTION, mode="model")
    assert_sources_kept(
        failed, rf"^cannot reach openai · {MODEL} @ http://127\.0\.0\.1:{port}/v1: .*Connection refused"
    )
    with scripted_server(port) as server:  # the backend comes up where it was configured
        server.script("ok", pieces=TRADY_PIECES)
        assert_model_answered(assistant.answer(QUESTION, mode="model"))


# --- the index folder -----------------------------------------------------------------------------


def one_line_error(code: int, stderr: str, command: str) -> str:
    assert code == 1, (code, stderr)
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"rag {command}: "), stderr
    return lines[0]


def test_missing_index_says_how_to_build_it(
    settings: Settings, rag_main: Callable[..., int], capsys: pytest.CaptureFixture[str]
) -> None:
    code = rag_main(settings, "ask", QUESTION)
    line = one_line_error(code, capsys.readouterr().err, "ask")
    assert line == f"rag ask: no index at {settings.index_dir}: run `rag ingest` (or `make run`) to build it"


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_corrupt_index_names_the_path_and_the_fix(
    seeded: Settings, tmp_path: Path, damage: str, rag_main: Callable[..., int], capsys: pytest.CaptureFixture[str]
) -> None:
    settings = make_settings(tmp_path)
    shutil.copytree(seeded.index_dir, settings.index_dir)
    db = settings.index_dir / "chroma.sqlite3"
    if damage == "garbage":
        db.write_bytes(os.urandom(64 * 1024))
    else:
        with db.open("r+b") as handle:
            handle.truncate(db.stat().st_size // 3)
    code = rag_main(settings, "search", "grasping")
    line = one_line_error(code, capsys.readouterr().err, "search")
    assert line.startswith(f"rag search: cannot open the index at {settings.index_dir} (")
    assert line.endswith("if it is damaged, delete the folder and run `rag ingest` again")


def read_only_runner() -> list[str]:
    """The prefix that runs a command unable to write to a 0555/0444 folder, or a skip.

    Root ignores permission bits through CAP_DAC_OVERRIDE. Switching to nobody is no good
    here (the interpreter lives under /root, mode 0700), so root runs with the capabilities
    that bypass permissions dropped from its bounding set: file modes then apply as to anyone.
    """
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv (util-linux): cannot make a folder read-only to a process")
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--"]


def make_read_only(folder: Path) -> None:
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o555 if path.is_dir() else 0o444)


def test_read_only_index_names_the_path_and_the_fix(seeded: Settings, tmp_path: Path) -> None:
    prefix = read_only_runner()
    settings = make_settings(tmp_path)
    shutil.copytree(seeded.index_dir, settings.index_dir)
    make_read_only(settings.index_dir)
    probe = subprocess.run([*prefix, "touch", str(settings.index_dir / "probe")], capture_output=True)
    if probe.returncode == 0:
        pytest.skip("this machine lets the process write to a 0555 folder anyway; nothing to test")
    db = settings.index_dir / "chroma.sqlite3"
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    corpus = tmp_path / "new.jsonl"
    corpus.write_text(json.dumps({"id": "n1", "abstract": "Zeolite catalysts screened by active learning."}) + "\n")
    try:
        for command, args in (("search", ["grasping"]), ("ingest", [str(corpus)])):
            run = subprocess.run(
                [*prefix, sys.executable, "-m", "rag.cli", command, *args],
                cwd=ROOT,
                env=cli_env(settings),
                capture_output=True,
                text=True,
                timeout=300,
            )
            line = one_line_error(run.returncode, run.stderr, command)
            assert line == (
                f"rag {command}: the index at {settings.index_dir} is read-only (Chroma writes to it even to "
                "search): fix its permissions, or copy it and use --index DIR"
            )
        assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    finally:
        for path in [settings.index_dir, *settings.index_dir.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)  # so that pytest can clean up


# --- ingests killed with SIGKILL --------------------------------------------------------------------

# Runs `rag` with one function wrapped to announce a point and wait there, so that SIGKILL lands
# exactly at that point: argv[1] is "before|after:module:Class.method:nth call".
PAUSED_RAG = """
import importlib, sys, time
when, module, name, nth = sys.argv[1].split(":")
owner = importlib.import_module(module)
for part in name.split(".")[:-1]:
    owner = getattr(owner, part)
attr = name.split(".")[-1]
original, calls = getattr(owner, attr), [0]

def pause():
    print("paused at " + sys.argv[1], file=sys.stderr, flush=True)
    time.sleep(600)

def wrapped(*args, **kwargs):
    calls[0] += 1
    if when == "before" and calls[0] == int(nth):
        pause()
    result = original(*args, **kwargs)
    if when == "after" and calls[0] == int(nth):
        pause()
    return result

setattr(owner, attr, wrapped)
from rag.cli import main
sys.exit(main(sys.argv[2:]))
"""
BATCH = 5
PAPERS = 60  # 12 batches


def kill_ingest(settings: Settings, corpus: Path, *, pause: str | None = None, progress_lines: int = 0) -> None:
    """Start `rag ingest`, SIGKILL it at the pause point or after that many progress lines."""
    command = ["-c", PAUSED_RAG, pause] if pause else ["-m", "rag.cli"]
    proc = subprocess.Popen(
        [sys.executable, *command, "ingest", str(corpus)],
        cwd=ROOT,
        env=cli_env(settings, RAG_INGEST_BATCH=str(BATCH)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    seen, lines = 0, []
    for line in proc.stderr:
        lines.append(line)
        seen += line.startswith("ingest: ")
        if line.startswith("paused at ") or (progress_lines and seen == progress_lines):
            proc.send_signal(signal.SIGKILL)
            break
    proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL, f"the ingest ended before {pause or progress_lines}: {''.join(lines)}"


def indexed(settings: Settings) -> dict[str, str]:
    """paper id -> abstract, after checking that every paper present is whole and of one version."""
    chunks: dict[str, list[dict[str, object]]] = {}
    for _cid, _text, meta in Store(settings).iter_chunks():
        chunks.setdefault(str(meta["paper_id"]), []).append(meta)
    papers = {}
    for pid, metas in chunks.items():
        numbers = sorted(int(str(m["chunk"])) for m in metas)
        assert numbers == list(range(int(str(metas[0]["n_chunks"])))), f"{pid} has chunks {numbers}"
        assert len({m["fp"] for m in metas}) == 1, f"{pid} mixes two versions"
        papers[pid] = str(next(m for m in metas if m["chunk"] == 0)["abstract"])
    return papers


def ingest_json(settings: Settings, corpus: Path) -> dict[str, int]:
    run = subprocess.run(
        [sys.executable, "-m", "rag.cli", "ingest", str(corpus), "--json"],
        cwd=ROOT,
        env=cli_env(settings, RAG_INGEST_BATCH=str(BATCH)),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    return dict(json.loads(run.stdout))


def abstracts(corpus: Path) -> dict[str, str]:
    return {r["id"]: r["abstract"].strip() for r in map(json.loads, corpus.read_text().splitlines())}


def revised(corpus: Path, path: Path, ids: range) -> Path:
    """The corpus with the abstracts of these papers replaced by whole seed abstracts (often two chunks)."""
    whole = [p.strip() for f in sorted(SEEDS.glob("*.txt")) for p in f.read_text().split("\n\n")[1:] if p.strip()]
    records = [json.loads(line) for line in corpus.read_text().splitlines()]
    for i in ids:
        records[i]["abstract"] = f"Revised {i}. {whole[-1 - i]}"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def test_ingest_killed_at_five_points_ends_with_every_paper_once(tmp_path: Path, settings: Settings) -> None:
    corpus = seed_variants(tmp_path / "v1.jsonl", PAPERS)
    bump = "rag.index.store:Store._bump_revision"

    # 1. first batch, before anything is written or any progress line
    kill_ingest(settings, corpus, pause=f"before:{bump}:1")
    assert indexed(settings) == {} and Store(settings).revision() == "empty"
    # 2. revision bumped, first batch's chunks not yet written
    kill_ingest(settings, corpus, pause=f"after:{bump}:1")
    assert indexed(settings) == {} and Store(settings).revision() != "empty"
    # 3. between batches, wherever the kill lands (the next batch may be half done)
    kill_ingest(settings, corpus, progress_lines=2)
    assert 2 * BATCH <= len(indexed(settings)) < PAPERS
    # 4. every chunk written, the final revision bump not made
    kill_ingest(settings, corpus, pause=f"before:{bump}:2")
    assert len(indexed(settings)) == PAPERS

    summary = ingest_json(settings, corpus)
    assert (summary["papers"], summary["chunks"], summary["added"], summary["unchanged"]) == (60, 60, 0, 60)
    assert indexed(settings) == abstracts(corpus)

    # 5. changed abstracts: killed after a batch's old chunks were deleted, before the new ones were added
    v2 = revised(corpus, tmp_path / "v2.jsonl", range(10, 20))
    kill_ingest(settings, v2, pause="after:chromadb.api.models.Collection:Collection.delete:1")
    assert len(indexed(settings)) == PAPERS - BATCH  # v10..v14 gone for now, nothing else touched
    # and the rerun that finishes the update
    summary = ingest_json(settings, v2)
    expected = abstracts(v2)
    chunks = PAPERS  # one unit per paper (Settings.chunking = "paper")
    assert (summary["papers"], summary["chunks"]) == (PAPERS, chunks)
    assert (summary["added"], summary["updated"], summary["unchanged"]) == (5, 5, 50)
    assert indexed(settings) == expected
    ids = [cid for cid, _, _ in Store(settings).iter_chunks()]
    assert len(ids) == len(set(ids)) == chunks
