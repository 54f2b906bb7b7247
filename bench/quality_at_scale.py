"""Retrieval quality at 57, 500 and 19,630 papers: every fusion option side by side, per question set.

    python bench/quality_at_scale.py --index DIR [--index DIR ...] [--tutorial-index DIR] [--sets seeds,dev,test]

Each --index is an index built with `rag ingest` (seeds/, the 500-paper fixture, the whole ICLR
2026 list: they are built here if the folder is empty and --corpus names the file). For each index
and question set it prints hit@1/5/10, MRR and multi-paper recall of dense only, BM25 only,
reciprocal rank fusion, convex fusion (the default), and convex fusion with the dense query leaning
toward BM25's first papers. `--tutorial-index` adds the LangChain tutorial recipe
(RecursiveCharacterTextSplitter 1000/200, MiniLM, Chroma similarity search) over the whole list.
Choices are made on `seeds` and `dev`; `test` is only reported.
"""

from __future__ import annotations

import argparse
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
OPTIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "dense": ("dense", {}),
    "bm25": ("bm25", {}),
    "rrf (k=60)": ("hybrid", {"fusion": "rrf", "dense_feedback": 0}),
    "convex": ("hybrid", {}),  # the defaults
    "convex+feedback": ("hybrid", {"fusion": "convex", "dense_feedback": 3}),
    "dense+adapter": ("dense", {"query_adapter": True}),  # the query-side adapter (rag/index/adapter.py)
    "convex+adapter": ("hybrid", {"query_adapter": True}),
}


def tutorial_ranker(folder: Path, corpus: Path, settings: Settings) -> Callable[[str], list[str]]:
    """The LangChain RAG tutorial's recipe, unchanged but for the offline embedder."""
    import chromadb
    from langchain_chroma import Chroma
    from langchain_core.documents import Document
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    from rag.corpus.documents import ReadLog, read_papers
    from rag.index.embeddings import make_embeddings

    client = chromadb.PersistentClient(path=str(folder), settings=chromadb.config.Settings(anonymized_telemetry=False))
    store = Chroma(client=client, collection_name="tutorial", embedding_function=make_embeddings(settings))
    if store._collection.count() == 0:
        splitter = RecursiveCharacterTextSplitter(chunk_size=1000, chunk_overlap=200)
        docs = [Document(p.abstract, metadata={"paper_id": p.paper_id}) for p in read_papers([corpus], ReadLog())]
        chunks = splitter.split_documents(docs)
        start = time.perf_counter()
        for i in range(0, len(chunks), 512):
            store.add_documents(chunks[i : i + 512])
        print(f"tutorial index: {len(chunks):,} chunks in {time.perf_counter() - start:.0f} s")

    def ranked(query: str) -> list[str]:
        ids: list[str] = []
        for doc in store.similarity_search(query, k=40):
            if doc.metadata["paper_id"] not in ids:
                ids.append(doc.metadata["paper_id"])
        return ids[:10]

    return ranked


def row(label: str, s: Any) -> str:
    return f"  {label:<18} {s.n:>4} {s.hit1:>6.3f} {s.hit5:>6.3f} {s.hit10:>6.3f} {s.mrr:>6.3f} {s.multi_recall:>10.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--index", type=Path, action="append", required=True)
    parser.add_argument("--corpus", type=Path, help="what to ingest into an empty --index")
    parser.add_argument("--tutorial-index", type=Path)
    parser.add_argument("--tutorial-corpus", type=Path, default=DATA / "iclr2026_merged.jsonl.xz")
    parser.add_argument("--sets", default="seeds,dev,test")
    parser.add_argument("--kinds", action="store_true", help="also print the default's scores per kind of question")
    args = parser.parse_args()

    from rag.corpus.documents import ReadLog, read_papers
    from rag.evaluation import QUESTION_SETS, Question, fit_questions, load_questions, retrieval_query, score_retrieval
    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever

    for index in args.index:
        settings = Settings(index_dir=index, cache_dir=index.parent / f"cache-{index.name}")
        if not (index / "chroma.sqlite3").exists():
            if not args.corpus:
                sys.exit(f"{index}: no index there; give --corpus to build it")
            start = time.perf_counter()
            Store(settings, create=True).ingest(read_papers([args.corpus], ReadLog()))
            print(f"built {index} in {time.perf_counter() - start:.0f} s")
        store = Store(settings)
        keyword = Retriever(store).keyword_index()
        indexed = {str(c["paper_id"]) for c in keyword.chunks if c.get("chunk") == 0}
        print(f"\n{index}: {keyword.n_papers:,} papers, {store.chunk_count():,} vectors")
        print(f"  {'retrieval':<18} {'n':>4} {'hit@1':>6} {'hit@5':>6} {'hit@10':>6} {'MRR':>6} {'multi-R@10':>10}")
        for name in args.sets.split(","):
            questions, dropped = fit_questions(load_questions(QUESTION_SETS[name]), indexed)
            print(
                f" {name} ({dropped} skipped: about papers not in this index, or off-topic only for another corpus)"
                if dropped
                else f" {name}"
            )
            for label, (mode, update) in OPTIONS.items():
                # the adapter maps the query where the store embeds it, so it needs a store of its own settings
                retriever = Retriever(Store(settings.model_copy(update=update)) if "query_adapter" in update else store)
                retriever.settings = settings.model_copy(update=update)
                retriever._keyword = keyword

                def ranked(q: Question, r: Retriever = retriever, m: str = mode) -> list[str]:
                    return [h.paper_id for h in r.search(retrieval_query(q), k=10, mode=m).hits]

                scores = score_retrieval(questions, ranked)
                print(row(label, scores))
                if args.kinds and label == "convex":
                    for kind, part in sorted(scores.by_kind.items()):
                        print(row(f"  {kind}", part))
            if args.tutorial_index and keyword.n_papers > 10_000:
                tutorial = tutorial_ranker(args.tutorial_index, args.tutorial_corpus, settings)
                tutorial_scores = score_retrieval(questions, lambda q: tutorial(retrieval_query(q)))  # noqa: B023
                print(row("LangChain tutorial", tutorial_scores))


if __name__ == "__main__":
    main()
