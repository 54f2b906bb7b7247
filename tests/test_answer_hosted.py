"""The hosted path end to end: a real OpenAI-compatible server (`transformers serve`, offline, on the
bundled model's converted folder), the openai backend, auto mode letting it write, and the check."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rag.answering.pipeline import Assistant
from rag.config import Settings
from rag.index.store import Store
from rag.models import llm
from rag.types import Answer, Delta

from .conftest import HANG_S, free_port, wait_for

SERVE = Path(sys.executable).parent / "transformers"


@pytest.fixture(scope="module")
def served(seeded: Settings, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Settings]:
    if not SERVE.exists():
        pytest.skip("the transformers CLI is not installed in this environment")
    folder = llm._converted(llm._bundled_gguf(), seeded.llm_cache_dir)  # what the local backend also uses
    port = free_port()
    log = (tmp_path_factory.mktemp("serve") / "serve.log").open("w")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    proc = subprocess.Popen(
        [str(SERVE), "serve", str(folder), "--host", "127.0.0.1", "--port", str(port), "--device", "cpu"],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    try:
        wait_for(f"http://127.0.0.1:{port}/health", seconds=180)
        yield seeded.model_copy(
            update={
                "llm_backend": "openai",
                "openai_base_url": f"http://127.0.0.1:{port}/v1",
                "openai_model": str(folder),
                "answer_mode": "auto",
                "llm_max_new_tokens": 60,
            }
        )
    finally:
        proc.terminate()
        proc.wait(timeout=HANG_S)
        log.close()


def test_auto_mode_lets_the_hosted_model_write_and_checks_it(served: Settings) -> None:
    assistant = Assistant(served, Store(served))
    assert assistant.writer(None) == "model"  # a server the user chose writes; the bundled local model would not
    events = list(assistant.stream("Which papers cut KV-cache memory?"))
    assert any(isinstance(e, Delta) for e in events), "the draft streams"
    answer = events[-1]
    assert isinstance(answer, Answer) and not answer.refused and answer.error is None
    assert answer.mode in ("model", "extractive")  # extractive when nothing of the draft survives the check
    assert answer.citations
    for c in answer.citations:
        assert f"[{c.n}]" in answer.text
    if answer.mode == "model":
        # every number the checked answer states is in the passage it cites
        for sentence in re.split(r"(?<=[.!?])\s+", answer.text):
            cited = [c for c in answer.citations if f"[{c.n}]" in sentence]
            for number in re.findall(r"\d+(?:\.\d+)?", re.sub(r"\[\d+(?:, \d+)*\]", "", sentence)):
                assert any(number in c.passage for c in cited), (number, sentence)


def test_the_request_caps_the_tokens(served: Settings) -> None:
    model = llm.make_chat_model(served)
    params = model._default_params  # type: ignore[attr-defined]
    assert params.get("max_completion_tokens") == served.llm_max_new_tokens  # without it the server looped for 93 s


def test_a_follow_up_is_rewritten_by_the_served_model_and_stays_on_the_paper_it_points_at(served: Settings) -> None:
    assistant = Assistant(served, Store(served))
    first = assistant.answer("Which paper randomizes KV cache eviction?")
    assert first.cited_ids and not first.refused
    second = assistant.answer("How does it balance the query load?", [first.turn()])
    assert second.follows and second.error is None
    # whatever query the model rewrote (or the question with the one before, if it gave none), the
    # paper pointed at is the one answered about
    assert second.query.strip() and second.cited_ids[:1] == first.cited_ids[:1]
