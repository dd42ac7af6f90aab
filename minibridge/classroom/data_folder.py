"""The classroom's data folder: held by one server at a time, copied whole while the server runs, and started again
from such a copy.

The folder keeps the classroom's database (:data:`DATABASE`) and the league files (``*.yaml``). A server holds the
folder with a lock the computer's system keeps (released when the server stops, even when it is killed), and writes
beside it which process it is and when it started, so that a second server can say who holds the folder.

A copy of the class's data is a ``.zip`` with the database, copied by SQLite's backup API (a consistent copy, even
while pupils play), and the league files.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> (folder / "spring.yaml").write_text("title: Spring\\n", encoding="utf-8")
14
>>> with hold(folder):
...     data = class_copy(folder)
>>> restored = Path(tempfile.mkdtemp()) / "restored"
>>> restore(data, restored)
>>> sorted(p.name for p in restored.iterdir())
['classroom.sqlite3', 'spring.yaml']
"""

from __future__ import annotations

import errno
import io
import json
import os
import sqlite3
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path

from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.league import league_lock

__all__ = [
    "DATABASE",
    "DiskFull",
    "FolderInUse",
    "class_copy",
    "copy_name",
    "disk_is_full",
    "hold",
    "restore",
]

DATABASE = "classroom.sqlite3"
"""The database's file name in the data folder."""
LEAGUE_SUFFIXES = (".yaml", ".yml")
"""The league files' endings: the files of the data folder a copy takes besides the database."""
_LOCK = ".minibridge-server.lock"
"""The lock a running server holds, in the data folder."""
_HOLDER = ".minibridge-server.json"
"""Which process holds the lock, and since when: ``{"pid": 1234, "started": "2026-11-27T09:02:00"}``."""
_FULL_WORDS = ("disk is full", "disk i/o error")
"""What SQLite says when it cannot write to the disk."""


class FolderInUse(MiniBridgeError):
    """Another classroom server already holds the data folder."""


class DiskFull(OSError):
    """A write to the classroom's data folder failed: its disk is full (or refuses to write)."""


def disk_is_full(error: BaseException) -> bool:
    """Whether ``error`` is the disk refusing a write: :class:`DiskFull`, an OSError for a full disk or quota, or
    SQLite's "database or disk is full"."""
    if isinstance(error, DiskFull):
        return True
    if isinstance(error, OSError):
        return error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
    if isinstance(error, sqlite3.OperationalError):
        return any(words in str(error).lower() for words in _FULL_WORDS)
    return False


@contextmanager
def hold(folder: Path) -> Iterator[None]:
    """Hold the data folder (made when missing) while the block runs: raise :class:`FolderInUse`, naming the process
    that holds it, when another server does."""
    from filelock import FileLock, Timeout

    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(folder / _LOCK), timeout=0)
        lock.acquire()
    except Timeout:
        raise FolderInUse(_held_by(folder / _HOLDER), where=str(folder)) from None
    except OSError as err:
        raise MiniBridgeError(
            gettext("cannot use this folder (%(reason)s): give another --data") % {"reason": err.strerror or err},
            where=str(folder),
        ) from None
    holder = folder / _HOLDER
    try:
        started = datetime.now().isoformat(timespec="seconds")
        holder.write_text(json.dumps({"pid": os.getpid(), "started": started}) + "\n", encoding="utf-8")
        yield
    finally:
        holder.unlink(missing_ok=True)
        lock.release()


def _held_by(holder: Path) -> str:
    """The sentence that says which server holds the folder (as far as its note beside the lock tells)."""
    try:
        note = json.loads(holder.read_text(encoding="utf-8"))
        pid, started = int(note["pid"]), datetime.fromisoformat(note["started"])
    except (OSError, ValueError, KeyError, TypeError):
        return gettext("another classroom server already uses this folder: stop it first, or give another --data")
    when = started.strftime("%H:%M") if started.date() == date.today() else started.strftime("%Y-%m-%d %H:%M")
    return gettext(
        "a classroom server (process %(pid)s, started %(when)s) already uses this folder: stop it first, or give "
        "another --data"
    ) % {"pid": pid, "when": when}


def copy_name(day: date | None = None) -> str:
    """The name of a copy of the class's data made on ``day`` (today by default).

    >>> copy_name(date(2026, 11, 27))
    'minibridge-class-2026-11-27.zip'
    """
    return f"minibridge-class-{(day or date.today()).isoformat()}.zip"


def _league_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in LEAGUE_SUFFIXES and not p.name.startswith("."))


def class_copy(folder: Path) -> bytes:
    """A copy of the class's data in ``folder`` as a ``.zip``: the database (a consistent copy while the server
    writes to it) and the league files (each read under its lock)."""
    with tempfile.TemporaryDirectory() as scratch:
        copied = Path(scratch) / DATABASE
        source = sqlite3.connect(folder / DATABASE, timeout=30)
        target = sqlite3.connect(copied)
        try:
            source.backup(target)
        finally:
            target.close()
            source.close()
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            archive.write(copied, DATABASE)
            for league in _league_files(folder):
                with league_lock(league):  # as the league commands write it: a whole file, never half of one
                    archive.write(league, league.name)
    return buffer.getvalue()


def restore(copy: Path | bytes, folder: Path) -> None:
    """Put a copy of the class's data (:func:`class_copy`'s ``.zip``, as a file or its bytes) into ``folder``, made
    when missing. A folder that already has a class's data is refused, and so is a file that is no such copy."""
    if folder.exists() and ((folder / DATABASE).exists() or _league_files(folder)):
        raise MiniBridgeError(
            gettext("this folder already has a class's data: give a new folder to --data"), where=str(folder)
        )
    where = "" if isinstance(copy, bytes) else str(copy)
    not_a_copy = gettext("this is not a copy of a class's data (the .zip the teacher's room downloads)")
    try:
        with zipfile.ZipFile(io.BytesIO(copy) if isinstance(copy, bytes) else copy) as archive:
            names = archive.namelist()
            allowed = all(n == DATABASE or (n == Path(n).name and Path(n).suffix in LEAGUE_SUFFIXES) for n in names)
            if DATABASE not in names or not allowed:
                raise MiniBridgeError(not_a_copy, where=where or None)
            folder.mkdir(parents=True, exist_ok=True)
            for name in names:
                (folder / name).write_bytes(archive.read(name))
    except (zipfile.BadZipFile, OSError) as err:
        raise MiniBridgeError(
            not_a_copy if isinstance(err, zipfile.BadZipFile) else str(err.strerror or err), where=where or None
        ) from None
    _check_database(folder / DATABASE, not_a_copy, where)


def _check_database(path: Path, words: str, where: str) -> None:
    """Refuse (and remove) a restored database that SQLite cannot read."""
    try:
        db = sqlite3.connect(path)
        try:
            ok = db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        finally:
            db.close()
    except sqlite3.DatabaseError:
        ok = False
    if not ok:
        path.unlink(missing_ok=True)
        raise MiniBridgeError(words, where=where or None)
