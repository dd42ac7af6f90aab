"""Values that are numbered 0 but mean something: the dealer North, North–South, clubs, board 0's neighbours.

Every seat, side, suit and strain counts as true, and each place that once asked ``dealer or …`` keeps a given
North: the board read from a file, the hand records of it (whole or with some hands unknown), its declarer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from printed import pdf_text, run

from minibridge.board import Board, PlayRecord, complete_boards
from minibridge.cards import Card, Rank, Seat, Side, Strain, Suit
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.documents import read_records, records_analyses
from minibridge.pbn import loads
from minibridge.recorded import replay_record

pytestmark = pytest.mark.usefixtures("own_cache")

# North and South hold 11 points each, East 6, West 12: North–South declare, the partners tie, and the first of
# them to announce (from the dealer, clockwise) declares.
DEAL = "N:AK32.KJ2.432.432 JT98.T98.AJT9.T9 Q54.AQ3.K65.8765 76.7654.Q87.AKQJ"


def _game(number: int, dealer: str, deal: str = DEAL) -> str:
    return f'[Event "Falsy"]\n[Board "{number}"]\n[Dealer "{dealer}"]\n[Deal "{deal}"]\n'


def _file(tmp_path: Path, *games: str) -> Path:
    path = tmp_path / "dealers.pbn"
    path.write_text("\n".join(games), encoding="utf-8")
    return path


@pytest.mark.parametrize("member", [Seat.NORTH, Side.NORTH_SOUTH, Suit.CLUBS, Strain.CLUBS, Rank.TWO])
def test_the_members_numbered_lowest_are_true_and_still_numbers(member):
    assert member and bool(member) is True
    assert (member or "missing") is member
    assert int(member) == member.value and member == member.value  # arithmetic and indexing as before


def test_every_seat_suit_and_strain_is_true():
    assert all(Seat) and all(Side) and all(Suit) and all(Strain) and all(Rank)
    assert list(filter(None, Seat)) == list(Seat)


@pytest.mark.parametrize(("number", "implied"), [(8, Seat.WEST), (10, Seat.EAST), (1, Seat.NORTH)])
def test_a_board_read_with_dealer_north_keeps_north(number, implied):
    assert Seat.dealer_of_board(number) is implied
    (board,) = loads(_game(number, "N"))
    assert board.number == number and board.dealer is Seat.NORTH
    kept, skipped = complete_boards([board])
    assert skipped == [] and kept[0].dealer is Seat.NORTH  # the old code gave the dealer of the number
    (kept_short,), _ = complete_boards([board], short=True)
    assert kept_short.dealer is Seat.NORTH


def test_a_board_without_a_dealer_still_takes_the_dealer_of_its_number_or_place():
    deal = Deal.from_pbn(DEAL)
    kept, _ = complete_boards([Board(deal=deal), Board(number=8, deal=deal), Board(number=4, deal=deal)])
    assert [(b.number, b.dealer) for b in kept] == [(1, Seat.NORTH), (8, Seat.WEST), (4, Seat.WEST)]
    unnumbered = Board(deal=deal, dealer=Seat.NORTH)
    (second,), _ = complete_boards([Board(), unnumbered])
    assert (second.number, second.dealer) == (2, Seat.NORTH)  # place 2 would give East


def test_the_hand_records_analysis_of_board_8_dealt_by_north(tmp_path):
    read = read_records(_file(tmp_path, _game(8, "N"), _game(10, "N")))
    assert [(b.number, b.dealer) for b in read.boards] == [(8, Seat.NORTH), (10, Seat.NORTH)]
    analyses = records_analyses(read)
    assert [(a.number, a.dealer) for a in analyses] == [(8, Seat.NORTH), (10, Seat.NORTH)]
    # The partners tie on points: North announces first from North (board 10's number would make East the
    # dealer, so that South, announcing before North, declared).
    assert analyses[1].announcement.declarer is Seat.NORTH
    assert analyses[1].announcement.dealer is Seat.NORTH


def test_a_partial_board_dealt_by_north_keeps_north(tmp_path):
    partial = "N:AK32.KJ2.432.432 - Q54.AQ3.K65.8765 -"
    read = read_records(_file(tmp_path, _game(8, "N", partial), _game(10, "N", partial)))
    assert read.boards == ()
    assert [(p.number, p.dealer) for p in read.partial] == [(8, Seat.NORTH), (10, Seat.NORTH)]


def test_records_json_gives_dealer_north_and_the_tied_declarer(tmp_path):
    source = _file(tmp_path, _game(8, "N"), _game(10, "N"), _game(11, "N"))
    code, output, err = run("records", str(source), "--json", "--quiet")
    assert code == 0, err
    printed = json.loads(output)
    listed = [board for board in printed if not board["left_out"]]
    boards = {b["board"]: b for b in listed}
    assert {number: b["dealer"] for number, b in boards.items()} == {8: "N", 10: "N", 11: "N"}
    assert boards[10]["declarer"] == "N" and boards[10]["dummy"] == "S"


def test_the_printed_hand_records_say_dealer_north(tmp_path):
    partial = "N:AK32.KJ2.432.432 - Q54.AQ3.K65.8765 -"
    source = _file(tmp_path, _game(8, "N"), _game(10, "N", partial))
    out = tmp_path / "records.pdf"
    code, _, err = run("records", str(source), "-o", str(out), "--quiet")
    assert code == 0, err
    text = pdf_text(out)
    eight = text[text.index("Board 8") : text.index("Board 10")]
    ten = text[text.index("Board 10") :]
    assert "Dealer North" in eight and "Dealer West" not in eight
    assert "Dealer North" in ten and "Dealer East" not in ten


def test_a_record_that_names_north_as_leading_out_of_turn_keeps_north():
    """East declares, so South ought to lead; the record's Play tag says West, but it marks North's card as led
    out of turn (^L) to the first trick: North led it, not the West of the tag."""
    row = (Card.from_str("SA"), Card.from_str("S8"), Card.from_str("S4"), Card.from_str("S6"))  # N E S W
    record = PlayRecord(
        leader=Seat.WEST, tricks=(row,), leads=(Seat.NORTH,), led_out_of_turn=frozenset({Card.from_str("SA")})
    )
    deal = Deal.from_pbn(DEAL)
    board = Board(number=1, deal=deal, declarer=Seat.EAST, contract=Contract.from_str("1NT"), play=record)
    play = replay_record(board)
    assert play.opening_leader is Seat.SOUTH
    assert [trick.leader for trick in play.tricks] == [Seat.NORTH]
    (irregularity,) = play.irregularities
    assert (irregularity.kind, irregularity.seat, irregularity.card) == ("lead out of turn", Seat.NORTH, row[0])


def test_a_board_numbered_0_dealt_by_north_is_kept():
    """Board 0 has no dealer of its number; the dealer North that the file gives is enough (the old code asked for
    the dealer of board 0 and refused the board)."""
    (board,) = loads(_game(0, "N"))
    assert (board.number, board.dealer) == (0, Seat.NORTH)
    (kept,), _ = complete_boards([board])
    assert (kept.number, kept.dealer) == (0, Seat.NORTH)
