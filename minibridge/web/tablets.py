"""The key of a tablet: an unguessable word the server gives each tablet (or laptop, or program) the first time it
asks for one, kept by the tablet in a cookie that scripts cannot read, or sent by a program in the header
``X-Tablet``. What a tablet makes (a pupil's name for the day, a pupil's game on the teacher's deals, a table's
results) belongs to the tablet whose key made it; the teacher can hand it to another tablet.

>>> well_formed("x" * 22), well_formed("short"), well_formed("a b" * 10)
(True, False, False)
"""

from __future__ import annotations

import secrets
import string

from starlette.requests import Request
from starlette.types import Scope

from minibridge.web.answer_headers import AnswerHeaders, Headers

__all__ = ["TABLET_COOKIE", "TABLET_HEADER", "TABLET_AGE", "TabletKeys", "tablet_key", "well_formed"]

TABLET_COOKIE = "minibridge_tablet"
"""The cookie that keeps a tablet's key."""
TABLET_HEADER = "x-tablet"
"""The header in which a program sends its key (a program that keeps cookies need not)."""
TABLET_AGE = 400 * 24 * 60 * 60
"""How long a tablet keeps its key: as long as browsers keep a cookie (a school year and more)."""

_KEY_LETTERS = frozenset(string.ascii_letters + string.digits + "-_")
_NEW_KEY = "new_tablet_key"
"""Where a request keeps the key given to a tablet that had none, for :class:`TabletKeys` to send."""


def well_formed(key: str) -> bool:
    """Whether ``key`` could be a key this server gave: 22 to 64 of the letters of a URL-safe token."""
    return 22 <= len(key) <= 64 and set(key) <= _KEY_LETTERS


def tablet_key(request: Request) -> str:
    """The key of the tablet that sent ``request``: the one it keeps (header, then cookie), or a new one, which the
    answer gives the tablet to keep."""
    for given in (request.headers.get(TABLET_HEADER, ""), request.cookies.get(TABLET_COOKIE, "")):
        if well_formed(given):
            return given
    new: str | None = request.scope.setdefault("state", {}).get(_NEW_KEY)
    if new is None:
        new = secrets.token_urlsafe(18)
        request.scope["state"][_NEW_KEY] = new
    return new


class TabletKeys(AnswerHeaders):
    """Give a tablet the key :func:`tablet_key` made for it during the request: a cookie on the answer, kept for
    :data:`TABLET_AGE`, HttpOnly, sent to this server only."""

    def extra(self, scope: Scope, given: Headers) -> Headers:
        """The cookie of the new key, where the request made one."""
        new = scope.get("state", {}).get(_NEW_KEY)
        if new is None:
            return []
        cookie = f"{TABLET_COOKIE}={new}; Max-Age={TABLET_AGE}; Path=/; HttpOnly; SameSite=Lax"
        return [(b"set-cookie", cookie.encode())]
