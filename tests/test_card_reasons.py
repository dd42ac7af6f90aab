"""Why a card, in a child's words: every kind of card on hand-built positions (the card and the words), hints chosen
by the computer from what the player sees, and properties on random deals: a hint is a legal card, it never
changes with the hidden hands, every card of a deal has a short reason."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from minibridge.card_reasons import (
    CardAdvice,
    classify,
    hint,
    hint_words,
    reasons_of_cards,
    why_card,
    why_played,
)
from minibridge.cards import Card, Seat, Suit
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.knowledge import Knowledge
from minibridge.lessons import find_lesson
from minibridge.play import Play
from minibridge.rules import RuleSet, find_rules

EBU = find_rules("ebu")
SIX = find_lesson(6).rules
MOST_WORDS = 14
"""The longest reason a pupil of seven reads at once, in words (a card like ♠K counts as one)."""

FULL = "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76"


def _position(
    deal: str,
    leader: Seat,
    cards: list[str],
    *,
    trumps: Suit | None = None,
    declarer: Seat | None = None,
    rules: RuleSet = EBU,
) -> tuple[Play, Knowledge]:
    """The deal played from ``leader``'s lead up to ``cards``, and what the table knows."""
    play = Play(Deal.from_pbn(deal), trumps=trumps, declarer=declarer, leader=leader)
    for card in cards:
        play.play(card)
    return play, Knowledge.of(rules, declarer=declarer, hcp=None)


def _kind(play: Play, knowledge: Knowledge, card: str) -> str:
    seat = play.to_play
    assert seat is not None
    return classify(play, seat, Card.from_str(card), knowledge).kind


def _why(play: Play, knowledge: Knowledge, card: str) -> str:
    seat = play.to_play
    assert seat is not None
    return why_played(play, seat, Card.from_str(card), knowledge)


def _hint_words(play: Play, knowledge: Knowledge, card: str) -> str:
    seat = play.to_play
    assert seat is not None
    return hint_words(classify(play, seat, Card.from_str(card), knowledge))


# --- following suit ---------------------------------------------------------------------------------------

SECOND = "N:.A72.. .KQ4.. .J93.. .T65.."
FOURTH = "N:.A72.. .864.. .KJ3.. .T95.."


def test_second_hand_plays_low_and_a_top_card_is_a_sure_trick():
    play, known = _position(SECOND, Seat.WEST, ["H5"])
    assert _why(play, known, "H2") == "Second hand plays low."
    assert _hint_words(play, known, "H2") == "Second hand plays low: keep your high cards for later."
    assert _kind(play, known, "HA") == "sure trick"
    assert _hint_words(play, known, "HA") == "Your ♥A is a sure trick: take it now."
    assert _why(play, known, "HA") == "It took a sure trick."
    assert _hint_words(play, known, "H7") == "Play your ♥7: it beats the cards played so far."
    assert _why(play, known, "H7") == "It beat the cards played so far."


def test_third_hand_plays_high_and_a_hand_that_cannot_win_plays_its_lowest():
    play, known = _position(SECOND, Seat.WEST, ["H5", "H2"])
    assert _kind(play, known, "HQ") == _kind(play, known, "HK") == "third hand high"
    assert _why(play, known, "HQ") == "Third hand plays high."
    assert _hint_words(play, known, "HK") == "Third hand plays high: try to win the trick for your side."
    assert _why(play, known, "H4") == "It played low to keep its high cards for later."
    play.play("HQ")
    assert _hint_words(play, known, "H3") == "You can't win this trick: play your lowest card in hearts."
    assert _why(play, known, "H3") == "It could not win, so it played its lowest card."
    assert _kind(play, known, "H9") == "best chance"  # not the lowest: no rule of thumb says why


def test_fourth_hand_wins_with_the_smallest_card_that_wins():
    play, known = _position(FOURTH, Seat.WEST, ["H5", "H2", "H8"])
    assert _hint_words(play, known, "HJ") == "Play your ♥J: it is the smallest card that wins this trick."
    assert _why(play, known, "HJ") == "It wins the trick with the smallest card it could."
    assert _hint_words(play, known, "HK") == "Your ♥K wins this trick."
    assert _why(play, known, "HK") == "It wins the trick."
    assert _kind(play, known, "H3") == "play low"


