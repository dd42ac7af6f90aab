"""A trick and who wins it (Law 11), and the irregularities of Laws 19–23 as a play records them.

>>> from minibridge.cards import Suit
>>> trick_winner([Card.from_str(c) for c in "S2 SA C2 SK".split()], Seat.NORTH, Suit.CLUBS)
<Seat.SOUTH: 2>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from minibridge.cards import Card, Seat, Suit

__all__ = ["SEATS", "Trick", "Irregularity", "IrregularityKind", "trick_winner", "trick_strength", "winner_index"]

SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(40 + c % 13 if c // 13 == trumps else 20 + c % 13 if c // 13 == led else 0 for c in range(52))
        for led in range(4)
    )
    for trumps in range(5)
)
"""How strong each card is in a trick, by trump suit (4: no-trumps) and suit led: the strongest wins."""

IrregularityKind = Literal["lead out of turn", "revoke", "card out of rotation"]


class Trick(NamedTuple):
    """A completed trick: who led, each seat's card, and who won it."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    """Indexed by seat: ``cards[Seat.NORTH]`` is North's card."""
    winner: Seat

    @property
    def led(self) -> Card:
        """The card led."""
        return self.cards[self.leader]

    def in_order(self) -> list[tuple[Seat, Card]]:
        """The cards in the order they were played, from the leader clockwise."""
        return [(seat, self.cards[seat]) for seat in self.leader.clockwise()]


@dataclass(frozen=True, kw_only=True)
class Irregularity:
    """An irregularity of Laws 19–23 and how it was settled."""

    kind: IrregularityKind
    trick: int
    """The trick it happened in, from 1."""
    seat: Seat
    card: Card | None
    settled: str
    """How it was settled, in words: ``accepted``, ``card put back``, ``corrected``, ``established`` …"""
    transferred: int = 0
    """Tricks transferred to the opponents at the end of the hand (an established revoke: one)."""

    def describe(self) -> str:
        """One line in a teacher's words."""
        card = f" ({self.card.symbol})" if self.card is not None else ""
        return f"trick {self.trick}: {self.kind} by {self.seat.title}{card}, {self.settled}"


def winner_index(index: Sequence[int], leader: int, strength: tuple[tuple[int, ...], ...]) -> int:
    """The seat (0–3) whose card, by index, is strongest in a trick led by ``leader``."""
    key = strength[index[leader] // 13]
    best, top = 0, key[index[0]]
    if key[index[1]] > top:
        best, top = 1, key[index[1]]
    if key[index[2]] > top:
        best, top = 2, key[index[2]]
    if key[index[3]] > top:
        best = 3
    return best


def trick_winner(cards: Sequence[Card], leader: Seat, trumps: Suit | None) -> Seat:
    """The seat that wins a trick of four cards (indexed by seat) led by ``leader``: the highest trump, else the
    highest card of the suit led (Law 11)."""
    return SEATS[winner_index([c.index for c in cards], int(leader), trick_strength(trumps))]


def trick_strength(trumps: Suit | None) -> tuple[tuple[int, ...], ...]:
    """How strong each card (by index) is, by the suit led, with these trumps: the strongest card wins."""
    return _STRENGTH[4 if trumps is None else int(trumps)]
