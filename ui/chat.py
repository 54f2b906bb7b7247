"""The chat's state and steps, without Gradio: what the page keeps of each exchange, and how one
question turns into the updates the page shows while rag answers it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from rag.errors import RagError
from rag.retrieval.filters import Filters
from rag.types import Answer, Citation, Delta, Sources, Turn
from ui import render

if TYPE_CHECKING:
    from rag.answering.pipeline import Assistant

log = logging.getLogger(__name__)

Message = dict[str, str]


@dataclass(frozen=True)
class ChatEntry:
    """One exchange as the page keeps it: rag's `Turn` (what follow-ups read: the question, the answer's
    Markdown, the cited ids) and what the page showed for it, so undo can put it back without rag."""

    turn: Turn
    shown: str  # the assistant's chat message
    sources: str  # the sources panel's HTML
    answer: Answer | None = field(default=None, compare=False)  # rag's answer, for what is built from it
    # (follow-ups, downloads); None once reopened. Kept out of == and hash(): Gradio hashes the entries to see
    # them change (ui/saved.py saves the chat then), and an Answer holds lists
    listed: dict[str, Citation] | None = field(default=None, compare=False)  # a list answer's every paper


class Step(NamedTuple):
    """What one step of a chat handler changes; None leaves the sources panel or copy box as it is."""

    messages: list[Message]
    entries: list[ChatEntry]
    sources: str | None
    copy: str | None


def history(entries: Sequence[ChatEntry]) -> list[Turn]:
    return [entry.turn for entry in entries]


def chat_messages(entries: Sequence[ChatEntry]) -> list[Message]:
    messages = []
    for entry in entries:
        messages += [
            {"role": "user", "content": render.md_text(entry.turn.question)},
            {"role": "assistant", "content": entry.shown},
        ]
    return messages


def respond(
    assistant: Assistant,
    question: str,
    entries: list[ChatEntry],
    mode: str | None,
    filters: Filters | None,
    waiting: str,
    stopping: threading.Event | None = None,
) -> Generator[Step, None, None]:
    """One question: a placeholder at once, the papers found, the text as the model writes it, then the
    checked answer. Once `stopping` is set the answer ends at the next step with the question and the
    papers found: this generator is the only writer of the chat, so a stop cannot race a late step."""
    shown = [*chat_messages(entries), {"role": "user", "content": render.md_text(question)}]
    placeholder = [*shown, {"role": "assistant", "content": f"*{waiting}*"}]
    yield Step(placeholder, entries, None, None)
    written, found = "", render.sources_html(None)
    final: Answer | None = None
    events = assistant.stream(question, history(entries), filters, mode)
    try:
        for event in events:
            if stopping is not None and stopping.is_set():
                events.close()  # ends the model's generation too (rag.models.llm stops its thread on close)
                yield _stopped(entries, question, found)
                return
            if isinstance(event, Sources):  # a model takes seconds to write: the papers can be read meanwhile
                found = render.found_html(event.hits)
                yield Step(placeholder, entries, found, None)
            elif isinstance(event, Delta):
                written += event.text
                yield Step(
                    [*shown, {"role": "assistant", "content": render.streaming_message(written)}], entries, None, None
                )
            else:
                final = event
    except RagError as exc:  # said in the chat; the page stays usable
        yield _failed(entries, question, exc)
        return
    except Exception as exc:  # a bug or a crashed dependency must not take the page down either
        log.exception("answering %r failed", question)
        yield _failed(entries, question, exc)
        return
    finally:
        events.close()
    if final is None:
        yield _failed(entries, question, RuntimeError("no answer was produced"))
        return
    # rag reads the Markdown with its References block back on follow-ups, so the turn keeps that, not .text
    listed = listed_papers(assistant, final)
    markdown, sources = final.markdown(), render.sources_html(final) + render.list_table_html(final, listed)
    entry = ChatEntry(Turn(question, markdown, final.cited_ids), render.answer_message(final), sources, final, listed)
    entries = [*entries, entry]
    yield Step(chat_messages(entries), entries, sources, markdown)


def listed_papers(assistant: Assistant, answer: Answer) -> dict[str, Citation]:
    """Every paper of a list answer, as the table, its CSV and its BibTeX show them (one read of the store)."""
    if not answer.list:
        return {}
    papers = assistant.store.get_papers(answer.list)
    return {
        pid: Citation(n=n, paper_id=pid, title=p.title, url=p.url, passage="", meta=p.meta)
        for n, pid in enumerate(answer.list, start=1)
        if (p := papers.get(pid))
    }


def _failed(entries: list[ChatEntry], question: str, exc: Exception) -> Step:
    entry = ChatEntry(Turn(question, str(exc)), render.error_message(exc), render.sources_html(None))
    entries = [*entries, entry]
    return Step(chat_messages(entries), entries, entry.sources, "")


def _stopped(entries: list[ChatEntry], question: str, found: str) -> Step:
    """A stopped answer keeps its question and the papers found, not the unchecked text."""
    entry = ChatEntry(Turn(question, "Stopped."), render.stopped_message(), found)
    entries = [*entries, entry]
    return Step(chat_messages(entries), entries, found, "")


def undo(entries: list[ChatEntry]) -> tuple[list[Message], list[ChatEntry], str, str, str]:
    """Drop the last exchange; its question goes back into the box to be edited."""
    if not entries:
        return [], [], render.sources_html(None), "", ""
    kept = entries[:-1]
    sources = kept[-1].sources if kept else render.sources_html(None)
    copy = kept[-1].turn.answer if kept else ""
    return chat_messages(kept), kept, sources, copy, entries[-1].turn.question
