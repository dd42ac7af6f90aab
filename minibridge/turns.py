"""Turns at the double-dummy solver's thread slots, which a classroom server asks for many games at once.

DDS solves one position per thread slot at a time (a slot is its memory for one thread). Each call brings its
positions as jobs; one worker thread per slot takes the next job and runs it with that slot. Of the calls
waiting, the lightest goes first (then the first come), job by job: a card in the play, a few light positions,
is answered between two positions of a contract weighed from the first trick, never after all of them. A call
none of whose jobs started for longer than the patience goes before every lighter one, on one slot at a time, so
a heavy call is never starved and the lighter calls still have the other slots. A call that needs DDS whole (its
own threads on every slot, such as double-dummy tables) runs once every slot is free.

A call made ahead (the computer thinking while the pupil is still looking at the deal) says how soon it is needed
(:class:`Need`): a call needed ``SOON`` goes when no call a game waits for ``NOW`` waits, one needed ``MAYBE``
when no other waits, first come first served, job by job, and neither is ever overdue: thinking ahead keeps a call
that comes waiting for no more than the positions being solved.

>>> turns = Turns(slots=2, patience=30)
>>> turns.map(1, [lambda slot: 2 * 3, lambda slot: 7])
[6, 7]
>>> turns.whole(5, lambda: "tables")
'tables'
>>> turns.map(1, [lambda slot: "ahead"], need=Need.MAYBE)
['ahead']
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, TypeVar

__all__ = ["Need", "Turns"]

T = TypeVar("T")


class Need(IntEnum):
    """How soon a call's answer is needed: the sooner, the earlier it goes."""

    NOW = 0
    """A game waits for it."""
    SOON = 1
    """Thought out ahead: a game will most likely wait for it in a moment."""
    MAYBE = 2
    """Thought out ahead: a game may need it."""


@dataclass(eq=False, kw_only=True)
class _Call:
    """One call: its jobs, what they gave, and how many are still to finish."""

    weight: int
    ticket: int
    jobs: Sequence[Callable[[int], Any]]
    whole: bool = False
    """The call's one job needs every slot (it is given none)."""
    need: Need = Need.NOW
    """How soon the call's answer is needed."""
    served: float = field(default_factory=time.monotonic)
    """When a job of the call last started (or the call came, before any did)."""
    results: list[Any] = field(default_factory=list)
    error: BaseException | None = None
    next_job: int = 0
    unfinished: int = 0
    done: threading.Event = field(default_factory=threading.Event)


class Turns:
    """The solver's slots and the calls waiting for them: ``map`` runs a call's jobs, ``whole`` a call that
    needs every slot; both wait for the answer."""

    def __init__(self, *, slots: int, patience: float) -> None:
        if slots < 1:
            raise ValueError(f"the solver needs at least one slot, not {slots}")
        self.slots = slots
        self.patience = patience
        """Seconds a call waits for lighter ones before it goes first."""
        self._changed = threading.Condition()
        self._waiting: list[_Call] = []
        self._tickets = itertools.count()
        self._running = 0
        self._overdue_running = 0
        self._whole_pending = False
        self._workers: list[threading.Thread] = []

    @property
    def waiting(self) -> int:
        """How many calls have jobs not yet started."""
        with self._changed:
            return len(self._waiting)

    def map(self, weight: int, jobs: Sequence[Callable[[int], T]], *, need: Need = Need.NOW) -> list[T]:
        """Run each job with a free slot's number, a call of this weight needed as soon as ``need`` says; their
        results in order."""
        if not jobs:
            return []
        call = _Call(weight=weight, ticket=next(self._tickets), jobs=jobs, need=need)
        call.results = [None] * len(jobs)
        call.unfinished = len(jobs)
        return self._wait(call)

    def whole(self, weight: int, job: Callable[[], T]) -> T:
        """Run a job that uses every slot at once (DDS's own threads), once no other job runs."""
        call = _Call(weight=weight, ticket=next(self._tickets), jobs=[lambda slot: job()], whole=True)
        call.results = [None]
        call.unfinished = 1
        return self._wait(call)[0]

    def _wait(self, call: _Call) -> list[Any]:
        with self._changed:
            self._start_workers()
            self._waiting.append(call)
            self._changed.notify_all()
        call.done.wait()
        if call.error is not None:
            raise call.error
        return call.results

    def _start_workers(self) -> None:
        while len(self._workers) < self.slots:
            worker = threading.Thread(
                target=self._work, args=(len(self._workers),), name=f"solver-{len(self._workers)}", daemon=True
            )
            self._workers.append(worker)
            worker.start()

    def _first(self) -> tuple[_Call, bool]:
        """The waiting call that goes first, and whether it is overdue: of the calls no job of which started for
        longer than the patience, the one that waited longest while no other slot runs one (with a single slot,
        always), else the lightest; a call made ahead only when no call needed sooner waits, the first come."""
        overdue = time.monotonic() - self.patience
        now = [c for c in self._waiting if c.need is Need.NOW]
        if not now:
            return min(self._waiting, key=lambda c: (c.need, c.ticket)), False
        late = [c for c in now if c.served < overdue]
        if late and (self._overdue_running == 0 or self.slots == 1):
            return min(late, key=lambda c: c.served), True
        return min(now, key=lambda c: (c.weight, c.ticket)), False

    def _take(self) -> tuple[_Call, int, bool]:
        """Wait for a job this worker may run, and take it (with the lock held)."""
        while True:
            if self._waiting and not self._whole_pending:
                call, late = self._first()
                if not call.whole:
                    index = call.next_job
                    call.next_job += 1
                    call.served = time.monotonic()
                    if call.next_job == len(call.jobs):
                        self._waiting.remove(call)
                    self._running += 1
                    self._overdue_running += late
                    return call, index, late
                self._waiting.remove(call)
                self._whole_pending = True
                while self._running:
                    self._changed.wait()
                self._running = 1
                return call, 0, False
            self._changed.wait()

    def _work(self, slot: int) -> None:
        while True:
            with self._changed:
                call, index, late = self._take()
            try:
                result = call.jobs[index](slot)
            except BaseException as error:  # handed to the caller, which raises it
                result, call.error = None, error
            with self._changed:
                call.results[index] = result
                call.unfinished -= 1
                self._running -= 1
                self._overdue_running -= late
                if call.whole:
                    self._whole_pending = False
                if not call.unfinished:
                    call.done.set()
                self._changed.notify_all()
