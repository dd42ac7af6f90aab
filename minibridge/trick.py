"""A trick and who wins it (Law 11), and the irregularities of Laws 19–23 as a play records them.

>>> from minibridge.cards import Suit
>>> trick_winner([Card.from_str(c) for c in "S2 SA C2 SK".split()], Seat.NORTH, Suit.CLUBS)
<Seat.SOUTH: 2>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Literal, NamedTuple

from minibridge.cards import Card, Seat, Suit
from minibridge.language import N_, gettext

__all__ = [
    "SEATS",
    "Trick",
    "Irregularity",
    "IrregularityKind",
    "Settlement",
    "trick_winner",
    "trick_strength",
    "winner_index",
]

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


class Settlement(Enum):
    """How an irregularity was settled: one member for each way the play settles one. Its value is its sentence,
    in English and marked for the catalogues, naming the seats or side the :class:`Irregularity` carries."""

    ESTABLISHED = N_("established: one trick goes to %(side)s at the end (Law 21)")
    """A revoke established by the offender or partner playing to the next trick (the other side gets a trick)."""
    NOT_ESTABLISHED = N_("not established (it could still be corrected)")
    """A revoke in a record's last trick: nobody played on after it."""
    NOT_CORRECTED = N_("not corrected before the end")
    """A revoke in the last trick, or before a claim, that nobody corrected."""
    CORRECTED = N_("corrected (Law 20)")
    """A revoke corrected: the card and any played after it went back."""
    ACCEPTED_IN_RECORD = N_("accepted: it was %(seat)s's lead (Law 19)")
    """A lead out of turn that a record shows was played to (:attr:`Irregularity.proper_leader` ought to have led)."""
    ACCEPTED_IN_RECORD_ONE_OF = N_(
        "accepted: it was %(seat)s's lead (Law 19); led by %(seats)s: the record does not show which"
    )
    """As :attr:`ACCEPTED_IN_RECORD`, by one of :attr:`Irregularity.may_have_led`: the record cannot tell which."""
    ACCEPTED_BY = N_("accepted by %(seat)s (Law 19)")
    """A lead out of turn accepted by an opponent (:attr:`Irregularity.accepted_by`)."""
    ACCEPTED_BY_NEXT_PLAYER = N_("accepted: the next player played to it (Law 19)")
    """A lead out of turn accepted by the next player playing a card to it."""
    PUT_BACK = N_("card put back (Law 19)")
    """A lead out of turn not accepted: the card went back and the right player led."""
    STANDS = N_("the card stands (Law 23)")
    """A card played out of rotation stays played."""


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
    """An irregularity of Laws 19–23 and how it was settled, with the seats that settling names."""

    kind: IrregularityKind
    trick: int
    """The trick it happened in, from 1."""
    seat: Seat
    """The offender."""
    card: Card | None
    settled: Settlement
    """How it was settled; the seats its sentence names are the fields below (an established revoke's trick goes
    to the offender's opponents)."""
    transferred: int = 0
    """Tricks transferred to the opponents at the end of the hand (an established revoke: one)."""
    accepted_by: Seat | None = None
    """The opponent who accepted a lead out of turn (:attr:`Settlement.ACCEPTED_BY`)."""
    proper_leader: Seat | None = None
    """Who ought to have led, for a lead out of turn a record shows (:attr:`Settlement.ACCEPTED_IN_RECORD`)."""
    may_have_led: tuple[Seat, ...] = ()
    """The seats that may have led, when a record cannot tell which (:attr:`Settlement.ACCEPTED_IN_RECORD_ONE_OF`),
    the offender first."""

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
        """How it was settled, in the language in use."""
        return gettext(self.settled.value) % self._names(english=False)

    @property
    def settled_in_english(self) -> str:
        """How it was settled, in English whatever the language in use (``minibridge replay --json`` says it so).

        >>> Irregularity(kind="lead out of turn", trick=1, seat=Seat.EAST, card=None,
        ...              settled=Settlement.ACCEPTED_BY, accepted_by=Seat.SOUTH).settled_in_english
        'accepted by South (Law 19)'
        """
        return self.settled.value % self._names(english=True)

    def _names(self, *, english: bool) -> dict[str, str]:
        """The side or seats the settlement's sentence names, in English or in the language in use."""

        def name(seat: Seat | None) -> str:
            assert seat is not None, f"{self.settled} names a seat"
            return seat.title if english else seat.in_words

        match self.settled:
            case Settlement.ESTABLISHED:
                side = self.seat.side.other  # the offenders give a trick to the other side (Law 21)
                return {"side": side.title if english else side.in_words}
            case Settlement.ACCEPTED_BY:
                return {"seat": name(self.accepted_by)}
            case Settlement.ACCEPTED_IN_RECORD:
                return {"seat": name(self.proper_leader)}
            case Settlement.ACCEPTED_IN_RECORD_ONE_OF:
                *others, last = [name(seat) for seat in self.may_have_led]
                either = " or " if english else gettext(" or ")
                return {"seat": name(self.proper_leader), "seats": ", ".join(others) + either + last}
        return {}


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
