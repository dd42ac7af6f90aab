"""The events' JSON API: the teacher starts an event, tables enter results, everyone follows the ranking.

- ``POST /api/events`` (teacher) ``{"name": "Tuesday club", "boards": 4}``, also ``lesson``, ``seed``,
  ``slam`` → 201 ``{"id", "name", "boards", "lesson", "seed", "slam"}``. ``GET /api/events`` (teacher) lists them;
  ``GET /api/events/{id}`` (teacher) gives one with its boards' deals.
- ``POST /api/events/{id}/results`` (tables) ``{"board": 1, "ns": "1", "ew": "2", "contract": "3NT",
  "declarer": "S", "tricks": 10}`` → 201 and the result scored and match-pointed, keyed as one result of a
  traveller of ``minibridge duplicate score --json``. The board already entered for either pair → 409 with
  the result ``entered``; with ``"replace": true`` the teacher's correction replaces it → 200, recorded as a
  correction. A bad board, pair, contract, seat or number of tricks → 422.
- ``GET /api/events/{id}/ranking`` (tables) → the object of ``minibridge duplicate score --json``;
  ``GET /api/events/{id}/results.txt`` (tables) → the results file that command reads.
- ``GET /api/events/{id}/stream`` (tables) → Server-Sent Events, one ``result`` event for every result
  entered or corrected, its id the change's number: every result so far first (after ``Last-Event-ID`` when
  the browser connects again), then each new one as it comes.
- ``POST /api/events/{id}/games`` (tables) ``{"pupil": "Amy"}`` → 201 and the VIEW of the pupil's game on
  the event's boards against the computer (200 and the same game when Amy joined before).
- ``GET /api/events/{id}/pupils`` (teacher) → each pupil's game where it stands, and each board's pupils'
  traveller.

Teacher endpoints take ``Authorization: Bearer TOKEN``; table endpoints the class code (``X-Class-Code``)
where one is set, or the teacher's token.
"""

from __future__ import annotations

from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from minibridge.classroom import PupilGame, pupil_view
from minibridge.duplicate import (
    Entry,
    Event,
    EventProblem,
    change_data,
    event_from_fields,
    ranking,
    read_result,
    results_text,
    scored_result,
)
from minibridge.event_games import game_setup, pupil_row, pupils_traveller
from minibridge.language import gettext, ngettext
from minibridge.web.actions import ApiError, json_body, should_be
from minibridge.web.auth import matches, require_class_code, require_teacher, teacher_token_given
from minibridge.web.events_store import AlreadyEntered, EventStore, Player
from minibridge.web.live import Hub, message, stream
from minibridge.web.store import Store

__all__ = [
    "routes",
    "install",
    "results_channel",
    "pupils_channel",
    "is_teacher",
    "find_event",
    "record_result",
    "EnteredBefore",
    "join_event",
    "pupils_games",
    "KeptGames",
    "already_entered_words",
    "pupil_name",
]

_MAX_NAME = 60


def install(app: Starlette, store: Store) -> EventStore:
    """Give the app the events' tables (in the store's database) and the hub of live changes; a pupil's game
    saved wakes the teacher's pages that follow its event. The events' tables are returned, to be closed."""
    events = EventStore(store.path)
    hub = Hub()
    app.state.events = events
    app.state.hub = hub
    app.state.kept_games = KeptGames()

    def game_saved(game_id: str) -> None:
        event_id = events.event_of_game(game_id)
        if event_id is not None:
            hub.publish(pupils_channel(event_id))

    store.watch(game_saved)
    return events


def results_channel(event_id: str) -> str:
    """The channel of an event's results."""
    return f"results:{event_id}"


def pupils_channel(event_id: str) -> str:
    """The channel of the games of an event's pupils."""
    return f"pupils:{event_id}"


# --- who may ---------------------------------------------------------------------------------------------------


def is_teacher(request: Request) -> bool:
    """The request carries the teacher's token (header, link or cookie)."""
    given = teacher_token_given(request)
    return bool(given) and matches(given or "", request.app.state.teacher_token)


def _table_or_teacher(request: Request) -> None:
    """A table's request (with the class code where one is set), or the teacher's."""
    if not is_teacher(request):
        require_class_code(request)


# --- the shared steps ----------------------------------------------------------------------------------------


async def find_event(request: Request) -> Event:
    """The event of the address (404 when there is none)."""
    events: EventStore = request.app.state.events
    stored = await run_in_threadpool(events.event, request.path_params["event_id"])
    if stored is None:
        raise ApiError(404, gettext("there is no such event: ask your teacher for the right address"))
    return Event.from_data(stored.id, stored.data, closed=stored.closed)


