"""Hostile numbers and names on every field of every route of the classroom server: ``²``, ``٣``, a 5,000-digit
number, a lone surrogate in JSON, U+202E, U+200B, NUL, 100,000 letters, Cyrillic. The routes are found from the
app, not typed by hand; no answer is a 500, and afterwards the pages the class uses still answer (nothing bad was
stored)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import httpx2
import pytest
from classroom_client import make_client
from starlette.routing import Route
from starlette.testclient import TestClient

from minibridge.web.server import running

TEACHER = {"Authorization": "Bearer teacher", "Origin": "http://testserver"}
HOSTILE = ["²", "٣", "9" * 5000, "Amy\u202e", "Amy\u200b", "Amy\x00", "x" * 100_000, "Пётр", "-1", "1.5"]
"""Values sent in every field: Unicode digits, a huge number, control and format characters, a long and a
Cyrillic name, and numbers out of range."""
SURROGATE = "a\ud800"
"""A lone surrogate: only JSON can carry it (``"a\\ud800"``)."""
FIELDS = [
    "name", "pair", "pairs", "board", "round", "lesson", "deals", "seed", "trick", "target", "tricks", "contract",
    "declarer", "seat", "player", "table", "tables", "points", "code", "class_code", "pupil", "ns", "ew", "to",
    "boards", "result", "first", "second", "title", "number", "chosen", "last",
]  # fmt: skip
"""The field names sent to every route, in its query, its form and its JSON body."""
GOOD = {
    "name": "Amy", "pair": "3", "pairs": "6", "board": "2", "round": "1", "lesson": "3", "deals": "2", "seed": "7",
    "trick": "1", "target": "100", "tricks": "9", "contract": "3N", "declarer": "S", "seat": "N", "player": "x",
    "table": "1", "tables": "1", "points": "12", "code": "K7MPX", "class_code": "K7MPX", "pupil": "Amy", "ns": "3",
    "ew": "4", "to": "2", "boards": "4", "result": "9", "first": "Amy", "second": "Ben", "title": "Club",
    "number": "1", "chosen": "1", "last": "1",
}  # fmt: skip
"""A plausible value for each field, so a route reads every field up to the hostile one (a route that refuses
the first bad field it meets would hide the fields after it)."""
ONE_FIELD = ["²", "9" * 5000, "Amy\u200b"]
"""Values sent in one field at a time, the others good (and a lone surrogate in JSON)."""
SKIPPED = ("stream",)
"""Routes left out of the sweep: a stream of events never ends (its Last-Event-ID is tried on its own below)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """A server with an event, a table and a game, and the real ids to put in the routes' addresses."""
    client = make_client(tmp_path_factory.mktemp("data"))
    client.headers.update({"X-Forwarded-For": "127.0.0.1"})
    event = client.post("/api/events", json={"name": "Tuesday club", "boards": 4}, headers=TEACHER)
    assert event.status_code == 201, event.text
    tables = client.post("/api/tables", json={"tables": 1, "lesson": 3, "deals": 2, "seed": 7}, headers=TEACHER)
    assert tables.status_code == 201, tables.text
    game = client.post("/api/games", json={"lesson": 3})
    assert game.status_code in (200, 201), game.text
    ids = {
        "event_id": str(event.json()["id"]),
        "table_id": str(tables.json()["tables"][0]["id"]),
        "game_id": str(game.json()["id"]),
        "number": "3",
    }
    yield client, ids
    client.close()


def _routes(client: TestClient) -> list[Route]:
    return [r for r in client.app.routes if isinstance(r, Route) and not any(s in r.path for s in SKIPPED)]  # type: ignore[attr-defined]


def _address(route: Route, ids: dict[str, str], hostile: str | None) -> str:
    """The route's address with its parts filled in: the real ids, or ``hostile`` in each."""
    path = route.path
    for part in route.param_convertors:
        value = ids.get(part, "spring.yaml") if hostile is None else quote(hostile, safe="")
        if route.param_convertors[part].regex == "[0-9]+" and not value.isascii():
            value = "3"
        path = path.replace("{" + part + "}", value).replace("{" + part + ":int}", value)
        path = path.replace("{" + part + ":path}", value).replace("{" + part + ":str}", value)
    return path


def _assert_no_crash(response, what: str) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code < 500 or response.status_code == 503, f"{what}: {response.status_code}"


