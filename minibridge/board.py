"""Board: one deal as a teacher knows it, and the one record that PBN files, dealing, lessons and games share.

A board has its number, its dealer (from the number unless given), the deal, and, once played, declarer,
the contract, the recorded play and the result. PBN files keep every tag as written besides.

>>> deal = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")
>>> board = Board(number=2, deal=deal)
>>> board.dealer, board.declaring_points
(<Seat.EAST: 1>, 20)
>>> record = PlayRecord.from_order([Card.from_str(c) for c in "SA S2 H2 S9".split()], deal)
>>> record.leader, record.tricks[0][Seat.WEST]
(<Seat.NORTH: 0>, Card.from_str('S9'))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from minibridge.cards import Card, Seat, Side, Strain
from minibridge.contract import Contract, pbn_strain
from minibridge.deal import Deal, Hand
from minibridge.errors import IllegalPlayError
from minibridge.language import gettext

__all__ = ["Board", "PlayRecord", "CardRow", "complete_boards"]

CardRow = tuple[Card | None, Card | None, Card | None, Card | None]
"""One trick's cards indexed by seat (``row[Seat.NORTH]``); None for a card not recorded."""


@dataclass(frozen=True, kw_only=True)
class PlayRecord:
    """A recorded play: who led to the first trick, each trick's cards by seat, and what else is known.

    ``order`` is the cards in the order they fell when the record knows it (a lesson's play, a game played
    here), which settles every irregularity; a PBN file knows only the tricks by seat, and what its marks
    and the way its tricks are written tell (``leads``, ``revokes``, ``led_out_of_turn``). ``claim`` is the
    number of the remaining tricks declarer claimed when the play stops short.
    """

    leader: Seat
    tricks: tuple[CardRow, ...] = ()
    order: tuple[Card, ...] | None = field(default=None, compare=False)
    claim: int | None = None
    leads: tuple[Seat | None, ...] = field(default=(), compare=False)
    """Who led each trick, where the record tells (a card marked as led out of turn, a trick written in the
    order its cards fell); None, or no entry, where only the rules tell."""
    revokes: frozenset[Card] = field(default=frozenset(), compare=False)
    """The cards played as revokes that stood (PBN's ``^R``)."""
    led_out_of_turn: frozenset[Card] = field(default=frozenset(), compare=False)
    """The cards led out of turn whose lead was accepted (PBN's ``^L``)."""

    @classmethod
    def from_order(cls, cards: Iterable[Card], deal: Deal, *, claim: int | None = None) -> PlayRecord:
        """The record of cards in the order they fell, four to a trick, each played by whoever was dealt it."""
        order = tuple(cards)
        holders = deal.holders()
        rows: list[CardRow] = []
        for start in range(0, len(order), 4):
            row: list[Card | None] = [None, None, None, None]
            for number, card in enumerate(order[start : start + 4], start=start + 1):
                seat = holders.get(card)
                if seat is None:
                    raise IllegalPlayError(
                        gettext("card %(number)s of the play, %(card)s, is not in this deal")
                        % {"number": number, "card": card}
                    )
                row[seat] = card
            rows.append((row[0], row[1], row[2], row[3]))
        if not order:
            raise IllegalPlayError(gettext("a recorded play needs at least its opening lead"))
        leads = tuple(holders[order[start]] for start in range(0, len(order), 4))
        return cls(leader=leads[0], tricks=tuple(rows), order=order, claim=claim, leads=leads)

    def marked(self, *, revokes: Iterable[Card] = (), led_out_of_turn: Iterable[Card] = ()) -> PlayRecord:
        """The same record with these cards marked as revokes and as leads out of turn."""
        return dataclasses.replace(self, revokes=frozenset(revokes), led_out_of_turn=frozenset(led_out_of_turn))

    @classmethod
    def of_tricks(cls, leader: Seat, tricks: tuple[CardRow, ...]) -> PlayRecord:
        """``PlayRecord(leader=leader, tricks=tricks)``, made quickly: the other fields keep their defaults."""
        record = object.__new__(cls)
        object.__setattr__(record, "leader", leader)
        object.__setattr__(record, "tricks", tricks)
        return record

    @property
    def complete_tricks(self) -> int:
        """How many tricks of four cards the record holds."""
        return sum(1 for row in self.tricks if None not in row)


