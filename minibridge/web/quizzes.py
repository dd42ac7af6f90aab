"""The class quiz: the teacher asks a lesson's exercises on the class screen, the pupils answer on their tablets.

The rules are the library's (:mod:`minibridge.classroom.quiz`); here the quiz is read from the store, changed under
its own lock and saved, and shown. A question in play closes when the teacher says or when its time runs out, read
from the clock each time the quiz is looked at; the first look after it closed keeps every pupil's answer to it
with the pupils' progress (once). Nothing sent to a tablet before that (a page, a part of a page, the JSON, the
stream) holds the right answer or its reason: the question is shown from :func:`minibridge.web.views.exercise_view`
alone, and the answer only once :func:`~minibridge.classroom.quiz.right_answer` gives it.

The pages: ``/quizzes/ID`` on a pupil's tablet (a name first, the class code where one is set and the tablet does
not keep it), the class screen's Quiz tab ``/teacher/screen/quiz``; both follow ``/quizzes/ID/stream`` (events
``quiz`` with the phase, the question's number and how many answered) and fetch their part again. The start page
fetches ``/quizzes``, a big Quiz button while a quiz runs.

The JSON API: ``POST /api/quizzes`` (teacher, ``{"lesson": 3, "seconds": 30}``) → 201 ``{"id"}``;
``POST /api/quizzes/ID/next`` and ``/close`` (teacher) → the quiz; ``POST /api/quizzes/ID/answers`` (the class
code, ``{"name": "Ann", "answer": 7}``, the answer in the form of the lesson files) → 202 ``{"kept": true}`` while
the question is open (the first answer counts), 200 ``{"right": …}`` once it has closed; ``GET /api/quizzes/ID``
→ the quiz: ``phase``, ``question`` (with the exercise's view), ``answered``, and once the question has closed
its ``answer`` (``answer``, ``answer_text``, ``reason``) and the ``leaderboard`` (first names).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from minibridge.classroom import quiz as rules
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.lessons import find_lesson, lesson_numbers, no_lesson_at
from minibridge.lessons.lesson import Lesson
from minibridge.reading import bad_character
from minibridge.web.auth import (
    COOKIE_AGE,
    PUPIL_COOKIE,
    Who,
    class_code_ok,
    keep_class_code,
    route,
    tablet_pupil,
    typed_code_ok,
)
from minibridge.web.live import Hub, message, stream
from minibridge.web.names import NAME_DAY, may_use_name, name_taken_words, take_name
from minibridge.web.pages import render, render_teacher
from minibridge.web.requests import ApiError, json_body, whole_number
from minibridge.web.store import Store
from minibridge.web.urls import url
from minibridge.web.views import answer_from_form, exercise_view

__all__ = ["routes", "quiz_channel"]

_MAX_NAME = 60
_LATE = 0.3
"""Seconds after a question's time runs out that its followers are woken, to show it closed."""


def quiz_channel(quiz_id: str) -> str:
    """The hub's channel of a quiz: published on at each change."""
    return f"quiz:{quiz_id}"


# --- the quiz kept: read, changed under its lock, answers kept once a question closes ----------------------------


def _change(request: Request, quiz_id: str, step: Callable[[dict[str, Any], datetime], Any] | None = None) -> Any:
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


def _lesson(data: dict[str, Any]) -> Lesson:
    return find_lesson(data["lesson"]).in_language()


def quiz_view(quiz_id: str, data: dict[str, Any], now: datetime) -> dict[str, Any]:
    """What anyone may see of a quiz at ``now``: never the answer of an open question."""
    lesson = _lesson(data)
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
    return name.split()[0] if name.split() else name


def _publish(request: Request, quiz_id: str, data: dict[str, Any], now: datetime) -> None:
    """Wake the quiz's followers now, and again when the question in play runs out of time."""
    hub: Hub = request.app.state.hub
    hub.publish(quiz_channel(quiz_id))
    left = rules.seconds_left(data, now)
    if left:
        asyncio.get_running_loop().call_later(left + _LATE, hub.publish, quiz_channel(quiz_id))


# --- the JSON API ------------------------------------------------------------------------------------------------


async def start_api(request: Request) -> Response:
    """The teacher starts a quiz of a lesson's exercises: 201 with its id."""
    body = await json_body(request)
    quiz_id = await run_in_threadpool(_start, request, body.get("lesson"), body.get("seconds", rules.SECONDS))
    return JSONResponse({"id": quiz_id}, status_code=201)


def _start(request: Request, lesson_given: Any, seconds_given: Any) -> str:
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


