"""The pupils' exercise pages: a lesson's exercises one at a time, answered by tapping, marked at once.

The pupil gives a name first (kept in a cookie, so that the teacher sees the progress by name); the name belongs to
the tablet that gave it for the day (:mod:`minibridge.web.names`): a name another tablet holds is refused in words
(409), and answers are kept under a name only from the tablet that holds it. An exercise's
page is rendered from :func:`minibridge.web.views.exercise_view` alone, which holds no answer, so a page cannot
give the answer away before the pupil has answered. The pupil's taps come back as a plain form (one field per
widget), become an answer in the form of the lesson files, and are marked as ``minibridge check`` marks them.
A first wrong answer brings the form back with the pupil's taps and a hint ("Not yet. Try again!"), never the
answer; the form then carries a token the server signed (the pupil, the lesson, the exercise), so that only an
answer sent with it, a second try, is shown the right answer and the reason. Every try is kept in the store
(right or not), so that the progress shows an exercise right at once, or right on the second try. Each answer form
carries a one-time id (the field ``once``): the same form sent twice (a double tap) is marked the same way twice but
kept once.

The JSON API: ``GET /api/lessons/{n}/exercises`` → each exercise as a pupil sees it before answering (the same view
as the pages); ``POST /api/lessons/{n}/answers`` (``{"pupil": "Amy", "answers": {"1": 7}}``) → the answers marked
as ``minibridge check --json`` marks them, kept as the pupil's progress. The name is taken for the tablet as on the
pages (a program keeps the tablet's cookie or sends its key in the header ``X-Tablet``; a name another tablet holds
→ 409, nothing kept). An optional ``"try"`` (text, up to 64 letters, e.g. a random id made for each answer sheet)
keeps the answers once: the same sheet sent again with the same ``"try"`` is marked again but not kept again.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.lessons import find_lesson, lesson_numbers, no_lesson_at
from minibridge.lessons.answers import Mark, mark_answers, marks_data
from minibridge.lessons.exercises import exercise_hint
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.reading import bad_character
from minibridge.web.auth import COOKIE_AGE, PUPIL_COOKIE, Who, class_code_ok, route, tablet_pupil
from minibridge.web.names import may_use_name, name_taken_words, take_name
from minibridge.web.pages import render
from minibridge.web.requests import ApiError, json_body, should_be
from minibridge.web.store import Store
from minibridge.web.urls import url
from minibridge.web.views import answer_from_form, exercise_view

__all__ = ["routes", "answer_from_form", "render_exercise", "render_marked"]

_MAX_NAME = 60
_TRY_KEY = secrets.token_bytes(32)
"""The key that signs a first try: a try signed by a server since stopped counts as none (a hint again)."""
_TRIED = "tried"
"""The form field that carries the signed first try."""
_ONCE = "once"
"""The form field that carries the answer form's one-time id."""
_MAX_ONCE = 64
"""The longest one-time id of an answer form (or ``"try"`` of the API) taken."""


# --- the routes ----------------------------------------------------------------------------------------------


async def exercises_page(request: Request) -> Response:
    """The pupil's name first; then the lesson's exercises, with a tick for each answered right."""
    lesson = _lesson(request)
    if lesson is None:
        return _not_found()
    pupil = _pupil(request)
    if pupil is None or "change" in request.query_params:
        return HTMLResponse(render("pupils/exercises.j2", lesson=_lesson_data(lesson), pupil=pupil, marks={}, ask=True))
    if not await run_in_threadpool(may_use_name, request, pupil):
        return _name_form(lesson, name_taken_words(pupil), status=200)
    store: Store = request.app.state.store
    progress = await run_in_threadpool(store.progress, pupil)
    marks = _marks([(p.exercise, p.right) for p in progress if p.lesson == lesson.number])
    return HTMLResponse(render("pupils/exercises.j2", lesson=_lesson_data(lesson), pupil=pupil, marks=marks, ask=False))


def _name_form(lesson: Lesson, message: str, *, status: int) -> Response:
    """The lesson's page asking for a name again, with ``message`` saying why."""
    page = render("pupils/exercises.j2", lesson=_lesson_data(lesson), pupil=None, marks={}, ask=True, message=message)
    return HTMLResponse(page, status_code=status)


