"""Index: `Paper`s in, a Chroma collection that holds each exactly once out.

Takes papers from `rag.corpus`, cuts them into units (`chunking`), embeds them through the
LangChain `Embeddings` seam (`embeddings`) and keeps them in Chroma (`store`), idempotently and
resumably; `indexer` does it in slices behind a running app and reports progress. Gives a
`Store` that the search stage reads, and the revision that derived data (`cache`) is keyed by.
"""
