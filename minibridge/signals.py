"""The defenders' signals of MiniLesson Six: what a card says to partner, and which card says it.

The lesson teaches two signals (RULES.md, section 8; lesson six's teacher notes):

- A fairly high small card encourages ("I like this suit"); the lowest discourages. Only small cards
  (two to nine) signal, and only when following to partner's lead or discarding: following to an
  opponent's lead a defender simply plays low.
- A defender leads the top of a sequence ("leading the queen denies the king"); when following, the
  lower of equal cards.

A defender likes a suit holding its ace or king, or its queen and jack. The computer players signal
with :func:`lead_card` and :func:`signal_card`, and read partner's signals by weighting the layouts
they think about with :func:`signal_weight`; the command line tells the pupil what partner's card
said with :func:`signal_in_trick`.

>>> read_signal(Hand.from_pbn("KQJ4.82.T93.A52"), Card.from_str("SK"), leading=True)
'top of sequence'
>>> read_signal(Hand.from_pbn("94.82.T93.A8752"), Card.from_str("C8"), leading=False)
'encourage'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from minibridge import language
from minibridge.cards import CARDS, Card, Seat, Suit
from minibridge.deal import SUIT_MASKS, Hand
from minibridge.language import gettext

__all__ = [
    "MISREAD",
    "Signal",
    "Played",
    "likes_suit",
    "read_signal",
    "signal_in_trick",
    "explain_signal",
    "denied_by_lead",
    "encouraging_cards",
    "lead_card",
    "signal_card",
    "agrees",
    "signal_weight",
]

Signal = Literal["encourage", "discourage", "top of sequence", "no signal"]

MISREAD = 0.2
"""How much a layout counts for each card of a defender's that it disagrees with."""

_HIGHEST_SPOT = 9  # the small cards that signal: two to nine


@dataclass(frozen=True, kw_only=True)
class Played:
    """One card a player played, as the table saw it."""

    seat: Seat
    card: Card
    led: Suit | None
    """The suit led to the trick, None when this card leads."""
    partner_led: bool
    """Whether the player's partner led to the trick."""


def _bits(hand: Hand | int) -> int:
    return hand if isinstance(hand, int) else hand.mask


def likes_suit(hand: Hand | int, suit: Suit) -> bool:
    """Whether a defender holding ``hand`` likes ``suit`` (and encourages it): its ace or king, or its queen and jack.

    >>> hand = Hand.from_pbn("QJ4.A32.K9.Q54")
    >>> [likes_suit(hand, suit) for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
    [True, True, True, False]
    """
    holding = _bits(hand) >> (13 * suit) & 0x1FFF
    return bool(holding >> 12 & 1 or holding >> 11 & 1 or (holding >> 10 & 1 and holding >> 9 & 1))


def read_signal(hand: Hand | int, card: Card, *, leading: bool) -> Signal:
    """What ``card`` says, played from ``hand`` (the cards held before playing it).

    Leading, a card with the next lower card held and not the next higher is the top of a sequence.
    Otherwise a card that is not the lowest held of its suit encourages and the lowest discourages.
    """
    held = _bits(hand) & SUIT_MASKS[card.suit]
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


def signal_in_trick(hand: Hand | int, card: Card, *, led: Suit | None, partner_led: bool = False) -> Signal:
    """What ``card`` says at the table: ``led`` is the suit led to the trick (None when the card leads).

    A lead may be the top of a sequence; a small card (two to nine) encourages or discourages only when
    following to partner's lead or discarding.

    >>> hand = Hand.from_pbn("94.82.T93.A8752")
    >>> signal_in_trick(hand, Card.from_str("C8"), led=Suit.CLUBS, partner_led=True)
    'encourage'
    >>> signal_in_trick(hand, Card.from_str("C8"), led=Suit.CLUBS, partner_led=False)
    'no signal'
    >>> signal_in_trick(hand, Card.from_str("S4"), led=Suit.HEARTS)
    'discourage'
    """
    if led is None:
        return read_signal(hand, card, leading=True)
    if card.rank > _HIGHEST_SPOT or not (partner_led or card.suit is not led):
        return "no signal"
    return read_signal(hand, card, leading=False)


def explain_signal(hand: Hand, card: Card, *, leading: bool) -> str:
    """One line on why the card says what it says, in the language in use."""
    meaning = read_signal(hand, card, leading=leading)
    values = {"card": card.shown, "suit": " ".join(language.rank(r.letter) for r in hand.ranks(card.suit))}
    if meaning == "top of sequence":
        return gettext("%(card)s is the top of a sequence in %(suit)s: it denies the card above") % values
    if meaning == "encourage":
        return gettext("%(card)s is not the lowest of %(suit)s: a high card says 'I like this suit'") % values
    if meaning == "discourage":
        return gettext("%(card)s is the lowest of %(suit)s: it says 'I don't like this suit'") % values
    return gettext("%(card)s from %(suit)s sends no signal: it was the only choice, or not from a sequence") % values


