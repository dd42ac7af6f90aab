"""Hands and deals, in PBN's ``N:AKQ2.T98.… …`` notation; short deals are allowed.

>>> deal = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")
>>> deal[Seat.NORTH].hcp, deal.cards_per_hand
(10, 13)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Mapping
from operator import itemgetter
from typing import Self

from minibridge.cards import CARDS, HCP, Card, Rank, Seat, Side, Suit
from minibridge.errors import DealError, MiniBridgeError, NotationError
from minibridge.language import gettext, ngettext, pgettext

__all__ = ["Hand", "Deal", "SUIT_MASKS", "UNKNOWN_HANDS", "known_hands", "plain_deal", "deal_written_as"]

SUIT_MASKS: tuple[int, int, int, int] = tuple((0x1FFF << (13 * s)) for s in range(4))  # type: ignore[assignment]
"""Bit masks of the 13 cards of each suit, clubs first, by card index."""

UNKNOWN_HANDS = ("-", "...")
"""How a PBN deal writes a hand that is not known: ``-`` (the standard), ``...`` (Bridge Composer)."""

_SEATS = tuple(Seat)
_HCP_BY_INDEX = tuple(HCP[c.rank] for c in CARDS)
_RANK_OFFSET = {letter: offset for offset, letter in enumerate("23456789TJQKA")}


class _HoldingTexts(dict[int, str]):
    """How each holding is written (``AKT``: from the ace down, tens as ``T``), by its ranks as 13 bits, the two
    lowest; each written when first asked for."""

    def __missing__(self, bits: int) -> str:
        text = "".join("23456789TJQKA"[rank] for rank in range(12, -1, -1) if bits >> rank & 1)
        self[bits] = text
        return text


_TEXTS = _HoldingTexts()


def _hand_text(mask: int) -> str:
    """The hand of ``mask`` as PBN writes it: ``AKQ2.T98.76.5432``, spades first."""
    texts = _TEXTS
    return f"{texts[mask >> 39]}.{texts[mask >> 26 & 0x1FFF]}.{texts[mask >> 13 & 0x1FFF]}.{texts[mask & 0x1FFF]}"


class Hand:
    """The cards one player holds (any number, 0 to 13). Immutable; a set of cards."""

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] | int = 0) -> None:
        if isinstance(cards, int):
            mask = cards
        else:
            mask = 0
            for card in cards:
                bit = 1 << card.index
                if mask & bit:
                    raise DealError(gettext("the card %(card)s is in the hand twice") % {"card": card})
                mask |= bit
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("hands cannot be changed")

    def __copy__(self) -> Self:
        """The same object: it cannot be changed."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """The same object: it cannot be changed."""
        return self

    def __iter__(self) -> Iterator[Card]:
        """The cards, spades first and high cards first within a suit."""
        mask = self.mask
        for index in range(51, -1, -1):
            if mask >> index & 1:
                yield CARDS[index]

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Hand.from_pbn('{self.to_pbn()}')"

    @property
    def hcp(self) -> int:
        """High-card points: ace 4, king 3, queen 2, jack 1."""
        mask = self.mask
        return sum(_HCP_BY_INDEX[i] for i in range(52) if mask >> i & 1)

    def ranks(self, suit: Suit) -> list[Rank]:
        """The ranks held in one suit, highest first."""
        bits = self.mask >> (13 * suit) & 0x1FFF
        return [Rank(r + 2) for r in range(12, -1, -1) if bits >> r & 1]

    def length(self, suit: Suit) -> int:
        """How many cards of a suit."""
        return (self.mask & SUIT_MASKS[suit]).bit_count()

    def to_pbn(self) -> str:
        """``AKQ2.T98.76.5432``: spades, hearts, diamonds, clubs, tens as ``T``."""
        return _hand_text(self.mask)

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Read ``AKQ2.T98.76.5432`` (spades first; ``10`` or ``T`` for tens; a void is empty)."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise NotationError(
                ngettext(
                    "the hand '%(hand)s' has %(count)s suit; "
                    "write four suits separated by dots, spades first, like AKQ2.T98.76.5432",
                    "the hand '%(hand)s' has %(count)s suits; "
                    "write four suits separated by dots, spades first, like AKQ2.T98.76.5432",
                    len(parts),
                )
                % {"hand": text, "count": len(parts)}
            )
        mask = 0
        for suit, holding in zip((3, 2, 1, 0), parts, strict=True):
            bits = _HOLDINGS.get(holding)
            if bits is None:
                bits = _read_holding(text, Suit(suit), holding)
            mask |= bits << 13 * suit
        return cls(mask)


class _Holdings(dict[str, int]):
    """Holdings already read (``AKT``, ``kq10``): their ranks as 13 bits, the two lowest. Asked for one not read
    yet, it reads it (KeyError for a holding that cannot be)."""

    def __missing__(self, holding: str) -> int:
        try:
            return _read_holding(holding, Suit.SPADES, holding)
        except MiniBridgeError:
            raise KeyError(holding) from None


_HOLDINGS = _Holdings()
_MOST_HOLDINGS = 16384
"""How many holdings are remembered: the 8192 a suit can hold written from the ace down, and as many others."""


def _read_holding(text: str, suit: Suit, holding: str) -> int:
    """The ranks of one suit of the hand ``text`` as 13 bits; remembered for the next hand that holds the same."""
    bits = 0
    for letter in holding.upper().replace("10", "T"):
        rank = _RANK_OFFSET.get(letter)
        if rank is None:
            raise NotationError(
                gettext("the hand '%(hand)s' has '%(letter)s' in %(suit)s; cards are A K Q J T 9 8 7 6 5 4 3 2")
                % {"hand": text, "letter": letter, "suit": suit.in_words}
            )
        if bits >> rank & 1:
            raise DealError(
                gettext("the hand '%(hand)s' holds the %(suit)s %(rank)s twice")
                % {"hand": text, "suit": _one_of(suit), "rank": letter}
            )
        bits |= 1 << rank
    if len(_HOLDINGS) < _MOST_HOLDINGS:
        _HOLDINGS[holding] = bits
    return bits


def _one_of(suit: Suit) -> str:
    """A card's suit in words before its rank (``the spade K``), in the language in use."""
    return (
        pgettext("one card of the suit", "club"),
        pgettext("one card of the suit", "diamond"),
        pgettext("one card of the suit", "heart"),
        pgettext("one card of the suit", "spade"),
    )[suit]


