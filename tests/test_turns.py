"""Turns at the double-dummy solver's slots: the lightest call first job by job, no call starved, a whole call
alone, errors handed back; calls made ahead only when no call needed sooner waits, first come first served, and
never overdue."""

from __future__ import annotations

import threading
import time

import pytest

from minibridge.turns import Need, Turns


def served_order(turns: Turns, calls: list[tuple[int, int]], *, pause_after_heavy: float = 0.0) -> list[int]:
    """Hold the only slot with a first job, queue ``calls`` (weight, number of jobs) one by one, then let go: the
    weight of each job in the order the jobs ran."""
    order: list[int] = []
    release = threading.Event()

    def job(weight: int):
        def run(slot: int) -> int:
            order.append(weight)
            if weight == 0:
                release.wait(5)
            return slot

        return run

    def call(weight: int, jobs: int) -> None:
        turns.map(weight, [job(weight) for _ in range(jobs)])

    threads = [threading.Thread(target=call, args=(0, 1))]
    threads[0].start()
    while not order:
        time.sleep(0.01)
    for weight, jobs in calls:
        threads.append(threading.Thread(target=call, args=(weight, jobs)))
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
    assert served_order(Turns(slots=1, patience=60), [(300, 1), (100, 1), (200, 1)]) == [0, 100, 200, 300]


def test_a_lighter_call_goes_between_the_jobs_of_a_heavier_one():
    turns = Turns(slots=1, patience=60)
    order: list[int] = []
    lighter_sent = threading.Event()

    def heavy(slot: int) -> None:
        order.append(900)
        lighter_sent.wait(5)
        time.sleep(0.05)

    def light(slot: int) -> None:
        order.append(1)

    worker = threading.Thread(target=turns.map, args=(900, [heavy] * 3))
    worker.start()
    while not order:
        time.sleep(0.01)
    lighter_sent.set()
    turns.map(1, [light])
    worker.join()
    assert order[:2] == [900, 1] and order.count(900) == 3


def test_a_call_kept_waiting_too_long_goes_before_lighter_ones():
    order = served_order(Turns(slots=1, patience=0.2), [(900, 1), (200, 1), (100, 1)], pause_after_heavy=0.3)
    assert order == [0, 900, 100, 200]


def test_the_jobs_of_one_call_use_every_slot_and_keep_their_order():
    turns = Turns(slots=2, patience=60)
    both = threading.Barrier(2, timeout=5)

    def job(value: int):
        def run(slot: int) -> tuple[int, int]:
            both.wait()  # two jobs run at once, or this times out
            return value, slot

        return run

    found = turns.map(1, [job(v) for v in range(4)])
    assert [value for value, _ in found] == [0, 1, 2, 3] and {slot for _, slot in found[:2]} == {0, 1}


def test_a_whole_call_runs_alone():
    turns = Turns(slots=2, patience=60)
    events: list[tuple[str, str]] = []
    guard = threading.Lock()

    def job(name: str):
        def run(slot: int | None = None) -> str:
            with guard:
                events.append(("start", name))
            time.sleep(0.02)
            with guard:
                events.append(("end", name))
            return name

        return run

    threads = [threading.Thread(target=turns.map, args=(5, [job(f"j{i}") for i in range(6)])) for i in range(2)]
    for thread in threads:
        thread.start()
    while not events:
        time.sleep(0.001)
    assert turns.whole(5, job("whole")) == "whole"
    for thread in threads:
        thread.join()
    began = events.index(("start", "whole"))
    assert events[began + 1] == ("end", "whole")  # nothing started while it ran
    before = events[:began]
    assert all(before.count(("start", n)) == before.count(("end", n)) for _, n in before)  # nothing was running


def test_an_error_is_handed_back_and_frees_the_slot():
    turns = Turns(slots=1, patience=60)

    def fails(slot: int) -> None:
        raise ValueError("no solver")

    with pytest.raises(ValueError, match="no solver"):
        turns.map(5, [fails, lambda slot: 1])
    assert turns.map(1, [lambda slot: slot]) == [0] and turns.waiting == 0


