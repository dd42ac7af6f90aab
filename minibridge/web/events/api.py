"""The events' JSON API: the teacher starts an event, tables enter results, everyone follows the ranking.

- ``POST /api/events`` (teacher) ``{"name": "Tuesday club", "boards": 4}``, also ``lesson``, ``seed``,
  ``slam``, ``pairs`` (the pairs at the real tables: the event then has a movement) → 201 ``{"id", "name",
  "boards", "lesson", "seed", "slam", "pairs", "movement"}`` (``movement`` None without pairs).
  ``GET /api/events`` (teacher) lists them;
  ``GET /api/events/{id}`` (teacher) gives one with its boards' deals.
- ``POST /api/events/{id}/results`` (tables) ``{"board": 1, "ns": "1", "ew": "2", "contract": "3NT",
  "declarer": "S", "tricks": 10}`` → 201 and the result scored and match-pointed, keyed as one result of a
  traveller of ``minibridge duplicate score --json``. The board already entered for either pair → 409 with
  the result ``entered``; with ``"replace": true`` the teacher's correction replaces it → 200, recorded as a
  correction. A bad board, pair, contract, seat or number of tricks → 422. A result is kept as the sending
  tablet's (its cookie or the header ``X-Tablet``); with a movement, the tablet holds the table where the movement
  seats the pairs, and another tablet's result there → 409 until the teacher lets it go
  (``POST /api/events/{id}/tables/{table}/release``).
- ``GET /api/events/{id}/ranking`` (tables) → the object of ``minibridge duplicate score --json``;
  ``GET /api/events/{id}/results.txt`` (tables) → the results file that command reads (its ``# lesson: 3``
  line says the event's rules).
- ``GET /api/events/{id}/stream`` (tables) → Server-Sent Events, one ``result`` event for every result
  entered or corrected, its id the change's number: every result so far first (after ``Last-Event-ID`` when
  the browser connects again), then each new one as it comes.
- ``POST /api/events/{id}/games`` (tables) ``{"pupil": "Amy"}`` → 201 and the VIEW of the pupil's game on
  the event's boards against the computer (200 and the same game when Amy joined before from the same tablet).
  The name belongs to the tablet that gave it (:mod:`minibridge.web.names`): a program keeps the tablet's cookie
  or sends its key in the header ``X-Tablet``; a name another tablet holds → 409, and nothing is kept.
- ``GET /api/events/{id}/pupils`` (teacher) → each pupil's game where it stands, and each board's pupils'
  traveller.
- ``POST /api/events/{id}/imports`` (teacher) ``{"results": "<another class's results.txt>", "school": "Elm"}``
  (``school`` only when the file does not say it, or to name the class otherwise) → 201 ``{"id", "school",
  "results", "pairs"}``: the class's pairs join the ranking, match-pointed with the event's own as one field, each
  pair named by its school (``Elm 3``). A file of other deals or rules, or one that does not read → 422 with the
  reason, and nothing is kept. ``GET /api/events/{id}/imports`` (teacher) lists the classes imported;
  ``DELETE /api/events/{id}/imports/{class}`` (teacher) removes one.

Teacher endpoints take ``Authorization: Bearer TOKEN``; table endpoints the class code (``X-Class-Code``)
where one is set, or the teacher's token.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from minibridge.classroom import PupilGame, pupil_view
from minibridge.duplicate import (
    EventProblem,
    change_data,
    class_text,
    classes_view,
    event_file,
    event_from_fields,
    read_result,
    with_class,
    without_class,
)
from minibridge.language import gettext
from minibridge.reading import digits
from minibridge.web.auth import Who, is_teacher, require_teacher, route
from minibridge.web.event_service import (
    EnteredBefore,
    entry_data,
    event_view,
    events_listing,
    file_name,
    find_event,
    join_event,
    pupil_name,
    pupils_overview,
    ranking_view,
    record_result,
    results_channel,
)
from minibridge.web.events_store import EventStore
from minibridge.web.live import message, stream
from minibridge.web.requests import ApiError, attachment, json_body, should_be

__all__ = ["routes"]


# --- the routes ----------------------------------------------------------------------------------------------


async def create_event(request: Request) -> Response:
    """The teacher starts an event."""
    body = await json_body(request)
    try:
        event = await run_in_threadpool(event_from_fields, body)
    except EventProblem as problem:
        raise ApiError(422, problem.message) from None
    events: EventStore = request.app.state.events
    event_id = await run_in_threadpool(events.create_event, event.as_data())
    return JSONResponse(event_view(event) | {"id": event_id}, status_code=201)


async def list_events(request: Request) -> Response:
    """Every event, the newest first."""
    return JSONResponse(await run_in_threadpool(events_listing, request))


async def show_event(request: Request) -> Response:
    """An event and its boards' deals, for the teacher."""
    event = await find_event(request)
    boards = [{"board": number, "dealer": dealer, "deal": deal} for number, dealer, deal in event.written_boards()]
    return JSONResponse(event_view(event) | {"deals": boards})


async def add_result(request: Request) -> Response:
    """A table's result; the teacher's correction with ``"replace": true``."""
    body = await json_body(request)
    replace = body.pop("replace", False)
    if replace is True:
        require_teacher(request)
    if not isinstance(replace, bool):
        raise ApiError(422, should_be("replace", gettext("true or false")))
    event = await find_event(request)
    if event.closed and not is_teacher(request):
        raise ApiError(409, gettext("the teacher has closed this event: no more results are taken"))
    try:
        entry = read_result(body, event)
    except EventProblem as problem:
        raise ApiError(422, problem.message) from None
    try:
        scored, status = await record_result(request, event, entry, replace=replace)
    except EnteredBefore as refused:
        entered = [entry_data(e) for e in refused.existing]
        return JSONResponse({"error": refused.message, "entered": entered}, status_code=409)
    return JSONResponse(scored, status_code=status)


