"""A teacher's live event: one duplicate competition for the whole class, its results entered as the tables play.

The teacher starts an event with a name and a number of boards: a lesson's boards (the same boards as that
lesson's pack with the same number of deals and seed) or boards dealt from a seed. Real tables enter their
results on the boards one at a time, each read as a line of a results file is and the whole scored and
match-pointed as ``minibridge duplicate score`` scores a results file, all by the event's one rule set (the
lesson's, or the EBU's with slams when the event plays them: :func:`event_rules`); a correction replaces the
results it clashes with, and the record keeps what was entered first. With a number of pairs, the event has a
movement (:mod:`minibridge.duplicate.movement`): which pairs meet at which table, with which boards, each round.

>>> event = new_event(name="Tuesday club", boards=2, lesson=5)
>>> [board.number for board in event.boards], event.seed
([1, 2], 505)
>>> entry = read_result({"board": 1, "ns": "1", "ew": "2", "contract": "3NT", "declarer": "S", "tricks": 10}, event)
>>> scored_result([entry], entry, event)["ns_score"], ranking([entry], event)["waiting"]
(430, [2])
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from minibridge import reading
from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.deal import Deal
from minibridge.dealing import DealSpec, generate
from minibridge.duplicate.field import ImportedClass, deal_lines, deal_prints, rules_words, text_parts
from minibridge.duplicate.matchpoints import Competition, competition_data, score_results
from minibridge.duplicate.movement import Movement, MovementProblem, movement
from minibridge.duplicate.results import (
    Entry,
    pair_name,
    parse_results,
    read_entry,
    read_results_file,
    read_school,
    results_text,
)
from minibridge.errors import MiniBridgeError, ResultsError
from minibridge.language import N_, gettext
from minibridge.reading import ReadingError
from minibridge.rules import RuleSet, find_rules

if TYPE_CHECKING:
    from minibridge.lessons import Lesson

__all__ = [
    "MAX_BOARDS",
    "RESULT_FIELDS",
    "EventProblem",
    "Event",
    "EnteredResult",
    "new_event",
    "event_from_fields",
    "read_result",
    "ranking",
    "scored_result",
    "scored_alone",
    "change_data",
    "event_rules",
    "event_file",
    "file_rules",
    "score_file",
    "check_joined",
]

MAX_BOARDS = 36
"""The most boards an event holds: three board wallets' worth of a club's 36."""

_MAX_NAME = 60
_DEFAULT_BOARDS = 4
_PAIR = re.compile(r"[^\s,;#]{1,16}")
"""A pair as a column of a results file holds it: a number or a short name, without spaces."""


def _a_lesson() -> str:
    """``a lesson from 1 to 6``: the form of an event's lesson, from the lessons there are."""
    from minibridge.lessons import a_lesson_number

    return a_lesson_number()


_EVENT_FIELDS: dict[str, tuple[type, Callable[[], str]]] = {
    "name": (str, lambda: gettext('a name, like "Tuesday club"')),
    "boards": (int, lambda: gettext("a number of boards, like 4")),
    "lesson": (int, _a_lesson),
    "seed": (int, lambda: gettext("a whole number, like 42")),
    "slam": (bool, lambda: gettext("true or false")),
    "pairs": (int, lambda: gettext("a number of pairs, like 8")),
    "school": (str, lambda: gettext("the name of your school or class, like Oak")),
}
"""The settings of an event a request may send, each with its kind and the form it takes in words."""
RESULT_FIELDS = ("board", "ns", "ew", "contract", "declarer", "tricks")
"""The parts of a table's result, in the order of a results file's columns."""
_RESULT_FORM = '{"board": 1, "ns": "1", "ew": "2", "contract": "3NT", "declarer": "S", "tricks": 10}'
_RESULT_WORDS = {
    "board": N_("board"),
    "ns": N_("N–S pair"),
    "ew": N_("E–W pair"),
    "contract": N_("contract"),
    "declarer": N_("declarer"),
    "tricks": N_("tricks"),
}
"""The parts of a result in words (marked for translation: ``gettext`` them)."""


