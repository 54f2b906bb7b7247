"""Ingest speed, memory and size, beside the embedder's raw speed on the same texts, in one run.

    python bench/ingest.py [CORPUS ...] [--limit N]

CORPUS defaults to ../shared/data/iclr2026_merged.jsonl.xz. Each corpus goes into a fresh
temporary index. Prints wall time, papers/s, peak resident memory, index size on disk, the
embedder's raw throughput on a sample of the same chunks, and the pipeline's overhead ratio
(pipeline time / time the embedder alone needs for the same chunks).
"""

from __future__ import annotations

import argparse
import itertools
import random
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import Settings, apply_runtime_env  # noqa: E402

apply_runtime_env()


def folder_mb(path: Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 2**20


def bench(corpus: Path, limit: int | None, stride: int, sample: int, keep: Path | None) -> None:
    from rag.corpus.documents import ReadLog, read_papers
    from rag.index.chunking import make_units
    from rag.index.embeddings import make_embeddings
    from rag.index.store import Store

    tmp = Path(tempfile.mkdtemp(prefix="bench-ingest-"))
    index = keep / corpus.name.split(".")[0] if keep else tmp / "index"
    if (index / "chroma.sqlite3").exists():
        sys.exit(f"{index} already holds an index: the benchmark needs a fresh one")
    settings = Settings(_env_file=None, index_dir=index, cache_dir=tmp / "cache")
    reading = ReadLog()
    papers = list(itertools.islice(itertools.islice(read_papers([corpus], reading), None, None, stride), limit))
    store = Store(settings, create=True)
    make_embeddings(settings).embed_query("warm up")  # model load is not ingest time

    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu_start = usage.ru_utime + usage.ru_stime
    start = time.perf_counter()
    stats = store.ingest(papers)
    wall = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu_s = usage.ru_utime + usage.ru_stime - cpu_start  # steadier than wall time on a shared machine

    # the embedder alone, on a random sample of the very texts the pipeline embedded
    units = make_units(settings)
    chunks = [embedded for p in papers for _, _, embedded in units(p)]
    random.seed(0)
    picked = random.sample(chunks, min(sample, len(chunks)))
    embed = make_embeddings(settings)
    start = time.perf_counter()
    embed.embed_documents(picked)
    raw_rate = len(picked) / (time.perf_counter() - start)
    raw_time = len(chunks) / raw_rate

    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"corpus {corpus.name}: {len(papers):,} papers, {stats.chunks:,} chunks, {len(reading.problems)} skipped")
    print(
        f"  ingest wall time     {wall:8.1f} s   ({len(papers) / wall:.1f} papers/s, "
        f"{stats.chunks / wall:.1f} chunks/s)"
    )
    print(f"  ingest CPU time      {cpu_s:8.1f} s   ({len(papers) / cpu_s:.1f} papers per CPU-second)")
    print(f"  embedder alone       {raw_time:8.1f} s   ({raw_rate:.1f} chunks/s on {len(picked):,} of the same chunks)")
    print(f"  overhead ratio       {wall / raw_time:8.2f} x  (pipeline / pure embedding)")
    print(f"  peak resident memory {peak_mb:8.0f} MB")
    print(f"  index size on disk   {folder_mb(settings.index_dir):8.0f} MB")
    shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "corpus", nargs="*", type=Path, default=[ROOT.parent / "shared" / "data" / "iclr2026_merged.jsonl.xz"]
    )
    parser.add_argument("--limit", type=int, help="first N papers of each corpus")
    parser.add_argument("--stride", type=int, default=1, help="every Nth paper (a slice across all venues)")
    parser.add_argument("--sample", type=int, default=800, help="chunks for the raw embedder measurement")
    parser.add_argument("--keep", type=Path, help="keep each index in DIR/<corpus name> (for bench/search.py)")
    args = parser.parse_args()
    for corpus in args.corpus:
        if not corpus.exists():
            sys.exit(f"{corpus}: not found (the real corpora live in ../shared/data)")
        bench(corpus, args.limit, args.stride, args.sample, args.keep)


if __name__ == "__main__":
    main()
