"""Duplicate-style competitions (MiniLesson Six): the same boards at several tables, pairs compared by match-points.

The results file is plain text a teacher can type, one line per table per board::

    # board  N-S  E-W  contract  declarer  tricks
    1        1    2    3NT       S         10
    1        3    4    4S        N         9
    1        5    6    3NT       S         +1

Columns are separated by spaces, tabs or commas; ``#`` starts a comment; a first line of column names is
skipped. Tricks are declarer's tricks (0 to 13), or the result against the goal: ``=``, ``+1``, ``-2``.
Each line is scored by the engine (EBU scoring); on each board every N–S pair is compared with every other
N–S pair (2 match-points for each pair beaten, 1 for each tie), and the E–W pairs likewise. The two directions
are ranked apart, as in a Mitchell movement: N–S pair 1 and E–W pair 1 are different pairs.

>>> competition = score_results(parse_results("1 1 2 3NT S 9\\n1 3 4 3NT S 10\\n"))
>>> [(r.ns, r.ns_score, r.ns_matchpoints, r.ew_matchpoints) for r in competition.travellers[0].results]
[('1', 400, 0, 2), ('3', 430, 2, 0)]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from minibridge.cards import Seat, Side
from minibridge.contract import Contract
from minibridge.errors import MiniBridgeError, ResultsError
from minibridge.language import N_, at_board, at_line, file_place, gettext, pgettext, raise_problems
from minibridge.rules import RuleSet, find_rules
from minibridge.scoring import score

__all__ = [
    "COLUMNS",
    "CONTRACT_COLUMN",
    "Entry",
    "TableResult",
    "Traveller",
    "PairTotal",
    "Competition",
    "parse_results",
    "read_entry",
    "load_results",
    "results_text",
    "score_results",
    "competition_data",
]

COLUMNS = ("board", "N–S pair", "E–W pair", "contract", "declarer", "tricks")
"""The columns of a results file, in order."""
CONTRACT_COLUMN = N_("a contract is one word, its level and strain: 1NT, 3NT, 1S, 4S, 4H, 5D, 5C (6NT with --slam)")
"""What the contract column of a results file holds: words like "game in hearts" cannot fit in one column."""


def _columns() -> str:
    """The columns of a results file in the language in use: ``board, N–S pair, E–W pair, …``."""
    # TRANSLATORS: the columns of a duplicate results file, in order, as a list in a sentence.
    return pgettext("results file", "board, N–S pair, E–W pair, contract, declarer, tricks")


@dataclass(frozen=True, kw_only=True)
class Entry:
    """One line of a results file: a board played at one table."""

    board: int
    ns: str
    ew: str
    contract: Contract
    declarer: Seat
    tricks: int
    line: int = 0


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


# --- reading ---------------------------------------------------------------------------------------------------

_SEPARATORS = re.compile(r"[,;\t ]+")
_RELATIVE = re.compile(r"^(=|[+-]\d{1,2})$")
_MOST_PROBLEMS = 10
"""Problems listed at once; the rest are counted."""


def parse_results(text: str, *, source: str = "<text>", rules: RuleSet | None = None) -> list[Entry]:
    """Read a results file's text: every problem is reported at once, each with its line and column."""
    rules = rules or find_rules("ebu")
    entries: list[Entry] = []
    problems: list[str] = []
    first = True
    misshapen = 0  # lines without the six columns: many and no result at all, and it is not a results file
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = [f for f in _SEPARATORS.split(line) if f]
        if first and fields[0].casefold().startswith(("board", "bd")):
            first = False
            continue
        first = False
        where = file_place(source, line=number)
        if len(fields) != len(COLUMNS):
            misshapen += 1
            wrong = gettext("%(count)s columns are needed (%(columns)s), found %(found)s: '%(line)s'") % {
                "count": len(COLUMNS),
                "columns": _columns(),
                "found": len(fields),
                "line": line,
            }
            one_word = "; " + gettext(CONTRACT_COLUMN) if len(fields) > len(COLUMNS) else ""
            problems.append(f"{where}: {wrong}{one_word}")
            continue
        try:
            entries.append(_entry(fields, number, rules))
        except MiniBridgeError as err:
            problems.append(f"{where}, {err.message}")
    if not entries and not problems:
        none = gettext("no results: write one line per table per board (%(columns)s)") % {"columns": _columns()}
        problems.append(f"{source}: {none}")
    if not entries and len(problems) > 1 and 2 * misshapen >= len(problems):
        opening = problems[0].removeprefix(f"{source}, ")
        raise ResultsError(
            gettext("not a results file: no line reads as a result; %(first)s") % {"first": opening}, where=source
        )
    if problems:
        _raise(problems)
    return entries


