"""The class's tables on the JSON API: the teacher sets them up, pupils sit down with the class code, each seat's
VIEW and nothing else, the pupils' decisions, the teacher's steering, refusals in words that change nothing,
an event's boards into its ranking, and each seat's view followed by Server-Sent Events."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tables_client import TEACHER, events, open_tables, player, pupil_action, settle, sit, tables_client

from minibridge.classroom.class_table import ClassTable
from minibridge.web.table_service import Viewer
from minibridge.web.tables import play

CARD = re.compile(r"\b[SHDC][AKQJT2-9]\b")
TABLE_KEYS = {"table", "seat", "seats", "paused"}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TestClient]:
    with tables_client(tmp_path) as client:
        yield client


def _game_view_keys(client: TestClient) -> set[str]:
    """The keys of a pupil's VIEW in a game against the computer."""
    response = client.post("/api/games", json={"lesson": 5, "deals": 1, "seed": 7})
    assert response.status_code == 201, response.text
    return set(response.json())


def _error(response: Any, status: int, words: str = "") -> str:
    """The words of a refusal with ``status``: ``{"error": …}`` and nothing else."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and isinstance(body["error"], str) and body["error"]
    assert words in body["error"]
    return str(body["error"])


def _teacher_view(client: TestClient, table_id: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}", headers=TEACHER)
    assert response.status_code == 200, response.text
    return dict(response.json())


def _until(client: TestClient, table_id: str, key: str, done: Any, *, most: int = 200) -> dict[str, Any]:
    """The pupil of ``key`` takes the first decision offered each time it is theirs, until ``done(view)``."""
    for _ in range(most):
        view = settle(client, table_id, player(key))
        if done(view):
            return view
        assert view["pupil_to_act"], view
        response = client.post(f"/api/tables/{table_id}/actions", json=pupil_action(view), headers=player(key))
        assert response.status_code == 200, response.text
    raise AssertionError("never done")


def _over(view: dict[str, Any]) -> bool:
    return view["phase"] in ("deal_over", "game_over")


# --- setting up the tables ----------------------------------------------------------------------------------------


def test_the_teacher_sets_up_the_tables_and_the_class_sees_who_sits_where(server: TestClient):
    response = server.post("/api/tables", json={"tables": 3, "lesson": 3, "deals": 4, "seed": 7}, headers=TEACHER)
    assert response.status_code == 201
    tables = response.json()["tables"]
    assert [table["number"] for table in tables] == [1, 2, 3] and len({table["id"] for table in tables}) == 3
    assert set(response.json()) == {"tables"} and all(set(table) == {"id", "number"} for table in tables)
    computer = {"name": None, "robot": True}
    for headers in (TEACHER, {}):
        listed = server.get("/api/tables", headers=headers)
        assert listed.status_code == 200
        assert [(t["id"], t["number"]) for t in listed.json()["tables"]] == [(t["id"], t["number"]) for t in tables]
        assert all(t["seats"] == dict.fromkeys("NESW", computer) for t in listed.json()["tables"])
    sit(server, tables[1]["id"], "E", "Ann")
    listed = server.get("/api/tables").json()["tables"]
    assert listed[1]["seats"]["E"] == {"name": "Ann", "robot": False} and listed[0]["seats"]["E"] == computer
    assert not CARD.search(re.sub(r'"id": ?"[^"]*"', "", server.get("/api/tables").text))  # no card in the overview
    again = open_tables(server, tables=1, lesson=5, robots="teacher", seed=1)
    assert server.get(f"/api/tables/{tables[0]['id']}", headers=TEACHER).status_code == 404  # the old ones closed
    (table,) = server.get("/api/tables").json()["tables"]
    assert table["id"] == again[0] and table["seats"] == dict.fromkeys("NESW")


@pytest.mark.parametrize("variant", ["simple", "normal"])
def test_three_handed_tables_have_the_three_players_places(server: TestClient, variant: str):
    (table_id,) = open_tables(server, tables=1, three_handed=variant, deals=2, seed=3)
    assert list(server.get("/api/tables").json()["tables"][0]["seats"]) == ["S", "W", "E"]
    _error(server.post(f"/api/tables/{table_id}/seats", json={"seat": "N", "name": "Ann"}), 422, "choose S, W, E")
    response = server.post(f"/api/tables/{table_id}/seats", json={"seat": "W", "name": "Ann"})
    assert response.status_code == 201
    view = response.json()["view"]
    assert view["seat"] == "W" and view["three_handed"]["variant"] == variant
    assert [p["name"] for p in view["three_handed"]["players"]] == ["Computer", "Ann", "Computer"]


def test_the_settings_of_the_tables_are_those_of_a_game_and_more(server: TestClient):
    (free,) = open_tables(server, tables=1, rules="nbb", deals=2, seed=4, robots="teacher", lockstep=True)
    view = _teacher_view(server, free)
    assert (view["rules"], view["robots"], view["lockstep"], view["deals"]) == ("nbb", "teacher", True, 2)
    assert view["seats"] == dict.fromkeys("NESW")
    (slam,) = open_tables(server, tables=1, rules="ebu", slam=True, seed=4)
    view = _teacher_view(server, slam)
    assert (view["rules"], view["robots"], view["lockstep"], view["deals"]) == ("ebu", "now", False, 4)
    practice = server.post("/api/tables", json={"tables": 1, "lesson": 5, "practice": "declarer"}, headers=TEACHER)
    if practice.status_code == 422 and "'practice' is not a setting" in practice.text:
        pytest.skip("the game's setup has no 'practice' yet")
    assert practice.status_code == 201, practice.text


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"tables": 0}, "'tables' should be a whole number from 1 to 20"),
        ({"tables": 21}, "'tables' should be a whole number from 1 to 20"),
        ({"tables": "2"}, "'tables' should be a whole number"),
        ({"tables": True}, "'tables' should be a whole number"),
        ({"robots": "later"}, "'robots' should be"),
        ({"lockstep": "yes"}, "'lockstep' should be true or false"),
        ({"lesson": 99}, "99"),
        ({"colour": "blue"}, "'colour' is not a setting of a game"),
        ({"deals": 0}, "1 to 52 deals"),
        ({"three_handed": "two"}, "two"),
        ({"event": "nope"}, "there is no event 'nope'"),
        ({"event": 5}, "'event' should be an event's id"),
    ],
)
def test_tables_set_up_wrongly_are_refused_in_words(server: TestClient, body: dict[str, Any], words: str):
    _error(server.post("/api/tables", json=body, headers=TEACHER), 422, words)
    assert server.get("/api/tables").json() == {"tables": []}


def test_only_the_teacher_sets_up_tables_steers_them_and_moves_them_on(server: TestClient):
    (table_id,) = open_tables(server, tables=1, lesson=5, seed=7)
    key = sit(server, table_id, "S", "Ann")
    for path, body in (
        ("/api/tables", {"tables": 1}),
        (f"/api/tables/{table_id}/teacher", {"pause": True}),
        ("/api/tables/next", {}),
    ):
        _error(server.post(path, json=body), 401)
        _error(server.post(path, json=body, headers=player(key)), 401)
        _error(server.post(path, json=body, headers={"Authorization": "Bearer nope"}), 403)
    assert not _teacher_view(server, table_id)["paused"]


# --- sitting down, and the class code ---------------------------------------------------------------------------


def test_a_pupil_sits_down_and_gets_the_seats_key_and_view(server: TestClient):
    tables = open_tables(server, tables=2, lesson=3, deals=4, seed=7)
    response = server.post(f"/api/tables/{tables[0]}/seats", json={"seat": "n", "name": "  Ann  "})
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"player", "view"} and len(body["player"]) >= 20
    view = body["view"]
    assert set(view) >= _game_view_keys(server) | TABLE_KEYS
    assert (view["id"], view["table"], view["seat"], view["paused"]) == (tables[0], 1, "N", False)
    assert view["seats"]["N"] == {"name": "Ann", "robot": False}
    assert "N" in view["hands"] and set(view["hands"]) <= {"N", view["dummy"]}
    assert server.get(f"/api/tables/{tables[0]}", headers=player(body["player"])).status_code == 200


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"seat": "N", "name": "Ben"}, 409, "Ann already sits there: choose a free seat"),
        ({"seat": "X", "name": "Ben"}, 422, "there is no seat 'X' at this table: choose N, E, S, W"),
        ({"seat": "E", "name": ""}, 422, "give your name"),
        ({"seat": "E", "name": "B" * 200}, 422, "give your name"),
        ({"seat": "E"}, 422, "give your name"),
        ({"seat": 3, "name": "Ben"}, 422, 'like {"seat": "N", "name": "Ann"}'),
        ({"name": "Ben"}, 422, 'like {"seat": "N", "name": "Ann"}'),
        ({"seat": "E", "name": "Ben", "key": "x"}, 422, 'like {"seat": "N", "name": "Ann"}'),
    ],
)
def test_sitting_down_is_refused_in_words_and_changes_nothing(
    server: TestClient, body: dict[str, Any], status: int, words: str
):
    (table_id,) = open_tables(server, tables=1, lesson=5, seed=7)
    sit(server, table_id, "N", "Ann")
    settle(server, table_id, TEACHER)
    before = _teacher_view(server, table_id)
    _error(server.post(f"/api/tables/{table_id}/seats", json=body), status, words)
    assert _teacher_view(server, table_id) == before
    _error(server.post("/api/tables/nosuchtable/seats", json={"seat": "E", "name": "Ben"}), 404)


def test_the_class_code_opens_the_tables_and_the_seats(tmp_path: Path):
    with tables_client(tmp_path, class_code="ABC123") as client:
        (table_id,) = open_tables(client, tables=1, lesson=5, seed=7)
        seat = {"seat": "S", "name": "Ann"}
        _error(client.get("/api/tables"), 401, "class code")
        _error(client.get("/api/tables", headers={"X-Class-Code": "WRONG1"}), 403, "class code")
        _error(client.post(f"/api/tables/{table_id}/seats", json=seat), 401, "class code")
        _error(client.post(f"/api/tables/{table_id}/seats", json=seat, headers={"X-Class-Code": "WRONG1"}), 403)
        assert client.get("/api/tables", headers=TEACHER).status_code == 200
        assert client.get("/api/tables", headers={"X-Class-Code": "abc123"}).status_code == 200
        assert client.get("/api/tables").status_code == 401  # nothing was kept
        key = sit(client, table_id, "S", "Ann", headers={"X-Class-Code": "ABC123"})
        assert client.get(f"/api/tables/{table_id}", headers=player(key)).status_code == 200  # the key is enough


# --- a seat's view, and nothing else ---------------------------------------------------------------------------


def test_a_key_opens_its_own_seat_of_its_own_table_and_nothing_else(server: TestClient):
    first, second = open_tables(server, tables=2, lesson=5, seed=7)
    ann = sit(server, first, "S", "Ann")
    ben = sit(server, second, "S", "Ben")
    mine = settle(server, first, player(ann))
    assert mine["seat"] == "S" and mine["table"] == 1 and "S" in mine["hands"]
    assert set(mine["hands"]) <= {"S", mine["dummy"]}
    teacher = _teacher_view(server, first)
    assert teacher["seat"] is None and set(teacher["hands"]) == set("NESW")
    assert mine["hands"]["S"] == teacher["hands"]["S"]
    _error(server.get(f"/api/tables/{first}"), 401, "sit down at the table first")
    _error(server.get(f"/api/tables/{first}", headers=player("not-a-key")), 403, "not the key of a seat")
    _error(server.get(f"/api/tables/{second}", headers=player(ann)), 403)
    _error(server.get(f"/api/tables/{first}", headers=player(ben)), 403)
    _error(server.get(f"/api/tables/{first}?player={ben}"), 403)
    _error(server.post(f"/api/tables/{second}/actions", json={"next": True}, headers=player(ann)), 403)
    _error(server.get("/api/tables/nosuchtable", headers=player(ann)), 404)
    assert server.get(f"/api/tables/{first}?player={ann}").json()["seat"] == "S"
    cookie = {"Cookie": f"minibridge_seat_{first}={ann}"}
    assert server.get(f"/api/tables/{first}", headers=cookie).json()["seat"] == "S"
    _error(server.post(f"/api/tables/{first}/actions", json={"next": True}, headers=TEACHER), 403, "teacher")


def test_a_pupil_who_leaves_gets_up_and_the_key_opens_nothing_any_more(server: TestClient):
    (table_id,) = open_tables(server, tables=1, lesson=5, deals=1, seed=7)
    ann = sit(server, table_id, "N", "Ann")
    ben = sit(server, table_id, "S", "Ben")
    settle(server, table_id, player(ann))
    response = server.post(f"/api/tables/{table_id}/actions", json={"leave": True}, headers=player(ann))
    assert response.status_code == 200, response.text
    left = response.json()
    assert left["seats"]["N"] == {"name": None, "robot": True}
    assert "N" not in left["hands"] or left["dummy"] == "N"  # nothing of the seat's hand is left to see
    _error(server.get(f"/api/tables/{table_id}", headers=player(ann)), 403)
    _error(server.post(f"/api/tables/{table_id}/actions", json={"leave": True}, headers=player(ann)), 403)
    _error(server.get(f"/api/tables/{table_id}/stream?player={ann}"), 403)
    # the computer plays North now: Ben plays on to the end of the deal alone
    assert _until(server, table_id, ben, _over)["seats"]["N"] == {"name": None, "robot": True}
    again = sit(server, table_id, "N", "Cleo")
    assert again != ann and server.get(f"/api/tables/{table_id}", headers=player(again)).status_code == 200


# --- the pupils' decisions ----------------------------------------------------------------------------------------


def test_the_pupils_decide_declarer_contract_and_cards_and_move_on_together(server: TestClient):
    (table_id,) = open_tables(server, tables=1, lesson=3, deals=2, seed=3)  # North–South choose who declares
    ann = sit(server, table_id, "N", "Ann")
    ben = sit(server, table_id, "S", "Ben")
    view = settle(server, table_id, player(ann))
    assert view["phase"] == "declarer" and view["pupil_to_act"] and view["declarers"]
    _error(server.post(f"/api/tables/{table_id}/actions", json={"declarer": "N"}, headers=player(ben)), 409)
    _error(server.post(f"/api/tables/{table_id}/actions", json={"declarer": "Q"}, headers=player(ann)), 422)
    response = server.post(f"/api/tables/{table_id}/actions", json={"declarer": "S"}, headers=player(ann))
    assert response.status_code == 200, response.text
    assert response.json()["declarer"] == "S" and response.json()["seat"] == "N"
    view = settle(server, table_id, player(ben))
    assert view["phase"] == "contract" and view["pupil_to_act"] and view["contracts"]
    _error(server.post(f"/api/tables/{table_id}/actions", json={"contract": "3NT"}, headers=player(ann)), 409)
    _error(server.post(f"/api/tables/{table_id}/actions", json={"contract": "9Z"}, headers=player(ben)), 422)
    response = server.post(
        f"/api/tables/{table_id}/actions", json={"contract": view["contracts"][0]}, headers=player(ben)
    )
    assert response.status_code == 200 and response.json()["contract"] == view["contracts"][0]
    # Ben declares: he plays dummy's (North's) cards with his own key, and Ann at dummy plays none
    dummy_played = 0
    for _ in range(200):
        view = settle(server, table_id, player(ben))
        if _over(view):
            break
        if view["to_play"] == "N":
            assert view["pupil_to_act"] and set(view["legal"]) <= set(view["hands"]["N"])
            ann_view = server.get(f"/api/tables/{table_id}", headers=player(ann)).json()
            assert not ann_view["pupil_to_act"] and ann_view["legal"] == []
            _error(
                server.post(f"/api/tables/{table_id}/actions", json={"card": view["legal"][0]}, headers=player(ann)),
                409,
                "it is Ben's turn, not yours",
            )
            dummy_played += 1
        response = server.post(f"/api/tables/{table_id}/actions", json=pupil_action(view), headers=player(ben))
        assert response.status_code == 200, response.text
    assert dummy_played and view["phase"] == "deal_over" and view["result"] is not None
    response = server.post(f"/api/tables/{table_id}/actions", json={"next": True}, headers=player(ann))
    assert response.status_code == 200 and response.json()["phase"] == "deal_over"
    assert response.json()["ready"] == ["N"]
    response = server.post(f"/api/tables/{table_id}/actions", json={"next": True}, headers=player(ben))
    assert response.status_code == 200 and response.json()["deal"] == 2 and response.json()["ready"] == []


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"card": "ZZ"}, 422, ""),
        ({"card": 5}, 422, "write the card as text"),
        ({"card": "SA", "contract": "3NT"}, 422, "send one action"),
        ({}, 422, "send one action"),
        ({"next": False}, 422, "send one action"),
        ({"leave": "yes"}, 422, "send one action"),
        ({"shout": True}, 422, "send one action"),
        ({"next": True}, 409, "the deal is not over yet"),
        ({"declarer": "N"}, 409, "there is no declarer for you to choose now"),
        ({"contract": "3NT"}, 409, "it is not the moment for you to choose a contract"),
    ],
)
def test_a_refused_action_says_why_and_changes_nothing(
    server: TestClient, body: dict[str, Any], status: int, words: str
):
    (table_id,) = open_tables(server, tables=1, lesson=5, deals=1, seed=7)  # East declares, South leads
    key = sit(server, table_id, "S", "Ann")
    view = settle(server, table_id, player(key))
    assert view["phase"] == "play" and view["pupil_to_act"]
    before = _teacher_view(server, table_id)
    _error(server.post(f"/api/tables/{table_id}/actions", json=body, headers=player(key)), status, words)
    assert _teacher_view(server, table_id) == before


def test_a_card_out_of_turn_or_against_the_rules_is_refused_in_words(server: TestClient):
    (table_id,) = open_tables(server, tables=1, lesson=5, deals=1, seed=7)  # East declares, South leads
    ann = sit(server, table_id, "S", "Ann")
    ben = sit(server, table_id, "N", "Ben")
    view = settle(server, table_id, player(ann))
    teacher = _teacher_view(server, table_id)
    not_held = next(card for card in teacher["hands"]["E"] if card not in view["hands"]["S"])
    _error(server.post(f"/api/tables/{table_id}/actions", json={"card": not_held}, headers=player(ann)), 422, "hold")
    lead = view["legal"][0]
    _error(server.post(f"/api/tables/{table_id}/actions", json={"card": lead}, headers=player(ben)), 409, "Ann's turn")
    assert _teacher_view(server, table_id) == teacher
    assert server.post(f"/api/tables/{table_id}/actions", json={"card": lead}, headers=player(ann)).status_code == 200
    view = settle(server, table_id, player(ben))
    assert view["pupil_to_act"] and view["trick"][0] == {"seat": "S", "card": lead}
    other = [card for card in view["hands"]["N"] if card not in view["legal"]]
    if other:  # North must follow suit
        _error(server.post(f"/api/tables/{table_id}/actions", json={"card": other[0]}, headers=player(ben)), 422)


# --- the teacher steers ---------------------------------------------------------------------------------------------


def test_the_teachers_undo_gives_back_the_position_before_the_card_or_the_trick(server: TestClient):
    (table_id,) = open_tables(server, tables=1, lesson=5, deals=1, seed=7)
    key = sit(server, table_id, "N", "Ann")  # South leads, West (dummy) follows: then North
    settle(server, table_id, player(key))
    at_start = _teacher_view(server, table_id)
    view = _until(server, table_id, key, lambda v: len(v["tricks"]) >= 2 and v["pupil_to_act"])
    before = _teacher_view(server, table_id)
    response = server.post(f"/api/tables/{table_id}/actions", json=pupil_action(view, 1), headers=player(key))
    assert response.status_code == 200
    settle(server, table_id, TEACHER)
    undone = server.post(f"/api/tables/{table_id}/teacher", json={"undo": "card"}, headers=TEACHER)
    assert undone.status_code == 200
    assert undone.json() == before == settle(server, table_id, TEACHER)
    server.post(f"/api/tables/{table_id}/actions", json=pupil_action(view, 1), headers=player(key))
    now = settle(server, table_id, TEACHER)
    finished = len(now["tricks"]) - (0 if now["trick"] else 1)  # the trick being played, or the last one
    undone = server.post(f"/api/tables/{table_id}/teacher", json={"undo": "trick"}, headers=TEACHER)
    assert undone.status_code == 200 and len(undone.json()["tricks"]) == finished
    assert undone.json()["trick"] == [] and set(undone.json()["hands"]) == set("NESW")
    restarted = server.post(f"/api/tables/{table_id}/teacher", json={"restart": True}, headers=TEACHER)
    assert restarted.status_code == 200
    assert settle(server, table_id, TEACHER) == at_start


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"undo": "card"}, 409, "no card has been played in this deal yet"),
        ({"undo": "trick"}, 409, "no card has been played in this deal yet"),
        ({"undo": "deal"}, 422, "send one action"),
        ({"pause": False}, 409, "the table is not stopped"),
        ({"pause": "yes"}, 422, "send one action"),
        ({"show": False}, 409, "the hands are not shown"),
        ({"robot": "N"}, 409, "the computer already plays that seat"),
        ({"robot": "X"}, 422, "there is no seat 'X'"),
        ({"free": "N"}, 409, "that seat is already free"),
        ({"free": 1}, 422, "send one action"),
        ({"restart": False}, 422, "send one action"),
        ({"next": True}, 409, "the deal is not over yet"),
        ({"pause": True, "show": True}, 422, "send one action"),
        ({}, 422, "send one action"),
    ],
)
def test_the_teachers_steering_is_refused_in_words_when_it_cannot_apply(
    server: TestClient, body: dict[str, Any], status: int, words: str
):
    (table_id,) = open_tables(server, tables=1, lesson=5, deals=1, seed=7)
    sit(server, table_id, "E", "Ann")  # East declares: the contract is Ann's, no card is played yet
    before = settle(server, table_id, TEACHER)
    assert before["phase"] == "contract"
    _error(server.post(f"/api/tables/{table_id}/teacher", json=body, headers=TEACHER), status, words)
    assert _teacher_view(server, table_id) == before
    _error(server.post("/api/tables/nosuchtable/teacher", json={"pause": True}, headers=TEACHER), 404)


def test_the_teacher_stops_a_table_hands_seats_over_and_shows_the_hands(server: TestClient):
    (table_id,) = open_tables(server, tables=1, lesson=5, deals=1, seed=7, robots="teacher")
    ann = sit(server, table_id, "S", "Ann")
    ben = sit(server, table_id, "E", "Ben")
    view = settle(server, table_id, player(ben))
    assert view["phase"] == "contract" and view["pupil_to_act"] and view["seats"]["N"] is None
    steer = f"/api/tables/{table_id}/teacher"
    paused = server.post(steer, json={"pause": True}, headers=TEACHER)
    assert paused.status_code == 200 and paused.json()["paused"] and set(paused.json()["hands"]) == set("NESW")
    refused = server.post(f"/api/tables/{table_id}/actions", json=pupil_action(view), headers=player(ben))
    _error(refused, 409, "the teacher has stopped the table for a moment: wait")
    _error(server.post(steer, json={"pause": True}, headers=TEACHER), 409, "the table is already stopped")
    assert server.post(steer, json={"pause": False}, headers=TEACHER).json()["paused"] is False
    assert (
        server.post(f"/api/tables/{table_id}/actions", json=pupil_action(view), headers=player(ben)).status_code == 200
    )
    # South leads: Ann's turn; North waits for the teacher, who hands it to the computer (West: dummy)
    server.post(steer, json={"robot": "N"}, headers=TEACHER)
    robot = server.post(steer, json={"robot": "E"}, headers=TEACHER)  # Ben gets up: the computer declares
    assert robot.status_code == 200 and robot.json()["seats"]["E"] == {"name": None, "robot": True}
    _error(server.get(f"/api/tables/{table_id}", headers=player(ben)), 403)
    assert set(settle(server, table_id, player(ann))["hands"]) <= {"S", "W"}
    shown = server.post(steer, json={"show": True}, headers=TEACHER)
    assert shown.status_code == 200 and shown.json()["shown"]
    assert set(server.get(f"/api/tables/{table_id}", headers=player(ann)).json()["hands"]) == set("NESW")
    assert server.post(steer, json={"show": False}, headers=TEACHER).status_code == 200
    assert set(server.get(f"/api/tables/{table_id}", headers=player(ann)).json()["hands"]) <= {"S", "W"}
    freed = server.post(steer, json={"free": "S"}, headers=TEACHER)
    assert freed.status_code == 200 and freed.json()["seats"]["S"] is None
    _error(server.get(f"/api/tables/{table_id}", headers=player(ann)), 403)
    cleo = sit(server, table_id, "S", "Cleo")
    assert server.get(f"/api/tables/{table_id}", headers=player(cleo)).json()["seats"]["S"]["name"] == "Cleo"


def test_a_stopped_table_waits_at_the_end_of_the_deal_for_the_teacher(server: TestClient):
    (table_id,) = open_tables(server, tables=1, lesson=5, deals=2, seed=7)
    key = sit(server, table_id, "S", "Ann")
    _until(server, table_id, key, _over)
    steer = f"/api/tables/{table_id}/teacher"
    assert server.post(steer, json={"pause": True}, headers=TEACHER).status_code == 200
    refused = server.post(f"/api/tables/{table_id}/actions", json={"next": True}, headers=player(key))
    _error(refused, 409, "the teacher has stopped the table for a moment: wait")
    assert _teacher_view(server, table_id)["deal"] == 1
    assert server.post(steer, json={"pause": False}, headers=TEACHER).status_code == 200
    moved = server.post(f"/api/tables/{table_id}/actions", json={"next": True}, headers=player(key))
    assert moved.status_code == 200 and moved.json()["deal"] == 2


def test_a_tap_from_a_seat_that_changed_hands_meanwhile_is_refused(server: TestClient, monkeypatch: Any):
    """Ann's tap was read against the table as it was before the teacher freed her seat and Ben sat down in it:
    the table as it is when the tap is taken decides, and Ann's key opens nothing there."""
    (table_id,) = open_tables(server, tables=1, lesson=5, deals=1, seed=7)  # East declares, South leads
    ann = sit(server, table_id, "S", "Ann")
    view = settle(server, table_id, player(ann))
    before = server.app.state.store.table(table_id)  # type: ignore[attr-defined]
    assert server.post(f"/api/tables/{table_id}/teacher", json={"free": "S"}, headers=TEACHER).status_code == 200
    ben = sit(server, table_id, "S", "Ben")
    settle(server, table_id, player(ben))
    monkeypatch.setattr(play, "seated", lambda request: (ClassTable.from_data(before), Viewer("S")))
    tap = server.post(f"/api/tables/{table_id}/actions", json={"card": view["legal"][0]}, headers=player(ann))
    _error(tap, 403, "not the key of a seat")
    monkeypatch.undo()
    assert settle(server, table_id, player(ben))["trick"] == []


