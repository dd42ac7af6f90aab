"""A pupil practising declaring or defending against the computer: through the JSON API and the start page, with
the choices that cannot go together refused in one sentence and every other choice kept."""

from __future__ import annotations

import html
import re

import pytest
from starlette.testclient import TestClient

DUTCH = {"Accept-Language": "nl"}


@pytest.mark.parametrize(("practice", "declarers"), [("declarer", ("N", "S")), ("defender", ("E", "W"))])
@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_a_game_started_to_practise_gives_the_declaring_to_the_side_chosen(
    client: TestClient, practice: str, declarers: tuple[str, ...], seed: int
):
    response = client.post("/api/games", json={"lesson": 5, "deals": 2, "seed": seed, "practice": practice})
    assert response.status_code == 201, response.text
    view = response.json()
    assert view["practice"] == practice and view["declarer"] in declarers
    assert client.get(f"/api/games/{view['id']}").json()["declarer"] == view["declarer"]  # rebuilt the same


def test_a_game_played_as_dealt_says_so(client: TestClient):
    assert client.post("/api/games", json={"lesson": 5, "seed": 1}).json()["practice"] is None


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"practice": "dummy"}, "'practice' should be \"declarer\" or \"defender\", not 'dummy'"),
        ({"practice": True}, "'practice' should be text"),
        ({"lesson": 1, "practice": "declarer"}, "MiniLesson One has no declarer"),
        ({"lesson": 2, "practice": "defender"}, "MiniLesson Two has no declarer"),
        ({"three_handed": "normal", "practice": "declarer"}, "is for four players, not three"),
    ],
)
def test_a_practice_that_cannot_be_is_refused_with_the_reason(client: TestClient, setup: dict, words: str):
    response = client.post("/api/games", json=setup)
    assert response.status_code == 422 and words in response.json()["error"], response.text


def test_the_refusal_comes_in_the_language_of_the_browser(client: TestClient):
    response = client.post("/api/games", json={"lesson": 1, "practice": "declarer"}, headers=DUTCH)
    assert response.status_code == 422
    assert "heeft geen leider" in response.json()["error"]


def test_the_start_page_offers_every_hand_declaring_and_defending(client: TestClient):
    page = client.get("/").text
    assert re.findall(r'name="practice" value="(\w*)"', page) == ["", "declarer", "defender"]
    assert '<input type="radio" name="practice" value="" checked>' in page
    assert all(words in page for words in ("Play every hand", "I want to declare", "I want to defend"))


def test_the_start_form_starts_a_game_the_pupil_defends(client: TestClient):
    page = client.post("/games", data={"lesson": "5", "deals": "1", "seed": "4", "practice": "defender"})
    assert page.status_code == 200 and "/games/" in str(page.url)
    game_id = str(page.url).rsplit("/", 1)[-1]
    view = client.get(f"/api/games/{game_id}").json()
    assert view["practice"] == "defender" and view["declarer"] in ("E", "W")


def test_lesson_one_with_practice_comes_back_in_one_sentence_with_the_other_choices_kept(client: TestClient):
    form = {"lesson": "1", "deals": "2", "three_handed": "", "practice": "declarer", "auto_single": "1"}
    page = client.post("/games", data=form)
    assert page.status_code == 422
    message = re.findall(r'<p class="message" role="alert">(.*?)</p>', page.text)
    assert [html.unescape(text) for text in message] == ["You can declare or defend from Lesson Three on."]
    checked = re.findall(r'<input type="(?:radio|checkbox)" name="(\w+)" value="(\w*)" checked>', page.text)
    assert sorted(checked) == [
        ("auto_single", "1"),
        ("deals", "2"),
        ("practice", "declarer"),
        ("robots", ""),
        ("rules", "ebu"),
        ("three_handed", ""),
    ]


def test_three_players_with_practice_come_back_with_the_target_kept(client: TestClient):
    form = {"deals": "", "target": "700", "three_handed": "simple", "practice": "defender", "rules": "nbb"}
    page = client.post("/games", data={**form, "free": "1"})
    assert page.status_code == 422 and "Declare or defend is for four players." in page.text
    assert 'value="700"' in page.text and 'name="rules" value="nbb" checked' in page.text
    assert 'name="three_handed" value="simple" checked' in page.text and 'name="deals" value="" checked' in page.text
