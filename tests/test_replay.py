"""Replaying a file's recorded plays (``minibridge.replay``): agreement with the Result tag, claims, contracts that
are no MiniBridge contract, games without a contract (MiniLessons One and Two), and where an error happened; a
board played up to any card, following its recorded play while the cards are the record's."""

from __future__ import annotations

from pathlib import Path

import pytest

from minibridge.board import Board, PlayRecord
from minibridge.cards import Seat, Side, Strain, Suit
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import IllegalPlayError, MiniBridgeError, RuleError
from minibridge.lessons import find_lesson
from minibridge.pbn import load, loads
from minibridge.play import Play
from minibridge.recorded import replay_record
from minibridge.replay import position, replay_boards, replay_game
from minibridge.rules import find_rules
from minibridge.scoring import score

# Every hand has a void: North clubs, East diamonds, South spades, West hearts. Each side holds 20.
VOIDS = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")
EBU = find_rules("ebu")


def lowest_cards_play(deal: Deal, trumps: Suit | None, declarer: Seat) -> tuple[PlayRecord, int]:
    """Every player plays their lowest legal card: the record and declarer's tricks."""
    play = Play(deal, trumps=trumps, declarer=declarer)
    order = []
    while not play.finished:
        card = min(play.legal_cards(), key=lambda c: (c.rank, c.suit))
        play.play(card)
        order.append(card)
    return PlayRecord.from_order(order, deal), play.declarer_tricks


def test_a_complete_play_agrees_with_its_result_and_is_scored_under_ebu_rules():
    record, tricks = lowest_cards_play(VOIDS, None, Seat.SOUTH)
    contract = Contract.from_str("1NT")
    board = Board(number=1, deal=VOIDS, declarer=Seat.SOUTH, contract=contract, play=record, result=tricks)
    game = replay_game(board, EBU)
    assert game is not None
    assert (game.declarer, game.side, game.tricks_played, game.complete) == (Seat.SOUTH, Side.NORTH_SOUTH, 13, True)
    assert (game.declarer_tricks, game.defender_tricks) == (tricks, 13 - tricks)
    assert (game.claimed, game.agrees, game.contract_text) == (None, True, "1NT")
    assert game.score == score(contract, tricks, EBU.with_slam(), points=20)


def test_a_complete_play_that_disagrees_with_its_result_says_so():
    record, tricks = lowest_cards_play(VOIDS, None, Seat.SOUTH)
    board = Board(number=1, deal=VOIDS, declarer=Seat.SOUTH, contract=Contract.from_str("1NT"), play=record)
    board.result = tricks + 1
    game = replay_game(board, EBU)
    assert game is not None and game.agrees is False and game.declarer_tricks == tricks


def test_a_claim_takes_the_rest_of_the_result():
    """West leads DA and declarer's side takes no trick in play; the Result of 1 says a trick was claimed."""
    text = '[Deal "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"]\n'
    text += '[Declarer "S"]\n[Contract "1NT"]\n[Result "1"]\n[Play "W"]\nDA D2 S2 D9\n*\n'
    game = replay_game(loads(text)[0], EBU)
    assert game is not None
    assert (game.tricks_played, game.complete, game.declarer_tricks, game.claimed, game.agrees) == (
        1,
        False,
        0,
        1,
        True,
    )
    assert game.score == score(Contract.from_str("1NT"), 1, EBU.with_slam(), points=20)


def test_a_claim_of_more_tricks_than_are_left_disagrees_and_is_not_scored():
    text = '[Deal "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"]\n'
    text += '[Declarer "S"]\n[Contract "1NT"]\n[Result "13"]\n[Play "W"]\nDA D2 S2 D9\n*\n'
    game = replay_game(loads(text)[0], EBU)
    assert game is not None
    assert (game.claimed, game.agrees, game.score) == (13, False, None)


def test_a_contract_that_is_no_minibridge_contract_is_played_in_its_strain_without_a_score():
    record, tricks = lowest_cards_play(VOIDS, Suit.SPADES, Seat.SOUTH)
    board = Board(number=1, deal=VOIDS, declarer=Seat.SOUTH, tags={"Contract": "2S"}, play=record, result=tricks)
    assert board.contract is None and board.strain is Strain.SPADES
    game = replay_game(board, EBU)
    assert game is not None
    assert game.play.trumps is Suit.SPADES
    assert (game.contract_text, game.declarer_tricks, game.agrees, game.score) == ("2S", tricks, True, None)


# A game of MiniLesson One: two cards each, no announcement, no contract; East leads.
LESSON_ONE = '[Board "1"]\n[Deal "N:AK... QJ... T9... 87..."]\n[Play "E"]\nSQ S9 S7 SA\nSK SJ ST S8\n*\n'


