"""The teacher's pages of events: start an event, follow it (the pupils' games and the tables' results, live), correct
a result, close it, download its boards and the guide cards of its movement, and the class screen of results for the
projector (the ranking, a board's traveller from the tables, or every pupil's result on a board, live).

Each result says the tablet that entered it ("tablet 2": the tablets are numbered in the order they entered their
first result; their keys are never shown), and the teacher may remove a wrong one. With a movement, each table says
the tablet that holds it, and the teacher may let another tablet enter it: on the event page, or for programs
``POST /api/events/{id}/tables/{table}/release`` (teacher) → ``{"table": 3, "released": true}`` (``false`` when no
tablet held it; 409 when the event has no movement, 404 for a table it has not).

Another class that played the same boards joins the ranking: the teacher takes in its results file on the event page
(:func:`~minibridge.duplicate.with_class` checks it whole, deals and rules first), and may remove it again.

The data of each page is the one the events' JSON API gives (:mod:`minibridge.web.event_service`), rendered.
Live parts follow ``/teacher/events/{id}/stream`` (Server-Sent Events) and fetch themselves again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response

from minibridge import language
from minibridge.documents import duplicate_results, guide_cards
from minibridge.duplicate import (
    MAX_BOARDS,
    MAX_CLASSES,
    RESULT_FIELDS,
    Event,
    EventProblem,
    class_text,
    classes_view,
    new_event,
    read_result,
    result_row,
    step_choices,
    with_class,
    without_class,
)
from minibridge.language import N_, gettext
from minibridge.lessons import find_lesson, lesson_numbers
from minibridge.pbn import dumps
from minibridge.reading import digits, shown
from minibridge.web.auth import Who, route
from minibridge.web.event_service import (
    event_page,
    event_view,
    events_listing,
    file_name,
    find_event,
    local_time,
    pupils_channel,
    pupils_overview,
    ranking_view,
    record_result,
    results_channel,
)
from minibridge.web.events_store import EventStore
from minibridge.web.live import message, stream
from minibridge.web.pages import download, html, teacher_html
from minibridge.web.requests import ApiError, attachment, pupils_address, sentence
from minibridge.web.urls import url

__all__ = ["routes"]

_NUMBER_FIELDS = {"boards": N_("boards"), "lesson": N_("lesson"), "seed": N_("seed"), "pairs": N_("pairs")}
"""The fields of the form that starts an event that take a whole number, in words (``gettext`` them)."""
_SHOWS = ("ranking", "board", "pupils")


async def events_page(request: Request) -> Response:
    """The teacher's events and a form to start one."""
    return await _events_list(request)


async def _events_list(request: Request, *, message_text: str | None = None, status: int = 200) -> Response:
    listing = await run_in_threadpool(events_listing, request)
    listed = [event | {"created": language.moment(local_time(event["created"]))} for event in listing]
    found = [find_lesson(number) for number in lesson_numbers()]
    lessons = [{"number": lesson.number, "title": lesson.title, "deals": len(lesson.deals)} for lesson in found]
    return teacher_html(
        request,
        "teacher/events.j2",
        status=status,
        events=listed,
        lessons=lessons,
        message=message_text,
        most=MAX_BOARDS,
    )


async def start_event(request: Request) -> Response:
    """Start the event of the form, then show it."""
    form = await request.form()
    fields: dict[str, Any] = {
        "name": str(form.get("name", "")),
        "slam": bool(form.get("slam")),
        "school": str(form.get("school", "")),
    }
    try:
        for key, words in _NUMBER_FIELDS.items():
            text = str(form.get(key, "")).strip()
            if text:
                if digits(text.removeprefix("-")) is None:
                    raise EventProblem(
                        gettext("the %(field)s should be a whole number, not '%(text)s'")
                        % {"field": gettext(words), "text": shown(text)}
                    )
                fields[key] = int(text)
        event = await run_in_threadpool(lambda: new_event(**fields))
    except EventProblem as problem:
        return await _events_list(request, message_text=sentence(problem.message), status=422)
    events: EventStore = request.app.state.events
    event_id = await run_in_threadpool(events.create_event, event.as_data())
    return RedirectResponse(url("teacher_event", event_id=event_id), status_code=303)


@event_page
async def event_overview(request: Request, event: Event) -> Response:
    """An event for the teacher: where to send the tables and the pupils, the pupils' games, the results."""
    return await _event_page(request, event)