async def quiz_api(request: Request) -> Response:
    """The quiz as anyone may see it now."""
    quiz_id = request.path_params["quiz_id"]
    _, data, now = await run_in_threadpool(_change, request, quiz_id)
    return JSONResponse(quiz_view(quiz_id, data, now))


async def next_api(request: Request) -> Response:
    """The teacher shows the next question (the one in play closes)."""
    return await _teacher_step(request, rules.next_question, page=False)


async def close_api(request: Request) -> Response:
    """The teacher closes the question in play."""
    return await _teacher_step(request, rules.close_question, page=False)


async def _teacher_step(request: Request, step: Callable[[dict[str, Any], datetime], Any], *, page: bool) -> Response:
    """A step of the teacher's, then the quiz: as JSON, or the class screen's part (a page: back to the screen)."""
    quiz_id = request.path_params["quiz_id"]
    _, data, now = await run_in_threadpool(_change, request, quiz_id, step)
    _publish(request, quiz_id, data, now)
    if not page:
        return JSONResponse(quiz_view(quiz_id, data, now))
    if not request.headers.get("hx-request"):
        return RedirectResponse(url("teacher_quiz_screen"), status_code=303)
    return HTMLResponse(render("quiz/screen_part.j2", quiz=quiz_view(quiz_id, data, now)))


async def answers_api(request: Request) -> Response:
    """A pupil's answer to the question in play: 202 while it is open (the first counts), 200 with whether it was
    right once it has closed."""
    quiz_id = request.path_params["quiz_id"]
    body = await json_body(request)
    name = body.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > _MAX_NAME or bad_character(name) is not None:
        raise ApiError(422, gettext('give your first name, up to 60 letters, like {"name": "Amy", "answer": 7}'))
    if body.get("answer") is None:
        raise ApiError(422, gettext('give your answer, like {"name": "Amy", "answer": 7}'))
    name = " ".join(name.split())
    kept, data, now = await run_in_threadpool(_answer, request, quiz_id, name, body["answer"])
    if kept is not None:
        _publish(request, quiz_id, data, now)
        return JSONResponse({"kept": True}, status_code=202)
    own = rules.answer_of(data, name)
    if rules.phase(data, now) == "closed" and own is not None:
        return JSONResponse({"right": own["right"]})
    raise ApiError(409, _too_late(rules.phase(data, now)))


def _answer(request: Request, quiz_id: str, name: str, given: Any) -> tuple[bool | None, dict[str, Any], datetime]:
    """Take the name for this tablet, then keep the answer while the question is open; whether it was the pupil's
    first (None: the question does not take answers now). Runs in a worker thread."""
    take_name(request, name)

    def step(data: dict[str, Any], now: datetime) -> bool | None:
        return rules.take_answer(data, _lesson(data), name, given, now) if rules.is_open(data, now) else None

    return _change(request, quiz_id, step)


def _too_late(phase: str) -> str:
    """Why an answer is not taken now, in a young pupil's words."""
    if phase == "waiting":
        return gettext("The quiz has not started yet. Wait for your teacher.")
    if phase == "finished":
        return gettext("The quiz is over. Look at the big screen.")
    return gettext("This question is closed. Wait for the next one.")


# --- the pupil's tablet ------------------------------------------------------------------------------------------


async def entry_part(request: Request) -> Response:
    """The start page's Quiz button while a quiz runs (started today and not over), else nothing."""
    store: Store = request.app.state.store
    latest = await run_in_threadpool(store.latest_quiz)
    now = store.clock()
    running = (
        latest is not None and rules.phase(latest[1], now) != "finished" and rules.started(latest[1]) > now - NAME_DAY
    )
    return HTMLResponse(render("quiz/entry.j2", quiz_id=latest[0] if running and latest else None))


async def pupil_page(request: Request) -> Response:
    """The quiz on a pupil's tablet: a name first (and the class code where the tablet does not keep it), then the
    question in play, the answer once it has closed, and the way on."""
    quiz_id = request.path_params["quiz_id"]
    _, data, now = await run_in_threadpool(_change, request, quiz_id)
    pupil = _pupil(request)
    ask = pupil is None or "change" in request.query_params or not class_code_ok(request)
    if not ask and pupil is not None and not await run_in_threadpool(may_use_name, request, pupil):
        return _name_page(request, quiz_id, data, message=name_taken_words(pupil), status=409)
    if ask:
        return _name_page(request, quiz_id, data)
    part = _pupil_part(quiz_id, data, now, pupil or "")
    return HTMLResponse(render("quiz/pupil.j2", quiz=quiz_view(quiz_id, data, now), part=part, pupil=pupil))


