"""Turns at something that serves one call at a time, such as the double-dummy solver, which a classroom server
asks for many games at once.

Of the calls waiting, the lightest goes first (then the first come), so a card in the play is answered before a
contract from the first trick is weighed; but a call kept waiting longer than the patience goes before every
lighter one, so a heavy call is never starved. Whose turn comes next is decided once, when the last call ends
(or a call arrives at an idle solver), so that no two waiting calls each think the other goes first.
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

__all__ = ["Turns"]


@dataclass(eq=False, kw_only=True)
class _Call:
    """One call waiting for its turn."""

    weight: int
    ticket: int
    arrival: float = field(default_factory=time.monotonic)


class Turns:
    """The queue of calls: ``with turns.turn(weight):`` waits for the call's turn and holds it while the block runs."""

    def __init__(self, *, patience: float) -> None:
        self.patience = patience
        """Seconds a call waits for lighter ones before it goes first."""
        self._changed = threading.Condition()
        self._waiting: list[_Call] = []
        self._tickets = itertools.count()
        self._busy = False
        self._granted: _Call | None = None

    @property
    def waiting(self) -> int:
        """How many calls wait for their turn."""
        with self._changed:
            return len(self._waiting)

    @contextlib.contextmanager
    def turn(self, weight: int) -> Iterator[None]:
        """Wait for the turn of a call this heavy, then hold the turn while the block runs."""
        call = _Call(weight=weight, ticket=next(self._tickets))
        with self._changed:
            self._waiting.append(call)
            if not self._busy:
                self._grant()
            while self._granted is not call:
                self._changed.wait()
            self._granted = None
            self._waiting.remove(call)
            self._busy = True
        try:
            yield
        finally:
            with self._changed:
                self._busy = False
                self._grant()

    def _grant(self) -> None:
        """Give the turn to the waiting call that goes first, if any."""
        if not self._waiting or self._granted is not None:
            return
        overdue = time.monotonic() - self.patience
        self._granted = min(
            self._waiting,
            key=lambda c: (0, c.ticket, 0) if c.arrival < overdue else (1, c.weight, c.ticket),
        )
        self._changed.notify_all()
