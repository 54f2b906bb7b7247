"""`rag serve --corpus` in a real browser: the chat opens at once and the indexed count grows on the page."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from tests.browser import ask, needs_chromium, screenshot
from tests.conftest import HANG_S, make_settings, rag_serve
from tests.test_corpora import _slice

pytestmark = needs_chromium
PAPERS = 150
BATCH = 25  # six batches: six counts the page must show on its way
HALF = 3 * BATCH
QUESTION = "Which paper proposes a benchmark for large language models?"

# `rag serve` with one change: after each batch the background ingest waits for a line on stdin. The test
# reads the count on the page, then lets the next batch go, so it sees the page between every two batches
# however fast this machine embeds them (on a fast one all 150 papers were in before the page's first look).
PAUSED_SERVE = """
import sys
from rag.index import indexer
from rag.cli import main

advance = indexer.Progress.advance

def advance_then_wait(self, n):
    advance(self, n)
    sys.stdin.readline()

indexer.Progress.advance = advance_then_wait
sys.exit(main(sys.argv[1:]))
"""


def test_the_page_answers_while_the_corpus_is_indexed(browser: Any, tmp_path: Path) -> None:
    corpus = _slice(tmp_path, PAPERS)
    settings = make_settings(tmp_path)
    paused, go_on = os.pipe()
    with (
        os.fdopen(go_on, "w") as next_batch,
        rag_serve(
            settings, "--corpus", str(corpus), program=("-c", PAUSED_SERVE), stdin=paused, RAG_INGEST_BATCH=str(BATCH)
        ) as url,
    ):
        os.close(paused)  # the server's now: a server that dies is then a broken pipe here, not a wait
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(HANG_S * 1000)
        try:
            page.goto(url)
            page.wait_for_selector("#question textarea")
            for done in range(BATCH, PAPERS + 1, BATCH):
                status = page.locator("#status", has_text=re.compile(rf"\b{done} of {PAPERS} abstracts indexed · "))
                status.wait_for()  # the server waits at this count until told to go on
                assert "/s" in status.inner_text()
                if done == HALF:  # the chat answers over what is in while the rest waits
                    assert f"searched {HALF} abstracts" in ask(page, QUESTION).inner_text()
                    screenshot(page, "indexing-half.png")
                next_batch.write("go on\n")
                next_batch.flush()
            page.locator("#status", has_text=f"{PAPERS} abstracts indexed.").wait_for()
            assert f"searched {PAPERS} abstracts" in ask(page, QUESTION).inner_text()
            screenshot(page, "indexing-finished.png")
        finally:
            page.close()
