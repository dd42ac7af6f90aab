"""The errors the library raises: each says what is wrong, where, and what would be right."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from types import ModuleType

__all__ = [
    "MiniBridgeError",
    "NotationError",
    "DealError",
    "ContractError",
    "RuleError",
    "IllegalPlayError",
    "PBNError",
    "LessonError",
    "LeagueError",
    "ResultsError",
    "TemplateError",
    "AlreadyExistsError",
    "at_line",
    "at_board",
    "file_place",
    "problems_message",
    "raise_problems",
]


class MiniBridgeError(Exception):
    """Bad input from a user: the message is a plain sentence for a teacher or pupil.

    ``where`` names the place (a file, a line, a board) and is put in front of the message.
    """

    def __init__(self, message: str, *, where: str | None = None) -> None:
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)

    def at(self, where: str) -> MiniBridgeError:
        """The same error with ``where`` put in front of any place it already names."""
        place = f"{where}, {self.where}" if self.where else where
        error = copy.copy(self)
        error.where = place
        error.args = (f"{place}: {self.message}",)
        return error


class NotationError(MiniBridgeError):
    """A card, suit, seat, hand or deal written in a form we cannot read."""


class DealError(MiniBridgeError):
    """A deal that cannot be: a card twice, hands of different sizes, a missing card."""


class ContractError(MiniBridgeError):
    """A contract that cannot be read, or that the rules in force do not allow."""


class RuleError(MiniBridgeError):
    """Something the rules in force do not allow (a lesson's switch, a Dutch restriction)."""


class IllegalPlayError(MiniBridgeError):
    """A card that cannot be played: not in that hand, or not that player's turn."""


class PBNError(MiniBridgeError):
    """A PBN file that cannot be read."""


class LessonError(MiniBridgeError):
    """A lesson file that cannot be read or does not validate."""


class LeagueError(MiniBridgeError):
    """A league file that cannot be read or checked, or a result that does not fit the league."""


class ResultsError(MiniBridgeError):
    """A duplicate results file that cannot be read or scored."""


class TemplateError(MiniBridgeError):
    """A template (of a teacher's own folder) that cannot be read or rendered."""


class AlreadyExistsError(MiniBridgeError):
    """A file would be replaced that the user did not ask to replace."""

    def __init__(self, path: object) -> None:
        words = _language()
        super().__init__(
            words.gettext("'%(path)s' already exists: choose another name, or use --force to replace it")
            % {"path": path}
        )


def _language() -> ModuleType:
    """The language of the run (:mod:`minibridge.language`), which is looked up when a message is made: it
    imports this module for its own error."""
    from minibridge import language

    return language


def at_line(line: int) -> str:
    """``line 12``: a line of a file, in the language in use (Dutch ``regel 12``, Danish ``linje 12``)."""
    return _language().gettext("line %(line)s") % {"line": line}


def at_board(board: object) -> str:
    """``board 3``: a board of a file, in the language in use (Dutch ``spel 3``, Danish ``spil 3``)."""
    return _language().gettext("board %(board)s") % {"board": board}


def file_place(source: object, *, line: int | None = None, board: object = None) -> str:
    """A place in a file in the language in use: the file, then its line and board when they are known.

    >>> file_place("club.pbn", line=12, board=3)
    'club.pbn, line 12, board 3'
    """
    parts = [str(source)]
    parts += [at_line(line)] if line else []
    parts += [at_board(board)] if board is not None else []
    return ", ".join(parts)


MOST_PROBLEMS_SHOWN = 10
"""A longer list of problems is cut short, saying how many more there are."""


def problems_message(problems: Sequence[str], *, most: int | None = None) -> str:
    """Every problem in one message: the problem itself when there is one, else "N problems to fix:" and a list
    (in the language in use).

    >>> print(problems_message(["line 2: no board", "line 5: no contract"]))
    2 problems to fix:
      line 2: no board
      line 5: no contract
    """
    if len(problems) == 1:
        return problems[0]
    words = _language()
    shown = list(problems)
    if most is not None and len(shown) > most:
        more = len(problems) - most
        shown = [*shown[:most], words.ngettext("… and %(count)s more", "… and %(count)s more", more) % {"count": more}]
    count = len(problems)
    heading = words.ngettext("%(count)s problem to fix:", "%(count)s problems to fix:", count) % {"count": count}
    return heading + "\n" + "\n".join(f"  {p}" for p in shown)


def raise_problems(error: type[MiniBridgeError], problems: Sequence[str], *, most: int | None = None) -> None:
    """Raise ``error`` with every problem (see :func:`problems_message`); nothing when there are none."""
    if problems:
        raise error(problems_message(problems, most=most))
