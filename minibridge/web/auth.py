"""Who may do what in the classroom: the teacher (by the teacher token) and the class's tables (by the class code).

The teacher's link that ``minibridge serve`` prints is ``/teacher?token=TOKEN``: the first visit keeps the token in
a cookie that scripts cannot read, and the teacher's pages check that cookie. Teacher endpoints of the JSON API
take the token as ``Authorization: Bearer TOKEN``. Without a token → 401, with a wrong one → 403. Tables (a
pupil's tablet entering a result, a pupil starting a game) need the class code where one is set, in the header
``X-Class-Code``; without it → 401, with a wrong one → 403.
"""

from __future__ import annotations

import secrets

from starlette.requests import Request

from minibridge.language import gettext
from minibridge.web.actions import ApiError

__all__ = ["TEACHER_COOKIE", "teacher_token_given", "require_teacher", "require_class_code", "matches"]

TEACHER_COOKIE = "minibridge_teacher"
"""The cookie that holds the teacher token once the teacher's link has been opened."""


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