def test_partner_winning_plays_low_only_when_nobody_after_can_beat_partner():
    play, known = _position(FOURTH, Seat.NORTH, ["HA", "H4"])  # the ace: West, still to play, cannot beat it
    assert _hint_words(play, known, "H3") == "Partner is winning this trick: play your lowest card in hearts."
    assert _why(play, known, "H3") == "Partner was winning, so it played low."
    play, known = _position("N:.K72.. .864.. .J93.. .AT5..", Seat.NORTH, ["HK", "H4"])
    assert _kind(play, known, "H3") == "cannot win"  # West may hold the ace: partner's king is not safe
    play, known = _position("N:.K72.. .864.. .J93.. .AT5..", Seat.NORTH, ["HK", "H4", "H3"])
    assert _hint_words(play, known, "H5") == "Play low this time: keep your high cards for later."  # a hold-up
    assert _why(play, known, "HA") == "It wins the trick."


def test_partner_winning_is_not_safe_when_the_last_hand_has_shown_out_and_may_trump():
    deal, cards = "N:.AK.. .32.. .54.. 2...2", ["HK", "H2", "H4", "C2", "HA", "H3"]
    play, known = _position(deal, Seat.NORTH, cards)
    assert _kind(play, known, "H5") == "partner winning"
    play, known = _position(deal, Seat.NORTH, cards, trumps=Suit.SPADES)  # West may trump the ace
    assert _kind(play, known, "H5") == "cannot win"


def test_a_high_card_led_second_hand_is_covered():
    play, known = _position("N:.K52.. .A43.. .T98.. .QJ6..", Seat.WEST, ["HQ"])
    assert _hint_words(play, known, "HK") == "They led a high card: cover it with your ♥K."
    assert _why(play, known, "HK") == "It covered their high card with a higher one."


# --- showing out -------------------------------------------------------------------------------------------

RUFF = "N:2...2 .K2.. 3.3.. .Q4.."  # North has no hearts, one trump (spades)
DISCARD = "N:K9...2 .K32.. 3.65.. .QJ4.."  # North has no hearts


def test_a_hand_with_no_cards_of_the_suit_led_trumps_to_win_or_keeps_its_trumps():
    play, known = _position(RUFF, Seat.WEST, ["HQ"], trumps=Suit.SPADES, declarer=Seat.SOUTH)
    assert _hint_words(play, known, "S2") == "You have no hearts left: trump with the ♠2 to win the trick."
    assert _why(play, known, "S2") == "It had no hearts left, so it trumped."
    assert _hint_words(play, known, "C2") == "You have no hearts left: keep your trumps for later."
    assert _why(play, known, "C2") == "It had no hearts left but kept its trumps for later."


def test_a_hand_that_cannot_win_throws_away_a_small_card():
    play, known = _position(DISCARD, Seat.WEST, ["HQ"])
    assert _hint_words(play, known, "C2") == (
        "You have no hearts left and you can't win: throw away your smallest card."
    )
    assert _why(play, known, "C2") == "It had no hearts and could not win: it threw away a small card."
    assert _hint_words(play, known, "S9") == "You have no hearts left and can't win: throw away a small card."
    assert _hint_words(play, known, "SK") == "You can't win this trick: throw away a card you don't need."
    assert _why(play, known, "SK") == "It had no hearts and could not win, so it threw a card away."


def test_partner_winning_a_hand_with_no_cards_of_the_suit_throws_away_a_small_one():
    play, known = _position(DISCARD, Seat.EAST, ["H2", "H6", "H4"])
    assert _hint_words(play, known, "C2") == "Partner is winning this trick: throw away a small card."
    assert _why(play, known, "S9") == "Partner was winning, so it threw away a small card."
    assert _kind(play, known, "SK") == "discard"


# --- the signals of MiniLesson Six -------------------------------------------------------------------------


def test_a_defender_in_lesson_six_signals_on_partners_lead():
    liking = "N:.753.. .A82.. ...432 .QJ4.."
    play, known = _position(liking, Seat.WEST, ["HQ", "H3"], declarer=Seat.SOUTH, rules=SIX)
    assert _why(play, known, "H8") == "A high card tells partner: I like hearts."
    assert _hint_words(play, known, "H8") == "Play your ♥8: a high card tells partner 'I like hearts'."
    play, known = _position(liking.replace("A82", "862"), Seat.WEST, ["HQ", "H3"], declarer=Seat.SOUTH, rules=SIX)
    assert _why(play, known, "H2") == "A low card tells partner: I don't like hearts."
    assert _hint_words(play, known, "H2") == "Play your ♥2: a low card tells partner 'I don't like hearts'."
    play, known = _position(liking, Seat.WEST, ["HQ", "H3"], declarer=Seat.SOUTH)  # no signals before lesson six
    assert _kind(play, known, "H8") == "play low"


