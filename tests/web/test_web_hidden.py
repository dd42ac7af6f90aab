"""Hidden information at the HTTP level: over many random games, no response ever holds a card the pupil may
not see at that moment. What the pupil may see is worked out here from the game's stored data and the rules
of the table, not from the view that built the response."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from classroom_client import make_client, next_action
from starlette.testclient import TestClient

from minibridge.cards import Seat, Side
from minibridge.classroom import PupilGame

CARD = re.compile(r"\b[SHDC][AKQJT2-9]\b")

SETUPS: list[dict[str, Any]] = [
    *({"lesson": lesson, "deals": 1, "seed": seed} for lesson in (1, 3, 5, 6) for seed in range(1, 7)),
    *({"lesson": lesson, "deals": 1, "seed": seed} for lesson in (2, 4) for seed in (1, 2)),
    *({"rules": rules, "deals": 1, "seed": seed} for rules in ("ebu", "nbb", "targets") for seed in (1, 2)),
    # three players: seeds where the pupil declares, defends, and moves to the dummy hand's seat in deal 2
    *({"three_handed": "simple", "deals": 2, "seed": seed} for seed in (2, 10, 17)),
    *({"three_handed": "normal", "deals": 2, "seed": seed} for seed in (2, 15, 22)),
    {"lesson": 4, "three_handed": "normal", "deals": 1, "seed": 3},
]


def _may_see(data: dict[str, Any]) -> tuple[set[str], set[str], int]:
    """The seats and the cards the pupil may see in a game kept as ``data``: while the pupil counts their points,
    South's alone; then South's; North's when North–South declare; dummy's once declarer is known; every card
    played to this deal; at the end of a deal, all. With three players, the hand the pupil plays (South's, or the
    dummy hand's place when the pupil moved there) and dummy's. Also how many cards were dealt."""
    game = PupilGame.from_data(data)
    table = game.game
    dealt = {seat: {str(card) for card in table.deal[seat]} for seat in Seat}
    if table.stage == "over":
        return set("NESW"), set().union(*dealt.values()), table.deal.cards_per_hand * 4
    three = table.three
    if game.phase == "count":  # the pupil counts their own points: nothing is announced yet
        return {"S"}, dealt[Seat.SOUTH], table.deal.cards_per_hand * 4
    seats = {three.players.get(Seat.SOUTH, Seat.SOUTH) if three is not None else Seat.SOUTH}
    declarer = table.declarer
    if declarer is not None:
        if declarer.side is Side.NORTH_SOUTH and three is None:
            seats.add(Seat.NORTH)
        if table.rules.dummy and table.rules.has_contract:
            seats.add(declarer.partner)
    cards = set(data["deals"][-1]["cards"]).union(*(dealt[seat] for seat in seats))
    return {seat.letter for seat in seats}, cards, table.deal.cards_per_hand * 4


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(f"{k}{v}" for k, v in s.items()))
def test_no_response_holds_a_card_the_pupil_may_not_see(client: TestClient, setup: dict[str, Any]):
    _check_responses(client, client.post("/api/games", json=setup), random.Random(setup["seed"]))


@pytest.mark.parametrize("setup", SETUPS[6:24:3] + SETUPS[-7:], ids=lambda s: "-".join(f"{k}{v}" for k, v in s.items()))
def test_no_response_while_the_pupil_counts_holds_a_card_or_a_count_not_yet_given(
    tmp_path: Path, setup: dict[str, Any]
):
    """With the pupils counting their own points: nothing but their own hand, and no points announced, until
    their count is right."""
    with make_client(tmp_path, counting=True) as client:
        response = client.post("/api/games", json=setup)
        view = response.json()
        assert view["phase"] == "count", view["phase"]
        rng = random.Random(setup["seed"])
        while view["phase"] == "count":
            assert view["hcp"] == {} and view["declarer"] is None and view["dummy"] is None
            three = view["three_handed"]
            assert three is None or (three["announced"] == {} and three["moved"] == {})
            response = client.post(f"/api/games/{view['id']}/actions", json=next_action(view, rng))
            view = response.json()
        _check_responses(client, client.get(f"/api/games/{view['id']}"), rng)


JOINED: list[dict[str, Any]] = [
    *({"lesson": lesson, "boards": 2, "seed": seed} for lesson in (1, 3, 5, 6) for seed in (1, 2)),
    *({"boards": 2, "seed": seed, "slam": slam} for seed, slam in ((1, False), (2, True))),
]


@pytest.mark.parametrize("event", JOINED, ids=lambda s: "-".join(f"{k}{v}" for k, v in s.items()))
def test_no_response_in_the_teachers_deals_holds_a_card_the_pupil_may_not_see(
    client: TestClient, event: dict[str, Any]
):
    """Two pupils join the teacher's deals and play them out: each response checked as a game of its own."""
    teacher = {"Authorization": "Bearer teacher"}
    event_id = client.post("/api/events", json={"name": "Class", **event}, headers=teacher).json()["id"]
    for number, pupil in enumerate(("Amy", "Ben")):
        joined = client.post(f"/api/events/{event_id}/games", json={"pupil": pupil})
        _check_responses(client, joined, random.Random(10 * event["seed"] + number))


def _check_responses(client: TestClient, response: Any, rng: random.Random) -> None:
    """Play the game of ``response`` (its first VIEW) to its end at random, checking every response."""
    store = client.app.state.store  # type: ignore[attr-defined]
    hidden_somewhere = False
    while True:
        assert response.status_code in (200, 201), response.text
        view = response.json()
        seats, allowed, dealt = _may_see(store.game(view["id"]))
        text = response.text.replace(view["id"], "")
        shown = set(CARD.findall(text))
        assert shown <= allowed, f"{sorted(shown - allowed)} shown at {view['phase']}"
        assert set(view["hands"]) <= seats
        assert {card for cards in view["hands"].values() for card in cards} <= allowed
        assert set(view["hands"][view["you"]]) <= shown  # the scan finds the cards a response holds
        again = client.get(f"/api/games/{view['id']}")
        assert set(CARD.findall(again.text.replace(view["id"], ""))) <= allowed
        hidden_somewhere |= len(allowed) < dealt
        if view["phase"] == "game_over":
            break
        response = client.post(f"/api/games/{view['id']}/actions", json=next_action(view, rng))
    assert hidden_somewhere


PAGE_SETUPS: list[dict[str, Any]] = [
    *({"lesson": lesson, "deals": 2, "seed": seed} for lesson in (1, 3, 5, 6) for seed in (1, 2, 3)),
    *({"rules": "nbb", "deals": 2, "seed": seed, "auto_single": True} for seed in (1, 2)),
    *(
        {"rules": "ebu", "three_handed": variant, "deals": 2, "seed": seed}
        for variant, seed in (("simple", 2), ("normal", 15))
    ),
]


def _check_page(client: TestClient, game_id: str, html: str) -> None:
    """No card in ``html`` that the pupil may not see now (worked out from the stored game)."""
    _, allowed, _ = _may_see(client.app.state.store.game(game_id))  # type: ignore[attr-defined]
    shown = set(CARD.findall(html.replace(game_id, "")))
    assert shown <= allowed, f"{sorted(shown - allowed)} shown"


@pytest.mark.parametrize("setup", PAGE_SETUPS, ids=lambda s: "-".join(f"{k}{v}" for k, v in s.items()))
def test_no_page_holds_a_card_the_pupil_may_not_see(client: TestClient, setup: dict[str, Any]):
    """The pages over whole games: every step of the computer, every tap, the same deal again, the replay."""
    fields = {key: str(value) for key, value in setup.items() if key not in ("rules", "auto_single")}
    if "rules" in setup:
        fields |= {"free": "1", "rules": setup["rules"], "auto_single": "1"}
    _check_pages(client, client.post("/games", data=fields), random.Random(setup["seed"]), again=True)


@pytest.mark.parametrize("event", JOINED[::3], ids=lambda s: "-".join(f"{k}{v}" for k, v in s.items()))
def test_no_page_in_the_teachers_deals_holds_a_card_the_pupil_may_not_see(client: TestClient, event: dict[str, Any]):
    """A pupil joins from the page and plays the teacher's deals through the pages (no deal played again)."""
    teacher = {"Authorization": "Bearer teacher"}
    event_id = client.post("/api/events", json={"name": "Class", **event}, headers=teacher).json()["id"]
    joined = client.post(f"/events/{event_id}/join", data={"pupil": "Amy", "auto_single": "1"})
    _check_pages(client, joined, random.Random(event["seed"]), again=False)


def _check_pages(client: TestClient, page: Any, rng: random.Random, *, again: bool) -> None:
    """Play the game whose table is ``page`` to its end through the pages, checking every page; with
    ``again``, the first deal is played a second time."""
    assert page.status_code == 200
    game_id = str(page.url).rsplit("/", 1)[-1]
    _check_page(client, game_id, page.text)
    again_taken = not again
    for _ in range(400):
        view = client.get(f"/api/games/{game_id}").json()
        if view["computer_next"]:
            page = client.post(f"/games/{game_id}/step")
        elif view["phase"] in ("deal_over", "game_over"):
            for number in range(len(view["tricks"]) + 2):
                _check_page(client, game_id, client.get(f"/games/{game_id}?trick={number}").text)
            if view["phase"] == "game_over":
                return
            action = {"next": "1"} if again_taken else {"again": "1"}
            again_taken = True
            page = client.post(f"/games/{game_id}/actions", data=action)
        else:
            action = next_action(view, rng)
            page = client.post(f"/games/{game_id}/actions", data=action)
        assert page.status_code == 200, page.text
        _check_page(client, game_id, page.text)
    raise AssertionError("the game did not end")