async def record_result(request: Request, event: Event, entry: Entry, *, replace: bool) -> tuple[dict[str, Any], int]:
    """Keep a result (as the teacher's correction with ``replace``), wake the streams, and give the result
    scored among the board's results with its status (201 new, 200 a correction); 409 when the board is
    already entered for one of its pairs."""
    state = request.app.state
    by = "teacher" if is_teacher(request) else "table"

    def keep() -> tuple[dict[str, Any], bool]:
        stored = state.events.add_result(event.id, entry, by=by, replace=replace)
        entries = [result.entry for result in state.events.results(event.id)]
        return scored_result(entries, entry, event), bool(stored.replaces)

    try:
        scored, corrected = await run_in_threadpool(keep)
    except AlreadyEntered as refused:
        raise EnteredBefore(refused.existing) from None
    state.hub.publish(results_channel(event.id))
    return scored, 200 if corrected else 201


class EnteredBefore(ApiError):
    """A result refused because its board is already entered for one of its pairs."""

    def __init__(self, existing: list[Entry]) -> None:
        super().__init__(409, already_entered_words(existing))
        self.existing = existing


def already_entered_words(existing: list[Entry]) -> str:
    """Why a result is refused when its board is already entered for one of its pairs, in plain words."""
    entered = "; ".join(
        ngettext(
            "N–S pair %(ns)s against E–W pair %(ew)s: %(contract)s by %(declarer)s, %(count)s trick",
            "N–S pair %(ns)s against E–W pair %(ew)s: %(contract)s by %(declarer)s, %(count)s tricks",
            e.tricks,
        )
        % {
            "ns": e.ns,
            "ew": e.ew,
            "contract": e.contract.in_letters,
            "declarer": e.declarer.in_words,
            "count": e.tricks,
        }
        for e in existing
    )
    return gettext(
        "board %(board)s is already entered (%(entered)s): each pair plays a board once; if the result is wrong, "
        "the teacher corrects it"
    ) % {"board": existing[0].board, "entered": entered}


def pupil_name(value: Any) -> str:
    """A pupil's name as given, tidied; 422 when it is missing or too long."""
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > _MAX_NAME:
        raise ApiError(422, gettext("give your name, up to %(most)s letters, like Amy") % {"most": _MAX_NAME})
    return " ".join(value.split())


def join_event(request: Request, event: Event, pupil: str, *, auto_single: bool, advance: bool) -> tuple[str, bool]:
    """The game of ``pupil`` on the event's boards: the one the pupil started before, or a new one (with
    ``advance``, at the pupil's first decision). Its id, and whether it is new. Runs in a worker thread."""
    state = request.app.state
    events: EventStore = state.events
    store: Store = state.store
    found = events.player(event.id, pupil)
    if found is not None and store.game(found.game) is not None:
        return found.game, False
    if event.closed:
        raise ApiError(409, gettext("the teacher has closed these deals: ask your teacher which to play"))
    setup = game_setup(event, samples=state.samples, auto_single=auto_single)
    game_id = store.create_game(PupilGame.start(setup, advance=advance).to_data())
    player = events.join(event.id, pupil, game_id)
    state.hub.publish(pupils_channel(event.id))
    return player.game, player.game == game_id


def pupils_games(request: Request, event: Event) -> list[tuple[Player, PupilGame]]:
    """Every pupil who joined the event with the pupil's game. Runs in a worker thread."""
    state = request.app.state
    games = []
    for player in state.events.players(event.id):
        data = state.store.game(player.game)
        if data is not None:
            games.append((player, state.kept_games.game(player.game, data)))
    return games


class KeptGames:
    """Pupils' games rebuilt from their data, kept while the data stays the same: the teacher's pages ask for
    every game of an event each time one of them moves on, and only that one needs rebuilding. The games
    kept are only read."""

    MOST = 500
    """Games kept at most; beyond, the shelf is emptied and filled again."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[dict[str, Any], PupilGame]] = {}

    def game(self, game_id: str, data: dict[str, Any]) -> PupilGame:
        """The game of ``data``: the one kept when its data is the same, else rebuilt and kept."""
        known = self._kept.get(game_id)
        if known is not None and known[0] == data:
            return known[1]
        if len(self._kept) >= self.MOST:
            self._kept.clear()
        game = PupilGame.from_data(data)
        self._kept[game_id] = (data, game)
        return game


# --- the routes ----------------------------------------------------------------------------------------------


async def create_event(request: Request) -> Response:
    """The teacher starts an event."""
    require_teacher(request)
    body = await json_body(request)
    try:
        event = await run_in_threadpool(event_from_fields, body)
    except EventProblem as problem:
        raise ApiError(422, problem.message) from None
    events: EventStore = request.app.state.events
    event_id = await run_in_threadpool(events.create_event, event.as_data())
    return JSONResponse({"id": event_id, **_summary(event)}, status_code=201)


async def list_events(request: Request) -> Response:
    """Every event, the newest first."""
    require_teacher(request)
    events: EventStore = request.app.state.events
    stored = await run_in_threadpool(events.events)
    return JSONResponse(
        [
            {"id": s.id, "created": s.created, "closed": s.closed, **_summary(Event.from_data(s.id, s.data))}
            for s in stored
        ]
    )


async def show_event(request: Request) -> Response:
    """An event and its boards' deals, for the teacher."""
    require_teacher(request)
    event = await find_event(request)
    boards = [{"board": number, "dealer": dealer, "deal": deal} for number, dealer, deal in event.written_boards()]
    return JSONResponse({"id": event.id, **_summary(event), "closed": event.closed, "deals": boards})


