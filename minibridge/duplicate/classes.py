"""Several classes on the same boards: an event's results file says whose results it holds and which deals they
were played on, and another class's file is taken into an event on the same deals, match-pointed with the event's
own class as one field.

An event's results file (:func:`~minibridge.duplicate.event.event_file`) says its school and each board's deal
as a short print of the cards (``# deal 3: 5be2a91c07``): an import into an event on other deals is refused,
naming the board that differs. Files of several classes joined into one (one after the other) are scored as one
field by ``minibridge duplicate score`` (:func:`~minibridge.duplicate.event.check_joined` refuses them when their
deals or rules differ), which ranks them exactly as the event that imported them does.

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

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from minibridge.duplicate.event import Event, EventProblem, check_joined, file_rules
from minibridge.duplicate.field import ImportedClass, deal_print, deal_prints, rules_words
from minibridge.duplicate.results import Entry, check_results, parse_results, read_school
from minibridge.errors import MiniBridgeError, ResultsError
from minibridge.language import at_line, gettext

__all__ = [
    "MAX_CLASSES",
    "MAX_CLASS_FILE",
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
    try:
        entries = _checked(text, event, source)
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


def _checked(text: str, event: Event, source: str) -> list[Entry]:
    """The file's results, once its deals, its rules and every line are the event's."""
    prints = deal_prints(text, source)
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
            % {"theirs": rules_words(theirs), "ours": rules_words(event.rules)}
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
