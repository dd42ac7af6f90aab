"""A table's result entered one part at a time, as on a scoring tablet at the table: the board, the N–S pair, the
E–W pair, the contract, declarer and the tricks, in the order of a results file's columns. Each step offers its
choices (:func:`step_choices`); a part that cannot be right is asked again, saying why (:func:`next_step`); once
every part is given, declarer's opponents check the result (:func:`result_row`) before it is entered.

>>> from minibridge.duplicate.event import new_event
>>> event = new_event(name="Club", boards=2, seed=4)
>>> next_step(event, {"board": "1", "ns": "3", "contract": "4S"})
('ew', {'board': '1', 'ns': '3'}, None)
>>> next_step(event, {"board": "9", "ns": "3"})
('board', {'ns': '3'}, 'There is no board 9 in Club.')
>>> [row["over"] for row in step_choices(event, fields={"contract": "4S"})["made"]]
[0, 1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from minibridge.cards import Seat
from minibridge.contract import Contract
from minibridge.duplicate.event import RESULT_FIELDS, Event, EventProblem, read_result, scored_result
from minibridge.duplicate.results import Entry
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.scoring import score

__all__ = ["next_step", "step_choices", "pair_choices", "result_row"]

_PAIR_CHOICES = 10
"""Pair numbers offered at least (more when a higher pair has played)."""


def next_step(event: Event, fields: Mapping[str, str]) -> tuple[str, dict[str, str], str | None]:
    """The first step whose part is missing, with the parts given before it (and while the board is asked, the
    pairs: the same pairs play the next board), or ``confirm`` with every part; a part that cannot be right is
    asked again, with what is wrong with it in plain words."""
    kept: dict[str, str] = {}
    for key in RESULT_FIELDS:
        value = fields.get(key, "")
        if not value:
            return key, kept | _pairs_kept(fields, key), None
        problem = _part_problem(event, key, value, kept)
        if problem is not None:
            return key, kept | _pairs_kept(fields, key), problem
        kept[key] = value
    return "confirm", kept, None


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
        return None if value.isalnum() and len(value) <= 16 else gettext("Choose the pair's number.")
    if key == "contract":
        try:
            Contract.from_str(value)
        except MiniBridgeError:
            return gettext("Choose the contract.")
        return None
    if key == "declarer":
        return None if value in (seat.letter for seat in Seat) else gettext("Choose who was declarer.")
    try:
        read_result({**kept, key: value}, event)
    except EventProblem as problem:
        return problem.message
    return None


def step_choices(event: Event, *, fields: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The choices of the steps: the boards, the contracts the event's rules have (only those of its lesson), the
    seats, and for the contract chosen each number of tricks as made (=, +1 …) or down (−1 …)."""
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
    return {
        "boards": event.numbers,
        "kinds": list(rules.contract_kinds),
        "contracts": contracts,
        "seats": [s.letter for s in Seat],
        "made": made,
        "down": down,
    }


def pair_choices(entries: Sequence[Entry]) -> list[str]:
    """The pair numbers offered: 1 to 10, more when a higher pair has already played (``entries``).

    >>> from minibridge.duplicate.results import read_entry
    >>> pair_choices([read_entry(["1", "12", "3", "3NT", "S", "9"])])[-3:]
    ['12', '13', '14']
    """
    numbers = [int(pair) for entry in entries for pair in (entry.ns, entry.ew) if pair.isdigit()]
    return [str(n) for n in range(1, max(_PAIR_CHOICES, max(numbers, default=0) + 2) + 1)]


def result_row(entry: Entry, event: Event) -> dict[str, Any]:
    """A result as a table checks it: its parts and its score on its own, the goal, made or not and by how many
    tricks over or under (``difference``), the declaring side and the opponents who check it, and how the score
    is reckoned (``calculation``, ``calculation_words``: :attr:`~minibridge.scoring.Score.calculation`)."""
    scored = scored_result([entry], entry, event)
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