async def add_result(request: Request) -> Response:
    """A table's result; the teacher's correction with ``"replace": true``."""
    body = await json_body(request)
    replace = body.pop("replace", False)
    if replace is True:
        require_teacher(request)
    else:
        _table_or_teacher(request)
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
        entered = [_entry_data(e) for e in refused.existing]
        return JSONResponse({"error": refused.message, "entered": entered}, status_code=409)
    return JSONResponse(scored, status_code=status)


async def show_ranking(request: Request) -> Response:
    """The travellers and the rankings, as ``minibridge duplicate score --json``."""
    _table_or_teacher(request)
    event = await find_event(request)
    events: EventStore = request.app.state.events
    results = await run_in_threadpool(events.results, event.id)
    data = ranking([result.entry for result in results], event)
    return JSONResponse({key: data[key] for key in ("boards", "rankings", "notes")})


async def results_file(request: Request) -> Response:
    """The results in force as a results file, for ``minibridge duplicate score``."""
    _table_or_teacher(request)
    event = await find_event(request)
    events: EventStore = request.app.state.events
    results = await run_in_threadpool(events.results, event.id)
    text = f"# {event.name}\n" + results_text([result.entry for result in results])
    name = "".join(c if c.isalnum() else "-" for c in event.name).strip("-").lower() or "event"
    return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{name}-results.txt"'})


async def results_stream(request: Request) -> Response:
    """A ``result`` event for every result entered or corrected: all of them so far (after the browser's
    ``Last-Event-ID``), then each as it comes."""
    _table_or_teacher(request)
    event = await find_event(request)
    state = request.app.state
    last_id = request.headers.get("last-event-id", "")
    last = int(last_id) if last_id.isdigit() else 0

    async def news() -> list[str]:
        nonlocal last
        changes = await run_in_threadpool(state.events.changes, event.id, last)
        if changes:
            last = changes[-1].number
        return [message(change.number, "result", change_data(change, event)) for change in changes]

    return stream(state.hub, [results_channel(event.id)], news)


async def join(request: Request) -> Response:
    """A pupil joins the event's boards: the VIEW of the pupil's game."""
    _table_or_teacher(request)
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
    require_teacher(request)
    event = await find_event(request)

    def overview() -> dict[str, Any]:
        games = [(player.pupil, game) for player, game in pupils_games(request, event)]
        return {
            "pupils": [pupil_row(pupil, game) for pupil, game in games],
            "boards": [{"board": n, "results": pupils_traveller(games, n)} for n in event.numbers],
        }

    return JSONResponse(await run_in_threadpool(overview))


def _summary(event: Event) -> dict[str, Any]:
    return {
        "name": event.name,
        "boards": len(event.boards),
        "lesson": event.lesson,
        "seed": event.seed,
        "slam": event.slam,
    }


def _entry_data(entry: Entry) -> dict[str, Any]:
    return {
        "board": entry.board,
        "ns": entry.ns,
        "ew": entry.ew,
        "contract": str(entry.contract),
        "declarer": entry.declarer.letter,
        "tricks": entry.tricks,
    }


routes = [
    Route("/api/events", create_event, methods=["POST"]),
    Route("/api/events", list_events),
    Route("/api/events/{event_id}", show_event),
    Route("/api/events/{event_id}/results", add_result, methods=["POST"]),
    Route("/api/events/{event_id}/results.txt", results_file),
    Route("/api/events/{event_id}/ranking", show_ranking),
    Route("/api/events/{event_id}/stream", results_stream),
    Route("/api/events/{event_id}/games", join, methods=["POST"]),
    Route("/api/events/{event_id}/pupils", pupils),
]
