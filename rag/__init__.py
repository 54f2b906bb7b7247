"""Paper QA: grounded answers with checked citations over scientific paper abstracts.

The public API is `__all__`:

    import rag
    rag.ingest(["seeds"])
    print(rag.search("KV-cache memory").hits[0].title)
    print(rag.Assistant().answer("What does TraDy do?").markdown())

Each name is imported from its module on first use: the answer pipeline pulls in LangChain and
NumPy, and `rag --help` must start without them. `rag.answer` is the module of the pipeline;
its one-call function is `rag.answer.answer`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rag.answer import Answer, Assistant
    from rag.config import Settings
    from rag.errors import BackendError, ConfigError, InputError, RagError, StoreError
    from rag.filters import Filters
    from rag.grounding import Citation
    from rag.retrieval import Hit, SearchResult, search
    from rag.store import IngestStats, ingest
    from rag.turns import Turn

_HOMES = {
    "Answer": "rag.answer",
    "Assistant": "rag.answer",
    "BackendError": "rag.errors",
    "Citation": "rag.grounding",
    "ConfigError": "rag.errors",
    "Filters": "rag.filters",
    "Hit": "rag.retrieval",
    "IngestStats": "rag.store",
    "InputError": "rag.errors",
    "RagError": "rag.errors",
    "SearchResult": "rag.retrieval",
    "Settings": "rag.config",
    "StoreError": "rag.errors",
    "Turn": "rag.turns",
    "ingest": "rag.store",
    "search": "rag.retrieval",
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
