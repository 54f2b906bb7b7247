"""`rag serve --corpus` in a real browser: the chat opens at once and the indexed count grows on the page."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser import needs_chromium, screenshot
from tests.conftest import make_settings, rag_serve
from tests.test_corpora import _slice

pytestmark = needs_chromium
# Few papers in small batches: the count the page shows moves once a batch, so it is seen growing
# several times while the embedding (one core of two) stays short.
PAPERS = 150
BATCH = 25
INDEXED = re.compile(r"([\d,]+) of ([\d,]+) abstracts indexed")


def test_the_page_answers_while_the_corpus_is_indexed(browser: Any, tmp_path: Path) -> None:
    corpus = _slice(tmp_path, PAPERS)
    settings = make_settings(tmp_path)
    with rag_serve(settings, "--corpus", str(corpus), RAG_INGEST_BATCH=str(BATCH)) as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        try:
            page.goto(url)
            page.wait_for_selector("#question textarea")
            counts: list[int] = []
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline:
                text = page.inner_text("#status")
                if f"{PAPERS} abstracts indexed." in text:
                    break
                if m := INDEXED.search(text):
                    assert int(m[2].replace(",", "")) == PAPERS
                    counts.append(int(m[1].replace(",", "")))
                    assert "/s" in text
                time.sleep(0.5)
            else:
                pytest.fail(f"indexing did not finish on the page: {page.inner_text('#status')}")
            screenshot(page, "indexing-finished.png")
            assert len(set(counts)) >= 2 and counts == sorted(counts), counts  # seen growing, never going back
            page.fill("#question textarea", "Which paper proposes a benchmark for large language models?")
            page.keyboard.press("Enter")
            answer = page.locator("#chat .message.bot").first
            answer.filter(has_text="matched the filters").wait_for(timeout=240_000)
            assert f"searched {PAPERS} abstracts" in answer.inner_text()
        finally:
            page.close()
