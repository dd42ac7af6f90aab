"""Scoring a deal under every rule set, and keeping the totals of a session.

>>> score(Contract.from_str("3NT"), 9).declarers_score
400
>>> score(Contract.from_str("4H"), 8).defenders_score
100
>>> score(Contract.from_str("1NT"), 8, find_rules("lesson")).declarers_score
130
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from minibridge.cards import Seat, Side, Strain
from minibridge.contract import Contract, target_for_points
from minibridge.errors import ContractError, RuleError
from minibridge.rules import RULE_SETS, RuleSet, check_contract, find_rules

__all__ = ["Score", "score", "breakdown", "goal", "trick_points", "score_table", "Session", "DEFAULT_TARGET"]

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
    points: int | None = None
    """The declaring side's combined points, when they set the goal (targets) or were given."""
    scoring: str = "ebu"
    """The scoring scheme: ebu, lesson, nbb or targets."""

    @property
    def odd_tricks(self) -> int:
        """Tricks beyond six."""
        return max(0, self.tricks - 6)

    @property
    def short(self) -> int:
        """Tricks short of the goal (0 when made)."""
        return max(0, self.goal - self.tricks)

    def as_json(self) -> dict[str, Any]:
        """The score as the ``--json`` object of ``minibridge score``."""
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

    def describe(self) -> str:
        """The result in words: ``4S (game in spades), 11 tricks: goal 10 reached; declaring side scores 450.``"""
        head = f"{self.contract} ({self.contract.words}), {self.tricks} trick{'s' if self.tricks != 1 else ''}"
        if self.scoring == "targets":
            target = f"target {self.goal} for {self.points} points"
            if self.made:
                return f"{head}: {target} reached; the declaring side wins the deal."
            return f"{head}: {target} missed by {self.short}; the defenders win the deal."
        if self.made:
            over = self.tricks - self.goal
            extra = f" with {over} overtrick{'s' if over != 1 else ''}" if over else ""
            tail = f"declaring side scores {self.declarers_score}"
            if self.scoring == "nbb":
                tail += f", defenders {self.defenders_score}"
            return f"{head}: goal {self.goal} reached{extra}; {tail}."
        if self.scoring == "nbb":
            return (
                f"{head}: goal {self.goal} missed by {self.short}; declaring side scores {self.declarers_score}, "
                f"defenders {self.defenders_score}."
            )
        return f"{head}: goal {self.goal} missed by {self.short}; defenders score {self.defenders_score}."


def breakdown(result: Score) -> str:
    """How the score is made up, as a pupil would add it: ``40 + 30 + 30 for 3 odd tricks, 300 for game: 400``."""
    if result.scoring == "targets":
        side = "the declaring side wins" if result.made else "the defenders win"
        return f"{result.points} points together set a target of {result.goal} tricks; {result.tricks} taken: {side}"
    if not result.made:
        sign = "−" if result.scoring == "nbb" else ""
        who = "the declaring side scores" if result.scoring == "nbb" else "the defenders score"
        points = f"{sign}{result.short} × 50 = {sign}{result.short * 50}"
        return f"{result.short} short of the goal of {result.goal}: {who} {points}"
    odd = result.odd_tricks
    plural = "s" if odd != 1 else ""
    if result.scoring == "lesson":
        return f"50 for the majority of tricks + 40 × {odd} odd trick{plural} = {result.declarers_score}"
    if result.scoring == "nbb":
        adjustment = _DUTCH_ADJUSTMENT[result.contract.strain]
        sign = "+" if adjustment > 0 else "−"
        text = f"10 × {result.tricks} tricks {sign} {abs(adjustment)} for {result.contract.strain.words}"
        if result.contract.level > 1:
            text += f" + {_bonus(result.contract)} for {result.contract.kind}"
        return f"{text} = {result.declarers_score}"
    if result.contract.strain is Strain.NO_TRUMPS:
        tricks = "40" if odd == 1 else f"40 + {odd - 1} × 30"
    else:
        tricks = f"{odd} × {30 if result.contract.strain.is_major else 20}"
    kind = result.contract.kind
    article = "a " if kind == "part-score" else ""
    return (
        f"{tricks} for {odd} odd trick{plural} + {_bonus(result.contract)} for {article}{kind} "
        f"= {result.declarers_score}"
    )


def goal(contract: Contract, rules: RuleSet, *, points: int | None = None) -> int:
    """Declarer's goal in tricks under these rules (``points``: the declaring side's, for targets)."""
    if rules.scoring == "targets":
        if points is None:
            raise RuleError(
                "with targets by combined points the goal depends on the declaring side's points: give them"
            )
        return target_for_points(points)
    if rules.scoring == "lesson":
        return 7
    return contract.goal()


