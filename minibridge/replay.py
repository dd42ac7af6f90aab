"""Recorded plays replayed under the rules: a file's games (the tricks, the irregularities, agreement with the
result, the score), and a board played up to any card (:func:`position`).

>>> from minibridge.pbn import loads
>>> deal = "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"
>>> text = f'[Deal "{deal}"]\\n[Declarer "S"]\\n[Contract "1NT"]\\n[Result "1"]\\n[Play "W"]\\nDA D2 S2 D9\\n*'
>>> game = replay_game(loads(text)[0], find_rules("ebu"))
>>> game.tricks_played, game.declarer_tricks, game.claimed, game.agrees
(1, 0, 1, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from minibridge.analysis import analyse_boards, double_dummy_card
from minibridge.announce import announce_under
from minibridge.board import Board, PlayRecord
from minibridge.cards import Card, Seat, Side
from minibridge.contract import Contract, pbn_strain
from minibridge.errors import MiniBridgeError, RuleError
from minibridge.language import gettext
from minibridge.pbn import LeftOut, game_numbers
from minibridge.pbn.auction import contract_of_auction, contract_written
from minibridge.play import Play
from minibridge.recorded import replay_record
from minibridge.rules import RuleSet, check_contract, check_deal, find_rules, trumps_held
from minibridge.scoring import Score, score
from minibridge.table import Game, why_not

__all__ = ["double_dummy_view", "ReplayedGame", "FileReplay", "replay_game", "replay_boards", "Position", "position"]


@dataclass(frozen=True, kw_only=True)
class ReplayedGame:
    """One game's recorded play replayed: who declared, the tricks, the file's result and whether they agree."""

    number: int
    """The game's place in its file, from 1."""
    board: Board
    play: Play
    declarer: Seat | None
    """None in a game without a contract (MiniLessons One and Two): the tricks are counted for each side."""
    declarer_tricks: int
    """Tricks taken in play by declarer's side (North–South without a declarer), after any revoke's transfer."""
    defender_tricks: int
    claimed: int | None
    """The remaining tricks declarer's side took by a claim, as the file's result says (None: no claim, or no
    result to tell); out of range when the result disagrees with the play."""
    agrees: bool | None
    """The play agrees with the file's result (None when the file gives none, or without a declarer)."""
    score: Score | None
    """The score, when the contract is a MiniBridge one and the tricks are known (those the players agreed, when
    the file's result says they agreed a number: ``agreed``)."""

    @property
    def agreed(self) -> bool:
        """The file's result is a number of tricks the players agreed, not the tricks won in play (PBN's ``^``)."""
        return self.board.result_by_agreement

    @property
    def contract_text(self) -> str | None:
        """The contract as the file writes it (``4SX``, ``3NT``), or as its auction gives it."""
        return contract_written(self.board)[0]

    @property
    def contract_from_auction(self) -> bool:
        """The file gives no Contract tag: the contract (and declarer, without a Declarer tag) were taken from its
        Auction section, as PBN 2.1 says."""
        return contract_written(self.board)[1]

    @property
    def tricks_played(self) -> int:
        """How many complete tricks the record holds."""
        return len(self.play.tricks)

    @property
    def complete(self) -> bool:
        """Every trick was played out (no claim)."""
        return self.tricks_played == self.play.total_tricks

    @property
    def side(self) -> Side:
        """The side whose tricks ``declarer_tricks`` counts."""
        return self.declarer.side if self.declarer is not None else Side.NORTH_SOUTH


@dataclass(frozen=True, kw_only=True)
class FileReplay:
    """Every game of a file with a deal and a play, replayed; and those that could not be, with the reason: in
    words (``skipped``, each with its place) and as the games left out (``left_out``, those the reader left out
    too)."""

    games: list[ReplayedGame]
    skipped: list[str]
    left_out: list[LeftOut] = dataclasses.field(default_factory=list)


