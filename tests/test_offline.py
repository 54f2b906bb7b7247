"""No outbound network: ingest, search, ask with the local model and the UI, all inside `unshare -n`;
and no heavy import before it is needed (`import rag` and its public API).

A network namespace of their own has no interface but a loopback that is down, so nothing
can leave the machine. That alone would not show a library that tried, failed quietly and
went on, so every Python process also runs an audit hook (a sitecustomize on PYTHONPATH)
that writes down every address it connects to or looks up: all must be loopback.

The same file is the script run inside the namespace (`python -m tests.test_offline DIR`).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from rag.config import Settings

from .conftest import HANG_S, ROOT, SEEDS, cli_env

TRADY = "000_c31ea4fa21d0fe3c#1"
SEED_FILE = SEEDS / "000_c31ea4fa21d0fe3c.txt"
LOOPBACK = {"127.0.0.1", "::1", "localhost", "0.0.0.0", "::", None}  # 0.0.0.0/:: only as a bind or lookup flag

AUDIT_HOOK = """
import json, os, sys

_LOG = os.environ.get("NET_AUDIT_LOG")
_EVENTS = {"socket.connect", "socket.sendto", "socket.sendmsg", "socket.getaddrinfo", "socket.gethostbyname",
           "socket.gethostbyname_ex", "socket.gethostbyaddr", "urllib.Request"}


def _where(event, args):
    if event == "urllib.Request":
        return args[0]
    if event.startswith("socket.get"):
        return args[0]
    address = args[1]
    return address[0] if isinstance(address, tuple) else "unix:" + str(address)


def _hook(event, args):
    if event in _EVENTS:
        with open(_LOG, "a") as log:
            log.write(json.dumps({"pid": os.getpid(), "event": event, "to": str(_where(event, args))}) + "\\n")


if _LOG:
    sys.addaudithook(_hook)
