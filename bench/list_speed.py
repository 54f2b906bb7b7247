"""Seconds to write a list answer (extractive) over an index: each dev topic question asked twice, the
second timed (the index's vectors and the embedder are loaded by the first; the words of the list's
texts are read again). Then the table of every matching paper as the page builds it (one read of the
store for the list's papers, the HTML of the sources panel and the table): the time the table adds
before it shows. Prints the figures.

    python bench/list_speed.py --index .rag/iclr2026
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rag.config import Settings
from rag.evaluation import load_questions, question_set


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", required=True)
    parser.add_argument("--set", default="rag/data/topics_dev.jsonl")
    args = parser.parse_args()
    from rag.answering import approaches
    from rag.answering.pipeline import Assistant
    from ui import render
    from ui.chat import listed_papers

    assistant = Assistant(Settings(index_dir=Path(args.index), answer_mode="extractive"))
    times, tables = [], []
    for q in load_questions(question_set(args.set)):
        assistant.answer(q.question)
        approaches._stemmed.cache_clear()  # what the first asking of a list pays for its texts' words
        start = time.perf_counter()
        answer = assistant.answer(q.question)
        times.append(time.perf_counter() - start)
        start = time.perf_counter()
        html = render.sources_html(answer) + render.list_table_html(answer, listed_papers(assistant, answer))
        tables.append(time.perf_counter() - start)
        print(f"{q.id} {times[-1]:.2f} s  count {answer.count}  table {tables[-1]:.2f} s, {len(html) // 1000} kB")
    print(f"list answers: median {statistics.median(times):.2f} s, max {max(times):.2f} s over {len(times)}")
    print(f"their tables: median {statistics.median(tables):.2f} s, max {max(tables):.2f} s")


if __name__ == "__main__":
    main()
