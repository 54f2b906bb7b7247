"""The web UI: a Gradio chat over `rag.answer.Assistant`, with sources, filters and a paper browser.

The UI only renders what rag returns: a question goes to `Assistant.stream` and its typed
events (text pieces, then one checked `Answer`) are formatted by `ui.render`.
No `from __future__ import annotations` here: Gradio reads the API function's type hints at runtime.
"""

import json
import logging
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from rag.answer import Answer, Assistant, Delta
from rag.config import Settings, apply_runtime_env
from rag.errors import RagError, StoreError
from rag.filters import Filters
from rag.questions import Turn
from rag.store import StoredPaper
from ui import render

if TYPE_CHECKING:
    import gradio as gr

log = logging.getLogger(__name__)

EXAMPLES = [
    "Which papers reduce KV-cache memory?",
    "How does the second one work?",
    "Summarise the paper about dexterous grasping",
    "Compare MoEEdit and SUIT",
]
QUEUE_SIZE = 64  # waiting questions beyond this get "queue full" at once instead of a long wait
PAPER_LIST_LIMIT = 200
SEARCH_RESULTS = 25
MODES = [
    ("auto (a model you chose writes; the bundled one extracts)", "auto"),
    ("model", "model"),
    ("extractive", "extractive"),
]

# One exchange as the page keeps it: the question, the answer's Markdown (for the copy box), the ids
# of the papers it cited (what rag needs for follow-ups), and what is shown for it.
PageTurn = dict[str, Any]
# What one step of a chat handler changes: chat messages, turns, sources panel, copy box
# (None leaves the sources or copy box as they are).
Step = tuple[list[dict[str, str]], list[PageTurn], str | None, str | None]

CSS = """
.src-panel { display: flex; flex-direction: column; gap: 10px; }
.src-head { font-weight: 600; font-size: 1.05em; }
.src-coverage, .src-empty { color: var(--body-text-color-subdued); font-size: 0.9em; }
.src-card { border: 1px solid var(--border-color-primary); border-radius: 8px; padding: 10px 12px;
  background: var(--background-fill-secondary); }
.src-title { font-weight: 600; margin-bottom: 4px; }
.src-n { color: var(--color-accent); }
.derived { font-weight: 400; font-size: 0.8em; color: var(--body-text-color-subdued); }
.src-meta { font-size: 0.85em; margin-bottom: 6px; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.src-meta code { font-size: 0.95em; }
.chip { border-radius: 10px; padding: 1px 8px; background: var(--background-fill-primary);
  border: 1px solid var(--border-color-primary); }
.chip-decision { border-color: var(--color-accent); }
.chip-link { text-decoration: none; }
.src-passage { font-size: 0.9em; line-height: 1.45; white-space: pre-wrap; overflow-wrap: anywhere; }
.src-passage mark { background: #fde68a; color: inherit; padding: 0 1px; border-radius: 2px; }
.src-keywords { font-size: 0.85em; color: var(--body-text-color-subdued); }
#sources .src-panel { max-height: 620px; overflow-y: auto; padding-right: 4px; }
#status { font-size: 0.9em; }
#paper-list * { font-family: var(--font); }
#chat table td:first-child { min-width: 6.5em; }
"""


# --- conversation state -------------------------------------------------------------------------


def rag_history(turns: Sequence[PageTurn]) -> list[Turn]:
    """The conversation as rag reads it: each turn with the ids of the papers it cited (data, not Markdown)."""
    return [Turn(t["question"], t["answer"], tuple(t.get("cited", ()))) for t in turns]


def chat_messages(turns: Sequence[PageTurn]) -> list[dict[str, str]]:
    messages = []
    for turn in turns:
        messages += [
            {"role": "user", "content": render.md_text(turn["question"])},
            {"role": "assistant", "content": turn["shown"]},
        ]
    return messages


def respond(
    assistant: Assistant, question: str, turns: list[PageTurn], mode: str | None, filters: Filters | None, waiting: str
) -> Iterator[Step]:
    """One question: a placeholder at once, the text as the model writes it, then the checked answer."""
    shown = [*chat_messages(turns), {"role": "user", "content": render.md_text(question)}]
    yield [*shown, {"role": "assistant", "content": f"*{waiting}*"}], turns, None, None
    written = ""
    final: Answer | None = None
    try:
        for event in assistant.stream(question, rag_history(turns), filters, mode):
            if isinstance(event, Delta):
                written += event.text
                yield [*shown, {"role": "assistant", "content": render.streaming_message(written)}], turns, None, None
            else:
                final = event
    except RagError as exc:  # said in the chat; the page stays usable
        yield from _failed(shown, turns, question, exc)
        return
    except Exception as exc:  # a bug or a crashed dependency must not take the page down either
        log.exception("answering %r failed", question)
        yield from _failed(shown, turns, question, exc)
        return
    if final is None:
        yield from _failed(shown, turns, question, RuntimeError("no answer was produced"))
        return
    markdown, sources = final.markdown(), render.sources_html(final)
    turn = {
        "question": question,
        "answer": markdown,
        "cited": list(final.cited_ids),
        "shown": render.answer_message(final),
        "sources": sources,
    }
    turns = [*turns, turn]
    yield chat_messages(turns), turns, sources, markdown


