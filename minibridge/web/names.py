"""A pupil's name belongs to a tablet for the day: the tablet (its key, :func:`minibridge.web.tablets.tablet_key`)
that first gives a name holds it, and what is made under that name (a game on the teacher's deals, answers to a
lesson's exercises, a seat at a table of pupils) is this tablet's. Names are compared in any case, with any spaces.

A tablet that gives a name takes it when nobody holds it, or when the tablet that holds it has not used it for
:data:`NAME_DAY` (a new school day: the class's tablets are shared between lessons); while another tablet holds it,
the name is refused (409) and nothing is kept. The same tablet giving the same name again goes on where it was.
The teacher lets another tablet use a name (:func:`release_name`): the next tablet that gives it takes it.

Every place where a name comes in calls :func:`take_name`.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from starlette.requests import Request

from minibridge.language import gettext
from minibridge.web.requests import ApiError
from minibridge.web.store import NameInUse, Store
from minibridge.web.tablets import tablet_key

__all__ = ["NAME_DAY", "take_name", "may_use_name", "names_in_use", "release_name", "name_taken_words"]

NAME_DAY = timedelta(hours=12)
"""How long a name stays with the tablet that last used it: a school day."""


def take_name(request: Request, name: str) -> None:
    """Give the name ``name`` (tidied) to the tablet that sent ``request``, for the day; refused (409) in words
    when another tablet holds it. Writes to the store: call it from a worker thread where the caller can."""
    store: Store = request.app.state.store
    if not store.take_name(name, tablet_key(request), idle=NAME_DAY):
        raise ApiError(409, name_taken_words(name))


def may_use_name(request: Request, name: str) -> bool:
    """Whether the tablet that sent ``request`` may use ``name``: it holds it, or no other tablet does. Nothing is
    written."""
    store: Store = request.app.state.store
    return store.name_is_free(name, tablet_key(request), idle=NAME_DAY)


def names_in_use(request: Request) -> list[dict[str, Any]]:
    """The names the class's tablets hold today, in alphabetical order: each ``name`` and when it was last ``used``
    (ISO 8601, UTC). Never the tablets' keys."""
    store: Store = request.app.state.store
    return [_name_data(used) for used in store.names_in_use(idle=NAME_DAY)]


def release_name(request: Request, name: str) -> bool:
    """The teacher lets the next tablet that gives ``name`` take it; whether a tablet held it."""
    store: Store = request.app.state.store
    return store.release_name(name)


def name_taken_words(name: str) -> str:
    """Why a name is refused, in a young pupil's words."""
    return gettext("Another tablet is using the name %(name)s. Pick another name, or ask your teacher.") % {
        "name": name
    }


def _name_data(used: NameInUse) -> dict[str, Any]:
    return {"name": used.name, "used": used.used}
