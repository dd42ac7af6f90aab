"""The kinds of exercise about a deal and a contract, one class each: the points in each hand, who declares,
declarer's goal, the score (the kinds about a recorded play are in :mod:`.play_kinds`).

Each is listed once in the registry (:data:`minibridge.lessons.exercises.KINDS`), and says how a page asks it
(its parts' words and widgets, and the facts of :class:`~minibridge.lessons.exercise_kind.ExerciseKind`), how
the pupils' sheet leaves room for it and how the answer key writes it out; what the engine works out from an
exercise's board is in :mod:`.exercise_board`.

>>> HcpKind().keys == {seat.letter for seat in Seat}
True
>>> [(part.key, part.label) for part in DeclarerKind.parts]
[('declarer', 'Declarer'), ('dummy', 'Dummy')]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from minibridge import language
from minibridge.cards import Seat, Side
from minibridge.deal import Deal
from minibridge.language import N_, gettext
from minibridge.lessons.exercise_board import (
    announcement_of,
    board_of,
    contract_of,
    deal_of,
    declaring_points,
    score_of,
    scores,
)
from minibridge.lessons.exercise_kind import Blank, ExerciseKind, Offer, Problem
from minibridge.lessons.kind_parts import A_SEAT, DECLARERS, DEFENDERS
from minibridge.lessons.lesson import Exercise, Lesson
from minibridge.lessons.reading import Form, Part
from minibridge.scoring import Score, goal

__all__ = ["HcpKind", "DeclarerKind", "GoalKind", "ScoreKind"]


class HcpKind(ExerciseKind):
    """Count the points in each hand."""

    name = "hcp"
    hint = N_("Count the high cards: A=4, K=3, Q=2, J=1. Add them up for each hand.")
    parts = tuple(
        Part(
            key=seat.letter,
            form=Form.POINTS,
            says=N_("the points in each hand"),
            names=(seat.letter.lower(), seat.title.lower()),
            label=seat.title,  # translated as the seat's name
            question=N_("%(seat)s's points"),
            seat=seat,
            most=40,
        )
        for seat in Seat
    )
    how = N_("Count the points in each hand: ace 4, king 3, queen 2, jack 1. Tap − and + to set each number.")
    hands_only = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        deal = deal_of(board_of(lesson, exercise))
        return {seat.letter: deal.hcp(seat) for seat in Seat}

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        deal = deal_of(board_of(lesson, exercise))
        return "; ".join(f"{seat.in_words} {_points_shown(deal, seat)}" for seat in Seat)

    def cue(self, lesson: Lesson, exercise: Exercise, given: Any) -> str | None:
        """Seed 000, Law 5: "If the total is not 40, something has gone wrong already and a re-count is
        necessary!" (a whole deal only: a short deal holds fewer points)."""
        if (
            not isinstance(given, dict)
            or set(given) != self.keys
            or deal_of(board_of(lesson, exercise)).cards_per_hand != 13
        ):
            return None
        total = sum(given.values())
        if total == 40:
            return None
        return gettext(
            "your four hands add up to %(total)s, not 40: if the total is not 40, something has gone wrong "
            "and a re-count is necessary"
        ) % {"total": total}


