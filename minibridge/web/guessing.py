"""Wrong class codes, counted for each computer that sends them (its address): after :data:`MOST_WRONG` wrong codes
in a minute, that computer waits (429 with ``Retry-After``) while the others go on; one line a minute is logged for
each such computer, and the teacher's room says how many wrong codes came from where.

>>> codes = WrongCodes()
>>> for second in range(MOST_WRONG - 1):
...     codes.wrong("10.0.0.7", now=float(second))
>>> codes.wait("10.0.0.7", now=20.0), codes.wait("10.0.0.8", now=20.0)
(0, 0)
>>> codes.wrong("10.0.0.7", now=21.0)
>>> codes.wait("10.0.0.7", now=21.0), codes.wait("10.0.0.8", now=21.0)
(39, 0)
>>> codes.wait("10.0.0.7", now=60.0), codes.notices()
(0, [('10.0.0.7', 10)])
"""

from __future__ import annotations

import logging
import math
import time
from collections import deque
from dataclasses import dataclass, field

__all__ = ["MOST_WRONG", "MINUTE", "WrongCodes"]

MOST_WRONG = 10
"""How many wrong class codes one computer may send in a minute before it waits."""
MINUTE = 60.0
"""The seconds the wrong codes are counted over."""

_log = logging.getLogger("minibridge.web")


@dataclass
class WrongCodes:
    """The wrong class codes each computer sent: their times in the last minute, and how many in all."""

    recent: dict[str, deque[float]] = field(default_factory=dict)
    total: dict[str, int] = field(default_factory=dict)
    logged: dict[str, float] = field(default_factory=dict)

    def wrong(self, client: str, *, now: float | None = None) -> None:
        """Count a wrong class code from ``client``; log it once a minute for that computer."""
        now = time.monotonic() if now is None else now
        times = self._recent(client, now)
        times.append(now)
        self.total[client] = self.total.get(client, 0) + 1
        if now - self.logged.get(client, -math.inf) >= MINUTE:
            self.logged[client] = now
            _log.warning("wrong class code from %s (%d so far)", client, self.total[client])

    def wait(self, client: str, *, now: float | None = None) -> int:
        """The whole seconds ``client`` must wait before trying a class code again (0: it may try now)."""
        now = time.monotonic() if now is None else now
        times = self._recent(client, now)
        if len(times) < MOST_WRONG:
            return 0
        return max(1, math.ceil(times[0] + MINUTE - now))

    def notices(self) -> list[tuple[str, int]]:
        """Each computer that sent wrong class codes, with how many, the most first."""
        return sorted(self.total.items(), key=lambda item: (-item[1], item[0]))

    def _recent(self, client: str, now: float) -> deque[float]:
        """The times of ``client``'s wrong codes in the last minute."""
        times = self.recent.setdefault(client, deque())
        while times and now - times[0] >= MINUTE:
            times.popleft()
        return times
