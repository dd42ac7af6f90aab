"""Helpers of the classroom server's tests: a server over a data folder through Starlette's test client, and a
pupil who decides at random."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from minibridge.classroom.switches import ClassSwitches
from minibridge.web.app import create_app
from minibridge.web.store import Store

SAMPLES = 2
"""Layouts the computer thinks about in the tests: enough to play, quick to run."""


def without_counting(data: Path) -> Path:
    """The data folder ``data`` with the teacher's switch "the pupils count their own points" turned off for the
    class, as most tests want to go straight to the announcement; ``data`` itself."""
    store = Store(data)
    store.save_switches(ClassSwitches.from_data({"every": {"count_points": False}}))
    store.close()
    return data


def make_client(
    data: Path, *, class_code: str | None = None, loopback: bool = True, counting: bool = False
) -> TestClient:
    """A test client of a new server over ``data`` (the same folder: the server restarted); without ``counting``,
    the pupils do not count their own points (:func:`without_counting`)."""
    if not counting:
        without_counting(data)
    app = create_app(data=data, class_code=class_code, teacher_token="teacher", loopback=loopback, samples=SAMPLES)
    return TestClient(app)


def next_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A pupil's decision at random among those the view offers."""
    phase = view["phase"]
    if phase == "count":
        return {"points": counted(view) + (rng.random() < 0.3)}
    if phase == "declarer":
        return {"declarer": rng.choice(view["declarers"])}
    if phase == "contract":
        return {"contract": rng.choice(view["contracts"])}
    if phase == "play":
        return {"card": rng.choice(view["legal"])}
    assert phase == "deal_over", view
    return {"next": True}


def counted(view: dict[str, Any]) -> int:
    """The points of the hand a pupil counts, from the cards the view shows."""
    return sum(POINTS.get(code[1], 0) for code in view["hands"][view["count"]["seat"]])


POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
"""The points of the honours, by rank letter."""


def play_out(
    client: TestClient, view: dict[str, Any], rng: random.Random, check: Callable[[Any], None] | None = None
) -> dict[str, Any]:
    """Take the pupil's decisions through the API until the game is over; ``check`` sees every response."""
    while view["phase"] != "game_over":
        response = client.post(f"/api/games/{view['id']}/actions", json=next_action(view, rng))
        assert response.status_code == 200, response.text
        if check is not None:
            check(response)
        view = response.json()
    return view
