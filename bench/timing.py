"""Timing in turn: each measure taken once a round, rounds in turn, the best of each kept, so that a busy moment
of the machine weighs on the reference and on this engine alike."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def best_in_turn(rounds: int, *measures: Callable[[], float]) -> list[float]:
    """The best (smallest) result of each measure over ``rounds`` rounds, the measures taken in turn."""
    best = [float("inf")] * len(measures)
    for _ in range(rounds):
        for place, measure in enumerate(measures):
            best[place] = min(best[place], measure())
    return best


def arguments(description: str, *, what: str, count: int, rounds: int) -> argparse.Namespace:
    """The command line of a bench: how many ``what`` (``--games``, ``--boards``), the seed, the rounds."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(f"--{what}", type=int, default=count)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=rounds, help="timings taken in turn; the best of each counts")
    return parser.parse_args()