def _entry(fields: list[str], line: int, rules: RuleSet) -> Entry:
    board_text, ns, ew, contract_text, declarer_text, tricks_text = fields
    if not board_text.isdigit() or int(board_text) < 1:
        raise ResultsError(gettext("board: '%(text)s' is not a board number (1, 2, 3 …)") % {"text": board_text})
    try:
        contract = Contract.from_str(contract_text)
    except MiniBridgeError:
        raise ResultsError(
            gettext("contract: '%(text)s' is not a contract; %(rule)s")
            % {"text": contract_text, "rule": gettext(CONTRACT_COLUMN)}
        ) from None
    try:
        declarer = Seat.from_str(declarer_text)
    except MiniBridgeError as err:
        raise ResultsError(gettext("declarer: %(problem)s") % {"problem": err.message}) from None
    if tricks_text.isdigit():
        tricks = int(tricks_text)
    elif _RELATIVE.match(tricks_text):
        tricks = contract.goal() + (0 if tricks_text == "=" else int(tricks_text))
    else:
        raise ResultsError(
            gettext("tricks: '%(text)s' is not declarer's tricks (0 to 13) nor a result like =, +1, -2")
            % {"text": tricks_text}
        )
    if not 0 <= tricks <= 13:
        raise ResultsError(
            gettext("tricks: '%(text)s' makes %(count)s tricks; declarer takes 0 to 13")
            % {"text": tricks_text, "count": tricks}
        )
    try:
        score(contract, tricks, rules)
    except MiniBridgeError as err:
        raise ResultsError(gettext("contract: %(problem)s") % {"problem": err.message}) from None
    return Entry(board=int(board_text), ns=ns, ew=ew, contract=contract, declarer=declarer, tricks=tricks, line=line)


def read_entry(fields: Sequence[str], *, rules: RuleSet | None = None) -> Entry:
    """One table's result given as the six columns of a results file's line (board, N–S pair, E–W pair,
    contract, declarer, tricks), checked as a line of the file is: a problem names its column first.

    >>> read_entry(["2", "1", "3", "4H", "S", "-1"]).tricks
    9
    """
    return _entry(list(fields), 0, rules or find_rules("ebu"))


def load_results(path: str | Path, *, rules: RuleSet | None = None) -> list[Entry]:
    """Read a results file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ResultsError(gettext("no such results file"), where=str(path)) from None
    except (IsADirectoryError, PermissionError, UnicodeDecodeError) as err:
        raise ResultsError(
            gettext("cannot be read as %(what)s (%(error)s)")
            % {"what": gettext("a results file"), "error": err.__class__.__name__},
            where=str(path),
        ) from None
    return parse_results(text, source=str(path), rules=rules)


def results_text(entries: Sequence[Entry]) -> str:
    """The results as a results file's text, one line per table per board, that :func:`parse_results` reads back.

    >>> print(results_text(parse_results("1 1 2 3NT S 9")), end="")
    # board  N-S  E-W  contract  declarer  tricks
    1        1    2    3NT       S         9
    """
    lines = ["# board  N-S  E-W  contract  declarer  tricks"]
    for e in entries:
        lines.append(f"{e.board:<8} {e.ns:<4} {e.ew:<4} {e.contract!s:<9} {e.declarer.letter:<9} {e.tricks}".rstrip())
    return "\n".join(lines) + "\n"


def _raise(problems: list[str]) -> None:
    raise_problems(ResultsError, problems, most=_MOST_PROBLEMS)


# --- scoring ---------------------------------------------------------------------------------------------------


def score_results(entries: Sequence[Entry], *, rules: RuleSet | None = None, source: str = "") -> Competition:
    """Score every table, match-point every board, and rank the pairs."""
    rules = rules or find_rules("ebu")
    where = f"{source}, " if source else ""
    _check_pairs_once(entries, where)
    boards: dict[int, list[Entry]] = {}
    for entry in entries:
        boards.setdefault(entry.board, []).append(entry)
    travellers = []
    notes = []
    for board in sorted(boards):
        travellers.append(_traveller(board, boards[board], rules))
        sides = {entry.declarer.side for entry in boards[board]}
        if len(sides) > 1:
            note = gettext(
                "declarer sat N–S at some tables and E–W at others; with the same cards the same side should "
                "declare: check the points were counted right"
            )
            notes.append(f"{where}{at_board(board)}: {note}")
    ns_ranking = _ranking(travellers, Side.NORTH_SOUTH)
    ew_ranking = _ranking(travellers, Side.EAST_WEST)
    return Competition(travellers=tuple(travellers), ns_ranking=ns_ranking, ew_ranking=ew_ranking, notes=tuple(notes))


def _check_pairs_once(entries: Sequence[Entry], where: str) -> None:
    """A pair plays a board once."""
    seen: dict[tuple[int, str, str], int] = {}
    problems = []
    north_south, east_west = gettext("N–S"), gettext("E–W")
    for entry in entries:
        for direction, pair in ((north_south, entry.ns), (east_west, entry.ew)):
            key = (entry.board, direction, pair)
            if key in seen:
                twice = gettext(
                    "%(direction)s pair %(pair)s plays board %(board)s twice (lines %(first)s and %(second)s): "
                    "each pair plays a board once"
                ) % {
                    "direction": direction,
                    "pair": pair,
                    "board": entry.board,
                    "first": seen[key],
                    "second": entry.line,
                }
                problems.append(f"{where}{at_line(entry.line)}: {twice}")
            seen.setdefault(key, entry.line)
    if problems:
        _raise(problems)


def _traveller(board: int, entries: list[Entry], rules: RuleSet) -> Traveller:
    nets = []
    for entry in entries:
        result = score(entry.contract, entry.tricks, rules)
        ns_declares = entry.declarer.side is Side.NORTH_SOUTH
        ns_score = result.declarers_score if ns_declares else result.defenders_score
        ew_score = result.defenders_score if ns_declares else result.declarers_score
        nets.append((entry, ns_score, ew_score))
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


def _natural(text: str) -> tuple[int, int, str]:
    """Pair 2 before pair 10."""
    return (0, int(text), "") if text.isdigit() else (1, 0, text.casefold())


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
