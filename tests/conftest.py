"""Shared fixtures: real Chroma, the real bundled embedder, the seeds indexed once per run, and one `rag serve`
with Chromium for the browser tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from rag.config import Settings, apply_runtime_env

if TYPE_CHECKING:
    from rag.answering.pipeline import Assistant
    from rag.types import Hit
    from tests.browser import Served
    from tests.openai_server import ScriptedServer

apply_runtime_env()

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
SHARED_DATA = ROOT.parent / "shared" / "data"
# How long a test waits for something that must happen: long enough that only a hang reaches it, never a
# slow or busy machine. Order and speed are never read from the clock: speed is measured in bench/.
HANG_S = 120
# Seed papers the answer tests ask about, by their ids in the seed index (file#paragraph)
DEMOGRASP = "000_c31ea4fa21d0fe3c#4"
KV = "002_ab3fa8fe28be1742#9"
MOE = "000_c31ea4fa21d0fe3c#16"
SUIT = "001_b01c0f2ca48af324#1"


def make_settings(tmp: Path, **overrides: object) -> Settings:
    """Settings isolated from the developer's .env and environment."""
    values: dict[str, object] = {"index_dir": tmp / "index", "cache_dir": tmp / "cache", "state_dir": tmp / "state"}
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


def cli_env(settings: Settings, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RAG_", "OPENAI_"))}
    env.update(
        RAG_INDEX_DIR=str(settings.index_dir),
        RAG_CACHE_DIR=str(settings.cache_dir),
        RAG_STATE_DIR=str(settings.state_dir),
        RAG_LLM_CACHE_DIR=str(settings.llm_cache_dir),
        RAG_EMBEDDER_CACHE_DIR=str(settings.embedder_cache_dir),
    )
    env.update(extra)
    return env


def run_cli(settings: Settings, *args: str, timeout: float = 600, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rag.cli", *args],
        cwd=ROOT,
        env=cli_env(settings, **env),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture
def rag_main(monkeypatch: pytest.MonkeyPatch) -> Callable[..., int]:
    """`rag ...` in this process, over a Settings' folders only (and any RAG_ variables given): the CLI's
    cached settings are rebuilt from an environment holding nothing of the developer's."""
    from rag.cli import main
    from rag.config import get_settings

    def run(settings: Settings, *args: str, **env: str) -> int:
        for key in [k for k in os.environ if k.startswith(("RAG_", "OPENAI_"))]:
            monkeypatch.delenv(key)
        for key, value in cli_env(settings, **env).items():
            if key.startswith("RAG_"):
                monkeypatch.setenv(key, value)
        get_settings.cache_clear()
        try:
            return main(list(args))
        finally:
            get_settings.cache_clear()

    return run


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture(scope="session")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """The three seed files, ingested once for every test that only reads."""

    def ingest_seeds(settings: Settings) -> None:
        from rag.corpus.documents import ReadLog, read_papers
        from rag.index.store import Store

        reading = ReadLog()
        Store(settings, create=True).ingest(read_papers([SEEDS], reading))
        assert not reading.problems

    return built_once(tmp_path_factory, "seeded", ingest_seeds)


@pytest.fixture(scope="module")
def assistant(seeded: Settings) -> Assistant:
    """An extractive assistant over the seed index, one per test module."""
    from rag.answering.pipeline import Assistant
    from rag.index.store import Store

    settings = seeded.model_copy(update={"answer_mode": "extractive"})
    return Assistant(settings, Store(settings))


def says_piece(question: str, own: set[str], sentence: str) -> bool:
    """The sentence says a piece of the method the question asks about, named or counted (the blinds' tests of
    rag.answering.quotes._piece_patterns, which reads the question once for all of an abstract's sentences)."""
    from rag.answering.quotes import _piece_patterns

    named, counted = _piece_patterns(question, own)
    return any(p.search(sentence) for p in [*named, *counted])


def assert_states(answer: Any, paper: str, stated: Sequence[str]) -> None:
    """The answer cites the one paper, declines nothing and says each thing stated (the blinds' answer tests)."""
    assert not answer.refused and answer.cited_ids == (paper,), answer.text
    assert all(s in answer.text for s in stated), answer.text


def abstract_hit(text: str, title: str = "T", paper_id: str = "p", rank: int = 1) -> Hit:
    """A paper of one abstract, as the search would return it (first, unless `rank` says; the blinds' reading
    tests)."""
    from rag.types import Hit

    return Hit.of_abstract(
        rank=rank, paper_id=paper_id, title=title, url="", score=1.0 / rank, similarity=None, abstract=text
    )


def seed_hit(assistant: Assistant, paper_id: str, score: float = 1.0, as_id: str | None = None) -> Hit:
    """A seed paper as the search would return it, with the score a test gives (under another id for a twin)."""
    from rag.types import Hit

    paper = assistant.store.get_papers([paper_id])[paper_id]
    return Hit.of_abstract(paper_id=as_id or paper_id, title=paper.title, abstract=paper.abstract, score=score)


class FakePlainWords:
    """A keyword side that counts no word of the question in a sentence and splits terms at spaces: what a sentence
    is chosen by is then only the similarity (or the judge) a test gives."""

    def coverage(self, question: str, text: str) -> float:
        return 0.0

    def terms(self, text: str) -> list[str]:
        return text.lower().split()


@pytest.fixture(scope="session")
def fixture_500(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """The 500-paper ICLR 2026 fixture (the 57 seeds among 443 others), ingested once for every test that only reads."""
    path = shared_file("iclr2026_fixture_500.jsonl.gz")

    def ingest_500(settings: Settings) -> None:
        from rag.corpus.documents import ReadLog, read_papers
        from rag.index.store import Store

        reading = ReadLog()
        stats = Store(settings, create=True).ingest(read_papers([path], reading))
        assert stats.added == 500 and not reading.problems

    return built_once(tmp_path_factory, "fixture500", ingest_500)


@pytest.fixture(scope="session")
def extractive_500(fixture_500: Settings) -> Assistant:
    """The assistant over the 500-paper fixture, answering from the abstracts' sentences (the blinds' answer tests):
    loaded once per worker, as it only reads."""
    from rag.answering.pipeline import Assistant

    return Assistant(fixture_500.model_copy(update={"answer_mode": "extractive"}))


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Settings], None]) -> Settings:
    """An index that `build` fills once per run, whichever xdist worker asks first (another waits for it rather
    than embedding the same papers on the other core), copied for this worker: tests beside it write into its
    folder (a served page caches its map there), and two processes never share one Chroma folder."""
    from filelock import FileLock  # torch's dependency, so always installed

    run_tmp = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_tmp = run_tmp.parent  # each worker's base is popen-gwN inside the run's folder
    built = make_settings(run_tmp / f"built-{name}")
    done = run_tmp / f"built-{name}.done"
    with FileLock(run_tmp / f"built-{name}.lock"):
        if not done.exists():
            shutil.rmtree(built.index_dir.parent, ignore_errors=True)  # what a failed build left
            build(built)
            done.touch()
    settings = make_settings(tmp_path_factory.mktemp(name))
    shutil.copytree(built.index_dir, settings.index_dir)
    return settings


