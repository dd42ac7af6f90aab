"""Boards: the dealer of a number, the declaring side's points, the strain and dummy; recorded plays; a file's
complete boards (seed 000 Law 2: the dealer of each board number)."""

from __future__ import annotations

import pytest

from minibridge.board import Board, PlayRecord, complete_boards
from minibridge.cards import Card, Seat, Strain
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import IllegalPlayError

# Every hand has a void: North clubs, East diamonds, South spades, West hearts. Each side holds 20.
VOIDS = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")
# North 14, East 6, South 10, West 10: North–South hold 24.
PLAIN = Deal.from_pbn("N:AK32.AK32.432.32 T9.T98.KQJT.T987 QJ54.QJ4.A65.654 876.765.987.AKQJ")
SHORT = Deal.from_pbn("N:A... K... Q... J...")


# --- a board ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "dealer"),
    [(1, Seat.NORTH), (2, Seat.EAST), (3, Seat.SOUTH), (4, Seat.WEST), (5, Seat.NORTH), (16, Seat.WEST)],
)
def test_a_board_takes_the_dealer_of_its_number(number: int, dealer: Seat):
    assert Board(number=number).dealer is dealer


def test_a_dealer_given_is_kept_and_a_board_without_a_number_has_none():
    assert Board(number=2, dealer=Seat.SOUTH).dealer is Seat.SOUTH
    assert Board().dealer is None
    assert Board(number=0).dealer is None


@pytest.mark.parametrize(("number", "dealer"), [(6, None), (7, Seat.NORTH), (None, None), (0, None)])
def test_a_board_made_quickly_for_a_file_is_the_board_made_with_its_checks(number: int | None, dealer: Seat | None):
    fields = {
        "number": number,
        "dealer": dealer,
        "deal": VOIDS,
        "declarer": Seat.SOUTH,
        "contract": Contract.from_str("1NT"),
        "play": PlayRecord(leader=Seat.WEST, tricks=((None, None, None, Card.from_str("S9")),)),
        "result": 7,
        "result_by_agreement": True,
        "partial_deal": {},
        "tags": {"Event": "Club night"},
        "sections": {"Auction": ["1NT Pass"]},
        "line": 3,
        "source": "club.pbn",
        "read_as": {"Board": number},
    }
    read = Board.read(dict(fields))
    assert vars(read) == vars(Board(**fields))  # every field, the dealer of the number too
    assert read == Board(**fields)


def test_the_declaring_points_are_the_stronger_sides():
    assert Board(number=1, deal=PLAIN).declaring_points == 24
    assert Board(number=1, deal=VOIDS).declaring_points == 20  # a redeal: each side 20
    with pytest.raises(IllegalPlayError, match="this board has no deal"):
        _ = Board(number=1).declaring_points


def test_the_strain_comes_from_the_contract_or_from_a_pbn_contract():
    assert Board(contract=Contract.from_str("4H")).strain is Strain.HEARTS
    assert Board(tags={"Contract": "2S"}).strain is Strain.SPADES  # no MiniBridge contract, but spades are played
    assert Board(tags={"Contract": "3NTX"}).strain is Strain.NO_TRUMPS
    assert Board(tags={"Contract": "Pass"}).strain is None
    assert Board().strain is None
    assert Board(contract=Contract.from_str("1C"), tags={"Contract": "2S"}).strain is Strain.CLUBS


@pytest.mark.parametrize(("declarer", "dummy"), [(Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST), (None, None)])
def test_dummy_is_declarers_partner(declarer: Seat | None, dummy: Seat | None):
    assert Board(declarer=declarer).dummy is dummy


# --- a recorded play -------------------------------------------------------------------------------------------


def test_a_record_in_the_order_played():
    deal = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")
    cards = [Card.from_str(c) for c in ("SA", "S2", "H5", "S9", "HA")]
    record = PlayRecord.from_order(cards, deal)
    assert record.leader is Seat.NORTH and record.complete_tricks == 1
    assert record.tricks[1] == (None, Card.from_str("HA"), None, None)
    with pytest.raises(IllegalPlayError, match="card 2 of the play, CA, is not in this deal"):
        PlayRecord.from_order([Card.from_str("SA"), Card.from_str("CA")], Deal.from_pbn("N:A... K... Q... J..."))


def test_a_record_sorts_each_trick_by_who_held_the_card_and_keeps_the_claim():
    cards = [Card.from_str(c) for c in ("HA", "H2", "S9", "H9", "C2")]  # East leads HA, West (void) discards
    record = PlayRecord.from_order(cards, VOIDS, claim=8)
    assert record.leader is Seat.EAST
    assert record.tricks == (
        (Card.from_str("H9"), Card.from_str("HA"), Card.from_str("H2"), Card.from_str("S9")),
        (None, Card.from_str("C2"), None, None),
    )
    assert record.order == tuple(cards) and record.claim == 8 and record.complete_tricks == 1
    assert record == PlayRecord(leader=Seat.EAST, tricks=record.tricks, claim=8)  # the order is not compared


def test_a_record_needs_its_opening_lead():
    with pytest.raises(IllegalPlayError, match="a recorded play needs at least its opening lead"):
        PlayRecord.from_order([], VOIDS)


# --- a file's complete boards ----------------------------------------------------------------------------------


def test_boards_without_a_number_take_their_place_in_the_file_and_its_dealer():
    kept, skipped = complete_boards([Board(deal=PLAIN), Board(number=7, deal=VOIDS), Board(deal=VOIDS)])
    assert [(b.number, b.dealer) for b in kept] == [(1, Seat.NORTH), (7, Seat.SOUTH), (3, Seat.SOUTH)]
    assert skipped == []


def test_a_dealer_given_in_the_file_is_kept():
    (kept,), _ = complete_boards([Board(dealer=Seat.WEST, deal=PLAIN)])
    assert (kept.number, kept.dealer) == (1, Seat.WEST)


def test_the_same_board_at_several_tables_is_kept_once():
    tables = [Board(number=1, deal=PLAIN, result=9), Board(number=1, deal=PLAIN, result=7), Board(number=1, deal=VOIDS)]
    kept, skipped = complete_boards(tables)
    assert [(b.number, b.deal, b.result) for b in kept] == [(1, PLAIN, 9), (1, VOIDS, None)]
    assert skipped == []


def test_boards_without_a_whole_deal_are_left_out_unless_short_deals_are_asked_for():
    boards = [Board(number=1, deal=SHORT), Board(number=2), Board(number=3, deal=PLAIN)]
    kept, skipped = complete_boards(boards)
    assert [b.number for b in kept] == [3] and [b.number for b in skipped] == [1, 2]
    kept, skipped = complete_boards(boards, short=True)  # MiniLessons One and Two
    assert [b.number for b in kept] == [1, 3] and [b.number for b in skipped] == [2]
