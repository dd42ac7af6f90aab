"""A duplicate results file (MiniLesson Six): plain text a teacher can type, one line per table per board::

    # board  N-S  E-W  contract  declarer  tricks
    1        1    2    3NT       S         10
    1        3    4    4S        N         9
    1        5    6    3NT       S         +1

Columns are separated by spaces, tabs or commas; ``#`` starts a comment; a first line of column names is
skipped. Tricks are declarer's tricks (0 to 13), or the result against the goal: ``=``, ``+1``, ``-2``.
Every line is checked on its own (its contract scored by the engine), then the results as a whole: a pair
plays a board once.

Several classes on the same boards share one file: a line ``# school: Oak`` says whose results follow, so that
Oak's pair 3 and Elm's pair 3 stay two pairs ("Oak 3" and "Elm 3" once the results hold more than one school).

>>> [(e.board, e.ns, e.ew, str(e.contract), e.tricks) for e in parse_results("1 1 2 3NT S +1\\n1 3 4 4S N 9")]
[(1, '1', '2', '3NT', 10), (1, '3', '4', '4S', 9)]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from minibridge.cards import Seat, Side
from minibridge.contract import Contract
from minibridge.errors import MiniBridgeError, ResultsError
from minibridge.language import N_, at_board, at_line, file_place, gettext, pgettext, raise_problems
from minibridge.reading import digits, name
from minibridge.rules import RuleSet, find_rules
from minibridge.scoring import score

__all__ = [
    "COLUMNS",
    "CONTRACT_COLUMN",
    "Entry",
    "parse_results",
    "read_entry",
    "load_results",
    "read_results_file",
    "results_text",
    "check_results",
    "read_school",
    "pair_name",
    "named_entries",
    "SCHOOL_LINE",
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
    school: str = ""
    """The school (or class) whose pairs played it, when the results say (``# school: Oak``); else empty."""

    @classmethod
    def from_columns(cls, columns: Sequence[Any], *, school: str = "") -> Entry:
        """The entry of its six columns as kept (board, N–S pair, E–W pair, contract, declarer, tricks)."""
        board, ns, ew, contract, declarer, tricks = columns
        return cls(
            board=board,
            ns=ns,
            ew=ew,
            contract=Contract.from_str(contract),
            declarer=Seat.from_str(declarer),
            tricks=tricks,
            school=school,
        )

    def columns(self) -> list[Any]:
        """The six columns of :meth:`from_columns`."""
        return [self.board, self.ns, self.ew, str(self.contract), self.declarer.letter, self.tricks]


# --- reading ---------------------------------------------------------------------------------------------------

SCHOOL_LINE = re.compile(r"^\s*#\s*school:(.*)$", re.IGNORECASE)
"""The line that says whose results follow: ``# school: Oak``."""
_MOST_SCHOOL = 20
"""The most letters of a school's (or class's) name beside its pairs."""
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
    school = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        if said := SCHOOL_LINE.match(raw):
            try:
                school = read_school(said.group(1))
            except ResultsError as err:
                problems.append(f"{file_place(source, line=number)}, {err.message}")
            continue
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
            entries.append(_entry(fields, number, rules, school))
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


_MOST_PAIR = 40
"""The most letters of a pair's name or number in a results file."""


_PAIR = re.compile(r"\w[\w &.'’-]*")
"""A pair's name or number: a letter or digit first, then letters, digits, spaces and ``& . ' -``."""


def _pair(text: str, what: str) -> str:
    """A pair's name or number as a results file writes it: digits only as 0 to 9, so ``³`` is refused."""
    text = name(text, most=_MOST_PAIR, what=what)
    if any(c.isdigit() and not c.isascii() for c in text) or not _PAIR.fullmatch(text):
        raise ResultsError(
            gettext("%(what)s: '%(text)s' is not a pair's number (1, 2, 3 …)") % {"what": what, "text": text}
        )
    return text


def read_school(text: str) -> str:
    """A school's (or class's) name as a ``# school:`` line or a form gives it: 1 to 20 letters, digits,
    spaces and ``& . ' -``, a letter or digit first.

    >>> read_school("  Oak Lane ")
    'Oak Lane'
    """
    text = " ".join(text.split())
    if not text or len(text) > _MOST_SCHOOL or not _PAIR.fullmatch(text):
        raise ResultsError(
            gettext("school: '%(text)s' is not a school's name; write 1 to %(most)s letters, like Oak")
            % {"text": text[:60], "most": _MOST_SCHOOL}
        )
    return text


def pair_name(school: str, pair: str) -> str:
    """A pair as the ranking shows it when several schools play: ``Oak 3`` (``3`` without a school)."""
    return f"{school} {pair}" if school else pair


def named_entries(entries: Sequence[Entry]) -> list[Entry]:
    """The results with each pair named by its school (``Oak 3``) when they hold more than one school, so that
    pair 3 of two schools are two pairs; as they are when they hold one.

    >>> [e.ns for e in named_entries(parse_results("# school: Oak\\n1 3 4 3NT S 9\\n# school: Elm\\n1 3 4 3NT S 9"))]
    ['Oak 3', 'Elm 3']
    """
    if len({entry.school for entry in entries}) < 2:
        return list(entries)
    return [replace(e, ns=pair_name(e.school, e.ns), ew=pair_name(e.school, e.ew)) for e in entries]


def _entry(fields: list[str], line: int, rules: RuleSet, school: str = "") -> Entry:
    board_text, ns, ew, contract_text, declarer_text, tricks_text = fields
    board = digits(board_text)
    if board is None or board < 1:
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
    ns, ew = _pair(ns, gettext("N–S pair")), _pair(ew, gettext("E–W pair"))
    if digits(tricks_text) is not None:
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
    return Entry(
        board=board, ns=ns, ew=ew, contract=contract, declarer=declarer, tricks=tricks, line=line, school=school
    )


def read_entry(fields: Sequence[str], *, rules: RuleSet | None = None) -> Entry:
    """One table's result given as the six columns of a results file's line (board, N–S pair, E–W pair,
    contract, declarer, tricks), checked as a line of the file is: a problem names its column first.

    >>> read_entry(["2", "1", "3", "4H", "S", "-1"]).tricks
    9
    """
    return _entry(list(fields), 0, rules or find_rules("ebu"))


def load_results(path: str | Path, *, rules: RuleSet | None = None) -> list[Entry]:
    """Read a results file."""
    return parse_results(read_results_file(path), source=str(path), rules=rules)


def read_results_file(path: str | Path) -> str:
    """The text of a results file (refused in plain words when there is none or it cannot be read)."""
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
    return text


def results_text(entries: Sequence[Entry]) -> str:
    """The results as a results file's text, one line per table per board, that :func:`parse_results` reads back
    (a ``# school:`` line before each school's results, when they say their school).

    >>> print(results_text(parse_results("1 1 2 3NT S 9")), end="")
    # board  N-S  E-W  contract  declarer  tricks
    1        1    2    3NT       S         9
    """
    lines = ["# board  N-S  E-W  contract  declarer  tricks"]
    school = ""
    for e in entries:
        if e.school and e.school != school:
            lines.append(f"# school: {e.school}")
        school = e.school
        lines.append(f"{e.board:<8} {e.ns:<4} {e.ew:<4} {e.contract!s:<9} {e.declarer.letter:<9} {e.tricks}".rstrip())
    return "\n".join(lines) + "\n"


def _raise(problems: list[str]) -> None:
    raise_problems(ResultsError, problems, most=_MOST_PROBLEMS)


# --- the results as a whole ------------------------------------------------------------------------------------


def check_results(entries: Sequence[Entry], *, source: str = "") -> tuple[str, ...]:
    """Check the results as a whole: a pair plays a board once (every pair that plays a board twice is refused
    at once, with its lines). What passes may still be worth a teacher's look: the notes returned, one for each
    board declared by N–S at some tables and by E–W at others.

    >>> check_results(parse_results("1 1 2 3NT S 9\\n1 3 4 3NT E 9"), source="results.txt")  # doctest: +ELLIPSIS
    ('results.txt, board 1: declarer sat N–S at some tables and E–W at others; ...',)
    """
    where = f"{source}, " if source else ""
    _check_pairs_once(entries, where)
    sides: dict[int, set[Side]] = {}
    for entry in entries:
        sides.setdefault(entry.board, set()).add(entry.declarer.side)
    note = gettext(
        "declarer sat N–S at some tables and E–W at others; with the same cards the same side should "
        "declare: check the points were counted right"
    )
    return tuple(f"{where}{at_board(board)}: {note}" for board in sorted(sides) if len(sides[board]) > 1)


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
