"""The pupils' progress for the teacher: for each lesson, which exercises each pupil has answered and whether
their last answer was right, from the answers the store keeps by pupil name.

The page refreshes its tables by itself while pupils work; ``GET /api/progress`` (teacher token) gives the same
as JSON.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from minibridge.lessons import find_lesson
from minibridge.web.auth import Who, route
from minibridge.web.pages import render_teacher
from minibridge.web.store import Progress, Store

__all__ = ["progress_by_lesson", "routes"]


def progress_by_lesson(answers: Iterable[Progress]) -> list[dict[str, Any]]:
    """The answers by lesson, then by pupil (in alphabetical order): for each lesson its exercises, and for each
    pupil the exercises answered, those whose last answer was right, and how many times each was answered.

    >>> rows = progress_by_lesson([Progress(pupil="Amy", lesson=1, exercise="1", right=False, answered=""),
    ...                            Progress(pupil="Amy", lesson=1, exercise="1", right=True, answered="")])
    >>> rows[0]["pupils"]
    [{'pupil': 'Amy', 'answered': ['1'], 'right': ['1'], 'tries': {'1': 2}}]
    """
    last: dict[int, dict[str, dict[str, bool]]] = {}
    tries: dict[int, dict[str, dict[str, int]]] = {}
    for answer in answers:
        last.setdefault(answer.lesson, {}).setdefault(answer.pupil, {})[answer.exercise] = answer.right
        counts = tries.setdefault(answer.lesson, {}).setdefault(answer.pupil, {})
        counts[answer.exercise] = counts.get(answer.exercise, 0) + 1
    lessons = []
    for number in sorted(last):
        exercises = [exercise.id for exercise in find_lesson(number).exercises]
        order = {exercise: place for place, exercise in enumerate(exercises)}
        pupils = []
        for pupil in sorted(last[number], key=lambda name: (name.casefold(), name)):
            marks = last[number][pupil]
            answered = sorted(marks, key=lambda exercise: order.get(exercise, len(order)))
            pupils.append(
                {
                    "pupil": pupil,
                    "answered": answered,
                    "right": [exercise for exercise in answered if marks[exercise]],
                    "tries": {exercise: tries[number][pupil][exercise] for exercise in answered},
                }
            )
        lessons.append(
            {
                "lesson": number,
                "title": find_lesson(number).in_language().title,
                "exercises": exercises,
                "pupils": pupils,
            }
        )
    return lessons


async def _lessons(request: Request) -> list[dict[str, Any]]:
    store: Store = request.app.state.store
    return await run_in_threadpool(lambda: progress_by_lesson(store.all_progress()))


async def progress_page(request: Request) -> Response:
    """The pupils' progress, lesson by lesson (the tables alone when the page refreshes them)."""
    lessons = await _lessons(request)
    template = "teacher/progress_tables.j2" if request.headers.get("hx-request") else "teacher/progress.j2"
    return HTMLResponse(render_teacher(request, template, lessons=lessons))


async def progress_api(request: Request) -> Response:
    """The pupils' progress as JSON, for the teacher: ``{"lessons": [...]}`` as :func:`progress_by_lesson` gives."""
    return JSONResponse({"lessons": await _lessons(request)})


routes = [
    route("teacher_progress", progress_page, who=Who.TEACHER),
    route("api_progress", progress_api, who=Who.TEACHER),
]
