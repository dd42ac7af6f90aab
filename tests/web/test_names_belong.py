"""A pupil's name, games and answers belong to the tablet that made them, over HTTP: each test client is a tablet
(it keeps its own cookies, the tablet's key among them). Another tablet giving a name in use is refused in words and
gets nothing of the pupil's; the same tablet goes on where it was; the teacher lets another tablet use a name; a name
left unused for a school day is free again; a double tap on an exercise counts one try."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from events_client import TEACHER
from starlette.testclient import TestClient

from minibridge.web.auth import PUPIL_COOKIE
from minibridge.web.tablets import TABLET_HEADER

TAKEN = "Another tablet is using the name Amy. Pick another name, or ask your teacher."
WRONG_POINTS = {"N": "11", "E": "7", "S": "13", "W": "8"}
"""Lesson Three, exercise 1 (the points in each hand: N 11, E 7, S 14, W 8), answered wrong."""


class Clock:
    """A clock the test moves on."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 8, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock(client: TestClient) -> Clock:
    """The server's clock for the pupils' names, moved on by the test."""
    kept = Clock()
    client.app.state.store.clock = kept  # type: ignore[attr-defined]
    return kept


@pytest.fixture
def other(client: TestClient) -> Iterator[TestClient]:
    """A second tablet on the same server."""
    with TestClient(client.app) as second:
        yield second


def _event(client: TestClient) -> str:
    body = {"name": "Class 5", "boards": 2, "lesson": 5, "seed": 9}
    response = client.post("/api/events", json=body, headers=TEACHER)
    assert response.status_code == 201
    return str(response.json()["id"])


def _count(client: TestClient, table: str) -> int:
    """How many rows a table of the class's database holds."""
    with sqlite3.connect(client.app.state.store.path) as db:  # type: ignore[attr-defined]
        return int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def _names(client: TestClient) -> list[dict[str, Any]]:
    response = client.get("/api/progress", headers=TEACHER)
    assert response.status_code == 200
    return list(response.json()["names"])


def _tries(client: TestClient, lesson: int = 3) -> dict[str, dict[str, int]]:
    """Each pupil's tries by exercise of ``lesson``, as the teacher's progress gives them."""
    lessons = client.get("/api/progress", headers=TEACHER).json()["lessons"]
    found = [row for row in lessons if row["lesson"] == lesson]
    return {row["pupil"]: row["tries"] for row in found[0]["pupils"]} if found else {}


def _once(page: str) -> str:
    found = re.search(r'<input type="hidden" name="once" value="([^"]+)">', page)
    assert found, "the answer form carries its one-time id"
    return found.group(1)


def _tried(page: str) -> str:
    found = re.search(r'<input type="hidden" name="tried" value="([0-9a-f]+)">', page)
    assert found, "the form after a first wrong answer carries the signed try"
    return found.group(1)


# --- the teacher's deals -------------------------------------------------------------------------------------


def test_another_tablet_typing_amys_name_gets_nothing_of_her_game(client: TestClient, other: TestClient):
    event = _event(client)
    amy = client.post(f"/api/events/{event}/games", json={"pupil": "Amy"})
    assert amy.status_code == 201
    games = _count(client, "games")

    refused = other.post(f"/api/events/{event}/games", json={"pupil": "  amy "})
    assert refused.status_code == 409
    assert refused.json() == {"error": TAKEN.replace("Amy", "amy")}
    assert amy.json()["id"] not in refused.text and "hands" not in refused.text
    page = other.post(f"/events/{event}/join", data={"pupil": "Amy"}, follow_redirects=False)
    assert page.status_code == 409 and TAKEN in page.text
    assert amy.json()["id"] not in page.text and PUPIL_COOKIE not in other.cookies

    assert _count(client, "games") == games, "no game is made on a refusal"
    rows = client.get(f"/api/events/{event}/pupils", headers=TEACHER).json()["pupils"]
    assert [row["pupil"] for row in rows] == ["Amy"]
    assert [name["name"] for name in _names(client)] == ["Amy"]

    again = client.post(f"/api/events/{event}/games", json={"pupil": "AMY"})
    assert again.status_code == 200 and again.json()["id"] == amy.json()["id"], "the same tablet gets its game back"
    ben = other.post(f"/api/events/{event}/games", json={"pupil": "Ben"})
    assert ben.status_code == 201 and ben.json()["id"] != amy.json()["id"]


def test_a_program_sends_its_tablets_key_in_a_header(client: TestClient):
    event = _event(client)
    key = "a-program-key-0123456789"
    first = client.post(f"/api/events/{event}/games", json={"pupil": "Amy"}, headers={TABLET_HEADER: key})
    assert first.status_code == 201
    client.cookies.clear()
    again = client.post(f"/api/events/{event}/games", json={"pupil": "Amy"}, headers={TABLET_HEADER: key})
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    stranger = client.post(f"/api/events/{event}/games", json={"pupil": "Amy"}, headers={TABLET_HEADER: "z" * 22})
    assert stranger.status_code == 409


