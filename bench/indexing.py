"""Chatting while the whole conference is indexed: time to a first answer, and answer latency during indexing.

    python bench/indexing.py [--start-papers 3000] [--grow-papers 5000] [--skip-serve] [--skip-latency]

1. `rag serve --corpus iclr2026` as a user starts it, over an empty index (a fresh machine) and
   over the complete one (.rag/iclr2026, if built: `make conference`): seconds from the command
   to the first answer of the /ask API (gradio_client). Target: <= 30 s.
2. In one process, side by side: extractive answers to the dev questions over an index of
   --start-papers papers, idle, then while a BackgroundIndexer adds --grow-papers more.
   Prints p50/p95 of each and their ratio. Target: p50 while indexing within 2x of idle.
"""

from __future__ import annotations

import argparse
import json
import lzma
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import Settings, apply_runtime_env  # noqa: E402

apply_runtime_env()

QUESTION = "Which papers reduce KV cache memory?"


def first_answer(index: Path, cache: Path) -> float:
    """Seconds from `rag serve --corpus iclr2026` to the first answer of its /ask API."""
    from gradio_client import Client

    with socket.socket() as sock:  # a port nothing listens on now
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RAG_", "OPENAI_"))}
    env.update(RAG_INDEX_DIR=str(index), RAG_CACHE_DIR=str(cache), RAG_PORT=str(port))
    started = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "rag.cli", "serve", "--corpus", "iclr2026"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while time.monotonic() - started < 300:
            try:
                client = Client(f"http://127.0.0.1:{port}/", verbose=False)
                _, answer = client.predict(QUESTION, "[]", api_name="/ask")
                if json.loads(answer)["citations"]:  # a first answer that cites a paper, not "nothing indexed yet"
                    return time.monotonic() - started
            except Exception:  # not up yet: the page starts in a few seconds
                time.sleep(0.5)
        raise RuntimeError("no answer within 300 s")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def ingest(index: Path, cache: Path) -> float:
    """Seconds of `rag ingest iclr2026` over the complete index: fingerprints, then the caches it leaves."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RAG_", "OPENAI_"))}
    env.update(RAG_CACHE_DIR=str(cache))
    started = time.monotonic()
    command = [sys.executable, "-m", "rag.cli", "ingest", "iclr2026", "--index", str(index)]
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
    return time.monotonic() - started


def corpus_slice(path: Path, start: int, n: int) -> Path:
    from rag.corpus.corpora import CORPORA

    with lzma.open(CORPORA["iclr2026"], "rt", encoding="utf-8") as f, path.open("w", encoding="utf-8") as out:
        for i, line in enumerate(f):
            if i >= start + n:
                break
            if i >= start:
                out.write(line)
    return path


def latencies(assistant: object, questions: list[str], until: float | None = None) -> list[float]:
    from rag.answering.pipeline import Assistant

    assert isinstance(assistant, Assistant)
    seconds: list[float] = []
    i = 0
    while i < len(questions) or (until is not None and time.monotonic() < until):
        started = time.perf_counter()
        assistant.answer(questions[i % len(questions)], mode="extractive")
        seconds.append(time.perf_counter() - started)
        i += 1
        if until is None and i >= len(questions):
            break
        if until is not None and time.monotonic() >= until:
            break
    return seconds


def during_indexing(start_papers: int, grow_papers: int, tmp: Path) -> None:
    from rag.answering.pipeline import Assistant
    from rag.corpus.documents import ReadLog, read_papers
    from rag.evaluation import load_questions, question_set
    from rag.index.indexer import BackgroundIndexer
    from rag.index.store import Store

    settings = Settings(_env_file=None, index_dir=tmp / "grow", cache_dir=tmp / "grow-cache")
    first = corpus_slice(tmp / "first.jsonl", 0, start_papers)
    rest = corpus_slice(tmp / "rest.jsonl", start_papers, grow_papers)
    store = Store(settings, create=True)
    store.ingest(read_papers([first], ReadLog()))
    assistant = Assistant(settings, store=store)
    questions = [q.question for q in load_questions(question_set("dev")) if not q.history][:60]
    assistant.answer(questions[0], mode="extractive")  # loads the embedder and the keyword side
    idle = latencies(assistant, questions)
    job = BackgroundIndexer(store, assistant.retriever, [rest]).start()
    busy: list[float] = []
    while not job.progress.finished and not job.progress.error:
        busy += latencies(assistant, questions, until=time.monotonic() + 5)
    print(f"\nanswers over {start_papers:,} papers, then while {grow_papers:,} more are indexed (extractive):")
    for name, values in (("idle", idle), ("while indexing", busy)):
        p95 = sorted(values)[int(0.95 * (len(values) - 1))]
        print(
            f"  {name:<15} n={len(values):>4}  p50 {statistics.median(values) * 1000:6.0f} ms  p95 {p95 * 1000:6.0f} ms"
        )
    print(f"  ratio p50 while indexing / idle: {statistics.median(busy) / statistics.median(idle):.2f}x (target <= 2x)")
    print(f"  indexing: {job.progress.line()} ({job.progress.rate:.0f}/s while answering)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--start-papers", type=int, default=3000)
    parser.add_argument("--grow-papers", type=int, default=5000)
    parser.add_argument("--skip-serve", action="store_true", help="only the latency part")
    parser.add_argument("--skip-latency", action="store_true", help="only the time to a first answer")
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="rag-indexing-"))
    try:
        if not args.skip_serve:
            print("command to first answer, `rag serve --corpus iclr2026` (target <= 30 s):")
            print(f"  empty index (fresh machine): {first_answer(tmp / 'empty', tmp / 'empty-cache'):.1f} s")
            built = ROOT / ".rag" / "iclr2026"
            if built.exists():  # copied without its caches; right after `rag ingest`; as a returning user
                cold = first_answer(built, tmp / "built-cache")
                checked = ingest(built, tmp / "ingested-cache")
                after = first_answer(built, tmp / "ingested-cache")
                warm = first_answer(built, tmp / "built-cache")
                print(f"  complete index (.rag/iclr2026) copied without its caches, first start: {cold:.1f} s")
                print(
                    f"  complete index, first start after `rag ingest iclr2026` ({checked:.1f} s, nothing new): "
                    f"{after:.1f} s"
                )
                print(f"  complete index, next starts: {warm:.1f} s")
        if not args.skip_latency:
            during_indexing(args.start_papers, args.grow_papers, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