class EventProblem(MiniBridgeError):
    """What is wrong with an event's settings or a result sent for it, in plain words."""


def event_rules(lesson: int | None, *, slam: bool = False) -> RuleSet:
    """The rules of an event (or of its results file) on a lesson's boards: the lesson's, or without a lesson
    the EBU's, with slams when ``slam``. A lesson plays slams only when its own rules have them."""
    if lesson is not None:
        return _lesson(lesson).rules
    rules = find_rules("ebu")
    return rules.with_slam() if slam else rules


def _lesson(number: int) -> Lesson:
    """A lesson, read only when an event needs one: scoring a results file reads no lesson."""
    from minibridge.lessons import find_lesson

    return find_lesson(number)


@dataclass(frozen=True, kw_only=True)
class Event:
    """An event: its name, its boards, the lesson whose rules the pupils play by, the seed, and slams."""

    id: str
    name: str
    boards: tuple[Board, ...]
    lesson: int | None = None
    seed: int
    slam: bool = False
    pairs: int | None = None
    """The pairs at the real tables, when the teacher gave them: the event then has a :attr:`movement`."""
    closed: bool = False
    """No one joins and no table enters a result any more; the teacher may still correct one."""
    school: str = ""
    """The school (or class) of the event's pairs, shown beside them when other classes join (``Oak 3``)."""
    classes: tuple[ImportedClass, ...] = ()
    """Other classes' results on the same boards, imported: one field with the event's own pairs."""

    @property
    def class_name(self) -> str:
        """The name of the event's own class beside its pairs: its school, else made from the event's name."""
        if self.school:
            return self.school
        words = " ".join(re.sub(r"[^\w &.'’-]", " ", self.name).split())[:20].strip()
        return words if words and words[0].isalnum() else gettext("Class")

    @property
    def schools(self) -> list[str]:
        """The names of the classes of the event: its own first, then those imported."""
        return [self.class_name, *(imported.school for imported in self.classes)]

    def shown_pair(self, pair: str) -> str:
        """One of the event's own pairs as the ranking shows it: ``Oak 3`` once other classes joined, else ``3``."""
        return pair_name(self.class_name, pair) if self.classes else pair

    def field(self, entries: Sequence[Entry]) -> list[Entry]:
        """The event's own results (each of its class) and every imported class's: one field."""
        if not self.classes:
            return list(entries)
        own = [replace(entry, school=self.class_name) for entry in entries]
        return own + [entry for imported in self.classes for entry in imported.entries]

    @property
    def movement(self) -> Movement | None:
        """Which pairs meet at which table with which boards each round (None when no pairs were given)."""
        return movement(pairs=self.pairs, boards=len(self.boards)) if self.pairs is not None else None

    @property
    def rules(self) -> RuleSet:
        """The one rule set of the event, for the pupils' games, the tablets' contracts, the scores, the
        travellers and the ranking: the lesson's (slams only when the lesson plays them), or the EBU's (slams
        when the event plays them)."""
        return event_rules(self.lesson, slam=self.slam)

    @property
    def numbers(self) -> list[int]:
        """The boards' numbers."""
        return [board.number or 0 for board in self.boards]

    def board(self, number: int) -> Board | None:
        """The board of that number, or None."""
        return next((board for board in self.boards if board.number == number), None)

    def competition(self, entries: Sequence[Entry]) -> Competition:
        """The tables' results and those of the classes imported, scored, match-pointed and ranked as one field, as
        ``minibridge duplicate score`` scores their results files joined."""
        return score_results(self.field(entries), rules=self.rules)

    def written_boards(self) -> tuple[tuple[int, str, str], ...]:
        """Each board's number, its dealer's letter and its deal (``N:AK2.… … … …``)."""
        written = []
        for board in self.boards:
            assert board.number is not None and board.dealer is not None and board.deal is not None
            written.append((board.number, board.dealer.letter, board.deal.to_pbn()))
        return tuple(written)

    def as_data(self) -> dict[str, Any]:
        """The event as plain data (its boards written out, so that they stay the same whatever the dealing)."""
        return {
            "name": self.name,
            "lesson": self.lesson,
            "seed": self.seed,
            "slam": self.slam,
            "pairs": self.pairs,
            "boards": [list(board) for board in self.written_boards()],
            "school": self.school,
            "classes": [imported.as_data() for imported in self.classes],
        }

    @classmethod
    def from_data(cls, event_id: str, data: Mapping[str, Any], *, closed: bool = False) -> Event:
        """The event of :meth:`as_data`."""
        boards = tuple(
            Board(number=number, dealer=Seat.from_str(dealer), deal=Deal.from_pbn(deal))
            for number, dealer, deal in data["boards"]
        )
        return cls(
            id=event_id,
            name=data["name"],
            boards=boards,
            lesson=data["lesson"],
            seed=data["seed"],
            slam=data["slam"],
            pairs=data.get("pairs"),
            closed=closed,
            school=data.get("school", ""),
            classes=tuple(ImportedClass.from_data(imported) for imported in data.get("classes", [])),
        )


