"""Duplicate scoring (MiniLesson Six): each table's score, each board's match-points and the pairs' rankings.

Each table's result is scored by the engine (EBU scoring); on each board every N–S pair is compared with every
other N–S pair (2 match-points for each pair beaten, 1 for each tie), and the E–W pairs likewise. The two
directions are ranked apart, as in a Mitchell movement: N–S pair 1 and E–W pair 1 are different pairs.

>>> from minibridge.duplicate.results import parse_results
>>> competition = score_results(parse_results("1 1 2 3NT S 9\\n1 3 4 3NT S 10\\n"))
>>> [(r.ns, r.ns_score, r.ns_matchpoints, r.ew_matchpoints) for r in competition.travellers[0].results]
[('1', 400, 0, 2), ('3', 430, 2, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from minibridge.cards import Seat, Side
from minibridge.contract import Contract
from minibridge.duplicate.results import Entry, check_results, named_entries
from minibridge.reading import digits
from minibridge.rules import RuleSet, find_rules
from minibridge.scoring import score

__all__ = ["TableResult", "Traveller", "PairTotal", "Competition", "score_results", "competition_data"]


@dataclass(frozen=True, kw_only=True)
class TableResult:
    """A line of a traveller: the table's result, its score and match-points."""

    board: int
    ns: str
    ew: str
    contract: Contract
    declarer: Seat
    tricks: int
    ns_score: int
    ew_score: int
    ns_matchpoints: int
    ew_matchpoints: int

    @property
    def net(self) -> int:
        """The score from N–S's side: what N–S scored less what E–W scored."""
        return self.ns_score - self.ew_score


@dataclass(frozen=True, kw_only=True)
class Traveller:
    """Every table's result on one board, and the top (the most match-points a pair can get on it)."""

    board: int
    results: tuple[TableResult, ...]

    @property
    def top(self) -> int:
        """2 for each other pair in the same direction."""
        return 2 * (len(self.results) - 1)


@dataclass(frozen=True, kw_only=True)
class PairTotal:
    """A pair's total: boards played, match-points out of the most possible, percentage and rank."""

    pair: str
    boards: int
    matchpoints: int
    top: int
    rank: int

    @property
    def percentage(self) -> float | None:
        """Match-points as a share of the most possible, or None if no board was compared."""
        return round(100 * self.matchpoints / self.top, 1) if self.top else None


@dataclass(frozen=True, kw_only=True)
class Competition:
    """A scored competition: a traveller per board, the N–S and E–W rankings, and notes worth a teacher's look."""

    travellers: tuple[Traveller, ...]
    ns_ranking: tuple[PairTotal, ...]
    ew_ranking: tuple[PairTotal, ...]
    notes: tuple[str, ...] = ()
    scoring: str = ""
    """The rules the tables were scored by, in words (``MiniLesson Three``, ``EBU MiniBridge``)."""


def score_results(entries: Sequence[Entry], *, rules: RuleSet | None = None, source: str = "") -> Competition:
    """Score every table, match-point every board, and rank the pairs (the results checked as a whole first:
    :func:`~minibridge.duplicate.results.check_results`). Results of several schools are one field: every pair
    is compared with every pair of its direction, each named by its school (``Oak 3``)."""
    rules = rules or find_rules("ebu")
    entries = named_entries(entries)
    notes = check_results(entries, source=source)
    boards: dict[int, list[Entry]] = {}
    for entry in entries:
        boards.setdefault(entry.board, []).append(entry)
    travellers = tuple(_traveller(board, boards[board], rules) for board in sorted(boards))
    return Competition(
        scoring=rules.title_in_words,
        travellers=travellers,
        ns_ranking=_ranking(travellers, Side.NORTH_SOUTH),
        ew_ranking=_ranking(travellers, Side.EAST_WEST),
        notes=notes,
    )


def _traveller(board: int, entries: list[Entry], rules: RuleSet) -> Traveller:
    nets = []
    for entry in entries:
        result = score(entry.contract, entry.tricks, rules, declarer=entry.declarer)
        nets.append((entry, result.for_side(Side.NORTH_SOUTH), result.for_side(Side.EAST_WEST)))
    results = []
    for entry, ns_score, ew_score in nets:
        net = ns_score - ew_score
        top = 2 * (len(nets) - 1)
        ns_mp = sum(
            2 if net > other_ns - other_ew else 1 if net == other_ns - other_ew else 0
            for other, other_ns, other_ew in nets
            if other is not entry
        )
        results.append(
            TableResult(
                board=board,
                ns=entry.ns,
                ew=entry.ew,
                contract=entry.contract,
                declarer=entry.declarer,
                tricks=entry.tricks,
                ns_score=ns_score,
                ew_score=ew_score,
                ns_matchpoints=ns_mp,
                ew_matchpoints=top - ns_mp,
            )
        )
    return Traveller(board=board, results=tuple(results))


def _ranking(travellers: Sequence[Traveller], side: Side) -> tuple[PairTotal, ...]:
    """The pairs of one direction by percentage, then match-points; pairs level share a rank."""
    totals: dict[str, list[int]] = {}  # boards, match-points, top
    north_south = side is Side.NORTH_SOUTH
    for traveller in travellers:
        for result in traveller.results:
            row = totals.setdefault(result.ns if north_south else result.ew, [0, 0, 0])
            row[0] += 1
            row[1] += result.ns_matchpoints if north_south else result.ew_matchpoints
            row[2] += traveller.top

    def key(pair: str) -> tuple[float, int]:
        _, matchpoints, top = totals[pair]
        return (matchpoints / top if top else -1.0), matchpoints

    order = sorted(totals, key=lambda p: (-key(p)[0], -key(p)[1], _natural(p)))
    return tuple(
        PairTotal(
            pair=pair,
            boards=totals[pair][0],
            matchpoints=totals[pair][1],
            top=totals[pair][2],
            rank=1 + sum(key(o) > key(pair) for o in order),
        )
        for pair in order
    )


def _natural(text: str) -> tuple[str, int, int, str]:
    """Pair 2 before pair 10, and Oak 2 before Oak 10."""
    school, _, number = text.rpartition(" ")
    if digits(number) is not None:
        return (school.casefold(), 0, int(number), "")
    return (text.casefold(), 1, 0, text.casefold())


def competition_data(competition: Competition) -> dict[str, Any]:
    """A scored competition as plain data (the ``--json`` object of ``minibridge duplicate score``): each
    board's traveller, the two rankings and the notes."""

    def line(result: TableResult) -> dict[str, Any]:
        return {
            "ns": result.ns,
            "ew": result.ew,
            "contract": str(result.contract),
            "declarer": result.declarer.letter,
            "tricks": result.tricks,
            "ns_score": result.ns_score,
            "ew_score": result.ew_score,
            "ns_matchpoints": result.ns_matchpoints,
            "ew_matchpoints": result.ew_matchpoints,
        }

    def total(pair: PairTotal) -> dict[str, Any]:
        return {
            "pair": pair.pair,
            "boards": pair.boards,
            "matchpoints": pair.matchpoints,
            "top": pair.top,
            "percentage": pair.percentage,
            "rank": pair.rank,
        }

    return {
        "boards": [
            {"board": t.board, "top": t.top, "results": [line(r) for r in t.results]} for t in competition.travellers
        ],
        "rankings": {
            "ns": [total(p) for p in competition.ns_ranking],
            "ew": [total(p) for p in competition.ew_ranking],
        },
        "notes": list(competition.notes),
    }