class Deal(Mapping[Seat, Hand]):
    """Four hands of the same size (13 cards, or a short deal of 1 to 12 cards each).

    Indexing by :class:`Seat` gives a hand; the deal is immutable.
    """

    __slots__ = ("hands",)

    hands: tuple[Hand, Hand, Hand, Hand]

    def __init__(self, hands: Mapping[Seat, Hand] | Iterable[Hand]) -> None:
        if isinstance(hands, Mapping):
            missing = [s.in_words for s in Seat if s not in hands]
            if missing:
                raise DealError(gettext("the deal has no hand for %(seats)s") % {"seats": ", ".join(missing)})
            ordered = tuple(hands[s] for s in Seat)
        else:
            ordered = tuple(hands)
        if len(ordered) != 4:
            raise DealError(gettext("a deal has four hands, not %(count)s") % {"count": len(ordered)})
        _check_hands(dict(zip(Seat, ordered, strict=True)))
        if not 1 <= len(ordered[0]) <= 13:
            raise DealError(gettext("each hand must hold 1 to 13 cards, not %(count)s") % {"count": len(ordered[0])})
        object.__setattr__(self, "hands", ordered)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("deals cannot be changed")

    def __copy__(self) -> Self:
        """The same object: it cannot be changed."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """The same object: it cannot be changed."""
        return self

    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(Seat)

    def __len__(self) -> int:
        return 4

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and other.hands == self.hands

    def __hash__(self) -> int:
        return hash(self.hands)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn('{self.to_pbn()}')"

    @property
    def cards_per_hand(self) -> int:
        """How many cards each player holds."""
        return len(self.hands[0])

    def hcp(self, seat: Seat) -> int:
        """The high-card points of one seat."""
        return self.hands[seat].hcp

    def side_hcp(self, side: Side) -> int:
        """The combined high-card points of a partnership."""
        return sum(self.hands[s].hcp for s in side.seats)

    def holders(self) -> dict[Card, Seat]:
        """Who was dealt each card."""
        return {card: seat for seat in Seat for card in self.hands[seat]}

    def holder(self, card: Card) -> Seat | None:
        """The seat dealt ``card`` (None when no one was: a short deal)."""
        bit = 1 << card.index
        for seat, hand in zip(_SEATS, self.hands, strict=True):
            if hand.mask & bit:
                return seat
        return None

    def turned(self) -> Deal:
        """The same deal turned round the table by one seat clockwise: North's hand goes to East, East's to South,
        South's to West and West's to North.

        >>> deal = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")
        >>> turned = deal.turned()
        >>> turned[Seat.EAST] == deal[Seat.NORTH], turned[Seat.NORTH] == deal[Seat.WEST]
        (True, True)
        >>> turned.to_pbn()
        'N:9876..AKQJT.9876 AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT'
        """
        north, east, south, west = (hand.mask for hand in self.hands)
        return _deal_of_masks(west, north, east, south)

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """``N:… … … …``: the four hands clockwise from ``first``."""
        return f"{first.letter}:" + " ".join(self.hands[s].to_pbn() for s in first.clockwise())

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Read ``N:AKQ2.… … … …`` (the letter names the first hand; hands go clockwise)."""
        deal = plain_deal(text)
        if deal is not None:
            return deal
        hands = _pbn_hands(text)
        for seat, hand in hands.items():
            if hand is None:
                raise DealError(
                    gettext("%(seat)s's hand is unknown in '%(deal)s'; a deal needs all four hands")
                    % {"seat": seat.in_words, "deal": text.strip()}
                )
        return cls(hands)  # type: ignore[arg-type]  # every hand is known

    @classmethod
    def random(cls, rng: random.Random | None = None, *, cards_per_hand: int = 13) -> Deal:
        """A shuffled deal; ``rng`` makes it reproducible."""
        if not 1 <= cards_per_hand <= 13:
            raise DealError(gettext("each hand must hold 1 to 13 cards, not %(count)s") % {"count": cards_per_hand})
        order = list(range(52))
        (rng or random.Random()).shuffle(order)
        masks = []
        for s in range(4):
            mask = 0
            for i in order[s * cards_per_hand : (s + 1) * cards_per_hand]:
                mask |= 1 << i
            masks.append(Hand(mask))
        return cls(masks)


