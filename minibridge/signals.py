"""The defenders' signals of MiniLesson Six: what a card says to partner.

A following card that is not the lowest of its suit encourages ("I like this suit"); the lowest
discourages. A lead from a sequence is its top card ("leading the queen denies the king").

>>> read_signal(Hand.from_pbn("KQJ4.82.T93.A52"), Card.from_str("SK"), leading=True)
'top of sequence'
>>> read_signal(Hand.from_pbn("94.82.T93.A8752"), Card.from_str("C8"), leading=False)
'encourage'
"""

from __future__ import annotations

from typing import Literal

from minibridge.cards import Card
from minibridge.deal import SUIT_MASKS, Hand

__all__ = ["Signal", "read_signal", "explain_signal"]

Signal = Literal["encourage", "discourage", "top of sequence", "no signal"]


def read_signal(hand: Hand, card: Card, *, leading: bool) -> Signal:
    """What ``card`` says, played from ``hand`` (the cards held before playing it)."""
    held = hand.mask & SUIT_MASKS[card.suit]
    if leading:
        below = card.index - 1
        if card.index % 13 > 0 and held >> below & 1 and not held >> (card.index + 1) & 1:
            return "top of sequence"
        return "no signal"
    if held & ((1 << card.index) - 1):
        return "encourage"
    if held & ~(1 << card.index):
        return "discourage"
    return "no signal"


def explain_signal(hand: Hand, card: Card, *, leading: bool) -> str:
    """One line on why the card says what it says."""
    meaning = read_signal(hand, card, leading=leading)
    suit = " ".join(r.letter for r in hand.ranks(card.suit))
    if meaning == "top of sequence":
        return f"{card} is the top of a sequence in {suit}: it denies the card above"
    if meaning == "encourage":
        return f"{card} is not the lowest of {suit}: a high card says 'I like this suit'"
    if meaning == "discourage":
        return f"{card} is the lowest of {suit}: it says 'I don't like this suit'"
    return f"{card} from {suit} sends no signal: it was the only choice, or not from a sequence"
