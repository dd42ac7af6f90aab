"""The classroom's thinking ahead: after every change to a pupil's game or a table of pupils, the computer thinks
about what it may have to decide next (:func:`minibridge.table.ahead.thoughts`) while the pupils are still
deciding, one worker thread for the whole class; and before the pupils come, it prepares the first deal of a few
games of every lesson.

The worker takes the games in turn, a piece of thinking each (the likeliest first), so that thirty games started at
once are each thought about soon; a game that moved on is thought about from where it now stands, and what it was
thinking before is dropped. Games being played go before games being prepared. The solver does this thinking
ahead only when no pupil waits for it (:mod:`minibridge.turns`).

A prepared game is only a seed of the dealing whose first deal the computer has already thought about
(:class:`PreparedGames`): a pupil who starts a lesson's game without choosing the cards gets the next prepared seed
of that kind of game, and the computer's first decisions come at once.

>>> from minibridge.classroom import PupilGame
>>> from minibridge.classroom.setup import GameSetup
>>> ahead = Ahead()
>>> ahead.think("game-1", lambda: PupilGame.start(GameSetup(lesson=3, deals=1, seed=2, samples=2)).table)
>>> ahead.settled(timeout=60)
True
>>> ahead.close()
"""

from __future__ import annotations

import atexit
import itertools
import logging
import secrets
import threading
import weakref
from collections import deque
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from minibridge.classroom import GameSetup, PupilGame
from minibridge.classroom.switches import ClassSwitches
from minibridge.errors import MiniBridgeError
from minibridge.table import Table
from minibridge.table.ahead import thoughts
from minibridge.web.setups import class_help

__all__ = [
    "PREPARED",
    "PREPARED_BRANCHES",
    "PREPARED_LESSONS",
    "Ahead",
    "PreparedGames",
    "prepare_lessons",
    "prepared",
    "think_ahead",
]

PREPARED = 4
"""Games of each kind kept prepared."""
PREPARED_BRANCHES = 6
"""The people's decisions thought about in a prepared game: the points counted, then every strain of the contract
(or the computer's own contract and its first cards)."""

_CLOSING = 60.0
"""The most seconds a server that stops waits for the computer's decision under way."""
_LOG = logging.getLogger("minibridge.web")


@dataclass(eq=False)
class _Thinking:
    """What is thought about one game: its key, the change it comes from, how to get its table, whether it is
    being played now (else prepared), what to do once thought out, and the thoughts (once begun)."""

    key: str
    change: int
    table: Callable[[], Table]
    played: bool = True
    done: Callable[[], None] | None = None
    thinking: Iterator[int] | None = None


class Ahead:
    """One worker thread thinking ahead for every game of the class in turn (started on the first change)."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._played: deque[_Thinking] = deque()
        self._preparing: deque[_Thinking] = deque()
        self._newest: dict[str, int] = {}
        self._changes = itertools.count()
        self._busy = False
        self._closed = False
        self._worker: threading.Thread | None = None
        _OPEN.add(self)

    @property
    def waiting(self) -> int:
        """The games still to be thought about (being played or prepared)."""
        with self._changed:
            return len(self._played) + len(self._preparing) + self._busy

    def think(self, key: str, table: Callable[[], Table]) -> None:
        """The game ``key`` changed: think ahead from where it now stands (``table`` gives it, in the worker)."""
        self._add(_Thinking(key, 0, table))

    def prepare(self, key: str, table: Callable[[], Table], done: Callable[[], None]) -> None:
        """Think about a game not yet played (after every game being played), then call ``done``."""
        self._add(_Thinking(key, 0, table, played=False, done=done))

    def settled(self, timeout: float) -> bool:
        """Wait until nothing is left to think about; False after ``timeout`` seconds."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._played and not self._preparing and not self._busy, timeout)

    def close(self) -> None:
        """Stop thinking, once the decision under way is taken."""
        with self._changed:
            self._closed = True
            self._played.clear()
            self._preparing.clear()
            self._changed.notify_all()
            worker = self._worker
        if worker is not None:
            worker.join(_CLOSING)

    def _add(self, thinking: _Thinking) -> None:
        with self._changed:
            if self._closed:
                return
            thinking.change = next(self._changes)
            self._newest[thinking.key] = thinking.change
            (self._played if thinking.played else self._preparing).append(thinking)
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="thinking-ahead", daemon=True)
                self._worker.start()
            self._changed.notify_all()

    def _work(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._played or self._preparing or self._closed)
                if self._closed:
                    return
                thinking = (self._played or self._preparing).popleft()
                if self._newest.get(thinking.key) != thinking.change:
                    continue
                self._busy = True
            more = self._piece(thinking)
            with self._changed:
                self._busy = False
                newest = self._newest.get(thinking.key) == thinking.change and not self._closed
                if more and newest:
                    (self._played if thinking.played else self._preparing).append(thinking)
                elif newest:
                    del self._newest[thinking.key]
                self._changed.notify_all()
            if not more and newest and thinking.done is not None:
                thinking.done()

    def _going(self, thinking: _Thinking) -> Callable[[], bool]:
        """Whether thinking about that game should go on: the server still runs and the game has not moved on."""
        return lambda: not self._closed and self._newest.get(thinking.key) == thinking.change

    def _piece(self, thinking: _Thinking) -> bool:
        """Think one piece about a game; False once there is nothing more to think about. Thinking ahead only
        saves the pupils time: a game it cannot think about is played as before, and the log says why."""
        try:
            if thinking.thinking is None:
                table = thinking.table()
                most = {} if thinking.played else {"most": PREPARED_BRANCHES}
                thinking.thinking = thoughts(table, soon=thinking.played, going=self._going(thinking), **most)
            next(thinking.thinking)
        except (StopIteration, MiniBridgeError):
            return False
        except Exception:  # a fault here must not stop the thinking for the rest of the class
            _LOG.exception("thinking ahead for %s failed", thinking.key)
            return False
        return True


