"""The Chroma client an index is opened with: embedded in a folder, or a `chroma run` server."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rag.config import Settings
from rag.errors import StoreError

if TYPE_CHECKING:
    import chromadb


def read_only(exc: Exception) -> bool:
    text = str(exc).lower()
    return isinstance(exc, PermissionError) or "readonly" in text or "read-only" in text


def connect(settings: Settings, *, create: bool) -> chromadb.api.ClientAPI:
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False, allow_reset=False)
    if settings.chroma_mode == "server":
        headers = {}
        if settings.chroma_token:
            headers["Authorization"] = f"Bearer {settings.chroma_token.get_secret_value()}"
        try:
            return chromadb.HttpClient(
                host=settings.chroma_host,
                port=settings.chroma_port,
                ssl=settings.chroma_ssl,
                headers=headers,
                settings=chroma_settings,
            )
        except Exception as exc:
            raise StoreError(
                f"cannot reach the Chroma server at {settings.chroma_host}:{settings.chroma_port} "
                f"({type(exc).__name__}): start it with `chroma run`, or set RAG_CHROMA_MODE=embedded"
            ) from None
    path = Path(settings.index_dir)
    if not create and not (path / "chroma.sqlite3").exists():
        raise StoreError(f"no index at {path}: run `rag ingest` (or `make run`) to build it")
    try:
        path.mkdir(parents=True, exist_ok=True)
        return chromadb.PersistentClient(path=str(path), settings=chroma_settings)
    except Exception as exc:
        if read_only(exc):  # not damaged: the advice below would have someone delete a good index
            raise StoreError(
                f"the index at {path} is read-only (Chroma writes to it even to search): "
                "fix its permissions, or copy it and use --index DIR"
            ) from None
        raise StoreError(
            f"cannot open the index at {path} ({type(exc).__name__}: {exc}); "
            "if it is damaged, delete the folder and run `rag ingest` again"
        ) from None
