"""The league itself: its pairs, the format of a mini-match, the schedule, the results recorded, the pairs that
join, withdraw or change their name in mid-term, and reading the pairs a teacher names.

The rule book (000, "Using this type of scoring with several pairs playing"): pairs I, II, III … each play
the best of three or five deals against each of the others. A :class:`League` holds the pairs, the format of
a mini-match, a schedule in which every pair meets every other once (:mod:`.schedule`) and the results
recorded so far (:mod:`.results`); :meth:`League.record` refuses a result that does not fit the schedule or the
format. In mid-term a pair may join, withdraw or change its name: the results stay, the rounds still to play
are drawn again, and the league keeps each :class:`Change`.

>>> league = League.create(["I", "II", "III"])
>>> [m.pairs for m in league.matches], parse_match("I v III", league.pairs)
([('II', 'III'), ('I', 'II'), ('III', 'I')], ('I', 'III'))
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from minibridge import reading
from minibridge.errors import LeagueError
from minibridge.language import N_, gettext
from minibridge.league.results import Result
from minibridge.league.schedule import berger_rounds, draw_rounds
from minibridge.reading import ReadingError
from minibridge.schemes import Scheme, find_scheme

__all__ = [
    "BEST_OF",
    "SCORINGS",
    "MAX_PAIRS",
    "CHANGES",
    "Match",
    "Round",
    "Change",
    "League",
    "check_pairs",
    "parse_pair_names",
    "find_pair",
    "parse_match",
]

BEST_OF = (3, 5)
"""A mini-match is the best of three or of five deals (000)."""
SCORINGS: dict[str, str] = {
    "targets": N_("Targets: each deal won or lost"),
    "ebu": N_("EBU: each deal's points too"),
}
"""The scoring schemes a league may name, the first the usual one, each with what it means for the league in words
(marked for translation: ``gettext`` them): targets, each deal won or lost; ebu, each deal also with its EBU
score."""
MAX_PAIRS = 40
"""The most pairs a league may have."""
MAX_PAIR_NAME = 60
"""The most letters of a pair's name."""
MAX_PAIRS_TEXT = MAX_PAIRS * (MAX_PAIR_NAME + 2)
"""The most letters of the pairs written out (``I,II,III``), longer is refused before it is read."""
CHANGES = ("joined", "withdrew", "renamed")
"""What may happen to a pair in mid-term: the kinds of :class:`Change`."""


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


@dataclass(frozen=True, kw_only=True)
class Change:
    """A change of the pairs in mid-term: from round ``round`` on, ``pair`` plays (joined), plays no more
    (withdrew), or plays under this name (renamed; ``was`` its name before)."""

    round: int
    kind: str
    pair: str
    was: str = ""

    def text(self) -> str:
        """``V joined in round 4``, ``II withdrew before round 4; its results stand``, ``Cara & Dev was Cara & Dan
        until round 4``, in the language in use."""
        values = {"pair": self.pair, "round": self.round, "was": self.was}
        if self.kind == "joined":
            return gettext("%(pair)s joined in round %(round)s") % values
        if self.kind == "withdrew":
            return gettext("%(pair)s withdrew before round %(round)s; its results stand") % values
        return gettext("%(pair)s was %(was)s until round %(round)s") % values


