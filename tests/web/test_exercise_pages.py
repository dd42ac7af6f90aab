"""The pupils' exercise pages over HTTP: the name first, every exercise of the six lessons shown without its
answer, answered through the widgets' fields, marked right or wrong with the reason as ``minibridge check``
marks, and kept as the pupil's progress. A first wrong answer brings "Not yet. Try again!" with a hint and the
pupil's taps, never the answer; only the second try, sent with the server's signature of the first, is shown the
answer and why."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from typing import Any

import pytest
from markupsafe import escape
from starlette.testclient import TestClient

from minibridge.lessons import find_lesson
from minibridge.lessons.answers import mark_answers
from minibridge.lessons.exercises import explain
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.web.pupils import exercises as exercise_pages
from minibridge.web.views import exercise_view

EXERCISES = [(n, e.id) for n in range(1, 7) for e in find_lesson(n).exercises]
OTHER_SEAT = {"N": "E", "E": "S", "S": "W", "W": "N"}
OTHER_SIGNAL = {"encourage": "discourage", "discourage": "encourage", "top of sequence": "no signal"}


def _right_answer(lesson: Lesson, exercise_id: str) -> Any:
    """The engine's answer, with the parts the lesson asks for, as ``minibridge check`` gives it."""
    return next(m.answer for m in mark_answers(lesson, {}) if m.exercise == exercise_id)


def _fields(answer: Any) -> dict[str, str]:
    """An answer as the fields the widgets send."""
    if not isinstance(answer, dict):
        return {"answer": str(answer)}
    fields = {}
    for key, value in answer.items():
        if key == "winners":
            fields |= {f"winners-{number}": seat for number, seat in enumerate(value, 1)}
        else:
            fields[key] = str(value)
    return fields


def _wrong(answer: Any) -> Any:
    """An answer with one part changed."""
    if answer == "redeal":
        return {"declarer": "N", "dummy": "S"}
    if isinstance(answer, str):
        return OTHER_SIGNAL[answer]
    if isinstance(answer, int):
        return (answer + 1) % 14
    key, value = next(iter(answer.items()))
    if key == "winners":
        changed: Any = [OTHER_SEAT[value[0]], *value[1:]]
    elif key in ("declarer", "dummy", "seat"):
        changed = OTHER_SEAT[value]
    elif key == "kind":
        changed = "card out of rotation" if value != "card out of rotation" else "revoke"
    elif key == "settled":
        changed = "stands" if value != "stands" else "corrected"
    elif key == "goal":
        changed = "missed" if value == "reached" else "reached"
    else:
        changed = value + 1
    return {**answer, key: changed}


def _first_try(page: str) -> str:
    """The signed first try a "Not yet" form sends back with the second."""
    found = re.search(r'<input type="hidden" name="tried" value="([0-9a-f]+)">', page)
    assert found, "the form after a first wrong answer carries the signed try"
    return found.group(1)


def _reasons(lesson: Lesson, exercise: Exercise) -> list[str]:
    """The parts of the reason for the answer as the marked page shows them, a line each."""
    return [str(escape(part)) for part in explain(lesson, exercise).split("; ")]


def _holds_no_answer(text: str, lesson: Lesson, exercise: Exercise) -> None:
    """Neither the reason nor the right answer in a page the pupil sees before the answer is given."""
    assert not any(part in text for part in _reasons(lesson, exercise))
    assert "right answer" not in text.lower() and "data-marked" not in text
    answer = _right_answer(lesson, exercise.id)
    if isinstance(answer, dict) and "winners" in answer:
        assert " ".join(answer["winners"]) not in text


@pytest.fixture
def pupil(client: TestClient) -> TestClient:
    """A client whose pupil has given the name Amy."""
    response = client.post("/lessons/3/exercises", data={"pupil": "Amy"}, follow_redirects=False)
    assert response.status_code == 303
    return client


