"""The ``--json`` object of a deal of ``minibridge play --auto``."""

from __future__ import annotations

from typing import Any

from minibridge.cards import Side
from minibridge.cli.announce import three_handed_json
from minibridge.table import Game, Session, seating

__all__ = ["game_json"]


def game_json(game: Game, *, three: bool) -> dict[str, Any]:
    """The ``--json`` object of one deal of ``minibridge play --auto``. With three players also ``three_handed``,
    the announcement as ``announce --three-handed --json`` gives it with the deal as dealt (``dealt``), and
    ``players``: for each player by number (1 deals from South, 2 from West, 3 from East) the seat they were dealt
    at, the seat they played and their score."""
    assert game.play is not None
    result = game.result
    record = game.play.record()
    data: dict[str, Any] = {
        "board": game.board.number,
        "deal": game.deal.to_pbn(),
        "dealer": game.dealer.letter,
        "declarer": game.declarer.letter if game.contract is not None and game.declarer is not None else None,
        "contract": str(game.contract) if game.contract is not None else None,
        "play": [str(card) for card in record.order or ()],
        "declarer_tricks": game.play.declarer_tricks if game.contract is not None else None,
        "declarers_score": result.declarers_score if result is not None else None,
        "defenders_score": result.defenders_score if result is not None else None,
        "tricks": {str(side): game.play.tricks_won(side) for side in Side},
    }
    if three and game.three is not None and game.board.deal is not None:
        data["three_handed"] = three_handed_json(game.three) | {"dealt": game.board.deal.to_pbn(game.dealer)}
        scores = Session.player_scores(game)
        data["players"] = {
            str(number): {"dealt_at": seat.letter, "plays": game.players[seat].letter, "score": scores[number - 1]}
            for number, seat in enumerate(seating(game.dealer), start=1)
        }
    return data
