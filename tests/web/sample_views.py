"""Pupils' VIEWs made by hand for the page tests and for looking at the pages: a real deal played to a moment
by the rules (the lowest legal card each time), then shown as the view of the issue's JSON API would."""

from __future__ import annotations

import copy
from typing import Any

from minibridge.cards import Seat, Side, Suit
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.play import Play

__all__ = ["SAMPLES", "sample"]

FULL = "N:A.Q8542.J82.KQ85 JT76.97.KT76.743 Q542.J3.A953.AJ9 K983.AKT6.Q4.T62"
SHORT = "N:.4.82.5 A.52.J. .Q8..Q8 J.9.6.K"
CONTRACTS = ["1N", "1S", "1H", "1D", "1C", "3N", "4S", "4H", "5D", "5C"]


def _play(deal: Deal, *, leader: Seat, trumps: Suit | None, cards: int) -> Play:
    """The deal played for ``cards`` cards, each seat playing its lowest legal card."""
    play = Play(deal, trumps=trumps, leader=leader)
    for _ in range(cards):
        play.play(min(play.legal_cards(), key=lambda c: (c.rank, c.suit)))
    return play


def _view(
    pbn: str,
    *,
    phase: str,
    declarer: str | None,
    contract: str | None,
    trumps: Suit | None = None,
    played: int = 0,
    shown: tuple[str, ...] = ("S",),
    pupil_seats: tuple[str, ...] = ("S",),
    **extra: Any,
) -> dict[str, Any]:
    deal = Deal.from_pbn(pbn)
    leader = Seat.from_str(declarer).lho if declarer else Seat.EAST
    play = _play(deal, leader=leader, trumps=trumps, cards=played)
    over = phase in ("deal_over", "game_over")
    hands = {seat.letter: [str(c) for c in (deal[seat] if over else play.hand(seat))] for seat in Seat}
    current = play.current_trick
    to_play = play.to_play if phase == "play" else None
    view: dict[str, Any] = {
        "id": "g-5p1Yv3kQ",
        "deal": 2,
        "board": 2,
        "dealer": "E",
        "phase": phase,
        "hcp": {seat.letter: deal.hcp(seat) for seat in Seat},
        "declarer": declarer,
        "dummy": Seat.from_str(declarer).partner.letter if declarer and contract else None,
        "contract": contract,
        "goal": None,
        "contracts": [],
        "hands": {seat: cards for seat, cards in hands.items() if over or seat in shown},
        "trick": [{"seat": s.letter, "card": str(current[s])} for s in play.leader.clockwise() if s in current],
        "tricks": [
            {"leader": t.leader.letter, "cards": {s.letter: str(t.cards[s]) for s in Seat}, "winner": t.winner.letter}
            for t in play.tricks
        ],
        "tricks_won": {"NS": play.tricks_won(Side.NORTH_SOUTH), "EW": play.tricks_won(Side.EAST_WEST)},
        "to_play": to_play.letter if to_play is not None else None,
        "legal": [str(c) for c in play.legal_cards()] if to_play is not None and to_play.letter in pupil_seats else [],
        "result": None,
        "totals": {"NS": 420, "EW": 50},
        "pupil_seats": list(pupil_seats),
        "message": None,
        "rules": "MiniLesson Five",
        "lesson": 5,
        "teachers_boards": False,
        "computer_next": False,
        "best": None,
        "signals": [],
        "again": False,
        "auto_single": False,
    }
    view.update(extra)
    return view


SAMPLES: dict[str, dict[str, Any]] = {
    "contract": _view(
        FULL,
        phase="contract",
        declarer="N",
        contract=None,
        shown=("S", "N"),
        contracts=CONTRACTS,
        contract_choices=[
            {"contract": text, "goal": Contract.from_str(text).goal(), "allowed": True, "reason": None}
            for text in CONTRACTS
        ],
        pupil_seats=("S",),
    ),
    "defending": _view(
        FULL, phase="play", declarer="E", contract="4S", trumps=Suit.SPADES, played=6, shown=("S", "W"), goal=10
    ),
    "dummy": _view(
        FULL,
        phase="play",
        declarer="S",
        contract="3N",
        played=6,
        shown=("S", "N"),
        pupil_seats=("S", "N"),
        goal=9,
    ),
    "refused": _view(
        FULL,
        phase="play",
        declarer="E",
        contract="4S",
        trumps=Suit.SPADES,
        played=9,
        shown=("S", "W"),
        goal=10,
        message="you must follow suit: clubs were led and you hold a club",
    ),
    "deal_over": _view(
        FULL,
        phase="deal_over",
        declarer="N",
        contract="4H",
        trumps=Suit.HEARTS,
        played=52,
        goal=10,
        result={
            "declarer_tricks": 8,
            "score": {
                "rules": "lesson-5",
                "contract": "4H",
                "tricks": 8,
                "goal": 10,
                "made": False,
                "declarers_score": 0,
                "defenders_score": 100,
            },
        },
    ),
    "lesson_one": _view(SHORT, phase="play", declarer=None, contract=None, played=7, rules="MiniLesson One", lesson=1),
    "lesson_one_over": _view(
        SHORT,
        phase="game_over",
        declarer=None,
        contract=None,
        played=16,
        rules="MiniLesson One",
        lesson=1,
        result={"declarer_tricks": None, "score": None},
    ),
}


def sample(name: str) -> dict[str, Any]:
    """A copy of a sample view, to change at will."""
    return copy.deepcopy(SAMPLES[name])
