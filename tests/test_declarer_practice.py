"""Practice at declaring or defending: the deals turned round the table by one seat so that North–South, the pupil's
side, declare every deal (or defend it), the announcement still deciding on the deal turned."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pupils import finish_deal

from minibridge.board import Board
from minibridge.cards import Seat, Side
from minibridge.classroom import GameSetup, PupilGame
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.lessons import find_lesson
from minibridge.rules import find_rules
from minibridge.table import ComputerPlayer, Decision, Game, Practice, Seating, Table, turned_for_practice

EBU = find_rules("ebu")
WANTED = {"declarer": Side.NORTH_SOUTH, "defender": Side.EAST_WEST}
"""Who declares every deal in each practice of North–South."""


def _table(practice: Practice | None, *, seed: int, deals: int = 4, boards: tuple[Board, ...] = ()) -> Table:
    return Table(
        EBU,
        seating=Seating.alone(),
        computer=ComputerPlayer.of(EBU, samples=2),
        deals=deals,
        seed=seed,
        boards=boards,
        practice=practice,
    )


def _finish_at_random(table: Table, rng: random.Random) -> None:
    """Every decision of the deal at the table taken at random, whoever's it is, without the computer thinking."""
    while table.phase in ("declarer", "contract", "play"):
        game = table.game
        if table.phase == "declarer":
            assert game.announcement is not None
            table.take(Decision(choice="declarer", seat=game.announcement.may_declare[0]))
        elif table.phase == "contract":
            assert game.declarer is not None
            table.take(Decision(choice="contract", seat=game.declarer, contract=rng.choice(game.allowed_contracts)))
        else:
            seat = table.seat_to_play
            assert seat is not None and game.play is not None
            table.take(Decision(choice="card", seat=seat, card=rng.choice(game.play.legal_cards(seat))))


# --- the deal turned ----------------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 13))
def test_a_turned_deal_is_the_same_cards_each_hand_one_seat_clockwise(seed: int, size: int):
    deal = Deal.random(random.Random(seed), cards_per_hand=size)
    turned = deal.turned()
    assert all(turned[seat] == deal[seat.rho] for seat in Seat)  # each hand came from the seat on its right
    assert turned.holders().keys() == deal.holders().keys()
    assert turned.turned().turned().turned() == deal


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.sampled_from(list(Seat)),
    practice=st.sampled_from(["declarer", "defender"]),
    rules=st.sampled_from(["ebu", "nbb", "targets", "lesson"]),
)
def test_the_announcement_of_a_turned_deal_gives_the_side_practising_what_it_practises(
    seed: int, dealer: Seat, practice: Practice, rules: str
):
    game = Game(find_rules(rules), Board(number=1, dealer=dealer, deal=Deal.random(random.Random(seed))))
    practised = turned_for_practice(game, practice, Side.NORTH_SOUTH)
    if game.stage == "redeal":
        assert practised is game  # 20–20 stays as dealt: the same dealer deals again
        return
    assert practised.announcement is not None and practised.announcement.declaring_side == WANTED[practice]
    if practised is not game:
        assert practised.deal == game.deal.turned() and practised.dealer == game.dealer.lho
        assert practised.board.number == game.board.number
        assert practised.declarer == (game.declarer.lho if game.declarer is not None else None)


# --- at the table -------------------------------------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(1, 10**6), practice=st.sampled_from(["declarer", "defender"]))
def test_practice_gives_every_deal_dealt_to_the_side_that_practises(seed: int, practice: Practice):
    table = _table(practice, seed=seed)
    plain = _table(None, seed=seed)
    table.start()
    plain.start()
    rng = random.Random(seed)
    for number in range(1, 5):
        assert table.game.announcement is not None
        assert table.game.announcement.declaring_side == WANTED[practice], number
        assert table.game.deal in (plain.game.deal, plain.game.deal.turned())  # the same deal, turned or not
        assert [game.deal for game in table.redeals] == [game.deal for game in plain.redeals]  # as dealt
        _finish_at_random(table, rng)
        _finish_at_random(plain, random.Random(seed))
        if number < 4:
            table.next_deal()
            plain.next_deal()


