"""Building the map of the conference: seconds (wall and CPU), topics and papers on no topic, per index.

    python bench/map.py --index .rag/fixture500 --index .rag/iclr2026 [--jobs 2,1] [--chat]

Built in memory: the map cached beside each index is neither read nor written. --jobs: the cores
t-SNE and the BLAS may use, one build per value (`rag serve` builds on one core fewer than the machine
has, `rag map` on all). Target: <= 3 min for the 19,630 papers of ICLR 2026 on 2 cores.
--chat: then, over the last index, extractive answers to the dev questions idle and while the map is
built in a thread of the same process, as `rag serve` builds it: p50 and p95 of each.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import Settings, apply_runtime_env  # noqa: E402

apply_runtime_env()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--index", type=Path, action="append", required=True, help="an index folder (repeatable)")
    parser.add_argument("--jobs", default="2", help="comma-separated core counts, one build each (default: 2)")
    parser.add_argument("--chat", action="store_true", help="answer latency while the map builds, last index")
    args = parser.parse_args()

    start = time.perf_counter()
    import openTSNE  # noqa: F401
    import sklearn.cluster  # noqa: F401

    from rag.conference_map import build_map
    from rag.index.store import Store

    print(f"imports (paid by the first build of a process): {time.perf_counter() - start:.1f} s", flush=True)

    for index in args.index:
        store = Store(Settings(index_dir=index))
        for jobs in [int(j) for j in args.jobs.split(",")]:
            wall, cpu = time.perf_counter(), time.process_time()
            cmap = build_map(store, n_jobs=jobs)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            n = len(cmap.paper_ids)
            print(
                f"{index}: {n:,} papers, {len(cmap.topics)} topics, {cmap.n_noise:,} on none "
                f"({cmap.n_noise / max(n, 1):.0%}); built in {wall:.1f} s wall, {cpu:.1f} s CPU on {jobs} core(s)",
                flush=True,
            )
    if args.chat:
        chat_while_building(store)


def chat_while_building(store: object) -> None:
    import os

    from rag.answering.pipeline import Assistant
    from rag.conference_map import build_map
    from rag.evaluation import load_questions, question_set
    from rag.index.store import Store

    assert isinstance(store, Store)
    assistant = Assistant(store.settings, store=store)
    questions = [q.question for q in load_questions(question_set("dev")) if not q.history][:40]
    assistant.answer(questions[0], mode="extractive")  # loads the embedder and the keyword side

    def answer_all() -> list[float]:
        seconds = []
        for question in questions:
            started = time.perf_counter()
            assistant.answer(question, mode="extractive")
            seconds.append(time.perf_counter() - started)
        return seconds

    idle = answer_all()
    cores = max(1, (os.cpu_count() or 2) - 1)  # as ui/map_tab.py builds it
    builder = threading.Thread(target=build_map, args=(store, cores), daemon=True)
    builder.start()
    busy: list[float] = []
    while builder.is_alive():
        busy += answer_all()
    print(f"extractive answers over {store.location}, idle and while the map builds on {cores} core(s):")
    for name, values in (("idle", idle), ("while building", busy)):
        p95 = sorted(values)[int(0.95 * (len(values) - 1))]
        print(f"  {name:<15} n={len(values):>4}  p50 {statistics.median(values):.2f} s  p95 {p95:.2f} s")
    print(f"  ratio p50 while building / idle: {statistics.median(busy) / statistics.median(idle):.2f}x")


if __name__ == "__main__":
    main()
