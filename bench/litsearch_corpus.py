"""The multi-venue papers in the order the literature-search index of docs/quality.md was built in.

    python bench/litsearch_corpus.py OUT_DIR [--first 15000]

Writes OUT_DIR/multivenue_part1.jsonl (the gold papers of bench/data/litsearch_*.jsonl, then the
first --first of the others in a seed-28 shuffle) and OUT_DIR/multivenue_part2.jsonl (the rest).
`rag ingest ../shared/data/iclr2026_merged.jsonl.xz OUT_DIR/multivenue_part1.jsonl` gives the
34,810-paper mixed index; ingesting part2 into the same index then completes all 107,320 papers.
"""

from __future__ import annotations

import argparse
import json
import lzma
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--first", type=int, default=15_000)
    parser.add_argument(
        "--corpus", type=Path, default=ROOT.parent / "shared" / "data" / "paperlists_multivenue.jsonl.xz"
    )
    args = parser.parse_args()
    gold: set[str] = set()
    for path in sorted(DATA.glob("litsearch_*.jsonl")):
        gold |= {g for line in path.read_text().splitlines() if line.strip() for g in json.loads(line)["gold"]}
    with lzma.open(args.corpus, "rt", encoding="utf-8") as f:
        rows = list(f)
    first = [r for r in rows if json.loads(r)["id"] in gold]
    rest = [r for r in rows if json.loads(r)["id"] not in gold]
    random.Random(28).shuffle(rest)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "multivenue_part1.jsonl").write_text("".join(first + rest[: args.first]), encoding="utf-8")
    (args.out / "multivenue_part2.jsonl").write_text("".join(rest[args.first :]), encoding="utf-8")
    print(f"{len(first)} gold papers first, then {min(args.first, len(rest)):,} of {len(rest):,} others; rest in part2")


if __name__ == "__main__":
    main()
