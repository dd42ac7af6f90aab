"""Timing in turn: each measure taken once a round, rounds in turn, the best of each kept, so that a busy moment
of the machine weighs on the reference and on this engine alike."""

from __future__ import annotations

from collections.abc import Callable


def best_in_turn(rounds: int, *measures: Callable[[], float]) -> list[float]:
    """The best (smallest) result of each measure over ``rounds`` rounds, the measures taken in turn."""
    best = [float("inf")] * len(measures)
    for _ in range(rounds):
        for place, measure in enumerate(measures):
            best[place] = min(best[place], measure())
    return best
