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
from dataclasses import dataclass, field

from minibridge.web.rates import MINUTE, Window

__all__ = ["MOST_WRONG", "WrongCodes"]

MOST_WRONG = 10
"""How many wrong class codes one computer may send in a minute before it waits."""

_log = logging.getLogger("minibridge.web")


@dataclass
class WrongCodes:
    """The wrong class codes each computer sent: their times in the last minute, and how many in all."""

    recent: Window = field(default_factory=lambda: Window(MOST_WRONG))
    total: dict[str, int] = field(default_factory=dict)
    logged: dict[str, float] = field(default_factory=dict)

    def wrong(self, client: str, *, now: float | None = None) -> None:
        """Count a wrong class code from ``client``; log it once a minute for that computer."""
        now = time.monotonic() if now is None else now
        self.recent.count(client, now)
        self.total[client] = self.total.get(client, 0) + 1
        if now - self.logged.get(client, -math.inf) >= MINUTE:
            self.logged[client] = now
            _log.warning("wrong class code from %s (%d so far)", client, self.total[client])

    def wait(self, client: str, *, now: float | None = None) -> int:
        """The whole seconds ``client`` must wait before trying a class code again (0: it may try now)."""
        now = time.monotonic() if now is None else now
        return self.recent.wait(client, now)

    def notices(self) -> list[tuple[str, int]]:
        """Each computer that sent wrong class codes, with how many, the most first."""
        return sorted(self.total.items(), key=lambda item: (-item[1], item[0]))
