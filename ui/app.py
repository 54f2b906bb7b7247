"""The web UI: a Gradio chat over `rag.answer.Assistant`, with sources, filters and a paper browser.

The UI only renders what rag returns: a question goes to `Assistant.stream` and its typed
events (text pieces, then one checked `Answer`) are formatted by `ui.render`.
No `from __future__ import annotations` here: Gradio reads the handlers' type hints at runtime.
Gradio itself is imported inside functions, so that importing this module (as `rag serve` does) stays cheap.
"""

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rag.answer import Assistant
from rag.config import apply_runtime_env
from rag.errors import RagError
from rag.filters import FILTER_FIELDS, Filters
from rag.indexer import Progress
from rag.store import StoredPaper
from ui import chat, render
from ui.chat import ChatEntry, Message, Step
from ui.map_tab import MapTab, filters_of
from ui.next_steps import NextSteps
from ui.saved import SavedChats
from ui.warmup import Warmup

if TYPE_CHECKING:
    import gradio as gr

__all__ = ["AssistantUI", "Warmup", "build_app"]

TITLE = "ICLR 2026 paper assistant"
EXAMPLES = [
    "Which papers reduce KV-cache memory?",
    "How does the second one work?",
    "Summarise the paper about dexterous grasping",
    "Compare MoEEdit and SUIT",
]
PAPER_LIST_LIMIT = 200
SEARCH_RESULTS = 25
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
NO_PAPER_YET = '<div class="src-empty">Click a paper in the list to read its abstract.</div>'
PAPER_GONE = '<div class="src-empty">This paper is no longer in the index.</div>'
# the page's own handlers stay off the public API; /ask is the one endpoint meant for clients
PRIVATE: dict[str, Any] = {"api_visibility": "private"}

Rows = list[list[str]]
# chat handlers' outputs: chatbot, entries, sources panel, copy box, question box
ChatOutputs = tuple[Any, Any, Any, Any, Any]