async def _event_page(
    request: Request, event: Event, *, class_problem: str | None = None, status: int = 200
) -> Response:
    """The teacher's event page, saying what was wrong with a file to import (``class_problem``)."""
    context = await run_in_threadpool(_teacher_context, request, event)
    return teacher_html(
        request,
        "teacher/event.j2",
        status=status,
        event=event_view(event),
        base=pupils_address(request),
        classes=classes_view(event),
        own_class=event.class_name,
        class_problem=class_problem,
        most_classes=MAX_CLASSES,
        **context,
    )


@event_page
async def import_class(request: Request, event: Event) -> Response:
    """Take in another class's results file on the same deals (checked whole: nothing is kept when it is refused);
    the event page again, saying why, when it is refused (422)."""
    form = await request.form(max_files=1, max_fields=4)
    upload = form.get("results")
    school = str(form.get("school", ""))
    data, source = (await upload.read(), upload.filename or "") if isinstance(upload, UploadFile) else (b"", "")
    events: EventStore = request.app.state.events

    def keep() -> None:
        text = class_text(data)
        events.update_event(event.id, lambda kept: with_class(kept, text, source=source, school=school))

    try:
        await run_in_threadpool(keep)
    except EventProblem as problem:
        return await _event_page(request, event, class_problem=sentence(problem.message), status=422)
    request.app.state.hub.publish(results_channel(event.id))
    return RedirectResponse(url("teacher_event", event_id=event.id) + "#classes", status_code=303)


@event_page
async def remove_class(request: Request, event: Event) -> Response:
    """Remove an imported class: its pairs leave the ranking."""
    class_id = request.path_params["class_id"]
    events: EventStore = request.app.state.events
    await run_in_threadpool(events.update_event, event.id, lambda kept: without_class(kept, class_id))
    request.app.state.hub.publish(results_channel(event.id))
    return RedirectResponse(url("teacher_event", event_id=event.id) + "#classes", status_code=303)


def _teacher_context(request: Request, event: Event) -> dict[str, Any]:
    state = request.app.state
    return {
        "pupils": pupils_overview(request, event)["pupils"],
        "class_code": state.class_code,
        **_results_context(state.events, event),
    }


def _results_context(events: EventStore, event: Event) -> dict[str, Any]:
    """The results part of the event page: the ``history`` of the results and, with a movement, the ``tablets``
    that hold the tables. Runs in a worker thread."""
    numbers = events.tablets(event.id)
    return {"history": _history(events, event, numbers), "tablets": _tables(events, event, numbers)}


@event_page
async def pupils_fragment(request: Request, event: Event) -> Response:
    """The pupils' games where they stand (the live part of the teacher's event page)."""
    overview = await run_in_threadpool(pupils_overview, request, event)
    return html("teacher/event_pupils.j2", event=event_view(event), pupils=overview["pupils"])


@event_page
async def results_fragment(request: Request, event: Event) -> Response:
    """The results entered, corrections included, and the tablets that hold the tables (the live part of the
    teacher's event page)."""
    context = await run_in_threadpool(_results_context, request.app.state.events, event)
    return html("teacher/event_history.j2", event=event_view(event), **context)


def _history(events: EventStore, event: Event, numbers: dict[str, int]) -> list[dict[str, Any]]:
    """Every result entered, newest first, scored on its own, with who entered it (the ``tablet``'s number, from
    ``numbers``: None when not on a tablet), what it replaced, and whether the teacher ``removed`` it."""
    tablets = events.result_tablets(event.id)
    removed = set(events.removed(event.id))
    rows = []
    for result in reversed(events.history(event.id)):
        row = result_row(result.entry, event)
        row.update(number=result.number, by=result.by, replaces=list(result.replaces), in_force=result.in_force)
        row["entered"] = f"{local_time(result.entered):%H:%M}"
        row["tablet"] = numbers.get(tablets.get(result.number, ""))
        row["removed"] = result.number in removed
        rows.append(row)
    return rows


def _tables(events: EventStore, event: Event, numbers: dict[str, int]) -> list[dict[str, Any]]:
    """With a movement, each ``table`` and the number of the ``tablet`` that holds it (None when free); without
    one, none."""
    movement = event.movement
    if movement is None:
        return []
    held = events.held_tables(event.id)
    return [{"table": n, "tablet": numbers.get(held[n]) if n in held else None} for n in range(1, movement.tables + 1)]


async def newest_screen(request: Request) -> Response:
    """The class screen's tab of results: the screen of the newest open event (the events page when none is)."""
    events: EventStore = request.app.state.events
    stored = await run_in_threadpool(events.events, open_only=True)
    address = url("teacher_event_screen", event_id=stored[0].id) if stored else url("teacher_events")
    return RedirectResponse(address, status_code=303)


