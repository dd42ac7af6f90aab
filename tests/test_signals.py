"""The defenders' signals of MiniLesson Six (RULES.md section 8; the lesson file six.yaml, from 000's MiniLesson Six):
what a card says, which card a defender chooses, and how far a holding agrees with the cards seen."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from minibridge.cards import CARDS, Card, Seat, Suit
from minibridge.deal import SUIT_MASKS, Hand
from minibridge.lessons import find_lesson
from minibridge.play import Play
from minibridge.signals import (
    MISREAD,
    Played,
    agrees,
    denied_by_lead,
    encouraging_cards,
    lead_card,
    likes_suit,
    read_signal,
    signal_card,
    signal_in_trick,
    signal_weight,
)


def _spades(ranks: str) -> Hand:
    return Hand.from_pbn(f"{ranks}...")


def _before(board: int, trick: int, seat: Seat) -> tuple[Hand, Card, Suit | None, bool, list[Card]]:
    """Lesson six, ``board``: the hand ``seat`` held before its card to ``trick``, the card, the suit led (None
    when it led), whether partner led, and the cards it might have played."""
    recorded = find_lesson(6).board(board)
    assert recorded.contract is not None and recorded.deal is not None and recorded.play is not None
    play = Play(recorded.deal, trumps=recorded.contract.strain.trumps, declarer=recorded.declarer)
    for card in recorded.play.order or ():
        if len(play.tricks) + 1 == trick and play.to_play is seat:
            assert play.leader is not None
            current = play.current_trick
            led = current[play.leader].suit if current else None
            return Hand(play.hand(seat)), card, led, play.leader is seat.partner, play.legal_cards(seat)
        play.play(card)
    raise AssertionError(f"board {board} has no card of {seat} to trick {trick}")


@pytest.mark.parametrize(
    ("ranks", "liked"),
    [
        ("A32", True),  # the ace
        ("K9", True),  # the king
        ("QJ4", True),  # the queen and jack
        ("Q54", False),  # the queen alone
        ("JT98", False),  # no honour above the jack
        ("", False),  # a void
    ],
)
def test_a_defender_likes_a_suit_with_its_ace_or_king_or_queen_and_jack(ranks: str, liked: bool):
    assert likes_suit(_spades(ranks), Suit.SPADES) is liked
    assert likes_suit(_spades(ranks).mask, Suit.SPADES) is liked
    assert likes_suit(_spades(ranks), Suit.HEARTS) is False


# Lesson six, trick by trick: (board, trick, seat, card, what it says).
LESSON_SIX = [
    (1, 1, Seat.WEST, "HK", "top of sequence"),  # exercise 1: the king from K-Q-J
    (1, 1, Seat.EAST, "H4", "encourage"),  # exercise 2: East holds the ace and plays the four
    (2, 1, Seat.EAST, "DA", "top of sequence"),  # exercise 4: the ace from A-K
    (2, 1, Seat.WEST, "D3", "discourage"),  # exercise 5: the lowest of 8-5-3
    (3, 1, Seat.EAST, "C9", "encourage"),  # the note: East encourages with the nine
    (4, 1, Seat.WEST, "S6", "encourage"),  # the note: West encourages with the six
    (2, 2, Seat.WEST, "CK", "no signal"),  # an honour is not a signal
    (1, 5, Seat.WEST, "S3", "no signal"),  # following declarer's lead: just low
    (1, 7, Seat.WEST, "D4", "discourage"),  # a discard: the lowest of J-9-6-4
    (1, 12, Seat.WEST, "DJ", "no signal"),  # a discard of an honour
]


@pytest.mark.parametrize(("board", "trick", "seat", "card", "meaning"), LESSON_SIX)
def test_what_each_card_of_lesson_six_says(board: int, trick: int, seat: Seat, card: str, meaning: str):
    hand, played, led, partner_led, _ = _before(board, trick, seat)
    assert str(played) == card
    assert signal_in_trick(hand, played, led=led, partner_led=partner_led) == meaning


@pytest.mark.parametrize(
    ("board", "seat", "card"),
    [
        (1, Seat.WEST, "HK"),  # top of K-Q-J-8
        (1, Seat.EAST, "H4"),  # the ace held: encourage with the four of A-4-2
        (2, Seat.EAST, "DA"),  # top of A-K-T-9-4
        (2, Seat.WEST, "D3"),  # no honour in 8-5-3: discourage with the lowest
        (3, Seat.WEST, "CK"),  # top of K-Q-J-8-6
        (3, Seat.EAST, "C9"),  # the ace held: the highest small card that encourages, of A-9-4-3
        (4, Seat.EAST, "SK"),  # top of K-Q-J-5-2
        (4, Seat.WEST, "S6"),  # the ace held: the six of A-6-4-3
    ],
)
def test_the_defenders_choose_the_cards_of_lesson_six_at_trick_one(board: int, seat: Seat, card: str):
    hand, played, led, partner_led, legal = _before(board, 1, seat)
    chosen = lead_card(legal, hand) if led is None else signal_card(legal, hand, led=led, partner_led=partner_led)
    assert str(chosen) == card == str(played)


@pytest.mark.parametrize(
    ("candidates", "hand", "led", "partner_led", "card"),
    [
        (["S9", "S4"], "A943...", Suit.SPADES, False, "S4"),  # declarer led: low, whatever we hold
        (["SA", "S3"], "A3...", Suit.SPADES, True, "S3"),  # liked, but no small card that encourages
        (["SK", "S9"], "K9...", Suit.SPADES, True, "S9"),  # liked, but the nine is the lowest
        (["S8", "H7", "H2"], "8.AK72..", Suit.DIAMONDS, False, "H7"),  # discard: encourage hearts
        (["S2", "H8", "H3"], "AK2.83..", Suit.DIAMONDS, False, "H3"),  # discard: lowest of a suit not liked
        (["S2", "H3"], "AK2.A3..", Suit.DIAMONDS, False, "S2"),  # every suit liked, nothing encourages: lowest
    ],
)
def test_a_defender_following_or_discarding_signals_with_the_card_the_lesson_teaches(
    candidates: list[str], hand: str, led: Suit, partner_led: bool, card: str
):
    cards = [Card.from_str(c) for c in candidates]
    chosen = signal_card(cards, Hand.from_pbn(hand), led=led, partner_led=partner_led)
    assert str(chosen) == card


@pytest.mark.parametrize(
    ("candidates", "hand", "card"),
    [
        (["SQ", "SJ", "H9", "H8"], "QJ4.986..", "SQ"),  # the highest top of touching cards
        (["S7", "H4"], "K7.Q4..", "H4"),  # no touching cards: the lowest
        (["SJ"], "KJ4...", "SJ"),  # one card
    ],
)
def test_a_lead_is_the_top_of_touching_cards_else_the_lowest(candidates: list[str], hand: str, card: str):
    assert str(lead_card([Card.from_str(c) for c in candidates], Hand.from_pbn(hand))) == card


def test_a_lead_denies_the_card_above_it():
    assert denied_by_lead(Card.from_str("HQ")) == Card.from_str("HK")
    assert denied_by_lead(Card.from_str("C8")) == Card.from_str("C9")  # "the eight denies the nine"
    assert denied_by_lead(Card.from_str("DA")) is None


def test_encouraging_cards_are_small_cards_above_the_lowest():
    cards = [Card.from_str(c) for c in ("SA", "S9", "S4", "S3")]
    assert encouraging_cards(cards, _spades("A943")) == [Card.from_str("S9"), Card.from_str("S4")]
    assert encouraging_cards([Card.from_str("S3")], _spades("A943")) == []


@pytest.mark.parametrize(
    ("hand", "card", "led", "partner_led", "agreed"),
    [
        ("83.KQJ8.J964.J72", "HK", None, False, True),  # lesson six, board 1: the king from K-Q-J
        ("83.AKQJ.J964.J72", "HK", None, False, False),  # the king led denies the ace
        ("654.A42.K87.9863", "H4", Suit.HEARTS, True, True),  # board 1: encouraging with the ace
        ("654.Q42.K87.9863", "H4", Suit.HEARTS, True, False),  # encouraging without the honours
        ("T3.95.853.K96432", "D3", Suit.DIAMONDS, True, True),  # board 2: discouraging without them
        ("T3.95.K53.Q96432", "D3", Suit.DIAMONDS, True, False),  # discouraging holding the king
        ("654.Q42.K87.9863", "H4", Suit.HEARTS, False, True),  # declarer led: no signal to disagree with
    ],
)
def test_a_holding_agrees_with_a_signal_or_not(hand: str, card: str, led: Suit | None, partner_led: bool, agreed: bool):
    assert agrees(Hand.from_pbn(hand), Card.from_str(card), led=led, partner_led=partner_led) is agreed


def test_each_signal_a_layout_disagrees_with_counts_misread_times():
    east_leads = Played(seat=Seat.EAST, card=Card.from_str("HK"), led=None, partner_led=False)
    west_follows = Played(seat=Seat.WEST, card=Card.from_str("H4"), led=Suit.HEARTS, partner_led=True)
    north = Played(seat=Seat.NORTH, card=Card.from_str("H2"), led=Suit.HEARTS, partner_led=False)
    plays = [east_leads, north, west_follows]
    agreeing = {Seat.EAST: Hand.from_pbn(".KQJ8.."), Seat.WEST: Hand.from_pbn(".A42..")}
    assert signal_weight(agreeing, plays) == 1.0
    assert signal_weight({Seat.EAST: Hand.from_pbn(".AKQ.."), Seat.WEST: Hand.from_pbn(".A42..")}, plays) == MISREAD
    assert signal_weight({Seat.EAST: Hand.from_pbn(".AKQ.."), Seat.WEST: Hand.from_pbn(".742..")}, plays) == (
        MISREAD * MISREAD
    )
    assert signal_weight({}, plays) == 1.0


def test_later_cards_are_read_from_what_is_left():
    # West holds A-4-2 and plays the four, then the two: the four encourages, the two (now the lowest of A-2)
    # discourages, and West likes hearts, so the second card is a misread.
    plays = [Played(seat=Seat.WEST, card=Card.from_str(c), led=Suit.HEARTS, partner_led=True) for c in ("H4", "H2")]
    assert signal_weight({Seat.WEST: Hand.from_pbn(".A42..").mask}, plays) == MISREAD


# --- properties over random hands -------------------------------------------------------------------------

hands = st.sets(st.sampled_from(CARDS), min_size=1, max_size=13).map(Hand)
suits = st.sampled_from(list(Suit))


@settings(suppress_health_check=[HealthCheck.filter_too_much])  # a random hand often holds one card of a suit
@given(hand=hands, suit=suits)
def test_a_defender_following_partner_says_what_it_means_when_it_can(hand: Hand, suit: Suit):
    following = [c for c in hand if c.suit is suit]
    assume(len(following) > 1)
    chosen = signal_card(following, hand, led=suit, partner_led=True)
    if likes_suit(hand, suit) and encouraging_cards(following, hand):
        assert read_signal(hand, chosen, leading=False) == "encourage"
        assert chosen == max(encouraging_cards(following, hand), key=lambda c: c.rank)
    elif not likes_suit(hand, suit):
        assert read_signal(hand, chosen, leading=False) == "discourage"
    if not likes_suit(hand, suit) or encouraging_cards(following, hand):
        assert agrees(hand, chosen, led=suit, partner_led=True)


@given(hand=hands, suit=suits)
def test_a_defender_discarding_says_what_it_means_when_it_can(hand: Hand, suit: Suit):
    assume(not hand.mask & SUIT_MASKS[suit])
    held = list(hand)
    chosen = signal_card(held, hand, led=suit, partner_led=False)
    liked = [c for c in encouraging_cards(held, hand) if likes_suit(hand, c.suit)]
    meaning = read_signal(hand, chosen, leading=False)
    if liked:
        assert meaning == "encourage" and likes_suit(hand, chosen.suit)
    elif any(not likes_suit(hand, c.suit) for c in held):
        assert not likes_suit(hand, chosen.suit)
        assert meaning == ("discourage" if hand.length(chosen.suit) > 1 else "no signal")
    if liked or not likes_suit(hand, chosen.suit):
        assert agrees(hand, chosen, led=suit, partner_led=False)


@given(hand=hands)
def test_a_lead_never_comes_from_below_a_card_held(hand: Hand):
    chosen = lead_card(list(hand), hand)
    assert agrees(hand, chosen, led=None)
    if read_signal(hand, chosen, leading=True) != "top of sequence":
        assert not any(read_signal(hand, c, leading=True) == "top of sequence" for c in hand)
        assert chosen == min(hand, key=lambda c: (c.rank, c.suit))
