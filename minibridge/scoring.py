"""Scoring a deal under every rule set: the scoring schemes, the score of a deal, the score tables.

Each scoring scheme (EBU, lesson, Dutch, targets, tricks only) is an object in a registry, found by the name a
rule set gives (``find_scheme(rules.scoring)``); no code elsewhere asks which scheme it is.

>>> score(Contract.from_str("3NT"), 9).declarers_score
400
>>> score(Contract.from_str("4H"), 8).defenders_score
100
>>> score(Contract.from_str("1NT"), 8, RULE_SETS["lesson"]).declarers_score
130
>>> find_scheme("nbb").plus_and_minus
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from minibridge.cards import Seat, Side, Strain
from minibridge.contract import Contract, target_for_points
from minibridge.errors import ContractError, RuleError
from minibridge.language import gettext, ngettext, number
from minibridge.rules import RULE_SETS, SCORINGS, RuleSet, check_contract, no_contracts

__all__ = [
    "Scheme",
    "EBUScoring",
    "LessonScoring",
    "DutchScoring",
    "TargetScoring",
    "TricksOnly",
    "SCHEMES",
    "find_scheme",
    "Score",
    "score",
    "breakdown",
    "goal",
    "trick_points",
    "score_table",
    "DEFAULT_TARGET",
]

DEFAULT_TARGET = 1000
"""A session played to a target ends when a side reaches this many points (001)."""

_SLAM_BONUS = 800
_GAME_BONUS = 300
_PART_SCORE_BONUS = 50
_UNDERTRICK = 50


@dataclass(frozen=True)
class Score:
    """The score of one deal: the contract, declarer's tricks, the goal and each side's points."""

    rules: str
    contract: Contract
    tricks: int
    goal: int
    made: bool
    declarers_score: int
    defenders_score: int
    scheme: Scheme
    """The scoring scheme the deal was scored by."""
    points: int | None = None
    """The declaring side's combined points, when they set the goal (targets) or were given."""
    declarer: Seat | None = field(default=None, compare=False)
    """Declarer, when known: the side each score goes to (:meth:`for_side`); two scores of the same result are
    equal whoever declared."""

    def for_side(self, side: Side) -> int:
        """What ``side`` scores for the deal: the declaring side's score or the defenders'.

        >>> made = score(Contract.from_str("3NT"), 10, declarer=Seat.WEST)
        >>> made.for_side(Side.EAST_WEST), made.for_side(Side.NORTH_SOUTH)
        (430, 0)
        """
        if self.declarer is None:
            raise ValueError("the score of a deal whose declarer is not known has no sides")
        return self.declarers_score if side is self.declarer.side else self.defenders_score

    @property
    def odd_tricks(self) -> int:
        """Tricks beyond six."""
        return max(0, self.tricks - 6)

    @property
    def short(self) -> int:
        """Tricks short of the goal (0 when made)."""
        return max(0, self.goal - self.tricks)

    def describe(self) -> str:
        """The result in words: ``4S (game in spades), 11 tricks: goal 10 reached; declaring side scores 450.``"""
        return self.scheme.describe(self)

    def as_data(self) -> dict[str, Any]:
        """The score as plain data: the object of ``minibridge score --json`` (``hcp`` when the points were given)."""
        data: dict[str, Any] = {
            "rules": self.rules,
            "contract": str(self.contract),
            "tricks": self.tricks,
            "goal": self.goal,
            "made": self.made,
            "declarers_score": self.declarers_score,
            "defenders_score": self.defenders_score,
        }
        if self.points is not None:
            data["hcp"] = self.points
        return data


