"""The pupils' games on a live event's boards: each pupil plays the teacher's boards against the computer.

A pupil who joins an event plays its boards in order, once each, under the lesson's rules (:func:`game_setup`).
What the teacher and the class screen see of those games holds no card: where each pupil's game stands
(:func:`pupil_row`), and for each board every pupil's result on it side by side (:func:`pupils_traveller`),
beside the tables' traveller of :mod:`minibridge.duplicate`.

>>> from minibridge.classroom import PupilGame
>>> from minibridge.duplicate import new_event
>>> event = new_event(name="Class 5", boards=2, lesson=5)
>>> game = PupilGame.start(game_setup(event, samples=2))
>>> row = pupil_row("Amy", game)
>>> row["board"], row["deal"], row["deals"], row["finished"]
(1, 1, 2, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from minibridge.cards import Side
from minibridge.classroom import GameSetup, PupilGame
from minibridge.duplicate import Event

__all__ = ["game_setup", "pupil_row", "pupils_traveller"]


def game_setup(event: Event, *, samples: int, auto_single: bool = False) -> GameSetup:
    """The setup of a pupil's game on the event's boards against the computer: the boards in order, once each,
    under the event's rules (:attr:`~minibridge.duplicate.Event.rules`: its lesson's, or the EBU's with slams
    when the event plays them), the rules its tables' results are scored by."""
    return GameSetup(
        lesson=event.lesson,
        rules="ebu",  # with a lesson, the lesson's rules: the same as the event's either way
        slam=event.slam,
        seed=event.seed,
        samples=samples,
        auto_single=auto_single,
        boards=event.written_boards(),
    )


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
            if score is not None:
                row["ns_score"] = score.for_side(Side.NORTH_SOUTH)
                row["ew_score"] = score.for_side(Side.EAST_WEST)
            rows.append(row)
            break
    return sorted(rows, key=lambda r: (-(r["ns_score"] or 0), -r["tricks_won"]["NS"], r["pupil"].casefold()))
