"""School leagues: pairs play a mini-match against every other pair over a term, and a table names the winner.

The rule book (000, "Using this type of scoring with several pairs playing"): pairs I, II, III … each play
the best of three or five deals against each of the others; the result of each mini-match goes into a table
whose total column reveals the winner. Here the league is a YAML file a teacher can read: the pairs, the
format, a round-robin schedule (circle method, as in Berger tables) and the results so far. It is read with
``yaml.safe_load`` and validated; it is written atomically under a lock, so results recorded at the same
moment all land and a file that does not validate is never touched.

>>> [[list(m) for m in r] for r in berger_rounds(["I", "II", "III"])]
[[['I', None], ['II', 'III']], [[None, 'III'], ['I', 'II']], [['II', None], ['III', 'I']]]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from minibridge.errors import LeagueError, raise_problems
from minibridge.files import write_atomic
from minibridge.places import place, read_yaml, read_yaml_file

__all__ = [
    "BEST_OF",
    "SCORINGS",
    "TIE_BREAKS",
    "MAX_PAIRS",
    "Result",
    "Match",
    "Round",
    "League",
    "Standing",
    "berger_rounds",
    "parse_pair_names",
    "find_pair",
    "parse_match",
    "parse_deals",
    "parse_scores",
    "parse_result",
    "standings",
    "loads_league",
    "load_league",
    "dumps_league",
    "new_league",
    "record_result",
    "league_lock",
]

BEST_OF = (3, 5)
"""A mini-match is the best of three or of five deals (000)."""
SCORINGS = ("targets", "ebu")
"""targets: each deal is won or lost; ebu: each deal also has its EBU score."""
TIE_BREAKS = ("matches won", "deals won", "head-to-head")
"""The order of the table: pairs level on the first are separated by the next."""
MAX_PAIRS = 40
LOCK_SECONDS = 60.0


# --- results -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
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
        return cls(sum(deals), len(deals) - sum(deals), tuple(deals))

    @classmethod
    def from_scores(cls, scores: Sequence[tuple[int, int]]) -> Result:
        """A result from each deal's points: the pair that scored won the deal."""
        deals = tuple(first > second for first, second in scores)
        return cls(sum(deals), len(deals) - sum(deals), deals, tuple(scores))

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
            self.lost,
            self.won,
            None if self.deals is None else tuple(not d for d in self.deals),
            None if self.scores is None else tuple((b, a) for a, b in self.scores),
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
            return (
                f"{self.text()} does not finish a best-of-{best_of} mini-match: "
                f"one pair must win {needed} deals"
            )
        if min(self.won, self.lost) >= needed:
            return f"{self.text()} cannot be: only one pair can win {needed} deals of {best_of}"
        return None


# --- the league ------------------------------------------------------------------------------------------------


@dataclass
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

    def result_for(self, pair: str) -> Result | None:
        """The result seen from ``pair``."""
        if self.result is None:
            return None
        return self.result if pair == self.first else self.result.flipped()


@dataclass
class Round:
    """One round of the schedule: its mini-matches; the pairs not playing sit out."""

    number: int
    matches: list[Match]


@dataclass
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
        names = _check_pairs(list(pairs))
        if best_of not in BEST_OF:
            raise LeagueError(f"a mini-match is the best of 3 or 5 deals, not {best_of}")
        if scoring not in SCORINGS:
            raise LeagueError(f"the scoring is targets or ebu, not '{scoring}'")
        rounds = [
            Round(number, [Match(number, a, b) for a, b in pairings if a is not None and b is not None])
            for number, pairings in enumerate(berger_rounds(names), start=1)
        ]
        return cls(title.strip() or "League", tuple(names), best_of, scoring, rounds)

    @property
    def in_points(self) -> bool:
        """True when each deal also has its score in points (ebu); False when each deal is just won or lost."""
        from minibridge.scoring import find_scheme

        return not find_scheme(self.scoring).won_or_lost

    @property
    def matches(self) -> list[Match]:
        """Every mini-match, round by round."""
        return [match for round_ in self.rounds for match in round_.matches]

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
            raise LeagueError(
                f"there is no round {round_number}: this league has rounds {numbers[0]} to {numbers[-1]}"
            )
        match = self.match_between(first, second)
        first = find_pair(first, self.pairs)
        if match.round != round_number:
            raise LeagueError(
                f"{match.first} and {match.second} meet in round {match.round}, not round {round_number}"
            )
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


