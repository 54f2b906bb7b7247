"""Saved chats and feedback in a real browser: the shared `rag serve` over the seeds, driven by Chromium.

A chat is asked, found in the saved list, reopened with its sources after a page reload, continued,
rated thumbs down with a note, searched, renamed and deleted. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from rag.state.conversations import Conversations
from rag.state.feedback import FeedbackStore
from tests.browser import Served, ask, card, needs_chromium, screenshot
from tests.test_ui import KV_PAPER
from ui.saved import LOCAL_OWNER

pytestmark = needs_chromium
FIRST = "Which papers reduce KV-cache memory?"


def saved_tab(page: Any) -> Any:
    """Open the "Saved chats" tab; returns its list."""
    page.get_by_role("tab", name="Saved chats").click()
    listing = page.locator("#saved-list")
    listing.wait_for()
    return listing


def forget_saved_chats(conversations: Conversations) -> None:
    """The page is shared with the other browser tests, whose chats were saved too: this test counts its own."""
    while earlier := conversations.recent(LOCAL_OWNER):
        for summary in earlier:
            conversations.delete(LOCAL_OWNER, summary.id)


def test_a_chat_is_saved_reopened_rated_renamed_and_deleted(page: Any, ui_server: Served) -> None:
    state_dir = ui_server.settings.state_dir
    forget_saved_chats(Conversations(state_dir))
    rated_before = {f.id for f in FeedbackStore(state_dir).all()}
    page.reload()  # the saved list as it is now
    page.wait_for_selector("#question textarea")
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
    reopened = page.locator("#chat .message.bot", has_text="matched the filters")
    reopened.or_(page.locator(".toast-body")).first.wait_for()  # the chat, or the error that says why not
    assert reopened.count() == 1, page.locator(".toast-body").all_inner_texts()
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
    [rating] = [f for f in FeedbackStore(state_dir).all() if f.id not in rated_before]
    assert rating.rating == "down" and rating.note == "It should explain the eviction rule."
    assert rating.turn.question == "How does the second one work?" and rating.turn.cited
    assert [t.question for t in rating.history] == [FIRST]
    assert rating.settings["answer_mode"] == "extractive" and rating.settings["index"] == str(
        ui_server.settings.index_dir
    )

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
