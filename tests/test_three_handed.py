"""Three-handed MiniBridge played out (000, "It can be a great game for three"; RULES §7): many deals played by
the computer, each checked against the rule book's words, and sessions with a total for each player."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.lessons import find_lesson
from minibridge.pbn import dumps, loads
from minibridge.recorded import replay_record
from minibridge.robot import Robot
from minibridge.rules import RuleSet, find_rules
from minibridge.scoring import Score, score
from minibridge.table import THREE_SEATS, Game, Session, play_by_computers, seating

SIMPLE = find_rules("ebu").replace(three_handed="simple")
NORMAL = find_rules("ebu").replace(three_handed="normal")


def dealt_and_announced(rules: RuleSet, seed: int, dealer: Seat) -> tuple[Deal, Game]:
    """A random deal and the game at the table once the three players have announced."""
    cards = Deal.random(random.Random(seed))
    return cards, Game(rules, Board(number=1, dealer=dealer, deal=cards))


def check_played_as_four_handed(rules: RuleSet, dealt: Deal, game: Game) -> None:
    """ "The hand continues as in the four-handed game": the hands are the dealt hands, each played by one of the
    three players or as dummy by declarer, the player on declarer's left leads, the play is complete and legal,
    the score is the normal score."""
    assert sorted(hand.mask for hand in game.deal.hands) == sorted(hand.mask for hand in dealt.hands)
    played = set(game.players.values())
    assert len(played) == 3 and game.dummy not in played and game.declarer in played
    assert game.stage == "over" and game.play is not None and len(game.play.tricks) == 13
    assert game.declarer is not None and game.play.tricks[0].leader is game.declarer.lho
    board = game.played_board()
    again = replay_record(loads(dumps([board]))[0])  # saved as PBN, it replays without an irregularity
    assert again.finished and not again.irregularities and again.declarer_tricks == game.play.declarer_tricks
    assert game.contract is not None and game.declarer is not None
    points = game.deal[game.declarer].hcp + game.deal[game.dummy].hcp
    assert game.result == score(game.contract, game.play.declarer_tricks, rules, points=points)


def check_scores(game: Game) -> None:
    """ "In each case the scoring is just as in normal MiniBridge": the player who declares scores the declaring
    side's points, each defender the defenders'."""
    assert game.result is not None and game.declarer is not None
    declarer = next(player for player, seat in game.players.items() if seat is game.declarer)
    for player, points in zip(seating(game.dealer), Session.player_scores(game), strict=True):
        expected = game.result.declarers_score if player is declarer else game.result.defenders_score
        assert points == expected


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), dealer=st.sampled_from(THREE_SEATS))
def test_simple_three_handed_as_seed_000_says(seed: int, dealer: Seat):
    dealt, game = dealt_and_announced(SIMPLE, seed, dealer)
    dummy_hand = dealer.partner  # "Dealer deals four hands including a dummy between the other two players"
    players = (dealer, dealer.lho, dealer.rho)  # "The three players then announce in turn"
    # "The player with the highest number of high card points becomes the declarer (if equal, then it is the
    # player who announced his points first)."
    top = max(players, key=lambda p: (dealt.hcp(p), -players.index(p)))
    # "If the total number of high card points between declarer and dummy is less than twenty-one, the hand is
    # re-dealt."
    if dealt.hcp(top) + dealt.hcp(dummy_hand) < 21:
        assert game.stage == "redeal" and game.play is None
        return
    assert game.players[top] is game.declarer
    # "The declarer then faces the dummy opposite himself": dummy holds the dummy hand, opposite declarer.
    assert game.dummy is game.declarer.partner and game.deal[game.dummy] == dealt[dummy_hand]
    # "while the other two players become the defenders", each with the cards they were dealt, the players
    # still in their order round the table (the one after declarer leads).
    for player in players:
        assert game.deal[game.players[player]] == dealt[player]
    after = players[(players.index(top) + 1) % 3]
    assert game.players[after] is game.declarer.lho  # leads, as the player on declarer's left


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), dealer=st.sampled_from(THREE_SEATS))
def test_normal_three_handed_as_seed_000_says(seed: int, dealer: Seat):
    dealt, game = dealt_and_announced(NORMAL, seed, dealer)
    dummy_hand = dealer.partner
    assert game.three is not None
    # "Dummy's points are worked out (by subtraction from forty)."
    assert game.three.hcp[dummy_hand] == 40 - sum(dealt.hcp(p) for p in (dealer, dealer.lho, dealer.rho))
    # "Dealer and the dummy are one partnership and the other two players are the other partnership. ... If both
    # sides have twenty points the hand is re-dealt."
    ours = dealt.hcp(dealer) + dealt.hcp(dummy_hand)
    if ours == 20:
        assert game.stage == "redeal" and game.play is None
        return
    if ours > 20:
        # "(a) If dealer and dummy are the declaring side then dealer becomes declarer. If he has fewer high card
        # points than dummy then he exchanges his hand with dummy before dummy is exposed."
        assert game.players[dealer] is dealer is game.declarer and game.dummy is dummy_hand
        exchange = dealt.hcp(dealer) < dealt.hcp(dummy_hand)
        assert game.three.exchanged is exchange
        assert game.deal[dealer] == dealt[dummy_hand if exchange else dealer]
        assert game.deal[dummy_hand] == dealt[dealer if exchange else dummy_hand]
        for defender in (dealer.lho, dealer.rho):
            assert game.players[defender] is defender and game.deal[defender] == dealt[defender]
    else:
        # "(b) ... the player with the higher number of high card points becomes the declarer; if equal, then it
        # is the player who announced his points first. His partner's hand is exposed as dummy and his partner
        # takes over the former dummy and switches to become a defender."
        first, second = dealer.lho, dealer.rho
        declarer = second if dealt.hcp(second) > dealt.hcp(first) else first
        partner = declarer.partner
        assert game.declarer is declarer and game.dummy is partner and game.deal[partner] == dealt[partner]
        assert game.players[partner] is dummy_hand and game.deal[dummy_hand] == dealt[dummy_hand]
        assert dummy_hand.side is not declarer.side  # a defender, with dealer
        assert game.players[dealer] is dealer


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), dealer=st.sampled_from(THREE_SEATS), rules=st.sampled_from([SIMPLE, NORMAL]))
def test_three_handed_deals_played_out_by_the_computer_as_in_the_four_handed_game(
    seed: int, dealer: Seat, rules: RuleSet
):
    cards = Deal.random(random.Random(seed))
    game = play_by_computers(rules, Board(number=1, dealer=dealer, deal=cards), Robot(rules, samples=1, seed=seed))
    if game.stage != "redeal":
        check_played_as_four_handed(rules, cards, game)
        check_scores(game)


def test_the_worked_example_of_the_normal_variant_b():
    # Dealer North: North 10, East 12, South (the dummy hand) 6, West 12. North and the dummy hand hold 16:
    # East and West declare; equal points, so East, the first of them to announce, declares. West's hand goes
    # down as dummy, and West takes over the dummy hand at South to defend with North.
    deal = Deal.from_pbn("N:K432.K32.Q32.Q32 AQ5.QJ5.T54.K765 JT9.T98.KJ9.JT98 876.A764.A876.A4")
    assert [deal.hcp(s) for s in Seat] == [10, 12, 6, 12]
    game = Game(NORMAL, Board(number=1, dealer=Seat.NORTH, deal=deal))
    assert (game.stage, game.declarer, game.dummy) == ("contract", Seat.EAST, Seat.WEST)
    assert game.players == {Seat.NORTH: Seat.NORTH, Seat.EAST: Seat.EAST, Seat.WEST: Seat.SOUTH}
    assert game.hcp == {Seat.NORTH: 10, Seat.EAST: 12, Seat.SOUTH: 6, Seat.WEST: 12}  # every hand's points known


# --- a session of three players ----------------------------------------------------------------------------


def test_the_deal_passes_clockwise_round_the_three_players():
    # Each dealer's left-hand player deals next; player 0 always announces from South.
    for dealer in THREE_SEATS:
        seats = seating(dealer)
        assert seats[0] is Seat.SOUTH and dealer.partner not in seats  # the dummy hand lies opposite the dealer
        following = THREE_SEATS[(THREE_SEATS.index(dealer) + 1) % 3]
        assert seats.index(dealer.lho) == THREE_SEATS.index(following)
    session = Session(rules=SIMPLE, deals=4, first_dealer=Seat.WEST)
    dealers = []
    while not session.finished:
        dealers.append(session.dealer)
        session.record(Seat.SOUTH, score_of("1NT", 7))
    assert dealers == [Seat.WEST, Seat.EAST, Seat.SOUTH, Seat.WEST]


def score_of(contract: str, tricks: int) -> Score:
    return score(Contract.from_str(contract), tricks)


def test_a_session_of_three_totals_each_players_score_until_one_reaches_the_target():
    session = Session(rules=NORMAL, target=700)
    robot = Robot(NORMAL, samples=1, seed=3)
    rng = random.Random(3)
    expected = [0, 0, 0]
    while not session.finished:
        game = play_by_computers(NORMAL, session.next_board(rng), robot)
        if game.stage != "redeal":
            for player, points in enumerate(Session.player_scores(game)):
                expected[player] += points
        session.record_game(game)
    assert session.player_totals == expected and max(expected) >= 700
    assert session.winning_player == expected.index(max(expected)) and session.winner is None


def test_three_players_cannot_deal_from_the_dummy_hands_seat():
    with pytest.raises(RuleError, match="North is where the dummy hand lies when South deals"):
        Session(rules=SIMPLE, deals=2, first_dealer=Seat.NORTH)
    assert Session(rules=SIMPLE, deals=2).dealer is Seat.SOUTH


def test_three_handed_needs_the_announcement_dummy_and_complete_hands():
    with pytest.raises(RuleError, match=r"MiniLesson One has no announcement .* play it from MiniLesson Three on"):
        find_lesson(1).rules.replace(three_handed="simple")
    assert find_lesson(3).rules.replace(three_handed="normal").three_handed == "normal"
    with pytest.raises(RuleError, match="not 'four'"):
        SIMPLE.replace(three_handed="four")
