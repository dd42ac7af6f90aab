"""PBN files (Portable Bridge Notation): boards with their deal, contract, result and recorded play.

``load``/``loads`` read every game of a file, ``dump``/``dumps`` write boards back, like the ``json`` module.
Reading copes with what real files do: ``%`` lines, ``;`` and ``{…}`` comments, tag inheritance with ``#`` and
``##``, CRLF line ends, Latin-1 or UTF-8, voids, partial deals with ``-`` or ``...`` hands, play records cut short
by a claim (``*``) and padded with ``-``, tricks written in the order their cards fell, notes and NAGs in the
play, the irregularity marks ``^R`` (a revoke) and ``^L`` (a lead out of turn), every form of the Result tag
(``9``, ``NS 9``, ``EW 4``, ``NS 9 EW 4``, and ``^9`` for a number of tricks the players agreed), passed-out
boards, and a file that holds only its ``% PBN`` header.

A plain text, which is what most files are, is split into its games at once (:mod:`~minibridge.pbn.plain`); any
other text, and a plain one with something wrong, is read token by token (:mod:`~minibridge.pbn.general`), which
says what is wrong and where. Either way each game's tags become a board (:mod:`~minibridge.pbn.boards`, its
Play section :mod:`~minibridge.pbn.plays`); :mod:`~minibridge.pbn.writing` writes boards back.

>>> deal = "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"
>>> board = loads(f'[Board "1"]\\n[Dealer "N"]\\n[Deal "{deal}"]')[0]
>>> board.number, board.dealer.letter, board.deal.hands[0].hcp
(1, 'N', 10)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from minibridge.board import Board
from minibridge.deal import Deal
from minibridge.errors import PBNError
from minibridge.language import file_place, gettext
from minibridge.pbn.boards import board_of, resolve
from minibridge.pbn.general import Game, games
from minibridge.pbn.plain import plain_games as _plain_games
from minibridge.pbn.writing import dump, dumps
from minibridge.reading import digits

__all__ = ["load", "loads", "load_partly", "loads_partly", "LeftOut", "game_numbers", "dump", "dumps"]

MAX_PBN_BYTES = 16 * 1024 * 1024
"""The largest PBN file read (a club's year of results is some 2 MB)."""
MAX_TAG_VALUE = 4096
"""The longest tag value read (a deal is 67 characters)."""
_LONG_VALUE = re.compile('"[^"\\r\\n]{' + str(MAX_TAG_VALUE) + "}")
_PBN_HEADER = re.compile(r"\s*%\s*PBN\b", re.IGNORECASE)


@dataclass(frozen=True, kw_only=True)
class LeftOut:
    """A game of a file left out, and why: its place in the file (from 1), its board number, the line where it
    starts, the reason (in the language in use) and where exactly the problem stands."""

    source: str
    game: int
    board: int | None
    line: int
    reason: str
    where: str = ""
    """The place of the problem as the reason's error gives it (the file, the line, the board)."""

    @property
    def place(self) -> str:
        """The game's place: the file, the board, the game and its line (in the language in use)."""
        return gettext("%(file)s, board %(board)s (game %(game)s, line %(line)s)") % {
            "file": self.source,
            "board": self.board if self.board is not None else "?",
            "game": self.game,
            "line": self.line,
        }

    @property
    def said(self) -> str:
        """The game left out and why, in one line."""
        return f"{self.place}: {self.reason}"

    def json(self) -> dict[str, object]:
        """The ``--json`` object of a game left out."""
        where = self.where or file_place(self.source, line=self.line, board=self.board)
        return {"game": self.game, "board": self.board, "line": self.line, "reason": self.reason, "where": where}

    @classmethod
    def of(cls, game: Game, number: int, source: str, error: PBNError) -> LeftOut:
        """The game ``number`` of a file, which ``error`` keeps out."""
        board = game.tags.get("Board", "").strip()
        where = error.where or ""
        if where.startswith(source + ", "):
            where = where[len(source) + 2 :]
        problem = {"where": where, "problem": error.message}
        reason = (
            gettext("cannot be read (%(where)s): %(problem)s; left out") % problem
            if where and where != source
            else gettext("cannot be read: %(problem)s; left out") % problem
        )
        return cls(
            source=source,
            game=number,
            board=digits(board),
            line=game.line,
            reason=reason,
            where=error.where or "",
        )


def game_numbers(count: int, left_out: Sequence[LeftOut]) -> list[int]:
    """The places in their file (from 1) of ``count`` games read, when the games ``left_out`` were left out.

    >>> game_numbers(3, [LeftOut(source="f.pbn", game=2, board=2, line=7, reason="")])
    [1, 3, 4]
    """
    if not left_out:
        return list(range(1, count + 1))
    out = {game.game for game in left_out}
    return [number for number in range(1, count + len(out) + 1) if number not in out][:count]


def _checked(text: str, source: str) -> str:
    """The text, refused when it is too large to be a PBN file or holds a tag value too long for one."""
    if len(text) > MAX_PBN_BYTES:
        raise PBNError(
            gettext("is larger than %(size)s MB: too large for a PBN file") % {"size": MAX_PBN_BYTES // (1024 * 1024)},
            where=source,
        )
    long = _LONG_VALUE.search(text) if len(text) > MAX_TAG_VALUE else None
    if long is not None:
        line = text.count("\n", 0, long.start()) + 1
        raise PBNError(
            gettext("a tag value is longer than %(most)s characters: this is not a PBN file") % {"most": MAX_TAG_VALUE},
            where=file_place(source, line=line),
        )
    return text


def loads(text: str, *, source: str = "<text>") -> list[Board]:
    """Every game of a PBN text, in file order; a game that cannot be read refuses the text, saying where."""
    text = _checked(text.lstrip("\ufeff"), source)
    plain = _plain_games(text)
    if plain is not None:
        try:
            deals: dict[str, Deal | None] = {}
            return [board_of(game, source, deals) for game in (resolve(plain) if "#" in text else plain)]
        except PBNError:
            pass  # the general reader says what is wrong, and where
    deals = {}
    return [board_of(game, source, deals) for game in resolve(games(text, source))]


def loads_partly(text: str, *, source: str = "<text>") -> tuple[list[Board], list[LeftOut]]:
    """Every game of a PBN text that can be read, in file order, and the games left out because they cannot be,
    each with its place and the reason: one bad game does not keep the others out. A text of which no game can be
    read is refused, with the first reason."""
    text = _checked(text.lstrip("\ufeff"), source)
    deals: dict[str, Deal | None] = {}
    plain = _plain_games(text)
    if plain is not None:
        try:
            return [board_of(game, source, deals) for game in (resolve(plain) if "#" in text else plain)], []
        except PBNError:
            deals = {}  # the general reader says what is wrong, and where
    boards: list[Board] = []
    left_out: list[LeftOut] = []
    for number, game in enumerate(resolve(games(text, source, partly=True)), start=1):
        error = game.error
        if error is None:
            try:
                boards.append(board_of(game, source, deals))
                continue
            except PBNError as err:
                error = err
        left_out.append(LeftOut.of(game, number, source, error))
    if left_out and not boards:
        loads(text, source=source)  # no game can be read: refused as a whole, with the first reason and its place
    return boards, left_out


def load(path: str | Path) -> list[Board]:
    """Every game of a PBN file (UTF-8 or Latin-1), in file order; none for a file that holds only its ``% PBN``
    header. A game that cannot be read refuses the file, saying where (:func:`load_partly` reads the others)."""
    path = Path(path)
    text = _file_text(path)
    boards = loads(text, source=str(path))
    _refuse_no_pbn(boards, text, path)
    return boards


def load_partly(path: str | Path) -> tuple[list[Board], list[LeftOut]]:
    """Every game of a PBN file that can be read, and the games left out, each with its place and the reason
    (:func:`loads_partly`); no games for a file that holds only its ``% PBN`` header, or only comments."""
    path = Path(path)
    text = _file_text(path)
    boards, left_out = loads_partly(text, source=str(path))
    _refuse_no_pbn(boards, text, path)
    return boards, left_out


def _refuse_no_pbn(boards: list[Board], text: str, path: Path) -> None:
    """Refuse a file without games that is not a PBN file either: an empty file, or one with its ``% PBN`` header
    (and only comments), is a PBN file without games."""
    text = text.lstrip("\ufeff")
    if not boards and text.strip() and not _PBN_HEADER.match(text):
        raise PBNError(
            gettext('this is not a PBN file: it has no tags like [Board "1"] or [Deal "N:…"]'), where=str(path)
        )


def _file_text(path: Path) -> str:
    """The text of a PBN file (UTF-8 or Latin-1), refused when it cannot be read or is not text."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_PBN_BYTES + 1)
    except FileNotFoundError:
        raise PBNError(gettext("there is no such file; check the name and the folder"), where=str(path)) from None
    except IsADirectoryError:
        raise PBNError(gettext("this is a folder, not a PBN file"), where=str(path)) from None
    except OSError as err:
        raise PBNError(
            gettext("the file cannot be read (%(reason)s)") % {"reason": err.strerror}, where=str(path)
        ) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    if "\x00" in text:
        raise PBNError(gettext("this is not a PBN file (it is not text)"), where=str(path))
    return text