def trick_points(contract: Contract, tricks: int) -> int:
    """EBU points for the odd tricks: 20 a minor, 30 a major, no-trumps 40 for the first and 30 after."""
    odd = max(0, tricks - 6)
    if contract.strain is Strain.NO_TRUMPS:
        return 40 + 30 * (odd - 1) if odd else 0
    return (30 if contract.strain.is_major else 20) * odd


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
) -> Score:
    """Score declarer's ``tricks`` in ``contract`` under ``rules`` (EBU by default).

    The contract must be allowed by the rules; ``points`` (the declaring side's combined points) set the goal
    under targets and check the Dutch game restriction; ``trumps_held`` checks the Dutch 8-card rule.
    """
    rules = rules or RULE_SETS["ebu"]
    if not 0 <= tricks <= 13:
        raise ContractError(f"declarer takes 0 to 13 tricks, not {tricks}")
    if rules.scoring == "targets":
        check_contract(Contract(1, contract.strain), rules)  # the level plays no part: the points set the goal
    else:
        check_contract(contract, rules, points=points, trumps_held=trumps_held)
    target = goal(contract, rules, points=points)
    made = tricks >= target
    short = target - tricks
    if rules.scoring == "targets":
        declarers, defenders = (1, 0) if made else (0, 1)
    elif rules.scoring == "nbb":
        if made:
            declarers = (
                10 * tricks + _DUTCH_ADJUSTMENT[contract.strain] + (_bonus(contract) if contract.level > 1 else 0)
            )
        else:
            declarers = -_UNDERTRICK * short
        defenders = -declarers
    elif rules.scoring == "lesson":
        declarers, defenders = (_PART_SCORE_BONUS + 40 * (tricks - 6), 0) if made else (0, _UNDERTRICK * short)
    else:
        declarers, defenders = (
            (trick_points(contract, tricks) + _bonus(contract), 0) if made else (0, _UNDERTRICK * short)
        )
    return Score(rules.name, contract, tricks, target, made, declarers, defenders, points, rules.scoring)


def score_table(rules: RuleSet) -> list[Score]:
    """Every contract the rules allow scored for 0 to 13 tricks, as in the rule books' tables.

    Under targets the rows run over the bands of combined points (contract 1NT stands for any).
    """
    if not rules.has_contract:
        raise RuleError(f"{rules.title} has no contracts: the score is the number of tricks each side takes")
    if rules.scoring == "targets":
        return [
            score(Contract(1, Strain.NO_TRUMPS), tricks, rules, points=low)
            for low in (21, 23, 25, 27, 29, 33, 37)
            for tricks in range(14)
        ]
    kinds = [k for k, on in (("part-score", rules.part_score), ("game", rules.game)) if on]
    if rules.slam and rules.game:
        kinds += ["slam", "grand slam"]
    contracts = [Contract.of(kind, strain) for kind in kinds for strain in sorted(rules.strains, reverse=True)]
    return [score(c, tricks, rules) for c in contracts for tricks in range(14)]


@dataclass
class Session:
    """A game of several deals: a fixed number, or until a side reaches a target; dealer passes clockwise."""

    rules: RuleSet = field(default_factory=lambda: find_rules("ebu"))
    deals: int | None = None
    target: int | None = DEFAULT_TARGET
    first_dealer: Seat = Seat.NORTH
    totals: dict[Side, int] = field(default_factory=lambda: {Side.NORTH_SOUTH: 0, Side.EAST_WEST: 0})
    history: list[tuple[Seat, Score | None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.deals is not None:
            if self.deals < 1:
                raise RuleError(f"a session has at least one deal, not {self.deals}")
            self.target = None
        elif self.target is None or self.target < 1:
            raise RuleError("a session needs a number of deals or a target score above 0")

    @property
    def dealer(self) -> Seat:
        """The dealer of the next deal."""
        return Seat((self.first_dealer + len(self.history)) % 4)

    @property
    def finished(self) -> bool:
        """True when the agreed deals are played or a side has reached the target."""
        if self.deals is not None:
            return len(self.history) >= self.deals
        return any(total >= (self.target or 0) for total in self.totals.values())

    @property
    def winner(self) -> Side | None:
        """The side ahead at the end, or None while play goes on or on a tie."""
        if not self.finished or self.totals[Side.NORTH_SOUTH] == self.totals[Side.EAST_WEST]:
            return None
        return max(self.totals, key=lambda side: self.totals[side])

    def record(self, declarer: Seat | None, result: Score | None) -> None:
        """Add one deal: its declarer and score (None for both on a redeal, which the same dealer deals again)."""
        if self.finished:
            raise RuleError("the session is over: start a new one")
        if result is None:
            return
        if declarer is None:
            raise RuleError("a scored deal needs its declarer")
        self.history.append((self.dealer, result))
        self.totals[declarer.side] += result.declarers_score
        self.totals[declarer.side.other] += result.defenders_score
