"""Corpus: files and records in, `Paper`s out.

Takes paths (text, JSONL, CSV, compressed or not), a named corpus (`seeds`, `iclr2026`) or an
OpenReview venue, and gives `types.Paper` records, each once, with the problems of the bad
records said by file:line and field (`documents.ReadLog`). Nothing here embeds or searches.
"""
