"""Under the chat: the last answer's suggested follow-ups as buttons that ask them, and its downloads
(BibTeX of the cited papers, the answer as Markdown, a comparison's table as CSV).

What is suggested and exported is rag's (`rag.answering.followups`, `rag.answering.export`), built from the typed
Answer the chat keeps in each entry; this module only lays out the buttons and writes the files
Gradio serves. Gradio is imported inside functions, like the rest of the page; no `from __future__
import annotations`, since Gradio reads the handlers' type hints at runtime.
"""

import shutil
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rag.answering import export, followups
from rag.types import Answer
from ui import PRIVATE
from ui.chat import ChatEntry

DOWNLOADS = (("bibtex", "Download BibTeX"), ("markdown", "Download Markdown"), ("csv", "Download table (CSV)"))
# a list answer's BibTeX and CSV hold all its papers, not only the quoted ones
KEEP_EXPORTS = 64  # folders of exports kept on disk: Gradio has copied a file to its cache once shown


def view(entries: Sequence[ChatEntry]) -> tuple[list[str], dict[str, str]]:
    """What the row shows for a chat: the last answer's follow-ups and its exports (name -> text).
    Nothing for an empty chat, a failed question, or a chat reopened from storage (no Answer kept)."""
    answer: Answer | None = entries[-1].answer if entries else None
    if answer is None:
        return [], {}
    return followups.suggest(answer), export.exports(answer, entries[-1].listed)


class NextSteps:
    """The follow-up buttons and the download buttons, built under the chat and wired to it."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="rag-exports-"))
        self._written: deque[Path] = deque()
        self._lock = threading.Lock()
        self.buttons: list[Any] = []
        self.downloads: dict[str, Any] = {}

    def row(self) -> None:
        """The components, hidden until an answer brings something to show."""
        import gradio as gr

        with gr.Row(elem_id="followups"):
            self.buttons = [
                gr.Button(visible=False, size="sm", elem_id=f"followup-{i}", elem_classes=["followup"])
                for i in range(followups.MOST)
            ]
        with gr.Row(elem_id="downloads"):
            self.downloads = {
                name: gr.DownloadButton(label, visible=False, size="sm", elem_id=f"download-{name}")
                for name, label in DOWNLOADS
            }

    def attach(self, entries: Any, question: Any, ask: Callable[[Any], Any]) -> None:
        """Redraw on every change of the chat; a follow-up click puts its question in the box, then
        `ask` chains the chat's own handler on that event, so it is answered as if typed and sent."""
        entries.change(self.update, [entries], [*self.buttons, *self.downloads.values()], **PRIVATE)
        for button in self.buttons:
            ask(button.click(lambda text: text, [button], [question], **PRIVATE))

    def update(self, entries: list[ChatEntry]) -> list[Any]:
        """The buttons' updates for the chat's last answer: each follow-up, then each download."""
        import gradio as gr

        questions, files = view(entries)
        answer = entries[-1].answer if entries else None
        paths = self._write(files, export.file_names(answer)) if answer is not None else {}
        shown = [
            gr.update(value=questions[i], visible=True) if i < len(questions) else gr.update(visible=False)
            for i in range(followups.MOST)
        ]
        return shown + [
            gr.update(value=str(paths[name]), visible=True) if name in paths else gr.update(value=None, visible=False)
            for name, _label in DOWNLOADS
        ]

    def _write(self, files: dict[str, str], names: dict[str, str]) -> dict[str, Path]:
        """Each answer's files in a folder of their own (sessions answer at once); old folders go."""
        with self._lock:
            folder = Path(tempfile.mkdtemp(dir=self.folder))
            self._written.append(folder)
            while len(self._written) > KEEP_EXPORTS:
                shutil.rmtree(self._written.popleft(), ignore_errors=True)
        paths = {}
        for name, text in files.items():
            paths[name] = folder / names[name]
            paths[name].write_text(text, encoding="utf-8")
        return paths
