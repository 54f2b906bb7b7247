"""End to end with the real bundled SmolLM2-135M: a seed question answered by the model with a valid citation."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from rag.answering.pipeline import Assistant
from rag.config import Settings
from rag.index.store import Store
from rag.types import Answer, Delta

pytestmark = pytest.mark.slow

TRADY = "000_c31ea4fa21d0fe3c#1"


@pytest.fixture(scope="module")
def local_assistant(seeded: Settings) -> Assistant:
    # the default llm_cache_dir (.rag/models) keeps the converted model across runs: converting takes ~25 s
    settings = seeded.model_copy(update={"llm_backend": "local"})
    return Assistant(settings, Store(settings))


def test_the_bundled_model_answers_with_a_valid_citation(local_assistant: Assistant) -> None:
    events = list(local_assistant.stream("What does TraDy do?", mode="model"))
    deltas = [e.text for e in events if isinstance(e, Delta)]
    answer = events[-1]
    assert isinstance(answer, Answer)
    assert len(deltas) > 3, "the model streamed its answer"
    assert answer.mode == "model", answer.notices
    assert answer.backend == "local · SmolLM2-135M-Instruct (bundled)"
    assert TRADY in {c.paper_id for c in answer.citations}
    numbers = {int(n) for n in re.findall(r"\[(\d+)\]", answer.text)}
    assert numbers == {c.n for c in answer.citations}
    for citation in answer.citations:
        hit = next(h for h in answer.retrieved if h.paper_id == citation.paper_id)
        assert citation.passage in hit.abstract


def test_cli_ask_json_with_the_real_model(
    seeded: Settings, rag_main: Callable[..., int], capsys: pytest.CaptureFixture[str]
) -> None:
    # in this process: the command's wiring is under test here; a real `rag ask --mode model` process
    # runs in test_offline
    assert rag_main(seeded, "ask", "What does TraDy do?", "--json", "--mode", "model") == 0
    result = json.loads(capsys.readouterr().out)
    assert result["mode"] == "model" and not result["refused"]
    assert TRADY in [c["paper_id"] for c in result["citations"]]
    assert set(result["citations"][0]) == {"n", "paper_id", "title", "url", "passage"}
