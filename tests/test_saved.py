"""Saved chats and answer feedback: the SQLite stores, the page's handlers with a stand-in request, `rag
feedback export`, and owner separation through a launched app with auth."""

from __future__ import annotations

import json
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from pydantic import SecretStr

from rag.config import Settings
from rag.errors import InputError, StoreError
from rag.state.conversations import Conversations, SavedTurn
from rag.state.feedback import FeedbackStore
from rag.state.users import Users, users_path
from rag.types import Turn
from tests.conftest import HANG_S, ROOT, make_settings
from ui.chat import ChatEntry
from ui.saved import LOCAL_OWNER, SavedChats

# Gradio's queue calls pandas options that pandas 3 deprecates: not ours to fix
pytestmark = pytest.mark.filterwarnings("ignore:.*(no_silent_downcasting|copy keyword):Warning")

KV_TURN = SavedTurn(
    "Which papers reduce KV-cache memory?",
    "KVzip compresses the cache [1].\n\n**References**\n\n[1] KVzip `p1`  ",
    ("p1", "p2"),
    "KVzip compresses the cache [1].",
    '<div class="src-panel">KVzip</div>',
)
FOLLOW_TURN = SavedTurn("How does the second one work?", "It evicts 50% of tokens [1].", ("p2",), "shown", "<div/>")


def entry(t: SavedTurn) -> ChatEntry:
    return ChatEntry(Turn(t.question, t.answer, t.cited), t.shown, t.sources)


# --- the conversation store ------------------------------------------------------------------------


def test_save_list_get_rename_delete_and_survive_reopening(tmp_path: Path) -> None:
    store = Conversations(tmp_path / "state")
    first = store.save("ann", [KV_TURN])
    second = store.save("ann", [FOLLOW_TURN])
    assert [s.id for s in store.recent("ann")] == [second, first]  # latest first
    assert store.save("ann", [KV_TURN, FOLLOW_TURN], first) == first  # a follow-up extends the same chat
    assert [s.id for s in store.recent("ann")] == [first, second]

    reopened = Conversations(tmp_path / "state")  # a restart: a new process reads the same file
    chat = reopened.get("ann", first)
    assert chat is not None and chat.turns == [KV_TURN, FOLLOW_TURN]  # data, sources shown included
    assert chat.summary.title == KV_TURN.question and chat.summary.turns == 2
    assert chat.turns[0].turn == Turn(KV_TURN.question, KV_TURN.answer, ("p1", "p2"))

    assert reopened.rename("ann", first, "  KV   cache ") and reopened.get("ann", first).summary.title == "KV cache"  # type: ignore[union-attr]
    with pytest.raises(InputError, match="name"):
        reopened.rename("ann", first, "   ")
    assert reopened.delete("ann", first) and reopened.get("ann", first) is None
    assert not reopened.delete("ann", first)
    assert [s.id for s in reopened.recent("ann")] == [second]
    with sqlite3.connect(tmp_path / "state" / "state.sqlite3") as db:  # its turns went with it
        assert db.execute("SELECT count(*) FROM conversation_turns WHERE conversation = ?", (first,)).fetchone()[0] == 0


def test_saving_what_is_saved_changes_nothing(tmp_path: Path) -> None:
    store = Conversations(tmp_path)
    chat_id = store.save("ann", [KV_TURN])
    before = store.recent("ann")[0]
    assert store.save("ann", [KV_TURN], chat_id) == chat_id
    assert store.recent("ann")[0] == before  # reopening a chat does not move it to the top
    with pytest.raises(InputError):
        store.save("ann", [])


def test_owners_see_only_their_own_and_nobody_reads_nothing(tmp_path: Path) -> None:
    store = Conversations(tmp_path)
    ann = store.save("ann", [KV_TURN])
    bob = store.save("bob", [FOLLOW_TURN])
    assert [s.id for s in store.recent("ann")] == [ann]
    assert [s.id for s in store.recent("bob")] == [bob]
    assert store.get("bob", ann) is None and store.search("bob", "KV") == []
    assert not store.rename("bob", ann, "mine now") and not store.delete("bob", ann)
    assert store.get("ann", ann) is not None and store.get("ann", ann).summary.title == KV_TURN.question  # type: ignore[union-attr]
    # bob saving under ann's id makes a chat of his own; ann's is untouched
    taken = store.save("bob", [FOLLOW_TURN, KV_TURN], ann)
    assert taken != ann and store.get("ann", ann).turns == [KV_TURN]  # type: ignore[union-attr]
    for nobody in (None, ""):
        assert store.recent(nobody) == [] and store.search(nobody, "KV") == []
        assert store.get(nobody, ann) is None
        assert not store.rename(nobody, ann, "x") and not store.delete(nobody, ann)
        with pytest.raises(InputError, match="sign in"):
            store.save(nobody, [KV_TURN])