def _check_pairs(names: list[str]) -> list[str]:
    """The pair names, tidied, or a LeagueError naming the first problem."""
    names = [" ".join(str(name).split()) for name in names]
    if any(not name for name in names):
        raise LeagueError("a pair's name cannot be empty: write the names like I,II,III,IV")
    bad = [name for name in names if not _NAME.fullmatch(name)]
    if bad:
        raise LeagueError(
            f"'{bad[0]}' cannot be a pair's name: use letters, digits, spaces, '&', '.', ''' or '_'"
        )
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
    return _check_pairs([part for part in text.split(",")] if text.strip() else [])


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
    return Result(int(found.group(1)), int(found.group(2)))


@cache
def _ebu_scores() -> frozenset[int]:
    """Every score a side can get on a deal under EBU rules, slams included."""
    from minibridge.rules import find_rules
    from minibridge.scoring import score_table

    rows = score_table(find_rules("ebu").with_slam())
    return frozenset(row.declarers_score or row.defenders_score for row in rows)


# --- standings -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """A pair's line in the table."""

    pair: str
    played: int
    won: int
    lost: int
    deals_won: int
    deals_lost: int
    rank: int
    tie_break: str | None = None
    """What put the pair in its place among pairs level with it: ``deals won``, ``head-to-head``, or
    ``level`` when nothing separates them (they share the rank); None when matches won alone decide."""
    points: int | None = None
    """EBU points over the deals recorded with scores (EBU leagues only)."""

    def as_json(self) -> dict[str, Any]:
        """The standing as a ``--json`` object."""
        data: dict[str, Any] = {
            "pair": self.pair,
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "deals_won": self.deals_won,
            "deals_lost": self.deals_lost,
            "rank": self.rank,
            "tie_break": self.tie_break,
        }
        if self.points is not None:
            data["points"] = self.points
        return data


def _head_to_head(level: list[str], beat: set[tuple[str, str]]) -> dict[str, tuple[int, ...]]:
    """Each pair's mini-matches won against the others of ``level``; pairs that leaves level (but fewer of
    them) are compared again among themselves, and so on: the more a pair's tuple, the higher it goes."""
    wins = {pair: sum((pair, other) in beat for other in level) for pair in level}
    keys = {pair: (wins[pair],) for pair in level}
    for value in set(wins.values()):
        still = [pair for pair in level if wins[pair] == value]
        if 1 < len(still) < len(level):
            for pair, more in _head_to_head(still, beat).items():
                keys[pair] += more
    return keys


def standings(league: League) -> list[Standing]:
    """The table: matches won, then deals won, then head-to-head among the pairs still level."""
    totals = {pair: [0, 0, 0, 0, 0] for pair in league.pairs}  # played, won, lost, deals won, deals lost
    points = {pair: 0 for pair in league.pairs}
    beat: set[tuple[str, str]] = set()
    for match in league.matches:
        if match.result is None:
            continue
        for pair, other in (match.pairs, match.pairs[::-1]):
            result = match.result_for(pair)
            assert result is not None
            row = totals[pair]
            row[0] += 1
            row[1 if result.won > result.lost else 2] += 1
            row[3] += result.won
            row[4] += result.lost
            if result.points is not None:
                points[pair] += result.points[0]
            if result.won > result.lost:
                beat.add((pair, other))

    def key(pair: str) -> tuple[int, int]:
        return totals[pair][1], totals[pair][3]

    order = sorted(league.pairs, key=lambda p: (-key(p)[0], -key(p)[1]))
    head: dict[str, tuple[int, ...]] = {}
    for value in {key(pair) for pair in order}:
        head |= _head_to_head([pair for pair in order if key(pair) == value], beat)
    order.sort(key=lambda p: (-key(p)[0], -key(p)[1], tuple(-wins for wins in head[p])))
    table = []
    for pair in order:
        full = (key(pair), head[pair])
        rank = 1 + sum((key(o), head[o]) > full for o in order)
        if sum(totals[o][1] == totals[pair][1] for o in order) == 1:
            tie_break = None
        elif sum(key(o) == key(pair) for o in order) == 1:
            tie_break = "deals won"
        elif sum((key(o), head[o]) == full for o in order) == 1:
            tie_break = "head-to-head"
        else:
            tie_break = "level"
        played, won, lost, deals_won, deals_lost = totals[pair]
        table.append(Standing(pair, played, won, lost, deals_won, deals_lost, rank, tie_break,
                              points[pair] if league.in_points else None))  # fmt: skip
    return table


