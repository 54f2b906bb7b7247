"""How the page looks and behaves in a real browser: a phone-sized screen, the dark theme, the question
box's keys, sources before the answer, and the stop button. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import ANSWER_TIMEOUT_MS, FOOTER, Served, ask, chat_idle, needs_chromium, screenshot, send
from tests.conftest import HANG_S
from tests.openai_server import ScriptedServer
from ui.render import CURSOR

pytestmark = needs_chromium


@pytest.fixture
def phone(browser: Any, ui_server: Served) -> Iterator[Any]:
    opened = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    opened.set_default_timeout(HANG_S * 1000)
    opened.goto(ui_server.url)
    opened.wait_for_selector("#question textarea")
    yield opened
    opened.close()


@pytest.fixture
def dark(browser: Any, ui_server: Served) -> Iterator[Any]:
    opened = browser.new_page(viewport={"width": 1400, "height": 1000}, color_scheme="dark")
    opened.set_default_timeout(HANG_S * 1000)
    opened.goto(ui_server.url)
    opened.wait_for_selector("#question textarea")
    yield opened
    opened.close()


def scroll_width(tab: Any) -> int:
    return int(tab.evaluate("() => document.documentElement.scrollWidth"))


def test_a_phone_screen_has_no_horizontal_scroll(phone: Any) -> None:
    assert scroll_width(phone) <= 390
    ask(phone, "Which papers reduce KV-cache memory?")
    assert scroll_width(phone) <= 390
    box = phone.locator("#sources").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390  # stacked under the chat
    screenshot(phone, "look-phone.png")
    phone.get_by_role("tab", name="Papers").click()
    phone.locator("#paper-list").wait_for()
    assert scroll_width(phone) <= 390
    screenshot(phone, "look-phone-papers.png")


def luminance(css_color: str) -> float:
    """0 for black to 1 for white, from a computed 'rgb(r, g, b)' or 'rgba(...)'."""
    r, g, b = (float(x) for x in css_color[css_color.index("(") + 1 : css_color.index(")")].split(",")[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def test_the_page_follows_a_dark_system_theme(dark: Any) -> None:
    assert dark.evaluate("() => document.body.classList.contains('dark')")  # Gradio read the system's choice
    ask(dark, "Which papers reduce KV-cache memory?")
    background = dark.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert luminance(background) < 0.3, background
    card = dark.locator("#sources .src-card").first
    assert luminance(card.evaluate("e => getComputedStyle(e).backgroundColor")) < 0.3
    assert luminance(card.evaluate("e => getComputedStyle(e).color")) > 0.6  # text stays readable
    mark = dark.locator("#sources mark").first
    assert luminance(mark.evaluate("e => getComputedStyle(e).color")) > 0.6
    screenshot(dark, "look-dark.png")


def test_enter_sends_and_shift_enter_adds_a_line(page: Any) -> None:
    box = page.locator("#question textarea")
    box.fill("Which papers reduce")
    box.press("Shift+Enter")
    box.press_sequentially("KV-cache memory?")
    assert box.input_value() == "Which papers reduce\nKV-cache memory?"
    send(page)
    page.locator("#chat .message.bot").first.filter(has_text=FOOTER).wait_for(timeout=ANSWER_TIMEOUT_MS)
    assert box.input_value() == ""
    # one question with both lines: had Shift+Enter sent, its first line would have been asked on its own, first
    asked = page.locator("#chat .message.user").all_inner_texts()
    assert [" ".join(q.split()) for q in asked] == ["Which papers reduce KV-cache memory?"], asked


def ask_the_model(tab: Any, question: str) -> Any:
    """Ask with the model writing; returns the answer, once the model wrote its first piece (it is held there)."""
    tab.get_by_label("model", exact=True).check()
    send(tab, question)
    writing = tab.locator("#chat .message.bot").last
    writing.filter(has_text=CURSOR).wait_for()
    return writing


def test_the_papers_found_show_before_the_model_answers(page: Any, held_model: ScriptedServer) -> None:
    writing = ask_the_model(page, "What is TraDy?")
    # the model is held mid-answer, so there is no answer yet while the papers found are shown
    page.locator("#sources .src-found .src-card").first.wait_for()
    assert FOOTER not in writing.inner_text()
    screenshot(page, "look-sources-first.png")
    held_model.go_on()
    writing.filter(has_text=FOOTER).wait_for(timeout=ANSWER_TIMEOUT_MS)
    assert page.locator("#sources .src-found").count() == 0  # replaced by the cited sources
    assert page.locator("#sources .src-card").count() >= 1


def test_a_question_typed_while_the_model_writes_stays_in_the_box(page: Any, held_model: ScriptedServer) -> None:
    writing = ask_the_model(page, "What is TraDy?")
    page.fill("#question textarea", "How does it differ from SUIT?")
    held_model.go_on()
    writing.filter(has_text=FOOTER).wait_for(timeout=ANSWER_TIMEOUT_MS)
    chat_idle(page)
    assert page.locator("#question textarea").input_value() == "How does it differ from SUIT?"


# Which of the page's events the Stop button sends: its request is answered once the flag is set.
STOP_EVENT = """() => {
    const config = window.gradio_config;
    const stop = config.components.find(c => c.props && c.props.elem_id === "stop").id;
    return config.dependencies.find(d => d.targets.some(t => t[0] === stop && t[1] === "click")).id;
}"""


def stop_the_model(tab: Any, model: ScriptedServer) -> Any:
    """Stop an answer the model is writing. The model is held mid-answer, the stop is sent and answered, and only
    then does the model write on: its next piece is the answer's next step, where the stop is seen."""
    writing = ask_the_model(tab, "What is TraDy?")
    tab.locator("#sources .src-found .src-card").first.wait_for()
    stop = tab.evaluate(STOP_EVENT)
    with tab.expect_response(
        lambda r: "/run/predict" in r.url and (r.request.post_data_json or {}).get("fn_index") == stop
    ):
        tab.locator("#stop").click()
    model.go_on()
    writing.filter(has_text="Stopped").wait_for()
    chat_idle(tab)
    return writing


