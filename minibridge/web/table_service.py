"""The class's tables of pupils on the server: setting them up, who is asking (a seat's key or the teacher), every
change made under the table's lock and saved before anyone is told, the computer playing the empty seats off the
event loop, and the results of an event's boards going into its ranking.

A table is rebuilt from the store for every request (:class:`~minibridge.classroom.ClassTable`), changed, and
saved with its ``version`` one higher; then the channel of the table wakes every tablet following it (Server-Sent
Events), and the computer's driver of that table is woken. The computer thinks about a copy of the table without
the lock, and its decision is taken only if nobody changed the table meanwhile (the teacher's undo, a pupil
leaving), so the lock is never held while the computer thinks.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from minibridge.classroom import GameSetup, no_such_level
from minibridge.classroom.class_table import ClassTable, Robots, TableRefused, seats_of
from minibridge.classroom.term_report import deal_played_at
from minibridge.duplicate import Entry, Event
from minibridge.errors import MiniBridgeError
from minibridge.event_games import game_setup
from minibridge.language import gettext
from minibridge.web.auth import no_such_table
from minibridge.web.event_service import results_channel
from minibridge.web.live import Hub
from minibridge.web.requests import ApiError
from minibridge.web.setups import class_help, setup_from
from minibridge.web.store import Store

__all__ = [
    "ROBOT_PACE",
    "MOST_TABLES",
    "TABLES_CHANNEL",
    "Viewer",
    "table_channel",
    "load_table",
    "seated",
    "view_for",
    "change_table",
    "open_tables",
    "move_every_table",
    "tables_overview",
    "tables_seated",
    "wake_driver",
    "TablesSetup",
    "table_setup",
]

ROBOT_PACE = 0.7
"""Seconds between two of the computer's cards at a table of pupils, for the children to see each one land."""
MOST_TABLES = 20
"""The most tables a class sets up at once."""
TABLES_CHANNEL = "tables"
"""The channel of every table: who sits where, the boards (the start page and the teacher's room follow it)."""

T = TypeVar("T")


def table_channel(table_id: str) -> str:
    """The channel of one table's changes."""
    return f"table:{table_id}"


@dataclass(frozen=True)
class Viewer:
    """Who asks about a table: the pupil at a place (by their key), or the teacher (``place`` None)."""

    place: str | None


def load_table(store: Store, table_id: str) -> ClassTable:
    """The open table of that id, rebuilt from the store (404 when there is none)."""
    data = store.table(table_id)
    if data is None:
        raise no_such_table()
    return ClassTable.from_data(data)


def seated(request: Request) -> tuple[ClassTable, Viewer]:
    """The table of a ``Who.SEAT`` route as its door read it, and who asks: the seat the request's key opens, or
    the teacher. Runs in a worker thread."""
    return ClassTable.from_data(request.state.table_data), Viewer(request.state.seat)


def view_for(table_id: str, table: ClassTable, viewer: Viewer) -> dict[str, Any]:
    """The VIEW of the table for ``viewer``: their seat's, or the teacher's with all four hands."""
    if viewer.place is None:
        return {"id": table_id, **table.view(None, every_hand=True)}
    return {"id": table_id, **table.view(viewer.place)}


def _refusal(error: MiniBridgeError) -> ApiError:
    """A refusal of the table as an answer: 409 for the wrong moment, 422 for a value the rules refuse."""
    status = 409 if isinstance(error, TableRefused) and error.kind == "moment" else 422
    return ApiError(status, str(error))


async def change_table(
    request: Request, table_id: str, change: Callable[[ClassTable], T], *, viewer: Viewer | None = None
) -> tuple[ClassTable, T]:
    """Apply ``change`` to the table under its lock (refused: 409 or 422, nothing changed), save it one version
    higher, record an event's result, and wake the tablets and the computer. The table and what ``change``
    gave."""
    state = request.app.state

    def apply() -> tuple[ClassTable, T]:
        with state.locks.lock(table_id):
            data = state.store.table(table_id)
            if data is None:
                raise no_such_table()
            table = ClassTable.from_data(data)
            finished = table.table.game.stage == "over"
            try:
                given = change(table)
            except MiniBridgeError as error:
                raise _refusal(error) from None
            _save(state, table_id, table, data.get("version", 0), finished=finished)
            return table, given

    table, given = await run_in_threadpool(apply)
    _told(request.app, table_id)
    return table, given


def _save(state: Any, table_id: str, table: ClassTable, version: int, *, finished: bool) -> None:
    """Save the table one version higher and think ahead from there. A deal that was not ``finished`` before the
    change and is now is recorded in the table's event and kept for each pupil at the table (for the report to
    take home). In a worker thread."""
    data = table.to_data()
    data["version"] = version + 1
    state.store.save_table(table_id, data)
    state.ahead.think(table_id, lambda: ClassTable.from_data(data).table)
    if finished or table.table.game.stage != "over":
        return
    if table.event is not None:
        _record_result(state, table)
    _record_deals(state, table_id, table)


