"""Several classes on the same boards: an event's results file says whose results it holds and which deals they
were played on, and another class's file is taken into an event on the same deals, match-pointed with the event's
own class as one field.

An event's results file (:func:`deal_lines`) says its school and each board's deal as a short print of
the cards (``# deal 3: 5be2a91c07``): an import into an event on other deals is refused, naming the board that
differs. Files of several classes joined into one (one after the other) are scored as one field by ``minibridge
duplicate score`` (:func:`check_joined` refuses them when their deals or rules differ), which ranks them exactly as
the event that imported them does.

>>> from minibridge.duplicate.event import new_event, event_file
>>> from minibridge.duplicate.results import parse_results
>>> oak = new_event(name="Oak", boards=2, seed=7, school="Oak")
>>> elm_file = event_file(new_event(name="Elm", boards=2, seed=7, school="Elm"), parse_results("1 3 4 3NT S 9"))
>>> imported = read_class(elm_file, oak)
>>> imported.school, [e.ns for e in imported.entries]
('Elm', ['3'])
>>> read_class(elm_file, new_event(name="Ash", boards=2, seed=8))
Traceback (most recent call last):
...
minibridge.duplicate.event.EventProblem: these results are for other deals: board 1 differs
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.contract import Contract
from minibridge.duplicate.results import SCHOOL_LINE, Entry, check_results, parse_results, read_school
from minibridge.errors import MiniBridgeError, ResultsError
from minibridge.language import at_line, gettext

if TYPE_CHECKING:
    from minibridge.duplicate.event import Event
    from minibridge.rules import RuleSet

__all__ = [
    "ImportedClass",
    "MAX_CLASSES",
    "MAX_CLASS_FILE",
    "deal_print",
    "deal_lines",
    "check_joined",
    "read_class",
    "class_text",
    "with_class",
    "without_class",
    "classes_view",
]

MAX_CLASSES = 9
"""The most classes imported into one event."""
MAX_CLASS_FILE = 48 * 1024
"""The largest results file taken in, in bytes (36 boards at 10 tables is some 16 kB): less than a request's most."""
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
        rows = [[e.board, e.ns, e.ew, str(e.contract), e.declarer.letter, e.tricks] for e in self.entries]
        return {"id": self.id, "school": self.school, "results": rows}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ImportedClass:
        """The class of :meth:`as_data`."""
        school = data["school"]
        entries = tuple(
            Entry(
                board=board,
                ns=ns,
                ew=ew,
                contract=Contract.from_str(contract),
                declarer=Seat.from_str(declarer),
                tricks=tricks,
                school=school,
            )
            for board, ns, ew, contract, declarer, tricks in data["results"]
        )
        return cls(id=data["id"], school=school, entries=entries)


def deal_print(board: Board) -> str:
    """A board's deal and dealer as ten letters and digits: the same cards give the same print.

    >>> from minibridge.deal import Deal
    >>> deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")
    >>> first, ninth = Board(number=1, dealer=Seat.NORTH, deal=deal), Board(number=9, dealer=Seat.NORTH, deal=deal)
    >>> deal_print(first) == deal_print(ninth)
    True
    """
    assert board.deal is not None and board.dealer is not None
    return hashlib.sha256(f"{board.dealer.letter} {board.deal.to_pbn()}".encode()).hexdigest()[:10]


def deal_lines(event: Event) -> list[str]:
    """The lines of an event's results file that say its deals: each board's print."""
    return [f"# deal {b.number}: {deal_print(b)}" for b in event.boards]


def _prints(text: str, source: str) -> dict[int, str]:
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


def check_joined(text: str, *, source: str = "") -> None:
    """Refuse a results file that joins results of other deals (two ``# deal`` lines of a board that differ) or
    of other rules (two ``# lesson`` or ``# slams`` lines that differ), with the reason."""
    from minibridge.duplicate.event import file_rules

    _prints(text, source)
    found = [file_rules(part) for part in _parts(text)]
    rules = {_rules_words(rules) for rules in found}
    if len({(rules.name, rules.slam) for rules in found}) > 1:
        raise ResultsError(
            gettext("these results were scored by different rules (%(rules)s): join only files of the same rules")
            % {"rules": ", ".join(sorted(rules))},
            where=source,
        )


def _rules_words(rules: RuleSet) -> str:
    """A rule set in words, saying whether slams are played: ``EBU MiniBridge, with slams``."""
    return rules.title_in_words + (", " + gettext("with slams") if rules.slam else "")


def _parts(text: str) -> list[str]:
    """The text cut where each school's results begin (a ``# school:`` line opens an event's file: files joined
    start a part each), the parts without a result left out."""
    parts: list[list[str]] = [[]]
    for raw in text.splitlines():
        if SCHOOL_LINE.match(raw) and parts[-1]:
            parts.append([])
        parts[-1].append(raw)
    return ["\n".join(part) for part in parts if any(line.split("#", 1)[0].strip() for line in part)]