def test_the_pupil_gives_a_name_first(client):
    response = client.get("/lessons/3/exercises/1", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/lessons/3/exercises"
    page = client.get("/lessons/3/exercises")
    assert "What is your name?" in page.text and 'name="pupil"' in page.text
    assert client.post("/lessons/3/exercises", data={"pupil": "   "}).status_code == 422
    given = client.post("/lessons/3/exercises", data={"pupil": "  Amy   Lee "}, follow_redirects=False)
    assert given.status_code == 303 and given.headers["location"] == "/lessons/3/exercises"
    listed = client.get("/lessons/3/exercises")
    assert 'Hello, <strong class="pupil-name">Amy Lee</strong>' in listed.text
    assert 'href="/lessons/3/exercises/1"' in listed.text
    assert "What is your name?" in client.get("/lessons/3/exercises?change=1").text


def test_a_name_is_shown_escaped(client):
    client.post("/lessons/2/exercises", data={"pupil": "<b>Bo</b>"})
    page = client.get("/lessons/2/exercises/1").text
    assert "<b>Bo</b>" not in page and "&lt;b&gt;Bo&lt;/b&gt;" in page


@pytest.mark.parametrize(("number", "exercise_id"), EXERCISES)
def test_an_exercise_page_holds_no_answer(pupil, number, exercise_id):
    lesson = find_lesson(number)
    exercise = next(e for e in lesson.exercises if e.id == exercise_id)
    page = pupil.get(f"/lessons/{number}/exercises/{exercise_id}")
    assert page.status_code == 200
    text = page.text
    assert exercise.question in html.unescape(text)
    assert not re.search(r"\bchecked\b|aria-pressed=\"true\"|data-marked", text), "nothing is chosen before a tap"
    assert all(value == "" for value in re.findall(r'<input type="number"[^>]*value="([^"]*)"', text))
    _holds_no_answer(text, lesson, exercise)


@pytest.mark.parametrize(("number", "exercise_id"), EXERCISES)
def test_a_page_is_rendered_from_the_exercise_view_alone(pupil, monkeypatch, number, exercise_id):
    seen: list[dict[str, Any]] = []
    real = exercise_pages.render

    def spy(template: str, **context: Any) -> str:
        seen.append(context)
        return real(template, **context)

    monkeypatch.setattr(exercise_pages, "render", spy)
    assert pupil.get(f"/lessons/{number}/exercises/{exercise_id}").status_code == 200
    (context,) = seen
    lesson = find_lesson(number)
    exercise = next(e for e in lesson.exercises if e.id == exercise_id)
    assert context["view"] == exercise_view(lesson, exercise)
    assert "answer" not in context["view"] and "marked" not in context
    _only_plain_data(context)


def _only_plain_data(value: Any) -> None:
    """Plain data all the way down: never an Exercise, a Lesson or any other object."""
    assert not isinstance(value, Exercise | Lesson)
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str)
            _only_plain_data(item)
    elif isinstance(value, list | tuple):
        for item in value:
            _only_plain_data(item)
    else:
        assert value is None or isinstance(value, str | int | bool), type(value)


@pytest.mark.parametrize(("number", "exercise_id"), EXERCISES)
def test_an_answer_is_marked_at_once_with_the_reason_and_kept(pupil, number, exercise_id):
    lesson = find_lesson(number)
    exercise = next(e for e in lesson.exercises if e.id == exercise_id)
    answer = _right_answer(lesson, exercise_id)
    address = f"/lessons/{number}/exercises/{exercise_id}"
    reasons = _reasons(lesson, exercise)

    right = pupil.post(address, data=_fields(answer), headers={"HX-Request": "true"})
    assert right.status_code == 200
    assert 'data-marked="right"' in right.text and all(part in right.text for part in reasons)
    assert right.text.startswith('<section id="answer"'), "htmx gets the marked fragment alone"

    first = pupil.post(address, data=_fields(_wrong(answer)), headers={"HX-Request": "true"})
    assert first.status_code == 200
    assert "Not yet. Try again!" in first.text and 'class="hint"' in first.text
    _holds_no_answer(first.text, lesson, exercise)
    assert first.text.startswith('<form id="answer"'), "htmx gets the form again, the pupil's taps in it"

    tried = _first_try(first.text)
    wrong = pupil.post(address, data=_fields(_wrong(answer)) | {"tried": tried}, headers={"HX-Request": "true"})
    assert wrong.status_code == 200
    assert 'data-marked="wrong"' in wrong.text and all(part in wrong.text for part in reasons)
    assert "The right answer" in wrong.text

    kept = [(p.lesson, p.exercise, p.right) for p in pupil.app.state.store.progress("Amy")]
    assert kept == [(number, exercise_id, True), (number, exercise_id, False), (number, exercise_id, False)]


