"""The score, explained, in the classroom: the VIEW's score carries its calculation (the parts add up to the
score, RULES §6), the result page shows it under "This deal", and an event's tablets show it with the score
they ask a table to check and the score they kept."""

from __future__ import annotations

import random
import re
from html import unescape
from typing import Any

import pytest
from classroom_client import next_action
from events_client import TEACHER
from starlette.testclient import TestClient


def _start(client: TestClient, **setup: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=setup)
    assert response.status_code == 201, response.text
    return response.json()


def _to_deal_over(client: TestClient, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    while view["phase"] not in ("deal_over", "game_over"):
        response = client.post(f"/api/games/{view['id']}/actions", json=next_action(view, rng))
        assert response.status_code == 200, response.text
        view = response.json()
    return view


@pytest.mark.parametrize(
    ("setup", "seed"),
    [
        ({"lesson": 5}, 7),  # RULES §6 EBU
        ({"lesson": 3}, 3),  # RULES §6 MiniLessons Three and Four
        ({"lesson": 5, "rules": "nbb"}, 5),  # RULES §6 Dutch
    ],
)
def test_the_views_score_carries_its_calculation_which_adds_up_to_the_score(
    client: TestClient, setup: dict[str, Any], seed: int
):
    rng = random.Random(seed)
    view = _start(client, deals=2, seed=seed, **setup)
    for _ in range(2):
        over = _to_deal_over(client, view, rng)
        score = over["result"]["score"]
        assert score is not None
        parts = score["calculation"]
        assert parts and all(set(part) == {"what", "points"} for part in parts)
        side = score["declarers_score"] if score["made"] else score["defenders_score"]
        assert sum(part["points"] for part in parts) == side
        if not score["made"]:
            assert all("to the defenders" in part["what"] for part in parts)
        page = unescape(client.get(f"/games/{view['id']}").text)
        shown = re.search(r'<p class="calculation">([^<]*)</p>', page)
        words = score["calculation_words"]  # the page starts the line with a capital
        assert shown is not None and shown.group(1) == words[:1].upper() + words[1:]
        assert page.index("This deal:") < page.index('class="calculation"')
        if over["phase"] == "game_over":
            break
        view = client.post(f"/api/games/{view['id']}/actions", json={"next": True}).json()


def test_a_deal_without_contracts_shows_no_calculation(client: TestClient):
    over = _to_deal_over(client, _start(client, lesson=1, deals=1, seed=3), random.Random(1))
    assert over["result"].get("score") is None
    assert 'class="calculation"' not in client.get(f"/games/{over['id']}").text


def test_an_events_tablet_shows_the_calculation_of_the_score_it_asks_to_check_and_keeps(client: TestClient):
    event = client.post("/api/events", json={"name": "Club", "boards": 4, "lesson": 6}, headers=TEACHER).json()["id"]
    table = f"/events/{event}/table"
    fields = {"board": "2", "ns": "3", "ew": "4", "contract": "4H", "declarer": "E", "tricks": "11"}
    # RULES §6 (002): 4S (here 4H) with 11 tricks 450
    calculation = "5 tricks over six × 30 = 150, + 300 game = 450"
    confirm = unescape(client.get(table, params=fields).text)
    assert f'<p class="calculation">{calculation}</p>' in confirm
    done = unescape(client.post(table, data=fields).text)
    assert f'<p class="calculation">{calculation}</p>' in done
    down = unescape(client.get(table, params={**fields, "board": "3", "tricks": "8"}).text)
    assert '<p class="calculation">To the defenders: 2 tricks short × 50 = 100</p>' in down
