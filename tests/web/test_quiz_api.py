"""The class quiz over HTTP: the teacher starts it and moves it on, pupils answer with the class code, the question
closes when the teacher says or its time runs out (the clock read when the quiz is looked at), answers are kept
with the pupils' progress, a restart loses nothing; and no page, part of a page, JSON or stream event sent to a
pupil holds the right answer or its reason before the question closes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from classroom_client import make_client
from starlette.routing import Route
from starlette.testclient import TestClient
from test_hostile_input import FIELDS, HOSTILE, SURROGATE

from minibridge.lessons import find_lesson
from minibridge.lessons.answers import mark_answers

CODE = "K7MPX"
TEACHER = {"Authorization": "Bearer teacher"}
PUPIL = {"X-Class-Code": CODE}
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves on."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    with make_client(tmp_path, class_code=CODE, loopback=False) as opened:
        opened.app.state.store.clock = clock
        yield opened


def _tablet(client: TestClient) -> TestClient:
    """Another tablet of the class, on the same server."""
    return TestClient(client.app)


def _start(client: TestClient, lesson: int = 3, seconds: int = 30) -> str:
    started = client.post("/api/quizzes", json={"lesson": lesson, "seconds": seconds}, headers=TEACHER)
    assert started.status_code == 201, started.text
    return str(started.json()["id"])


def _right(lesson: int, exercise: str) -> object:
    return next(m for m in mark_answers(find_lesson(lesson), {}) if m.exercise == exercise).answer


def test_a_quiz_is_asked_answered_closed_and_ranked(client: TestClient, clock: Clock):
    quiz = _start(client)
    assert client.get(f"/api/quizzes/{quiz}").json()["phase"] == "waiting"
    shown = client.post(f"/api/quizzes/{quiz}/next", headers=TEACHER).json()
    assert shown["phase"] == "open" and shown["question"]["exercise"] == "1" and shown["answer"] is None
    ann, bob, cat = _tablet(client), _tablet(client), _tablet(client)
    right = _right(3, "1")
    clock.wait(3)
    assert (
        ann.post(f"/api/quizzes/{quiz}/answers", json={"name": "Ann Lee", "answer": right}, headers=PUPIL).status_code
        == 202
    )
    clock.wait(2)
    assert (
        bob.post(f"/api/quizzes/{quiz}/answers", json={"name": "Bob", "answer": right}, headers=PUPIL).status_code
        == 202
    )
    wrong = {"N": 1, "E": 1, "S": 1, "W": 1}
    assert (
        cat.post(f"/api/quizzes/{quiz}/answers", json={"name": "Cat", "answer": wrong}, headers=PUPIL).status_code
        == 202
    )
    again = cat.post(f"/api/quizzes/{quiz}/answers", json={"name": "Cat", "answer": right}, headers=PUPIL)
    assert again.status_code == 202  # the first answer counts
    seen = client.get(f"/api/quizzes/{quiz}").json()
    assert seen["answered"] == 3 and seen["answer"] is None and seen["leaderboard"] is None
    closed = client.post(f"/api/quizzes/{quiz}/close", headers=TEACHER).json()
    assert closed["phase"] == "closed" and closed["answer"]["answer"] == right and closed["answer"]["reason"]
    assert [(r["name"], r["points"], r["place"]) for r in closed["leaderboard"]] == [
        ("Ann", 1, 1),
        ("Bob", 1, 2),
        ("Cat", 0, 3),
    ]
    assert cat.post(f"/api/quizzes/{quiz}/answers", json={"name": "Cat", "answer": right}, headers=PUPIL).json() == {
        "right": False
    }
    assert ann.post(f"/api/quizzes/{quiz}/answers", json={"name": "Ann Lee", "answer": 1}, headers=PUPIL).json() == {
        "right": True
    }
    progress = client.get("/api/progress", headers=TEACHER)
    assert progress.status_code == 200
    assert "Ann Lee" in progress.text and "Cat" in progress.text


def test_the_time_runs_out_without_the_teacher(client: TestClient, clock: Clock):
    quiz = _start(client, seconds=10)
    client.post(f"/api/quizzes/{quiz}/next", headers=TEACHER)
    clock.wait(9)
    assert client.get(f"/api/quizzes/{quiz}").json()["phase"] == "open"
    clock.wait(2)
    late = _tablet(client).post(f"/api/quizzes/{quiz}/answers", json={"name": "Dan", "answer": 7}, headers=PUPIL)
    assert late.status_code == 409 and "closed" in late.json()["error"]
    after = client.get(f"/api/quizzes/{quiz}").json()
    assert after["phase"] == "closed" and after["answer"] is not None


def test_a_restart_loses_nothing(tmp_path: Path, clock: Clock):
    with make_client(tmp_path, class_code=CODE, loopback=False) as first:
        first.app.state.store.clock = clock
        quiz = _start(first)
        first.post(f"/api/quizzes/{quiz}/next", headers=TEACHER)
        first.post(f"/api/quizzes/{quiz}/answers", json={"name": "Eve", "answer": _right(3, "1")}, headers=PUPIL)
    with make_client(tmp_path, class_code=CODE, loopback=False) as again:
        again.app.state.store.clock = clock
        seen = again.get(f"/api/quizzes/{quiz}").json()
        assert seen["phase"] == "open" and seen["answered"] == 1
        closed = again.post(f"/api/quizzes/{quiz}/close", headers=TEACHER).json()
        assert closed["leaderboard"][0]["name"] == "Eve" and closed["leaderboard"][0]["points"] == 1


def test_refusals_are_said_in_words(client: TestClient):
    assert client.post("/api/quizzes", json={"lesson": 3}).status_code == 401
    assert client.post("/api/quizzes", json={"lesson": 42}, headers=TEACHER).status_code == 422
    assert client.post("/api/quizzes", json={"lesson": 3, "seconds": 1}, headers=TEACHER).status_code == 422
    assert client.get("/api/quizzes/nothing").status_code == 404
    quiz = _start(client)
    no_code = client.post(f"/api/quizzes/{quiz}/answers", json={"name": "Ann", "answer": 7})
    assert no_code.status_code == 401 and no_code.json()["error"]
    early = client.post(f"/api/quizzes/{quiz}/answers", json={"name": "Ann", "answer": 7}, headers=PUPIL)
    assert early.status_code == 409 and "not started" in early.json()["error"]
    assert client.post(f"/api/quizzes/{quiz}/close", headers=TEACHER).status_code == 409
    client.post(f"/api/quizzes/{quiz}/next", headers=TEACHER)
    bad = client.post(f"/api/quizzes/{quiz}/answers", json={"name": "", "answer": 7}, headers=PUPIL)
    assert bad.status_code == 422 and bad.json()["error"]
    unread = client.post(f"/api/quizzes/{quiz}/answers", json={"name": "Ann", "answer": "banana"}, headers=PUPIL)
    assert unread.status_code == 202  # kept, and marked wrong as minibridge check marks it
    ann, other = _tablet(client), _tablet(client)
    ann.post(f"/api/quizzes/{quiz}/answers", json={"name": "Zoe", "answer": 7}, headers=PUPIL)
    taken = other.post(f"/api/quizzes/{quiz}/answers", json={"name": "zoe", "answer": 7}, headers=PUPIL)
    assert taken.status_code == 409 and "Another tablet" in taken.json()["error"]


# --- no answer reaches a tablet before the screen shows it -----------------------------------------------------


def _secrets(lesson: int, exercise: str) -> list[str]:
    """The words that give a question's answer away: its reason and its answer written out."""
    mark = next(m for m in mark_answers(find_lesson(lesson), {}) if m.exercise == exercise)
    return [mark.reason, mark.answer_text, json.dumps(mark.answer)]


