"""The boards of a lesson's pack or practice set: a lesson's own deals, then more dealt at random to suit the lesson.

A board dealt at random is kept only when it can be played under the lesson's rules, which is found double
dummy (:mod:`minibridge.analysis`, loaded only when a board is checked).

>>> from minibridge.lessons import find_lesson
>>> deals, seed = pack_deals(find_lesson(3), 12)
>>> [d.number for d in deals][-3:], seed, deals[-1].generated
([10, 11, 12], 306, True)
"""

from __future__ import annotations

import dataclasses

from minibridge.board import Board
from minibridge.dealing import DealSpec, Playable, generate
from minibridge.lessons.lesson import Lesson

__all__ = ["default_seed", "practice_spec", "playable", "practice_deals", "pack_deals"]


def default_seed(lesson: Lesson) -> int:
    """The seed of the lesson file's ``generate:`` block, or 101 times the lesson's number when it has none."""
    return lesson.generate_spec.seed if lesson.generate_spec is not None else 101 * lesson.number


def practice_spec(lesson: Lesson, count: int, *, seed: int | None = None, first_board: int = 1) -> DealSpec:
    """The lesson's constraints for ``count`` deals from ``seed``: its ``generate:`` block, or for a lesson
    without one, deals as long as its longest written deal."""
    seed = default_seed(lesson) if seed is None else seed
    if lesson.generate_spec is not None:
        return dataclasses.replace(lesson.generate_spec, seed=seed, count=count, first_board=first_board)
    size = lesson.rules.cards_per_hand or max((d.deal.cards_per_hand for d in lesson.deals), default=13)
    return DealSpec(seed=seed, count=count, first_board=first_board, cards_per_hand=size)


def playable(lesson: Lesson, *, cache: bool = True) -> Playable | None:
    """The check that dealt boards can be played under the lesson's rules: with best play all round the declaring
    side makes a contract the lesson allows (in a no-trumps lesson, a part-score in no-trumps). None where the
    lesson has no contracts, so that every deal can be played."""
    if not lesson.rules.has_contract:
        return None
    rules = lesson.rules

    def check(boards: list[Board]) -> list[bool]:
        from minibridge.analysis import analyse_boards

        return [a.best is not None and a.best.result.made for a in analyse_boards(boards, rules, cache=cache)]

    return check


def practice_deals(lesson: Lesson, count: int, *, seed: int | None = None, cache: bool = True) -> list[Board]:
    """``count`` deals that suit the lesson and can be played under its rules, boards numbered from 1, always the
    same for the same seed."""
    return generate(practice_spec(lesson, count, seed=seed), playable=playable(lesson, cache=cache))


def pack_deals(
    lesson: Lesson, count: int | None = None, *, seed: int | None = None, cache: bool = True
) -> tuple[list[Board], int]:
    """The boards of a lesson pack and the seed of its random deals.

    First the deals written in the lesson file (the ones its notes and exercises talk about), then deals
    generated from ``seed`` up to ``count`` boards, each playable under the lesson's rules (:func:`playable`).
    With the lesson's own seed and count this is exactly the lesson's set of deals. The one home of a pack's
    boards: ``minibridge pack`` (through :func:`minibridge.documents.pack_boards`), the teacher's printing page and
    ``minibridge deal`` all take them from here, so that ``deal --lesson N --seed S -n K`` gives exactly the boards
    of ``pack --lesson N --seed S --deals K``.
    """
    seed = default_seed(lesson) if seed is None else seed
    written = [d for d in lesson.deals if not d.generated]
    if count is None:
        count = len(lesson.deals)
    if count <= len(written):
        return written[:count], seed
    first = max(d.number or 0 for d in written) + 1 if written else 1
    spec = practice_spec(lesson, count - len(written), seed=seed, first_board=first)
    return written + generate(spec, playable=playable(lesson, cache=cache)), seed