def test_with_lockstep_the_teacher_moves_every_finished_table_on_together(server: TestClient):
    tables = open_tables(server, tables=3, lesson=5, deals=2, seed=7, lockstep=True)
    keys = [sit(server, table_id, "S", name) for table_id, name in zip(tables[:2], ("Ann", "Ben"), strict=True)]
    for table_id, key in zip(tables[:2], keys, strict=True):
        _until(server, table_id, key, _over)
        response = server.post(f"/api/tables/{table_id}/actions", json={"next": True}, headers=player(key))
        assert response.status_code == 200 and response.json()["phase"] == "deal_over"
        assert response.json()["ready"] == ["S"] and response.json()["lockstep"]
    moved = server.post("/api/tables/next", headers=TEACHER)
    assert moved.status_code == 200
    assert moved.json() == {"moved": [1, 2], "staying": [3]}
    assert [_teacher_view(server, t)["deal"] for t in tables] == [2, 2, 1]
    assert server.post("/api/tables/next", headers=TEACHER).json() == {"moved": [], "staying": [1, 2, 3]}


def test_the_teacher_moves_one_table_on_without_waiting_for_its_pupils(server: TestClient):
    (table_id,) = open_tables(server, tables=1, lesson=5, deals=2, seed=7)
    key = sit(server, table_id, "S", "Ann")
    _until(server, table_id, key, _over)
    moved = server.post(f"/api/tables/{table_id}/teacher", json={"next": True}, headers=TEACHER)
    assert moved.status_code == 200 and moved.json()["deal"] == 2


