"""A trick and who wins it (RULES §4, seed 000 Law 11), and how an irregularity is told (Laws 19–23)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.cards import CARDS, Card, Seat, Suit
from minibridge.language import speaking
from minibridge.trick import Irregularity, Settlement, Trick, trick_winner


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
            Irregularity(
                kind="revoke", trick=3, seat=Seat.EAST, card=Card.from_str("C4"), settled=Settlement.ESTABLISHED
            ),
            "trick 3: revoke by East (♣4), established: one trick goes to North–South at the end (Law 21)",
        ),
        (
            Irregularity(
                kind="lead out of turn",
                trick=1,
                seat=Seat.NORTH,
                card=None,
                settled=Settlement.ACCEPTED_BY,
                accepted_by=Seat.EAST,
            ),
            "trick 1: lead out of turn by North, accepted by East (Law 19)",
        ),
        (
            Irregularity(
                kind="card out of rotation",
                trick=7,
                seat=Seat.WEST,
                card=Card.from_str("SA"),
                settled=Settlement.STANDS,
            ),
            "trick 7: card out of rotation by West (♠A), the card stands (Law 23)",
        ),
    ],
)
def test_an_irregularity_describes_itself_in_one_line(irregularity: Irregularity, line: str):
    assert irregularity.describe() == line


def _settled(settled: Settlement) -> Irregularity:
    """South's irregularity at trick 2, settled so, with the seats its sentence names: East accepted, West ought to
    have led, and South, West or North may have led."""
    kind = "revoke" if settled.name.endswith(("ESTABLISHED", "CORRECTED")) else "lead out of turn"
    return Irregularity(
        kind=kind,
        trick=2,
        seat=Seat.SOUTH,
        card=None,
        settled=settled,
        accepted_by=Seat.EAST,
        proper_leader=Seat.WEST,
        may_have_led=(Seat.SOUTH, Seat.WEST, Seat.NORTH),
    )


# Each way the play settles an irregularity, in English (what ``minibridge replay --json`` says, whatever the
# language), Dutch and Danish: the catalogues' words, with the seats and side named in the language.
SETTLED = [
    (
        Settlement.ESTABLISHED,
        "established: one trick goes to East–West at the end (Law 21)",
        "voldongen: aan het eind gaat één slag naar Oost–West (artikel 21)",
        "etableret: ét stik går til Øst–Vest til sidst (lov 21)",
    ),
    (
        Settlement.NOT_ESTABLISHED,
        "not established (it could still be corrected)",
        "niet voldongen (het kon nog hersteld worden)",
        "ikke etableret (den kunne stadig rettes)",
    ),
    (
        Settlement.NOT_CORRECTED,
        "not corrected before the end",
        "niet hersteld voor het eind",
        "ikke rettet før slutningen",
    ),
    (Settlement.CORRECTED, "corrected (Law 20)", "hersteld (artikel 20)", "rettet (lov 20)"),
    (
        Settlement.ACCEPTED_IN_RECORD,
        "accepted: it was West's lead (Law 19)",
        "geaccepteerd: West moest uitkomen (artikel 19)",
        "accepteret: Vest skulle have spillet ud (lov 19)",
    ),
    (
        Settlement.ACCEPTED_IN_RECORD_ONE_OF,
        "accepted: it was West's lead (Law 19); led by South, West or North: the record does not show which",
        "geaccepteerd: West moest uitkomen (artikel 19); uitgekomen door Zuid, West of Noord: het verslag zegt niet"
        " wie",
        "accepteret: Vest skulle have spillet ud (lov 19); spillet ud af Syd, Vest eller Nord: optegnelsen viser"
        " ikke hvem",
    ),
    (
        Settlement.ACCEPTED_BY,
        "accepted by East (Law 19)",
        "geaccepteerd door Oost (artikel 19)",
        "accepteret af Øst (lov 19)",
    ),
    (
        Settlement.ACCEPTED_BY_NEXT_PLAYER,
        "accepted: the next player played to it (Law 19)",
        "geaccepteerd: de volgende speler speelde erop bij (artikel 19)",
        "accepteret: den næste spiller lagde til (lov 19)",
    ),
    (Settlement.PUT_BACK, "card put back (Law 19)", "kaart teruggenomen (artikel 19)", "kortet taget tilbage (lov 19)"),
    (
        Settlement.STANDS,
        "the card stands (Law 23)",
        "de kaart blijft liggen (artikel 23)",
        "kortet bliver liggende (lov 23)",
    ),
]


def test_every_way_of_settling_is_in_the_table():
    assert [row[0] for row in SETTLED] == list(Settlement)


@pytest.mark.parametrize(("settled", "english", "dutch", "danish"), SETTLED, ids=[row[0].name for row in SETTLED])
def test_how_an_irregularity_was_settled_is_said_in_each_language_and_always_in_english(
    settled, english, dutch, danish
):
    irregularity = _settled(settled)
    assert irregularity.settled_in_words == irregularity.settled_in_english == english
    for code, said in (("nl", dutch), ("da", danish)):
        with speaking(code):
            assert irregularity.settled_in_words == said
            assert irregularity.settled_in_english == english
            assert irregularity.describe().endswith(f", {said}")


def test_only_an_established_revoke_transfers_a_trick_unless_told():
    corrected = Irregularity(kind="revoke", trick=2, seat=Seat.SOUTH, card=None, settled=Settlement.CORRECTED)
    established = Irregularity(
        kind="revoke", trick=2, seat=Seat.SOUTH, card=None, settled=Settlement.ESTABLISHED, transferred=1
    )
    assert (corrected.transferred, established.transferred) == (0, 1)
