"""The review after a deal in the classroom: every card's double-dummy cost and what each contract would have
scored, in the VIEW only once the deal is over, kept with the game and said on the result page."""

from __future__ import annotations

import random
from typing import Any

from classroom_client import make_client, next_action
from starlette.testclient import TestClient

from minibridge.cards import Card, Seat, Suit
from minibridge.deal import Deal, Hand
from minibridge.review import review_play


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
        assert view["review"] is None and view["contracts_dd"] is None, "the review before the deal is over"
        view = _act(client, view, next_action(view, rng))
    return view


def _cards(view: dict[str, Any]) -> list[str]:
    return [trick["cards"][seat] for trick in view["tricks"] for seat in _order(trick["leader"])]


def _order(leader: str) -> list[str]:
    return [Seat.from_str(leader).clockwise()[k].letter for k in range(4)]


def test_the_review_is_in_the_view_only_once_the_deal_is_over_and_kept(client: TestClient, tmp_path):
    view = _start(client, lesson=5, deals=1, seed=7)
    assert view["review"] is None and view["contracts_dd"] is None
    over = _to_deal_over(client, view, random.Random(5))
    review = over["review"]
    assert [r["card"] for r in review] == _cards(over)
    assert all(set(r) == {"trick", "seat", "card", "cost", "better", "tricks_before", "why"} for r in review)
    assert all(isinstance(r["why"], str) and r["why"].endswith(".") for r in review)  # why it was played, in words
    assert [r["trick"] for r in review] == [1 + i // 4 for i in range(len(review))]
    # the same as the library says for the deal as played
    deal = Deal({Seat.from_str(s): Hand(Card.from_str(c) for c in cards) for s, cards in over["hands"].items()})
    strain = over["contract"][1:]
    trumps = None if strain == "NT" else Suit.from_str(strain)
    first = Seat.from_str(over["tricks"][0]["leader"])
    again = review_play(deal, trumps=trumps, leader=first, cards=[Card.from_str(c) for c in _cards(over)])
    assert [{key: r[key] for key in r if key != "why"} for r in review] == [r.as_data() for r in again]
    contracts = over["contracts_dd"]
    assert contracts and all(set(c) == {"contract", "tricks", "score"} for c in contracts)
    assert max(c["score"] for c in contracts) == over["best"]["score"]
    assert over["contract"] in [c["contract"] for c in contracts]
    assert client.get(f"/api/games/{view['id']}").json()["review"] == review
    with make_client(tmp_path) as restarted:  # kept with the game, not solved again
        assert restarted.get(f"/api/games/{view['id']}").json()["review"] == review
    page = " ".join(client.get(f"/games/{view['id']}").text.split())
    assert "Which cards cost a trick?" in page
    if any(r["cost"] for r in review):
        assert "and it cost" in page and "would have kept" in page
    else:
        assert "No card cost a trick. Well played, everyone!" in page
    assert "What each contract would have scored for" in page


def test_a_short_deal_without_a_contract_is_reviewed_without_contracts(client: TestClient):
    over = _to_deal_over(client, _start(client, lesson=1, deals=1, seed=3), random.Random(1))
    assert over["contracts_dd"] == []
    assert [r["card"] for r in over["review"]] == _cards(over)
    page = " ".join(client.get(f"/games/{over['id']}").text.split())
    assert "Which cards cost a trick?" in page and "What each contract would have scored" not in page


def test_a_card_that_cost_a_trick_is_said_in_words(client: TestClient):
    for seed in range(20, 40):
        over = _to_deal_over(client, _start(client, lesson=5, deals=1, seed=seed), random.Random(seed))
        costly = [r for r in over["review"] if r["cost"]]
        if costly:
            break
    else:
        raise AssertionError("no card cost a trick in twenty deals played at random")
    page = " ".join(client.get(f"/games/{over['id']}").text.split())
    first = costly[0]
    index = over["review"].index(first)
    assert f'<li data-trick="{first["trick"]}" data-index="{index}">Trick {first["trick"]}:' in page
    assert f'data-card="{first["card"]}"' in page and f'data-card="{first["better"][0]}"' in page
