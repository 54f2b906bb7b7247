"""Who may sign in to `rag serve`: a users file of `name:hash` lines (bcrypt), written by `rag users add NAME`.

The file is RAG_USERS_FILE, else `users` in the state folder; like the state database it is 0600 in a
0700 folder, and it is replaced whole (written beside, then renamed), so a server reading it never sees
half a file. The server reads it again whenever it changed: a user added, removed or given a new password
counts from their next sign-in, without a restart. RAG_AUTH_USERNAME and RAG_AUTH_PASSWORD name one more
user, kept for a single person's server.

Each user's saved chats and ratings are keyed by the name they signed in with (ui/saved.py).
"""

from __future__ import annotations

import hmac
import os
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from rag.errors import ConfigError, InputError
from rag.state.db import private_file, private_folder

if TYPE_CHECKING:
    from rag.config import Settings

__all__ = ["Gate", "Throttle", "Users", "check_exposure", "manage", "signs_in", "users_path"]

USERS_NAME = "users"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@-]{0,63}")
MIN_PASSWORD_CHARS = 8
MAX_PASSWORD_BYTES = 72  # bcrypt reads no further, and bcrypt 5 refuses a longer one rather than cut it
# bcrypt's cost: 2**12 rounds, 0.25 s per check on this machine's cores; a guess costs an attacker as much
ROUNDS = 12
# a name with this many wrong sign-ins within the window is refused, unchecked, until the oldest ages out:
# guessing gets 5 tries per 5 minutes per name, and a flood of guesses no longer costs the server bcrypt time
FAILURES_ALLOWED = 5
FAILURE_WINDOW_S = 300.0


def users_path(settings: Settings) -> Path:
    return settings.users_file or settings.state_dir / USERS_NAME


class Users:
    """The users file: read, changed and checked against. Thread-safe: Gradio signs people in on worker threads."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._read: tuple[int, int, int] | None = None  # the file's inode, mtime and size when last read
        self._hashes: dict[str, bytes] = {}
        # checked when the name is unknown, so that a wrong name takes as long as a wrong password
        self._decoy = b"$2b$12$" + b"." * 53

    def hashes(self) -> dict[str, bytes]:
        """Name -> bcrypt hash, read again only when the file changed; a bad line is a ConfigError naming it."""
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise ConfigError(f"users file {self.path}: {exc.strerror or exc}") from None
        with self._lock:
            seen = (stat.st_ino, stat.st_mtime_ns, stat.st_size)  # a replaced file is a new inode
            if self._read != seen:
                self._hashes = _parse(self.path)
                self._read = seen
            return dict(self._hashes)

    def names(self) -> list[str]:
        return sorted(self.hashes())

    def check(self, name: str, password: str) -> bool:
        """Whether this name and password sign in. Every wrong answer costs one bcrypt check, as a right one does."""
        import bcrypt

        known = self.hashes().get(name)
        given = password.encode()
        if len(given) > MAX_PASSWORD_BYTES:
            given = given[:MAX_PASSWORD_BYTES]
            known = None  # no stored password is that long (add refuses them)
        try:
            return bcrypt.checkpw(given, known or self._decoy) and known is not None
        except ValueError:  # a decoy or hand-edited hash bcrypt cannot read
            return False

    def add(self, name: str, password: str) -> bool:
        """Keep this user with this password: True when the name is new, False when its password was replaced."""
        import bcrypt

        if not NAME.fullmatch(name):
            raise InputError(
                f"user name {name!r}: use 1 to 64 letters, digits and . _ @ - (starting with a letter or digit)"
            )
        _check_password(password)
        hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(ROUNDS))
        hashes = self.hashes()
        new = name not in hashes
        hashes[name] = hashed
        self._write(hashes)
        return new

    def remove(self, name: str) -> bool:
        hashes = self.hashes()
        if hashes.pop(name, None) is None:
            return False
        self._write(hashes)
        return True

    def _write(self, hashes: dict[str, bytes]) -> None:
        text = "".join(f"{name}:{hashed.decode()}\n" for name, hashed in sorted(hashes.items()))
        partial = self.path.with_name(f".{self.path.name}.{os.getpid()}.partial")
        try:
            private_folder(self.path.parent)
            private_file(partial)
            partial.write_text(text, encoding="utf-8")
            partial.replace(self.path)  # atomic: a server reading it sees the old file or the new one
        except OSError as exc:
            partial.unlink(missing_ok=True)
            raise ConfigError(f"users file {self.path}: {exc.strerror or exc}") from None

    async def sign_in(self, name: str, password: str) -> bool:
        """Gradio's auth callback. A coroutine, so that bcrypt's quarter second runs on a worker thread
        instead of holding the server's event loop (and every other visitor) while it checks."""
        import asyncio

        return await asyncio.to_thread(self.check, name, password)


