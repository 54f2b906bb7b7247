"""Safety and access: `rag serve` listens on loopback only, a password keeps the page and the API
closed, and an API key never shows in output, answers, logs or the page.

One real `rag serve` for the module, with a password set and a known key string, its LLM
backend a scripted server on 127.0.0.1 that fails and echoes the key it was sent.
"""

from __future__ import annotations

import http.cookiejar
import json
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rag.config import Settings

from .conftest import HANG_S, ROOT, cli_env, free_port, run_cli
from .openai_server import MODEL, ScriptedServer, scripted_server

# Gradio's queue calls pandas options that pandas 3 deprecates: not ours to fix
pytestmark = pytest.mark.filterwarnings("ignore:.*(no_silent_downcasting|copy keyword):Warning")

CANARY = "sk-canary-123"
USER, PASSWORD = "ann", "correct-horse-battery"
QUESTION = "What does TraDy do?"
TRADY = "000_c31ea4fa21d0fe3c#1"
TRADY_PIECES = ["We propose TraDy,", " a novel transfer learning", " scheme [1]."]


def backend_env(server: ScriptedServer) -> dict[str, str]:
    return {
        "RAG_LLM_BACKEND": "openai",
        "RAG_OPENAI_BASE_URL": server.base_url,
        "RAG_OPENAI_MODEL": MODEL,
        "RAG_OPENAI_API_KEY": CANARY,
        "RAG_LLM_TIMEOUT_S": "5",
    }


@pytest.fixture(scope="module")
def backend() -> Iterator[ScriptedServer]:
    with scripted_server() as server:
        yield server


@pytest.fixture(scope="module")
def served(
    seeded: Settings, backend: ScriptedServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Any]]:
    """`rag serve` on a free port: its url, port and log file."""
    port = free_port()
    log_path = tmp_path_factory.mktemp("serve") / "serve.log"
    env = cli_env(
        seeded,
        **backend_env(backend),
        RAG_ANSWER_MODE="model",  # the API's answers go through the backend, so its failures are seen
        RAG_AUTH_USERNAME=USER,
        RAG_AUTH_PASSWORD=PASSWORD,
    )
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "rag.cli", "serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120
            while status(f"{url}/")[0] != 200:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"rag serve did not come up: {log_path.read_text()[-2000:]}")
                time.sleep(0.25)
            yield {"url": url, "port": port, "log": log_path}
        finally:
            proc.terminate()
            proc.wait(timeout=HANG_S)


def status(url: str, data: dict[str, Any] | None = None, opener: Any = None) -> tuple[int, str]:
    body = json.dumps(data).encode() if data is not None else None
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        with (opener or urllib.request.build_opener()).open(request, timeout=HANG_S) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(errors="replace")
    except OSError:
        return 0, ""


