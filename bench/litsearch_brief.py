"""The `brief` literature-search set (bench/litsearch.py --questions brief): its gold papers and its files.

    python bench/litsearch_brief.py pick --index .rag/iclr2026 --index IDX107K OUT_DIR
    python bench/litsearch_brief.py assemble OUT_DIR

`pick` draws 400 gold papers (seed 2613): 280 multi-venue papers of machine-learning and language venues
and 120 ICLR 2026 papers, each with an abstract of 500 characters or more, none the gold paper of another
evaluation set, none a paper whose title, keywords or TL;DR the shipped query tower trained on
(bench/train_query_tower.py's pairs, recomputed with the same indexes and seed), none of the 15,000
multi-venue papers the shipped query adapter trained on (bench/litsearch_corpus.py's order). It writes
OUT_DIR/brief_pool.jsonl (id, corpus, title, abstract) and, for the first writers, brief_in1.jsonl and
brief_in2.jsonl (n, title, abstract: 200 papers each).

The first writers return brief_cite1.jsonl / brief_cite2.jsonl ({n, cite}: the sentence a related-work
section cites the paper with, at most 15 words past "[CITATION]", no coined names, no three words of the
title nor four of the abstract in a row); the second writers, who see only those sentences, return
brief_q1.jsonl / brief_q2.jsonl ({n, question}: at most 20 words). `assemble` joins them into
bench/data/litsearch_brief_dev.jsonl (papers 1-200) and _test.jsonl (201-400).
"""

from __future__ import annotations

import argparse
import json
import lzma
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))
SHARED = ROOT.parent / "shared" / "data"
VENUES = {"ACL", "NAACL", "COLING", "COLM", "ICLR", "NIPS", "ICML", "AAAI", "IJCAI", "CVPR", "ICCV", "ECCV"}
VENUES |= {"AISTATS", "UAI"}
OUT = Path(__file__).parent / "data"


def read_xz(path: Path) -> list[dict[str, Any]]:
    with lzma.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def tower_trained(indexes: list[Path], skip: set[str]) -> set[str]:
    """The papers whose pairs bench/train_query_tower.py trained the shipped tower on (its defaults)."""
    import numpy as np
    from train_query_adapter import queries, read_indexes
    from train_query_tower import SHIPPED_PAIRS, split

    ids, metas, _ = read_indexes(indexes, skip)
    rows = np.array([r for r, _ in queries(metas, ["title", "keywords", "tldr"])])
    train_on, _ = split(len(ids), rows, 28, SHIPPED_PAIRS)
    return {ids[r] for r in set(rows[train_on].tolist())}


def pick(indexes: list[Path], out: Path) -> None:
    from finetune_embedder import excluded
    from litsearch_corpus import mixed_gold, order
    from train_query_adapter import excluded as litsearch_gold

    brief = {g for split in ("dev", "test") for g in gold_of(OUT / f"litsearch_brief_{split}.jsonl")}
    skip = (excluded() | litsearch_gold()) - brief  # the sets as they were when the tower was trained
    trained = tower_trained(indexes, skip)
    multivenue = read_xz(SHARED / "paperlists_multivenue.jsonl.xz")
    adapter = {r["id"] for r in order(multivenue, mixed_gold(), lambda r: str(r["id"]))[1][:15_000]}

    def usable(r: dict[str, Any]) -> bool:
        return r["id"] not in skip | trained and len(r.get("abstract") or "") >= 500 and bool(r.get("title"))

    venue = [r for r in multivenue if usable(r) and r["id"] not in adapter and r["venue"].rsplit(" ", 1)[0] in VENUES]
    iclr = [r for r in read_xz(SHARED / "iclr2026_merged.jsonl.xz") if usable(r)]
    rng = random.Random(2613)
    chosen = [(r, "multivenue") for r in rng.sample(venue, 280)] + [(r, "iclr2026") for r in rng.sample(iclr, 120)]
    rng.shuffle(chosen)
    out.mkdir(parents=True, exist_ok=True)
    rows = [
        {"n": n, "id": r["id"], "corpus": c, "venue": r["venue"], "title": r["title"], "abstract": r["abstract"]}
        for n, (r, c) in enumerate(chosen, 1)
    ]
    write(out / "brief_pool.jsonl", rows)
    for k, part in enumerate((rows[:200], rows[200:]), 1):
        write(out / f"brief_in{k}.jsonl", [{key: r[key] for key in ("n", "title", "abstract")} for r in part])
    print(f"{len(trained):,} papers the tower trained on; {len(venue):,} multi-venue and {len(iclr):,} ICLR usable")


def assemble(out: Path) -> None:
    pool = {r["n"]: r for r in read_jsonl(out / "brief_pool.jsonl")}
    asked = {r["n"]: r["question"] for k in (1, 2) for r in read_jsonl(out / f"brief_q{k}.jsonl")}
    for split, numbers in (("dev", range(1, 201)), ("test", range(201, 401))):
        rows = [
            {
                "qid": f"brief-{split}-{n - (0 if split == 'dev' else 200):03d}",
                "question": asked[n],
                "gold": [pool[n]["id"]],
                "corpus": pool[n]["corpus"],
            }
            for n in numbers
        ]
        write(OUT / f"litsearch_brief_{split}.jsonl", rows)
        print(f"{split}: {len(rows)} questions")


def gold_of(path: Path) -> set[str]:
    return {g for r in read_jsonl(path) for g in r["gold"]} if path.exists() else set()


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def write(path: Path, rows: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pick")
    p.add_argument("--index", type=Path, action="append", required=True)
    p.add_argument("out", type=Path)
    a = sub.add_parser("assemble")
    a.add_argument("out", type=Path)
    args = parser.parse_args()
    if args.command == "pick":
        pick(args.index, args.out)
    else:
        assemble(args.out)


if __name__ == "__main__":
    main()