@dataclass(frozen=True, kw_only=True)
class EnteredResult:
    """A result as entered: its number in the order of the event's changes, the result, when and by whom
    (``table`` or ``teacher``) it was entered, the numbers of the results it replaced (a correction), and whether
    it is still in force (not replaced since)."""

    number: int
    entry: Entry
    entered: str
    by: str
    replaces: tuple[int, ...]
    in_force: bool


def new_event(
    *,
    name: str,
    boards: int | None = None,
    lesson: int | None = None,
    seed: int | None = None,
    slam: bool = False,
    pairs: int | None = None,
    school: str = "",
) -> Event:
    """A new event (its id is given when it is kept): ``boards`` of a lesson, the same as its pack with that
    many deals and that seed, or ``boards`` dealt from ``seed`` (a random one when none is given); with
    ``pairs``, the movement of that many pairs over the boards (refused, saying what would work, when the
    boards cannot be shared out)."""
    from minibridge.lessons import lesson_numbers, no_such_lesson
    from minibridge.practice import pack_deals
    from minibridge.table import Game

    try:
        name = reading.name(name, most=100 * _MAX_NAME, what=gettext("the event's name"), empty=True)
    except ReadingError as error:
        raise EventProblem(error.message) from None
    if not name or len(name) > _MAX_NAME:
        raise EventProblem(
            gettext('give the event a name of 1 to %(most)s letters, like "Tuesday club"') % {"most": _MAX_NAME}
        )
    if lesson is not None and lesson not in lesson_numbers():
        raise EventProblem(no_such_lesson(lesson))
    if school.strip():
        try:
            school = read_school(school)
        except MiniBridgeError as error:
            raise EventProblem(error.message) from None
    if lesson is not None and slam and not _lesson(lesson).rules.slam:
        raise EventProblem(
            gettext("Lesson %(lesson)s plays no slams: start the event without slams, or without a lesson")
            % {"lesson": lesson}
        )
    if boards is None:
        boards = len(_lesson(lesson).deals) if lesson is not None else _DEFAULT_BOARDS
    if not 1 <= boards <= MAX_BOARDS:
        raise EventProblem(
            gettext("an event has 1 to %(most)s boards, not %(boards)s") % {"most": MAX_BOARDS, "boards": boards}
        )
    if pairs is not None:
        try:
            movement(pairs=pairs, boards=boards)
        except MovementProblem as problem:
            raise EventProblem(problem.message) from None
    if lesson is not None:
        dealt, seed = pack_deals(_lesson(lesson), boards, seed=seed)
    else:
        seed = secrets.randbelow(2**31) if seed is None else seed
        dealt = generate(DealSpec(seed=seed, count=boards))
    event = Event(
        id="", name=name, boards=tuple(dealt), lesson=lesson, seed=seed, slam=slam, pairs=pairs, school=school.strip()
    )
    for board in event.boards:
        if board.deal is None or Game(event.rules, board).stage == "redeal":
            raise EventProblem(
                gettext("board %(board)s of these boards cannot be played: choose other boards")
                % {"board": board.number}
            )
    return event