def read_class(
    text: str,
    event: Event,
    *,
    source: str = "",
    school: str = "",
    taken: Sequence[str] = (),
) -> ImportedClass:
    """Another class's results file, checked as a whole before anything is kept: it says its school (or
    ``school`` names it), the deals it was played on are the event's (board by board), its rules are the event's,
    every line reads, and each pair plays a board once. ``taken`` are the schools the event holds already
    (refused again). Refused with the reason, as an :class:`~minibridge.duplicate.event.EventProblem`."""
    from minibridge.duplicate.event import EventProblem, file_rules

    try:
        entries = _checked(text, event, source, file_rules)
        named = {entry.school for entry in entries}
        if school:
            named = {read_school(school)}
        elif "" in named:
            raise ResultsError(
                gettext("this file does not say its school: give the class a name, or add a line '# school: Oak'")
            )
        if len(named) > 1:
            raise ResultsError(
                gettext("this file holds the results of %(count)s classes (%(names)s): take in one class at a time")
                % {"count": len(named), "names": ", ".join(sorted(named))}
            )
        (name,) = named
        if name.casefold() in {t.casefold() for t in taken}:
            raise ResultsError(
                gettext("this event has a class called %(name)s already: give this class another name") % {"name": name}
            )
    except MiniBridgeError as error:
        raise EventProblem(error.message) from None
    owned = tuple(_of(entry, name) for entry in entries)
    return ImportedClass(id=secrets.token_hex(4), school=name, entries=owned)


def _of(entry: Entry, school: str) -> Entry:
    """The result as the class's, without its line."""
    return Entry(
        board=entry.board,
        ns=entry.ns,
        ew=entry.ew,
        contract=entry.contract,
        declarer=entry.declarer,
        tricks=entry.tricks,
        school=school,
    )


def _checked(text: str, event: Event, source: str, file_rules: Any) -> list[Entry]:
    """The file's results, once its deals, its rules and every line are the event's."""
    prints = _prints(text, source)
    if not prints:
        raise ResultsError(
            gettext(
                "this file does not say which deals it is for: download the results file from the page of the "
                "event it was played in"
            ),
            where=source,
        )
    own = {board.number: deal_print(board) for board in event.boards}
    for board, value in sorted(prints.items()):
        if board not in own:
            raise ResultsError(
                gettext("these results are for other deals: this event has no board %(board)s") % {"board": board}
            )
        if own[board] != value:
            raise ResultsError(gettext("these results are for other deals: board %(board)s differs") % {"board": board})
    check_joined(text, source=source)
    theirs = file_rules(text)
    if (theirs.name, theirs.slam) != (event.rules.name, event.rules.slam):
        raise ResultsError(
            gettext("these results were scored by other rules (%(theirs)s); this event plays by %(ours)s")
            % {"theirs": _rules_words(theirs), "ours": _rules_words(event.rules)}
        )
    entries = parse_results(text, source=source, rules=event.rules)
    for entry in entries:
        if entry.board not in prints:
            unknown = gettext("board %(board)s has no '# deal %(board)s:' line: its deal is not known")
            raise ResultsError(f"{at_line(entry.line)}: " + unknown % {"board": entry.board})
    check_results(entries, source=source)
    return entries


def class_text(data: bytes) -> str:
    """The text of an uploaded results file, refused when it is empty, too large or not text."""
    from minibridge.duplicate.event import EventProblem

    if not data.strip():
        raise EventProblem(gettext("choose the results file of the other class (its event page gives it)"))
    if len(data) > MAX_CLASS_FILE:
        raise EventProblem(
            gettext("this file is too large for a results file (%(most)s kB at most)")
            % {"most": MAX_CLASS_FILE // 1024}
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise EventProblem(gettext("this file is not a results file: it is not plain text")) from None


def with_class(data: Mapping[str, Any], text: str, *, source: str = "", school: str = "") -> dict[str, Any]:
    """An event's kept data with another class's results file taken in (:func:`read_class`, checked whole first),
    refused (:class:`~minibridge.duplicate.event.EventProblem`) when the event holds :data:`MAX_CLASSES` already."""
    from minibridge.duplicate.event import Event, EventProblem

    event = Event.from_data("", data)
    if len(event.classes) >= MAX_CLASSES:
        raise EventProblem(
            gettext("this event holds %(most)s other classes already: remove one first") % {"most": MAX_CLASSES}
        )
    imported = read_class(text, event, source=source, school=school, taken=event.schools)
    return {**data, "classes": [*(c.as_data() for c in event.classes), imported.as_data()]}


def without_class(data: Mapping[str, Any], class_id: str) -> dict[str, Any]:
    """An event's kept data without the imported class ``class_id`` (the same when there is none)."""
    return {**data, "classes": [c for c in data.get("classes", []) if c["id"] != class_id]}


def classes_view(event: Event) -> list[dict[str, Any]]:
    """The classes imported into an event as pages and programs see them: ``id``, ``school``, how many
    ``results`` and how many ``pairs``."""
    return [
        {
            "id": imported.id,
            "school": imported.school,
            "results": len(imported.entries),
            "pairs": len({("ns", e.ns) for e in imported.entries} | {("ew", e.ew) for e in imported.entries}),
        }
        for imported in event.classes
    ]
