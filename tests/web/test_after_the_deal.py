"""After the tap: the computer's decisions one at a time on the pages, the pupil's only card played by itself,
and after each deal the best contract double dummy, the same deal again, the tricks one by one and what
partner's signals said."""

from __future__ import annotations

import random
from typing import Any

import pytest
from classroom_client import make_client, next_action
from starlette.testclient import TestClient

from minibridge.analysis import double_dummy_tricks
from minibridge.cards import Card, Seat, Suit
from minibridge.classroom import PupilGame
from minibridge.contract import Contract
from minibridge.deal import Deal, Hand
from minibridge.web.pages import render_table
from minibridge.web.views import replay_view


def _start(client: TestClient, **setup: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=setup)
    assert response.status_code == 201, response.text
    return response.json()


def _act(client: TestClient, view: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/games/{view['id']}/actions", json=action)
    assert response.status_code == 200, response.text
    return response.json()


def _to_deal_over(client: TestClient, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    while view["phase"] not in ("deal_over", "game_over"):
        view = _act(client, view, next_action(view, rng))
    return view


def _played(client: TestClient, game_id: str) -> int:
    """Decisions taken in the game's last deal, from the store."""
    data = client.app.state.store.game(game_id)  # type: ignore[attr-defined]
    last = data["deals"][-1]
    return len(last["cards"]) + (last["contract"] is not None)


# --- one decision at a time on the pages --------------------------------------------------------------------


def test_a_tap_answers_at_once_and_the_table_asks_for_each_computer_decision(client: TestClient):
    page = client.post("/games", data={"lesson": "5", "deals": "1", "seed": "11"})
    game_id = str(page.url).rsplit("/", 1)[-1]
    steps = 0
    rng = random.Random(1)
    for _ in range(300):
        view = client.get(f"/api/games/{game_id}").json()
        root = page.text.split('id="table"', 1)[1].split(">", 1)[0]
        if view["computer_next"]:
            assert "data-ready" not in root
            assert f'hx-post="/games/{game_id}/step"' in page.text and 'hx-trigger="load delay:400ms"' in page.text
            before = _played(client, game_id)
            page = client.post(f"/games/{game_id}/step")
            assert _played(client, game_id) == before + 1  # one decision, no more
            steps += 1
            continue
        assert 'data-ready="true"' in root and "/step" not in page.text
        if view["phase"] == "game_over":
            break
        before = _played(client, game_id)
        page = client.post(f"/games/{game_id}/actions", data=next_action(view, rng))
        assert page.status_code == 200
        assert _played(client, game_id) == before + 1  # the pupil's decision only: the computer's come by steps
    assert view["phase"] == "game_over" and steps >= 13 * 3 // 2


def test_a_step_when_the_pupil_is_to_decide_changes_nothing(client: TestClient):
    view = _start(client, lesson=5, deals=1, seed=7)
    data = client.app.state.store.game(view["id"])  # type: ignore[attr-defined]
    page = client.post(f"/games/{view['id']}/step")
    assert page.status_code == 200 and 'data-ready="true"' in page.text
    assert client.app.state.store.game(view["id"]) == data  # type: ignore[attr-defined]


def test_a_step_from_another_site_is_refused(client: TestClient):
    view = _start(client, lesson=5, deals=1, seed=7)
    response = client.post(f"/games/{view['id']}/step", headers={"origin": "http://elsewhere.example"})
    assert response.status_code == 403


# --- the pupil's only card -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_only_legal_card_is_played_by_itself_when_asked(client: TestClient, seed: int):
    rng = random.Random(seed)
    alone = _start(client, lesson=5, deals=1, seed=seed, auto_single=True)
    by_hand = _start(client, lesson=5, deals=1, seed=seed)
    singles = 0
    for view, auto in ((alone, True), (by_hand, False)):
        assert view["auto_single"] is auto
        while view["phase"] != "game_over":
            if view["phase"] == "play" and len(view["legal"]) == 1:
                assert not auto, "a single legal card waited for the pupil"
                singles += 1
            view = _act(client, view, next_action(view, rng))
        assert len(client.app.state.store.game(view["id"])["deals"][0]["cards"]) == 52  # type: ignore[attr-defined]
    assert singles, "no single legal card came up to compare with"


def test_the_start_form_keeps_the_only_card_setting_and_the_seed(client: TestClient):
    page = client.post("/games", data={"lesson": "5", "deals": "1", "seed": "7", "auto_single": "1"})
    data = client.app.state.store.game(str(page.url).rsplit("/", 1)[-1])  # type: ignore[attr-defined]
    assert data["setup"]["auto_single"] is True and data["setup"]["seed"] == 7
    assert "Play my only card for me" in client.get("/").text


def test_auto_single_must_be_true_or_false(client: TestClient):
    response = client.post("/api/games", json={"auto_single": "yes"})
    assert response.status_code == 422 and "true or false" in response.json()["error"]


# --- after the deal -------------------------------------------------------------------------------------------


def test_the_best_contract_double_dummy_is_shown_once_the_deal_is_over(client: TestClient):
    rng = random.Random(5)
    view = _start(client, lesson=5, deals=1, seed=7)
    assert view["best"] is None
    over = _to_deal_over(client, view, rng)
    best = over["best"]
    assert set(best) == {"contract", "tricks", "score"}
    contract = Contract.from_str(best["contract"])
    deal = Deal({Seat.from_str(s): Hand(Card.from_str(c) for c in cards) for s, cards in over["hands"].items()})
    trumps = None if contract.strain.letter == "NT" else Suit.from_str(contract.strain.letter)
    assert best["tricks"] == double_dummy_tricks(deal, Seat.from_str(over["declarer"]), trumps)
    assert client.get(f"/api/games/{view['id']}").json()["best"] == best  # kept, not solved again
    page = " ".join(client.get(f"/games/{view['id']}").text.split())
    assert "the best for" in page and f"{best['score']} points" in page


def test_lessons_without_contracts_have_no_best_contract(client: TestClient):
    over = _to_deal_over(client, _start(client, lesson=1, deals=1, seed=3), random.Random(1))
    assert over["best"] is None


def test_the_same_deal_again_is_practice_and_survives_a_restart(client: TestClient, tmp_path):
    rng = random.Random(3)
    first = _to_deal_over(client, _start(client, lesson=5, deals=2, seed=9), rng)
    assert first["phase"] == "deal_over" and not first["again"]
    again = _act(client, first, {"again": True})
    assert again["deal"] == 1 and again["again"] and again["dealer"] == first["dealer"]  # not one of the 2 deals
    assert again["board"] == first["board"] and again["hcp"] == first["hcp"]
    assert set(again["hands"]["S"]) <= set(first["hands"]["S"])
    with make_client(tmp_path) as restarted:
        assert restarted.get(f"/api/games/{first['id']}").json() == client.get(f"/api/games/{first['id']}").json()
    second = _to_deal_over(client, again, rng)
    assert second["hands"] == first["hands"] and second["phase"] == "deal_over"
    assert second["totals"] == first["totals"]  # its score is not added again


def test_the_same_deal_again_only_once_a_deal_is_over(client: TestClient):
    view = _start(client, lesson=5, deals=2, seed=9)
    response = client.post(f"/api/games/{view['id']}/actions", json={"again": True})
    assert response.status_code == 409
    assert client.post(f"/api/games/{view['id']}/actions", json={"again": 1}).status_code == 422


def test_the_replay_shows_each_card_once_the_trick_in_the_middle(client: TestClient):
    over = _to_deal_over(client, _start(client, lesson=5, deals=1, seed=7), random.Random(2))
    first, fifth = replay_view(over, 1), replay_view(over, 5)
    assert first["trick"] == over["tricks"][0]
    led = set(first["trick"]["cards"].values())
    assert first["hands"] == {seat: [c for c in cards if c not in led] for seat, cards in over["hands"].items()}
    assert all(len(cards) == 8 for cards in fifth["hands"].values())
    for number in range(1, 14):
        replay = replay_view(over, number)
        shown = [card for cards in replay["hands"].values() for card in cards]
        assert not set(shown) & set(replay["trick"]["cards"].values()), number  # no card twice
        assert len(shown) + 4 * number == 52
    assert replay_view(over, 99)["number"] == 13 and replay_view(over, 0)["number"] == 1
    page = client.get(f"/games/{over['id']}?trick=5", headers={"hx-request": "true"}).text
    assert "Trick 5 of 13" in page and "<html" not in page
    assert f'hx-get="/games/{over["id"]}?trick=4"' in page and f'hx-get="/games/{over["id"]}?trick=6"' in page
    playing = client.get(f"/api/games/{_start(client, lesson=5, deals=1, seed=7)['id']}").json()
    assert replay_view(playing, 1) is None


def _signals_game(client: TestClient, declaring: str) -> dict[str, Any]:
    for seed in range(1, 40):
        view = _start(client, lesson=6, deals=1, seed=seed)
        if view["declarer"] is not None and (view["declarer"] in "NS") == (declaring == "NS"):
            return _to_deal_over(client, view, random.Random(seed))
    raise AssertionError("no such deal")


def test_what_partners_signals_said_when_east_west_declare(client: TestClient):
    over = _signals_game(client, "EW")
    assert over["signals"], "North sent no signal in a whole deal"
    game = PupilGame.from_data(client.app.state.store.game(over["id"]))  # type: ignore[attr-defined]
    assert game.rules.signals
    for said in over["signals"]:
        assert said["seat"] == "N" and over["tricks"][said["trick"] - 1]["cards"]["N"] == said["card"]
        assert said["meaning"] in ("encourage", "discourage", "top of sequence")
    page = " ".join(client.get(f"/games/{over['id']}").text.split())
    assert "What did partner's cards say?" in page
    assert "likes" in page or "does not like" in page or "does not hold" in page


def test_no_signals_when_north_south_declare_or_before_lesson_six(client: TestClient):
    assert _signals_game(client, "NS")["signals"] == []
    over = _to_deal_over(client, _start(client, lesson=5, deals=1, seed=7), random.Random(1))
    assert over["signals"] == []


# --- contracts --------------------------------------------------------------------------------------------------


def test_a_contract_dutch_rules_forbid_is_a_disabled_button_with_its_reason(client: TestClient):
    for seed in range(1, 40):
        view = _start(client, rules="nbb", deals=1, seed=seed)
        refused = [c for c in view["contract_choices"] if not c["allowed"]]
        if view["phase"] == "contract" and refused:
            break
    else:
        raise AssertionError("no contract refused")
    html = " ".join(render_table(view).split())
    for choice in refused:
        button = html.split(f'data-forbidden="{choice["contract"]}"', 1)[1].split("</button>", 1)[0]
        assert " disabled" in button and choice["reason"][1:] in button
        assert f'data-contract="{choice["contract"]}"' not in html
    for text in view["contracts"]:
        assert f'data-contract="{text}"' in html
    page = client.get(f"/games/{view['id']}").text
    assert "under Dutch rules" in page
