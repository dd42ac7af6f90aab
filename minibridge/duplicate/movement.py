"""A movement: which pairs meet at which table, and which boards each table plays, round by round.

The pairs are numbered as in a Mitchell: N–S pair 1 sits North–South at table 1 all evening, E–W pair 1 starts
East–West at table 1. The boards are dealt into one set per table (set 1 at table 1 …), as many boards in each.

- 3 tables or more, an odd number of tables: a **Mitchell**. N–S pairs stay put; after each round the E–W pairs
  move up one table (from the last table to table 1) and the boards move down one table (from table 1 to the last).
  As many rounds as tables: every N–S pair meets every E–W pair and every pair plays every board.
- 4 tables or more, an even number: a **skip Mitchell**. As the Mitchell, but after half the rounds the E–W pairs
  skip a table (they move up two), or they would play boards they have played already. One round fewer than
  tables: each pair misses one set of boards.
- 2 tables: a **two-table share**. N–S pairs stay, the E–W pairs swap tables after round 1; in each round both
  tables play the same set of boards, swapping the boards during the round. Two rounds.

With an odd number of pairs the last E–W pair is missing (a phantom): the N–S pair due to meet it sits out that
round.

>>> chosen = movement(pairs=7, boards=8)
>>> chosen.kind, chosen.tables, chosen.rounds, chosen.boards_per_round
('skip Mitchell', 4, 3, 2)
>>> [(m.table, m.ns, m.ew, m.boards) for m in chosen.round(1)]
[(1, 1, 1, (1, 2)), (2, 2, 2, (3, 4)), (3, 3, 3, (5, 6)), (4, 4, None, (7, 8))]
>>> chosen.sits_out(1)
4
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from minibridge.errors import MiniBridgeError
from minibridge.language import gettext

__all__ = ["FEWEST_PAIRS", "MOST_PAIRS", "Meeting", "Movement", "MovementProblem", "movement"]

FEWEST_PAIRS = 4
"""The fewest pairs a movement seats: two tables."""
MOST_PAIRS = 20
"""The most pairs a movement seats: ten tables, a big class."""


class MovementProblem(MiniBridgeError):
    """Why there is no movement for these pairs and boards, with what would work, in plain words."""


@dataclass(frozen=True, kw_only=True)
class Meeting:
    """One table in one round: the N–S pair, the E–W pair (None: the phantom, the N–S pair sits out), the boards
    played, and where the boards and the E–W pair go next (None after the last round)."""

    round: int
    table: int
    ns: int
    ew: int | None
    boards: tuple[int, ...]
    boards_to: int | None
    ew_to: int | None

    @property
    def sits_out(self) -> bool:
        """The N–S pair has no one to play this round."""
        return self.ew is None


@dataclass(frozen=True, kw_only=True)
class Movement:
    """A movement for ``pairs`` pairs at ``tables`` tables, ``rounds`` rounds of ``boards_per_round`` boards."""

    kind: str
    """``Mitchell``, ``skip Mitchell`` or ``two-table share``."""
    pairs: int
    tables: int
    rounds: int
    boards_per_round: int
    meetings: tuple[Meeting, ...]

    @property
    def shared(self) -> bool:
        """Both tables play the same boards in a round, swapping them (the two-table share)."""
        return self.kind == "two-table share"

    @property
    def played(self) -> int:
        """How many times each board is played (a pair sitting out plays none)."""
        return 2 if self.shared else self.rounds

    def round(self, number: int) -> list[Meeting]:
        """The tables of round ``number``, table 1 first."""
        return [meeting for meeting in self.meetings if meeting.round == number]

    def at(self, table: int, round_number: int) -> Meeting | None:
        """Table ``table`` in round ``round_number`` (None when there is no such table or round)."""
        return next((m for m in self.meetings if (m.table, m.round) == (table, round_number)), None)

    def meeting_of(self, ns: str, ew: str, board: int) -> Meeting | None:
        """Where the N–S pair ``ns`` meets the E–W pair ``ew`` on ``board`` (None: the movement does not seat
        them so)."""
        return next((m for m in self.meetings if (str(m.ns), str(m.ew)) == (ns, ew) and board in m.boards), None)

    def sits_out(self, round_number: int) -> int | None:
        """The N–S pair sitting out in round ``round_number``, or None."""
        return next((m.ns for m in self.round(round_number) if m.sits_out), None)

    def as_data(self) -> dict[str, Any]:
        """The movement as plain data: its kind, sizes, and every round's tables."""
        return {
            "kind": self.kind,
            "pairs": self.pairs,
            "tables": self.tables,
            "rounds": self.rounds,
            "boards_per_round": self.boards_per_round,
            "played": self.played,
            "shared": self.shared,
            "phantom": self.pairs % 2 == 1,
            "round_tables": [
                {
                    "round": number,
                    "sits_out": self.sits_out(number),
                    "tables": [
                        {
                            "table": m.table,
                            "ns": m.ns,
                            "ew": m.ew,
                            "boards": list(m.boards),
                            "boards_to": m.boards_to,
                            "ew_to": m.ew_to,
                        }
                        for m in self.round(number)
                    ],
                }
                for number in range(1, self.rounds + 1)
            ],
        }


