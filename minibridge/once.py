"""Results worked out once and shared: a bounded memory of results by key, where a caller asking for a result that
another thread is working out right now waits for it instead of working it out again.

The classroom's computer players, and the thinking they do ahead, meet the same double-dummy positions again and
again (the class plays the same boards; a decision thought out while the pupil was still looking at the deal is
the one the computer then takes): each is solved once. The memory keeps the most recently used results, up to its
size.

>>> once = Once(size=2)
>>> once.get("a", lambda: 1), once.get("a", lambda: 2)
(1, 1)
>>> once.get("b", lambda: 3), once.get("c", lambda: 4), once.get("a", lambda: 5)
(3, 4, 5)
>>> once.recall("c"), once.recall("b")
(4, None)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["Once"]

T = TypeVar("T")


class Once(Generic[T]):
    """A memory of at most ``size`` results by key, the least recently used forgotten first."""

    def __init__(self, *, size: int) -> None:
        if size < 1:
            raise ValueError(f"a memory holds at least one result, not {size}")
        self.size = size
        self._results: OrderedDict[Hashable, T] = OrderedDict()
        self._working: dict[Hashable, threading.Event] = {}
        self._lock = threading.Lock()

    def recall(self, key: Hashable) -> T | None:
        """The result of ``key`` if it is in the memory (None if not)."""
        with self._lock:
            if key not in self._results:
                return None
            self._results.move_to_end(key)
            return self._results[key]

    def get(self, key: Hashable, work: Callable[[], T]) -> T:
        """The result of ``key``: remembered, or waited for while another thread works it out, or worked out here
        by ``work`` (and remembered). An error raised by ``work`` is not remembered: the next caller works again."""
        while True:
            with self._lock:
                if key in self._results:
                    self._results.move_to_end(key)
                    return self._results[key]
                underway = self._working.get(key)
                if underway is None:
                    done = self._working[key] = threading.Event()
                    break
            underway.wait()
        try:
            result = work()
        except BaseException:
            with self._lock:
                del self._working[key]
            done.set()
            raise
        with self._lock:
            self._results[key] = result
            if len(self._results) > self.size:
                self._results.popitem(last=False)
            del self._working[key]
        done.set()
        return result
