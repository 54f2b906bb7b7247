"""Saved chats and the thumbs on answers: the "Saved chats" tab (list, search, open, rename, delete), the
current chat saved after each answer, and a rating with an optional note on any answer.

The page hooks in at three places (ui/app.py): `note_row` inside the chat column, `attach` once the
chat's components exist, `tab` among the tabs. What is saved is data (rag.state.conversations); reopening
a chat rebuilds the page's ChatEntry list from it, never from the rendered messages.

With auth on (rag.state.users: a users file, or RAG_AUTH_USERNAME), a chat belongs to the signed-in user
(Gradio's `request.username`); a request without one reads nothing and saves nothing. Without auth, everyone
who reaches the page is the machine's one user.
No `from __future__ import annotations`, as in ui/app.py: Gradio reads the handlers' type hints.
"""

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rag.answering.pipeline import Assistant
from rag.errors import RagError
from rag.state.conversations import Conversations, SavedTurn, Summary
from rag.state.feedback import FeedbackStore, answer_settings
from rag.state.users import signs_in
from rag.types import Turn
from ui import PRIVATE, box_and_button, chat, render
from ui.chat import ChatEntry, Message

if TYPE_CHECKING:
    import gradio as gr

__all__ = ["LOCAL_OWNER", "SavedChats"]

LOCAL_OWNER = "local"
NOTHING_SAVED = "No saved chats yet: every answered chat is saved here."
NO_MATCH = "No saved chat contains “{query}”."

# what opening a saved chat sets: the chat messages, entries, sources panel, copy box and the chat's id
Opened = tuple[list[Message], list[ChatEntry], str, str, str]


