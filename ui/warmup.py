"""Loading the search side, then the model, in a background thread while the page is already up."""

from __future__ import annotations

import logging
import threading

from rag.answering.pipeline import Assistant
from rag.errors import RagError
from rag.index.indexer import Progress
from ui import render

log = logging.getLogger(__name__)


class Warmup:
    """Loads the search side, then the model, in a background thread: the page is up at once,
    the first question does not pay for the loading, and the status line says what is happening."""

    def __init__(self, assistant: Assistant, load_model: bool = True) -> None:
        self.assistant = assistant
        self.load_model = load_model
        self.step = "starting"
        self.problem: str | None = None
        self.model_loaded = False
        self.done = threading.Event()
        threading.Thread(target=self._run, name="rag-warmup", daemon=True).start()

    def _run(self) -> None:
        try:
            self.step = "loading the search index"
            self.assistant.retriever.search("warm up", k=1)
            if self.load_model:
                self.step = "loading the model"
                self.assistant.load_model()
                self.model_loaded = True
        except RagError as exc:
            self.problem = str(exc)
        except Exception as exc:
            log.exception("warm-up failed")
            self.problem = f"{type(exc).__name__}: {exc}"
        finally:
            self.done.set()

    def status(self, papers: int, indexing: Progress | None = None) -> str:
        backend = render.md_text(self.assistant.backend)
        index = f"{papers:,} abstracts indexed"
        if indexing is not None:
            index = render.md_text(indexing.line())
        if not self.done.is_set():
            return f"**Starting: {self.step}…** · backend {backend} · {index} · you can ask now"
        if self.problem:
            return f"⚠ **{render.md_text(self.problem)}** · extractive answers still work · backend {backend} · {index}"
        model = "model ready" if self.model_loaded else "model loads on first model answer"
        return f"✓ **ready** · backend {backend} · {model} · {index}"

    def waiting(self, mode: str | None) -> str:
        if mode == "model" and not self.model_loaded and not self.problem:
            return "Searching the abstracts… (the model is still loading; the answer waits for it)"
        return "Searching the abstracts…"