def _stream_events(client: TestClient, quiz: str) -> str:
    """The first events of the quiz's stream, as a pupil's tablet reads them."""
    with client.stream("GET", f"/quizzes/{quiz}/stream") as events:
        text = ""
        for chunk in events.iter_text():
            text += chunk
            if "event: quiz" in text:
                break
    return text


def test_no_page_part_json_or_event_holds_the_answer_before_the_question_closes(client: TestClient, clock: Clock):
    quiz = _start(client, lesson=3)
    pupil = _tablet(client)
    pupil.get(f"/?code={CODE}")
    named = pupil.post(f"/quizzes/{quiz}/name", data={"pupil": "Ann"}, follow_redirects=False)
    assert named.status_code == 303
    for number in range(1, 4):
        client.post(f"/api/quizzes/{quiz}/next", headers=TEACHER)
        exercise = str(number)
        sent = [
            pupil.get("/").text,
            pupil.get("/quizzes").text,
            pupil.get(f"/quizzes/{quiz}").text,
            pupil.get(f"/quizzes/{quiz}/part").text,
            pupil.get(f"/api/quizzes/{quiz}").text,
            _stream_events(pupil, quiz),
        ]
        answered = pupil.post(f"/quizzes/{quiz}/answer", data={"answer": "redeal"}, headers={"HX-Request": "true"})
        sent += [answered.text, pupil.get(f"/quizzes/{quiz}/part").text, pupil.get(f"/api/quizzes/{quiz}").text]
        sent.append(pupil.post(f"/api/quizzes/{quiz}/answers", json={"name": "Ann", "answer": 7}, headers=PUPIL).text)
        sent.append(pupil.get("/lessons/3/exercises").text)
        assert not [p for p in client.app.state.store.progress("Ann") if p.exercise == exercise]
        body = "\n".join(sent)
        assert "Question" in body and find_lesson(3).exercises[number - 1].question.split()[0] in body
        for secret in _secrets(3, exercise):
            assert secret not in body, f"question {number}: {secret!r} reached the tablet before it closed"
        assert '"answer": {' not in body and '"reason"' not in body and "data-answer-shown" not in body
        clock.wait(31)
        shown = pupil.get(f"/quizzes/{quiz}/part").text
        assert "data-answer-shown" in shown and "Why:" in shown


