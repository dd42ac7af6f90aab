"""Trick play, the Laws' irregularities (RULES §4–5, seed 000 Laws 11–23) and replay of records."""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from minibridge.board import Board, PlayRecord
from minibridge.cards import Card, Seat, Side, Strain, Suit
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.errors import IllegalPlayError
from minibridge.pbn import load, loads
from minibridge.play import Play
from minibridge.recorded import replay_record

# Every hand has a void: North clubs, East diamonds, South spades, West hearts.
VOIDS = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")


def cards(text: str) -> list[Card]:
    return [Card.from_str(c) for c in text.split()]


def row(north: str, east: str, south: str, west: str) -> tuple[Card | None, ...]:
    return tuple(None if c == "-" else Card.from_str(c) for c in (north, east, south, west))


def replayed(
    deal: Deal, rows: list, *, trumps: Suit | None, declarer: Seat | None = None, leader: Seat | None = None
) -> Play:
    """``replay_record`` of a board with tricks by seat (a PBN record) played in ``trumps``."""
    strain = Strain.NO_TRUMPS if trumps is None else Strain(int(trumps))
    first = leader if leader is not None else declarer.lho if declarer is not None else Seat.NORTH
    record = PlayRecord(leader=first, tricks=tuple(tuple(r) for r in rows))
    contract = Contract(1, strain) if declarer is not None else None
    dealer = None if declarer is not None else first.rho
    return replay_record(Board(deal=deal, dealer=dealer, declarer=declarer, contract=contract, play=record))


def random_play(deal: Deal, rng: random.Random, trumps: Suit | None, declarer: Seat) -> Play:
    play = Play(deal, trumps=trumps, declarer=declarer)
    while not play.finished:
        play.play(rng.choice(play.legal_cards()))
    return play


# --- normal play -------------------------------------------------------------------------------------------


def test_left_of_declarer_leads_and_must_follow_suit():
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH)
    assert play.to_play is Seat.WEST
    play.play("DA")
    assert play.to_play is Seat.NORTH
    assert [str(c) for c in play.legal_cards()] == ["D5", "D4", "D3", "D2"]
    with pytest.raises(IllegalPlayError, match="North must follow suit: diamonds were led"):
        play.play("SA")
    play.play("D2")
    # East has no diamonds: any card is legal.
    assert len(play.legal_cards()) == 13


def test_a_card_not_held_and_playing_out_of_turn_are_refused():
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH)
    with pytest.raises(IllegalPlayError, match="West does not hold SA"):
        play.play("SA")
    with pytest.raises(IllegalPlayError, match="West's lead, not East's"):
        play.play("HA", Seat.EAST)


def test_declarer_plays_dummy_and_dummy_leads_after_winning():
    play = Play(VOIDS, trumps=None, declarer=Seat.NORTH)
    play.play("C5")  # East leads
    play.play("CA", Seat.SOUTH)  # declarer plays dummy's ace
    play.play("C9")
    trick = play.play("D2", Seat.NORTH)
    assert trick is not None and trick.winner is Seat.SOUTH
    assert play.to_play is Seat.SOUTH  # a trick won in dummy is led from dummy


def test_thirteen_tricks_then_the_play_is_over():
    play = random_play(VOIDS, random.Random(3), Suit.HEARTS, Seat.EAST)
    assert play.finished and play.to_play is None and len(play.tricks) == 13
    assert play.tricks_won(Side.NORTH_SOUTH) + play.tricks_won(Side.EAST_WEST) == 13
    with pytest.raises(IllegalPlayError, match="the play is over"):
        play.play("SA")


def test_short_deals_have_as_many_tricks_as_cards_without_a_declarer():
    deal = Deal.random(random.Random(8), cards_per_hand=5)
    play = Play(deal, leader=Seat.EAST)
    rng = random.Random(1)
    while not play.finished:
        play.play(rng.choice(play.legal_cards()))
    assert len(play.tricks) == 5
    assert play.tricks_won(Side.NORTH_SOUTH) + play.tricks_won(Side.EAST_WEST) == 5
    with pytest.raises(IllegalPlayError, match="no declarer"):
        _ = play.declarer_tricks


