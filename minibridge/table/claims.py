"""A claim: "the rest of the tricks are mine". It holds when no defence can stop it, double dummy: the claiming
side takes every trick still to play (the trick under way included) whatever the other side plays. A claim that
holds is played out as the claimer would play it (each card the double-dummy best) against the other side's
lowest cards, so that the deal ends with the claimed tricks and its record replays.

>>> from minibridge.deal import Deal
>>> from minibridge.play import Play
>>> deal = Deal.from_pbn("N:AK... QJ... T9... 87...")
>>> play = Play(deal, leader=Seat.NORTH)
>>> claim_holds(play, Side.NORTH_SOUTH), claim_holds(play, Side.EAST_WEST)
(True, False)
"""

from __future__ import annotations

from minibridge.analysis import double_dummy_card, solve_positions
from minibridge.cards import Card, Seat, Side
from minibridge.errors import RuleError
from minibridge.language import gettext
from minibridge.play import Play
from minibridge.table.driver import Decision, Table

__all__ = ["claim_holds", "claimed_card", "claim_rest"]


def claim_holds(play: Play, side: Side) -> bool:
    """``side`` takes every trick still to play, whatever the other side does (double dummy)."""
    seat = play.to_play
    if seat is None or play.leader is None:
        return False
    current = play.current_trick
    trick = [current[s] for s in play.leader.clockwise() if s in current]
    hands = [sum(1 << card.index for card in play.hand(s)) for s in Seat]
    row = solve_positions([(hands, play.trumps, play.leader, trick)], all_cards=False)[0]
    best = max(row.values())
    left = play.total_tricks - len(play.tricks)
    return best == left if seat.side is side else best == 0


def claimed_card(play: Play, side: Side) -> Card:
    """The next card of a claim by ``side`` that holds: the claimer's best card double dummy, or the other side's
    lowest legal card."""
    seat = play.to_play
    assert seat is not None, "the play is over"
    if seat.side is side:
        return double_dummy_card(play)
    return min(play.legal_cards(seat), key=lambda card: (card.rank, card.suit))


def claim_rest(table: Table, person: str) -> None:
    """``person`` claims the rest of the tricks for their side at ``table``, on their turn to play: accepted when no
    defence can stop it (double dummy), and the deal is played out to its end with the claimed tricks; refused in
    words otherwise, nothing changed."""
    play = table.game.play
    if table.phase != "play" or play is None or table.decider != person:
        raise RuleError(gettext("you can claim the rest of the tricks when it is your turn to play"))
    side = table.hand(person).side
    if not claim_holds(play, side):
        raise RuleError(gettext("the other side can still win a trick: play on"))
    while (seat := table.seat_to_play) is not None:
        table.take(Decision(choice="card", seat=seat, card=claimed_card(play, side)))
