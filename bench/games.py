"""Random complete games as PBN texts, the material of the benches that read PBN (``pbn.py``, ``replay.py``)."""

from __future__ import annotations

import random

from minibridge.board import Board, PlayRecord
from minibridge.cards import Seat, Strain
from minibridge.contract import Contract
from minibridge.deal import Deal
from minibridge.pbn import dumps
from minibridge.play import Play

TAGS = {"Event": "Club night", "Site": "School hall", "Date": "2024.03.14", "Scoring": "MP"}
"""The tags of a club's file besides a board's own."""


def random_games(count: int, seed: int) -> list[str]:
    """The PBN texts of ``count`` random complete games, one game each: the tags, a deal, a part-score in a
    random strain, declarer, a random legal play of thirteen tricks and the result."""
    rng = random.Random(seed)
    texts = []
    for number in range(1, count + 1):
        deal = Deal.random(rng)
        contract = Contract(1, rng.choice(list(Strain)))
        declarer = Seat(rng.randrange(4))
        play = Play(deal, trumps=contract.strain.trumps, declarer=declarer)
        while not play.finished:
            play.play(rng.choice(play.legal_cards()))
        board = Board(
            number=number,
            deal=deal,
            declarer=declarer,
            contract=contract,
            play=PlayRecord(leader=declarer.lho, tricks=tuple(trick.cards for trick in play.tricks)),
            result=play.declarer_tricks,
            tags=dict(TAGS),
        )
        texts.append(dumps([board]))
    return texts
