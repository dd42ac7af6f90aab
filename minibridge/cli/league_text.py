"""The league in plain text for the terminal, in the language in use: what a new league holds, a mini-match, the
schedule, the tables."""

from __future__ import annotations

from minibridge.language import gettext, ngettext, pgettext
from minibridge.league import Change, League, Match, Standing, standings

__all__ = ["new_text", "match_text", "schedule_text", "status_text", "change_text"]


def _rounds(league: League) -> str:
    """``1 round``, ``5 rounds``."""
    count = len(league.rounds)
    return ngettext("%(count)s round", "%(count)s rounds", count) % {"count": count}


def _progress(league: League) -> str:
    """``2 of 10 mini-matches played``."""
    count = len(league.matches)
    return ngettext(
        "%(played)s of %(count)s mini-match played", "%(played)s of %(count)s mini-matches played", count
    ) % {"played": league.played, "count": count}


def _scoring(league: League) -> str:
    """How the league is scored, by the name its file gives: ``targets`` or ``ebu``."""
    # TRANSLATORS: how a league is scored, as `league new --scoring` names it: each deal won or lost, or EBU points.
    return {"targets": pgettext("league scoring", "targets"), "ebu": pgettext("league scoring", "ebu")}.get(
        league.scoring, league.scoring
    )


def new_text(league: League) -> str:
    """A new league in two parts: its pairs, rounds and format, then the schedule."""
    pairs, matches = len(league.pairs), len(league.matches)
    summary = gettext("%(title)s, %(pairs)s, %(rounds)s, %(matches)s (best of %(best_of)s, %(scoring)s)") % {
        "title": league.title,
        "pairs": ngettext("%(count)s pair", "%(count)s pairs", pairs) % {"count": pairs},
        "rounds": _rounds(league),
        "matches": ngettext("%(count)s mini-match", "%(count)s mini-matches", matches) % {"count": matches},
        "best_of": league.best_of,
        "scoring": _scoring(league),
    }
    return f"{summary}\n{schedule_text(league)}"


def match_text(match: Match) -> str:
    """``II beat V 2–1`` (with the points in an EBU league), or ``II v V: to play``."""
    winner = match.winner
    if winner is None:
        return gettext("%(first)s v %(second)s: to play") % {"first": match.first, "second": match.second}
    loser = match.second if winner == match.first else match.first
    seen = match.result_for(winner)
    assert seen is not None
    values = {"winner": winner, "loser": loser, "won": seen.won, "lost": seen.lost}
    if seen.points is None:
        return gettext("%(winner)s beat %(loser)s %(won)s–%(lost)s") % values
    values |= {"for": seen.points[0], "against": seen.points[1]}
    return gettext("%(winner)s beat %(loser)s %(won)s–%(lost)s, points %(for)s–%(against)s") % values


def schedule_text(league: League) -> str:
    """Round by round: each mini-match, played or to play, and the pair that sits out."""
    lines = [gettext("Schedule:")]
    for round_ in league.rounds:
        values = {"round": round_.number, "matches": "; ".join(match_text(m) for m in round_.matches)}
        idle = league.sitting_out(round_)
        if idle:
            values["idle"] = ", ".join(idle)
            line = ngettext(
                "Round %(round)s: %(matches)s; %(idle)s sits out",
                "Round %(round)s: %(matches)s; %(idle)s sit out",
                len(idle),
            )
        else:
            line = gettext("Round %(round)s: %(matches)s")
        lines.append("  " + line % values)
    return "\n".join(lines)


def change_text(league: League, change: Change | None, done: str) -> str:
    """What a change of the pairs did: ``V joined in round 4``, then the rounds drawn again and the schedule."""
    said = change.text() if change is not None else done
    return f"{said}. {_rounds(league)}, {_progress(league)}.\n{schedule_text(league)}"


def status_text(league: League) -> str:
    """The whole league: progress, the results pair against pair, the standings and the schedule."""
    table = standings(league)
    heading = gettext("%(title)s: best of %(best_of)s, %(scoring)s; %(progress)s") % {
        "title": league.title,
        "best_of": league.best_of,
        "scoring": _scoring(league),
        "progress": _progress(league),
    }
    parts = [heading, _cross_text(league, table), _standings_text(league, table), schedule_text(league)]
    return "\n\n".join(parts)