def _failed(shown: list[dict[str, str]], turns: list[PageTurn], question: str, exc: Exception) -> Iterator[Step]:
    message = render.error_message(exc)
    turn = {"question": question, "answer": str(exc), "shown": message, "sources": render.sources_html(None)}
    turns = [*turns, turn]
    yield chat_messages(turns), turns, turn["sources"], ""


def undo(turns: list[PageTurn]) -> tuple[list[dict[str, str]], list[PageTurn], str, str, str]:
    """Drop the last turn; its question goes back into the box to be edited."""
    if not turns:
        return [], [], render.sources_html(None), "", ""
    kept = turns[:-1]
    sources = kept[-1]["sources"] if kept else render.sources_html(None)
    copy = kept[-1]["answer"] if kept else ""
    return chat_messages(kept), kept, sources, copy, turns[-1]["question"]


# --- background loading ---------------------------------------------------------------------------


class Warmup:
    """Loads the search side, then the model, in a background thread: the page is up at once,
    the first question does not pay for the loading, and the status line says what is happening."""

    def __init__(self, assistant: Assistant, load_model: bool = True) -> None:
        self.assistant = assistant
        self.load_model = load_model
        self.step = "starting"
        self.problem: str | None = None
        self.model_loaded = False
        self.done = threading.Event()
        threading.Thread(target=self._run, name="rag-warmup", daemon=True).start()

    def _run(self) -> None:
        try:
            self.step = "loading the search index"
            self.assistant.retriever.search("warm up", k=1)
            if self.load_model:
                self.step = "loading the model"
                self.assistant.load_model()
                self.model_loaded = True
        except RagError as exc:
            self.problem = str(exc)
        except Exception as exc:
            log.exception("warm-up failed")
            self.problem = f"{type(exc).__name__}: {exc}"
        finally:
            self.done.set()

    def status(self, papers: int) -> str:
        backend = render.md_text(self.assistant.backend)
        index = f"{papers:,} abstracts indexed"
        if not self.done.is_set():
            return f"**Starting: {self.step}…** · backend {backend} · {index} · you can ask now"
        if self.problem:
            return f"⚠ **{render.md_text(self.problem)}** · extractive answers still work · backend {backend} · {index}"
        model = "model ready" if self.model_loaded else "model loads on first model answer"
        return f"✓ **ready** · backend {backend} · {model} · {index}"

    def waiting(self, mode: str | None) -> str:
        if mode == "model" and not self.model_loaded and not self.problem:
            return "Searching the abstracts… (the model is still loading; the answer waits for it)"
        return "Searching the abstracts…"


# --- the app ---------------------------------------------------------------------------------------


