"""A table's result entered one part at a time, as on a scoring tablet at the table: the board, the N–S pair, the
E–W pair, the contract, declarer and the tricks, in the order of a results file's columns. Each step offers its
choices (:func:`step_choices`); a part that cannot be right is asked again, saying why (:func:`next_step`); once
every part is given, declarer's opponents check the result (:func:`result_row`) before it is entered. With a
movement, the tablet says its table and round first, and the movement gives the pairs and the boards; a board
already entered for these pairs is refused at once (:func:`seat_step`), and so is a table another tablet enters
the results of (``taken``): one tablet a table, so that no one enters another table's results.

>>> from minibridge.duplicate.event import new_event
>>> event = new_event(name="Club", boards=2, seed=4)
>>> next_step(event, {"board": "1", "ns": "3", "contract": "4S"})
('ew', {'board': '1', 'ns': '3'}, None)
>>> next_step(event, {"board": "9", "ns": "3"})
('board', {'ns': '3'}, 'There is no board 9 in Club.')
>>> [row["over"] for row in step_choices(event, fields={"contract": "4S"})["made"]]
[0, 1, 2, 3]
>>> moving = new_event(name="Club", boards=4, seed=4, pairs=4)
>>> next_step(moving, {"table": "2", "round": "2"})
('board', {'table': '2', 'round': '2', 'ns': '2', 'ew': '1'}, None)
>>> next_step(moving, {"table": "2", "round": "2"}, taken=[2])
('table', {}, 'Another tablet is entering the results of table 2. Ask your teacher.')
>>> step_choices(moving, taken=[2])["tables"]
[1]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from minibridge.cards import Seat
from minibridge.contract import Contract
from minibridge.duplicate.event import RESULT_FIELDS, Event, EventProblem, read_result, scored_alone
from minibridge.duplicate.results import Entry
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.reading import digits
from minibridge.scoring import score

__all__ = [
    "SEAT_FIELDS",
    "next_step",
    "seat_step",
    "done_boards",
    "current_round",
    "step_choices",
    "pair_choices",
    "result_row",
]

_PAIR_CHOICES = 10
"""Pair numbers offered at least (more when a higher pair has played)."""


SEAT_FIELDS = ("table", "round")
"""With a movement, the tablet first says where it is: the table and the round (the pairs and boards follow)."""


def next_step(
    event: Event, fields: Mapping[str, str], entries: Sequence[Entry] = (), *, taken: Collection[int] = ()
) -> tuple[str, dict[str, str], str | None]:
    """The first step whose part is missing, with the parts given before it (and while the board is asked, the
    pairs: the same pairs play the next board), or ``confirm`` with every part; a part that cannot be right is
    asked again, with what is wrong with it in plain words.

    With a movement, the table and the round come first and give the pairs (:func:`seat_step`); a table another
    tablet holds (``taken``) and a board of the round already entered for these pairs (``entries``) are refused at
    once."""
    kept: dict[str, str] = {}
    if event.movement is not None:
        step, kept, problem = seat_step(event, fields, entries, taken=taken)
        if step != "board" or problem is not None or not fields.get("board"):
            return step, kept, problem
    for key in RESULT_FIELDS:
        if key in kept:
            continue
        value = fields.get(key, "")
        if not value:
            return key, kept | _pairs_kept(fields, key), None
        problem = _part_problem(event, key, value, kept)
        if problem is not None:
            return key, kept | _pairs_kept(fields, key), problem
        kept[key] = value
    return "confirm", kept, None


def seat_step(
    event: Event, fields: Mapping[str, str], entries: Sequence[Entry] = (), *, taken: Collection[int] = ()
) -> tuple[str, dict[str, str], str | None]:
    """With a movement: ``table`` or ``round`` while they are missing or wrong (a table in ``taken`` is another
    tablet's), else ``board`` with the table, the round and the pairs the movement seats there; the board given
    is checked against the boards of the round at that table and those already entered (``entries``)."""
    movement = event.movement
    assert movement is not None
    table, round_number = fields.get("table", ""), fields.get("round", "")
    if not table:
        return "table", {}, None
    if digits(table) is None or not 1 <= int(table) <= movement.tables:
        return "table", {}, gettext("Choose your table.")
    if int(table) in taken:
        return (
            "table",
            {},
            gettext("Another tablet is entering the results of table %(table)s. Ask your teacher.") % {"table": table},
        )
    kept = {"table": table}
    if not round_number:
        return "round", kept, None
    meeting = movement.at(int(table), int(round_number)) if digits(round_number) is not None else None
    if meeting is None:
        return "round", kept, gettext("Choose the round.")
    if meeting.ew is None:
        return (
            "round",
            kept,
            gettext("No one plays at table %(table)s in round %(round)s. Wait for the next round.")
            % {"table": table, "round": round_number},
        )
    kept |= {"round": round_number, "ns": str(meeting.ns), "ew": str(meeting.ew)}
    board = fields.get("board", "")
    if not board:
        return "board", kept, None
    if board not in map(str, meeting.boards):
        return "board", kept, gettext("Board %(board)s is not played here in this round.") % {"board": board}
    if board in done_boards(meeting.ns, meeting.ew, entries):
        return (
            "board",
            kept,
            gettext("Board %(board)s is done at this table. Ask your teacher to fix it.") % {"board": board},
        )
    return "board", kept, None


def done_boards(ns: int | str, ew: int | str, entries: Sequence[Entry]) -> list[str]:
    """The boards already entered for the N–S pair ``ns`` or the E–W pair ``ew``."""
    return sorted({str(e.board) for e in entries if e.ns == str(ns) or e.ew == str(ew)}, key=int)


def current_round(event: Event, table: int, entries: Sequence[Entry]) -> int:
    """The round a table is at: the first in which it has boards still to enter (the last when all are in)."""
    movement = event.movement
    assert movement is not None
    for number in range(1, movement.rounds + 1):
        meeting = movement.at(table, number)
        if meeting is None or meeting.ew is None:
            continue
        done = done_boards(meeting.ns, meeting.ew, entries)
        if any(str(board) not in done for board in meeting.boards):
            return number
    return movement.rounds


def _pairs_kept(fields: Mapping[str, str], step: str) -> dict[str, str]:
    """The pairs already given carry on while the board is chosen (the same pairs play the next board)."""
    if step != "board":
        return {}
    return {key: fields[key] for key in ("ns", "ew") if fields.get(key)}


def _part_problem(event: Event, key: str, value: str, kept: Mapping[str, str]) -> str | None:
    """What is wrong with one part given so far, or None."""
    if key == "board":
        if value in map(str, event.numbers):
            return None
        return gettext("There is no board %(board)s in %(event)s.") % {"board": value, "event": event.name}
    if key in ("ns", "ew"):
        plain = value.isalnum() and len(value) <= 16 and all(c.isascii() or not c.isdigit() for c in value)
        return None if plain else gettext("Choose the pair's number.")
    if key == "contract":
        try:
            Contract.from_str(value)
        except MiniBridgeError:
            return gettext("Choose the contract.")
        return None
    if key == "declarer":
        return None if value in (seat.letter for seat in Seat) else gettext("Choose who was declarer.")
    try:
        read_result({**{k: v for k, v in kept.items() if k in RESULT_FIELDS}, key: value}, event)
    except EventProblem as problem:
        return problem.message
    return None


def step_choices(
    event: Event,
    *,
    fields: Mapping[str, str] | None = None,
    entries: Sequence[Entry] = (),
    taken: Collection[int] = (),
) -> dict[str, Any]:
    """The choices of the steps: the boards, the contracts the event's rules have (only those of its lesson), the
    seats, and for the contract chosen each number of tricks as made (=, +1 …) or down (−1 …); with a movement,
    the ``tables`` still free (not in ``taken``: other tablets'), the ``rounds``, the table's ``current_round``
    once the table is given, and once the round is given only the boards of that round at that table, with those
    ``done`` (entered already: ``entries``)."""
    rules = event.rules
    contracts = [
        {"contract": str(c), "words": c.words, "strain": c.strain.letter, "kind": c.kind, "goal": c.goal()}
        for kind in rules.contract_kinds
        for c in (Contract.of(kind, strain) for strain in sorted(rules.strains, reverse=True))
    ]
    made, down = [], []
    chosen = (fields or {}).get("contract")
    if chosen:
        with_goal = Contract.from_str(chosen).goal()
        made = [{"tricks": t, "over": t - with_goal} for t in range(with_goal, 14)]
        down = [{"tricks": t, "under": with_goal - t} for t in range(with_goal - 1, -1, -1)]
    choices: dict[str, Any] = {
        "boards": event.numbers,
        "done": [],
        "kinds": list(rules.contract_kinds),
        "contracts": contracts,
        "seats": [s.letter for s in Seat],
        "made": made,
        "down": down,
    }
    movement = event.movement
    if movement is None:
        return choices
    free = [number for number in range(1, movement.tables + 1) if number not in taken]
    choices |= {"tables": free, "rounds": list(range(1, movement.rounds + 1))}
    table, round_number = (fields or {}).get("table", ""), (fields or {}).get("round", "")
    if digits(table) is not None and 1 <= int(table) <= movement.tables:
        choices["current_round"] = current_round(event, int(table), entries)
        meeting = movement.at(int(table), int(round_number)) if digits(round_number) is not None else None
        if meeting is not None and meeting.ew is not None:
            choices["boards"] = list(meeting.boards)
            choices["done"] = [int(b) for b in done_boards(meeting.ns, meeting.ew, entries)]
    return choices


def pair_choices(entries: Sequence[Entry]) -> list[str]:
    """The pair numbers offered: 1 to 10, more when a higher pair has already played (``entries``).

    >>> from minibridge.duplicate.results import read_entry
    >>> pair_choices([read_entry(["1", "12", "3", "3NT", "S", "9"])])[-3:]
    ['12', '13', '14']
    """
    numbers = [int(pair) for entry in entries for pair in (entry.ns, entry.ew) if digits(pair) is not None]
    return [str(n) for n in range(1, max(_PAIR_CHOICES, max(numbers, default=0) + 2) + 1)]


def result_row(entry: Entry, event: Event) -> dict[str, Any]:
    """A result as a table checks it: its parts and its score on its own, the goal, made or not and by how many
    tricks over or under (``difference``), the declaring side and the opponents who check it, and how the score
    is reckoned (``calculation``, ``calculation_words``: :attr:`~minibridge.scoring.Score.calculation`)."""
    scored = scored_alone(entry, event)
    goal = entry.contract.goal()
    reckoned = score(entry.contract, entry.tricks, event.rules, declarer=entry.declarer)
    return {
        **scored,
        "calculation": reckoned.calculation,
        "calculation_words": reckoned.calculation_words,
        "board": entry.board,
        "goal": goal,
        "made": entry.tricks >= goal,
        "difference": entry.tricks - goal,
        "opponents": str(entry.declarer.side.other),
        "declaring": str(entry.declarer.side),
    }