"""


def unshare_prefix() -> list[str]:
    """How to start a process in a namespace with no network, or a skip saying why it cannot be."""
    if shutil.which("unshare") is None:
        pytest.skip("no unshare (util-linux): cannot start a process without network")
    for prefix in (["unshare", "-n"], ["unshare", "-r", "-n"]):  # as root; else in a user namespace
        if subprocess.run([*prefix, "true"], capture_output=True).returncode == 0:
            return prefix
    pytest.skip("unshare -n is not permitted here (needs root or user namespaces)")


def outside_loopback(log: Path) -> list[dict[str, Any]]:
    records = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return [
        r
        for r in records
        if r["to"] not in {str(a) for a in LOOPBACK}
        and not r["to"].startswith("unix:")
        and not r["to"].startswith(("http://127.0.0.1", "http://localhost"))
    ]


def test_ingest_search_ask_and_serve_with_no_network(tmp_path: Path, settings: Settings) -> None:
    prefix = unshare_prefix()
    audit = tmp_path / "audit"
    audit.mkdir()
    (audit / "sitecustomize.py").write_text(AUDIT_HOOK)
    net_log = tmp_path / "net.log"
    env = cli_env(
        settings,
        PYTHONPATH=f"{audit}{os.pathsep}{ROOT}",
        NET_AUDIT_LOG=str(net_log),
        RAG_LLM_MAX_NEW_TOKENS="48",  # the model's speed is not the point here
    )
    started = time.monotonic()
    run = subprocess.run(
        [*prefix, sys.executable, "-m", "tests.test_offline", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout.splitlines()[-1])
    steps = ", ".join(f"{step} {report[step]['seconds']} s" for step in ("ingest", "search", "ask"))
    print(f"offline: {steps}; all with serve {time.monotonic() - started:.0f} s")

    assert report["links"] == ["lo"] and report["routes"] == ""  # nothing but loopback to send on
    ingest, search, ask = report["ingest"], report["search"], report["ask"]
    assert ingest["rc"] == 0, ingest["stderr"]
    assert json.loads(ingest["stdout"])["papers"] == 19
    assert search["rc"] == 0, search["stderr"]
    assert json.loads(search["stdout"])["results"][0]["paper_id"] == TRADY
    assert ask["rc"] == 0, ask["stderr"]
    answer = json.loads(ask["stdout"])
    assert answer["error"] is None and answer["citations"] and TRADY in answer["retrieved"], answer["notices"]
    assert report["page"] == 200
    assert TRADY in [c["paper_id"] for c in report["ui_answer"]["citations"]]

    assert net_log.exists(), "the audit hook never ran: the test would prove nothing"
    tried = outside_loopback(net_log)
    assert not tried, f"attempted to reach beyond loopback: {tried[:10]}"


PUBLIC_API = """
import json, sys
import rag
modules = ("torch", "transformers", "chromadb", "langchain_core", "numpy", "openai")
heavy = sorted(m for m in modules if m in sys.modules)
stats = rag.ingest([sys.argv[1]])
result = rag.search("memory-efficient transfer learning with dynamic channels", k=3)
names = {name: type(getattr(rag, name)).__name__ for name in rag.__all__}
print(json.dumps({"heavy": heavy, "added": stats.added, "first": result.hits[0].paper_id, "names": names}))
"""


def test_the_public_api_loads_its_modules_only_when_used(settings: Settings) -> None:
    run = subprocess.run(
        [sys.executable, "-c", PUBLIC_API, str(SEED_FILE)],
        cwd=ROOT,
        env=cli_env(settings),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout.splitlines()[-1])
    assert report["heavy"] == [], "`import rag` must stay cheap: the CLI and the UI import it first"
    assert report["added"] > 0 and report["first"] == TRADY
    public = {"Answer", "Assistant", "Citation", "Turn", "Filters", "Settings", "answer", "ingest", "search", "Hit"}
    public |= {"SearchResult", "IngestStats", "RagError", "ConfigError", "StoreError", "InputError", "BackendError"}
    assert set(report["names"]) == public


# --- the part that runs inside the namespace ------------------------------------------------------------


def rag(*args: str) -> dict[str, Any]:
    """`rag ...` in this process: the commands share one interpreter's imports (torch alone takes
    seconds), and the audit hook and the namespace hold for a process, not for a command."""
    from rag.cli import main

    out, err = io.StringIO(), io.StringIO()
    started = time.monotonic()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    seconds = round(time.monotonic() - started, 1)
    return {"rc": code, "stdout": out.getvalue(), "stderr": err.getvalue()[-2000:], "seconds": seconds}


def ask_the_ui(url: str, question: str) -> Any:
    """One /ask call through Gradio's REST API: post the question, then read the event stream."""
    post = urllib.request.Request(
        f"{url}/gradio_api/call/ask",
        data=json.dumps({"data": [question, ""]}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(post, timeout=HANG_S) as response:
        event_id = json.loads(response.read())["event_id"]
    with urllib.request.urlopen(f"{url}/gradio_api/call/ask/{event_id}", timeout=300) as response:
        stream = response.read().decode()
    data = next(line for line in stream.splitlines()[::-1] if line.startswith("data: "))
    return json.loads(json.loads(data.removeprefix("data: "))[1])


def serve_and_ask(port: int) -> tuple[int, Any]:
    """`rag serve` on a thread of this process (it serves until the process ends), then one question."""
    from rag.cli import main

    server = threading.Thread(target=main, args=(["serve", "--port", str(port)],), daemon=True)
    server.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    while True:
        try:
            with urllib.request.urlopen(f"{url}/", timeout=5) as response:
                page = response.status
                break
        except OSError:
            if not server.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("rag serve did not come up") from None
            time.sleep(0.5)
    return page, ask_the_ui(url, "What does TraDy do?")


def inside(workdir: Path) -> None:
    def ip(*args: str) -> str:
        return subprocess.run(["ip", *args], capture_output=True, text=True, check=True).stdout.strip()

    report: dict[str, Any] = {
        "links": [line.split(":")[1].strip() for line in ip("-o", "link", "show").splitlines()],
        "routes": ip("route", "show") + ip("-6", "route", "show"),
    }
    # loopback stays down for the command line: it needs no network at all
    report["ingest"] = rag("ingest", str(SEED_FILE), "--json")
    report["search"] = rag("search", "memory-efficient transfer learning with dynamic channels", "-k", "3", "--json")
    report["ask"] = rag("ask", "What does TraDy do?", "--mode", "model", "--json")
    ip("link", "set", "lo", "up")  # the UI is a server on 127.0.0.1; still nothing beyond this machine
    report["page"], report["ui_answer"] = serve_and_ask(7860)
    print(json.dumps(report), flush=True)
    os._exit(0)  # the page would be served for ever: the report is out, so the process ends here


if __name__ == "__main__":
    inside(Path(sys.argv[1]))
