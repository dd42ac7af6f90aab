"""The events' pages: the teacher's (start an event, follow it, correct a result, the class screen), a table's
tablet (enter a result, Bridgemate-style), and a pupil's way into the teacher's deals.

- ``/teacher/events``: the teacher's events and a form to start one; ``/teacher/events/{id}``: the event: the
  pupils' games where they stand and the tables' results, both live, with a correction for each result;
  ``/teacher/events/{id}/screen``: the class screen for the projector: the ranking, a board's traveller from the
  tables, or every pupil's result on a board, live.
- ``/events/{id}/table``: a table's tablet, one tap a step: board, N–S pair, E–W pair, contract, declarer,
  tricks; the opponents confirm; the score at once, then the board's traveller. Each step is a plain page
  whose address holds the steps taken, so the browser's Back goes back a step.
- ``/events/{id}/join``: a pupil gives a name and plays the event's boards against the computer.

Teacher pages need the teacher's token (the link ``/teacher/events?token=TOKEN`` keeps it in a cookie and
takes it out of the address, so that it never shows on the projector). A table's tablet and a pupil need the
class code where one is set (typed once, kept in a cookie for the day). Posts must come from the classroom's
own pages. Live parts follow ``/teacher/events/{id}/stream`` (Server-Sent Events) and fetch themselves again.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import quote, unquote, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from minibridge import language
from minibridge.cards import Side
from minibridge.duplicate import (
    MAX_BOARDS,
    RESULT_FIELDS,
    EnteredResult,
    Event,
    EventProblem,
    new_event,
    next_step,
    pair_choices,
    ranking,
    read_result,
    result_row,
    step_choices,
)
from minibridge.event_games import pupil_row, pupils_traveller
from minibridge.language import N_, gettext
from minibridge.lessons import find_lesson
from minibridge.pbn import dumps
from minibridge.web.actions import ApiError, pupils_address, same_origin
from minibridge.web.auth import matches, teacher_token_given
from minibridge.web.events_api import (
    EnteredBefore,
    find_event,
    join_event,
    pupil_name,
    pupils_channel,
    pupils_games,
    record_result,
    results_channel,
)
from minibridge.web.events_store import EventStore
from minibridge.web.exercise_pages import PUPIL_COOKIE
from minibridge.web.live import message, stream
from minibridge.web.pages import environment
from minibridge.web.teacher_pages import COOKIE_AGE, render_teacher, teacher_page
from minibridge.web.teacher_screen import RESULTS_SCREEN, SCREENS

__all__ = ["routes", "open_events", "CLASS_COOKIE"]

CLASS_COOKIE = "minibridge_class"
"""The cookie that keeps the class code on a table's tablet once typed."""

_NUMBER_FIELDS = {"boards": N_("boards"), "lesson": N_("lesson"), "seed": N_("seed")}
"""The fields of the form that starts an event that take a whole number, in words (``gettext`` them)."""
_SHOWS = ("ranking", "board", "pupils")


# --- who may ------------------------------------------------------------------------------------------------


def _class_code_ok(request: Request) -> bool:
    """The tablet carries the class code (where one is set) in its cookie, or the teacher's token."""
    code: str | None = request.app.state.class_code
    if code is None:
        return True
    given = teacher_token_given(request)
    if given and matches(given, request.app.state.teacher_token):
        return True
    return matches(request.cookies.get(CLASS_COOKIE, ""), code, ignore_case=True)


def _typed_code_ok(request: Request, code: str) -> bool:
    """The class code typed on a form is the class's (or the class has none)."""
    expected: str | None = request.app.state.class_code
    return expected is None or matches(code, expected, ignore_case=True)


def _keep_class_code(response: Response, request: Request, code: str) -> None:
    if request.app.state.class_code is not None:
        response.set_cookie(CLASS_COOKIE, code.strip(), max_age=COOKIE_AGE, httponly=True, samesite="lax", path="/")


async def _event_or_page(request: Request) -> Event | Response:
    try:
        return await find_event(request)
    except ApiError:
        return _page("event_missing.j2", status=404)


# --- the teacher's pages -----------------------------------------------------------------------------------


@teacher_page
async def events_page(request: Request) -> Response:
    """The teacher's events and a form to start one."""
    return await _events_list(request)


