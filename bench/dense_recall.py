"""How often Chroma's approximate (HNSW) search finds the truly nearest papers, by how many it is asked for,
and what the exact search the product runs (RAG_DENSE_SEARCH=exact) costs beside it.

Every stored vector is read once and the exact nearest chunks of each dev question are found by a dot
product; the HNSW search is then asked for n chunks (distances only, as `Store.dense_search` asks) and
its first 10 and 60 are compared with the exact ones. Prints, per n, the questions whose nearest paper
it found, recall@10, recall@60 and milliseconds a search (this host, now); then the product's exact search
(rag.retrieval.vectors.PaperVectors.nearest, every stored vector in memory) on the same questions: its
recall (1.0 unless it is wrong) and milliseconds a search, measured in the same run.

    python bench/dense_recall.py --index .rag/iclr2026 --questions 300
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv

from rag.config import Settings  # noqa: E402
from rag.evaluation import DATA  # noqa: E402

SETS = ("questions_people_dev.jsonl", "questions_people_dev2.jsonl", "conversations_people_dev.jsonl")


def main() -> None:
    import numpy as np

    from rag.corpus.documents import chunk_id
    from rag.index.store import Store
    from rag.retrieval.keyword import KeywordIndex
    from rag.retrieval.vectors import chunk_rows, chunk_vectors

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--index", required=True)
    parser.add_argument("--questions", type=int, default=300)
    parser.add_argument("--n", type=int, action="append", help="candidates asked for (default 60, 200, 400, 800)")
    args = parser.parse_args()
    store = Store(Settings(index_dir=Path(args.index)))
    ids, vectors = [], []
    for meta, vector in store.iter_vectors():
        ids.append(chunk_id(str(meta["paper_id"]), int(meta.get("chunk", 0))))  # the chunk's id in Chroma
        vectors.append(np.asarray(vector, dtype=np.float32))
    matrix = np.stack(vectors)
    questions = [json.loads(line)["question"] for name in SETS for line in (DATA / name).open(encoding="utf-8")]
    asked = np.asarray(store.embed(questions[: args.questions]), dtype=np.float32)
    exact = np.argsort(-(asked @ matrix.T), axis=1)[:, :60]
    print(f"{len(ids)} chunks, {len(asked)} dev questions")
    for n in args.n or [60, 200, 400, 800]:
        start, first, at10, at60 = time.perf_counter(), 0, 0.0, 0.0
        for row, vector in enumerate(asked):
            near = store.collection.query(query_embeddings=[vector.tolist()], n_results=n, include=["distances"])
            got = near["ids"][0][:60]
            want = [ids[j] for j in exact[row]]
            first += want[0] == got[0]
            at10 += len(set(want[:10]) & set(got[:10])) / 10
            at60 += len(set(want) & set(got)) / 60
        ms = 1000 * (time.perf_counter() - start) / len(asked)
        print(
            f"n={n}: nearest found {first}/{len(asked)}, recall@10 {at10 / len(asked):.3f}, "
            f"recall@60 {at60 / len(asked):.3f}, {ms:.1f} ms a search"
        )
    keyword = KeywordIndex(store)
    product, rows = chunk_vectors(store, keyword), chunk_rows(keyword)
    start, at60 = time.perf_counter(), 0.0
    for row, vector in enumerate(asked):
        nearest = {pos for pos, _ in product.nearest(vector, 60, None)}
        at60 += len(nearest & {rows[ids[j]] for j in exact[row]}) / 60
    ms = 1000 * (time.perf_counter() - start) / len(asked)
    print(f"exact: recall@60 {at60 / len(asked):.3f}, {ms:.1f} ms a search")


if __name__ == "__main__":
    main()
