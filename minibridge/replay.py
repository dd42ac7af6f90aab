"""A file's recorded plays replayed under the rules: the tricks, the irregularities, agreement with the result, the
score.

>>> from minibridge.pbn import loads
>>> deal = "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"
>>> text = f'[Deal "{deal}"]\\n[Declarer "S"]\\n[Contract "1NT"]\\n[Result "1"]\\n[Play "W"]\\nDA D2 S2 D9\\n*'
>>> game = replay_game(loads(text)[0], find_rules("ebu"))
>>> game.tricks_played, game.declarer_tricks, game.claimed, game.agrees
(1, 0, 1, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from minibridge.announce import announce_under
from minibridge.board import Board
from minibridge.cards import Seat, Side
from minibridge.contract import Contract
from minibridge.errors import MiniBridgeError, RuleError
from minibridge.language import gettext
from minibridge.play import Play
from minibridge.recorded import replay_record
from minibridge.rules import RuleSet, check_contract, check_deal, find_rules, trumps_held
from minibridge.scoring import Score, score

__all__ = ["ReplayedGame", "FileReplay", "replay_game", "replay_boards"]


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
        """The contract as the file writes it (``4SX``, ``3NT``)."""
        if self.board.tags.get("Contract"):
            return self.board.tags["Contract"]
        return str(self.board.contract) if self.board.contract is not None else None

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
    """Every game of a file with a deal and a play, replayed; and those that could not be, with the reason."""

    games: list[ReplayedGame]
    skipped: list[str]


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
        if board.strain is None:
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

    return replace(board, declarer=None, contract=None, tags={k: v for k, v in board.tags.items() if k != "Contract"})


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
) -> FileReplay:
    """Replay every game of a file that has a deal and a play (only board ``board_number`` when given); a game
    with a play but not its whole deal is skipped, with the reason.

    An error names the file, the board, the game and its line.
    """
    rules = rules or find_rules("ebu")
    games, skipped = [], []
    for number, board in enumerate(boards, start=1):
        if board_number is not None and board.number != board_number:
            continue
        if board.play is None or (board.deal is None and not board.play.tricks):
            continue
        place = gettext("%(file)s, board %(board)s (game %(game)s, line %(line)s)") % {
            "file": source,
            "board": board.number if board.number is not None else "?",
            "game": number,
            "line": board.line,
        }
        if board.deal is None:
            known = (
                gettext("has a play but only part of its deal is known: not replayed")
                if board.partial_deal
                else gettext("has a play but it has no deal: not replayed")
            )
            skipped.append(f"{place}: {known}")
            continue
        try:
            game = replay_game(board, rules, number=number, by_lesson=by_lesson)
        except MiniBridgeError as err:
            raise err.at(place) from None
        if game is None:
            written = board.tags.get("Contract")
            reason = (
                gettext("has a play but its contract '%(contract)s' is not one I can read: not replayed")
                % {"contract": written}
                if written
                else gettext(
                    "has a play but it has no contract (for a game of MiniLesson One or Two, add --lesson 1): "
                    "not replayed"
                )
            )
            skipped.append(f"{place}: {reason}")
        else:
            games.append(game)
    return FileReplay(games=games, skipped=skipped)
