"""Each pupil counts their own points before the announcement (from MiniLesson Three): the number they tap is
checked against their hand; a wrong count asks them to count again with the points of each card, and a second
wrong count shows the count card by card (RULES §2: A = 4, K = 3, Q = 2, J = 1; Law 5: the four hands hold 40).

>>> from minibridge.deal import Deal
>>> hand = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")[Seat.NORTH]
>>> [(str(card), points) for card, points in card_by_card(hand)][:3]
[('SA', 4), ('SK', 3), ('HK', 3)]
>>> count_help([11], 21) is not None, count_help([21], 21)
(True, None)
"""

from __future__ import annotations

from collections.abc import Sequence

from minibridge.cards import Card, Seat
from minibridge.deal import Hand
from minibridge.language import gettext

__all__ = ["COUNT_SHOWN_AFTER", "card_by_card", "count_help", "counted_right", "still_counting"]

COUNT_SHOWN_AFTER = 2
"""Wrong counts after which the count is shown card by card."""


def card_by_card(hand: Hand) -> list[tuple[Card, int]]:
    """The cards of ``hand`` that score points, highest suit first, each with its points."""
    return [(card, card.hcp) for card in hand if card.hcp > 0]


def counted_right(tries: Sequence[int], points: int) -> bool:
    """The last count given is the hand's ``points``."""
    return bool(tries) and tries[-1] == points


def count_help(tries: Sequence[int], points: int) -> str | None:
    """What a pupil whose counts so far are ``tries`` is told (None before a count, or once it is right)."""
    if not tries or counted_right(tries, points):
        return None
    if len(tries) >= COUNT_SHOWN_AFTER:
        return gettext("Here are your points card by card. Add them up.")
    return gettext("Count again: A = 4, K = 3, Q = 2, J = 1.")


def still_counting(counts: dict[Seat, list[int]], seats: Sequence[Seat], hands: dict[Seat, Hand]) -> list[Seat]:
    """The ``seats`` whose player has not yet counted their own hand right, in seat order."""
    return sorted(seat for seat in seats if not counted_right(counts.get(seat, []), hands[seat].hcp))
