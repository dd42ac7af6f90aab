"""The classroom's JSON API: games played through it, refusals that change nothing, a restart, the class code,
limits, and the lessons' exercises marked without an answer ever shown before it is given."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from classroom_client import make_client, next_action, play_out
from starlette.testclient import TestClient

from minibridge.lessons import find_lesson
from minibridge.web.app import MAX_BODY

VIEW_KEYS = {
    "id",
    "deal",
    "board",
    "dealer",
    "phase",
    "hcp",
    "declarer",
    "dummy",
    "contract",
    "goal",
    "contracts",
    "hands",
    "trick",
    "tricks",
    "tricks_won",
    "to_play",
    "legal",
    "result",
    "totals",
}


def _start(client: TestClient, **setup: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=setup)
    assert response.status_code == 201, response.text
    return response.json()


def _act(client: TestClient, view: dict[str, Any], action: dict[str, Any]) -> Any:
    return client.post(f"/api/games/{view['id']}/actions", json=action)


def _to_following(client: TestClient, rng: random.Random) -> dict[str, Any]:
    """A lesson 5 game at a card the pupil plays while following a suit with other suits in hand."""
    view = _start(client, lesson=5, deals=1, seed=7)
    while True:
        hand = view["hands"].get(view["to_play"] or "", [])
        if view["phase"] == "play" and view["trick"] and len(view["legal"]) < len(hand):
            return view
        if view["phase"] == "game_over":
            raise AssertionError("no trick where the pupil follows suit")
        view = _act(client, view, next_action(view, rng)).json()


def test_health(client: TestClient):
    response = client.get("/api/health")
    assert response.status_code == 200 and response.json() == {"ok": True, "thinking_ahead": 0, "games_prepared": 0}


def test_a_game_is_played_to_its_end_through_the_api(client: TestClient):
    view = _start(client, lesson=5, deals=2, seed=7)
    assert set(view) >= VIEW_KEYS and view["deal"] == 1 and view["phase"] in ("contract", "play")
    assert len(view["id"]) >= 20
    rng, seen_over, deals = random.Random(7), [], set()

    def check(response: Any) -> None:
        shown = response.json()
        assert set(shown) >= VIEW_KEYS
        deals.add(shown["deal"])
        if shown["phase"] in ("deal_over", "game_over"):
            seen_over.append(shown)

    final = play_out(client, view, rng, check)
    assert final["phase"] == "game_over" and deals == {1, 2}
    assert [v["phase"] for v in seen_over] == ["deal_over", "game_over"]
    for over in seen_over:
        assert sorted(over["hands"]) == ["E", "N", "S", "W"]
        assert all(len(cards) == 13 for cards in over["hands"].values())
        assert sum(over["tricks_won"].values()) == 13 and len(over["tricks"]) == 13
        result = over["result"]
        assert result["declarer_tricks"] == over["tricks_won"]["NS" if over["declarer"] in "NS" else "EW"]
        assert set(result["score"]) >= {"rules", "contract", "tricks", "goal", "made", "declarers_score"}
        assert over["legal"] == [] and over["to_play"] is None
    first, last = seen_over[0]["result"]["score"], seen_over[1]["result"]["score"]
    side = {d["declarer"]: ("NS" if d["declarer"] in "NS" else "EW") for d in seen_over}
    totals = {"NS": 0, "EW": 0}
    for over, score in zip(seen_over, (first, last), strict=True):
        totals[side[over["declarer"]]] += score["declarers_score"]
        totals["EW" if side[over["declarer"]] == "NS" else "NS"] += score["defenders_score"]
    assert final["totals"] == totals
    assert _act(client, final, {"next": True}).status_code == 409


def test_the_same_seed_and_decisions_give_the_same_game(client: TestClient):
    views = []
    for _ in range(2):
        view = _start(client, lesson=3, deals=1, seed=11)
        views.append({k: v for k, v in play_out(client, view, random.Random(3)).items() if k != "id"})
    assert views[0] == views[1]


def test_refused_actions_say_why_and_change_nothing(client: TestClient):
    view = _to_following(client, random.Random(5))
    url = f"/api/games/{view['id']}"
    before = client.get(url).json()
    assert before == view
    seat = view["to_play"]
    hand = view["hands"][seat]
    not_legal = next(card for card in hand if card not in view["legal"])
    not_held = next(f"{s}{r}" for s in "SHDC" for r in "AKQJT98765432" if f"{s}{r}" not in hand)
    refusals = [
        ({"card": not_legal}, 422, "you must follow suit"),
        ({"card": not_held}, 422, "hold"),
        ({"card": "ZZ"}, 422, ""),
        ({"contract": "3NT"}, 409, "not the moment"),
        ({"next": True}, 409, "not over"),
        ({"declarer": "N"}, 409, "no declarer"),
        ({"card": "SA", "next": True}, 422, "one action"),
        ({"jump": 1}, 422, "one action"),
        ({"next": False}, 422, "next"),
        ({"card": 12}, 422, "as text"),
    ]
    for action, status, words in refusals:
        response = _act(client, view, action)
        assert response.status_code == status, (action, response.text)
        error = response.json()["error"]
        assert isinstance(error, str) and words in error, (action, error)
        assert client.get(url).json() == before, action
    played = _act(client, view, {"card": view["legal"][0]})
    assert played.status_code == 200 and played.json() != before


def test_a_restarted_server_gives_back_the_same_game(tmp_path: Path):
    with make_client(tmp_path) as client:
        view = _start(client, lesson=6, deals=1, seed=4)
        rng = random.Random(2)
        for _ in range(5):
            view = _act(client, view, next_action(view, rng)).json()
    with make_client(tmp_path) as again:
        assert again.get(f"/api/games/{view['id']}").json() == view
        assert play_out(again, view, rng)["phase"] == "game_over"


def test_the_class_code_is_needed_where_it_is_set(tmp_path: Path):
    with make_client(tmp_path, class_code="OWL42") as client:
        missing = client.post("/api/games", json={"lesson": 3})
        wrong = client.post("/api/games", json={"lesson": 3}, headers={"X-Class-Code": "CAT"})
        right = client.post("/api/games", json={"lesson": 3, "seed": 1}, headers={"X-Class-Code": "owl42"})
        assert (missing.status_code, wrong.status_code, right.status_code) == (401, 403, 201)
        assert "class code" in missing.json()["error"] and "class code" in wrong.json()["error"]
    with make_client(tmp_path, loopback=False) as client:
        code = client.app.state.class_code  # type: ignore[attr-defined]
        assert code and len(code) == 5
        assert client.post("/api/games", json={}).status_code == 401
        assert client.post("/api/games", json={"seed": 1}, headers={"X-Class-Code": code}).status_code == 201
    with make_client(tmp_path) as client:
        assert client.app.state.class_code is None  # type: ignore[attr-defined]
        assert client.post("/api/games", json={"seed": 1}).status_code == 201


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"lesson": 9}, "six MiniLessons"),
        ({"deals": 2, "target": 500}, "not both"),
        ({"rules": "bridge"}, "ebu, nbb or targets"),
        ({"deals": "two"}, "whole number"),
        ({"slam": 1}, "true or false"),
        ({"colour": "red"}, "not a setting"),
    ],
)
def test_a_setup_the_rules_refuse_is_422(client: TestClient, setup: dict[str, Any], words: str):
    response = client.post("/api/games", json=setup)
    assert response.status_code == 422 and words in response.json()["error"]


def test_unknown_games_addresses_and_bodies_are_refused_in_words(client: TestClient):
    for response in (
        client.get("/api/games/no-such-game"),
        client.post("/api/games/no-such-game/actions", json={"next": True}),
        client.get("/api/nothing-here"),
        client.get("/api/lessons/7/exercises"),
    ):
        assert response.status_code == 404 and response.json()["error"]
    assert client.get("/api/games").status_code == 405
    large = client.post("/api/games", content=b" " * (MAX_BODY + 1), headers={"Content-Type": "application/json"})
    assert large.status_code == 413 and "too large" in large.json()["error"]
    form = client.post("/api/games", content=b"lesson=3", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert form.status_code == 415 and "JSON" in form.json()["error"]
    broken = client.post("/api/games", content=b"{lesson", headers={"Content-Type": "application/json"})
    assert broken.status_code == 400 and broken.json()["error"]
    assert client.post("/api/games", json=[1]).status_code == 422


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


@pytest.mark.parametrize("number", range(1, 7))
def test_exercises_are_listed_with_what_they_need_and_no_answer(client: TestClient, number: int):
    response = client.get(f"/api/lessons/{number}/exercises")
    assert response.status_code == 200
    listed = response.json()
    lesson = find_lesson(number)
    assert [e["id"] for e in listed] == [e.id for e in lesson.exercises]
    assert "answer" not in _keys(listed)
    text = json.dumps(listed)
    for shown, exercise in zip(listed, lesson.exercises, strict=True):
        assert {"id", "kind", "board", "question"} <= set(shown) and shown["question"] == exercise.question
        if exercise.board is not None:
            assert sorted(shown["deal"]["hands"]) == ["E", "N", "S", "W"]
        if exercise.kind in ("tricks", "replay", "irregularity", "signal"):
            assert shown["deal"]["play"]["tricks"]
        if isinstance(exercise.answer, dict):
            assert shown["asks"] == sorted(exercise.answer)  # the keys to give, never their values
            if "winners" in exercise.answer:
                assert json.dumps(exercise.answer["winners"]) not in text
        if exercise.kind == "declarer":
            assert set(shown["deal"]) == {"dealer", "hands"}  # declarer, dummy and the play would answer it


def test_answers_are_marked_with_the_reason_and_kept_by_pupil(client: TestClient):
    given = {"5": 7, "6": {"declarers": 100, "defenders": 0}}
    response = client.post("/api/lessons/3/answers", json={"pupil": "Amy", "answers": given})
    assert response.status_code == 200
    marked = response.json()
    assert set(marked) == {"lesson", "pupil", "marks", "right", "exercises"}
    assert (marked["lesson"], marked["pupil"], marked["right"], marked["exercises"]) == (3, "Amy", 1, 2)
    right, wrong = marked["marks"]
    assert right["exercise"] == "5" and right["right"] and right["reason"]
    assert wrong["exercise"] == "6" and not wrong["right"] and wrong["answer"] == {"declarers": 130, "defenders": 0}
    assert "130" in wrong["reason"]
    progress = client.app.state.store.progress("Amy")  # type: ignore[attr-defined]
    assert [(p.lesson, p.exercise, p.right) for p in progress] == [(3, "5", True), (3, "6", False)]
    for body, words in (
        ({"answers": given}, "name"),
        ({"pupil": "Amy", "answers": {}}, "answers"),
        ({"pupil": "Amy", "answers": {"99": 1}}, "no exercise 99"),
    ):
        refused = client.post("/api/lessons/3/answers", json=body)
        assert refused.status_code == 422 and words in refused.json()["error"]


def test_two_requests_for_one_game_at_once_do_not_interleave(client: TestClient):
    from concurrent.futures import ThreadPoolExecutor

    view = _start(client, lesson=5, deals=1, seed=7)
    rng = random.Random(1)
    while view["phase"] != "play":
        view = _act(client, view, next_action(view, rng)).json()
    card = view["legal"][0]
    with ThreadPoolExecutor(4) as pool:
        statuses = sorted(pool.map(lambda _: _act(client, view, {"card": card}).status_code, range(4)))
    assert statuses[0] == 200 and statuses.count(200) == 1 and set(statuses[1:]) <= {409, 422}
    data = client.app.state.store.game(view["id"])  # type: ignore[attr-defined]
    assert data["deals"][-1]["cards"].count(card) == 1


# --- three players --------------------------------------------------------------------------------------------


def test_three_handed_games_through_the_api_each_player_keeping_a_total(client: TestClient):
    # Seed 15, normal: the pupil deals, declares and takes the dummy hand, which holds more points; in deal 2 West
    # (Left) deals and North (Right) declares: the pupil's hand goes down as dummy at South and the pupil takes
    # over the dummy hand at East, defending with West.
    view = _start(client, three_handed="normal", deals=2, seed=15)
    three = view["three_handed"]
    assert view["you"] == "S" and view["declarer"] == "S" and three["exchanged"] and three["dummy_hand"] == "N"
    assert [p["name"] for p in three["players"]] == ["you", "Left", "Right"] and view["contracts"]
    assert sorted(view["hands"]) == ["N", "S"]  # the pupil's hand and dummy's, nothing of the defenders'
    rng = random.Random(15)
    while view["deal"] == 1 or view["phase"] not in ("play", "deal_over", "game_over"):
        view = _act(client, view, next_action(view, rng)).json()
    three = view["three_handed"]
    assert (view["dealer"], view["declarer"], view["dummy"], view["you"]) == ("W", "N", "S", "E")
    assert three["moved"] == {"S": "E"} and sorted(view["hands"]) == ["E", "S"] and view["pupil_seats"] == ["E"]
    assert all(card in view["hands"]["E"] for card in view["legal"])
    final = play_out(client, view, rng)
    players = final["three_handed"]["players"]
    score = final["result"]["score"]
    assert players[2]["score"] == score["declarers_score"]  # Right declared at North
    assert players[0]["score"] == players[1]["score"] == score["defenders_score"]
    assert sum(p["total"] for p in players) >= sum(p["score"] for p in players)


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"three_handed": "three"}, "the three-handed variants are 'simple' and 'normal'"),
        ({"three_handed": "simple", "lesson": 2}, "MiniLesson Two has no announcement of points with a dummy"),
        ({"rules": "nbb", "slam": True}, "the Dutch rules have no slams"),
        ({"three_handed": True}, "'three_handed' should be text"),
    ],
)
def test_setups_the_rules_refuse_are_refused_with_the_reason(client: TestClient, setup: dict[str, Any], words: str):
    response = client.post("/api/games", json=setup)
    assert response.status_code == 422 and words in response.json()["error"], response.text


def test_a_pupil_takes_back_their_last_card_with_the_computers_cards_after_it(client):
    view = client.post("/api/games", json={"lesson": 5, "deals": 1, "seed": 12}).json()
    rng = random.Random(5)
    while view["phase"] != "play" or not view["pupil_to_act"]:
        view = client.post(f"/api/games/{view['id']}/actions", json=next_action(view, rng)).json()
    assert not view["can_undo"] or view["trick"] or view["tricks"]
    refused = client.post(f"/api/games/{view['id']}/actions", json={"undo": True})
    if not view["can_undo"]:
        assert refused.status_code == 409 and "nothing to take back" in refused.json()["error"]
    before = view
    card = view["legal"][0]
    after = client.post(f"/api/games/{view['id']}/actions", json={"card": card}).json()
    assert after["can_undo"]
    undone = client.post(f"/api/games/{view['id']}/actions", json={"undo": True})
    assert undone.status_code == 200, undone.text
    again = undone.json()
    for key in ("hands", "trick", "tricks", "legal", "to_play", "tricks_won", "phase"):
        assert again[key] == before[key], key
    assert client.post(f"/api/games/{view['id']}/actions", json={"undo": "yes"}).status_code == 422


def _to_last_tricks(client, lesson: int, seed: int, left: int) -> dict:
    """A game of ``lesson`` played at random until ``left`` tricks are left and the pupil is to play."""
    view = client.post("/api/games", json={"lesson": lesson, "deals": 1, "seed": seed}).json()
    rng = random.Random(seed)
    while not (view["phase"] == "play" and view["pupil_to_act"] and len(view["tricks"]) >= 13 - left):
        assert view["phase"] != "deal_over"
        view = client.post(f"/api/games/{view['id']}/actions", json=next_action(view, rng)).json()
    return view


def test_a_claim_that_no_defence_can_stop_ends_the_deal_with_the_claimed_tricks(client):
    answers = {}
    for seed in range(1, 12):
        view = _to_last_tricks(client, 5, seed, 2)
        mine = "NS" if view["you"] in "NS" else "EW"
        answer = client.post(f"/api/games/{view['id']}/actions", json={"claim": True})
        answers[answer.status_code] = answers.get(answer.status_code, 0) + 1
        if answer.status_code == 200:
            after = answer.json()
            assert after["phase"] == "game_over"  # one deal: the claim ends the game
            assert after["tricks_won"][mine] == view["tricks_won"][mine] + 13 - len(view["tricks"])
        else:
            assert answer.status_code == 409 and "play on" in answer.json()["error"]
            kept = client.get(f"/api/games/{view['id']}").json()
            assert kept["trick"] == view["trick"] and kept["tricks"] == view["tricks"]
    assert set(answers) == {200, 409}, "some claims hold and some do not"