class Scheme:
    """A way of scoring a deal, as a rule book gives it; each scheme is a subclass, found by its name.

    The class-level switches say what the rest of the package may need to know without asking the name.
    """

    name: ClassVar[str]
    """The name a rule set or a lesson file gives (``scoring: ebu``)."""
    needs_points: ClassVar[bool] = False
    """True when the declaring side's combined points set the goal, so they must be known."""
    won_or_lost: ClassVar[bool] = False
    """True when each deal is won or lost rather than scored in points."""
    plus_and_minus: ClassVar[bool] = False
    """True when the declaring side scores plus or minus and the defenders score the opposite."""
    session_target: ClassVar[int] = DEFAULT_TARGET
    """What a side must reach to win a session played to a target."""

    def __repr__(self) -> str:
        return f"find_scheme({self.name!r})"

    @property
    def has_contract(self) -> bool:
        """False when the score is just the tricks each side takes."""
        return SCORINGS[self.name].has_contract

    @property
    def description(self) -> str:
        """The scheme among the rules in force, in a teacher's words."""
        return SCORINGS[self.name].in_words

    def goal(self, contract: Contract, *, points: int | None = None) -> int:
        """Declarer's goal in tricks (``points``: the declaring side's, when the scheme needs them)."""
        return contract.goal()

    def check(self, contract: Contract, rules: RuleSet, *, points: int | None, trumps_held: int | None) -> None:
        """Refuse a contract the rules do not allow (see ``rules.contract_problems``)."""
        check_contract(contract, rules, points=points, trumps_held=trumps_held)

    def points_for(self, contract: Contract, tricks: int, goal: int) -> tuple[int, int]:
        """The declaring side's and the defenders' points for declarer's ``tricks`` against the ``goal``."""
        raise NotImplementedError("each scheme that scores contracts gives its own points")

    def score(
        self,
        contract: Contract,
        tricks: int,
        rules: RuleSet,
        *,
        points: int | None = None,
        trumps_held: int | None = None,
        declarer: Seat | None = None,
    ) -> Score:
        """Score declarer's ``tricks`` in ``contract`` (see the module function ``score``)."""
        if not 0 <= tricks <= 13:
            raise ContractError(gettext("declarer takes 0 to 13 tricks, not %(tricks)s") % {"tricks": tricks})
        self.check(contract, rules, points=points, trumps_held=trumps_held)
        target = self.goal(contract, points=points)
        declarers, defenders = self.points_for(contract, tricks, target)
        return Score(
            rules=rules.name,
            contract=contract,
            tricks=tricks,
            goal=target,
            made=tricks >= target,
            declarers_score=declarers,
            defenders_score=defenders,
            scheme=self,
            points=points,
            declarer=declarer,
        )

    def side_value(self, result: Score) -> int:
        """The declaring side's score, negative when the defenders score: what compares contracts."""
        if result.made or self.plus_and_minus:
            return result.declarers_score
        return -result.defenders_score

    def breakdown(self, result: Score) -> str:
        """How the score is made up, as a pupil would add it (in the language in use)."""
        if result.made:
            return self.made_breakdown(result)
        sign = "−" if self.plus_and_minus else ""
        values = {
            "short": result.short,
            "goal": result.goal,
            "points": f"{sign}{result.short} × 50 = {sign}{number(result.short * 50)}",
        }
        if self.plus_and_minus:
            return gettext("%(short)s short of the goal of %(goal)s: the declaring side scores %(points)s") % values
        return gettext("%(short)s short of the goal of %(goal)s: the defenders score %(points)s") % values

    def made_breakdown(self, result: Score) -> str:
        """How the score of a made contract is made up."""
        raise NotImplementedError("each scheme that scores contracts gives its own breakdown")

    def describe(self, result: Score) -> str:
        """The result in words: ``4S (game in spades), 11 tricks: goal 10 reached; declaring side scores 450.``"""
        values = {
            "head": _head(result),
            "goal": result.goal,
            "short": result.short,
            "count": result.tricks - result.goal,
            "declarers": number(result.declarers_score),
            "defenders": number(result.defenders_score),
        }
        if self.plus_and_minus:
            tail = gettext("declaring side scores %(declarers)s, defenders %(defenders)s") % values
        elif result.made:
            tail = gettext("declaring side scores %(declarers)s") % values
        else:
            tail = gettext("defenders score %(defenders)s") % values
        values["tail"] = tail
        if not result.made:
            return gettext("%(head)s: goal %(goal)s missed by %(short)s; %(tail)s.") % values
        if result.tricks == result.goal:
            return gettext("%(head)s: goal %(goal)s reached; %(tail)s.") % values
        return (
            ngettext(
                "%(head)s: goal %(goal)s reached with %(count)s overtrick; %(tail)s.",
                "%(head)s: goal %(goal)s reached with %(count)s overtricks; %(tail)s.",
                result.tricks - result.goal,
            )
            % values
        )

    def goal_reason(self, contract: Contract, goal: int, *, points: int | None, where: str) -> str:
        """Why the goal is ``goal`` tricks, in a teacher's words (``where``: the lesson's name)."""
        return ngettext("%(contract)s needs %(count)s trick", "%(contract)s needs %(count)s tricks", goal) % {
            "contract": contract.in_words,
            "count": goal,
        }

    def table(self, rules: RuleSet) -> list[Score]:
        """Every contract the rules allow scored for 0 to 13 tricks, as in the rule books' tables."""
        kinds = [k for k, on in (("part-score", rules.part_score), ("game", rules.game)) if on]
        if rules.slam and rules.game:
            kinds += ["slam", "grand slam"]
        contracts = [Contract.of(kind, strain) for kind in kinds for strain in sorted(rules.strains, reverse=True)]
        return [self.score(c, tricks, rules) for c in contracts for tricks in range(14)]