def test_the_class_screen_starts_and_moves_the_quiz_on_and_only_for_the_teacher(client: TestClient, clock: Clock):
    pupil = _tablet(client)
    assert pupil.get("/teacher/screen/quiz").status_code == 401
    client.get("/teacher?token=teacher")
    page = client.get("/teacher/screen/quiz")
    assert page.status_code == 200 and "Start the quiz" in page.text
    refused = client.post("/teacher/screen/quiz/start", data={"lesson": "42", "seconds": "30"})
    assert refused.status_code == 422 and 'role="alert"' in refused.text
    started = client.post("/teacher/screen/quiz/start", data={"lesson": "5", "seconds": "30"}, follow_redirects=False)
    assert started.status_code == 303
    screen = client.get("/teacher/screen/quiz").text
    quiz_id = screen.split("/teacher/screen/quiz/")[1].split("/")[0]
    assert 'id="class-quiz"' in pupil.get("/quizzes").text and f"/quizzes/{quiz_id}" in pupil.get("/quizzes").text
    assert pupil.post(f"/teacher/screen/quiz/{quiz_id}/next").status_code == 401
    shown = client.post(f"/teacher/screen/quiz/{quiz_id}/next", headers={"HX-Request": "true"})
    assert shown.status_code == 200 and "Question 1 of" in shown.text and "data-answer-shown" not in shown.text
    closed = client.post(f"/teacher/screen/quiz/{quiz_id}/close", headers={"HX-Request": "true"})
    assert "data-answer-shown" in closed.text and "Why:" in closed.text


def test_a_tablet_joins_with_the_class_code_and_a_name_of_its_own(client: TestClient):
    quiz = _start(client)
    ann, other = _tablet(client), _tablet(client)
    asked = ann.get(f"/quizzes/{quiz}")
    assert 'name="class_code"' in asked.text and 'name="pupil"' in asked.text
    wrong = ann.post(f"/quizzes/{quiz}/name", data={"class_code": "CAT", "pupil": "Ann"})
    assert wrong.status_code == 403 and "That class code is not right" in wrong.text
    joined = ann.post(f"/quizzes/{quiz}/name", data={"class_code": CODE, "pupil": "Ann"}, follow_redirects=False)
    assert joined.status_code == 303
    assert "Wait for your teacher" in ann.get(f"/quizzes/{quiz}").text
    taken = other.post(f"/quizzes/{quiz}/name", data={"class_code": CODE, "pupil": "ann"})
    assert taken.status_code == 409 and "Another tablet is using the name" in taken.text
    assert other.get("/quizzes/nothing", headers={"Accept": "text/html"}).status_code == 404


def test_hostile_values_on_the_quiz_routes_never_give_a_500(client: TestClient):
    """Every field of every quiz route (but the stream) hostile, with a question open, as the teacher and a pupil."""
    quiz = _start(client)
    client.post(f"/api/quizzes/{quiz}/next", headers=TEACHER)
    routes = [r for r in client.app.routes if isinstance(r, Route) and "quiz" in r.path and "stream" not in r.path]
    for who in ({**TEACHER, "Origin": "http://testserver"}, {**PUPIL, "Origin": "http://testserver"}):
        for route in routes:
            address = route.path.replace("{quiz_id}", quiz)
            for method in sorted((route.methods or {"GET"}) - {"HEAD"}):
                for value in HOSTILE:
                    fields = dict.fromkeys([*FIELDS, "answer", "seconds"], value[:1000])
                    if method == "GET":
                        answered = client.get(address, params=fields, headers=who)
                        assert answered.status_code < 500, f"GET {address} {value[:10]!r}"
                        continue
                    answered = client.request(method, address, data=fields, headers=who)
                    assert answered.status_code < 500, f"{method} {address} form {value[:10]!r}"
                    for json_value in (value, SURROGATE, [value], {"N": value}):
                        body = json.dumps(dict.fromkeys([*FIELDS, "answer", "seconds"], json_value))
                        sent = {**who, "Content-Type": "application/json"}
                        answered = client.request(method, address, content=body, headers=sent)
                        assert answered.status_code < 500, f"{method} {address} JSON {json_value!r:.20}"
    assert client.get(f"/api/quizzes/{quiz}").status_code == 200
