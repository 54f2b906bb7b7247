"""Who may sign in: the users file (real bcrypt, real files), `rag users`, and `rag serve` refusing to be
reachable from other machines with nobody asked to sign in."""

from __future__ import annotations

import asyncio
import io
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from pydantic import SecretStr

from rag.config import Settings
from rag.errors import ConfigError, InputError
from rag.state.users import (
    FAILURE_WINDOW_S,
    FAILURES_ALLOWED,
    Gate,
    Throttle,
    Users,
    check_exposure,
    signs_in,
    users_path,
)

from .conftest import run_cli


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_users_are_added_checked_changed_and_removed_in_a_private_file(tmp_path: Path) -> None:
    users = Users(tmp_path / "state" / "users")
    assert users.names() == [] and not users.check("ann", "whatever-it-is")
    assert users.add("ann", "ann-password") is True
    assert users.add("bob", "bob-password") is True
    assert users.check("ann", "ann-password") and users.check("bob", "bob-password")
    assert not users.check("ann", "bob-password") and not users.check("carol", "ann-password")
    assert not users.check("ann", "ann-password" + "x" * 80)  # past bcrypt's 72 bytes is no way in
    assert users.add("ann", "new-password") is False  # a new password for the same user
    assert users.check("ann", "new-password") and not users.check("ann", "ann-password")

    lines = users.path.read_text().splitlines()
    assert [line.split(":")[0] for line in lines] == ["ann", "bob"]
    assert all(line.split(":", 1)[1].startswith("$2b$12$") for line in lines)
    assert "password" not in users.path.read_text()
    assert mode(users.path.parent) == 0o700 and mode(users.path) == 0o600
    assert [p.name for p in users.path.parent.iterdir()] == ["users"]  # no partial file left beside it

    # another process's change is read at the next sign-in, without a restart
    Users(users.path).remove("bob")
    assert users.names() == ["ann"] and not users.check("bob", "bob-password")
    assert not users.remove("bob")


@pytest.mark.parametrize(
    "name, password, said",
    [
        ("ann:x", "long-enough", "user name 'ann:x': use 1 to 64 letters"),
        ("", "long-enough", "user name '': use 1 to 64 letters"),
        ("ann smith", "long-enough", "user name 'ann smith'"),
        ("ann", "short", "the password is shorter than 8 characters"),
        ("ann", "é" * 40, "the password is longer than 72 bytes"),
    ],
)
def test_a_bad_name_or_password_is_one_line(tmp_path: Path, name: str, password: str, said: str) -> None:
    users = Users(tmp_path / "users")
    with pytest.raises(InputError, match=said):
        users.add(name, password)
    assert not users.path.exists()


@pytest.mark.parametrize(
    "text, said",
    [
        ("ann:$2b$12$abc\nbob\n", ":2: expected name:bcrypt-hash"),
        ("ann:plain-password\n", ":1: expected name:bcrypt-hash"),
        ("# lab users\n\nann:$2b$12$abc\nann:$2b$12$def\n", ":4: user 'ann' is listed twice"),
    ],
)
def test_a_bad_users_file_names_its_line(tmp_path: Path, text: str, said: str) -> None:
    path = tmp_path / "users"
    path.write_text(text)
    with pytest.raises(ConfigError, match=f"^{path}{said}"):
        Users(path).check("ann", "ann-password")


def test_the_sign_in_takes_the_file_and_the_single_user(settings: Settings) -> None:
    assert signs_in(settings) is None  # nobody named: the page is open
    single = settings.model_copy(update={"auth_username": "ann", "auth_password": SecretStr("ann-password")})
    gate = signs_in(single)
    assert gate is not None and asyncio.run(gate.sign_in("ann", "ann-password"))
    assert not asyncio.run(gate.sign_in("ann", "wrong")) and not asyncio.run(gate.sign_in("bob", "bob-password"))

    Users(users_path(settings)).add("bob", "bob-password")
    for configured in (settings, single):
        gate = signs_in(configured)
        assert gate is not None and asyncio.run(gate.sign_in("bob", "bob-password"))
    assert asyncio.run(signs_in(single).sign_in("ann", "ann-password"))  # type: ignore[union-attr]
    assert users_path(settings) == settings.state_dir / "users"
    elsewhere = settings.model_copy(update={"users_file": settings.state_dir.parent / "lab-users"})
    assert signs_in(elsewhere) is None  # RAG_USERS_FILE names another file, with nobody in it yet