async def _events_list(request: Request, *, message_text: str | None = None, status: int = 200) -> Response:
    events: EventStore = request.app.state.events
    stored = await run_in_threadpool(events.events)
    listed = [
        {
            "id": s.id,
            "name": s.data["name"],
            "boards": len(s.data["boards"]),
            "lesson": s.data["lesson"],
            "seed": s.data["seed"],
            "created": language.moment(_local(s.created)),
            "closed": s.closed,
        }
        for s in stored
    ]
    lessons = [{"number": n, "title": find_lesson(n).title, "deals": len(find_lesson(n).deals)} for n in range(1, 7)]
    return _teacher(
        request, "event_list.j2", status=status, events=listed, lessons=lessons, message=message_text, most=MAX_BOARDS
    )


@teacher_page
async def start_event(request: Request) -> Response:
    """Start the event of the form, then show it."""
    form = await request.form()
    fields: dict[str, Any] = {"name": str(form.get("name", "")), "slam": bool(form.get("slam"))}
    try:
        for key, words in _NUMBER_FIELDS.items():
            text = str(form.get(key, "")).strip()
            if text:
                if not text.lstrip("-").isdigit():
                    raise EventProblem(
                        gettext("the %(field)s should be a whole number, not '%(text)s'")
                        % {"field": gettext(words), "text": text}
                    )
                fields[key] = int(text)
        event = await run_in_threadpool(lambda: new_event(**fields))
    except EventProblem as problem:
        return await _events_list(request, message_text=_sentence(problem.message), status=422)
    events: EventStore = request.app.state.events
    event_id = await run_in_threadpool(events.create_event, event.as_data())
    return RedirectResponse(f"/teacher/events/{event_id}", status_code=303)


@teacher_page
async def event_page(request: Request) -> Response:
    """An event for the teacher: where to send the tables and the pupils, the pupils' games, the results."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    context = await run_in_threadpool(_teacher_context, request, event)
    return _teacher(request, "event_teacher.j2", event=_event_data(event), base=pupils_address(request), **context)


def _teacher_context(request: Request, event: Event) -> dict[str, Any]:
    state = request.app.state
    games = pupils_games(request, event)
    return {
        "pupils": [pupil_row(player.pupil, game) for player, game in games],
        "history": _history(state.events.history(event.id), event),
        "class_code": state.class_code,
    }


@teacher_page
async def pupils_fragment(request: Request) -> Response:
    """The pupils' games where they stand (the live part of the teacher's event page)."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    games = await run_in_threadpool(pupils_games, request, event)
    rows = [pupil_row(player.pupil, game) for player, game in games]
    return _page("event_pupils.j2", event=_event_data(event), pupils=rows)


@teacher_page
async def results_fragment(request: Request) -> Response:
    """The results entered, corrections included (the live part of the teacher's event page)."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    events: EventStore = request.app.state.events
    history = _history(await run_in_threadpool(events.history, event.id), event)
    return _page("event_history.j2", event=_event_data(event), history=history)


def _history(results: list[EnteredResult], event: Event) -> list[dict[str, Any]]:
    """Every result entered, newest first, scored on its own, with who entered it and what it replaced."""
    rows = []
    for result in reversed(results):
        row = result_row(result.entry, event)
        row.update(number=result.number, by=result.by, replaces=list(result.replaces), in_force=result.in_force)
        row["entered"] = f"{_local(result.entered):%H:%M}"
        rows.append(row)
    return rows


@teacher_page
async def newest_screen(request: Request) -> Response:
    """The class screen's tab of results: the screen of the newest open event (the events page when none is)."""
    events: EventStore = request.app.state.events
    stored = await run_in_threadpool(events.events, open_only=True)
    address = f"/teacher/events/{stored[0].id}/screen" if stored else "/teacher/events"
    return RedirectResponse(address, status_code=303)


