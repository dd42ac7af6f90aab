"""Hands and deals in PBN notation, short deals and random deals (RULES §1)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.cards import Card, Rank, Seat, Side, Suit
from minibridge.deal import Deal, Hand
from minibridge.errors import DealError, NotationError

# Every hand has a void: North clubs, East diamonds, South spades, West hearts.
VOIDS = "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"

seeds = st.integers(min_value=0, max_value=2**32 - 1)


# --- hands -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pbn", "lengths", "hcp"),
    [
        ("AKQJT.9876.5432.", (5, 4, 4, 0), 10),  # RULES §1: a club void (last position)
        ("5432.AKQJT..5432", (4, 5, 0, 4), 10),  # RULES §1: a diamond void
        (".5432.9876.AKQJT", (0, 4, 4, 5), 10),  # RULES §1: a spade void (first position)
        ("9876..AKQJT.9876", (4, 0, 5, 4), 10),  # RULES §1: a heart void
        ("AKQ2.T98.76.5432", (4, 3, 2, 4), 9),  # RULES §2: A 4 + K 3 + Q 2
        ("AKQJ.AKQJ.AKQJ.A", (4, 4, 4, 1), 34),  # RULES §2: three suits of 10 and an ace
        ("AKQJT98765432...", (13, 0, 0, 0), 10),  # RULES §1: three voids
        ("...", (0, 0, 0, 0), 0),  # RULES §1: an empty hand, as after the last trick
    ],
)
def test_hand_pbn_round_trip_with_voids(pbn: str, lengths: tuple[int, int, int, int], hcp: int):
    hand = Hand.from_pbn(pbn)
    assert hand.to_pbn() == pbn
    assert str(hand) == pbn
    assert eval(repr(hand), {"Hand": Hand}) == hand
    assert tuple(hand.length(suit) for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)) == lengths
    assert len(hand) == sum(lengths)
    assert hand.hcp == hcp


@pytest.mark.parametrize(
    ("text", "pbn"),
    [
        ("AK10.Q1098.J10.10", "AKT.QT98.JT.T"),  # RULES §1: '10' read as the ten, written T
        ("akq2.t98.76.5432", "AKQ2.T98.76.5432"),  # lower case read
        (" 2QKA.89T.67.2345 ", "AKQ2.T98.76.5432"),  # any order within a suit; written high to low
    ],
)
def test_hand_from_pbn_normalises(text: str, pbn: str):
    assert Hand.from_pbn(text).to_pbn() == pbn


def test_hand_lists_cards_spades_first_high_to_low():
    hand = Hand.from_pbn("A2.K.Q.J")
    assert [str(c) for c in hand] == ["SA", "S2", "HK", "DQ", "CJ"]
    assert hand.ranks(Suit.SPADES) == [Rank.ACE, Rank.TWO]
    assert hand.ranks(Suit.CLUBS) == [Rank.JACK]
    assert Card.from_str("SA") in hand
    assert Card.from_str("SK") not in hand
    assert "SA" not in hand  # only cards are in a hand
    assert Hand(hand) == hand
    assert Hand(Card.from_str(c) for c in ("CJ", "DQ", "HK", "S2", "SA")) == hand


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("AKQ.T98.765", NotationError, "has 3 suits; write four suits"),  # PBN: four suits
        ("AKQ.T98.765.432.2", NotationError, "has 5 suits"),  # PBN: four suits
        ("AKX.T98.765.432", NotationError, "has 'X' in spades"),  # RULES §1: A K Q J T 9 … 2
        ("AK.T98.765.1", NotationError, "has '1' in clubs"),  # RULES §1: no rank 1
        ("AKA.T98.765.432", DealError, "holds the spade A twice"),  # RULES §1: one pack, each card once
    ],
)
def test_hand_from_pbn_refuses(text: str, error: type[Exception], message: str):
    with pytest.raises(error, match=message):
        Hand.from_pbn(text)


def test_hand_of_cards_refuses_a_card_twice():
    # RULES §1: each card once
    with pytest.raises(DealError, match="the card SA is in the hand twice"):
        Hand([Card.from_str("SA"), Card.from_str("SA")])


def test_hands_cannot_be_changed():
    hand = Hand.from_pbn("A...")
    with pytest.raises(AttributeError):
        hand.mask = 0  # type: ignore[misc]


# --- deals -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("first", list(Seat), ids=str)
def test_deal_from_pbn_hands_go_clockwise_from_the_first_seat(first: Seat):
    # PBN / RULES §1: the letter names the first hand; the others follow clockwise
    hands = VOIDS[2:].split()
    deal = Deal.from_pbn(f"{first.letter}:{' '.join(hands)}")
    for seat, pbn in zip(first.clockwise(), hands, strict=True):
        assert deal[seat].to_pbn() == pbn
    assert deal.to_pbn(first) == f"{first.letter}:{' '.join(hands)}"
    assert Deal.from_pbn(deal.to_pbn()) == deal


def test_deal_from_pbn_east_first_worked_by_hand():
    # PBN: E first, then S, W, N
    deal = Deal.from_pbn("E:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")
    assert deal[Seat.EAST].to_pbn() == "AKQJT.9876.5432."
    assert deal[Seat.SOUTH].to_pbn() == "5432.AKQJT..5432"
    assert deal[Seat.WEST].to_pbn() == ".5432.9876.AKQJT"
    assert deal[Seat.NORTH].to_pbn() == "9876..AKQJT.9876"
    assert deal.to_pbn() == "N:9876..AKQJT.9876 AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT"


def test_deal_is_a_mapping_of_seats_to_hands():
    deal = Deal.from_pbn(VOIDS)
    assert list(deal) == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    assert len(deal) == 4
    assert deal.cards_per_hand == 13
    assert Deal(dict(deal.items())) == deal
    assert Deal(deal.values()) == deal
    assert eval(repr(deal), {"Deal": Deal}) == deal
    assert str(deal) == VOIDS
    assert hash(Deal.from_pbn(VOIDS)) == hash(deal)
    with pytest.raises(AttributeError):
        deal.hands = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    ("pbn", "hcp", "ns", "ew"),
    [
        (VOIDS, (10, 10, 10, 10), 20, 20),  # RULES §2: 20–20
        (
            "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76",
            (19, 12, 9, 0),
            28,
            12,
        ),  # announce.py docstring, counted by hand: N 7+5+4+3 = 19, E 3+1+6+2 = 12, S 4+5 = 9, W 0
        ("N:A... K... Q... J...", (4, 3, 2, 1), 6, 4),  # RULES §1: a short deal of one card each
    ],
)
def test_deal_hcp(pbn: str, hcp: tuple[int, int, int, int], ns: int, ew: int):
    deal = Deal.from_pbn(pbn)
    assert tuple(deal.hcp(seat) for seat in Seat) == hcp
    assert deal.side_hcp(Side.NORTH_SOUTH) == ns
    assert deal.side_hcp(Side.EAST_WEST) == ew


@pytest.mark.parametrize(
    ("pbn", "cards_per_hand"),
    [
        ("N:A... K... Q... J...", 1),  # RULES §1: short deals, 1 card each
        ("W:AK.Q.. JT.9.. 87.6.. 54.3..", 3),  # RULES §1: 3 cards each, West first
        ("S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", 13),  # RULES §1: 13 each
    ],
)
def test_short_and_complete_deals(pbn: str, cards_per_hand: int):
    deal = Deal.from_pbn(pbn)
    assert deal.cards_per_hand == cards_per_hand
    assert all(len(hand) == cards_per_hand for hand in deal.values())
    first = Seat.from_str(pbn[0])
    assert deal.to_pbn(first) == pbn


@pytest.mark.parametrize(
    ("pbn", "error", "message"),
    [
        (
            "N:AKQJT.9876.543. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT2.9876",
            DealError,
            "every hand must hold the same number of cards, but they hold North 12, East 13, South 13, West 14",
        ),  # RULES §1: each player 13 cards (the diamond 2 given to West, not North)
        (
            "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.987",
            DealError,
            "they hold North 13, East 13, South 13, West 12",
        ),  # RULES §1: 12 cards in one hand
        (
            "N:AKQJT.9876.5432. AKQJ.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876",
            DealError,
            r"the card SA is dealt twice \(again to East\)",
        ),  # RULES §1: one pack, each card once (the spade honours twice)
        (
            "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJX 9876..AKQJT.9876",
            NotationError,
            "South's hand: the hand '.5432.9876.AKQJX' has 'X' in clubs",
        ),  # RULES §1: a bad card letter, the place named
        (
            "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT",
            NotationError,
            "has 3 hands; a deal has four",
        ),  # RULES §1: four seats
        (
            "AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876",
            NotationError,
            "does not start with a seat",
        ),  # PBN: the first seat is written
        (
            "X:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876",
            NotationError,
            "'X' is not a seat",
        ),  # RULES §1: seats N E S W
        ("N:... ... ... ...", DealError, "North's hand is unknown"),  # Bridge Composer's unknown hand
        ("E:AK... - QJ... T9...", DealError, "South's hand is unknown"),  # the standard's unknown hand
        ("N:AA... K... Q... J...", DealError, "North's hand: .* twice"),  # RULES §1: each card once
    ],
)
def test_deal_from_pbn_refuses(pbn: str, error: type[Exception], message: str):
    with pytest.raises(error, match=message):
        Deal.from_pbn(pbn)


def test_deal_refuses_a_missing_seat_or_three_hands():
    hands = Deal.from_pbn(VOIDS)
    with pytest.raises(DealError, match="no hand for West"):
        Deal({seat: hands[seat] for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH)})
    with pytest.raises(DealError, match="four hands, not 3"):
        Deal([hands[Seat.NORTH], hands[Seat.EAST], hands[Seat.SOUTH]])


@pytest.mark.parametrize("cards_per_hand", [0, 14])  # RULES §1: 1 to 13 cards
def test_random_deal_refuses_sizes_outside_1_to_13(cards_per_hand: int):
    with pytest.raises(DealError, match="1 to 13"):
        Deal.random(random.Random(1), cards_per_hand=cards_per_hand)


def test_random_deal_is_reproducible_from_a_seed():
    assert Deal.random(random.Random(7)) == Deal.random(random.Random(7))
    assert Deal.random(random.Random(7)) != Deal.random(random.Random(8))


@settings(max_examples=60, deadline=None)
@given(seed=seeds, first=st.sampled_from(list(Seat)))
def test_random_deal_is_a_whole_pack_and_round_trips(seed: int, first: Seat):
    # RULES §1–2: 52 different cards, 13 each, 40 points in the pack
    deal = Deal.random(random.Random(seed))
    cards = [card for hand in deal.values() for card in hand]
    assert len(cards) == 52
    assert len(set(cards)) == 52
    assert deal.cards_per_hand == 13
    assert sum(deal.hcp(seat) for seat in Seat) == 40
    assert deal.side_hcp(Side.NORTH_SOUTH) + deal.side_hcp(Side.EAST_WEST) == 40
    text = deal.to_pbn(first)
    assert text.startswith(f"{first.letter}:")
    assert Deal.from_pbn(text) == deal


@settings(max_examples=60, deadline=None)
@given(seed=seeds, cards_per_hand=st.integers(min_value=1, max_value=13), first=st.sampled_from(list(Seat)))
def test_short_random_deals_have_equal_hands(seed: int, cards_per_hand: int, first: Seat):
    # RULES §1: every hand holds the same number of cards, 1 to 13
    deal = Deal.random(random.Random(seed), cards_per_hand=cards_per_hand)
    assert [len(hand) for hand in deal.values()] == [cards_per_hand] * 4
    assert len({card for hand in deal.values() for card in hand}) == 4 * cards_per_hand
    assert Deal.from_pbn(deal.to_pbn(first)) == deal


def test_known_hands_of_a_deal_known_only_in_part():
    """PBN writes a hand nobody knows "-"; Bridge Composer writes "..." (an empty hand is no hand of a deal)."""
    from minibridge.deal import known_hands

    north = Hand.from_pbn("AKT9.AKQ.KQ3.KQJ")
    assert known_hands("N:AKT9.AKQ.KQ3.KQJ - ... -") == {Seat.NORTH: north}
    assert known_hands("E:- ... AKT9.AKQ.KQ3.KQJ -") == {Seat.WEST: north}
    assert known_hands("N:... ... ... ...") == {}
    assert len(known_hands(VOIDS)) == 4
    with pytest.raises(DealError, match="the card SA is dealt twice"):
        known_hands("N:A... - A... -")
    with pytest.raises(
        DealError, match="every hand must hold the same number of cards, but they hold North 2, South 1"
    ):
        known_hands("N:AK... - Q... -")
