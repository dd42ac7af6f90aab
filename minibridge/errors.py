"""The errors the library raises: each says what is wrong, where, and what would be right."""

from __future__ import annotations

import copy
from collections.abc import Sequence

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
        super().__init__(f"'{path}' already exists: choose another name, or use --force to replace it")


MOST_PROBLEMS_SHOWN = 10
"""A longer list of problems is cut short, saying how many more there are."""


def problems_message(problems: Sequence[str], *, most: int | None = None) -> str:
    """Every problem in one message: the problem itself when there is one, else "N problems to fix:" and a list.

    >>> print(problems_message(["line 2: no board", "line 5: no contract"]))
    2 problems to fix:
      line 2: no board
      line 5: no contract
    """
    if len(problems) == 1:
        return problems[0]
    shown = list(problems)
    if most is not None and len(shown) > most:
        shown = [*shown[:most], f"… and {len(problems) - most} more"]
    return f"{len(problems)} problems to fix:\n" + "\n".join(f"  {p}" for p in shown)


def raise_problems(error: type[MiniBridgeError], problems: Sequence[str], *, most: int | None = None) -> None:
    """Raise ``error`` with every problem (see :func:`problems_message`); nothing when there are none."""
    if problems:
        raise error(problems_message(problems, most=most))
