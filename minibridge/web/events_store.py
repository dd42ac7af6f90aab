"""The events' tables in the classroom's SQLite database: the events, the tables' results, the pupils who joined.

Every result a table enters, and every correction the teacher makes, is a new row numbered in order: the
number is the change's id in the stream of results. A correction marks the results it replaces as no longer
in force and says which they were, so the record keeps what was entered first. A pair plays a board once:
a second result on a board for the same N–S pair or the same E–W pair is refused (:class:`AlreadyEntered`),
checked and written in one transaction so that tables entering results at the same moment lose none.

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
"""

from __future__ import annotations

import json
import secrets
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from minibridge.cards import Seat
from minibridge.contract import Contract
from minibridge.duplicate import EnteredResult, Entry
from minibridge.web.store import connect

__all__ = ["AlreadyEntered", "StoredEvent", "Player", "EventStore"]

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
"""

_RESULT_COLUMNS = "number, board, ns, ew, contract, declarer, tricks, entered, by, replaces, in_force"


class AlreadyEntered(Exception):
    """A result refused: the board is already entered for one of its pairs (``existing``)."""

    def __init__(self, existing: list[Entry]) -> None:
        super().__init__("already entered")
        self.existing = existing


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

    def set_closed(self, event_id: str, closed: bool) -> None:
        """Close an event, or open it again."""
        with self._lock, self._db:
            self._db.execute("UPDATE events SET closed = ? WHERE id = ?", (int(closed), event_id))

    # --- the tables' results ------------------------------------------------------------------------------------

    def add_result(self, event_id: str, entry: Entry, *, by: str, replace: bool = False) -> EnteredResult:
        """Keep a result. A result on a board already entered for its N–S pair or its E–W pair is refused
        (:class:`AlreadyEntered`), unless ``replace``: then it replaces them, and says so."""
        with self._lock, self._db:
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
        assert number is not None
        return EnteredResult(number=number, entry=entry, entered=now, by=by, replaces=replaced, in_force=True)

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
    number, board, ns, ew, contract, declarer, tricks, entered, by, replaces, in_force = row
    entry = Entry(
        board=board,
        ns=ns,
        ew=ew,
        contract=Contract.from_str(contract),
        declarer=Seat.from_str(declarer),
        tricks=tricks,
    )
    return EnteredResult(
        number=number,
        entry=entry,
        entered=entered,
        by=by,
        replaces=tuple(json.loads(replaces)),
        in_force=bool(in_force),
    )


def _key(pupil: str) -> str:
    return " ".join(pupil.split()).casefold()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
