"""The pupils' pages: the start page, the table, and the pupil's taps, as htmx posts of plain forms.

A tap answers at once with the table as it stands after the pupil's decision. While the next decision is the
computer's, the table asks for it by itself (a post to ``/games/{id}/step``, which takes ONE decision), so the
computer's cards arrive one at a time. Once a deal is over, ``/games/{id}?trick=N`` shows trick N again.

Each route is a small function over the same store, game and view as the JSON API; a page is rendered only
from the pupil's view (:func:`minibridge.classroom.pupil_view`), so it can hold no card the pupil may not see.
A refused tap answers with the table and the reason in words (409 or 422), and changes nothing. Posts must
come from the classroom's own pages (the Origin header, where the browser sends it, names this server).
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from minibridge.classroom import PupilGame, pupil_view
from minibridge.language import gettext
from minibridge.lessons import find_lesson
from minibridge.web.actions import ApiError, action_from, load_game, same_origin, setup_from
from minibridge.web.auth import matches
from minibridge.web.events_pages import open_events
from minibridge.web.pages import render_page, render_start, render_table
from minibridge.web.store import Store
from minibridge.web.views import replay_view

__all__ = ["routes"]


async def start_page(request: Request) -> Response:
    """Choose a lesson or free play."""
    return HTMLResponse(render_start(_start_options(request)))


async def start_game(request: Request) -> Response:
    """Start the game chosen on the start page, then show its table."""
    same_origin(request)
    form = await request.form()
    code = request.app.state.class_code
    if code is not None and not matches(str(form.get("class_code", "")), code, ignore_case=True):
        message = gettext("That is not the class code: ask your teacher for it.")
        return HTMLResponse(render_start(_start_options(request, message=message)), status_code=403)
    try:
        setup = setup_from(_setup_fields(form), request.app.state.samples)
    except ApiError as error:
        message = error.message[:1].upper() + error.message[1:] + "."
        return HTMLResponse(render_start(_start_options(request, message=message)), status_code=error.status)
    store: Store = request.app.state.store

    def start() -> str:
        game = PupilGame.start(setup, advance=False)
        return store.create_game(game.to_data())

    game_id = await run_in_threadpool(start)
    address = f"/games/{game_id}"
    if request.headers.get("hx-request"):
        return Response(status_code=204, headers={"HX-Redirect": address})
    return RedirectResponse(address, status_code=303)


async def table_page(request: Request) -> Response:
    """The table of a game, as the pupil sees it (the whole page, or the table alone to htmx); once the deal is
    over, ``?trick=N`` shows trick N with the hands as they stood before it."""
    game_id = request.path_params["game_id"]
    game = await run_in_threadpool(load_game, request.app.state.store, game_id)
    view = pupil_view(game_id, game)
    trick = request.query_params.get("trick", "")
    if trick.isdigit():
        view["replay"] = replay_view(view, int(trick))
    if request.headers.get("hx-request"):
        return HTMLResponse(render_table(view))
    return HTMLResponse(render_page(view))


async def step(request: Request) -> Response:
    """One decision the pupil does not take (the computer's, or the pupil's only card played for them), then
    the table, which asks for the next step while the next decision is not the pupil's."""
    same_origin(request)
    game_id = request.path_params["game_id"]
    state = request.app.state

    def take() -> str:
        with state.locks.lock(game_id):
            game = load_game(state.store, game_id)
            if game.step():
                state.store.save_game(game_id, game.to_data())
            return render_table(pupil_view(game_id, game))

    return HTMLResponse(await run_in_threadpool(take))


async def tap(request: Request) -> Response:
    """The pupil's tap (a card, a contract, a declarer, the next deal, the same deal again); the new table at
    once (the computer's decisions follow step by step), or the same table with the reason a tap is refused."""
    same_origin(request)
    game_id = request.path_params["game_id"]
    form = await request.form()
    body: dict[str, Any] = {key: str(value) for key, value in form.items() if key in ("card", "contract", "declarer")}
    for key in ("next", "again"):
        if key in form:
            body[key] = True
    state = request.app.state

    def take() -> tuple[str, int]:
        with state.locks.lock(game_id):
            game = load_game(state.store, game_id)
            try:
                action_from(body)(game)
            except ApiError as error:
                view = pupil_view(game_id, load_game(state.store, game_id))
                view["message"] = error.message[:1].upper() + error.message[1:] + "."
                return render_table(view), error.status
            state.store.save_game(game_id, game.to_data())
            return render_table(pupil_view(game_id, game)), 200

    html, status = await run_in_threadpool(take)
    return HTMLResponse(html, status_code=status)


def _start_options(request: Request, *, message: str | None = None) -> dict[str, Any]:
    lessons = [{"number": n, "title": find_lesson(n).in_language().title} for n in range(1, 7)]
    return {
        "lessons": lessons,
        "class_code": request.app.state.class_code is not None,
        "message": message,
        "events": open_events(request),
    }


def _setup_fields(form: Any) -> dict[str, Any]:
    """The start form as the fields of a game's setup (``seed``, a hidden field, deals chosen cards; the players:
    four, or three by the simple or the normal variant)."""
    fields: dict[str, Any] = {"auto_single": bool(form.get("auto_single"))}
    for name in ("lesson", "deals", "target", "seed"):
        text = str(form.get(name, "")).strip()
        if text:
            fields[name] = int(text) if text.isdigit() else text
    three = str(form.get("three_handed", "")).strip()
    if three:
        fields["three_handed"] = three
    if "lesson" not in fields:
        fields["rules"] = str(form.get("rules", "ebu"))
        fields["slam"] = bool(form.get("slam"))
    return fields


routes = [
    Route("/", start_page),
    Route("/games", start_game, methods=["POST"]),
    Route("/games/{game_id}", table_page),
    Route("/games/{game_id}/actions", tap, methods=["POST"]),
    Route("/games/{game_id}/step", step, methods=["POST"]),
    Mount("/static", StaticFiles(packages=[("minibridge.web", "static")]), name="static"),
]
