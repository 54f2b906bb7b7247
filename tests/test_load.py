"""bench/load.py, briefly: concurrent /ask sessions against the launched app, no errors, and the
queue holding the answers computed at once to RAG_CONCURRENCY. The full run is `python bench/load.py`."""

from __future__ import annotations

import re
import subprocess
import sys

from rag.config import Settings

from .conftest import ROOT, cli_env


def test_load_bench_runs_without_errors_and_the_queue_bounds_concurrency(seeded: Settings) -> None:
    run = subprocess.run(
        [sys.executable, "bench/load.py", "--seconds", "4", "--sessions", "5", "--index", str(seeded.index_dir)],
        cwd=ROOT,
        env=cli_env(seeded),
        capture_output=True,
        text=True,
        timeout=300,
    )
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]
    answers = re.search(r"answers: (\d+) completed, 0 errors, 0 sessions still waiting", run.stdout)
    assert answers and int(answers[1]) >= 5, run.stdout
    assert re.search(r"latency \(queue wait included\): p50 [\d.]+ s, p95 [\d.]+ s", run.stdout)
    assert "answers computed at once: at most 2 (RAG_CONCURRENCY=2)" in run.stdout  # 5 sessions, 2 at a time