def test_a_first_wrong_answer_gets_a_hint_and_keeps_the_taps_never_the_answer(pupil):
    lesson = find_lesson(3)
    exercise = lesson.exercises[0]  # the points in each hand: N 11, E 7, S 14, W 8
    taps = {"N": "11", "E": "7", "S": "13", "W": "8"}
    first = pupil.post("/lessons/3/exercises/1", data=taps)
    assert first.status_code == 200 and "<html" in first.text
    assert "Not yet. Try again!" in first.text
    assert "Count the high cards: A=4, K=3, Q=2, J=1." in first.text, "the kind's hint"
    assert "add up to 39, not 40" in first.text, "the rule book's cue, which does not give the answer"
    assert re.search(r'name="S" value="13"', first.text), "the pupil's own taps are kept"
    _holds_no_answer(first.text, lesson, exercise)
    assert 'name="S" value="14"' not in first.text

    again = pupil.post("/lessons/3/exercises/1", data=taps)  # without the signed try: still a first try
    assert "Not yet. Try again!" in again.text and "data-marked" not in again.text
    forged = pupil.post("/lessons/3/exercises/1", data=taps | {"tried": "0" * 64})
    assert "Not yet. Try again!" in forged.text and "data-marked" not in forged.text
    other = pupil.post("/lessons/3/exercises/3", data=taps | {"tried": _first_try(first.text)})
    assert "data-marked" not in other.text, "a try at one exercise does not count for another"

    right = pupil.post("/lessons/3/exercises/1", data=taps | {"S": "14", "tried": _first_try(first.text)})
    assert 'data-marked="right"' in right.text and "Right on your second try" in right.text
    listed = pupil.get("/lessons/3/exercises").text
    assert "✓ right on try 2" in listed


def test_the_hint_of_the_lesson_file_is_given_after_a_first_wrong_answer(pupil):
    """Lesson Five, exercise 11 (North and South hold the same points) has its own hint in five.yaml."""
    first = pupil.post("/lessons/5/exercises/11", data={"declarer": "S", "dummy": "N"})
    assert "Which of them said their points first?" in first.text
    assert "Add up the points of each pair." not in first.text, "not the kind's hint besides"
    wrong = {"declarer": "S", "dummy": "N"}
    dutch = pupil.post("/lessons/5/exercises/11", data=wrong, headers={"Accept-Language": "nl"})
    assert "Wie van de twee noemde zijn punten het eerst?" in dutch.text, "the hint as the file translates it"


def test_a_lessons_own_hint_is_given_in_place_of_the_kinds(pupil, monkeypatch):
    lesson = find_lesson(5)
    exercise = lesson.exercises[0]
    own = replace(exercise, hint="A game needs more tricks than a part-score.")
    with_hint = replace(lesson, exercises=(own, *lesson.exercises[1:]))
    monkeypatch.setattr(exercise_pages, "find_lesson", lambda number: with_hint)
    first = pupil.post(f"/lessons/5/exercises/{exercise.id}", data={"answer": "8"})
    assert "A game needs more tricks than a part-score." in first.text
    assert "Look at the contract." not in first.text, "not the kind's hint besides"


def test_the_marked_answer_leads_to_the_next_exercise_then_back_to_the_list(pupil):
    lesson = find_lesson(5)
    first, last = lesson.exercises[0], lesson.exercises[-1]
    marked = pupil.post(f"/lessons/5/exercises/{first.id}", data=_fields(_right_answer(lesson, first.id)))
    assert "<html" in marked.text, "without htmx the whole page comes back"
    assert f'href="/lessons/5/exercises/{lesson.exercises[1].id}">Next exercise' in marked.text
    done = pupil.post(f"/lessons/5/exercises/{last.id}", data=_fields(_right_answer(lesson, last.id)))
    assert 'href="/lessons/5/exercises">All done' in done.text
    listed = pupil.get("/lessons/5/exercises").text
    assert listed.count("✓ right") == 2


