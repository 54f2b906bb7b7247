"""The map of the conference as a Plotly figure: the Map tab and `rag map --out` draw the same one.

Pure: a `ConferenceMap` and the papers' titles and metadata in, a figure out. WebGL points
(Scattergl), since SVG stalls the browser at 19,630 points. Titles come from corpus files anyone can
write: they are escaped before Plotly reads them as its small HTML.
"""

from __future__ import annotations

import html
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rag.conference_map import NOISE, ConferenceMap
from rag.config import Settings
from rag.errors import InputError
from rag.index.store import StoredPaper

if TYPE_CHECKING:
    import plotly.graph_objects as go

# Plotly's Dark24 then Alphabet, less the greys and pale colours that read as "no topic" or as the
# stars of cited papers; cycled beyond
PALETTE_CODES = (
    "2E91E5 E15F99 1CA71C FB0D0D DA16FF B68100 750D86 EB663B 511CFB 00A08B FB00D1 FC0080 B2828D 6C7C32 "
    "778AAE 862A16 A777F1 620042 1616A7 DA60CA 6C4516 0D2A63 AF0038 AA0DFE 3283FE 85660D 782AB6 1C8356 "
    "1CBE4F C4451C DEA0FD FE00FA 325A9B FEAF16 F8A19F 90AD1C F6222E 2ED9FF B10DA1 C075A6 FC1CBF B00068 FA0087"
)
PALETTE = tuple(f"#{code}" for code in PALETTE_CODES.split())
NOISE_COLOUR = "#9aa0a6"
HIGHLIGHT = "#111111"
LABELLED_TOPICS = 40  # the largest topics carry their words on the map; every topic has them in the legend
LABEL_WORDS = 3


def topic_colour(topic_id: int) -> str:
    return NOISE_COLOUR if topic_id == NOISE else PALETTE[topic_id % len(PALETTE)]


def hover(paper: StoredPaper | None, paper_id: str) -> str:
    """The title, escaped, broken once after 60 characters (textwrap took 3 s for 19,630 titles)."""
    title = paper.title if paper else paper_id
    cut = title.find(" ", 60)
    return html.escape(title) if cut < 0 else f"{html.escape(title[:cut])}<br>{html.escape(title[cut + 1 :])}"


def figure(
    cmap: ConferenceMap,
    papers: Mapping[str, StoredPaper],
    *,
    shown: Collection[str] | None = None,
    chosen: Collection[str] = (),
    cited: Sequence[str] = (),
    height: int = 640,
    legend: bool = False,
) -> go.Figure:
    """Every paper a point coloured by topic; papers outside `shown` (the filters) faint, `chosen`
    (a picked topic or selection) ringed, `cited` (by the last answer) drawn as large stars. The legend
    lists every topic; the page has them in its topic menu instead, and the map keeps the width."""
    import plotly.graph_objects as go

    fig = go.Figure()
    groups: dict[int, list[int]] = {}
    faint: list[int] = []
    for i, (pid, topic_id) in enumerate(zip(cmap.paper_ids, cmap.topic_of, strict=True)):
        if shown is not None and pid not in shown:
            faint.append(i)
        else:
            groups.setdefault(topic_id, []).append(i)
    size = 4 if len(cmap.paper_ids) > 5000 else 6 if len(cmap.paper_ids) > 500 else 8
    if faint:
        fig.add_trace(_points(cmap, papers, faint, "filtered out", NOISE_COLOUR, size=size, opacity=0.15))
    if groups.get(NOISE):
        fig.add_trace(_points(cmap, papers, groups[NOISE], "on no topic", NOISE_COLOUR, size=size, opacity=0.45))
    for topic in cmap.topics:
        if groups.get(topic.topic_id):
            name = f"{topic.topic_id + 1}. {topic.label}"
            fig.add_trace(_points(cmap, papers, groups[topic.topic_id], name, topic_colour(topic.topic_id), size=size))
    position = {pid: i for i, pid in enumerate(cmap.paper_ids)}
    ringed = [position[p] for p in chosen if p in position]
    if ringed:
        fig.add_trace(_points(cmap, papers, ringed, "chosen", HIGHLIGHT, size=size + 5, symbol="circle-open"))
    starred = [position[p] for p in dict.fromkeys(cited) if p in position]
    if starred:
        trace = _points(cmap, papers, starred, "cited by the last answer", "#ffd400", size=18, symbol="star")
        trace.marker.line = {"color": HIGHLIGHT, "width": 1.5}
        fig.add_trace(trace)
    fig.update_layout(
        height=height,
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        xaxis={"visible": False},
        yaxis={"visible": False},
        plot_bgcolor="rgba(0,0,0,0)",
        paper_bgcolor="rgba(0,0,0,0)",
        showlegend=legend,
        legend={"font": {"size": 11}, "itemsizing": "constant", "title": {"text": "Topics (papers)"}},
        hoverlabel={"namelength": -1},
        annotations=_labels(cmap),
        uirevision=cmap.revision,  # zoom and pan survive a redraw with other filters or highlights
        dragmode="zoom",
    )
    return fig


