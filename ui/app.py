"""The web UI: a Gradio chat over `rag.answering.pipeline.Assistant`, with sources, filters and a paper browser.

The UI only renders what rag returns: a question goes to `Assistant.stream` and its typed
events (text pieces, then one checked `Answer`) are formatted by `ui.render`.
No `from __future__ import annotations` here: Gradio reads the handlers' type hints at runtime.
Gradio itself is imported inside functions, so that importing this module (as `rag serve` does) stays cheap.
"""

import json
import logging
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rag.answering.followups import answer_json
from rag.answering.pipeline import Assistant
from rag.config import apply_runtime_env
from rag.errors import InputError, RagError
from rag.index.indexer import Progress
from rag.retrieval.filters import FILTER_FIELDS
from ui import PRIVATE, chat, render
from ui.chat import ChatEntry, Message, Step
from ui.map_tab import MapTab
from ui.next_steps import NextSteps
from ui.papers import PaperBrowser
from ui.saved import SavedChats
from ui.warmup import Warmup

if TYPE_CHECKING:
    import gradio as gr

__all__ = ["AssistantUI", "Warmup", "build_app"]

log = logging.getLogger(__name__)

TITLE = "ICLR 2026 paper assistant"
EXAMPLES = [
    "Which papers reduce KV-cache memory?",
    "How does the second one work?",
    "Summarise the paper about dexterous grasping",
    "Compare MoEEdit and SUIT",
]
MODES = [
    ("auto (a model you chose writes; the bundled one extracts)", "auto"),
    ("model", "model"),
    ("extractive", "extractive"),
]
FILTER_LABELS = {
    "decision": "Decision",
    "primary_area": "Primary area",
    "venue": "Venue",
    "year": "Year",
    "keyword": "Keyword",
}
CSS_PATH = Path(__file__).with_name("style.css")

Rows = list[list[str]]
# chat handlers' outputs: chatbot, entries, sources panel, copy box, question box
ChatOutputs = tuple[Any, Any, Any, Any, Any]


