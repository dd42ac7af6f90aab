"""The data folder is safe: one server at a time holds it (killed, it frees it), the port is free again at once after
a stop, a full disk is said in words and loses nothing, and a copy of the class's data downloaded from the
teacher's room starts a new server with the games and the progress in it."""

from __future__ import annotations

import http.client
import io
import logging
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path
from typing import Any

import httpx2
import pytest
from classroom_client import make_client, next_action
from starlette.testclient import TestClient

from minibridge.classroom.data_folder import DATABASE, FolderInUse, class_copy, hold, restore
from minibridge.errors import MiniBridgeError
from minibridge.league import new_league
from minibridge.web.requests import sentence
from minibridge.web.server import free_port

MINIBRIDGE = str(Path(sys.executable).with_name("minibridge"))
TEACHER = {"Authorization": "Bearer teacher"}
FULL = "The computer's disk is full: the teacher must make room. Nothing already saved is lost."


def _start(data: Path, *args: str, port: int | None = None) -> tuple[subprocess.Popen[str], int]:
    """``minibridge serve`` over ``data`` on this computer, once it answers."""
    port = port or free_port()
    command = [MINIBRIDGE, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-open", "--data", str(data)]
    process = subprocess.Popen([*command, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(300):
        if process.poll() is not None:
            pytest.fail(f"the server stopped: {process.communicate()}")
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return process, port
        except httpx2.HTTPError:
            time.sleep(0.05)
    process.kill()
    pytest.fail("the server did not start")


def _stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=20)
    assert process.returncode == 0, output
    return output


def _serve_once(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``minibridge serve`` over ``data`` that is expected to refuse at once."""
    command = [MINIBRIDGE, "serve", "--host", "127.0.0.1", "--port", str(free_port()), "--no-open", "--data"]
    return subprocess.run([*command, str(data), *args], capture_output=True, text=True, timeout=30)


# --- one server per data folder ----------------------------------------------------------------------------------


def test_a_second_server_on_the_same_folder_is_refused_naming_the_first(tmp_path: Path):
    first, port = _start(tmp_path)
    try:
        second = _serve_once(tmp_path)
        assert second.returncode == 1
        assert re.search(rf"a classroom server \(process {first.pid}, started \d\d:\d\d\)", second.stderr)
        assert "already uses this folder: stop it first, or give another --data" in second.stderr
        assert "Traceback" not in second.stderr and "Pupils:" not in second.stdout
        assert httpx2.get(f"http://127.0.0.1:{port}/api/health").status_code == 200  # the first serves on
    finally:
        _stop(first)
    again, _ = _start(tmp_path)  # stopped, the first frees the folder
    _stop(again)


def test_a_server_killed_frees_its_folder(tmp_path: Path):
    first, _ = _start(tmp_path)
    first.send_signal(signal.SIGKILL)
    first.communicate(timeout=20)
    assert first.returncode == -signal.SIGKILL
    again, port = _start(tmp_path)
    try:
        game = httpx2.post(f"http://127.0.0.1:{port}/api/games", json={"lesson": 3, "seed": 1})
        assert game.status_code == 201
    finally:
        _stop(again)


def test_the_folder_is_held_in_the_library_and_freed_after(tmp_path: Path):
    with hold(tmp_path), pytest.raises(FolderInUse, match=f"process {os.getpid()}, started"), hold(tmp_path):
        pass  # pragma: no cover - never reached
    with hold(tmp_path):  # free again
        pass


# --- the port is free again at once -------------------------------------------------------------------------------


def test_a_server_starts_again_at_once_on_the_port_it_just_left(tmp_path: Path):
    first, port = _start(tmp_path)
    kept = http.client.HTTPConnection("127.0.0.1", port, timeout=5)  # a tablet's open connection, closed by the stop
    kept.request("GET", "/api/health")
    assert kept.getresponse().read()
    _stop(first)
    kept.close()
    again, _ = _start(tmp_path, port=port)
    _stop(again)


# --- a full disk ------------------------------------------------------------------------------------------------


class _FullDisk:
    """A database connection whose writes the disk refuses, as SQLite says it; reads work."""

    def __init__(self, db: sqlite3.Connection, error: Exception) -> None:
        self.db = db
        self.error = error

    def execute(self, sql: str, *args: Any) -> Any:
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE")):
            raise self.error
        return self.db.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> Any:
        raise self.error

    def __enter__(self) -> Any:
        return self.db.__enter__()

    def __exit__(self, *exc: Any) -> Any:
        return self.db.__exit__(*exc)

    def close(self) -> None:
        self.db.close()


def _fill_the_disk(client: TestClient, error: Exception) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    store._db = _FullDisk(store._db, error)


@pytest.mark.parametrize(
    "error",
    [sqlite3.OperationalError("database or disk is full"), OSError(28, "No space left on device")],
    ids=["sqlite", "oserror"],
)
def test_a_full_disk_is_said_in_words_once_and_loses_nothing(
    client: TestClient, error: Exception, caplog: pytest.LogCaptureFixture
):
    view = client.post("/api/games", json={"lesson": 3, "seed": 1}).json()
    before = client.get(f"/api/games/{view['id']}").json()
    _fill_the_disk(client, error)
    with caplog.at_level(logging.ERROR):
        for _ in range(2):
            refused = client.post(f"/api/games/{view['id']}/actions", json=next_action(view, random.Random(1)))
            assert refused.status_code == 503
            assert sentence(refused.json()["error"]) == FULL  # the API's words, as every refusal of it
        assert client.post("/api/games", json={"lesson": 3, "seed": 2}).status_code == 503
    told = [r for r in caplog.records if "disk" in r.getMessage()]
    assert len(told) == 1 and told[0].exc_info is None
    assert client.get(f"/api/games/{view['id']}").json() == before  # nothing lost, nothing half-saved
    page = client.get("/teacher?token=teacher")
    assert page.status_code == 200 and "teacher's room" in page.text  # reading pages keep working
    assert client.get("/api/progress", headers=TEACHER).status_code == 200


def test_a_full_disk_on_a_page_is_a_page_in_words(client: TestClient):
    client.get("/teacher?token=teacher")

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    client.app.state.store.switches = full  # type: ignore[attr-defined]
    page = client.get("/teacher/progress", headers={"Accept": "text/html"})
    assert page.status_code == 503
    assert "text/html" in page.headers["content-type"] and FULL in page.text.replace("&#39;", "'")
    assert "<h1>The disk is full</h1>" in page.text


def test_another_database_error_is_still_the_servers_error(tmp_path: Path):
    with make_client(tmp_path) as client:
        _fill_the_disk(client, sqlite3.OperationalError("no such table: games"))
        client = TestClient(client.app, raise_server_exceptions=False)
        assert client.post("/api/games", json={"lesson": 3, "seed": 1}).status_code == 500


# --- a copy of the class's data ----------------------------------------------------------------------------------


def _play_and_answer(client: TestClient) -> dict[str, Any]:
    view = client.post("/api/games", json={"lesson": 3, "seed": 1}).json()
    rng = random.Random(3)
    for _ in range(3):
        view = client.post(f"/api/games/{view['id']}/actions", json=next_action(view, rng)).json()
    answered = client.post("/api/lessons/3/answers", json={"pupil": "Amy", "answers": {"5": 7}})
    assert answered.status_code == 200
    return client.get(f"/api/games/{view['id']}").json()


def test_the_teacher_downloads_a_copy_and_a_new_server_starts_from_it(tmp_path: Path):
    data = tmp_path / "class"
    new_league(data / "spring.yaml", ["Amy", "Ben", "Cas", "Dee"])
    with make_client(data) as client:
        game = _play_and_answer(client)
        assert client.get("/api/backup").status_code in (401, 403)  # a pupil gets no copy
        copy = client.get("/api/backup", headers=TEACHER)
        assert copy.status_code == 200 and copy.headers["content-type"] == "application/zip"
        name = copy.headers["content-disposition"]
        assert f'filename="minibridge-class-{time.strftime("%Y-%m-%d")}.zip"' in name
        client.get("/teacher?token=teacher")
        room = client.get("/teacher")
        assert 'href="/teacher/backup.zip"' in room.text and "Download a copy of the class" in room.text
        assert client.get("/teacher/backup.zip").content[:2] == b"PK"
    names = zipfile.ZipFile(io.BytesIO(copy.content)).namelist()
    assert sorted(names) == [DATABASE, "spring.yaml"]
    saved = tmp_path / "copy.zip"
    saved.write_bytes(copy.content)
    restored = tmp_path / "restored"
    process, port = _start(restored, "--restore", str(saved), "--teacher-token", "teacher")
    try:
        again = httpx2.get(f"http://127.0.0.1:{port}/api/games/{game['id']}").json()
        assert again == game
        progress = httpx2.get(f"http://127.0.0.1:{port}/api/progress", headers=TEACHER).json()
        assert "Amy" in str(progress)
        assert (restored / "spring.yaml").read_text() == (data / "spring.yaml").read_text()
    finally:
        _stop(process)


def test_a_copy_is_never_put_over_a_folder_with_data(tmp_path: Path):
    with make_client(tmp_path / "class") as client:
        client.post("/api/games", json={"lesson": 3, "seed": 1})
    copy = tmp_path / "copy.zip"
    copy.write_bytes(class_copy(tmp_path / "class"))
    before = (tmp_path / "class" / DATABASE).read_bytes()
    refused = _serve_once(tmp_path / "class", "--restore", str(copy))
    assert refused.returncode == 1 and "already has a class's data" in refused.stderr
    assert (tmp_path / "class" / DATABASE).read_bytes() == before
    not_a_copy = tmp_path / "notes.zip"
    with zipfile.ZipFile(not_a_copy, "w") as archive:
        archive.writestr("../evil.yaml", "x")
    with pytest.raises(MiniBridgeError, match="not a copy of a class's data"):
        restore(not_a_copy, tmp_path / "new")
    (tmp_path / "broken.zip").write_text("no zip")
    refused = _serve_once(tmp_path / "other", "--restore", str(tmp_path / "broken.zip"))
    assert refused.returncode == 1 and "not a copy of a class's data" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_a_copy_made_while_games_are_saved_holds_every_game_saved_before(tmp_path: Path):
    with make_client(tmp_path) as client:
        store = client.app.state.store  # type: ignore[attr-defined]
        saved: list[str] = []
        done = threading.Event()

        def pupils_play() -> None:
            while not done.is_set():
                saved.append(store.create_game({"setup": {}, "deals": [], "filler": "x" * 4000}))

        playing = threading.Thread(target=pupils_play)
        playing.start()
        try:
            while len(saved) < 50:
                time.sleep(0.01)
            before = list(saved)
            copy = class_copy(tmp_path)
        finally:
            done.set()
            playing.join()
    restore(copy, tmp_path / "restored")
    db = sqlite3.connect(tmp_path / "restored" / DATABASE)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        kept = {row[0] for row in db.execute("SELECT id FROM games")}
    finally:
        db.close()
    assert set(before) <= kept <= set(saved)
