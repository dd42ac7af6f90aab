"""The league in plain text for the terminal: what a new league holds, a mini-match, the schedule, the tables."""

from __future__ import annotations

from minibridge.league import Change, League, Match, Standing, standings

__all__ = ["new_text", "match_text", "schedule_text", "status_text", "change_text"]


def _plural(count: int, word: str, ending: str = "s") -> str:
    """``1 round``, ``5 rounds``."""
    return f"{count} {word}{ending if count != 1 else ''}"


def new_text(league: League) -> str:
    """A new league in two parts: its pairs, rounds and format, then the schedule."""
    rounds = _plural(len(league.rounds), "round")
    matches = _plural(len(league.matches), "mini-match", "es")
    summary = (
        f"{league.title}, {len(league.pairs)} pairs, {rounds}, {matches} (best of {league.best_of}, {league.scoring})"
    )
    return f"{summary}\n{schedule_text(league)}"


def match_text(match: Match) -> str:
    """``II beat V 2–1`` (with the points in an EBU league), or ``II v V: to play``."""
    winner = match.winner
    if winner is None:
        return f"{match.first} v {match.second}: to play"
    loser = match.second if winner == match.first else match.first
    seen = match.result_for(winner)
    assert seen is not None
    points = f", points {seen.points[0]}–{seen.points[1]}" if seen.points is not None else ""
    return f"{winner} beat {loser} {seen.won}–{seen.lost}{points}"


def schedule_text(league: League) -> str:
    """Round by round: each mini-match, played or to play, and the pair that sits out."""
    lines = ["Schedule:"]
    for round_ in league.rounds:
        matches = "; ".join(match_text(m) for m in round_.matches)
        idle = league.sitting_out(round_)
        lines.append(
            f"  Round {round_.number}: {matches}"
            + (f"; {', '.join(idle)} {'sit' if len(idle) > 1 else 'sits'} out" if idle else "")
        )
    return "\n".join(lines)


def change_text(league: League, change: Change | None, done: str) -> str:
    """What a change of the pairs did: ``V joined in round 4``, then the rounds drawn again and the schedule."""
    said = change.text() if change is not None else done
    progress = f"{_plural(len(league.rounds), 'round')}, {league.played} of {len(league.matches)} mini-matches played"
    return f"{said}. {progress}.\n{schedule_text(league)}"


def status_text(league: League) -> str:
    """The whole league: progress, the results pair against pair, the standings and the schedule."""
    table = standings(league)
    heading = (
        f"{league.title}: best of {league.best_of}, {league.scoring}; "
        f"{league.played} of {len(league.matches)} mini-matches played"
    )
    parts = [heading, _cross_text(league, table), _standings_text(league, table), schedule_text(league)]
    return "\n\n".join(parts)


def _cross_text(league: League, table: list[Standing]) -> str:
    """Pairs × pairs: deals won by the row pair, then by the column pair; totals and places at the right."""
    width = max(len(p) for p in league.pairs)
    cell = max(4, width)
    by_pair = {s.pair: s for s in table}
    lines = [" " * width + " " + "".join(f"{p:>{cell + 1}}" for p in league.pairs) + "   won deals place"]
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
        lines.append(f"{pair:<{width}} {row}   {s.won:>3} {s.deals_won:>5} {s.rank:>5}")
    never = " - never played: a pair withdrew;" if any(league.withdrew(p) for p in league.pairs) else ""
    lines.append(f"(deals won by the pair on the left, then by the pair at the top;{never} . still to play)")
    return "\n".join(lines)


def _standings_text(league: League, table: list[Standing]) -> str:
    """The standings, a shared place marked ``2=``, with what placed each pair."""
    width = max(4, max(len(p) for p in league.pairs))
    in_points = league.in_points
    head = (
        f"place {'pair':<{width}}  played won lost deals won/lost" + ("  points" if in_points else "") + "  placed by"
    )
    lines = ["Standings (matches won, then deals won, then head-to-head):", head]
    shared = {s.rank for s in table if sum(o.rank == s.rank for o in table) > 1}
    for s in table:
        place = f"{s.rank}=" if s.rank in shared else str(s.rank)
        decided = {None: "matches won", "level": "level"}.get(s.tie_break, s.tie_break)
        points = f"  {s.points:>6}" if in_points else ""
        note = f" ({s.note})" if s.note else ""
        lines.append(
            f"{place:>5} {s.pair:<{width}}  {s.played:>6} {s.won:>3} {s.lost:>4} "
            f"{s.deals_won:>5}/{s.deals_lost:<4}{points}  {decided}{note}"
        )
    return "\n".join(lines)