_FIRST_SEATS = {f"{seat.letter}:": seat for seat in Seat}
_PLAIN_DEAL = re.compile(" +".join([r"([2-9TJQKA]*)\.([2-9TJQKA]*)\.([2-9TJQKA]*)\.([2-9TJQKA]*)"] * 4))
_new = object.__new__
_set_hands = Deal.hands.__set__  # type: ignore[attr-defined]  # the slot's own setter
_set_mask = Hand.mask.__set__  # type: ignore[attr-defined]


def plain_deal(text: str) -> Deal | None:
    """The deal of ``text`` written the usual way, made quickly: an upper-case seat and a colon, then four hands of
    upper-case ranks (``T`` for tens) making a deal; None for any other text, which :meth:`Deal.from_pbn` reads
    and tells what is wrong with.

    >>> plain_deal("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876").cards_per_hand
    13
    >>> plain_deal("N:AKQJT.9876.5432. - - -") is None
    True
    """
    first = _FIRST_SEATS.get(text[:2])
    match = None if first is None else _PLAIN_DEAL.fullmatch(text, 2)
    if match is None:
        return None
    try:
        s0, h0, d0, c0, s1, h1, d1, c1, s2, h2, d2, c2, s3, h3, d3, c3 = itemgetter(*match.groups())(_HOLDINGS)
    except KeyError:  # a rank twice in a suit
        return None
    masks = (
        s0 << 39 | h0 << 26 | d0 << 13 | c0,
        s1 << 39 | h1 << 26 | d1 << 13 | c1,
        s2 << 39 | h2 << 26 | d2 << 13 | c2,
        s3 << 39 | h3 << 26 | d3 << 13 | c3,
    )
    north, east, south, west = masks[-first:] + masks[:-first] if first else masks  # clockwise from the first
    size = north.bit_count()
    if not (
        size
        and east.bit_count() == south.bit_count() == west.bit_count() == size
        and (north | east | south | west).bit_count() == 4 * size
    ):
        return None
    return _deal_of_masks(north, east, south, west)


