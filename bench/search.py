"""Warm search latency (p50/p95 over 200 queries) and resident memory, on an existing index.

    python bench/search.py --index DIR [--queries 200]

Build the index first, e.g. `rag ingest ../shared/data/iclr2026_merged.jsonl.xz --index .rag/iclr`.
Queries: the development questions, then titles of indexed papers, up to --queries.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import Settings, apply_runtime_env  # noqa: E402

apply_runtime_env()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--index", type=Path, required=True)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("-k", type=int, default=10)
    args = parser.parse_args()

    from rag.evaluation import load_questions
    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever

    settings = Settings(index_dir=args.index)
    retriever = Retriever(Store(settings))
    start = time.perf_counter()
    keyword = retriever.keyword_index()
    print(
        f"{keyword.n_papers:,} papers, {len(keyword.chunks):,} chunks; "
        f"keyword side ready in {time.perf_counter() - start:.1f} s"
    )
    queries = [q.question for q in load_questions()]
    queries += [
        c["title"] for c in keyword.chunks[:: max(1, len(keyword.chunks) // args.queries)] if c.get("chunk") == 0
    ]
    queries = queries[: args.queries]
    for q in queries[:10]:  # warm: model, HNSW pages, caches
        retriever.search(q, k=args.k)
    times = []
    for q in queries:
        start = time.perf_counter()
        retriever.search(q, k=args.k)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[int(0.95 * len(times)) - 1]
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{len(times)} warm queries: p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms")
    print(f"peak resident memory while serving: {rss:.0f} MB")


if __name__ == "__main__":
    main()
