"""Who may call each route: declared with the route (:func:`route`), checked here and nowhere else.

- ``Who.ANYONE``: the pupils' pages and the health check. Where a pupil's form starts something (a game, joining
  the teacher's deals, a table's tablet) the class code is asked on the page itself, where one is set and the tablet
  does not keep it yet (:func:`class_code_ok`, :func:`typed_code_ok`), and kept for the day in a cookie; the class's
  QR code opens the start page with the code filled in (``/?code=CODE``), which keeps it the same way.
- ``Who.CLASS``: the class's programs and tablets on the JSON API: the class code in the header ``X-Class-Code``
  where one is set (without it → 401, a wrong one → 403), or the teacher's token.
- ``Who.TEACHER``: the teacher: the token of the link ``minibridge serve`` prints (``/teacher?token=TOKEN``, kept in a
  cookie that scripts cannot read), or ``Authorization: Bearer TOKEN`` for programs. A page without it answers with a
  page in plain words (401, a wrong one 403), the API with ``{"error": …}``; a form posted to a teacher page from
  another site's page is refused (403), changing nothing.

Secrets are compared in constant time.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Awaitable, Callable, Sequence
from enum import StrEnum
from urllib.parse import unquote

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from minibridge.language import gettext
from minibridge.web.pages import render
from minibridge.web.requests import ApiError, same_origin
from minibridge.web.urls import path

__all__ = [
    "TEACHER_COOKIE",
    "CLASS_COOKIE",
    "PUPIL_COOKIE",
    "COOKIE_AGE",
    "Who",
    "route",
    "matches",
    "teacher_token_given",
    "is_teacher",
    "require_teacher",
    "require_class_code",
    "class_code_ok",
    "typed_code_ok",
    "keep_class_code",
    "tablet_pupil",
]

TEACHER_COOKIE = "minibridge_teacher"
"""The cookie that holds the teacher token once the teacher's link has been opened."""
CLASS_COOKIE = "minibridge_class"
"""The cookie that keeps the class code on a tablet once typed."""
PUPIL_COOKIE = "pupil"
"""The cookie that keeps the pupil's name on this tablet or laptop."""
COOKIE_AGE = 12 * 60 * 60
"""A school day: the next day the teacher opens the link again, and the next pupil gives a name again."""

Handler = Callable[[Request], Awaitable[Response]]


class Who(StrEnum):
    """Who may call a route."""

    ANYONE = "anyone"
    CLASS = "class"
    TEACHER = "teacher"


def route(name: str, endpoint: Handler, *, who: Who, methods: Sequence[str] = ("GET",)) -> Route:
    """The route of the address ``name`` (see :mod:`minibridge.web.urls`), answered by ``endpoint`` for ``who``:
    the check is made before the endpoint runs, and a form posted to a page must come from the classroom's own
    pages (the Origin header, where the browser sends it, names this server)."""
    api = name.startswith("api_")

    @functools.wraps(endpoint)
    async def checked(request: Request) -> Response:
        if who is Who.TEACHER and not api:
            refused = _teacher_page_refused(request)
            if refused is not None:
                return refused
        elif who is Who.TEACHER:
            require_teacher(request)
        elif who is Who.CLASS and not is_teacher(request):
            require_class_code(request)
        if request.method == "POST" and not api:
            same_origin(request)
        return await endpoint(request)

    checked.who = who  # type: ignore[attr-defined]
    return Route(path(name), checked, methods=list(methods), name=name)


def matches(given: str, secret: str, *, ignore_case: bool = False) -> bool:
    """Whether ``given`` is the secret, compared in constant time (a class code in any case)."""
    if ignore_case:
        given, secret = given.upper(), secret.upper()
    return secrets.compare_digest(given.strip().encode(), secret.encode())


def teacher_token_given(request: Request) -> str | None:
    """The teacher token the request carries: the Bearer header, the ``token`` of the link, or the cookie."""
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip()
    return request.query_params.get("token") or request.cookies.get(TEACHER_COOKIE)


def is_teacher(request: Request) -> bool:
    """The request carries the teacher's token (header, link or cookie)."""
    given = teacher_token_given(request)
    return bool(given) and matches(given or "", request.app.state.teacher_token)


def require_teacher(request: Request) -> None:
    """Refuse a request without the teacher token (401) or with a wrong one (403)."""
    given = teacher_token_given(request)
    if not given:
        raise ApiError(401, gettext("this is for the teacher: open the teacher's link that 'minibridge serve' printed"))
    if not matches(given, request.app.state.teacher_token):
        raise ApiError(
            403, gettext("that is not the teacher's token: use the teacher's link that 'minibridge serve' printed")
        )


def require_class_code(request: Request) -> None:
    """Refuse a table's request without the class code (401) or with a wrong one (403), where a code is set."""
    code: str | None = request.app.state.class_code
    if code is None:
        return
    given = request.headers.get("x-class-code")
    if not given:
        raise ApiError(401, gettext("this classroom needs the class code: ask your teacher for it"))
    if not matches(given, code, ignore_case=True):
        raise ApiError(403, gettext("that is not the class code: check it with your teacher"))


def class_code_ok(request: Request) -> bool:
    """The tablet carries the class code (where one is set) in its cookie, or the teacher's token."""
    code: str | None = request.app.state.class_code
    if code is None or is_teacher(request):
        return True
    return matches(request.cookies.get(CLASS_COOKIE, ""), code, ignore_case=True)


def typed_code_ok(request: Request, code: str) -> bool:
    """The class code typed on a form is the class's (or the class has none)."""
    expected: str | None = request.app.state.class_code
    return expected is None or matches(code, expected, ignore_case=True)


def keep_class_code(response: Response, request: Request, code: str) -> None:
    """Keep the class code typed on a form (or filled in by the class's QR code) in the tablet's cookie for the day,
    where the class has one and the code is right; a form sent without it leaves the tablet's cookie as it is."""
    expected: str | None = request.app.state.class_code
    if expected is not None and code.strip() and matches(code, expected, ignore_case=True):
        response.set_cookie(CLASS_COOKIE, code.strip(), max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/")


def tablet_pupil(request: Request) -> str:
    """The name this tablet keeps for its pupil (spaces tidied), or "" when it keeps none."""
    return " ".join(unquote(request.cookies.get(PUPIL_COOKIE, "")).split())


def _teacher_page_refused(request: Request) -> Response | None:
    """The page that refuses a teacher page in plain words (401, 403), or None when the teacher may see it."""
    try:
        require_teacher(request)
    except ApiError as refusal:
        return _refused(refusal.status, "no_token" if refusal.status == 401 else "wrong_token")
    if request.method == "POST":
        try:
            same_origin(request)
        except ApiError as refusal:
            return _refused(refusal.status, "other_site")
    return None


def _refused(status: int, reason: str) -> Response:
    return HTMLResponse(render("teacher/refused.j2", reason=reason), status_code=status)