def shared_file(name: str) -> Path:
    path = SHARED_DATA / name
    if not path.exists():
        pytest.skip(f"{path} is absent: the real corpora live in ../shared/data beside the project")
    return path


@contextmanager
def rag_serve(
    settings: Settings,
    *args: str,
    seconds: float = HANG_S,
    program: tuple[str, ...] = ("-m", "rag.cli"),
    stdin: int | None = None,
    **env: str,
) -> Iterator[str]:
    """`rag serve` as a person starts it, over the settings' folders (and any RAG_ variables given): its url
    once the page answers 200. `program`: what Python runs instead of `-m rag.cli` (a script that pauses
    the server where a test wants it to), reading `stdin`.

    Its output goes to serve.log beside the index; a server that exits early fails the test with its tail.
    """
    import time
    import urllib.request

    port = free_port()
    log = (settings.index_dir.parent / "serve.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, *program, "serve", "--port", str(port), *args],
        cwd=ROOT,
        env=cli_env(settings, **env),
        stdin=stdin,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}/"
    start = time.monotonic()
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"rag serve exited with {proc.returncode}: {Path(log.name).read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(url, timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() - start > seconds:
                pytest.fail(f"rag serve did not answer within {seconds:.0f} s")
            time.sleep(0.25)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=HANG_S)
        log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright. Per module: Playwright's sync API keeps an event loop
    running on this thread while it is open, and asyncio.run() elsewhere in the run refuses to start then."""
    from playwright.sync_api import sync_playwright

    from tests.browser import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


# How `make pytest` shares the work between its two xdist workers (`--dist loadfile`).
# Files that share an expensive session fixture are one unit, so that one worker sets it up once: the page
# ui_server serves (its `rag serve`: imports and index) and the 500-paper index with its map.
UNITS = {
    "test_ui_browser.py": "served page",
    "test_look_browser.py": "served page",
    "test_saved_browser.py": "served page",
    "test_scale.py": "500 papers",
    "test_map.py": "500 papers",
}
# Units go out longest first: a long unit started last keeps one worker busy while the other has nothing left.
# How long is what this machine's last run measured (kept in pytest's cache at the end of each run), not figures
# from another host; a unit not measured yet goes first if it shares a fixture, else after the measured ones.
UNIT_SECONDS = "rag/unit-seconds"
_measured: dict[str, float] = {}


def unit_of(path: str) -> str:
    name = Path(path).name
    return UNITS.get(name, name)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests in the order their units are handed out (a stable sort: a file's tests stay together, in order)."""
    cache = getattr(config, "cache", None)  # none under -p no:cacheprovider
    seconds: dict[str, float] = cache.get(UNIT_SECONDS, {}) if cache else {}
    shared = set(UNITS.values())

    def longest_first(item: pytest.Item) -> float:
        unit = unit_of(str(item.path))
        return -seconds.get(unit, float("inf") if unit in shared else 0.0)

    items.sort(key=longest_first)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Adds up each unit's seconds (setup, call, teardown), in the process that sees every test's report."""
    unit = unit_of(report.nodeid.split("::")[0])
    _measured[unit] = _measured.get(unit, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    cache = getattr(session.config, "cache", None)
    if cache is None or hasattr(session.config, "workerinput") or not _measured:  # a worker: its controller writes
        return
    seconds = cache.get(UNIT_SECONDS, {})
    seconds.update({unit: round(total, 1) for unit, total in _measured.items()})
    cache.set(UNIT_SECONDS, seconds)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadfile` over UNITS, handed out in collection order (xdist would sort them by number of tests)."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class ByUnit(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit_of(super()._split_scope(nodeid))

    config.option.loadscopereorder = False
    return ByUnit(config, log)


@pytest.fixture(scope="session")
def page_model() -> Iterator[ScriptedServer]:
    """The model the served page asks: an OpenAI-compatible server in this process, scripted with an answer to
    "What is TraDy?" that passes the check. What it writes, and when, is the test's (`held_model`), so streaming,
    Stop and the check are seen on a machine of any speed; the bundled model has tests of its own (test_llm.py)."""
    from tests.openai_server import scripted_server
    from tests.test_faults import TRADY_PIECES

    with scripted_server() as server:
        server.script("ok", pieces=TRADY_PIECES)
        yield server


@pytest.fixture
def held_model(page_model: ScriptedServer) -> Iterator[ScriptedServer]:
    """The page's model, stopping each answer after its first piece until the test calls `go_on()`."""
    page_model.hold()
    yield page_model
    page_model.go_on()


