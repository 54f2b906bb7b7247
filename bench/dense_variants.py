"""A stronger dense side without a new model: which text to embed, measured at conference scale.

    python bench/dense_variants.py [--corpus FILE] [--variants chunks,title-chunks,paper] [--cache DIR]

Embeds the corpus once per variant (cached as .npy in --cache, with the seconds it took) and
scores dense-only retrieval of the question sets (seeds, dev, test) by exact cosine search:
- chunks: today's index, the abstract in 240-token chunks;
- title-chunks: the same chunks with the title prepended to each;
- paper: one vector per paper, "title. abstract" cut at MiniLM's 256 tokens.
Query-side pseudo-relevance feedback (the query vector moved toward the vectors of BM25's
top 3 papers) is scored on top of each variant.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import Settings, apply_runtime_env  # noqa: E402

apply_runtime_env()
DATA = ROOT.parent / "shared" / "data"


def variant_texts(
    variant: str, papers: list[Any], split: Callable[[str], list[tuple[str, int]]]
) -> tuple[list[str], list[str]]:
    texts, owners = [], []
    for p in papers:
        if variant == "paper":
            texts.append(f"{p.title}. {p.abstract}")
            owners.append(p.paper_id)
            continue
        for chunk, _ in split(p.abstract):
            texts.append(f"{p.title}. {chunk}" if variant == "title-chunks" else chunk)
            owners.append(p.paper_id)
    return texts, owners


def ranker(vectors: Any, owners: list[str], embedder: Any, keyword: Any) -> Callable[[str, bool], list[str]]:
    """Exact cosine search over one variant's vectors; with feedback, the query leans toward BM25's top 3 papers."""
    import numpy as np

    from rag.retrieval.filters import Filters

    first_row = {pid: i for i, pid in reversed(list(enumerate(owners)))}
    owner = np.array(owners)

    def ranked(query: str, feedback: bool) -> list[str]:
        q = np.array(embedder.embed_query(query), dtype=np.float32)
        if feedback and keyword is not None:
            found = dict.fromkeys(keyword.chunks[i]["paper_id"] for i, _ in keyword.search(query, 20, Filters()))
            rows = [first_row[p] for p in list(found)[:3] if p in first_row]
            if rows:
                q = q + 0.5 * vectors[rows].mean(axis=0)
        order = np.argsort(-(vectors @ q))[:60]
        return list(dict.fromkeys(owner[order].tolist()))[:10]

    return ranked


def main() -> None:
    import numpy as np

    from rag.corpus.documents import ReadLog, read_papers
    from rag.evaluation import QUESTION_SETS, fit_questions, load_questions, retrieval_query, score_retrieval
    from rag.index.chunking import make_splitter
    from rag.index.embeddings import make_embeddings
    from rag.index.store import Store
    from rag.retrieval.keyword import KeywordIndex

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", type=Path, default=DATA / "iclr2026_merged.jsonl.xz")
    parser.add_argument("--variants", default="chunks,title-chunks,paper")
    parser.add_argument("--cache", type=Path, default=ROOT / ".rag" / "bench" / "dense")
    parser.add_argument("--index", type=Path, help="an index of the same corpus, for the BM25 side of the feedback")
    args = parser.parse_args()

    settings = Settings()
    papers = list(read_papers([args.corpus], ReadLog()))
    split = make_splitter(settings)
    embedder = make_embeddings(settings)
    args.cache.mkdir(parents=True, exist_ok=True)
    ids = {p.paper_id for p in papers}
    sets = {name: fit_questions(load_questions(path), ids)[0] for name, path in QUESTION_SETS.items() if path.exists()}
    keyword = KeywordIndex(Store(Settings(index_dir=args.index))) if args.index else None
    print(f"{len(papers):,} papers from {args.corpus.name}")
    for variant in args.variants.split(","):
        stem = args.cache / f"{args.corpus.name.split('.')[0]}-{variant}"
        collection = Store(Settings(index_dir=args.index)).collection if args.index else None
        chunked = collection is not None and collection.count() > len(papers)  # built with chunking=tokens
        if not stem.with_suffix(".npy").exists() and variant == "chunks" and chunked and collection is not None:
            # the chunk vectors are in the index already: read them rather than embed them again
            rows, owners = [], []
            for offset in range(0, collection.count(), 5000):  # SQLite caps the variables of one query
                got = collection.get(include=["embeddings", "metadatas"], limit=5000, offset=offset)
                rows.append(np.array(got["embeddings"], dtype=np.float32))
                owners += [str(m["paper_id"]) for m in got["metadatas"] or []]
            np.save(stem.with_suffix(".npy"), np.concatenate(rows))
            stem.with_suffix(".json").write_text(json.dumps({"owners": owners, "seconds": None}))
        if not stem.with_suffix(".npy").exists():
            texts, owners = variant_texts(variant, papers, split)
            start = time.perf_counter()
            vectors = np.array(embedder.embed_documents(texts), dtype=np.float32)
            seconds = time.perf_counter() - start
            np.save(stem.with_suffix(".npy"), vectors)
            stem.with_suffix(".json").write_text(json.dumps({"owners": owners, "seconds": seconds}))
        vectors = np.load(stem.with_suffix(".npy"))
        info = json.loads(stem.with_suffix(".json").read_text())
        ranked = ranker(vectors, info["owners"], embedder, keyword)
        took = "read from the index" if info["seconds"] is None else f"embedded in {info['seconds']:.0f} s"
        print(f"\n{variant}: {len(vectors):,} vectors {took}")
        for feedback in (False, True) if keyword else (False,):
            for name, questions in sets.items():
                s = score_retrieval(questions, lambda q, f=feedback, r=ranked: r(retrieval_query(q), f))  # type: ignore[misc]
                label = f"{variant}{' +PRF' if feedback else ''}"
                print(
                    f"  {label:<18} {name:<6} n={s.n:>3} hit@1 {s.hit1:.3f} hit@5 {s.hit5:.3f} "
                    f"hit@10 {s.hit10:.3f} MRR {s.mrr:.3f} multi-R@10 {s.multi_recall:.3f}"
                )


if __name__ == "__main__":
    main()
