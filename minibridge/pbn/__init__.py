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
from pathlib import Path

from minibridge.board import Board
from minibridge.deal import Deal
from minibridge.errors import PBNError
from minibridge.language import file_place, gettext
from minibridge.pbn.boards import board_of, resolve
from minibridge.pbn.general import games
from minibridge.pbn.plain import plain_games as _plain_games
from minibridge.pbn.writing import dump, dumps

__all__ = ["load", "loads", "dump", "dumps"]

MAX_PBN_BYTES = 16 * 1024 * 1024
"""The largest PBN file read (a club's year of results is some 2 MB)."""
MAX_TAG_VALUE = 4096
"""The longest tag value read (a deal is 67 characters)."""
_LONG_VALUE = re.compile('"[^"\\r\\n]{' + str(MAX_TAG_VALUE) + "}")
_PBN_HEADER = re.compile(r"\s*%\s*PBN\b", re.IGNORECASE)


def loads(text: str, *, source: str = "<text>") -> list[Board]:
    """Every game of a PBN text, in file order."""
    text = text.lstrip("\ufeff")
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
    plain = _plain_games(text)
    if plain is not None:
        try:
            deals: dict[str, Deal | None] = {}
            return [board_of(game, source, deals) for game in (resolve(plain) if "#" in text else plain)]
        except PBNError:
            pass  # the general reader says what is wrong, and where
    deals = {}
    return [board_of(game, source, deals) for game in resolve(games(text, source))]


def load(path: str | Path) -> list[Board]:
    """Every game of a PBN file (UTF-8 or Latin-1), in file order; none for a file that holds only its ``% PBN``
    header."""
    path = Path(path)
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
    boards = loads(text, source=str(path))
    if not boards and not _PBN_HEADER.match(text.lstrip("\ufeff")):
        raise PBNError(
            gettext('this is not a PBN file: it has no tags like [Board "1"] or [Deal "N:…"]'), where=str(path)
        )
    return boards
