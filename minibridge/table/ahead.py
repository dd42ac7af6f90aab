"""Thinking ahead at a table: while the people look at the deal, the computer works out what it may have to decide
next, so that it is at hand when they have decided.

Everything is worked out on copies of the table, with the solver asked ahead
(:func:`minibridge.analysis.thinking_ahead`: never before a call a game waits for), and remembered by the solver.
The computer then decides exactly as it would have, only without waiting: the same layouts, the same positions.
What is thought about, the likeliest first (and asked of the solver as likely: the computer's own next decisions,
and those after the people's likeliest decision, and after theirs again):

- from the middle of the play, the deal's double-dummy table, for its best contract and what every contract would
  have scored;
- the review of the cards played so far, card by card, so that the lesson at the end of the deal is ready;
- the computer's decisions up to a person's next one, after each of the people's likely next decisions: their
  points counted right, each declarer they may choose, the contract the lessons teach before the lowest of each other
  strain, each card they may play in the first two tricks, the next deal once one is over; and after those, the
  same once more (a pupil counts their points, then chooses the contract: the computer's opening lead).

``current`` tells whether the table is still where it was: thinking stops as soon as it moved on.

>>> from minibridge.rules import find_rules
>>> from minibridge.robot import Robot
>>> from minibridge.table.driver import ComputerPlayer, Table
>>> from minibridge.table.seats import Seating
>>> rules = find_rules("ebu")
>>> table = Table(rules, seating=Seating.alone(), computer=ComputerPlayer(robot=Robot(rules, samples=2)), deals=1)
>>> table.start()
>>> think_ahead(table) > 0
True
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable, Iterator

from minibridge.analysis import dd_tables, thinking_ahead
from minibridge.cards import Card, Seat
from minibridge.contract import Contract
from minibridge.errors import MiniBridgeError
from minibridge.review import review_game
from minibridge.robot import taught_contract
from minibridge.table.driver import Table

__all__ = ["MOST_BRANCHES", "MOST_STEPS", "think_ahead", "thoughts"]

MOST_BRANCHES = 12
"""The most tables after the people's likely decisions thought about, each time."""
MOST_STEPS = 8
"""The most decisions of the computer thought about after one of the people's."""
CARD_TRICKS = 2
"""The tricks in which each card a person may play is thought about (later, the computer's cards are quick)."""

Decision = Callable[[Table], object]
"""One of the people's decisions, taken at a table."""


def think_ahead(table: Table, *, current: Callable[[], bool] = lambda: True) -> int:
    """Work out ahead, in the background, what the computer at ``table`` may have to decide next (the table itself
    is not changed), while the table is ``current``; the computer's decisions thought about."""
    decided = 0
    for piece in thoughts(table):
        decided += piece
        if not current():
            break
    return decided


def thoughts(
    table: Table, *, soon: bool = True, most: int = MOST_BRANCHES, going: Callable[[], bool] = lambda: True
) -> Iterator[int]:
    """Thinking ahead at ``table`` (:func:`think_ahead`) a piece at a time, the likeliest first, so that a server
    can think for many tables in turn and stop when one moves on: the computer's decisions thought about in each
    piece, after at most ``most`` of the people's decisions. Each piece is thought out ahead, the likeliest as
    likely when the table is played ``soon``; a piece ends early once ``going`` turns false. The table itself is
    not changed."""
    table = copy.deepcopy(table)
    first = list(itertools.islice(_branches(table), most))
    likeliest: Table | None = None
    likely_first = bool(first) and _likeliest_first(table)
    if likely_first:
        yield _decides_ahead(first[0], going, likely=soon)
        if _likeliest_first(first[0]):
            likeliest = next(_branches(first[0]), None)
        if likeliest is not None:
            yield _decides_ahead(likeliest, going, likely=soon)
    play = table.game.play
    with thinking_ahead():
        if play is not None:
            review_game(play)
        if table.find_best and play is not None and 2 * len(play.tricks) >= play.total_tricks:
            dd_tables([table.game.deal])
    yield 0
    rest = first[1:] if likely_first else first
    for branch in rest:
        yield _decides_ahead(branch, going)
    thought = likely_first + (likeliest is not None) + len(rest)
    for at in first:
        skip = 1 if at is first[0] and likeliest is not None else 0
        for branch in itertools.islice(_branches(at), skip, None):
            if thought >= most:
                return
            yield _decides_ahead(branch, going)
            thought += 1


