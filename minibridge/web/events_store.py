"""The events' tables in the classroom's SQLite database: the events, the tables' results, the pupils who joined.

Every result a table enters, and every correction the teacher makes, is a new row numbered in order: the
number is the change's id in the stream of results. A correction marks the results it replaces as no longer
in force and says which they were, so the record keeps what was entered first. A pair plays a board once:
a second result on a board for the same N–S pair or the same E–W pair is refused (:class:`AlreadyEntered`),
checked and written in one transaction so that tables entering results at the same moment lose none.

A result entered on a table's tablet keeps the key of that tablet. With a movement, the first tablet that enters a
result at a table holds that table: another tablet's result there is refused (:class:`TableTaken`), in the same
transaction, until the teacher lets another tablet enter it (:meth:`EventStore.let_go`). The teacher may also
remove a wrong result (:meth:`EventStore.remove_result`).

>>> import tempfile
>>> from minibridge.duplicate import read_entry
>>> with tempfile.TemporaryDirectory() as folder:
...     events = EventStore(Path(folder) / "classroom.sqlite3")
...     event_id = events.create_event({"name": "Tuesday club"})
...     first = events.add_result(event_id, read_entry(["1", "1", "2", "3NT", "S", "9"]), by="table")
...     try:
...         events.add_result(event_id, read_entry(["1", "1", "3", "3NT", "S", "8"]), by="table")
...     except AlreadyEntered as refused:
...         clash = [(e.ns, e.ew) for e in refused.existing]
...     fixed = events.add_result(event_id, read_entry(["1", "1", "2", "3NT", "S", "10"]), by="teacher", replace=True)
...     now = [(r.entry.tricks, r.replaces) for r in events.results(event_id)]
...     events.close()
>>> clash, now
([('1', '2')], [(10, (1,))])

>>> with tempfile.TemporaryDirectory() as folder:
...     events = EventStore(Path(folder) / "classroom.sqlite3")
...     event_id = events.create_event({"name": "Tuesday club"})
...     tablet_a, tablet_b = "A" * 22, "B" * 22
...     entry, other = read_entry(["1", "1", "1", "3NT", "S", "9"]), read_entry(["2", "1", "1", "3NT", "S", "9"])
...     first = events.add_result(event_id, entry, by="table", tablet=tablet_a, table=1)
...     try:
...         events.add_result(event_id, other, by="table", tablet=tablet_b, table=1)
...     except TableTaken as refused:
...         taken = refused.table
...     closed = events.closed_tables(event_id, tablet_b)
...     released = events.let_go(event_id, 1)
...     after = events.closed_tables(event_id, tablet_a), events.closed_tables(event_id, tablet_b)
...     events.close()
>>> taken, closed, released, after
(1, [1], True, ([1], []))
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from minibridge.duplicate import EnteredResult, Entry
from minibridge.web.store import connect

__all__ = ["AlreadyEntered", "TableTaken", "StoredEvent", "Player", "EventStore"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS event_results (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    event TEXT NOT NULL REFERENCES events (id),
    board INTEGER NOT NULL,
    ns TEXT NOT NULL,
    ew TEXT NOT NULL,
    contract TEXT NOT NULL,
    declarer TEXT NOT NULL,
    tricks INTEGER NOT NULL,
    entered TEXT NOT NULL,
    by TEXT NOT NULL,
    replaces TEXT NOT NULL DEFAULT '[]',
    in_force INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS event_results_by_event ON event_results (event, number);
CREATE UNIQUE INDEX IF NOT EXISTS event_results_ns_once ON event_results (event, board, ns) WHERE in_force = 1;
CREATE UNIQUE INDEX IF NOT EXISTS event_results_ew_once ON event_results (event, board, ew) WHERE in_force = 1;
CREATE TABLE IF NOT EXISTS event_players (
    event TEXT NOT NULL REFERENCES events (id),
    pupil_key TEXT NOT NULL,
    pupil TEXT NOT NULL,
    game TEXT NOT NULL UNIQUE,
    joined TEXT NOT NULL,
    PRIMARY KEY (event, pupil_key)
);
CREATE TABLE IF NOT EXISTS event_result_tablets (
    number INTEGER PRIMARY KEY REFERENCES event_results (number),
    event TEXT NOT NULL REFERENCES events (id),
    tablet TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS event_result_tablets_by_event ON event_result_tablets (event, number);
CREATE TABLE IF NOT EXISTS event_tables (
    event TEXT NOT NULL REFERENCES events (id),
    table_number INTEGER NOT NULL,
    tablet TEXT,
    let_go TEXT,
    PRIMARY KEY (event, table_number)
);
CREATE TABLE IF NOT EXISTS event_removals (
    number INTEGER PRIMARY KEY REFERENCES event_results (number),
    event TEXT NOT NULL REFERENCES events (id),
    removed TEXT NOT NULL
);
"""

