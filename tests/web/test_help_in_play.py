"""Help while playing, on the JSON API: pupils count their own points (`{"points": n}` at phase `count`), ask
for a hint (`{"hint": true}` → `{"card", "reason"}`, nothing played), and the teacher turns hints, taking back,
claiming and counting off for the class or one lesson; the progress page counts each pupil's hints and cards
taken back. The same at a table of pupils."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom_client import counted, make_client, next_action
from starlette.testclient import TestClient
from tables_client import TEACHER, open_tables, player, settle, sit, tables_client


@pytest.fixture
def counting(tmp_path: Path) -> Iterator[TestClient]:
    """A classroom where the teacher has turned nothing off: the pupils count their points."""
    with make_client(tmp_path, counting=True) as client:
        yield client


def _start(client: TestClient, **setup: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=setup)
    assert response.status_code == 201, response.text
    return dict(response.json())


def _act(client: TestClient, view: dict[str, Any], action: dict[str, Any]) -> Any:
    return client.post(f"/api/games/{view['id']}/actions", json=action)


def _to_my_card(client: TestClient, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The game played on at random until the pupil's card is awaited."""
    while not (view["phase"] == "play" and view["pupil_to_act"]):
        view = _act(client, view, next_action(view, rng)).json()
    return view


def test_from_lesson_three_a_game_starts_with_the_pupil_counting(counting: TestClient):
    view = _start(counting, lesson=3, deals=1, seed=4)
    assert view["phase"] == "count" and view["hcp"] == {} and list(view["hands"]) == ["S"]
    points = counted(view)
    wrong = _act(counting, view, {"points": points + 1})
    assert wrong.status_code == 200 and wrong.json()["count"]["help"].startswith("Count again")
    twice = _act(counting, view, {"points": str(points + 2)}).json()  # typed in the box: text
    assert sum(entry["points"] for entry in twice["count"]["by_card"]) == points
    right = _act(counting, view, {"points": points}).json()
    assert right["phase"] in ("declarer", "contract", "play", "deal_over") and right["count"]["right"] is True
    assert sum(right["hcp"].values()) == 40


@pytest.mark.parametrize(
    ("action", "status", "words"),
    [
        ({"points": 38}, 422, "from 0 to 37"),
        ({"points": "twelve"}, 422, "from 0 to 37"),
        ({"points": "١٢"}, 422, "from 0 to 37"),
        ({"points": True}, 422, "from 0 to 37"),
        ({"card": "SA"}, 409, "no card for you to play now"),
        ({"hint": True}, 409, "when it is your turn to play"),
    ],
)
def test_refusals_while_counting_change_nothing(counting: TestClient, action: dict[str, Any], status: int, words: str):
    view = _start(counting, lesson=4, deals=1, seed=4)
    response = _act(counting, view, action)
    assert response.status_code == status and words in response.json()["error"], response.text
    assert counting.get(f"/api/games/{view['id']}").json() == view


def test_no_counting_when_the_game_or_the_teacher_says_so(counting: TestClient):
    assert _start(counting, lesson=3, deals=1, count_points=False)["phase"] != "count"
    assert _start(counting, lesson=1, deals=1)["phase"] != "count"
    turned = counting.post("/api/switches", json={"3": {"count_points": False}}, headers=TEACHER)
    assert turned.status_code == 200 and turned.json()["3"]["count_points"] is False
    assert _start(counting, lesson=3, deals=1)["phase"] != "count"
    assert _start(counting, lesson=3, deals=1, count_points=True)["phase"] != "count"  # the teacher's off wins
    assert _start(counting, lesson=4, deals=1)["phase"] == "count"


def test_a_hint_gives_a_legal_card_with_its_reason_and_plays_nothing(client: TestClient):
    view = _to_my_card(client, _start(client, lesson=5, deals=1, seed=7), random.Random(2))
    response = _act(client, view, {"hint": True})
    assert response.status_code == 200, response.text
    hint = response.json()
    assert set(hint) == {"card", "reason"} and hint["card"] in view["legal"] and hint["reason"]
    assert client.get(f"/api/games/{view['id']}").json() == view
    assert _act(client, view, {"hint": "please"}).status_code == 422


