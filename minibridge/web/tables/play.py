"""Pupils at the class's tables: the tables drawn on the start page, sitting down, the table as the pupil's seat sees
it (a page kept up to date by Server-Sent Events), the pupil's taps, and the same on the JSON API.

A pupil taps a free seat and gives a first name; the seat's key is kept in the tablet's cookie (and given to
programs as ``player``), so a reload, a sleeping tablet or a restart of the server brings the child back to the
same seat. Every view is the library's for that seat (:meth:`minibridge.classroom.ClassTable.view`): a page or an
event can hold no card the seat may not see.

The JSON API: ``GET /api/tables`` → the tables with their seats; ``POST /api/tables/{id}/seats`` (``{"seat": "N",
"name": "Ann"}``) → 201 ``{"player": KEY, "view": VIEW}``; ``GET /api/tables/{id}`` (``X-Player: KEY``, or the
teacher's token) → the VIEW; ``POST /api/tables/{id}/actions`` (``{"points": 12}`` while the pupils count their
points, ``{"contract": "4S"}``, ``{"card": "SA"}``, ``{"declarer": "N"}``, ``{"claim": true}``, ``{"next": true}``,
``{"leave": true}``) → the VIEW, or for ``{"hint": true}`` the hint ``{"card", "reason"}`` (nothing played);
``GET /api/tables/{id}/stream`` → one event ``view`` per change, carrying the viewer's VIEW.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from minibridge.cards import Card, Seat
from minibridge.classroom.class_table import ClassTable, place_of_key
from minibridge.contract import Contract
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.reading import digits
from minibridge.web.auth import (
    COOKIE_AGE,
    Who,
    class_code_ok,
    keep_class_code,
    key_given,
    route,
    seat_cookie,
    typed_code_ok,
)
from minibridge.web.event_service import pupil_name
from minibridge.web.live import message, stream
from minibridge.web.names import take_name
from minibridge.web.pages import render
from minibridge.web.requests import ApiError, json_body, sentence, whole_number
from minibridge.web.table_service import (
    Viewer,
    change_table,
    seated,
    table_channel,
    tables_overview,
    tables_seated,
    view_for,
    wake_driver,
)
from minibridge.web.urls import url
from minibridge.web.views import replay_view

__all__ = ["routes"]

_ACTIONS = ("declarer", "contract", "card", "next", "leave", "points", "claim", "hint")
_ACTION_FORMS = (
    '{"card": "SA"}, {"contract": "4S"}, {"declarer": "N"}, {"points": 12}, {"next": true}, {"hint": true}, '
    '{"claim": true} or {"leave": true}'
)
_SWITCHES = ("next", "leave", "claim", "hint")
"""The actions sent as ``true``."""


# --- the JSON API ------------------------------------------------------------------------------------------------


async def list_tables(request: Request) -> Response:
    """The class's tables, with who sits where (no card)."""
    tables = await run_in_threadpool(tables_overview, request.app.state.store)
    return JSONResponse({"tables": tables})


async def sit_down(request: Request) -> Response:
    """A pupil takes a seat: 201 with the seat's key and the view from it."""
    body = await json_body(request)
    unknown = [key for key in body if key not in ("seat", "name")]
    if unknown or not isinstance(body.get("seat"), str):
        raise ApiError(422, gettext('send the seat and your name, like {"seat": "N", "name": "Ann"}'))
    key, view = await _sit(request, body["seat"].strip().upper(), pupil_name(body.get("name")))
    return JSONResponse({"player": key, "view": view}, status_code=201)


async def _sit(request: Request, seat: str, name: str) -> tuple[str, dict[str, Any]]:
    """Sit the pupil ``name`` (a name this tablet holds or takes now: 409 when another tablet holds it) at
    ``seat``: the seat's key and the view from it."""
    table_id = request.path_params["table_id"]
    await run_in_threadpool(take_name, request, name)
    table, key = await change_table(request, table_id, lambda table: table.sit(seat, name))
    return key, view_for(table_id, table, Viewer(table.place_of(key)))


async def show_table(request: Request) -> Response:
    """The table as the seat of the key sees it (or the teacher)."""
    table_id = request.path_params["table_id"]
    table, viewer = await run_in_threadpool(seated, request)
    wake_driver(request.app, table_id)
    return JSONResponse(view_for(table_id, table, viewer))


async def act(request: Request) -> Response:
    """The decision of the pupil whose key it is: the view after it (409 or 422, nothing changed, when refused);
    after leaving, what everyone at the table may see. The key must still open the seat when the decision is
    taken (403 when the seat changed hands meanwhile)."""
    table_id = request.path_params["table_id"]
    table, viewer = await run_in_threadpool(seated, request)
    if viewer.place is None:
        raise ApiError(403, gettext("the teacher steers a table at its teacher's address"))
    body = await json_body(request)
    action = _action(body, viewer.place)
    if "hint" in body:
        return JSONResponse(await _hint(request, table, viewer))
    table, _ = await change_table(request, table_id, _keyed(request, viewer, action))
    if table.place_of(key_given(request) or "") != viewer.place:  # the pupil has left the seat
        return JSONResponse({"id": table_id, **table.view(None)})
    return JSONResponse(view_for(table_id, table, viewer))


