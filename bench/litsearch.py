"""Literature search: recall@5, recall@20 and MRR of hybrid, BM25 and dense search, per index.

    python bench/litsearch.py --index DIR [--index DIR ...] [--split dev|test] [--questions lit|hard|cite|brief]
        [--set KEY=VALUE ...] [--variant LABEL:KEY=VALUE,KEY=VALUE ...]

Three question sets over the same 360 gold papers of both corpora and a fourth over 400 others (the
ICLR 2026 list and the multi-venue paper lists, 107,320 papers together), each split dev / test:
- `lit` (bench/data/litsearch_dev.jsonl, _test.jsonl): written from each gold paper's title and a
  one-line gist (its keywords or TL;DR), never its abstract. They keep the title's words.
- `hard` (bench/data/litsearch_hard_dev.jsonl, _test.jsonl): one writer read each abstract and wrote
  a one-sentence memory of it without its coined names or title phrases; a second writer, who saw
  only those sentences, wrote the questions: a paper described in someone else's words.
- `cite` (bench/data/litsearch_cite_dev.jsonl, _test.jsonl): one writer read each abstract and wrote
  one secondary point of it (a finding, a component, an analysis; not its headline, no coined names,
  no four words of the abstract in a row); a second writer, who saw only that sentence, wrote the
  question as for a related-work citation ("Which work found that ...?"): a paper remembered for one
  of its points, the way citing papers remember it.
- `brief` (bench/data/litsearch_brief_dev.jsonl, _test.jsonl; 400 other gold papers, 280 of them
  multi-venue): one writer read each abstract and wrote the sentence a related-work section cites it
  with, at most 15 words past "[CITATION]", no coined names; a second writer, who saw only that
  sentence, wrote the search question (at most 20 words). Short and general, as the outside
  benchmark's questions are: several papers fit many of them. Its gold papers were chosen among
  those the shipped query tower and adapter never trained on (bench/litsearch_brief.py).
Each index is asked the questions whose gold papers it holds: at 19,630 papers the ICLR-gold ones,
at 107k all of them. `--set` changes a setting for every mode (e.g. --set keyword_weight=0.6);
each `--variant` adds rows with its own query-time settings, side by side in the same run on the
same keyword index (e.g. --variant adapter:query_adapter=true --variant w0.6:keyword_weight=0.6).
Choices are made on dev; test is only reported.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import Settings, apply_runtime_env  # noqa: E402

apply_runtime_env()
DATA = Path(__file__).parent / "data"
MODES = ("hybrid", "bm25", "dense")


SETS = {"lit": "litsearch", "hard": "litsearch_hard", "cite": "litsearch_cite", "brief": "litsearch_brief"}


def load(split: str, questions: str = "lit") -> list[dict[str, Any]]:
    path = DATA / f"{SETS[questions]}_{split}.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def scores(ranked: list[tuple[set[str], list[str]]]) -> dict[str, float]:
    """Mean recall@5, recall@20 (share of a question's gold papers in its top k) and MRR."""
    n = max(len(ranked), 1)
    r5 = sum(len(gold & set(ids[:5])) / len(gold) for gold, ids in ranked) / n
    r20 = sum(len(gold & set(ids[:20])) / len(gold) for gold, ids in ranked) / n
    mrr = sum(next((1 / i for i, pid in enumerate(ids, 1) if pid in gold), 0.0) for gold, ids in ranked) / n
    return {"n": len(ranked), "recall@5": r5, "recall@20": r20, "mrr": mrr}


def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    """'LABEL:KEY=VALUE,KEY=VALUE' -> (LABEL, typed settings); a bare LABEL changes nothing."""
    label, _, pairs = text.partition(":")
    return label, parse_sets([p for p in pairs.split(",") if p])


def parse_sets(pairs: list[str]) -> dict[str, Any]:
    update: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        update[key] = value
    # validated and typed by Settings itself
    return Settings(**update).model_dump(include=set(update))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--index", type=Path, action="append", required=True)
    parser.add_argument("--split", default="dev", choices=("dev", "test"))
    parser.add_argument("--questions", default="lit", choices=tuple(SETS), help="which question set")
    parser.add_argument("--set", action="append", default=[], help="KEY=VALUE: a setting for every mode")
    parser.add_argument(
        "--variant", action="append", default=[], help="LABEL:KEY=VALUE,...: rows of their own, side by side"
    )
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--misses", action="store_true", help="print the questions hybrid misses in its top 20")
    args = parser.parse_args()

    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever

    update = parse_sets(args.set)
    variants: list[tuple[str, dict[str, Any]]] = [("default", {})] + [parse_variant(v) for v in args.variant]
    questions = load(args.split, args.questions)
    print(f"{args.questions} {args.split}: {len(questions)} questions; settings changed: {update or 'none'}")
    for index in args.index:
        settings = Settings(index_dir=index, cache_dir=index.parent / f"{index.name}_cache", **update)
        keyword = Retriever(Store(settings)).keyword_index()
        indexed = {str(c["paper_id"]) for c in keyword.chunks if c.get("chunk") == 0}
        asked = [q for q in questions if set(q["gold"]) <= indexed]
        print(f"\n{index}: {keyword.n_papers:,} papers; {len(asked)} questions whose gold papers it holds")
        print(f"  {'variant':<14} {'mode':<8} {'n':>4} {'R@5':>6} {'R@20':>6} {'MRR':>6} {'ms/q':>6}")
        for label, change in variants:
            # the adapter maps the query where the store embeds it: each variant has a store of its own settings
            retriever = Retriever(Store(settings.model_copy(update=change)))
            retriever._keyword = keyword
            for mode in args.modes.split(","):
                run(retriever, asked, label, mode, misses=args.misses)


def run(retriever: Any, asked: list[dict[str, Any]], label: str, mode: str, *, misses: bool) -> None:
    start = time.perf_counter()
    ranked = [
        (set(q["gold"]), [h.paper_id for h in retriever.search(q["question"], k=20, mode=mode).hits]) for q in asked
    ]
    ms = (time.perf_counter() - start) * 1000 / max(len(asked), 1)
    s = scores(ranked)
    print(
        f"  {label:<14} {mode:<8} {s['n']:>4} {s['recall@5']:>6.3f} {s['recall@20']:>6.3f} {s['mrr']:>6.3f} {ms:>6.0f}",
        flush=True,
    )
    if misses and mode == "hybrid":
        for q, (gold, ids) in zip(asked, ranked, strict=True):
            if not gold & set(ids):
                print(f"    miss {q['qid']}: {q['question'][:110]}")


if __name__ == "__main__":
    main()
