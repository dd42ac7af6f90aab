"""Who may call each route: declared with the route (:func:`route`), checked here and nowhere else.

- ``Who.ANYONE``: the pupils' pages and the health check. Where a pupil's form starts something (a game, joining
  the teacher's deals, a table's tablet) the class code is asked on the page itself, where one is set and the tablet
  does not keep it yet (:func:`class_code_ok`, :func:`typed_code_ok`), and kept for the day in a cookie; the class's
  QR code opens the start page with the code filled in (``/?code=CODE``), which keeps it the same way.
- ``Who.CLASS``: the class's programs and tablets on the JSON API: the class code in the header ``X-Class-Code``
  where one is set (without it → 401, a wrong one → 403), or the teacher's token.
- ``Who.SEAT``: a pupil at a table of pupils: the seat's key (the header ``X-Player``, the ``player`` of the
  address, or the tablet's cookie for that table) opens the seat it was given for, or the teacher's token every
  seat. The table is read once, here, and given to the route with the seat (``request.state.table_data``,
  ``request.state.seat``: None for the teacher): without a key 401, with a wrong one 403 (a page: "this is not your
  seat"). A change to the table checks the key again under the table's lock, since the pupil may leave meanwhile.
- ``Who.TABLET``: a table's tablet entering results: the class code, asked on the page where one is set and kept in
  the tablet's cookie (like ``Who.ANYONE``'s forms); without it, the page that asks for it (401).
- ``Who.TEACHER``: the teacher: the token of the link ``minibridge serve`` prints (``/teacher?token=TOKEN`` or any
  teacher page with ``?token=TOKEN``), or ``Authorization: Bearer TOKEN`` for programs. Opening a teacher page with
  the token keeps a signed session in a cookie that scripts cannot read (never the token itself; one cookie a server,
  named by its port) and comes back to the same address without the token. A page without it answers with a page in
  plain words (401, a wrong one 403), the API with ``{"error": …}``; a form posted to a teacher page from another
  site's page is refused (403), changing nothing.

Secrets are compared in constant time.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable, Sequence
from enum import StrEnum
from urllib.parse import unquote, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from minibridge.classroom.class_table import place_of_key
from minibridge.language import gettext
from minibridge.web.guessing import WrongCodes
from minibridge.web.pages import render
from minibridge.web.rates import GameStarts
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
    "teacher_cookie",
    "teacher_session",
    "teacher_token_given",
    "is_teacher",
    "require_teacher",
    "require_class_code",
    "class_code_ok",
    "typed_code_ok",
    "keep_class_code",
    "tablet_pupil",
    "seat_cookie",
    "key_given",
    "no_such_table",
]

TEACHER_COOKIE = "minibridge_teacher"
"""The start of the name of the cookie that keeps the teacher's session once the teacher's link has been opened (the
server's port follows: :func:`teacher_cookie`)."""
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
    SEAT = "seat"
    TABLET = "tablet"
    TEACHER = "teacher"


def route(
    name: str, endpoint: Handler, *, who: Who, methods: Sequence[str] = ("GET",), starts_game: bool = False
) -> Route:
    """The route of the address ``name`` (see :mod:`minibridge.web.urls`), answered by ``endpoint`` for ``who``:
    the check is made before the endpoint runs, and a form posted to a page must come from the classroom's own
    pages (the Origin header, where the browser sends it, names this server). A route that ``starts_game`` is
    bounded: see :func:`_too_many_games`."""
    api = name.startswith("api_")

    @functools.wraps(endpoint)
    async def checked(request: Request) -> Response:
        if who is Who.TEACHER and not api:
            refused = _teacher_page_refused(request)
            if refused is not None:
                return refused
            if request.method in ("GET", "HEAD") and "token" in request.query_params:
                return _session_kept(request)
        elif who is Who.TEACHER:
            require_teacher(request)
        else:
            waiting = _waiting(request)
            if waiting is not None:
                return waiting
        if who is Who.CLASS and not is_teacher(request):
            require_class_code(request)
        refused = await _DOORS[who](request, api) if who in _DOORS else None
        if refused is None and starts_game:
            refused = _too_many_games(request, api)
        if refused is not None:
            return refused
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


def teacher_cookie(request: Request) -> str:
    """The name of the cookie of the teacher's session on this server: two servers on one computer (two ports) each
    keep their own."""
    server = request.scope.get("server") or ("", None)
    port = server[1] if server[1] is not None else request.url.port
    return f"{TEACHER_COOKIE}_{port or 80}"


def teacher_session(request: Request) -> str:
    """The signed value of the teacher's session: made with the server's secret (kept in the data folder) and the
    teacher's token, so a new token ends the sessions of the old one."""
    secret: bytes = request.app.state.session_secret
    message = b"teacher\0" + request.app.state.teacher_token.encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def teacher_token_given(request: Request) -> str | None:
    """The teacher token the request carries: the Bearer header or the ``token`` of the link."""
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip()
    return request.query_params.get("token")


def is_teacher(request: Request) -> bool:
    """The request carries the teacher's token (header or link) or the teacher's session (cookie)."""
    try:
        require_teacher(request)
    except ApiError:
        return False
    return True


def require_teacher(request: Request) -> None:
    """Refuse a request without the teacher token or session (401) or with a wrong one (403)."""
    given = teacher_token_given(request)
    session = request.cookies.get(teacher_cookie(request))
    if not given and not session:
        raise ApiError(401, gettext("this is for the teacher: open the teacher's link that 'minibridge serve' printed"))
    right = (
        matches(given, request.app.state.teacher_token) if given else matches(session or "", teacher_session(request))
    )
    if not right:
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
        _wrong_code(request)
        raise ApiError(403, gettext("that is not the class code: check it with your teacher"))


def class_code_ok(request: Request) -> bool:
    """The tablet carries the class code (where one is set) in its cookie, or the teacher's token."""
    code: str | None = request.app.state.class_code
    if code is None or is_teacher(request):
        return True
    kept = request.cookies.get(CLASS_COOKIE, "")
    if matches(kept, code, ignore_case=True):
        return True
    if kept.strip():
        _wrong_code(request)
    return False


def typed_code_ok(request: Request, code: str) -> bool:
    """The class code typed on a form is the class's (or the class has none)."""
    expected: str | None = request.app.state.class_code
    if expected is None or matches(code, expected, ignore_case=True):
        return True
    if code.strip():
        _wrong_code(request)
    return False


def keep_class_code(response: Response, request: Request, code: str) -> None:
    """Keep the class code typed on a form (or filled in by the class's QR code) in the tablet's cookie for the day,
    where the class has one and the code is right; a form sent without it leaves the tablet's cookie as it is."""
    expected: str | None = request.app.state.class_code
    if expected is not None and code.strip() and matches(code, expected, ignore_case=True):
        response.set_cookie(CLASS_COOKIE, code.strip(), max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/")


def tablet_pupil(request: Request) -> str:
    """The name this tablet keeps for its pupil (spaces tidied), or "" when it keeps none."""
    return " ".join(unquote(request.cookies.get(PUPIL_COOKIE, "")).split())


def seat_cookie(table_id: str) -> str:
    """The cookie that keeps a pupil's key for a seat of this table on the tablet."""
    return f"minibridge_seat_{table_id}"


def key_given(request: Request) -> str | None:
    """The seat's key a request carries: the header ``X-Player``, the ``player`` of the address, or the tablet's
    cookie for the table of the address."""
    table_id = request.path_params["table_id"]
    return (
        request.headers.get("x-player")
        or request.query_params.get("player")
        or request.cookies.get(seat_cookie(table_id))
    )


def no_such_table() -> ApiError:
    """The refusal of an address that names no open table (404)."""
    return ApiError(404, gettext("there is no such table: ask your teacher which table to join"))


async def _seat_door(request: Request, api: bool) -> Response | None:
    """``Who.SEAT``: the table of the address, read once, and the seat the request's key opens (None for the
    teacher, whose token opens every seat), kept for the route; a page in words or a refusal otherwise."""
    data = await run_in_threadpool(request.app.state.store.table, request.path_params["table_id"])
    if data is None:
        raise no_such_table()
    key = key_given(request)
    place = place_of_key(data["places"], key) if key else None
    if place is None and not is_teacher(request):
        if not api:
            return HTMLResponse(render("tables/no_seat.j2"), status_code=403)
        if key:
            raise ApiError(403, gettext("that is not the key of a seat at this table: sit down again"))
        raise ApiError(401, gettext("sit down at the table first: choose a free seat"))
    request.state.table_data = data
    request.state.seat = place
    return None


async def _tablet_door(request: Request, api: bool) -> Response | None:
    """``Who.TABLET``: a tablet that does not keep the class code (where one is set) is asked for it (401); an
    address that names no event is left to the route, which says so."""
    if class_code_ok(request):
        return None
    stored = await run_in_threadpool(request.app.state.events.event, request.path_params["event_id"])
    if stored is None:
        return None
    event = {"id": stored.id, "name": stored.data["name"]}
    return HTMLResponse(render("tables/code.j2", event=event, message=None), status_code=401)


_DOORS: dict[Who, Callable[[Request, bool], Awaitable[Response | None]]] = {
    Who.SEAT: _seat_door,
    Who.TABLET: _tablet_door,
}
"""The checks of the audiences that need more than a credential: what the route may then take for granted."""


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


def _session_kept(request: Request) -> Response:
    """The teacher's page opened with the right token: keep the teacher's session in a cookie and come back to the
    same address without the token, so it is not left in the address bar for the projector to show. The cookie is
    sent on a link followed from another site (SameSite=Lax: the teacher may open the link from an e-mail); forms
    posted from another site are refused all the same (:func:`route`)."""
    kept = [(key, value) for key, value in request.query_params.multi_items() if key != "token"]
    address = request.url.path + ("?" + urlencode(kept) if kept else "")
    response = RedirectResponse(address, status_code=303)
    response.set_cookie(
        teacher_cookie(request),
        teacher_session(request),
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="lax",
        path="/",
    )
    return response


def _client(request: Request) -> str:
    """The address of the computer that sent ``request``."""
    return request.client.host if request.client is not None else ""


def _wrong_code(request: Request) -> None:
    """Count the wrong class code of ``request`` once (a page may check the code more than once)."""
    if not getattr(request.state, "wrong_code", False):
        request.state.wrong_code = True
        wrong_codes: WrongCodes = request.app.state.wrong_codes
        wrong_codes.wrong(_client(request))


def _too_many_games(request: Request, api: bool) -> Response | None:
    """On the school's network, a computer that started :data:`~minibridge.web.rates.GAMES_A_MINUTE` games in the
    last minute, or a class that started :data:`~minibridge.web.rates.CLASS_GAMES_A_MINUTE`, waits (429, the
    seconds in ``Retry-After``); the teacher never waits, nor a server only this computer reaches. None: the
    game may start (it is counted)."""
    starts: GameStarts | None = request.app.state.game_starts
    seconds = 0 if starts is None or is_teacher(request) else starts.start(_client(request))
    if not seconds:
        return None
    headers = {"Retry-After": str(seconds)}
    words = gettext("You started a lot of games. Wait a minute, then try again.")
    if api:
        return JSONResponse({"error": words}, status_code=429, headers=headers)
    page = render("partials/refused.j2", message=words, back="start", title=gettext("Wait a minute"))
    return HTMLResponse(page, status_code=429, headers=headers)


def _waiting(request: Request) -> Response | None:
    """The answer to a computer that sent too many wrong class codes and brings a code again (429, with the seconds
    to wait in ``Retry-After``): a page where a page was asked or posted, ``{"error": …}`` on the API; None when the
    request may go on."""
    if request.app.state.class_code is None or is_teacher(request):
        return None
    wrong_codes: WrongCodes = request.app.state.wrong_codes
    seconds = wrong_codes.wait(_client(request))
    brings_code = (
        "x-class-code" in request.headers
        or "code" in request.query_params
        or CLASS_COOKIE in request.cookies
        or request.method == "POST"
    )
    if not seconds or not brings_code:
        return None
    headers = {"Retry-After": str(seconds)}
    if request.url.path.startswith("/api/"):
        words = gettext("Too many wrong codes. Wait a minute, then ask your teacher.")
        return JSONResponse({"error": words}, status_code=429, headers=headers)
    return HTMLResponse(render("partials/code_refused.j2", reason="wait"), status_code=429, headers=headers)


def _refused(status: int, reason: str) -> Response:
    return HTMLResponse(render("teacher/refused.j2", reason=reason), status_code=status)