class DeclarerKind(ExerciseKind):
    """Who declares and who is dummy, or a redeal."""

    name = "declarer"
    hint = N_("Add up the points of each pair. The pair with more points plays. Who has more in that pair?")
    parts = (
        Part(
            key="declarer",
            form=Form.SEAT,
            says=A_SEAT,
            names=("declarer", "declares", "declare", "declaring"),
            label=N_("Declarer"),
            question=N_("Who is declarer?"),
        ),
        Part(
            key="dummy",
            form=Form.SEAT,
            says=A_SEAT,
            names=("dummy",),
            label=N_("Dummy"),
            question=N_("Who is dummy?"),
        ),
    )
    alternatives: ClassVar[dict[str, tuple[str, ...]]] = {
        "redeal": ("redeal", "re-deal", "re deal", "a redeal", "deal again")
    }
    offers = (
        Offer(
            answer="redeal",
            question=N_("Or does nobody play it?"),
            words=N_("Redeal: deal the cards again"),
            said=N_("Redeal: nobody declares, the cards are dealt again"),
        ),
    )
    written_alternatives: ClassVar[dict[str, str]] = {"redeal": N_("a redeal")}
    hands_only = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        result = announcement_of(lesson, exercise)
        if result.redeal:
            return "redeal"
        assert result.declarer is not None and result.dummy is not None
        return {"declarer": result.declarer.letter, "dummy": result.dummy.letter}

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        result = announcement_of(lesson, exercise)
        ns, ew = (result.side_hcp(side) for side in Side)
        if result.redeal:
            return gettext("North–South hold %(ns)s and East–West %(ew)s: a redeal") % {"ns": ns, "ew": ew}
        assert result.declaring_side is not None and result.declarer is not None and result.dummy is not None
        first, second = result.declaring_side.seats
        values = {
            "side": result.declaring_side.in_words,
            "more": max(ns, ew),
            "fewer": min(ns, ew),
            "first": first.in_words,
            "first_points": result.hcp[first],
            "second": second.in_words,
            "second_points": result.hcp[second],
            "lesson": lesson.name,
            "declarer": result.declarer.in_words,
            "dummy": result.dummy.in_words,
        }
        if result.tie and len(result.may_declare) > 1:
            text = gettext(
                "%(side)s hold %(more)s against %(fewer)s; %(first)s %(first_points)s, %(second)s "
                "%(second_points)s: equal, so in %(lesson)s the players choose who declares"
            )
        elif result.tie:
            text = gettext(
                "%(side)s hold %(more)s against %(fewer)s; %(first)s %(first_points)s, %(second)s "
                "%(second_points)s: equal, so %(declarer)s, who announced first, declares"
            )
        else:
            text = gettext(
                "%(side)s hold %(more)s against %(fewer)s; %(first)s %(first_points)s, %(second)s "
                "%(second_points)s: %(declarer)s has more and declares, %(dummy)s is dummy"
            )
        return text % values

    def rule_problems(self, lesson: Lesson, exercise: Exercise, boards: list[int]) -> Iterator[Problem]:
        if not lesson.rules.announcement:
            yield (
                ("kind",),
                gettext(
                    "%(lesson)s has no announcement (rules: announcement: false), so no declarer: "
                    "ask another kind of question"
                )
                % {"lesson": lesson.name},
            )

    def may_declare(self, lesson: Lesson, exercise: Exercise) -> tuple[Seat, ...]:
        return () if exercise.board is None else announcement_of(lesson, exercise).may_declare

    def matches(self, given: Any, found: Any, *, may_declare: tuple[Seat, ...] = ()) -> bool:
        if isinstance(given, dict) and isinstance(found, dict) and len(may_declare) > 1:
            letters = {s.letter for s in may_declare}
            declarer, dummy = given.get("declarer"), given.get("dummy")
            pair_ok = declarer is None or dummy is None or {declarer, dummy} == letters
            return pair_ok and all(v in letters for v in (declarer, dummy) if v is not None)
        return super().matches(given, found)

    def written_answer(self, lesson: Lesson, exercise: Exercise) -> tuple[str, ...]:
        """Who declares and who is dummy; where the partners may choose, both of them."""
        found, choice = self.solve(lesson, exercise), self.may_declare(lesson, exercise)
        if isinstance(found, dict) and len(choice) > 1:
            first, second = (seat.in_words for seat in choice)
            said = gettext("%(first)s or %(second)s: the partners choose, and the other is dummy")
            return (said % {"first": first, "second": second},)
        return self.in_words(found)

    def in_words(self, answer: Any) -> tuple[str, ...]:
        if not isinstance(answer, dict) or set(answer) != self.keys:
            return super().in_words(answer)
        return (gettext("declarer %(declarer)s, dummy %(dummy)s") % self.parts_in_words(answer),)


class GoalKind(ExerciseKind):
    """How many tricks declarer's side needs in a contract."""

    name = "goal"
    hint = N_("Look at the contract. How high is it, and in which suit? That tells the goal.")
    parts = (Part(key="", form=Form.TRICKS, says=N_("a number of tricks"), question=N_("How many tricks?"), pad=True),)
    needs = ("contract",)
    scored = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        return goal(contract_of(exercise), lesson.rules, points=declaring_points(lesson, exercise))

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        tricks = self.solve(lesson, exercise)
        scheme = lesson.rules.scheme
        points = declaring_points(lesson, exercise) if scheme.needs_points else None
        return scheme.goal_reason(contract_of(exercise), tricks, points=points, where=lesson.name)

    def blanks(self, lesson: Lesson, exercise: Exercise) -> tuple[tuple[Blank, ...], ...]:
        return ((Blank(gettext("______ tricks")),),)


class ScoreKind(ExerciseKind):
    """The score of a contract and the tricks taken."""

    name = "score"
    hint = N_("First find the goal. Did declarer make it? Then count the points for each trick.")
    parts = (DECLARERS, DEFENDERS)
    needs = ("contract", "tricks")
    scored = True

    def solve(self, lesson: Lesson, exercise: Exercise) -> Any:
        return scores(self._score(lesson, exercise))

    def explain(self, lesson: Lesson, exercise: Exercise) -> str:
        """How the score is reckoned: ``4 tricks over six × 30 = 120, + 300 game = 420``."""
        return self._score(lesson, exercise).calculation_words

    def in_words(self, answer: Any) -> tuple[str, ...]:
        if not isinstance(answer, dict) or set(answer) != self.keys:
            return super().in_words(answer)
        return (gettext("declaring side %(declarers)s, defenders %(defenders)s") % self.parts_in_words(answer),)

    def blanks(self, lesson: Lesson, exercise: Exercise) -> tuple[tuple[Blank, ...], ...]:
        return ((Blank(gettext("Declaring side"), 6), Blank(gettext("Defenders"), 6)),)

    @staticmethod
    def _score(lesson: Lesson, exercise: Exercise) -> Score:
        assert exercise.tricks is not None
        return score_of(lesson, exercise, contract_of(exercise), exercise.tricks)


def _points_shown(deal: Deal, seat: Seat) -> str:
    """``10 (A♠ K♥ Q♦ J♣ …)``: a hand's points and the honours that make them (as the language prints them)."""
    honours = " ".join(language.rank(c.rank.letter) + c.suit.symbol for c in deal[seat] if c.hcp)
    return f"{deal.hcp(seat)} ({honours})" if honours else "0"
