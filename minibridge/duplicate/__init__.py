"""Duplicate-style competitions (MiniLesson Six): the same boards at several tables, pairs compared by match-points.

- :mod:`minibridge.duplicate.results`: the results file a teacher types, one line per table per board, read
  and checked (every problem at once, each with its line and column);
- :mod:`minibridge.duplicate.matchpoints`: each table's score, each board's traveller and match-points, the N–S
  and E–W rankings, and the competition as plain data (``minibridge duplicate score --json``);
- :mod:`minibridge.duplicate.event`: the teacher's live event: its boards, the tables' results entered one at a
  time and corrected, scored as a results file is;
- :mod:`minibridge.duplicate.entering`: a table's result entered one part at a time, as on a scoring tablet;
- :mod:`minibridge.duplicate.movement`: which pairs meet at which table with which boards, round by round;
- :mod:`minibridge.duplicate.classes`: several classes on the same boards: another class's results file taken
  into an event (checked against the event's deals), one field with the event's own pairs;
- :mod:`minibridge.duplicate.field`: its pieces: a class kept, the print of each board's deal.

>>> competition = score_results(parse_results("1 1 2 3NT S 9\\n1 3 4 3NT S 10\\n"))
>>> [(r.ns, r.ns_score, r.ns_matchpoints, r.ew_matchpoints) for r in competition.travellers[0].results]
[('1', 400, 0, 2), ('3', 430, 2, 0)]
"""

from __future__ import annotations

from minibridge.duplicate.classes import (
    MAX_CLASS_FILE,
    MAX_CLASSES,
    class_text,
    classes_view,
    read_class,
    with_class,
    without_class,
)
from minibridge.duplicate.entering import (
    SEAT_FIELDS,
    current_round,
    done_boards,
    next_step,
    pair_choices,
    result_row,
    seat_step,
    step_choices,
)
from minibridge.duplicate.event import (
    MAX_BOARDS,
    RESULT_FIELDS,
    EnteredResult,
    Event,
    EventProblem,
    change_data,
    check_joined,
    event_file,
    event_from_fields,
    event_rules,
    file_rules,
    new_event,
    ranking,
    read_result,
    score_file,
    scored_alone,
    scored_result,
)
from minibridge.duplicate.field import ImportedClass, deal_print
from minibridge.duplicate.matchpoints import (
    Competition,
    PairTotal,
    TableResult,
    Traveller,
    competition_data,
    score_results,
)
from minibridge.duplicate.movement import Meeting, Movement, MovementProblem, movement
from minibridge.duplicate.results import (
    COLUMNS,
    CONTRACT_COLUMN,
    Entry,
    check_results,
    load_results,
    parse_results,
    read_entry,
    results_text,
)

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
    "check_results",
    "score_results",
    "competition_data",
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
    "Meeting",
    "Movement",
    "MovementProblem",
    "movement",
    "SEAT_FIELDS",
    "next_step",
    "seat_step",
    "done_boards",
    "current_round",
    "step_choices",
    "pair_choices",
    "result_row",
    "MAX_CLASSES",
    "MAX_CLASS_FILE",
    "ImportedClass",
    "check_joined",
    "class_text",
    "classes_view",
    "deal_print",
    "read_class",
    "with_class",
    "without_class",
]
