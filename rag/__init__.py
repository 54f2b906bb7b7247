"""Paper QA: grounded answers with checked citations over scientific paper abstracts.

The public API is `__all__`:

    import rag
    rag.ingest(["seeds"])
    print(rag.search("KV-cache memory").hits[0].title)
    first = rag.answer("Which papers cut KV-cache memory?")
    print(rag.answer("How does the second one work?", [first.turn()]).markdown())

Each name is imported from its module on first use: the answer pipeline pulls in LangChain and
NumPy, and `rag --help` must start without them. The stages are packages (corpus, index,
retrieval, reading, answering, models, state); the data they pass each other is `rag.types`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rag.answering.pipeline import Assistant, answer
    from rag.config import Settings
    from rag.errors import BackendError, ConfigError, InputError, RagError, StoreError
    from rag.index.store import IngestStats, ingest
    from rag.retrieval.filters import Filters
    from rag.retrieval.retriever import SearchResult, search
    from rag.types import Answer, Citation, Hit, Turn

_HOMES = {
    "Answer": "rag.types",
    "Assistant": "rag.answering.pipeline",
    "BackendError": "rag.errors",
    "Citation": "rag.types",
    "ConfigError": "rag.errors",
    "Filters": "rag.retrieval.filters",
    "Hit": "rag.types",
    "IngestStats": "rag.index.store",
    "InputError": "rag.errors",
    "RagError": "rag.errors",
    "SearchResult": "rag.retrieval.retriever",
    "Settings": "rag.config",
    "StoreError": "rag.errors",
    "answer": "rag.answering.pipeline",
    "Turn": "rag.types",
    "ingest": "rag.index.store",
    "search": "rag.retrieval.retriever",
}

__all__ = [
    "Answer",
    "Assistant",
    "BackendError",
    "Citation",
    "ConfigError",
    "Filters",
    "Hit",
    "IngestStats",
    "InputError",
    "RagError",
    "SearchResult",
    "Settings",
    "StoreError",
    "Turn",
    "answer",
    "ingest",
    "search",
]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'rag' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES[name]), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