def _record_deals(state: Any, table_id: str, table: ClassTable) -> None:
    """Keep the deal just finished at the table for each pupil there, as the pupil's deal (again for the same
    deal: it replaces the one kept)."""
    store: Store = state.store
    moment = store.clock().isoformat(timespec="seconds")
    for place in table.places:
        pupil = table.pupil(place)
        played = deal_played_at(table.table, place, pupil, table.setup.lesson, moment) if pupil else None
        if played is not None:
            store.record_deal(f"{table_id}/{place}", table.table.deal_number, played)


def _told(app: Starlette, table_id: str) -> None:
    """Wake every tablet following the table, the class's overview, and the table's computer (event loop)."""
    hub: Hub = app.state.hub
    hub.publish(table_channel(table_id))
    hub.publish(TABLES_CHANNEL)
    wake_driver(app, table_id)


# --- the computer at the table ---------------------------------------------------------------------------------


def wake_driver(app: Starlette, table_id: str) -> None:
    """Make sure the computer plays its seats of the table: a driver runs while its decisions are awaited
    (from the event loop)."""
    state = app.state
    state.table_wakes[table_id] = True
    if table_id not in state.table_drivers:
        state.table_drivers.add(table_id)
        state.table_tasks.add(asyncio.get_running_loop().create_task(_drive(app, table_id)))


async def _drive(app: Starlette, table_id: str) -> None:
    """The computer's decisions at one table, one at a time, a moment apart, until a person's decision is
    awaited (or the table is stopped)."""
    state = app.state
    try:
        while not state.hub.closed:
            state.table_wakes[table_id] = False
            moved = await run_in_threadpool(_computer_decides, app, table_id)
            if moved:
                state.hub.publish(table_channel(table_id))
                state.hub.publish(TABLES_CHANNEL)
                await asyncio.sleep(state.robot_pace)
                continue
            if not state.table_wakes.get(table_id):
                break
    finally:
        state.table_drivers.discard(table_id)
        state.table_tasks.discard(asyncio.current_task())


def _computer_decides(app: Starlette, table_id: str) -> bool:
    """One decision of the computer at the table, thought out without the lock and taken only if the cards did
    not move meanwhile and the decision is still the computer's (a pupil sitting down elsewhere at the table
    changes nothing); False when none is awaited (in a worker thread)."""
    state = app.state
    data = state.store.table(table_id)
    if data is None:
        return False
    table = ClassTable.from_data(data)
    if not table.computer_to_act():
        return False
    decision = table.table.decide()
    if decision is None:
        return False
    with state.locks.lock(table_id):
        now = state.store.table(table_id)
        if now is None:
            return False
        if now["deals"] != data["deals"]:
            return True  # the cards moved meanwhile (the teacher's undo, say): think again from where they are
        table = ClassTable.from_data(now)  # a pupil may have sat down meanwhile, or the teacher stopped the table
        if table.computer_to_act():  # the same cards: the same decision, whoever sits at the other seats
            table.table.take(decision)
            _save(state, table_id, table, now.get("version", 0), finished=False)
    return True


# --- an event's boards ---------------------------------------------------------------------------------------


def _record_result(state: Any, table: ClassTable) -> None:
    """Put the table's finished deal on an event's board into the event's ranking (N–S and E–W of table N are
    the pairs ``TNNS`` and ``TNEW``), replacing what the table entered for that board before."""
    record = table.table.records[-1]
    game = record.finished
    if game is None or game.contract is None or game.declarer is None or game.play is None:
        return
    stored = state.events.event(table.event)
    if stored is None or stored.closed:
        return
    entry = Entry(
        board=game.board.number,
        ns=f"T{table.number}NS",
        ew=f"T{table.number}EW",
        contract=game.contract,
        declarer=game.declarer,
        tricks=game.play.declarer_tricks,
    )
    entered = [r.entry for r in state.events.results(table.event) if r.entry.board == entry.board]
    if any((e.ns, e.ew, e.contract, e.declarer, e.tricks) == _columns(entry) for e in entered):
        return
    state.events.add_result(table.event, entry, by="table", replace=True)
    state.hub.publish(results_channel(table.event))


def _columns(entry: Entry) -> tuple[Any, ...]:
    return (entry.ns, entry.ew, entry.contract, entry.declarer, entry.tricks)


# --- the class's tables ---------------------------------------------------------------------------------------

_TABLE_FIELDS = ("tables", "event", "robots", "lockstep", "level")


@dataclass(frozen=True)
class TablesSetup:
    """The class's tables as the teacher asks for them."""

    count: int
    setup: GameSetup
    robots: Robots
    lockstep: bool
    event: str | None


