"""Scoring a deal under the rules in force: the score of a deal, the goal, the score tables.

The scoring schemes (EBU, lesson, Dutch, targets, tricks only) and their arithmetic are the registry of
:mod:`minibridge.schemes`, found by the name a rule set gives (``rules.scheme``); here is what needs the rules in
force as well: the contract checked against them, then scored by their scheme.

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

from minibridge.cards import Seat, Strain
from minibridge.contract import TARGETS, Contract
from minibridge.errors import RuleError
from minibridge.rules import RULE_SETS, RuleSet, check_contract, no_contracts
from minibridge.schemes import (
    DEFAULT_TARGET,
    SCHEMES,
    DutchScoring,
    EBUScoring,
    LessonScoring,
    Scheme,
    Score,
    TargetScoring,
    TricksOnly,
    check_tricks,
    find_scheme,
    trick_points,
)

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
    "check_scored_contract",
    "goal",
    "trick_points",
    "score_table",
    "DEFAULT_TARGET",
]


def check_scored_contract(
    contract: Contract, rules: RuleSet, *, points: int | None = None, trumps_held: int | None = None
) -> None:
    """Refuse a contract the rules in force do not let their scheme score (see ``rules.contract_problems``).

    Where the declaring side's points set the goal (targets), the level plays no part: only the strain is
    checked. Rules without contracts refuse every one.
    """
    if rules.scheme.needs_points:
        check_contract(Contract(1, contract.strain), rules)
    else:
        check_contract(contract, rules, points=points, trumps_held=trumps_held)


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
    check_tricks(tricks)
    check_scored_contract(contract, rules, points=points, trumps_held=trumps_held)
    return rules.scheme.result(contract, tricks, rules=rules.name, points=points, declarer=declarer)


def goal(contract: Contract, rules: RuleSet, *, points: int | None = None) -> int:
    """Declarer's goal in tricks under these rules (``points``: the declaring side's, for targets)."""
    return rules.scheme.goal(contract, points=points)


def score_table(rules: RuleSet) -> list[Score]:
    """Every contract the rules allow scored for 0 to 13 tricks, as in the rule books' tables.

    Where the declaring side's points set the goal (targets) the rows run over the bands of combined points
    (contract 1NT stands for any); rules without contracts have no table.
    """
    if not rules.has_contract:
        raise RuleError(no_contracts(rules))
    if rules.scheme.needs_points:
        contract = Contract(1, Strain.NO_TRUMPS)
        return [score(contract, tricks, rules, points=low) for low, _, _ in TARGETS for tricks in range(14)]
    strains = sorted(rules.strains, reverse=True)
    contracts = [Contract.of(kind, strain) for kind in rules.contract_kinds for strain in strains]
    return [score(c, tricks, rules) for c in contracts for tricks in range(14)]