@dataclass(kw_only=True)
class League:
    """A league: title, pairs, the format of a mini-match, the schedule, the results recorded so far, and the
    changes of the pairs in mid-term (a pair that withdrew stays among the pairs, with its results)."""

    title: str
    pairs: tuple[str, ...]
    best_of: int = 3
    scoring: str = "targets"
    rounds: list[Round] = field(default_factory=list)
    notes: str = ""
    changes: list[Change] = field(default_factory=list)

    @classmethod
    def create(cls, pairs: Sequence[str], *, best_of: int = 3, scoring: str = "targets", title: str = "") -> League:
        """A new league with its round-robin schedule and no results."""
        names = check_pairs(list(pairs))
        if best_of not in BEST_OF:
            raise LeagueError(
                gettext("a mini-match is the best of 3 or 5 deals, not %(best_of)s") % {"best_of": best_of}
            )
        if scoring not in SCORINGS:
            raise LeagueError(gettext("the scoring is targets or ebu, not '%(scoring)s'") % {"scoring": scoring})
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
    def scheme(self) -> Scheme:
        """The scoring scheme the league's deals are scored by."""
        return find_scheme(self.scoring)

    @property
    def in_points(self) -> bool:
        """True when each deal also has its score in points (ebu); False when each deal is just won or lost."""
        return not self.scheme.won_or_lost

    @property
    def matches(self) -> list[Match]:
        """Every mini-match, round by round."""
        return [match for round_ in self.rounds for match in round_.matches]

    @property
    def played(self) -> int:
        """How many mini-matches have a result."""
        return sum(match.played for match in self.matches)

    def sitting_out(self, round_: Round) -> list[str]:
        """The pairs of the league in that round that do not play in it."""
        playing = {pair for match in round_.matches for pair in match.pairs}
        return [pair for pair in self.pairs if self.plays_in(pair, round_.number) and pair not in playing]

    def joined(self, pair: str) -> int:
        """The first round a pair may play: 1, or the round it joined in."""
        return next((c.round for c in self.changes if c.kind == "joined" and c.pair == pair), 1)

    def withdrew(self, pair: str) -> int | None:
        """The first round a pair no longer plays after withdrawing, or None while it plays on."""
        return next((c.round for c in self.changes if c.kind == "withdrew" and c.pair == pair), None)

    def plays_in(self, pair: str, round_number: int) -> bool:
        """True when the pair is in the league in that round (it has joined and not withdrawn)."""
        gone = self.withdrew(pair)
        return self.joined(pair) <= round_number and (gone is None or round_number < gone)

    def former_names(self, pair: str) -> list[str]:
        """The names a pair played under before, earliest first."""
        names, current = [], pair
        for change in reversed(self.changes):
            if change.kind == "renamed" and change.pair == current:
                names.insert(0, change.was)
                current = change.was
        return names

    @property
    def playing(self) -> list[str]:
        """The pairs that have not withdrawn."""
        return [pair for pair in self.pairs if self.withdrew(pair) is None]

    @property
    def rounds_under_way(self) -> int:
        """The last round with a result (0 before any): the rounds up to it stay as they are when the pairs
        change."""
        return max((m.round for m in self.matches if m.played), default=0)

    def schedule(self) -> list[list[tuple[str, str | None]]]:
        """Each round as pairs that meet, then ``(pair, None)`` for a pair that sits out."""
        return [
            [m.pairs for m in round_.matches] + [(pair, None) for pair in self.sitting_out(round_)]
            for round_ in self.rounds
        ]

    def meeting(self, first: str, second: str) -> Match | None:
        """The mini-match of two pairs, or None when they never meet (one withdrew before it was played)."""
        return next((m for m in self.matches if {first, second} == set(m.pairs)), None)

    def match_between(self, first: str, second: str) -> Match:
        """The mini-match of two pairs of this league."""
        first, second = find_pair(first, self.pairs), find_pair(second, self.pairs)
        values = {"first": first, "second": second}
        if first == second:
            raise LeagueError(
                gettext("a pair cannot play against itself (%(first)s–%(second)s): name two different pairs") % values
            )
        match = self.meeting(first, second)
        if match is not None:
            return match
        for gone in (first, second):
            if self.withdrew(gone) is not None:
                raise LeagueError(
                    gettext("%(first)s and %(second)s never met: %(gone)s withdrew before round %(round)s")
                    % (values | {"gone": gone, "round": self.withdrew(gone)})
                )
        raise LeagueError(gettext("%(first)s and %(second)s never meet in the schedule of this league") % values)

    # --- the pairs in mid-term -----------------------------------------------------------------------------

    def add_pair(self, name: str) -> Change | None:
        """A new pair joins: it meets every pair still playing in the rounds not yet under way, which are drawn
        again. Returns the change kept (None before any result: the pair is simply one of the league)."""
        names = check_pairs([*self.pairs, name])
        kept = self.rounds_under_way
        self.pairs = tuple(names)
        change = Change(round=kept + 1, kind="joined", pair=names[-1]) if kept else None
        if change is not None:
            self.changes.append(change)
        self._draw_again(kept)
        return change

    def withdraw_pair(self, name: str) -> Change | None:
        """A pair withdraws: its results stand, its mini-matches still to play are taken out and the rounds not
        yet under way are drawn again. Returns the change kept (None before any result: the pair simply leaves
        the league)."""
        pair = find_pair(name, self.pairs)
        if self.withdrew(pair) is not None:
            raise LeagueError(
                gettext("%(pair)s has already withdrawn (before round %(round)s)")
                % {"pair": pair, "round": self.withdrew(pair)}
            )
        if len(self.playing) <= 2:
            raise LeagueError(
                gettext("%(pair)s cannot withdraw: a league needs at least two pairs playing") % {"pair": pair}
            )
        kept = self.rounds_under_way
        if not kept:
            self.pairs = tuple(p for p in self.pairs if p != pair)
            self._draw_again(0)
            return None
        for round_ in self.rounds[:kept]:
            round_.matches = [m for m in round_.matches if m.played or pair not in m.pairs]
        change = Change(round=kept + 1, kind="withdrew", pair=pair)
        self.changes.append(change)
        self._draw_again(kept)
        return change

    def rename_pair(self, old: str, new: str) -> Change | None:
        """A pair changes its name everywhere, results included. Returns the change kept, so that the table can
        say the pair's former name (None before any result)."""
        pair = find_pair(old, self.pairs)
        names = check_pairs([new if p == pair else p for p in self.pairs])
        renamed = names[self.pairs.index(pair)]
        if renamed == pair:
            raise LeagueError(gettext("%(pair)s already has that name") % {"pair": pair})
        self.pairs = tuple(names)
        for match in self.matches:
            match.first, match.second = (renamed if p == pair else p for p in match.pairs)
        self.changes = [
            Change(round=c.round, kind=c.kind, pair=renamed if c.pair == pair else c.pair, was=c.was)
            for c in self.changes
        ]
        kept = self.rounds_under_way
        change = Change(round=kept + 1, kind="renamed", pair=renamed, was=pair) if kept else None
        if change is not None:
            self.changes.append(change)
        return change

    def _draw_again(self, kept: int) -> None:
        """Keep the first ``kept`` rounds and draw the rest again: every two pairs still playing that have not
        met yet meet once (before any result, a new round-robin). Of the old schedule's rounds, the Berger
        table's and a new drawing, the fewest rounds win, the old schedule first when they are as few."""
        if not kept:
            self.changes = []
            self.rounds = League.create(self.pairs, best_of=self.best_of, scoring=self.scoring).rounds
            return
        old = [[m.pairs for m in round_.matches] for round_ in self.rounds[kept:]]
        self.rounds = self.rounds[:kept]
        met = {frozenset(m.pairs) for m in self.matches}
        playing = self.playing
        meetings = [(a, b) for i, a in enumerate(playing) for b in playing[i + 1 :] if frozenset((a, b)) not in met]
        needed = {frozenset(m) for m in meetings}
        berger = [[(a, b) for a, b in r if a is not None and b is not None] for r in berger_rounds(playing)]
        drawings = [
            draw_rounds(meetings, start=[[m for m in r if frozenset(m) in needed] for r in s]) for s in (old, berger)
        ]
        drawings.append(draw_rounds(meetings))
        firsts = Counter(m.first for m in self.matches)
        for number, pairings in enumerate(min(drawings, key=len), start=kept + 1):
            matches = []
            for a, b in pairings:
                first, second = (b, a) if firsts[a] > firsts[b] + 1 else (a, b)
                firsts[first] += 1
                matches.append(Match(round=number, first=first, second=second))
            self.rounds.append(Round(number=number, matches=matches))

    def record(self, round_number: int, first: str, second: str, result: Result, *, replace: bool = False) -> Match:
        """Record the result (seen from ``first``) of a mini-match of round ``round_number``; return the match."""
        numbers = [round_.number for round_ in self.rounds]
        if round_number not in numbers:
            raise LeagueError(
                gettext("there is no round %(round)s: this league has rounds %(first)s to %(last)s")
                % {"round": round_number, "first": numbers[0], "last": numbers[-1]}
            )
        match = self.match_between(first, second)
        first = find_pair(first, self.pairs)
        if match.round != round_number:
            raise LeagueError(
                gettext("%(first)s and %(second)s meet in round %(round)s, not round %(asked)s")
                % {"first": match.first, "second": match.second, "round": match.round, "asked": round_number}
            )
        problem = result.problem(self.best_of)
        if problem:
            raise LeagueError(problem)
        if result.scores is not None and not self.in_points:
            raise LeagueError(
                gettext(
                    "scores per deal are for leagues scored the EBU way; this league is scored by targets: "
                    "give each deal won or lost, e.g. --deals W,L,W"
                )
            )
        if match.result is not None and not replace:
            raise LeagueError(
                gettext(
                    "round %(round)s, %(first)s–%(second)s already has a result (%(result)s); "
                    "use --replace to change it"
                )
                % {"round": match.round, "first": match.first, "second": match.second, "result": match.result.text()}
            )
        match.result = result if first == match.first else result.flipped()
        return match


