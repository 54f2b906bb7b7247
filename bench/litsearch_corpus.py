"""The multi-venue papers in the order the literature-search index of docs/quality.md was built in.

    python bench/litsearch_corpus.py OUT_DIR [--first 15000]

Writes OUT_DIR/multivenue_part1.jsonl (the gold papers of the lit, hard and cite sets, then the
first --first of the others in a seed-28 shuffle) and OUT_DIR/multivenue_part2.jsonl (the rest).
`rag ingest ../shared/data/iclr2026_merged.jsonl.xz OUT_DIR/multivenue_part1.jsonl` gives the
34,810-paper mixed index; ingesting part2 into the same index then completes all 107,320 papers.
"""

from __future__ import annotations

import argparse
import json
import lzma
import random
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
T = TypeVar("T")


def mixed_gold() -> set[str]:
    """The 360 gold papers the mixed index was built around: those of the lit, hard and cite sets (the
    brief set's, chosen later and among papers outside that index's first part, are not among them)."""
    gold: set[str] = set()
    for name in ("litsearch", "litsearch_hard", "litsearch_cite"):
        for split in ("dev", "test"):
            text = (DATA / f"{name}_{split}.jsonl").read_text()
            gold |= {g for line in text.splitlines() if line.strip() for g in json.loads(line)["gold"]}
    return gold


def order(rows: list[T], gold: set[str], ident: Callable[[T], str]) -> tuple[list[T], list[T]]:
    """(the gold papers, the others in a seed-28 shuffle): the order the mixed index was built in."""
    rest = [r for r in rows if ident(r) not in gold]
    random.Random(28).shuffle(rest)
    return [r for r in rows if ident(r) in gold], rest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--first", type=int, default=15_000)
    parser.add_argument(
        "--corpus", type=Path, default=ROOT.parent / "shared" / "data" / "paperlists_multivenue.jsonl.xz"
    )
    args = parser.parse_args()
    with lzma.open(args.corpus, "rt", encoding="utf-8") as f:
        rows = list(f)
    first, rest = order(rows, mixed_gold(), lambda r: str(json.loads(r)["id"]))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "multivenue_part1.jsonl").write_text("".join(first + rest[: args.first]), encoding="utf-8")
    (args.out / "multivenue_part2.jsonl").write_text("".join(rest[args.first :]), encoding="utf-8")
    print(f"{len(first)} gold papers first, then {min(args.first, len(rest)):,} of {len(rest):,} others; rest in part2")


if __name__ == "__main__":
    main()
