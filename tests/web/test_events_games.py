"""Everyone on the same deals: pupils who join the teacher's event play its boards against the computer, in
order, each board once; the teacher follows each pupil's game live and sees every pupil's result on a board
side by side. None of what the teacher or the class screen is sent holds a card."""

from __future__ import annotations

import json
import random
import re
import threading
from pathlib import Path
from typing import Any

import httpx2
import pytest
from classroom_client import SAMPLES, make_client, next_action
from events_client import TEACHER, read_events
from pupils import finish_deal
from starlette.testclient import TestClient

from minibridge.classroom import GameSetup, PupilGame
from minibridge.duplicate import new_event
from minibridge.errors import RuleError
from minibridge.web.tablets import TABLET_COOKIE, TABLET_HEADER

CARD = re.compile(r"\b[SHDC][AKQJT2-9]\b")


def _boards(lesson: int | None, count: int, seed: int = 3) -> tuple[tuple[int, str, str], ...]:
    return new_event(name="Class", boards=count, lesson=lesson, seed=seed).written_boards()


# --- the pupil's game on the teacher's boards ------------------------------------------------------------------


@pytest.mark.parametrize("lesson", [1, 3, 6, None])
def test_the_teachers_boards_are_played_in_order_once_each(lesson: int | None):
    boards = _boards(lesson, 3)
    game = PupilGame.start(GameSetup(lesson=lesson, seed=5, samples=SAMPLES, boards=boards))
    rng = random.Random(lesson)
    seen = []
    while True:
        table = game.game
        seen.append((table.board.number, table.dealer.letter, table.deal.to_pbn()))
        finish_deal(game, rng)
        if game.phase == "game_over":
            break
        with pytest.raises(RuleError, match="the teacher's boards once each"):
            game.next_deal(again=True)
        game.next_deal()
        game.advance()
    assert tuple(seen) == boards
    kept = PupilGame.from_data(json.loads(json.dumps(game.to_data())))
    assert kept.phase == "game_over" and kept.session.totals == game.session.totals
    assert [r.finished is not None for r in kept.records] == [True, True, True]


def test_the_teachers_boards_take_no_target_nor_more_deals_than_boards():
    boards = _boards(5, 2)
    with pytest.raises(RuleError, match="played once each"):
        GameSetup(lesson=5, boards=boards, target=200)
    with pytest.raises(RuleError, match="at most 2 deals"):
        GameSetup(lesson=5, boards=boards, deals=3)
    assert PupilGame(GameSetup(lesson=5, boards=boards)).session.deals == 2


# --- joining over HTTP ---------------------------------------------------------------------------------------


def _event(client: TestClient, **fields: Any) -> str:
    body = {"name": "Class 5", "boards": 2, "lesson": 5, "seed": 9, **fields}
    response = client.post("/api/events", json=body, headers=TEACHER)
    assert response.status_code == 201
    return str(response.json()["id"])


def _play(client: TestClient, view: dict[str, Any], rng: random.Random, *, until: str) -> dict[str, Any]:
    """The pupil's decisions at random through the API until the phase ``until`` (or the game's end)."""
    while view["phase"] not in (until, "game_over"):
        response = client.post(f"/api/games/{view['id']}/actions", json=next_action(view, rng))
        assert response.status_code == 200, response.text
        view = response.json()
    return view


def test_pupils_who_join_play_the_same_boards_and_a_name_finds_its_game_again(client: TestClient):
    event = _event(client)
    amy = client.post(f"/api/events/{event}/games", json={"pupil": "Amy"})
    ben = client.post(f"/api/events/{event}/games", json={"pupil": "Ben"})
    assert amy.status_code == ben.status_code == 201
    assert amy.json()["id"] != ben.json()["id"]
    assert amy.json()["hands"]["S"] == ben.json()["hands"]["S"]
    assert amy.json()["teachers_boards"] is True and amy.json()["deals"] == 2
    again = client.post(f"/api/events/{event}/games", json={"pupil": " amy "})
    assert again.status_code == 200 and again.json()["id"] == amy.json()["id"]
    assert client.post(f"/api/events/{event}/games", json={"pupil": ""}).status_code == 422
    assert client.post(f"/api/events/{event}/games", json={"pupil": "Amy", "seat": "N"}).status_code == 422
    over = _play(client, amy.json(), random.Random(1), until="deal_over")
    refused = client.post(f"/api/games/{over['id']}/actions", json={"again": True})
    assert refused.status_code == 422 and "once each" in refused.json()["error"]
    second = client.post(f"/api/games/{over['id']}/actions", json={"next": True}).json()
    assert second["board"] == 2 and second["hands"]["S"] != amy.json()["hands"]["S"]