# --- the league file ---------------------------------------------------------------------------------------------

_HEADER = """\
# A MiniBridge league, kept by `minibridge league`.
# pairs: the pairs. best_of: deals in a mini-match (3 or 5). scoring: targets (each deal won or lost)
# or ebu (each deal's EBU points too). rounds: who meets whom; a pair not named in a round sits out.
# A result, seen from the first pair named in `pairs`, is one of:
#   deals: [W, L, W]            each deal won (W) or lost (L)
#   scores: [[420, 0], ...]     each deal's points, first pair then second (ebu leagues)
#   result: [2, 1]              deals won by each pair
# Record results with `minibridge league record`; if you edit by hand, check with `minibridge league status`.
# Comments are not kept when a result is recorded: write remarks in a `note:` field.
"""

_TOP_FIELDS = ("title", "pairs", "best_of", "scoring", "rounds", "notes")
_ROUND_FIELDS = ("round", "sits_out", "matches")
_MATCH_FIELDS = ("pairs", "deals", "scores", "result", "note")


def dumps_league(league: League) -> str:
    """The league file's text: a comment saying how to read it, then the fields in a fixed order."""
    rounds = []
    for round_ in league.rounds:
        entry: dict[str, Any] = {"round": round_.number}
        idle = league.sitting_out(round_)
        if idle:
            entry["sits_out"] = idle[0] if len(idle) == 1 else idle
        matches = []
        for match in round_.matches:
            item: dict[str, Any] = {"pairs": list(match.pairs)}
            result = match.result
            if result is not None:
                if result.scores is not None:
                    item["scores"] = [list(s) for s in result.scores]
                elif result.deals is not None:
                    item["deals"] = ["W" if won else "L" for won in result.deals]
                else:
                    item["result"] = [result.won, result.lost]
            if match.note:
                item["note"] = match.note
            matches.append(item)
        entry["matches"] = matches
        rounds.append(entry)
    data: dict[str, Any] = {
        "title": league.title,
        "pairs": list(league.pairs),
        "best_of": league.best_of,
        "scoring": league.scoring,
    }
    if league.notes:
        data["notes"] = league.notes
    data["rounds"] = rounds
    body = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)
    return _HEADER + body


def loads_league(text: str, *, source: str = "<text>") -> League:
    """Read and validate a league file's text; every problem is reported at once with its line and field."""
    return _league_of(*read_yaml(text, source, LeagueError, "a league file"), source)


def _league_of(data: Any, lines: Mapping[tuple[Any, ...], int], source: str) -> League:
    """The league of a file's data, validated; every problem is reported at once with its line and field."""
    checker = _Checker(source, lines)
    league = checker.league(data)
    if checker.problems or league is None:
        raise_problems(LeagueError, checker.problems or [f"{source}: is not a league file"])
    return league


def load_league(path: str | Path) -> League:
    """Read and validate a league file."""
    path = Path(path)
    missing = "no such league file: start one with 'minibridge league new'"
    return _league_of(*read_yaml_file(path, LeagueError, "a league file", missing=missing), str(path))


@contextmanager
def league_lock(path: str | Path, *, timeout: float = LOCK_SECONDS) -> Iterator[None]:
    """Hold the lock of a league file (a hidden ``.NAME.lock`` beside it) while reading and writing it."""
    from filelock import FileLock, Timeout

    path = Path(path)
    lock = FileLock(str(path.with_name(f".{path.name}.lock")), timeout=timeout)
    try:
        lock.acquire()
    except Timeout:
        raise LeagueError(
            f"another minibridge command has been writing it for {timeout:.0f} seconds; try again", where=str(path)
        ) from None
    except OSError as err:
        raise LeagueError(f"cannot lock it for writing ({err.strerror})", where=str(path)) from None
    try:
        yield
    finally:
        lock.release()


def new_league(path: str | Path, league: League, *, overwrite: bool = False) -> Path:
    """Write a new league file (an existing file is kept unless ``overwrite``)."""
    text = dumps_league(league)
    loads_league(text, source=str(path))
    with league_lock(path):
        return write_atomic(path, text, overwrite=overwrite)


