"""Two people sign in to one `rag serve` in Chromium, each in their own browser profile: each sees only their
own saved chats, and a wrong password gets the login form back. Screenshots go to test-artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rag.config import Settings
from rag.state.conversations import Conversations
from rag.state.users import Users, users_path
from tests.browser import ask, needs_chromium, screenshot

from .conftest import make_settings, rag_serve

pytestmark = needs_chromium

PEOPLE = {"ann": "ann-password", "bob": "bob-password"}
ANN_ASKS = "Which papers reduce KV-cache memory?"
BOB_ASKS = "What does TraDy do?"


@pytest.fixture(scope="module")
def lab(seeded: Settings, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Settings]]:
    """`rag serve` over the seeds with a users file of two people: its url and settings."""
    settings = make_settings(tmp_path_factory.mktemp("lab"), index_dir=seeded.index_dir)
    for name, password in PEOPLE.items():
        Users(users_path(settings)).add(name, password)
    with rag_serve(settings, RAG_ANSWER_MODE="extractive") as url:
        yield url, settings


def signed_in(browser: Any, url: str, name: str, password: str) -> Any:
    """A page in a browser profile of its own (its own cookies), after the login form."""
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.goto(url)
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Login").click()
    return page


def saved_list(page: Any, *, holding: str = "") -> list[str]:
    """The labels of the "Saved chats" list, once the tab has said how many there are (and shows `holding`)."""
    page.get_by_role("tab", name="Saved chats").click()
    page.locator("#saved-note", has_text="saved chat").wait_for()
    if holding:
        page.locator("#saved-list label", has_text=holding).wait_for()
    return [label.inner_text() for label in page.locator("#saved-list label").all()]


def test_two_people_each_see_only_their_own_chats(browser: Any, lab: tuple[str, Settings]) -> None:
    url, settings = lab
    stranger = signed_in(browser, url, "ann", "bob-password")
    stranger.get_by_text("Incorrect Credentials").wait_for()
    assert stranger.locator("#question textarea").count() == 0
    stranger.context.close()

    ann = signed_in(browser, url, "ann", PEOPLE["ann"])
    ann.wait_for_selector("#question textarea")
    ask(ann, ANN_ASKS)
    assert [ANN_ASKS in label for label in saved_list(ann, holding=ANN_ASKS)] == [True]
    screenshot(ann, "users-ann.png")

    bob = signed_in(browser, url, "bob", PEOPLE["bob"])
    bob.wait_for_selector("#question textarea")
    assert saved_list(bob) == [] and "No saved chats yet" in bob.locator("#saved-note").inner_text()
    bob.get_by_role("tab", name="Chat", exact=True).click()
    ask(bob, BOB_ASKS)
    assert [BOB_ASKS in label for label in saved_list(bob, holding=BOB_ASKS)] == [True]
    bob.fill("#saved-search input, #saved-search textarea", "KV-cache")  # ann's words find nothing of ann's
    bob.locator("#saved-search-btn").click()
    bob.locator("#saved-note", has_text="No saved chat contains").wait_for()
    screenshot(bob, "users-bob.png")

    ann.reload()  # ann's list, read again after bob saved his
    ann.wait_for_selector("#question textarea")
    assert [ANN_ASKS in label for label in saved_list(ann, holding=ANN_ASKS)] == [True]
    state = Conversations(settings.state_dir)
    assert [s.title for s in state.recent("ann")] == [ANN_ASKS]
    assert [s.title for s in state.recent("bob")] == [BOB_ASKS]
    for page in (ann, bob):
        page.context.close()
    # what the people wrote is readable by this account alone
    for path, mode in ((settings.state_dir, 0o700), (state.path, 0o600), (users_path(settings), 0o600)):
        assert path.stat().st_mode & 0o777 == mode, path
