"""Seats, sides, suits, strains, ranks and cards, with their notation (RULES §1–2)."""

from __future__ import annotations

import pickle

import pytest

from minibridge.cards import CARDS, HCP, Card, Rank, Seat, Side, Strain, Suit
from minibridge.errors import NotationError

# --- cards -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("SA", Suit.SPADES, Rank.ACE),  # DESIGN Models: Card.from_str("SA")
        ("as", Suit.SPADES, Rank.ACE),  # DESIGN Models: rank first and lower case
        ("AS", Suit.SPADES, Rank.ACE),  # DESIGN Models: rank first
        ("♠A", Suit.SPADES, Rank.ACE),  # RULES §3: suit symbols are accepted
        ("S10", Suit.SPADES, Rank.TEN),  # RULES §1: the ten written 10
        ("ST", Suit.SPADES, Rank.TEN),  # RULES §1: the ten written T (PBN)
        ("10♥", Suit.HEARTS, Rank.TEN),  # cards.py docstring
        ("dt", Suit.DIAMONDS, Rank.TEN),  # cards.py docstring
        ("h2", Suit.HEARTS, Rank.TWO),  # RULES §1: the two is the lowest rank
        ("9c", Suit.CLUBS, Rank.NINE),  # DESIGN Models: rank first, lower case
        ("♦K", Suit.DIAMONDS, Rank.KING),  # RULES §3: suit symbols
        ("Q♣", Suit.CLUBS, Rank.QUEEN),  # RULES §3: suit symbols, rank first
        (" HJ ", Suit.HEARTS, Rank.JACK),  # DESIGN Models: blanks around are ignored
    ],
)
def test_card_from_str(text: str, suit: Suit, rank: Rank):
    card = Card.from_str(text)
    assert (card.suit, card.rank) == (suit, rank)
    assert card is Card(suit, rank)


@pytest.mark.parametrize(
    "text",
    [
        "S1",  # RULES §1: there is no rank 1
        "Z9",  # RULES §1: there is no suit Z
        "",  # nothing written
        "S",  # a suit without a rank
        "SAK",  # two ranks
        "11S",  # RULES §1: there is no rank 11
        "S0",  # RULES §1: there is no rank 0
    ],
)
def test_card_from_str_refuses_what_is_not_a_card(text: str):
    with pytest.raises(NotationError, match=r"is not a card; write the suit then the rank, like SA"):
        Card.from_str(text)


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_card_notation_round_trips(card: Card):
    # DESIGN Models (python-chess): str, symbol and a repr you can paste back
    assert Card.from_str(str(card)) is card
    assert Card.from_str(card.symbol) is card
    assert eval(repr(card), {"Card": Card}) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_the_pack_has_52_different_cards_ordered_by_suit_then_rank():
    # RULES §1: 52 cards, ace high
    assert len(CARDS) == 52
    assert len({(c.suit, c.rank) for c in CARDS}) == 52
    assert [c.index for c in CARDS] == list(range(52))
    assert sorted(reversed(CARDS)) == list(CARDS)
    assert str(CARDS[0]) == "C2"
    assert str(CARDS[-1]) == "SA"
    assert Card.from_str("SK") < Card.from_str("SA")
    assert Card.from_str("HA") < Card.from_str("S2")


def test_cards_cannot_be_changed():
    card = Card.from_str("SA")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]


@pytest.mark.parametrize(
    ("rank", "hcp"),
    [
        (Rank.ACE, 4),  # RULES §2: ace 4
        (Rank.KING, 3),  # RULES §2: king 3
        (Rank.QUEEN, 2),  # RULES §2: queen 2
        (Rank.JACK, 1),  # RULES §2: jack 1
        (Rank.TEN, 0),  # RULES §2: no points below the jack
        (Rank.TWO, 0),  # RULES §2: no points below the jack
    ],
)
def test_high_card_points(rank: Rank, hcp: int):
    assert rank.hcp == hcp
    assert HCP[rank] == hcp
    assert all(Card(suit, rank).hcp == hcp for suit in Suit)