@teacher_page
async def class_screen(request: Request) -> Response:
    """The class screen: the ranking, a board's traveller from the tables, or the pupils' results on a board."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    show, board = _shown(request, event)
    panel = await run_in_threadpool(_panel, request, event, show, board)
    return _teacher(
        request, "event_screen.j2", event=_event_data(event), show=show, board=board, panel=panel, screens=SCREENS
    )


@teacher_page
async def panel_fragment(request: Request) -> Response:
    """What the class screen shows now (its live part)."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    show, board = _shown(request, event)
    panel = await run_in_threadpool(_panel, request, event, show, board)
    return _page("event_panel.j2", event=_event_data(event), show=show, board=board, panel=panel)


def _shown(request: Request, event: Event) -> tuple[str, int]:
    show = request.query_params.get("show", "ranking")
    board_text = request.query_params.get("board", "")
    board = int(board_text) if board_text.isdigit() and int(board_text) in event.numbers else event.numbers[0]
    if not event.rules.has_contract or show not in _SHOWS:  # without contracts, only the pupils' tricks
        show = "ranking" if event.rules.has_contract else "pupils"
    return show, board


def _panel(request: Request, event: Event, show: str, board: int) -> dict[str, Any]:
    """The class screen's panel: ``ranking`` (the tables' ranking), ``board`` (a board's traveller from the
    tables) or ``pupils`` (every pupil's result on a board)."""
    state = request.app.state
    if show == "pupils":
        games = [(player.pupil, game) for player, game in pupils_games(request, event)]
        return {"pupils": pupils_traveller(games, board), "playing": len(games)}
    data = ranking([result.entry for result in state.events.results(event.id)], event)
    traveller = next((b for b in data["boards"] if b["board"] == board), None)
    return {**data, "traveller": traveller}


@teacher_page
async def live_stream(request: Request) -> Response:
    """The teacher's pages' stream: ``result`` for each result entered or corrected, ``pupils`` when a
    pupil's game moves on."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    state = request.app.state
    given = request.headers.get("last-event-id", "")
    last = int(given) if given.isdigit() else await run_in_threadpool(state.events.last_change, event.id)
    channel = pupils_channel(event.id)
    seen = state.hub.count(channel)

    async def news() -> list[str]:
        nonlocal last, seen
        changes = await run_in_threadpool(state.events.changes, event.id, last)
        said = [message(c.number, "result", {"board": c.entry.board}) for c in changes]
        if changes:
            last = changes[-1].number
        count = state.hub.count(channel)
        if count != seen:
            seen = count
            said.append(message(None, "pupils", {}))
        return said

    return stream(state.hub, [results_channel(event.id), channel], news)


@teacher_page
async def correction_page(request: Request) -> Response:
    """The teacher corrects a result: its six parts, ready to change."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    fields = {key: request.query_params.get(key, "") for key in RESULT_FIELDS}
    return _teacher(
        request, "event_correct.j2", event=_event_data(event), fields=fields, choices=step_choices(event), message=None
    )


@teacher_page
async def correct(request: Request) -> Response:
    """The teacher's correction replaces the results it clashes with, and is recorded as a correction."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    form = await request.form()
    fields = {key: str(form.get(key, "")) for key in RESULT_FIELDS}
    try:
        entry = read_result(fields, event)
    except EventProblem as problem:
        return _teacher(
            request,
            "event_correct.j2",
            status=422,
            event=_event_data(event),
            fields=fields,
            choices=step_choices(event),
            message=_sentence(problem.message),
        )
    await record_result(request, event, entry, replace=True)
    return RedirectResponse(f"/teacher/events/{event.id}#results", status_code=303)


@teacher_page
async def close_event(request: Request) -> Response:
    """Close the event (no one joins, no table enters a result), or open it again."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    form = await request.form()
    events: EventStore = request.app.state.events
    await run_in_threadpool(events.set_closed, event.id, form.get("closed") == "1")
    return RedirectResponse(f"/teacher/events/{event.id}", status_code=303)


