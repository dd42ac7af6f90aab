"""Seats, sides, suits, strains, ranks and cards, with their notation.

>>> Card.from_str("SA"), Card.from_str("10♥"), str(Card.from_str("dt"))
(Card.from_str('SA'), Card.from_str('HT'), 'DT')
>>> Seat.NORTH.lho, Seat.NORTH.partner, Seat.dealer_of_board(6)
(<Seat.EAST: 1>, <Seat.SOUTH: 2>, <Seat.EAST: 1>)
"""

from __future__ import annotations

from enum import IntEnum
from typing import Self

from minibridge import language
from minibridge.errors import NotationError
from minibridge.language import gettext

__all__ = ["Seat", "Side", "Suit", "Strain", "Rank", "Card", "CARDS", "HCP", "card_typed"]


def _always_true(self: object) -> bool:
    """Every seat, side, suit and strain is something: North, North–South and clubs are numbered 0 but are not
    "nothing", so ``seat or default`` and ``if suit:`` never mistake them for a missing value (test ``is None``)."""
    return True


class Side(IntEnum):
    """A partnership: North–South or East–West."""

    NORTH_SOUTH = 0
    EAST_WEST = 1

    __bool__ = _always_true

    def __str__(self) -> str:
        return ("NS", "EW")[self]

    @property
    def title(self) -> str:
        """``North–South`` or ``East–West``."""
        return ("North–South", "East–West")[self]

    @property
    def in_words(self) -> str:
        """``North–South`` or ``East–West`` in the language in use (Dutch ``Noord–Zuid``, Danish ``Nord–Syd``)."""
        return gettext("North–South") if self is Side.NORTH_SOUTH else gettext("East–West")

    @property
    def other(self) -> Side:
        """The opposing partnership."""
        return Side(1 - self)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this partnership."""
        return (Seat(self), Seat(self + 2))

    @classmethod
    def from_str(cls, text: str) -> Side:
        """``NS`` or ``EW`` (also ``N-S``, ``E–W``, ``North-South``)."""
        key = "".join(ch for ch in text.upper() if ch.isalpha())
        for side, names in ((cls.NORTH_SOUTH, ("NS", "NORTHSOUTH")), (cls.EAST_WEST, ("EW", "EASTWEST"))):
            if key in names:
                return side
        raise NotationError(gettext("'%(text)s' is not a side; write NS or EW") % {"text": text})


class Seat(IntEnum):
    """A place at the table, clockwise from North."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    __bool__ = _always_true

    def __str__(self) -> str:
        return self.letter

    @property
    def letter(self) -> str:
        """``N``, ``E``, ``S`` or ``W``."""
        return "NESW"[self]

    @property
    def title(self) -> str:
        """``North``, ``East``, ``South`` or ``West``."""
        return ("North", "East", "South", "West")[self]

    @property
    def in_words(self) -> str:
        """The seat's name in the language in use: ``North``, Dutch ``Noord``, Danish ``Nord``."""
        return (gettext("North"), gettext("East"), gettext("South"), gettext("West"))[self]

    @property
    def letter_in_words(self) -> str:
        """The seat's letter in the language in use: ``E``, Dutch ``O``, Danish ``Ø``."""
        letters = (
            language.pgettext("seat letter", "N"),
            language.pgettext("seat letter", "E"),
            language.pgettext("seat letter", "S"),
            language.pgettext("seat letter", "W"),
        )
        return letters[self]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return Seat((self + 2) % 4)

    @property
    def lho(self) -> Seat:
        """The left-hand opponent: the next seat clockwise."""
        return Seat((self + 1) % 4)

    @property
    def rho(self) -> Seat:
        """The right-hand opponent: the previous seat clockwise."""
        return Seat((self + 3) % 4)

    @property
    def side(self) -> Side:
        """This seat's partnership."""
        return Side(self % 2)

    def clockwise(self) -> tuple[Seat, Seat, Seat, Seat]:
        """The four seats clockwise, starting with this one."""
        return _CLOCKWISE[self]

    @classmethod
    def dealer_of_board(cls, board: int) -> Seat:
        """The dealer of a pre-dealt board: 1 North, 2 East, 3 South, 4 West, 5 North …"""
        if board < 1:
            raise NotationError(
                gettext("board number %(board)s is not valid; boards are numbered from 1") % {"board": board}
            )
        return cls((board - 1) % 4)

    @classmethod
    def from_str(cls, text: str) -> Seat:
        """``N``/``E``/``S``/``W`` or the full name, in any case."""
        seat = _SEAT_NAMES.get(text.strip().upper())
        if seat is None:
            raise NotationError(gettext("'%(text)s' is not a seat; write N, E, S or W") % {"text": text})
        return seat


