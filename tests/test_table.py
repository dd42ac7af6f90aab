"""One deal at the table and a session of them (RULES §2–6): the game's stages, its players, the totals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.board import Board, PlayRecord
from minibridge.cards import Card, Seat, Side
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import IllegalPlayError, RuleError
from minibridge.lessons import find_lesson
from minibridge.recorded import replay_record
from minibridge.robot import Robot
from minibridge.rules import find_rules
from minibridge.scoring import Score, score
from minibridge.table import (
    THREE_SEATS,
    ComputerPlayer,
    Game,
    Session,
    draw_for_dealer,
    play_by_computers,
    play_out,
)

EBU = find_rules("ebu")
NBB = find_rules("nbb")
TARGETS = find_rules("targets")
DEAL = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")


def contract(text: str) -> Contract:
    return Contract.from_str(text)


# --- one deal at the table -------------------------------------------------------------------------------------


def test_the_announcement_picks_declarer_and_the_contract_starts_the_play():
    # RULES §2: N–S hold 29 points, North 19: North declares, South is dummy; East leads (RULES §4)
    game = Game(EBU, Board(number=1, deal=DEAL))
    assert (game.stage, game.to_act, game.declarer, game.dummy) == ("contract", Seat.NORTH, Seat.NORTH, Seat.SOUTH)
    assert game.play is None and game.goal is None and game.result is None
    with pytest.raises(IllegalPlayError, match="not the moment to play a card"):
        game.play_card(Card.from_str("SQ"))
    game.choose_contract(contract("4S"))
    assert (game.stage, game.to_act, game.goal) == ("play", Seat.EAST, 10)
    with pytest.raises(RuleError, match="not the moment to choose the contract"):
        game.choose_contract(contract("3NT"))


def test_declarer_chooses_dummys_cards():
    game = Game(EBU, Board(number=1, deal=DEAL))
    game.choose_contract(contract("3NT"))
    game.play_card(Card.from_str("DK"))  # East leads
    assert game.play is not None and game.play.to_play is Seat.SOUTH
    assert game.to_act is Seat.NORTH  # South is dummy: declarer decides


def test_a_contract_the_rules_refuse_changes_nothing():
    # 003: a trump suit needs 8 cards between declarer and dummy; N–S hold 7 spades
    game = Game(NBB, Board(number=1, deal=DEAL))
    with pytest.raises(RuleError, match="only with 8 cards"):
        game.choose_contract(contract("4S"))
    assert game.stage == "contract" and game.contract is None
    with pytest.raises(RuleError, match="'6NT' is a slam"):
        game.choose_contract(contract("6NT"))
    game.choose_contract(contract("3NT"))
    assert game.stage == "play"


def test_a_redeal_when_each_side_holds_20():
    # RULES §2: 20–20, the same dealer deals again
    rng = random.Random(1)
    even = next(d for d in iter(lambda: Deal.random(rng), None) if d.side_hcp(Side.NORTH_SOUTH) == 20)
    game = Game(EBU, Board(number=1, deal=even))
    assert game.stage == "redeal" and game.to_act is None and game.declarer is None
    session = Session(rules=EBU, deals=1, first_dealer=Seat.WEST)
    session.record_game(game)
    assert session.played == 0 and session.dealer is Seat.WEST


def test_partners_with_equal_points_choose_declarer_when_the_lesson_lets_them():
    # RULES §2: in MiniLessons Three and Four the tie rule is not enforced: the players choose
    rules = find_lesson(3).rules
    rng = random.Random(0)
    while True:
        game = Game(rules, Board(number=1, deal=Deal.random(rng)))
        if game.stage == "declarer":
            break
    first, second = game.announcement.may_declare  # type: ignore[union-attr]
    assert game.to_act is first
    with pytest.raises(RuleError, match="may not declare"):
        game.choose_declarer(first.lho)
    game.choose_declarer(second)
    assert game.declarer is second and game.stage == "contract"


def test_lessons_one_and_two_have_no_announcement_and_dealer_s_left_leads():
    # RULES §8: no announcement, declarer or dummy; the player on dealer's left leads
    rules = find_lesson(1).rules
    deal = Deal.random(random.Random(3), cards_per_hand=4)
    game = Game(rules, Board(number=2, deal=deal))  # board 2: East deals
    assert game.stage == "play" and game.announcement is None and game.declarer is None and game.dummy is None
    assert game.to_act is Seat.SOUTH


def test_a_whole_deal_by_four_computers_is_legal_scored_and_the_same_for_the_same_seed():
    board = Board(number=1, dealer=Seat.NORTH, deal=DEAL)
    game = play_by_computers(EBU, board, Robot(EBU, samples=3, seed=9))
    assert game.stage == "over" and game.contract is not None and game.declarer is Seat.NORTH
    assert game.play is not None and len(game.play.tricks) == 13
    again = play_by_computers(EBU, board, Robot(EBU, samples=3, seed=9))
    assert again.play is not None and again.play.record().order == game.play.record().order
    played = game.played_board()
    replayed = replay_record(played)
    assert not replayed.irregularities and replayed.declarer_tricks == game.play.declarer_tricks == played.result
    assert game.result is not None and game.result.tricks == game.play.declarer_tricks


class _Scripted:
    """A player who plays the lowest legal card and always declares in no-trumps: a test's player."""

    def choose_declarer(self, game: Game) -> Seat:
        return game.announcement.may_declare[-1]  # type: ignore[union-attr]

    def choose_contract(self, game: Game) -> Contract:
        return game.allowed_contracts[0]

    def choose_card(self, game: Game, seat: Seat) -> Card:
        assert game.play is not None
        return min(game.play.legal_cards(seat), key=lambda c: (c.rank, c.suit))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(["ebu", "nbb", "targets", "lesson"]))