@teacher_page
async def boards_file(request: Request) -> Response:
    """The event's boards as a PBN file (for hand records, or to deal them at the tables)."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    text = dumps(list(event.boards))
    headers = {"Content-Disposition": f'attachment; filename="{_file_name(event)}-boards.pbn"'}
    return PlainTextResponse(text, headers=headers)


# --- a table's tablet ------------------------------------------------------------------------------------------


async def table_page(request: Request) -> Response:
    """The next step of entering a result: the first of board, pairs, contract, declarer, tricks not yet given,
    or, all given, the opponents' check."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    if not _class_code_ok(request):
        return _page("event_code.j2", status=401, event=_event_data(event), message=None)
    if not event.rules.has_contract:
        words = gettext("Lesson %(lesson)s's boards are played without contracts: there is no score to enter here.") % {
            "lesson": event.lesson
        }
        return _page("event_done.j2", status=409, event=_event_data(event), message=words)
    fields = {key: request.query_params.get(key, "").strip() for key in RESULT_FIELDS}
    return _page("event_table.j2", **await _step_context(request, event, fields))


async def _step_context(
    request: Request, event: Event, fields: dict[str, str], problem: str | None = None
) -> dict[str, Any]:
    """What a step's page shows: the step, the fields given so far, the buttons, the way back; at the
    opponents' check, the result and its score."""
    step, fields, found = next_step(event, fields)
    message = problem or (_sentence(found) if found else None)
    context: dict[str, Any] = {"event": _event_data(event), "step": step, "fields": fields, "message": message}
    if step == "confirm":
        context["result"] = result_row(read_result(fields, event), event)
    context["choices"] = step_choices(event, fields=fields)
    if step in ("ns", "ew"):
        events: EventStore = request.app.state.events
        results = await run_in_threadpool(events.results, event.id)
        context["pairs"] = pair_choices([result.entry for result in results])
    context["back"] = _back(event, fields, step)
    return context


async def enter_result(request: Request) -> Response:
    """The opponents confirmed: the result is kept, its score shown at once with the board's traveller."""
    same_origin(request)
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    if not _class_code_ok(request):
        return _page("event_code.j2", status=401, event=_event_data(event), message=None)
    form = await request.form()
    fields = {key: str(form.get(key, "")).strip() for key in RESULT_FIELDS}
    if event.closed:
        words = gettext("The teacher has closed this event: no more results are taken.")
        return _page("event_done.j2", status=409, event=_event_data(event), message=words)
    try:
        entry = read_result(fields, event)
    except EventProblem as error:
        context = await _step_context(request, event, fields, _sentence(error.message))
        return _page("event_table.j2", status=422, **context)
    problem = None
    try:
        await record_result(request, event, entry, replace=False)
    except EnteredBefore as refused:
        if refused.existing != [entry]:  # the same result sent twice (a double tap) is simply shown
            problem = gettext(
                "Board %(board)s is already entered for N–S pair %(ns)s or E–W pair %(ew)s: see below. Each pair "
                "plays a board once; if a result is wrong, ask your teacher to correct it."
            ) % {"board": entry.board, "ns": entry.ns, "ew": entry.ew}
    events: EventStore = request.app.state.events
    results = await run_in_threadpool(events.results, event.id)
    data = ranking([result.entry for result in results], event)
    traveller = next((b for b in data["boards"] if b["board"] == entry.board), None)
    return _page(
        "event_done.j2",
        status=200 if problem is None else 409,
        event=_event_data(event),
        result=result_row(entry, event) if problem is None else None,
        traveller=traveller,
        fields=fields,
        message=problem,
    )


async def class_code(request: Request) -> Response:
    """The class code typed on a table's tablet: kept for the day, then on to the first step."""
    same_origin(request)
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    form = await request.form()
    code = str(form.get("class_code", ""))
    if not _typed_code_ok(request, code):
        words = gettext("That is not the class code: check it with your teacher.")
        return _page("event_code.j2", status=403, event=_event_data(event), message=words)
    response = RedirectResponse(f"/events/{event.id}/table", status_code=303)
    _keep_class_code(response, request, code)
    return response


def _back(event: Event, fields: dict[str, str], step: str) -> str | None:
    """The address of the step before (None at the first)."""
    taken = [key for key in RESULT_FIELDS if key in fields]
    if step == "board" or not taken:
        return None
    earlier = {key: fields[key] for key in taken[:-1]}
    return f"/events/{event.id}/table?{urlencode(earlier)}"


# --- a pupil joins ---------------------------------------------------------------------------------------------


async def join_page(request: Request) -> Response:
    """The teacher's deals: the pupil's name, then the first board against the computer."""
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    return _join_form(request, event)