# --- the teacher hands a name over -----------------------------------------------------------------------------


def test_the_teacher_lets_another_tablet_use_a_name_with_its_game(client: TestClient, other: TestClient):
    event = _event(client)
    amy = client.post(f"/api/events/{event}/games", json={"pupil": "Amy"}).json()
    assert other.post(f"/api/events/{event}/games", json={"pupil": "Amy"}).status_code == 409

    page = client.get("/teacher/progress", headers=TEACHER)
    assert page.status_code == 200 and "Names in use today" in page.text
    assert '<li data-name="Amy">' in page.text and "Let another tablet use this name" in page.text
    assert 'action="/teacher/progress/names"' in page.text
    assert other.post("/teacher/progress/names", data={"name": "Amy"}).status_code == 401, "the teacher's only"
    elsewhere = {"Origin": "http://elsewhere.example"} | TEACHER
    assert client.post("/teacher/progress/names", data={"name": "Amy"}, headers=elsewhere).status_code == 403
    assert other.post(f"/api/events/{event}/games", json={"pupil": "Amy"}).status_code == 409, "nothing changed"

    handed = client.post("/teacher/progress/names", data={"name": "amy"}, headers=TEACHER, follow_redirects=False)
    assert handed.status_code == 303 and handed.headers["location"] == "/teacher/progress#names"
    assert _names(client) == []
    taken = other.post(f"/api/events/{event}/games", json={"pupil": "Amy"})
    assert taken.status_code == 200 and taken.json()["id"] == amy["id"], "the game goes with the name"
    assert client.post(f"/api/events/{event}/games", json={"pupil": "Amy"}).status_code == 409


def test_the_teacher_lets_another_tablet_use_a_name_through_the_api(client: TestClient, other: TestClient):
    assert client.post("/lessons/3/exercises", data={"pupil": "Amy Lee"}, follow_redirects=False).status_code == 303
    assert other.post("/api/progress/names/Amy%20Lee/release").status_code == 401
    released = other.post("/api/progress/names/amy%20lee/release", headers=TEACHER)
    assert released.status_code == 200 and released.json() == {"name": "amy lee", "released": True}
    again = other.post("/api/progress/names/amy%20lee/release", headers=TEACHER)
    assert again.status_code == 404 and "no tablet is using the name amy lee" in again.json()["error"]
    assert other.post("/lessons/3/exercises", data={"pupil": "Amy Lee"}, follow_redirects=False).status_code == 303
    assert client.post("/lessons/3/exercises", data={"pupil": "Amy Lee"}).status_code == 409


# --- a school day --------------------------------------------------------------------------------------------


def test_a_name_unused_for_twelve_hours_is_free_again(client: TestClient, other: TestClient, clock: Clock):
    assert client.post("/lessons/3/exercises", data={"pupil": "Amy"}, follow_redirects=False).status_code == 303
    used = _names(client)
    assert used == [{"name": "Amy", "used": "2026-03-02T08:30:00+00:00"}], "never the tablet's key"

    clock.now += timedelta(hours=11)
    refused = other.post("/lessons/3/exercises", data={"pupil": "Amy"}, follow_redirects=False)
    assert refused.status_code == 409 and TAKEN in refused.text and 'name="pupil"' in refused.text
    assert PUPIL_COOKIE not in other.cookies
    answered = client.post("/lessons/3/exercises/1", data=WRONG_POINTS)  # Amy answers: her tablet uses the name
    assert answered.status_code == 200

    clock.now += timedelta(hours=11)  # 22 hours after she gave it, 11 after she last used it
    assert other.post("/lessons/3/exercises", data={"pupil": "Amy"}).status_code == 409
    clock.now += timedelta(hours=1, seconds=1)
    assert _names(client) == [], "no name in use today"
    taken = other.post("/lessons/3/exercises", data={"pupil": "Amy"}, follow_redirects=False)
    assert taken.status_code == 303 and other.cookies[PUPIL_COOKIE] == "Amy"
    assert client.post("/lessons/3/exercises/1", data=WRONG_POINTS).status_code == 409


# --- exercises -------------------------------------------------------------------------------------------------