# --- an event's boards ------------------------------------------------------------------------------------------


def test_the_tables_of_an_event_put_their_results_in_its_ranking(server: TestClient):
    created = server.post("/api/events", json={"name": "Class", "boards": 2, "lesson": 5, "seed": 42}, headers=TEACHER)
    assert created.status_code == 201, created.text
    event = created.json()["id"]
    _error(server.post("/api/tables", json={"tables": 2, "event": event, "lesson": 3}, headers=TEACHER), 422, "lesson")
    tables = open_tables(server, tables=2, event=event)
    for number, table_id in enumerate(tables, start=1):
        key = sit(server, table_id, "S", f"Pupil {number}")
        view = _until(server, table_id, key, _over)
        assert view["event"] == event and view["board"] == 1 and view["teachers_boards"]
    ranking = server.get(f"/api/events/{event}/ranking")
    assert ranking.status_code == 200, ranking.text
    boards = ranking.json()["boards"]
    assert [board["board"] for board in boards] == [1]
    pairs = sorted((result["ns"], result["ew"]) for result in boards[0]["results"])
    assert pairs == [("T1NS", "T1EW"), ("T2NS", "T2EW")]
    assert {pair["pair"] for pair in ranking.json()["rankings"]["ns"]} == {"T1NS", "T2NS"}