def table_setup(request: Request, body: dict[str, Any]) -> TablesSetup:
    """The tables asked for: how many, the setup of their game (an event's boards, or a lesson's deals or free
    play), who gives the computer the empty seats, and whether the tables move on
    together. 422 for a value that cannot be."""
    count = body.get("tables", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MOST_TABLES:
        raise ApiError(422, gettext("'tables' should be a whole number from 1 to %(most)s") % {"most": MOST_TABLES})
    robots = body.get("robots", "now")
    if robots not in ("now", "teacher"):
        raise ApiError(422, gettext('\'robots\' should be "now" or "teacher"'))
    lockstep = body.get("lockstep", False)
    if not isinstance(lockstep, bool):
        raise ApiError(422, gettext("'lockstep' should be true or false"))
    game = {key: value for key, value in body.items() if key not in _TABLE_FIELDS}
    level = body.get("level")
    if level is not None:  # how strong the computer plays: the setup's "robots" ("robots" here is who seats it)
        if not isinstance(level, str):
            raise ApiError(422, no_such_level(level))
        game["robots"] = level
    event_id = body.get("event")
    samples = request.app.state.samples
    switches = request.app.state.store.switches()
    if event_id is not None:
        setup = _event_setup(request, event_id, game)
        setup = GameSetup(**class_help(setup.as_data(), setup.lesson, switches))
    else:
        setup = setup_from(game, samples, switches)
    return TablesSetup(count=count, setup=setup, robots=robots, lockstep=lockstep, event=event_id)


def _event_setup(request: Request, event_id: Any, game: dict[str, Any]) -> GameSetup:
    """The setup of an event's boards under its lesson (422 for no such event, or for deals chosen as well)."""
    if not isinstance(event_id, str):
        raise ApiError(422, gettext("'event' should be an event's id, as text"))
    stored = request.app.state.events.event(event_id)
    if stored is None:
        raise ApiError(422, gettext("there is no event '%(event)s'") % {"event": event_id})
    chosen = [key for key in game if key not in ("three_handed", "practice", "robots")]
    if chosen:
        raise ApiError(
            422,
            gettext("an event's boards come with its lesson and its deals: leave out %(names)s")
            % {"names": ", ".join(chosen)},
        )
    event = Event.from_data(stored.id, stored.data, closed=stored.closed)
    setup = game_setup(event, samples=request.app.state.samples)
    extra = {key: game[key] for key in ("three_handed", "practice", "robots") if key in game}
    try:
        return GameSetup(**{**setup.as_data(), **extra})
    except MiniBridgeError as error:
        raise ApiError(422, str(error)) from None


async def open_tables(request: Request, body: dict[str, Any]) -> list[dict[str, Any]]:
    """Set up the class's tables from ``body`` (closing those before): each one's ``id`` and ``number``."""
    asked = table_setup(request, body)
    state = request.app.state

    def make() -> list[str]:
        tables = [
            ClassTable.new(
                asked.setup, number=n, robots=asked.robots, event=asked.event, lockstep=asked.lockstep
            ).to_data()
            for n in range(1, asked.count + 1)
        ]
        ids = state.store.open_tables(tables)
        for table_id, data in zip(ids, tables, strict=True):  # before the pupils sit down
            state.ahead.think(table_id, lambda data=data: ClassTable.from_data(data).table)
        return ids

    ids = await run_in_threadpool(make)
    for table_id in ids:
        _told(request.app, table_id)
    return [{"id": table_id, "number": n} for n, table_id in enumerate(ids, start=1)]


async def move_every_table(request: Request) -> dict[str, list[int]]:
    """Every table whose deal is over goes on to its next board: the tables ``moved`` and those still
    ``playing`` (or at the end of their game), by number."""
    state = request.app.state
    moved, staying = [], []
    for table_id, data in await run_in_threadpool(state.store.tables):

        def go_on(table: ClassTable) -> None:
            table.deal_next()

        try:
            await change_table(request, table_id, go_on)
            moved.append(data["number"])
        except ApiError:
            staying.append(data["number"])
    return {"moved": moved, "staying": staying}


def tables_seated(store: Store) -> list[dict[str, Any]]:
    """Every open table's ``id``, ``number``, ``seats`` and ``three_handed``, read from the store without dealing
    any table again: the start page asks every few seconds from every tablet (in a worker thread)."""
    return [
        {
            "id": table_id,
            "number": data["number"],
            "seats": seats_of(data["places"], data["robots"]),
            "three_handed": data["setup"].get("three_handed"),
        }
        for table_id, data in store.tables()
    ]


def tables_overview(store: Store) -> list[dict[str, Any]]:
    """Every open table as the class may see it (no card): its ``id``, ``number``, ``seats``, the board and deal,
    the phase, the contract, the trick, the tricks won, the totals, whether it is ``paused`` (worker thread)."""
    tables = []
    for table_id, data in store.tables():
        table = ClassTable.from_data(data)
        view = table.view(None)
        play = table.table.game.play
        tables.append(
            {
                "id": table_id,
                "number": table.number,
                "seats": view["seats"],
                "board": view["board"],
                "deal": view["deal"],
                "deals": view["deals"],
                "phase": view["phase"],
                "declarer": view["declarer"],
                "contract": view["contract"],
                "trick": len(play.tricks) + 1 if play is not None and view["phase"] == "play" else None,
                "tricks_won": view["tricks_won"],
                "totals": view["totals"],
                "paused": view["paused"],
                "waiting_for": view["waiting_for"],
                "three_handed": table.setup.three_handed,
            }
        )
    return tables
