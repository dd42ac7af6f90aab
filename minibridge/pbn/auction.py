"""The contract and declarer of a PBN game's Auction section, for a game that gives no Contract or Declarer tag.

PBN 2.1 (§3.5): the Auction tag names the first caller, its section the calls in turn clockwise (``Pass``, ``X``,
``XX``, bids like ``1C`` or ``3NT``; ``AP`` for all the passes that end it); the contract is the last bid with the
doubles after it, declarer the first player of the declaring side who named its strain; four passes pass the
board out. Notes (``=1=``), NAGs (``$1``), the marks ``!`` and ``?`` and irregularity marks (``^I``) are left aside;
``*``, ``+`` or ``-`` stop the calls known.

>>> taken = contract_of_auction("N", ["1H Pass 2C Pass", "2H Pass 4H X", "AP"])
>>> taken.contract, taken.declarer.letter
('4HX', 'N')
>>> contract_of_auction("E", ["Pass Pass Pass Pass"]).contract
'Pass'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from minibridge.board import Board
from minibridge.cards import Seat

__all__ = ["AuctionContract", "contract_of_auction", "contract_written"]

_BID = re.compile(r"([1-7])(NT|N|S|H|D|C)", re.IGNORECASE)
_MARKS = re.compile(r"[!?]+$")
_SEATS = {text: seat for seat in Seat for text in (seat.letter, seat.letter.lower())}


class AuctionContract(NamedTuple):
    """What an auction gives: the contract as PBN writes it (``4HX``, ``3NT``, ``Pass``), its declarer (None when
    passed out), and whether the auction ends (three passes after a bid, four at the start)."""

    contract: str | None
    declarer: Seat | None
    ended: bool


def contract_of_auction(first: str, lines: Iterable[str]) -> AuctionContract | None:
    """The contract of an auction whose first caller is ``first`` (``N``, ``E``, ``S``, ``W``) and whose calls are
    the words of ``lines``; None when the first caller is not a seat or the auction holds no call.
    ``contract`` is None when the auction does not end (the calls known stop before three passes)."""
    seat = _SEATS.get(first.strip())
    if seat is None:
        return None
    calls: list[str] = []
    all_pass = False
    for line in lines:
        for word in line.split():
            if word[:1] in ("=", "$"):
                continue
            word = _MARKS.sub("", word.partition("^")[0]).upper()
            if not word:
                continue
            if word in ("*", "+", "-"):
                break
            if word == "AP":
                calls += ["PASS"] * 3
                all_pass = True
                break
            calls.append(word)
        else:
            continue
        break
    if not calls:
        return None
    last: tuple[str, Seat] | None = None  # the last bid and who made it
    doubles = ""
    named: dict[tuple[int, str], Seat] = {}  # who of each side first named each strain
    passes = 0
    for call in calls:
        if call == "PASS":
            passes += 1
        else:
            passes = 0
            bid = _BID.fullmatch(call)
            if bid is not None:
                strain = "NT" if bid.group(2).upper() in ("N", "NT") else bid.group(2).upper()
                last = (f"{bid.group(1)}{strain}", seat)
                named.setdefault((seat % 2, strain), seat)
                doubles = ""
            elif call in ("X", "XX"):
                doubles = call
            else:
                return None  # not a call: the auction cannot be read
        seat = Seat((seat + 1) % 4)
    if last is None:
        passed_out = passes >= 4 or all_pass
        return AuctionContract("Pass", None, True) if passed_out else AuctionContract(None, None, False)
    if passes < 3:
        return AuctionContract(None, None, False)
    bid, bidder = last
    return AuctionContract(bid + doubles, named[(bidder % 2, bid[1:])], True)


def contract_written(board: Board) -> tuple[str | None, bool]:
    """A board's contract as PBN writes it (``4SX``, ``3NT``, ``Pass``) and whether it was taken from the auction:
    its Contract tag, else the contract its Auction section gives, else its MiniBridge contract."""
    written = board.tags.get("Contract", "").strip()
    if written:
        return written, False
    first = board.tags.get("Auction", "").strip()
    if first:
        taken = contract_of_auction(first, board.sections.get("Auction", []))
        if taken is not None and taken.contract is not None:
            return taken.contract, True
    return (str(board.contract) if board.contract is not None else None), False
