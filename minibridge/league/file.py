"""The league file: a YAML file a teacher can read, kept by ``minibridge league``.

It holds the pairs, the format, the schedule, the results so far and the changes of the pairs in mid-term
(a pair that joined, withdrew or changed its name). It is read safely (``places.py``) and
validated, every problem reported at once with its line and field; it is written atomically under a lock (a
hidden ``.NAME.lock`` beside it), so results recorded at the same moment all land and a file that does not
validate is never touched. A league reached through a symbolic link is locked and written where the link
leads, so the link stays and two paths to one league share one lock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import yaml

from minibridge import reading
from minibridge.errors import LeagueError
from minibridge.files import write_atomic
from minibridge.language import N_, gettext, ngettext, raise_problems
from minibridge.league.model import BEST_OF, CHANGES, SCORINGS, Change, League, Match, Round, check_pairs, find_pair
from minibridge.league.results import Result, parse_deals, parse_scores
from minibridge.places import place, read_yaml, read_yaml_file, unknown_field
from minibridge.reading import ReadingError

__all__ = [
    "LOCK_SECONDS",
    "loads_league",
    "load_league",
    "dumps_league",
    "league_lock",
    "new_league",
    "update_league",
    "record_result",
]

T = TypeVar("T")

LOCK_SECONDS = 60.0
"""How long a command waits for another to finish writing the league file."""

_HEADER = """\
# A MiniBridge league, kept by `minibridge league`.
# pairs: the pairs. best_of: deals in a mini-match (3 or 5). scoring: targets (each deal won or lost)
# or ebu (each deal's EBU points too). rounds: who meets whom; a pair not named in a round sits out.
# A result, seen from the first pair named in `pairs`, is one of:
#   deals: [W, L, W]            each deal won (W) or lost (L)
#   scores: [[420, 0], ...]     each deal's points, first pair then second (ebu leagues)
#   result: [2, 1]              deals won by each pair
# changes: pairs that joined, withdrew or were renamed in mid-term, from which round (`minibridge league pair`).
# Record results with `minibridge league record`; if you edit by hand, check with `minibridge league status`.
# Comments are not kept when a result is recorded: write remarks in a `note:` field.
"""

_TOP_FIELDS = ("title", "pairs", "best_of", "scoring", "rounds", "notes", "changes")
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
    if league.changes:
        data["changes"] = [
            {"round": c.round, c.kind: c.pair} | ({"was": c.was} if c.was else {}) for c in league.changes
        ]
    data["rounds"] = rounds
    body = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)
    return _HEADER + body


def loads_league(text: str, *, source: str = "<text>") -> League:
    """Read and validate a league file's text; every problem is reported at once with its line and field."""
    return _league_of(*read_yaml(text, source, LeagueError, N_("a league file")), source)


def _league_of(data: Any, lines: Mapping[tuple[Any, ...], int], source: str) -> League:
    """The league of a file's data, validated; every problem is reported at once with its line and field."""
    checker = _Checker(source, lines)
    league = checker.league(data)
    if checker.problems or league is None:
        raise_problems(LeagueError, checker.problems or [source + ": " + gettext("is not a league file")])
    return league


def load_league(path: str | Path) -> League:
    """Read and validate a league file."""
    path = Path(path)
    missing = N_("no such league file: start one with 'minibridge league new'")
    return _league_of(*read_yaml_file(path, LeagueError, N_("a league file"), missing=missing), str(path))


@contextmanager
def league_lock(path: str | Path, *, timeout: float = LOCK_SECONDS) -> Iterator[None]:
    """Hold the lock of a league file (a hidden ``.NAME.lock`` beside it) while reading and writing it."""
    from filelock import FileLock, Timeout

    path = Path(path)
    real = path.resolve()  # a link's target: two paths to one league share one lock
    lock = FileLock(str(real.with_name(f".{real.name}.lock")), timeout=timeout)
    try:
        lock.acquire()
    except Timeout:
        raise LeagueError(
            gettext("another minibridge command has been writing it for %(seconds)s seconds; try again")
            % {"seconds": f"{timeout:.0f}"},
            where=str(path),
        ) from None
    except OSError as err:
        raise LeagueError(
            gettext("cannot lock it for writing (%(reason)s)") % {"reason": err.strerror}, where=str(path)
        ) from None
    try:
        yield
    finally:
        lock.release()


