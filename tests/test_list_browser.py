"""A list question in a real browser: the answer states how many papers match and in which groups, and
the sources panel holds a table of every one of them (Answer.count, Answer.list)."""

from __future__ import annotations

import re
from typing import Any

from tests.browser import ask, needs_chromium, screenshot

pytestmark = needs_chromium


def test_a_list_answer_states_its_count_and_groups_and_tables_every_paper(page: Any) -> None:
    message = ask(page, "Which papers study reinforcement learning?")
    text = message.inner_text()
    stated = re.search(r"(\d+) papers in the index match this question, in (\d+) group", text)
    assert stated, text
    count = int(stated[1])
    table = page.locator("#list-table")
    table.wait_for()
    assert table.locator("tbody tr").count() == count  # every matching paper, not only the quoted ones
    assert f"All {count} matching papers" in table.locator("summary").inner_text()
    headers = message.locator("strong").all_inner_texts()
    assert sum(1 for h in headers if h and h[0].isupper() and len(h.split()) <= 3) >= 2  # group labels
    for button in ("#download-csv", "#download-bibtex"):  # they follow the answer in an update of their own
        page.locator(button).wait_for(state="visible")
    screenshot(page, "list-table.png")
