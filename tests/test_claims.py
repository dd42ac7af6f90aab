"""A claim holds exactly when the claiming side takes every trick left whatever the other side plays: checked
against a search of every way the last tricks can be played, over random deals played at random to their last
two tricks; a claim that holds, played out, gives the claimer every trick left."""

from __future__ import annotations

import random

import pytest

from minibridge.cards import Card, Seat, Side
from minibridge.deal import Deal
from minibridge.play import Play
from minibridge.table.claims import claim_holds, claimed_card


def _played(deal: Deal, cards: list[Card]) -> Play:
    """The deal played in no-trumps from West's lead up to ``cards``."""
    play = Play(deal, leader=Seat.WEST)
    for card in cards:
        play.play(card)
    return play


def _takes_every_trick(deal: Deal, cards: list[Card], side: Side) -> bool:
    """Whether ``side`` can make sure of every trick left, every card of every hand tried in turn."""
    play = _played(deal, cards)
    seat = play.to_play
    if seat is None:
        return True
    results = []
    for card in play.legal_cards(seat):
        branch = _played(deal, [*cards, card])
        finished = len(branch.tricks) > len(play.tricks)
        lost = finished and branch.tricks[-1].winner.side is not side
        results.append(not lost and _takes_every_trick(deal, [*cards, card], side))
    return any(results) if seat.side is side else all(results)


@pytest.mark.parametrize("seed", range(12))
def test_a_claim_holds_exactly_when_no_defence_can_stop_it(seed: int):
    rng = random.Random(seed)
    deal = Deal.random(rng)
    cards: list[Card] = []
    play = _played(deal, cards)
    while len(play.tricks) < 11 or (seed % 2 and len(play.current_trick) < 1 + seed % 3):
        card = rng.choice(play.legal_cards())
        cards.append(card)
        play.play(card)
    for side in Side:
        holds = claim_holds(play, side)
        assert holds == _takes_every_trick(deal, cards, side), (seed, side)
        if holds:
            finished = _played(deal, cards)
            while finished.to_play is not None:
                finished.play(claimed_card(finished, side))
            assert finished.tricks_won(side) - play.tricks_won(side) == play.total_tricks - len(play.tricks)
