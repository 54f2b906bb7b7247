"""The Papers tab: the indexed papers listed, searched and opened, and the catalog the page reads them from.
No `from __future__ import annotations` here: Gradio reads the handlers' type hints at runtime."""

from collections.abc import Sequence
from typing import Any

from rag.answering.pipeline import Assistant
from rag.errors import RagError
from rag.index.indexer import Progress
from rag.index.store import StoredPaper
from rag.retrieval.filters import FILTER_FIELDS
from ui import PRIVATE, box_and_button, render

PAPER_LIST_LIMIT = 200
SEARCH_RESULTS = 25
Rows = list[list[str]]
NO_PAPER_YET = '<div class="src-empty">Click a paper in the list to read its abstract.</div>'
PAPER_GONE = '<div class="src-empty">This paper is no longer in the index.</div>'


def paper_table(elem_id: str, max_height: int, rows: Rows | None = None) -> Any:
    """A list of papers as `render.paper_row` makes them, rows clickable; the Papers and Map tabs."""
    import gradio as gr

    return gr.Dataframe(
        value=rows,
        headers=["Title", "Details", "Paper id"],
        datatype="str",
        type="array",
        interactive=False,
        wrap=True,
        max_height=max_height,
        column_widths=["62%", "20%", "18%"],
        elem_id=elem_id,
    )


class PaperBrowser:
    """The paper list, search and the selected paper; `catalog` is every indexed paper, read once
    (and again while a corpus is being indexed behind the page)."""

    def __init__(self, assistant: Assistant, indexing: Progress | None = None) -> None:
        self.assistant = assistant
        self.indexing = indexing
        self.catalog: list[StoredPaper] = []
        self._by_id: dict[str, StoredPaper] = {}
        self.refresh()

    def tab(self, filters: dict[str, Any], question: Any, tabs: Any) -> None:
        """The paper list, search and the selected paper, wired."""
        import gradio as gr

        paper_id = gr.State("")
        with gr.Column(scale=3):
            search_box, search_btn = box_and_button(
                "Search the papers (empty lists them all)", "Search", "paper-search", "paper-search-btn"
            )
            rows, note = self.list_papers("", *(filters[name].value for name in (*FILTER_FIELDS, "scope")))
            listing_note = gr.Markdown(note, elem_id="paper-note")
            listing = paper_table("paper-list", max_height=560, rows=rows)
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

    def list_papers(self, query: str, *filter_values: str | None) -> tuple[Rows, str]:
        import gradio as gr

        filters = render.filters_of(filter_values)
        scope = f" matching {render.md_text(filters.describe())}" if filters else ""
        query = (query or "").strip()
        if not query:
            self.refresh()
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

    def refresh(self) -> dict[str, StoredPaper]:
        # a full read (cached per revision: rag/index/cache.py): read again only while a corpus is being indexed,
        # and only once it grew
        grown = self.indexing is not None and self.indexing.done != len(self.catalog)
        if not self.catalog or grown:
            self.catalog = list(self.assistant.store.papers())
            self._by_id = {p.paper_id: p for p in self.catalog}
        return self._by_id

    def _find(self, paper_id: str) -> StoredPaper | None:
        # papers ingested after the page started are not in the catalog, but are in the index
        return self._by_id.get(paper_id) or self.assistant.store.get_papers([paper_id]).get(paper_id)
