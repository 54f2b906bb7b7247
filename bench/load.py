"""Load: concurrent chat sessions against the running app, through gradio_client and the /ask API.

    python bench/load.py [--seconds 60] [--sessions 20] [--index DIR] [--mode auto|extractive|model]
    python bench/load.py --apps 2 [--sessions 20] [--seconds 60] [--mode ...]

Starts the app (ui.app.build_app + ui.server.launch) on a free 127.0.0.1 port over an index of the
seeds (built in a temporary folder unless --index is given). Each session is its own
gradio_client.Client; once all are connected they start together, each asking the development
questions one after another until --seconds have passed (at least one each), waiting up to
CALL_TIMEOUT_S for any one HTTP call. Prints answers, errors, latency p50/p95/max (queue wait
included), throughput, and the most answers computed at once: Gradio's queue holds the rest
(RAG_CONCURRENCY).

--apps N is the deployment of several app processes over one Chroma server (docs/deployment.md, "Serving a
lab"): a real `chroma run` on a free port holds the seeds, N `rag serve` processes read it in server mode and
share one state folder and one cache folder, and --sessions sessions talk to each app (as a sticky
load balancer would spread them). Prints the same figures, and the answers of each app.
Exit status 1 if any call failed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
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

from rag.answering.pipeline import Assistant  # noqa: E402


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


CALL_TIMEOUT_S = 120.0  # the longest wait for one HTTP call of a session (a slower one is an error)


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
        # a browser waits for a busy server; httpx's default 5 s per HTTP call counted 19 of 498 calls (2 apps x 20
        # sessions, this bench) as failures that were only slow
        client = Client(url, verbose=False, httpx_kwargs={"timeout": CALL_TIMEOUT_S})
    except Exception as exc:
        results.append(("error", 0.0, f"connect: {type(exc).__name__}: {exc}", url))
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
            results.append(("ok", time.perf_counter() - started, "", url))
        except Exception as exc:  # counted and shown, never fatal to the run
            results.append(("error", time.perf_counter() - started, f"{type(exc).__name__}: {exc}", url))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the sessions keep asking")
    parser.add_argument("--sessions", type=int, default=20, help="concurrent chat sessions (per app with --apps)")
    parser.add_argument("--index", type=Path, help="an existing index folder (default: the seeds, indexed now)")
    parser.add_argument("--mode", choices=["auto", "extractive", "model"], default="auto", help="who writes answers")
    parser.add_argument("--apps", type=int, default=0, help="N `rag serve` processes over one `chroma run` server")
    args = parser.parse_args(argv)
    if args.apps:
        return apps_over_one_chroma(args)

    from rag.corpus.documents import ReadLog, read_papers
    from rag.evaluation import load_questions
    from rag.index.store import Store
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
        Store(settings, create=True).ingest(read_papers([ROOT / "seeds"], ReadLog()))
    assistant = CountingAssistant(settings)
    questions = [q.question for q in load_questions() if not q.history]
    if args.mode == "model":
        assistant.load_model()
    assistant.answer(questions[0])  # loads the embedder and the keyword index: measured is the serving
    assistant.most, assistant.service = 0, []
    demo = build_app(assistant, load_model=args.mode == "model")
    launch(demo, settings, block=False)
    url = f"http://127.0.0.1:{settings.port}/"
    try:
        results, elapsed, stuck = run_sessions([url] * args.sessions, questions, args.seconds)
    finally:
        demo.close()
        shutil.rmtree(tmp, ignore_errors=True)
    print(
        f"load: {args.sessions} sessions for {args.seconds:g} s against {url} "
        f"(answer mode {args.mode}, RAG_CONCURRENCY={settings.concurrency})"
    )
    failed = report(results, elapsed, stuck)
    if assistant.service:
        print(
            f"compute per answer: p50 {statistics.median(assistant.service):.2f} s, "
            f"p95 {percentile(assistant.service, 0.95):.2f} s"
        )
    print(f"answers computed at once: at most {assistant.most} (RAG_CONCURRENCY={settings.concurrency})")
    return 1 if failed else 0


def run_sessions(urls: list[str], questions: list[str], seconds: float) -> tuple[list[Any], float, int]:
    """One session per url, all at once until `seconds` have passed: (results, seconds taken, sessions stuck)."""
    results: list[Any] = []
    start = threading.Barrier(len(urls) + 1, timeout=300)
    threads = [
        threading.Thread(target=session, args=(url, questions, 7 * i, start, seconds, results), daemon=True)
        for i, url in enumerate(urls)
    ]
    for thread in threads:
        thread.start()
    start.wait()
    started = time.monotonic()
    for thread in threads:  # a call started before the deadline may finish after it, within bounds
        thread.join(timeout=max(0.0, started + seconds - time.monotonic()) + 300)
    return results, time.monotonic() - started, sum(thread.is_alive() for thread in threads)


def report(results: list[Any], elapsed: float, stuck: int) -> bool:
    """Prints the answers, errors, throughput and latency; whether anything failed."""
    latencies = [seconds for status, seconds, *_ in results if status == "ok"]
    errors = [message for status, _, message, *_ in results if status == "error"]
    print(
        f"answers: {len(latencies)} completed, {len(errors)} errors, {stuck} sessions still waiting; "
        f"throughput {len(latencies) / elapsed:.2f} answers/s over {elapsed:.1f} s"
    )
    if latencies:
        print(
            f"latency (queue wait included): p50 {statistics.median(latencies):.2f} s, "
            f"p95 {percentile(latencies, 0.95):.2f} s, max {max(latencies):.2f} s"
        )
    for message in sorted(set(errors))[:5]:
        print(f"error: {message[:300]}")
    return bool(errors or stuck)


def apps_over_one_chroma(args: argparse.Namespace) -> int:
    """--apps: a `chroma run` holding the seeds, N `rag serve` processes over it sharing one state folder and
    one cache folder, --sessions sessions asking each app."""
    from collections import Counter

    from gradio_client import Client

    from rag.corpus.documents import ReadLog, read_papers
    from rag.evaluation import load_questions
    from rag.index.store import Store
    from rag.retrieval.retriever import prepare

    tmp = Path(tempfile.mkdtemp(prefix="rag-load-apps-"))
    chroma_port, ports = free_port(), [free_port() for _ in range(args.apps)]
    settings = Settings(
        _env_file=None,
        chroma_mode="server",
        chroma_port=chroma_port,
        cache_dir=tmp / "cache",
        state_dir=tmp / "state",
        answer_mode=args.mode,
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RAG_", "OPENAI_"))}
    env |= {"RAG_CHROMA_MODE": "server", "RAG_CHROMA_PORT": str(chroma_port), "RAG_ANSWER_MODE": args.mode}
    env |= {"RAG_CACHE_DIR": str(settings.cache_dir), "RAG_STATE_DIR": str(settings.state_dir)}
    questions = [q.question for q in load_questions() if not q.history]
    urls = [f"http://127.0.0.1:{port}/" for port in ports]
    chroma = [str(Path(sys.executable).parent / "chroma"), "run", "--path", str(tmp / "chroma")]
    processes: list[subprocess.Popen[bytes]] = []
    try:
        processes.append(started([*chroma, "--port", str(chroma_port)], tmp / "chroma.log", env))
        up(f"http://127.0.0.1:{chroma_port}/api/v2/heartbeat", processes[-1], tmp / "chroma.log")
        store = Store(settings, create=True)
        store.ingest(read_papers([ROOT / "seeds"], ReadLog()))
        prepare(store)  # the keyword side cached for this revision, as `rag ingest` leaves it for the apps
        for i, port in enumerate(ports):
            serve = [sys.executable, "-m", "rag.cli", "serve", "--port", str(port)]
            processes.append(started(serve, tmp / f"app{i}.log", env))
        for i, url in enumerate(urls):
            up(url, processes[i + 1], tmp / f"app{i}.log")
            Client(url, verbose=False).predict(questions[0], api_name="/ask")  # each app's models load here
        sessions = [url for url in urls for _ in range(args.sessions)]
        results, elapsed, stuck = run_sessions(sessions, questions, args.seconds)
        logged = "".join((tmp / f"app{i}.log").read_text() for i in range(args.apps))
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(tmp, ignore_errors=True)
    print(
        f"load: {args.apps} app processes x {args.sessions} sessions for {args.seconds:g} s over one Chroma server "
        f"(answer mode {args.mode}, RAG_CONCURRENCY={settings.concurrency} per app, one state and cache folder)"
    )
    failed = report(results, elapsed, stuck)
    answered = Counter(url for status, _, _, url in results if status == "ok")
    print("answers per app: " + ", ".join(f"{url} {answered[url]}" for url in urls))
    print(f"tracebacks in the apps' logs: {logged.count('Traceback')}")
    return 1 if failed or "Traceback" in logged else 0


def started(command: list[str], log: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:  # the child keeps its own handle
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def up(url: str, process: subprocess.Popen[bytes], log: Path, seconds: float = 300) -> None:
    """Until the url answers 200; a process that exits first, or the time running out, ends the bench."""
    import urllib.request

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{' '.join(process.args)} exited: {log.read_text()[-2000:]}")  # type: ignore[arg-type]
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"{url} did not answer within {seconds:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