def test_an_answer_with_parts_missing_is_asked_again_and_not_marked(pupil):
    response = pupil.post(
        "/lessons/3/exercises/1", data={"N": "11", "E": "7", "S": "14"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 422
    assert "Still to do" in response.text and "West" in response.text
    assert re.search(r'name="N" value="11"', response.text), "the pupil's own taps are kept"
    assert "data-marked" not in response.text
    assert pupil.app.state.store.progress("Amy") == []
    winners = pupil.post("/lessons/3/exercises/8", data={"winners-1": "W"}, headers={"HX-Request": "true"})
    assert winners.status_code == 422 and "Who won each trick" in winners.text


def test_a_post_from_another_site_is_refused_and_changes_nothing(pupil):
    response = pupil.post(
        "/lessons/5/exercises/1", data={"answer": "9"}, headers={"Origin": "http://elsewhere.example"}
    )
    assert response.status_code == 403
    assert pupil.app.state.store.progress("Amy") == []
    same = pupil.post("/lessons/5/exercises/1", data={"answer": "9"}, headers={"Origin": "http://testserver"})
    assert same.status_code == 200


@pytest.mark.parametrize("address", ["/lessons/7/exercises", "/lessons/0/exercises/1", "/lessons/3/exercises/99"])
def test_no_such_lesson_or_exercise(pupil, address):
    response = pupil.get(address)
    assert response.status_code == 404 and "There is no such lesson or exercise" in response.text


def test_redeal_is_an_answer_of_its_own(pupil):
    first = pupil.post("/lessons/3/exercises/2", data={"answer": "redeal"}, headers={"HX-Request": "true"})
    assert "Not yet. Try again!" in first.text and 'name="answer" value="redeal" checked' in first.text
    again = {"answer": "redeal", "tried": _first_try(first.text)}
    response = pupil.post("/lessons/3/exercises/2", data=again, headers={"HX-Request": "true"})
    assert response.status_code == 200 and 'data-marked="wrong"' in response.text
    assert "Redeal: nobody declares" in response.text
    assert "Declarer:</span> <strong>South" in response.text


def test_points_that_do_not_add_up_to_40_get_the_books_cue_on_the_page(pupil):
    """Seed 000, Law 5: "If the total is not 40 … a re-count is necessary", as `minibridge check` says it."""
    short = {"N": "11", "E": "7", "S": "14", "W": "6"}
    first = pupil.post("/lessons/3/exercises/1", data=short, headers={"HX-Request": "true"})
    assert re.search(r'<p class="cue">Your four hands add up to 38, not 40: .*re-count is necessary\.</p>', first.text)
    short["tried"] = _first_try(first.text)
    marked = pupil.post("/lessons/3/exercises/1", data=short, headers={"HX-Request": "true"})
    assert 'data-marked="wrong"' in marked.text
    assert re.search(
        r'<p class="cue"[^>]*>Your four hands add up to 38, not 40: .*re-count is necessary\.</p>', marked.text
    )
    level = pupil.post("/lessons/3/exercises/1", data={**short, "W": "8"}, headers={"HX-Request": "true"})
    assert 'data-marked="right"' in level.text and 'class="cue"' not in level.text


def test_the_goal_is_asked_where_the_question_asks_it_and_the_winners_are_not(pupil):
    """Lesson Three, exercise 10: "Does declarer reach the goal, and what is the score?"."""
    page = pupil.get("/lessons/3/exercises/10").text
    assert 'name="goal" value="reached"' in page and 'name="goal" value="missed"' in page
    assert 'name="winners-1"' not in page
    marked = pupil.post(
        "/lessons/3/exercises/10",
        data={"goal": "reached", "declarers": "90", "defenders": "0"},
        headers={"HX-Request": "true"},
    )
    assert 'data-marked="right"' in marked.text
