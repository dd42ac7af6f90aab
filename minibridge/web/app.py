"""The classroom server: the app that mounts each audience's routes (the pupils, the class's tables, the teacher,
the events' API), with the language of each request, a bound on the size of bodies, and refusals in words.

Every refusal of the API is ``{"error": "…"}`` in plain words with its status (401/403 without the class code or the
teacher's token, 404 for what does not exist, 409 for an action at the wrong moment, 413 for a body too large, 415
for a body that is not JSON, 422 for a value the rules refuse). A refused action changes nothing: a game is rebuilt
from the store for every request and saved only once the action is taken. The computer thinks in a worker thread,
one game at a time under that game's own lock, so other pupils are not kept waiting.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from minibridge.classroom import DEFAULT_SAMPLES
from minibridge.classroom.data_folder import disk_is_full
from minibridge.classroom.joining import new_class_code, session_secret_kept
from minibridge.language import gettext, number, speaking
from minibridge.reading import ReadingError
from minibridge.web import events, pupils, quizzes, tables, teacher
from minibridge.web.ahead import Ahead, PreparedGames, prepare_lessons
from minibridge.web.answer_headers import AnswerHeaders, Headers
from minibridge.web.auth import Who, route
from minibridge.web.event_service import install
from minibridge.web.guessing import WrongCodes
from minibridge.web.languages import LanguageChoice, language_of
from minibridge.web.pages import html
from minibridge.web.rates import GameStarts
from minibridge.web.requests import ApiError, sentence
from minibridge.web.store import GameLocks, Store
from minibridge.web.table_service import ROBOT_PACE
from minibridge.web.tablets import TabletKeys
from minibridge.web.teacher.printing import MAX_UPLOAD
from minibridge.web.urls import url

__all__ = ["MAX_BODY", "SAFE_HEADERS", "create_app"]

STATIC = url("static", path="").rstrip("/")
"""Where the pages' styles and scripts are served from."""
MAX_BODY = 64 * 1024
"""The largest request body taken, in bytes."""
SAFE_HEADERS: list[tuple[bytes, bytes]] = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
]
"""Sent with every answer: the browser never guesses a file's kind, tells no other site which page a link was on,
and shows no page of the classroom inside another site's page."""


def create_app(
    *,
    data: Path,
    class_code: str | None,
    teacher_token: str,
    loopback: bool,
    samples: int = DEFAULT_SAMPLES,
    robot_pace: float = ROBOT_PACE,
    prepare: bool = False,
) -> Starlette:
    """The classroom server over the data folder ``data``. Pupils need ``class_code`` to start a game when it is
    given, and always when the server is not bound to loopback (a random code is chosen then: read it from
    ``app.state.class_code``; ``minibridge serve`` gives the code of the day). ``samples`` is how many layouts the
    computer thinks about for each decision; ``robot_pace`` the seconds between two of the computer's cards at a
    table of pupils. With ``prepare`` the computer thinks about a few games of every lesson before the pupils come
    (:class:`~minibridge.web.ahead.PreparedGames`)."""
    if class_code is None and not loopback:
        class_code = new_class_code()
    store = Store(data)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if app.state.prepared is not None:
            prepare_lessons(app.state.prepared, samples, store.switches())
        yield
        app.state.ahead.close()
        kept_events.close()
        store.close()

    app = Starlette(
        routes=[
            route("api_health", health, who=Who.ANYONE),
            *pupils.routes,
            *tables.routes,
            *teacher.routes,
            *events.routes,
            *quizzes.routes,
            Mount(
                url("static", path="").rstrip("/"), StaticFiles(packages=[("minibridge.web", "static")]), name="static"
            ),
        ],
        middleware=[
            Middleware(SafeHeaders),
            Middleware(TabletKeys),
            Middleware(LanguageChoice),
            Middleware(BodyLimit, limit=MAX_BODY, uploads={url("teacher_printing_records"): MAX_UPLOAD + MAX_BODY}),
        ],
        exception_handlers={
            ApiError: _api_error,
            ReadingError: _reading_error,
            HTTPException: _http_error,
            OSError: _disk_full,
            sqlite3.OperationalError: _disk_full,
            Exception: _server_error,
        },
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.class_code = class_code
    app.state.teacher_token = teacher_token
    app.state.session_secret = session_secret_kept(data)
    app.state.wrong_codes = WrongCodes()
    app.state.game_starts = None if loopback else GameStarts()
    app.state.loopback = loopback
    app.state.samples = samples
    app.state.locks = GameLocks()
    app.state.ahead = Ahead()
    app.state.prepared = PreparedGames(app.state.ahead) if prepare else None
    app.state.robot_pace = robot_pace
    app.state.table_drivers = set()
    app.state.table_wakes = {}
    app.state.table_tasks = set()
    app.state.sections = teacher.SECTIONS
    kept_events = install(app, store)
    return app


async def health(request: Request) -> Response:
    """The server is up; how many games the computer still thinks ahead about, and how many are prepared."""
    state = request.app.state
    prepared = state.prepared.ready if state.prepared is not None else 0
    return JSONResponse({"ok": True, "thinking_ahead": state.ahead.waiting, "games_prepared": prepared})


# --- errors and limits ---------------------------------------------------------------------------------------


def _refused(request: Request, status: int, words: str, *, title: str | None = None) -> Response:
    """A refusal: a page in plain words when a browser opened the address itself (a page's address, not the API's
    nor a part of a page fetched by the page), under ``title`` when given, else ``{"error": words}``."""
    opened = (
        request.method == "GET"
        and not request.url.path.startswith("/api/")
        and "hx-request" not in request.headers
        and "text/html" in request.headers.get("accept", "")
    )
    if not opened:
        return JSONResponse({"error": words}, status_code=status)
    back = "teacher" if request.url.path.startswith("/teacher") else "start"
    return html("partials/refused.j2", status=status, message=sentence(words), back=back, title=title)


async def _api_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)
    return _refused(request, error.status, error.message)