def replay_game(board: Board, rules: RuleSet, *, number: int = 1, by_lesson: bool = False) -> ReplayedGame | None:
    """Replay one game (under a lesson's rules when ``by_lesson``); None when its contract cannot be read.

    Under a lesson's rules the deal, declarer and contract must be ones the lesson allows; otherwise any
    contract's strain is played, and a MiniBridge contract is scored under EBU rules with slams.
    """
    deal = board.deal
    if deal is None or board.play is None:
        raise MiniBridgeError(gettext("a replay needs the deal and its recorded play"))
    if by_lesson:
        check_deal(rules, deal)
    contract: Contract | None = None
    if by_lesson and not rules.has_contract:
        board = _without_contract(board)
    else:
        if board.strain is None and pbn_strain(contract_written(board)[0]) is None:
            return None
        contract = board.contract
        if by_lesson:
            _check_under_lesson(board, rules)
    play = replay_record(board)
    declarer = play.declarer
    side = declarer.side if declarer is not None else Side.NORTH_SOUTH
    taken = play.tricks_won(side)
    agrees = claimed = None
    tricks = taken
    complete = len(play.tricks) == play.total_tricks
    if board.result is not None and declarer is not None:
        agrees = play.agrees_with(board.result)
        if not complete:
            claimed = board.result - taken
        if agrees or board.result_by_agreement:
            tricks = board.result  # what the players agreed counts
    result = None
    scored = complete or agrees or board.result_by_agreement
    if contract is not None and declarer is not None and scored and rules.has_contract:
        try:
            points = deal.side_hcp(declarer.side)
            result = score(contract, tricks, rules if by_lesson else rules.with_slam(), points=points)
        except MiniBridgeError:
            result = None
    return ReplayedGame(
        number=number,
        board=board,
        play=play,
        declarer=declarer,
        declarer_tricks=taken,
        defender_tricks=play.tricks_won(side.other),
        claimed=claimed,
        agrees=agrees,
        score=result,
    )


def _without_contract(board: Board) -> Board:
    """The board as a game of MiniLessons One and Two: no declarer, no contract."""
    from dataclasses import replace

    tags = {k: v for k, v in board.tags.items() if k not in ("Contract", "Auction")}
    return replace(board, declarer=None, contract=None, tags=tags)


def _check_under_lesson(board: Board, rules: RuleSet) -> None:
    """Refuse a declarer or contract the lesson's rules do not allow."""
    assert board.deal is not None and board.play is not None
    if board.contract is None:
        raise RuleError(
            gettext("'%(contract)s' is not a MiniBridge contract (1NT, 4S, 5C …)")
            % {"contract": board.tags.get("Contract")}
        )
    declarer = board.declarer if board.declarer is not None else board.play.leader.rho
    announced = announce_under(rules, board.deal, board.dealer or Seat.NORTH)
    if declarer not in announced.may_declare:
        raise RuleError(
            gettext("the announcement makes %(declarer)s declarer, not %(given)s")
            % {"declarer": announced.declarer, "given": declarer}
        )
    held = trumps_held(board.deal, declarer, board.contract.strain)
    check_contract(board.contract, rules, points=board.deal.side_hcp(declarer.side), trumps_held=held)