def test_undo_takes_back_the_last_card():
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH)
    play.play("DA")
    play.play("D2")
    play.undo()
    assert play.to_play is Seat.NORTH and play.current_trick == {Seat.WEST: Card.from_str("DA")}


# --- Law 19: lead out of turn ----------------------------------------------------------------------------


def test_lead_out_of_turn_accepted_by_an_opponent():
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH, strict=False)
    play.play("HA", Seat.EAST)  # West should lead
    assert play.pending_lead == (Seat.EAST, Card.from_str("HA"))
    with pytest.raises(IllegalPlayError, match="only an opponent of East"):
        play.accept_lead(Seat.WEST)
    play.accept_lead(Seat.SOUTH)
    assert play.to_play is Seat.SOUTH
    assert [i.kind for i in play.irregularities] == ["lead out of turn"]
    assert "accepted by South" in play.irregularities[0].settled_in_english


def test_dummy_may_not_accept_a_lead_out_of_turn():
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH, strict=False)
    play.play("HA", Seat.EAST)
    with pytest.raises(IllegalPlayError, match="North is dummy"):
        play.accept_lead(Seat.NORTH)


def test_the_next_opponent_playing_a_card_accepts_the_lead():
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH, strict=False)
    play.play("HA", Seat.EAST)
    play.play("H2", Seat.SOUTH)
    assert play.current_trick == {Seat.EAST: Card.from_str("HA"), Seat.SOUTH: Card.from_str("H2")}
    assert "next player" in play.irregularities[0].settled_in_english


def test_lead_out_of_turn_put_back_and_the_right_player_leads():
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH, strict=False)
    play.play("HA", Seat.EAST)
    play.put_back_lead()
    assert Card.from_str("HA") in play.hand(Seat.EAST)
    assert play.to_play is Seat.WEST and play.pending_lead is None
    assert play.irregularities[0].settled_in_english.startswith("card put back")


# --- Laws 20 and 21: revokes -----------------------------------------------------------------------------


def _revoke_in_first_trick(trumps: Suit | None) -> Play:
    play = Play(VOIDS, trumps=trumps, declarer=Seat.SOUTH, strict=False)
    for card in ("DA", "D2", "S2", "CA"):  # West leads diamonds; South, holding diamonds, plays a club
        play.play(card)
    return play


def test_unestablished_revoke_is_corrected():
    play = _revoke_in_first_trick(None)
    assert play.open_revoke == (Seat.SOUTH, Card.from_str("CA"))
    play.correct_revoke()
    assert play.to_play is Seat.SOUTH and not play.tricks
    assert [str(c) for c in play.legal_cards()] == ["D9", "D8", "D7", "D6"]
    assert play.irregularities[-1].settled_in_english.startswith("corrected")


def test_revoke_is_established_when_offender_or_partner_plays_to_the_next_trick():
    play = _revoke_in_first_trick(Suit.CLUBS)  # South's club is a trump and wins the trick
    assert play.tricks[0].winner is Seat.SOUTH
    play.play("CK")  # South (the offender) leads to the next trick: the revoke is established
    assert play.open_revoke is None
    with pytest.raises(IllegalPlayError, match="no revoke to correct"):
        play.correct_revoke()
    rng = random.Random(4)
    while not play.finished:
        play.play(rng.choice(play.legal_cards()))
    raw_ns = sum(1 for t in play.tricks if t.winner.side is Side.NORTH_SOUTH)
    assert raw_ns == 6
    assert play.tricks_won(Side.NORTH_SOUTH) == raw_ns - 1  # one trick transferred (Law 21)
    assert play.tricks_won(Side.EAST_WEST) == 13 - raw_ns + 1


def test_card_played_out_of_rotation_stands():
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH, strict=False)
    play.play("DA")  # West leads
    play.play("D9", Seat.SOUTH)  # before North
    assert play.to_play is Seat.NORTH
    assert play.irregularities[0].kind == "card out of rotation"


# --- Law 14: claims --------------------------------------------------------------------------------------


def test_agreed_claim_ends_the_play():
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH)
    for card in ("DA", "D2", "S2", "D6"):
        play.play(card)
    play.claim(Seat.SOUTH, 8)
    assert play.finished
    assert play.declarer_tricks == 8 and play.tricks_won(Side.EAST_WEST) == 5