_CLOCKWISE: dict[Seat, tuple[Seat, Seat, Seat, Seat]] = {
    seat: tuple(Seat((seat + i) % 4) for i in range(4))  # type: ignore[misc]
    for seat in Seat
}
_SEAT_NAMES: dict[str, Seat] = {seat.letter: seat for seat in Seat} | {seat.name: seat for seat in Seat}


class Suit(IntEnum):
    """One of the four suits, lowest first."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    __bool__ = _always_true

    def __str__(self) -> str:
        return self.letter

    @property
    def letter(self) -> str:
        """``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def plural(self) -> str:
        """``clubs``, ``diamonds``, ``hearts`` or ``spades``."""
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def in_words(self) -> str:
        """``clubs`` … ``spades`` in the language in use (Dutch ``klaveren``, Danish ``klør``)."""
        return self.strain.in_words

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def is_major(self) -> bool:
        """Spades and hearts are the majors."""
        return self >= Suit.HEARTS

    @property
    def strain(self) -> Strain:
        """This suit as a strain (trumps)."""
        return Strain(int(self))

    @classmethod
    def from_str(cls, text: str) -> Suit:
        """A letter (``S``), a symbol (``♠``) or a name (``spades``)."""
        key = text.strip()
        for suit in cls:
            if key.upper() in (suit.letter, suit.name, suit.name[:-1]) or key in (suit.symbol, "♤♡♢♧"[3 - suit]):
                return suit
        raise NotationError(gettext("'%(text)s' is not a suit; write S, H, D or C (or ♠ ♥ ♦ ♣)") % {"text": text})


