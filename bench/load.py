"""Load: concurrent chat sessions against the running app, through gradio_client and the /ask API.

    python bench/load.py [--seconds 60] [--sessions 20] [--index DIR] [--mode auto|extractive|model]

Starts the app (ui.app.build_app + ui.server.launch) on a free 127.0.0.1 port over an index of the
seeds (built in a temporary folder unless --index is given). Each session is its own
gradio_client.Client; once all are connected they start together, each asking the development
questions one after another until --seconds have passed (at least one each). Prints answers,
errors, latency p50/p95/max (queue wait included), throughput, and the most answers computed at
once: Gradio's queue holds the rest (RAG_CONCURRENCY). Exit status 1 if any call failed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import Settings, apply_runtime_env  # noqa: E402

apply_runtime_env()

from rag.answer import Assistant  # noqa: E402


class CountingAssistant(Assistant):
    """An Assistant that records how many answers it computes at once, and for how long each."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.lock = threading.Lock()
        self.running = 0
        self.most = 0
        self.service: list[float] = []

    def stream(self, *args: Any, **kwargs: Any) -> Generator[Any, None, None]:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
        started = time.perf_counter()
        try:
            yield from super().stream(*args, **kwargs)
        finally:
            with self.lock:
                self.running -= 1
                self.service.append(time.perf_counter() - started)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def session(
    url: str, questions: list[str], offset: int, start: threading.Barrier, seconds: float, results: list[Any]
) -> None:
    """One chat session: its own client, then questions in turn for `seconds` from the moment every session
    is connected (connecting is not the load measured, and a slow machine still asks each one's first)."""
    from gradio_client import Client

    client = None
    try:
        client = Client(url, verbose=False)
    except Exception as exc:
        results.append(("error", 0.0, f"connect: {type(exc).__name__}: {exc}"))
    start.wait()
    if client is None:
        return
    deadline = time.monotonic() + seconds
    n = offset
    while n == offset or time.monotonic() < deadline:
        question = questions[n % len(questions)]
        n += 1
        started = time.perf_counter()
        try:
            _markdown, details = client.predict(question, api_name="/ask")
            if not json.loads(details)["answer"]:
                raise ValueError("empty answer")
            results.append(("ok", time.perf_counter() - started, ""))
        except Exception as exc:  # counted and shown, never fatal to the run
            results.append(("error", time.perf_counter() - started, f"{type(exc).__name__}: {exc}"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the sessions keep asking")
    parser.add_argument("--sessions", type=int, default=20, help="concurrent chat sessions")
    parser.add_argument("--index", type=Path, help="an existing index folder (default: the seeds, indexed now)")
    parser.add_argument("--mode", choices=["auto", "extractive", "model"], default="auto", help="who writes answers")
    args = parser.parse_args(argv)

    from rag.documents import Reading, read_papers
    from rag.evaluation import load_questions
    from rag.store import Store
    from ui.app import build_app
    from ui.server import launch

    tmp = Path(tempfile.mkdtemp(prefix="rag-load-"))
    settings = Settings(
        _env_file=None,
        index_dir=args.index or tmp / "index",
        cache_dir=tmp / "cache",
        port=free_port(),
        answer_mode=args.mode,
    )
    if not args.index:
        Store(settings, create=True).ingest(read_papers([ROOT / "seeds"], Reading()))
    assistant = CountingAssistant(settings)
    questions = [q.question for q in load_questions() if not q.history]
    if args.mode == "model":
        assistant.load_model()
    assistant.answer(questions[0])  # loads the embedder and the keyword index: measured is the serving
    assistant.most, assistant.service = 0, []
    demo = build_app(assistant, load_model=args.mode == "model")
    launch(demo, settings, block=False)
    url = f"http://127.0.0.1:{settings.port}/"

    results: list[Any] = []
    start = threading.Barrier(args.sessions + 1, timeout=300)
    threads = [
        threading.Thread(target=session, args=(url, questions, 7 * i, start, args.seconds, results), daemon=True)
        for i in range(args.sessions)
    ]
    for thread in threads:
        thread.start()
    start.wait()
    started = time.monotonic()
    for thread in threads:  # a call started before the deadline may finish after it, within bounds
        thread.join(timeout=max(0.0, started + args.seconds - time.monotonic()) + 300)
    elapsed = time.monotonic() - started
    demo.close()
    shutil.rmtree(tmp, ignore_errors=True)

    latencies = [seconds for status, seconds, _ in results if status == "ok"]
    errors = [message for status, _, message in results if status == "error"]
    stuck = sum(thread.is_alive() for thread in threads)
    print(
        f"load: {args.sessions} sessions for {args.seconds:g} s against {url} "
        f"(answer mode {args.mode}, RAG_CONCURRENCY={settings.concurrency})"
    )
    print(
        f"answers: {len(latencies)} completed, {len(errors)} errors, {stuck} sessions still waiting; "
        f"throughput {len(latencies) / elapsed:.2f} answers/s over {elapsed:.1f} s"
    )
    if latencies:
        print(
            f"latency (queue wait included): p50 {statistics.median(latencies):.2f} s, "
            f"p95 {percentile(latencies, 0.95):.2f} s, max {max(latencies):.2f} s"
        )
    if assistant.service:
        print(
            f"compute per answer: p50 {statistics.median(assistant.service):.2f} s, "
            f"p95 {percentile(assistant.service, 0.95):.2f} s"
        )
    print(f"answers computed at once: at most {assistant.most} (RAG_CONCURRENCY={settings.concurrency})")
    for message in sorted(set(errors))[:5]:
        print(f"error: {message[:300]}")
    return 1 if errors or stuck else 0


if __name__ == "__main__":
    sys.exit(main())