def test_the_teacher_turns_hints_undo_and_claims_off(client: TestClient):
    switched = {"every": {"hints": False, "undo": False}, "free": {"claims": False}}
    assert client.post("/api/switches", json=switched, headers=TEACHER).status_code == 200
    view = _to_my_card(client, _start(client, rules="ebu", deals=1, seed=7), random.Random(3))
    assert view["can_hint"] is False and view["can_claim"] is False
    for action, words in (({"hint": True}, "hints off"), ({"claim": True}, "claiming off")):
        response = _act(client, view, action)
        assert response.status_code == 409 and words in response.json()["error"]
    played = _act(client, view, {"card": view["legal"][0]}).json()
    assert played["can_undo"] is False
    refused = _act(client, played, {"undo": True})
    assert refused.status_code == 409 and "taking back off" in refused.json()["error"]
    assert client.get("/api/switches", headers=TEACHER).json()["every"] == {
        "hints": False,
        "undo": False,
        "claims": True,
        "count_points": False,  # the tests' classroom: turned off from the start
    }


@pytest.mark.parametrize(
    "body", [{"lesson9": {"hints": False}}, {"every": {"jokes": False}}, {"every": {"hints": "no"}}, {"every": 1}]
)
def test_switches_that_are_not_switches_are_refused(client: TestClient, body: dict[str, Any]):
    response = client.post("/api/switches", json=body, headers=TEACHER)
    assert response.status_code == 422 and response.json()["error"]
    assert client.post("/api/switches", json={"every": {"hints": False}}).status_code in (401, 403)


def test_the_progress_page_counts_each_pupil_s_hints_and_cards_taken_back(client: TestClient):
    client.cookies.set("pupil", "Amy")
    view = _to_my_card(client, _start(client, lesson=5, deals=1, seed=7), random.Random(2))
    _act(client, view, {"hint": True})
    _act(client, view, {"hint": True})
    view = _act(client, view, {"card": view["legal"][0]}).json()
    assert _act(client, view, {"undo": True}).status_code == 200
    assert _act(client, view, {"hint": 1}).status_code == 422  # refused: not counted
    progress = client.get("/api/progress", headers=TEACHER).json()
    assert progress["help"] == [{"pupil": "Amy", "lesson": 5, "hints": 2, "undos": 1}]
    page = client.get("/teacher/progress", headers=TEACHER).text
    assert 'data-pupil="Amy"' in page and "Cards taken back" in page


def test_the_teachers_form_of_switches_keeps_what_is_ticked(client: TestClient):
    form = {f"{scope}.{kind}": "on" for scope in ("every", "3") for kind in ("hints", "undo", "claims")}
    response = client.post("/teacher/progress/switches", data=form, headers=TEACHER, follow_redirects=False)
    assert response.status_code == 303
    switches = client.get("/api/switches", headers=TEACHER).json()
    assert switches["every"]["count_points"] is False and switches["every"]["hints"] is True
    assert switches["4"] == {"hints": False, "undo": False, "claims": False, "count_points": False}


