"""The Map tab: the conference at a glance; a topic, a clicked point or a lasso selection to list,
ask about or summarise.

Draws what rag.conference_map builds (ui/map_plot.py), with the filters and the papers the last
answer cited. "Ask about these papers" narrows the chat to them: the page keeps them as its scope,
shown above the tabs with a button to drop it, and each search the page makes adds them to its
filters as `Filters.paper_ids`. The page hooks in at two places (ui/app.py): `scope_row` above the
tabs, `tab` among them. No `from __future__ import annotations`: Gradio reads the handlers' hints.
"""

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rag.answering.pipeline import Assistant
from rag.conference_map import NOISE, ConferenceMap, MapBuilder, Topic
from rag.index.indexer import Progress
from rag.index.store import StoredPaper
from rag.retrieval.filters import FILTER_FIELDS
from rag.types import Turn
from ui import map_plot, render
from ui.chat import ChatEntry
from ui.papers import paper_table

PRIVATE: dict[str, Any] = {"api_visibility": "private"}
LIST_LIMIT = 200
POLL_S = 2.0
HINT = "Pick a topic, click a point, or draw around papers with the lasso (in the map's toolbar)."
# asked after a chat entry that cites the topic's most central papers: "these" makes it a follow-up about
# them, answered from them whatever its words (a topic's label words alone were declined as off-topic)
SUMMARY_QUESTION = "What do these papers propose?"

# Gradio's plot has no click or selection event: this hands Plotly's to a hidden textbox, whose change
# event the server hears (its input event does not fire for a value set by script). Polls, because the plot is drawn
# after the tab; hooks each new plot once.
HOOK_JS = """() => {
  if (window.__mapHook) return;
  window.__mapHook = setInterval(() => {
    const plot = document.querySelector('#map .js-plotly-plot');
    if (!plot || plot.__mapHooked || !plot.on) return;
    plot.__mapHooked = true;
    const send = (kind, points) => {
      const box = document.querySelector('#map-picked textarea, #map-picked input');
      const ids = (points || []).map(p => p.customdata).filter(Boolean);
      if (!box || !ids.length) return;
      box.value = JSON.stringify({kind: kind, ids: ids, at: Date.now()});
      box.dispatchEvent(new Event('input', {bubbles: true}));
    };
    plot.on('plotly_click', e => send('click', e && e.points));
    plot.on('plotly_selected', e => send('selected', e && e.points));
  }, 500);
}"""


@dataclass(frozen=True)
class Chosen:
    """Papers picked on the map: a topic's (most central first) or a selection's."""

    label: str
    paper_ids: tuple[str, ...]
    topic_id: int | None = None


