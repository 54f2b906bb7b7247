"""Serving the page: address, sign-in (rag.state.users), queue, offline theme; `rag serve` starts here.

No `from __future__ import annotations`, as in ui/app.py; gradio is imported inside functions.
"""

import sys
from typing import TYPE_CHECKING

from rag.answering.pipeline import Assistant
from rag.config import Settings, apply_runtime_env
from rag.errors import RagError, StoreError
from rag.index.indexer import BackgroundIndexer, Progress
from rag.index.store import Store
from rag.state.users import check_exposure, signs_in
from ui.app import CSS_PATH, AssistantUI

if TYPE_CHECKING:
    import gradio as gr

QUEUE_SIZE = 64  # waiting questions beyond this get "queue full" at once instead of a long wait


def launch(demo: "gr.Blocks", settings: Settings, *, block: bool = True, insecure_no_auth: bool = False) -> None:
    """Serve the page with the settings' address, sign-in, sharing and concurrency.

    A page other machines could reach with nobody asked to sign in is a ConfigError, unless insecure_no_auth.
    """
    import gradio as gr

    check_exposure(settings, insecure_no_auth=insecure_no_auth)
    gate = signs_in(settings)
    demo.queue(default_concurrency_limit=settings.concurrency, max_size=QUEUE_SIZE)
    demo.launch(
        server_name=settings.host,
        server_port=settings.port,
        share=settings.share,
        # Gradio awaits a coroutine function here (its /login route), though its hint names a plain one
        auth=gate.sign_in if gate else None,  # type: ignore[arg-type]
        show_error=False,  # an unexpected error's text (Python's internals) never reaches a client; gr.Error's do
        prevent_thread_lock=not block,
        ssr_mode=False,  # server-side rendering needs Node; the page works without it
        # system fonts: the default theme would fetch Google Fonts, and this product is offline
        theme=gr.themes.Default(
            font=["ui-sans-serif", "system-ui", "sans-serif"], font_mono=["ui-monospace", "monospace"]
        ),
        css_paths=[CSS_PATH],
    )


def serve(settings: Settings, corpus: str | None = None, *, insecure_no_auth: bool = False) -> None:
    """`rag serve`: open the index, start the page; a missing index is one line and exit status 1.

    With a corpus (a name or a path), the page opens at once over what is indexed and the rest is indexed
    behind it (resumable: a restart skips what is already in). An address other machines reach needs a
    sign-in (rag.state.users.check_exposure), checked before anything loads.
    """
    from rag.corpus.corpora import corpus_paths, corpus_settings

    apply_runtime_env()
    indexing: Progress | None = None
    try:
        check_exposure(settings, insecure_no_auth=insecure_no_auth)
        if corpus is None:
            assistant = Assistant(settings)
        else:
            settings = corpus_settings(settings, corpus)
            assistant = Assistant(settings, store=Store(settings, create=True))
            indexer = BackgroundIndexer(assistant.store, assistant.retriever, corpus_paths([corpus]))
            indexing = indexer.start().progress
    except RagError as exc:
        hint = (
            ""
            if "rag ingest" in str(exc) or not isinstance(exc, StoreError)
            else " (build it with `rag ingest` or `make run`)"
        )
        print(f"rag serve: {exc}{hint}", file=sys.stderr)
        raise SystemExit(1) from None
    # while a corpus is indexed the two cores are busy: the model loads only if it writes by default
    # (a bundled model under auto extracts), else on its first answer
    preload = indexing is None or assistant.writer(None) == "model"
    page = AssistantUI(assistant, load_model=preload, indexing=indexing).build()
    launch(page, settings, insecure_no_auth=insecure_no_auth)
