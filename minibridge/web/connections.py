"""The classroom server's connections: how many stay open, and how long one may take to send its request.

uvicorn by itself closes a connection only when it has been idle after an answer; one that never sends a whole
request (it sends nothing, or its headers a byte at a time) stays open for ever, and a thousand of them use up the
files the process may open. Here, bounded by :class:`Limits`:

- a request's head (its first line and headers) must come within ``head`` seconds of the connection opening, or
  of the request's first byte on a connection kept open; its body within ``body`` seconds after the head; between
  two requests a connection stays open ``keep_alive`` seconds. A connection too slow is closed, without an answer;
- one computer (its address) keeps at most ``per_client`` connections open, the server at most ``in_all``. A
  connection beyond is answered 503 with ``{"error": …}`` and closed at once, with no line in the log; except that
  when the server is full and some connections only wait for a request, the one that waited longest is closed to
  make room: a flood of idle connections never locks the class out;
- the process may open as many files as the system allows (bounded: :func:`raise_open_files`), and ``in_all``
  is lowered to fit under that (:func:`fitted`).

>>> [fitted(Limits(), open_files=files).in_all for files in (256, 1024, 20000)]
[64, 668, 900]
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from minibridge.language import gettext

__all__ = ["BACKLOG", "Limits", "fitted", "guarded_protocol", "raise_open_files"]

BACKLOG = 256
"""Connections the system holds until the server accepts them; also how many the server accepts in one go."""
_SPARE_FILES = 100
"""Files kept free for the database, the pages and the rest, besides the connections."""
_MOST_FILES = 8192
"""The most open files asked for, however many the system would allow."""
_RETRY = 5
"""Seconds a refused computer is told to wait."""


@dataclass(frozen=True)
class Limits:
    """How many connections stay open and how long a request may take (seconds)."""

    per_client: int = 64
    """Open connections of one computer (a class of 30 tablets and the teacher needs a handful each)."""
    in_all: int = 900
    """Open connections of the whole server."""
    head: float = 10.0
    """Seconds to send a request's first line and headers."""
    body: float = 30.0
    """Seconds to send a request's body, once its head is in."""
    keep_alive: int = 5
    """Seconds a connection stays open, unused, between two requests."""


def raise_open_files(most: int = _MOST_FILES) -> int | None:
    """Let the process open as many files as the system allows, up to ``most``; the number it may open now (None
    where the system has no such limit)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit on sockets
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = most if hard == resource.RLIM_INFINITY else min(hard, most)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return most if soft == resource.RLIM_INFINITY else soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ValueError, OSError):  # the system allows less than it says
        return soft
    return wanted


def fitted(limits: Limits, open_files: int | None) -> Limits:
    """``limits`` with ``in_all`` lowered so that the connections, those waiting to be accepted and the server's
    own files fit in ``open_files`` (a quarter of them at least, where they are very few)."""
    if open_files is None:
        return limits
    room = max(open_files // 4, open_files - BACKLOG - _SPARE_FILES)
    return replace(limits, in_all=min(limits.in_all, room))


class _Door:
    """The open connections of one server: how many in all and from each address, and those that wait for a
    request, the longest waiting first."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open = 0
        self.from_client: Counter[str] = Counter()
        self.waiting: dict[GuardedProtocol, None] = {}

    def admit(self, connection: GuardedProtocol) -> bool:
        """Count ``connection`` in, closing the longest waiting one if the server is full; False when it must be
        refused."""
        if self.from_client[connection.address] >= self.limits.per_client:
            return False
        if self.open >= self.limits.in_all:
            if not self.waiting:
                return False
            next(iter(self.waiting)).cut()
        self.open += 1
        self.from_client[connection.address] += 1
        return True

    def leave(self, connection: GuardedProtocol) -> None:
        """Count ``connection`` out."""
        self.waiting.pop(connection, None)
        self.open -= 1
        self.from_client[connection.address] -= 1
        if not self.from_client[connection.address]:
            del self.from_client[connection.address]

    def wait(self, connection: GuardedProtocol) -> None:
        """``connection`` waits for a request: it is the last to be closed to make room."""
        self.waiting.pop(connection, None)
        self.waiting[connection] = None

    def busy(self, connection: GuardedProtocol) -> None:
        """``connection`` has sent a request's head: it is not closed to make room."""
        self.waiting.pop(connection, None)


class GuardedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 connection, counted by its server's door and cut when its request comes too slowly.
    Use :func:`guarded_protocol`: each server has a class of its own, with its own count."""

    door: ClassVar[_Door]

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.address = ""
        self._counted = False
        self._admitted = False
        self._deadline: asyncio.TimerHandle | None = None
        self._body_timed = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Admit the connection and wait for its request's head, or refuse it at once."""
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""
        if not self.door.admit(self):
            _refuse(transport)
            return
        self._admitted = self._counted = True
        super().connection_made(transport)
        self.door.wait(self)
        self._time(self.door.limits.head, body=False)

    def connection_lost(self, exc: Exception | None) -> None:
        """Count the connection out."""
        if not self._admitted:
            return
        self._leave()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Time a new request from its first byte; once its head is in, its body; once all is in, nothing."""
        if self._deadline is None and self.conn.their_state is h11.IDLE:
            self._time(self.door.limits.head, body=False)
        super().data_received(data)
        state = self.conn.their_state
        if state is h11.IDLE:
            return
        self.door.busy(self)
        if state is h11.SEND_BODY:
            if not self._body_timed:
                self._time(self.door.limits.body, body=True)
        else:
            self._untime()

    def on_response_complete(self) -> None:
        """The answer is sent: the connection waits for the next request (uvicorn times that wait)."""
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self.door.wait(self)

    def cut(self) -> None:
        """Close the connection now, without an answer."""
        self._leave()
        self.transport.close()

    def _leave(self) -> None:
        self._untime()
        if self._counted:
            self._counted = False
            self.door.leave(self)

    def _time(self, seconds: float, *, body: bool) -> None:
        self._untime()
        self._deadline = self.loop.call_later(seconds, self.cut)
        self._body_timed = body

    def _untime(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._body_timed = False


def guarded_protocol(limits: Limits) -> type[GuardedProtocol]:
    """The protocol class of one server bound by ``limits`` (for ``uvicorn.Config(http=…)``)."""
    return type("ClassroomProtocol", (GuardedProtocol,), {"door": _Door(limits)})


def _refuse(transport: asyncio.Transport) -> None:
    """Answer 503 in words and close, without reading the request."""
    words = gettext("The server is too busy right now. Wait a moment, then try again.")
    body = json.dumps({"error": words}, ensure_ascii=False).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nretry-after: {_RETRY}\r\nconnection: close\r\n\r\n"
    )
    transport.write(head.encode() + body)
    transport.close()
