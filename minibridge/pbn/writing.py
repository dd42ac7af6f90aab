"""Boards written as PBN text: each board's tags in the order read, the fields it holds written anew only where they
changed, the Play section a line a trick with its irregularity marks."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TextIO

from minibridge.board import Board, PlayRecord
from minibridge.cards import Seat

__all__ = ["dump", "dumps"]

_FIELDS: dict[str, Callable[[Board], object]] = {
    "Board": lambda board: board.number,
    "Dealer": lambda board: board.dealer,
    "Deal": lambda board: board.deal,
    "Declarer": lambda board: board.declarer,
    "Contract": lambda board: board.contract,
    "Result": lambda board: (board.result, board.result_by_agreement),
    "Play": lambda board: board.play,
}
"""The tags a board holds as fields, and the value of each that a board read keeps in ``read_as``."""
_OWN_TAGS = ("Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Play")


def _tag(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _own_values(board: Board) -> dict[str, str]:
    """The values of the tags a board holds as fields: as read when unchanged, else written anew."""
    first = board.dealer if board.dealer is not None else Seat.NORTH
    values = {
        "Board": "" if board.number is None else str(board.number),
        "Dealer": "" if board.dealer is None else board.dealer.letter,
        "Vulnerable": board.tags.get("Vulnerable", "" if board.tags else "None"),
        "Deal": "" if board.deal is None else board.deal.to_pbn(first),
        "Declarer": "" if board.declarer is None else board.declarer.letter,
        "Contract": "" if board.contract is None else str(board.contract),
        "Result": "" if board.result is None else "^" * board.result_by_agreement + str(board.result),
        "Play": "" if board.play is None else board.play.leader.letter,
    }
    for name, value in _FIELDS.items():
        if name in board.tags and name in board.read_as and value(board) == board.read_as[name]:
            values[name] = board.tags[name]
    return values


def _changed(board: Board, name: str) -> bool:
    """A field that is not as it was read (every field of a board not read from a file)."""
    value = _FIELDS.get(name)
    return value is None or name not in board.read_as or value(board) != board.read_as[name]


def _play_lines(play: PlayRecord) -> list[str]:
    """The Play section: a line a trick, in columns clockwise from the opening leader, marks after their cards."""
    order = play.leader.clockwise()
    marks = dict.fromkeys(play.revokes, " ^R") | dict.fromkeys(play.led_out_of_turn, " ^L")
    lines = [
        " ".join("-" if row[seat] is None else f"{row[seat]}{marks.get(row[seat], '')}" for seat in order)  # type: ignore[arg-type]
        for row in play.tricks
    ]
    if not play.tricks or any(card is None for card in play.tricks[-1]):
        lines.append("*")
    return lines


def _board_text(board: Board) -> str:
    """One game: the file's tags in their order (the board's fields as they are now), then any field not yet there."""
    own = _own_values(board)
    names = list(board.tags) + [
        name for name in _OWN_TAGS if name not in board.tags and own[name] and _changed(board, name)
    ]
    if "Play" in names:
        names.remove("Play")
        if board.play is not None:
            names.append("Play")
    lines: list[str] = []
    for name in names:
        lines.append(_tag(name, own.get(name, board.tags.get(name, ""))))
        lines.extend(_play_lines(board.play) if name == "Play" and board.play else board.sections.get(name, []))
    return "\n".join(lines) + "\n"


def dumps(boards: Iterable[Board]) -> str:
    """PBN text of the boards, one game each, separated by empty lines."""
    return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(_board_text(board) for board in boards)


def dump(boards: Iterable[Board], fp: TextIO) -> None:
    """Write :func:`dumps` of the boards to a text stream."""
    fp.write(dumps(boards))