def _cross_text(league: League, table: list[Standing]) -> str:
    """Pairs × pairs: deals won by the row pair, then by the column pair; totals and places at the right."""
    width = max(len(p) for p in league.pairs)
    cell = max(4, width)
    by_pair = {s.pair: s for s in table}
    # TRANSLATORS: the last three columns of the results table: matches won, deals won and the place.
    totals = (pgettext("matches", "won"), gettext("deals"), gettext("place"))
    sizes = [max(least, len(word)) for word, least in zip(totals, (3, 5, 5), strict=True)]
    head = " ".join(f"{word:>{size}}" for word, size in zip(totals, sizes, strict=True))
    lines = [" " * width + " " + "".join(f"{p:>{cell + 1}}" for p in league.pairs) + "   " + head]
    for pair in league.pairs:
        cells = []
        for other in league.pairs:
            if other == pair:
                cells.append("x")
                continue
            match = league.meeting(pair, other)
            result = None if match is None else match.result_for(pair)
            cells.append("-" if match is None else "." if result is None else f"{result.won}-{result.lost}")
        s = by_pair[pair]
        row = "".join(f"{c:>{cell + 1}}" for c in cells)
        numbers = " ".join(f"{n:>{size}}" for n, size in zip((s.won, s.deals_won, s.rank), sizes, strict=True))
        lines.append(f"{pair:<{width}} {row}   {numbers}")
    lines.append(
        gettext(
            "(deals won by the pair on the left, then by the pair at the top; - never played: a pair withdrew; "
            ". still to play)"
        )
        if any(league.withdrew(p) for p in league.pairs)
        else gettext("(deals won by the pair on the left, then by the pair at the top; . still to play)")
    )
    return "\n".join(lines)


def _standings_text(league: League, table: list[Standing]) -> str:
    """The standings, a shared place marked ``2=``, with what placed each pair."""
    width = max(4, max(len(p) for p in league.pairs))
    in_points = league.in_points
    words = {
        "place": gettext("place"),
        "pair": gettext("pair"),
        "played": gettext("played"),
        "won": pgettext("matches", "won"),
        "lost": pgettext("matches", "lost"),
        "deals": gettext("deals won/lost"),
        "points": gettext("points"),
        "placed": gettext("placed by"),
    }
    size = {key: max(least, len(words[key])) for key, least in (("place", 5), ("played", 6), ("won", 3), ("lost", 4))}
    width = max(width, len(words["pair"]))
    points_size = max(6, len(words["points"]))
    head = (
        f"{words['place']:<{size['place']}} {words['pair']:<{width}}  {words['played']:>{size['played']}} "
        f"{words['won']:>{size['won']}} {words['lost']:>{size['lost']}} {words['deals']}"
        + (f"  {words['points']:>{points_size}}" if in_points else "")
        + f"  {words['placed']}"
    )
    lines = [gettext("Standings (matches won, then deals won, then head-to-head):"), head]
    shared = {s.rank for s in table if sum(o.rank == s.rank for o in table) > 1}
    decided_by = {
        None: gettext("matches won"),
        "deals won": gettext("deals won"),
        "head-to-head": gettext("head-to-head"),
        "level": gettext("level"),
    }
    deals_size = 5 + max(0, len(words["deals"]) - len("deals won/lost"))
    for s in table:
        place = f"{s.rank}=" if s.rank in shared else str(s.rank)
        decided = decided_by.get(s.tie_break, s.tie_break)
        points = f"  {s.points:>{points_size}}" if in_points else ""
        note = f" ({s.note})" if s.note else ""
        lines.append(
            f"{place:>{size['place']}} {s.pair:<{width}}  {s.played:>{size['played']}} {s.won:>{size['won']}} "
            f"{s.lost:>{size['lost']}} {s.deals_won:>{deals_size}}/{s.deals_lost:<4}{points}  {decided}{note}"
        )
    return "\n".join(lines)