def test_a_game_without_a_contract_is_replayed_under_lesson_one_with_the_tricks_for_each_side():
    game = replay_game(loads(LESSON_ONE)[0], find_lesson(1).rules, by_lesson=True)
    assert game is not None
    assert (game.declarer, game.side, game.contract_text) == (None, Side.NORTH_SOUTH, None)
    assert (game.tricks_played, game.declarer_tricks, game.defender_tricks) == (2, 2, 0)
    assert (game.claimed, game.agrees, game.score) == (None, None, None)


def test_a_game_without_a_contract_is_skipped_with_the_reason_outside_the_lessons():
    replay = replay_boards(loads(LESSON_ONE), source="lesson.pbn")
    assert replay.games == []
    assert replay.skipped == [
        "lesson.pbn, board 1 (game 1, line 1): has a play but it has no contract "
        "(for a game of MiniLesson One or Two, add --lesson 1): not replayed"
    ]
    replay = replay_boards(loads(LESSON_ONE), rules=find_lesson(1).rules, by_lesson=True, source="lesson.pbn")
    assert [g.declarer_tricks for g in replay.games] == [2] and replay.skipped == []


def test_a_contract_that_cannot_be_read_is_skipped_with_the_reason():
    record, _ = lowest_cards_play(VOIDS, None, Seat.SOUTH)
    board = Board(number=4, deal=VOIDS, declarer=Seat.SOUTH, tags={"Contract": "Pass"}, play=record, line=30)
    replay = replay_boards([board], source="club.pbn")
    assert replay.skipped == [
        "club.pbn, board 4 (game 1, line 30): has a play but its contract 'Pass' is not one I can read: not replayed"
    ]


def test_an_error_names_the_file_the_board_the_game_and_its_line():
    """Game 2 (board 2) gives North the club ace that South holds; game 3 (board 3) is a short deal with a contract,
    which Lesson Three refuses. Games count from 1 (issue 13)."""
    text = (
        LESSON_ONE + '\n[Board "2"]\n[Deal "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"]\n'
    )
    text += '[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n[Play "W"]\nDA CA S2 D6\n*\n'
    text += '\n[Board "3"]\n[Deal "N:AK... QJ... T9... 87..."]\n[Declarer "S"]\n[Contract "1NT"]\n'
    text += '[Play "W"]\nS7 SA SJ S9\n*\n'
    boards = loads(text)
    assert [b.line for b in boards] == [1, 8, 17]
    with pytest.raises(IllegalPlayError) as caught:
        replay_boards(boards, source="class.pbn")
    assert str(caught.value) == "class.pbn, board 2 (game 2, line 8): trick 1: North plays CA but it was dealt to South"
    with pytest.raises(RuleError) as caught:
        replay_boards(boards, rules=find_lesson(3).rules, by_lesson=True, board_number=3, source="class.pbn")
    assert str(caught.value) == (
        "class.pbn, board 3 (game 3, line 17): "
        "MiniLesson Three is played with complete hands of 13 cards; this deal has 2 cards each"
    )


def test_only_the_board_asked_for_is_replayed():
    record, tricks = lowest_cards_play(VOIDS, None, Seat.SOUTH)
    boards = [
        Board(number=n, deal=VOIDS, declarer=Seat.SOUTH, contract=Contract.from_str("1NT"), play=record, result=tricks)
        for n in (1, 2, 1)
    ]
    replay = replay_boards(boards, board_number=1)
    assert [(g.number, g.board.number) for g in replay.games] == [(1, 1), (3, 1)]


def test_a_replay_needs_the_deal_and_its_play():
    from minibridge.errors import MiniBridgeError

    with pytest.raises(MiniBridgeError, match="a replay needs the deal and its recorded play"):
        replay_game(Board(number=1, deal=VOIDS), EBU)
    assert replay_boards([Board(number=1, deal=VOIDS), Board(number=2)]).games == []


# --- our own files (issue 14, PBN) ---------------------------------------------------------------------------

OWN = Path(__file__).parent / "data" / "pbn"


def test_a_result_the_players_agreed_is_scored_and_the_tricks_played_are_reported_beside_it():
    """[Result "^12"]: South took all thirteen tricks of 7NT in play, and the players agreed twelve."""
    board = load(OWN / "results.pbn")[9]
    game = replay_game(board, EBU)
    assert (game.agreed, game.board.result, game.declarer_tricks, game.agrees) == (True, 12, 13, False)
    assert game.score is not None  # the grand slam one trick short: the defenders score 50
    assert (game.score.declarers_score, game.score.defenders_score) == (0, 50)


