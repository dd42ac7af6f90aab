"""A trick and who wins it (RULES §4, seed 000 Law 11), and how an irregularity is told (Laws 19–23)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.cards import CARDS, Card, Seat, Suit
from minibridge.trick import Irregularity, Trick, trick_winner


def cards(text: str) -> list[Card]:
    return [Card.from_str(c) for c in text.split()]


def reference_winner(cards: list[Card], leader: Seat, trumps: Suit | None) -> Seat:
    """Law 11 as a teacher says it: the highest trump played wins; with no trump played, the highest card of the
    suit led."""
    played = [(seat, cards[seat]) for seat in Seat]
    trumped = [(seat, card) for seat, card in played if trumps is not None and card.suit is trumps]
    led = cards[leader].suit
    contenders = trumped or [(seat, card) for seat, card in played if card.suit is led]
    return max(contenders, key=lambda pair: pair[1].rank)[0]


# --- who wins a trick (Law 11) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("north", "east", "south", "west", "leader", "trumps", "winner"),
    [
        ("S2", "SA", "S5", "H3", Seat.NORTH, None, Seat.EAST),  # highest card of the suit led
        ("S2", "SA", "HA", "HK", Seat.NORTH, None, Seat.EAST),  # no-trumps: a higher card of another suit loses
        ("S2", "SA", "C2", "SK", Seat.NORTH, Suit.CLUBS, Seat.SOUTH),  # the lowest trump beats the ace led suit
        ("S2", "C3", "C2", "SK", Seat.NORTH, Suit.CLUBS, Seat.EAST),  # trumped twice: the highest trump
        ("D2", "D9", "DT", "DA", Seat.SOUTH, Suit.HEARTS, Seat.WEST),  # nobody trumps: highest of the suit led
        ("H2", "HA", "C2", "CA", Seat.SOUTH, None, Seat.WEST),  # the lead decides the suit, not North's card
    ],
)
def test_trick_winner(north: str, east: str, south: str, west: str, leader: Seat, trumps: Suit | None, winner: Seat):
    assert trick_winner(cards(f"{north} {east} {south} {west}"), leader, trumps) is winner


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(CARDS), min_size=4, max_size=4, unique=True),
    st.sampled_from(list(Seat)),
    st.sampled_from([None, *Suit]),
)
def test_trick_winner_agrees_with_the_law_written_plainly(four: list[Card], leader: Seat, trumps: Suit | None):
    assert trick_winner(four, leader, trumps) is reference_winner(four, leader, trumps)


def test_a_trick_knows_its_lead_and_the_order_the_cards_fell():
    trick = Trick(leader=Seat.SOUTH, cards=tuple(cards("H2 HA C2 CA")), winner=Seat.WEST)  # type: ignore[arg-type]
    assert trick.led == Card.from_str("C2")
    assert [(seat, str(card)) for seat, card in trick.in_order()] == [
        (Seat.SOUTH, "C2"),
        (Seat.WEST, "CA"),
        (Seat.NORTH, "H2"),
        (Seat.EAST, "HA"),
    ]


# --- irregularities in a teacher's words ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("irregularity", "line"),
    [
        (
            Irregularity(kind="revoke", trick=3, seat=Seat.EAST, card=Card.from_str("C4"), settled="established"),
            "trick 3: revoke by East (♣4), established",
        ),
        (
            Irregularity(kind="lead out of turn", trick=1, seat=Seat.NORTH, card=None, settled="accepted by East"),
            "trick 1: lead out of turn by North, accepted by East",
        ),
        (
            Irregularity(
                kind="card out of rotation", trick=7, seat=Seat.WEST, card=Card.from_str("SA"), settled="stands"
            ),
            "trick 7: card out of rotation by West (♠A), stands",
        ),
    ],
)
def test_an_irregularity_describes_itself_in_one_line(irregularity: Irregularity, line: str):
    assert irregularity.describe() == line


def test_only_an_established_revoke_transfers_a_trick_unless_told():
    corrected = Irregularity(kind="revoke", trick=2, seat=Seat.SOUTH, card=None, settled="corrected")
    established = Irregularity(kind="revoke", trick=2, seat=Seat.SOUTH, card=None, settled="established", transferred=1)
    assert (corrected.transferred, established.transferred) == (0, 1)