def build_app(assistant: Assistant, *, load_model: bool = True) -> "gr.Blocks":
    """The whole page. load_model=False leaves the LLM to load on first use (tests of extractive answers)."""
    apply_runtime_env()
    import gradio as gr

    warmup = Warmup(assistant, load_model)
    catalog = list(assistant.store.papers())
    by_id = {p.paper_id: p for p in catalog}
    choices = render.filter_choices(catalog)

    def filters_of(*values: str | None) -> Filters | None:
        return render.make_filters(*values)

    def skip(value: Any) -> Any:
        return gr.skip() if value is None else value

    def ask_chat(question: str, turns: list[PageTurn], mode: str, *filter_values: str | None) -> Iterator[Any]:
        question = (question or "").strip()
        if not question:
            gr.Warning("Type a question first.")
            return
        for messages, new_turns, sources, copy in respond(
            assistant, question, turns, mode, filters_of(*filter_values), warmup.waiting(mode)
        ):
            yield messages, new_turns, skip(sources), skip(copy), ""

    def retry(turns: list[PageTurn], mode: str, *filter_values: str | None) -> Iterator[Any]:
        if not turns:
            return
        question, earlier = turns[-1]["question"], turns[:-1]
        for messages, new_turns, sources, copy in respond(
            assistant, question, earlier, mode, filters_of(*filter_values), warmup.waiting(mode)
        ):
            yield messages, new_turns, skip(sources), skip(copy), gr.skip()

    def clear() -> tuple[list[Any], list[PageTurn], str, str, str]:
        return [], [], render.sources_html(None), "", ""

    def ask(question: str, history: str = "") -> tuple[str, str]:
        """Answer one question over the index.

        history: optional JSON list of earlier turns, for follow-ups: each the "turn" object of an
        earlier answer's JSON ({"question", "answer", "cited": [paper ids]}), or chat messages
        ({"role": "user"|"assistant", "content": str}, whose References block is read for the ids).
        Returns the answer Markdown with its References block, and the answer as JSON
        (text, citations, refused, reason, mode, coverage, notices, error, turn).
        """
        try:
            turns = json.loads(history) if (history or "").strip() else []
        except json.JSONDecodeError as exc:
            raise gr.Error(f"history is not JSON: {exc}") from None
        final = None
        try:
            for event in assistant.stream(question, turns, None, None):
                if isinstance(event, Answer):
                    final = event
        except RagError as exc:
            raise gr.Error(str(exc)) from None
        if final is None:
            raise gr.Error("no answer was produced")
        return final.markdown(), json.dumps(final.to_json())

    # --- paper browser handlers

    def list_papers(query: str, *filter_values: str | None) -> tuple[list[list[str]], str]:
        filters = filters_of(*filter_values)
        scope = f" matching {render.md_text(filters.describe())}" if filters else ""
        query = (query or "").strip()
        if not query:
            papers = [p for p in catalog if not filters or filters.matches(p.meta)]
            rows = [render.paper_row(p.paper_id, p.title, p.meta) for p in papers[:PAPER_LIST_LIMIT]]
            more = f"; showing the first {PAPER_LIST_LIMIT}, search to narrow" if len(papers) > PAPER_LIST_LIMIT else ""
            return rows, f"{len(papers):,} papers{scope}{more}. Click a row to read it."
        try:
            result = assistant.retriever.search(query, k=SEARCH_RESULTS, filters=filters)
        except RagError as exc:
            raise gr.Error(str(exc)) from None
        rows = [render.paper_row(h.paper_id, h.title, h.meta) for h in result.hits]
        return rows, f"{len(rows)} best matches among {result.matched:,} papers{scope}. Click a row to read it."

    def find(paper_id: str) -> StoredPaper | None:
        # papers ingested after the page started are not in the catalog, but are in the index
        found: StoredPaper | None = by_id.get(paper_id) or assistant.store.get_papers([paper_id]).get(paper_id)
        return found

    def open_paper(evt: gr.SelectData) -> tuple[str, str, Any, Any]:
        row = evt.row_value or []
        paper = find(str(row[-1])) if row else None
        if paper is None:
            gone = '<div class="src-empty">This paper is no longer in the index.</div>'
            return gone, "", gr.update(interactive=False), gr.update(interactive=False)
        return render.paper_html(paper), paper.paper_id, gr.update(interactive=True), gr.update(interactive=True)

    def similar(paper_id: str) -> tuple[list[list[str]], str]:
        paper = find(paper_id)
        if paper is None:
            raise gr.Error("open a paper first")
        result = assistant.retriever.search(paper.abstract, k=SEARCH_RESULTS + 1)
        hits = [h for h in result.hits if h.paper_id != paper_id][:SEARCH_RESULTS]
        rows = [render.paper_row(h.paper_id, h.title, h.meta) for h in hits]
        return rows, f"{len(rows)} papers most similar to “{render.md_text(paper.title)}”. Click a row to read it."

    def ask_about(paper_id: str) -> tuple[str, Any]:
        paper = find(paper_id)
        if paper is None:
            raise gr.Error("open a paper first")
        return render.ask_about(paper), gr.Tabs(selected="chat")

    def status() -> tuple[str, Any]:
        return warmup.status(len(catalog)), gr.Timer(active=not warmup.done.is_set())

    with gr.Blocks(title="ICLR 2026 paper assistant", analytics_enabled=False) as demo:
        gr.Markdown("## ICLR 2026 paper assistant\nAnswers from the indexed abstracts only, every sentence cited.")
        status_line = gr.Markdown(warmup.status(len(catalog)), elem_id="status")
        timer = gr.Timer(1.0)
        turns = gr.State([])
        paper_id = gr.State("")

        filter_boxes = []
        with gr.Accordion("Filters", open=False, visible=any(choices.values())), gr.Row():
            for name, label in (
                ("decision", "Decision"),
                ("primary_area", "Primary area"),
                ("venue", "Venue"),
                ("year", "Year"),
                ("keyword", "Keyword"),
            ):
                filter_boxes.append(
                    gr.Dropdown(
                        choices=[("any", "")] + [(c, c) for c in choices[name]],
                        value="",
                        label=label,
                        visible=bool(choices[name]),
                        allow_custom_value=name == "keyword",
                        filterable=True,
                        elem_id=f"filter-{name}",
                    )
                )

        with gr.Tabs() as tabs:
            with gr.Tab("Chat", id="chat"), gr.Row():
                with gr.Column(scale=3):
                    chatbot = gr.Chatbot(
                        label="Conversation",
                        height=560,
                        buttons=["copy", "copy_all"],
                        feedback_options=None,
                        latex_delimiters=[],  # abstracts' $...$ are kept as text, not half-rendered
                        placeholder="Ask about the ICLR 2026 abstracts in the index.",
                        elem_id="chat",
                    )
                    with gr.Row():
                        question = gr.Textbox(
                            placeholder="Ask a question and press Enter",
                            show_label=False,
                            scale=5,
                            autofocus=True,
                            elem_id="question",
                        )
                        send = gr.Button("Ask", variant="primary", scale=1, elem_id="ask")
                    mode = gr.Radio(
                        MODES, value=assistant.settings.answer_mode, label="Who writes the answer", elem_id="mode"
                    )
                    gr.Examples(
                        [[q] for q in EXAMPLES], inputs=[question], label="Examples (the second is a follow-up)"
                    )
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

            with gr.Tab("Papers", id="papers"), gr.Row():
                with gr.Column(scale=3):
                    with gr.Row():
                        search_box = gr.Textbox(
                            placeholder="Search the papers (empty lists them all)",
                            show_label=False,
                            scale=5,
                            elem_id="paper-search",
                        )
                        search_btn = gr.Button("Search", scale=1, elem_id="paper-search-btn")
                    rows, note = list_papers("")
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
                    paper_view = gr.HTML(
                        '<div class="src-empty">Click a paper in the list to read its abstract.</div>',
                        elem_id="paper-view",
                        js_on_load=None,
                    )

        chat_outputs = [chatbot, turns, sources, copy_box, question]
        private: dict[str, Any] = {"api_visibility": "private"}
        for trigger in (question.submit, send.click):
            trigger(ask_chat, [question, turns, mode, *filter_boxes], chat_outputs, **private)
        chatbot.retry(retry, [turns, mode, *filter_boxes], chat_outputs, **private)
        chatbot.undo(undo, [turns], chat_outputs, **private)
        chatbot.clear(clear, None, chat_outputs, **private)

        # the list follows the filters too, so that it shows what the chat searches
        for trigger in (search_box.submit, search_btn.click, *(box.change for box in filter_boxes)):
            trigger(list_papers, [search_box, *filter_boxes], [listing, listing_note], **private)
        listing.select(open_paper, None, [paper_view, paper_id, ask_btn, similar_btn], **private)
        similar_btn.click(similar, [paper_id], [listing, listing_note], **private)
        ask_btn.click(ask_about, [paper_id], [question, tabs], **private)

        for trigger in (demo.load, timer.tick):  # the line is built once; each visitor sees it current
            trigger(status, None, [status_line, timer], show_progress="hidden", queue=False, **private)
        gr.api(ask, api_name="ask")  # type: ignore[attr-defined,unused-ignore]
    built: gr.Blocks = demo
    return built