def logged_in(url: str, password: str) -> tuple[int, Any]:
    """(status of the login, an opener carrying its cookie)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    form = urllib.parse.urlencode({"username": USER, "password": password}).encode()
    try:
        with opener.open(urllib.request.Request(f"{url}/login", data=form), timeout=HANG_S) as response:
            return response.status, opener
    except urllib.error.HTTPError as exc:
        return exc.code, opener


def test_defaults_are_loopback_no_share_no_telemetry() -> None:
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.host == "127.0.0.1" and settings.share is False
    assert settings.auth_username is None and settings.openai_api_key is None
    # what the product sets before any library is imported, in a clean environment
    code = "import json, os, rag.config; rag.config.apply_runtime_env(); print(json.dumps(dict(os.environ)))"
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True
    )
    env = json.loads(run.stdout)
    assert env["ANONYMIZED_TELEMETRY"] == "False" and env["GRADIO_ANALYTICS_ENABLED"] == "False"
    assert env["HF_HUB_OFFLINE"] == "1" and env["HF_HUB_DISABLE_TELEMETRY"] == "1"


def listening_addresses(port: int) -> list[str]:
    """Local addresses of the LISTEN sockets on this port, from the kernel's tables."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            local, state = row.split()[1], row.split()[3]
            address, hex_port = local.split(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A is TCP_LISTEN
                if len(address) == 8:  # IPv4, little-endian hex
                    found.append(".".join(str(int(address[i : i + 2], 16)) for i in (6, 4, 2, 0)))
                else:
                    found.append(f"ipv6:{address}")
    return found


def test_rag_serve_listens_on_loopback_only(served: dict[str, Any]) -> None:
    assert listening_addresses(served["port"]) == ["127.0.0.1"]


def test_without_the_password_page_and_api_are_refused(served: dict[str, Any]) -> None:
    url = served["url"]
    code, page = status(f"{url}/")
    assert code == 200 and '"auth_required":true' in page.replace(" ", "")  # the login form only
    assert "paper assistant" not in page and "TraDy" not in page
    for path, data in (
        ("/config", None),
        ("/gradio_api/info", None),
        ("/gradio_api/openapi.json", None),
        ("/gradio_api/call/ask", {"data": [QUESTION, ""]}),
        ("/gradio_api/run/ask", {"data": [QUESTION, ""]}),
        ("/gradio_api/queue/join", {"data": [QUESTION, ""], "fn_index": 0, "session_hash": "x"}),
    ):
        code, body = status(f"{url}{path}", data)
        assert code == 401 and "Not authenticated" in body, (path, code, body[:200])
    code, opener = logged_in(url, "wrong-password")
    assert code in (400, 401)
    assert status(f"{url}/config", opener=opener)[0] == 401
    code, opener = logged_in(url, PASSWORD)
    assert code == 200
    code, config = status(f"{url}/config", opener=opener)
    assert code == 200 and "paper assistant" in config


def test_the_key_never_shows_in_answers_page_or_logs(served: dict[str, Any], backend: ScriptedServer) -> None:
    from gradio_client import Client

    url = served["url"]
    backend.script("error", status=500)  # and the error body echoes the key it was sent
    client = Client(f"{url}/", auth=(USER, PASSWORD), verbose=False)
    markdown, details = client.predict(QUESTION, api_name="/ask")
    assert CANARY in backend.received_keys()  # it was sent, so its absence below means something
    answer = json.loads(details)
    assert answer["error"].startswith(f"openai · {MODEL} @ http://127.0.0.1:") and "HTTP 500" in answer["error"]
    assert TRADY in [c["paper_id"] for c in answer["citations"]]  # the sources survive the failure
    assert CANARY not in markdown + details

    _, opener = logged_in(url, PASSWORD)
    for path in ("/", "/config", "/gradio_api/info"):
        code, body = status(f"{url}{path}", opener=opener)
        assert code == 200 and CANARY not in body, path
    assert CANARY not in served["log"].read_text()

    backend.script("ok", pieces=TRADY_PIECES)  # the backend is back: the same server answers with it
    _, details = client.predict(QUESTION, api_name="/ask")
    answer = json.loads(details)
    assert answer["mode"] == "model" and answer["error"] is None


def test_the_cli_never_prints_the_key(seeded: Settings, backend: ScriptedServer) -> None:
    backend.script("garbage")  # a body that is not JSON and carries the key
    run = run_cli(seeded, "ask", QUESTION, "--mode", "model", **backend_env(backend))
    assert run.returncode == 0, run.stderr
    assert CANARY in backend.received_keys()
    assert "note: The model failed (openai · " in run.stdout and "not an OpenAI chat completion" in run.stdout
    assert CANARY not in run.stdout + run.stderr


# --- malformed API requests ---------------------------------------------------------------------------

# (what a raw client sends as "data" to /ask, the one line it must get back); the first ones are also
# what `rag ask --batch` reads, so the CLI must say the same
MALFORMED: list[tuple[list[Any], str]] = [
    ([5, ""], "question must be text, got a number"),
    ([[QUESTION], ""], "question must be text, got a list"),
    ([{"text": QUESTION}, ""], "question must be text, got an object"),
    ([True, ""], "question must be text, got true/false"),
    ([QUESTION, 7], "history must be a list of turns or of chat messages, got a number"),
    ([QUESTION, ["a"]], "history[0]: expected an object, got text"),
    ([QUESTION, [{"question": 5}]], "history[0]: field 'question' must be text, got a number"),
    ([QUESTION, [{"role": "robot", "content": "x"}]], "history[0]: field 'role' must be 'user' or 'assistant'"),
    (["\x00\x01  ", ""], "the question is empty: ask something about the papers"),
    ([QUESTION, "{not json"], "history is not JSON: Expecting property name enclosed in double quotes"),
    ([], '/ask takes 2 values in "data", got 0'),
    ([QUESTION], '/ask takes 2 values in "data", got 1'),
]
SAME_IN_THE_CLI = 8


def call_ask(url: str, opener: Any, data: list[Any]) -> tuple[str, Any]:
    """A raw call of /ask as any HTTP client makes it: (the event's kind, its data)."""
    code, body = status(f"{url}/gradio_api/call/ask", {"data": data}, opener=opener)
    assert code == 200, (data, code, body)
    code, stream = status(f"{url}/gradio_api/call/ask/{json.loads(body)['event_id']}", opener=opener)
    kind = next(line.split(":", 1)[1].strip() for line in stream.splitlines() if line.startswith("event:"))
    sent = [line[5:] for line in stream.splitlines() if line.startswith("data:")][-1]
    return kind, json.loads(sent)


def test_malformed_api_requests_get_one_line_and_the_next_question_its_answer(
    served: dict[str, Any], backend: ScriptedServer
) -> None:
    url, log_path = served["url"], served["log"]
    _, opener = logged_in(url, PASSWORD)
    logged_before = log_path.read_text()
    for data, expected in MALFORMED:
        kind, sent = call_ask(url, opener, data)
        assert kind == "error" and sent["error"].startswith(expected), (data, sent)
        assert "\n" not in sent["error"] and "object at 0x" not in sent["error"], sent
    logged = log_path.read_text()[len(logged_before) :]
    assert "Traceback" not in logged, logged
    refused = [line for line in logged.splitlines() if line.startswith("/ask refused: ")]
    assert len(refused) == len(MALFORMED), logged
    for line, (_, expected) in zip(refused, MALFORMED, strict=True):
        assert line.startswith(f"/ask refused: {expected}"), line

    backend.script("ok", pieces=TRADY_PIECES)
    kind, sent = call_ask(url, opener, [QUESTION, ""])
    assert kind == "complete" and json.loads(sent[1])["error"] is None
    assert TRADY in [c["paper_id"] for c in json.loads(sent[1])["citations"]]


def test_the_cli_says_the_same_of_the_same_bad_fields(
    seeded: Settings, tmp_path: Path, rag_main: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "bad.jsonl"
    lines = [{"id": i, "question": d[0], "history": d[1]} for i, (d, _) in enumerate(MALFORMED[:SAME_IN_THE_CLI])]
    batch.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert rag_main(seeded, "ask", "--batch", str(batch), RAG_ANSWER_MODE="extractive") == 3
    said = capsys.readouterr().err.splitlines()
    assert len(said) == SAME_IN_THE_CLI, said
    for i, (line, (_, expected)) in enumerate(zip(said, MALFORMED, strict=False)):
        assert line.startswith(f"{batch}:{i + 1}: {expected}"), line