def test_the_pack_holds_40_points():
    # RULES §2: 40 in the pack
    assert sum(card.hcp for card in CARDS) == 40


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("A", Rank.ACE),  # RULES §1
        ("k", Rank.KING),  # RULES §1, lower case
        ("T", Rank.TEN),  # RULES §1, PBN ten
        ("10", Rank.TEN),  # RULES §1, the ten written 10
        ("2", Rank.TWO),  # RULES §1
    ],
)
def test_rank_from_str(text: str, rank: Rank):
    assert Rank.from_str(text) is rank
    assert Rank.from_str(rank.letter) is rank


@pytest.mark.parametrize("text", ["1", "11", "X", ""])  # RULES §1: A K Q J 10 9 … 2 only
def test_rank_from_str_refuses(text: str):
    with pytest.raises(NotationError, match="is not a card rank"):
        Rank.from_str(text)


# --- seats and sides ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "partner", "lho", "rho", "side"),
    [
        (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST, Side.NORTH_SOUTH),  # RULES §1: clockwise N E S W
        (Seat.EAST, Seat.WEST, Seat.SOUTH, Seat.NORTH, Side.EAST_WEST),  # RULES §1
        (Seat.SOUTH, Seat.NORTH, Seat.WEST, Seat.EAST, Side.NORTH_SOUTH),  # RULES §1
        (Seat.WEST, Seat.EAST, Seat.NORTH, Seat.SOUTH, Side.EAST_WEST),  # RULES §1
    ],
)
def test_seat_neighbours(seat: Seat, partner: Seat, lho: Seat, rho: Seat, side: Side):
    assert seat.partner is partner
    assert seat.lho is lho
    assert seat.rho is rho
    assert seat.side is side
    assert partner.side is side
    assert seat.clockwise() == (seat, lho, partner, rho)
    assert seat in side.seats


@pytest.mark.parametrize(
    ("board", "dealer"),
    [
        (1, Seat.NORTH),  # RULES §1: board 1 N
        (2, Seat.EAST),  # RULES §1: 2 E
        (3, Seat.SOUTH),  # RULES §1: 3 S
        (4, Seat.WEST),  # RULES §1: 4 W
        (5, Seat.NORTH),  # RULES §1: 5 N, …
        (6, Seat.EAST),  # RULES §1
        (7, Seat.SOUTH),  # RULES §1
        (8, Seat.WEST),  # RULES §1
        (9, Seat.NORTH),  # RULES §1: the cycle goes on
        (16, Seat.WEST),  # RULES §1
    ],
)
def test_dealer_of_board(board: int, dealer: Seat):
    assert Seat.dealer_of_board(board) is dealer


@pytest.mark.parametrize("board", [0, -1])  # RULES §1: boards are numbered from 1
def test_dealer_of_board_refuses_numbers_below_one(board: int):
    with pytest.raises(NotationError, match="boards are numbered from 1"):
        Seat.dealer_of_board(board)


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("N", Seat.NORTH),  # RULES §1 seat letters
        ("e", Seat.EAST),  # RULES §1, lower case
        (" S ", Seat.SOUTH),  # RULES §1, blanks ignored
        ("West", Seat.WEST),  # RULES §1, full name
        ("NORTH", Seat.NORTH),  # RULES §1, full name in capitals
    ],
)
def test_seat_from_str(text: str, seat: Seat):
    assert Seat.from_str(text) is seat
    assert Seat.from_str(str(seat)) is seat
    assert Seat.from_str(seat.title) is seat


@pytest.mark.parametrize("text", ["X", "", "NE"])  # RULES §1: four seats only
def test_seat_from_str_refuses(text: str):
    with pytest.raises(NotationError, match="write N, E, S or W"):
        Seat.from_str(text)


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("NS", Side.NORTH_SOUTH),  # RULES §1: N–S partnership
        ("n-s", Side.NORTH_SOUTH),  # RULES §1, with a hyphen
        ("North–South", Side.NORTH_SOUTH),  # RULES §1, in words with an en dash
        ("EW", Side.EAST_WEST),  # RULES §1: E–W partnership
        ("E–W", Side.EAST_WEST),  # RULES §1, with an en dash
        ("east-west", Side.EAST_WEST),  # RULES §1, in words
    ],
)
def test_side_from_str(text: str, side: Side):
    assert Side.from_str(text) is side
    assert Side.from_str(str(side)) is side
    assert Side.from_str(side.title) is side


def test_side_from_str_refuses():
    with pytest.raises(NotationError, match="write NS or EW"):
        Side.from_str("NE")