async def follow(request: Request) -> Response:
    """Server-Sent Events: the viewer's VIEW each time the table changes (event ``view``, its id the table's
    version)."""
    table_id = request.path_params["table_id"]
    state = request.app.state
    _, viewer = await run_in_threadpool(seated, request)
    key = key_given(request)
    sent = {"version": -1}

    async def news() -> list[str]:
        data = await run_in_threadpool(state.store.table, table_id)
        if data is None:
            return [message(None, "closed", {})]
        version = data.get("version", 0)
        if version == sent["version"]:
            return []
        sent["version"] = version
        table = ClassTable.from_data(data)
        if viewer.place is not None and table.place_of(key or "") != viewer.place:
            return [message(version, "left", {})]
        return [message(version, "view", view_for(table_id, table, viewer))]

    wake_driver(request.app, table_id)
    return stream(state.hub, [table_channel(table_id)], news)


def _keyed(request: Request, viewer: Viewer, action: Callable[[ClassTable], None]) -> Callable[[ClassTable], None]:
    """``action``, taken only if the request's key still opens the viewer's seat when the table is changed under
    its lock (403 when the seat changed hands meanwhile)."""
    key = key_given(request) or ""

    def keyed(table: ClassTable) -> None:
        if table.place_of(key) != viewer.place:
            raise ApiError(403, gettext("that is not the key of a seat at this table: sit down again"))
        action(table)

    return keyed


async def _hint(request: Request, table: ClassTable, viewer: Viewer) -> dict[str, Any]:
    """A card for the viewer to play now, with its reason (nothing changes at the table: the other tablets are not
    woken); kept for the teacher by the seat's pupil."""
    assert viewer.place is not None
    try:
        advice = await run_in_threadpool(table.hint, viewer.place)
    except MiniBridgeError as refusal:
        raise ApiError(409, str(refusal)) from None
    store = request.app.state.store
    await run_in_threadpool(store.record_help, table.pupil(viewer.place) or "", table.setup.lesson, "hint")
    return advice.as_data()


def _action(body: dict[str, Any], place: str) -> Callable[[ClassTable], None]:
    """The pupil's action at ``place``, checked when applied to the table: 409 at the wrong moment, 422 for a bad
    value (a hint is not applied: it changes nothing)."""
    named = [key for key in _ACTIONS if key in body]
    if len(named) != 1 or len(body) != 1:
        raise ApiError(422, gettext("send one action: %(forms)s") % {"forms": _ACTION_FORMS})
    kind, value = named[0], body[named[0]]
    if kind in _SWITCHES and value is not True:
        raise ApiError(422, gettext("send one action: %(forms)s") % {"forms": _ACTION_FORMS})
    if kind == "points":
        value = whole_number(value, "points", 0, 37)
    elif kind not in _SWITCHES and not isinstance(value, str):
        raise ApiError(
            422, gettext("write the %(kind)s as text, like %(forms)s") % {"kind": kind, "forms": _ACTION_FORMS}
        )

    def apply(table: ClassTable) -> None:
        if kind == "next":
            table.next_deal(place)
        elif kind == "leave":
            table.leave(place)
        elif kind == "points":
            table.count_points(place, value)
        elif kind == "claim":
            table.claim(place)
        elif kind == "declarer":
            table.choose_declarer(place, _read(Seat.from_str, value))
        elif kind == "contract":
            table.choose_contract(place, _read(Contract.from_str, value))
        else:
            table.play_card(place, _read(Card.from_str, value))

    return apply


def _read(reader: Callable[[str], Any], text: str) -> Any:
    """A seat, contract or card read from text (422 in words when it is none)."""
    try:
        return reader(text)
    except MiniBridgeError as error:
        raise ApiError(422, str(error)) from None


# --- the pages -------------------------------------------------------------------------------------------------


async def tables_part(request: Request) -> Response:
    """The class's tables drawn with their seats, for the start page (refreshed as pupils sit down)."""
    return await _tables_html(request, None, 200)


def _my_seats(request: Request, tables: list[dict[str, Any]]) -> dict[str, str]:
    """The seat this tablet holds at each table where it holds one (its key in the tablet's cookie): table id to
    seat letter (in a worker thread)."""
    mine = {}
    for table in tables:
        key = request.cookies.get(seat_cookie(table["id"]))
        data = request.app.state.store.table(table["id"]) if key else None
        place = place_of_key(data["places"], key or "") if data is not None else None
        if place is not None:
            mine[table["id"]] = place
    return mine


