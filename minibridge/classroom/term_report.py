"""A report to take home: for each pupil, the lessons done, the exercises right at the first try, the deals played
and made, the tricks their cards cost against double dummy, the help used, and the term week by week.

The figures come from what the classroom keeps: every answer to an exercise, every deal a named pupil finished
(:class:`DealPlayed`, made from a game by :func:`deal_played`) and the help used. A lesson is done when its
certificate is earned (:func:`minibridge.classroom.certificates.earned_lessons`). The tricks a card cost are those
of the review after each deal (:mod:`minibridge.review`), added up over the cards the pupil played.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from minibridge.cards import Seat, Side
from minibridge.classroom.certificates import Answer, deals_by_lesson, earned_lessons
from minibridge.classroom.game import PupilGame
from minibridge.table import Table

__all__ = [
    "DealPlayed",
    "PupilReport",
    "TermWeek",
    "deal_played",
    "deal_played_at",
    "pupil_report",
    "class_reports",
    "MOST_WEEKS",
]

MOST_WEEKS = 16
"""The most weeks the term's chart shows: the last ones."""


class DatedAnswer(Answer, Protocol):
    """An answer with the moment it was given, in ISO 8601."""

    answered: str


class HelpCount(Protocol):
    """The help a pupil used in one lesson's games."""

    pupil: str
    hints: int
    undos: int


@dataclass(frozen=True, kw_only=True)
class DealPlayed:
    """One deal a pupil finished: in which lesson (None: free play), whether their side declared and made the
    contract, the tricks the pupil's own cards cost against double dummy, and when (ISO 8601)."""

    pupil: str
    lesson: int | None
    declared: bool
    made: bool
    tricks_lost: int
    played: str


@dataclass(frozen=True, kw_only=True)
class TermWeek:
    """One week of the term: the Monday it starts, the exercises answered right and the deals finished in it."""

    monday: datetime.date
    right: int
    deals: int


@dataclass(frozen=True, kw_only=True)
class PupilReport:
    """Everything a pupil's report says."""

    name: str
    lessons_done: list[int]
    exercises: int
    """Exercises answered (each once)."""
    first_try: int
    """Exercises whose first answer was right."""
    deals: int
    declared: int
    made: int
    tricks_lost: int
    hints: int
    undos: int
    weeks: list[TermWeek]


def deal_played(game: PupilGame, pupil: str, moment: str) -> DealPlayed | None:
    """The deal at the table of ``game`` as ``pupil`` finished it at ``moment``; None while it is not over."""
    mine = {seat.letter for seat in _seats(game)} if game.table.game.stage == "over" else set()
    return _deal(game.table, game.pupil_seat.side, mine, pupil, game.setup.lesson, moment)


def deal_played_at(table: Table, person: str, pupil: str, lesson: int | None, moment: str) -> DealPlayed | None:
    """The deal at a table of pupils as ``pupil``, the person ``person`` of its seating (a place), finished it at
    ``moment``; None while it is not over."""
    played = table.game
    if played.stage != "over":
        return None
    side = table.seating.hand(played, person).side
    mine = {seat.letter for seat in set(played.card_seats) if table.seating.player_of(played, seat) == person}
    return _deal(table, side, mine, pupil, lesson, moment)


def _deal(table: Table, side: Side, mine: set[str], pupil: str, lesson: int | None, moment: str) -> DealPlayed | None:
    """The deal just over at ``table`` for the pupil on ``side`` who played the cards of the seats ``mine``."""
    played = table.game
    if played.stage != "over":
        return None
    declared = played.declarer is not None and played.declarer.side == side
    goal = played.goal
    made = declared and goal is not None and played.play is not None and played.play.declarer_tricks >= goal
    review = table.records[-1].review or {}
    lost = sum(card["cost"] for card in review.get("cards", []) if card["seat"] in mine)
    return DealPlayed(pupil=pupil, lesson=lesson, declared=declared, made=made, tricks_lost=lost, played=moment)


def _seats(game: PupilGame) -> list[Seat]:
    """The seats whose cards the pupil played in the deal just over."""
    played = game.table.game
    return [seat for seat in set(played.card_seats) if game.table.seating.player_of(played, seat) is not None]


def pupil_report(
    name: str,
    answers: Iterable[DatedAnswer],
    deals: Iterable[DealPlayed],
    help_used: Iterable[HelpCount],
    *,
    need_deals: bool = False,
) -> PupilReport:
    """The report of the pupil ``name`` from everything kept (every pupil's; only theirs is counted)."""
    mine = [answer for answer in answers if answer.pupil == name]
    finished = [deal for deal in deals if deal.pupil == name]
    helped = [used for used in help_used if used.pupil == name]
    first: dict[tuple[int, str], bool] = {}
    for answer in mine:
        first.setdefault((answer.lesson, answer.exercise), answer.right)
    done = earned_lessons(mine, deals=deals_by_lesson(finished).get(name, {}), need_deals=need_deals)
    return PupilReport(
        name=name,
        lessons_done=done,
        exercises=len(first),
        first_try=sum(first.values()),
        deals=len(finished),
        declared=sum(deal.declared for deal in finished),
        made=sum(deal.made for deal in finished),
        tricks_lost=sum(deal.tricks_lost for deal in finished),
        hints=sum(used.hints for used in helped),
        undos=sum(used.undos for used in helped),
        weeks=_weeks(mine, finished),
    )


def _monday(moment: str) -> datetime.date:
    """The Monday of the week of a moment kept in ISO 8601."""
    day = datetime.datetime.fromisoformat(moment).date()
    return day - datetime.timedelta(days=day.weekday())


def _weeks(answers: list[DatedAnswer], deals: list[DealPlayed]) -> list[TermWeek]:
    """The weeks from the pupil's first work to the last (at most :data:`MOST_WEEKS`, the last ones), each with the
    exercises answered right and the deals finished."""
    right: dict[datetime.date, int] = {}
    for answer in answers:
        if answer.right:
            monday = _monday(answer.answered)
            right[monday] = right.get(monday, 0) + 1
    finished: dict[datetime.date, int] = {}
    for deal in deals:
        monday = _monday(deal.played)
        finished[monday] = finished.get(monday, 0) + 1
    mondays = [_monday(answer.answered) for answer in answers] + list(finished)
    if not mondays:
        return []
    first, last = min(mondays), max(mondays)
    count = min((last - first).days // 7 + 1, MOST_WEEKS)
    weeks = [last - datetime.timedelta(weeks=back) for back in range(count - 1, -1, -1)]
    return [TermWeek(monday=m, right=right.get(m, 0), deals=finished.get(m, 0)) for m in weeks]


def class_reports(
    answers: Iterable[DatedAnswer],
    deals: Iterable[DealPlayed],
    help_used: Iterable[HelpCount],
    *,
    names: Iterable[str] | None = None,
    need_deals: bool = False,
) -> list[PupilReport]:
    """The reports of ``names`` (by default every pupil who answered or finished a deal, in alphabetical order)."""
    answers, deals, help_used = list(answers), list(deals), list(help_used)
    if names is None:
        every = {a.pupil for a in answers} | {d.pupil for d in deals}
        names = sorted((n for n in every if n), key=lambda n: (n.casefold(), n))
    return [pupil_report(name, answers, deals, help_used, need_deals=need_deals) for name in names]
