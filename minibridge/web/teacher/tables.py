"""The teacher steers the class's tables: sets them up, watches them all at once, opens any table to see all four
hands, takes back a card or a trick, stops a table, hands a seat to the computer or frees it, deals a deal again,
shows the hands, and moves every table to its next board together; the class screen can follow one table.

Every teacher action goes through the table's own checks (:class:`~minibridge.classroom.ClassTable`) and is
refused with a reason when it cannot apply.

The JSON API: ``POST /api/tables`` (``tables``, ``lesson``, ``deals``, ``seed``, ``rules``, ``slam``,
``three_handed``, ``event``, ``robots``: ``"now"`` or ``"teacher"``, ``level``: how strong the computer plays,
``"beginner"``, ``"club"`` or ``"expert"``, by default as the lesson says, ``practice``, ``lockstep``) → 201
``{"tables": [{"id", "number"}]}``;
``POST /api/tables/{id}/teacher`` (``{"undo": "card"|"trick"}``, ``{"pause": true|false}``, ``{"robot": "E"}``,
``{"free": "E"}``, ``{"restart": true}``, ``{"show": true|false}``, ``{"next": true}``) → the teacher's VIEW;
``POST /api/tables/next`` → ``{"moved": [numbers], "staying": [numbers]}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from minibridge.classroom.class_table import ClassTable
from minibridge.language import gettext
from minibridge.lessons import find_lesson, lesson_numbers
from minibridge.web.auth import Who, route
from minibridge.web.event_service import open_events
from minibridge.web.pages import free_rules, render, render_teacher, robot_levels
from minibridge.web.requests import ApiError, json_body, sentence
from minibridge.web.table_service import (
    MOST_TABLES,
    Viewer,
    change_table,
    load_table,
    move_every_table,
    open_tables,
    tables_overview,
    view_for,
    wake_driver,
)
from minibridge.web.urls import url

__all__ = ["routes"]

_STEERING = ("undo", "pause", "robot", "free", "restart", "show", "next")
_STEERING_FORMS = (
    '{"undo": "card"}, {"undo": "trick"}, {"pause": true}, {"robot": "E"}, {"free": "E"}, {"restart": true}, '
    '{"show": true} or {"next": true}'
)


# --- the JSON API ------------------------------------------------------------------------------------------------


async def create_tables(request: Request) -> Response:
    """Set up the class's tables (closing those before)."""
    tables = await open_tables(request, await json_body(request))
    return JSONResponse({"tables": tables}, status_code=201)


async def steer(request: Request) -> Response:
    """One of the teacher's actions at a table: the teacher's view after it."""
    table_id = request.path_params["table_id"]
    table, _ = await change_table(request, table_id, steering(await json_body(request)))
    return JSONResponse(view_for(table_id, table, Viewer(None)))


async def every_table_next(request: Request) -> Response:
    """Every table whose deal is over goes on to its next board."""
    return JSONResponse(await move_every_table(request))


def steering(body: dict[str, Any]) -> Callable[[ClassTable], None]:
    """The teacher's action, checked when applied to the table (409 when it cannot apply now, 422 for a bad
    value)."""
    named = [key for key in _STEERING if key in body]
    if len(named) != 1 or len(body) != 1:
        raise ApiError(422, gettext("send one action: %(forms)s") % {"forms": _STEERING_FORMS})
    kind, value = named[0], body[named[0]]
    fits = {
        "undo": value in ("card", "trick") and isinstance(value, str),
        "pause": isinstance(value, bool),
        "show": isinstance(value, bool),
        "robot": isinstance(value, str),
        "free": isinstance(value, str),
        "restart": value is True,
        "next": value is True,
    }
    if not fits[kind]:
        raise ApiError(422, gettext("send one action: %(forms)s") % {"forms": _STEERING_FORMS})

    def apply(table: ClassTable) -> None:
        if kind == "undo":
            table.undo(value)
        elif kind == "pause":
            table.pause(value)
        elif kind == "show":
            table.show(value)
        elif kind == "robot":
            table.give_to_computer(value.strip().upper())
        elif kind == "free":
            table.free(value.strip().upper())
        elif kind == "restart":
            table.restart()
        else:
            table.deal_next()

    return apply


# --- the pages ---------------------------------------------------------------------------------------------------


async def tables_page(
    request: Request, *, message: str | None = None, status: int = 200, missing: str | None = None
) -> Response:
    """The tables: a form to set them up (``message``: what was wrong with it), and the live room of every table
    (``missing``: why the table asked for is not there)."""
    tables = await run_in_threadpool(tables_overview, request.app.state.store)
    lessons = [{"number": n, "title": find_lesson(n).in_language().title} for n in lesson_numbers()]
    page = render_teacher(
        request,
        "teacher/tables.j2",
        tables=tables,
        lessons=lessons,
        rules=free_rules(),
        levels=robot_levels(),
        events=open_events(request),
        most=MOST_TABLES,
        message=message,
        missing=missing,
    )
    return HTMLResponse(page, status_code=status)