async def _reading_error(request: Request, error: Exception) -> Response:
    """A number or a name from outside that a route read without catching it: 422 with what is wrong."""
    return _refused(request, 422, str(error))


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    words = {
        404: gettext("there is nothing at this address"),
        405: gettext("this address does not take that kind of request"),
    }
    return _refused(request, error.status_code, words.get(error.status_code, error.detail))


async def _disk_full(request: Request, error: Exception) -> Response:
    """A write the disk refused (it is full): 503 with a sentence for the teacher, told once in the server's log
    (not a traceback a request). Any other error of the disk or the database is the server's error."""
    if not disk_is_full(error):
        raise error
    if not getattr(request.app.state, "disk_full_told", False):
        request.app.state.disk_full_told = True
        logging.getLogger("minibridge").error("The disk of the data folder is full: %s", error)
    with speaking(language_of(request)):
        words = gettext("the computer's disk is full: the teacher must make room. Nothing already saved is lost")
        title = gettext("The disk is full")
    return _refused(request, 503, words, title=title)


async def _server_error(request: Request, error: Exception) -> Response:
    with speaking(language_of(request)):  # answered outside the language middleware: the request's language again
        words = gettext("something went wrong on the server: try again")
    return JSONResponse({"error": words}, status_code=500)


class SafeHeaders(AnswerHeaders):
    """Add :data:`SAFE_HEADERS` to every answer: pages, parts of pages, JSON and static files."""

    def extra(self, scope: Scope, given: Headers) -> Headers:
        """The safe headers the answer does not set itself."""
        named = {name.lower() for name, _ in given}
        return [(name, value) for name, value in SAFE_HEADERS if name not in named]


class BodyLimit:
    """Refuse (413) a request whose body is larger than ``limit`` bytes (or, for an address in ``uploads``, than
    the size given there), before any route reads it."""

    def __init__(self, app: ASGIApp, limit: int, uploads: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.uploads = dict(uploads or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.uploads.get(scope["path"], self.limit)
        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > limit:
            await self._refuse(scope, receive, send, limit)
            return
        chunks, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > limit:
                await self._refuse(scope, receive, send, limit)
                return
            more = message.get("more_body", False)
        body = b"".join(chunks)
        given = False

        async def replay() -> Message:
            nonlocal given
            if given:
                return await receive()
            given = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        words = gettext("the request is too large: at most %(size)s KB") % {"size": number(limit // 1024)}
        too_large = JSONResponse({"error": words}, 413)
        await too_large(scope, receive, send)
