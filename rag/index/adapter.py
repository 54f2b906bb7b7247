"""The query-side adapter: a learned 384x384 map applied to a search's query vector, never to papers.

MiniLM was trained on web text; a short description of a paper ("papers that ... for ...") and
the paper's own 'title. abstract' vector sit further apart than they would for an embedder of
this field. The map, trained on the corpora's own (title, keywords, TL;DR -> paper vector) pairs
by bench/train_query_adapter.py, moves the query toward where its paper lies, so no index is
rebuilt: papers keep their vectors and only the question's vector moves (docs/quality.md).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from rag.config import Settings
from rag.errors import ConfigError

if TYPE_CHECKING:
    import numpy as np

ADAPTER = Path(__file__).resolve().parent.parent / "data" / "query_adapter.npy"


@lru_cache(maxsize=2)
def load(path: Path = ADAPTER) -> np.ndarray:
    """The map as a float32 square matrix (read once per process: 600 KB)."""
    import numpy as np

    matrix: np.ndarray = np.load(path).astype(np.float32)
    if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
        raise ConfigError(
            f"{path}: a query adapter is a square matrix, not {matrix.shape}: "
            "train one with bench/train_query_adapter.py, or set RAG_QUERY_ADAPTER=false"
        )
    return matrix


def adapt(vector: list[float] | np.ndarray, settings: Settings, path: Path = ADAPTER) -> np.ndarray:
    """The query vector mapped and normalised again, or unchanged when settings.query_adapter is off."""
    import numpy as np

    plain = np.asarray(vector, dtype=np.float32)
    if not settings.query_adapter:
        return plain
    mapped = plain @ load(path)
    norm = float(np.linalg.norm(mapped))
    return mapped / norm if norm > 0 else plain