def event_from_fields(fields: Mapping[str, Any]) -> Event:
    """A new event from the fields of a request (``name``, ``boards``, ``lesson``, ``seed``, ``slam``,
    ``pairs``)."""
    given: dict[str, Any] = {}
    for key, value in fields.items():
        if key not in _EVENT_FIELDS:
            raise EventProblem(
                gettext("'%(name)s' is not a setting of an event; the settings are %(names)s")
                % {"name": key, "names": ", ".join(_EVENT_FIELDS)}
            )
        kind, form = _EVENT_FIELDS[key]
        if value is None:
            continue
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            raise EventProblem(gettext("'%(name)s' should be %(form)s") % {"name": key, "form": form()})
        given[key] = value
    if "name" not in given:
        # TRANSLATORS: "name" and "boards" are what the request must send: keep them (the name may be another).
        raise EventProblem(gettext('give the event a name, like {"name": "Tuesday club", "boards": 4}'))
    return new_event(**given)


def read_result(fields: Mapping[str, Any], event: Event) -> Entry:
    """A table's result on one of the event's boards from a request's fields, checked as a line of a results
    file is (the same reading as ``minibridge duplicate score``)."""
    unknown = [key for key in fields if key not in RESULT_FIELDS]
    if unknown:
        raise EventProblem(
            gettext("'%(name)s' is not part of a result; send %(form)s") % {"name": unknown[0], "form": _RESULT_FORM}
        )
    missing = [key for key in RESULT_FIELDS if fields.get(key) in (None, "")]
    if missing:
        raise EventProblem(
            gettext("the result has no %(part)s; send %(form)s")
            % {"part": gettext(_RESULT_WORDS[missing[0]]), "form": _RESULT_FORM}
        )
    if not event.rules.has_contract:
        raise EventProblem(
            gettext("Lesson %(lesson)s's boards are played without contracts: there is no score to enter")
            % {"lesson": event.lesson}
        )
    board = fields["board"]
    if isinstance(board, bool) or not isinstance(board, int | str) or str(board).strip() not in map(str, event.numbers):
        raise EventProblem(
            gettext("board: '%(board)s' is not one of this event's boards, %(boards)s")
            % {"board": reading.shown(board), "boards": _numbers(event.numbers)}
        )
    texts = {}
    for key in RESULT_FIELDS[1:]:
        value = fields[key]
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise EventProblem(
                gettext("%(part)s: write it as text or a number, like %(form)s")
                % {"part": gettext(_RESULT_WORDS[key]), "form": _RESULT_FORM}
            )
        texts[key] = str(value).strip()
    for key in ("ns", "ew"):
        if not _PAIR.fullmatch(texts[key]):
            raise EventProblem(
                gettext("%(part)s: '%(pair)s' is not a pair; write its number, or a short name without spaces")
                % {"part": gettext(_RESULT_WORDS[key]), "pair": reading.shown(texts[key])}
            )
    columns = [str(board).strip(), *(texts[key] for key in RESULT_FIELDS[1:])]
    try:
        return read_entry(columns, rules=event.rules)
    except MiniBridgeError as error:
        raise EventProblem(error.message) from None


_LESSON_LINE = re.compile(r"^#\s*lesson:\s*(\d+)\s*$", re.MULTILINE)
_SLAM_LINE = re.compile(r"^#\s*slams:\s*yes\s*$", re.MULTILINE)


def event_file(event: Event, entries: Sequence[Entry]) -> str:
    """The event's own results as a results file: its school (``# school: Oak``), its name, its rules as comment
    lines (``# lesson: 3``, ``# slams: yes``) that ``minibridge duplicate score`` reads (:func:`file_rules`), each
    board's deal as a short print (``# deal 1: 5be2a91c07``, so that another event on the same deals takes the
    file in), then the results. Files of several events on the same deals, joined, are scored as one field."""
    lines = [f"# school: {event.class_name}", f"# {event.name}"]
    if event.lesson is not None:
        lines.append(f"# lesson: {event.lesson}")
    elif event.slam:
        lines.append("# slams: yes")
    lines += deal_lines(event.boards)
    return "\n".join(lines) + "\n" + results_text(entries)