# --- the stream -------------------------------------------------------------------------------------------------


def test_a_seat_follows_its_own_view_as_the_table_changes(server: TestClient):
    (table_id,) = open_tables(server, tables=1, lesson=5, deals=1, seed=7)
    key = sit(server, table_id, "S", "Ann")  # East declares, South leads
    view = settle(server, table_id, player(key))
    card = view["legal"][0]
    seen: list[dict[str, Any]] = []
    with server.stream("GET", f"/api/tables/{table_id}/stream?player={key}") as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        acted = False
        for message in events(response):
            if message["event"] == "comment":
                continue
            assert message["event"] == "view"
            seen.append(message)
            if not acted:
                assert message["data"] == view
                played = server.post(f"/api/tables/{table_id}/actions", json={"card": card}, headers=player(key))
                assert played.status_code == 200
                acted = True
            elif message["data"]["pupil_to_act"] or _over(message["data"]):
                break
    assert [int(m["id"]) for m in seen] == sorted({int(m["id"]) for m in seen})  # each version once, in order
    last = seen[-1]["data"]
    assert last == settle(server, table_id, player(key))
    assert last["seat"] == "S" and set(last["hands"]) <= {"S", "W"} and last["tricks"][0]["cards"]["S"] == card
    assert all(m["data"]["seat"] == "S" and set(m["data"]["hands"]) <= {"S", "W"} for m in seen)


