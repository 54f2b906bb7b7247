"""bench/load.py, briefly: concurrent /ask sessions against the launched app, no errors, and the
queue holding the answers computed at once to RAG_CONCURRENCY. The full run is `python bench/load.py`."""

from __future__ import annotations

import os
import re
import runpy

import pytest

from rag.config import Settings

from .conftest import ROOT, cli_env

# Gradio's queue calls pandas options that pandas 3 deprecates: not ours to fix
pytestmark = pytest.mark.filterwarnings("ignore:.*(no_silent_downcasting|copy keyword):Warning")


def test_load_bench_runs_without_errors_and_the_queue_bounds_concurrency(
    seeded: Settings, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # in this process: the bench's app and its sessions are threads of one process either way, and a
    # new interpreter would spend seconds importing Gradio and Chroma again; the environment holds
    # the seed index's folders alone, as `rag` subprocesses get it
    for key in [k for k in os.environ if k.startswith(("RAG_", "OPENAI_"))]:
        monkeypatch.delenv(key)
    for key, value in cli_env(seeded).items():
        if key.startswith("RAG_"):
            monkeypatch.setenv(key, value)
    bench = runpy.run_path(str(ROOT / "bench" / "load.py"))
    code = bench["main"](["--seconds", "2", "--sessions", "5", "--index", str(seeded.index_dir)])
    out = capsys.readouterr().out
    print(out)
    assert code == 0, out
    answers = re.search(r"answers: (\d+) completed, 0 errors, 0 sessions still waiting", out)
    assert answers and int(answers[1]) >= 5, out  # each session asks at least once, however slow the machine
    assert re.search(r"latency \(queue wait included\): p50 [\d.]+ s, p95 [\d.]+ s", out)
    # 5 sessions asking from the same moment, never more than 2 answers computed at once
    at_once = re.search(r"answers computed at once: at most (\d+) \(RAG_CONCURRENCY=2\)", out)
    assert at_once and 1 <= int(at_once[1]) <= 2, out