def test_sides_oppose_each_other():
    # RULES §1: N–S and E–W are partnerships
    assert Side.NORTH_SOUTH.seats == (Seat.NORTH, Seat.SOUTH)
    assert Side.EAST_WEST.seats == (Seat.EAST, Seat.WEST)
    assert Side.NORTH_SOUTH.other is Side.EAST_WEST
    assert Side.EAST_WEST.other is Side.NORTH_SOUTH


# --- suits and strains -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("S", Suit.SPADES),  # RULES §3: letters S H D C
        ("h", Suit.HEARTS),  # RULES §3, lower case
        ("♦", Suit.DIAMONDS),  # RULES §3: suit symbols
        ("♣", Suit.CLUBS),  # RULES §3: suit symbols
        ("spades", Suit.SPADES),  # 000 Law 9: "Game in clubs" names the suit in words
        ("Heart", Suit.HEARTS),  # 000 Law 9, singular
        ("DIAMONDS", Suit.DIAMONDS),  # 000 Law 9, capitals
        ("♤", Suit.SPADES),  # RULES §3: the white symbols too
        ("♧", Suit.CLUBS),  # RULES §3: the white symbols too
    ],
)
def test_suit_from_str(text: str, suit: Suit):
    assert Suit.from_str(text) is suit
    assert Suit.from_str(suit.letter) is suit
    assert Suit.from_str(suit.symbol) is suit
    assert Suit.from_str(suit.plural) is suit


def test_suit_from_str_refuses():
    with pytest.raises(NotationError, match="write S, H, D or C"):
        Suit.from_str("X")


@pytest.mark.parametrize(
    ("suit", "is_red", "is_major"),
    [
        (Suit.SPADES, False, True),  # RULES §6: spades a major
        (Suit.HEARTS, True, True),  # RULES §6: hearts a major; DESIGN: hearts red
        (Suit.DIAMONDS, True, False),  # RULES §6: diamonds a minor; DESIGN: diamonds red
        (Suit.CLUBS, False, False),  # RULES §6: clubs a minor
    ],
)
def test_suit_colour_and_rank(suit: Suit, is_red: bool, is_major: bool):
    assert suit.is_red is is_red
    assert suit.is_major is is_major
    assert suit.strain.is_major is is_major
    assert suit.strain.is_minor is not is_major
    assert suit.strain.trumps is suit


@pytest.mark.parametrize(
    ("text", "strain"),
    [
        ("NT", Strain.NO_TRUMPS),  # RULES §3: letters N/NT
        ("N", Strain.NO_TRUMPS),  # RULES §3: letters N/NT
        ("nt", Strain.NO_TRUMPS),  # RULES §3, lower case
        ("no-trumps", Strain.NO_TRUMPS),  # 000 Law 9: "Part-score in no-trumps"
        ("No Trumps", Strain.NO_TRUMPS),  # 000 Law 9, capitals and a blank
        ("notrump", Strain.NO_TRUMPS),  # 002: "notrump contracts"
        ("ZT", Strain.NO_TRUMPS),  # 003: "zonder troef (ZT)"
        ("S", Strain.SPADES),  # RULES §3: letters S H D C
        ("♥", Strain.HEARTS),  # RULES §3: suit symbols
        ("diamonds", Strain.DIAMONDS),  # 000 Law 9: suits in words
        ("c", Strain.CLUBS),  # RULES §3, lower case
    ],
)
def test_strain_from_str(text: str, strain: Strain):
    assert Strain.from_str(text) is strain
    assert Strain.from_str(strain.letter) is strain
    assert Strain.from_str(strain.symbol) is strain
    assert Strain.from_str(strain.words) is strain


@pytest.mark.parametrize("text", ["X", "", "bananas"])  # RULES §3: NT or a suit
def test_strain_from_str_refuses(text: str):
    with pytest.raises(NotationError, match="is not a strain; write NT, S, H, D or C"):
        Strain.from_str(text)


def test_no_trumps_has_no_trump_suit():
    # DESIGN Conventions: Suit (4) is not Strain (5)
    assert Strain.NO_TRUMPS.trumps is None
    assert not Strain.NO_TRUMPS.is_major
    assert not Strain.NO_TRUMPS.is_minor
    assert len(Suit) == 4
    assert len(Strain) == 5
