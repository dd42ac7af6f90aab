"""A mini-match's result, and how a teacher writes it: each deal won or lost (``W,L,W``), each deal's EBU
points (``420-0,0-100``) or the deals won by each pair (``2-1``).

A mini-match is the best of three or five deals (000): it ends as soon as one pair has won a majority of them,
which :meth:`Result.problem` checks.

>>> parse_deals("W,L,W").text(), parse_scores("420-0,0-100,90-0").points, parse_result("2-1").form
('2–1', (510, 100), 'result')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from minibridge.errors import LeagueError
from minibridge.language import gettext, ngettext

__all__ = ["Result", "parse_deals", "parse_scores", "parse_result"]


@dataclass(frozen=True, kw_only=True)
class Result:
    """A mini-match result seen from the first pair: deals won by each, and each deal when it is known.

    ``deals`` holds True for each deal the first pair won; ``scores`` each deal's EBU points (first pair,
    second pair). A result given only as a count (2–1) has neither.
    """

    won: int
    lost: int
    deals: tuple[bool, ...] | None = None
    scores: tuple[tuple[int, int], ...] | None = None

    @classmethod
    def from_deals(cls, deals: Sequence[bool]) -> Result:
        """A result from who won each deal (True: the first pair)."""
        return cls(won=sum(deals), lost=len(deals) - sum(deals), deals=tuple(deals))

    @classmethod
    def from_scores(cls, scores: Sequence[tuple[int, int]]) -> Result:
        """A result from each deal's points: the pair that scored won the deal."""
        deals = tuple(first > second for first, second in scores)
        return cls(won=sum(deals), lost=len(deals) - sum(deals), deals=deals, scores=tuple(scores))

    @property
    def form(self) -> str:
        """How it was given: ``scores``, ``deals`` or ``result``."""
        return "scores" if self.scores is not None else "deals" if self.deals is not None else "result"

    @property
    def points(self) -> tuple[int, int] | None:
        """The points of each pair over the deals (EBU scores only)."""
        if self.scores is None:
            return None
        return sum(s[0] for s in self.scores), sum(s[1] for s in self.scores)

    def flipped(self) -> Result:
        """The same result seen from the other pair."""
        return Result(
            won=self.lost,
            lost=self.won,
            deals=None if self.deals is None else tuple(not d for d in self.deals),
            scores=None if self.scores is None else tuple((b, a) for a, b in self.scores),
        )

    def text(self) -> str:
        """``2–1``: deals won by the first pair, then by the second."""
        return f"{self.won}–{self.lost}"

    def problem(self, best_of: int) -> str | None:
        """What makes this result impossible in a best-of-``best_of`` mini-match, or None.

        A mini-match ends as soon as one pair has won a majority of the deals (2 of 3, 3 of 5): the winner has
        won exactly that many, the other pair fewer, and when each deal is known the last is the one that
        decided it.
        """
        needed = best_of // 2 + 1
        if self.won < 0 or self.lost < 0:
            return gettext("deals won cannot be negative (%(result)s)") % {"result": self.text()}
        results = [f"{needed}-{lost}" for lost in range(needed)]
        values: dict[str, object] = {
            "result": self.text(),
            "best_of": best_of,
            "needed": needed,
            "results": ", ".join(results[:-1]),
            "last": results[-1],
        }
        values["rule"] = (
            gettext(
                "a best-of-%(best_of)s mini-match ends as soon as one pair has won %(needed)s deals: "
                "%(results)s or %(last)s to the winner"
            )
            % values
        )
        if max(self.won, self.lost) < needed:
            return (
                gettext(
                    "%(result)s does not finish a best-of-%(best_of)s mini-match: one pair must win %(needed)s deals"
                )
                % values
            )
        if max(self.won, self.lost) > needed or min(self.won, self.lost) >= needed:
            return gettext("%(result)s cannot be: %(rule)s") % values
        if self.deals is not None:
            decided = next(n for n in range(1, len(self.deals) + 1) if _decided(self.deals[:n], needed))
            if decided < len(self.deals):
                values["deal"] = decided
                values["played"] = ",".join("W" if won else "L" for won in self.deals[:decided])
                return (
                    ngettext(
                        "the mini-match was over after deal %(deal)s (%(played)s): %(rule)s; leave out the deal "
                        "played after it",
                        "the mini-match was over after deal %(deal)s (%(played)s): %(rule)s; leave out the deals "
                        "played after it",
                        len(self.deals) - decided,
                    )
                    % values
                )
        return None