def movement(*, pairs: int, boards: int) -> Movement:
    """The movement for ``pairs`` pairs playing ``boards`` boards (see the module); a number of pairs or boards
    that cannot be seated or shared out is refused, saying what would work."""
    if not FEWEST_PAIRS <= pairs <= MOST_PAIRS:
        raise MovementProblem(
            gettext("a movement seats %(fewest)s to %(most)s pairs, not %(pairs)s")
            % {"fewest": FEWEST_PAIRS, "most": MOST_PAIRS, "pairs": pairs}
        )
    tables = (pairs + 1) // 2
    sets = tables
    if boards % sets:
        fits = [n for n in range(sets, 37, sets)][:3]
        raise MovementProblem(
            gettext(
                "%(tables)s tables play %(tables)s sets of boards, the same number in each: %(boards)s boards "
                "cannot be shared out; give %(fits)s boards"
            )
            % {"tables": tables, "boards": boards, "fits": gettext(" or ").join(map(str, fits))}
        )
    per_set = boards // sets
    if tables == 2:
        kind, rounds = "two-table share", 2
    elif tables % 2:
        kind, rounds = "Mitchell", tables
    else:
        kind, rounds = "skip Mitchell", tables - 1
    phantom = tables if pairs % 2 else None
    meetings = []
    for index in range(rounds):
        for table in range(1, tables + 1):
            ew = _ew_at(kind, tables, table, index)
            played = _set_at(kind, tables, table, index)
            last = index == rounds - 1
            meetings.append(
                Meeting(
                    round=index + 1,
                    table=table,
                    ns=table,
                    ew=None if ew == phantom else ew,
                    boards=tuple(range(played * per_set + 1, (played + 1) * per_set + 1)),
                    boards_to=_boards_to(kind, tables, table, last),
                    ew_to=None if last or ew == phantom else _ew_to(kind, tables, table, index),
                )
            )
    return Movement(
        kind=kind, pairs=pairs, tables=tables, rounds=rounds, boards_per_round=per_set, meetings=tuple(meetings)
    )


def _skip(kind: str, tables: int, index: int) -> int:
    """1 from the second half of a skip Mitchell's rounds on (the E–W pairs have skipped a table), else 0."""
    return 1 if kind == "skip Mitchell" and index >= tables // 2 else 0


def _ew_at(kind: str, tables: int, table: int, index: int) -> int:
    """The E–W pair at ``table`` in round ``index`` (from 0): it started ``index`` tables lower (and one more
    after a skip)."""
    return (table - 1 - index - _skip(kind, tables, index)) % tables + 1


def _set_at(kind: str, tables: int, table: int, index: int) -> int:
    """The set of boards (from 0) at ``table`` in round ``index`` (from 0): each round one table further down; in
    the two-table share, both tables play the round's set."""
    if kind == "two-table share":
        return index
    return (table - 1 + index) % tables


def _boards_to(kind: str, tables: int, table: int, last: bool) -> int | None:
    """The table the boards of ``table`` go to: after the round, down one (none after the last round); in the
    two-table share, the other table, board by board during the round."""
    if kind == "two-table share":
        return 3 - table
    return None if last else (table - 2) % tables + 1


def _ew_to(kind: str, tables: int, table: int, index: int) -> int:
    """The table the E–W pair of ``table`` goes to after round ``index``: up one, up two at the skip."""
    step = 1 + (_skip(kind, tables, index + 1) - _skip(kind, tables, index))
    return (table - 1 + step) % tables + 1
