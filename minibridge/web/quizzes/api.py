"""The class quiz's JSON API.

``POST /api/quizzes`` (teacher, ``{"lesson": 3, "seconds": 30}``) → 201 ``{"id"}``;
``POST /api/quizzes/ID/next`` and ``/close`` (teacher) → the quiz; ``POST /api/quizzes/ID/answers`` (the class
code, ``{"name": "Ann", "answer": 7}``, the answer in the form of the lesson files) → 202 ``{"kept": true}`` while
the question is open (the first answer counts), 200 ``{"right": …}`` once it has closed; ``GET /api/quizzes/ID``
→ the quiz: ``phase``, ``question`` (with the exercise's view), ``answered``, and once the question has closed
its ``answer`` (``answer``, ``answer_text``, ``reason``) and the ``leaderboard`` (first names).
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from minibridge.classroom import quiz as rules
from minibridge.language import gettext
from minibridge.reading import bad_character
from minibridge.web.auth import Who, route
from minibridge.web.quizzes.service import (
    MAX_NAME,
    change_quiz,
    keep_answer,
    publish,
    quiz_view,
    start_quiz,
    teacher_step,
    too_late,
)
from minibridge.web.requests import ApiError, json_body

__all__ = ["routes"]


async def start_api(request: Request) -> Response:
    """The teacher starts a quiz of a lesson's exercises: 201 with its id."""
    body = await json_body(request)
    quiz_id = await run_in_threadpool(start_quiz, request, body.get("lesson"), body.get("seconds", rules.SECONDS))
    return JSONResponse({"id": quiz_id}, status_code=201)


async def quiz_api(request: Request) -> Response:
    """The quiz as anyone may see it now."""
    quiz_id = request.path_params["quiz_id"]
    _, data, now = await run_in_threadpool(change_quiz, request, quiz_id)
    return JSONResponse(quiz_view(quiz_id, data, now))


async def next_api(request: Request) -> Response:
    """The teacher shows the next question (the one in play closes)."""
    return await teacher_step(request, rules.next_question, page=False)


async def close_api(request: Request) -> Response:
    """The teacher closes the question in play."""
    return await teacher_step(request, rules.close_question, page=False)


async def answers_api(request: Request) -> Response:
    """A pupil's answer to the question in play: 202 while it is open (the first counts), 200 with whether it was
    right once it has closed."""
    quiz_id = request.path_params["quiz_id"]
    body = await json_body(request)
    name = body.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or bad_character(name) is not None:
        raise ApiError(422, gettext('give your first name, up to 60 letters, like {"name": "Amy", "answer": 7}'))
    if body.get("answer") is None:
        raise ApiError(422, gettext('give your answer, like {"name": "Amy", "answer": 7}'))
    name = " ".join(name.split())
    kept, data, now = await run_in_threadpool(keep_answer, request, quiz_id, name, body["answer"])
    if kept is not None:
        publish(request, quiz_id, data, now)
        return JSONResponse({"kept": True}, status_code=202)
    own = rules.answer_of(data, name)
    if rules.phase(data, now) == "closed" and own is not None:
        return JSONResponse({"right": own["right"]})
    raise ApiError(409, too_late(rules.phase(data, now)))


routes = [
    route("api_quizzes", start_api, who=Who.TEACHER, methods=["POST"]),
    route("api_quiz", quiz_api, who=Who.ANYONE),
    route("api_quiz_next", next_api, who=Who.TEACHER, methods=["POST"]),
    route("api_quiz_close", close_api, who=Who.TEACHER, methods=["POST"]),
    route("api_quiz_answers", answers_api, who=Who.CLASS, methods=["POST"]),
]
"""The quiz's addresses for programs."""