_RESULT_COLUMNS = "number, board, ns, ew, contract, declarer, tricks, entered, by, replaces, in_force"


class AlreadyEntered(Exception):
    """A result refused: the board is already entered for one of its pairs (``existing``)."""

    def __init__(self, existing: list[Entry]) -> None:
        super().__init__("already entered")
        self.existing = existing


class TableTaken(Exception):
    """A result refused: another tablet holds its table (``table``), or the teacher let this tablet go from it."""

    def __init__(self, table: int) -> None:
        super().__init__(f"table {table} is taken")
        self.table = table


@dataclass(frozen=True, kw_only=True)
class StoredEvent:
    """An event as kept: its id, when it was made, whether it is closed, and its data."""

    id: str
    created: str
    closed: bool
    data: dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class Player:
    """A pupil who joined an event, and the pupil's game."""

    pupil: str
    game: str
    joined: str


class EventStore:
    """The events' tables of the database at ``path`` (its own connection), safe to use from several threads."""

    def __init__(self, path: Path) -> None:
        self._lock = threading.Lock()
        self._db = connect(path, _SCHEMA)

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    # --- events ---------------------------------------------------------------------------------------------

    def create_event(self, data: dict[str, Any]) -> str:
        """Keep a new event; its id, unguessable."""
        event_id = secrets.token_urlsafe(9)
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO events (id, created, data) VALUES (?, ?, ?)", (event_id, _now(), json.dumps(data))
            )
        return event_id

    def event(self, event_id: str) -> StoredEvent | None:
        """An event, or None when there is none of that id."""
        with self._lock:
            row = self._db.execute("SELECT id, created, closed, data FROM events WHERE id = ?", (event_id,)).fetchone()
        return _event(row) if row is not None else None

    def events(self, *, open_only: bool = False) -> list[StoredEvent]:
        """Every event (or every open one), the newest first."""
        where = "WHERE closed = 0" if open_only else ""
        with self._lock:
            rows = self._db.execute(
                f"SELECT id, created, closed, data FROM events {where} ORDER BY created DESC, rowid DESC"
            ).fetchall()
        return [_event(row) for row in rows]

    def update_event(self, event_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> bool:
        """Change an event's data: ``change`` is given the data kept and returns the new data, in one transaction
        (two changes at once both land); when it raises, nothing is kept. Whether there is such an event."""
        with self._lock, self._db:
            row = self._db.execute("SELECT data FROM events WHERE id = ?", (event_id,)).fetchone()
            if row is None:
                return False
            data = change(json.loads(row[0]))
            self._db.execute("UPDATE events SET data = ? WHERE id = ?", (json.dumps(data), event_id))
        return True

    def set_closed(self, event_id: str, closed: bool) -> None:
        """Close an event, or open it again."""
        with self._lock, self._db:
            self._db.execute("UPDATE events SET closed = ? WHERE id = ?", (int(closed), event_id))

    # --- the tables' results ------------------------------------------------------------------------------------

    def add_result(
        self,
        event_id: str,
        entry: Entry,
        *,
        by: str,
        replace: bool = False,
        tablet: str | None = None,
        table: int | None = None,
    ) -> EnteredResult:
        """Keep a result, and the key of the ``tablet`` that entered it. A result on a board already entered for its
        N–S pair or its E–W pair is refused (:class:`AlreadyEntered`), unless ``replace``: then it replaces them, and
        says so. With a ``table`` (a movement's), the tablet holds it from its first result; a result there from
        another tablet is refused (:class:`TableTaken`). Nothing is kept when a result is refused."""
        with self._lock, self._db:
            if tablet is not None and table is not None:
                self._hold(event_id, table, tablet)
            rows = self._db.execute(
                f"SELECT {_RESULT_COLUMNS} FROM event_results WHERE event = ? AND board = ? AND in_force = 1 "
                "AND (ns = ? OR ew = ?) ORDER BY number",
                (event_id, entry.board, entry.ns, entry.ew),
            ).fetchall()
            existing = [_result(row) for row in rows]
            if existing and not replace:
                raise AlreadyEntered([result.entry for result in existing])
            replaced = tuple(result.number for result in existing)
            if replaced:
                self._db.executemany(
                    "UPDATE event_results SET in_force = 0 WHERE number = ?", [(number,) for number in replaced]
                )
            now = _now()
            cursor = self._db.execute(
                "INSERT INTO event_results (event, board, ns, ew, contract, declarer, tricks, entered, by, replaces) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    event_id,
                    entry.board,
                    entry.ns,
                    entry.ew,
                    str(entry.contract),
                    entry.declarer.letter,
                    entry.tricks,
                    now,
                    by,
                    json.dumps(list(replaced)),
                ),
            )
            number = cursor.lastrowid
            if tablet is not None:
                self._db.execute(
                    "INSERT INTO event_result_tablets (number, event, tablet) VALUES (?, ?, ?)",
                    (number, event_id, tablet),
                )
        assert number is not None
        return EnteredResult(number=number, entry=entry, entered=now, by=by, replaces=replaced, in_force=True)

    def _hold(self, event_id: str, table: int, tablet: str) -> None:
        """Give ``table`` to ``tablet`` if it is free (and the teacher did not let this tablet go from it), or
        refuse (:class:`TableTaken`) when another tablet holds it. Runs inside the caller's transaction."""
        row = self._db.execute(
            "SELECT tablet, let_go FROM event_tables WHERE event = ? AND table_number = ?", (event_id, table)
        ).fetchone()
        holder, let_go = row if row is not None else (None, None)
        if holder == tablet:
            return
        if holder is not None or let_go == tablet:
            raise TableTaken(table)
        self._db.execute(
            "INSERT OR REPLACE INTO event_tables (event, table_number, tablet, let_go) VALUES (?, ?, ?, NULL)",
            (event_id, table, tablet),
        )

    def remove_result(self, event_id: str, number: int) -> bool:
        """Take the result ``number`` out of the event's results (the record keeps it, marked removed); whether
        there was such a result in force."""
        with self._lock, self._db:
            cursor = self._db.execute(
                "UPDATE event_results SET in_force = 0 WHERE event = ? AND number = ? AND in_force = 1",
                (event_id, number),
            )
            if cursor.rowcount == 0:
                return False
            self._db.execute(
                "INSERT INTO event_removals (number, event, removed) VALUES (?, ?, ?)", (number, event_id, _now())
            )
        return True

    def removed(self, event_id: str) -> list[int]:
        """The numbers of the results the teacher removed, in the order they were removed."""
        with self._lock:
            rows = self._db.execute(
                "SELECT number FROM event_removals WHERE event = ? ORDER BY rowid", (event_id,)
            ).fetchall()
        return [row[0] for row in rows]

    # --- the tablets that entered the results, and the tables they hold -----------------------------------------

    def tablets(self, event_id: str) -> dict[str, int]:
        """Each tablet that entered a result of the event, by its key: its number (1, 2 …) in the order the
        tablets entered their first result."""
        with self._lock:
            rows = self._db.execute(
                "SELECT tablet FROM event_result_tablets WHERE event = ? GROUP BY tablet ORDER BY MIN(number)",
                (event_id,),
            ).fetchall()
        return {row[0]: count for count, row in enumerate(rows, start=1)}

    def result_tablets(self, event_id: str) -> dict[int, str]:
        """The key of the tablet that entered each result (by the result's number), for those entered on one."""
        with self._lock:
            rows = self._db.execute(
                "SELECT number, tablet FROM event_result_tablets WHERE event = ?", (event_id,)
            ).fetchall()
        return dict(rows)

    def held_tables(self, event_id: str) -> dict[int, str]:
        """The key of the tablet that holds each table held (by the table's number)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT table_number, tablet FROM event_tables WHERE event = ? AND tablet IS NOT NULL "
                "ORDER BY table_number",
                (event_id,),
            ).fetchall()
        return dict(rows)

    def closed_tables(self, event_id: str, tablet: str) -> list[int]:
        """The tables where ``tablet`` may not enter a result: those another tablet holds, and those the teacher
        let it go from (until another tablet takes them)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT table_number FROM event_tables WHERE event = ? AND (tablet != ? OR let_go = ?) "
                "ORDER BY table_number",
                (event_id, tablet, tablet),
            ).fetchall()
        return [row[0] for row in rows]

    def let_go(self, event_id: str, table: int) -> bool:
        """The teacher lets another tablet enter ``table``: the tablet that holds it may not enter a result there,
        the next other tablet to enter one holds it. Whether a tablet held it."""
        with self._lock, self._db:
            cursor = self._db.execute(
                "UPDATE event_tables SET let_go = tablet, tablet = NULL "
                "WHERE event = ? AND table_number = ? AND tablet IS NOT NULL",
                (event_id, table),
            )
        return cursor.rowcount > 0

    def results(self, event_id: str) -> list[EnteredResult]:
        """The results in force, in the order they were entered."""
        return self._results(event_id, "AND in_force = 1")

    def changes(self, event_id: str, after: int = 0) -> list[EnteredResult]:
        """Every result entered after change ``after``, corrections included, in order."""
        return self._results(event_id, "AND number > ?", after)

    def history(self, event_id: str) -> list[EnteredResult]:
        """Every result ever entered, in order: those replaced by a correction too."""
        return self._results(event_id, "")

    def last_change(self, event_id: str) -> int:
        """The number of the event's latest change (0 before the first result)."""
        with self._lock:
            row = self._db.execute("SELECT MAX(number) FROM event_results WHERE event = ?", (event_id,)).fetchone()
        return int(row[0] or 0)

    def _results(self, event_id: str, where: str, *values: Any) -> list[EnteredResult]:
        with self._lock:
            rows = self._db.execute(
                f"SELECT {_RESULT_COLUMNS} FROM event_results WHERE event = ? {where} ORDER BY number",
                (event_id, *values),
            ).fetchall()
        return [_result(row) for row in rows]

    # --- the pupils who joined ----------------------------------------------------------------------------------

    def player(self, event_id: str, pupil: str) -> Player | None:
        """The pupil of that name (in any case) who joined the event, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT pupil, game, joined FROM event_players WHERE event = ? AND pupil_key = ?",
                (event_id, _key(pupil)),
            ).fetchone()
        return Player(pupil=row[0], game=row[1], joined=row[2]) if row is not None else None

    def join(self, event_id: str, pupil: str, game_id: str) -> Player:
        """Record that ``pupil`` plays the event in game ``game_id``; a pupil of that name who joined first
        keeps the first game (the player returned)."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR IGNORE INTO event_players (event, pupil_key, pupil, game, joined) VALUES (?, ?, ?, ?, ?)",
                (event_id, _key(pupil), pupil, game_id, _now()),
            )
        found = self.player(event_id, pupil)
        assert found is not None
        return found

    def players(self, event_id: str) -> list[Player]:
        """The pupils who joined, in the order they joined."""
        with self._lock:
            rows = self._db.execute(
                "SELECT pupil, game, joined FROM event_players WHERE event = ? ORDER BY rowid", (event_id,)
            ).fetchall()
        return [Player(pupil=row[0], game=row[1], joined=row[2]) for row in rows]

    def event_of_game(self, game_id: str) -> str | None:
        """The event a game plays, or None for a game of its own."""
        with self._lock:
            row = self._db.execute("SELECT event FROM event_players WHERE game = ?", (game_id,)).fetchone()
        return row[0] if row is not None else None


def _event(row: tuple[Any, ...]) -> StoredEvent:
    return StoredEvent(id=row[0], created=row[1], closed=bool(row[2]), data=json.loads(row[3]))


def _result(row: tuple[Any, ...]) -> EnteredResult:
    number, *columns, entered, by, replaces, in_force = row
    return EnteredResult(
        number=number,
        entry=Entry.from_columns(columns),
        entered=entered,
        by=by,
        replaces=tuple(json.loads(replaces)),
        in_force=bool(in_force),
    )


def _key(pupil: str) -> str:
    return " ".join(pupil.split()).casefold()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