def test_a_defender_in_lesson_six_signals_when_throwing_away():
    play, known = _position("N:.753.. A82... ...432 .QJ4..", Seat.WEST, ["HQ", "H3"], declarer=Seat.SOUTH, rules=SIX)
    assert _why(play, known, "S8") == "A high card tells partner: I like spades."
    assert _kind(play, known, "S2") == "discard smallest"  # the lowest of a suit it likes says nothing


# --- leads -------------------------------------------------------------------------------------------------


def test_declarer_takes_out_their_trumps_first():
    play, known = _position("N:54... .A2.. A3... .K4..", Seat.SOUTH, [], trumps=Suit.SPADES, declarer=Seat.SOUTH)
    assert _hint_words(play, known, "S3") == "Take out their trumps first."
    assert _why(play, known, "SA") == "It led trumps to take out their trumps."
    assert _kind(play, known, "S3") == "draw trumps"


def test_a_top_card_led_is_a_sure_trick_unless_it_may_be_trumped():
    deal = "N:54... .A2.. ..32. A.K.."
    play, known = _position(deal, Seat.WEST, [], declarer=Seat.SOUTH)
    assert _hint_words(play, known, "SA") == "Your ♠A is a sure trick: take it now."
    play, known = _position(deal, Seat.WEST, [], trumps=Suit.HEARTS, declarer=Seat.SOUTH)
    assert _hint_words(play, known, "SA") == "Your ♠A is the highest card left in spades: play it now."
    assert _why(play, known, "SA") == "It played the highest card left in the suit."


def test_the_top_of_a_sequence_is_led():
    play, known = _position("N:432... .AK2.. ...432 KQJ...", Seat.WEST, [], declarer=Seat.SOUTH)
    assert _hint_words(play, known, "SK") == "Lead the top card of ♠K Q J: it is a safe lead."
    assert _why(play, known, "SK") == "It led the top of a sequence."
    assert _kind(play, known, "SJ") == "best chance"  # not the top
    play, known = _position("N:432.3.. .QJ2.2. KQJT... A65.4..", Seat.SOUTH, [], declarer=Seat.SOUTH)
    assert _hint_words(play, known, "SK") == "Lead the top card of ♠K Q J: it makes their ♠A go."  # 3 shown


def test_a_defender_leads_back_partners_suit():
    play, known = _position("N:54... .A2.. ...32 .K3..", Seat.WEST, ["H3", "S4", "HA", "C2"], declarer=Seat.SOUTH)
    assert play.to_play is Seat.EAST
    assert _hint_words(play, known, "H2") == "Lead back partner's suit: partner led it for a reason."
    assert _why(play, known, "H2") == "It led back partner's suit."


def test_the_longest_suit_is_led_and_otherwise_the_card_is_the_best_chance():
    play, known = _position(FULL, Seat.WEST, [], declarer=Seat.SOUTH)
    assert _hint_words(play, known, "H5") == "Lead your longest suit: its small cards can win later."
    assert _why(play, known, "H5") == "It led its longest suit."
    assert _hint_words(play, known, "S5") == "This card gives your side the best chance of the most tricks."
    assert _why(play, known, "S5") == "It keeps the most tricks for its side."


# --- hints -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "leader", "cards", "card", "reason"),
    [
        (SECOND, Seat.WEST, ["H5", "H2"], "HQ", "Third hand plays high: try to win the trick for your side."),
        (FOURTH, Seat.WEST, ["H5", "H2", "H8"], "HJ", "Play your ♥J: it is the smallest card that wins this trick."),
        (FOURTH, Seat.NORTH, ["HA", "H4"], "H3", "Partner is winning this trick: play your lowest card in hearts."),
        (DISCARD, Seat.WEST, ["HQ"], "C2", "You have no hearts left and you can't win: throw away your smallest card."),
    ],
)
def test_a_hint_is_the_card_the_computer_chooses_with_its_reason(deal, leader, cards, card, reason):
    play, known = _position(deal, leader, cards)
    seat = play.to_play
    assert seat is not None
    advice = hint(play, known, seat)
    assert advice == CardAdvice(card=Card.from_str(card), reason=reason)
    assert advice.as_data() == {"card": card, "reason": reason}