async def _tables_html(request: Request, message: str | None, status: int) -> Response:
    """The class's tables drawn, this tablet's seats marked, with ``message`` (why a pupil could not sit down)."""

    def drawn() -> str:
        tables = tables_seated(request.app.state.store)
        mine, code = _my_seats(request, tables), not class_code_ok(request)
        return render("tables/tables.j2", tables=tables, mine=mine, class_code=code, message=message)

    return HTMLResponse(await run_in_threadpool(drawn), status_code=status)


async def sit_form(request: Request) -> Response:
    """A pupil taps a free seat and gives a first name (and the class code, once a day): to the table."""
    table_id = request.path_params["table_id"]
    form = await request.form()
    code = str(form.get("class_code", ""))
    if not class_code_ok(request) and not typed_code_ok(request, code):
        return await _sit_refused(request, gettext("That is not the class code: ask your teacher for it."), 403)
    try:
        key, _ = await _sit(request, str(form.get("seat", "")).strip().upper(), pupil_name(form.get("name")))
    except ApiError as error:
        return await _sit_refused(request, sentence(error.message), error.status)
    address = url("table", table_id=table_id)
    response: Response = (
        Response(status_code=204, headers={"HX-Redirect": address})
        if request.headers.get("hx-request")
        else RedirectResponse(address, status_code=303)
    )
    response.set_cookie(seat_cookie(table_id), key, max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/")
    keep_class_code(response, request, code)
    return response


async def _sit_refused(request: Request, words: str, status: int) -> Response:
    """The tables again, with why the pupil could not sit down, where the pupil is looking."""
    return await _tables_html(request, words, status)


async def _seated(request: Request) -> tuple[ClassTable, Viewer] | Response:
    """The table and the pupil whose seat this tablet holds (its door let the tablet in); for the teacher, the
    teacher's page of the table."""
    table, viewer = await run_in_threadpool(seated, request)
    if viewer.place is None:  # the teacher steers from the teacher's page of the table
        return RedirectResponse(url("teacher_table", table_id=request.path_params["table_id"]), status_code=303)
    return table, viewer


async def table_page(request: Request) -> Response:
    """The table as this tablet's seat sees it: the whole page, or the table alone to htmx; a tablet without a
    seat at this table is sent to the start page to choose one."""
    table_id = request.path_params["table_id"]
    found = await _seated(request)
    if isinstance(found, Response):
        return found
    table, viewer = found
    wake_driver(request.app, table_id)
    view = view_for(table_id, table, viewer)
    trick = digits(request.query_params.get("trick", ""))
    if trick is not None:
        view["replay"] = replay_view(view, trick)
    return _table_html(request, view)


async def tap(request: Request) -> Response:
    """The pupil's tap: the table after it, or the same table with the reason it is refused (409 or 422)."""
    table_id = request.path_params["table_id"]
    found = await _seated(request)
    if isinstance(found, Response):
        return found
    table, viewer = found
    assert viewer.place is not None
    form = await request.form()
    body: dict[str, Any] = {
        key: str(value) for key, value in form.items() if key in ("card", "contract", "declarer", "points")
    }
    body.update({key: True for key in _SWITCHES if key in form})
    try:
        action = _action(body, viewer.place)
        if "hint" in body:
            view = view_for(table_id, table, viewer)
            view["hint"] = await _hint(request, table, viewer)
            return _table_html(request, view, selected=view["hint"]["card"])
        table, _ = await change_table(request, table_id, _keyed(request, viewer, action))
    except ApiError as error:
        view = view_for(table_id, table, viewer)
        view["message"] = sentence(error.message)
        return _table_html(request, view, status=error.status)
    if "leave" in body:
        response = Response(status_code=204, headers={"HX-Redirect": url("start")})
        response.delete_cookie(seat_cookie(table_id), path="/")
        return response
    return _table_html(request, view_for(table_id, table, viewer))


def _table_html(
    request: Request, view: dict[str, Any], *, status: int = 200, selected: str | None = None
) -> HTMLResponse:
    template = "pupils/table.j2" if request.headers.get("hx-request") else "pupils/game.j2"
    return HTMLResponse(render(template, view=view, selected=selected), status_code=status)


routes = [
    route("tables_part", tables_part, who=Who.ANYONE),
    route("api_tables", list_tables, who=Who.CLASS),
    route("api_table_seats", sit_down, who=Who.CLASS, methods=["POST"]),
    route("api_table", show_table, who=Who.SEAT),
    route("api_table_actions", act, who=Who.SEAT, methods=["POST"]),
    route("api_table_stream", follow, who=Who.SEAT),
    route("table_seats", sit_form, who=Who.ANYONE, methods=["POST"]),
    route("table", table_page, who=Who.SEAT),
    route("table_actions", tap, who=Who.SEAT, methods=["POST"]),
]
