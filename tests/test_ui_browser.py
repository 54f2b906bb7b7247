"""The real page in a real browser: `rag serve` over the seeds plus one hostile paper, driven by Chromium.

Screenshots go to test-artifacts/ for a person to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser import ANSWER_TIMEOUT_MS, HOSTILE_ID, ask, card, needs_chromium, screenshot, send
from tests.openai_server import MODEL, ScriptedServer
from tests.test_ui import KV_PAPER
from ui.render import CURSOR

pytestmark = needs_chromium


def test_chat_cites_streams_and_follows_up(page: Any) -> None:
    assert f"backend openai · {MODEL}" in page.locator("#status").inner_text()
    first = ask(page, "Which papers reduce KV-cache memory?")
    assert first.locator("a", has_text="[1]").count() >= 1  # markers are links
    assert card(page, KV_PAPER).count() == 1
    assert card(page, KV_PAPER).locator("mark").count() >= 1  # the sentences relied on are highlighted
    footer = first.inner_text()
    assert "extractive" in footer and "searched 58 abstracts, 58 matched the filters" in footer
    page.get_by_text("Copy the answer as Markdown").click()
    copy_box = page.locator("#copy textarea")
    copy_box.wait_for()
    assert "**References**" in copy_box.input_value() and f"`{KV_PAPER}`" in copy_box.input_value()
    assert page.locator("#copy button[aria-label*='Copy'], #copy button[title*='Copy']").count() >= 1
    screenshot(page, "ui-chat.png")

    second_cited = page.locator('#sources .src-card[id="source-2"]').get_attribute("data-paper-id")
    follow = ask(page, "How does the second one work?")
    assert card(page, second_cited).count() == 1  # "the second one" is the first answer's [2]
    assert follow.locator("a", has_text="[1]").count() >= 1
    screenshot(page, "ui-followup.png")

    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => document.querySelectorAll('#chat .message.bot').length === 1")
    assert page.locator("#question textarea").input_value() == "How does the second one work?"
    page.get_by_role("button", name="Retry").click()
    page.locator("#chat .message.bot").first.filter(has_text="matched the filters").wait_for(timeout=ANSWER_TIMEOUT_MS)
    assert card(page, KV_PAPER).count() == 1
    page.get_by_role("button", name="Clear").first.click()
    page.wait_for_function("() => document.querySelectorAll('#chat .message.bot').length === 0")


def test_a_list_then_the_second_one_then_a_new_topic_with_that_each_cite_their_paper(page: Any) -> None:
    def cited(n: int) -> str | None:
        source: str | None = page.locator(f'#sources .src-card[id="source-{n}"]').get_attribute("data-paper-id")
        return source

    ask(page, "Which papers edit knowledge in LLMs?")
    second = cited(2)
    assert second
    ask(page, "How does the second one work?")
    assert cited(1) == second and page.locator('#sources .src-card[id="source-2"]').count() == 0
    # "that" opens a relative clause here: the question names its own topic and finds its own paper
    ask(page, "Which paper proposes a method that randomizes KV cache eviction?")
    assert cited(1) == KV_PAPER
    page.get_by_role("button", name="Clear").first.click()
    page.wait_for_function("() => document.querySelectorAll('#chat .message.bot').length === 0")


def test_model_answer_streams_then_is_replaced_by_the_checked_one(page: Any, held_model: ScriptedServer) -> None:
    page.get_by_label("model", exact=True).check()
    send(page, "What is TraDy?")
    # the model wrote its first piece and waits: the cursor marks text still being written
    answer = page.locator("#chat .message.bot").last
    answer.filter(has_text=CURSOR).wait_for()
    assert "We propose TraDy," in answer.inner_text() and "matched the filters" not in answer.inner_text()
    screenshot(page, "ui-model-writing.png")
    held_model.go_on()
    # the final answer has no cursor, and says its mode: the scripted text passes the check
    answer.filter(has_text="matched the filters").wait_for(timeout=ANSWER_TIMEOUT_MS)
    assert CURSOR not in answer.inner_text()
    assert "We propose TraDy, a novel transfer learning scheme" in answer.inner_text()
    assert "model ·" in answer.inner_text()
    screenshot(page, "ui-model.png")


def test_refusal_and_compare_render(page: Any) -> None:
    refusal = ask(page, "What is the best pizza in Naples?")
    assert "Not answered" in refusal.inner_text()
    assert page.locator("#sources .src-head").inner_text().startswith("Nearest papers")
    table = ask(page, "Compare MoEEdit and SUIT")
    assert table.locator("table").count() == 1 and "MoEEdit" in table.inner_text()
    screenshot(page, "ui-compare.png")


def test_paper_browser_opens_a_paper_and_asks_about_it(page: Any) -> None:
    page.get_by_role("tab", name="Papers").click()
    page.fill("#paper-search input, #paper-search textarea", "dexterous grasping")
    page.keyboard.press("Enter")
    page.locator("#paper-note", has_text="best matches").wait_for()
    page.locator("#paper-list [role=gridcell]", has_text="DemoGrasp").first.click()
    page.locator("#paper-view", has_text="110 unseen real-world objects").wait_for()
    page.locator("#similar").click()
    page.locator("#paper-note", has_text="most similar").wait_for()
    screenshot(page, "ui-papers.png")
    page.locator("#ask-about").click()
    page.wait_for_function("() => document.querySelector('#question textarea').value.includes('DemoGrasp')")
    answer = ask(page, page.locator("#question textarea").input_value())
    assert "DemoGrasp" in answer.inner_text()


def test_hostile_title_and_abstract_never_run(page: Any) -> None:
    answer = ask(page, "Summarise the paper about counting zebrafish with sonar")
    hostile = card(page, HOSTILE_ID)
    assert hostile.count() == 1
    assert "<script>window.__xss=1</script>" in hostile.inner_text()  # shown as text
    assert "<script>" in answer.inner_text()
    assert hostile.locator("a[href^='javascript']").count() == 0
    screenshot(page, "ui-hostile-chat.png")
    assert page.evaluate("() => window.__xss") is None

    # the filter choices come from the metadata, the hostile keyword among them; typing narrows the
    # list, since the seeds' own keywords are more options than the dropdown shows at once
    page.get_by_text("Filters", exact=True).click()
    keyword = page.locator("#filter-keyword input")
    keyword.fill("")  # the box holds the label of the value, "any"
    keyword.press_sequentially("__xss")
    page.get_by_role("option").filter(has_text="window.__xss=1").wait_for()
    assert page.evaluate("() => window.__xss") is None
    keyword.fill("")
    keyword.press_sequentially("sonar")
    page.get_by_role("option", name="sonar", exact=True).click()  # only the hostile paper has it
    filtered = ask(page, "Which papers reduce KV-cache memory?")
    assert "searched 58 abstracts, 1 matched the filters" in filtered.inner_text()
    screenshot(page, "ui-filtered.png")

    page.get_by_role("tab", name="Papers").click()
    page.fill("#paper-search input, #paper-search textarea", "zebrafish sonar")
    page.keyboard.press("Enter")
    page.locator("#paper-note", has_text="matching keyword=sonar").wait_for()  # the list follows the filters
    page.locator("#paper-list [role=gridcell]", has_text="Zebrafish").first.click()
    page.locator("#paper-view", has_text="FishCount").wait_for()
    assert "<img src=x" in page.locator("#paper-view").inner_text()
    screenshot(page, "ui-hostile-paper.png")
    assert page.evaluate("() => window.__xss") is None


def test_a_suggested_follow_up_is_asked_by_a_click(page: Any) -> None:
    ask(page, "Which papers reduce KV-cache memory?")
    button = page.locator("#followup-0")
    button.wait_for()
    label = button.inner_text().strip()
    assert label.startswith("Summarise the paper ")  # about the answer's first paper
    assert page.locator("#followups button").count() >= 2
    screenshot(page, "ui-suggestions.png")
    before = page.locator("#chat .message.bot").count()
    button.click()
    reply = page.locator("#chat .message.bot").nth(before)
    reply.filter(has_text="matched the filters").wait_for(timeout=ANSWER_TIMEOUT_MS)
    assert "summary of the abstract" in reply.inner_text()
    assert card(page, KV_PAPER).count() == 1  # the paper the first answer cited first
    assert page.locator("#question textarea").input_value() == ""  # sent, as if typed
    screenshot(page, "ui-suggestion-answered.png")


def test_the_answer_downloads_as_bibtex_and_its_table_as_csv(page: Any, tmp_path: Path) -> None:
    ask(page, "Compare MoEEdit and SUIT")
    page.locator("#download-bibtex").wait_for()
    screenshot(page, "ui-downloads.png")
    with page.expect_download() as bibtex:
        page.locator("#download-bibtex").click()
    bib = tmp_path / bibtex.value.suggested_filename
    bibtex.value.save_as(bib)
    assert bib.suffix == ".bib"
    text = bib.read_text()
    assert text.count("@inproceedings{openreview_") == 2 and "booktitle = {ICLR 2026}" in text
    with page.expect_download() as table:
        page.locator("#download-csv").click()
    rows = table.value.path().read_text().splitlines()
    assert rows[0].startswith("Reference,Method,Title") and len(rows) >= 3


def map_traces(page: Any) -> dict[str, list[str]]:
    """The map's traces as the browser holds them: name -> the paper ids of its points."""
    return dict(
        page.evaluate(
            "() => document.querySelector('#map .js-plotly-plot').data.map(t => [t.name, [...(t.customdata || [])]])"
        )
    )


