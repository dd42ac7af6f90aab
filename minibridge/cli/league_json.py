"""The ``--json`` shape of ``minibridge league table``: the league, its standings, its schedule and its results."""

from __future__ import annotations

from typing import Any

from minibridge.league import TIE_BREAKS, League, Standing, standings

__all__ = ["league_json", "standing_json"]


def league_json(current: League) -> dict[str, Any]:
    """``league table --json``: the league, its standings with the tie-breaks used, the schedule, the results."""
    return {
        "title": current.title,
        "pairs": list(current.pairs),
        "best_of": current.best_of,
        "scoring": current.scoring,
        "tie_breaks": list(TIE_BREAKS),
        "standings": [standing_json(s) for s in standings(current)],
        "schedule": [[list(pairing) for pairing in round_] for round_ in current.schedule()],
        "changes": [{"round": c.round, "change": c.kind, "pair": c.pair, "was": c.was} for c in current.changes],
        "matches": [
            {
                "round": m.round,
                "pairs": list(m.pairs),
                "played": m.played,
                "deals_won": None if m.result is None else [m.result.won, m.result.lost],
            }
            for m in current.matches
        ],
    }


def standing_json(standing: Standing) -> dict[str, Any]:
    """A pair's line of the table in ``league table --json``; ``points`` only in leagues scored the EBU way;
    ``joined``, ``withdrew`` (rounds) and ``was`` (former names) only for a pair they concern."""
    keys = ("pair", "played", "won", "lost", "deals_won", "deals_lost", "rank", "tie_break")
    data: dict[str, Any] = {key: getattr(standing, key) for key in keys}
    if standing.points is not None:
        data["points"] = standing.points
    for key in ("joined", "withdrew", "was"):
        if getattr(standing, key):
            data[key] = list(standing.was) if key == "was" else getattr(standing, key)
    return data