def test_the_teacher_sees_each_pupils_game_and_every_result_on_a_board_side_by_side(client: TestClient):
    event = _event(client)
    amy = client.post(f"/api/events/{event}/games", json={"pupil": "Amy"}).json()
    client.post(f"/api/events/{event}/games", json={"pupil": "Ben"})
    before = client.get(f"/api/events/{event}/pupils", headers=TEACHER).json()
    assert before["pupils"][0]["phase"] == amy["phase"] and before["boards"][0]["results"] == []
    over = _play(client, amy, random.Random(2), until="deal_over")  # the games kept are seen to move on
    assert client.get(f"/api/events/{event}/pupils").status_code == 401
    seen = client.get(f"/api/events/{event}/pupils", headers=TEACHER)
    data = seen.json()
    rows = {row["pupil"]: row for row in data["pupils"]}
    assert (rows["Amy"]["board"], rows["Amy"]["phase"], rows["Amy"]["totals"]) == (1, "deal_over", over["totals"])
    assert rows["Amy"]["tricks_won"] == over["tricks_won"]
    assert (rows["Ben"]["board"], rows["Ben"]["deal"], rows["Ben"]["deals"]) == (1, 1, 2)
    first = data["boards"][0]
    assert first["board"] == 1 and [r["pupil"] for r in first["results"]] == ["Amy"]
    result = first["results"][0]
    score = over["result"]["score"]
    assert (result["contract"], result["declarer"], result["tricks"]) == (
        score["contract"],
        over["declarer"],
        score["tricks"],
    )
    ns = score["declarers_score"] if over["declarer"] in "NS" else score["defenders_score"]
    assert result["ns_score"] == ns
    assert not CARD.search(seen.text)
    for page in ("/teacher/events/{}/pupils", "/teacher/events/{}/screen?show=pupils&board=1", "/teacher/events/{}"):
        html = client.get(page.format(event), headers=TEACHER)
        assert html.status_code == 200
        assert not CARD.search(html.text.replace(event, "")), page
        assert "Amy" in html.text


def test_a_lesson_without_contracts_counts_tricks_side_by_side(client: TestClient):
    event = _event(client, lesson=1, boards=2)
    amy = client.post(f"/api/events/{event}/games", json={"pupil": "Amy"}).json()
    over = _play(client, amy, random.Random(3), until="deal_over")
    board = client.get(f"/api/events/{event}/pupils", headers=TEACHER).json()["boards"][0]
    assert board["results"][0]["tricks_won"] == over["tricks_won"]
    assert board["results"][0]["contract"] is None
    refused = client.post(
        f"/api/events/{event}/results",
        json={"board": 1, "ns": "1", "ew": "2", "contract": "3NT", "declarer": "S", "tricks": 9},
    )
    assert refused.status_code == 422 and "without contracts" in refused.json()["error"]


def test_a_pupil_joins_from_the_start_page_and_plays_at_the_usual_table(client: TestClient):
    event = _event(client)
    start = client.get("/")
    assert "Join the teacher's deals" in start.text and f"/events/{event}/join" in start.text
    form = client.get(f"/events/{event}/join")
    assert form.status_code == 200 and 'name="pupil"' in form.text
    joined = client.post(f"/events/{event}/join", data={"pupil": "Chloé"})
    assert joined.status_code == 200 and "/games/" in str(joined.url)
    assert "The teacher's deals · Board 1 (1 of 2)" in joined.text
    assert client.cookies.get("pupil") is not None
    named = client.get(f"/events/{event}/join")
    assert 'value="Chloé"' in named.text  # the name is remembered on this tablet
    empty = client.post(f"/events/{event}/join", data={"pupil": " "})
    assert empty.status_code == 422 and "give your name" in empty.text.lower()
    client.app.state.events.set_closed(event, True)  # type: ignore[attr-defined]
    assert "Join the teacher's deals" not in client.get("/").text


def test_joining_needs_the_class_code_where_one_is_set(tmp_path: Path):
    with make_client(tmp_path, class_code="OWL42") as client:
        event = _event(client)
        form = client.get(f"/events/{event}/join")
        assert 'name="class_code"' in form.text
        refused = client.post(f"/events/{event}/join", data={"pupil": "Amy", "class_code": "CAT"})
        assert refused.status_code == 403 and "not the class code" in refused.text
        joined = client.post(f"/events/{event}/join", data={"pupil": "Amy", "class_code": "owl42"})
        assert joined.status_code == 200 and "/games/" in str(joined.url)
        assert 'name="class_code"' not in client.get(f"/events/{event}/join").text  # kept for the day


def test_joined_games_survive_a_restart(tmp_path: Path):
    with make_client(tmp_path) as client:
        event = _event(client)
        amy = client.post(f"/api/events/{event}/games", json={"pupil": "Amy"}).json()
        tablet = client.cookies[TABLET_COOKIE]
    with make_client(tmp_path) as client:  # the same tablet, its key sent by a program that keeps no cookies
        again = client.post(f"/api/events/{event}/games", json={"pupil": "Amy"}, headers={TABLET_HEADER: tablet})
        assert again.status_code == 200 and again.json() == amy
        rows = client.get(f"/api/events/{event}/pupils", headers=TEACHER).json()["pupils"]
        assert [row["pupil"] for row in rows] == ["Amy"]


def test_the_teachers_pages_hear_when_a_pupil_plays(address: str):
    event = httpx2.post(
        f"{address}/api/events", json={"name": "Class", "boards": 1, "lesson": 3, "seed": 2}, headers=TEACHER
    ).json()["id"]
    view = httpx2.post(f"{address}/api/events/{event}/games", json={"pupil": "Amy"}, timeout=60).json()
    heard: list[dict[str, Any]] = []
    listening = threading.Event()

    def listen() -> None:
        with httpx2.stream("GET", f"{address}/teacher/events/{event}/stream", headers=TEACHER, timeout=60) as stream:
            listening.set()
            heard.extend(read_events(stream, 2))

    listener = threading.Thread(target=listen)
    listener.start()
    assert listening.wait(30)
    rng = random.Random(4)
    httpx2.post(f"{address}/api/games/{view['id']}/actions", json=next_action(view, rng), timeout=60)
    httpx2.post(
        f"{address}/api/events/{event}/results",
        json={"board": 1, "ns": "1", "ew": "2", "contract": "1NT", "declarer": "S", "tricks": 7},
    )
    listener.join(60)
    assert not listener.is_alive()
    assert sorted(e["event"] for e in heard) == ["pupils", "result"]