def launch(demo: "gr.Blocks", settings: Settings, *, block: bool = True) -> None:
    """Serve the page with the settings' address, auth, sharing and concurrency."""
    import gradio as gr

    auth = None
    if settings.auth_username and settings.auth_password:
        auth = (settings.auth_username, settings.auth_password.get_secret_value())
    demo.queue(default_concurrency_limit=settings.concurrency, max_size=QUEUE_SIZE)
    demo.launch(
        server_name=settings.host,
        server_port=settings.port,
        share=settings.share,
        auth=auth,
        show_error=True,
        prevent_thread_lock=not block,
        ssr_mode=False,  # server-side rendering needs Node; the page works without it
        # system fonts: the default theme would fetch Google Fonts, and this product is offline
        theme=gr.themes.Default(
            font=["ui-sans-serif", "system-ui", "sans-serif"], font_mono=["ui-monospace", "monospace"]
        ),
        css=CSS,
    )


def serve(settings: Settings) -> None:
    """`rag serve`: open the index, start the page; a missing index is one line and exit status 1."""
    apply_runtime_env()
    try:
        assistant = Assistant(settings)
    except RagError as exc:
        hint = (
            ""
            if "rag ingest" in str(exc) or not isinstance(exc, StoreError)
            else " (build it with `rag ingest` or `make run`)"
        )
        print(f"rag serve: {exc}{hint}", file=sys.stderr)
        raise SystemExit(1) from None
    launch(build_app(assistant), settings)