def denied_by_lead(card: Card) -> Card | None:
    """The card a lead denies: the next higher of its suit, since from touching cards the top is led (None for an ace).

    >>> denied_by_lead(Card.from_str("HQ")), denied_by_lead(Card.from_str("HA"))
    (Card.from_str('HK'), None)
    """
    return CARDS[card.index + 1] if card.index % 13 < 12 else None


def _holds_above(held: int, card: Card) -> bool:
    denied = denied_by_lead(card)
    return denied is not None and bool(held >> denied.index & 1)


def _holds_below(held: int, card: Card) -> bool:
    """The hand holds a lower card of the same suit."""
    return bool(held & ((1 << card.index) - 1) & SUIT_MASKS[card.suit])


def encouraging_cards(candidates: Iterable[Card], hand: Hand | int) -> list[Card]:
    """The cards among ``candidates`` that encourage, in their order: small cards above the lowest held of their suit.

    >>> encouraging_cards([Card.from_str(c) for c in ("HK", "H8", "H2")], Hand.from_pbn(".K82.."))
    [Card.from_str('H8')]
    """
    held = _bits(hand)
    return [c for c in candidates if c.rank <= _HIGHEST_SPOT and _holds_below(held, c)]


def lead_card(candidates: Sequence[Card], hand: Hand | int) -> Card:
    """The lead among equally good ``candidates``: the top of touching cards, else the lowest.

    >>> lead_card([Card.from_str(c) for c in ("SK", "SQ", "H7", "H3")], Hand.from_pbn("KQJ4.73.T93.A52"))
    Card.from_str('SK')
    """
    held = _bits(hand)
    tops = [c for c in candidates if not _holds_above(held, c)]
    touching = [c for c in tops if c.index % 13 and held >> (c.index - 1) & 1]
    return max(touching, key=lambda c: c.rank) if touching else min(tops, key=lambda c: (c.rank, c.suit))


def signal_card(candidates: Sequence[Card], hand: Hand | int, *, led: Suit, partner_led: bool) -> Card:
    """The card a defender plays among equally good ``candidates`` when following or discarding to a trick.

    Following to partner's lead: the highest small card that encourages in a suit it likes, else the
    lowest. Following to an opponent's lead: the lowest. Discarding: a high small card of a suit it
    likes, else the lowest card of a suit it does not like, else the lowest.

    >>> cards = [Card.from_str(c) for c in ("HA", "H8", "H2")]
    >>> signal_card(cards, Hand.from_pbn("94.A82.T93.A8752"), led=Suit.HEARTS, partner_led=True)
    Card.from_str('H8')
    >>> cards = [Card.from_str(c) for c in ("S9", "S4", "D3", "C8", "C2")]
    >>> signal_card(cards, Hand.from_pbn("94..T93.A8752"), led=Suit.HEARTS, partner_led=False)
    Card.from_str('C8')
    """
    held = _bits(hand)
    lowest = min(candidates, key=lambda c: (c.rank, c.suit))
    following = [c for c in candidates if c.suit is led]
    if following:
        if not partner_led:
            return lowest
        spots = encouraging_cards(following, held)
        if likes_suit(held, led) and spots:
            return max(spots, key=lambda c: c.rank)
        return min(following, key=lambda c: c.rank)
    liked = [c for c in encouraging_cards(candidates, held) if likes_suit(held, c.suit)]
    if liked:
        return max(liked, key=lambda c: c.rank)
    disliked = [c for c in candidates if not likes_suit(held, c.suit)]
    return min(disliked, key=lambda c: (c.rank, c.suit)) if disliked else lowest


def agrees(hand: Hand | int, card: Card, *, led: Suit | None, partner_led: bool = False) -> bool:
    """Whether ``hand`` (held before ``card`` was played) agrees with what the card says.

    A lead denies the next higher card. A small card that encourages agrees with a suit the defender
    likes, one that discourages with a suit it does not like.

    >>> agrees(Hand.from_pbn("QJ4.A32.K9.Q54"), Card.from_str("SQ"), led=None)
    True
    >>> agrees(Hand.from_pbn("KQJ4.A32.K9.Q5"), Card.from_str("SQ"), led=None)
    False
    """
    held = _bits(hand)
    if led is None:
        return not _holds_above(held, card)
    meaning = signal_in_trick(held, card, led=led, partner_led=partner_led)
    if meaning in ("encourage", "discourage"):
        return (meaning == "encourage") == likes_suit(held, card.suit)
    return True


def signal_weight(holdings: Mapping[Seat, Hand | int], plays: Sequence[Played]) -> float:
    """How far the defenders' ``holdings`` (every card each held at the start) agree with the cards they
    played (1: fully), each card that disagrees counting :data:`MISREAD` times."""
    weight = 1.0
    for seat, hand in holdings.items():
        held = _bits(hand)
        for play in plays:
            if play.seat is not seat:
                continue
            if not agrees(held, play.card, led=play.led, partner_led=play.partner_led):
                weight *= MISREAD
            held &= ~(1 << play.card.index)
    return weight
