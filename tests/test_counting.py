"""Each pupil counts their own points before the announcement, from MiniLesson Three: a wrong count asks for a
recount with the points of each card, a second one shows the count card by card, the right one lets the deal go
on; nothing of the announcement shows while the pupils count, the computer waits, and the counts are kept with
the game. At a table of pupils every pupil counts, and the four numbers add up to 40 (Law 5)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.cards import Seat
from minibridge.classroom import GameSetup, PupilGame, pupil_view
from minibridge.classroom.class_table import ClassTable, TableRefused
from minibridge.errors import RuleError
from minibridge.table.counting import card_by_card, count_help


def _game(lesson: int | None = 3, **setup: object) -> PupilGame:
    return PupilGame.start(GameSetup(lesson=lesson, deals=2, seed=5, samples=2, count_points=True, **setup))


def _points(game: PupilGame) -> int:
    return game.game.deal[Seat.SOUTH].hcp


def test_from_lesson_three_the_pupil_counts_before_anything_is_announced():
    game = _game()
    view = pupil_view("x", game)
    assert view["phase"] == "count" and game.table.decider is None and not game.computer_to_act()
    assert list(view["hands"]) == ["S"] and view["hcp"] == {} and view["declarer"] is None and view["dummy"] is None
    assert view["count"] == {"seat": "S", "tried": [], "right": None, "help": None, "by_card": [], "waiting": ["S"]}


@pytest.mark.parametrize("lesson", [1, 2])
def test_lessons_without_an_announcement_count_nothing(lesson: int):
    game = _game(lesson)
    assert game.phase != "count" and pupil_view("x", game)["count"] is None


def test_a_wrong_count_asks_again_then_shows_the_count_card_by_card():
    game = _game()
    right = _points(game)
    assert game.count_points(right + 1) is False
    count = pupil_view("x", game)["count"]
    assert count["help"] == "Count again: A = 4, K = 3, Q = 2, J = 1." and count["by_card"] == []
    assert game.count_points(max(right - 1, 0) if right else 2) is False
    count = pupil_view("x", game)["count"]
    shown = {entry["card"]: entry["points"] for entry in count["by_card"]}
    assert sum(shown.values()) == right and all(card[1] in "AKQJ" for card in shown)
    assert game.phase == "count" and count["tried"][:2] == [right + 1, max(right - 1, 0) if right else 2]


def test_the_right_count_lets_the_deal_go_on_and_shows_every_hand_s_points():
    game = _game()
    assert game.count_points(_points(game)) is True
    assert game.phase in ("declarer", "contract", "play")
    game.advance()
    view = pupil_view("x", game)
    assert view["count"]["right"] is True and sum(view["hcp"].values()) == 40
    with pytest.raises(RuleError, match="no points to count now"):
        game.count_points(_points(game))


def test_the_counts_are_kept_with_the_game_and_come_back_after_a_restart():
    game = _game()
    game.count_points(_points(game) + 2)
    data = game.to_data()
    again = PupilGame.from_data(data)
    assert again.phase == "count" and pupil_view("x", again)["count"]["tried"] == [_points(game) + 2]
    assert data["deals"][0]["counts"] == {"S": [_points(game) + 2]}


def test_a_count_out_of_bounds_is_refused_and_not_kept():
    game = _game()
    with pytest.raises(RuleError, match="0 to 37"):
        game.count_points(38)
    assert pupil_view("x", game)["count"]["tried"] == []


def test_every_deal_is_counted_afresh():
    game = _game()
    game.count_points(_points(game))
    game.advance()
    rng = random.Random(1)
    while game.phase not in ("deal_over", "game_over"):
        view = pupil_view("x", game)
        if game.phase == "declarer":
            game.choose_declarer(Seat.from_str(view["declarers"][0]))
        elif game.phase == "contract":
            game.choose_contract(game.game.allowed_contracts[0])
        else:
            game.play_card(rng.choice(game.legal_cards()))
        game.advance()
    game.next_deal()
    assert game.phase == "count" and pupil_view("x", game)["count"]["tried"] == []


def test_a_setup_kept_before_pupils_counted_reads_as_not_counting():
    data = GameSetup(lesson=3, deals=1, seed=5).as_data()
    del data["count_points"], data["hints"], data["undo"], data["claims"]
    setup = GameSetup(**data)
    assert (setup.count_points, setup.hints, setup.undo, setup.claims) == (False, True, True, True)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_the_help_card_by_card_always_adds_up_to_the_hand(seed: int):
    from minibridge.deal import Deal

    deal = Deal.random(random.Random(seed))
    for seat in Seat:
        hand = deal[seat]
        assert sum(points for _, points in card_by_card(hand)) == hand.hcp
        assert count_help([hand.hcp], hand.hcp) is None and count_help([hand.hcp + 1], hand.hcp) is not None
    assert sum(deal[seat].hcp for seat in Seat) == 40


def test_at_a_table_of_pupils_every_pupil_counts_and_the_table_waits_for_the_last():
    table = ClassTable.new(GameSetup(lesson=4, deals=1, seed=3, samples=2, count_points=True), number=1)
    keys = {place: table.sit(place, name) for place, name in (("N", "Amy"), ("S", "Cleo"))}
    assert table.table.phase == "count" and not table.computer_to_act()
    north = table.view("N")
    assert list(north["hands"]) == ["N"] and north["hcp"] == {} and north["count"]["waiting"] == ["N", "S"]
    assert table.view("E")["count"] is None  # the computer's seat counts nothing
    assert table.count_points("N", table.table.game.deal[Seat.NORTH].hcp) is True
    assert table.table.phase == "count" and table.view("N")["count"]["waiting"] == ["S"]
    with pytest.raises(TableRefused, match="counted your points"):
        table.count_points("N", 3)
    assert table.view("N")["count"]["right"] is True
    table.count_points("S", table.table.game.deal[Seat.SOUTH].hcp)
    assert table.table.phase != "count"
    again = ClassTable.from_data(table.to_data())
    assert again.table.phase == table.table.phase and again.view("S")["count"]["right"] is True
    assert keys


def test_a_pupil_who_leaves_while_counting_is_not_waited_for():
    table = ClassTable.new(GameSetup(lesson=4, deals=1, seed=3, samples=2, count_points=True), number=1)
    table.sit("N", "Amy")
    table.sit("S", "Cleo")
    table.count_points("N", table.table.game.deal[Seat.NORTH].hcp)
    table.leave("S")
    assert table.table.phase != "count"


def test_three_players_each_count_the_hand_they_were_dealt():
    game = _game(lesson=None, rules="ebu", three_handed="simple")
    seat = game.table.counted_at("you")
    view = pupil_view("x", game)
    assert view["phase"] == "count" and list(view["hands"]) == [seat.letter]
    assert view["three_handed"]["announced"] == {} and view["three_handed"]["moved"] == {}
    game.count_points(game.game.deal[seat].hcp)
    assert game.phase != "count"