def _points(
    cmap: ConferenceMap,
    papers: Mapping[str, StoredPaper],
    rows: Sequence[int],
    name: str,
    colour: str,
    *,
    size: float,
    symbol: str = "circle",
    opacity: float = 0.8,
) -> Any:
    import numpy as np
    import plotly.graph_objects as go

    # arrays, not lists: Plotly checks a list item by item (2 s of the 4 s a 19,630-point map took)
    ids = np.array([cmap.paper_ids[i] for i in rows], dtype=object)
    return go.Scattergl(
        x=np.array([cmap.x[i] for i in rows]),
        y=np.array([cmap.y[i] for i in rows]),
        mode="markers",
        name=name,
        marker={"color": colour, "size": size, "symbol": symbol, "opacity": opacity},
        customdata=ids,  # the page reads the clicked and lasso-selected papers from here
        hovertext=np.array([hover(papers.get(p), p) for p in ids], dtype=object),
        hovertemplate="%{hovertext}<extra>" + html.escape(name[:60]) + "</extra>",
    )


def _labels(cmap: ConferenceMap) -> list[dict[str, Any]]:
    """The largest topics' first words and size, at the median of their points."""
    members: dict[int, list[int]] = {}
    for i, topic_id in enumerate(cmap.topic_of):
        members.setdefault(topic_id, []).append(i)
    labels = []
    for topic in cmap.topics[:LABELLED_TOPICS]:
        xs = sorted(cmap.x[i] for i in members[topic.topic_id])
        ys = sorted(cmap.y[i] for i in members[topic.topic_id])
        text = f"{html.escape(', '.join(topic.words[:LABEL_WORDS]) or topic.name)} ({topic.size:,})"
        labels.append(
            {
                "x": xs[len(xs) // 2],
                "y": ys[len(ys) // 2],
                "text": text,
                "showarrow": False,
                "font": {"size": 11, "color": "#111"},
                "bgcolor": "rgba(255,255,255,0.7)",
                "borderpad": 2,
            }
        )
    return labels


def standalone_html(cmap: ConferenceMap, papers: Mapping[str, StoredPaper]) -> str:
    """The map as one HTML file with Plotly's script inlined: it opens with no network."""
    fig = figure(cmap, papers, height=900, legend=True)
    title = f"Map of {len(cmap.paper_ids):,} papers in {len(cmap.topics)} topics"
    fig.update_layout(title={"text": title}, margin={"t": 50})
    return str(fig.to_html(include_plotlyjs=True, full_html=True, config={"displaylogo": False}))


def write_map(settings: Settings, path: Path) -> str:
    """`rag map --out FILE`: the map (cached beside the index, or built now) as one HTML file; returns
    what it shows, as lines of text."""
    from rag.conference_map import load_or_build
    from rag.index.store import Store

    store = Store(settings)
    cmap = load_or_build(store)
    try:
        path.write_text(standalone_html(cmap, store.get_papers(cmap.paper_ids)), encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write the map to {path}: {exc.strerror or exc}") from None
    lines = [
        f"{path}: {len(cmap.paper_ids):,} papers in {len(cmap.topics)} topics, {cmap.n_noise:,} on no topic "
        f"(the map took {cmap.seconds:.0f} s to build)"
    ]
    return "\n".join(lines + [f"{t.topic_id + 1:>4}. {t.label}" for t in cmap.topics])
