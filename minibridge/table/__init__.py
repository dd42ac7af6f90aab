"""The table: one deal as the rules play it (:class:`Game`), a session of deals (:class:`Session`), who sits where
(:class:`Seating`), and the one game driver that every front end runs on (:class:`Table`).

- :mod:`.game`: one deal, announce → declarer and dummy → contract → play → score, and why a card is refused;
- :mod:`.session`: the totals of a session, the dealer passing round, the draw for the first dealer;
- :mod:`.seats`: who takes each decision and whose cards each person may see;
- :mod:`.driver`: the table of people and computer players, taking one decision at a time;
- :mod:`.story`: what happens at the table told in words (the three-handed announcement).
"""

from __future__ import annotations

from minibridge.table.driver import (
    ComputerPlayer,
    DealRecord,
    Decision,
    Phase,
    Player,
    Practice,
    Table,
    best_contract_of,
    check_practice,
    decide,
    play_by_computers,
    play_out,
    take,
    take_back,
    turned_for_practice,
)
from minibridge.table.game import Game, Stage, why_not
from minibridge.table.seats import YOU, Seating
from minibridge.table.session import THREE_SEATS, DealerDraw, Session, draw_for_dealer, seating

__all__ = [
    "Stage",
    "Game",
    "why_not",
    "Session",
    "THREE_SEATS",
    "seating",
    "DealerDraw",
    "draw_for_dealer",
    "YOU",
    "Seating",
    "Phase",
    "Player",
    "ComputerPlayer",
    "Decision",
    "DealRecord",
    "Table",
    "decide",
    "take",
    "take_back",
    "play_out",
    "play_by_computers",
    "best_contract_of",
    "Practice",
    "check_practice",
    "turned_for_practice",
]