class AssistantUI:
    """The page over one Assistant: `build` lays it out, every other public method handles one event.

    Filter dropdowns reach the handlers as values in `FILTER_FIELDS` order, then the scope chosen on the
    map (Gradio passes inputs by position); `render.filters_of` turns them back into names, so no
    handler depends on that order.
    """

    def __init__(self, assistant: Assistant, *, load_model: bool = True, indexing: Progress | None = None) -> None:
        self.assistant = assistant
        self.warmup = Warmup(assistant, load_model)
        self.indexing = indexing  # a corpus being indexed behind the page, if any
        self.papers = PaperBrowser(assistant, indexing)  # the Papers tab and the catalog (ui/papers.py)
        self.saved = SavedChats(assistant)  # saved chats and answer ratings (ui/saved.py)
        self.next_steps = NextSteps()  # follow-up buttons and downloads under the chat (ui/next_steps.py)
        self._stopping: dict[str, threading.Event] = {}  # per browser session: stop pressed (Clear drops it)
        self.map = MapTab(assistant, self.papers.refresh, indexing=indexing, after=self.warmup.done)  # ui/map_tab.py

    # --- layout -----------------------------------------------------------------------------------

    def build(self) -> "gr.Blocks":
        import gradio as gr

        with _page_class()(title=TITLE, analytics_enabled=False) as demo:
            gr.Markdown(f"## {TITLE}\nAnswers from the indexed abstracts only, every sentence cited.")
            status_line = gr.Markdown(self.warmup.status(len(self.papers.catalog)), elem_id="status")
            timer = gr.Timer(1.0)
            filters = self._filter_boxes()
            filters["scope"] = self.map.scope_row()
            with gr.Tabs() as tabs:
                with gr.Tab("Chat", id="chat"), gr.Row():
                    question, entries, follow_up = self._chat_tab(filters)
                with gr.Tab("Papers", id="papers"), gr.Row():
                    self.papers.tab(filters, question, tabs)
                self.map.tab(filters, entries, question, tabs, follow_up)
                self.saved.tab(demo, tabs)
            for trigger in (demo.load, timer.tick):  # the line is built once; each visitor sees it current
                trigger(self.status, None, [status_line, timer], show_progress="hidden", queue=False, **PRIVATE)
            if self.indexing is not None:  # filter choices grow with the index: each visitor gets them current
                boxes = [filters[name] for name in FILTER_FIELDS]
                demo.load(self.filter_choices, None, boxes, show_progress="hidden", **PRIVATE)
            gr.api(self.ask, api_name="ask")  # type: ignore[attr-defined,unused-ignore]
        built: gr.Blocks = demo
        return built

    def _filter_boxes(self) -> dict[str, Any]:
        """One dropdown per filter field, keyed by its name; a field the index lacks is hidden."""
        import gradio as gr

        choices = render.filter_choices(self.papers.catalog)
        boxes = {}
        with gr.Accordion("Filters", open=False, visible=any(choices.values())), gr.Row():
            for name in FILTER_FIELDS:
                boxes[name] = gr.Dropdown(
                    choices=[("any", "")] + [(c, c) for c in choices[name]],
                    value="",
                    label=FILTER_LABELS[name],
                    visible=bool(choices[name]),
                    allow_custom_value=name == "keyword",
                    filterable=True,
                    elem_id=f"filter-{name}",
                )
        return boxes

    def _chat_tab(self, filters: dict[str, Any]) -> tuple[Any, Any, Any]:
        """The chat and its sources panel, wired; returns the question box (the paper browser fills it),
        the entries and `follow_up` (answers the question box after an event: the map's summaries)."""
        import gradio as gr

        entries = gr.State([])
        with gr.Column(scale=3):
            chatbot = gr.Chatbot(
                label="Conversation",
                height=560,
                buttons=["copy", "copy_all"],
                feedback_options=("Like", "Dislike"),  # thumbs: ui/saved.py keeps them
                latex_delimiters=[],  # abstracts' $...$ are kept as text, not half-rendered
                placeholder="Ask about the ICLR 2026 abstracts in the index.",
                autoscroll=True,  # the newest answer in view, unless the reader scrolled up to read
                elem_id="chat",
            )
            self.next_steps.row()
            with gr.Row(elem_id="question-row"):
                # lines=1 is what makes Enter send: Gradio sends on Shift+Enter instead when lines > 1;
                # Shift+Enter then adds a line, and the box grows up to max_lines
                question = gr.Textbox(
                    placeholder="Ask a question and press Enter (Shift+Enter for a new line)",
                    show_label=False,
                    lines=1,
                    max_lines=6,
                    scale=5,
                    autofocus=True,
                    elem_id="question",
                )
                send = gr.Button("Ask", variant="primary", scale=0, min_width=80, elem_id="ask")
                stop = gr.Button("Stop", variant="secondary", scale=0, min_width=80, elem_id="stop")
            mode = gr.Radio(
                MODES, value=self.assistant.settings.answer_mode, label="Who writes the answer", elem_id="mode"
            )
            self.saved.note_row()
            gr.Examples([[q] for q in EXAMPLES], inputs=[question], label="Examples (the second is a follow-up)")
        sources, copy_box = self._sources_column()
        outputs = [chatbot, entries, sources, copy_box, question]
        by_field = [filters[name] for name in (*FILTER_FIELDS, "scope")]
        asked = [question, entries, mode, *by_field]

        # Gradio hands a gr.Request only to a parameter annotated with it, read at runtime: the session
        # says whose answer the stop button ends
        def asked_in(request: gr.Request, *values: Any) -> Iterator[ChatOutputs]:
            yield from self.ask_chat(*values, session=request.session_hash or "")

        def retried_in(request: gr.Request, *values: Any) -> Iterator[ChatOutputs]:
            yield from self.retry(*values, session=request.session_hash or "")

        def end(request: gr.Request) -> None:
            self.stop(request.session_hash or "")

        def cleared_in(request: gr.Request) -> tuple[list[Message], list[ChatEntry], str, str, str]:
            return self.clear(request.session_hash or "")

        for trigger in (question.submit, send.click):
            trigger(asked_in, asked, outputs, **PRIVATE)
        chatbot.retry(retried_in, [entries, mode, *by_field], outputs, **PRIVATE)
        chatbot.undo(self.undo, [entries], outputs, **PRIVATE)
        chatbot.clear(cleared_in, None, outputs, **PRIVATE)
        self.saved.attach(outputs, mode)

        def follow_up(click: Any) -> None:  # a follow-up click is answered like a typed question
            click.then(asked_in, asked, outputs, **PRIVATE)

        self.next_steps.attach(entries, question, follow_up)
        # not Gradio's `cancels`: a cancelled generator is left mid-answer, and the next Enter then failed;
        # the answer in progress sees the flag at its next step and ends itself (ui/chat.py: respond)
        stop.click(end, None, None, queue=False, **PRIVATE)
        return question, entries, follow_up

    def _sources_column(self) -> tuple[Any, Any]:
        """The papers the answer cites, and the answer as Markdown to copy, beside the chat."""
        import gradio as gr

        with gr.Column(scale=2):
            sources = gr.HTML(render.sources_html(None), elem_id="sources", js_on_load=None)
            with gr.Accordion("Copy the answer as Markdown", open=False):
                copy_box = gr.Textbox(
                    label="Answer and references",
                    lines=6,
                    max_lines=20,
                    interactive=False,
                    buttons=["copy"],
                    elem_id="copy",
                )
        return sources, copy_box

    # --- chat handlers ----------------------------------------------------------------------------

    def ask_chat(
        self, question: str, entries: list[ChatEntry], mode: str, *filter_values: str | None, session: str = ""
    ) -> Iterator[ChatOutputs]:
        import gradio as gr

        question = (question or "").strip()
        if not question:
            gr.Warning("Type a question first.")
            return
        yield from self._respond(question, entries, mode, filter_values, session, "")

    def retry(
        self, entries: list[ChatEntry], mode: str, *filter_values: str | None, session: str = ""
    ) -> Iterator[ChatOutputs]:
        import gradio as gr

        if not entries:
            return
        question, earlier = entries[-1].turn.question, entries[:-1]
        yield from self._respond(question, earlier, mode, filter_values, session, gr.skip())

    def stop(self, session: str) -> None:
        """Ends the session's answer in progress at its next step; nothing if none is running."""
        if session in self._stopping:
            self._stopping[session].set()

    def _respond(
        self,
        question: str,
        entries: list[ChatEntry],
        mode: str,
        filter_values: Sequence[str | None],
        session: str,
        box: Any,
    ) -> Iterator[ChatOutputs]:
        import gradio as gr

        stopping = self._stopping.setdefault(session, threading.Event())
        stopping.clear()  # a stop pressed while nothing ran must not end this answer
        filters = render.filters_of(filter_values)
        waiting = self.warmup.waiting(mode)
        steps = chat.respond(self.assistant, question, entries, mode, filters, waiting, stopping)
        for step in steps:
            if self._stopping.get(session) is not stopping:  # "Clear" was pressed: its empty chat stays empty
                steps.close()
                yield (*self.clear(session)[:4], box)
                return
            yield (*_outputs(step), box)
            # the box is emptied once: a question typed while the model writes stays there to be sent next
            box = gr.skip()

    def undo(self, entries: list[ChatEntry]) -> tuple[list[Message], list[ChatEntry], str, str, str]:
        return chat.undo(entries)

    def clear(self, session: str = "") -> tuple[list[Message], list[ChatEntry], str, str, str]:
        """An empty chat. An answer the session is still being given ends, and leaves the chat empty: it is the
        chat's other writer, and its next step would put the conversation back (`_respond`)."""
        if (running := self._stopping.pop(session, None)) is not None:
            running.set()
        return [], [], render.sources_html(None), "", ""

    def ask(self, question: str, history: str = "") -> tuple[str, str]:  # a raw request may send any JSON
        """Answer one question over the index.

        history: optional JSON list of earlier turns, for follow-ups: each the "turn" object of an
        earlier answer's JSON ({"question", "answer", "cited": [paper ids]}), or chat messages
        ({"role": "user"|"assistant", "content": str}, whose References block is read for the ids).
        Returns the answer Markdown with its References block, and the answer as JSON
        (text, citations, refused, reason, mode, coverage, notices, error, turn).
        """
        try:
            answer = self.assistant.answer(question, _history(history))
        except RagError as exc:  # rag's one-line message, as the CLI says it; the log keeps one line too
            raise refused("/ask", exc) from None
        return answer.markdown(), json.dumps(answer_json(answer))

    def status(self) -> tuple[str, Any]:
        import gradio as gr

        indexing = self.indexing is not None and not (self.indexing.finished or self.indexing.error)
        line = self.warmup.status(len(self.papers.catalog), self.indexing)
        return line, gr.Timer(active=indexing or not self.warmup.done.is_set())

    def filter_choices(self) -> list[Any]:
        import gradio as gr

        self.papers.refresh()
        choices = render.filter_choices(self.papers.catalog)
        return [
            gr.update(choices=[("any", "")] + [(c, c) for c in choices[name]], visible=bool(choices[name]))
            for name in FILTER_FIELDS
        ]

    # --- helpers ----------------------------------------------------------------------------------


