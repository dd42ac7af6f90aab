"""How strong the computer plays, chosen on the web: the JSON API of a pupil's game and of the class's tables, the
start page's tiles and the teacher's form."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tables_client import TEACHER, tables_client

from minibridge.web.pages import render_start


def _setup(client: TestClient, game_id: str) -> dict[str, Any]:
    data = client.app.state.store.game(game_id)  # type: ignore[attr-defined]
    assert data is not None
    return data["setup"]


@pytest.mark.parametrize("level", ["beginner", "club", "expert"])
def test_a_game_on_the_api_plays_at_the_level_sent(client: TestClient, level: str):
    response = client.post("/api/games", json={"lesson": 5, "deals": 1, "seed": 3, "robots": level})
    assert response.status_code == 201, response.text
    assert _setup(client, response.json()["id"])["robots"] == level


def test_a_game_on_the_api_plays_at_the_lessons_level_unless_told(client: TestClient):
    response = client.post("/api/games", json={"lesson": 1, "deals": 1, "seed": 3})
    assert response.status_code == 201 and _setup(client, response.json()["id"])["robots"] == "beginner"


@pytest.mark.parametrize(
    ("robots", "words"), [("wizard", "beginner, club or expert, not 'wizard'"), (3, "'robots' should be")]
)
def test_a_level_that_is_none_is_422_in_words(client: TestClient, robots: Any, words: str):
    response = client.post("/api/games", json={"lesson": 5, "robots": robots})
    assert response.status_code == 422 and words in response.json()["error"]


def test_the_start_page_offers_the_levels_in_a_childs_words_and_its_form_starts_a_game_at_one(client: TestClient):
    html = render_start({})
    assert "How strong is the computer?" in html
    assert '<input type="radio" name="robots" value="" checked> As the lesson says' in html
    for level, label in (("beginner", "Learning, like me"), ("club", "Good"), ("expert", "Very good")):
        assert re.search(rf'name="robots" value="{level}"> {label}</label>', html)
    assert 'name="robots" value="club" checked' in render_start({"chosen": {"robots": "club"}})
    page = client.post("/games", data={"lesson": "6", "deals": "1", "seed": "4", "robots": "beginner"})
    assert page.status_code == 200 and "/games/" in str(page.url)
    assert _setup(client, str(page.url).rsplit("/", 1)[-1])["robots"] == "beginner"
    wrong = client.post("/games", data={"lesson": "6", "deals": "1", "robots": "wizard"})
    assert wrong.status_code == 422 and "not &#39;wizard&#39;" in wrong.text


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TestClient]:
    with tables_client(tmp_path) as client:
        yield client


def test_the_teacher_chooses_the_level_of_the_tables(server: TestClient):
    response = server.post("/api/tables", json={"tables": 1, "lesson": 3, "level": "club"}, headers=TEACHER)
    assert response.status_code == 201, response.text
    assert server.app.state.store.tables()[0][1]["setup"]["robots"] == "club"  # type: ignore[attr-defined]
    refused = server.post("/api/tables", json={"tables": 1, "level": "wizard"}, headers=TEACHER)
    assert refused.status_code == 422 and "not 'wizard'" in refused.json()["error"]
    page = server.get("/teacher/tables", headers=TEACHER).text
    assert '<input type="radio" name="level" value="" checked> As the lesson says' in page
    assert 'name="level" value="beginner"> Learning, like me' in page
    form = {"tables": "1", "lesson": "2", "robots": "now", "level": "expert"}
    answer = server.post("/teacher/tables/new", data=form, headers=TEACHER, follow_redirects=False)
    assert answer.status_code == 303
    assert server.app.state.store.tables()[0][1]["setup"]["robots"] == "expert"  # type: ignore[attr-defined]
