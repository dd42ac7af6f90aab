"""A trick and who wins it (Law 11), and the irregularities of Laws 19–23 as a play records them.

>>> from minibridge.cards import Suit
>>> trick_winner([Card.from_str(c) for c in "S2 SA C2 SK".split()], Seat.NORTH, Suit.CLUBS)
<Seat.SOUTH: 2>
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal, NamedTuple

from minibridge.cards import Card, Seat, Side, Suit
from minibridge.language import N_, gettext

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

_KINDS: dict[str, str] = {
    "lead out of turn": N_("lead out of turn"),
    "revoke": N_("revoke"),
    "card out of rotation": N_("card out of rotation"),
}
_SETTLED: tuple[str, ...] = (
    N_("established: one trick goes to %(side)s at the end (Law 21)"),
    N_("not established (it could still be corrected)"),
    N_("not corrected before the end"),
    N_("corrected (Law 20)"),
    N_("accepted: it was %(seat)s's lead (Law 19)"),
    N_("accepted: it was %(seat)s's lead (Law 19); led by %(seats)s: the record does not show which"),
    N_("accepted by %(seat)s (Law 19)"),
    N_("accepted: the next player played to it (Law 19)"),
    N_("card put back (Law 19)"),
    N_("the card stands (Law 23)"),
)
"""Every way the play writes how an irregularity was settled (``play.py``), as messages to translate."""


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
        """One line in a teacher's words, in the language in use."""
        text = gettext("trick %(trick)s: %(kind)s by %(seat)s, %(settled)s")
        if self.card is not None:
            text = gettext("trick %(trick)s: %(kind)s by %(seat)s (%(card)s), %(settled)s")
        return text % {
            "trick": self.trick,
            "kind": self.kind_in_words,
            "seat": self.seat.in_words,
            "card": self.card.shown if self.card is not None else "",
            "settled": self.settled_in_words,
        }

    @property
    def kind_in_words(self) -> str:
        """``revoke``, ``lead out of turn`` or ``card out of rotation`` in the language in use."""
        return gettext(_KINDS[self.kind])

    @property
    def settled_in_words(self) -> str:
        """How it was settled, in the language in use (as recorded when the words are none of the usual ones)."""
        for message, pattern in _settled_patterns():
            match = pattern.fullmatch(self.settled)
            if match:
                return gettext(message) % {name: _names_in_words(value) for name, value in match.groupdict().items()}
        return self.settled


@cache
def _settled_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each message of :data:`_SETTLED` with a pattern that reads its English words back, names and all."""
    found = []
    for message in _SETTLED:
        parts = re.split(r"%\((\w+)\)s", message)
        pattern = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
        found.append((message, re.compile(pattern)))
    return tuple(found)


def _names_in_words(text: str) -> str:
    """Seats and sides named in English (``East``, ``North–South``, ``East, South or West``) in the language in
    use."""
    names = {seat.title: seat for seat in Seat} | {side.title: side for side in Side}
    words = re.split(r"(, | or )", text)
    return "".join(
        names[word].in_words if word in names else gettext(" or ") if word == " or " else word for word in words
    )


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
