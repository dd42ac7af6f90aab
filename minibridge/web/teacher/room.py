"""The teacher's room: the link ``minibridge serve`` prints, and the room's front page with its sections.

The teacher's link is ``/teacher?token=TOKEN``: opening it keeps the token in a cookie scripts cannot read, then shows
the room at ``/teacher``, so the token is not left in the address bar for the projector to show.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from minibridge.web.auth import COOKIE_AGE, TEACHER_COOKIE, Who, route, teacher_token_given
from minibridge.web.join_link import join_view
from minibridge.web.pages import teacher_html
from minibridge.web.urls import url

__all__ = ["routes"]


async def room(request: Request) -> Response:
    """The room's front page: what each section is for, and how the pupils join (the address, the class code and
    the QR code to scan). Opened by the teacher's link, it keeps the token in a cookie first and comes back without
    it."""
    if "token" in request.query_params:
        response = RedirectResponse(url("teacher"), status_code=303)
        token = teacher_token_given(request) or ""
        response.set_cookie(TEACHER_COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="lax")
        return response
    return teacher_html(request, "teacher/room.j2", join=join_view(request))


routes = [route("teacher", room, who=Who.TEACHER)]