def _sweep(client: TestClient, ids: dict[str, str], headers: dict[str, str]) -> None:
    for route in _routes(client):
        for method in sorted((route.methods or {"GET"}) - {"HEAD"}):
            for value in HOSTILE:
                for address in (_address(route, ids, None), _address(route, ids, value[:200])):
                    fields = dict.fromkeys(FIELDS, value)
                    sent: dict[str, str | bytes] = {
                        **headers,
                        "Last-Event-ID": value[:200].encode("utf-8").replace(b"\x00", b""),
                    }
                    what = f"{method} {address[:80]} with {value[:10]!r}"
                    if method == "GET":  # an address holds at most 64 KiB: a long value in the first fields only
                        query = fields if len(value) < 200 else dict.fromkeys(FIELDS[:11], value[:5000])
                        response = client.get(address, params=query, headers=sent)
                        _assert_no_crash(response, what)
                        continue
                    response = client.request(method, address, data=fields, headers=sent)
                    _assert_no_crash(response, f"{what} (form)")
                    for json_value in (value, SURROGATE, int("9" * 30) if value.startswith("9") else value):
                        body = json.dumps(dict.fromkeys(FIELDS, json_value))
                        response = client.request(
                            method, address, content=body, headers={**sent, "Content-Type": "application/json"}
                        )
                        _assert_no_crash(response, f"{what} (JSON {json_value!r:.10})")


def _sweep_one_field(client: TestClient, ids: dict[str, str], headers: dict[str, str]) -> None:
    """Every field of every route hostile in turn, the others good: in the query, the form and a JSON body."""
    for route in _routes(client):
        address = _address(route, ids, None)
        for method in sorted((route.methods or {"GET"}) - {"HEAD"}):
            for field in FIELDS:
                for value in ONE_FIELD:
                    fields = {**GOOD, field: value}
                    what = f"{method} {address[:80]} with {field}={value[:10]!r}"
                    if method == "GET":
                        _assert_no_crash(client.get(address, params=fields, headers=headers), what)
                        continue
                    _assert_no_crash(client.request(method, address, data=fields, headers=headers), f"{what} (form)")
                if method != "GET":
                    body = json.dumps({**GOOD, field: SURROGATE})
                    sent = {**headers, "Content-Type": "application/json"}
                    response = client.request(method, address, content=body, headers=sent)
                    _assert_no_crash(response, f"{method} {address[:80]} with {field} a lone surrogate (JSON)")


def _still_answering(client: TestClient, ids: dict[str, str]) -> None:
    """The class's pages still answer: nothing bad was stored."""
    event = ids["event_id"]
    for address, headers in [
        ("/", {}),
        ("/events/" + event + "/join", {}),
        (f"/api/events/{event}/ranking", {}),
        (f"/api/events/{event}/results.txt", {}),
        (f"/teacher/events/{event}/screen", TEACHER),
        ("/teacher/events/screen", TEACHER),
        ("/teacher/events/" + event, TEACHER),
        ("/teacher/screen", TEACHER),
        ("/teacher", TEACHER),
        ("/api/tables", {}),
    ]:
        response = client.get(address, headers=headers)
        assert response.status_code in (200, 303), f"{address}: {response.status_code} {response.text[:200]}"


def test_hostile_values_on_every_route_never_give_a_500_as_the_teacher(server: tuple[TestClient, dict[str, str]]):
    client, ids = server
    assert client.get("/teacher?token=teacher", follow_redirects=False).status_code == 303
    _sweep(client, ids, TEACHER)
    _still_answering(client, ids)


def test_hostile_values_on_every_route_never_give_a_500_as_a_pupil(server: tuple[TestClient, dict[str, str]]):
    client, ids = server
    client.cookies.clear()
    _sweep(client, ids, {"Origin": "http://testserver"})
    _still_answering(client, ids)


def test_one_hostile_field_at_a_time_never_gives_a_500(tmp_path: Path):
    client = make_client(tmp_path)
    event = client.post("/api/events", json={"name": "Tuesday club", "boards": 4}, headers=TEACHER)
    tables = client.post("/api/tables", json={"tables": 1, "lesson": 3, "deals": 2, "seed": 7}, headers=TEACHER)
    game = client.post("/api/games", json={"lesson": 3})
    ids = {
        "event_id": str(event.json()["id"]),
        "table_id": str(tables.json()["tables"][0]["id"]),
        "game_id": str(game.json()["id"]),
        "number": "3",
    }
    _sweep_one_field(client, ids, TEACHER)  # the teacher passes every door: each route reads its fields
    _still_answering(client, ids)