def test_disputed_claim_lets_play_go_on_and_claims_are_checked():
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH)
    play.claim(Seat.SOUTH, 13, agreed=False)
    assert not play.finished and play.to_play is Seat.WEST
    with pytest.raises(IllegalPlayError, match="0 to 13"):
        play.claim(Seat.SOUTH, 14)
    play.play("DA")
    with pytest.raises(IllegalPlayError, match="finish the trick"):
        play.claim(Seat.SOUTH, 3)


def test_dummy_may_not_claim_but_declarer_and_the_defenders_may():
    # 000 Law 8: dummy takes no part in the play; Law 14: a player claims, and only the other side (not dummy)
    # may disagree. North is dummy here.
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH)
    with pytest.raises(IllegalPlayError, match=r"North is dummy and may not claim \(Laws 8 and 14\)"):
        play.claim(Seat.NORTH, 13)
    assert not play.finished and not play.claimed  # refused: nothing changed
    play.claim(Seat.EAST, 0, agreed=False)  # a defender may claim
    play.claim(Seat.SOUTH, 13)
    assert play.declarer_tricks == 13


# --- replay of a record ----------------------------------------------------------------------------------


def test_replay_of_a_record_with_an_established_revoke():
    # Clubs are trumps. West leads a diamond and South, holding diamonds, ruffs; South then leads to trick 2.
    record = [row("D2", "S2", "CA", "DA"), row("D3", "C2", "CK", "C6")]
    done = replayed(VOIDS, record, trumps=Suit.CLUBS, declarer=Seat.SOUTH)
    assert [(i.kind, i.trick, i.seat, i.transferred) for i in done.irregularities] == [("revoke", 1, Seat.SOUTH, 1)]
    assert len(done.tricks) == 2 and not done.finished
    assert done.declarer_tricks == 1 and done.tricks_won(Side.EAST_WEST) == 1  # South won both; one went back


def test_replay_of_a_revoke_in_the_last_recorded_trick_is_not_established():
    record = [row("D2", "S2", "CA", "DA")]
    (irregularity,) = replayed(VOIDS, record, trumps=Suit.CLUBS, declarer=Seat.SOUTH).irregularities
    assert irregularity.kind == "revoke" and irregularity.transferred == 0
    assert "not established" in irregularity.settled_in_english


def test_replay_recognises_an_accepted_lead_out_of_turn():
    record = [row("D2", "S2", "D6", "DA"), row("H6", "HA", "H2", "S9")]  # West won trick 1, but East led trick 2
    done = replayed(VOIDS, record, trumps=None, declarer=Seat.SOUTH)
    (irregularity,) = done.irregularities
    assert (irregularity.kind, irregularity.trick) == ("lead out of turn", 2)
    # North, East and South all played hearts: any of them may have led, and East won the trick either way.
    assert "led by North, East or South: the record does not show which" in irregularity.settled_in_english
    assert done.tricks[1].winner is Seat.EAST


def test_replay_reports_an_opening_lead_from_the_wrong_seat():
    record = [row("H6", "HA", "H2", "S9")]
    done = replayed(VOIDS, record, trumps=None, declarer=Seat.SOUTH, leader=Seat.EAST)
    assert [(i.kind, i.trick, i.seat) for i in done.irregularities] == [("lead out of turn", 1, Seat.EAST)]


def test_replay_refuses_a_card_its_player_does_not_hold():
    with pytest.raises(IllegalPlayError, match="trick 1: North plays CA but it was dealt to South"):
        replayed(VOIDS, [row("CA", "S2", "D6", "DA")], trumps=None, declarer=Seat.SOUTH)
    with pytest.raises(IllegalPlayError, match="trick 2: North plays D2 but North has already played it"):
        replayed(VOIDS, [row("D2", "S2", "D6", "DA"), row("D2", "S3", "D7", "DK")], trumps=None, declarer=Seat.SOUTH)


def test_replay_stops_at_a_claim():
    record = [row("D2", "S2", "D6", "DA"), row("D3", "-", "-", "DK"), row("-", "-", "-", "-")]
    done = replayed(VOIDS, record, trumps=None, declarer=Seat.SOUTH)
    assert len(done.tricks) == 1 and not done.finished