def test_stop_cuts_the_model_off_and_keeps_the_question_and_papers(page: Any, held_model: ScriptedServer) -> None:
    stopped = stop_the_model(page, held_model)
    assert FOOTER not in stopped.inner_text() and "We propose" not in stopped.inner_text()  # no unchecked text
    assert page.locator("#chat .message.user").first.inner_text().strip() == "What is TraDy?"
    assert page.locator("#sources .src-card").count() >= 1  # the papers found stay
    screenshot(page, "look-stopped.png")


def test_after_a_stop_the_next_question_answers_and_the_stopped_turn_stays(
    page: Any, held_model: ScriptedServer
) -> None:
    stop_the_model(page, held_model)
    page.get_by_label("extractive", exact=True).check()
    send(page, "Which papers reduce KV-cache memory?")
    page.locator("#chat .message.bot").nth(1).filter(has_text=FOOTER).wait_for(timeout=ANSWER_TIMEOUT_MS)
    assert "Stopped" in page.locator("#chat .message.bot").first.inner_text()


def test_the_chat_scrolls_to_the_newest_answer(page: Any) -> None:
    page.get_by_label("extractive", exact=True).check()
    for question in ("Which papers reduce KV-cache memory?", "What is TraDy?", "Compare MoEEdit and SUIT"):
        newest = ask(page, question)
    # the chat overflows its 560 px, and the newest answer's end comes into view (the scroll follows the last render)
    scroller = page.locator("#chat .bubble-wrap, #chat [role='log']").first
    assert scroller.evaluate("e => e.scrollHeight > e.clientHeight + 50")
    page.wait_for_function(
        "([answer, box]) => answer.getBoundingClientRect().bottom <= box.getBoundingClientRect().bottom + 5",
        arg=[newest.element_handle(), scroller.element_handle()],
    )
    screenshot(page, "look-scrolled.png")