def emit(page: Any, event: str, paper_ids: list[str], heard: str) -> None:
    """What Plotly tells the page when a person clicks (plotly_click) or lassoes (plotly_selected) these points,
    until the map's note says `heard`. The map is drawn again after each pick, and a plot drawn a moment ago is
    hooked within half a second (ui.map_tab.HOOK_JS): an event sent to the plot it replaces is lost, as a
    person's click in that moment would be, so it is sent again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(10):
        page.wait_for_function("() => document.querySelector('#map .js-plotly-plot').__mapHooked")  # the page's hook
        page.evaluate(
            "([event, ids]) => document.querySelector('#map .js-plotly-plot')"
            ".emit(event, {points: ids.map(id => ({customdata: id}))})",
            [event, paper_ids],
        )
        try:
            page.locator("#map-note", has_text=heard).wait_for(timeout=10_000)
            return
        except PlaywrightTimeout:
            continue
    page.locator("#map-note", has_text=heard).wait_for()  # fails with what the note says


def pick_topic(page: Any, n: int) -> tuple[str, list[str]]:
    """Choose topic n (from 1) in the menu; its label and the paper ids the list shows."""
    page.locator("#map-topic input").click()
    option = page.get_by_role("option").nth(n - 1)
    label = option.inner_text()
    option.click()
    page.locator("#map-note", has_text=f"topic {n} (").wait_for()
    page.locator("#map-papers [role=gridcell]").first.wait_for()
    return label, [t.strip() for t in page.locator("#map-papers [role=gridcell]").all_inner_texts()]


def test_the_map_shows_topics_and_narrows_the_chat_to_a_topic(page: Any) -> None:
    page.get_by_role("tab", name="Map").click()
    page.locator("#map .js-plotly-plot").wait_for(timeout=ANSWER_TIMEOUT_MS)  # built in the background
    assert "58 papers in" in page.locator("#map-status").inner_text()
    traces = map_traces(page)
    assert sum(len(ids) for ids in traces.values()) == 58 and HOSTILE_ID in {p for ids in traces.values() for p in ids}
    page.locator("#map .js-plotly-plot").hover()
    screenshot(page, "ui-map.png")
    assert page.evaluate("() => window.__xss") is None  # titles are hover text, escaped

    label, listed = pick_topic(page, 1)
    size = int(label.rsplit("(", 1)[1].rstrip(")"))
    topic_ids = set(traces[label])
    words = label.split(" ", 1)[1].rsplit(" (", 1)[0]  # "1. model, learning (30)" -> "model, learning"
    assert size == len(topic_ids) and f"Topic 1 ({words}): {size} papers" in page.locator("#map-note").inner_text()
    assert topic_ids & set(listed) and not set(listed) & (set(traces["on no topic"]) - topic_ids)
    # a click on a point picks its topic: the page hears Plotly's click through its hook
    other = next(name for name in traces if name.startswith("2. ")) if len(traces) > 2 else label
    emit(page, "plotly_click", traces[other][:1], heard=f"topic {other.split('.')[0]} (")
    pick_topic(page, 1)

    before = page.locator("#chat .message.bot").count()
    page.locator("#map-summarise").click()
    reply = page.locator("#chat .message.bot").nth(before + 1)  # after the message naming the topic's papers
    reply.filter(has_text="matched the filters").wait_for(timeout=ANSWER_TIMEOUT_MS)
    # the topic's central papers are named first, then "these papers" are answered about, each cited
    assert "Summarise topic 1 of the map" in page.locator("#chat").inner_text()
    assert "What do these papers propose?" in page.locator("#chat").inner_text()
    cited = page.locator("#sources .src-card").evaluate_all("cards => cards.map(c => c.dataset.paperId)")
    assert len(cited) == min(10, size) and set(cited) <= topic_ids  # about the topic's papers only
    assert reply.locator("a", has_text="[1]").count() >= 1
    screenshot(page, "ui-map-summary.png")
    page.get_by_role("tab", name="Map").click()
    page.wait_for_function(
        "() => document.querySelector('#map .js-plotly-plot').data.some(t => t.name === 'cited by the last answer')"
    )
    assert set(map_traces(page)["cited by the last answer"]) <= topic_ids
    screenshot(page, "ui-map-cited.png")


def test_papers_lassoed_on_the_map_narrow_the_chat(page: Any) -> None:
    page.get_by_role("tab", name="Map").click()
    page.locator("#map .js-plotly-plot").wait_for(timeout=ANSWER_TIMEOUT_MS)
    chosen = [KV_PAPER, HOSTILE_ID, next(p for ids in map_traces(page).values() for p in ids if p != KV_PAPER)]
    emit(page, "plotly_selected", chosen, heard="Selected on the map: 3 papers")
    page.locator("#map-ask").click()
    page.locator("#scope", has_text="search only 3 papers").wait_for()
    answer = ask(page, "Which papers reduce KV-cache memory?")
    assert "searched 58 abstracts, 3 matched the filters" in answer.inner_text()
    cards = page.locator("#sources .src-card").evaluate_all("cards => cards.map(c => c.dataset.paperId)")
    assert KV_PAPER in cards and set(cards) <= set(chosen)
    screenshot(page, "ui-map-scoped-chat.png")
    page.locator("#scope-clear").click()
    page.locator("#scope-row").wait_for(state="hidden")
    assert "searched 58 abstracts, 58 matched" in ask(page, "Which papers reduce KV-cache memory?").inner_text()
