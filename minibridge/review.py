"""The review after a deal: which card cost a trick, double dummy, and what every contract would have scored.

For every card played, the tricks its side could still take with best play all round before the card, against
after it: a card that lowers them cost tricks, and the cards of that hand that would have kept them are named.
Each position is solved once for every legal card at the same time (:func:`minibridge.analysis.solve_positions`),
all the positions of a deal together, on every core. Short deals (MiniLessons One and Two) are reviewed the same way.

>>> from minibridge.deal import Deal
>>> deal = Deal.from_pbn("N:A2... K3... Q4... J5...")
>>> reviewed = review_play(deal, trumps=None, leader=Seat.NORTH, cards=[Card.from_str(c) for c in ("S2", "S3")])
>>> [(r.trick, r.seat.letter, str(r.card), r.cost, [str(c) for c in r.better]) for r in reviewed]
[(1, 'N', 'S2', 0, []), (1, 'E', 'S3', 1, ['SK'])]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from minibridge.analysis import BestContract, dd_tables, solve_positions
from minibridge.cards import CARDS, Card, Seat, Side, Suit
from minibridge.deal import Deal
from minibridge.play import Play
from minibridge.rules import RuleSet, allowed_contracts
from minibridge.scoring import score
from minibridge.trick import trick_winner

__all__ = ["CardReview", "review_play", "review_game", "played_cards", "review_data", "contracts_dd", "contracts_data"]

_SUIT = 0x1FFF
"""The 13 bits of one suit in a hand's card mask (clubs the lowest)."""


@dataclass(frozen=True, kw_only=True)
class CardReview:
    """One card played, weighed double dummy: what it cost its side, and the cards that would have cost nothing."""

    trick: int
    """The trick's number, from 1."""
    seat: Seat
    """The seat whose card it is (dummy's card is dummy's seat)."""
    card: Card
    cost: int
    """Tricks the card's side lost by playing it, double dummy (0: the card was as good as any)."""
    better: tuple[Card, ...]
    """The cards of that hand, legal at that moment, that would have cost nothing (empty when the card cost
    nothing), highest suit first."""
    tricks_before: int
    """The tricks the card's side takes in the whole deal with best play all round from just before the card
    (those already won included): what a card in ``better`` keeps."""

    @property
    def side(self) -> Side:
        """The card's side."""
        return self.seat.side

    @property
    def tricks_after(self) -> int:
        """The tricks the card's side takes in the whole deal with best play all round after the card."""
        return self.tricks_before - self.cost

    def as_data(self) -> dict[str, Any]:
        """The card's review as plain data: ``trick``, ``seat``, ``card``, ``cost``, ``better``, ``tricks_before``."""
        return {
            "trick": self.trick,
            "seat": self.seat.letter,
            "card": str(self.card),
            "cost": self.cost,
            "better": [str(card) for card in self.better],
            "tricks_before": self.tricks_before,
        }


def _legal(hand: int, trick: Sequence[Card]) -> int:
    """The card mask of the cards of ``hand`` that may be played to ``trick``: the suit led when held."""
    if trick:
        led = hand & _SUIT << 13 * int(trick[0].suit)
        if led:
            return led
    return hand


def _cards(mask: int) -> list[Card]:
    """The cards of a card mask, highest suit and rank first."""
    return [CARDS[i] for i in range(51, -1, -1) if mask >> i & 1]


def review_play(deal: Deal, *, trumps: Suit | None, leader: Seat, cards: Sequence[Card]) -> list[CardReview]:
    """Every card of ``cards`` (played in order from the first trick, led by ``leader``, with ``trumps``; None:
    no-trumps) weighed double dummy: its trick, seat, what it cost its side and the cards that would have kept
    the tricks. The review stops before a card that is not the next player's or breaks the rules of play (a
    record's irregularity): the cards after it are not weighed.

    Without a contract (MiniLessons One and Two) there are no trumps and the dealer's left-hand opponent leads.
    """
    hands = [deal[seat].mask for seat in Seat]
    won = dict.fromkeys(Side, 0)
    lead, trick = leader, []
    positions, places = [], []
    for card in cards:
        seat = Seat((int(lead) + len(trick)) % 4)
        legal = _legal(hands[seat], trick)
        if not legal >> card.index & 1:
            break
        number = sum(won.values()) + 1
        positions.append((list(hands), trumps, lead, list(trick)))
        places.append((number, seat, card, legal, won[seat.side]))
        hands[seat] &= ~(1 << card.index)
        trick.append(card)
        if len(trick) == 4:
            by_seat = [trick[(int(s) - int(lead)) % 4] for s in Seat]
            lead = trick_winner(by_seat, lead, trumps)
            won[lead.side] += 1
            trick = []
    rows = solve_positions(positions, all_cards=True)
    reviewed = []
    for (number, seat, card, legal, taken), row in zip(places, rows, strict=True):
        best = max(row.values())
        cost = best - row[card.index]
        better = tuple(c for c in _cards(legal) if row.get(c.index) == best) if cost else ()
        reviewed.append(
            CardReview(trick=number, seat=seat, card=card, cost=cost, better=better, tricks_before=taken + best)
        )
    return reviewed


def played_cards(play: Play) -> list[Card]:
    """Every card played so far, trick by trick in the order played (the trick in progress last)."""
    cards = [card for trick in play.tricks for _, card in trick.in_order()]
    return cards + [play.current_trick[seat] for seat in play.leader.clockwise() if seat in play.current_trick]


def review_game(play: Play) -> list[CardReview]:
    """Every card of ``play`` so far weighed double dummy (:func:`review_play`), up to any irregularity."""
    leader = play.tricks[0].leader if play.tricks else play.leader
    return review_play(play.deal, trumps=play.trumps, leader=leader, cards=played_cards(play))


def review_data(reviewed: Sequence[CardReview]) -> list[dict[str, Any]]:
    """A review as plain data, card by card (:meth:`CardReview.as_data`)."""
    return [card.as_data() for card in reviewed]


def contracts_dd(deal: Deal, declarer: Seat, rules: RuleSet) -> list[BestContract]:
    """Every contract the rules let ``declarer`` choose, with declarer's tricks and the score double dummy, in the
    rules' order (no-trumps first, part-scores before games); empty under rules without contracts."""
    if not rules.has_contract:
        return []
    table = dd_tables([deal], cache=True)[0]
    points = deal.side_hcp(declarer.side)
    found = []
    for contract in allowed_contracts(rules, deal, declarer):
        tricks = table[declarer][contract.strain]
        found.append(
            BestContract(contract=contract, tricks=tricks, result=score(contract, tricks, rules, points=points))
        )
    return found


def contracts_data(contracts: Sequence[BestContract]) -> list[dict[str, Any]]:
    """Contracts weighed double dummy as plain data: ``contract``, ``tricks`` (declarer's) and ``score`` (the
    declaring side's, negative when the contract fails)."""
    return [{"contract": str(c.contract), "tricks": c.tricks, "score": c.side_score} for c in contracts]