def _parse(path: Path) -> dict[str, bytes]:
    hashes: dict[str, bytes] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"users file {path}: {getattr(exc, 'strerror', None) or exc}") from None
    for lineno, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, _, hashed = line.strip().partition(":")
        if not NAME.fullmatch(name) or not hashed.startswith("$2"):
            raise ConfigError(f"{path}:{lineno}: expected name:bcrypt-hash (make it with `rag users add NAME`)")
        if name in hashes:
            raise ConfigError(f"{path}:{lineno}: user {name!r} is listed twice")
        hashes[name] = hashed.encode()
    return hashes


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD_CHARS:
        raise InputError(f"the password is shorter than {MIN_PASSWORD_CHARS} characters")
    if len(password.encode()) > MAX_PASSWORD_BYTES:
        raise InputError(f"the password is longer than {MAX_PASSWORD_BYTES} bytes, as far as bcrypt reads")


class Throttle:
    """Wrong sign-ins per name within a sliding window. Keyed by name, not address: Gradio's sign-in callback
    is given no address, and behind the lab's proxy every address would be the proxy's."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._failures: dict[str, deque[float]] = {}

    def blocked(self, name: str) -> bool:
        with self._lock:
            failures = self._failures.get(name)
            if failures is None:
                return False
            while failures and failures[0] <= self.clock() - FAILURE_WINDOW_S:
                failures.popleft()
            if not failures:
                del self._failures[name]
            return len(failures) >= FAILURES_ALLOWED

    def record(self, name: str, signed_in: bool) -> None:
        with self._lock:
            if signed_in:
                self._failures.pop(name, None)
            else:
                self._failures.setdefault(name, deque()).append(self.clock())


class Gate:
    """Who signs in to one server: the users file, and the RAG_AUTH_USERNAME pair if set."""

    def __init__(self, users: Users, pair: tuple[str, str] | None, throttle: Throttle | None = None) -> None:
        self.users, self.pair = users, pair
        self.throttle = throttle or Throttle()

    async def sign_in(self, name: str, password: str) -> bool:
        if self.throttle.blocked(name):
            return False
        if self.pair and hmac.compare_digest(name.encode(), self.pair[0].encode()):
            signed_in = hmac.compare_digest(password.encode(), self.pair[1].encode())
        else:
            signed_in = await self.users.sign_in(name, password)
        self.throttle.record(name, signed_in)
        return signed_in


def signs_in(settings: Settings) -> Gate | None:
    """The server's sign-in, or None when nobody is named (the page is then open to whoever reaches it).

    A users file that cannot be read is a ConfigError: serving without the sign-in it asks for is no fallback.
    """
    users = Users(users_path(settings))
    pair = None
    if settings.auth_username and settings.auth_password:
        pair = (settings.auth_username, settings.auth_password.get_secret_value())
    return Gate(users, pair) if pair or users.hashes() else None


def check_exposure(settings: Settings, *, insecure_no_auth: bool = False) -> None:
    """A ConfigError when the page would be reachable from other machines with nobody asked to sign in."""
    gate = signs_in(settings)  # read first, so that a bad users file is said before anything loads
    if gate is not None or insecure_no_auth or not (settings.share or not _loopback(settings.host)):
        return
    where = "a public share link" if settings.share else f"{settings.host}, reachable from other machines,"
    raise ConfigError(
        f"refusing to serve on {where} with no sign-in: add a user with `rag users add NAME`, "
        "or set RAG_AUTH_USERNAME and RAG_AUTH_PASSWORD, or pass --insecure-no-auth"
    )


def _loopback(host: str) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"  # any other name may resolve anywhere


def manage(settings: Settings, action: str, name: str | None, stdin: TextIO) -> str:
    """`rag users add|remove|list`: what it did, in one line (or the names, one a line)."""
    users = Users(users_path(settings))
    if action == "list":
        return "\n".join(users.names()) or f"no users in {users.path}"
    if not name:
        raise InputError(f"give the user's name: rag users {action} NAME")
    if action == "remove":
        if not users.remove(name):
            raise InputError(f"no user {name!r} in {users.path}")
        return f"removed {name} from {users.path}"
    new = users.add(name, read_password(stdin))
    return f"{'added' if new else 'changed the password of'} {name} in {users.path}"


def read_password(stdin: TextIO) -> str:
    """The password: typed twice without echo at a terminal, else the first line of standard input (scripts)."""
    if not stdin.isatty():
        return stdin.readline().rstrip("\r\n")
    import getpass

    password = getpass.getpass("password: ")
    if getpass.getpass("again: ") != password:
        raise InputError("the two passwords differ")
    return password