def _decides_ahead(table: Table, going: Callable[[], bool], *, likely: bool = False) -> int:
    """The computer's decisions at ``table`` (:func:`_computer_decides`) while ``going``, thought out ahead (as
    ``likely``: before the others)."""
    with thinking_ahead(likely=likely):
        return _computer_decides(table, going)


def _likeliest_first(table: Table) -> bool:
    """The first of the branches at ``table`` is what will most likely happen: the computer's own decision, the
    points counted right, the next deal, the contract the lessons teach (not one card of many, nor one declarer of
    two)."""
    return table.computer_to_act() or table.phase in ("count", "deal_over", "contract")


def _computer_decides(table: Table, going: Callable[[], bool] = lambda: True) -> int:
    """Let the computer take its decisions at ``table`` up to a person's next one (at most :data:`MOST_STEPS`, and
    while ``going``); how many it took (it stops at a decision the table refuses)."""
    steps = 0
    try:
        while steps < MOST_STEPS and going() and table.step():
            steps += 1
    except MiniBridgeError:
        pass
    return steps


def _branches(table: Table) -> Iterator[Table]:
    """Copies of ``table`` after each of the people's likely next decisions, the likeliest first, made one at a time
    as they are asked for; a copy of the table as it is when the next decision is the computer's; none when it is
    nobody's."""
    if table.computer_to_act():
        yield copy.deepcopy(table)
        return
    for decision in _likely(table):
        branch = _after(table, decision)
        if branch is not None:
            yield branch


def _after(table: Table, decision: Decision) -> Table | None:
    """A copy of ``table`` after ``decision`` (None when the table refuses it)."""
    branch = copy.deepcopy(table)
    try:
        decision(branch)
    except MiniBridgeError:
        return None
    return branch


def _likely(table: Table) -> list[Decision]:
    """The people's likely next decisions at ``table``, the likeliest first."""
    phase, person, game = table.phase, table.decider, table.game
    if phase == "count":
        return [_count_right]
    if phase == "deal_over":
        return [lambda at: at.next_deal()]
    if person is None:
        return []
    if phase == "declarer" and game.announcement is not None:
        return [_declares(person, seat) for seat in game.announcement.may_declare]
    if phase == "contract" and game.declarer is not None:
        allowed = game.allowed_contracts
        taught = taught_contract(table.rules, game.deal, game.declarer)
        lowest = {c.strain: c for c in reversed(allowed)}
        others = [lowest[strain] for strain in sorted(lowest, reverse=True) if strain is not taught.strain]
        return [_contracts(person, contract) for contract in [taught, *others]]
    if phase == "play" and game.play is not None and len(game.play.tricks) < CARD_TRICKS:
        return [_plays(person, card) for card in table.legal_cards(person)]
    return []


def _count_right(table: Table) -> None:
    """Every person still counting counts their points right."""
    for seat in table.seats_counting():
        table.count_points(table.seating.people[seat], table.game.deal[seat].hcp)


def _declares(person: str, seat: Seat) -> Decision:
    """``person`` chooses ``seat`` as declarer."""
    return lambda table: table.choose_declarer(person, seat)


def _contracts(person: str, contract: Contract) -> Decision:
    """``person`` chooses ``contract``."""
    return lambda table: table.choose_contract(person, contract)


def _plays(person: str, card: Card) -> Decision:
    """``person`` plays ``card``."""
    return lambda table: table.play_card(person, card)