class SavedChats:
    """The saved-chat store and the feedback store behind the page, and the handlers over them.

    Handlers take the request last (Gradio fills a parameter annotated gr.Request); the methods the
    closures call take any object with a `username`, so they are tested without a server.
    """

    def __init__(self, assistant: Assistant) -> None:
        settings = assistant.settings
        self.assistant = assistant
        self.auth = signs_in(settings) is not None
        self.store = Conversations(settings.state_dir)
        self.feedback = FeedbackStore(settings.state_dir)
        self._chat: list[Any] = []  # chatbot, entries, sources, copy box, question (attach)
        self._mode: Any = None
        self._chat_id: Any = None
        self._note: dict[str, Any] = {}

    def owner(self, request: Any) -> str | None:
        """Whose chats a request reads: the signed-in user; with auth off, the local one; else (nobody) None.

        A signed-in name counts even where auth looked off when the page was built: a users file made in
        between turns the sign-in on, and its users must not read the local user's chats.
        """
        name = getattr(request, "username", None)
        if name:
            return str(name)
        return None if self.auth else LOCAL_OWNER

    # --- layout and wiring ------------------------------------------------------------------------

    def note_row(self) -> None:
        """The note a rating may carry, hidden until a thumb is clicked; sits in the chat column."""
        import gradio as gr

        with gr.Group(visible=False, elem_id="feedback-row") as row:
            said = gr.Markdown("", elem_id="feedback-said")
            box, send = box_and_button(
                "What was wrong or right? (optional)", "Save note", "feedback-note", "feedback-save"
            )
        self._note = {"row": row, "said": said, "box": box, "send": send, "id": gr.State(0)}

    def attach(self, chat_outputs: Sequence[Any], mode: Any) -> None:
        """The chat's components (chatbot, entries, sources, copy box, question), and the rating wired on them."""
        import gradio as gr

        self._chat, self._mode, self._chat_id = list(chat_outputs), mode, gr.State("")
        chatbot, entries = self._chat[0], self._chat[1]
        note = self._note

        def rated(entries: list[ChatEntry], chat_id: str, mode: str, evt: gr.LikeData, request: gr.Request) -> Any:
            index = evt.index[0] if isinstance(evt.index, (list, tuple)) else evt.index
            liked = evt.liked if isinstance(evt.liked, bool) else None
            try:
                feedback_id = self.rate(entries, chat_id, mode, int(index), liked, request)
            except RagError as exc:
                raise gr.Error(str(exc)) from None
            if not feedback_id:
                return gr.update(visible=False), "", gr.update(value=""), gr.update(), 0
            said = (
                "Thumbs up noted. Anything to add? (optional)"
                if liked
                else "Thumbs down noted. What was wrong? (optional)"
            )
            return (
                gr.update(visible=True),
                said,
                gr.update(value="", visible=True),
                gr.update(visible=True),
                feedback_id,
            )

        def noted(feedback_id: int, text: str, request: gr.Request) -> Any:
            if not self.save_note(feedback_id, text, request):
                raise gr.Error("rate an answer first")
            return "Note saved. Thank you.", gr.update(value="", visible=False), gr.update(visible=False)

        outputs = [note["row"], note["said"], note["box"], note["send"], note["id"]]
        chatbot.like(rated, [entries, self._chat_id, mode], outputs, **PRIVATE)
        for trigger in (note["box"].submit, note["send"].click):
            trigger(noted, [note["id"], note["box"]], [note["said"], note["box"], note["send"]], **PRIVATE)

    def tab(self, demo: "gr.Blocks", tabs: Any) -> None:
        """The "Saved chats" tab, wired to the chat `attach` was given."""
        import gradio as gr

        with gr.Tab("Saved chats", id="saved") as tab:
            query, search = box_and_button(
                "Search the saved chats' questions and answers (empty lists them all)",
                "Search",
                "saved-search",
                "saved-search-btn",
            )
            note = gr.Markdown("", elem_id="saved-note")
            listing = gr.Radio([], label="Saved chats, latest first", elem_id="saved-list")
            with gr.Row():
                name = gr.Textbox(label="Name", scale=4, interactive=False, elem_id="saved-name")
                opened = gr.Button("Open", variant="primary", interactive=False, elem_id="saved-open")
                renamed = gr.Button("Rename", interactive=False, elem_id="saved-rename")
                deleted = gr.Button("Delete", variant="stop", interactive=False, elem_id="saved-delete")
        self._wire_tab(demo, tab, tabs, query, search, note, listing, [name, opened, renamed, deleted])

    def _wire_tab(
        self, demo: Any, tab: Any, tabs: Any, query: Any, search: Any, note: Any, listing: Any, picked: list[Any]
    ) -> None:
        import gradio as gr

        def listed(text: str, request: gr.Request, cleared: bool = False) -> tuple[Any, str]:
            """The list as it now is. Only a delete clears the pick: a refresh that set it raced a click on the
            list (the tab's own refresh ran with the click, and its reset reached the buttons' state)."""
            choices, said = self.choices(text, request)
            return (gr.update(choices=choices, value=None) if cleared else gr.update(choices=choices)), said

        def chosen(chat_id: str | None, request: gr.Request) -> list[Any]:
            title = self.title(chat_id or "", request)
            return [
                chat_id if title is not None else None,
                gr.update(value=title or "", interactive=title is not None),
            ] + [gr.update(interactive=title is not None)] * 3

        def saved(entries: list[ChatEntry], chat_id: str, text: str, request: gr.Request) -> tuple[str, Any, str]:
            return (self.autosave(entries, chat_id, request), *listed(text, request))

        def open_chat(chat_id: str | None, request: gr.Request) -> tuple[Any, ...]:
            found = self.open(chat_id or "", request)
            if found is None:
                raise gr.Error("that chat is no longer saved")
            return (*found, gr.Tabs(selected="chat"))

        def rename(chat_id: str | None, title: str, text: str, request: gr.Request) -> tuple[Any, str]:
            try:
                self._check(self.rename(chat_id or "", title, request))
            except RagError as exc:  # a blank name
                raise gr.Error(str(exc)) from None
            return listed(text, request)

        def delete(chat_id: str | None, current: str, text: str, request: gr.Request) -> tuple[Any, str, str]:
            self._check(self.delete(chat_id or "", request))
            return (*listed(text, request, cleared=True), "" if chat_id == current else current)

        chatbot, entries, sources, copy_box, _question = self._chat
        chat_id = self._chat_id
        for trigger in (demo.load, tab.select, query.submit, search.click):
            trigger(listed, [query], [listing, note], **PRIVATE)
        # the buttons act on the chat whose name is shown, kept with the name: the list's own value can be
        # re-rendered by a refresh between a click on it and a click on a button
        shown = gr.State(None)
        listing.change(chosen, [listing], [shown, *picked], **PRIVATE)
        # every change of the chat's entries (an answer, a retry, an undo, clear) is saved or starts a new chat
        entries.change(saved, [entries, chat_id, query], [chat_id, listing, note], **PRIVATE)
        name, opened, renamed, deleted = picked
        opened.click(open_chat, [shown], [chatbot, entries, sources, copy_box, chat_id, tabs], **PRIVATE)
        renamed.click(rename, [shown, name, query], [listing, note], **PRIVATE)
        deleted.click(delete, [shown, chat_id, query], [listing, note, chat_id], **PRIVATE)

    @staticmethod
    def _check(done: bool) -> None:
        import gradio as gr

        if not done:
            raise gr.Error("that chat is no longer saved")

    # --- handlers, without Gradio -----------------------------------------------------------------

    def choices(self, query: str, request: Any) -> tuple[list[tuple[str, str]], str]:
        """The list's choices (label: date and title; value: the chat's id) and the line above it."""
        query = (query or "").strip()
        try:
            found = self.store.search(self.owner(request), query)
        except RagError as exc:
            return [], f"⚠ {render.md_text(str(exc))}"
        said = f"{len(found)} saved chats" + (f" containing “{render.md_text(query)}”" if query else "") + "."
        if not found:
            said = NO_MATCH.format(query=render.md_text(query)) if query else NOTHING_SAVED
        return [(_label(s), s.id) for s in found], said

    def title(self, chat_id: str, request: Any) -> str | None:
        found = self.store.get(self.owner(request), chat_id) if chat_id else None
        return found.summary.title if found else None

    def autosave(self, entries: Sequence[ChatEntry], chat_id: str, request: Any) -> str:
        """Save the chat as it now is; returns its id ('' once the chat is empty: the next answer starts a new one).

        A chat that cannot be saved (nobody signed in, the database unwritable) is still answered.
        """
        owner = self.owner(request)
        if not entries or owner is None:
            return ""
        turns = [SavedTurn(e.turn.question, e.turn.answer, e.turn.cited, e.shown, e.sources) for e in entries]
        try:
            return self.store.save(owner, turns, chat_id)
        except RagError:
            return chat_id

    def open(self, chat_id: str, request: Any) -> Opened | None:
        """A saved chat as the chat tab shows it: messages, entries, the last answer's sources and Markdown, its id."""
        found = self.store.get(self.owner(request), chat_id)
        if found is None:
            return None
        entries = [ChatEntry(Turn(t.question, t.answer, t.cited), t.shown, t.sources) for t in found.turns]
        last = entries[-1] if entries else None
        sources = last.sources if last else render.sources_html(None)
        return chat.chat_messages(entries), entries, sources, last.turn.answer if last else "", found.summary.id

    def rename(self, chat_id: str, title: str, request: Any) -> bool:
        return self.store.rename(self.owner(request), chat_id, title)

    def delete(self, chat_id: str, request: Any) -> bool:
        return self.store.delete(self.owner(request), chat_id)

    def rate(
        self, entries: Sequence[ChatEntry], chat_id: str, mode: str | None, index: int, liked: bool | None, request: Any
    ) -> int:
        """A thumb on the chat message at `index` (user and assistant messages alternate): the rating's id,
        or 0 when it was withdrawn or cannot be kept."""
        owner, position = self.owner(request), index // 2
        if owner is None or not 0 <= position < len(entries):
            return 0
        turn = entries[position].turn
        if liked is None:
            self.feedback.withdraw(owner, turn, chat_id, position)
            return 0
        history = [e.turn for e in entries[:position]]
        settings = answer_settings(self.assistant, mode)
        return self.feedback.rate(owner, "up" if liked else "down", turn, history, settings, chat_id, position)

    def save_note(self, feedback_id: int, note: str, request: Any) -> bool:
        return bool(feedback_id) and self.feedback.note(self.owner(request), int(feedback_id), note or "")


def _label(summary: Summary) -> str:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(summary.updated))
    exchanges = f"{summary.turns} question" + ("s" if summary.turns != 1 else "")
    return f"{when} · {summary.title} · {exchanges}"
