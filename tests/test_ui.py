"""The UI's formatting and chat logic on hand-built Answers, its handlers on a fake assistant, and the
/ask API of a launched app."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from rag.answering.pipeline import Assistant
from rag.config import Settings
from rag.errors import BackendError, InputError
from rag.index.store import StoredPaper
from rag.retrieval.filters import FILTER_FIELDS, Filters
from rag.types import Answer, Citation, Delta, Hit, Sources, Turn
from tests.conftest import HANG_S, ROOT, free_port
from ui import render
from ui.app import AssistantUI
from ui.chat import ChatEntry, respond, undo

# Gradio's queue calls pandas options that pandas 3 deprecates: not ours to fix
pytestmark = pytest.mark.filterwarnings("ignore:.*(no_silent_downcasting|copy keyword):Warning")

XSS = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">'
KV_PAPER = "002_ab3fa8fe28be1742#9"


def hit(paper_id: str, title: str = "A paper", passage: str = "Some passage.", url: str = "") -> Hit:
    return Hit.of_abstract(
        rank=1,
        paper_id=paper_id,
        title=title,
        url=url,
        score=0.5,
        similarity=0.6,
        abstract=passage,
        meta={"decision": "Poster"},
    )


def answer(text: str = "", citations: list[Citation] | None = None, **fields: Any) -> Answer:
    values: dict[str, Any] = {
        "question": "q?",
        "text": text,
        "citations": citations or [],
        "retrieved": [hit("p1")],
        "refused": False,
        "query": "q?",
        "mode": "extractive",
        "kind": "qa",
        "backend": "local · SmolLM2-135M-Instruct (bundled)",
        "searched": 57,
        "matched": 12,
    }
    values.update(fields)
    return Answer(**values)


def citation(
    n: int, url: str = "", title: str = "Title", passage: str = "One. Two.", supporting: list[str] | None = None
) -> Citation:
    meta = {"decision": "Oral", "primary_area": "optimization", "venue": "ICLR 2026", "year": 2026}
    return Citation(
        n=n, paper_id=f"p{n}", title=title, url=url, passage=passage, supporting=supporting or [], meta=meta
    )


# --- formatting -------------------------------------------------------------------------------------


def test_markers_link_to_the_paper_or_its_source_card() -> None:
    cites = [citation(1, url="https://openreview.net/forum?id=abc"), citation(2)]
    text = render.link_markers("KV caches shrink [1]. Both agree [1, 2]. Unknown [7].", cites)
    assert "[\\[1\\]](https://openreview.net/forum?id=abc)" in text
    assert "[\\[2\\]](#source-2)" in text
    assert "\\[7\\]" in text and "(#source-7)" not in text  # a marker without a citation is not a link


def test_unsafe_urls_are_never_links() -> None:
    for url in (
        "javascript:alert(1)",
        "data:text/html,<b>x</b>",
        "https://x.org/a b",
        "//evil.org",
        'https://x.org/"onmouseover=1',
    ):
        assert render.safe_url(url) == ""
    assert render.safe_url("https://openreview.net/forum?id=x") == "https://openreview.net/forum?id=x"
    text = render.link_markers("Claim [1].", [citation(1, url="javascript:alert(1)")])
    assert "javascript" not in text and "(#source-1)" in text


def test_script_in_titles_and_passages_is_escaped_everywhere() -> None:
    hostile = citation(
        1, title=f"Fish {XSS}", passage=f"We count fish {XSS}. It works.", supporting=[f"We count fish {XSS}."]
    )
    a = answer(f"We count fish {XSS} [1].", [hostile])
    for html_out in (render.sources_html(a), render.answer_message(a), render.references_md(a.citations)):
        assert "<script" not in html_out and "<img" not in html_out
        assert "&lt;script&gt;" in html_out
    panel = render.sources_html(a)
    assert "<mark>We count fish &lt;script&gt;" in panel  # escaped first, then marked
    paper = StoredPaper("x1", XSS, "javascript:alert(1)", f"Abstract {XSS}", {"keywords": XSS, "primary_area": XSS})
    view = render.paper_html(paper)
    assert "<script" not in view and "<img" not in view and "javascript:" not in view


def test_untrusted_markdown_links_are_not_links() -> None:
    text = render.md_text("see [click](https://evil.org) and ![img](x)")
    assert "](" not in text.replace("\\]", "")


def test_supporting_sentences_are_highlighted_once() -> None:
    passage = "First claim here. Second claim here. Third claim."
    marked = render.highlight(passage, ["Second claim here.", "claim here. Third", "Not in the passage."])
    assert marked == "First claim here. <mark>Second claim here.</mark><mark> Third</mark> claim."
    assert render.highlight("a < b. c.", []) == "a &lt; b. c."


def test_source_cards_show_number_meta_link_and_passage() -> None:
    a = answer("KV [1].", [citation(1, url="https://openreview.net/forum?id=abc", supporting=["One."])])
    panel = render.sources_html(a)
    assert 'id="source-1"' in panel and 'data-paper-id="p1"' in panel
    assert "Oral" in panel and "optimization" in panel and "ICLR 2026" in panel
    assert 'href="https://openreview.net/forum?id=abc"' in panel
    assert "<mark>One.</mark> Two." in panel
    assert "Searched 57 abstracts, 12 matched the filters" in panel


def test_answer_message_shows_mode_backend_coverage_and_references() -> None:
    a = answer("KV [1].", [citation(1)])
    message = render.answer_message(a)
    assert message.startswith("KV [\\[1\\]](#source-1).")
    assert "**References**" in message and "`p1`" in message
    assert "extractive" in message and "SmolLM2" in message
    assert "searched 57 abstracts, 12 matched the filters" in message


def test_refusal_looks_different_and_lists_the_nearest_papers() -> None:
    refusal = answer(
        "The indexed abstracts do not cover this question, so I will not guess.",
        refused=True,
        mode="refusal",
        retrieved=[hit("near1", "Nearest one"), hit("near2", "Nearest two")],
    )
    message = render.answer_message(refusal)
    assert message.startswith("> ⊘ **Not answered.**")
    assert "Nearest one" in message and "Nearest two" in message
    panel = render.sources_html(refusal)
    assert "Nearest papers" in panel and 'data-paper-id="near2"' in panel and 'id="source-' not in panel
    normal = render.answer_message(answer("KV [1].", [citation(1)]))
    assert "Not answered" not in normal


def test_backend_failure_is_said_and_sources_kept() -> None:
    failed = answer(
        "KV [1].",
        [citation(1)],
        error="cannot reach openai · m @ http://127.0.0.1:9/v1: connection refused",
        notices=["The model failed (cannot reach openai · m @ http://127.0.0.1:9/v1: connection refused); ..."],
    )
    message = render.answer_message(failed)
    assert message.startswith("> ⚠ **The model backend failed:** cannot reach openai")
    assert message.count("connection refused") == 1  # the notice repeating the error is not shown twice
    assert 'data-paper-id="p1"' in render.sources_html(failed)


def test_filter_choices_come_from_the_metadata() -> None:
    papers = [
        StoredPaper(
            "a", "A", "", "x", {"decision": "Oral", "venue": "ICLR 2026", "year": 2026, "keywords": "RL; Robots"}
        ),
        StoredPaper("b", "B", "", "y", {"decision": "Poster", "venue": "ICLR 2026", "year": 2026, "keywords": "rl"}),
        StoredPaper("c", "C", "", "z", {"decision": "Poster", "year": 2025}),
    ]
    choices = render.filter_choices(papers)
    assert choices["decision"] == ["Poster", "Oral"]
    assert choices["primary_area"] == []  # no such metadata: the UI hides this filter
    assert choices["year"] == ["2026", "2025"]
    assert choices["keyword"] == ["rl", "robots"]
    assert render.make_filters(dict.fromkeys(("decision", "primary_area", "venue", "year", "keyword"), "")) is None
    chosen = {"decision": "Oral", "primary_area": None, "venue": "ICLR 2026", "year": "2026", "keyword": " rl "}
    assert render.make_filters(chosen) == Filters("Oral", None, "ICLR 2026", 2026, "rl")
    assert render.make_filters({"primary_area": "optimization"}) == Filters(primary_area="optimization")
    with pytest.raises(ValueError, match="area"):
        render.make_filters({"area": "optimization"})  # a misspelt name is an error, not a filter dropped


# --- chat logic with a fake assistant --------------------------------------------------------------


class FakeAssistant:
    """Streams canned events, and records the history and filters it was given."""

    def __init__(self, events: list[Sources | Delta | Answer] | Exception) -> None:
        self.events = events
        self.histories: list[list[Turn]] = []
        self.filters: list[Filters | None] = []

    def stream(self, question: str, history: Any, filters: Any, mode: Any) -> Iterator[Sources | Delta | Answer]:
        self.histories.append(list(history))
        self.filters.append(filters)
        if isinstance(self.events, Exception):
            raise self.events
        yield from self.events


def run(fake: FakeAssistant, question: str, entries: list[ChatEntry]) -> list[Any]:
    return list(respond(fake, question, entries, None, None, "Searching the abstracts…"))  # type: ignore[arg-type]


def test_streaming_shows_the_pieces_then_the_checked_answer() -> None:
    final = answer("KV caches shrink [1].", [citation(1)], mode="model")
    fake = FakeAssistant([Delta("KV <b>caches"), Delta(" shrink"), final])
    steps = run(fake, "Which papers reduce KV-cache memory?", [])
    assert steps[0][0][-1]["content"] == "*Searching the abstracts…*"
    assert steps[1][0][-1]["content"] == "KV &lt;b&gt;caches" + render.CURSOR
    assert steps[2][0][-1]["content"] == "KV &lt;b&gt;caches shrink" + render.CURSOR
    messages, entries, sources, copy = steps[-1]
    assert messages[-1]["content"] == render.answer_message(final)
    assert copy == final.markdown() and 'data-paper-id="p1"' in sources
    # the follow-up gets the earlier turn as data: the ids it cited, not Markdown to parse back
    run(fake, "How does it work?", entries)
    assert fake.histories[-1] == [Turn("Which papers reduce KV-cache memory?", final.markdown(), ("p1",))]


def test_the_papers_found_show_before_any_answer_text() -> None:
    fake = FakeAssistant([Sources([hit("p1"), hit("p2", title="<b>Two</b>")]), Delta("KV"), answer("KV [1].")])
    placeholder, found, writing, _final = run(fake, "Which papers reduce KV-cache memory?", [])
    assert placeholder.sources is None
    assert found.messages[-1]["content"] == "*Searching the abstracts…*"  # no answer text yet
    assert 'data-paper-id="p1"' in found.sources and "&lt;b&gt;Two" in found.sources
    assert writing.sources is None  # the panel keeps the papers while the text streams


class FakeStoppedAssistant(FakeAssistant):
    """Presses stop after its second event, as a reader would while the model writes; records being closed."""

    def __init__(self, events: list[Sources | Delta | Answer], stopping: threading.Event) -> None:
        super().__init__(events)
        self.stopping, self.closed = stopping, False

    def stream(self, question: str, history: Any, filters: Any, mode: Any) -> Iterator[Sources | Delta | Answer]:
        try:
            for n, event in enumerate(super().stream(question, history, filters, mode)):
                if n == 2:
                    self.stopping.set()
                yield event
        except GeneratorExit:
            self.closed = True
            raise


def test_stop_keeps_the_question_and_the_papers_found_not_the_unchecked_text() -> None:
    earlier = run(FakeAssistant([answer("A [1].", [citation(1)])]), "first?", [])[-1].entries
    question = "Does [x] <b>beat</b> y & z?"
    stopping = threading.Event()
    events = [Sources([hit("p1")]), Delta("unchecked"), Delta(" text"), answer("never [1].", [citation(1)])]
    fake = FakeStoppedAssistant(events, stopping)
    steps = list(respond(fake, question, earlier, None, None, "…", stopping))  # type: ignore[arg-type]
    messages, entries, sources, copy = steps[-1]
    assert fake.closed  # the model's stream is ended, not left running
    assert len(entries) == 2 and entries[-1].turn.question == question
    assert 'data-paper-id="p1"' in entries[-1].sources and sources == entries[-1].sources  # the papers found stay
    assert "Stopped" in messages[-1]["content"] and "unchecked" not in messages[-1]["content"]
    assert copy == "" and not any("never" in str(step.messages) for step in steps)


def test_a_stop_pressed_before_the_question_does_not_end_its_answer() -> None:
    ui = AssistantUI.__new__(AssistantUI)  # only the chat handlers: no index, no model
    fake = FakeAssistant([answer("A [1].", [citation(1)])])
    ui.assistant, ui._stopping = fake, {}  # type: ignore[assignment]
    ui.warmup = SimpleNamespace(waiting=lambda mode: "…")  # type: ignore[assignment]
    ui.stop("s1")  # nothing running: nothing to end, and nothing remembered
    ui._stopping["s1"] = threading.Event()
    ui.stop("s1")  # pressed after the last answer ended
    no_filters = [""] * len(FILTER_FIELDS)
    *_, (_messages, entries, *_rest) = ui.ask_chat("q?", [], "extractive", *no_filters, session="s1")
    assert entries[-1].turn.answer.startswith("A [1]")


def test_clear_pressed_while_an_answer_is_written_leaves_the_chat_empty() -> None:
    """CI: "Clear" pressed while Retry's answer was still being written emptied the chat, and the answer's next step
    put the conversation back (the browser test waited two minutes for an empty chat). The answer in progress ends
    and writes the empty chat itself; a later question is answered as usual."""
    ui = AssistantUI.__new__(AssistantUI)  # only the chat handlers: no index, no model
    events = [Sources([hit("p1")]), Delta("A "), Delta("[1]."), answer("A [1].", [citation(1)])]
    ui.assistant, ui._stopping = FakeAssistant(events), {}  # type: ignore[assignment]
    ui.warmup = SimpleNamespace(waiting=lambda mode: "…")  # type: ignore[assignment]
    no_filters = [""] * len(FILTER_FIELDS)
    writing = ui.ask_chat("q?", [], "extractive", *no_filters, session="s1")
    next(writing), next(writing)  # the placeholder, then the papers found
    assert ui.clear("s1")[:2] == ([], [])
    steps = list(writing)
    assert steps and all(step[:2] == ([], []) for step in steps)  # nothing written back over the empty chat
    *_, (_messages, entries, *_rest) = ui.ask_chat("q?", [], "extractive", *no_filters, session="s1")
    assert entries[-1].turn.answer.startswith("A [1]")


def test_errors_become_a_message_in_the_chat() -> None:
    for error in (InputError("the question is empty"), BackendError("timed out"), RuntimeError("boom")):
        messages, entries, _sources, copy = run(FakeAssistant(error), "q?", [])[-1]
        assert messages[-1]["role"] == "assistant" and str(error) in messages[-1]["content"]
        assert "Could not answer" in messages[-1]["content"]
        assert len(entries) == 1 and copy == ""


def test_undo_drops_the_last_turn_and_returns_its_question() -> None:
    entries = run(FakeAssistant([answer("A [1].", [citation(1)])]), "first?", [])[-1][1]
    entries = run(FakeAssistant([answer("B [1].", [citation(1)])]), "second?", entries)[-1][1]
    messages, kept, sources, copy, question = undo(entries)
    assert question == "second?" and len(kept) == 1 and len(messages) == 2
    assert copy == kept[0].turn.answer and sources == kept[0].sources
    assert undo([])[1] == []


class FakeApp(FakeAssistant):
    """What AssistantUI reads of an Assistant besides `stream`: its store, retriever and settings."""

    def __init__(self, events: list[Delta | Answer], papers: list[StoredPaper]) -> None:
        super().__init__(events)
        self.store = SimpleNamespace(
            papers=lambda: iter(papers), get_papers=lambda ids: {p.paper_id: p for p in papers if p.paper_id in ids}
        )
        self.retriever = SimpleNamespace(search=lambda query, **options: None)  # only the warm-up searches here
        self.backend, self.settings = "fake", Settings(_env_file=None)


PAPERS = [
    StoredPaper("o1", "Oral one", "", "x", {"decision": "Oral", "primary_area": "optimization", "year": 2026}),
    StoredPaper("p1", "Poster one", "", "y", {"decision": "Poster", "primary_area": "optimization", "year": 2025}),
]


def ui_over(fake: FakeApp) -> AssistantUI:
    ui = AssistantUI(fake, load_model=False)  # type: ignore[arg-type]
    assert ui.warmup.done.wait(HANG_S)
    return ui


def test_filter_values_reach_rag_by_field_name() -> None:
    fake = FakeApp([answer("A [1].", [citation(1)])], PAPERS)
    ui = ui_over(fake)
    values = {"decision": "", "primary_area": "optimization", "venue": "", "year": "2026", "keyword": ""}
    steps = list(ui.ask_chat("q?", [], "auto", *values.values()))
    _messages, entries, _sources, copy, _box = steps[-1]
    assert fake.filters[-1] == Filters(primary_area="optimization", year=2026)
    assert len(entries) == 1 and copy == entries[0].turn.answer
    # the first step empties the question box and no later one touches it: a question typed meanwhile stays
    assert steps[0][-1] == "" and len(steps) > 1 and all(step[-1] == {"__type__": "update"} for step in steps[1:])
    rows, note = ui.papers.list_papers("", *values.values())
    assert [r[-1] for r in rows] == ["o1"] and "primary_area=optimization, year=2026" in note
    *_, (_, retried, *_rest) = ui.retry(entries, "auto", *values.values())
    assert len(retried) == 1 and fake.histories[-1] == []  # the retried question is asked again, not followed up


def test_paper_handlers_open_and_ask_about_a_paper() -> None:
    ui = ui_over(FakeApp([], PAPERS))
    view, paper_id, *_buttons = ui.papers.open_paper(["Oral one", "Oral · optimization", "o1"])
    assert paper_id == "o1" and 'data-paper-id="o1"' in view
    view, paper_id, *_buttons = ui.papers.open_paper(["Gone", "", "nowhere"])
    assert paper_id == "" and "no longer in the index" in view
    question, _tab = ui.papers.ask_about("o1")
    assert question == "Summarise the paper Oral one"


def test_importing_the_ui_does_not_import_gradio() -> None:
    code = "import sys, ui.app; print('gradio' in sys.modules)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.stdout.strip() == "False", run.stderr


# --- the API of a launched app ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def app_url(seeded: Settings) -> Iterator[str]:
    from ui.app import build_app
    from ui.server import launch

    settings = seeded.model_copy(update={"port": free_port()})
    demo = build_app(Assistant(settings), load_model=False)  # auto mode answers by extraction: no LLM needed
    launch(demo, settings, block=False)
    yield f"http://127.0.0.1:{settings.port}/"
    demo.close()


def test_ask_api_returns_a_cited_answer(app_url: str) -> None:
    from gradio_client import Client

    client = Client(app_url, verbose=False)
    assert "/ask" in client.view_api(print_info=False, return_format="dict")["named_endpoints"]
    markdown, details = client.predict("Which papers reduce KV-cache memory?", api_name="/ask")
    data = json.loads(details)
    assert KV_PAPER in [c["paper_id"] for c in data["citations"]]
    assert "[1]" in markdown and "**References**" in markdown and f"`{KV_PAPER}`" in markdown
    assert data["refused"] is False and data["searched"] == 57

    # a follow-up resolved through the history, as the chat does it
    history = json.dumps(
        [
            {"role": "user", "content": "Which papers reduce KV-cache memory?"},
            {"role": "assistant", "content": markdown},
        ]
    )
    second = data["citations"][1]["paper_id"] if len(data["citations"]) > 1 else data["citations"][0]["paper_id"]
    _, follow = client.predict("How does the second one work?", history, api_name="/ask")
    assert second in [c["paper_id"] for c in json.loads(follow)["citations"]]
    # and through the turn the answer's JSON carries (the state as data)
    _, follow = client.predict("How does the second one work?", json.dumps([data["turn"]]), api_name="/ask")
    assert second in [c["paper_id"] for c in json.loads(follow)["citations"]]


def test_ask_api_reports_bad_input_clearly(app_url: str) -> None:
    from gradio_client import Client
    from gradio_client.exceptions import AppError

    client = Client(app_url, verbose=False)
    with pytest.raises(AppError, match="empty"):
        client.predict("   ", api_name="/ask")
    with pytest.raises(AppError, match="history"):
        client.predict("What is TraDy?", "{not json", api_name="/ask")
    with pytest.raises(AppError, match=r"history\[0\]: field 'cited' must be a list of paper ids"):
        client.predict("What is TraDy?", '[{"question": "q", "cited": "x"}]', api_name="/ask")


def test_auth_is_asked_when_a_user_and_password_are_set(seeded: Settings) -> None:
    from gradio_client import Client
    from pydantic import SecretStr

    from ui.app import build_app
    from ui.server import launch

    settings = seeded.model_copy(
        update={"port": free_port(), "auth_username": "ann", "auth_password": SecretStr("s3cret")}
    )
    demo = build_app(Assistant(settings), load_model=False)
    launch(demo, settings, block=False)
    url = f"http://127.0.0.1:{settings.port}/"
    try:
        with pytest.raises(Exception):  # noqa: B017 - the client's error type for a login page varies
            Client(url, verbose=False)
        client = Client(url, auth=("ann", "s3cret"), verbose=False)
        _, details = client.predict("What is TraDy?", api_name="/ask")
        assert json.loads(details)["citations"]
    finally:
        demo.close()


def test_serve_without_an_index_says_how_to_build_it(
    settings: Settings, rag_main: Callable[..., int], capsys: pytest.CaptureFixture[str]
) -> None:
    # in this process: the message and the exit status are under test, and real `rag serve` processes
    # start in the browser, security and offline tests
    with pytest.raises(SystemExit) as stopped:
        rag_main(settings, "serve", "--port", str(free_port()))
    assert stopped.value.code == 1
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "rag ingest" in lines[0], err


def test_backend_failure_in_the_chat_keeps_the_sources(seeded: Settings) -> None:
    from pydantic import SecretStr

    settings = seeded.model_copy(
        update={
            "llm_backend": "openai",
            "openai_base_url": "http://127.0.0.1:9/v1",  # nothing listens there
            "openai_api_key": SecretStr("sk-test-SECRET"),
            "llm_timeout_s": 3,
        }
    )
    steps = list(respond(Assistant(settings), "Which papers reduce KV-cache memory?", [], "model", None, "…"))
    assert f'data-paper-id="{KV_PAPER}"' in (steps[1].sources or "")  # found before the model was asked
    assert steps[1].messages[-1]["content"] == "*…*"
    messages, entries, sources, copy = steps[-1]
    assert messages[-1]["content"].startswith("> ⚠ **The model backend failed:**")
    assert "SECRET" not in messages[-1]["content"]
    assert f'data-paper-id="{KV_PAPER}"' in (sources or "") and copy == entries[-1].turn.answer


def test_follow_up_buttons_and_downloads_come_from_the_last_answer(seeded: Settings) -> None:
    from rag.answering.followups import suggest

    ui = AssistantUI(Assistant(seeded), load_model=False)
    no_filters = [""] * 5
    entries = list(ui.ask_chat("Which papers reduce KV-cache memory?", [], "extractive", *no_filters))[-1][1]
    last = entries[-1].answer
    assert last is not None and last.citations
    *buttons, bib, md, table = ui.next_steps.update(entries)
    questions = suggest(last)
    assert 2 <= len(questions) <= 3
    assert [b["value"] for b in buttons if b["visible"]] == questions
    assert bib["visible"] and md["visible"] and table["visible"]  # a list's table: every matching paper
    assert last.list and len(Path(table["value"]).read_text().strip().splitlines()) == 1 + len(last.list)
    assert Path(bib["value"]).read_text().startswith("@inproceedings{openreview_")
    assert Path(md["value"]).name == "which-papers-reduce-kv-cache-memory.md"
    assert "**References**" in Path(md["value"]).read_text()

    # a click puts the question in the box, then the chat's own handler answers it with the history
    follow = questions[0]
    entries = list(ui.ask_chat(follow, entries, "extractive", *no_filters))[-1][1]
    reply = entries[-1].answer
    assert len(entries) == 2 and reply is not None and not reply.refused
    assert set(reply.cited_ids) & set(last.cited_ids)

    entries = list(ui.ask_chat("Compare MoEEdit and SUIT", entries, "extractive", *no_filters))[-1][1]
    *_buttons, bib, md, table = ui.next_steps.update(entries)
    rows = list(csv.reader(io.StringIO(Path(table["value"]).read_text())))
    assert table["visible"] and len(rows) == 3 and {rows[1][1], rows[2][1]} == {"MoEEdit", "SUIT"}
    assert bib["value"] != md["value"] and Path(bib["value"]).suffix == ".bib"

    cleared = ui.next_steps.update(ui.clear()[1])  # an empty chat shows none of them
    assert not any(update["visible"] for update in cleared)