def test_at_a_table_of_pupils_each_pupil_counts_then_asks_for_hints(tmp_path: Path):
    with tables_client(tmp_path, counting=True) as client:
        (table_id,) = open_tables(client, tables=1, lesson=5, deals=1, seed=9)
        keys = {seat: sit(client, table_id, seat, name) for seat, name in (("N", "Amy"), ("S", "Cleo"))}
        views = {seat: settle(client, table_id, player(key)) for seat, key in keys.items()}
        assert all(view["phase"] == "count" and list(view["hands"]) == [seat] for seat, view in views.items())
        teacher = client.get(f"/api/tables/{table_id}", headers=TEACHER).json()
        assert teacher["count"]["waiting"] == ["N", "S"]
        for seat, key in keys.items():
            response = client.post(
                f"/api/tables/{table_id}/actions", json={"points": counted(views[seat])}, headers=player(key)
            )
            assert response.status_code == 200, response.text
        rng = random.Random(4)
        for _ in range(200):
            views = {seat: settle(client, table_id, player(key)) for seat, key in keys.items()}
            turn = next((seat for seat, view in views.items() if view["pupil_to_act"]), None)
            assert turn is not None, views
            view = views[turn]
            if view["phase"] == "play":
                hint = client.post(f"/api/tables/{table_id}/actions", json={"hint": True}, headers=player(keys[turn]))
                assert hint.status_code == 200 and hint.json()["card"] in view["legal"], hint.text
                other = "S" if turn == "N" else "N"
                refused = client.post(
                    f"/api/tables/{table_id}/actions", json={"hint": True}, headers=player(keys[other])
                )
                assert refused.status_code == 409
                break
            client.post(f"/api/tables/{table_id}/actions", json=next_action(view, rng), headers=player(keys[turn]))
        progress = client.get("/api/progress", headers=TEACHER).json()
        assert [row["hints"] for row in progress["help"]] == [1]


def test_after_the_deal_the_pupil_tries_again_from_one_of_their_cards(client: TestClient):
    view = _start(client, lesson=5, deals=1, seed=7)
    rng = random.Random(6)
    while view["phase"] != "game_over":
        view = _act(client, view, next_action(view, rng)).json()
    mine = view["try_again_from"]
    assert mine and all(view["review"][i]["seat"] in ("N", "S") for i in mine)
    others = [i for i in range(len(view["review"])) if i not in mine]
    refused = _act(client, view, {"try_again": others[0]})
    assert refused.status_code == 409 and "a card you played" in refused.json()["error"]
    assert _act(client, view, {"try_again": 52}).status_code == 422
    index = mine[len(mine) // 2]
    card = view["review"][index]["card"]
    again = _act(client, view, {"try_again": index})
    assert again.status_code == 200, again.text
    back = again.json()
    played = sum(len(trick["cards"]) for trick in back["tricks"]) + len(back["trick"])
    assert back["phase"] == "play" and back["pupil_to_act"] and played == index and card in back["legal"]
    assert back["totals"] == {"NS": 0, "EW": 0} and back["try_again_from"] == []
    assert _act(client, back, {"try_again": index}).status_code == 409  # the deal is not over


def test_the_teachers_deals_are_not_tried_again(client: TestClient):
    event = client.post("/api/events", json={"name": "Class", "lesson": 5, "boards": 1, "seed": 2}, headers=TEACHER)
    joined = client.post(f"/api/events/{event.json()['id']}/games", json={"pupil": "Amy"}).json()
    rng = random.Random(1)
    view = joined
    while view["phase"] not in ("deal_over", "game_over"):
        view = _act(client, view, next_action(view, rng)).json()
    assert view["try_again_from"] == []
    refused = _act(client, view, {"try_again": 0})
    assert refused.status_code == 409 and "played once" in refused.json()["error"]


def test_a_table_s_pages_while_its_pupils_count(tmp_path: Path):
    with tables_client(tmp_path, counting=True) as client:
        (table_id,) = open_tables(client, tables=1, lesson=5, deals=1, seed=9)
        key = sit(client, table_id, "N", "Amy")
        client.cookies.set(f"minibridge_seat_{table_id}", key)
        page = client.get(f"/tables/{table_id}").text
        assert 'class="count-pad"' in page and f'hx-post="/tables/{table_id}/actions"' in page
        assert "points</span>" not in page  # no seat shows its points yet
        teacher = client.get(f"/teacher/tables/{table_id}", headers=TEACHER).text
        assert "Counting their points: Amy." in teacher
        wrong = client.post(f"/tables/{table_id}/actions", data={"points": "40"}, headers={"HX-Request": "true"})
        assert wrong.status_code == 422 and "from 0 to 37" in wrong.text and 'class="count-pad"' in wrong.text