class EBUScoring(Scheme):
    """EBU scoring (001, 002): points for the odd tricks, 50 for a part-score, 300 for a game, 800 for a slam;
    the defenders score 50 for each trick declarer is short."""

    name = "ebu"

    def points_for(self, contract: Contract, tricks: int, goal: int) -> tuple[int, int]:
        """EBU points: the odd tricks and the bonus when made, 50 a trick short to the defenders."""
        if tricks >= goal:
            return trick_points(contract, tricks) + _bonus(contract), 0
        return 0, _UNDERTRICK * (goal - tricks)

    def made_breakdown(self, result: Score) -> str:
        """``40 + 2 × 30 for 3 odd tricks + 300 for game = 400``."""
        odd = result.odd_tricks
        if result.contract.strain is Strain.NO_TRUMPS:
            tricks = "40" if odd == 1 else f"40 + {odd - 1} × 30"
        else:
            tricks = f"{odd} × {30 if result.contract.strain.is_major else 20}"
        odd_tricks = ngettext("%(points)s for %(count)s odd trick", "%(points)s for %(count)s odd tricks", odd) % {
            "points": tricks,
            "count": odd,
        }
        return f"{odd_tricks} + {_bonus_words(result.contract)} = {number(result.declarers_score)}"


class LessonScoring(Scheme):
    """Lesson scoring (MiniLessons Three and Four): the goal is always 7 tricks; 50 for the majority of tricks
    and 40 for each odd trick; the defenders score 50 for each trick short."""

    name = "lesson"

    def goal(self, contract: Contract, *, points: int | None = None) -> int:
        """Always 7 tricks: the majority."""
        return 7

    def points_for(self, contract: Contract, tricks: int, goal: int) -> tuple[int, int]:
        """50 plus 40 per odd trick when made, 50 a trick short to the defenders."""
        if tricks >= goal:
            return _PART_SCORE_BONUS + 40 * (tricks - 6), 0
        return 0, _UNDERTRICK * (goal - tricks)

    def made_breakdown(self, result: Score) -> str:
        """``50 for the majority of tricks + 40 × 2 odd tricks = 130``."""
        odd = result.odd_tricks
        return ngettext(
            "50 for the majority of tricks + 40 × %(count)s odd trick = %(score)s",
            "50 for the majority of tricks + 40 × %(count)s odd tricks = %(score)s",
            odd,
        ) % {"count": odd, "score": number(result.declarers_score)}

    def goal_reason(self, contract: Contract, goal: int, *, points: int | None, where: str) -> str:
        """``in MiniLesson Three the goal is always 7 tricks``."""
        return gettext("in %(lesson)s the goal is always %(count)s tricks") % {"lesson": where, "count": goal}


