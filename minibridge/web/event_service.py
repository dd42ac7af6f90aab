"""The classroom's events as every route that touches one shares them: the events' tables and live changes
(:func:`install`), finding the event of an address, keeping a table's result and waking the streams, a pupil joining
the teacher's deals, the pupils' games on an event's boards, and what an event looks like to a page or a program.

The competition itself (its boards, its results scored and match-pointed, the pupils' rows) is the library's
(:mod:`minibridge.duplicate`, :mod:`minibridge.event_games`); this module only keeps it and tells who is waiting.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from minibridge.cards import Side
from minibridge.classroom import GameSetup, PupilGame
from minibridge.duplicate import Entry, Event, ranking, scored_result
from minibridge.event_games import game_setup, pupil_row, pupils_traveller
from minibridge.language import gettext, ngettext
from minibridge.lessons import find_lesson
from minibridge.web.ahead import think_ahead
from minibridge.web.auth import is_teacher
from minibridge.web.events_store import AlreadyEntered, EventStore, Player, TableTaken
from minibridge.web.live import Hub
from minibridge.web.names import take_name
from minibridge.web.pages import html
from minibridge.web.requests import ApiError, given_name
from minibridge.web.setups import class_help
from minibridge.web.store import Store
from minibridge.web.tablets import tablet_key

__all__ = [
    "install",
    "results_channel",
    "pupils_channel",
    "find_event",
    "event_page",
    "record_result",
    "EnteredBefore",
    "already_entered_words",
    "pupil_name",
    "join_event",
    "pupils_games",
    "KeptGames",
    "open_events",
    "event_view",
    "events_listing",
    "ranking_view",
    "pupils_overview",
    "entry_data",
    "local_time",
    "file_name",
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


# --- the shared steps ----------------------------------------------------------------------------------------


async def find_event(request: Request) -> Event:
    """The event of the address (404 when there is none)."""
    events: EventStore = request.app.state.events
    stored = await run_in_threadpool(events.event, request.path_params["event_id"])
    if stored is None:
        raise ApiError(404, gettext("there is no such event: ask your teacher for the right address"))
    return Event.from_data(stored.id, stored.data, closed=stored.closed)


def event_page(handler: Callable[[Request, Event], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
    """A page of one event: ``handler`` is given the event the address names; an address that names no event is
    answered with a page that says so (404)."""

    @functools.wraps(handler)
    async def with_event(request: Request) -> Response:
        try:
            event = await find_event(request)
        except ApiError:
            return html("partials/event_missing.j2", status=404)
        return await handler(request, event)

    return with_event


async def record_result(
    request: Request, event: Event, entry: Entry, *, replace: bool = False
) -> tuple[dict[str, Any], int]:
    """Keep a result (as the teacher's correction with ``replace``), wake the streams, and give the result
    scored among the board's results with its status (201 new, 200 a correction). A result from the class is kept
    as its tablet's (:func:`~minibridge.web.tablets.tablet_key`); with a movement, the tablet holds the table where
    the movement seats the result's pairs from its first result on. Refused, with nothing kept: 409 when the board
    is already entered for one of its pairs (:class:`EnteredBefore`), or when another tablet holds the table
    (:class:`TableHeld`)."""
    state = request.app.state
    teacher = is_teacher(request)
    tablet = None if teacher else tablet_key(request)
    meeting = event.movement.meeting_of(entry.ns, entry.ew, entry.board) if event.movement and not teacher else None
    table = meeting.table if meeting is not None else None

    def keep() -> tuple[dict[str, Any], bool]:
        by = "teacher" if teacher else "table"
        stored = state.events.add_result(event.id, entry, by=by, replace=replace, tablet=tablet, table=table)
        entries = [result.entry for result in state.events.results(event.id)]
        return scored_result(entries, entry, event), bool(stored.replaces)

    try:
        scored, corrected = await run_in_threadpool(keep)
    except AlreadyEntered as refused:
        raise EnteredBefore(refused.existing) from None
    except TableTaken as taken:
        raise TableHeld(taken.table) from None
    state.hub.publish(results_channel(event.id))
    return scored, 200 if corrected else 201


class EnteredBefore(ApiError):
    """A result refused because its board is already entered for one of its pairs."""

    def __init__(self, existing: list[Entry]) -> None:
        super().__init__(409, already_entered_words(existing))
        self.existing = existing


class TableHeld(ApiError):
    """A result refused because another tablet holds its table (or the teacher let this tablet go from it)."""

    def __init__(self, table: int) -> None:
        words = gettext("Another tablet is entering the results of table %(table)s. Ask your teacher.")
        super().__init__(409, words % {"table": table})
        self.table = table


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
    return given_name(value, gettext("your name"), _MAX_NAME)


def join_event(request: Request, event: Event, pupil: str, *, auto_single: bool, advance: bool) -> tuple[str, bool]:
    """The game of ``pupil`` on the event's boards: the one the pupil started before, or a new one (with
    ``advance``, at the pupil's first decision). Its id, and whether it is new. The name must be this tablet's
    (:func:`minibridge.web.names.take_name`: 409 when another tablet holds it, and nothing is kept). Runs in a
    worker thread."""
    state = request.app.state
    events: EventStore = state.events
    store: Store = state.store
    found = events.player(event.id, pupil)
    started = found is not None and store.game(found.game) is not None
    if event.closed and not started:
        raise ApiError(409, gettext("the teacher has closed these deals: ask your teacher which to play"))
    take_name(request, pupil)
    if found is not None and started:
        return found.game, False
    setup = game_setup(event, samples=state.samples, auto_single=auto_single)
    setup = GameSetup(**class_help(setup.as_data(), setup.lesson, store.switches()))
    data = PupilGame.start(setup, advance=advance).to_data()
    game_id = think_ahead(request, store.create_game(data), data)
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


def open_events(request: Request) -> list[dict[str, Any]]:
    """The events open now, the newest first, for the pupils' start page: ``id``, ``name``, ``boards``."""
    events: EventStore = request.app.state.events
    return [
        {"id": s.id, "name": s.data["name"], "boards": len(s.data["boards"])} for s in events.events(open_only=True)
    ]


def event_view(event: Event) -> dict[str, Any]:
    """An event as pages and programs see it: ``id``, ``name``, how many ``boards`` and their ``numbers``, the
    ``lesson`` (and its ``lesson_title``), ``seed``, ``slam``, whether it is ``closed``, whether its boards are
    played with contracts (``has_contract``), the two ``sides``, the ``rules`` in words, and the ``pairs`` at the
    real tables with their ``movement`` (None without pairs)."""
    lesson = find_lesson(event.lesson) if event.lesson is not None else None
    return {
        "id": event.id,
        "name": event.name,
        "boards": len(event.boards),
        "numbers": event.numbers,
        "lesson": event.lesson,
        "lesson_title": lesson.title if lesson is not None else None,
        "seed": event.seed,
        "slam": event.slam,
        "closed": event.closed,
        "has_contract": event.rules.has_contract,
        "sides": [str(side) for side in Side],
        "rules": event.rules.title_in_words,
        "pairs": event.pairs,
        "movement": movement.as_data() if (movement := event.movement) is not None else None,
    }


def events_listing(request: Request) -> list[dict[str, Any]]:
    """Every event, the newest first, as :func:`event_view` gives it with when it was ``created``. Runs in a worker
    thread."""
    events: EventStore = request.app.state.events
    return [
        event_view(Event.from_data(stored.id, stored.data, closed=stored.closed)) | {"created": stored.created}
        for stored in events.events()
    ]


def ranking_view(request: Request, event: Event) -> dict[str, Any]:
    """The tables' results in force scored as ``minibridge duplicate score --json`` scores them: each board's
    traveller in board order, the two rankings, the notes, and the boards still ``waiting`` for a result. Runs in a
    worker thread."""
    events: EventStore = request.app.state.events
    return ranking([result.entry for result in events.results(event.id)], event)


def pupils_overview(request: Request, event: Event) -> dict[str, Any]:
    """Each pupil's game on the event's boards where it stands (``pupils``) and each board's pupils' traveller
    (``boards``). Runs in a worker thread."""
    games = [(player.pupil, game) for player, game in pupils_games(request, event)]
    return {
        "pupils": [pupil_row(pupil, game) for pupil, game in games],
        "boards": [{"board": n, "results": pupils_traveller(games, n)} for n in event.numbers],
    }


def entry_data(entry: Entry) -> dict[str, Any]:
    """A table's result as the API gives it: ``board``, ``ns``, ``ew``, ``contract``, ``declarer``, ``tricks``."""
    return {
        "board": entry.board,
        "ns": entry.ns,
        "ew": entry.ew,
        "contract": str(entry.contract),
        "declarer": entry.declarer.letter,
        "tricks": entry.tricks,
    }


def local_time(moment: str) -> datetime:
    """A moment kept in UTC, in the server's own time."""
    return datetime.fromisoformat(moment).astimezone()


def file_name(event: Event) -> str:
    """The event's name as the start of a file's name: ``tuesday-club``."""
    return "".join(c if c.isalnum() else "-" for c in event.name).strip("-").lower()[:60] or "event"