def test_a_hostile_event_name_is_refused_and_not_stored(server: tuple[TestClient, dict[str, str]]):
    client, _ = server
    for name in (SURROGATE, "Amy\u200b", "Amy\u202e", "x" * 100_000, "\x00"):
        body = json.dumps({"name": name, "boards": 4})
        response = client.post("/api/events", content=body, headers={**TEACHER, "Content-Type": "application/json"})
        assert response.status_code in (413, 422), (name[:10], response.status_code)
        assert response.json()["error"]
    listed = client.get("/api/events", headers=TEACHER)
    assert listed.status_code == 200
    assert all("\u200b" not in e["name"] and "\u202e" not in e["name"] for e in listed.json())


def test_a_cyrillic_event_downloads_its_results_with_a_utf8_file_name(server: tuple[TestClient, dict[str, str]]):
    client, _ = server
    event = client.post("/api/events", json={"name": "Пётр клуб", "boards": 4}, headers=TEACHER)
    assert event.status_code == 201, event.text
    for address in ("/api/events/{}/results.txt", "/teacher/events/{}/boards.pbn"):
        response = client.get(address.format(event.json()["id"]), headers=TEACHER)
        assert response.status_code == 200, response.text
        disposition = response.headers["content-disposition"]
        assert "filename*=UTF-8''%D0%BF%D1%91%D1%82%D1%80" in disposition, disposition
        disposition.encode("ascii")


GOOD_RESULT = {"board": "2", "ns": "3", "ew": "4", "contract": "4H", "declarer": "E", "tricks": "11"}
"""A table's result as its tablet sends it: each field in turn is made hostile."""


@pytest.mark.parametrize("field", list(GOOD_RESULT))
def test_a_tablet_result_with_one_hostile_field_is_refused_and_not_stored(
    server: tuple[TestClient, dict[str, str]], field: str
):
    client, _ = server
    event = client.post("/api/events", json={"name": "Hostile tablets", "boards": 4}, headers=TEACHER).json()["id"]
    kept = {"ns": ("1.5", "Пётр"), "ew": ("1.5", "Пётр"), "tricks": ("-1",)}.get(field, ())  # may be right
    for value in [*(v for v in HOSTILE if v not in kept), "³", "Amy\u200b", *kept]:
        result = {**GOOD_RESULT, field: value}
        asked = client.get(f"/events/{event}/table", params={k: v[:5000] for k, v in result.items()})
        assert asked.status_code < 500, (field, value[:10], asked.status_code)
        posted = client.post(f"/events/{event}/table", data=result, headers={"Origin": "http://testserver"})
        assert posted.status_code < 500, (field, value[:10], posted.status_code)
        sent = client.post(f"/api/events/{event}/results", json=result)
        assert sent.status_code < 500, (field, value[:10], sent.status_code)
        if value in kept:
            continue
        assert sent.status_code in (400, 413, 415, 422), (field, value[:10], sent.status_code)
    ranking = client.get(f"/api/events/{event}/ranking")
    assert ranking.status_code == 200
    stored = [(r["ns"], r["ew"]) for board in ranking.json()["boards"] for r in board["results"]]
    assert all(ns in ("3", *kept) and ew in ("4", *kept) for ns, ew in stored), stored
    for address in (f"/teacher/events/{event}", f"/teacher/events/{event}/screen", f"/events/{event}/table"):
        assert client.get(address, headers=TEACHER).status_code == 200, address


def test_a_hostile_last_event_id_on_every_stream_is_not_a_500(tmp_path: Path):
    app = make_client(tmp_path).app
    with running(app) as address:
        event = httpx2.post(f"{address}/api/events", json={"name": "Club", "boards": 4}, headers=TEACHER)
        tables = httpx2.post(f"{address}/api/tables", json={"tables": 1, "lesson": 3}, headers=TEACHER)
        ids = {"event_id": event.json()["id"], "table_id": tables.json()["tables"][0]["id"]}
        streams = [r for r in app.routes if isinstance(r, Route) and "stream" in r.path]  # type: ignore[attr-defined]
        assert len(streams) >= 3
        for route in streams:
            for value in ("²", "٣", "9" * 5000, "-1", "Пётр"):
                headers = {**TEACHER, "Last-Event-ID": value.encode("utf-8"), "Cookie": "x=y"}
                with httpx2.stream("GET", address + _address(route, ids, None), headers=headers, timeout=10) as got:
                    assert got.status_code < 500, (route.path, value[:10], got.status_code)
