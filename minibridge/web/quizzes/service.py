"""What the quiz's routes share: the quiz kept in the store, changed under its own lock and saved, what anyone may
see of it, and its followers woken.

A question in play closes when the teacher says or when its time runs out, read from the clock each time the quiz is
looked at; the first look after it closed keeps every pupil's answer to it with the pupils' progress (once). Nothing
sent to a tablet before that (a page, a part of a page, the JSON, the stream) holds the right answer or its reason:
the question is shown from :func:`minibridge.web.views.exercise_view` alone, and the answer only once
:func:`~minibridge.classroom.quiz.right_answer` gives it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from minibridge.classroom import quiz as rules
from minibridge.language import gettext
from minibridge.lessons import find_lesson, lesson_numbers, no_lesson_at
from minibridge.lessons.lesson import Lesson
from minibridge.web.live import Hub
from minibridge.web.names import take_name
from minibridge.web.pages import render
from minibridge.web.requests import ApiError, whole_number
from minibridge.web.store import Store
from minibridge.web.urls import url
from minibridge.web.views import exercise_view

__all__ = [
    "MAX_NAME",
    "change_quiz",
    "keep_answer",
    "publish",
    "quiz_channel",
    "quiz_lesson",
    "quiz_view",
    "start_quiz",
    "teacher_step",
    "too_late",
]

MAX_NAME = 60
"""The longest name a pupil may give, in characters."""
_LATE = 0.3
"""Seconds after a question's time runs out that its followers are woken, to show it closed."""


def quiz_channel(quiz_id: str) -> str:
    """The hub's channel of a quiz: published on at each change."""
    return f"quiz:{quiz_id}"


# --- the quiz kept: read, changed under its lock, answers kept once a question closes ----------------------------


def change_quiz(request: Request, quiz_id: str, step: Callable[[dict[str, Any], datetime], Any] | None = None) -> Any:
    """The quiz ``quiz_id`` after ``step(quiz, now)`` (if any), saved, with the answers of a question just closed
    kept with the pupils' progress; ``step``'s result and the quiz. Runs in a worker thread; 404 without a quiz,
    a refusal in words for a step the rules refuse."""
    store: Store = request.app.state.store
    with request.app.state.locks.lock(f"quiz:{quiz_id}"):
        data = store.quiz(quiz_id)
        if data is None:
            raise ApiError(404, gettext("there is no such quiz: ask your teacher"))
        now = store.clock()
        try:
            result = step(data, now) if step is not None else None
        except rules.QuizError as refused:
            raise ApiError(refused.status, str(refused)) from None
        closed = rules.answers_to_keep(data, now)
        if step is not None or closed:
            store.save_quiz(quiz_id, data)
        question = rules.question(data)
        for answer in closed:
            assert question is not None
            store.record_answers(answer["name"], data["lesson"], [(question["exercise"], answer["right"])])
    return result, data, now


def quiz_lesson(data: dict[str, Any]) -> Lesson:
    """The lesson a quiz asks, in the language spoken."""
    return find_lesson(data["lesson"]).in_language()


def quiz_view(quiz_id: str, data: dict[str, Any], now: datetime) -> dict[str, Any]:
    """What anyone may see of a quiz at ``now``: never the answer of an open question."""
    lesson = quiz_lesson(data)
    phase = rules.phase(data, now)
    asked = rules.question(data)
    exercise = rules.exercise_of(data, lesson)
    view: dict[str, Any] = {
        "id": quiz_id,
        "lesson": lesson.number,
        "title": lesson.title,
        "phase": phase,
        "seconds": data["seconds"],
        "seconds_left": rules.seconds_left(data, now),
        "question": None,
        "answered": rules.answered(data) if asked else 0,
        "answer": None,
        "leaderboard": None,
    }
    if asked is not None and exercise is not None:
        view["question"] = asked | {"view": exercise_view(lesson, exercise)}
    mark = rules.right_answer(data, lesson, now)
    if mark is not None:
        view["answer"] = {"answer": mark.answer, "answer_text": mark.answer_text, "reason": mark.reason}
    if phase in ("closed", "finished"):
        view["leaderboard"] = [row | {"name": _first_name(row["name"])} for row in rules.leaderboard(data, now)]
    return view


def _first_name(name: str) -> str:
    """The first word of a pupil's name, as the leaderboard shows it."""
    return name.split()[0] if name.split() else name


def publish(request: Request, quiz_id: str, data: dict[str, Any], now: datetime) -> None:
    """Wake the quiz's followers now, and again when the question in play runs out of time."""
    hub: Hub = request.app.state.hub
    hub.publish(quiz_channel(quiz_id))
    left = rules.seconds_left(data, now)
    if left:
        asyncio.get_running_loop().call_later(left + _LATE, hub.publish, quiz_channel(quiz_id))


# --- the steps the teacher and the pupils take -------------------------------------------------------------------


def start_quiz(request: Request, lesson_given: Any, seconds_given: Any) -> str:
    """Keep a new quiz of the lesson given; its id. Runs in a worker thread."""
    number = whole_number(lesson_given, "lesson", 1, 99)
    if number not in lesson_numbers():
        raise ApiError(422, no_lesson_at(number))
    seconds = whole_number(seconds_given, "seconds", rules.LEAST_SECONDS, rules.MOST_SECONDS)
    store: Store = request.app.state.store
    try:
        data = rules.new_quiz(find_lesson(number), store.clock(), seconds=seconds)
    except rules.QuizError as refused:
        raise ApiError(refused.status, str(refused)) from None
    return store.create_quiz(data)


async def teacher_step(request: Request, step: Callable[[dict[str, Any], datetime], Any], *, page: bool) -> Response:
    """A step of the teacher's, then the quiz: as JSON, or the class screen's part (a page: back to the screen)."""
    quiz_id = request.path_params["quiz_id"]
    _, data, now = await run_in_threadpool(change_quiz, request, quiz_id, step)
    publish(request, quiz_id, data, now)
    if not page:
        return JSONResponse(quiz_view(quiz_id, data, now))
    if not request.headers.get("hx-request"):
        return RedirectResponse(url("teacher_quiz_screen"), status_code=303)
    return HTMLResponse(render("quiz/screen_part.j2", quiz=quiz_view(quiz_id, data, now)))


def keep_answer(request: Request, quiz_id: str, name: str, given: Any) -> tuple[bool | None, dict[str, Any], datetime]:
    """Take the name for this tablet, then keep the answer while the question is open; whether it was the pupil's
    first (None: the question does not take answers now). Runs in a worker thread."""
    take_name(request, name)

    def step(data: dict[str, Any], now: datetime) -> bool | None:
        return rules.take_answer(data, quiz_lesson(data), name, given, now) if rules.is_open(data, now) else None

    return change_quiz(request, quiz_id, step)


def too_late(phase: str) -> str:
    """Why an answer is not taken now, in a young pupil's words."""
    if phase == "waiting":
        return gettext("The quiz has not started yet. Wait for your teacher.")
    if phase == "finished":
        return gettext("The quiz is over. Look at the big screen.")
    return gettext("This question is closed. Wait for the next one.")