def test_any_players_bring_any_deal_to_a_score(seed: int, rules: str):
    ruleset = find_rules(rules)
    game = Game(ruleset, Board(number=seed % 16 + 1, deal=Deal.random(random.Random(seed))))
    asked = [("card", decision.seat) for decision in play_out(game, _Scripted()) if decision.choice == "card"]
    if game.stage == "redeal":
        assert not asked
        return
    assert game.stage == "over" and len(asked) == 52
    assert game.result is not None and game.result.contract == game.contract
    ns, ew = game.tricks(Side.NORTH_SOUTH), game.tricks(Side.EAST_WEST)
    assert ns + ew == 13
    board = game.played_board()
    assert board.contract == game.contract and board.declarer == game.declarer and board.play is not None
    assert replay_record(board).declarer_tricks == board.result


def test_a_computer_player_declares_as_the_announcement_says():
    game = Game(EBU, Board(number=1, deal=DEAL))
    player = ComputerPlayer(robot=Robot(EBU, samples=2, seed=1))
    assert game.declarer is Seat.NORTH
    chosen = player.choose_contract(game)
    assert chosen in game.allowed_contracts


def test_the_record_of_a_game_keeps_the_order_of_the_cards():
    game = Game(EBU, Board(number=1, deal=DEAL))
    game.choose_contract(contract("3NT"))
    for text in ("DK", "D8", "D7", "D2"):
        game.play_card(Card.from_str(text))
    assert game.play is not None
    record = game.play.record()
    assert record.leader is Seat.EAST and [str(c) for c in record.order or ()] == ["DK", "D8", "D7", "D2"]
    assert record == PlayRecord.from_order(record.order or (), DEAL)


# --- sessions ----------------------------------------------------------------------------------------------

THREE_NT_NINE = score(contract("3NT"), 9)  # 001 Game table: 400
GRAND = score(contract("3NT"), 13)  # 001 Game table: 520


@pytest.mark.parametrize("deals", [1, 3, 4])  # RULES §6 Sessions: a fixed number of deals
def test_session_of_a_fixed_number_of_deals(deals: int):
    session = Session(rules=EBU, deals=deals)
    for _ in range(deals):
        assert not session.finished
        session.record(Seat.NORTH, THREE_NT_NINE)
    assert session.finished
    assert session.totals == {Side.NORTH_SOUTH: 400 * deals, Side.EAST_WEST: 0}
    assert session.winner is Side.NORTH_SOUTH
    with pytest.raises(RuleError, match="the session is over"):
        session.record(Seat.NORTH, THREE_NT_NINE)
    with pytest.raises(RuleError, match="the session is over"):
        session.record(None, None)


def test_session_to_1000_points():
    # 001: "MiniBridge typically ends at 1000 points"
    session = Session(rules=EBU)
    assert session.target == 1000
    session.record(Seat.EAST, GRAND)  # EW 520
    session.record(Seat.SOUTH, THREE_NT_NINE)  # NS 400
    assert not session.finished
    assert session.winner is None
    session.record(Seat.WEST, score(contract("4S"), 10))  # EW 520 + 420 = 940
    assert not session.finished
    session.record(Seat.NORTH, score(contract("4H"), 8))  # 002 example 3: EW defend, + 100 = 1040
    assert session.totals == {Side.NORTH_SOUTH: 400, Side.EAST_WEST: 1040}
    assert session.finished
    assert session.winner is Side.EAST_WEST
    with pytest.raises(RuleError):
        session.record(Seat.NORTH, THREE_NT_NINE)


def test_session_to_another_target():
    # 001: "variations support other game over scores"
    session = Session(rules=EBU, target=400)
    session.record(Seat.SOUTH, THREE_NT_NINE)
    assert session.finished
    assert session.winner is Side.NORTH_SOUTH