@event_page
async def class_screen(request: Request, event: Event) -> Response:
    """The class screen: the ranking, a board's traveller from the tables, or the pupils' results on a board."""
    show, board = _shown(request, event)
    panel = await run_in_threadpool(_panel, request, event, show, board)
    return teacher_html(
        request, "teacher/event_screen.j2", event=event_view(event), show=show, board=board, panel=panel
    )


@event_page
async def panel_fragment(request: Request, event: Event) -> Response:
    """What the class screen shows now (its live part)."""
    show, board = _shown(request, event)
    panel = await run_in_threadpool(_panel, request, event, show, board)
    return html("teacher/event_panel.j2", event=event_view(event), show=show, board=board, panel=panel)


def _shown(request: Request, event: Event) -> tuple[str, int]:
    show = request.query_params.get("show", "ranking")
    board_text = request.query_params.get("board", "")
    board = digits(board_text) if digits(board_text) in event.numbers else event.numbers[0]
    if not event.rules.has_contract or show not in _SHOWS:  # without contracts, only the pupils' tricks
        show = "ranking" if event.rules.has_contract else "pupils"
    return show, board


def _panel(request: Request, event: Event, show: str, board: int) -> dict[str, Any]:
    """The class screen's panel: ``ranking`` (the tables' ranking), ``board`` (a board's traveller from the
    tables) or ``pupils`` (every pupil's result on a board)."""
    if show == "pupils":
        overview = pupils_overview(request, event)
        results = next(b["results"] for b in overview["boards"] if b["board"] == board)
        return {"pupils": results, "playing": len(overview["pupils"])}
    data = ranking_view(request, event)
    traveller = next((b for b in data["boards"] if b["board"] == board), None)
    return {**data, "traveller": traveller}


@event_page
async def live_stream(request: Request, event: Event) -> Response:
    """The teacher's pages' stream: ``result`` for each result entered or corrected, ``pupils`` when a
    pupil's game moves on."""
    state = request.app.state
    given = request.headers.get("last-event-id", "")
    last = digits(given)
    if last is None:
        last = await run_in_threadpool(state.events.last_change, event.id)
    channel = pupils_channel(event.id)
    seen = state.hub.count(channel)
    results_seen = state.hub.count(results_channel(event.id))

    async def news() -> list[str]:
        nonlocal last, seen, results_seen
        changes = await run_in_threadpool(state.events.changes, event.id, last)
        said = [message(c.number, "result", {"board": c.entry.board}) for c in changes]
        if changes:
            last = changes[-1].number
        count = state.hub.count(results_channel(event.id))
        if count != results_seen and not changes:  # a result removed, a table let go: no new result
            said.append(message(None, "result", {}))
        results_seen = count
        count = state.hub.count(channel)
        if count != seen:
            seen = count
            said.append(message(None, "pupils", {}))
        return said

    return stream(state.hub, [results_channel(event.id), channel], news)


@event_page
async def correction_page(request: Request, event: Event) -> Response:
    """The teacher corrects a result: its six parts, ready to change."""
    fields = {key: request.query_params.get(key, "") for key in RESULT_FIELDS}
    return teacher_html(
        request,
        "teacher/event_correct.j2",
        event=event_view(event),
        fields=fields,
        choices=step_choices(event),
        message=None,
    )


@event_page
async def correct(request: Request, event: Event) -> Response:
    """The teacher's correction replaces the results it clashes with, and is recorded as a correction."""
    form = await request.form()
    fields = {key: str(form.get(key, "")) for key in RESULT_FIELDS}
    try:
        entry = read_result(fields, event)
    except EventProblem as problem:
        return teacher_html(
            request,
            "teacher/event_correct.j2",
            status=422,
            event=event_view(event),
            fields=fields,
            choices=step_choices(event),
            message=sentence(problem.message),
        )
    await record_result(request, event, entry, replace=True)
    return RedirectResponse(url("teacher_event", event_id=event.id) + "#results", status_code=303)


@event_page
async def remove_result(request: Request, event: Event) -> Response:
    """The teacher removes a wrong result: the tables may enter that board again; the record keeps it, marked
    removed."""
    events: EventStore = request.app.state.events
    number = request.path_params["number"]
    if await run_in_threadpool(events.remove_result, event.id, number):
        request.app.state.hub.publish(results_channel(event.id))
    return RedirectResponse(url("teacher_event", event_id=event.id) + "#results", status_code=303)