class DutchScoring(Scheme):
    """Dutch scoring (003): 10 for every trick, plus or minus for the denomination, 300 for a game; a contract
    that fails costs the declaring side 50 a trick; the defenders score the opposite."""

    name = "nbb"
    plus_and_minus = True

    def points_for(self, contract: Contract, tricks: int, goal: int) -> tuple[int, int]:
        """10 a trick, the denomination's adjustment and the bonus when made, −50 a trick short."""
        if tricks >= goal:
            bonus = _bonus(contract) if contract.level > 1 else 0
            declarers = 10 * tricks + _DUTCH_ADJUSTMENT[contract.strain] + bonus
        else:
            declarers = -_UNDERTRICK * (goal - tricks)
        return declarers, -declarers

    def made_breakdown(self, result: Score) -> str:
        """``10 × 10 tricks + 5 for hearts + 300 for game = 405``."""
        adjustment = _DUTCH_ADJUSTMENT[result.contract.strain]
        values = {
            "count": result.tricks,
            "sign": "+" if adjustment > 0 else "−",
            "points": abs(adjustment),
            "strain": result.contract.strain.in_words,
        }
        text = (
            ngettext(
                "10 × %(count)s trick %(sign)s %(points)s for %(strain)s",
                "10 × %(count)s tricks %(sign)s %(points)s for %(strain)s",
                result.tricks,
            )
            % values
        )
        if result.contract.level > 1:
            text += f" + {_bonus_words(result.contract)}"
        return f"{text} = {number(result.declarers_score)}"


class TargetScoring(Scheme):
    """Targets by combined points (000): the declaring side's points set the tricks to take, whatever the
    contract's level; each deal is won or lost, and a session is the best of three."""

    name = "targets"
    needs_points = True
    won_or_lost = True
    session_target = 2

    def goal(self, contract: Contract, *, points: int | None = None) -> int:
        """The target for the declaring side's combined points."""
        if points is None:
            raise RuleError(
                gettext("with targets by combined points the goal depends on the declaring side's points: give them")
            )
        return target_for_points(points)

    def check(self, contract: Contract, rules: RuleSet, *, points: int | None, trumps_held: int | None) -> None:
        """Only the denomination is checked: the level plays no part, the points set the goal."""
        check_contract(Contract(1, contract.strain), rules)

    def points_for(self, contract: Contract, tricks: int, goal: int) -> tuple[int, int]:
        """One deal won, by the declaring side or by the defenders."""
        return (1, 0) if tricks >= goal else (0, 1)

    def breakdown(self, result: Score) -> str:
        """``27 points together set a target of 9 tricks; 10 taken: the declaring side wins``."""
        values = {"points": result.points, "goal": result.goal, "tricks": result.tricks}
        if result.made:
            return (
                gettext(
                    "%(points)s points together set a target of %(goal)s tricks; %(tricks)s taken: "
                    "the declaring side wins"
                )
                % values
            )
        return (
            gettext("%(points)s points together set a target of %(goal)s tricks; %(tricks)s taken: the defenders win")
            % values
        )

    def describe(self, result: Score) -> str:
        """``4H (game in hearts), 10 tricks: target 9 for 27 points reached; the declaring side wins the deal.``"""
        values = {"head": _head(result), "goal": result.goal, "points": result.points, "short": result.short}
        if result.made:
            return (
                gettext("%(head)s: target %(goal)s for %(points)s points reached; the declaring side wins the deal.")
                % values
            )
        return (
            gettext("%(head)s: target %(goal)s for %(points)s points missed by %(short)s; the defenders win the deal.")
            % values
        )

    def goal_reason(self, contract: Contract, goal: int, *, points: int | None, where: str) -> str:
        """``27 points together set a target of 9 tricks``."""
        return gettext("%(points)s points together set a target of %(goal)s tricks") % {"points": points, "goal": goal}

    def table(self, rules: RuleSet) -> list[Score]:
        """The rows run over the bands of combined points (contract 1NT stands for any)."""
        return [
            self.score(Contract(1, Strain.NO_TRUMPS), tricks, rules, points=low)
            for low in (21, 23, 25, 27, 29, 33, 37)
            for tricks in range(14)
        ]


