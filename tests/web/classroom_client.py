"""Helpers of the classroom server's tests: a server over a data folder through Starlette's test client, and a
pupil who decides at random."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from minibridge.web.app import create_app

SAMPLES = 2
"""Layouts the computer thinks about in the tests: enough to play, quick to run."""


def make_client(data: Path, *, class_code: str | None = None, loopback: bool = True) -> TestClient:
    """A test client of a new server over ``data`` (the same folder: the server restarted)."""
    app = create_app(data=data, class_code=class_code, teacher_token="teacher", loopback=loopback, samples=SAMPLES)
    return TestClient(app)


def next_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A pupil's decision at random among those the view offers."""
    phase = view["phase"]
    if phase == "declarer":
        return {"declarer": rng.choice(view["declarers"])}
    if phase == "contract":
        return {"contract": rng.choice(view["contracts"])}
    if phase == "play":
        return {"card": rng.choice(view["legal"])}
    assert phase == "deal_over", view
    return {"next": True}


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
