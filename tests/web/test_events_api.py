"""The events' JSON API: the teacher starts an event; tables enter results, scored and match-pointed exactly as
``minibridge duplicate score`` scores the same results; refusals in words with their status; the teacher's
corrections; the stream of results; everything kept over a restart; Ctrl-C ends the streams."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from classroom_client import make_client
from events_client import TEACHER, cli_score, read_events
from starlette.testclient import TestClient

from minibridge.lessons import find_lesson
from minibridge.practice import pack_deals
from minibridge.web.server import free_port

MINIBRIDGE = str(Path(sys.executable).with_name("minibridge"))

RESULT_KEYS = {
    "ns",
    "ew",
    "contract",
    "declarer",
    "tricks",
    "ns_score",
    "ew_score",
    "ns_matchpoints",
    "ew_matchpoints",
}
ONE = {"board": 1, "ns": "1", "ew": "2", "contract": "3NT", "declarer": "S", "tricks": 10}


def _event(client: TestClient, **fields: Any) -> str:
    response = client.post("/api/events", json={"name": "Tuesday club", "boards": 4, **fields}, headers=TEACHER)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


# --- starting an event ---------------------------------------------------------------------------------------


def test_the_teacher_starts_an_event_with_the_boards_of_a_lesson_pack(client: TestClient):
    response = client.post(
        "/api/events", json={"name": "Class 5", "boards": 6, "lesson": 5, "seed": 42}, headers=TEACHER
    )
    assert response.status_code == 201
    created = response.json()
    assert set(created) >= {"id"} and len(created["id"]) >= 12
    assert (created["boards"], created["lesson"], created["seed"]) == (6, 5, 42)
    shown = client.get(f"/api/events/{created['id']}", headers=TEACHER).json()
    pack, _ = pack_deals(find_lesson(5), 6, seed=42)
    assert [d["deal"] for d in shown["deals"]] == [b.deal.to_pbn() for b in pack if b.deal]
    assert [d["dealer"] for d in shown["deals"]] == [b.dealer.letter for b in pack if b.dealer is not None]
    listed = client.get("/api/events", headers=TEACHER).json()
    assert [e["id"] for e in listed] == [created["id"]]


def test_boards_dealt_from_a_seed_are_the_same_for_the_same_seed(client: TestClient):
    first = _event(client, seed=7)
    second = _event(client, seed=7)
    other = _event(client, seed=8)
    deals = {
        e: [d["deal"] for d in client.get(f"/api/events/{e}", headers=TEACHER).json()["deals"]]
        for e in (first, second, other)
    }
    assert deals[first] == deals[second] != deals[other]
    assert len(deals[first]) == 4


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"boards": 4}, "name"),
        ({"name": "  ", "boards": 4}, "name of 1 to 60"),
        ({"name": "X", "boards": 0}, "1 to 36 boards"),
        ({"name": "X", "boards": "four"}, "'boards' should be a number"),
        ({"name": "X", "lesson": 9}, "lesson from 1 to 6"),
        ({"name": "X", "colour": "red"}, "'colour' is not a setting"),
        ({"name": "X", "slam": "yes"}, "'slam' should be true or false"),
    ],
)
def test_an_event_with_bad_settings_is_refused_in_words(client: TestClient, body: dict[str, Any], words: str):
    response = client.post("/api/events", json=body, headers=TEACHER)
    assert response.status_code == 422
    assert words in response.json()["error"]


@pytest.mark.parametrize(
    ("method", "path"),
    [("POST", "/api/events"), ("GET", "/api/events"), ("GET", "/api/events/x"), ("GET", "/api/events/x/pupils")],
)
def test_teacher_endpoints_need_the_teachers_token(client: TestClient, method: str, path: str):
    assert client.request(method, path, json={"name": "X"}).status_code == 401
    wrong = client.request(method, path, json={"name": "X"}, headers={"Authorization": "Bearer guess"})
    assert wrong.status_code == 403
    assert "teacher" in wrong.json()["error"]


# --- results from the tables ---------------------------------------------------------------------------------


def test_a_result_is_answered_scored_as_one_result_of_the_duplicate_command(client: TestClient, tmp_path: Path):
    event = _event(client)
    first = client.post(f"/api/events/{event}/results", json=ONE)
    assert first.status_code == 201
    assert set(first.json()) == RESULT_KEYS
    second = client.post(
        f"/api/events/{event}/results",
        json={"board": 1, "ns": "3", "ew": "4", "contract": "4H", "declarer": "N", "tricks": 8},
    )
    assert second.status_code == 201
    expected = cli_score(tmp_path, "1 1 2 3NT S 10\n1 3 4 4H N 8\n")
    assert second.json() == expected["boards"][0]["results"][1]
    assert second.json()["ns_matchpoints"] == 0 and second.json()["ew_matchpoints"] == 2


def test_the_ranking_is_the_duplicate_commands_on_the_same_results(client: TestClient, tmp_path: Path):
    event = _event(client, slam=True)
    lines = [
        "1 1 1 3NT S 10",
        "1 2 2 4S N 10",
        "1 3 3 6NT S 11",
        "2 1 2 4H E 10",
        "2 2 3 1NT E =",
        "2 3 1 game-in-hearts W -1",
    ]
    for line in lines:
        board, ns, ew, contract, declarer, tricks = line.split()
        if contract == "game-in-hearts":
            contract = "game in hearts"
        response = client.post(
            f"/api/events/{event}/results",
            json={
                "board": int(board),
                "ns": ns,
                "ew": ew,
                "contract": contract,
                "declarer": declarer,
                "tricks": tricks,
            },
        )
        assert response.status_code == 201, response.text
    ranking = client.get(f"/api/events/{event}/ranking").json()
    text = "\n".join(lines).replace("game-in-hearts", "4H")
    expected = cli_score(tmp_path, text, "--slam")
    assert ranking == expected
    exported = client.get(f"/api/events/{event}/results.txt")
    assert exported.headers["content-type"].startswith("text/plain")
    assert cli_score(tmp_path, exported.text, "--slam") == expected


def test_an_event_without_results_has_an_empty_ranking(client: TestClient):
    event = _event(client)
    assert client.get(f"/api/events/{event}/ranking").json() == {
        "boards": [],
        "rankings": {"ns": [], "ew": []},
        "notes": [],
    }


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"contract": "2NT"}, "contract: '2NT' is not a contract"),
        ({"contract": "6NT"}, "contract"),
        ({"contract": ""}, "no contract"),
        ({"declarer": "X"}, "declarer: 'X' is not a seat; write N, E, S or W"),
        ({"tricks": 14}, "declarer takes 0 to 13"),
        ({"tricks": "+5"}, "declarer takes 0 to 13"),
        ({"tricks": "lots"}, "is not declarer's tricks"),
        ({"tricks": True}, "tricks: write it as text or a number"),
        ({"board": 5}, "not one of this event's boards, 1 to 4"),
        ({"ns": "Amy and Ben"}, "N–S pair: 'Amy and Ben' is not a pair"),
        ({"ew": None}, "no E–W pair"),
        ({"result": "made"}, "'result' is not part of a result"),
    ],
)
def test_a_bad_result_is_refused_in_plain_words_and_changes_nothing(
    client: TestClient, change: dict[str, Any], words: str
):
    event = _event(client)
    response = client.post(f"/api/events/{event}/results", json={**ONE, **change})
    assert response.status_code == 422
    assert words in response.json()["error"]
    assert "Traceback" not in response.text
    assert client.get(f"/api/events/{event}/ranking").json()["boards"] == []


def test_the_same_board_for_the_same_pairs_again_is_refused_and_the_teacher_replaces_it(client: TestClient):
    event = _event(client)
    assert client.post(f"/api/events/{event}/results", json=ONE).status_code == 201
    again = client.post(f"/api/events/{event}/results", json={**ONE, "tricks": 8})
    assert again.status_code == 409
    assert "board 1 is already entered" in again.json()["error"]
    assert again.json()["entered"] == [ONE]
    # a pair plays a board once, whoever the other pair was
    other = client.post(f"/api/events/{event}/results", json={**ONE, "ew": "7"})
    assert other.status_code == 409
    # a table cannot replace; the teacher can, and the record keeps both
    assert client.post(f"/api/events/{event}/results", json={**ONE, "tricks": 8, "replace": True}).status_code == 401
    fixed = client.post(f"/api/events/{event}/results", json={**ONE, "tricks": 8, "replace": True}, headers=TEACHER)
    assert fixed.status_code == 200
    assert fixed.json()["tricks"] == 8 and fixed.json()["ns_score"] == 0 and fixed.json()["ew_score"] == 50
    board = client.get(f"/api/events/{event}/ranking").json()["boards"][0]
    assert [r["tricks"] for r in board["results"]] == [8]
    history = client.app.state.events.history(event)  # type: ignore[attr-defined]
    assert [(r.entry.tricks, r.in_force, r.by, r.replaces) for r in history] == [
        (10, False, "table", ()),
        (8, True, "teacher", (history[0].number,)),
    ]


def test_results_need_the_class_code_where_one_is_set(tmp_path: Path):
    with make_client(tmp_path, class_code="OWL42") as client:
        event = _event(client)
        path = f"/api/events/{event}/results"
        assert client.post(path, json=ONE).status_code == 401
        assert client.post(path, json=ONE, headers={"X-Class-Code": "CAT11"}).status_code == 403
        assert client.get(f"/api/events/{event}/ranking").status_code == 401
        assert client.get(f"/api/events/{event}/ranking", headers={"X-Class-Code": "nope"}).status_code == 403
        assert client.post(f"/api/events/{event}/games", json={"pupil": "Amy"}).status_code == 401
        assert client.post(path, json=ONE, headers={"X-Class-Code": "owl42"}).status_code == 201
        assert client.get(f"/api/events/{event}/ranking", headers=TEACHER).status_code == 200


def test_a_closed_event_takes_no_more_results_but_the_teachers_corrections(client: TestClient):
    event = _event(client)
    client.app.state.events.set_closed(event, True)  # type: ignore[attr-defined]
    refused = client.post(f"/api/events/{event}/results", json=ONE)
    assert refused.status_code == 409 and "closed" in refused.json()["error"]
    assert client.post(f"/api/events/{event}/games", json={"pupil": "Amy"}).status_code == 409
    assert (
        client.post(f"/api/events/{event}/results", json={**ONE, "replace": True}, headers=TEACHER).status_code == 201
    )


def test_an_event_that_does_not_exist_is_not_found(client: TestClient):
    for path in ("/api/events/nope/ranking", "/api/events/nope/results.txt"):
        response = client.get(path)
        assert response.status_code == 404 and "no such event" in response.json()["error"]
    assert client.post("/api/events/nope/results", json=ONE).status_code == 404


def test_events_and_results_survive_a_restart(tmp_path: Path):
    with make_client(tmp_path) as client:
        event = _event(client)
        client.post(f"/api/events/{event}/results", json=ONE)
        before = client.get(f"/api/events/{event}/ranking").json()
    with make_client(tmp_path) as client:
        assert client.get(f"/api/events/{event}/ranking").json() == before
        assert client.post(f"/api/events/{event}/results", json=ONE).status_code == 409


# --- the stream of results -----------------------------------------------------------------------------------


def test_the_stream_sends_one_event_for_every_new_or_changed_result(address: str):
    event = httpx2.post(f"{address}/api/events", json={"name": "Club", "boards": 2}, headers=TEACHER).json()["id"]
    post = httpx2.post(f"{address}/api/events/{event}/results", json=ONE)
    assert post.status_code == 201
    received: list[dict[str, Any]] = []
    connected = threading.Event()

    def listen() -> None:
        with httpx2.stream("GET", f"{address}/api/events/{event}/stream", timeout=30) as response:
            assert response.headers["content-type"].startswith("text/event-stream")
            connected.set()
            received.extend(read_events(response, 3))

    listener = threading.Thread(target=listen)
    listener.start()
    assert connected.wait(30)
    second = {"board": 2, "ns": "1", "ew": "2", "contract": "4S", "declarer": "E", "tricks": 9}
    assert httpx2.post(f"{address}/api/events/{event}/results", json=second).status_code == 201
    fixed = httpx2.post(
        f"{address}/api/events/{event}/results", json={**second, "tricks": 11, "replace": True}, headers=TEACHER
    )
    assert fixed.status_code == 200
    listener.join(30)
    assert not listener.is_alive()
    assert [e["event"] for e in received] == ["result"] * 3
    ids = [int(e["id"]) for e in received]
    assert ids == sorted(ids) and len(set(ids)) == 3
    first, new, correction = (e["data"] for e in received)
    assert (first["board"], first["contract"], first["tricks"], first["ns_score"]) == (1, "3NT", 10, 430)
    assert (new["board"], new["tricks"], new["ew_score"], new["correction"]) == (2, 9, 0, False)
    assert (correction["tricks"], correction["ew_score"], correction["correction"]) == (11, 450, True)
    assert correction["replaces"] == [ids[1]] and correction["by"] == "teacher"

    # a browser that connects again says the last event it saw, and gets only what came after it
    with httpx2.stream(
        "GET", f"{address}/api/events/{event}/stream", headers={"Last-Event-ID": str(ids[1])}, timeout=30
    ) as response:
        assert [int(e["id"]) for e in read_events(response, 1)] == [ids[2]]


def test_ctrl_c_ends_the_streams_and_the_server_stops_cleanly(tmp_path: Path):
    port = free_port()
    command = [
        MINIBRIDGE,
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--no-open",
        "--teacher-token",
        "teacher",
        "--data",
    ]
    process = subprocess.Popen([*command, str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    address = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            with contextlib.suppress(httpx2.HTTPError):
                if httpx2.get(f"{address}/api/health", timeout=1).status_code == 200:
                    break
            time.sleep(0.05)
        event = httpx2.post(f"{address}/api/events", json={"name": "Club", "boards": 1}, headers=TEACHER).json()["id"]
        with httpx2.stream("GET", f"{address}/api/events/{event}/stream", timeout=30) as response:
            lines = response.iter_lines()
            assert next(lines).startswith("retry:")
            process.send_signal(signal.SIGINT)
            assert list(lines) == [""]  # the stream ends with the server
        output, errors = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0 and "stopped" in output
    assert "Traceback" not in errors and "timeout" not in errors, errors
