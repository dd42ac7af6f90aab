"""Reproducible deals from a seed and constraints that make them suit a lesson.

>>> spec = DealSpec(seed=7, count=2, points=(25, 40))
>>> [d.number for d in generate(spec)], all(d.declaring_points >= 25 for d in generate(spec))
([1, 2], True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from minibridge.announce import announce
from minibridge.board import Board
from minibridge.cards import Seat, Suit
from minibridge.deal import Deal
from minibridge.errors import DealError
from minibridge.language import gettext, ngettext

__all__ = ["DealSpec", "Playable", "generate", "CONSTRAINTS"]

MAX_TRIES = 200_000
MAX_REFUSALS = 500
"""The most deals a check of playability may refuse before dealing gives up."""

CONSTRAINTS: dict[str, str] = {
    "points": "the declaring side's combined points lie between two numbers, e.g. [25, 40]",
    "fit": "the declaring side holds at least this many cards together in one suit, e.g. 8",
    "major_fit": "the declaring side holds at least this many cards together in spades or hearts",
    "long_suit": "declarer or dummy holds a suit at least this long, e.g. 6",
    "strong_short_trumps": "the declaring side has a weak suit of 8 or more cards and a suit of 4 to 7 cards holding "
    "at least 3 points more (true)",
    "equal_partners": "declarer and dummy hold the same points, so the tie rule decides (true)",
    "sequence_lead": "the opening leader holds three cards in sequence headed by an honour, e.g. KQJ (true)",
}
"""The constraints a deal spec may name, and what each asks for."""


@dataclass(frozen=True, kw_only=True)
class DealSpec:
    """How to deal a lesson's boards: a seed, how many, and the constraints each deal must meet."""

    seed: int
    count: int
    first_board: int = 1
    cards_per_hand: int = 13
    points: tuple[int, int] | None = None
    fit: int | None = None
    major_fit: int | None = None
    long_suit: int | None = None
    strong_short_trumps: bool = False
    equal_partners: bool = False
    sequence_lead: bool = False

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> DealSpec:
        """A spec from a lesson file's ``generate:`` block (already validated)."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise DealError(
                gettext("unknown deal constraint '%(name)s'; the constraints are %(names)s")
                % {"name": unknown[0], "names": ", ".join(CONSTRAINTS)}
            )
        values = dict(data)
        if "points" in values and values["points"] is not None:
            values["points"] = tuple(values["points"])
        return cls(**values)


Playable = Callable[[list[Board]], list[bool]]
"""A check of candidate boards, all at once: which of them may be kept (a lesson's: the deal can be made)."""


def generate(spec: DealSpec, *, playable: Playable | None = None) -> list[Board]:
    """The deals of a spec: always the same deals for the same spec; redeals are never produced.

    With ``playable`` each board must also pass that check. Candidates are checked a batch at a time, one for
    each board still to deal, so that a slow check (double dummy) runs on many deals at once; without
    refusals the deals are the same as without the check.
    """
    if spec.count < 1:
        raise DealError(gettext("ask for at least one deal, not %(count)s") % {"count": spec.count})
    rng = random.Random(spec.seed)
    boards: list[Board] = []
    waiting: list[Deal] = []
    """Deals drawn and suited to the constraints but not yet kept, in the order drawn."""
    tries = refusals = 0
    while len(boards) < spec.count:
        candidates: list[Board] = []
        for deal in waiting:
            number = spec.first_board + len(boards) + len(candidates)
            if _suits(deal, Seat.dealer_of_board(number), spec):
                candidates.append(Board(number=number, deal=deal, generated=True))
        while len(boards) + len(candidates) < spec.count:
            tries += 1
            if tries > MAX_TRIES:
                raise DealError(
                    gettext(
                        "no deal met the constraints in %(tries)s tries (%(found)s of %(count)s found): loosen them"
                    )
                    % {"tries": MAX_TRIES, "found": len(boards), "count": spec.count}
                )
            number = spec.first_board + len(boards) + len(candidates)
            deal = Deal.random(rng, cards_per_hand=spec.cards_per_hand)
            if _suits(deal, Seat.dealer_of_board(number), spec):
                candidates.append(Board(number=number, deal=deal, generated=True))
        kept = playable(candidates) if playable is not None else [True] * len(candidates)
        refused = next((index for index, ok in enumerate(kept) if not ok), len(candidates))
        boards += candidates[:refused]
        # after a refusal the boards behind it move up a number (and may get another dealer): check them again
        waiting = [board.deal for board in candidates[refused + 1 :] if board.deal is not None]
        if refused < len(candidates):
            refusals += 1
            if refusals > MAX_REFUSALS:
                raise DealError(
                    ngettext(
                        "only %(found)s of %(count)s deal could be played under the lesson's rules after %(tries)s "
                        "tries: loosen the constraints",
                        "only %(found)s of %(count)s deals could be played under the lesson's rules after %(tries)s "
                        "tries: loosen the constraints",
                        spec.count,
                    )
                    % {"found": len(boards), "count": spec.count, "tries": MAX_REFUSALS}
                )
    return boards


def _suits(deal: Deal, dealer: Seat, spec: DealSpec) -> bool:
    """True when the deal meets every constraint of the spec."""
    result = announce(deal, dealer)
    if result.redeal or result.declarer is None or result.declaring_side is None:
        return False
    side = result.declaring_side
    declarer, dummy = deal[result.declarer], deal[result.declarer.partner]
    if spec.points is not None and not spec.points[0] <= deal.side_hcp(side) <= spec.points[1]:
        return False
    lengths = {suit: declarer.length(suit) + dummy.length(suit) for suit in Suit}
    if spec.fit is not None and max(lengths.values()) < spec.fit:
        return False
    if spec.major_fit is not None and max(lengths[Suit.SPADES], lengths[Suit.HEARTS]) < spec.major_fit:
        return False
    if spec.long_suit is not None and max(h.length(s) for h in (declarer, dummy) for s in Suit) < spec.long_suit:
        return False
    if spec.equal_partners and not result.tie:
        return False
    if spec.strong_short_trumps and not _strong_short_and_long_weak(declarer.mask | dummy.mask, lengths):
        return False
    return not spec.sequence_lead or _has_sequence(deal, result.declarer.lho)


def _suit_points(mask: int, suit: Suit) -> int:
    bits = mask >> (13 * suit) & 0x1FFF
    return sum(points for rank, points in ((12, 4), (11, 3), (10, 2), (9, 1)) if bits >> rank & 1)


def _strong_short_and_long_weak(mask: int, lengths: dict[Suit, int]) -> bool:
    """A suit of 8+ cards together, and a suit of 4 to 7 cards holding at least 3 points more than it."""
    long = [s for s in Suit if lengths[s] >= 8]
    short = [s for s in Suit if 4 <= lengths[s] <= 7]
    return any(_suit_points(mask, s) > _suit_points(mask, lg) + 2 for lg in long for s in short)


def _has_sequence(deal: Deal, leader: Seat) -> bool:
    """The leader holds three touching cards headed by the ace, king, queen or jack in some suit."""
    for suit in Suit:
        bits = deal[leader].mask >> (13 * suit) & 0x1FFF
        for top in (12, 11, 10, 9):
            if bits >> top & 1 and bits >> (top - 1) & 1 and bits >> (top - 2) & 1:
                return True
    return False