def _marks(answers: list[tuple[str, bool]]) -> dict[str, str]:
    """Each exercise's mark from the pupil's answers, oldest first: ``right`` (at once), ``second`` (right on the
    try after a wrong one) or ``wrong`` (the last answer)."""
    marks: dict[str, str] = {}
    for exercise, right in answers:
        marks[exercise] = ("second" if marks.get(exercise) == "wrong" else "right") if right else "wrong"
    return marks


async def give_name(request: Request) -> Response:
    """Take the pupil's name for this tablet and keep it in a cookie, then show the lesson's exercises; a name
    another tablet holds is asked again, with why (409)."""
    lesson = _lesson(request)
    if lesson is None:
        return _not_found()
    form = await request.form()
    name = " ".join(str(form.get("pupil", "")).split())
    if not name or len(name) > _MAX_NAME or bad_character(name) is not None:
        page = render("pupils/exercises.j2", lesson=_lesson_data(lesson), pupil=None, marks={}, ask=True, problem=True)
        return HTMLResponse(page, status_code=422)
    try:
        await run_in_threadpool(take_name, request, name)
    except ApiError as refused:
        return _name_form(lesson, refused.message, status=refused.status)
    response = RedirectResponse(url("exercises", number=lesson.number), status_code=303)
    response.set_cookie(PUPIL_COOKIE, quote(name), max_age=COOKIE_AGE, httponly=True, samesite="lax")
    return response


async def exercise_page(request: Request) -> Response:
    """One exercise: the question, the deal when the question needs it, and the widgets to answer with."""
    asked = _asked(request)
    if isinstance(asked, Response):
        return asked
    lesson, exercise, pupil = asked
    return HTMLResponse(render_exercise(_lesson_data(lesson), exercise_view(lesson, exercise), pupil=pupil))


async def answer(request: Request) -> Response:
    """The pupil's answer from the widgets, marked at once with the reason and kept as the pupil's progress;
    the marked fragment (the whole page without htmx), or the form again with what is still to answer (422). Where
    the class has a code, the tablet must keep it (403 otherwise, nothing recorded); the pupil's name must be this
    tablet's (the form again with why, 409, nothing recorded). The same form sent again (its one-time id) is
    answered the same way and recorded once."""
    if not class_code_ok(request):
        return HTMLResponse(render("partials/code_refused.j2", reason="code"), status_code=403)
    asked = _asked(request)
    if isinstance(asked, Response):
        return asked
    lesson, exercise, pupil = asked
    view = exercise_view(lesson, exercise)
    form = await request.form()
    fields = {key: str(value) for key, value in form.items()}
    given, missing = answer_from_form(view, fields)
    lesson_data = _lesson_data(lesson)
    whole = not request.headers.get("hx-request")
    if missing:
        html = render_exercise(lesson_data, view, pupil=pupil, fields=fields, missing=missing, page=whole)
        return HTMLResponse(html, status_code=422)
    mark = _mark(lesson, exercise, given)
    second = _tried_once(fields.get(_TRIED, ""), pupil, lesson.number, exercise.id)
    try:
        await run_in_threadpool(_keep, request, pupil, lesson.number, [(mark.exercise, mark.right)], _once(fields))
    except ApiError as refused:
        html = render_exercise(lesson_data, view, pupil=pupil, fields=fields, refused=refused.message, page=whole)
        return HTMLResponse(html, status_code=refused.status)
    if not mark.right and not second:
        token = _try_token(pupil, lesson.number, exercise.id)
        retry = {"hint": exercise_hint(exercise), "cue": mark.cue or "", "tried": token}
        return HTMLResponse(render_exercise(lesson_data, view, pupil=pupil, fields=fields, retry=retry, page=whole))
    return HTMLResponse(render_marked(lesson_data, view, mark, pupil=pupil, page=whole, second=second))


# --- the JSON API ------------------------------------------------------------------------------------------------


