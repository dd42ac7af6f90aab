"""The classroom's storage: one SQLite database in the data folder for the games and the pupils' progress.

A game is kept as the plain data of :meth:`minibridge.classroom.PupilGame.to_data` under an unguessable id, so
that it survives a tablet going to sleep, a reload and a restart of the server. Each answer a pupil gives to an
exercise is kept by the pupil's name, for the teacher, once for each answer form sent (a double tap counts once).
A pupil's name belongs for the day to the tablet that gave it (:mod:`minibridge.web.names` says the rule).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     store = Store(Path(folder))
...     game_id = store.create_game({"setup": {}, "deals": []})
...     found = store.game(game_id), store.game("no-such-game")
...     store.close()
>>> found
({'setup': {}, 'deals': []}, None)
"""

from __future__ import annotations

import errno
import json
import secrets
import sqlite3
import threading
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from minibridge.classroom.data_folder import DATABASE, DiskFull, disk_is_full
from minibridge.classroom.switches import ClassSwitches
from minibridge.classroom.term_report import DealPlayed

__all__ = ["DATABASE", "HelpUsed", "NameInUse", "Progress", "Store", "GameLocks", "connect", "name_key"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS answers (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    pupil TEXT NOT NULL,
    lesson INTEGER NOT NULL,
    exercise TEXT NOT NULL,
    right INTEGER NOT NULL,
    answered TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS answers_by_pupil ON answers (pupil, lesson);
CREATE TABLE IF NOT EXISTS settings (
    name TEXT PRIMARY KEY,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS help_used (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    pupil TEXT NOT NULL,
    lesson INTEGER,
    kind TEXT NOT NULL,
    used TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS answer_forms (
    pupil_key TEXT NOT NULL,
    form TEXT NOT NULL,
    sent TEXT NOT NULL,
    PRIMARY KEY (pupil_key, form)
);
CREATE TABLE IF NOT EXISTS names (
    name_key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    tablet TEXT NOT NULL,
    used TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS quizzes (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS class_tables (
    id TEXT PRIMARY KEY,
    number INTEGER NOT NULL,
    open INTEGER NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS deals_played (
    game TEXT NOT NULL,
    deal INTEGER NOT NULL,
    pupil TEXT NOT NULL,
    lesson INTEGER,
    declared INTEGER NOT NULL,
    made INTEGER NOT NULL,
    tricks_lost INTEGER NOT NULL,
    played TEXT NOT NULL,
    PRIMARY KEY (game, deal)
);
"""


@dataclass(frozen=True, kw_only=True)
class Progress:
    """One answer a pupil gave: to which exercise of which lesson, whether it was right, and when."""

    pupil: str
    lesson: int
    exercise: str
    right: bool
    answered: str
    """The moment, in ISO 8601 (UTC)."""


@dataclass(frozen=True, kw_only=True)
class NameInUse:
    """A pupil's name a tablet holds: the name as last given, and when the tablet last used it."""

    name: str
    used: str
    """The moment, in ISO 8601 (UTC)."""


@dataclass(frozen=True, kw_only=True)
class HelpUsed:
    """How often a pupil asked for help in one lesson's games (None: free play): hints, and cards taken back."""

    pupil: str
    lesson: int | None
    hints: int
    undos: int


def connect(path: Path, schema: str) -> sqlite3.Connection:
    """A connection to the database at ``path`` for several threads (each use under the caller's lock), in WAL
    mode, with the tables of ``schema`` made if missing."""
    db = sqlite3.connect(path, check_same_thread=False, timeout=30)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.executescript(schema)
    return db


class Store:
    """The database of a data folder (created with its folder when missing), safe to use from several threads."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / DATABASE
        self._lock = threading.Lock()
        self._db = connect(self.path, _SCHEMA)
        self._watchers: list[Callable[[str], None]] = []
        self.clock: Callable[[], datetime] = lambda: datetime.now(UTC)
        """The time now, in UTC, for the pupils' names (a test may set another clock)."""

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One write, in a transaction under the lock: a disk that refuses it (full) raises :class:`DiskFull`, and
        the transaction is undone, so nothing already saved is lost."""
        with self._lock:
            try:
                with self._db:
                    yield
            except (OSError, sqlite3.OperationalError) as error:
                if isinstance(error, OSError) or disk_is_full(error):
                    raise DiskFull(errno.ENOSPC, str(error)) from error
                raise

    # --- games ------------------------------------------------------------------------------------------------

    def create_game(self, data: dict[str, Any]) -> str:
        """Keep a new game; its id, unguessable."""
        game_id = secrets.token_urlsafe(16)
        now = _now()
        with self._writing():
            self._db.execute(
                "INSERT INTO games (id, created, updated, data) VALUES (?, ?, ?, ?)",
                (game_id, now, now, json.dumps(data)),
            )
        return game_id

    def game(self, game_id: str) -> dict[str, Any] | None:
        """A game's data, or None when there is no game of that id."""
        with self._lock:
            row = self._db.execute("SELECT data FROM games WHERE id = ?", (game_id,)).fetchone()
        return json.loads(row[0]) if row is not None else None

    def save_game(self, game_id: str, data: dict[str, Any]) -> None:
        """Replace a game's data."""
        with self._writing():
            self._db.execute("UPDATE games SET data = ?, updated = ? WHERE id = ?", (json.dumps(data), _now(), game_id))
        for watcher in self._watchers:
            watcher(game_id)

    def watch(self, watcher: Callable[[str], None]) -> None:
        """Call ``watcher(game_id)`` after each game is saved, in the thread that saved it."""
        self._watchers.append(watcher)

    # --- the class's tables of pupils ------------------------------------------------------------------------

    def open_tables(self, tables: list[dict[str, Any]]) -> list[str]:
        """Keep a new set of the class's tables (each the data of a table of pupils, numbered from 1), closing
        the tables set up before; their ids, unguessable, in order."""
        now = _now()
        ids = [secrets.token_urlsafe(12) for _ in tables]
        with self._writing():
            self._db.execute("UPDATE class_tables SET open = 0 WHERE open = 1")
            self._db.executemany(
                "INSERT INTO class_tables (id, number, open, created, updated, data) VALUES (?, ?, 1, ?, ?, ?)",
                [
                    (table_id, n, now, now, json.dumps(data))
                    for n, (table_id, data) in enumerate(zip(ids, tables, strict=True), 1)
                ],
            )
        return ids

    def table(self, table_id: str) -> dict[str, Any] | None:
        """An open table's data, or None when there is no open table of that id."""
        with self._lock:
            row = self._db.execute("SELECT data FROM class_tables WHERE id = ? AND open = 1", (table_id,)).fetchone()
        return json.loads(row[0]) if row is not None else None

    def tables(self) -> list[tuple[str, dict[str, Any]]]:
        """The open tables, by number: each one's id and data."""
        with self._lock:
            rows = self._db.execute("SELECT id, data FROM class_tables WHERE open = 1 ORDER BY number").fetchall()
        return [(row[0], json.loads(row[1])) for row in rows]

    def save_table(self, table_id: str, data: dict[str, Any]) -> None:
        """Replace a table's data."""
        with self._writing():
            self._db.execute(
                "UPDATE class_tables SET data = ?, updated = ? WHERE id = ?", (json.dumps(data), _now(), table_id)
            )

    # --- the class's quizzes ------------------------------------------------------------------------------------

    def create_quiz(self, data: dict[str, Any]) -> str:
        """Keep a new quiz (the data of :func:`minibridge.classroom.quiz.new_quiz`); its id, unguessable."""
        quiz_id = secrets.token_urlsafe(12)
        now = _now()
        with self._writing():
            self._db.execute(
                "INSERT INTO quizzes (id, created, updated, data) VALUES (?, ?, ?, ?)",
                (quiz_id, now, now, json.dumps(data)),
            )
        return quiz_id

    def quiz(self, quiz_id: str) -> dict[str, Any] | None:
        """A quiz's data, or None when there is no quiz of that id."""
        with self._lock:
            row = self._db.execute("SELECT data FROM quizzes WHERE id = ?", (quiz_id,)).fetchone()
        return json.loads(row[0]) if row is not None else None

    def latest_quiz(self) -> tuple[str, dict[str, Any]] | None:
        """The quiz started last: its id and data, or None when no quiz was ever started."""
        with self._lock:
            row = self._db.execute("SELECT id, data FROM quizzes ORDER BY created DESC, rowid DESC LIMIT 1").fetchone()
        return (row[0], json.loads(row[1])) if row is not None else None

    def save_quiz(self, quiz_id: str, data: dict[str, Any]) -> None:
        """Replace a quiz's data."""
        with self._writing():
            self._db.execute(
                "UPDATE quizzes SET data = ?, updated = ? WHERE id = ?", (json.dumps(data), _now(), quiz_id)
            )

    # --- the pupils' progress ---------------------------------------------------------------------------------

    def record_answers(
        self, pupil: str, lesson: int, marks: list[tuple[str, bool]], *, form: str | None = None
    ) -> bool:
        """Keep a pupil's answers to a lesson's exercises: each exercise's id and whether the answer was right.
        With ``form`` (the one-time id of the answer form), answers sent again with the same id (a double tap) are
        not kept again. Whether they were kept."""
        now = _now()
        with self._writing():
            if form is not None:
                sent = self._db.execute(
                    "INSERT OR IGNORE INTO answer_forms (pupil_key, form, sent) VALUES (?, ?, ?)",
                    (name_key(pupil), form, now),
                )
                if sent.rowcount == 0:
                    return False
            self._db.executemany(
                "INSERT INTO answers (pupil, lesson, exercise, right, answered) VALUES (?, ?, ?, ?, ?)",
                [(pupil, lesson, exercise, int(right), now) for exercise, right in marks],
            )
        return True

    def progress(self, pupil: str) -> list[Progress]:
        """Every answer a pupil gave, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT pupil, lesson, exercise, right, answered FROM answers WHERE pupil = ? ORDER BY number",
                (pupil,),
            ).fetchall()
        return _progress(rows)

    def all_progress(self) -> list[Progress]:
        """Every answer every pupil gave, oldest first (for the teacher)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT pupil, lesson, exercise, right, answered FROM answers ORDER BY number"
            ).fetchall()
        return _progress(rows)

    # --- the pupils' names, each held by one tablet ---------------------------------------------------------------

    def take_name(self, name: str, tablet: str, *, idle: timedelta) -> bool:
        """Give ``name`` to ``tablet``, and note that it uses it now, unless another tablet holds it and has used it
        within ``idle``; whether the tablet has it. Checked and written in one transaction."""
        now = self.clock()
        key = name_key(name)
        with self._writing():
            row = self._db.execute("SELECT tablet, used FROM names WHERE name_key = ?", (key,)).fetchone()
            if row is not None and row[0] != tablet and datetime.fromisoformat(row[1]) > now - idle:
                return False
            self._db.execute(
                "INSERT INTO names (name_key, name, tablet, used) VALUES (?, ?, ?, ?) ON CONFLICT (name_key) "
                "DO UPDATE SET name = excluded.name, tablet = excluded.tablet, used = excluded.used",
                (key, name, tablet, _moment(now)),
            )
        return True

    def name_is_free(self, name: str, tablet: str, *, idle: timedelta) -> bool:
        """Whether ``tablet`` may use ``name``: it holds it, nobody does, or its tablet has not used it within
        ``idle``. Nothing is written."""
        with self._lock:
            row = self._db.execute("SELECT tablet, used FROM names WHERE name_key = ?", (name_key(name),)).fetchone()
        return row is None or row[0] == tablet or datetime.fromisoformat(row[1]) <= self.clock() - idle

    def names_in_use(self, *, idle: timedelta) -> list[NameInUse]:
        """The names a tablet has used within ``idle``, in alphabetical order."""
        since = _moment(self.clock() - idle)
        with self._lock:
            rows = self._db.execute("SELECT name, used FROM names WHERE used > ?", (since,)).fetchall()
        used = [NameInUse(name=row[0], used=row[1]) for row in rows]
        return sorted(used, key=lambda u: (name_key(u.name), u.name))

    def release_name(self, name: str) -> bool:
        """Let the next tablet that gives ``name`` take it; whether a tablet held it."""
        with self._writing():
            gone = self._db.execute("DELETE FROM names WHERE name_key = ?", (name_key(name),))
        return gone.rowcount > 0

    # --- what the teacher allows, and the help the pupils used ---------------------------------------------------

    def switches(self) -> ClassSwitches:
        """The help the teacher turned off, for the class or a lesson (none turned off at first)."""
        with self._lock:
            row = self._db.execute("SELECT data FROM settings WHERE name = 'switches'").fetchone()
        return ClassSwitches.from_data(json.loads(row[0])) if row is not None else ClassSwitches()

    def save_switches(self, switches: ClassSwitches) -> None:
        """Keep the help the teacher turned off."""
        with self._writing():
            self._db.execute(
                "INSERT INTO settings (name, data) VALUES ('switches', ?) "
                "ON CONFLICT (name) DO UPDATE SET data = excluded.data",
                (json.dumps(switches.as_data()),),
            )

    def record_help(self, pupil: str, lesson: int | None, kind: str) -> None:
        """Keep that a pupil (named, or "" for a tablet with no name) used help in a game of ``lesson``: ``hint``
        or ``undo``."""
        with self._writing():
            self._db.execute(
                "INSERT INTO help_used (pupil, lesson, kind, used) VALUES (?, ?, ?, ?)", (pupil, lesson, kind, _now())
            )

    def help_used(self) -> list[HelpUsed]:
        """The help each pupil used in each lesson, by pupil then lesson (free play last)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT pupil, lesson, SUM(kind = 'hint'), SUM(kind = 'undo') FROM help_used GROUP BY pupil, lesson"
            ).fetchall()
        used = [HelpUsed(pupil=row[0], lesson=row[1], hints=row[2], undos=row[3]) for row in rows]
        return sorted(used, key=lambda u: (u.pupil.casefold(), u.pupil, u.lesson is None, u.lesson or 0))

    # --- the deals each pupil finished, and the teacher's rule for certificates ----------------------------------

    def record_deal(self, game_id: str, deal: int, played: DealPlayed) -> None:
        """Keep a deal a named pupil finished, the ``deal``-th of a game: finished again (tried again from a card),
        it replaces the result kept."""
        with self._writing():
            self._db.execute(
                "INSERT OR REPLACE INTO deals_played (game, deal, pupil, lesson, declared, made, tricks_lost, played) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    deal,
                    played.pupil,
                    played.lesson,
                    int(played.declared),
                    int(played.made),
                    played.tricks_lost,
                    played.played,
                ),
            )

    def deals_played(self) -> list[DealPlayed]:
        """Every deal a named pupil finished, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT pupil, lesson, declared, made, tricks_lost, played FROM deals_played ORDER BY played, rowid"
            ).fetchall()
        return [
            DealPlayed(pupil=r[0], lesson=r[1], declared=bool(r[2]), made=bool(r[3]), tricks_lost=r[4], played=r[5])
            for r in rows
        ]

    def certificates_need_deals(self) -> bool:
        """Whether the teacher asks that a pupil also finish a lesson's deals to earn its certificate (no at
        first)."""
        with self._lock:
            row = self._db.execute("SELECT data FROM settings WHERE name = 'certificates'").fetchone()
        return bool(json.loads(row[0]).get("deals")) if row is not None else False

    def save_certificates_need_deals(self, need: bool) -> None:
        """Keep whether a lesson's certificate needs its deals finished too."""
        with self._writing():
            self._db.execute(
                "INSERT INTO settings (name, data) VALUES ('certificates', ?) "
                "ON CONFLICT (name) DO UPDATE SET data = excluded.data",
                (json.dumps({"deals": need}),),
            )


def _progress(rows: list[tuple[Any, ...]]) -> list[Progress]:
    return [Progress(pupil=row[0], lesson=row[1], exercise=row[2], right=bool(row[3]), answered=row[4]) for row in rows]


def _now() -> str:
    return _moment(datetime.now(UTC))


def _moment(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def name_key(name: str) -> str:
    """A pupil's name as names are compared: in any case, with any spaces.

    >>> name_key("  amy   LEE ") == name_key("Amy Lee")
    True
    """
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


class GameLocks:
    """One lock per game id, so that two requests for one game never interleave."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}

    def lock(self, game_id: str) -> threading.Lock:
        """The lock of a game."""
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())
