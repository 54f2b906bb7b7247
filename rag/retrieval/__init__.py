"""Retrieval: a question (and filters) in, ranked `types.Hit`s out, one per paper.

Dense search in Chroma and BM25 (`keyword`) over the same `Store`, fused into one score per
paper (`fusion`), within metadata filters (`filters`). Knows nothing of what the question asks.
"""