class PreparedGames:
    """Seeds of games the computer has thought about before any pupil plays them, :data:`PREPARED` of each kind of
    game asked for (a lesson, three-handed or not, how strong the computer plays, the help turned on)."""

    def __init__(self, ahead: Ahead) -> None:
        self.ahead = ahead
        self._lock = threading.Lock()
        self._ready: dict[Hashable, deque[int]] = {}
        self._underway: dict[Hashable, int] = {}

    @property
    def ready(self) -> int:
        """The prepared games waiting for a pupil."""
        with self._lock:
            return sum(len(seeds) for seeds in self._ready.values())

    def fill(self, setup: GameSetup) -> None:
        """Prepare games of the kind of ``setup`` until :data:`PREPARED` are ready or being prepared."""
        kind = _kind(setup)
        with self._lock:
            wanted = PREPARED - len(self._ready.setdefault(kind, deque())) - self._underway.get(kind, 0)
            self._underway[kind] = self._underway.get(kind, 0) + max(0, wanted)
        for _ in range(wanted):
            seed = secrets.randbelow(2**31)
            prepared = GameSetup(**{**setup.as_data(), "seed": seed})
            self.ahead.prepare(
                f"prepared/{seed}",
                lambda prepared=prepared: PupilGame.start(prepared, advance=False).table,  # type: ignore[misc]
                lambda kind=kind, seed=seed: self._prepared(kind, seed),  # type: ignore[misc]
            )

    def seeded(self, setup: GameSetup) -> GameSetup:
        """``setup`` with the seed of a prepared game of its kind when one is ready (and another prepared in its
        place); as it is when none is."""
        kind = _kind(setup)
        with self._lock:
            seeds = self._ready.get(kind)
            seed = seeds.popleft() if seeds else None
        self.fill(setup)
        return setup if seed is None else GameSetup(**{**setup.as_data(), "seed": seed})

    def _prepared(self, kind: Hashable, seed: int) -> None:
        with self._lock:
            self._underway[kind] -= 1
            self._ready.setdefault(kind, deque()).append(seed)


_NOT_KIND = ("seed", "deals", "target", "auto_single", "hints", "undo", "claims", "count_points")
"""The settings of a game that change neither its first deal nor the computer's decisions in it."""


_OPEN: weakref.WeakSet[Ahead] = weakref.WeakSet()
"""Every thinking not yet closed: closed when the program ends, so that no thought is cut off inside the solver."""


@atexit.register
def _close_all() -> None:
    for ahead in list(_OPEN):
        ahead.close()


def _kind(setup: GameSetup) -> Hashable:
    """What a prepared game must share with a pupil's game for the computer's first decisions to be the same: all
    but :data:`_NOT_KIND`."""
    return tuple(sorted((name, repr(value)) for name, value in setup.as_data().items() if name not in _NOT_KIND))


PREPARED_LESSONS = (3, 4, 5, 6)
"""The lessons whose games are prepared when the server starts: those where the computer chooses contracts and
plays cards worth thinking about."""
PREPARED_PLAYERS = (None, "simple")
"""Four players, and three by the simple variant."""


def prepare_lessons(games: PreparedGames, samples: int, switches: ClassSwitches) -> None:
    """Prepare games of each lesson of :data:`PREPARED_LESSONS`, four-handed and three-handed, as the start page
    asks for them (with the class's help as the teacher set it)."""
    for three_handed in PREPARED_PLAYERS:
        for lesson in PREPARED_LESSONS:
            fields = {"lesson": lesson, "seed": 0, **({"three_handed": three_handed} if three_handed else {})}
            games.fill(GameSetup(**class_help(fields, lesson, switches), samples=samples))


def prepared(request: Request, setup: GameSetup, asked: Mapping[str, Any]) -> GameSetup:
    """A pupil's game ``setup`` with a prepared game's seed when the pupil chose no cards (no ``seed`` in the
    fields ``asked``) and the server prepares games (``minibridge serve`` does)."""
    games: PreparedGames | None = request.app.state.prepared
    return setup if games is None or asked.get("seed") is not None else games.seeded(setup)


def think_ahead(request: Request, game_id: str, data: dict[str, Any]) -> str:
    """Let the computer think ahead from a pupil's game kept as ``data``; the game's id."""
    request.app.state.ahead.think(game_id, lambda: PupilGame.from_data(data).table)
    return game_id