@event_page
async def release_table(request: Request, event: Event) -> Response:
    """The teacher lets another tablet enter the results of a table (on the event page)."""
    table = request.path_params["table"]
    if event.movement is None or not 1 <= table <= event.movement.tables:
        return html("partials/event_missing.j2", status=404)
    await _let_go(request, event, table)
    return RedirectResponse(url("teacher_event", event_id=event.id) + "#tablets", status_code=303)


async def release_table_api(request: Request) -> Response:
    """The teacher lets another tablet enter the results of a table (for programs)."""
    event = await find_event(request)
    table = request.path_params["table"]
    if event.movement is None:
        raise ApiError(409, gettext("this event has no movement: no tablet holds a table"))
    if not 1 <= table <= event.movement.tables:
        raise ApiError(404, gettext("this event has no table %(table)s") % {"table": table})
    return JSONResponse({"table": table, "released": await _let_go(request, event, table)})


async def _let_go(request: Request, event: Event, table: int) -> bool:
    """Let another tablet enter ``table``'s results and wake the teacher's pages; whether a tablet held it."""
    events: EventStore = request.app.state.events
    released = await run_in_threadpool(events.let_go, event.id, table)
    if released:
        request.app.state.hub.publish(results_channel(event.id))
    return released


@event_page
async def close_event(request: Request, event: Event) -> Response:
    """Close the event (no one joins, no table enters a result), or open it again."""
    form = await request.form()
    events: EventStore = request.app.state.events
    await run_in_threadpool(events.set_closed, event.id, form.get("closed") == "1")
    return RedirectResponse(url("teacher_event", event_id=event.id), status_code=303)


@event_page
async def boards_file(request: Request, event: Event) -> Response:
    """The event's boards as a PBN file (for hand records, or to deal them at the tables)."""
    text = dumps(list(event.boards))
    headers = {"Content-Disposition": attachment(f"{file_name(event)}-boards.pbn")}
    return PlainTextResponse(text, headers=headers)


@event_page
async def guide_file(request: Request, event: Event) -> Response:
    """The guide cards of the event's movement as a PDF (404 when the event has no movement)."""
    movement = event.movement
    if movement is None:
        return html("partials/event_missing.j2", status=404)
    name = f"{file_name(event)}-guide-cards.pdf"
    printed = await run_in_threadpool(lambda: guide_cards(movement, event=event.name, name=name))
    return download(printed.name, printed.pdf)


@event_page
async def travellers_file(request: Request, event: Event) -> Response:
    """The travellers and the ranking of the results in force as a PDF, scored by the event's rules, as
    ``minibridge duplicate score -o`` prints the event's results file (409 before the first result)."""
    events: EventStore = request.app.state.events
    entries = [result.entry for result in await run_in_threadpool(events.results, event.id)]
    if not entries and not event.classes:
        words = gettext("No result yet: the travellers print once the tables have entered results.")
        return PlainTextResponse(words, status_code=409)
    name = Path(f"{file_name(event)}-travellers.txt")
    printed = await run_in_threadpool(
        lambda: duplicate_results(event.competition(entries), file=name, title=event.name)
    )
    return download(printed.name, printed.pdf)


routes = [
    route("teacher_events_screen", newest_screen, who=Who.TEACHER),
    route("teacher_events", events_page, who=Who.TEACHER),
    route("teacher_events", start_event, who=Who.TEACHER, methods=["POST"]),
    route("teacher_event", event_overview, who=Who.TEACHER),
    route("teacher_event_pupils", pupils_fragment, who=Who.TEACHER),
    route("teacher_event_results", results_fragment, who=Who.TEACHER),
    route("teacher_event_screen", class_screen, who=Who.TEACHER),
    route("teacher_event_panel", panel_fragment, who=Who.TEACHER),
    route("teacher_event_stream", live_stream, who=Who.TEACHER),
    route("teacher_event_correct", correction_page, who=Who.TEACHER),
    route("teacher_event_correct", correct, who=Who.TEACHER, methods=["POST"]),
    route("teacher_event_remove", remove_result, who=Who.TEACHER, methods=["POST"]),
    route("teacher_event_release", release_table, who=Who.TEACHER, methods=["POST"]),
    route("api_event_release", release_table_api, who=Who.TEACHER, methods=["POST"]),
    route("teacher_event_close", close_event, who=Who.TEACHER, methods=["POST"]),
    route("teacher_event_boards", boards_file, who=Who.TEACHER),
    route("teacher_event_guide", guide_file, who=Who.TEACHER),
    route("teacher_event_travellers", travellers_file, who=Who.TEACHER),
    route("teacher_event_classes", import_class, who=Who.TEACHER, methods=["POST"]),
    route("teacher_event_class_remove", remove_class, who=Who.TEACHER, methods=["POST"]),
]