def replay_boards(
    boards: Sequence[Board],
    *,
    rules: RuleSet | None = None,
    by_lesson: bool = False,
    board_number: int | None = None,
    source: str = "",
    left_out: Sequence[LeftOut] = (),
    partly: bool = False,
) -> FileReplay:
    """Replay every game of a file that has a deal and a play (only board ``board_number`` when given); a game
    with a play but not its whole deal, or no contract, is skipped, with the reason.

    ``left_out`` are the games of the file its reader left out (:func:`~minibridge.pbn.load_partly`): they keep
    their places, so that every game is numbered by its place in the file, and they are told among those left
    out. An error names the file, the board, the game and its line; replaying ``partly``, a game whose play
    cannot be replayed (a card its player does not hold, a deal the lesson refuses) is left out with the error
    instead, and the others are replayed.
    """
    rules = rules or find_rules("ebu")
    games, skipped = [], []
    missing = [game for game in left_out if board_number is None or game.board in (board_number, None)]
    for number, board in zip(game_numbers(len(boards), left_out), boards, strict=True):
        if board_number is not None and board.number != board_number:
            continue
        if board.play is None or (board.deal is None and not board.play.tricks):
            continue
        here = LeftOut(source=source, game=number, board=board.number, line=board.line, reason="")
        place = here.place
        if board.deal is None:
            known = (
                gettext("has a play but only part of its deal is known: not replayed")
                if board.partial_deal
                else gettext("has a play but it has no deal: not replayed")
            )
            skipped.append(f"{place}: {known}")
            missing.append(dataclasses.replace(here, reason=known))
            continue
        try:
            game = replay_game(board, rules, number=number, by_lesson=by_lesson)
        except MiniBridgeError as err:
            if not partly:
                raise err.at(place) from None
            reason = gettext("cannot be replayed: %(problem)s") % {"problem": err}
            skipped.append(f"{place}: {reason}")
            missing.append(dataclasses.replace(here, reason=reason))
            continue
        if game is None:
            reason = _no_contract(board)
            skipped.append(f"{place}: {reason}")
            missing.append(dataclasses.replace(here, reason=reason))
        else:
            games.append(game)
    missing.sort(key=lambda game: game.game)
    return FileReplay(games=games, skipped=skipped, left_out=missing)


def _no_contract(board: Board) -> str:
    """Why a game with a deal and a play is not replayed: it has no contract that can be read."""
    written = board.tags.get("Contract")
    if written:
        return gettext("has a play but its contract '%(contract)s' is not one I can read: not replayed") % {
            "contract": written
        }
    first = board.tags.get("Auction", "").strip()
    if first:
        taken = contract_of_auction(first, board.sections.get("Auction", []))
        if taken is None:
            return gettext(
                "has a play but no Contract tag, and its auction cannot be read (calls like 1C, 3NT, Pass, X, XX "
                "and AP): not replayed"
            )
        if taken.contract == "Pass":
            return gettext("has a play but its auction passed the board out: not replayed")
        if taken.contract is None:
            return gettext(
                "has a play but no Contract tag, and its auction does not end (three passes end it, or AP): "
                "not replayed"
            )
    return gettext(
        "has a play but it has no contract (for a game of MiniLesson One or Two, add --lesson 1): not replayed"
    )


# --- a board played up to any card -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Position:
    """A board played up to some card: the game at the table, and the recorded play when the cards so far follow
    it."""

    game: Game
    record: tuple[Card, ...]
    """The recorded play, card by card, while the cards played follow it (else empty)."""
    played: int
    """How many cards have been played."""

    @property
    def play(self) -> Play | None:
        """The play, once declarer and the contract are known (at once without contracts)."""
        return self.game.play

    def next_recorded(self) -> Card | None:
        """The recorded play's next card, when the cards so far follow the record and it goes on."""
        return self.record[self.played] if self.played < len(self.record) else None

    def next_card(self) -> Card:
        """The card played next: the recorded play's while it is followed, else the card a player who sees all
        four hands plays (the play goes on)."""
        assert self.play is not None and not self.play.finished
        return self.next_recorded() or double_dummy_card(self.play)

    @property
    def tricks_won(self) -> dict[Side, int]:
        """Tricks each side has won: as the tricks fell during the play; at the end, after any established
        revoke's trick has moved (Law 21)."""
        play = self.play
        if play is None:
            return dict.fromkeys(Side, 0)
        if play.finished:
            return {side: play.tricks_won(side) for side in Side}
        return {side: sum(1 for trick in play.tricks if trick.winner.side is side) for side in Side}


