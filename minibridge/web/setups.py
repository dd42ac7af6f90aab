"""How a request sets up a game: the fields of a game's setup sent as JSON (a pupil's game, the class's tables),
checked and read in one place.

>>> setup_from({"lesson": 5, "deals": 2, "seed": 3}, 2).as_data()["deals"]
2
"""

from __future__ import annotations

import secrets
from typing import Any

from minibridge.classroom import GameSetup
from minibridge.classroom.switches import ClassSwitches
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.web.requests import KIND_WORDS, ApiError, should_be

__all__ = ["SETUP_FIELDS", "class_help", "setup_from"]

SETUP_FIELDS: dict[str, type] = {
    "lesson": int,
    "rules": str,
    "slam": bool,
    "deals": int,
    "target": int,
    "seed": int,
    "auto_single": bool,
    "three_handed": str,
    "practice": str,
    "robots": str,
    "count_points": bool,
    "hints": bool,
    "undo": bool,
    "claims": bool,
}
"""The settings of a game a request may send, with the kind of value each takes."""


def setup_from(body: dict[str, Any], samples: int, switches: ClassSwitches | None = None) -> GameSetup:
    """A game's setup from the fields given; a seed is drawn at random when none is given. The pupils count their
    own points unless told not to; what the teacher turned off for the class or the lesson (``switches``) is off
    whatever the request says."""
    fields: dict[str, Any] = {}
    for name, value in body.items():
        kind = SETUP_FIELDS.get(name)
        if kind is None:
            raise ApiError(
                422,
                gettext("'%(name)s' is not a setting of a game; the settings are %(names)s")
                % {"name": name, "names": ", ".join(SETUP_FIELDS)},
            )
        if value is None:
            continue
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            raise ApiError(422, should_be(name, gettext(KIND_WORDS[kind])))
        fields[name] = value
    fields.setdefault("seed", secrets.randbelow(2**31))
    lesson = fields.get("lesson")
    try:
        return GameSetup(**class_help(fields, lesson if isinstance(lesson, int) else None, switches), samples=samples)
    except MiniBridgeError as error:
        raise ApiError(422, str(error)) from None


def class_help(fields: dict[str, Any], lesson: int | None, switches: ClassSwitches | None) -> dict[str, Any]:
    """The fields of a setup of ``lesson`` with the help the classroom gives: the pupils count their own points
    unless the fields say not to, and what the teacher turned off (``switches``) is off whatever the fields say."""
    helped = {"count_points": True, **fields}
    return {**helped, **switches.turned_off(lesson)} if switches is not None else helped