def _decided(deals: Sequence[bool], needed: int) -> bool:
    """True once one pair has won ``needed`` of these deals."""
    return max(sum(deals), len(deals) - sum(deals)) >= needed


_ITEMS = re.compile(r"[,;\s]+")


def _items(text: str) -> list[str]:
    return [item for item in _ITEMS.split(text.strip()) if item]


def parse_deals(text: str) -> Result:
    """``W,L,W``: each deal won (W) or lost (L) by the first pair named."""
    deals = []
    for number, item in enumerate(_items(text), start=1):
        key = item.upper()
        if key not in ("W", "L", "WON", "LOST"):
            raise LeagueError(
                gettext("deal %(number)s: '%(item)s' is not W or L (W: won by the first pair named, L: lost)")
                % {"number": number, "item": item}
            )
        deals.append(key.startswith("W"))
    if not deals:
        raise LeagueError(gettext("give each deal won or lost by the first pair named, like W,L,W"))
    return Result.from_deals(deals)


def parse_scores(text: str) -> Result:
    """``420-0,0-100,90-0``: each deal's EBU points for the first pair named, then the second."""
    scores = []
    for number, item in enumerate(_items(text), start=1):
        found = re.fullmatch(r"([0-9]{1,3})[-–:/]([0-9]{1,3})", item)
        values: dict[str, object] = {"number": number, "item": item}
        if not found:
            raise LeagueError(
                gettext(
                    "deal %(number)s: '%(item)s' is not a score; write the points of the first pair, a dash and the "
                    "points of the second, like 420-0 or 0-100"
                )
                % values
            )
        first, second = int(found.group(1)), int(found.group(2))
        if (first == 0) == (second == 0):
            raise LeagueError(
                gettext(
                    "deal %(number)s: '%(item)s': on each deal one pair scores and the other scores 0 "
                    "(declarers reaching their goal, or defenders 50 a trick short), like 420-0 or 0-100"
                )
                % values
            )
        points = first or second
        if points not in _ebu_scores():
            raise LeagueError(
                gettext(
                    "deal %(number)s: %(points)s is not an EBU MiniBridge score (like 70, 90, 120, 400, 420, "
                    "or 50 a trick short)"
                )
                % (values | {"points": points})
            )
        scores.append((first, second))
    if not scores:
        raise LeagueError(gettext("give each deal's points, like 420-0,0-100,90-0"))
    return Result.from_scores(scores)


def parse_result(text: str) -> Result:
    """``2-1``: the mini-match result, deals won by the first pair named and by the second."""
    found = re.fullmatch(r"\s*([0-9]{1,3})\s*[-–:/]\s*([0-9]{1,3})\s*", text)
    if not found:
        raise LeagueError(
            gettext("'%(text)s' is not a mini-match result; write the deals won by each pair, like 2-1")
            % {"text": text}
        )
    return Result(won=int(found.group(1)), lost=int(found.group(2)))


@cache
def _ebu_scores() -> frozenset[int]:
    """Every score a side can get on a deal under EBU rules, slams included."""
    from minibridge.rules import find_rules
    from minibridge.scoring import score_table

    rows = score_table(find_rules("ebu").with_slam())
    return frozenset(row.declarers_score or row.defenders_score for row in rows)
