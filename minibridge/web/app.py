"""The classroom server's routes: the JSON API, each route a small function over the store, the game and its view.

Every answer of the API is JSON; every refusal is ``{"error": "…"}`` in plain words with its status (401/403
without the class code, 404 for what does not exist, 409 for an action at the wrong moment, 413 for a body too
large, 415 for a body that is not JSON, 422 for a value the rules refuse). A refused action changes nothing:
the game is rebuilt from the store for every request and saved only once the action is taken. The computer
thinks in a worker thread, one game at a time under that game's own lock, so other pupils are not kept waiting.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from minibridge.classroom import PupilGame, pupil_view
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext, number, speaking
from minibridge.lessons import find_lesson
from minibridge.lessons.answers import mark_answers, marks_data
from minibridge.lessons.lesson import Lesson
from minibridge.robot import DEFAULT_SAMPLES
from minibridge.web import events_api, events_pages, exercise_pages, pupil_pages, teacher_routes
from minibridge.web.actions import ApiError, GameLocks, action_from, json_body, load_game, no_lesson, setup_from
from minibridge.web.auth import require_class_code
from minibridge.web.languages import LanguageChoice, language_of
from minibridge.web.store import Store
from minibridge.web.teacher_printing import MAX_UPLOAD, RECORDS_PATH
from minibridge.web.views import exercise_view

__all__ = ["MAX_BODY", "create_app", "new_class_code"]

MAX_BODY = 64 * 1024
"""The largest request body taken, in bytes."""

_CODE_LETTERS = "ACDEFHJKMNPRTWXY34679"
"""Letters and digits a child cannot mistake for one another."""


def new_class_code() -> str:
    """A random class code of six letters and digits that cannot be mistaken for one another."""
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(6))


def create_app(
    *, data: Path, class_code: str | None, teacher_token: str, loopback: bool, samples: int = DEFAULT_SAMPLES
) -> Starlette:
    """The classroom server over the data folder ``data``. Pupils need ``class_code`` to start a game when it is
    given, and always when the server is not bound to loopback (a random code is chosen then: read it from
    ``app.state.class_code``). ``samples`` is how many layouts the computer thinks about for each decision."""
    if class_code is None and not loopback:
        class_code = new_class_code()
    store = Store(data)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        events.close()
        store.close()

    app = Starlette(
        routes=[
            Route("/api/health", health),
            Route("/api/games", create_game, methods=["POST"]),
            Route("/api/games/{game_id}", show_game),
            Route("/api/games/{game_id}/actions", act, methods=["POST"]),
            Route("/api/lessons/{number:int}/exercises", exercises),
            Route("/api/lessons/{number:int}/answers", answers, methods=["POST"]),
            *pupil_pages.routes,
            *exercise_pages.routes,
            *teacher_routes.routes,
            *events_api.routes,
            *events_pages.routes,
        ],
        middleware=[
            Middleware(LanguageChoice),
            Middleware(BodyLimit, limit=MAX_BODY, uploads={RECORDS_PATH: MAX_UPLOAD + MAX_BODY}),
        ],
        exception_handlers={ApiError: _api_error, HTTPException: _http_error, Exception: _server_error},
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.class_code = class_code
    app.state.teacher_token = teacher_token
    app.state.loopback = loopback
    app.state.samples = samples
    app.state.locks = GameLocks()
    events = events_api.install(app, store)
    return app


# --- the routes ----------------------------------------------------------------------------------------------


async def health(request: Request) -> Response:
    """The server is up."""
    return JSONResponse({"ok": True})


async def create_game(request: Request) -> Response:
    """Start a game for a pupil: the computer plays up to the pupil's first decision."""
    require_class_code(request)
    body = await json_body(request)
    setup = setup_from(body, request.app.state.samples)
    store: Store = request.app.state.store

    def start() -> dict[str, Any]:
        game = PupilGame.start(setup)
        return pupil_view(store.create_game(game.to_data()), game)

    return JSONResponse(await run_in_threadpool(start), status_code=201)


async def show_game(request: Request) -> Response:
    """A game as the pupil sees it."""
    game_id = request.path_params["game_id"]
    store: Store = request.app.state.store
    game = await run_in_threadpool(load_game, store, game_id)
    return JSONResponse(pupil_view(game_id, game))


async def act(request: Request) -> Response:
    """The pupil's decision, then the computer's up to the pupil's next decision or the end of the deal."""
    game_id = request.path_params["game_id"]
    body = await json_body(request)
    action = action_from(body)
    state = request.app.state

    def take() -> dict[str, Any]:
        with state.locks.lock(game_id):
            game = load_game(state.store, game_id)
            action(game)
            game.advance()
            state.store.save_game(game_id, game.to_data())
            return pupil_view(game_id, game)

    return JSONResponse(await run_in_threadpool(take))


async def exercises(request: Request) -> Response:
    """A lesson's exercises as a pupil sees them: the questions and what they need, never an answer."""
    lesson = _lesson(request.path_params["number"])
    return JSONResponse([exercise_view(lesson, exercise) for exercise in lesson.exercises])


async def answers(request: Request) -> Response:
    """A pupil's answers marked, as ``minibridge check --json`` marks them; only the exercises answered."""
    lesson = _lesson(request.path_params["number"])
    body = await json_body(request)
    pupil = body.get("pupil")
    if not isinstance(pupil, str) or not pupil.strip() or len(pupil) > 60:
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
    try:
        marks = [m for m in mark_answers(lesson, given) if given.get(m.exercise) is not None]
    except MiniBridgeError as error:
        raise ApiError(422, str(error)) from None
    store: Store = request.app.state.store
    pupil = pupil.strip()
    await run_in_threadpool(store.record_answers, pupil, lesson.number, [(m.exercise, m.right) for m in marks])
    return JSONResponse(marks_data(lesson, pupil, marks))


# --- checks and helpers --------------------------------------------------------------------------------------


def _lesson(number: int) -> Lesson:
    if not 1 <= number <= 6:
        raise ApiError(404, no_lesson(number))
    return find_lesson(number)


# --- errors and limits ---------------------------------------------------------------------------------------


async def _api_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)
    return JSONResponse({"error": error.message}, status_code=error.status)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    words = {
        404: gettext("there is nothing at this address"),
        405: gettext("this address does not take that kind of request"),
    }
    return JSONResponse({"error": words.get(error.status_code, error.detail)}, status_code=error.status_code)


async def _server_error(request: Request, error: Exception) -> Response:
    with speaking(language_of(request)):  # answered outside the language middleware: the request's language again
        words = gettext("something went wrong on the server: try again")
    return JSONResponse({"error": words}, status_code=500)


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