def test_the_teacher_follows_every_hand_and_a_pupil_who_left_is_told(server: TestClient):
    (table_id,) = open_tables(server, tables=1, lesson=5, deals=1, seed=7)
    key = sit(server, table_id, "S", "Ann")
    settle(server, table_id, player(key))
    with server.stream("GET", f"/api/tables/{table_id}/stream", headers=TEACHER) as response:
        first = next(m for m in events(response) if m["event"] != "comment")
        assert first["event"] == "view" and set(first["data"]["hands"]) == set("NESW")
    with server.stream("GET", f"/api/tables/{table_id}/stream", headers=player(key)) as response:
        found = events(response)
        assert next(found)["event"] == "view"
        left = server.post(f"/api/tables/{table_id}/actions", json={"leave": True}, headers=player(key))
        assert left.status_code == 200
        told = next(m for m in found if m["event"] != "comment")
        assert (told["event"], told["data"]) == ("left", {})
    _error(server.get(f"/api/tables/{table_id}/stream"), 401)
    _error(server.get(f"/api/tables/{table_id}/stream?player=nope"), 403)


def test_the_teacher_tapping_on_a_pupils_page_is_sent_to_the_teachers_table(server: TestClient):
    (table_id,) = open_tables(server, tables=1, lesson=5)
    sit(server, table_id, "N", "Amy")
    before = server.get(f"/api/tables/{table_id}", headers=TEACHER).json()
    answer = server.post(f"/tables/{table_id}/actions", data={"leave": "1"}, headers=TEACHER, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == f"/teacher/tables/{table_id}"
    assert server.get(f"/api/tables/{table_id}", headers=TEACHER).json()["seats"] == before["seats"]


def test_the_start_page_leads_a_tablet_back_to_its_seat(server: TestClient):
    first, second = open_tables(server, tables=2, lesson=5)
    key = sit(server, second, "E", "Amy")
    server.cookies.set(f"minibridge_seat_{second}", key)
    drawn = server.get("/tables").text
    assert drawn.count("Back to your seat") == 1
    assert f'href="/tables/{second}"' in drawn and f'href="/tables/{first}"' not in drawn