def test_search_reads_titles_questions_and_answers(tmp_path: Path) -> None:
    store = Conversations(tmp_path)
    kv = store.save("ann", [KV_TURN])
    follow = store.save("ann", [FOLLOW_TURN])
    assert [s.id for s in store.search("ann", "kv-CACHE")] == [kv]  # any case
    assert [s.id for s in store.search("ann", "evicts")] == [follow]  # in an answer
    assert [s.id for s in store.search("ann", "50%")] == [follow]
    assert [s.id for s in store.search("ann", "%")] == [follow]  # only the answer that says "50%"
    assert [s.id for s in store.search("ann", "_")] == []  # LIKE's wildcards are taken literally
    assert len(store.search("ann", "  ")) == 2
    store.rename("ann", follow, "eviction notes")
    assert [s.id for s in store.search("ann", "notes")] == [follow]


def test_an_unusable_state_folder_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(StoreError, match="state database") as caught:
        Conversations(blocker / "state").recent("ann")
    assert "\n" not in str(caught.value)


def test_the_state_is_private_to_its_account(tmp_path: Path) -> None:
    state = tmp_path / "deep" / "state"
    Conversations(state).save("ann", [KV_TURN])
    FeedbackStore(state).all()
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    assert [(p.name, stat.S_IMODE(p.stat().st_mode)) for p in state.iterdir()] == [("state.sqlite3", 0o600)]
    # a database an earlier version left readable by everyone is closed on its next use; its folder, not
    # necessarily the product's alone, keeps its mode
    (state / "state.sqlite3").chmod(0o644)
    state.chmod(0o755)
    assert [s.title for s in Conversations(state).recent("ann")] == [KV_TURN.question]
    assert stat.S_IMODE((state / "state.sqlite3").stat().st_mode) == 0o600
    assert stat.S_IMODE(state.stat().st_mode) == 0o755


SAVER = """
import sys
from pathlib import Path
from rag.state.conversations import Conversations, SavedTurn
store = Conversations(Path(sys.argv[1]))
for i in range(int(sys.argv[3])):
    store.save(sys.argv[2], [SavedTurn(f"question {i}", "answer", ("p1",))])
"""


def test_app_processes_share_one_state_folder(tmp_path: Path) -> None:
    """Several `rag serve` processes on one machine keep their chats in one folder: SQLite's locks make
    writers from other processes wait their turn (BUSY_TIMEOUT_S), so none is lost and none fails."""
    import subprocess
    import sys

    state, n = tmp_path / "state", 40
    writers = [
        subprocess.Popen([sys.executable, "-c", SAVER, str(state), owner, str(n)], cwd=ROOT, stderr=subprocess.PIPE)
        for owner in ("ann", "bob", "carol")
    ]
    errors = [w.communicate(timeout=120)[1].decode() for w in writers]
    assert [w.returncode for w in writers] == [0, 0, 0], errors
    store = Conversations(state)
    for owner in ("ann", "bob", "carol"):
        assert sorted(s.title for s in store.recent(owner)) == sorted(f"question {i}" for i in range(n))


# --- the feedback store and its export -------------------------------------------------------------

SETTINGS = {"answer_mode": "extractive", "llm_backend": "local", "backend": "b", "index": "/i", "embedder": "e"}