@dataclass(kw_only=True)
class Board:
    """One board: number, dealer, deal; once played, declarer, contract, the recorded play and the result.

    ``tags`` keep a PBN file's tags as written (inheritance resolved), ``sections`` the lines after a tag
    other than Play, and ``read_as`` the fields as they were read, so that a board read and written back
    unchanged is written as it was.
    """

    number: int | None = None
    dealer: Seat | None = None
    """As given; a board with a number and no dealer takes the dealer of its number (1 N, 2 E, 3 S, 4 W …)."""
    deal: Deal | None = None
    """None when a file has no deal, or only part of one."""
    declarer: Seat | None = None
    contract: Contract | None = None
    """The MiniBridge contract; a PBN file's contract as written (``3NTX``, ``Pass``) is in ``tags``."""
    play: PlayRecord | None = None
    result: int | None = None
    """Tricks taken by declarer's side (by North–South in a game without a declarer)."""
    result_by_agreement: bool = False
    """The result is a number of tricks the players agreed, not the number they won in play (PBN's ``^``)."""
    partial_deal: dict[Seat, Hand] = field(default_factory=dict)
    """The hands known of a deal known only in part (the others unknown); empty when ``deal`` holds all four."""
    note: str = ""
    """What the board shows, in a teacher's words (a lesson's deals)."""
    generated: bool = False
    """Dealt at random to suit a lesson, not written in its lesson file."""
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    line: int = 0
    """The line of a PBN game's first tag."""
    source: str = ""
    read_as: dict[str, object] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.dealer is None and self.number is not None and self.number > 0:
            self.dealer = Seat.dealer_of_board(self.number)

    @classmethod
    def read(cls, fields: dict[str, object]) -> Board:
        """``Board(**fields)`` of a board read from a file, made quickly: ``fields`` are all the board's fields but
        ``note`` and ``generated`` (a file's board has no note and is not generated), taken as they are."""
        board = object.__new__(cls)
        fields["note"] = ""
        fields["generated"] = False
        board.__dict__ = fields
        if fields["dealer"] is None:
            board.__post_init__()
        return board

    @property
    def strain(self) -> Strain | None:
        """The strain played in: the contract's, or a PBN contract's that is no MiniBridge contract (``2S``)."""
        if self.contract is not None:
            return self.contract.strain
        return pbn_strain(self.tags.get("Contract"))

    @property
    def known_hands(self) -> dict[Seat, Hand]:
        """The hands known: all four of a deal, those given of a deal known only in part, or none."""
        if self.deal is not None:
            return {seat: self.deal[seat] for seat in Seat}
        return dict(self.partial_deal)

    @property
    def dummy(self) -> Seat | None:
        """Declarer's partner (None without a declarer)."""
        return self.declarer.partner if self.declarer is not None else None

    @property
    def declaring_points(self) -> int:
        """The combined points of the side with more (20 on a redeal)."""
        if self.deal is None:
            raise IllegalPlayError(gettext("this board has no deal"))
        return max(self.deal.side_hcp(side) for side in Side)


def complete_boards(boards: Iterable[Board], *, short: bool = False) -> tuple[list[Board], list[Board]]:
    """The boards with a complete deal, each board once, and the boards left out.

    With ``short`` a deal of fewer than 13 cards each counts as complete (MiniLessons One and Two). A board
    without a number takes its place in the file, and then the dealer of that number. The same board played at
    several tables (same number, same deal) is kept once.
    """
    kept: list[Board] = []
    seen: set[tuple[int, Deal]] = set()
    skipped = []
    for place, board in enumerate(boards, start=1):
        if board.deal is None or (board.deal.cards_per_hand != 13 and not short):
            skipped.append(board)
            continue
        number = board.number if board.number is not None else place
        if (number, board.deal) in seen:
            continue
        seen.add((number, board.deal))
        dealer = board.dealer if board.dealer is not None else Seat.dealer_of_board(number)
        kept.append(dataclasses.replace(board, number=number, dealer=dealer))
    return kept, skipped
