"""What the browser tests share: Debian's Chromium, the hostile paper, and how a question is asked on the page.

The served page and the browser are session fixtures in conftest.py, so that the ui, look and saved-chats
tests drive one `rag serve` (each server costs its imports, the index and the model's load).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

import pytest

from rag.config import Settings
from rag.corpus.documents import Paper
from tests.test_ui import XSS

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no /usr/bin/chromium: install it with `make browser` (Debian's chromium package)"
)
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ANSWER_TIMEOUT_MS = 240_000  # a busy 2-core machine can take minutes to write with the local model
FOOTER = "matched the filters"  # only the checked answer has it
# The chat's event ends a moment after its last step draws the footer, and Gradio drops an Enter pressed on a
# question box whose event is still open (trigger_mode "once"): a test waits for the box's status to hide.
TAKEN = "n => document.querySelectorAll('#chat .message.user').length > n"  # the question is in the chat
SENT_MS, SEND_TRIES = 15_000, 4  # a taken question shows at once; one not shown in 15 s was dropped
CHAT_IDLE = "() => document.querySelector('#question [data-testid=status-tracker]')?.classList.contains('hide') ?? true"
HOSTILE_ID = "hostile-1"


class Served(NamedTuple):
    url: str
    settings: Settings


def hostile_paper() -> Paper:
    return Paper(
        paper_id=HOSTILE_ID,
        title=f"Zebrafish sonar census {XSS}",
        abstract=(
            f"We propose FishCount {XSS}, a method that counts zebrafish with sonar in shallow tanks. "
            "FishCount listens to echoes and counts each zebrafish from its sonar signature. "
            "Experiments show that FishCount counts zebrafish within two percent of a manual census."
        ),
        url="javascript:window.__xss=3",
        meta={
            "decision": "Poster",
            "primary_area": XSS,
            "keywords": f"sonar; {XSS}",
            "venue": "ICLR 2026",
            "year": 2026,
        },
    )


def send(page: Any, question: str | None = None) -> None:
    """Type a question (or keep what the box holds) and press Enter until the chat takes it. Gradio drops an Enter
    pressed before the page's app is connected, or while the chat's last event is still open (trigger_mode "once"):
    on a loaded host either happens now and then, and the box then keeps the question to send again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    box = page.locator("#question textarea")
    if question is not None:
        box.fill(question)
    asked, users = box.input_value(), page.locator("#chat .message.user").count()
    for _ in range(SEND_TRIES):
        box.press("Enter")
        try:
            page.wait_for_function(TAKEN, arg=users, timeout=SENT_MS)
            return
        except PlaywrightTimeout:
            if box.input_value() != asked:  # taken: the answer's first step is still on its way
                return
    raise AssertionError(f"the chat never took {asked!r}")


def ask(page: Any, question: str) -> Any:
    """Type a question, wait for its final answer (the footer comes with the checked Answer only)."""
    before = page.locator("#chat .message.bot").count()
    send(page, question)
    last = page.locator("#chat .message.bot").nth(before)
    last.filter(has_text=FOOTER).wait_for(timeout=ANSWER_TIMEOUT_MS)
    chat_idle(page)
    return last


def chat_idle(page: Any) -> None:
    """Wait until the chat's last event has ended, so that the next Enter is not dropped."""
    page.wait_for_function(CHAT_IDLE, timeout=ANSWER_TIMEOUT_MS)


def screenshot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def card(page: Any, paper_id: str) -> Any:
    return page.locator(f'#sources .src-card[data-paper-id="{paper_id}"]')
