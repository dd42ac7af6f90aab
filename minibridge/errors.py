"""The errors the library raises: each says what is wrong, where, and what would be right.

Only the errors live here, below every other module: the words that place a problem in a file and list a file's
problems are the language's (:func:`minibridge.language.file_place`, :func:`minibridge.language.raise_problems`).
"""

from __future__ import annotations

import copy

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
    """A file would be replaced that the user did not ask to replace (:func:`minibridge.files.already_exists` says
    so in the language in use)."""