MAX_TITLE = 80
"""The most letters of a league's title."""


def new_league(
    path: str | Path,
    pairs: Sequence[str],
    *,
    best_of: int = 3,
    scoring: str = "targets",
    title: str = "",
    overwrite: bool = False,
) -> League:
    """Start a league file: the pairs, the format and the round-robin schedule, no results yet.

    Without a title the league is named after its file (``spring_term.yaml``: "Spring term"). An existing
    file is kept unless ``overwrite``.
    """
    path = Path(path)
    try:
        title = reading.name(title, most=MAX_TITLE, what=gettext("the league's title"), empty=True)
    except ReadingError as error:
        raise LeagueError(error.message) from None
    league = League.create(pairs, best_of=best_of, scoring=scoring, title=title or _title_of(path))
    text = dumps_league(league)
    loads_league(text, source=str(path))
    with league_lock(path):
        write_atomic(path.resolve(), text, overwrite=overwrite)
    return league


def _title_of(path: Path) -> str:
    """A league's title from its file's name: ``spring_term.yaml`` → ``Spring term``."""
    return path.stem.replace("_", " ").replace("-", " ").capitalize()


def update_league(path: str | Path, change: Callable[[League], T]) -> tuple[League, T]:
    """Read the league file, change the league and write the file back, all under the file's lock; a change
    refused, or a league that would not read back, leaves the file as it was."""
    with league_lock(path):
        league = load_league(path)
        try:
            done = change(league)
        except LeagueError as err:
            raise err.at(str(path)) from None
        text = dumps_league(league)
        loads_league(text, source=str(path))
        write_atomic(Path(path).resolve(), text, overwrite=True)  # the real file; a link to it stays a link
    return league, done


