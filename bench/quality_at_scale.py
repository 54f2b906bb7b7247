"""Dev questions over the seeds, asked against the whole ICLR 2026 index (19,573 other papers in the way).

    python bench/quality_at_scale.py --index DIR [--tutorial-index DIR]

--index: our index of ../shared/data/iclr2026_merged.jsonl.xz (built with `rag ingest` if empty).
Prints hit@1/5/10, MRR and multi-paper recall for our hybrid search, dense-only, BM25-only,
and, measured in the same run, the LangChain tutorial recipe (RecursiveCharacterTextSplitter
1000/200, MiniLM, Chroma similarity search), whose index is built in --tutorial-index.
Gold seed ids are mapped to OpenReview ids through ../shared/data/seed_titles.tsv.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import Settings, apply_runtime_env  # noqa: E402

apply_runtime_env()
DATA = ROOT.parent / "shared" / "data"


def tutorial_ranker(folder: Path, corpus: Path, settings: Settings) -> Callable[[str], list[str]]:
    """The LangChain RAG tutorial's recipe, unchanged but for the offline embedder."""
    import chromadb
    from langchain_chroma import Chroma
    from langchain_core.documents import Document
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    from rag.documents import Reading, read_papers
    from rag.embeddings import make_embeddings

    client = chromadb.PersistentClient(path=str(folder), settings=chromadb.config.Settings(anonymized_telemetry=False))
    store = Chroma(client=client, collection_name="tutorial", embedding_function=make_embeddings(settings))
    if store._collection.count() == 0:
        splitter = RecursiveCharacterTextSplitter(chunk_size=1000, chunk_overlap=200)
        docs = [Document(p.abstract, metadata={"paper_id": p.paper_id}) for p in read_papers([corpus], Reading())]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--index", type=Path, required=True)
    parser.add_argument("--tutorial-index", type=Path)
    parser.add_argument("--corpus", type=Path, default=DATA / "iclr2026_merged.jsonl.xz")
    args = parser.parse_args()

    from rag.documents import Reading, read_papers
    from rag.evaluation import Question, load_questions, retrieval_query, score_retrieval, seed_ids_in_corpus
    from rag.retrieval import Retriever
    from rag.store import Store

    settings = Settings(index_dir=args.index)
    if not (args.index / "chroma.sqlite3").exists():
        start = time.perf_counter()
        Store(settings, create=True).ingest(read_papers([args.corpus], Reading()))
        print(f"built our index in {time.perf_counter() - start:.0f} s")
    retriever = Retriever(Store(settings))
    gold = seed_ids_in_corpus(DATA / "seed_titles.tsv")
    questions = load_questions()
    def ours(mode: str) -> Callable[[Question], list[str]]:
        return lambda q: [h.paper_id for h in retriever.search(retrieval_query(q), k=10, mode=mode).hits]

    rows = {mode: score_retrieval(questions, ours(mode), gold.__getitem__) for mode in ("hybrid", "dense", "bm25")}
    if args.tutorial_index:
        ranked = tutorial_ranker(args.tutorial_index, args.corpus, settings)
        rows["tutorial"] = score_retrieval(questions, lambda q: ranked(retrieval_query(q)), gold.__getitem__)
    print(f"{retriever.keyword_index().papers:,} papers indexed; {rows['hybrid'].n} answerable dev questions")
    print(f"{'retrieval':<10} {'hit@1':>6} {'hit@5':>6} {'hit@10':>6} {'MRR':>6} {'multi-R@10':>10}")
    for mode, s in rows.items():
        print(f"{mode:<10} {s.hit1:>6.3f} {s.hit5:>6.3f} {s.hit10:>6.3f} {s.mrr:>6.3f} {s.multi_recall:>10.3f}")


if __name__ == "__main__":
    main()
