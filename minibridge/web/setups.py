"""How a request sets up a game: the fields of a game's setup sent as JSON (a pupil's game, the class's tables),
checked and read in one place.

>>> setup_from({"lesson": 5, "deals": 2, "seed": 3}, 2).as_data()["deals"]
2
"""

from __future__ import annotations

import secrets
from typing import Any

from minibridge.classroom import GameSetup
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.web.requests import KIND_WORDS, ApiError, should_be

__all__ = ["SETUP_FIELDS", "setup_from"]

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
}
"""The settings of a game a request may send, with the kind of value each takes."""


def setup_from(body: dict[str, Any], samples: int) -> GameSetup:
    """A game's setup from the fields given; a seed is drawn at random when none is given."""
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
    try:
        return GameSetup(**fields, samples=samples)
    except MiniBridgeError as error:
        raise ApiError(422, str(error)) from None