def _name_page(
    request: Request, quiz_id: str, data: dict[str, Any], *, message: str | None = None, status: int = 200
) -> Response:
    """The page that asks the pupil's first name (and the class code, where the tablet does not keep it)."""
    lesson = _lesson(data)
    page = render(
        "quiz/name.j2",
        quiz_id=quiz_id,
        title=lesson.title,
        lesson=lesson.number,
        ask_code=not class_code_ok(request),
        message=message,
    )
    return HTMLResponse(page, status_code=status)


async def give_name(request: Request) -> Response:
    """Take the pupil's name for this tablet (and keep the class code typed), then the quiz; asked again with why
    when the name or the code is refused."""
    quiz_id = request.path_params["quiz_id"]
    _, data, _now = await run_in_threadpool(_change, request, quiz_id)
    form = await request.form()
    code = str(form.get("class_code", ""))
    name = " ".join(str(form.get("pupil", "")).split())
    if not class_code_ok(request) and not typed_code_ok(request, code):
        words = gettext("That class code is not right. Ask your teacher.")
        return _name_page(request, quiz_id, data, message=words, status=403)
    if not name or len(name) > _MAX_NAME or bad_character(name) is not None:
        words = gettext("Type your first name, then tap the button.")
        return _name_page(request, quiz_id, data, message=words, status=422)
    try:
        await run_in_threadpool(take_name, request, name)
    except ApiError as refused:
        return _name_page(request, quiz_id, data, message=refused.message, status=refused.status)
    response = RedirectResponse(url("quiz", quiz_id=quiz_id), status_code=303)
    response.set_cookie(PUPIL_COOKIE, quote(name), max_age=COOKIE_AGE, httponly=True, samesite="lax")
    keep_class_code(response, request, code)
    return response


async def pupil_part(request: Request) -> Response:
    """The pupil's part of the quiz page, fetched again when the quiz moves on."""
    quiz_id = request.path_params["quiz_id"]
    _, data, now = await run_in_threadpool(_change, request, quiz_id)
    pupil = _pupil(request)
    if pupil is None:
        return HTMLResponse(render("quiz/no_name.j2", quiz_id=quiz_id))
    return HTMLResponse(_pupil_part(quiz_id, data, now, pupil))


def _pupil_part(
    quiz_id: str,
    data: dict[str, Any],
    now: datetime,
    pupil: str,
    *,
    fields: dict[str, str] | None = None,
    problem: str | None = None,
) -> str:
    """The pupil's part at ``now``: waiting, the question to answer, the answer given, the question marked, or the
    end with the pupil's place."""
    quiz = quiz_view(quiz_id, data, now)
    own = rules.answer_of(data, pupil) if quiz["question"] else None
    place = next((row for row in rules.leaderboard(data, now) if row["name"] == pupil), None)
    return render(
        "quiz/pupil_part.j2",
        quiz=quiz,
        own=own,
        place=place,
        fields=fields or {},
        problem=problem,
    )


async def answer(request: Request) -> Response:
    """The pupil's taps as an answer to the question in play, kept while it is open; the pupil's part again."""
    quiz_id = request.path_params["quiz_id"]
    if not class_code_ok(request):
        return HTMLResponse(render("partials/code_refused.j2", reason="code"), status_code=403)
    pupil = _pupil(request)
    if pupil is None:
        return RedirectResponse(url("quiz", quiz_id=quiz_id), status_code=303)
    form = await request.form()
    fields = {key: str(value) for key, value in form.items()}
    _, data, now = await run_in_threadpool(_change, request, quiz_id)
    quiz = quiz_view(quiz_id, data, now)
    if quiz["question"] is None or quiz["phase"] != "open":
        return HTMLResponse(_pupil_part(quiz_id, data, now, pupil, problem=_too_late(quiz["phase"])), status_code=409)
    try:
        given, missing = answer_from_form(quiz["question"]["view"], fields)
    except MiniBridgeError as error:
        return HTMLResponse(_pupil_part(quiz_id, data, now, pupil, fields=fields, problem=str(error)), status_code=422)
    if missing:
        words = gettext("Answer every part first.")
        return HTMLResponse(_pupil_part(quiz_id, data, now, pupil, fields=fields, problem=words), status_code=422)
    try:
        _, data, now = await run_in_threadpool(_answer, request, quiz_id, pupil, given)
    except ApiError as refused:
        part = _pupil_part(quiz_id, data, now, pupil, fields=fields, problem=refused.message)
        return HTMLResponse(part, status_code=refused.status)
    _publish(request, quiz_id, data, now)
    problem = None if rules.answer_of(data, pupil) else _too_late(rules.phase(data, now))
    return HTMLResponse(_pupil_part(quiz_id, data, now, pupil, problem=problem))