async def exercises_api(request: Request) -> Response:
    """A lesson's exercises as a pupil sees them: the questions and what they need, never an answer."""
    lesson = _api_lesson(request.path_params["number"])
    return JSONResponse([exercise_view(lesson, exercise) for exercise in lesson.exercises])


async def answers_api(request: Request) -> Response:
    """A pupil's answers marked, as ``minibridge check --json`` marks them; only the exercises answered."""
    lesson = _api_lesson(request.path_params["number"])
    body = await json_body(request)
    pupil = body.get("pupil")
    if not isinstance(pupil, str) or not pupil.strip() or len(pupil) > 60 or bad_character(pupil) is not None:
        raise ApiError(422, gettext('give the pupil\'s name, up to 60 letters, like {"pupil": "Amy", "answers": {…}}'))
    given = body.get("answers")
    if not isinstance(given, dict) or not given:
        raise ApiError(422, gettext('give the answers by exercise, like {"answers": {"1": 7}}'))
    known = [e.id for e in lesson.exercises]
    unknown = [key for key in given if key not in known]
    if unknown:
        raise ApiError(
            422,
            gettext("%(lesson)s has no exercise %(exercise)s; its exercises are %(exercises)s")
            % {"lesson": lesson.name, "exercise": unknown[0], "exercises": ", ".join(known)},
        )
    once = body.get("try")
    if once is not None and (not isinstance(once, str) or not once.strip() or len(once) > _MAX_ONCE):
        raise ApiError(422, should_be("try", gettext("text, up to %(most)s letters") % {"most": _MAX_ONCE}))
    try:
        marks = [m for m in mark_answers(lesson, given) if given.get(m.exercise) is not None]
    except MiniBridgeError as error:
        raise ApiError(422, str(error)) from None
    pupil = " ".join(pupil.split())
    await run_in_threadpool(_keep, request, pupil, lesson.number, [(m.exercise, m.right) for m in marks], once)
    return JSONResponse(marks_data(lesson, pupil, marks))


def _keep(request: Request, pupil: str, lesson: int, marks: list[tuple[str, bool]], once: str | None) -> None:
    """Keep a pupil's answers, once for the form's one-time id ``once``, when the pupil's name is this tablet's
    (refused, 409, otherwise: nothing kept). Runs in a worker thread."""
    take_name(request, pupil)
    store: Store = request.app.state.store
    store.record_answers(pupil, lesson, marks, form=once)


def _once(fields: Mapping[str, str]) -> str | None:
    """The one-time id an answer form sent, or None when it sent none (or one no form of this server holds)."""
    once = fields.get(_ONCE, "").strip()
    return once if 0 < len(once) <= _MAX_ONCE else None


def _api_lesson(number: int) -> Lesson:
    if number not in lesson_numbers():
        raise ApiError(404, no_lesson_at(number))
    return find_lesson(number)


# --- the pupil's taps as an answer -------------------------------------------------------------------------


def _try_token(pupil: str, lesson: int, exercise_id: str) -> str:
    """The signature of a first wrong try at one exercise by one pupil: sent back with the second try."""
    said = f"{pupil}\n{lesson}\n{exercise_id}".encode()
    return hmac.new(_TRY_KEY, said, hashlib.sha256).hexdigest()


def _tried_once(token: str, pupil: str, lesson: int, exercise_id: str) -> bool:
    """Whether ``token`` is this server's signature of a first wrong try at the exercise by the pupil."""
    return bool(token) and hmac.compare_digest(token, _try_token(pupil, lesson, exercise_id))


def _mark(lesson: Lesson, exercise: Exercise, given: Any) -> Mark:
    """The pupil's answer to one exercise marked as ``minibridge check`` marks it."""
    return next(m for m in mark_answers(lesson, {exercise.id: given}) if m.exercise == exercise.id)


# --- rendering -----------------------------------------------------------------------------------------------