class MapTab:
    """The map's builder behind the page, the tab's layout and its handlers."""

    def __init__(
        self,
        assistant: Assistant,
        catalog: Callable[[], Mapping[str, StoredPaper]],
        *,
        indexing: Progress | None = None,
        after: Any = None,
    ) -> None:
        def growing() -> bool:
            return indexing is not None and not (indexing.finished or indexing.error)

        # a core fewer than the machine has, as for background indexing: questions keep one
        cores = max(1, (os.cpu_count() or 2) - 1)
        self.builder = MapBuilder(assistant.store, n_jobs=cores, growing=growing, after=after)
        self.builder.refresh()  # at serve start: loaded from beside the index, or built
        self.catalog = catalog
        self._scope: dict[str, Any] = {}

    # --- layout and wiring ------------------------------------------------------------------------

    def scope_row(self) -> Any:
        """The scope (papers the chat searches within), shown above the tabs when set; returns its State."""
        import gradio as gr

        scope = gr.State(None)
        with gr.Row(visible=False, elem_id="scope-row") as row:
            note = gr.Markdown(elem_id="scope")
            clear = gr.Button("Search all papers", scale=0, min_width=170, elem_id="scope-clear")
        self._scope = {"state": scope, "row": row, "note": note}
        clear.click(self.clear_scope, None, [scope, row, note], **PRIVATE)
        return scope

    def tab(self, filters: dict[str, Any], entries: Any, question: Any, tabs: Any, ask: Callable[[Any], None]) -> None:
        """The map and the chosen papers, wired; `ask(event)` answers the question box after that event."""
        import gradio as gr

        with gr.Tab("Map", id="map") as tab:
            chosen = gr.State(None)  # in the tab: a State among the tabs themselves would take a tab's place
            status = gr.Markdown(self.status_line(), elem_id="map-status")
            timer = gr.Timer(POLL_S, active=False)
            with gr.Row():
                with gr.Column(scale=3):
                    plot = gr.Plot(show_label=False, elem_id="map")
                    picked = gr.Textbox(visible="hidden", elem_id="map-picked")
                with gr.Column(scale=2):
                    topic = gr.Dropdown(choices=[], value=None, label="Topic", filterable=True, elem_id="map-topic")
                    note = gr.Markdown(HINT, elem_id="map-note")
                    with gr.Row():
                        ask_btn = gr.Button("Ask about these papers", interactive=False, elem_id="map-ask")
                        summary_btn = gr.Button("Summarise this topic", interactive=False, elem_id="map-summarise")
                    listing = paper_table("map-papers", max_height=520)
        by_field = [filters[name] for name in FILTER_FIELDS]
        drawing, drawn = [entries, chosen, *by_field], [plot, status, timer, topic]
        listed = [chosen, listing, note, ask_btn, summary_btn]
        tab.select(None, None, None, js=HOOK_JS, **PRIVATE)
        for trigger in (tab.select, *(box.change for box in by_field)):
            trigger(self.draw, drawing, drawn, show_progress="hidden", **PRIVATE)
        for box in by_field:  # the list follows the filters, as the map does
            box.change(self.relist, [chosen, *by_field], listed, show_progress="hidden", **PRIVATE)
        timer.tick(self.poll, drawing, drawn, show_progress="hidden", **PRIVATE)
        topic.input(self.pick_topic, [topic, *by_field], listed, **PRIVATE).then(
            self.draw, drawing, drawn, show_progress="hidden", **PRIVATE
        )
        picked.change(self.pick_points, [picked, *by_field], [topic, *listed], **PRIVATE).then(
            self.draw, drawing, drawn, show_progress="hidden", **PRIVATE
        )
        scope = [self._scope["state"], self._scope["row"], self._scope["note"]]
        ask_btn.click(self.ask_about, [chosen], [*scope, tabs], **PRIVATE)
        ask(summary_btn.click(self.summarise, [chosen, entries], [entries, question, tabs], **PRIVATE))

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, entries: list[ChatEntry], chosen: Chosen | None, *filter_values: str | None) -> tuple[Any, ...]:
        """The map with the filters, the chosen papers and the last answer's citations; the status line,
        the timer (polling while a map is being built) and the topic menu."""
        import gradio as gr

        cmap = self.builder.current()
        polling = gr.Timer(active=self.builder.building or (cmap is None and not self.builder.error))
        if cmap is None:
            return gr.skip(), self.status_line(), polling, gr.skip()
        filters = render.make_filters(dict(zip(FILTER_FIELDS, filter_values, strict=True)))
        papers = self.catalog()
        shown = {pid for pid, p in papers.items() if filters.matches(p.meta)} if filters else None
        cited = entries[-1].turn.cited if entries else ()
        picked = chosen.paper_ids if chosen else ()
        fig = map_plot.figure(cmap, papers, shown=shown, chosen=picked, cited=cited)
        return fig, self.status_line(), polling, gr.update(choices=topic_choices(cmap))

    def poll(self, entries: list[ChatEntry], chosen: Chosen | None, *filter_values: str | None) -> tuple[Any, ...]:
        """While a map is building: the status line only; once it is there, the map."""
        import gradio as gr

        self.builder.refresh()  # an index that was growing may be complete now
        if self.builder.building or self.builder.map is None:
            active = not (self.builder.map is None and self.builder.error)
            return gr.skip(), self.status_line(), gr.Timer(active=active), gr.skip()
        return self.draw(entries, chosen, *filter_values)

    def status_line(self) -> str:
        builder, cmap = self.builder, self.builder.map
        if cmap is None:
            if builder.error:
                return f"⚠ The map could not be built: {render.md_text(builder.error)}"
            if builder.growing():
                return "The map is built once indexing has finished; the chat works meanwhile."
            return (
                "**Map building…** (each paper's embedding laid out in 2-D, then grouped into topics); "
                "the chat works meanwhile."
            )
        if not cmap.paper_ids:
            return "No papers are indexed yet: the map has nothing to show."
        line = (
            f"{len(cmap.paper_ids):,} papers in {len(cmap.topics)} topics ({cmap.n_noise:,} on no topic, grey) · "
            f"built in {cmap.seconds:.0f} s · {HINT}"
        )
        if builder.building:
            line += " · **an updated map is building**"
        return line

    # --- choosing papers --------------------------------------------------------------------------

    def pick_topic(self, topic_id: int | None, *filter_values: str | None) -> tuple[Any, ...]:
        cmap = self.builder.map
        topic = cmap.topic(int(topic_id)) if cmap is not None and topic_id is not None else None
        if topic is None:
            return self._listed(None, filter_values)
        label = f"topic {topic.topic_id + 1} ({topic.name})"
        return self._listed(Chosen(label, topic.paper_ids, topic.topic_id), filter_values)

    def pick_points(self, payload: str, *filter_values: str | None) -> tuple[Any, ...]:
        """A click picks the point's topic (or the point, if on none); a lasso picks what it encloses."""
        import gradio as gr

        cmap = self.builder.map
        try:
            picked = json.loads(payload or "{}")
            ids = [str(p) for p in picked.get("ids", [])]
        except (ValueError, AttributeError, TypeError):
            ids = []
        if cmap is None or not ids:
            return gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip(), gr.skip()
        if picked.get("kind") == "click":
            topic_id = dict(zip(cmap.paper_ids, cmap.topic_of, strict=True)).get(ids[0], NOISE)
            if topic_id != NOISE:
                return gr.update(value=topic_id), *self.pick_topic(topic_id, *filter_values)
            return gr.update(value=None), *self._listed(
                Chosen("picked on the map, on no topic", tuple(ids[:1])), filter_values
            )
        chosen = Chosen("selected on the map", tuple(dict.fromkeys(ids)))
        return gr.update(value=None), *self._listed(chosen, filter_values)

    def relist(self, chosen: Chosen | None, *filter_values: str | None) -> tuple[Any, ...]:
        return self._listed(chosen, filter_values)

    def _listed(self, chosen: Chosen | None, filter_values: Sequence[str | None]) -> tuple[Any, ...]:
        """The chosen papers that pass the filters, as rows; the note above them; the two buttons."""
        import gradio as gr

        if chosen is None:
            return None, [], HINT, gr.update(interactive=False), gr.update(interactive=False)
        filters = render.make_filters(dict(zip(FILTER_FIELDS, filter_values, strict=True)))
        papers = self.catalog()
        ids = [p for p in chosen.paper_ids if p in papers and (not filters or filters.matches(papers[p].meta))]
        rows = [render.paper_row(p, papers[p].title, papers[p].meta) for p in ids[:LIST_LIMIT]]
        label = chosen.label[:1].upper() + chosen.label[1:]
        note = f"**{render.md_text(label)}**: {len(chosen.paper_ids):,} {_papers(len(chosen.paper_ids))}"
        if filters:
            note += f", {len(ids):,} matching {render.md_text(filters.describe())}"
        if chosen.topic_id is not None:
            note += " · most central first"
        if len(ids) > LIST_LIMIT:
            note += f" · showing the first {LIST_LIMIT}"
        summary = gr.update(interactive=chosen.topic_id is not None)
        return chosen, rows, note, gr.update(interactive=True), summary

    # --- into the chat ----------------------------------------------------------------------------

    def ask_about(self, chosen: Chosen | None) -> tuple[Any, ...]:
        """The chat (and the paper list) now search only the chosen papers."""
        import gradio as gr

        if chosen is None:
            raise gr.Error("pick a topic or select papers on the map first")
        return (*self._scoped(chosen), gr.Tabs(selected="chat"))

    def summarise(self, chosen: Chosen | None, entries: list[ChatEntry]) -> tuple[Any, ...]:
        """The topic's most central papers as a chat entry, then a question about them in the box (the
        chat answers it next, as a follow-up: a cited list over those papers)."""
        import gradio as gr

        cmap = self.builder.map
        topic = cmap.topic(chosen.topic_id) if cmap is not None and chosen and chosen.topic_id is not None else None
        if topic is None:
            raise gr.Error("pick a topic first")
        entry = topic_entry(topic, self.catalog())
        return [*entries, entry], SUMMARY_QUESTION, gr.Tabs(selected="chat")

    def _scoped(self, chosen: Chosen) -> tuple[Any, Any, str]:
        import gradio as gr

        n = len(chosen.paper_ids)
        note = f"**The chat and the paper list search only {n:,} {_papers(n)}**: {render.md_text(chosen.label)}."
        return chosen, gr.update(visible=True), note

    def clear_scope(self) -> tuple[Any, Any, str]:
        import gradio as gr

        return None, gr.update(visible=False), ""


def topic_entry(topic: Topic, papers: Mapping[str, StoredPaper]) -> ChatEntry:
    """A chat exchange that names a topic's most central papers: its turn cites them, so the next
    question's "these papers" are them."""
    central = [p for p in topic.central() if p in papers]
    asked = f"Summarise topic {topic.topic_id + 1} of the map ({topic.name})"
    lines = [f"Topic {topic.topic_id + 1} has {topic.size:,} papers; the {len(central)} most central:", ""]
    lines += [f"{n}. {render.md_text(papers[p].title)} `{p}`" for n, p in enumerate(central, start=1)]
    shown = "\n".join(lines)
    return ChatEntry(Turn(asked, shown, tuple(central)), shown, render.sources_html(None))


def _papers(n: int) -> str:
    return "paper" if n == 1 else "papers"


def topic_choices(cmap: ConferenceMap) -> list[tuple[str, int]]:
    return [(f"{t.topic_id + 1}. {t.label}", t.topic_id) for t in cmap.topics]