async def set_up(request: Request) -> Response:
    """The form that sets up the tables: to the room of tables (or the form again, with what was wrong)."""
    form = await request.form()
    body: dict[str, Any] = {}
    for name in ("tables", "lesson", "deals", "seed"):
        text = str(form.get(name, "")).strip()
        if text:
            if not (text.isascii() and text.isdigit() and len(text) <= 9):
                return await tables_page(request, message=_whole_number(name), status=422)
            body[name] = int(text)
    for name in ("three_handed", "robots", "level", "practice", "event", "rules"):
        text = str(form.get(name, "")).strip()
        if text:
            body[name] = text
    body["lockstep"] = bool(form.get("lockstep"))
    if "lesson" in body or "event" in body:
        body.pop("rules", None)
    try:
        await open_tables(request, body)
    except ApiError as error:
        return await tables_page(request, message=sentence(error.message), status=error.status)
    return RedirectResponse(url("teacher_tables"), status_code=303)


def _whole_number(name: str) -> str:
    return sentence(gettext("'%(name)s' should be %(form)s") % {"name": name, "form": gettext("a whole number")})


async def room_part(request: Request) -> Response:
    """The live room of every table (refreshed every moment by the page)."""
    tables = await run_in_threadpool(tables_overview, request.app.state.store)
    return HTMLResponse(render("teacher/tables_room.j2", tables=tables))


async def _table_or_page(request: Request) -> ClassTable | Response:
    """The table of the address; else the tables page saying there is no such table (404)."""
    try:
        return await run_in_threadpool(load_table, request.app.state.store, request.path_params["table_id"])
    except ApiError as error:
        words = gettext("There is no such table: setting up new tables ends the tables before them.")
        return await tables_page(request, missing=words, status=error.status)


async def table_page(request: Request, *, message: str | None = None, status: int = 200) -> Response:
    """One table with all four hands as they stand, and the teacher's controls."""
    table_id = request.path_params["table_id"]
    table = await _table_or_page(request)
    if isinstance(table, Response):
        return table
    wake_driver(request.app, table_id)
    view = view_for(table_id, table, Viewer(None))
    view["message"] = message
    template = "teacher/table_part.j2" if request.headers.get("hx-request") else "teacher/table.j2"
    return HTMLResponse(render_teacher(request, template, view=view), status_code=status)


async def steer_form(request: Request) -> Response:
    """A control of the table page: the table after it, or the reason it cannot apply."""
    table_id = request.path_params["table_id"]
    form = await request.form()
    body: dict[str, Any] = {}
    for key in ("undo", "robot", "free"):
        if key in form:
            body[key] = str(form[key])
    for key in ("pause", "show"):
        if key in form:
            body[key] = str(form[key]) == "1"
    body.update({key: True for key in ("restart", "next") if key in form})
    try:
        await change_table(request, table_id, steering(body))
    except ApiError as error:
        return await table_page(request, message=sentence(error.message), status=error.status)
    return await table_page(request)


async def next_form(request: Request) -> Response:
    """Every table to its next board, from the room: back to the room."""
    await move_every_table(request)
    return RedirectResponse(url("teacher_tables"), status_code=303)


async def screen_page(request: Request) -> Response:
    """The class screen following one table card by card: what everyone at a table may see (dummy once it is
    down, the cards played, the contract), and all four hands once the deal is over."""
    table_id = request.path_params["table_id"]
    table = await _table_or_page(request)
    if isinstance(table, Response):
        return table
    view = {"id": table_id, **table.view(None)}
    template = "teacher/table_screen_part.j2" if request.headers.get("hx-request") else "teacher/table_screen.j2"
    return HTMLResponse(render_teacher(request, template, view=view))


routes = [
    route("api_tables_new", create_tables, who=Who.TEACHER, methods=["POST"]),
    route("api_tables_next", every_table_next, who=Who.TEACHER, methods=["POST"]),
    route("api_table_teacher", steer, who=Who.TEACHER, methods=["POST"]),
    route("teacher_tables", tables_page, who=Who.TEACHER),
    route("teacher_tables_new", set_up, who=Who.TEACHER, methods=["POST"]),
    route("teacher_tables_room", room_part, who=Who.TEACHER),
    route("teacher_tables_next", next_form, who=Who.TEACHER, methods=["POST"]),
    route("teacher_table", table_page, who=Who.TEACHER),
    route("teacher_table_steer", steer_form, who=Who.TEACHER, methods=["POST"]),
    route("teacher_table_screen", screen_page, who=Who.TEACHER),
]
