"""A log that a flood cannot fill: while the classroom server runs, one line a minute of each kind.

A kind of line is its logger, the first line of its message as the code writes it (before the values are put in)
and the kind of error it carries; for minibridge's own lines, which keep to one a minute by themselves for each
value (a line a minute for each computer that guesses class codes), the values too. The first line of a kind is
written; the others of the same minute are held back and counted, and once the minute is over one line says how
many were held back (:meth:`QuietLog.tell`: the server calls it every second, and once more when it stops). A
thousand bad requests write two lines, not a thousand; so does asyncio's "socket.accept() out of system resource"
when the process runs out of files.

>>> seconds = iter([0.0, 1.0, 2.0, 61.0, 62.0, 62.0]).__next__
>>> quiet = QuietLog(clock=seconds)
>>> line = {"name": "uvicorn.error", "msg": "Invalid HTTP request received."}
>>> [quiet.filter(logging.makeLogRecord(line)) for _ in range(3)]
[True, False, False]
>>> quiet.due()
[('uvicorn.error', 'Invalid HTTP request received.', 2)]
>>> own = {"name": "minibridge.web", "msg": "wrong class code from %s"}
>>> [quiet.filter(logging.makeLogRecord({**own, "args": (host,)})) for host in ("10.0.0.7", "10.0.0.8")]
[True, True]
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

__all__ = ["MINUTE", "LOGGERS", "QuietLog"]

MINUTE = 60.0
"""The seconds over which one line of a kind is written."""
LOGGERS = ("", "asyncio", "uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi", "minibridge", "minibridge.web")
"""The loggers the server writes through (a filter sees only the lines logged on its own logger)."""
_MOST_KINDS = 500
"""Kinds followed at once; beyond, the lines of a logger are one kind more."""
_OWN = "minibridge"
"""The loggers of minibridge's own lines."""
_NOTE = "quiet_log_note"
"""The mark of a line that tells how many were held back: always written."""

_Kind = tuple[str, str, str]


@dataclass
class _Count:
    """Since when a kind's lines are counted, the first line written, and how many were held back since."""

    since: float
    line: str
    held: int = 0


class QuietLog(logging.Filter):
    """A filter that lets one line of each kind through a minute, and counts the others."""

    def __init__(self, *, minute: float = MINUTE, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self._minute = minute
        self._clock = clock
        self._guard = threading.Lock()
        self._counts: dict[_Kind, _Count] = {}
        self._untold: list[tuple[str, _Count]] = []

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether ``record`` is written: the first of its kind this minute."""
        if getattr(record, _NOTE, False):
            return True
        now = self._clock()
        with self._guard:
            kind = self._kind(record)
            count = self._counts.get(kind)
            if count is not None and now - count.since < self._minute:
                count.held += 1
                return False
            if count is not None and count.held:
                self._untold.append((kind[0], count))
            self._counts[kind] = _Count(since=now, line=_first_line(record))
            return True

    def _kind(self, record: logging.LogRecord) -> _Kind:
        error = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        values = repr(record.args)[:200] if record.name.startswith(_OWN) else ""
        kind = (record.name, str(record.msg).partition("\n")[0][:200] + values, error)
        if kind in self._counts or len(self._counts) < _MOST_KINDS:
            return kind
        return (record.name, "(other lines)", "")

    def due(self, *, all_held: bool = False) -> list[tuple[str, str, int]]:
        """The kinds whose minute is over (or all, with ``all_held``) and how many of each were held back: logger,
        first line written, count. They are told: the next call leaves them out."""
        now = self._clock()
        with self._guard:
            told = self._untold
            self._untold = []
            for kind, count in list(self._counts.items()):
                if all_held or now - count.since >= self._minute:
                    del self._counts[kind]
                    if count.held:
                        told.append((kind[0], count))
        return [(name, count.line, count.held) for name, count in told]

    def tell(self, *, all_held: bool = False) -> None:
        """Write one line for each kind whose lines were held back (see :meth:`due`)."""
        for name, line, held in self.due(all_held=all_held):
            logging.getLogger(name).warning(
                "%d more lines like this were not written: %s", held, line, extra={_NOTE: True}
            )

    @contextlib.contextmanager
    def installed(self, loggers: tuple[str, ...] = LOGGERS) -> Iterator[QuietLog]:
        """This filter on ``loggers`` while the block runs; what is still held back is told at the end."""
        for name in loggers:
            logging.getLogger(name).addFilter(self)
        try:
            yield self
        finally:
            for name in loggers:
                logging.getLogger(name).removeFilter(self)
            self.tell(all_held=True)


def _first_line(record: logging.LogRecord) -> str:
    """The first line of ``record``'s message, its values put in."""
    try:
        text = record.getMessage()
    except (TypeError, ValueError):  # values that do not fit the message: logging itself will say so
        text = str(record.msg)
    return text.partition("\n")[0][:200]
