"""The scoring schemes: one entry each, owning everything about its way of scoring a deal.

A scheme (EBU, lesson, Dutch, targets, tricks only) is a class of the registry :data:`SCHEMES`, found by the
name a rule set gives (``find_scheme(rules.scoring)``); it carries its words, whether it has contracts, whether
it scores slams (and why not), its numbers (bonuses, trick values, what a trick short costs, a fixed goal), the
arithmetic made from them, the sentence a lesson pack prints for it and the target of a session. Nothing else
asks which scheme it is. What needs the rules in force (checking a contract, the score tables) is in
:mod:`minibridge.scoring`.

>>> ebu = find_scheme("ebu")
>>> ebu.points_for(Contract.from_str("3NT"), 9, 9), ebu.bonus["part-score"]
((400, 0), 50)
>>> find_scheme("lesson").description
'lesson scoring: 50 plus 40 per odd trick'
>>> find_scheme("nbb").plus_and_minus, find_scheme("targets").session_target
(True, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from minibridge.cards import Seat, Side, Strain
from minibridge.contract import Contract, Kind, target_for_points
from minibridge.errors import ContractError, RuleError
from minibridge.language import N_, gettext, ngettext, number

__all__ = [
    "DEFAULT_TARGET",
    "Score",
    "Part",
    "Scheme",
    "EBUScoring",
    "LessonScoring",
    "DutchScoring",
    "TargetScoring",
    "TricksOnly",
    "SCHEMES",
    "find_scheme",
    "check_tricks",
    "trick_points",
]

DEFAULT_TARGET = 1000
"""A session played to a target ends when a side reaches this many points (001)."""


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

        >>> made = find_scheme("ebu").result(Contract.from_str("3NT"), 10, rules="ebu", declarer=Seat.WEST)
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

    @property
    def parts(self) -> list[Part]:
        """The parts the score is made of, by the scheme that scored it (:meth:`Scheme.parts`)."""
        return self.scheme.parts(self.contract, self.tricks, self.goal)

    @property
    def calculation(self) -> list[dict[str, Any]]:
        """How the score is reckoned, as plain data in the language in use: a list of parts ``{"what": words,
        "points": n}`` whose points add up to the declaring side's score when made, the defenders' when not.

        >>> made = find_scheme("ebu").result(Contract.from_str("1S"), 9, rules="ebu")
        >>> made.calculation
        [{'what': '3 tricks over six × 30', 'points': 90}, {'what': '50 part-score', 'points': 50}]
        >>> missed = find_scheme("ebu").result(Contract.from_str("4H"), 8, rules="ebu")
        >>> missed.calculation, missed.defenders_score
        ([{'what': 'to the defenders: 2 tricks short × 50', 'points': 100}], 100)
        """
        return [part.as_data() for part in self.parts]

    @property
    def calculation_words(self) -> str:
        """The calculation on one line, in numbers and short words, in the language in use.

        >>> find_scheme("ebu").result(Contract.from_str("1S"), 9, rules="ebu").calculation_words
        '3 tricks over six × 30 = 90, + 50 part-score = 140'
        >>> find_scheme("ebu").result(Contract.from_str("3NT"), 9, rules="ebu").calculation_words
        'first trick over six = 40, + 2 more tricks over six × 30 = 60, + 300 game = 400'
        >>> find_scheme("lesson").result(Contract.from_str("1NT"), 8, rules="lesson").calculation_words
        '2 tricks over six × 40 = 80, + 50 for the most tricks = 130'
        >>> find_scheme("nbb").result(Contract.from_str("1D"), 8, rules="nbb").calculation_words
        '8 tricks × 10 = 80, −10 for diamonds = 70'
        >>> find_scheme("nbb").result(Contract.from_str("4H"), 8, rules="nbb").calculation_words
        'to the defenders: 2 tricks short × 50 = 100; the declaring side scores −100'
        >>> find_scheme("targets").result(Contract.from_str("1NT"), 8, rules="targets", points=25).calculation_words
        'target of 9 tricks, 8 taken: the deal won by the defenders'
        """
        return self.scheme.calculation_words(self)

    @property
    def calculation_total(self) -> int:
        """What the calculation adds up to: the declaring side's score when made, the defenders' when not."""
        return self.declarers_score if self.made else self.defenders_score

    def as_data(self) -> dict[str, Any]:
        """The score as plain data: the object of ``minibridge score --json`` (``hcp`` when the points were given;
        ``calculation``: :attr:`calculation`, ``calculation_words``: :attr:`calculation_words`)."""
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
        data["calculation"] = self.calculation
        data["calculation_words"] = self.calculation_words
        return data


@dataclass(frozen=True)
class Part:
    """One part of a score's calculation: its short words (in the language in use) and its points."""

    what: str
    """``3 tricks over six × 30``, ``50 part-score``, ``to the defenders: 2 tricks short × 50``."""
    points: int
    worked: bool = False
    """True when the words hold a sum to work out (``× 30``): the line shows its result (``= 90``)."""

    def as_data(self) -> dict[str, Any]:
        """The part as plain data: ``{"what": words, "points": n}``."""
        return {"what": self.what, "points": self.points}


