"""The computer players: layouts that agree with what a player knows, legal and reproducible play, contracts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.announce import announce
from minibridge.board import Board
from minibridge.cards import Card, Seat, Strain, Suit
from minibridge.contract import Contract
from minibridge.deal import Deal, Hand
from minibridge.knowledge import Knowledge
from minibridge.lessons import find_lesson
from minibridge.play import Play
from minibridge.robot import Robot, _deal_layouts
from minibridge.rules import allowed_contracts, find_rules
from minibridge.table import play_by_computers

DEAL = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")


def _dealt(seed: int) -> tuple[Deal, Seat]:
    """A deal that is not a redeal, dealt from a seed."""
    rng = random.Random(seed)
    while True:
        deal = Deal.random(rng)
        if not announce(deal, Seat.NORTH).redeal:
            return deal, Seat.NORTH


def test_layouts_keep_the_cards_seen_the_voids_and_the_points_announced():
    rng = random.Random(4)
    known = {Seat.SOUTH: DEAL[Seat.SOUTH].mask, Seat.NORTH: DEAL[Seat.NORTH].mask}
    pool = ((1 << 52) - 1) & ~(known[Seat.SOUTH] | known[Seat.NORTH])
    unseen = [Seat.EAST, Seat.WEST]
    west_void_in_hearts = 1 << Suit.HEARTS
    layouts = _deal_layouts(
        known, unseen, {Seat.EAST: 13, Seat.WEST: 13}, {Seat.WEST: west_void_in_hearts},
        {Seat.EAST: 11, Seat.WEST: 1}, pool, 12, rng,
    )  # fmt: skip
    assert len(layouts) == 12
    for layout in layouts:
        east, west = Hand(layout.hands[Seat.EAST]), Hand(layout.hands[Seat.WEST])
        assert len(east) == len(west) == 13
        assert east.hcp == 11 and west.hcp == 1
        assert west.length(Suit.HEARTS) == 0
        assert layout.hands[Seat.SOUTH] == known[Seat.SOUTH] and layout.hands[Seat.NORTH] == known[Seat.NORTH]
        assert east.mask | west.mask == pool and not east.mask & west.mask
    assert len({tuple(layout.hands) for layout in layouts}) > 1


def test_the_computer_takes_the_obvious_tricks():
    # Three cards each in no-trumps: West on lead holds the three top spades and must cash them.
    deal = Deal.from_pbn("N:.432.. AKQ... ...432 .765..")
    play = Play(deal, trumps=None, declarer=Seat.NORTH, leader=Seat.EAST)
    table = Knowledge.of(find_rules("ebu"), declarer=None, hcp=None)
    robot = Robot(find_rules("ebu"), samples=2)
    while not play.finished:
        play.play(robot.choose_card(play, table))
    assert play.tricks_won(Seat.EAST.side) == 3


@pytest.mark.parametrize(
    ("rules", "check"),
    [
        (find_lesson(3).rules, lambda c: c.level == 1 and c.strain is Strain.NO_TRUMPS),
        (find_lesson(4).rules, lambda c: c.level == 1),
        (find_rules("ebu"), lambda c: True),
    ],
)
def test_the_computer_declarer_chooses_a_contract_the_rules_allow(rules, check):
    deal, dealer = _dealt(8)
    declarer = announce(deal, dealer).declarer
    assert declarer is not None
    chosen = Robot(rules, samples=2).choose_contract(deal, declarer, {s: deal.hcp(s) for s in Seat})
    assert chosen in allowed_contracts(rules, deal, declarer) and check(chosen)


def test_dutch_rules_allow_a_trump_suit_only_with_eight_cards_together():
    allowed = allowed_contracts(find_rules("nbb"), DEAL, Seat.NORTH)
    assert allowed == [Contract.from_str("1NT"), Contract.from_str("3NT")]  # no suit of eight; 27 points together
    assert Contract.from_str("1S") in allowed_contracts(find_rules("ebu"), DEAL, Seat.NORTH)


def test_defenders_in_lesson_six_lead_the_top_of_touching_cards():
    rules = find_lesson(6).rules
    checked = 0
    for seed in (1, 2):
        deal, dealer = _dealt(seed)
        game = play_by_computers(rules, Board(number=1, dealer=dealer, deal=deal), Robot(rules, samples=2, seed=seed))
        assert game.stage == "over" and game.declarer is not None and game.play is not None
        defenders = (game.declarer.lho, game.declarer.rho)
        held = {seat: set(deal[seat]) for seat in Seat}
        for trick in game.play.tricks:
            led = trick.led
            if trick.leader in defenders and led.rank < 14:
                above = Card(led.suit, led.rank + 1)  # type: ignore[arg-type]
                assert above not in held[trick.leader], f"{trick.leader} led {led} holding {above}"
                checked += 1
            for seat, card in trick.in_order():
                held[seat].discard(card)
    assert checked == 7  # the defenders' leads below an ace in the two deals


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), cards=st.integers(0, 50), signals=st.booleans())
def test_every_layout_agrees_with_what_the_player_to_play_has_seen(seed: int, cards: int, signals: bool):
    rng = random.Random(seed)
    deal = Deal.random(rng)
    declarer = Seat(rng.randrange(4))
    rules = find_lesson(6).rules if signals else find_rules("ebu")
    play = Play(deal, trumps=rng.choice([None, *Suit]), declarer=declarer)
    for _ in range(cards):
        play.play(rng.choice(play.legal_cards()))
    seat = play.to_play
    assert seat is not None
    table = Knowledge.of(rules, declarer=declarer, hcp={s: deal.hcp(s) for s in Seat})
    viewer = declarer if seat is declarer.partner else seat
    played = {s: set(deal[s]) - set(play.hand(s)) for s in Seat}
    shown_out = {
        s: {t.cards[t.leader].suit for t in play.tricks if t.cards[s].suit is not t.cards[t.leader].suit} for s in Seat
    }
    for layout in Robot(rules, samples=4, seed=seed).layouts(play, table):
        assert layout.weight > 0
        for s in Seat:
            hand = Hand(layout.hands[s])
            if s in (viewer, declarer.partner):
                assert set(hand) == set(play.hand(s))  # what the player sees is as it is
            assert len(hand) == len(play.hand(s))
            assert not set(hand) & set().union(*played.values())
            assert hand.hcp + sum(c.hcp for c in played[s]) == deal.hcp(s)  # the points announced
            assert not any(hand.length(suit) for suit in shown_out[s])
