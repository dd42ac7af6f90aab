"""The league itself: its pairs, the round-robin schedule, the mini-match results, and how a teacher writes them.

The rule book (000, "Using this type of scoring with several pairs playing"): pairs I, II, III … each play
the best of three or five deals against each of the others. A :class:`League` holds the pairs, the format of
a mini-match, a schedule in which every pair meets every other once (circle method, as in Berger tables) and
the results recorded so far; :meth:`League.record` refuses a result that does not fit the schedule or the
format. The ``parse_…`` functions read what a teacher types (``I-III``, ``W,L,W``, ``420-0,0-100``, ``2-1``).

>>> [[list(m) for m in r] for r in berger_rounds(["I", "II", "III"])]
[[['I', None], ['II', 'III']], [[None, 'III'], ['I', 'II']], [['II', None], ['III', 'I']]]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from minibridge.errors import LeagueError

__all__ = [
    "BEST_OF",
    "SCORINGS",
    "MAX_PAIRS",
    "Result",
    "Match",
    "Round",
    "League",
    "berger_rounds",
    "check_pairs",
    "parse_pair_names",
    "find_pair",
    "parse_match",
    "parse_deals",
    "parse_scores",
    "parse_result",
]

BEST_OF = (3, 5)
"""A mini-match is the best of three or of five deals (000)."""
SCORINGS = ("targets", "ebu")
"""targets: each deal is won or lost; ebu: each deal also has its EBU score."""
MAX_PAIRS = 40
"""The most pairs a league may have."""


# --- results -------------------------------------------------------------------------------------------------


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
        """What makes this result impossible in a best-of-``best_of`` mini-match, or None."""
        needed = best_of // 2 + 1
        played = self.won + self.lost
        if self.won < 0 or self.lost < 0:
            return f"deals won cannot be negative ({self.text()})"
        if played > best_of:
            return f"{played} deals ({self.text()}) is too many: a best-of-{best_of} mini-match has at most {best_of}"
        if max(self.won, self.lost) < needed:
            return f"{self.text()} does not finish a best-of-{best_of} mini-match: one pair must win {needed} deals"
        if min(self.won, self.lost) >= needed:
            return f"{self.text()} cannot be: only one pair can win {needed} deals of {best_of}"
        return None


# --- the league ------------------------------------------------------------------------------------------------


@dataclass(kw_only=True)
class Match:
    """A mini-match of the schedule: its round, the two pairs (first named first) and its result, if played."""

    round: int
    first: str
    second: str
    result: Result | None = None
    note: str = ""

    @property
    def pairs(self) -> tuple[str, str]:
        """The two pairs, as scheduled."""
        return self.first, self.second

    @property
    def played(self) -> bool:
        """True once a result is recorded."""
        return self.result is not None

    @property
    def winner(self) -> str | None:
        """The pair that won the mini-match (more deals won), or None while it is still to play."""
        if self.result is None:
            return None
        return self.first if self.result.won > self.result.lost else self.second

    def result_for(self, pair: str) -> Result | None:
        """The result seen from ``pair``."""
        if self.result is None:
            return None
        return self.result if pair == self.first else self.result.flipped()


@dataclass(kw_only=True)
class Round:
    """One round of the schedule: its mini-matches; the pairs not playing sit out."""

    number: int
    matches: list[Match]


@dataclass(kw_only=True)
class League:
    """A league: title, pairs, the format of a mini-match, the schedule and the results recorded so far."""

    title: str
    pairs: tuple[str, ...]
    best_of: int = 3
    scoring: str = "targets"
    rounds: list[Round] = field(default_factory=list)
    notes: str = ""

    @classmethod
    def create(cls, pairs: Sequence[str], *, best_of: int = 3, scoring: str = "targets", title: str = "") -> League:
        """A new league with its round-robin schedule and no results."""
        names = check_pairs(list(pairs))
        if best_of not in BEST_OF:
            raise LeagueError(f"a mini-match is the best of 3 or 5 deals, not {best_of}")
        if scoring not in SCORINGS:
            raise LeagueError(f"the scoring is targets or ebu, not '{scoring}'")
        rounds = [
            Round(
                number=number,
                matches=[
                    Match(round=number, first=a, second=b) for a, b in pairings if a is not None and b is not None
                ],
            )
            for number, pairings in enumerate(berger_rounds(names), start=1)
        ]
        return cls(title=title.strip() or "League", pairs=tuple(names), best_of=best_of, scoring=scoring, rounds=rounds)

    @property
    def in_points(self) -> bool:
        """True when each deal also has its score in points (ebu); False when each deal is just won or lost."""
        from minibridge.scoring import find_scheme

        return not find_scheme(self.scoring).won_or_lost

    @property
    def matches(self) -> list[Match]:
        """Every mini-match, round by round."""
        return [match for round_ in self.rounds for match in round_.matches]

    @property
    def played(self) -> int:
        """How many mini-matches have a result."""
        return sum(match.played for match in self.matches)

    def sitting_out(self, round_: Round) -> list[str]:
        """The pairs that do not play in a round."""
        playing = {pair for match in round_.matches for pair in match.pairs}
        return [pair for pair in self.pairs if pair not in playing]

    def schedule(self) -> list[list[tuple[str, str | None]]]:
        """Each round as pairs that meet, then ``(pair, None)`` for a pair that sits out."""
        return [
            [m.pairs for m in round_.matches] + [(pair, None) for pair in self.sitting_out(round_)]
            for round_ in self.rounds
        ]

    def match_between(self, first: str, second: str) -> Match:
        """The mini-match of two pairs of this league."""
        first, second = find_pair(first, self.pairs), find_pair(second, self.pairs)
        if first == second:
            raise LeagueError(f"a pair cannot play against itself ({first}–{second}): name two different pairs")
        for match in self.matches:
            if {first, second} == set(match.pairs):
                return match
        raise LeagueError(f"{first} and {second} never meet in the schedule of this league")

    def record(self, round_number: int, first: str, second: str, result: Result, *, replace: bool = False) -> Match:
        """Record the result (seen from ``first``) of a mini-match of round ``round_number``; return the match."""
        numbers = [round_.number for round_ in self.rounds]
        if round_number not in numbers:
            raise LeagueError(f"there is no round {round_number}: this league has rounds {numbers[0]} to {numbers[-1]}")
        match = self.match_between(first, second)
        first = find_pair(first, self.pairs)
        if match.round != round_number:
            raise LeagueError(f"{match.first} and {match.second} meet in round {match.round}, not round {round_number}")
        problem = result.problem(self.best_of)
        if problem:
            raise LeagueError(problem)
        if result.scores is not None and not self.in_points:
            raise LeagueError(
                "scores per deal are for leagues scored the EBU way; this league is scored by targets: "
                "give each deal won or lost, e.g. --deals W,L,W"
            )
        if match.result is not None and not replace:
            raise LeagueError(
                f"round {match.round}, {match.first}–{match.second} already has a result "
                f"({match.result.text()}); use --replace to change it"
            )
        match.result = result if first == match.first else result.flipped()
        return match


def check_pairs(names: Sequence[str]) -> list[str]:
    """The pair names, tidied, or a LeagueError naming the first problem."""
    names = [" ".join(str(name).split()) for name in names]
    if any(not name for name in names):
        raise LeagueError("a pair's name cannot be empty: write the names like I,II,III,IV")
    bad = [name for name in names if not _NAME.fullmatch(name)]
    if bad:
        raise LeagueError(f"'{bad[0]}' cannot be a pair's name: use letters, digits, spaces, '&', '.', ''' or '_'")
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise LeagueError(f"the pair '{name}' is named twice: every pair needs its own name")
        seen.add(name.casefold())
    if not 2 <= len(names) <= MAX_PAIRS:
        raise LeagueError(f"a league has 2 to {MAX_PAIRS} pairs, not {len(names)}")
    return names


_NAME = re.compile(r"[\w][\w &.'’]*", re.UNICODE)


def berger_rounds(pairs: Sequence[str]) -> list[list[tuple[str | None, str | None]]]:
    """The round-robin by the circle method, as in Berger tables; None stands for the pair that sits out.

    With an even number the last pair stays put and the others move round the circle by half a turn each
    round; with an odd number a bye is added and its opponent sits out. Every pair meets every other once.
    """
    players: list[str | None] = list(pairs)
    if len(players) % 2:
        players.append(None)
    count = len(players)
    fixed, circle = players[-1], players[:-1]
    rounds = []
    for number in range(count - 1):
        shift = (number * count // 2) % (count - 1)
        order = circle[shift:] + circle[:shift]
        first = (fixed, order[0]) if number % 2 else (order[0], fixed)
        rounds.append([first] + [(order[k], order[count - 1 - k]) for k in range(1, count // 2)])
    return rounds


# --- reading what a teacher types ----------------------------------------------------------------------------


def parse_pair_names(text: str) -> list[str]:
    """``I,II,III,IV`` → the names of the pairs."""
    return check_pairs(text.split(",") if text.strip() else [])


def find_pair(name: str, pairs: Sequence[str]) -> str:
    """The pair of this league called ``name`` (any case)."""
    name = " ".join(name.split())
    if name in pairs:
        return name
    for pair in pairs:
        if pair.casefold() == name.casefold():
            return pair
    raise LeagueError(f"there is no pair '{name}' in this league; the pairs are {', '.join(pairs)}")


def parse_match(text: str, pairs: Sequence[str]) -> tuple[str, str]:
    """``I-III`` (also ``I v III``, ``I,III``) → the two pairs, first named first."""
    candidates = [(m.start(), m.end()) for m in re.finditer(r"\s+vs?\.?\s+|\s*[-–,/]\s*", text)]
    for start, end in candidates:
        left, right = text[:start].strip(), text[end:].strip()
        if not left or not right:
            continue
        try:
            first, second = find_pair(left, pairs), find_pair(right, pairs)
        except LeagueError:
            continue
        if first == second:
            raise LeagueError(f"a pair cannot play against itself ('{text}'): name two different pairs, like I-III")
        return first, second
    for start, end in candidates:
        left, right = text[:start].strip(), text[end:].strip()
        if left and right:
            find_pair(left, pairs)
            find_pair(right, pairs)
    raise LeagueError(f"'{text}' does not name two pairs: write them like I-III (the pairs are {', '.join(pairs)})")


_ITEMS = re.compile(r"[,;\s]+")


def _items(text: str) -> list[str]:
    return [item for item in _ITEMS.split(text.strip()) if item]


def parse_deals(text: str) -> Result:
    """``W,L,W``: each deal won (W) or lost (L) by the first pair named."""
    deals = []
    for number, item in enumerate(_items(text), start=1):
        key = item.upper()
        if key not in ("W", "L", "WON", "LOST"):
            raise LeagueError(f"deal {number}: '{item}' is not W or L (W: won by the first pair named, L: lost)")
        deals.append(key.startswith("W"))
    if not deals:
        raise LeagueError("give each deal won or lost by the first pair named, like W,L,W")
    return Result.from_deals(deals)


def parse_scores(text: str) -> Result:
    """``420-0,0-100,90-0``: each deal's EBU points for the first pair named, then the second."""
    scores = []
    for number, item in enumerate(_items(text), start=1):
        found = re.fullmatch(r"(\d+)[-–:/](\d+)", item)
        if not found:
            raise LeagueError(
                f"deal {number}: '{item}' is not a score; write the points of the first pair, a dash and the "
                "points of the second, like 420-0 or 0-100"
            )
        first, second = int(found.group(1)), int(found.group(2))
        if (first == 0) == (second == 0):
            raise LeagueError(
                f"deal {number}: '{item}': on each deal one pair scores and the other scores 0 "
                "(declarers reaching their goal, or defenders 50 a trick short), like 420-0 or 0-100"
            )
        points = first or second
        if points not in _ebu_scores():
            raise LeagueError(
                f"deal {number}: {points} is not an EBU MiniBridge score (like 70, 90, 120, 400, 420, "
                "or 50 a trick short)"
            )
        scores.append((first, second))
    if not scores:
        raise LeagueError("give each deal's points, like 420-0,0-100,90-0")
    return Result.from_scores(scores)


def parse_result(text: str) -> Result:
    """``2-1``: the mini-match result, deals won by the first pair named and by the second."""
    found = re.fullmatch(r"\s*(\d+)\s*[-–:/]\s*(\d+)\s*", text)
    if not found:
        raise LeagueError(f"'{text}' is not a mini-match result; write the deals won by each pair, like 2-1")
    return Result(won=int(found.group(1)), lost=int(found.group(2)))


@cache
def _ebu_scores() -> frozenset[int]:
    """Every score a side can get on a deal under EBU rules, slams included."""
    from minibridge.rules import find_rules
    from minibridge.scoring import score_table

    rows = score_table(find_rules("ebu").with_slam())
    return frozenset(row.declarers_score or row.defenders_score for row in rows)