def test_a_revoke_read_as_the_files_result_says_keeps_the_other_reading():
    done = replay_boards(load(OWN / "revoke.pbn"), source="revoke.pbn")
    assert [(g.declarer_tricks, g.agrees) for g in done.games] == [
        (13, True),
        (12, True),
        (13, None),
        (13, False),
        (13, True),
    ]
    assert [g.play.ambiguity is not None for g in done.games] == [True, True, True, False, False]


def test_a_game_with_a_play_but_only_part_of_its_deal_is_skipped_with_the_reason():
    done = replay_boards(load(OWN / "partial_deals.pbn"), source="partial.pbn")
    assert done.games == []
    assert done.skipped == [
        "partial.pbn, board 5 (game 5, line 21): has a play but only part of its deal is known: not replayed"
    ]


# --- a board played up to any card ---------------------------------------------------------------------------


def test_a_position_follows_the_recorded_play_through_a_revoke_and_moves_its_trick_at_the_end():
    lesson = find_lesson(4)
    board = lesson.board(6)  # East revokes at trick 4; the revoke is established, and costs East–West a trick
    order = board.play.order
    before_the_end = position(board, lesson.rules, cards=order[:48])
    assert before_the_end.record == order and before_the_end.next_recorded() == order[48]
    assert [i.kind for i in before_the_end.play.irregularities] == ["revoke"]
    as_they_fell = before_the_end.tricks_won
    assert sum(as_they_fell.values()) == 12
    assert as_they_fell == {
        side: sum(trick.winner.side is side for trick in before_the_end.play.tricks) for side in Side
    }
    at_the_end = position(board, lesson.rules, cards=order)
    recorded = replay_record(board)
    assert at_the_end.play.finished and at_the_end.next_recorded() is None
    assert at_the_end.tricks_won == {side: recorded.tricks_won(side) for side in Side}
    fell = {side: sum(trick.winner.side is side for trick in at_the_end.play.tricks) for side in Side}
    assert at_the_end.tricks_won[Side.NORTH_SOUTH] == fell[Side.NORTH_SOUTH] + 1  # Law 21: the trick moved


def test_a_position_accepts_the_records_lead_out_of_turn_and_is_strict_once_the_record_is_left():
    lesson = find_lesson(5)
    board = lesson.board(6)  # South leads out of turn, and declarer accepts the lead
    order = board.play.order
    followed = position(board, lesson.rules, cards=order[:4])
    assert [i.kind for i in followed.play.irregularities] == ["lead out of turn"]
    assert followed.played == 4 and followed.record == order
    left = followed.play.legal_cards()
    other = next(card for card in left if card != order[4])
    away = position(board, lesson.rules, cards=(*order[:4], other))
    assert away.played == 5 and away.record == () and away.next_recorded() is None
    held = away.play.hand(away.play.to_play)
    wrong = next(card for seat in Seat for card in board.deal[seat] if card not in held and card not in order[:5])
    with pytest.raises(MiniBridgeError, match=rf"^card 6, {wrong.shown}: .*does not hold"):
        position(board, lesson.rules, cards=(*order[:4], other, wrong))


def test_a_position_takes_declarer_and_the_contract_when_the_game_asks_for_them():
    lesson = find_lesson(5)
    unplayed = lesson.board(7)  # no recorded play: declarer is the announcement's, the contract is to choose
    waiting = position(unplayed, lesson.rules)
    assert (waiting.game.stage, waiting.play, waiting.tricks_won) == ("contract", None, dict.fromkeys(Side, 0))
    with pytest.raises(MiniBridgeError, match="choose declarer and the contract before playing a card"):
        position(unplayed, lesson.rules, cards=[min(unplayed.deal[Seat.WEST])])
    with pytest.raises(MiniBridgeError):
        position(unplayed, lesson.rules, contract="7Z")
    chosen = position(unplayed, lesson.rules, contract="3NT")
    assert (str(chosen.game.contract), chosen.game.stage, chosen.record) == ("3NT", "play", ())
    recorded = lesson.board(1)
    assert position(recorded, lesson.rules).record == recorded.play.order  # the board's own contract: followed
    assert str(recorded.contract) == "4S"
    assert position(recorded, lesson.rules, contract="3NT").record == ()  # another contract: played afresh
    one = find_lesson(1)  # no announcement, no contract: a declarer or contract given is not asked for
    plain = position(one.board(1), one.rules, declarer="Q", contract="7Z")
    assert (plain.game.stage, plain.game.declarer, plain.record) == ("play", None, one.board(1).play.order)