@pytest.mark.parametrize(
    ("first", "dealers"),
    [
        (Seat.NORTH, [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]),  # 000 Law 3: next clockwise
        (Seat.WEST, [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]),  # 000 Summary 10: round clockwise
    ],
)
def test_session_dealer_passes_clockwise(first: Seat, dealers: list[Seat]):
    session = Session(rules=EBU, deals=len(dealers), first_dealer=first)
    seen = []
    for _ in dealers:
        seen.append(session.dealer)
        session.record(Seat.EAST, score(contract("1C"), 7))
    assert seen == dealers
    assert [dealer for dealer, _ in session.history] == dealers


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), three=st.booleans())
def test_the_first_dealer_is_drawn_the_highest_card_dealing(seed: int, three: bool):
    # 004: "Den første giver findes fx ved at hver spiller trækker et kort, og højeste kort bliver giver" (each
    # player draws a card, and the highest card becomes dealer); of equal ranks the higher suit, as in bridge.
    seats = THREE_SEATS if three else tuple(Seat)
    drawn = draw_for_dealer(random.Random(seed), seats)
    assert set(drawn.cards) == set(seats) and len(set(drawn.cards.values())) == len(seats)  # one pack
    top = drawn.cards[drawn.dealer]
    for seat, card in drawn.cards.items():
        assert card.rank < top.rank or (card.rank == top.rank and card.suit <= top.suit), (seat, card, top)
    assert draw_for_dealer(random.Random(seed), seats) == drawn  # the same seed draws the same cards


def test_equal_ranks_drawn_for_dealer_go_by_suit():
    class Pack(random.Random):
        def sample(self, population, k, **_):  # type: ignore[override]
            return [Card.from_str(c) for c in ("H9", "S9", "C2", "D9")][:k]

    assert draw_for_dealer(Pack()).dealer is Seat.EAST  # ♠9 above ♥9 and ♦9


def test_redeal_keeps_the_same_dealer():
    # 000 Law 6: "the same dealer shuffles the same pack … and deals again"
    session = Session(rules=EBU, deals=2, first_dealer=Seat.EAST)
    session.record(None, None)
    session.record(None, None)
    assert session.dealer is Seat.EAST
    assert session.history == []
    session.record(Seat.NORTH, THREE_NT_NINE)
    assert session.dealer is Seat.SOUTH
    session.record(None, None)
    assert session.dealer is Seat.SOUTH
    assert not session.finished  # a redeal is not one of the agreed deals


def test_defenders_score_goes_to_the_other_side():
    # 002 example 3: game in hearts, 8 tricks, the defenders get 100
    session = Session(rules=EBU, deals=1)
    session.record(Seat.WEST, score(contract("game in hearts"), 8))
    assert session.totals == {Side.NORTH_SOUTH: 100, Side.EAST_WEST: 0}
    assert session.winner is Side.NORTH_SOUTH


def test_dutch_session_totals_are_signed():
    # 003: declarers +80 means defenders −80; going down gives minus points
    session = Session(rules=NBB, deals=2)
    session.record(Seat.NORTH, score(contract("1NT"), 7, NBB))  # NS +80, EW −80
    session.record(Seat.EAST, score(contract("4S"), 8, NBB))  # EW −100, NS +100
    assert session.totals == {Side.NORTH_SOUTH: 180, Side.EAST_WEST: -180}
    assert sum(session.totals.values()) == 0
    assert session.winner is Side.NORTH_SOUTH


def test_session_tie_has_no_winner():
    session = Session(rules=EBU, deals=2)
    session.record(Seat.NORTH, THREE_NT_NINE)
    session.record(Seat.EAST, THREE_NT_NINE)
    assert session.finished
    assert session.winner is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deals": 0}, "at least one deal, not 0"),  # RULES §6 Sessions: a fixed number of deals
        ({"target": 0}, "a number of deals or a target score above 0"),  # RULES §6 Sessions
    ],
)
def test_session_refuses_no_end(kwargs: dict[str, int | None], message: str):
    with pytest.raises(RuleError, match=message):
        Session(rules=EBU, **kwargs)


def test_session_targets_by_the_rules():
    # 001: 1000 points; RULES §6 targets: each deal won or lost, best of three
    assert Session(rules=EBU).target == 1000
    assert Session(rules=TARGETS).target == 2
    with pytest.raises(RuleError, match="has no score to reach: give a number of deals"):
        Session(rules=EBU.replace(scoring="tricks"))


def test_a_scored_deal_needs_its_declarer():
    with pytest.raises(RuleError, match="needs its declarer"):
        Session(rules=EBU, deals=1).record(None, THREE_NT_NINE)


def test_session_history_holds_dealer_and_score():
    session = Session(rules=EBU, deals=1)
    session.record(Seat.SOUTH, THREE_NT_NINE)
    ((dealer, result),) = session.history
    assert dealer is Seat.NORTH
    assert isinstance(result, Score)
    assert result is THREE_NT_NINE
