"""School leagues: pairs play a mini-match against every other pair over a term, and a table names the winner.

The rule book (000, "Using this type of scoring with several pairs playing"): pairs I, II, III … each play
the best of three or five deals against each of the others; the result of each mini-match goes into a table
whose total column reveals the winner.

- :mod:`minibridge.league.model`: the league itself: pairs, schedule, results, the pairs that join, withdraw or
  change their name in mid-term, and reading the pairs a teacher names;
- :mod:`minibridge.league.schedule`: the round-robin schedule (Berger tables) and drawing rounds again;
- :mod:`minibridge.league.results`: a mini-match's result, and reading it as a teacher writes it;
- :mod:`minibridge.league.standings`: the table and its tie-breaks;
- :mod:`minibridge.league.file`: the league file (YAML), read and validated, written atomically under a lock.
"""

from __future__ import annotations

from minibridge.league.file import (
    dumps_league,
    league_lock,
    load_league,
    loads_league,
    new_league,
    record_result,
    update_league,
)
from minibridge.league.model import (
    BEST_OF,
    CHANGES,
    MAX_PAIRS,
    MAX_PAIRS_TEXT,
    SCORINGS,
    Change,
    League,
    Match,
    Round,
    find_pair,
    parse_match,
    parse_pair_names,
)
from minibridge.league.results import Result, parse_deals, parse_result, parse_scores
from minibridge.league.schedule import berger_rounds, draw_rounds
from minibridge.league.standings import TIE_BREAKS, Standing, standings

__all__ = [
    "BEST_OF",
    "CHANGES",
    "Change",
    "draw_rounds",
    "update_league",
    "SCORINGS",
    "TIE_BREAKS",
    "MAX_PAIRS",
    "MAX_PAIRS_TEXT",
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