# --- the state door: a replay builds a record's state and puts it in place ----------------------------------


def test_the_state_read_is_a_copy_that_changes_nothing_in_the_play():
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH)
    play.play("DA")
    state = play.state
    state.hands[Seat.NORTH] = 0
    state.current.clear()
    state.leader = Seat.NORTH
    assert play.current_trick == {Seat.WEST: Card.from_str("DA")} and len(play.hand(Seat.NORTH)) == 13
    assert play.to_play is Seat.NORTH and play.leader is Seat.WEST


def test_a_state_put_in_place_is_one_step_that_undo_takes_back():
    elsewhere = Play(VOIDS, trumps=None, declarer=Seat.SOUTH)
    for card in ("DA", "D2", "S2", "D6"):
        elsewhere.play(card)
    play = Play(VOIDS, trumps=None, declarer=Seat.SOUTH)
    play.play("DA")
    play.put_state(elsewhere.state)
    assert [t.winner for t in play.tricks] == [Seat.WEST] and play.to_play is Seat.WEST and not play.current_trick
    play.undo()
    assert not play.tricks and play.current_trick == {Seat.WEST: Card.from_str("DA")}
    play.undo()
    with pytest.raises(IllegalPlayError, match="nothing has been played yet"):
        play.undo()


def test_a_record_that_ends_gives_the_established_revokes_tricks_at_once_and_a_claim_clears_it():
    play = _revoke_in_first_trick(Suit.CLUBS)  # South ruffs a diamond holding diamonds, and wins the trick
    play.play("CK")  # South leads to trick 2: the revoke is established
    for _ in range(3):
        play.play(play.legal_cards()[0])  # South's king of trumps wins it
    raw = play.tricks_won(Side.NORTH_SOUTH)
    assert not play.finished and raw == 2
    play.end_record()
    assert (play.tricks_won(Side.NORTH_SOUTH), play.tricks_won(Side.EAST_WEST)) == (raw - 1, 1)
    play.claim(Seat.SOUTH, 11)
    assert play.finished and play.declarer_tricks == 13 - 1  # the transfer is counted once, at the end
    play.undo()
    assert play.tricks_won(Side.NORTH_SOUTH) == raw - 1  # the mark stands again with the claim taken back


def test_one_undo_takes_back_a_record_of_tricks_replayed_whichever_reading_it_was_read_in():
    for board in load(OWN / "revoke.pbn"):  # records that fit two readings, and records marked to fit one
        play = replay_record(board)
        assert play.tricks
        play.undo()
        assert not play.tricks and play.to_play is play.opening_leader and not play.irregularities
        with pytest.raises(IllegalPlayError, match="nothing has been played yet"):
            play.undo()


def test_a_claim_taken_back_leaves_a_record_read_two_ways_as_it_was_before_the_claim():
    # East's heart in trick 2 reads as a lead out of turn (North, East or South led) or as West's spade lead that
    # North and East did not follow: declarer claims six of the last eleven tricks.
    record = PlayRecord(leader=Seat.WEST, tricks=(row("D2", "S2", "D6", "DA"), row("H6", "HA", "H2", "S9")), claim=6)
    board = Board(deal=VOIDS, declarer=Seat.SOUTH, contract=Contract(1, Strain.NO_TRUMPS), play=record, result=6)
    play = replay_record(board)
    assert play.ambiguity is not None and play.finished and play.declarer_tricks == 6
    play.undo()
    assert not play.finished and len(play.tricks) == 2 and not play.state.record_ends


def test_play_never_imports_the_replay_of_records():
    source = Path(__file__).parents[1] / "minibridge" / "play.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert "minibridge.trick" in imported and not imported & {"minibridge.recorded", "minibridge.replay", None}
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert not names & {"recorded", "replay"}  # nor as ``from minibridge import recorded``


