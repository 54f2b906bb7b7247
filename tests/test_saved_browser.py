"""Saved chats and feedback in a real browser: `rag serve` over the seeds, driven by Chromium.

A chat is asked, found in the saved list, reopened with its sources after a page reload, continued,
rated thumbs down with a note, searched, renamed and deleted. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from rag.config import Settings
from rag.conversations import Conversations
from rag.feedback import FeedbackStore
from tests.conftest import make_settings, rag_serve
from tests.test_ui import KV_PAPER
from tests.test_ui_browser import CHROMIUM, ask, browser, card, screenshot  # noqa: F401 - browser is a fixture
from ui.saved import LOCAL_OWNER

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no /usr/bin/chromium: install it with `make browser` (Debian's chromium package)"
)
FIRST = "Which papers reduce KV-cache memory?"


@pytest.fixture(scope="module")
def served(seeded: Settings, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Settings]]:
    """(url, settings) of `rag serve` over a copy of the seed index, with a state folder of its own."""
    settings = make_settings(tmp_path_factory.mktemp("saved-browser"))
    shutil.copytree(seeded.index_dir, settings.index_dir)
    with rag_serve(settings) as url:
        yield url, settings


@pytest.fixture
def page(browser: Any, served: tuple[str, Settings]) -> Iterator[Any]:  # noqa: F811 - browser is the fixture
    outside: list[str] = []
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.on(
        "request",
        lambda r: outside.append(r.url) if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None,
    )
    page.goto(served[0])
    page.wait_for_selector("#question textarea")
    yield page
    page.close()
    assert not outside, f"the page fetched from outside: {outside}"


def saved_tab(page: Any) -> Any:
    """Open the "Saved chats" tab; returns its list."""
    page.get_by_role("tab", name="Saved chats").click()
    listing = page.locator("#saved-list")
    listing.wait_for()
    return listing


def test_a_chat_is_saved_reopened_rated_renamed_and_deleted(page: Any, served: tuple[str, Settings]) -> None:
    state_dir = served[1].state_dir
    ask(page, FIRST)
    listing = saved_tab(page)
    listing.locator("label", has_text=FIRST).wait_for()
    assert "1 saved chats" in page.locator("#saved-note").inner_text()
    screenshot(page, "saved-list.png")

    # a reload forgets the page's state; the saved chat comes back from the database with its sources
    page.reload()
    page.wait_for_selector("#question textarea")
    assert page.locator("#chat .message.bot").count() == 0
    listing = saved_tab(page)
    listing.locator("label", has_text=FIRST).click()
    expect(page.locator("#saved-name input, #saved-name textarea")).to_have_value(FIRST)
    page.locator("#saved-open").click()
    page.locator("#chat .message.bot", has_text="matched the filters").wait_for()
    assert page.locator("#chat .message.user").first.inner_text().strip() == FIRST
    assert card(page, KV_PAPER).count() == 1 and card(page, KV_PAPER).locator("mark").count() >= 1
    screenshot(page, "saved-reopened.png")

    # the reopened chat goes on: "the second one" is read from the saved cited ids, and saved to the same chat
    second = page.locator('#sources .src-card[id="source-2"]').get_attribute("data-paper-id")
    ask(page, "How does the second one work?")
    assert card(page, second).count() == 1
    page.get_by_role("tab", name="Saved chats").click()  # the list follows: one chat, two questions
    page.locator("#saved-list label", has_text="2 questions").wait_for()
    [summary] = Conversations(state_dir).recent(LOCAL_OWNER)
    assert summary.turns == 2 and summary.title == FIRST
    page.get_by_role("tab", name="Chat", exact=True).click()

    # thumbs down on the follow-up's answer, with a note
    answer = page.locator("#chat .message-row.bot-row, #chat .message-wrap .bot").last
    answer.hover()
    page.get_by_role("button", name="Dislike").last.click()
    page.locator("#feedback-said", has_text="What was wrong").first.wait_for()
    page.fill("#feedback-note textarea, #feedback-note input", "It should explain the eviction rule.")
    screenshot(page, "saved-feedback-note.png")
    page.locator("#feedback-save").click()
    page.locator("#feedback-said", has_text="Note saved").first.wait_for()
    expect(page.locator("#feedback-save")).to_be_hidden()
    screenshot(page, "saved-feedback.png")
    [rating] = FeedbackStore(state_dir).all()
    assert rating.rating == "down" and rating.note == "It should explain the eviction rule."
    assert rating.turn.question == "How does the second one work?" and rating.turn.cited
    assert [t.question for t in rating.history] == [FIRST]
    assert rating.settings["answer_mode"] == "auto" and rating.settings["index"] == str(served[1].index_dir)

    # search, rename, delete
    listing = saved_tab(page)
    page.fill("#saved-search input, #saved-search textarea", "pizza")
    page.locator("#saved-search-btn").click()
    page.locator("#saved-note", has_text="No saved chat contains").wait_for()
    page.fill("#saved-search input, #saved-search textarea", "second one")
    page.locator("#saved-search-btn").click()
    listing.locator("label", has_text=FIRST).click()
    name = page.locator("#saved-name input, #saved-name textarea")
    name.fill("KV cache, then eviction")
    page.locator("#saved-rename").click()
    listing.locator("label", has_text="KV cache, then eviction").wait_for()
    screenshot(page, "saved-renamed.png")
    listing.locator("label", has_text="KV cache, then eviction").click()
    page.locator("#saved-delete").click()
    page.locator("#saved-note", has_text="No saved chat contains").wait_for()
    expect(page.locator("#saved-open")).to_be_disabled()  # nothing is selected any more
    assert Conversations(state_dir).recent(LOCAL_OWNER) == []
    screenshot(page, "saved-deleted.png")
