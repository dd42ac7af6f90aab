"""How often something may happen: each computer's events counted over the last minute, and the games the class
starts, bounded for each computer and in all, so one tablet (or a program) cannot fill the laptop with games.

>>> starts = GameStarts(per_client=2, in_all=3)
>>> [starts.start("10.0.0.7", now=0.0), starts.start("10.0.0.7", now=1.0), starts.start("10.0.0.7", now=2.0)]
[0, 0, 58]
>>> starts.start("10.0.0.8", now=3.0), starts.start("10.0.0.9", now=4.0), starts.start("10.0.0.7", now=60.5)
(0, 56, 0)
"""

from __future__ import annotations

import math
import time
from collections import deque
from dataclasses import dataclass, field

__all__ = ["MINUTE", "GAMES_A_MINUTE", "CLASS_GAMES_A_MINUTE", "Window", "GameStarts"]

MINUTE = 60.0
"""The seconds events are counted over."""
GAMES_A_MINUTE = 20
"""The games one computer may start in a minute: a pupil starts one every few minutes."""
CLASS_GAMES_A_MINUTE = 300
"""The games the whole class may start in a minute: thirty pupils, ten each."""


@dataclass
class Window:
    """The times of each computer's events in the last minute, at most ``most`` of them."""

    most: int
    recent: dict[str, deque[float]] = field(default_factory=dict)

    def count(self, client: str, now: float) -> None:
        """Count an event of ``client`` at ``now``."""
        self._recent(client, now).append(now)

    def wait(self, client: str, now: float) -> int:
        """The whole seconds before ``client`` may have another event (0: now)."""
        times = self._recent(client, now)
        if len(times) < self.most:
            return 0
        return max(1, math.ceil(times[-self.most] + MINUTE - now))

    def _recent(self, client: str, now: float) -> deque[float]:
        """The times of ``client``'s events in the last minute (a computer with none is forgotten)."""
        times = self.recent.get(client)
        if times is None:
            if len(self.recent) > 10 * self.most + 1000:  # forget the computers that have gone quiet
                self.recent = {key: kept for key, kept in self.recent.items() if kept and now - kept[-1] < MINUTE}
            times = self.recent.setdefault(client, deque())
        while times and now - times[0] >= MINUTE:
            times.popleft()
        return times


@dataclass
class GameStarts:
    """The games started: at most ``per_client`` a minute from one computer and ``in_all`` from the whole class."""

    per_client: int = GAMES_A_MINUTE
    in_all: int = CLASS_GAMES_A_MINUTE
    clients: Window = field(init=False)
    everyone: Window = field(init=False)

    def __post_init__(self) -> None:
        self.clients = Window(self.per_client)
        self.everyone = Window(self.in_all)

    def start(self, client: str, *, now: float | None = None) -> int:
        """Count a game ``client`` starts now and give 0, or give the seconds to wait and count nothing."""
        now = time.monotonic() if now is None else now
        wait = max(self.clients.wait(client, now), self.everyone.wait("", now))
        if not wait:
            self.clients.count(client, now)
            self.everyone.count("", now)
        return wait