class TricksOnly(Scheme):
    """MiniLessons One and Two: no contract; the score is the number of tricks each side takes."""

    name = "tricks"

    def check(self, contract: Contract, rules: RuleSet, *, points: int | None, trumps_held: int | None) -> None:
        """Every contract is refused: there are none."""
        raise RuleError(no_contracts(rules))

    def table(self, rules: RuleSet) -> list[Score]:
        """There is no score table: there are no contracts."""
        raise RuleError(no_contracts(rules))


SCHEMES: dict[str, Scheme] = {
    scheme.name: scheme for scheme in (EBUScoring(), LessonScoring(), DutchScoring(), TargetScoring(), TricksOnly())
}
"""The scoring schemes by name, as a rule set or a lesson file names them."""


def find_scheme(name: str) -> Scheme:
    """The scoring scheme of this name (``ebu``, ``lesson``, ``nbb``, ``targets`` or ``tricks``)."""
    try:
        return SCHEMES[name.strip().lower()]
    except KeyError:
        raise RuleError(
            gettext("there is no scoring called '%(name)s'; choose one of %(names)s")
            % {"name": name, "names": ", ".join(SCHEMES)}
        ) from None


def _head(result: Score) -> str:
    """``4S (game in spades), 11 tricks``, in the language in use."""
    return ngettext(
        "%(contract)s (%(words)s), %(count)s trick", "%(contract)s (%(words)s), %(count)s tricks", result.tricks
    ) % {
        "contract": result.contract.in_letters,
        "words": result.contract.in_words,
        "count": result.tricks,
    }


def breakdown(result: Score) -> str:
    """How the score is made up, as a pupil would add it: ``40 + 30 + 30 for 3 odd tricks, 300 for game: 400``."""
    return result.scheme.breakdown(result)


def goal(contract: Contract, rules: RuleSet, *, points: int | None = None) -> int:
    """Declarer's goal in tricks under these rules (``points``: the declaring side's, for targets)."""
    return find_scheme(rules.scoring).goal(contract, points=points)


def trick_points(contract: Contract, tricks: int) -> int:
    """EBU points for the odd tricks: 20 a minor, 30 a major, no-trumps 40 for the first and 30 after."""
    odd = max(0, tricks - 6)
    if contract.strain is Strain.NO_TRUMPS:
        return 40 + 30 * (odd - 1) if odd else 0
    return (30 if contract.strain.is_major else 20) * odd


def _bonus_words(contract: Contract) -> str:
    """``300 for game``, ``50 for a part-score``, in the language in use."""
    values = {"bonus": _bonus(contract)}
    return {
        "part-score": gettext("%(bonus)s for a part-score"),
        "game": gettext("%(bonus)s for game"),
        "slam": gettext("%(bonus)s for slam"),
        "grand slam": gettext("%(bonus)s for grand slam"),
    }[contract.kind] % values


def _bonus(contract: Contract) -> int:
    return {"part-score": _PART_SCORE_BONUS, "game": _GAME_BONUS}.get(contract.kind, _SLAM_BONUS)


_DUTCH_ADJUSTMENT = {Strain.NO_TRUMPS: 10, Strain.SPADES: 5, Strain.HEARTS: 5, Strain.DIAMONDS: -10, Strain.CLUBS: -10}


def score(
    contract: Contract,
    tricks: int,
    rules: RuleSet | None = None,
    *,
    points: int | None = None,
    trumps_held: int | None = None,
    declarer: Seat | None = None,
) -> Score:
    """Score declarer's ``tricks`` in ``contract`` under ``rules`` (EBU by default).

    The contract must be allowed by the rules; ``points`` (the declaring side's combined points) set the goal
    under targets and check the Dutch game restriction; ``trumps_held`` checks the Dutch 8-card rule; ``declarer``,
    when given, lets the score say what each side scores (:meth:`Score.for_side`).
    """
    rules = rules or RULE_SETS["ebu"]
    scheme = find_scheme(rules.scoring)
    return scheme.score(contract, tricks, rules, points=points, trumps_held=trumps_held, declarer=declarer)


def score_table(rules: RuleSet) -> list[Score]:
    """Every contract the rules allow scored for 0 to 13 tricks, as in the rule books' tables.

    Under targets the rows run over the bands of combined points (contract 1NT stands for any).
    """
    return find_scheme(rules.scoring).table(rules)