def position(
    board: Board,
    rules: RuleSet,
    *,
    declarer: str | None = None,
    contract: str | None = None,
    cards: Sequence[Card] = (),
) -> Position:
    """``board`` played under ``rules`` up to ``cards``: declarer and the contract as written (``S``, ``4S``),
    read when the game comes to them, else the board's own; a card, declarer or contract the rules refuse is
    refused, saying why.

    The board's recorded play is followed card by card as long as ``cards`` are the record's (its irregularities
    settled as the Laws say); from the first card that leaves it, every card must be a legal one.

    >>> from minibridge.lessons import find_lesson
    >>> lesson = find_lesson(5)
    >>> board = lesson.board(1)
    >>> at = position(board, lesson.rules, cards=board.play.order[:5])
    >>> at.played, at.next_recorded() == board.play.order[5], sum(at.tricks_won.values())
    (5, True, 1)
    """
    game = Game(rules, board)
    if game.stage == "declarer":
        seat = declarer or (board.declarer.letter if board.declarer is not None else None)
        if seat is not None:
            game.choose_declarer(Seat.from_str(seat))
    own = board.contract is not None and board.declarer == game.declarer
    if game.stage == "contract":
        chosen = Contract.from_str(contract) if contract else board.contract if own else None
        if chosen is not None:
            game.choose_contract(chosen)
    if game.play is None:
        if cards:
            raise MiniBridgeError(gettext("choose declarer and the contract before playing a card"))
        return Position(game=game, record=(), played=0)
    record = _record(board, game, own)
    followed = 0
    while followed < min(len(cards), len(record)) and cards[followed] == record[followed]:
        followed += 1
    if followed:
        game.play = _replayed(board, game, record, followed)
    for number, card in enumerate(cards[followed:], start=followed + 1):
        where = gettext("card %(number)s, %(card)s") % {"number": number, "card": card.shown}
        play = game.play
        assert play is not None
        seat = play.to_play
        if seat is not None and card not in play.legal_cards(seat):  # said as the pupils' pages say it
            raise MiniBridgeError(why_not(play, seat, card), where=where)
        try:
            game.play_card(card)
        except MiniBridgeError as error:
            raise error.at(where) from None
    return Position(game=game, record=record if followed == len(cards) else (), played=len(cards))


def _record(board: Board, game: Game, own: bool) -> tuple[Card, ...]:
    """The board's recorded play card by card, when the game is played as recorded (the same declarer and
    contract, or no contract at all)."""
    if board.play is None or board.play.order is None:
        return ()
    if game.contract is not None and not (own and game.contract == board.contract):
        return ()
    return board.play.order


def _replayed(board: Board, game: Game, record: tuple[Card, ...], count: int) -> Play:
    """The recorded play up to its card ``count``, the Laws applied to its irregularities; then strict again."""
    assert board.deal is not None and board.play is not None
    claim = board.play.claim if count == len(record) else None
    part = PlayRecord.from_order(record[:count], board.deal, claim=claim)
    play = replay_record(dataclasses.replace(board, declarer=game.declarer, contract=game.contract, play=part))
    play.strict = True
    return play


def double_dummy_view(board: Board, rules: RuleSet) -> dict[str, Any]:
    """A whole board worked out double dummy, as plain data: the tricks each seat takes as declarer in each strain
    (``table``), who declares (``declarer``) and the best contract the rules allow (``best``: ``contract``,
    ``tricks``, ``score``), short deals too."""
    analysis = analyse_boards([board], rules)[0]
    assert analysis.table is not None, "a whole deal has a double-dummy table"
    best = analysis.best
    return {
        "table": {seat.letter: {strain.letter: n for strain, n in row.items()} for seat, row in analysis.table.items()},
        "declarer": analysis.declarer.letter if analysis.declarer is not None else None,
        "best": None
        if best is None
        else {"contract": str(best.contract), "tricks": best.tricks, "score": best.result.as_data()},
    }
