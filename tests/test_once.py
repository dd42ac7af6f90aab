"""Results worked out once and shared: a bounded memory that forgets the least recently used result first, a key
asked by two threads at once worked out once, and an error never remembered."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minibridge.once import Once


def test_a_memory_holds_at_least_one_result():
    with pytest.raises(ValueError):
        Once(size=0)


def test_a_remembered_result_is_not_worked_out_again():
    once: Once[int] = Once(size=3)
    calls: list[str] = []

    def work() -> int:
        calls.append("a")
        return 7

    assert once.get("a", work) == 7 and once.get("a", work) == 7 and once.recall("a") == 7
    assert calls == ["a"]


def test_the_least_recently_used_is_forgotten_and_recall_refreshes():
    once: Once[str] = Once(size=2)
    once.get("a", lambda: "A")
    once.get("b", lambda: "B")
    assert once.recall("a") == "A"  # now "b" is the least recently used
    once.get("c", lambda: "C")
    assert once.recall("b") is None and once.recall("a") == "A" and once.recall("c") == "C"
    once.get("a", lambda: "not again")  # found: "a" used last, "c" the least recently used
    once.get("d", lambda: "D")
    assert once.recall("c") is None and once.recall("a") == "A" and once.recall("d") == "D"


def test_recall_of_an_unknown_key_is_none_and_remembers_nothing():
    once: Once[int] = Once(size=1)
    assert once.recall("x") is None
    assert once.get("x", lambda: 3) == 3


@given(
    size=st.integers(min_value=1, max_value=5),
    uses=st.lists(st.tuples(st.booleans(), st.integers(min_value=0, max_value=8)), max_size=60),
)
def test_the_memory_is_the_most_recently_used_keys(size: int, uses: list[tuple[bool, int]]):
    """Against a plain model: after any gets and recalls, exactly the ``size`` keys last used (a recall of a key
    held uses it) are remembered, each with the result first worked out for it."""
    once: Once[tuple[int, int]] = Once(size=size)
    model: list[int] = []  # keys held, least recently used first
    worked: dict[int, int] = {}
    for step, (recall, key) in enumerate(uses):
        if recall:
            found = once.recall(key)
            if key in model:
                assert found == (key, worked[key])
                model.remove(key)
                model.append(key)
            else:
                assert found is None
        else:
            result = once.get(key, lambda key=key, step=step: (key, step))
            if key in model:
                assert result == (key, worked[key])
                model.remove(key)
            else:
                assert result == (key, step)
                worked[key] = step
                if len(model) == size:
                    model.pop(0)
            model.append(key)
    for key in range(9):
        assert (once.recall(key) is not None) == (key in model)


def test_two_threads_asking_at_once_work_it_out_once_and_both_get_it():
    once: Once[object] = Once(size=4)
    started = threading.Event()
    release = threading.Event()
    calls: list[int] = []
    result = object()

    def work() -> object:
        calls.append(1)
        started.set()
        assert release.wait(5)
        return result

    found: dict[str, object] = {}

    def ask(name: str) -> None:
        found[name] = once.get("key", work)

    first = threading.Thread(target=ask, args=("first",))
    first.start()
    assert started.wait(5)
    second = threading.Thread(target=ask, args=("second",))
    second.start()
    time.sleep(0.1)  # the second asks while the first works
    assert "second" not in found and once.recall("key") is None
    release.set()
    first.join(5)
    second.join(5)
    assert calls == [1]
    assert found["first"] is result and found["second"] is result


def test_different_keys_are_worked_out_at_the_same_time():
    once: Once[int] = Once(size=4)
    both = threading.Barrier(2, timeout=5)

    def work(value: int) -> int:
        both.wait()  # both work at once, or this times out
        return value

    results: dict[int, int] = {}
    threads = [threading.Thread(target=lambda v=v: results.update({v: once.get(v, lambda: work(v))})) for v in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(5)
    assert results == {1: 1, 2: 2}


def test_an_error_reaches_the_caller_and_is_not_remembered():
    once: Once[int] = Once(size=2)

    def fails() -> int:
        raise ValueError("no solver")

    with pytest.raises(ValueError, match="no solver"):
        once.get("k", fails)
    assert once.recall("k") is None
    assert once.get("k", lambda: 5) == 5 and once.recall("k") == 5


def test_a_waiter_whose_worker_failed_works_it_out_itself():
    once: Once[str] = Once(size=2)
    started = threading.Event()
    release = threading.Event()

    def fails() -> str:
        started.set()
        assert release.wait(5)
        raise ValueError("first worker failed")

    errors: list[BaseException] = []
    found: list[str] = []
    waiter_worked: list[str] = []

    def first() -> None:
        try:
            once.get("k", fails)
        except ValueError as error:
            errors.append(error)

    def waiter_work() -> str:
        waiter_worked.append("second")
        return "second's"

    def second() -> None:
        found.append(once.get("k", waiter_work))

    threads = [threading.Thread(target=first)]
    threads[0].start()
    assert started.wait(5)
    threads.append(threading.Thread(target=second))
    threads[1].start()
    time.sleep(0.1)  # the second waits for the first
    assert not waiter_worked
    release.set()
    for thread in threads:
        thread.join(5)
    assert [str(e) for e in errors] == ["first worker failed"]
    assert waiter_worked == ["second"] and found == ["second's"] and once.recall("k") == "second's"


def test_many_threads_asking_the_same_keys_work_each_out_once():
    once: Once[int] = Once(size=16)
    calls: list[int] = []
    guard = threading.Lock()

    def work(key: int) -> int:
        with guard:
            calls.append(key)
        time.sleep(0.01)
        return key * key

    results: list[list[int]] = [[] for _ in range(8)]

    def ask(index: int) -> None:
        results[index] = [once.get(key, lambda key=key: work(key)) for key in range(10)]

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert results == [[key * key for key in range(10)]] * 8
    assert sorted(calls) == list(range(10))
