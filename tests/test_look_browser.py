"""How the page looks and behaves in a real browser: a phone-sized screen, the dark theme, the question
box's keys, sources before the answer, and the stop button. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import ANSWER_TIMEOUT_MS, FOOTER, Served, ask, needs_chromium, screenshot

pytestmark = needs_chromium


@pytest.fixture
def phone(browser: Any, ui_server: Served) -> Iterator[Any]:
    opened = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    opened.goto(ui_server.url)
    opened.wait_for_selector("#question textarea")
    yield opened
    opened.close()


@pytest.fixture
def dark(browser: Any, ui_server: Served) -> Iterator[Any]:
    opened = browser.new_page(viewport={"width": 1400, "height": 1000}, color_scheme="dark")
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
    page.wait_for_timeout(1000)  # a sent question would have shown by now
    assert box.input_value() == "Which papers reduce\nKV-cache memory?"
    assert page.locator("#chat .message.bot").count() == 0
    box.press("Enter")
    page.locator("#chat .message.bot").first.filter(has_text=FOOTER).wait_for(timeout=ANSWER_TIMEOUT_MS)
    assert box.input_value() == ""


def ask_the_model(tab: Any, question: str) -> None:
    tab.get_by_label("model", exact=True).check()
    tab.fill("#question textarea", question)
    tab.keyboard.press("Enter")


def test_the_papers_found_show_before_the_model_answers(page: Any) -> None:
    ask_the_model(page, "What is TraDy?")
    # checked in one go in the page, so that the answer cannot finish between the two looks
    page.wait_for_function(
        """() => document.querySelector('#sources .src-found .src-card') !== null &&
                 ![...document.querySelectorAll('#chat .message.bot')].some(m => m.innerText.includes('matched'))""",
        timeout=ANSWER_TIMEOUT_MS,
    )
    screenshot(page, "look-sources-first.png")
    page.locator("#chat .message.bot").last.filter(has_text=FOOTER).wait_for(timeout=ANSWER_TIMEOUT_MS)
    assert page.locator("#sources .src-found").count() == 0  # replaced by the cited sources
    assert page.locator("#sources .src-card").count() >= 1


def stop_the_model(tab: Any) -> Any:
    ask_the_model(tab, "What is TraDy?")
    tab.locator("#sources .src-found .src-card").first.wait_for(timeout=ANSWER_TIMEOUT_MS)
    tab.locator("#stop").click()
    stopped = tab.locator("#chat .message.bot").last
    stopped.filter(has_text="Stopped").wait_for(timeout=30_000)
    return stopped


def test_stop_cuts_the_model_off_and_keeps_the_question_and_papers(page: Any) -> None:
    stopped = stop_the_model(page)
    assert FOOTER not in stopped.inner_text()
    assert page.locator("#chat .message.user").first.inner_text().strip() == "What is TraDy?"
    assert page.locator("#sources .src-card").count() >= 1  # the papers found stay
    screenshot(page, "look-stopped.png")


def test_after_a_stop_the_next_question_answers_and_the_stopped_turn_stays(page: Any) -> None:
    stop_the_model(page)
    page.get_by_label("extractive", exact=True).check()
    page.fill("#question textarea", "Which papers reduce KV-cache memory?")
    page.keyboard.press("Enter")
    page.locator("#chat .message.bot").nth(1).filter(has_text=FOOTER).wait_for(timeout=60_000)
    assert "Stopped" in page.locator("#chat .message.bot").first.inner_text()


def test_the_chat_scrolls_to_the_newest_answer(page: Any) -> None:
    page.get_by_label("extractive", exact=True).check()
    for question in ("Which papers reduce KV-cache memory?", "What is TraDy?", "Compare MoEEdit and SUIT"):
        newest = ask(page, question)
    page.wait_for_timeout(500)  # the scroll follows the last render
    # the chat overflows its 560 px, and the newest answer's end is in view
    scroller = page.locator("#chat .bubble-wrap, #chat [role='log']").first
    assert scroller.evaluate("e => e.scrollHeight > e.clientHeight + 50")
    view = scroller.bounding_box()
    end = newest.bounding_box()
    assert view is not None and end is not None
    assert end["y"] + end["height"] <= view["y"] + view["height"] + 5, (end, view)
    screenshot(page, "look-scrolled.png")