async def show_ranking(request: Request) -> Response:
    """The travellers and the rankings, as ``minibridge duplicate score --json``: the class screen's ranking."""
    event = await find_event(request)
    data = await run_in_threadpool(ranking_view, request, event)
    return JSONResponse({key: data[key] for key in ("boards", "rankings", "notes")})


async def results_file(request: Request) -> Response:
    """The results in force as a results file, for ``minibridge duplicate score``."""
    event = await find_event(request)
    events: EventStore = request.app.state.events
    results = await run_in_threadpool(events.results, event.id)
    text = event_file(event, [result.entry for result in results])
    name = file_name(event)
    return PlainTextResponse(text, headers={"Content-Disposition": attachment(f"{name}-results.txt")})


async def results_stream(request: Request) -> Response:
    """A ``result`` event for every result entered or corrected: all of them so far (after the browser's
    ``Last-Event-ID``), then each as it comes."""
    event = await find_event(request)
    state = request.app.state
    last_id = request.headers.get("last-event-id", "")
    last = digits(last_id) or 0

    async def news() -> list[str]:
        nonlocal last
        changes = await run_in_threadpool(state.events.changes, event.id, last)
        if changes:
            last = changes[-1].number
        return [message(change.number, "result", change_data(change, event)) for change in changes]

    return stream(state.hub, [results_channel(event.id)], news)


async def join(request: Request) -> Response:
    """A pupil joins the event's boards: the VIEW of the pupil's game."""
    event = await find_event(request)
    body = await json_body(request)
    unknown = [key for key in body if key not in ("pupil", "auto_single")]
    if unknown:
        raise ApiError(
            422, gettext('\'%(name)s\' is not a setting of joining; send {"pupil": "Amy"}') % {"name": unknown[0]}
        )
    pupil = pupil_name(body.get("pupil"))
    auto_single = body.get("auto_single", False)
    if not isinstance(auto_single, bool):
        raise ApiError(422, should_be("auto_single", gettext("true or false")))

    def start() -> tuple[dict[str, Any], bool]:
        game_id, new = join_event(request, event, pupil, auto_single=auto_single, advance=True)
        game = PupilGame.from_data(request.app.state.store.game(game_id) or {})
        return pupil_view(game_id, game), new

    view, new = await run_in_threadpool(start)
    return JSONResponse(view, status_code=201 if new else 200)


async def pupils(request: Request) -> Response:
    """Each pupil's game where it stands, and each board's pupils' traveller."""
    event = await find_event(request)
    return JSONResponse(await run_in_threadpool(pupils_overview, request, event))


async def import_class(request: Request) -> Response:
    """The teacher takes in another class's results file on the same deals: its pairs join the ranking."""
    event = await find_event(request)
    body = await json_body(request)
    unknown = [key for key in body if key not in ("results", "school")]
    if unknown or not isinstance(body.get("results"), str) or not isinstance(body.get("school", ""), str):
        raise ApiError(
            422,
            gettext(
                'send {"results": "the text of the other class\'s results file"}, and "school" if '
                "the file does not say it"
            ),
        )
    events: EventStore = request.app.state.events

    def keep() -> None:
        text = class_text(body["results"].encode())
        school = body.get("school", "")
        events.update_event(event.id, lambda data: with_class(data, text, source="results.txt", school=school))

    try:
        await run_in_threadpool(keep)
    except EventProblem as problem:
        raise ApiError(422, problem.message) from None
    request.app.state.hub.publish(results_channel(event.id))
    now = await find_event(request)
    return JSONResponse(classes_view(now)[-1], status_code=201)


async def list_imports(request: Request) -> Response:
    """The classes imported into the event."""
    return JSONResponse(classes_view(await find_event(request)))


async def remove_import(request: Request) -> Response:
    """The teacher removes an imported class: its pairs leave the ranking."""
    event = await find_event(request)
    class_id = request.path_params["class_id"]
    if class_id not in {imported.id for imported in event.classes}:
        raise ApiError(404, gettext("this event has no such class: see GET /api/events/ID/imports"))
    events: EventStore = request.app.state.events
    await run_in_threadpool(events.update_event, event.id, lambda data: without_class(data, class_id))
    request.app.state.hub.publish(results_channel(event.id))
    return JSONResponse({"removed": class_id})


routes = [
    route("api_events", create_event, who=Who.TEACHER, methods=["POST"]),
    route("api_events", list_events, who=Who.TEACHER),
    route("api_event", show_event, who=Who.TEACHER),
    route("api_event_results", add_result, who=Who.CLASS, methods=["POST"]),
    route("api_event_results_file", results_file, who=Who.CLASS),
    route("api_event_ranking", show_ranking, who=Who.CLASS),
    route("api_event_stream", results_stream, who=Who.CLASS),
    route("api_event_games", join, who=Who.CLASS, methods=["POST"], starts_game=True),
    route("api_event_pupils", pupils, who=Who.TEACHER),
    route("api_event_imports", import_class, who=Who.TEACHER, methods=["POST"]),
    route("api_event_imports", list_imports, who=Who.TEACHER),
    route("api_event_import", remove_import, who=Who.TEACHER, methods=["DELETE"]),
]