def check_pairs(names: Sequence[str]) -> list[str]:
    """The pair names, tidied, or a LeagueError naming the first problem."""
    if len(names) > MAX_PAIRS:
        raise LeagueError(
            gettext("a league has 2 to %(most)s pairs, not %(count)s") % {"most": MAX_PAIRS, "count": len(names)}
        )
    try:
        names = [
            reading.name(str(name), most=MAX_PAIR_NAME, what=gettext("a pair's name"), empty=True) for name in names
        ]
    except ReadingError as error:
        raise LeagueError(error.message) from None
    if any(not name for name in names):
        raise LeagueError(gettext("a pair's name cannot be empty: write the names like I,II,III,IV"))
    bad = [name for name in names if not _NAME.fullmatch(name)]
    if bad:
        raise LeagueError(
            gettext("'%(name)s' cannot be a pair's name: use letters, digits, spaces, '&', '-', '.', ''' or '_'")
            % {"name": bad[0]}
        )
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise LeagueError(
                gettext("the pair '%(name)s' is named twice: every pair needs its own name") % {"name": name}
            )
        seen.add(name.casefold())
    if not 2 <= len(names) <= MAX_PAIRS:
        raise LeagueError(
            gettext("a league has 2 to %(most)s pairs, not %(count)s") % {"most": MAX_PAIRS, "count": len(names)}
        )
    return names


