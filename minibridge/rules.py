"""Rule sets: the switches that say how MiniBridge is played and scored.

>>> find_rules("nbb").dutch_restrictions, find_rules("ebu").with_slam().slam
(True, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from minibridge.cards import Strain
from minibridge.errors import RuleError

__all__ = ["RuleSet", "Scoring", "ScoringFacts", "SCORINGS", "RULE_SETS", "find_rules", "ALL_STRAINS"]

Scoring = Literal["ebu", "lesson", "nbb", "targets", "tricks"]
ALL_STRAINS: frozenset[Strain] = frozenset(Strain)


@dataclass(frozen=True, kw_only=True)
class ScoringFacts:
    """What the rules need to know of a scoring scheme; the scheme itself, with its arithmetic, is in scoring.py."""

    words: str
    """The scheme among the rules in force, in a teacher's words."""
    has_contract: bool = True
    """False when the score is just the tricks each side takes (MiniLessons One and Two)."""


SCORINGS: dict[str, ScoringFacts] = {
    "ebu": ScoringFacts(words="EBU scoring"),
    "lesson": ScoringFacts(words="lesson scoring: 50 plus 40 per odd trick"),
    "nbb": ScoringFacts(words="Dutch scoring: 10 per trick, plus and minus points"),
    "targets": ScoringFacts(words="targets by combined points: each deal won or lost"),
    "tricks": ScoringFacts(words="the score is the tricks each side takes", has_contract=False),
}
"""The scoring schemes a rule set may name (``scoring.find_scheme`` finds the scheme of each name)."""


@dataclass(frozen=True)
class RuleSet:
    """Which rules are in force: a named rule set or a lesson's switches."""

    name: str
    title: str
    scoring: Scoring = "ebu"
    cards_per_hand: int | None = 13
    """13 for complete hands; None allows short deals (every hand the same size, 1 to 13)."""
    dummy: bool = True
    announcement: bool = True
    tie_rule: Literal["enforced", "choice"] = "enforced"
    """Equal points on the declaring side: the first to announce declares, or the players choose."""
    strains: frozenset[Strain] = ALL_STRAINS
    part_score: bool = True
    game: bool = True
    slam: bool = False
    dutch_restrictions: bool = False
    """Dutch rules: a trump suit needs 8 cards between declarer and dummy; game needs 25 combined points."""
    duplicate: bool = True
    signals: bool = False
    competition: bool = False

    def with_slam(self, slam: bool = True) -> RuleSet:
        """The same rules with slams allowed (or not)."""
        return dataclasses.replace(self, slam=slam)

    def replace(self, **changes: object) -> RuleSet:
        """The same rules with some switches changed."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    @property
    def has_contract(self) -> bool:
        """False in MiniLessons One and Two, where the score is just the tricks each side takes."""
        return SCORINGS[self.scoring].has_contract

    def describe(self) -> list[str]:
        """The rules in force, one short line each, in a teacher's words."""
        lines = []
        lines.append(
            "13 cards each"
            if self.cards_per_hand == 13
            else "short deals (every player the same number of cards)"
            if self.cards_per_hand is None
            else f"{self.cards_per_hand} cards each"
        )
        if self.announcement:
            tie = "first to announce declares on a tie" if self.tie_rule == "enforced" else "a tie: the players choose"
            lines.append(f"points announced; declarer and dummy ({tie})")
        else:
            lines.append("no announcement: everyone plays their own cards")
        if self.has_contract:
            strains = sorted(self.strains, reverse=True)
            lines.append("contracts in " + ", ".join(s.words for s in strains))
            kinds = [k for k, on in (("part-score", self.part_score), ("game", self.game), ("slam", self.slam)) if on]
            lines.append(" and ".join(kinds) + (" only" if len(kinds) == 1 else ""))
        if self.dutch_restrictions:
            lines.append("trumps need 8 cards together; game needs 25 points together")
        lines.append(SCORINGS[self.scoring].words)
        return lines


RULE_SETS: dict[str, RuleSet] = {
    "ebu": RuleSet(name="ebu", title="EBU MiniBridge"),
    "lesson": RuleSet(
        name="lesson",
        title="Lesson scoring (MiniLessons Three and Four)",
        scoring="lesson",
        game=False,
        tie_rule="choice",
    ),
    "nbb": RuleSet(name="nbb", title="Dutch MiniBridge", scoring="nbb", dutch_restrictions=True),
    "targets": RuleSet(name="targets", title="Targets by combined points", scoring="targets"),
}
"""The named rule sets of ``--rules``."""


def find_rules(name: str) -> RuleSet:
    """The named rule set (``ebu``, ``lesson``, ``nbb`` or ``targets``)."""
    try:
        return RULE_SETS[name.strip().lower()]
    except KeyError:
        raise RuleError(f"there are no rules called '{name}'; choose one of {', '.join(RULE_SETS)}") from None