def _history(history: object) -> Any:  # what a client sent; rag reads and checks it
    """The API's history as rag reads it: JSON text decoded (decoding the transport is ours), a list a raw
    request sent passed on as it is; what the turns may hold rag checks (rag.reading.history.as_turns)."""
    if history is None or (isinstance(history, str) and not history.strip()):
        return []
    if not isinstance(history, str):
        return history
    try:
        return json.loads(history)
    except json.JSONDecodeError as exc:
        raise InputError(f"history is not JSON: {exc}") from None


def refused(endpoint: str, exc: Exception) -> Exception:
    """A request's error for its client, with one line in the server's log and no traceback: what a client
    sent wrong is no fault of the server's."""
    import gradio as gr

    log.warning("%s refused: %s", endpoint, exc)
    return gr.Error(str(exc), print_exception=False)


def _page_class() -> type["gr.Blocks"]:
    """gr.Blocks whose API endpoints say in one line that values are missing: Gradio's own message for a
    request with too few values names its component objects, over several lines and with a traceback."""
    import gradio as gr

    class Page(gr.Blocks):
        def validate_inputs(self, block_fn: Any, inputs: list[Any]) -> None:
            wanted = len(block_fn.inputs)
            if len(inputs) < wanted:
                endpoint = f"/{block_fn.api_name}" if block_fn.api_name else "this event"
                given = InputError(f'{endpoint} takes {wanted} values in "data", got {len(inputs)}')
                raise refused(endpoint, given)

    return Page


def _outputs(step: Step) -> tuple[Any, Any, Any, Any]:
    """A chat step as component updates: an unchanged sources panel or copy box is skipped, not redrawn."""
    import gradio as gr

    def skip(value: Any) -> Any:
        return gr.skip() if value is None else value

    return step.messages, step.entries, skip(step.sources), skip(step.copy)


# --- entry points: `rag serve` (rag/cli.py), bench/load.py and the tests ------------------------------


def build_app(assistant: Assistant, *, load_model: bool = True) -> "gr.Blocks":
    """The whole page. load_model=False leaves the LLM to load on first use (tests of extractive answers)."""
    apply_runtime_env()
    return AssistantUI(assistant, load_model=load_model).build()