# --- properties over random deals ------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), trumps=st.sampled_from([None, *Suit]), declarer=st.sampled_from(list(Seat)))
def test_a_legal_random_play_replays_without_irregularities(seed: int, trumps: Suit | None, declarer: Seat):
    rng = random.Random(seed)
    deal = Deal.random(rng)
    play = random_play(deal, rng, trumps, declarer)
    assert play.tricks_won(Side.NORTH_SOUTH) + play.tricks_won(Side.EAST_WEST) == 13
    assert not play.irregularities
    done = replayed(deal, [t.cards for t in play.tricks], trumps=trumps, declarer=declarer)
    assert done.irregularities == [] and done.finished
    assert done.declarer_tricks == play.declarer_tricks
    assert done.declarer_tricks + done.tricks_won(declarer.side.other) == 13
    assert [t.winner for t in done.tricks] == [t.winner for t in play.tricks]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(1, 13))
def test_short_deals_replay_to_as_many_tricks_as_cards(seed: int, size: int):
    rng = random.Random(seed)
    deal = Deal.random(rng, cards_per_hand=size)
    play = Play(deal, leader=Seat.EAST)
    while not play.finished:
        play.play(rng.choice(play.legal_cards()))
    done = replayed(deal, [t.cards for t in play.tricks], trumps=None, leader=Seat.EAST)
    assert done.tricks_won(Side.NORTH_SOUTH) + done.tricks_won(Side.EAST_WEST) == size and done.finished


# --- records of tricks by seat that fit several readings; marks; who led (issue 14, PBN) ---------------------

OWN = Path(__file__).parent / "data" / "pbn"


def _kinds(play: Play) -> list[tuple[str, int, Seat, str]]:
    return [(i.kind, i.trick, i.seat, str(i.card)) for i in play.irregularities]


def test_a_revoke_that_also_reads_as_a_lead_out_of_turn_is_read_as_the_result_says():
    """East discards a heart on North's spade holding a spade; nobody else has a heart left. Read as a revoke,
    declarer takes all thirteen (Law 21's transfer has nothing to take); as East's lead out of turn, twelve."""
    with_13, with_12, without, marked, marked_on_card = (replay_record(b) for b in load(OWN / "revoke.pbn"))
    assert _kinds(with_13) == [("revoke", 12, Seat.EAST, "H2")] and with_13.declarer_tricks == 13
    assert with_13.irregularities[0].transferred == 1
    assert _kinds(with_12) == [("lead out of turn", 12, Seat.EAST, "H2")] and with_12.declarer_tricks == 12
    for play, other, tricks in ((with_13, "lead out of turn", 12), (with_12, "revoke", 13)):
        assert play.ambiguity is not None and play.ambiguity.reason.startswith("it agrees with the file's result")
        (reading,) = play.ambiguity.others
        assert [i.kind for i in reading.irregularities] == [other] and reading.won[Side.NORTH_SOUTH] == tricks
    # no result to guide the reading: the player whose turn it was led, and the card that did not follow revoked
    assert _kinds(without) == _kinds(with_13) and without.declarer_tricks == 13
    assert without.ambiguity is not None
    assert without.ambiguity.reason.startswith("nothing in the file tells the readings apart (a Result tag would)")
    assert without.ambiguity.reason.endswith("the card marked ^R or ^L settles it")
    text = (OWN / "revoke.pbn").read_text(encoding="ascii")
    neither = replay_record(loads(text.replace('[Result "13"]', '[Result "11"]', 1))[0])
    assert _kinds(neither) == _kinds(with_13) and neither.ambiguity is not None
    assert neither.ambiguity.reason.startswith("the file's result, 11, fits neither reading, so the player whose turn")
    # marked ^R, the revoke stands whatever the result (12 there) says
    for play in (marked, marked_on_card):
        assert _kinds(play) == _kinds(with_13) and play.declarer_tricks == 13 and play.ambiguity is None


def test_a_lead_out_of_turn_that_every_player_follows_is_found_from_who_ought_to_have_led():
    """MiniLesson Five, Board 6: North ought to lead (West declares) but South leads, and every player follows."""
    games = load(OWN / "lead_out_of_turn.pbn")
    for board in games[:3]:  # tricks in the order played, by seat from South, by seat from North with ^L
        play = replay_record(board)
        assert _kinds(play) == [("lead out of turn", 1, Seat.SOUTH, "HJ")], board.line
        assert play.tricks[0].leader is Seat.SOUTH and play.declarer_tricks == 11 and play.ambiguity is None
    marked, unmarked = (replay_record(board) for board in games[3:])
    assert _kinds(marked) == [("lead out of turn", 5, Seat.SOUTH, "C9")] and marked.tricks[4].leader is Seat.SOUTH
    assert unmarked.irregularities == [] and unmarked.tricks[4].leader is Seat.NORTH  # nothing shows it
    assert marked.declarer_tricks == unmarked.declarer_tricks == 13


