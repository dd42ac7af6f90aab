"""The pieces of a field of several classes on the same boards: another class's results kept in an event, and the
print of each board's deal that a results file carries (``# deal 3: 5be2a91c07``), so that results of other deals
are found out board by board (:mod:`minibridge.duplicate.classes` takes a class in).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from minibridge.board import Board
from minibridge.duplicate.results import SCHOOL_LINE, Entry
from minibridge.errors import ResultsError
from minibridge.language import gettext

if TYPE_CHECKING:
    from minibridge.rules import RuleSet

__all__ = ["ImportedClass", "deal_print", "deal_lines", "deal_prints", "text_parts", "rules_words"]

_DEAL_LINE = re.compile(r"^\s*#\s*deal\s+(\d{1,3}):\s*([0-9a-f]{10})\s*$", re.IGNORECASE)
"""A board's print in a results file: ``# deal 3: 5be2a91c07``."""


@dataclass(frozen=True, kw_only=True)
class ImportedClass:
    """Another class's results on the event's boards: its id in the event, its school, its results."""

    id: str
    school: str
    entries: tuple[Entry, ...]

    def as_data(self) -> dict[str, Any]:
        """The class as plain data: each result as the six columns of a results file's line."""
        rows = [entry.columns() for entry in self.entries]
        return {"id": self.id, "school": self.school, "results": rows}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ImportedClass:
        """The class of :meth:`as_data`."""
        school = data["school"]
        entries = tuple(Entry.from_columns(columns, school=school) for columns in data["results"])
        return cls(id=data["id"], school=school, entries=entries)


def deal_print(board: Board) -> str:
    """A board's deal and dealer as ten letters and digits: the same cards give the same print.

    >>> from minibridge.cards import Seat
    >>> from minibridge.deal import Deal
    >>> deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
    >>> first, ninth = Board(number=1, dealer=Seat.NORTH, deal=deal), Board(number=9, dealer=Seat.NORTH, deal=deal)
    >>> deal_print(first) == deal_print(ninth)
    True
    """
    assert board.deal is not None and board.dealer is not None
    return hashlib.sha256(f"{board.dealer.letter} {board.deal.to_pbn()}".encode()).hexdigest()[:10]


def deal_lines(boards: Sequence[Board]) -> list[str]:
    """The lines of a results file that say its deals: each board's print (``# deal 3: 5be2a91c07``)."""
    return [f"# deal {b.number}: {deal_print(b)}" for b in boards]


def deal_prints(text: str, source: str) -> dict[int, str]:
    """Each board's print as the text's ``# deal`` lines give it; refused when two lines give one board two
    different prints (files of other deals joined)."""
    prints: dict[int, tuple[str, int]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        said = _DEAL_LINE.match(raw)
        if said is None:
            continue
        board, value = int(said.group(1)), said.group(2).lower()
        first = prints.setdefault(board, (value, number))
        if first[0] != value:
            raise ResultsError(
                gettext("these results are for other deals: board %(board)s differs (lines %(first)s and %(line)s)")
                % {"board": board, "first": first[1], "line": number},
                where=source,
            )
    return {board: value for board, (value, _) in prints.items()}


def rules_words(rules: RuleSet) -> str:
    """A rule set in words, saying whether slams are played: ``EBU MiniBridge, with slams``."""
    return rules.title_in_words + (", " + gettext("with slams") if rules.slam else "")


def text_parts(text: str) -> list[str]:
    """The text cut where each school's results begin (a ``# school:`` line opens an event's file: files joined
    start a part each), the parts without a result left out."""
    parts: list[list[str]] = [[]]
    for raw in text.splitlines():
        if SCHOOL_LINE.match(raw) and parts[-1]:
            parts.append([])
        parts[-1].append(raw)
    return ["\n".join(part) for part in parts if any(line.split("#", 1)[0].strip() for line in part)]