def test_an_overdue_call_takes_one_slot_and_lighter_calls_keep_the_other():
    turns = Turns(slots=2, patience=0.05)
    events: list[tuple[str, str]] = []
    guard = threading.Lock()

    def job(name: str, pause: float):
        def run(slot: int) -> None:
            with guard:
                events.append(("start", name))
            time.sleep(pause)
            with guard:
                events.append(("end", name))

        return run

    heavy = threading.Thread(target=turns.map, args=(900, [job("heavy", 0.05) for _ in range(6)]))
    light = threading.Thread(target=turns.map, args=(1, [job("light", 0.01) for _ in range(40)]))
    light.start()
    time.sleep(0.02)
    heavy.start()  # waits behind the light call until it is overdue, then takes one slot
    heavy.join()
    light.join()
    last_light = max(i for i, event in enumerate(events) if event == ("start", "light"))
    first_heavy = events.index(("start", "heavy"))
    assert first_heavy < last_light  # the overdue call did not wait for the whole light call
    heavy_at_once = running = 0
    for kind, name in events[:last_light]:
        if name == "heavy":
            running += 1 if kind == "start" else -1
            heavy_at_once = max(heavy_at_once, running)
    assert heavy_at_once == 1  # while the light call went on, the overdue one had a single slot


def served_needs(
    turns: Turns, calls: list[tuple[str, int, Need]], *, pause_before: dict[str, float] | None = None
) -> list[str]:
    """Hold the only slot with a first job, queue ``calls`` (name, weight, need) one by one (after the pause
    ``pause_before`` names, if any), then let go: the name of each job in the order the jobs ran."""
    order: list[str] = []
    release = threading.Event()
    pause_before = pause_before or {}

    def job(name: str):
        def run(slot: int) -> str:
            order.append(name)
            if name == "holder":
                release.wait(5)
            return name

        return run

    def call(name: str, weight: int, need: Need) -> None:
        assert turns.map(weight, [job(name)], need=need) == [name]

    threads = [threading.Thread(target=call, args=("holder", 0, Need.NOW))]
    threads[0].start()
    while not order:
        time.sleep(0.01)
    for name, weight, need in calls:
        time.sleep(pause_before.get(name, 0.0))
        threads.append(threading.Thread(target=call, args=(name, weight, need)))
        threads[-1].start()
        while turns.waiting < len(threads) - 1:
            time.sleep(0.01)
    release.set()
    for thread in threads:
        thread.join(5)
    return order


def test_a_call_made_ahead_goes_after_a_call_a_game_waits_for_that_came_later():
    turns = Turns(slots=1, patience=60)
    order = served_needs(turns, [("maybe", 1, Need.MAYBE), ("soon", 1, Need.SOON), ("now", 900, Need.NOW)])
    assert order == ["holder", "now", "soon", "maybe"]


def test_a_call_needed_soon_goes_before_one_that_may_be_needed_that_came_earlier():
    turns = Turns(slots=1, patience=60)
    order = served_needs(turns, [("maybe", 1, Need.MAYBE), ("now", 900, Need.NOW), ("soon", 900, Need.SOON)])
    assert order == ["holder", "now", "soon", "maybe"]


def test_calls_made_ahead_go_first_come_first_served_whatever_their_weight():
    turns = Turns(slots=1, patience=60)
    calls = [
        ("maybe heavy", 900, Need.MAYBE),
        ("soon heavy", 900, Need.SOON),
        ("maybe light", 1, Need.MAYBE),
        ("soon light", 1, Need.SOON),
    ]
    assert served_needs(turns, calls) == ["holder", "soon heavy", "soon light", "maybe heavy", "maybe light"]


def test_an_old_call_made_ahead_is_never_overdue():
    """With a patience far shorter than their wait, calls made ahead still go after a later call a game waits for,
    and in their order of need."""
    turns = Turns(slots=1, patience=0.02)
    calls = [("maybe", 1, Need.MAYBE), ("soon", 1, Need.SOON), ("now", 900, Need.NOW)]
    order = served_needs(turns, calls, pause_before={"soon": 0.1, "now": 0.1})
    assert order == ["holder", "now", "soon", "maybe"]


def test_a_call_a_game_waits_for_goes_between_two_jobs_of_a_call_made_ahead():
    turns = Turns(slots=1, patience=0.01)
    order: list[str] = []
    now_sent = threading.Event()

    def ahead(slot: int) -> None:
        order.append("ahead")
        now_sent.wait(5)
        time.sleep(0.05)  # the call made ahead has waited far longer than the patience

    thinking = threading.Thread(target=turns.map, args=(1, [ahead] * 3), kwargs={"need": Need.MAYBE})
    thinking.start()
    while not order:
        time.sleep(0.01)
    waited = threading.Thread(target=turns.map, args=(900, [lambda slot: order.append("now")] * 2))
    waited.start()
    while turns.waiting < 2:
        time.sleep(0.01)
    now_sent.set()
    waited.join(5)
    thinking.join(5)
    assert order == ["ahead", "now", "now", "ahead", "ahead"]