def deal_written_as(text: str, north: int, east: int, south: int, west: int) -> Deal | None:
    """The deal of four hands' masks (no card twice, as many cards each), when ``text`` is how :meth:`Deal.to_pbn`
    writes it from the seat it names; None for any other text. A deal whose hands are known already (a complete
    play shows them) is read this way more quickly than by :func:`plain_deal`.

    >>> deal = Deal.random(random.Random(1))
    >>> deal_written_as(deal.to_pbn(Seat.EAST), *(hand.mask for hand in deal.hands)) == deal
    True
    """
    first = _FIRST_SEATS.get(text[:2])
    if first is None:
        return None
    if first == 0:  # the four hands clockwise from the first: North's
        a, b, c, d = north, east, south, west
    elif first == 1:
        a, b, c, d = east, south, west, north
    elif first == 2:
        a, b, c, d = south, west, north, east
    else:
        a, b, c, d = west, north, east, south
    t = _TEXTS
    written = (
        f"{t[a >> 39]}.{t[a >> 26 & 0x1FFF]}.{t[a >> 13 & 0x1FFF]}.{t[a & 0x1FFF]} "
        f"{t[b >> 39]}.{t[b >> 26 & 0x1FFF]}.{t[b >> 13 & 0x1FFF]}.{t[b & 0x1FFF]} "
        f"{t[c >> 39]}.{t[c >> 26 & 0x1FFF]}.{t[c >> 13 & 0x1FFF]}.{t[c & 0x1FFF]} "
        f"{t[d >> 39]}.{t[d >> 26 & 0x1FFF]}.{t[d >> 13 & 0x1FFF]}.{t[d & 0x1FFF]}"
    )
    return _deal_of_masks(north, east, south, west) if text[2:] == written else None


def _deal_of_masks(north: int, east: int, south: int, west: int) -> Deal:
    """The deal of four hands' masks known to make one: made without the checks of ``Hand()`` and ``Deal()``."""
    hands = _new(Hand), _new(Hand), _new(Hand), _new(Hand)
    _set_mask(hands[0], north)
    _set_mask(hands[1], east)
    _set_mask(hands[2], south)
    _set_mask(hands[3], west)
    deal = _new(Deal)
    _set_hands(deal, hands)
    return deal


def known_hands(text: str) -> dict[Seat, Hand]:
    """The hands a PBN deal gives, leaving out those written as unknown (``-`` or ``...``).

    The hands given must hold as many cards each and no card twice.

    >>> sorted(seat.letter for seat in known_hands("S:QT8.AT764.KQJ93. - ... -"))
    ['S']
    """
    hands = {seat: hand for seat, hand in _pbn_hands(text).items() if hand is not None}
    _check_hands(hands)
    return hands


def _check_hands(hands: Mapping[Seat, Hand]) -> None:
    """Refuse hands of a deal that hold different numbers of cards, or a card twice."""
    if len({len(hand) for hand in hands.values()}) > 1:
        counts = ", ".join(f"{seat.in_words} {len(hand)}" for seat, hand in hands.items())
        raise DealError(
            gettext("every hand must hold the same number of cards, but they hold %(counts)s") % {"counts": counts}
        )
    seen = 0
    for seat, hand in hands.items():
        twice = seen & hand.mask
        if twice:
            raise DealError(
                gettext("the card %(card)s is dealt twice (again to %(seat)s)")
                % {"card": CARDS[twice.bit_length() - 1], "seat": seat.in_words}
            )
        seen |= hand.mask


def _pbn_hands(text: str) -> dict[Seat, Hand | None]:
    """The four hands of a PBN deal by seat; None for a hand written as unknown."""
    text = text.strip()
    first_text, colon, rest = text.partition(":")
    if not colon:
        raise NotationError(
            gettext("the deal '%(deal)s' does not start with a seat; write it like N:AKQ2.T98.76.5432 … (four hands)")
            % {"deal": text}
        )
    first = Seat.from_str(first_text)
    parts = rest.split()
    if len(parts) != 4:
        raise NotationError(
            ngettext(
                "the deal '%(deal)s' has %(count)s hand; a deal has four, separated by spaces",
                "the deal '%(deal)s' has %(count)s hands; a deal has four, separated by spaces",
                len(parts),
            )
            % {"deal": text, "count": len(parts)}
        )
    hands: dict[Seat, Hand | None] = {}
    for seat, part in zip(first.clockwise(), parts, strict=True):
        if part in UNKNOWN_HANDS:
            hands[seat] = None
            continue
        try:
            hands[seat] = Hand.from_pbn(part)
        except (NotationError, DealError) as err:
            raise type(err)(
                gettext("%(seat)s's hand: %(problem)s") % {"seat": seat.in_words, "problem": err.message}
            ) from None
    return hands
