"""Turns at the double-dummy solver: the lightest call first, and no call starved."""

from __future__ import annotations

import threading
import time

from minibridge.turns import Turns


def served_order(turns: Turns, weights: list[int], *, pause_after_heavy: float = 0.0) -> list[int]:
    """Hold the turn with a first call, queue calls of ``weights`` one by one, then let go: the order served."""
    order: list[int] = []
    release = threading.Event()

    def call(weight: int) -> None:
        with turns.turn(weight):
            order.append(weight)
            if weight == 0:
                release.wait(5)

    threads = [threading.Thread(target=call, args=(0,))]
    threads[0].start()
    while not order:
        time.sleep(0.01)
    for weight in weights:
        threads.append(threading.Thread(target=call, args=(weight,)))
        threads[-1].start()
        while turns.waiting < len(threads) - 1:
            time.sleep(0.01)
        if weight >= 900:
            time.sleep(pause_after_heavy)
    release.set()
    for thread in threads:
        thread.join()
    return order


def test_of_the_calls_waiting_the_lightest_goes_first():
    assert served_order(Turns(patience=60), [300, 100, 200]) == [0, 100, 200, 300]


def test_a_call_kept_waiting_too_long_goes_before_lighter_ones():
    order = served_order(Turns(patience=0.2), [900, 200, 100], pause_after_heavy=0.3)
    assert order == [0, 900, 100, 200]


def test_an_idle_solver_serves_a_call_at_once_and_an_error_frees_the_turn():
    turns = Turns(patience=60)
    try:
        with turns.turn(5):
            raise ValueError("no solver")
    except ValueError:
        pass
    with turns.turn(1):
        assert turns.waiting == 0