class Scheme:
    """A way of scoring a deal, as a rule book gives it; each scheme is a subclass, found by its name.

    The class attributes are the scheme's facts and numbers: the rest of the package reads them and never asks
    the name. Its words and its pack sentence are marked for translation with ``%(…)s`` for its numbers
    (:meth:`numbers`), so that a number is written once.
    """

    name: ClassVar[str]
    """The name a rule set or a lesson file gives (``scoring: ebu``)."""
    words: ClassVar[str]
    """The scheme among the rules in force, in a teacher's words (marked for translation; see :attr:`description`)."""
    rules_sentence: ClassVar[str]
    """The sentence a lesson pack prints for the scheme among the rules in force (marked; see :attr:`sentence`)."""
    has_contract: ClassVar[bool] = True
    """False when the score is just the tricks each side takes (MiniLessons One and Two)."""
    no_slams: ClassVar[str | None] = None
    """Why the scheme cannot score a slam, when its rule book has none (marked for translation: ``gettext`` it)."""
    needs_points: ClassVar[bool] = False
    """True when the declaring side's combined points set the goal, so they must be known (and the contract's
    level plays no part)."""
    won_or_lost: ClassVar[bool] = False
    """True when each deal is won or lost rather than scored in points."""
    plus_and_minus: ClassVar[bool] = False
    """True when the declaring side scores plus or minus and the defenders score the opposite."""
    session_target: ClassVar[int] = DEFAULT_TARGET
    """What a side must reach to win a session played to a target."""
    fixed_goal: ClassVar[int | None] = None
    """Declarer's goal in tricks whatever the contract, when the scheme has one (lesson scoring: 7)."""
    undertrick: ClassVar[int] = 50
    """What each trick short of the goal is worth to the defenders (or costs the declaring side)."""
    bonus: ClassVar[Mapping[Kind, int]] = {}
    """What a contract of each kind adds when it is made (none for a kind left out)."""

    def __repr__(self) -> str:
        return f"find_scheme({self.name!r})"

    def numbers(self) -> dict[str, int]:
        """The scheme's numbers by the names its words and its pack sentence give them."""
        return {"undertrick": self.undertrick} | {
            kind.replace("-", "_").replace(" ", "_"): n for kind, n in self.bonus.items()
        }

    @property
    def description(self) -> str:
        """The scheme among the rules in force, in a teacher's words, in the language in use."""
        return gettext(self.words) % self.numbers()

    @property
    def sentence(self) -> str:
        """The scheme as a lesson pack's rules in force print it, in the language in use."""
        return gettext(self.rules_sentence) % self.numbers()

    def goal(self, contract: Contract, *, points: int | None = None) -> int:
        """Declarer's goal in tricks (``points``: the declaring side's, when the scheme needs them)."""
        return contract.goal() if self.fixed_goal is None else self.fixed_goal

    def points_for(self, contract: Contract, tricks: int, goal: int) -> tuple[int, int]:
        """The declaring side's and the defenders' points for declarer's ``tricks`` against the ``goal``: the sum
        of the calculation's parts (:meth:`parts`), to the declaring side when made, to the defenders when not (the
        other side scoring the opposite under plus and minus)."""
        total = sum(part.points for part in self.parts(contract, tricks, goal))
        declarers, defenders = (total, 0) if tricks >= goal else (0, total)
        if self.plus_and_minus:
            return (declarers, -declarers) if tricks >= goal else (-defenders, defenders)
        return declarers, defenders

    def parts(self, contract: Contract, tricks: int, goal: int) -> list[Part]:
        """The calculation of the score, part by part, in the language in use: the one home of the scheme's
        arithmetic (:meth:`points_for` adds the parts up). A contract made scores :meth:`made_parts`; a contract
        missed gives the defenders what each trick short is worth."""
        if tricks >= goal:
            return self.made_parts(contract, tricks)
        short = goal - tricks
        # TRANSLATORS: a part of a score's calculation, short for a teacher; the line adds "= 100" after it.
        words = ngettext(
            "to the defenders: %(count)s trick short × %(undertrick)s",
            "to the defenders: %(count)s tricks short × %(undertrick)s",
            short,
        ) % {"count": short, "undertrick": number(self.undertrick)}
        return [Part(words, short * self.undertrick, worked=True)]

    def made_parts(self, contract: Contract, tricks: int) -> list[Part]:
        """The parts of the score of a contract made."""
        raise NotImplementedError("each scheme that scores contracts gives its own calculation")

    def bonus_part(self, contract: Contract) -> list[Part]:
        """``50 part-score``, ``300 game``: the bonus of a made contract as a part (none when it has none)."""
        bonus = self.bonus.get(contract.kind, 0)
        if not bonus:
            return []
        values = {"bonus": number(bonus)}
        words = {
            "part-score": gettext("%(bonus)s part-score"),
            "game": gettext("%(bonus)s game"),
            "slam": gettext("%(bonus)s slam"),
            "grand slam": gettext("%(bonus)s grand slam"),
        }[contract.kind] % values
        return [Part(words, bonus)]

    def calculation_words(self, result: Score) -> str:
        """The calculation on one line: ``3 tricks over six × 30 = 90, + 50 part-score = 140``."""
        parts = self.parts(result.contract, result.tricks, result.goal)
        pieces = []
        for i, part in enumerate(parts):
            text = f"{part.what} = {_signed(part.points)}" if part.worked else part.what
            pieces.append(text if i == 0 or part.points < 0 else f"+ {text}")
        line = ", ".join(pieces)
        if len(parts) > 1:
            line += f" = {_signed(sum(part.points for part in parts))}"
        if self.plus_and_minus and not result.made:
            line = gettext("%(calculation)s; the declaring side scores %(points)s") % {
                "calculation": line,
                "points": _signed(result.declarers_score),
            }
        return line

    def result(
        self,
        contract: Contract,
        tricks: int,
        *,
        rules: str,
        points: int | None = None,
        declarer: Seat | None = None,
    ) -> Score:
        """The score of declarer's ``tricks`` in ``contract`` by this scheme's arithmetic (``rules``: the name of
        the rules in force). Whether the rules allow the contract is :func:`minibridge.scoring.score`'s to check."""
        check_tricks(tricks)
        target = self.goal(contract, points=points)
        declarers, defenders = self.points_for(contract, tricks, target)
        return Score(
            rules=rules,
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


class EBUScoring(Scheme):
    """EBU scoring (001, 002): points for the odd tricks, 50 for a part-score, 300 for a game, 800 for a slam;
    the defenders score 50 for each trick declarer is short."""

    name = "ebu"
    words = N_("EBU scoring")
    rules_sentence = N_(
        "EBU scoring: %(minor)s a trick over six in clubs and diamonds, %(major)s in hearts and spades, "
        "%(first_no_trumps)s then %(no_trumps)s in no-trumps; %(part_score)s for a part-score, %(game)s for a "
        "game. Goal missed: the defenders score %(undertrick)s for each trick short."
    )
    bonus: ClassVar[Mapping[Kind, int]] = {"part-score": 50, "game": 300, "slam": 800, "grand slam": 800}
    odd_trick: ClassVar[Mapping[Strain, int]] = {
        Strain.NO_TRUMPS: 30,
        Strain.SPADES: 30,
        Strain.HEARTS: 30,
        Strain.DIAMONDS: 20,
        Strain.CLUBS: 20,
    }
    """What each odd trick is worth in each strain (in no-trumps, each after the first)."""
    first_odd_trick_in_no_trumps: ClassVar[int] = 40
    """What the first odd trick in no-trumps is worth."""

    def numbers(self) -> dict[str, int]:
        """The bonuses, what a trick short costs and the odd tricks' values by strain."""
        return super().numbers() | {
            "minor": self.odd_trick[Strain.CLUBS],
            "major": self.odd_trick[Strain.SPADES],
            "first_no_trumps": self.first_odd_trick_in_no_trumps,
            "no_trumps": self.odd_trick[Strain.NO_TRUMPS],
        }

    def trick_points(self, contract: Contract, tricks: int) -> int:
        """The points for the odd tricks: 20 a minor, 30 a major, no-trumps 40 for the first and 30 after."""
        odd = max(0, tricks - 6)
        if not odd:
            return 0
        if contract.strain is Strain.NO_TRUMPS:
            return self.first_odd_trick_in_no_trumps + self.odd_trick[Strain.NO_TRUMPS] * (odd - 1)
        return self.odd_trick[contract.strain] * odd

    def made_parts(self, contract: Contract, tricks: int) -> list[Part]:
        """The odd tricks (in no-trumps the first apart) and the bonus: the same numbers as :meth:`trick_points`."""
        odd = max(0, tricks - 6)
        if contract.strain is Strain.NO_TRUMPS:
            value = number(self.odd_trick[Strain.NO_TRUMPS])
            parts = [Part(gettext("first trick over six"), self.first_odd_trick_in_no_trumps, worked=True)]
            if odd > 1:
                words = ngettext(
                    "%(count)s more trick over six × %(value)s", "%(count)s more tricks over six × %(value)s", odd - 1
                ) % {"count": odd - 1, "value": value}
                parts.append(Part(words, self.odd_trick[Strain.NO_TRUMPS] * (odd - 1), worked=True))
        else:
            parts = [_over_six(odd, self.odd_trick[contract.strain])]
        return parts + self.bonus_part(contract)


class LessonScoring(Scheme):
    """Lesson scoring (MiniLessons Three and Four): the goal is always 7 tricks; 50 for the majority of tricks
    and 40 for each odd trick; the defenders score 50 for each trick short."""

    name = "lesson"
    words = N_("lesson scoring: %(majority)s plus %(odd_trick)s per odd trick")
    rules_sentence = N_(
        "Goal reached: %(majority)s plus %(odd_trick)s for each trick over six. Goal missed: the defenders "
        "score %(undertrick)s for each trick short."
    )
    fixed_goal = 7
    majority: ClassVar[int] = 50
    """What taking the majority of the tricks (the goal) is worth."""
    odd_trick: ClassVar[int] = 40
    """What each odd trick is worth."""

    def numbers(self) -> dict[str, int]:
        """The majority's points, each odd trick's and what a trick short costs."""
        return super().numbers() | {"majority": self.majority, "odd_trick": self.odd_trick}

    def made_parts(self, contract: Contract, tricks: int) -> list[Part]:
        """40 per odd trick, and 50 for the most tricks."""
        majority = gettext("%(majority)s for the most tricks") % {"majority": number(self.majority)}
        return [_over_six(tricks - 6, self.odd_trick), Part(majority, self.majority)]

    def goal_reason(self, contract: Contract, goal: int, *, points: int | None, where: str) -> str:
        """``in MiniLesson Three the goal is always 7 tricks``."""
        return gettext("in %(lesson)s the goal is always %(count)s tricks") % {"lesson": where, "count": goal}


class DutchScoring(Scheme):
    """Dutch scoring (003): 10 for every trick, plus or minus for the denomination, 300 for a game; a contract
    that fails costs the declaring side 50 a trick; the defenders score the opposite."""

    name = "nbb"
    words = N_("Dutch scoring: %(trick)s per trick, plus and minus points")
    rules_sentence = N_(
        "Dutch scoring: %(trick)s for every trick, with points added or taken off for the denomination, "
        "%(game)s for a game."
    )
    no_slams = N_("the Dutch rules have no slams (their rule book scores part-scores and games only)")
    plus_and_minus = True
    bonus: ClassVar[Mapping[Kind, int]] = {"game": 300}
    trick: ClassVar[int] = 10
    """What every trick declarer's side takes is worth."""
    adjustment: ClassVar[Mapping[Strain, int]] = {
        Strain.NO_TRUMPS: 10,
        Strain.SPADES: 5,
        Strain.HEARTS: 5,
        Strain.DIAMONDS: -10,
        Strain.CLUBS: -10,
    }
    """The points added or taken off for the denomination of a made contract."""

    def numbers(self) -> dict[str, int]:
        """The bonus for a game, what a trick short costs and what every trick is worth."""
        return super().numbers() | {"trick": self.trick}

    def made_parts(self, contract: Contract, tricks: int) -> list[Part]:
        """10 a trick, the denomination's points added or taken off, and the bonus for a game."""
        every = ngettext("%(count)s trick × %(trick)s", "%(count)s tricks × %(trick)s", tricks) % {
            "count": tricks,
            "trick": number(self.trick),
        }
        adjustment = self.adjustment[contract.strain]
        strain = gettext("%(points)s for %(strain)s") % {
            "points": _signed(adjustment),
            "strain": contract.strain.in_words,
        }
        return [Part(every, self.trick * tricks, worked=True), Part(strain, adjustment), *self.bonus_part(contract)]


class TargetScoring(Scheme):
    """Targets by combined points (000): the declaring side's points set the tricks to take, whatever the
    contract's level; each deal is won or lost, and a session is the best of three."""

    name = "targets"
    words = N_("targets by combined points: each deal won or lost")
    rules_sentence = N_(
        "Targets: the declaring side's points together set the number of tricks to take; each deal is won or lost."
    )
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

    def parts(self, contract: Contract, tricks: int, goal: int) -> list[Part]:
        """One deal won, by the declaring side or by the defenders."""
        values = {"goal": goal, "tricks": tricks}
        if tricks >= goal:
            return [
                Part(
                    gettext("target of %(goal)s tricks, %(tricks)s taken: the deal won by the declaring side") % values,
                    1,
                )
            ]
        return [Part(gettext("target of %(goal)s tricks, %(tricks)s taken: the deal won by the defenders") % values, 1)]

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


class TricksOnly(Scheme):
    """MiniLessons One and Two: no contract; the score is the number of tricks each side takes."""

    name = "tricks"
    words = N_("the score is the tricks each side takes")
    rules_sentence = N_("The score is the number of tricks each side takes.")
    has_contract = False


SCHEMES: dict[str, Scheme] = {
    scheme.name: scheme for scheme in (EBUScoring(), LessonScoring(), DutchScoring(), TargetScoring(), TricksOnly())
}
"""The scoring schemes by name, as a rule set or a lesson file names them: adding a scheme is adding its entry."""


def find_scheme(name: str) -> Scheme:
    """The scoring scheme of this name (``ebu``, ``lesson``, ``nbb``, ``targets`` or ``tricks``)."""
    try:
        return SCHEMES[name.strip().lower()]
    except KeyError:
        raise RuleError(
            gettext("there is no scoring called '%(name)s'; choose one of %(names)s")
            % {"name": name, "names": ", ".join(SCHEMES)}
        ) from None


def check_tricks(tricks: int) -> None:
    """Refuse a number of tricks declarer cannot take."""
    if not 0 <= tricks <= 13:
        raise ContractError(gettext("declarer takes 0 to 13 tricks, not %(tricks)s") % {"tricks": tricks})


def trick_points(contract: Contract, tricks: int) -> int:
    """EBU points for the odd tricks: 20 a minor, 30 a major, no-trumps 40 for the first and 30 after.

    >>> trick_points(Contract.from_str("3NT"), 9), trick_points(Contract.from_str("1D"), 13)
    (100, 140)
    """
    return EBUScoring().trick_points(contract, tricks)


def _signed(points: int) -> str:
    """A number as the language writes it, a minus sign (−) before it when below nought."""
    return f"−{number(-points)}" if points < 0 else number(points)


def _over_six(odd: int, value: int) -> Part:
    """``3 tricks over six × 30``: the odd tricks at ``value`` each."""
    # TRANSLATORS: a part of a score's calculation: the tricks beyond six times what each is worth.
    words = ngettext("%(count)s trick over six × %(value)s", "%(count)s tricks over six × %(value)s", odd) % {
        "count": odd,
        "value": number(value),
    }
    return Part(words, odd * value, worked=True)


def _head(result: Score) -> str:
    """``4S (game in spades), 11 tricks``, in the language in use."""
    return ngettext(
        "%(contract)s (%(words)s), %(count)s trick", "%(contract)s (%(words)s), %(count)s tricks", result.tricks
    ) % {
        "contract": result.contract.in_letters,
        "words": result.contract.in_words,
        "count": result.tricks,
    }