def _join_form(request: Request, event: Event, *, message_text: str | None = None, status: int = 200) -> Response:
    name = " ".join(unquote(request.cookies.get(PUPIL_COOKIE, "")).split())
    return _page(
        "event_join.j2",
        status=status,
        event=_event_data(event),
        pupil=name,
        ask_code=not _class_code_ok(request),
        message=message_text,
    )


async def join(request: Request) -> Response:
    """The pupil joins: the pupil's game on the event's boards (the same game again for the same name)."""
    same_origin(request)
    event = await _event_or_page(request)
    if isinstance(event, Response):
        return event
    form = await request.form()
    code = str(form.get("class_code", ""))
    if not _class_code_ok(request) and not _typed_code_ok(request, code):
        words = gettext("That is not the class code: ask your teacher for it.")
        return _join_form(request, event, message_text=words, status=403)
    try:
        pupil = pupil_name(str(form.get("pupil", "")))
        game_id, _ = await run_in_threadpool(
            lambda: join_event(request, event, pupil, auto_single=bool(form.get("auto_single")), advance=False)
        )
    except ApiError as error:
        return _join_form(request, event, message_text=_sentence(error.message), status=error.status)
    response = RedirectResponse(f"/games/{game_id}", status_code=303)
    response.set_cookie(PUPIL_COOKIE, quote(pupil), max_age=COOKIE_AGE, httponly=True, samesite="lax")
    if code:
        _keep_class_code(response, request, code)
    return response


def open_events(request: Request) -> list[dict[str, Any]]:
    """The events open now, the newest first, for the pupils' start page: ``id``, ``name``, ``boards``."""
    events: EventStore = request.app.state.events
    return [
        {"id": s.id, "name": s.data["name"], "boards": len(s.data["boards"])} for s in events.events(open_only=True)
    ]


# --- helpers -------------------------------------------------------------------------------------------------


def _event_data(event: Event) -> dict[str, Any]:
    lesson = find_lesson(event.lesson) if event.lesson is not None else None
    return {
        "id": event.id,
        "name": event.name,
        "boards": event.numbers,
        "lesson": event.lesson,
        "lesson_title": lesson.title if lesson is not None else None,
        "has_contract": event.rules.has_contract,
        "seed": event.seed,
        "slam": event.slam,
        "closed": event.closed,
        "sides": [str(side) for side in Side],
    }


def _local(moment: str) -> datetime:
    """A moment kept in UTC, in the server's own time."""
    return datetime.fromisoformat(moment).astimezone()


def _file_name(event: Event) -> str:
    return "".join(c if c.isalnum() else "-" for c in event.name).strip("-").lower() or "event"


def _sentence(text: str) -> str:
    """A message as a sentence: a capital first, a full stop last."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _teacher(request: Request, template: str, *, status: int = 200, **context: Any) -> HTMLResponse:
    """A teacher page, with the bar of the teacher's room."""
    return HTMLResponse(render_teacher(request, template, **context), status_code=status)


def _page(template: str, *, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(environment().get_template(template).render(**context), status_code=status)


routes = [
    Route(RESULTS_SCREEN, newest_screen),
    Route("/teacher/events", events_page),
    Route("/teacher/events", start_event, methods=["POST"]),
    Route("/teacher/events/{event_id}", event_page),
    Route("/teacher/events/{event_id}/pupils", pupils_fragment),
    Route("/teacher/events/{event_id}/results", results_fragment),
    Route("/teacher/events/{event_id}/screen", class_screen),
    Route("/teacher/events/{event_id}/panel", panel_fragment),
    Route("/teacher/events/{event_id}/stream", live_stream),
    Route("/teacher/events/{event_id}/correct", correction_page),
    Route("/teacher/events/{event_id}/correct", correct, methods=["POST"]),
    Route("/teacher/events/{event_id}/close", close_event, methods=["POST"]),
    Route("/teacher/events/{event_id}/boards.pbn", boards_file),
    Route("/events/{event_id}/table", table_page),
    Route("/events/{event_id}/table", enter_result, methods=["POST"]),
    Route("/events/{event_id}/code", class_code, methods=["POST"]),
    Route("/events/{event_id}/join", join_page),
    Route("/events/{event_id}/join", join, methods=["POST"]),
]