@pytest.fixture(scope="session")
def ui_server(
    seeded: Settings, page_model: ScriptedServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Served]:
    """One `rag serve` over a copy of the seed index plus the hostile paper, for the ui, look and saved-chats
    browser tests alike: a Served(url, settings)."""
    from rag.index.store import Store
    from tests.browser import Served, hostile_paper
    from tests.openai_server import KEY, MODEL

    settings = make_settings(tmp_path_factory.mktemp("ui-server"))
    shutil.copytree(seeded.index_dir, settings.index_dir)
    Store(settings).ingest([hostile_paper()])
    model = {
        "RAG_LLM_BACKEND": "openai",
        "RAG_OPENAI_BASE_URL": page_model.base_url,
        "RAG_OPENAI_MODEL": MODEL,
        "RAG_OPENAI_API_KEY": KEY,
        # a server's model would write every answer under auto; the page's tests choose "model" where they want it
        "RAG_ANSWER_MODE": "extractive",
    }
    with rag_serve(settings, **model) as url:
        yield Served(url, settings)


@pytest.fixture(scope="module")
def tab(browser: Any) -> Iterator[Any]:
    """One desktop tab per module, in which each test opens the served page again: a new document and a new
    Gradio session each time, for a third of the CPU of a new tab (1.3 s of CPU a load here against 3.7 s, and
    0.7 s against 1.9 s of waiting), because the tab's renderer and its compiled scripts stay."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(HANG_S * 1000)
    yield context.new_page()
    context.close()


@pytest.fixture
def page(tab: Any, ui_server: Served) -> Iterator[Any]:
    """A fresh session on the served page; fails the test if the page asks anything of the internet."""
    outside: list[str] = []

    def note(request: Any) -> None:
        if not request.url.startswith(("http://127.0.0.1", "data:", "blob:")):
            outside.append(request.url)

    tab.on("request", note)
    tab.goto(ui_server.url)
    tab.wait_for_selector("#question textarea")
    yield tab
    tab.remove_listener("request", note)
    assert not outside, f"the page fetched from outside: {outside}"


def free_port() -> int:
    """A port nothing listens on now, for a server a test starts on 127.0.0.1."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(url: str, seconds: float = HANG_S) -> None:
    """Until the url answers (any HTTP status), or RuntimeError after `seconds`."""
    import time
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer within {seconds:.0f} s")