def _pupil(request: Request) -> str | None:
    """The pupil's name from the tablet's cookie, or None when the pupil has not given one."""
    name = tablet_pupil(request)
    return name if name and len(name) <= _MAX_NAME and bad_character(name) is None else None


async def quiz_stream(request: Request) -> Response:
    """The quiz's changes as Server-Sent Events (``quiz``: ``phase``, ``number``, ``answered``), never an answer."""
    quiz_id = request.path_params["quiz_id"]
    await run_in_threadpool(_change, request, quiz_id)
    last: list[tuple[Any, ...]] = []

    async def news() -> list[str]:
        _, data, now = await run_in_threadpool(_change, request, quiz_id)
        asked = rules.question(data)
        state = (rules.phase(data, now), asked["number"] if asked else 0, rules.answered(data) if asked else 0)
        if last and last[-1] == state:
            return []
        last.append(state)
        return [message(len(last), "quiz", {"phase": state[0], "number": state[1], "answered": state[2]})]

    return stream(request.app.state.hub, [quiz_channel(quiz_id)], news)


# --- the class screen's Quiz tab ---------------------------------------------------------------------------------


async def screen_page(request: Request) -> Response:
    """The class screen's Quiz tab: the quiz running (the question, how many answered, then the answer, its reason
    and the leaderboard), or the form to start one."""
    store: Store = request.app.state.store
    latest = await run_in_threadpool(store.latest_quiz)
    quiz = None
    if latest is not None:
        _, data, now = await run_in_threadpool(_change, request, latest[0])
        quiz = quiz_view(latest[0], data, now)
    lessons = [{"number": n, "title": find_lesson(n).in_language().title} for n in lesson_numbers()]
    page = render_teacher(
        request, "quiz/screen.j2", quiz=quiz, lessons=lessons, seconds=rules.SECONDS, problem=None, values={}
    )
    return HTMLResponse(page)


async def screen_part(request: Request) -> Response:
    """The class screen's part of the quiz, fetched again when the quiz moves on."""
    quiz_id = request.path_params["quiz_id"]
    _, data, now = await run_in_threadpool(_change, request, quiz_id)
    return HTMLResponse(render("quiz/screen_part.j2", quiz=quiz_view(quiz_id, data, now)))


async def screen_start(request: Request) -> Response:
    """The teacher starts a quiz from the class screen; the screen again (with why, when refused)."""
    form = await request.form()
    values = {key: str(value) for key, value in form.items()}
    try:
        await run_in_threadpool(_start, request, values.get("lesson", ""), values.get("seconds") or rules.SECONDS)
    except (ApiError, MiniBridgeError) as refused:
        words = refused.message if isinstance(refused, ApiError) else str(refused)
        lessons = [{"number": n, "title": find_lesson(n).in_language().title} for n in lesson_numbers()]
        page = render_teacher(
            request, "quiz/screen.j2", quiz=None, lessons=lessons, seconds=rules.SECONDS, problem=words, values=values
        )
        return HTMLResponse(page, status_code=422)
    return RedirectResponse(url("teacher_quiz_screen"), status_code=303)


async def screen_next(request: Request) -> Response:
    """The teacher shows the next question from the class screen."""
    return await _teacher_step(request, rules.next_question, page=True)


async def screen_close(request: Request) -> Response:
    """The teacher closes the question in play from the class screen."""
    return await _teacher_step(request, rules.close_question, page=True)


routes = [
    route("quiz_entry", entry_part, who=Who.ANYONE),
    route("quiz", pupil_page, who=Who.ANYONE),
    route("quiz_name", give_name, who=Who.ANYONE, methods=["POST"]),
    route("quiz_part", pupil_part, who=Who.ANYONE),
    route("quiz_answer", answer, who=Who.ANYONE, methods=["POST"]),
    route("quiz_stream", quiz_stream, who=Who.ANYONE),
    route("teacher_quiz_screen", screen_page, who=Who.TEACHER),
    route("teacher_quiz_start", screen_start, who=Who.TEACHER, methods=["POST"]),
    route("teacher_quiz_part", screen_part, who=Who.TEACHER),
    route("teacher_quiz_next", screen_next, who=Who.TEACHER, methods=["POST"]),
    route("teacher_quiz_close", screen_close, who=Who.TEACHER, methods=["POST"]),
    route("api_quizzes", start_api, who=Who.TEACHER, methods=["POST"]),
    route("api_quiz", quiz_api, who=Who.ANYONE),
    route("api_quiz_next", next_api, who=Who.TEACHER, methods=["POST"]),
    route("api_quiz_close", close_api, who=Who.TEACHER, methods=["POST"]),
    route("api_quiz_answers", answers_api, who=Who.CLASS, methods=["POST"]),
]