def test_a_hint_is_for_the_seat_to_play_only():
    play, known = _position(SECOND, Seat.WEST, ["H5"])
    with pytest.raises(RuleError, match="North's turn to play, not East's"):
        hint(play, known, Seat.EAST)


def test_declarer_gets_a_hint_for_dummys_card():
    play, known = _position(FULL, Seat.WEST, ["S5"], declarer=Seat.SOUTH)  # North is dummy, second to play
    advice = hint(play, known, Seat.NORTH)
    assert advice.card in play.legal_cards(Seat.NORTH) and advice.reason


# --- the reasons of a whole deal ---------------------------------------------------------------------------


def test_the_reasons_of_a_deal_are_the_reasons_before_each_card():
    play, known = _position(SECOND, Seat.WEST, ["H5", "H2", "HQ", "H3", "HK"])
    reasons = reasons_of_cards(play, known)
    assert reasons[:4] == [
        "It keeps the most tricks for its side.",  # three hearts only: no rule of thumb for the lead
        "Second hand plays low.",
        "Third hand plays high.",
        "It could not win, so it played its lowest card.",
    ]
    assert len(reasons) == 5
    assert [why_card(play, i, known) for i in range(5)] == reasons
    with pytest.raises(RuleError, match="no card number 6"):
        why_card(play, 5, known)


# --- properties on random deals ----------------------------------------------------------------------------


def _random_position(seed: int, cards: int, signals: bool) -> tuple[Play, Knowledge]:
    """A random deal with a random contract, played at random up to ``cards`` cards."""
    rng = random.Random(seed)
    deal = Deal.random(rng)
    declarer = Seat(rng.randrange(4))
    play = Play(deal, trumps=rng.choice([None, *Suit]), declarer=declarer)
    for _ in range(cards):
        play.play(rng.choice(play.legal_cards()))
    rules = SIX if signals else EBU
    return play, Knowledge.of(rules, declarer=declarer, hcp={s: deal.hcp(s) for s in Seat})


def _short(reason: str) -> bool:
    return 0 < len(reason.split()) <= MOST_WORDS and reason.endswith(".")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), cards=st.integers(0, 50), signals=st.booleans())
def test_a_hint_is_a_legal_card_of_the_seat_to_play_with_a_short_reason(seed: int, cards: int, signals: bool):
    play, known = _random_position(seed, cards, signals)
    seat = play.to_play
    assert seat is not None
    advice = hint(play, known, seat)
    assert advice.card in play.legal_cards(seat)
    assert _short(advice.reason), advice.reason


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), cards=st.integers(0, 50), signals=st.booleans())
def test_a_hint_never_changes_with_the_hidden_hands(seed: int, cards: int, signals: bool):
    play, known = _random_position(seed, cards, signals)
    seat = play.to_play
    assert seat is not None
    hidden = [s for s in Seat if s not in known.seen_by(known.player_for(seat))]
    pairs = [(a, b) for a in hidden for b in hidden if a < b and len(play.hand(a)) == len(play.hand(b))]
    assume(pairs and any(play.hand(a) != play.hand(b) for a, b in pairs))
    first, second = pairs[0]
    swapped = Play(play.deal, trumps=play.trumps, declarer=play.declarer, leader=play.opening_leader)
    state = play.state
    state.hands[first], state.hands[second] = state.hands[second], state.hands[first]
    swapped.put_state(state)
    assert swapped.hand(first) == play.hand(second)
    assert hint(swapped, known, seat) == hint(play, known, seat)
    for card in play.legal_cards(seat):  # every card is explained the same way
        assert classify(swapped, seat, card, known) == classify(play, seat, card, known)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), signals=st.booleans())
def test_every_card_of_a_deal_played_out_has_a_short_reason(seed: int, signals: bool):
    play, known = _random_position(seed, 52, signals)
    assert play.finished
    reasons = reasons_of_cards(play, known)
    assert len(reasons) == 52
    assert all(_short(reason) for reason in reasons), [r for r in reasons if not _short(r)]
    assert reasons_of_cards(play) and all(_short(reason) for reason in reasons_of_cards(play))
    index = random.Random(seed).randrange(52)
    assert why_card(play, index, known) == reasons[index]