def record_result(
    path: str | Path, round_number: int, first: str, second: str, result: Result, *, replace: bool = False
) -> tuple[League, Match]:
    """Read the league file, record a result and write the file back, all under the file's lock."""
    with league_lock(path):
        league = load_league(path)
        try:
            match = league.record(round_number, first, second, result, replace=replace)
        except LeagueError as err:
            raise err.at(str(path)) from None
        text = dumps_league(league)
        loads_league(text, source=str(path))
        write_atomic(path, text, overwrite=True)
    return league, match


# --- validation ----------------------------------------------------------------------------------------------


class _Checker:
    """Validates the data of a league file, collecting every problem with its place."""

    def __init__(self, source: str, lines: Mapping[tuple[Any, ...], int]) -> None:
        self.source = source
        self.lines = lines
        self.problems: list[str] = []

    def where(self, *keys: Any) -> str:
        return place(self.source, self.lines, keys)

    def problem(self, message: str, *keys: Any) -> None:
        self.problems.append(f"{self.where(*keys)}: {message}")

    def unknown_fields(self, data: dict[Any, Any], allowed: Sequence[str], *keys: Any) -> None:
        for key in data:
            if key not in allowed:
                self.problem(f"unknown field '{key}'; the fields here are {', '.join(allowed)}", *keys, key)

    def league(self, data: Any) -> League | None:
        if not isinstance(data, dict):
            self.problem("is not a league file: it should hold the fields title, pairs, best_of, scoring, rounds")
            return None
        self.unknown_fields(data, _TOP_FIELDS)
        for key in ("pairs", "best_of", "scoring", "rounds"):
            if key not in data:
                self.problem(f"the field '{key}' is missing")
        title = data.get("title", "League")
        if not isinstance(title, str):
            self.problem("the title is a line of text", "title")
            title = "League"
        notes = data.get("notes", "")
        if not isinstance(notes, str):
            self.problem("notes are text", "notes")
            notes = ""
        best_of = data.get("best_of", 3)
        if best_of not in BEST_OF or isinstance(best_of, bool):
            self.problem(f"best_of is 3 or 5 (deals in a mini-match), not {best_of!r}", "best_of")
            best_of = 3
        scoring = data.get("scoring", "targets")
        if scoring not in SCORINGS:
            self.problem(f"scoring is targets or ebu, not {scoring!r}", "scoring")
            scoring = "targets"
        pairs = self.pairs(data.get("pairs"))
        if pairs is None:
            return None
        league = League(title, tuple(pairs), best_of, scoring, [], notes)
        rounds = data.get("rounds")
        if not isinstance(rounds, list) or not rounds:
            if "rounds" in data:
                self.problem("rounds is a list of rounds, each with its round number and matches", "rounds")
            return league
        for index, item in enumerate(rounds):
            round_ = self.round(item, index, league)
            if round_ is not None:
                league.rounds.append(round_)
        self.schedule(league)
        return league

    def pairs(self, value: Any) -> list[str] | None:
        if value is None:
            return None
        if not isinstance(value, list):
            self.problem("pairs is a list of names, like [I, II, III, IV]", "pairs")
            return None
        names = []
        for index, name in enumerate(value):
            if isinstance(name, bool) or not isinstance(name, (str, int)):
                self.problem(f"{name!r} is not a pair's name; write names in quotes if they look like yes/no",
                             "pairs", index)  # fmt: skip
                return None
            names.append(str(name))
        try:
            return _check_pairs(names)
        except LeagueError as err:
            self.problem(err.message, "pairs")
            return None

    def round(self, item: Any, index: int, league: League) -> Round | None:
        if not isinstance(item, dict):
            self.problem("a round has a round number and its matches", "rounds", index)
            return None
        self.unknown_fields(item, _ROUND_FIELDS, "rounds", index)
        number = item.get("round")
        if number != index + 1 or isinstance(number, bool):
            self.problem(f"the rounds are numbered 1, 2, 3 … in order: this one should be {index + 1}, "
                         f"not {number!r}", "rounds", index, "round")  # fmt: skip
            number = index + 1
        matches_data = item.get("matches")
        if not isinstance(matches_data, list):
            self.problem("matches is a list, each with the two pairs that meet", "rounds", index, "matches")
            return None
        round_ = Round(number, [])
        playing: set[str] = set()
        for position, entry in enumerate(matches_data):
            match = self.match(entry, ("rounds", index, "matches", position), number, league)
            if match is None:
                continue
            for pair in match.pairs:
                if pair in playing:
                    self.problem(f"{pair} plays twice in round {number}", "rounds", index, "matches", position)
                playing.add(pair)
            round_.matches.append(match)
        idle = item.get("sits_out")
        for name in idle if isinstance(idle, list) else [] if idle is None else [idle]:
            try:
                pair = find_pair(str(name), league.pairs)
            except LeagueError as err:
                self.problem(err.message, "rounds", index, "sits_out")
                continue
            if pair in playing:
                self.problem(f"{pair} is said to sit out but plays in round {number}", "rounds", index, "sits_out")
        return round_

    def match(self, entry: Any, keys: tuple[Any, ...], number: int, league: League) -> Match | None:
        if not isinstance(entry, dict) or "pairs" not in entry:
            self.problem("a match gives the two pairs that meet, like pairs: [I, III]", *keys)
            return None
        self.unknown_fields(entry, _MATCH_FIELDS, *keys)
        names = entry["pairs"]
        if not isinstance(names, list) or len(names) != 2:
            self.problem(f"pairs names the two pairs that meet, like [I, III], not {names!r}", *keys, "pairs")
            return None
        try:
            first, second = (find_pair(str(name), league.pairs) for name in names)
        except LeagueError as err:
            self.problem(err.message, *keys, "pairs")
            return None
        if first == second:
            self.problem(f"a pair cannot play against itself ({first}–{second})", *keys, "pairs")
            return None
        note = entry.get("note", "")
        if not isinstance(note, str):
            self.problem("a note is text", *keys, "note")
            note = ""
        given = [key for key in ("deals", "scores", "result") if key in entry]
        if len(given) > 1:
            self.problem(f"give one of {', '.join(given)}, not several", *keys, given[1])
            return Match(number, first, second, None, note)
        result = None
        if given:
            result = self.result(given[0], entry[given[0]], keys, league)
        return Match(number, first, second, result, note)

    def result(self, form: str, value: Any, keys: tuple[Any, ...], league: League) -> Result | None:
        try:
            if form == "deals":
                if not isinstance(value, list):
                    raise LeagueError("deals is a list of W (won by the first pair) and L, like [W, L, W]")
                result = parse_deals(",".join(str(v) for v in value))
            elif form == "scores":
                if not league.in_points:
                    raise LeagueError("scores per deal are for leagues with scoring: ebu; give deals: [W, L, W]")
                if not isinstance(value, list) or not all(
                    isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v) for v in value
                ):
                    raise LeagueError("scores is a list of [points of the first pair, of the second], like "
                                      "[[420, 0], [0, 100]]")  # fmt: skip
                result = parse_scores(",".join(f"{a}-{b}" for a, b in value))
            else:
                if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
                    raise LeagueError("result is the deals won by each pair, like [2, 1]")
                result = Result(value[0], value[1])
        except LeagueError as err:
            self.problem(err.message, *keys, form)
            return None
        problem = result.problem(league.best_of)
        if problem:
            self.problem(problem, *keys, form)
            return None
        return result

    def schedule(self, league: League) -> None:
        """Every pair meets every other exactly once."""
        met: dict[frozenset[str], int] = {}
        for index, round_ in enumerate(league.rounds):
            for position, match in enumerate(round_.matches):
                key = frozenset(match.pairs)
                if key in met:
                    message = f"{match.first} and {match.second} meet twice (rounds {met[key]} and {round_.number})"
                    self.problem(f"{message}: pairs meet once", "rounds", index, "matches", position)
                met.setdefault(key, round_.number)
        missing = [
            f"{a}–{b}"
            for i, a in enumerate(league.pairs)
            for b in league.pairs[i + 1 :]
            if frozenset((a, b)) not in met
        ]
        if missing:
            shown = ", ".join(missing[:6]) + (" …" if len(missing) > 6 else "")
            self.problem(f"{len(missing)} mini-match{'es' if len(missing) > 1 else ''} missing from the "
                         f"schedule ({shown}): every pair meets every other once", "rounds")  # fmt: skip