def test_a_rating_can_change_carry_a_note_and_be_withdrawn(tmp_path: Path) -> None:
    store = FeedbackStore(tmp_path)
    turn = KV_TURN.turn
    first = store.rate("ann", "up", turn, [], SETTINGS, "c1", 0)
    assert store.rate("ann", "down", turn, [], SETTINGS, "c1", 0) == first  # changed, not doubled
    assert store.note("ann", first, " cites the wrong paper ") and not store.note("bob", first, "mine")
    assert not store.note(None, first, "x")
    [kept] = store.all()
    assert (kept.rating, kept.note, kept.owner, kept.settings) == ("down", "cites the wrong paper", "ann", SETTINGS)
    assert store.rate("bob", "up", turn, [], SETTINGS, "c9", 0) != first
    assert store.all("bob")[0].rating == "up" and len(store.all()) == 2
    assert store.withdraw("ann", turn, "c1", 0) and not store.withdraw("ann", turn, "c1", 0)
    assert [f.owner for f in store.all()] == ["bob"]
    with pytest.raises(InputError, match="sign in"):
        store.rate(None, "up", turn, [], SETTINGS)


def test_feedback_export_writes_dev_set_candidates(
    settings: Settings, rag_main: Callable[..., int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = FeedbackStore(settings.state_dir)
    up = store.rate("ann", "up", KV_TURN.turn, [], SETTINGS, "c1", 0)
    down = store.rate("ann", "down", FOLLOW_TURN.turn, [KV_TURN.turn], SETTINGS, "c1", 1)
    store.note("ann", down, "the second one is p1, not p2")
    store.rate("ann", "up", Turn("Best pizza in Naples?", "Not answered."), [], SETTINGS, "c2", 0)

    out = tmp_path / "candidates.jsonl"
    assert rag_main(settings, "feedback", "export", "--out", str(out)) == 0
    assert "3 dev-set candidates written to" in capsys.readouterr().out
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    dev_fields = {"id", "kind", "question", "history", "gold", "facts"}
    assert all(dev_fields <= set(line) for line in lines)
    liked, disliked, declined = lines
    assert liked["id"] == f"fb-{up:04d}" and liked["kind"] == "lookup" and liked["gold"] == ["p1", "p2"]
    assert liked["rating"] == "up" and liked["settings"] == SETTINGS and liked["facts"] == [] and liked["history"] == []
    assert disliked["gold"] == [] and disliked["kind"] == "needs_review" and disliked["cited"] == ["p2"]
    assert disliked["note"] == "the second one is p1, not p2"
    assert disliked["history"] == [  # the dev set's history: chat messages, the assistant's with its cited ids
        {"role": "user", "content": KV_TURN.question},
        {"role": "assistant", "content": KV_TURN.answer, "cited": ["p1", "p2"]},
    ]
    assert declined["kind"] == "unanswerable" and declined["gold"] == []

    from rag.evaluation import load_questions  # the file is a question set rag eval reads

    assert [q.id for q in load_questions(out)] == [line["id"] for line in lines]

    assert rag_main(settings, "feedback", "export") == 0  # no --out: the lines on stdout, the summary on stderr
    captured = capsys.readouterr()
    assert [json.loads(line)["id"] for line in captured.out.splitlines()] == [line["id"] for line in lines]
    assert "3 dev-set candidates written" in captured.err


def test_feedback_export_of_nothing_and_to_a_bad_path(
    settings: Settings, rag_main: Callable[..., int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert rag_main(settings, "feedback", "export") == 0
    assert capsys.readouterr().out == ""
    assert rag_main(settings, "feedback", "export", "--out", str(settings.state_dir / "no" / "such" / "f")) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("rag feedback: cannot write")


# --- the page's handlers, with a stand-in request --------------------------------------------------


def fake_assistant(tmp: Path, **overrides: Any) -> Any:
    settings = make_settings(tmp, **overrides)
    return SimpleNamespace(
        settings=settings, backend="local · test", store=SimpleNamespace(location="/idx", embedder="minilm-int8")
    )


def user(name: str | None) -> Any:
    return SimpleNamespace(username=name)


def test_without_auth_every_request_is_the_local_user(tmp_path: Path) -> None:
    saved = SavedChats(fake_assistant(tmp_path))
    assert saved.owner(user(None)) == LOCAL_OWNER == saved.owner(None)
    chat_id = saved.autosave([entry(KV_TURN)], "", user(None))
    assert saved.store.get(LOCAL_OWNER, chat_id) is not None


def test_handlers_save_list_open_rename_delete_and_rate(tmp_path: Path) -> None:
    saved = SavedChats(fake_assistant(tmp_path, auth_username="ann", auth_password=SecretStr("pw")))
    ann, bob, nobody = user("ann"), user("bob"), user(None)

    chat_id = saved.autosave([entry(KV_TURN)], "", ann)
    assert saved.autosave([entry(KV_TURN), entry(FOLLOW_TURN)], chat_id, ann) == chat_id
    assert saved.autosave([], chat_id, ann) == ""  # cleared: the next answer starts a new chat
    choices, said = saved.choices("", ann)
    assert [value for _, value in choices] == [chat_id] and said == "1 saved chats."
    label = choices[0][0]
    assert KV_TURN.question in label and "2 questions" in label and label[:4].isdigit()  # date, first question

    opened = saved.open(chat_id, ann)
    assert opened is not None
    messages, entries, sources, copy, opened_id = opened
    assert entries == [entry(KV_TURN), entry(FOLLOW_TURN)] and opened_id == chat_id
    assert sources == FOLLOW_TURN.sources and copy == FOLLOW_TURN.answer
    assert [m["role"] for m in messages] == ["user", "assistant", "user", "assistant"]
    assert messages[1]["content"] == KV_TURN.shown

    # bob and a request nobody signed in to see and change nothing of ann's
    for other in (bob, nobody):
        assert saved.choices("", other)[0] == [] and saved.open(chat_id, other) is None
        assert saved.title(chat_id, other) is None
        assert not saved.rename(chat_id, "x", other) and not saved.delete(chat_id, other)
    assert saved.autosave([entry(KV_TURN)], "", nobody) == ""  # nobody's chat is not saved
    assert saved.choices("evicts", ann)[0][0][1] == chat_id and saved.choices("pizza", ann)[0] == []

    feedback_id = saved.rate(entries, chat_id, "extractive", 3, False, ann)  # message 3: the second answer
    assert saved.save_note(feedback_id, "wrong paper", ann) and not saved.save_note(feedback_id, "x", bob)
    [kept] = saved.feedback.all()
    assert kept.turn == entry(FOLLOW_TURN).turn and kept.history == [entry(KV_TURN).turn] and kept.note == "wrong paper"
    assert kept.settings == {
        "answer_mode": "extractive",
        "llm_backend": "local",
        "backend": "local · test",
        "index": "/idx",
        "embedder": "minilm-int8",
        "query_encoder": "same",
    }
    assert saved.rate(entries, chat_id, "extractive", 3, None, ann) == 0 and saved.feedback.all() == []  # withdrawn
    assert saved.rate(entries, chat_id, "auto", 1, True, nobody) == 0 and saved.feedback.all() == []
    assert saved.rate(entries, chat_id, "auto", 9, True, ann) == 0  # no such message

    assert saved.rename(chat_id, "KV notes", ann) and saved.title(chat_id, ann) == "KV notes"
    assert saved.delete(chat_id, ann) and saved.choices("", ann) == (
        [],
        "No saved chats yet: every answered chat is saved here.",
    )


# --- owner separation through a launched app with auth ---------------------------------------------


class Visitor:
    """One browser session of the page over HTTP: signed in (or not), calling the page's own events by
    the components they are wired to, as the page's JavaScript does."""

    def __init__(self, url: str, login: tuple[str, str] | None) -> None:
        import uuid

        import httpx

        self.http = httpx.Client(base_url=url, timeout=300)
        if login is not None:
            signed_in = self.http.post("/login", data={"username": login[0], "password": login[1]})
            assert signed_in.status_code == 200, signed_in.text
        self.session = uuid.uuid4().hex
        self.config: dict[str, Any] = self.http.get("/config").json()

    def event(self, elem_id: str | None, event: str, outputs_elem: str | None = None) -> int:
        """The id of the function wired to `event` on the component `elem_id` (a State has no elem_id:
        then the one that writes `outputs_elem`)."""
        ids = {c["id"]: c.get("props", {}).get("elem_id") for c in self.config["components"]}
        for dep in self.config["dependencies"]:
            for target, kind in dep["targets"]:
                if kind != event:
                    continue
                if elem_id is not None and ids.get(target) == elem_id:
                    return int(dep["id"])
                if elem_id is None and outputs_elem in {ids.get(o) for o in dep["outputs"]}:
                    return int(dep["id"])
        raise AssertionError(f"no {event} event on {elem_id or outputs_elem}")

    def call(self, fn_index: int, data: list[Any]) -> dict[str, Any]:
        """Run one event to its end: its final output ({"data": [...]} or {"error": ...})."""
        joined = self.http.post(
            "/gradio_api/queue/join",
            json={"data": data, "fn_index": fn_index, "session_hash": self.session, "event_data": None},
        )
        if joined.status_code != 200:
            return {"error": f"HTTP {joined.status_code}"}
        with self.http.stream("GET", "/gradio_api/queue/data", params={"session_hash": self.session}) as stream:
            for line in stream.iter_lines():
                if line.startswith("data:"):
                    message = json.loads(line[5:])
                    if message.get("msg") == "process_completed":
                        output: dict[str, Any] = message.get("output") or {}
                        return output
        raise AssertionError("the event never completed")

    def saved_chats(self) -> list[Any]:
        output = self.call(self.event("saved-search-btn", "click"), [""])
        return list(output["data"][0]["choices"])


def test_through_the_app_a_user_sees_only_their_own_chats(seeded: Settings, tmp_path: Path) -> None:
    import httpx

    from rag.answering.pipeline import Assistant
    from tests.conftest import free_port
    from ui.app import build_app
    from ui.server import launch

    # ann is the single user of RAG_AUTH_USERNAME, bob one of the users file: the page keys chats by whoever signed in
    settings = seeded.model_copy(
        update={
            "state_dir": tmp_path / "state",
            "auth_username": "ann",
            "auth_password": SecretStr("a-password"),
            "port": free_port(),
        }
    )
    Users(users_path(settings)).add("bob", "b-password")
    demo = build_app(Assistant(settings), load_model=False)
    launch(demo, settings, block=False)
    url = f"http://127.0.0.1:{settings.port}"
    try:
        ann, bob = Visitor(url, ("ann", "a-password")), Visitor(url, ("bob", "b-password"))
        asked = ann.call(ann.event("question", "submit"), ["What is TraDy?", None, "extractive", *[""] * 5, None])
        assert "data" in asked, asked
        # the page saves after each answer when its entries change; here that event is called as the page would
        saved = ann.call(ann.event(None, "change", outputs_elem="saved-list"), [None, None, ""])
        [(label, chat_id)] = saved["data"][1]["choices"]  # the chat's id itself stays in the server's state
        assert label.endswith("What is TraDy? · 1 question") and ann.saved_chats() == [[label, chat_id]]

        assert bob.saved_chats() == []
        # the buttons act on the chat picked in one's own list (kept by the server): bob cannot pick ann's chat,
        # and sending its id to the buttons themselves opens or deletes nothing
        picked = bob.call(bob.event("saved-list", "change"), [chat_id])
        assert "data" not in picked and "not in the list of choices: []" in picked["error"]  # bob's list is empty
        stolen = bob.call(bob.event("saved-open", "click"), [chat_id])
        assert "data" not in stolen and "no longer saved" in stolen["error"]
        assert "data" not in bob.call(bob.event("saved-delete", "click"), [chat_id, None, ""])
        assert ann.saved_chats() == [[label, chat_id]]  # still there
        assert ann.call(ann.event("saved-list", "change"), [chat_id])["data"][1]["value"] == "What is TraDy?"
        opened = ann.call(ann.event("saved-open", "click"), [None])
        assert "TraDy" in json.dumps(opened["data"][0]) and "src-card" in opened["data"][2]  # with its sources

        # a request nobody signed in to gets the login wall, not the chats
        listing = {"data": [""], "fn_index": ann.event("saved-search-btn", "click"), "session_hash": "anon"}
        assert httpx.post(f"{url}/gradio_api/queue/join", json=listing, timeout=HANG_S).status_code == 401
        assert httpx.get(f"{url}/config", timeout=HANG_S).status_code == 401
        assert Conversations(settings.state_dir).recent("bob") == []
    finally:
        demo.close()


def test_chat_entries_hash_as_gradio_hashes_them() -> None:
    """The chat is saved when its entries change, which Gradio sees by deep-hashing them after every step:
    an entry that cannot be hashed would fail every answer."""
    from gradio.utils import deep_hash

    from tests.test_ui import answer

    with_answer = [entry(KV_TURN), ChatEntry(Turn("q", "a", ("p1",)), "shown", "<div/>", answer=answer("a"))]
    assert deep_hash(with_answer) == deep_hash([entry(KV_TURN), ChatEntry(Turn("q", "a", ("p1",)), "shown", "<div/>")])
    assert deep_hash(with_answer) != deep_hash(with_answer[:1])
