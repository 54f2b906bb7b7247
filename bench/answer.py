"""Time to first token and total time of model-written answers with the local model, and resident memory.

    python bench/answer.py [--n 20] [--index DIR]

Uses the development questions (answerable ones first) over an index of the seeds
(built in a temporary folder when --index is not given). Prints median and p90.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import Settings, apply_runtime_env  # noqa: E402

apply_runtime_env()


def p90(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.9 * len(values)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=20)
    parser.add_argument("--index", type=Path)
    args = parser.parse_args()

    from rag.answering.pipeline import Assistant
    from rag.corpus.documents import ReadLog, read_papers
    from rag.evaluation import load_questions
    from rag.index.store import Store
    from rag.types import Answer, Delta

    tmp = tempfile.mkdtemp()
    settings = Settings(_env_file=None, index_dir=args.index or Path(tmp) / "index", cache_dir=Path(tmp) / "cache")
    if not args.index:
        Store(settings, create=True).ingest(read_papers([ROOT / "seeds"], ReadLog()))
    assistant = Assistant(settings)
    start = time.perf_counter()
    assistant.load_model()
    load_s = time.perf_counter() - start

    questions = [q for q in load_questions() if q.gold and q.kind in ("lookup", "named", "multi", "followup")][: args.n]
    first, total, modes = [], [], []
    for q in questions:
        start = time.perf_counter()
        ttft = None
        for event in assistant.stream(q.question, list(q.history), mode="model"):
            if isinstance(event, Delta) and ttft is None:
                ttft = time.perf_counter() - start
            elif isinstance(event, Answer):
                modes.append(event.mode)
        total.append(time.perf_counter() - start)
        first.append(ttft if ttft is not None else total[-1])
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"local model: {assistant.backend}; load {load_s:.1f} s; {len(questions)} questions")
    print(f"time to first token: median {statistics.median(first):.2f} s, p90 {p90(first):.2f} s")
    print(f"total answer time:   median {statistics.median(total):.2f} s, p90 {p90(total):.2f} s")
    print(f"answers kept from the model: {modes.count('model')}/{len(modes)} (others fell back to extraction)")
    print(f"peak resident memory: {rss_mb:.0f} MB")


if __name__ == "__main__":
    main()
