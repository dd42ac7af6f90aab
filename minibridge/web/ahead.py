"""The classroom's thinking ahead: after every change to a pupil's game or a table of pupils, the computer thinks
about what it may have to decide next (:func:`minibridge.table.ahead.thoughts`) while the pupils are still
deciding, one worker thread for the whole class.

The worker takes the games in turn, a piece of thinking each (the likeliest first), so that thirty games started at
once are each thought about soon; a game that moved on is thought about from where it now stands, and what it was
thinking before is dropped. The solver does this thinking in the background only (:mod:`minibridge.turns`): no
pupil waits for it.

>>> from minibridge.classroom import PupilGame
>>> from minibridge.classroom.setup import GameSetup
>>> ahead = Ahead()
>>> ahead.think("game-1", lambda: PupilGame.start(GameSetup(lesson=3, deals=1, seed=2, samples=2)).table)
>>> ahead.settled(timeout=60)
True
>>> ahead.close()
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from minibridge.classroom import PupilGame
from minibridge.errors import MiniBridgeError
from minibridge.table import Table
from minibridge.table.ahead import thoughts

__all__ = ["Ahead", "think_ahead"]

_LOG = logging.getLogger("minibridge.web")


@dataclass(eq=False)
class _Thinking:
    """What is thought about one game: its key, the change it comes from, and the thoughts (once begun)."""

    key: str
    change: int
    table: Callable[[], Table]
    thinking: Iterator[int] | None = None


class Ahead:
    """One worker thread thinking ahead for every game of the class in turn (started on the first change)."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._queue: deque[_Thinking] = deque()
        self._newest: dict[str, int] = {}
        self._changes = itertools.count()
        self._busy = False
        self._closed = False
        self._worker: threading.Thread | None = None

    def think(self, key: str, table: Callable[[], Table]) -> None:
        """The game ``key`` changed: think ahead from where it now stands (``table`` gives it, in the worker)."""
        with self._changed:
            if self._closed:
                return
            change = next(self._changes)
            self._newest[key] = change
            self._queue.append(_Thinking(key, change, table))
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="thinking-ahead", daemon=True)
                self._worker.start()
            self._changed.notify_all()

    def settled(self, timeout: float) -> bool:
        """Wait until nothing is left to think about; False after ``timeout`` seconds."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._queue and not self._busy, timeout)

    def close(self) -> None:
        """Stop thinking (the piece under way ends first)."""
        with self._changed:
            self._closed = True
            self._queue.clear()
            self._changed.notify_all()

    def _work(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._queue or self._closed)
                if self._closed:
                    return
                thinking = self._queue.popleft()
                if self._newest.get(thinking.key) != thinking.change:
                    continue
                self._busy = True
            more = self._piece(thinking)
            with self._changed:
                self._busy = False
                if more and self._newest.get(thinking.key) == thinking.change:
                    self._queue.append(thinking)
                elif self._newest.get(thinking.key) == thinking.change:
                    del self._newest[thinking.key]
                self._changed.notify_all()

    @staticmethod
    def _piece(thinking: _Thinking) -> bool:
        """Think one piece about a game; False once there is nothing more to think about. Thinking ahead only
        saves the pupils time: a game it cannot think about is played as before, and the log says why."""
        try:
            if thinking.thinking is None:
                thinking.thinking = thoughts(thinking.table())
            next(thinking.thinking)
        except (StopIteration, MiniBridgeError):
            return False
        except Exception:  # a fault here must not stop the thinking for the rest of the class
            _LOG.exception("thinking ahead for %s failed", thinking.key)
            return False
        return True


def think_ahead(request: Request, game_id: str, data: dict[str, Any]) -> str:
    """Let the computer think ahead from a pupil's game kept as ``data``; the game's id."""
    request.app.state.ahead.think(game_id, lambda: PupilGame.from_data(data).table)
    return game_id
