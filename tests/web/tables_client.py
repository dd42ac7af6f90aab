"""Helpers of the tests of the class's tables: a server whose computer plays at once, setting up tables, sitting
down, waiting for the computer, a pupil's decision at random, and reading a table's Server-Sent Events."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from classroom_client import SAMPLES, counted, without_counting
from starlette.testclient import TestClient

from minibridge.web.app import create_app

TEACHER = {"Authorization": "Bearer teacher"}
WAIT = 30.0
"""The longest the tests wait for the computer to play its seats, in seconds."""


def tables_client(data: Path, *, class_code: str | None = None, counting: bool = False) -> TestClient:
    """A test client of a new server over ``data`` whose computer plays its cards without a pause (use it as a
    context manager: the computer's driver runs on the client's event loop); without ``counting``, the pupils do
    not count their own points."""
    if not counting:
        without_counting(data)
    app = create_app(
        data=data, class_code=class_code, teacher_token="teacher", loopback=True, samples=SAMPLES, robot_pace=0.0
    )
    return TestClient(app)


def player(key: str) -> dict[str, str]:
    """The headers of a seat's requests."""
    return {"X-Player": key}


def open_tables(client: TestClient, **setup: Any) -> list[str]:
    """The teacher sets up the tables: their ids, by number."""
    response = client.post("/api/tables", json=setup, headers=TEACHER)
    assert response.status_code == 201, response.text
    return [table["id"] for table in response.json()["tables"]]


def sit(client: TestClient, table_id: str, seat: str, name: str, headers: dict[str, str] | None = None) -> str:
    """A pupil sits down: the seat's key."""
    response = client.post(f"/api/tables/{table_id}/seats", json={"seat": seat, "name": name}, headers=headers)
    assert response.status_code == 201, response.text
    return str(response.json()["player"])


def settle(client: TestClient, table_id: str, headers: dict[str, str]) -> dict[str, Any]:
    """The view of ``headers`` once the computer has nothing more to do (a person's decision is awaited, the deal
    is over, the table is stopped or waits for a pupil)."""
    deadline = time.monotonic() + WAIT
    while True:
        response = client.get(f"/api/tables/{table_id}", headers=headers)
        assert response.status_code == 200, response.text
        view = response.json()
        if not view["computer_next"]:
            return view
        assert time.monotonic() < deadline, "the computer did not play"
        time.sleep(0.01)


def pupil_action(view: dict[str, Any], choice: int = 0) -> dict[str, Any]:
    """The decision a pupil's view offers now: the points of the pupil's hand (at the first count one too many for
    an odd ``choice``), the ``choice``-th declarer, contract or legal card (wrapping)."""
    if view["phase"] == "count":
        return {"points": counted(view) + (0 if view["count"]["tried"] else choice % 2)}
    for phase, key, offered in (("declarer", "declarer", "declarers"), ("contract", "contract", "contracts")):
        if view["phase"] == phase:
            return {key: view[offered][choice % len(view[offered])]}
    assert view["phase"] == "play" and view["legal"], view
    return {"card": view["legal"][choice % len(view["legal"])]}


def events(response: Any) -> Iterator[dict[str, Any]]:
    """The Server-Sent Events of a streamed response as they come: ``id``, ``event`` and ``data`` (parsed); a
    comment that keeps the stream open comes as ``{"event": "comment"}``."""
    current: dict[str, Any] = {}
    for line in response.iter_lines():
        if not line:
            if "data" in current:
                yield current
            current = {}
        elif line.startswith(":"):
            yield {"event": "comment"}
        elif ":" in line:
            key, _, value = line.partition(":")
            current[key] = json.loads(value) if key == "data" else value.strip()
