"""Server-Sent Events: pages and programs that follow what changes without asking again.

A :class:`Hub` has named channels (``results:EVENT``, ``pupils:EVENT``). Whoever changes something publishes on
its channel, from any thread; every stream listening on it wakes up, asks what is new, and sends it. A wake-up
carries nothing itself, so none is ever lost: a stream that wakes once for three changes sends all three,
because it asks for everything after the last change it sent. While nothing happens a stream sends a comment
now and then, so that a tablet's browser and the school's network keep the connection open. When the server
stops, the hub closes and every stream ends at once (a browser connects again when the server is back). A stream
ends too as soon as its browser goes away (uvicorn tells the response, which stops listening).

One computer (its address) keeps at most :data:`MOST_STREAMS` streams open at once; beyond, a stream is refused with
429, ``{"error": …}`` in words and ``Retry-After``. The teacher's streams are not counted.

>>> message(7, "result", {"board": 1})
'id: 7\\nevent: result\\ndata: {"board": 1}\\n\\n'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.types import Receive, Scope, Send

from minibridge.language import gettext
from minibridge.web.auth import is_teacher

__all__ = ["KEEP_ALIVE", "MOST_STREAMS", "Hub", "message", "stream"]

KEEP_ALIVE = 15.0
"""Seconds between two comments on a quiet stream."""

_RETRY = 2000
"""Milliseconds a browser waits before it connects again."""
MOST_STREAMS = 16
"""Streams one computer may keep open at once (a tablet shows one or two pages)."""
_WAIT = 10
"""Seconds a computer with too many streams is told to wait."""


class Hub:
    """Named channels that wake the streams listening on them; a count of the publications on each; the streams
    open from each computer."""

    def __init__(self, *, most_streams: int = MOST_STREAMS) -> None:
        self._guard = threading.Lock()
        self._waiting: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}
        self._counts: dict[str, int] = {}
        self._streams: dict[str, int] = {}
        self._most_streams = most_streams
        self._closed = False

    @property
    def closed(self) -> bool:
        """The server is stopping: streams end."""
        return self._closed

    def close(self) -> None:
        """The server is stopping: wake every stream, to end."""
        with self._guard:
            self._closed = True
            waiting = [waiter for waiters in self._waiting.values() for waiter in waiters]
        self._wake(waiting)

    def publish(self, channel: str) -> None:
        """Something changed on ``channel`` (from any thread): wake every stream listening on it."""
        with self._guard:
            self._counts[channel] = self._counts.get(channel, 0) + 1
            waiting = list(self._waiting.get(channel, ()))
        self._wake(waiting)

    @staticmethod
    def _wake(waiting: Iterable[tuple[asyncio.AbstractEventLoop, asyncio.Event]]) -> None:
        for loop, signal in waiting:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the server has stopped
                loop.call_soon_threadsafe(signal.set)

    def count(self, channel: str) -> int:
        """How many times ``channel`` was published on since the server started."""
        with self._guard:
            return self._counts.get(channel, 0)

    def open_stream(self, client: str) -> bool:
        """Count a stream opened by ``client`` (its address); False, counting nothing, when it has too many."""
        with self._guard:
            if self._streams.get(client, 0) >= self._most_streams:
                return False
            self._streams[client] = self._streams.get(client, 0) + 1
            return True

    def close_stream(self, client: str) -> None:
        """A stream of ``client`` has ended."""
        with self._guard:
            self._streams[client] -= 1
            if not self._streams[client]:
                del self._streams[client]

    @contextlib.contextmanager
    def listen(self, channels: Iterable[str]) -> Iterator[asyncio.Event]:
        """An event set whenever one of ``channels`` is published on, while the block runs (in the event loop)."""
        signal = asyncio.Event()
        waiter = (asyncio.get_running_loop(), signal)
        names = list(channels)
        with self._guard:
            for name in names:
                self._waiting.setdefault(name, set()).add(waiter)
        try:
            yield signal
        finally:
            with self._guard:
                for name in names:
                    self._waiting[name].discard(waiter)
                    if not self._waiting[name]:
                        del self._waiting[name]


def message(number: int | None, kind: str, data: Any) -> str:
    """One Server-Sent Event: its id (when it has one), its kind and its data as one line of JSON."""
    head = f"id: {number}\n" if number is not None else ""
    return f"{head}event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def stream(hub: Hub, channels: Iterable[str], news: Callable[[], Awaitable[list[str]]]) -> StreamingResponse:
    """A response of Server-Sent Events: ``news()`` gives the messages not yet sent, once at the start and
    again each time one of ``channels`` is published on; a comment keeps a quiet stream open. The stream ends
    when the browser goes away or the hub closes; it is refused (429) when its computer has too many open."""
    names = list(channels)

    async def events() -> AsyncIterator[str]:
        with hub.listen(names) as signal:
            yield f"retry: {_RETRY}\n\n"
            while not hub.closed:
                signal.clear()
                for text in await news():
                    yield text
                try:
                    await asyncio.wait_for(signal.wait(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": still here\n\n"

    return _Stream(hub, events())


class _Stream(StreamingResponse):
    """A response of Server-Sent Events, counted against the computer that opened it while it runs (the teacher's
    are not counted); refused with 429 when that computer has too many open."""

    def __init__(self, hub: Hub, events: AsyncIterator[str]) -> None:
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        super().__init__(events, media_type="text/event-stream", headers=headers)
        self.hub = hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        if is_teacher(request):
            await super().__call__(scope, receive, send)
            return
        client = request.client.host if request.client is not None else ""
        if not self.hub.open_stream(client):
            words = gettext("Too many pages are open on this tablet. Close some of them, then try again.")
            refused = JSONResponse({"error": words}, status_code=429, headers={"Retry-After": str(_WAIT)})
            await refused(scope, receive, send)
            return
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.hub.close_stream(client)