def test_a_double_tap_on_an_exercise_counts_one_try(client: TestClient):
    client.post("/lessons/3/exercises", data={"pupil": "Amy"})
    form = client.get("/lessons/3/exercises/1").text
    once = _once(form)
    taps = WRONG_POINTS | {"once": once}
    first = client.post("/lessons/3/exercises/1", data=taps, headers={"HX-Request": "true"})
    second = client.post("/lessons/3/exercises/1", data=taps, headers={"HX-Request": "true"})
    assert first.status_code == second.status_code == 200
    assert "Not yet. Try again!" in first.text and "Not yet. Try again!" in second.text
    assert _tried(first.text) == _tried(second.text), "the second tap is answered as the first"
    assert _tries(client) == {"Amy": {"1": 1}}

    retry = {"S": "14", "tried": _tried(first.text), "once": _once(first.text)}
    assert _once(first.text) != once, "each form has its own id"
    right = client.post("/lessons/3/exercises/1", data=WRONG_POINTS | retry)
    tapped_again = client.post("/lessons/3/exercises/1", data=WRONG_POINTS | retry)
    assert "Right on your second try" in right.text and "Right on your second try" in tapped_again.text
    assert _tries(client) == {"Amy": {"1": 2}}
    page = client.get("/teacher/progress", headers=TEACHER).text
    assert '<td class="right" data-exercise="1" title="Right">✓<sub>2</sub></td>' in page
    kept = [(p.exercise, p.right) for p in client.app.state.store.progress("Amy")]  # type: ignore[attr-defined]
    assert kept == [("1", False), ("1", True)]


def test_the_api_keeps_an_answer_sheet_once_for_its_try_id(client: TestClient, other: TestClient):
    sheet = {"pupil": "Amy", "answers": {"1": {"N": 11, "E": 7, "S": 14, "W": 8}}, "try": "sheet-1"}
    first = client.post("/api/lessons/3/answers", json=sheet)
    again = client.post("/api/lessons/3/answers", json=sheet)
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert _tries(client) == {"Amy": {"1": 1}}
    assert client.post("/api/lessons/3/answers", json=sheet | {"try": "sheet-2"}).status_code == 200
    assert _tries(client) == {"Amy": {"1": 2}}
    bad = client.post("/api/lessons/3/answers", json=sheet | {"try": 7})
    assert bad.status_code == 422 and "'try' should be text" in bad.json()["error"]

    refused = other.post("/api/lessons/3/answers", json=sheet | {"try": "sheet-3"})
    assert refused.status_code == 409 and refused.json() == {"error": TAKEN}
    assert _tries(client) == {"Amy": {"1": 2}}, "nothing kept on a refusal"


def test_answers_are_kept_under_a_name_only_from_the_tablet_that_holds_it(client: TestClient, other: TestClient):
    client.post("/lessons/3/exercises", data={"pupil": "Amy"})
    other.cookies.set(PUPIL_COOKIE, "Amy")  # a tablet that says it is Amy's without having taken the name
    listed = other.get("/lessons/3/exercises")
    assert listed.status_code == 200 and TAKEN in listed.text and 'name="pupil"' in listed.text
    form = other.get("/lessons/3/exercises/1").text
    refused = other.post(
        "/lessons/3/exercises/1", data=WRONG_POINTS | {"once": _once(form)}, headers={"HX-Request": "true"}
    )
    assert refused.status_code == 409 and TAKEN in refused.text
    assert 'href="/lessons/3/exercises?change=1">Give another name' in refused.text
    assert 'name="S" value="13"' in refused.text, "the pupil's taps are kept on the form"
    assert _tries(client) == {} and _count(client, "answer_forms") == 0, "nothing kept"
    assert client.post("/lessons/3/exercises/1", data=WRONG_POINTS).status_code == 200
    assert _tries(client) == {"Amy": {"1": 1}}


def test_a_name_another_tablet_holds_takes_no_seat_at_a_table_of_pupils(client: TestClient, other: TestClient):
    opened = client.post("/api/tables", json={"tables": 1, "lesson": 3, "deals": 1, "seed": 7}, headers=TEACHER)
    table = opened.json()["tables"][0]["id"]
    assert client.post(f"/api/tables/{table}/seats", json={"seat": "S", "name": "Amy"}).status_code == 201
    refused = other.post(f"/api/tables/{table}/seats", json={"seat": "N", "name": " amy "})
    assert refused.status_code == 409 and refused.json() == {"error": TAKEN.replace("Amy", "amy")}
    origin = {"Origin": "http://testserver"}
    page = other.post(f"/tables/{table}/seats", data={"seat": "N", "name": "Amy"}, headers=origin)
    assert page.status_code == 409 and "Another tablet is using the name Amy" in page.text
    seats = client.get("/api/tables").json()["tables"][0]["seats"]
    assert seats["N"]["name"] is None and seats["S"]["name"] == "Amy"
    assert other.post(f"/api/tables/{table}/seats", json={"seat": "N", "name": "Ben"}).status_code == 201
