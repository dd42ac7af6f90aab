"""The class quiz on the pupils' tablets.

``/quizzes/ID`` on a pupil's tablet (a name first, the class code where one is set and the tablet does not keep it)
follows ``/quizzes/ID/stream`` (events ``quiz`` with the phase, the question's number and how many answered) and
fetches its part again; so does the class screen's Quiz tab. The start page fetches ``/quizzes``, a big Quiz button
while a quiz runs.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from minibridge.classroom import quiz as rules
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
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
from minibridge.web.live import message, stream
from minibridge.web.names import NAME_DAY, may_use_name, name_taken_words, take_name
from minibridge.web.pages import render
from minibridge.web.quizzes.service import (
    MAX_NAME,
    change_quiz,
    keep_answer,
    publish,
    quiz_channel,
    quiz_lesson,
    quiz_view,
    too_late,
)
from minibridge.web.requests import ApiError
from minibridge.web.store import Store
from minibridge.web.urls import url
from minibridge.web.views import answer_from_form

__all__ = ["routes"]


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
    _, data, now = await run_in_threadpool(change_quiz, request, quiz_id)
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
    lesson = quiz_lesson(data)
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
    _, data, _now = await run_in_threadpool(change_quiz, request, quiz_id)
    form = await request.form()
    code = str(form.get("class_code", ""))
    name = " ".join(str(form.get("pupil", "")).split())
    if not class_code_ok(request) and not typed_code_ok(request, code):
        words = gettext("That class code is not right. Ask your teacher.")
        return _name_page(request, quiz_id, data, message=words, status=403)
    if not name or len(name) > MAX_NAME or bad_character(name) is not None:
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
    _, data, now = await run_in_threadpool(change_quiz, request, quiz_id)
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
    _, data, now = await run_in_threadpool(change_quiz, request, quiz_id)
    quiz = quiz_view(quiz_id, data, now)
    if quiz["question"] is None or quiz["phase"] != "open":
        return HTMLResponse(_pupil_part(quiz_id, data, now, pupil, problem=too_late(quiz["phase"])), status_code=409)
    try:
        given, missing = answer_from_form(quiz["question"]["view"], fields)
    except MiniBridgeError as error:
        return HTMLResponse(_pupil_part(quiz_id, data, now, pupil, fields=fields, problem=str(error)), status_code=422)
    if missing:
        words = gettext("Answer every part first.")
        return HTMLResponse(_pupil_part(quiz_id, data, now, pupil, fields=fields, problem=words), status_code=422)
    try:
        _, data, now = await run_in_threadpool(keep_answer, request, quiz_id, pupil, given)
    except ApiError as refused:
        part = _pupil_part(quiz_id, data, now, pupil, fields=fields, problem=refused.message)
        return HTMLResponse(part, status_code=refused.status)
    publish(request, quiz_id, data, now)
    problem = None if rules.answer_of(data, pupil) else too_late(rules.phase(data, now))
    return HTMLResponse(_pupil_part(quiz_id, data, now, pupil, problem=problem))


def _pupil(request: Request) -> str | None:
    """The pupil's name from the tablet's cookie, or None when the pupil has not given one."""
    name = tablet_pupil(request)
    return name if name and len(name) <= MAX_NAME and bad_character(name) is None else None


async def quiz_stream(request: Request) -> Response:
    """The quiz's changes as Server-Sent Events (``quiz``: ``phase``, ``number``, ``answered``), never an answer."""
    quiz_id = request.path_params["quiz_id"]
    await run_in_threadpool(change_quiz, request, quiz_id)
    last: list[tuple[Any, ...]] = []

    async def news() -> list[str]:
        _, data, now = await run_in_threadpool(change_quiz, request, quiz_id)
        asked = rules.question(data)
        state = (rules.phase(data, now), asked["number"] if asked else 0, rules.answered(data) if asked else 0)
        if last and last[-1] == state:
            return []
        last.append(state)
        return [message(len(last), "quiz", {"phase": state[0], "number": state[1], "answered": state[2]})]

    return stream(request.app.state.hub, [quiz_channel(quiz_id)], news)


routes = [
    route("quiz_entry", entry_part, who=Who.ANYONE),
    route("quiz", pupil_page, who=Who.ANYONE),
    route("quiz_name", give_name, who=Who.ANYONE, methods=["POST"]),
    route("quiz_part", pupil_part, who=Who.ANYONE),
    route("quiz_answer", answer, who=Who.ANYONE, methods=["POST"]),
    route("quiz_stream", quiz_stream, who=Who.ANYONE),
]
"""The quiz's addresses on the pupils' tablets (the stream is the class screen's too)."""