def record_result(
    path: str | Path, round_number: int, first: str, second: str, result: Result, *, replace: bool = False
) -> tuple[League, Match]:
    """Read the league file, record a result and write the file back, all under the file's lock."""
    return update_league(path, lambda league: league.record(round_number, first, second, result, replace=replace))


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
                self.problem(unknown_field(key, allowed), *keys, key)

    def league(self, data: Any) -> League | None:
        if not isinstance(data, dict):
            self.problem(
                gettext("is not a league file: it should hold the fields title, pairs, best_of, scoring, rounds")
            )
            return None
        self.unknown_fields(data, _TOP_FIELDS)
        for key in ("pairs", "best_of", "scoring", "rounds"):
            if key not in data:
                self.problem(gettext("the field '%(field)s' is missing") % {"field": key})
        title = data.get("title", "League")
        if not isinstance(title, str):
            self.problem(gettext("the title is a line of text"), "title")
            title = "League"
        notes = data.get("notes", "")
        if not isinstance(notes, str):
            self.problem(gettext("notes are text"), "notes")
            notes = ""
        best_of = data.get("best_of", 3)
        if best_of not in BEST_OF or isinstance(best_of, bool):
            self.problem(
                gettext("best_of is 3 or 5 (deals in a mini-match), not %(value)s") % {"value": repr(best_of)},
                "best_of",
            )
            best_of = 3
        scoring = data.get("scoring", "targets")
        if scoring not in SCORINGS:
            self.problem(gettext("scoring is targets or ebu, not %(value)s") % {"value": repr(scoring)}, "scoring")
            scoring = "targets"
        pairs = self.pairs(data.get("pairs"))
        if pairs is None:
            return None
        league = League(title=title, pairs=tuple(pairs), best_of=best_of, scoring=scoring, notes=notes)
        league.changes = self.changes(data.get("changes", []), league)
        rounds = data.get("rounds")
        if not isinstance(rounds, list) or not rounds:
            if "rounds" in data:
                self.problem(gettext("rounds is a list of rounds, each with its round number and matches"), "rounds")
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
            self.problem(gettext("pairs is a list of names, like [I, II, III, IV]"), "pairs")
            return None
        names = []
        for index, name in enumerate(value):
            if isinstance(name, bool) or not isinstance(name, (str, int)):
                self.problem(
                    gettext("%(name)s is not a pair's name; write names in quotes if they look like yes/no")
                    % {"name": repr(name)},
                    "pairs",
                    index,
                )
                return None
            names.append(str(name))
        try:
            return check_pairs(names)
        except LeagueError as err:
            self.problem(err.message, "pairs")
            return None

    def changes(self, value: Any, league: League) -> list[Change]:
        """The changes of the pairs: each a round and what happened (joined, withdrew, renamed with was)."""
        if not isinstance(value, list):
            self.problem(gettext("changes is a list, like - {round: 4, joined: V}"), "changes")
            return []
        found: list[Change] = []
        for index, item in enumerate(value):
            keys = ("changes", index)
            kinds = [kind for kind in CHANGES if isinstance(item, dict) and kind in item]
            if len(kinds) != 1 or not isinstance(item.get("round"), int) or isinstance(item.get("round"), bool):
                self.problem(
                    gettext(
                        "a change gives its round and one of joined, withdrew or renamed, like {round: 4, joined: V}"
                    ),
                    *keys,
                )
                continue
            self.unknown_fields(item, ("round", *kinds, *(("was",) if kinds == ["renamed"] else ())), *keys)
            kind = kinds[0]
            try:
                pair = find_pair(str(item[kind]), league.pairs)
            except LeagueError as err:
                self.problem(err.message, *keys, kind)
                continue
            was = str(item.get("was", "")).strip()
            if kind == "renamed" and not was:
                self.problem(gettext("say the name %(pair)s had before, like was: Old name") % {"pair": pair}, *keys)
            earlier = [c for c in found if c.pair == pair and c.kind == kind and kind != "renamed"]
            if earlier:
                once = (
                    gettext("%(pair)s joined once, in round %(round)s")
                    if kind == "joined"
                    else gettext("%(pair)s withdrew once, in round %(round)s")
                )
                self.problem(once % {"pair": pair, "round": earlier[0].round}, *keys)
            found.append(Change(round=item["round"], kind=kind, pair=pair, was=was))
        joined = {c.pair: c.round for c in found if c.kind == "joined"}
        for change in found:
            if change.kind == "withdrew" and change.round <= joined.get(change.pair, 1):
                self.problem(gettext("%(pair)s withdrew before it joined") % {"pair": change.pair}, "changes")
        return found

    def round(self, item: Any, index: int, league: League) -> Round | None:
        if not isinstance(item, dict):
            self.problem(gettext("a round has a round number and its matches"), "rounds", index)
            return None
        self.unknown_fields(item, _ROUND_FIELDS, "rounds", index)
        number = item.get("round")
        if number != index + 1 or isinstance(number, bool):
            self.problem(
                gettext("the rounds are numbered 1, 2, 3 … in order: this one should be %(number)s, not %(value)s")
                % {"number": index + 1, "value": repr(number)},
                "rounds",
                index,
                "round",
            )
            number = index + 1
        matches_data = item.get("matches")
        if not isinstance(matches_data, list):
            self.problem(gettext("matches is a list, each with the two pairs that meet"), "rounds", index, "matches")
            return None
        round_ = Round(number=number, matches=[])
        playing: set[str] = set()
        for position, entry in enumerate(matches_data):
            match = self.match(entry, ("rounds", index, "matches", position), number, league)
            if match is None:
                continue
            for pair in match.pairs:
                if pair in playing:
                    self.problem(
                        gettext("%(pair)s plays twice in round %(round)s") % {"pair": pair, "round": number},
                        "rounds",
                        index,
                        "matches",
                        position,
                    )
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
                self.problem(
                    gettext("%(pair)s is said to sit out but plays in round %(round)s")
                    % {"pair": pair, "round": number},
                    "rounds",
                    index,
                    "sits_out",
                )
        return round_

    def match(self, entry: Any, keys: tuple[Any, ...], number: int, league: League) -> Match | None:
        if not isinstance(entry, dict) or "pairs" not in entry:
            self.problem(gettext("a match gives the two pairs that meet, like pairs: [I, III]"), *keys)
            return None
        self.unknown_fields(entry, _MATCH_FIELDS, *keys)
        names = entry["pairs"]
        if not isinstance(names, list) or len(names) != 2:
            self.problem(
                gettext("pairs names the two pairs that meet, like [I, III], not %(value)s") % {"value": repr(names)},
                *keys,
                "pairs",
            )
            return None
        try:
            first, second = (find_pair(str(name), league.pairs) for name in names)
        except LeagueError as err:
            self.problem(err.message, *keys, "pairs")
            return None
        if first == second:
            self.problem(
                gettext("a pair cannot play against itself (%(first)s–%(second)s)")
                % {"first": first, "second": second},
                *keys,
                "pairs",
            )
            return None
        note = entry.get("note", "")
        if not isinstance(note, str):
            self.problem(gettext("a note is text"), *keys, "note")
            note = ""
        given = [key for key in ("deals", "scores", "result") if key in entry]
        if len(given) > 1:
            self.problem(gettext("give one of %(fields)s, not several") % {"fields": ", ".join(given)}, *keys, given[1])
            return Match(round=number, first=first, second=second, note=note)
        result = None
        if given:
            result = self.result(given[0], entry[given[0]], keys, league)
        return Match(round=number, first=first, second=second, result=result, note=note)

    def result(self, form: str, value: Any, keys: tuple[Any, ...], league: League) -> Result | None:
        try:
            if form == "deals":
                if not isinstance(value, list):
                    raise LeagueError(gettext("deals is a list of W (won by the first pair) and L, like [W, L, W]"))
                result = parse_deals(",".join(str(v) for v in value))
            elif form == "scores":
                if not league.in_points:
                    raise LeagueError(
                        gettext("scores per deal are for leagues with scoring: ebu; give deals: [W, L, W]")
                    )
                if not isinstance(value, list) or not all(
                    isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v) for v in value
                ):
                    raise LeagueError(
                        gettext(
                            "scores is a list of [points of the first pair, of the second], like [[420, 0], [0, 100]]"
                        )
                    )
                result = parse_scores(",".join(f"{a}-{b}" for a, b in value))
            else:
                if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
                    raise LeagueError(gettext("result is the deals won by each pair, like [2, 1]"))
                result = Result(won=value[0], lost=value[1])
        except LeagueError as err:
            self.problem(err.message, *keys, form)
            return None
        problem = result.problem(league.best_of)
        if problem:
            self.problem(problem, *keys, form)
            return None
        return result

    def schedule(self, league: League) -> None:
        """Every two pairs still playing meet exactly once, a pair that withdrew at most once; a pair plays only
        in the rounds it is in the league, and a pair that withdrew has no mini-match left to play."""
        met: dict[frozenset[str], int] = {}
        for index, round_ in enumerate(league.rounds):
            for position, match in enumerate(round_.matches):
                keys = ("rounds", index, "matches", position)
                key = frozenset(match.pairs)
                if key in met:
                    self.problem(
                        gettext("%(first)s and %(second)s meet twice (rounds %(one)s and %(two)s): pairs meet once")
                        % {"first": match.first, "second": match.second, "one": met[key], "two": round_.number},
                        *keys,
                    )
                met.setdefault(key, round_.number)
                for pair in match.pairs:
                    if league.joined(pair) > round_.number:
                        self.problem(
                            gettext("%(pair)s plays in round %(round)s but joined in round %(joined)s")
                            % {"pair": pair, "round": round_.number, "joined": league.joined(pair)},
                            *keys,
                        )
                    gone = league.withdrew(pair)
                    if gone is not None and (round_.number >= gone or not match.played):
                        self.problem(
                            gettext(
                                "%(pair)s withdrew before round %(round)s: its mini-matches from then on, and those it "
                                "left without a result, come out of the schedule"
                            )
                            % {"pair": pair, "round": gone},
                            *keys,
                        )
        playing = league.playing
        missing = [f"{a}–{b}" for i, a in enumerate(playing) for b in playing[i + 1 :] if frozenset((a, b)) not in met]
        if missing:
            shown = ", ".join(missing[:6]) + (" …" if len(missing) > 6 else "")
            self.problem(
                ngettext(
                    "%(count)s mini-match missing from the schedule (%(shown)s): every pair meets every other once",
                    "%(count)s mini-matches missing from the schedule (%(shown)s): every pair meets every other once",
                    len(missing),
                )
                % {"count": len(missing), "shown": shown},
                "rounds",
            )
