"""The teacher's session (signed, one cookie a server, the token left out of every teacher page's address), the
headers every answer carries, wrong class codes slowed down for the computer that sends them and told to the
teacher, and exercise answers that need the class code."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from minibridge.web.app import create_app
from minibridge.web.auth import CLASS_COOKIE, TEACHER_COOKIE
from minibridge.web.rates import GAMES_A_MINUTE

CODE = "K7MPX"
WAIT = "Too many wrong codes. Wait a minute, then ask your teacher."


def _app(data: Path, *, class_code: str | None = CODE) -> Starlette:
    return create_app(data=data, class_code=class_code, teacher_token="teacher-token", loopback=False, samples=2)


# --- the teacher's session ----------------------------------------------------------------------------------------


def test_any_teacher_page_opened_with_the_token_keeps_a_signed_session_and_leaves_the_address(tmp_path: Path):
    client = TestClient(_app(tmp_path))
    opened = client.get("/teacher/lessons?token=teacher-token&lang=en", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == "/teacher/lessons?lang=en"
    cookie = opened.headers["set-cookie"]
    assert cookie.startswith(f"{TEACHER_COOKIE}_80=")
    assert "teacher-token" not in cookie
    assert all(part in cookie for part in ("HttpOnly", "SameSite=lax", "Path=/"))
    assert client.get("/teacher/lessons").status_code == 200
    assert client.get("/api/progress").status_code == 200, "the session opens the teacher's API too"


def test_a_cookie_holding_the_raw_token_or_a_session_of_another_server_opens_nothing(tmp_path: Path):
    raw = TestClient(_app(tmp_path / "one"), cookies={f"{TEACHER_COOKIE}_80": "teacher-token"})
    assert raw.get("/teacher").status_code == 403
    assert raw.get("/api/progress").status_code == 403
    kept = TestClient(_app(tmp_path / "one"))
    kept.get("/teacher?token=teacher-token")
    session = kept.cookies[f"{TEACHER_COOKIE}_80"]
    other = TestClient(_app(tmp_path / "two"), cookies={f"{TEACHER_COOKIE}_80": session})
    assert other.get("/teacher").status_code == 403, "each data folder signs with its own secret"
    again = TestClient(_app(tmp_path / "one"), cookies={f"{TEACHER_COOKIE}_80": session})
    assert again.get("/teacher").status_code == 200, "the same server started again keeps the session"


def test_two_servers_on_one_computer_keep_their_own_cookie(tmp_path: Path):
    first = TestClient(_app(tmp_path / "one"), base_url="http://127.0.0.1:8001")
    second = TestClient(_app(tmp_path / "two"), base_url="http://127.0.0.1:8002")
    first.get("/teacher?token=teacher-token")
    second.get("/teacher?token=teacher-token")
    assert {cookie.name for cookie in first.cookies.jar} == {f"{TEACHER_COOKIE}_8001"}
    assert {cookie.name for cookie in second.cookies.jar} == {f"{TEACHER_COOKIE}_8002"}
    assert first.get("/teacher").status_code == 200 and second.get("/teacher").status_code == 200


def test_a_wrong_token_in_the_address_is_refused_and_the_bearer_header_still_works(tmp_path: Path):
    client = TestClient(_app(tmp_path))
    wrong = client.get("/teacher/lessons?token=guess", follow_redirects=False)
    assert wrong.status_code == 403 and "set-cookie" not in wrong.headers
    program = client.get("/api/progress", headers={"Authorization": "Bearer teacher-token"})
    assert program.status_code == 200
    assert client.get("/api/progress", headers={"Authorization": "Bearer guess"}).status_code == 403


# --- the headers of every answer ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "address", ["/", "/api/health", "/static/classroom.css", "/tables", "/teacher", "/nothing-here", "/api/games/x"]
)
def test_every_answer_says_nosniff_same_origin_and_no_framing(tmp_path: Path, address: str):
    answer = TestClient(_app(tmp_path)).get(address)
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "same-origin"
    assert answer.headers["content-security-policy"] == "frame-ancestors 'none'"


# --- wrong class codes ---------------------------------------------------------------------------------------------


def test_eleven_wrong_codes_make_that_computer_wait_while_others_go_on(tmp_path: Path, caplog):
    app = _app(tmp_path)
    guesser = TestClient(app, client=("10.0.0.66", 50000))
    caplog.set_level(logging.WARNING, logger="minibridge.web")
    tries = [guesser.post("/api/games", json={"lesson": 3}, headers={"X-Class-Code": f"ABC{n:02d}"}) for n in range(11)]
    assert [t.status_code for t in tries] == [403] * 10 + [429]
    assert int(tries[-1].headers["retry-after"]) > 0 and tries[-1].json() == {"error": WAIT}
    right = guesser.post("/api/games", json={"lesson": 3, "seed": 1}, headers={"X-Class-Code": CODE})
    assert right.status_code == 429, "the right code waits too: it cannot be told from a guess"
    page = guesser.post("/games", data={"lesson": "3", "class_code": CODE})
    assert page.status_code == 429 and "retry-after" in page.headers
    assert WAIT in page.text and "<html" in page.text
    logged = [record for record in caplog.records if "wrong class code" in record.getMessage()]
    assert len(logged) == 1 and "10.0.0.66" in logged[0].getMessage(), "one line a minute for that computer"

    other = TestClient(app, client=("10.0.0.7", 50000))
    passed = other.post("/api/games", json={"lesson": 3, "seed": 1}, headers={"X-Class-Code": CODE.lower()})
    assert passed.status_code == 201

    room = TestClient(app).get("/teacher", headers={"Authorization": "Bearer teacher-token"})
    assert "Someone typed a wrong class code 10 times (from 10.0.0.66)." in room.text
    assert "10.0.0.7" not in room.text


def test_wrong_codes_typed_on_the_pages_and_kept_in_cookies_count_too(tmp_path: Path):
    app = _app(tmp_path)
    typed = TestClient(app, client=("10.0.0.5", 50000))
    for n in range(5):
        assert typed.get(f"/?code=ABC{n:02d}").status_code == 403
    for n in range(5):
        typed.cookies.set(CLASS_COOKIE, f"XYZ{n:02d}")
        assert typed.get("/").status_code == 200
    refused = typed.get(f"/?code={CODE}")
    assert refused.status_code == 429 and WAIT in refused.text
    teacher = TestClient(app, headers={"Authorization": "Bearer teacher-token"}, client=("10.0.0.5", 50000))
    assert teacher.get("/teacher").status_code == 200, "the teacher is never made to wait"


def test_the_room_says_nothing_when_no_wrong_code_came(tmp_path: Path):
    room = TestClient(_app(tmp_path)).get("/teacher", headers={"Authorization": "Bearer teacher-token"})
    assert room.status_code == 200 and "wrong class code" not in room.text


# --- exercise answers ---------------------------------------------------------------------------------------------


def test_exercise_answers_on_the_api_need_the_class_code(tmp_path: Path):
    client = TestClient(_app(tmp_path))
    body = {"pupil": "Amy", "answers": {"1": 7}}
    assert client.post("/api/lessons/3/answers", json=body).status_code == 401
    assert client.post("/api/lessons/3/answers", json=body, headers={"X-Class-Code": "WRONG"}).status_code == 403
    assert client.app.state.store.progress("Amy") == []
    given = client.post("/api/lessons/3/answers", json=body, headers={"X-Class-Code": CODE})
    assert given.status_code == 200
    assert [p.exercise for p in client.app.state.store.progress("Amy")] == ["1"]


def test_exercise_answers_on_the_pages_need_the_class_code_kept_on_the_tablet(tmp_path: Path):
    client = TestClient(_app(tmp_path))
    assert client.post("/lessons/3/exercises", data={"pupil": "Amy"}, follow_redirects=False).status_code == 303
    taps = {"N": "11", "E": "7", "S": "14", "W": "8"}
    refused = client.post("/lessons/3/exercises/1", data=taps)
    assert refused.status_code == 403 and "Ask your teacher for the class code" in refused.text
    assert client.app.state.store.progress("Amy") == []
    client.cookies.set(CLASS_COOKIE, CODE)
    marked = client.post("/lessons/3/exercises/1", data=taps)
    assert marked.status_code == 200
    assert [(p.exercise, p.right) for p in client.app.state.store.progress("Amy")] == [("1", True)]


def test_without_a_class_code_exercise_answers_are_taken_as_before(tmp_path: Path):
    client = TestClient(create_app(data=tmp_path, class_code=None, teacher_token="teacher-token", loopback=True))
    given = client.post("/api/lessons/3/answers", json={"pupil": "Amy", "answers": {"1": 7}})
    assert given.status_code == 200


# --- games started ------------------------------------------------------------------------------------------------


def test_a_computer_that_starts_too_many_games_waits_while_others_and_the_teacher_go_on(tmp_path: Path):
    app = _app(tmp_path)
    busy = TestClient(app, client=("10.0.0.7", 50000), headers={"X-Class-Code": CODE})
    other = TestClient(app, client=("10.0.0.8", 50000), headers={"X-Class-Code": CODE})
    for _ in range(GAMES_A_MINUTE):
        assert busy.post("/api/games", json={"lesson": 1}).status_code == 201
    refused = busy.post("/api/games", json={"lesson": 1})
    assert refused.status_code == 429 and 0 < int(refused.headers["retry-after"]) <= 60
    assert refused.json() == {"error": "You started a lot of games. Wait a minute, then try again."}
    busy.cookies.set(CLASS_COOKIE, CODE)
    page = busy.post("/games", data={"lesson": "1"})
    assert page.status_code == 429 and "Wait a minute" in page.text and 'role="alert"' in page.text
    assert other.post("/api/games", json={"lesson": 1}).status_code == 201
    teacher = {"Authorization": "Bearer teacher-token"}
    assert busy.post("/api/games", json={"lesson": 1}, headers=teacher).status_code == 201


def test_a_server_only_this_computer_reaches_does_not_count_games(tmp_path: Path):
    app = create_app(data=tmp_path, class_code=None, teacher_token="teacher-token", loopback=True, samples=2)
    client = TestClient(app)
    assert all(client.post("/api/games", json={"lesson": 1}).status_code == 201 for _ in range(GAMES_A_MINUTE + 2))


# --- the doors of a table's seat and a results tablet -----------------------------------------------------------


def test_a_results_tablet_without_the_class_code_is_asked_for_it_and_enters_nothing(tmp_path: Path):
    client = TestClient(_app(tmp_path), headers={"Origin": "http://testserver"})
    teacher = {"Authorization": "Bearer teacher-token"}
    event = client.post("/api/events", json={"name": "Club", "boards": 4}, headers=teacher).json()["id"]
    asked = client.get(f"/events/{event}/table")
    assert asked.status_code == 401 and 'name="class_code"' in asked.text and "Club" in asked.text
    result = {"board": "1", "ns": "1", "ew": "2", "contract": "3N", "declarer": "S", "tricks": "9"}
    posted = client.post(f"/events/{event}/table", data=result)
    assert posted.status_code == 401 and 'name="class_code"' in posted.text
    ranking = client.get(f"/api/events/{event}/ranking", headers=teacher).json()
    assert not any(board["results"] for board in ranking["boards"])
    assert client.post(f"/events/{event}/code", data={"class_code": CODE.lower()}).status_code == 200
    assert client.get(f"/events/{event}/table").status_code == 200


def test_a_seat_opens_to_its_own_key_only_and_the_page_says_so(tmp_path: Path):
    client = TestClient(_app(tmp_path), headers={"Origin": "http://testserver", "X-Class-Code": CODE})
    teacher = {"Authorization": "Bearer teacher-token"}
    opened = client.post("/api/tables", json={"tables": 1, "lesson": 3, "deals": 1, "seed": 7}, headers=teacher)
    table = opened.json()["tables"][0]["id"]
    sat = client.post(f"/api/tables/{table}/seats", json={"seat": "S", "name": "Ann"})
    assert sat.status_code == 201
    key = sat.json()["player"]
    assert client.get(f"/api/tables/{table}").status_code == 401
    assert client.get(f"/api/tables/{table}", headers={"X-Player": "x" * 22}).status_code == 403
    assert client.get(f"/api/tables/{table}", headers={"X-Player": key}).json()["seat"] == "S"
    page = client.get(f"/tables/{table}")
    assert page.status_code == 403 and "This is not your seat" in page.text
    assert client.get("/api/tables/nothing-here", headers={"X-Player": key}).status_code == 404