def test_a_name_guessed_at_is_refused_unchecked_until_its_failures_age_out(settings: Settings) -> None:
    now = [1000.0]
    users = Users(users_path(settings))
    users.add("bob", "bob-password")
    gate = Gate(users, ("ann", "ann-password"), Throttle(clock=lambda: now[0]))
    checked: list[str] = []
    real_check = users.check
    users.check = lambda name, password: checked.append(name) or real_check(name, password)  # type: ignore[method-assign]

    def sign_in(name: str, password: str) -> bool:
        return asyncio.run(gate.sign_in(name, password))

    for name in ("bob", "ann"):
        for _ in range(FAILURES_ALLOWED):
            assert not sign_in(name, "a wrong guess")
        # the right password no longer lets this name in, and is not even checked against bcrypt
        assert not sign_in(name, f"{name}-password")
    assert checked == ["bob"] * FAILURES_ALLOWED
    assert sign_in("carl", "anything else") is False and checked[-1] == "carl"  # other names are untouched

    now[0] += FAILURE_WINDOW_S  # the oldest failures age out of the window
    assert sign_in("bob", "bob-password") and sign_in("ann", "ann-password")
    # a success clears the name's failures: one more wrong guess does not lock it again
    assert not sign_in("bob", "a wrong guess") and sign_in("bob", "bob-password")


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "lab.example.org", ""])
def test_an_address_other_machines_reach_needs_a_sign_in(settings: Settings, host: str) -> None:
    exposed = settings.model_copy(update={"host": host})
    with pytest.raises(ConfigError, match=r"^refusing to serve on .* with no sign-in: add a user with `rag users add"):
        check_exposure(exposed)
    check_exposure(exposed, insecure_no_auth=True)  # asked for by name
    Users(users_path(settings)).add("ann", "ann-password")
    check_exposure(exposed)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"])
def test_this_machine_alone_needs_no_sign_in(settings: Settings, host: str) -> None:
    check_exposure(settings.model_copy(update={"host": host}))


def test_a_share_link_needs_a_sign_in(settings: Settings) -> None:
    with pytest.raises(ConfigError, match="refusing to serve on a public share link with no sign-in"):
        check_exposure(settings.model_copy(update={"share": True}))


def test_rag_users_add_list_remove(
    settings: Settings,
    rag_main: Callable[..., int],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def users(*args: str, stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))  # not a terminal: the password is its first line
        code = rag_main(settings, "users", *args)
        said = capsys.readouterr()
        return code, said.out.strip(), said.err.strip()

    path = settings.state_dir / "users"
    assert users("list") == (0, f"no users in {path}", "")
    assert users("add", "ann", stdin="ann-password\n") == (0, f"added ann in {path}", "")
    assert users("add", "bob", stdin="bob-password\r\nignored\n") == (0, f"added bob in {path}", "")
    assert users("add", "ann", stdin="ann-password-2\n") == (0, f"changed the password of ann in {path}", "")
    assert users("list") == (0, "ann\nbob", "")
    assert Users(path).check("ann", "ann-password-2") and Users(path).check("bob", "bob-password")
    assert users("add", "carol", stdin="\n") == (1, "", "rag users: the password is shorter than 8 characters")
    assert users("add") == (1, "", "rag users: give the user's name: rag users add NAME")
    assert users("remove", "bob") == (0, f"removed bob from {path}", "")
    assert users("remove", "bob") == (1, "", f"rag users: no user 'bob' in {path}")
    assert users("list") == (0, "ann", "")


def test_rag_serve_on_every_address_without_a_sign_in_refuses_before_loading(seeded: Settings, tmp_path: Path) -> None:
    seeded = seeded.model_copy(update={"state_dir": tmp_path / "state"})
    run = run_cli(seeded, "serve", "--host", "0.0.0.0", "--port", "1", timeout=120)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.splitlines() == [
        "rag serve: refusing to serve on 0.0.0.0, reachable from other machines, with no sign-in: add a user with "
        "`rag users add NAME`, or set RAG_AUTH_USERNAME and RAG_AUTH_PASSWORD, or pass --insecure-no-auth"
    ]
    run = run_cli(seeded, "serve", "--port", "1", timeout=120, RAG_HOST="0.0.0.0")  # the setting, the same
    assert run.returncode == 1 and "refusing to serve on 0.0.0.0" in run.stderr
    # a users file it cannot read stops it too, in one line naming the line
    users = seeded.state_dir / "users"
    users.parent.mkdir(parents=True)
    users.write_text("ann:not-a-hash\n")
    run = run_cli(seeded, "serve", "--port", "1", timeout=120)
    assert run.returncode == 1
    assert run.stderr.splitlines() == [
        f"rag serve: {users}:1: expected name:bcrypt-hash (make it with `rag users add NAME`)"
    ]
