"""A table's tablet: the result of a board entered one tap a step, Bridgemate-style (board, N–S pair, E–W pair,
contract, declarer, tricks), the opponents' check, then the score at once and the board's traveller. With a
movement the tablet asks its table and the round first (the round the table is at chosen already), and then
knows the pairs and the boards: a board already entered for them is refused at that first tap.

A result belongs to the tablet that entered it (its key: :func:`minibridge.web.tablets.tablet_key`), and with a
movement the first tablet that enters a result at a table holds that table: another tablet choosing it is refused
at that step, in plain words, and offered the tables still free, until the teacher lets another tablet enter it.

Each step is a plain page whose address holds the steps taken, so the browser's Back goes back a step. The steps,
their choices and the result the opponents check are the competition's (:mod:`minibridge.duplicate.entering`); the
tablet needs the class code where one is set (typed once, kept in a cookie for the day; its door asks for it).
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from minibridge.duplicate import (
    RESULT_FIELDS,
    SEAT_FIELDS,
    Event,
    EventProblem,
    next_step,
    pair_choices,
    read_result,
    result_row,
    seat_step,
    step_choices,
)
from minibridge.language import gettext
from minibridge.reading import digits
from minibridge.web.auth import Who, keep_class_code, route, typed_code_ok
from minibridge.web.event_service import (
    EnteredBefore,
    TableHeld,
    event_page,
    event_view,
    ranking_view,
    record_result,
)
from minibridge.web.events_store import EventStore
from minibridge.web.pages import html
from minibridge.web.requests import sentence
from minibridge.web.tablets import tablet_key
from minibridge.web.urls import url

__all__ = ["routes"]


@event_page
async def table_page(request: Request, event: Event) -> Response:
    """The next step of entering a result: the first of board, pairs, contract, declarer, tricks not yet given,
    or, all given, the opponents' check."""
    if not event.rules.has_contract:
        words = gettext("Lesson %(lesson)s's boards are played without contracts: there is no score to enter here.") % {
            "lesson": event.lesson
        }
        return html("tables/done.j2", status=409, event=event_view(event), message=words)
    fields = {key: request.query_params.get(key, "").strip() for key in _fields(event)}
    return html("tables/step.j2", **await _step_context(request, event, fields))


def _fields(event: Event) -> tuple[str, ...]:
    """The parts a tablet sends: with a movement, its table and round first."""
    return (SEAT_FIELDS if event.movement is not None else ()) + RESULT_FIELDS


def _result(fields: dict[str, str]) -> dict[str, str]:
    """The parts of the result itself (without the table and the round)."""
    return {key: value for key, value in fields.items() if key in RESULT_FIELDS}


async def _taken(request: Request, event: Event) -> list[int]:
    """The tables this tablet may not enter the results of: those other tablets hold (none without a movement)."""
    if event.movement is None:
        return []
    events: EventStore = request.app.state.events
    return await run_in_threadpool(events.closed_tables, event.id, tablet_key(request))


async def _step_context(
    request: Request, event: Event, fields: dict[str, str], problem: str | None = None
) -> dict[str, Any]:
    """What a step's page shows: the step, the fields given so far, the buttons, the way back; at the
    opponents' check, the result and its score."""
    events: EventStore = request.app.state.events
    entries = [result.entry for result in await run_in_threadpool(events.results, event.id)]
    taken = await _taken(request, event)
    step, fields, found = next_step(event, fields, entries, taken=taken)
    message = problem or (sentence(found) if found else None)
    context: dict[str, Any] = {"event": event_view(event), "step": step, "fields": fields, "message": message}
    if step == "confirm":
        context["result"] = result_row(read_result(_result(fields), event), event)
    context["choices"] = step_choices(event, fields=fields, entries=entries, taken=taken)
    if step in ("ns", "ew"):
        context["pairs"] = pair_choices(entries)
    context["back"] = _back(event, fields, step)
    return context


@event_page
async def enter_result(request: Request, event: Event) -> Response:
    """The opponents confirmed: the result is kept as this tablet's (with a movement, the tablet holds its table
    from now on), its score shown at once with the board's traveller. A table another tablet holds is refused,
    and nothing is kept."""
    form = await request.form()
    fields = {key: str(form.get(key, "")).strip() for key in _fields(event)}
    if event.closed:
        words = gettext("The teacher has closed this event: no more results are taken.")
        return html("tables/done.j2", status=409, event=event_view(event), message=words)
    taken = await _taken(request, event)
    try:
        if event.movement is not None:
            step, seated, seat_problem = seat_step(event, fields, taken=taken)
            if step != "board" or seat_problem is not None:
                raise EventProblem(seat_problem or gettext("Choose your table and the round."))
            fields |= {"ns": seated["ns"], "ew": seated["ew"]}  # the pairs the movement seats there
        entry = read_result(_result(fields), event)
    except EventProblem as error:
        status = 409 if digits(fields.get("table", "")) in taken else 422
        context = await _step_context(request, event, fields, sentence(error.message))
        return html("tables/step.j2", status=status, **context)
    problem = None
    try:
        await record_result(request, event, entry)
    except TableHeld:  # another tablet took the table a moment before
        context = await _step_context(request, event, {"table": fields.get("table", "")})
        return html("tables/step.j2", status=409, **context)
    except EnteredBefore as refused:
        if refused.existing != [entry] and event.movement is not None:
            problem = gettext("Board %(board)s is done at this table. Ask your teacher to fix it.") % {
                "board": entry.board
            }
        elif refused.existing != [entry]:  # the same result sent twice (a double tap) is simply shown
            problem = gettext(
                "Board %(board)s is already entered for N–S pair %(ns)s or E–W pair %(ew)s: see below. Each pair "
                "plays a board once; if a result is wrong, ask your teacher to correct it."
            ) % {"board": entry.board, "ns": entry.ns, "ew": entry.ew}
    data = await run_in_threadpool(ranking_view, request, event)
    traveller = next((b for b in data["boards"] if b["board"] == entry.board), None)
    return html(
        "tables/done.j2",
        status=200 if problem is None else 409,
        event=event_view(event),
        result=result_row(entry, event) if problem is None else None,
        traveller=traveller,
        fields=fields,
        message=problem,
    )


@event_page
async def class_code(request: Request, event: Event) -> Response:
    """The class code typed on a table's tablet: kept for the day, then on to the first step."""
    form = await request.form()
    code = str(form.get("class_code", ""))
    if not typed_code_ok(request, code):
        words = gettext("That is not the class code: check it with your teacher.")
        return html("tables/code.j2", status=403, event=event_view(event), message=words)
    response = RedirectResponse(url("event_table", event_id=event.id), status_code=303)
    keep_class_code(response, request, code)
    return response


def _back(event: Event, fields: dict[str, str], step: str) -> str | None:
    """The address of the step before (None at the first)."""
    if event.movement is not None:
        order = SEAT_FIELDS + tuple(key for key in RESULT_FIELDS if key not in ("ns", "ew"))
        taken = [key for key in order if key in fields]
        if step == "table" or not taken:
            return None
        earlier = {key: fields[key] for key in taken[:-1]}
        return url("event_table", event_id=event.id, **earlier)
    taken = [key for key in RESULT_FIELDS if key in fields]
    if step == "board" or not taken:
        return None
    earlier = {key: fields[key] for key in taken[:-1]}
    return url("event_table", event_id=event.id, **earlier)


routes = [
    route("event_table", table_page, who=Who.TABLET),
    route("event_table", enter_result, who=Who.TABLET, methods=["POST"]),
    route("event_code", class_code, who=Who.ANYONE, methods=["POST"]),
]
