"""A pupil joins the teacher's deals: a first name (and the class code, where one is set and the tablet does not
keep it yet), then the event's boards against the computer; the same name plays the same game again on the same
tablet. A name another tablet holds today is refused in words (:mod:`minibridge.web.names`).
"""

from __future__ import annotations

from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from minibridge.duplicate import Event
from minibridge.language import gettext
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
from minibridge.web.event_service import event_page, event_view, join_event, pupil_name
from minibridge.web.pages import html
from minibridge.web.requests import ApiError, sentence
from minibridge.web.urls import url

__all__ = ["routes"]


@event_page
async def join_page(request: Request, event: Event) -> Response:
    """The teacher's deals: the pupil's name, then the first board against the computer."""
    return _join_form(request, event)


def _join_form(request: Request, event: Event, *, message_text: str | None = None, status: int = 200) -> Response:
    name = tablet_pupil(request)
    return html(
        "pupils/join.j2",
        status=status,
        event=event_view(event),
        pupil=name,
        ask_code=not class_code_ok(request),
        message=message_text,
    )


@event_page
async def join(request: Request, event: Event) -> Response:
    """The pupil joins: the pupil's game on the event's boards (the same game again for the same name)."""
    form = await request.form()
    code = str(form.get("class_code", ""))
    if not class_code_ok(request) and not typed_code_ok(request, code):
        words = gettext("That is not the class code: ask your teacher for it.")
        return _join_form(request, event, message_text=words, status=403)
    try:
        pupil = pupil_name(str(form.get("pupil", "")))
        game_id, _ = await run_in_threadpool(
            lambda: join_event(request, event, pupil, auto_single=bool(form.get("auto_single")), advance=False)
        )
    except ApiError as error:
        return _join_form(request, event, message_text=sentence(error.message), status=error.status)
    response = RedirectResponse(url("game", game_id=game_id), status_code=303)
    response.set_cookie(PUPIL_COOKIE, quote(pupil), max_age=COOKIE_AGE, httponly=True, samesite="lax")
    keep_class_code(response, request, code)
    return response


routes = [
    route("event_join", join_page, who=Who.ANYONE),
    route("event_join", join, who=Who.ANYONE, methods=["POST"], starts_game=True),
]
