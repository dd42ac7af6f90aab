"""The pupils' progress for the teacher: for each lesson, which exercises each pupil has answered and whether
their last answer was right, from the answers the store keeps by pupil name; how many hints each pupil asked for
and how many cards they took back while playing; and the help the teacher lets the pupils use while they play
(hints, taking back, claiming, counting their own points), turned off for the class or for one lesson.

The page refreshes its tables by itself while pupils work; ``GET /api/progress`` (teacher token) gives the same
as JSON (``lessons``, ``help``, ``switches``, ``pupils``: each ``pupil`` with the lessons whose ``certificates`` can
be printed for them, ``certificates_need_deals``: the teacher's switch "its deals played too", and the ``names``
the class's tablets hold today, each ``name`` and when it was last ``used``). ``GET /api/switches`` gives the
switches; ``POST /api/switches`` (``{"every": {"hints": false}, "3": {"undo": false}}``: each scope's kinds, a kind
left out stays on) sets them.

A pupil's name belongs to the tablet that gave it for the day (:mod:`minibridge.web.names`); the page lists the names
in use today, each with a button that lets another tablet use it (the pupil moved to another tablet): the next
tablet that gives the name takes it, with its games and answers. ``POST /api/progress/names/{name}/release`` does
the same for programs (404 when no tablet holds the name).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from minibridge.classroom.certificates import earned_by_pupil
from minibridge.classroom.switches import HELP, HELP_WORDS, ClassSwitches, scopes
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.lessons import find_lesson, lesson_numbers
from minibridge.web.auth import Who, route
from minibridge.web.names import names_in_use, release_name
from minibridge.web.pages import render_teacher
from minibridge.web.requests import ApiError, json_body
from minibridge.web.store import HelpUsed, Progress, Store
from minibridge.web.urls import url

__all__ = ["help_rows", "progress_by_lesson", "routes"]


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


def help_rows(used: Iterable[HelpUsed]) -> list[dict[str, Any]]:
    """The help each pupil used while playing, one row per pupil and lesson (``lesson`` None: free play)."""
    return [{"pupil": u.pupil, "lesson": u.lesson, "hints": u.hints, "undos": u.undos} for u in used]


async def _progress(request: Request) -> dict[str, Any]:
    """Everything the progress page shows: the answers by lesson, the help used, the switches."""
    store: Store = request.app.state.store

    def read() -> dict[str, Any]:
        answers = store.all_progress()
        need_deals = store.certificates_need_deals()
        earned = earned_by_pupil(answers, deals=store.deals_played(), need_deals=need_deals)
        return {
            "lessons": progress_by_lesson(answers),
            "pupils": [{"pupil": name, "certificates": lessons} for name, lessons in earned.items()],
            "certificates_need_deals": need_deals,
            "help": help_rows(store.help_used()),
            "switches": store.switches().as_data(),
            "names": names_in_use(request),
        }

    return await run_in_threadpool(read)


async def progress_page(request: Request) -> Response:
    """The pupils' progress, lesson by lesson, the help they used and the switches (the tables alone when the page
    refreshes them)."""
    progress = await _progress(request)
    template = "teacher/progress_tables.j2" if request.headers.get("hx-request") else "teacher/progress.j2"
    progress["names"] = [name | {"time": _clock_time(name["used"])} for name in progress["names"]]
    page = render_teacher(
        request, template, **progress, help_words=HELP_WORDS, scopes=scopes(), lesson_numbers=lesson_numbers()
    )
    return HTMLResponse(page)


def _clock_time(moment: str) -> str:
    """A moment kept in UTC as the time of day on the server's clock: ``09:41``."""
    return f"{datetime.fromisoformat(moment).astimezone():%H:%M}"


async def progress_api(request: Request) -> Response:
    """The pupils' progress as JSON, for the teacher: ``lessons`` as :func:`progress_by_lesson` gives, ``help`` as
    :func:`help_rows` gives, and the ``switches``."""
    return JSONResponse(await _progress(request))


async def switch_help(request: Request) -> Response:
    """The teacher's form of switches: each scope's kinds of help ticked stay on, the others are turned off."""
    form = await request.form()
    data = {scope: {kind: f"{scope}.{kind}" in form for kind in HELP} for scope in scopes()}
    await run_in_threadpool(request.app.state.store.save_switches, ClassSwitches.from_data(data))
    return RedirectResponse(url("teacher_progress") + "#switches", status_code=303)


async def release_name_form(request: Request) -> Response:
    """The teacher's button: the next tablet that gives the name takes it."""
    form = await request.form()
    await run_in_threadpool(release_name, request, str(form.get("name", "")))
    return RedirectResponse(url("teacher_progress") + "#names", status_code=303)


async def release_name_api(request: Request) -> Response:
    """The next tablet that gives the name of the address takes it: ``{"name", "released": true}``; 404 when no
    tablet holds it."""
    name = request.path_params["name"]
    if not await run_in_threadpool(release_name, request, name):
        raise ApiError(404, gettext("no tablet is using the name %(name)s") % {"name": name})
    return JSONResponse({"name": name, "released": True})


async def switches_api(request: Request) -> Response:
    """The help turned on and off: ``GET`` gives it, ``POST`` changes the scopes and kinds sent (422 for a scope or
    kind that is not one)."""
    store: Store = request.app.state.store
    if request.method == "POST":
        body = await json_body(request)
        current = store.switches().as_data()
        for scope, kinds in body.items():
            if not isinstance(kinds, dict):
                raise ApiError(422, gettext('send each lesson\'s help as an object, like {"hints": false}'))
            current.setdefault(scope, {}).update(kinds)
        try:
            switches = ClassSwitches.from_data(current)
        except MiniBridgeError as error:
            raise ApiError(422, str(error)) from None
        await run_in_threadpool(store.save_switches, switches)
    return JSONResponse(store.switches().as_data())


routes = [
    route("teacher_progress", progress_page, who=Who.TEACHER),
    route("teacher_switches", switch_help, who=Who.TEACHER, methods=["POST"]),
    route("teacher_names", release_name_form, who=Who.TEACHER, methods=["POST"]),
    route("api_progress", progress_api, who=Who.TEACHER),
    route("api_switches", switches_api, who=Who.TEACHER, methods=["GET", "POST"]),
    route("api_name_release", release_name_api, who=Who.TEACHER, methods=["POST"]),
]