def test_the_lesson_board_written_as_pbn_shows_its_lead_out_of_turn():
    from minibridge.lessons import find_lesson
    from minibridge.pbn import dumps

    board = find_lesson(5).board(6)
    for written in (board, dataclasses.replace(board, play=replay_record(board).record())):
        again = loads(dumps([written]))[0]
        assert _kinds(replay_record(again)) == [("lead out of turn", 1, Seat.SOUTH, "HJ")]
    assert "HJ ^L" in dumps([dataclasses.replace(board, play=replay_record(board).record())])


@pytest.mark.parametrize(
    ("last_tricks", "message"),
    [
        ("SJ SA S2 SQ ^R\nCA SK H2 DA", "trick 12: South's SQ is marked ^R (a revoke), but it follows suit"),
        ("SJ SA S2 SQ\nCA ^R SK H2 DA", "trick 13: West's CA is marked ^R (a revoke), but West had no spades left"),
        ("SJ SA ^L S2 SQ\nCA SK H2 DA", "trick 12: North's SA is marked ^L (led out of turn), but it was North's lead"),
    ],
)
def test_a_mark_the_play_contradicts_is_refused(last_tricks: str, message: str):
    text = (OWN / "lead_out_of_turn.pbn").read_text(encoding="ascii")
    grand_slam = text[text.index('[Board "1"]') :]  # game 4: South leads out of turn to trick 5, marked
    board = loads(grand_slam.replace("SJ SA S2 SQ\nCA SK H2 DA", last_tricks, 1))[0]
    with pytest.raises(IllegalPlayError, match=re.escape(message)):
        replay_record(board)


def _irregular_play(deal: Deal, rng: random.Random, trumps: Suit | None, declarer: Seat) -> Play:
    """A play where now and then a player leads out of turn (the next player accepts) or plays any card (a revoke
    when it does not follow suit and could)."""
    play = Play(deal, trumps=trumps, declarer=declarer, strict=False)
    while not play.finished:
        seat = play.to_play
        assert seat is not None
        if not play.current_trick and rng.random() < 0.15:
            offender = rng.choice([s for s in Seat if s is not seat])
            play.play(rng.choice(play.hand(offender)), offender)
            seat = offender.lho  # the next player plays to the lead, which accepts it
        cards = play.hand(seat) if rng.random() < 0.15 else play.legal_cards(seat)
        play.play(rng.choice(cards), seat)
    return play


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), trumps=st.sampled_from([None, *Suit]), declarer=st.sampled_from(list(Seat)))
@example(seed=1060, trumps=Suit.CLUBS, declarer=Seat.EAST)  # both sides revoke in trick 10: the transfers at once
@example(seed=1136, trumps=None, declarer=Seat.NORTH)
def test_a_play_with_irregularities_written_as_pbn_replays_to_the_same_tricks(seed, trumps, declarer):
    """Play.record() marks the revokes that stood and the leads out of turn accepted; written to PBN and read
    back, the record replays to the same tricks, leaders, winners and irregularities as the play itself."""
    from minibridge.pbn import dumps

    rng = random.Random(seed)
    deal = Deal.random(rng)
    play = _irregular_play(deal, rng, trumps, declarer)
    strain = Strain.NO_TRUMPS if trumps is None else Strain(int(trumps))
    board = Board(number=1, deal=deal, declarer=declarer, contract=Contract(1, strain), play=play.record())
    done = replay_record(loads(dumps([board]))[0])
    assert [(t.leader, t.cards, t.winner) for t in done.tricks] == [(t.leader, t.cards, t.winner) for t in play.tricks]

    def found(p: Play) -> list[tuple]:
        return sorted((i.trick, i.kind, i.seat, str(i.card), i.transferred) for i in p.irregularities)

    assert found(done) == found(play) and done.ambiguity is None
    assert [done.tricks_won(side) for side in Side] == [play.tricks_won(side) for side in Side]