class AssistantUI:
    """The page over one Assistant: `build` lays it out, every other public method handles one event.

    Filter dropdowns reach the handlers as values in `FILTER_FIELDS` order, then the scope chosen on the
    map (Gradio passes inputs by position); `_filters` turns them back into names, so no handler depends on that order.
    """

    def __init__(self, assistant: Assistant, *, load_model: bool = True, indexing: Progress | None = None) -> None:
        self.assistant = assistant
        self.warmup = Warmup(assistant, load_model)
        self.indexing = indexing  # a corpus being indexed behind the page, if any
        self.catalog: list[StoredPaper] = []
        self._by_id: dict[str, StoredPaper] = {}
        self._refresh_catalog()
        self.saved = SavedChats(assistant)  # saved chats and answer ratings (ui/saved.py)
        self.next_steps = NextSteps()  # follow-up buttons and downloads under the chat (ui/next_steps.py)
        self.map = MapTab(assistant, self._refresh_catalog, indexing=indexing, after=self.warmup.done)  # ui/map_tab.py

    # --- layout -----------------------------------------------------------------------------------

    def build(self) -> "gr.Blocks":
        import gradio as gr

        with gr.Blocks(title=TITLE, analytics_enabled=False) as demo:
            gr.Markdown(f"## {TITLE}\nAnswers from the indexed abstracts only, every sentence cited.")
            status_line = gr.Markdown(self.warmup.status(len(self.catalog)), elem_id="status")
            timer = gr.Timer(1.0)
            filters = self._filter_boxes()
            filters["scope"] = self.map.scope_row()
            with gr.Tabs() as tabs:
                with gr.Tab("Chat", id="chat"), gr.Row():
                    question, entries, ask = self._chat_tab(filters)
                with gr.Tab("Papers", id="papers"), gr.Row():
                    self._papers_tab(filters, question, tabs)
                self.map.tab(filters, entries, question, tabs, ask)
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

        choices = render.filter_choices(self.catalog)
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

        outputs = [chatbot, entries, sources, copy_box, question]
        by_field = [filters[name] for name in (*FILTER_FIELDS, "scope")]
        asked = [question, entries, mode, *by_field]
        answering: list[Any] = [
            trigger(self.ask_chat, asked, outputs, **PRIVATE) for trigger in (question.submit, send.click)
        ]
        answering.append(chatbot.retry(self.retry, [entries, mode, *by_field], outputs, **PRIVATE))
        chatbot.undo(self.undo, [entries], outputs, **PRIVATE)
        chatbot.clear(self.clear, None, outputs, **PRIVATE)
        self.saved.attach(outputs, mode)

        def follow_up(click: Any) -> None:  # a follow-up click is answered like a typed question
            answering.append(click.then(self.ask_chat, asked, outputs, **PRIVATE))

        self.next_steps.attach(entries, question, follow_up)
        stop.click(self.stop, [chatbot, entries, sources], outputs, cancels=answering, **PRIVATE)
        return question, entries, follow_up

    def _papers_tab(self, filters: dict[str, Any], question: Any, tabs: Any) -> None:
        """The paper list, search and the selected paper, wired."""
        import gradio as gr

        paper_id = gr.State("")
        with gr.Column(scale=3):
            with gr.Row():
                search_box = gr.Textbox(
                    placeholder="Search the papers (empty lists them all)",
                    show_label=False,
                    scale=5,
                    elem_id="paper-search",
                )
                search_btn = gr.Button("Search", scale=1, elem_id="paper-search-btn")
            rows, note = self.list_papers("", *(filters[name].value for name in (*FILTER_FIELDS, "scope")))
            listing_note = gr.Markdown(note, elem_id="paper-note")
            listing = gr.Dataframe(
                value=rows,
                headers=["Title", "Details", "Paper id"],
                datatype="str",
                type="array",
                interactive=False,
                wrap=True,
                max_height=560,
                column_widths=["62%", "20%", "18%"],
                elem_id="paper-list",
            )
        with gr.Column(scale=2):
            gr.Markdown("**Selected paper**")
            with gr.Row():
                ask_btn = gr.Button("Ask about this paper", interactive=False, elem_id="ask-about")
                similar_btn = gr.Button("Similar papers", interactive=False, elem_id="similar")
            paper_view = gr.HTML(NO_PAPER_YET, elem_id="paper-view", js_on_load=None)

        # Gradio passes the clicked row only to a parameter annotated gr.SelectData, read at runtime
        def selected(evt: gr.SelectData) -> tuple[str, str, Any, Any]:
            return self.open_paper(evt.row_value)

        by_field = [filters[name] for name in (*FILTER_FIELDS, "scope")]
        # the list follows the filters too, so that it shows what the chat searches
        for trigger in (search_box.submit, search_btn.click, *(box.change for box in by_field)):
            trigger(self.list_papers, [search_box, *by_field], [listing, listing_note], **PRIVATE)
        listing.select(selected, None, [paper_view, paper_id, ask_btn, similar_btn], **PRIVATE)
        similar_btn.click(self.similar, [paper_id], [listing, listing_note], **PRIVATE)
        ask_btn.click(self.ask_about, [paper_id], [question, tabs], **PRIVATE)

    # --- chat handlers ----------------------------------------------------------------------------

    def ask_chat(
        self, question: str, entries: list[ChatEntry], mode: str, *filter_values: str | None
    ) -> Iterator[ChatOutputs]:
        import gradio as gr

        question = (question or "").strip()
        if not question:
            gr.Warning("Type a question first.")
            return
        filters = self._filters(filter_values)
        for step in chat.respond(self.assistant, question, entries, mode, filters, self.warmup.waiting(mode)):
            yield (*_outputs(step), "")

    def retry(self, entries: list[ChatEntry], mode: str, *filter_values: str | None) -> Iterator[ChatOutputs]:
        import gradio as gr

        if not entries:
            return
        question, earlier = entries[-1].turn.question, entries[:-1]
        filters = self._filters(filter_values)
        for step in chat.respond(self.assistant, question, earlier, mode, filters, self.warmup.waiting(mode)):
            yield (*_outputs(step), gr.skip())

    def stop(self, messages: list[dict[str, Any]], entries: list[ChatEntry], sources: str) -> ChatOutputs:
        import gradio as gr

        return (*_outputs(chat.stopped(messages, entries, sources)), gr.skip())

    def undo(self, entries: list[ChatEntry]) -> tuple[list[Message], list[ChatEntry], str, str, str]:
        return chat.undo(entries)

    def clear(self) -> tuple[list[Message], list[ChatEntry], str, str, str]:
        return [], [], render.sources_html(None), "", ""

    def ask(self, question: str, history: str = "") -> tuple[str, str]:
        """Answer one question over the index.

        history: optional JSON list of earlier turns, for follow-ups: each the "turn" object of an
        earlier answer's JSON ({"question", "answer", "cited": [paper ids]}), or chat messages
        ({"role": "user"|"assistant", "content": str}, whose References block is read for the ids).
        Returns the answer Markdown with its References block, and the answer as JSON
        (text, citations, refused, reason, mode, coverage, notices, error, turn).
        """
        import gradio as gr

        try:  # decoding the transport is ours; what the turns may hold rag checks (rag.questions.as_turns)
            turns = json.loads(history) if (history or "").strip() else []
        except json.JSONDecodeError as exc:
            raise gr.Error(f"history is not JSON: {exc}") from None
        try:
            answer = self.assistant.answer(question, turns)
        except RagError as exc:
            raise gr.Error(str(exc)) from None
        return answer.markdown(), json.dumps(answer.to_json())

    def status(self) -> tuple[str, Any]:
        import gradio as gr

        indexing = self.indexing is not None and not (self.indexing.finished or self.indexing.error)
        line = self.warmup.status(len(self.catalog), self.indexing)
        return line, gr.Timer(active=indexing or not self.warmup.done.is_set())

    def filter_choices(self) -> list[Any]:
        import gradio as gr

        self._refresh_catalog()
        choices = render.filter_choices(self.catalog)
        return [
            gr.update(choices=[("any", "")] + [(c, c) for c in choices[name]], visible=bool(choices[name]))
            for name in FILTER_FIELDS
        ]

    # --- paper browser handlers -------------------------------------------------------------------

    def list_papers(self, query: str, *filter_values: str | None) -> tuple[Rows, str]:
        import gradio as gr

        filters = self._filters(filter_values)
        scope = f" matching {render.md_text(filters.describe())}" if filters else ""
        query = (query or "").strip()
        if not query:
            self._refresh_catalog()
            papers = [p for p in self.catalog if not filters or filters.matches({**p.meta, "paper_id": p.paper_id})]
            rows = [render.paper_row(p.paper_id, p.title, p.meta) for p in papers[:PAPER_LIST_LIMIT]]
            more = f"; showing the first {PAPER_LIST_LIMIT}, search to narrow" if len(papers) > PAPER_LIST_LIMIT else ""
            return rows, f"{len(papers):,} papers{scope}{more}. Click a row to read it."
        try:
            result = self.assistant.retriever.search(query, k=SEARCH_RESULTS, filters=filters)
        except RagError as exc:
            raise gr.Error(str(exc)) from None
        rows = [render.paper_row(h.paper_id, h.title, h.meta) for h in result.hits]
        return rows, f"{len(rows)} best matches among {result.matched:,} papers{scope}. Click a row to read it."

    def open_paper(self, row: Sequence[Any] | None) -> tuple[str, str, Any, Any]:
        """The clicked list row (its last cell is the paper id): the paper, its id, and the buttons enabled."""
        import gradio as gr

        paper = self._find(str(row[-1])) if row else None
        if paper is None:
            return PAPER_GONE, "", gr.update(interactive=False), gr.update(interactive=False)
        return render.paper_html(paper), paper.paper_id, gr.update(interactive=True), gr.update(interactive=True)

    def similar(self, paper_id: str) -> tuple[Rows, str]:
        import gradio as gr

        paper = self._find(paper_id)
        if paper is None:
            raise gr.Error("open a paper first")
        result = self.assistant.retriever.search(paper.abstract, k=SEARCH_RESULTS + 1)
        hits = [h for h in result.hits if h.paper_id != paper_id][:SEARCH_RESULTS]
        rows = [render.paper_row(h.paper_id, h.title, h.meta) for h in hits]
        return rows, f"{len(rows)} papers most similar to “{render.md_text(paper.title)}”. Click a row to read it."

    def ask_about(self, paper_id: str) -> tuple[str, Any]:
        import gradio as gr

        paper = self._find(paper_id)
        if paper is None:
            raise gr.Error("open a paper first")
        return render.ask_about(paper), gr.Tabs(selected="chat")

    # --- helpers ----------------------------------------------------------------------------------

    def _filters(self, values: Sequence[Any]) -> Filters | None:
        return filters_of(values)

    def _refresh_catalog(self) -> dict[str, StoredPaper]:
        # 4.5 s at 19,630 papers here: read again only while a corpus is being indexed, and only once it grew
        grown = self.indexing is not None and self.indexing.done != len(self.catalog)
        if not self.catalog or grown:
            self.catalog = list(self.assistant.store.papers())
            self._by_id = {p.paper_id: p for p in self.catalog}
        return self._by_id

    def _find(self, paper_id: str) -> StoredPaper | None:
        # papers ingested after the page started are not in the catalog, but are in the index
        return self._by_id.get(paper_id) or self.assistant.store.get_papers([paper_id]).get(paper_id)


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