class Strain(IntEnum):
    """What a contract is played in: a trump suit or no-trumps."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NO_TRUMPS = 4

    __bool__ = _always_true

    def __str__(self) -> str:
        return self.letter

    @property
    def letter(self) -> str:
        """``C``, ``D``, ``H``, ``S`` or ``NT``."""
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def symbol(self) -> str:
        """``♣``, ``♦``, ``♥``, ``♠`` or ``NT``."""
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def words(self) -> str:
        """``clubs`` … ``spades`` or ``no-trumps``."""
        return ("clubs", "diamonds", "hearts", "spades", "no-trumps")[self]

    @property
    def in_words(self) -> str:
        """``clubs`` … ``no-trumps`` in the language in use (Dutch ``zonder troef``, Danish ``uden trumf``)."""
        return (gettext("clubs"), gettext("diamonds"), gettext("hearts"), gettext("spades"), gettext("no-trumps"))[self]

    @property
    def trumps(self) -> Suit | None:
        """The trump suit, or None in no-trumps."""
        return None if self is Strain.NO_TRUMPS else Suit(int(self))

    @property
    def is_major(self) -> bool:
        """Spades or hearts."""
        return self in (Strain.SPADES, Strain.HEARTS)

    @property
    def is_minor(self) -> bool:
        """Clubs or diamonds."""
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @classmethod
    def from_str(cls, text: str) -> Strain:
        """``NT``/``N``/``no-trumps`` or any form :meth:`Suit.from_str` reads."""
        key = text.strip().upper().replace("-", "").replace(" ", "").replace("_", "")
        if key in ("N", "NT", "NOTRUMP", "NOTRUMPS", "SA", "ZT", "UT"):
            return cls.NO_TRUMPS
        try:
            return Suit.from_str(text).strain
        except NotationError:
            raise NotationError(
                gettext("'%(text)s' is not a strain; write NT, S, H, D or C (or ♠ ♥ ♦ ♣)") % {"text": text}
            ) from None


class Rank(IntEnum):
    """The rank of a card, 2 low to ace high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def __str__(self) -> str:
        return self.letter

    @property
    def letter(self) -> str:
        """``2`` … ``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @property
    def hcp(self) -> int:
        """High-card points: ace 4, king 3, queen 2, jack 1."""
        return HCP[self]

    @classmethod
    def from_str(cls, text: str) -> Rank:
        """``A``, ``K``, ``Q``, ``J``, ``T`` or ``10``, ``9`` … ``2``, in any case."""
        key = text.strip().upper()
        if key == "10":
            key = "T"
        if len(key) == 1 and key in "23456789TJQKA":
            return cls("23456789TJQKA".index(key) + 2)
        raise NotationError(
            gettext("'%(text)s' is not a card rank; write A K Q J T (or 10) 9 8 7 6 5 4 3 2") % {"text": text}
        )


HCP: dict[int, int] = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1} | {r: 0 for r in range(2, 11)}


class Card:
    """A playing card. There are 52 of them, made once: use :data:`CARDS` or :meth:`from_str`."""

    __slots__ = ("suit", "rank", "index")

    suit: Suit
    rank: Rank
    index: int

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        return CARDS[suit * 13 + rank - 2]

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", suit * 13 + rank - 2)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards cannot be changed")

    def __copy__(self) -> Self:
        """The same object: it cannot be changed."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """The same object: it cannot be changed."""
        return self

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_card_by_index, (self.index,))

    def __str__(self) -> str:
        return self.suit.letter + self.rank.letter

    def __repr__(self) -> str:
        return f"Card.from_str('{self}')"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    @property
    def hcp(self) -> int:
        """High-card points of this card."""
        return HCP[self.rank]

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``♠A``."""
        return self.suit.symbol + self.rank.letter

    @property
    def shown(self) -> str:
        """The card as printed in the language in use: ``♠Q``, Dutch ``♠V``, Danish ``♠D``, a ten ``♠10``."""
        return self.suit.symbol + language.rank(self.rank.letter)

    @classmethod
    def from_str(cls, text: str) -> Card:
        """``SA``, ``AS``, ``♠A``, ``S10``, ``h2`` …: a suit and a rank in either order."""
        key = text.strip()
        found = _BY_NAME.get(key.upper())
        if found is not None:
            return found
        for suit_part, rank_part in ((key[:1], key[1:]), (key[-1:], key[:-1])):
            try:
                return CARDS[Suit.from_str(suit_part) * 13 + Rank.from_str(rank_part) - 2]
            except NotationError:
                continue
        raise NotationError(
            gettext("'%(text)s' is not a card; write the suit then the rank, like SA, HT or D7") % {"text": text}
        )


def card_typed(text: str) -> Card:
    """A card as a pupil types it in the language in use: the suit then the rank, or the other way round, in the
    language's letters (Dutch ``SV`` for the queen of spades, ``RB`` the jack of diamonds; Danish ``SD``,
    ``KK`` the king of clubs), in symbols (``♠V``), or in English letters (``SQ``) when the language's do not
    read.

    >>> card_typed("SQ"), card_typed("♥10")
    (Card.from_str('SQ'), Card.from_str('HT'))
    """
    key = text.strip().upper()
    suits = {language.strain_letters(suit.letter).upper(): suit.letter for suit in Suit}
    ranks = {language.rank(letter).upper(): letter for letter in "AKQJ"}
    for suit_part, rank_part in ((key[:1], key[1:]), (key[-1:], key[:-1])):
        suit = suits.get(suit_part) or (suit_part if suit_part in "♠♥♦♣" else None)
        rank = ranks.get(rank_part, rank_part)
        if suit is not None and rank in ("10", "T", *"23456789AKQJ"):
            return Card.from_str(suit + rank)
    try:
        return Card.from_str(text)
    except NotationError:
        example = language.strain_letters("S") + language.rank("Q")
        raise NotationError(
            gettext("'%(text)s' is not a card; write the suit then the rank, like %(example)s or ♠%(rank)s")
            % {"text": text, "example": example, "rank": language.rank("Q")}
        ) from None


def _card_by_index(index: int) -> Card:
    return CARDS[index]


CARDS: tuple[Card, ...] = tuple(Card._make(Suit(i // 13), Rank(i % 13 + 2)) for i in range(52))
"""The 52 cards, clubs 2 (index 0) to spades ace (index 51)."""

_BY_NAME: dict[str, Card] = {str(c): c for c in CARDS}
