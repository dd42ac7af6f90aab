"""What the teacher and the class screen see of an event: the tables' results, and the pupils' games on its boards.

None of it holds a card. For each pupil who joined: which board is at the table, the trick, the tricks each
side won and the score; for each board, every result on it side by side (a traveller): the tables' results
as ``minibridge duplicate score`` scores them, and the pupils' games against the computer.

>>> from minibridge.classroom import PupilGame
>>> from minibridge.web.events import new_event
>>> event = new_event(name="Class 5", boards=2, lesson=5)
>>> game = PupilGame.start(event.game_setup(samples=2))
>>> row = pupil_row("Amy", game)
>>> row["board"], row["deal"], row["deals"], row["finished"]
(1, 1, 2, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from minibridge.cards import Side
from minibridge.classroom import PupilGame
from minibridge.duplicate import Entry
from minibridge.web.events import Event, ranking, scored_result
from minibridge.web.events_store import StoredResult

__all__ = ["pupil_row", "pupils_traveller", "change_data", "tables_view"]


def pupil_row(pupil: str, game: PupilGame) -> dict[str, Any]:
    """Where a pupil's game stands: the board at the table (and which deal of how many), the contract, the
    trick being played (None outside the play), the tricks each side won, the score so far."""
    table = game.game
    play = table.play
    phase = game.phase
    over = phase in ("deal_over", "game_over")
    return {
        "pupil": pupil,
        "board": table.board.number,
        "deal": game.deal_number,
        "deals": game.session.deals,
        "phase": phase,
        "declarer": table.declarer.letter if table.declarer is not None else None,
        "contract": str(table.contract) if table.contract is not None else None,
        "goal": table.goal,
        "trick": len(play.tricks) + 1 if play is not None and not over else None,
        "tricks_won": {str(side): table.tricks(side) for side in Side},
        "totals": {str(side): game.session.totals[side] for side in Side},
        "finished": phase == "game_over",
    }


def pupils_traveller(games: Sequence[tuple[str, PupilGame]], board: int) -> list[dict[str, Any]]:
    """Every pupil's result on ``board``, once the pupil has finished it: the contract, declarer, declarer's
    tricks and each side's score (the pupils sit North–South); the best North–South score first."""
    rows = []
    for pupil, game in games:
        for record in game.records:
            finished = record.finished
            if finished is None or finished.board.number != board:
                continue
            score = finished.result
            declarer = finished.declarer
            declaring = declarer.side if declarer is not None else None
            row: dict[str, Any] = {
                "pupil": pupil,
                "declarer": declarer.letter if declarer is not None else None,
                "contract": str(finished.contract) if finished.contract is not None else None,
                "tricks": finished.tricks(declaring) if declaring is not None else None,
                "tricks_won": {str(side): finished.tricks(side) for side in Side},
                "made": score.made if score is not None else None,
                "ns_score": None,
                "ew_score": None,
            }
            if score is not None and declaring is not None:
                ns_declares = declaring is Side.NORTH_SOUTH
                row["ns_score"] = score.declarers_score if ns_declares else score.defenders_score
                row["ew_score"] = score.defenders_score if ns_declares else score.declarers_score
            rows.append(row)
            break
    return sorted(rows, key=lambda r: (-(r["ns_score"] or 0), -r["tricks_won"]["NS"], r["pupil"].casefold()))


def change_data(change: StoredResult, event: Event) -> dict[str, Any]:
    """One change of the results, as the stream of results sends it: the result entered and its score on its
    own (the match-points change with every other result: the ranking has them), who entered it, and for a
    correction the changes it replaced."""
    entry = change.entry
    scored = scored_result([entry], entry, event)
    return {
        "board": entry.board,
        **{key: scored[key] for key in ("ns", "ew", "contract", "declarer", "tricks", "ns_score", "ew_score")},
        "by": change.by,
        "correction": bool(change.replaces),
        "replaces": list(change.replaces),
        "entered": change.entered,
    }


def tables_view(event: Event, results: Sequence[StoredResult]) -> dict[str, Any]:
    """The ranking of ``minibridge duplicate score --json`` with each board's traveller in board order and
    the boards still without a result (``waiting``)."""
    entries: list[Entry] = [result.entry for result in results]
    data = ranking(entries, event)
    entered = {board["board"] for board in data["boards"]}
    data["waiting"] = [number for number in event.numbers if number not in entered]
    return data
