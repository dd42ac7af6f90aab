"""The class quiz on the class screen: its Quiz tab ``/teacher/screen/quiz`` and the teacher's steps from there.

The tab follows ``/quizzes/ID/stream`` (:mod:`minibridge.web.quizzes.tablet`) like the pupils' tablets and fetches
its part again.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from minibridge.classroom import quiz as rules
from minibridge.errors import MiniBridgeError
from minibridge.lessons import find_lesson, lesson_numbers
from minibridge.web.auth import Who, route
from minibridge.web.pages import render, render_teacher
from minibridge.web.quizzes.service import change_quiz, quiz_view, start_quiz, teacher_step
from minibridge.web.requests import ApiError
from minibridge.web.store import Store
from minibridge.web.urls import url

__all__ = ["routes"]


async def screen_page(request: Request) -> Response:
    """The class screen's Quiz tab: the quiz running (the question, how many answered, then the answer, its reason
    and the leaderboard), or the form to start one."""
    store: Store = request.app.state.store
    latest = await run_in_threadpool(store.latest_quiz)
    quiz = None
    if latest is not None:
        _, data, now = await run_in_threadpool(change_quiz, request, latest[0])
        quiz = quiz_view(latest[0], data, now)
    lessons = [{"number": n, "title": find_lesson(n).in_language().title} for n in lesson_numbers()]
    page = render_teacher(
        request, "quiz/screen.j2", quiz=quiz, lessons=lessons, seconds=rules.SECONDS, problem=None, values={}
    )
    return HTMLResponse(page)


async def screen_part(request: Request) -> Response:
    """The class screen's part of the quiz, fetched again when the quiz moves on."""
    quiz_id = request.path_params["quiz_id"]
    _, data, now = await run_in_threadpool(change_quiz, request, quiz_id)
    return HTMLResponse(render("quiz/screen_part.j2", quiz=quiz_view(quiz_id, data, now)))


async def screen_start(request: Request) -> Response:
    """The teacher starts a quiz from the class screen; the screen again (with why, when refused)."""
    form = await request.form()
    values = {key: str(value) for key, value in form.items()}
    try:
        await run_in_threadpool(start_quiz, request, values.get("lesson", ""), values.get("seconds") or rules.SECONDS)
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
    return await teacher_step(request, rules.next_question, page=True)


async def screen_close(request: Request) -> Response:
    """The teacher closes the question in play from the class screen."""
    return await teacher_step(request, rules.close_question, page=True)


routes = [
    route("teacher_quiz_screen", screen_page, who=Who.TEACHER),
    route("teacher_quiz_start", screen_start, who=Who.TEACHER, methods=["POST"]),
    route("teacher_quiz_part", screen_part, who=Who.TEACHER),
    route("teacher_quiz_next", screen_next, who=Who.TEACHER, methods=["POST"]),
    route("teacher_quiz_close", screen_close, who=Who.TEACHER, methods=["POST"]),
]
"""The quiz's addresses on the class screen."""
