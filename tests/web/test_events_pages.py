"""The events' pages over HTTP: the teacher's (behind the teacher's token), a table's tablet step by step, the
class code on a tablet, the teacher's corrections, the class screen's panels, the boards as PBN."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from classroom_client import make_client
from events_client import TEACHER
from starlette.testclient import TestClient

from minibridge.pbn import loads
from minibridge.web.auth import CLASS_COOKIE


def _event(client: TestClient, **fields: object) -> str:
    body = {"name": "Tuesday club", "boards": 4, "lesson": 6, **fields}
    return str(client.post("/api/events", json=body, headers=TEACHER).json()["id"])


def _step(page: str) -> str:
    found = re.search(r'data-step="([a-z]+)"', page)
    assert found is not None, page
    return found.group(1)


# --- the teacher's pages -------------------------------------------------------------------------------------


TEACHER_PAGES = ("", "/{}", "/{}/screen", "/{}/panel", "/{}/pupils", "/{}/results", "/{}/correct", "/{}/boards.pbn")


@pytest.mark.parametrize("page", TEACHER_PAGES)
def test_a_pupil_cannot_open_a_teachers_page(client: TestClient, page: str):
    event = _event(client)
    address = "/teacher/events" + page.format(event)
    refused = client.get(address)
    assert refused.status_code == 401
    assert "This page is for the teacher" in refused.text
    client.cookies.set("minibridge_teacher_80", "guess")
    wrong = client.get(address)
    assert wrong.status_code == 403 and "not the teacher's link" in wrong.text
    client.cookies.clear()
    assert client.get(address, headers=TEACHER).status_code == 200


def test_the_teachers_room_leads_to_the_events_and_the_class_screen_to_the_newest_results(client: TestClient):
    older = _event(client, name="Monday club")
    newest = _event(client, name="Tuesday club")
    client.get("/teacher?token=teacher")  # the teacher's link: the token kept in a cookie
    room = client.get("/teacher")
    assert 'href="/teacher/events"' in room.text and "Everyone on the same boards" in room.text
    deal_screen = client.get("/teacher/screen")
    assert 'href="/teacher/events/screen"' in deal_screen.text
    results = client.get("/teacher/events/screen", follow_redirects=False)
    assert results.headers["location"] == f"/teacher/events/{newest}/screen"
    client.post(f"/teacher/events/{newest}/close", data={"closed": "1"})
    assert client.get("/teacher/events/screen", follow_redirects=False).headers["location"].endswith(older + "/screen")
    screen = client.get(f"/teacher/events/{older}/screen")
    assert 'href="/teacher/screen' in screen.text and "Monday club" in screen.text  # the class screen's tabs
    elsewhere = client.post("/teacher/events", data={"name": "X"}, headers={"Origin": "http://elsewhere"})
    assert elsewhere.status_code == 403  # a post from another site's page


def test_the_teacher_starts_an_event_from_the_page(client: TestClient):
    client.get("/teacher?token=teacher")  # the teacher's link: a session kept in a cookie
    page = client.get("/teacher/events")
    assert "Start an event" in page.text and "Lesson 6: Defending together" in page.text
    made = client.post("/teacher/events", data={"name": "Class 5", "boards": "3", "lesson": "5", "seed": "12"})
    assert made.status_code == 200 and "/teacher/events/" in str(made.url)
    assert "3 boards of Lesson 5" in made.text and "seed 12" in made.text
    assert "Class 5" in client.get("/teacher/events").text
    refused = client.post("/teacher/events", data={"name": "", "boards": "3"})
    assert refused.status_code == 422 and "Give the event a name" in refused.text
    refused = client.post("/teacher/events", data={"name": "X", "boards": "99"})
    assert refused.status_code == 422 and "1 to 36 boards" in refused.text


def test_the_boards_download_as_a_pbn_file_of_the_events_deals(client: TestClient):
    event = _event(client)
    pbn = client.get(f"/teacher/events/{event}/boards.pbn", headers=TEACHER)
    assert "attachment" in pbn.headers["content-disposition"]
    boards = loads(pbn.text)
    shown = client.get(f"/api/events/{event}", headers=TEACHER).json()["deals"]
    assert [b.deal.to_pbn() for b in boards if b.deal] == [d["deal"] for d in shown]
    assert [b.number for b in boards] == [1, 2, 3, 4]


# --- a table's tablet -----------------------------------------------------------------------------------------


def test_a_table_enters_a_result_one_tap_a_step(client: TestClient):
    event = _event(client)
    table = f"/events/{event}/table"
    steps = [
        ({}, "board", "Which board did you play?"),
        ({"board": "2"}, "ns", "North–South: which pair are you?"),
        ({"board": "2", "ns": "3"}, "ew", "East–West: which pair are you?"),
        ({"board": "2", "ns": "3", "ew": "4"}, "contract", "What was the contract?"),
        ({"board": "2", "ns": "3", "ew": "4", "contract": "4H"}, "declarer", "Who was declarer?"),
        (
            {"board": "2", "ns": "3", "ew": "4", "contract": "4H", "declarer": "E"},
            "tricks",
            "How many tricks did East win?",
        ),
    ]
    for fields, step, question in steps:
        page = client.get(table, params=fields)
        assert page.status_code == 200
        assert _step(page.text) == step and question in page.text
        for key, value in fields.items():
            assert f'name="{key}" value="{value}"' in page.text  # the steps taken go along
    tricks = client.get(table, params=steps[-1][0]).text
    assert ">=<" in tricks.replace(" ", "") and "+3" in tricks and "−10" in tricks  # made =, +1 … +3; down −1 … −10
    confirm = client.get(table, params={**steps[-1][0], "tricks": "11"})
    assert _step(confirm.text) == "confirm"
    assert "North–South, please check" in confirm.text  # declarer's opponents confirm
    assert "East played game in hearts" in confirm.text and "made, +1" in confirm.text
    assert "450" in confirm.text
    done = client.post(table, data={**steps[-1][0], "tricks": "11"})
    assert done.status_code == 200 and _step(done.text) == "done"
    assert "Board 2 is in" in done.text and "every table's result" in done.text
    assert 'class="mine"' in done.text
    assert f"{table}?ns=3&amp;ew=4" in done.text  # the next board, the same pairs
    twice = client.post(table, data={**steps[-1][0], "tricks": "11"})  # a double tap: shown, not refused
    assert twice.status_code == 200 and _step(twice.text) == "done"
    other = client.post(table, data={**steps[-1][0], "tricks": "9"})
    assert other.status_code == 409 and "already entered" in other.text
    ranking = client.get(f"/api/events/{event}/ranking").json()
    assert [(r["ns"], r["tricks"], r["ew_score"]) for r in ranking["boards"][0]["results"]] == [("3", 11, 450)]


def test_a_step_given_wrong_is_asked_again_with_the_reason(client: TestClient):
    event = _event(client)
    table = f"/events/{event}/table"
    page = client.get(table, params={"board": "9"})
    assert _step(page.text) == "board" and "There is no board 9 in Tuesday club" in page.text
    page = client.get(table, params={"board": "1", "ns": "1", "ew": "2", "contract": "2NT"})
    assert _step(page.text) == "contract" and "Choose the contract" in page.text
    given = {"board": "1", "ns": "1", "ew": "2", "contract": "3NT", "declarer": "S"}
    page = client.get(table, params={**given, "tricks": "20"})
    assert _step(page.text) == "tricks" and "declarer takes 0 to 13" in page.text
    back = re.search(r'class="choice step-back" href="([^"]+)"', page.text)
    assert back is not None and "contract=3NT" in back.group(1) and "declarer" not in back.group(1)
    posted = client.post(
        table, data={"board": "1", "ns": "1", "ew": "2", "contract": "3NT", "declarer": "Q", "tricks": "9"}
    )
    assert posted.status_code == 422 and "declarer" in posted.text.lower()


def test_a_tablet_asks_for_the_class_code_once(tmp_path: Path):
    with make_client(tmp_path, class_code="OWL42") as client:
        event = _event(client)
        asked = client.get(f"/events/{event}/table")
        assert asked.status_code == 401 and 'name="class_code"' in asked.text
        wrong = client.post(f"/events/{event}/code", data={"class_code": "CAT"})
        assert wrong.status_code == 403 and "not the class code" in wrong.text
        right = client.post(f"/events/{event}/code", data={"class_code": "owl42"})
        assert right.status_code == 200 and _step(right.text) == "board"
        assert client.cookies.get(CLASS_COOKIE) == "owl42"
        posted = client.post(
            f"/events/{event}/table",
            data={"board": "1", "ns": "1", "ew": "2", "contract": "3NT", "declarer": "S", "tricks": "9"},
        )
        assert posted.status_code == 200


def test_a_lesson_without_contracts_has_no_results_to_enter(client: TestClient):
    event = _event(client, lesson=2)
    page = client.get(f"/events/{event}/table")
    assert page.status_code == 409 and "without contracts" in page.text
    screen = client.get(f"/teacher/events/{event}/screen", headers=TEACHER)
    assert "every pupil's result against the computer" in screen.text and "Ranking" not in screen.text


# --- corrections, closing, the class screen ----------------------------------------------------------------------


def test_the_teacher_corrects_a_result_and_the_record_says_so(client: TestClient):
    event = _event(client)
    one = {"board": 1, "ns": "1", "ew": "2", "contract": "3NT", "declarer": "S", "tricks": 10}
    client.post(f"/api/events/{event}/results", json=one)
    client.get("/teacher?token=teacher")  # the teacher's link: a session kept in a cookie
    page = client.get(f"/teacher/events/{event}")
    link = re.search(r'class="correct" href="([^"]+)"', page.text)
    assert link is not None
    form = client.get(link.group(1).replace("&amp;", "&"))
    assert 'option value="3NT" selected' in form.text and 'option value="10" selected' in form.text
    fixed = client.post(f"/teacher/events/{event}/correct", data={**one, "tricks": "8"})
    assert fixed.status_code == 200
    assert "a correction" in fixed.text and "replaced" in fixed.text
    board = client.get(f"/api/events/{event}/ranking").json()["boards"][0]
    assert [r["tricks"] for r in board["results"]] == [8]
    bad = client.post(f"/teacher/events/{event}/correct", data={**one, "contract": "9Z"})
    assert bad.status_code == 422 and "not a contract" in bad.text.lower()


def test_a_closed_event_takes_no_results_from_the_tablets(client: TestClient):
    event = _event(client)
    client.get("/teacher?token=teacher")  # the teacher's link: a session kept in a cookie
    closed = client.post(f"/teacher/events/{event}/close", data={"closed": "1"})
    assert "Open the event again" in closed.text
    client.cookies.clear()
    posted = client.post(
        f"/events/{event}/table",
        data={"board": "1", "ns": "1", "ew": "2", "contract": "3NT", "declarer": "S", "tricks": "9"},
    )
    assert posted.status_code == 409 and "closed" in posted.text


def test_the_class_screen_shows_the_ranking_a_travellers_and_the_pupils(client: TestClient):
    event = _event(client)
    for ns, ew, tricks in (("1", "5", 9), ("2", "6", 10), ("3", "7", 7)):
        result = {"board": 1, "ns": ns, "ew": ew, "contract": "3NT", "declarer": "S", "tricks": tricks}
        client.post(f"/api/events/{event}/results", json=result)
    client.get("/teacher?token=teacher")  # the teacher's link: a session kept in a cookie
    screen = client.get(f"/teacher/events/{event}/screen")
    assert "North–South pairs" in screen.text and "East–West pairs" in screen.text
    assert f'data-stream="/teacher/events/{event}/stream"' in screen.text
    assert "waiting for boards 2, 3, 4" in screen.text
    rows = re.findall(r'<tr data-pair="(\w+)"><td class="place">(\d+=?)</td>', screen.text)
    assert rows[:3] == [("2", "1"), ("1", "2"), ("3", "3")]
    board = client.get(f"/teacher/events/{event}/panel", params={"show": "board", "board": "1"})
    assert "Board 1: every table's result" in board.text and board.text.count("data-pairs=") == 3
    empty = client.get(f"/teacher/events/{event}/panel", params={"show": "board", "board": "2"})
    assert "No table has entered board 2 yet" in empty.text
    pupils = client.get(f"/teacher/events/{event}/panel", params={"show": "pupils", "board": "1"})
    assert "No pupil has joined yet" in pupils.text


def test_the_teachers_page_tells_the_class_the_address_the_tablets_reach(tmp_path: Path):
    with make_client(tmp_path, loopback=False) as client:
        event = _event(client)
        page = client.get(f"http://127.0.0.1:8000/teacher/events/{event}", headers=TEACHER)
        told = re.findall(r"<strong>(http://[^<]+)/</strong>", page.text)
        assert told and "127.0.0.1" not in told[0] and told[0].endswith(":8000")
        assert "Class code" in page.text