_NAME = re.compile(r"[\w][\w &.'’-]*", re.UNICODE)


# --- reading what a teacher types ----------------------------------------------------------------------------


def _bounded(text: str, most: int) -> None:
    """Refuse ``text`` longer than ``most`` letters before it is read."""
    if len(text) > most:
        raise LeagueError(gettext("the pairs are too long: at most %(most)s letters") % {"most": most})


def parse_pair_names(text: str) -> list[str]:
    """``I,II,III,IV`` → the names of the pairs."""
    _bounded(text, MAX_PAIRS_TEXT)
    return check_pairs(text.split(",") if text.strip() else [])


def find_pair(name: str, pairs: Sequence[str]) -> str:
    """The pair of this league called ``name`` (any case)."""
    name = " ".join(name.split())
    if name in pairs:
        return name
    for pair in pairs:
        if pair.casefold() == name.casefold():
            return pair
    raise LeagueError(
        gettext("there is no pair '%(name)s' in this league; the pairs are %(pairs)s")
        % {"name": name, "pairs": ", ".join(pairs)}
    )


def parse_match(text: str, pairs: Sequence[str]) -> tuple[str, str]:
    """``I-III`` (also ``I v III``, ``I,III``) → the two pairs, first named first. Names may hold a hyphen
    (``Mary-Jane & Tom-Cara & Dev``): the split that names two pairs is taken; ``v`` settles a text that can be
    split more than one way."""
    _bounded(text, 2 * MAX_PAIR_NAME + 10)
    splits = []
    for found in re.finditer(r"\s+vs?\.?\s+|\s*[-–,/]\s*", text):
        left, right = text[: found.start()].strip(), text[found.end() :].strip()
        if left and right:
            splits.append(
                (
                    left,
                    right,
                    found.group(0).strip() in ("v", "vs", "v.", "vs."),
                    _known(left, pairs),
                    _known(right, pairs),
                )
            )
    readings = list(dict.fromkeys((a, b) for _, _, _, a, b in splits if a and b))
    by_v = list(dict.fromkeys((a, b) for _, _, v, a, b in splits if v and a and b))
    readings = by_v or readings
    if len(readings) > 1:
        shown = [f"{a} v {b}" for a, b in readings]
        raise LeagueError(
            gettext("'%(text)s' can be read as %(readings)s: write ' v ' between the two pairs, like '%(first)s'")
            % {"text": text, "readings": gettext(" or ").join(shown), "first": shown[0]}
        )
    if readings:
        first, second = readings[0]
        if first == second:
            raise LeagueError(
                gettext("a pair cannot play against itself ('%(text)s'): name two different pairs, like I-III")
                % {"text": text}
            )
        return first, second
    for left, right, _, first, second in splits:  # one side is a pair: the other is the one to put right
        if first or second:
            find_pair(right if first else left, pairs)
    for left, right, *_ in splits:
        find_pair(left, pairs)
        find_pair(right, pairs)
    raise LeagueError(
        gettext("'%(text)s' does not name two pairs: write them like I-III (the pairs are %(pairs)s)")
        % {"text": text, "pairs": ", ".join(pairs)}
    )


def _known(name: str, pairs: Sequence[str]) -> str | None:
    """The pair of that name, or None."""
    try:
        return find_pair(name, pairs)
    except LeagueError:
        return None