def test_a_deal_dealt_again_stays_as_it_was_played():
    table = _table("defender", seed=3)
    table.start()
    _finish_at_random(table, random.Random(3))
    first = table.records[-1]
    table.next_deal(again=True)
    again = table.records[-1]
    assert again.again and (again.deal, again.dealer) == (first.deal, first.dealer)
    assert table.game.announcement is not None and table.game.announcement.declaring_side == Side.EAST_WEST


def test_the_teachers_boards_are_turned_and_keep_their_numbers():
    boards = tuple(
        Board(number=number, deal=Deal.random(random.Random(number)))
        for number in range(1, 9)
        if Game(EBU, Board(number=number, deal=Deal.random(random.Random(number)))).stage != "redeal"
    )
    table = _table("declarer", seed=1, deals=len(boards), boards=boards)
    table.start()
    rng = random.Random(1)
    for board in boards:
        game = table.game
        assert game.board.number == board.number and game.announcement is not None
        assert game.announcement.declaring_side == Side.NORTH_SOUTH
        assert board.deal is not None and board.dealer is not None
        turned = (board.deal.turned(), board.dealer.lho)
        assert (game.deal, game.dealer) in ((board.deal, board.dealer), turned)
        _finish_at_random(table, rng)
        if table.phase == "deal_over":
            table.next_deal()
    assert table.phase == "game_over"


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(1, 10_000), practice=st.sampled_from(["declarer", "defender"]))
def test_a_practice_game_kept_as_data_is_rebuilt_with_the_same_deals(seed: int, practice: Practice):
    game = PupilGame.start(GameSetup(lesson=5, deals=3, seed=seed, samples=2, practice=practice))
    rng = random.Random(seed)
    finish_deal(game, rng)
    game.next_deal(again=True)
    game.advance()
    finish_deal(game, rng)
    game.next_deal()
    game.advance()
    again = PupilGame.from_data(json.loads(json.dumps(game.to_data())))
    assert again.setup.practice == practice
    assert [(r.deal, r.dealer, r.declarer) for r in again.records] == [
        (r.deal, r.dealer, r.declarer) for r in game.records
    ]
    assert all(r.declarer is not None and r.declarer.side == WANTED[practice] for r in game.records)


# --- refused where it means nothing, and old games ---------------------------------------------------------------


@pytest.mark.parametrize("lesson", [1, 2])
def test_practice_is_refused_in_the_lessons_without_a_declarer(lesson: int):
    rules = find_lesson(lesson).rules
    words = f"{rules.title} has no declarer: declare or defend every deal from MiniLesson Three on"
    with pytest.raises(RuleError, match=words):
        Table(rules, seating=Seating.alone(), computer=ComputerPlayer.of(rules, samples=2), practice="declarer")
    with pytest.raises(RuleError, match=words):
        GameSetup(lesson=lesson, practice="defender")


def test_practice_is_for_four_players_and_for_declarer_or_defender_only():
    with pytest.raises(RuleError, match="is for four players, not three"):
        GameSetup(three_handed="simple", practice="declarer")
    with pytest.raises(RuleError, match="'practice' should be \"declarer\" or \"defender\", not 'declare'"):
        GameSetup(practice="declare")  # type: ignore[arg-type]
    assert GameSetup(lesson=3, practice="defender").as_data()["practice"] == "defender"


def test_a_game_kept_before_practice_was_offered_still_loads():
    data = PupilGame.start(GameSetup(lesson=5, deals=1, seed=4, samples=2)).to_data()
    del data["setup"]["practice"]
    game = PupilGame.from_data(data)
    assert game.setup.practice is None and game.table.practice is None
