"""The classroom thinks ahead: while a pupil counts their points the computer works out its contract and first
cards, a game prepared before the class came starts with its first decisions already thought out, and none of it
changes what the computer plays or what a pupil may see."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom_client import SAMPLES, counted, next_action
from starlette.testclient import TestClient

import minibridge.analysis
from minibridge.turns import Need, Turns
from minibridge.web.ahead import PREPARED, PREPARED_LESSONS, PREPARED_PLAYERS
from minibridge.web.app import create_app

SETTLE = 120
"""The most seconds a test waits for the computer to finish thinking ahead."""


@pytest.fixture
def solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every position a game waits for the solver to solve (not found among those solved before, nor thought out
    ahead), counted."""
    found: list[int] = []
    solve = Turns.map

    def counting(turns: Turns, weight: int, jobs: Any, *, need: Need = Need.NOW) -> list[Any]:
        if need is Need.NOW:
            found.extend(1 for _ in jobs)
        return solve(turns, weight, jobs, need=need)

    monkeypatch.setattr(Turns, "map", counting)
    return found


@pytest.fixture(autouse=True)
def fresh_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with nothing solved."""
    monkeypatch.setattr(
        minibridge.analysis, "_SOLVED", minibridge.analysis.Once(size=minibridge.analysis.POSITIONS_KEPT)
    )


def server(tmp_path: Path, *, prepare: bool = False) -> TestClient:
    """A classroom on this computer, the pupils counting their own points."""
    app = create_app(
        data=tmp_path, class_code=None, teacher_token="teacher", loopback=True, samples=SAMPLES, prepare=prepare
    )
    return TestClient(app)


def settled(client: TestClient) -> None:
    """Wait until the computer has nothing left to think ahead about."""
    assert client.app.state.ahead.settled(SETTLE)  # type: ignore[attr-defined]
    assert client.get("/api/health").json()["thinking_ahead"] == 0


def count_right(client: TestClient, view: dict[str, Any]) -> dict[str, Any]:
    """The pupil counts their points right: the view after the computer's decisions that follow."""
    assert view["phase"] == "count", view["phase"]
    answer = client.post(f"/api/games/{view['id']}/actions", json={"points": counted(view)})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_health_says_what_is_still_thought_about_and_nothing_more(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        health = client.get("/api/health").json()
    assert health == {"ok": True, "thinking_ahead": 0, "games_prepared": 0}


@pytest.mark.parametrize("lesson", [4, 6])
def test_while_the_pupil_counts_the_computer_thinks_out_what_follows(
    tmp_path: Path, solves: list[int], lesson: int
) -> None:
    with server(tmp_path) as client:
        thought = 0
        for seed in range(1, 7):
            view = client.post("/api/games", json={"lesson": lesson, "deals": 1, "seed": seed}).json()
            settled(client)
            solves.clear()
            after = count_right(client, view)
            assert solves == [], f"seed {seed}: the computer solved {len(solves)} positions after the count"
            thought += after["phase"] != "count"
        assert thought == 6


def test_thinking_ahead_changes_nothing_the_computer_plays(tmp_path: Path) -> None:
    """The same games, once with the computer given time to think ahead before every decision and once without:
    every view the pupil gets is the same."""
    played: list[list[dict[str, Any]]] = []
    for waits in (True, False):
        with server(tmp_path / str(waits)) as client:
            views = []
            for seed in (3, 8):
                rng = random.Random(seed)
                view = client.post("/api/games", json={"lesson": 6, "deals": 1, "seed": seed}).json()
                while view["phase"] not in ("deal_over", "game_over"):
                    if waits:
                        settled(client)
                    view = client.post(f"/api/games/{view['id']}/actions", json=next_action(view, rng)).json()
                    views.append({key: value for key, value in view.items() if key != "id"})
            played.append(views)
    assert played[0] == played[1]


@pytest.fixture
def prepared_class(tmp_path: Path) -> Iterator[TestClient]:
    """A classroom that prepares games before the class comes, once it has prepared them."""
    with server(tmp_path, prepare=True) as client:
        settled(client)
        yield client


def test_the_server_prepares_games_of_every_lesson_before_the_class_comes(prepared_class: TestClient) -> None:
    kinds = len(PREPARED_LESSONS) * len(PREPARED_PLAYERS)
    assert prepared_class.get("/api/health").json()["games_prepared"] == PREPARED * kinds


@pytest.mark.parametrize("three_handed", [None, "simple"])
def test_a_pupil_who_chooses_no_cards_gets_a_prepared_game_and_another_is_prepared(
    prepared_class: TestClient, solves: list[int], three_handed: str | None
) -> None:
    kinds = len(PREPARED_LESSONS) * len(PREPARED_PLAYERS)
    body: dict[str, Any] = {"lesson": 6, "deals": 2}
    if three_handed:
        body["three_handed"] = three_handed
    for _ in range(PREPARED):
        view = prepared_class.post("/api/games", json=body).json()
        solves.clear()
        count_right(prepared_class, view)
        assert solves == [], "a prepared game's first decisions were not thought out before"
    settled(prepared_class)
    assert prepared_class.get("/api/health").json()["games_prepared"] == PREPARED * kinds


def test_a_seed_the_pupil_chose_is_kept(prepared_class: TestClient) -> None:
    games = [prepared_class.post("/api/games", json={"lesson": 5, "deals": 1, "seed": 77}).json() for _ in range(2)]
    assert games[0]["hands"] == games[1]["hands"]
    unseeded = [prepared_class.post("/api/games", json={"lesson": 5, "deals": 1}).json() for _ in range(2)]
    assert unseeded[0]["hands"] != unseeded[1]["hands"]


def test_a_prepared_game_shows_the_pupil_only_their_own_hand(prepared_class: TestClient) -> None:
    view = prepared_class.post("/api/games", json={"lesson": 6, "deals": 1}).json()
    assert view["phase"] == "count"
    assert list(view["hands"]) == [view["count"]["seat"]]
    assert view["review"] is None and view["best"] is None


def test_the_server_stops_cleanly_while_it_thinks(tmp_path: Path) -> None:
    """Stopping the classroom while the computer thinks ahead ends the thinking after the decision under way."""
    with server(tmp_path, prepare=True) as client:
        assert client.get("/api/health").json()["thinking_ahead"] > 0
        ahead = client.app.state.ahead  # type: ignore[attr-defined]
    assert ahead.waiting == 0
    assert ahead._worker is not None and not ahead._worker.is_alive()
