"""A pack's boards as files to deal them from: PBN for any program or dealing machine, and Duplimate's DUP file.

Schools with a dealing machine (Duplimate, Dealer4) deal the boards from a file, and a teacher who deals by hand
reads the same file. The file holds the boards to deal and nothing more: each board's number, dealer,
vulnerability (none: MiniBridge scores without it) and deal; a lesson deal's recorded play stays in the
teacher's notes.

The DUP layout is the one Duplimate documents in its conversion notes ("Convert", Jannersten/Duplimate's
``convert.pdf``): each board takes 156 bytes, with no separator between boards:

- bytes 1–78, the *BRI* part: North's, East's and South's cards, thirteen two-digit numbers each, the spade ace
  ``01`` … the spade two ``13``, the heart ace ``14`` … the club two ``52`` (West holds the rest);
- bytes 79–146, the *DGE* part: the four hands sorted, North, East, South, West, 17 bytes each (the four suit
  symbols, each followed by the suit's cards, ten as ``T``);
- bytes 147–156: ``Y`` or ``N`` for "random hands?" and for "backwards counting", then the lowest board number
  (3 bytes), the copies of each board (2 bytes) and the highest board number (3 bytes), each left aligned and
  padded with spaces: ``YN1  1 32 `` for a set of 32 boards.

The notes show the suit symbols as ♠ ♥ ♦ ♣ without giving their bytes; they are written here as the DOS
character set (code page 437) draws those symbols, bytes 06, 03, 04 and 05.

>>> from minibridge.deal import Deal
>>> board = Board(number=1, deal=Deal.from_pbn(
...     "N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76"))
>>> record = dup_bytes([board])
>>> len(record), record[:26], record[146:]
(156, b'04060708171821222425273742', b'YN1  1 1  ')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from minibridge.board import Board
from minibridge.cards import Card, Seat, Suit
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext

__all__ = ["boards_to_deal", "boards_pbn", "dup_bytes", "DUP_BOARD", "DUP_SYMBOLS"]

DUP_BOARD = 156
"""Bytes of each board in a DUP file."""
DUP_SYMBOLS: dict[Suit, bytes] = {
    Suit.SPADES: b"\x06",
    Suit.HEARTS: b"\x03",
    Suit.DIAMONDS: b"\x04",
    Suit.CLUBS: b"\x05",
}
"""The suit symbols of a DUP file's sorted hands: ♠ ♥ ♦ ♣ of code page 437."""
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RANKS = "23456789TJQKA"
"""The ranks as the file writes them, whatever the language of the printed pack."""


def boards_to_deal(boards: Iterable[Board]) -> list[Board]:
    """The boards as a dealer needs them: number, dealer and deal (no contract, play or result)."""
    return [Board(number=board.number, dealer=board.dealer, deal=board.deal) for board in boards]


def boards_pbn(boards: Iterable[Board]) -> str:
    """The PBN file of the boards to deal (:func:`boards_to_deal`): ``[Board]``, ``[Dealer]``,
    ``[Vulnerable "None"]`` and ``[Deal]`` of each, read back by :func:`minibridge.pbn.loads` to the same boards."""
    from minibridge.pbn import dumps

    return dumps(boards_to_deal(boards)).rstrip("\n") + "\n"


def _card_number(card: Card) -> int:
    """``1`` for the spade ace … ``52`` for the club two."""
    return _SUITS.index(card.suit) * 13 + (14 - card.rank) + 1


def dup_bytes(boards: Sequence[Board]) -> bytes:
    """The boards as a Duplimate DUP file (the layout above), numbered in a run from the first board's number."""
    numbers = [board.number or 0 for board in boards]
    if (
        not numbers
        or numbers != list(range(numbers[0], numbers[0] + len(numbers)))
        or not 1 <= numbers[0] <= numbers[-1] <= 999
    ):
        raise ValueError(f"a DUP file holds boards numbered in a run from 1 to 999, not {numbers}")
    first, last = numbers[0], numbers[-1]
    trailer = b"YN" + f"{first:<3}{1:<2}{last:<3}".encode("ascii")
    records: list[bytes] = []
    for board in boards:
        deal = board.deal
        if deal is None or deal.cards_per_hand != 13:
            raise MiniBridgeError(
                gettext(
                    "board %(number)s: a dealing machine's DUP file holds hands of 13 cards; "
                    "the PBN file holds this lesson's short deals"
                )
                % {"number": board.number}
            )
        bri = "".join(
            f"{_card_number(card):02d}"
            for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH)
            for card in sorted(deal[seat], key=_card_number)
        ).encode("ascii")
        dge = b"".join(
            DUP_SYMBOLS[suit] + "".join(_RANKS[rank - 2] for rank in deal[seat].ranks(suit)).encode("ascii")
            for seat in Seat
            for suit in _SUITS
        )
        record = bri + dge + trailer
        assert len(record) == DUP_BOARD, len(record)
        records.append(record)
    return b"".join(records)
