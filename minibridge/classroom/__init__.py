"""The classroom's games: a pupil against the computer, set up by lesson or free play, kept as data, and what the
pupil may see of it.

- :mod:`.setup`: :class:`GameSetup`, how a game is played (lesson or rules, how long, which deals, how strong the
  computer plays: one of the :data:`ROBOT_LEVELS`);
- :mod:`.game`: :class:`PupilGame`, the pupil's seat at a :class:`~minibridge.table.Table` of the computer;
- :mod:`.view`: :func:`pupil_view`, everything the pupil may see now, as plain data.
"""

from __future__ import annotations

from minibridge.classroom.game import PLAYER_NAMES, PUPIL, PupilGame
from minibridge.classroom.setup import SHORT_DEAL, GameSetup, cards_per_hand
from minibridge.classroom.view import pupil_view
from minibridge.robot import DEFAULT_SAMPLES, no_such_level
from minibridge.robot import LEVELS as ROBOT_LEVELS
from minibridge.table import Phase

__all__ = [
    "DEFAULT_SAMPLES",
    "PUPIL",
    "PLAYER_NAMES",
    "ROBOT_LEVELS",
    "SHORT_DEAL",
    "Phase",
    "GameSetup",
    "PupilGame",
    "cards_per_hand",
    "no_such_level",
    "pupil_view",
]
