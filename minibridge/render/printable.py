"""What a file's hand records hold, before any drawing: its boards with a deal, those with only some hands known,
the games left out, and the heading from its Event, Site and Date. No reportlab here, so that ``records --json``
stays quick."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from minibridge.board import Board, complete_boards
from minibridge.cards import Seat
from minibridge.deal import Hand

if TYPE_CHECKING:
    from minibridge.render.text import Wording

__all__ = ["PartialBoard", "printable_boards", "records_heading"]

_DATE = re.compile(r"(\d{4})\.(\d\d|\?\?)\.(\d\d|\?\?)")
"""A PBN date: year, month and day, ``??`` where not known."""


@dataclass(frozen=True)
class PartialBoard:
    """A board of which only some hands are known (None for a hand not known): printed without analysis."""

    number: int
    dealer: Seat
    hands: dict[Seat, Hand | None]


def printable_boards(games: Sequence[Board]) -> tuple[list[Board], list[PartialBoard], list[Board]]:
    """A file's games sorted for hand records: the boards with a deal (whole deals and end positions, each board
    once), the boards with only some hands known, and the games left out (no deal at all)."""
    boards, without = complete_boards(games, short=True)
    places = {id(game): place for place, game in enumerate(games, start=1)}
    found = [(board, _partial(board, places[id(board)])) for board in without]
    return (
        boards,
        [known for _, known in found if known is not None],
        [board for board, known in found if known is None],
    )


def _partial(board: Board, place: int) -> PartialBoard | None:
    """A board of which only some hands are known, to print without analysis; None for any other board."""
    known = board.partial_deal if board.deal is None else {}
    if not known or len(known) == 4:
        return None
    hands: dict[Seat, Hand | None] = {seat: known.get(seat) for seat in Seat}
    number = board.number if board.number is not None else place
    dealer = board.dealer if board.dealer is not None else Seat.dealer_of_board(number)
    return PartialBoard(number=number, dealer=dealer, hands=hands)


def _tag(games: Sequence[Board], name: str) -> str:
    """The first meaningful value of a tag in a file's games ('' when none has one)."""
    for game in games:
        value = game.tags.get(name, "").strip().lstrip("#").strip()
        if value and value != "?":
            return value
    return ""


def records_heading(games: Sequence[Board], name: str, words: Wording) -> tuple[str, str]:
    """The heading of a file's hand records and the line under it: its Event, then Site and Date; without an
    Event, the file's name."""
    event, site, date = (_tag(games, tag) for tag in ("Event", "Site", "Date"))
    title = words("records", "event_title", event=event) if event else words("records", "file_title", name=name)
    found = _DATE.fullmatch(date)
    year, month, day = (int(part) if part.isdigit() else 0 for part in found.groups()) if found else (0, 0, 0)
    details = words(
        "records", "event_details", site=site, year=year, month=month if 1 <= month <= 12 else 0, day=day, date=date
    )
    return title, details