def file_rules(text: str, *, slam: bool = False) -> RuleSet:
    """The rules a results file is scored by: those of the lesson its ``# lesson: 3`` line names (the event's
    file says it), else the EBU's, with slams when ``slam`` or a ``# slams: yes`` line says so.

    >>> file_rules("# lesson: 3").name, file_rules("# slams: yes").slam, file_rules("1 1 2 6NT N 12").slam
    ('lesson-3', True, False)
    """
    found = _LESSON_LINE.search(text)
    if found is None:  # no lesson read: scoring a plain results file stays quick
        return event_rules(None, slam=slam or _SLAM_LINE.search(text) is not None)
    from minibridge.lessons import lesson_numbers, no_such_lesson

    lesson = int(found.group(1))
    if lesson not in lesson_numbers():
        raise EventProblem(no_such_lesson(lesson))
    return event_rules(lesson)


def check_joined(text: str, *, source: str = "") -> None:
    """Refuse a results file that joins results of other deals (two ``# deal`` lines of a board that differ) or
    of other rules (two ``# lesson`` or ``# slams`` lines that differ), with the reason."""
    deal_prints(text, source)
    found = [file_rules(part) for part in text_parts(text)]
    rules = {rules_words(rules) for rules in found}
    if len({(rules.name, rules.slam) for rules in found}) > 1:
        raise ResultsError(
            gettext("these results were scored by different rules (%(rules)s): join only files of the same rules")
            % {"rules": ", ".join(sorted(rules))},
            where=source,
        )


def score_file(path: str | Path, *, slam: bool = False) -> Competition:
    """A results file scored, match-pointed and ranked by its rules (:func:`file_rules`): an event's file by
    the event's rules. Files of several events joined are one field, refused when their deals or rules differ
    (:func:`check_joined`)."""
    text = read_results_file(path)
    check_joined(text, source=str(path))
    rules = file_rules(text, slam=slam)
    return score_results(parse_results(text, source=str(path), rules=rules), rules=rules, source=str(path))


def _numbers(numbers: Sequence[int]) -> str:
    if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return gettext("%(first)s to %(last)s") % {"first": numbers[0], "last": numbers[-1]}
    return ", ".join(map(str, numbers))


def ranking(entries: Sequence[Entry], event: Event) -> dict[str, Any]:
    """The travellers and the two rankings of the results, shaped as ``minibridge duplicate score --json``
    (each board's traveller in board order), and the boards still without a result (``waiting``)."""
    data = competition_data(event.competition(entries))
    entered = {board["board"] for board in data["boards"]}
    data["waiting"] = [number for number in event.numbers if number not in entered]
    return data


def scored_result(entries: Sequence[Entry], entry: Entry, event: Event) -> dict[str, Any]:
    """``entry`` scored and match-pointed among ``entries`` (which hold it): one result of a traveller of
    ``minibridge duplicate score --json``."""
    data = competition_data(event.competition(entries))
    traveller = next(board for board in data["boards"] if board["board"] == entry.board)
    pairs = (event.shown_pair(entry.ns), event.shown_pair(entry.ew))
    return next(result for result in traveller["results"] if (result["ns"], result["ew"]) == pairs)


def scored_alone(entry: Entry, event: Event) -> dict[str, Any]:
    """``entry`` scored on its own, its pairs named as the event's ranking names them: one result of a traveller
    of ``minibridge duplicate score --json``, without match-points (no other result is compared)."""
    result = competition_data(score_results([entry], rules=event.rules))["boards"][0]["results"][0]
    return result | {"ns": event.shown_pair(entry.ns), "ew": event.shown_pair(entry.ew)}


def change_data(change: EnteredResult, event: Event) -> dict[str, Any]:
    """One change of the results, as the stream of results sends it: the result entered and its score on its
    own (the match-points change with every other result: the ranking has them), who entered it, and for a
    correction the changes it replaced."""
    entry = change.entry
    scored = scored_alone(entry, event)
    return {
        "board": entry.board,
        **{key: scored[key] for key in ("ns", "ew", "contract", "declarer", "tricks", "ns_score", "ew_score")},
        "by": change.by,
        "correction": bool(change.replaces),
        "replaces": list(change.replaces),
        "entered": change.entered,
    }
