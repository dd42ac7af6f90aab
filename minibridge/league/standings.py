"""The league table: each pair's line, in order of matches won, then deals won, then head-to-head.

Pairs level on matches won are separated by deals won; pairs still level by the mini-matches they won against
each other, asked again among those it leaves level; pairs that nothing separates share their place.
EBU points are totalled in leagues scored the EBU way, but do not decide. A pair that joined or withdrew in
mid-term keeps its results, and its line says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from minibridge.language import gettext
from minibridge.league.model import League

__all__ = ["TIE_BREAKS", "Standing", "standings"]

TIE_BREAKS = ("matches won", "deals won", "head-to-head")
"""The order of the table: pairs level on the first are separated by the next."""


@dataclass(frozen=True, kw_only=True)
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
    joined: int | None = None
    """The round the pair joined in, when it joined in mid-term."""
    withdrew: int | None = None
    """The first round the pair no longer played, when it withdrew; its results stand."""
    was: tuple[str, ...] = ()
    """The names the pair played under before, earliest first."""

    @property
    def note(self) -> str:
        """``joined in round 4``, ``withdrew before round 4``, ``was Cara & Dan``: what happened to the pair in
        mid-term (in the language in use), or nothing."""
        parts = [gettext("was %(names)s") % {"names": gettext(" then ").join(self.was)}] if self.was else []
        parts += [gettext("joined in round %(round)s") % {"round": self.joined}] if self.joined else []
        parts += [gettext("withdrew before round %(round)s") % {"round": self.withdrew}] if self.withdrew else []
        return "; ".join(parts)


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
            won = match.winner == pair
            row = totals[pair]
            row[0] += 1
            row[1 if won else 2] += 1
            row[3] += result.won
            row[4] += result.lost
            if result.points is not None:
                points[pair] += result.points[0]
            if won:
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
        table.append(
            Standing(
                pair=pair,
                played=played,
                won=won,
                lost=lost,
                deals_won=deals_won,
                deals_lost=deals_lost,
                rank=rank,
                tie_break=tie_break,
                points=points[pair] if league.in_points else None,
                joined=league.joined(pair) if league.joined(pair) > 1 else None,
                withdrew=league.withdrew(pair),
                was=tuple(league.former_names(pair)),
            )
        )
    return table
