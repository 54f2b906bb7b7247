"""Building the map of the conference: seconds (wall and CPU), topics and papers on no topic, per index.

    python bench/map.py --index .rag/fixture500 --index .rag/iclr2026 [--jobs 2,1]

Built in memory: the map cached beside each index is neither read nor written. --jobs: the cores
t-SNE and the BLAS may use, one build per value (`rag serve` builds on one core fewer than the machine
has, `rag map` on all). Target: <= 3 min for the 19,630 papers of ICLR 2026 on 2 cores.
"""

from __future__ import annotations

import argparse
import sys
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
    args = parser.parse_args()

    start = time.perf_counter()
    import openTSNE  # noqa: F401
    import sklearn.cluster  # noqa: F401

    from rag.conference_map import build_map
    from rag.store import Store

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


if __name__ == "__main__":
    main()
