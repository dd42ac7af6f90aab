"""The teacher's room: the link ``minibridge serve`` prints, the guard every teacher page stands behind, and the
room's front page with its sections.

The teacher's link is ``/teacher?token=TOKEN``: opening it keeps the token in a cookie scripts cannot read, then
shows the room at ``/teacher`` (so the token is not left in the address bar for the projector to show). Every
teacher page is wrapped in :func:`teacher_page`: without the token it answers with a page in plain words (401),
with a wrong one likewise (403), and a form posted from another site's page is refused (403), changing nothing.
The words live in the templates ``templates/web/teacher*.j2``.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from minibridge.web.actions import ApiError, pupils_address, same_origin
from minibridge.web.auth import TEACHER_COOKIE, require_teacher, teacher_token_given
from minibridge.web.pages import environment

__all__ = ["SECTIONS", "COOKIE_AGE", "teacher_page", "render_teacher", "routes"]

SECTIONS: list[tuple[str, str]] = [
    ("/teacher/lessons", "lessons"),
    ("/teacher/printing", "printing"),
    ("/teacher/screen", "screen"),
    ("/teacher/progress", "progress"),
    ("/teacher/league", "league"),
    ("/teacher/events", "events"),
]
"""The room's sections in the order the teacher's bar shows them: the address and the name its words go by
(``teacher_base.j2`` gives each its words)."""

COOKIE_AGE = 12 * 60 * 60
"""A school day: the next day the teacher opens the link that ``minibridge serve`` prints again."""

Handler = Callable[[Request], Awaitable[Response]]


def teacher_page(handler: Handler) -> Handler:
    """A teacher page: refused in plain words without the teacher token (401) or with a wrong one (403); a form
    posted to it must come from the classroom's own pages (403 otherwise)."""

    @functools.wraps(handler)
    async def guarded(request: Request) -> Response:
        try:
            require_teacher(request)
        except ApiError as refusal:
            reason = "no_token" if refusal.status == 401 else "wrong_token"
            return _refused(refusal.status, reason)
        if request.method == "POST":
            try:
                same_origin(request)
            except ApiError as refusal:
                return _refused(refusal.status, "other_site")
        return await handler(request)

    return guarded


def render_teacher(request: Request, template: str, **context: Any) -> str:
    """A teacher page: ``template`` with the room's sections and the section this page belongs to."""
    here = request.url.path
    section = next((name for address, name in SECTIONS if here.startswith(address)), None)
    return environment().get_template(template).render(sections=SECTIONS, section=section, **context)


def _refused(status: int, reason: str) -> Response:
    page = environment().get_template("teacher_refused.j2").render(reason=reason)
    return HTMLResponse(page, status_code=status)


@teacher_page
async def room(request: Request) -> Response:
    """The room's front page: what each section is for, and what the pupils need to join. Opened by the
    teacher's link, it keeps the token in a cookie first and comes back without it."""
    if "token" in request.query_params:
        response = RedirectResponse("/teacher", status_code=303)
        token = teacher_token_given(request) or ""
        response.set_cookie(TEACHER_COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="lax")
        return response
    pupils = pupils_address(request) + "/"
    html = render_teacher(request, "teacher_room.j2", pupils=pupils, class_code=request.app.state.class_code)
    return HTMLResponse(html)


routes = [Route("/teacher", room)]