def render_exercise(
    lesson: Mapping[str, Any],
    view: Mapping[str, Any],
    *,
    pupil: str,
    fields: Mapping[str, str] | None = None,
    missing: list[str] | None = None,
    retry: Mapping[str, str] | None = None,
    refused: str | None = None,
    page: bool = True,
) -> str:
    """An exercise's page (or, with ``page`` false, its answer form alone), from the exercise's view only:
    ``fields`` are the pupil's own taps to show again, ``missing`` the parts still to answer; ``retry``, after a
    first wrong answer, the ``hint``, the rule book's ``cue`` for that answer (or empty) and the signed first try
    (``tried``) the form sends back; ``refused``, why the answer was not kept (the name is another tablet's). Each
    form rendered carries a new one-time id."""
    context: dict[str, Any] = {
        "lesson": lesson,
        "view": view,
        "pupil": pupil,
        "fields": fields or {},
        "missing": missing or [],
        "once": secrets.token_urlsafe(16),
        "refused": refused,
    }
    if retry is not None:
        context["retry"] = retry
    elif fields and fields.get(_TRIED):
        context["retry"] = {"hint": "", "cue": "", "tried": fields[_TRIED]}  # parts still missing on the second try
    return render("pupils/exercise.j2" if page else "pupils/exercise_form.j2", **context)


def render_marked(
    lesson: Mapping[str, Any],
    view: Mapping[str, Any],
    mark: Mark,
    *,
    pupil: str,
    page: bool = False,
    second: bool = False,
) -> str:
    """The pupil's answer marked: right or not (``second``: on the second try), the right answer and the reason,
    and the way on."""
    marked = {
        "right": mark.right,
        "second": second,
        "given": mark.given,
        "answer": mark.answer,
        "reason": mark.reason,
        "cue": mark.cue,
        "next": _next_id(lesson, view["id"]),
    }
    template = "pupils/exercise.j2" if page else "pupils/exercise_marked.j2"
    return render(template, lesson=lesson, view=view, pupil=pupil, fields={}, missing=[], marked=marked)


def _lesson_data(lesson: Lesson) -> dict[str, Any]:
    """What the pages show of a lesson: its number, title and the ids of its exercises in order."""
    return {"number": lesson.number, "title": lesson.title, "exercises": [e.id for e in lesson.exercises]}


def _next_id(lesson: Mapping[str, Any], exercise_id: str) -> str | None:
    ids = lesson["exercises"]
    place = ids.index(exercise_id)
    return ids[place + 1] if place + 1 < len(ids) else None


def _not_found() -> Response:
    return HTMLResponse(render("pupils/exercises.j2", lesson=None, pupil=None, marks={}, ask=False), status_code=404)


# --- reading the request -------------------------------------------------------------------------------------


def _asked(request: Request) -> tuple[Lesson, Exercise, str] | Response:
    """The lesson, the exercise and the pupil a request names; or, when one is missing, the answer: not found,
    or back to the list of exercises to give a name."""
    lesson = _lesson(request)
    exercise = _exercise(lesson, request)
    if lesson is None or exercise is None:
        return _not_found()
    pupil = _pupil(request)
    if pupil is None:
        return RedirectResponse(url("exercises", number=lesson.number), status_code=303)
    return lesson, exercise, pupil


def _lesson(request: Request) -> Lesson | None:
    number = request.path_params["number"]
    return find_lesson(number).in_language() if number in lesson_numbers() else None


def _exercise(lesson: Lesson | None, request: Request) -> Exercise | None:
    wanted = request.path_params["exercise_id"]
    return next((e for e in lesson.exercises if e.id == wanted), None) if lesson is not None else None


def _pupil(request: Request) -> str | None:
    """The pupil's name from the cookie, or None when the pupil has not given one."""
    name = tablet_pupil(request)
    return name if name and len(name) <= _MAX_NAME and bad_character(name) is None else None


routes = [
    route("exercises", exercises_page, who=Who.ANYONE),
    route("exercises", give_name, who=Who.ANYONE, methods=["POST"]),
    route("exercise", exercise_page, who=Who.ANYONE),
    route("exercise", answer, who=Who.ANYONE, methods=["POST"]),
    route("api_exercises", exercises_api, who=Who.ANYONE),
    route("api_answers", answers_api, who=Who.CLASS, methods=["POST"]),
]
