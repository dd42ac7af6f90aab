"""What the teacher lets the pupils use while they play: hints, taking back a card, claiming the rest of the
tricks, and counting their own points before the announcement. Each can be turned off for the whole class or for
one lesson (free play counts as a lesson here): a test is a test.

>>> switches = ClassSwitches.from_data({"every": {"hints": False}, "3": {"undo": False}})
>>> switches.turned_off(3), switches.turned_off(None)
({'hints': False, 'undo': False}, {'hints': False})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from minibridge.errors import RuleError
from minibridge.language import N_, gettext
from minibridge.lessons import lesson_numbers

__all__ = ["HELP", "HELP_WORDS", "EVERY", "FREE", "ClassSwitches", "scopes"]

HELP = ("hints", "undo", "claims", "count_points")
"""Each kind of help the teacher may turn off, by the name of the game's setting."""

HELP_WORDS = {
    "hints": N_("Hints"),
    "undo": N_("Taking back a card"),
    "claims": N_("Claiming the rest of the tricks"),
    "count_points": N_("Counting their own points"),
}
"""Each kind of help in words (marked for translation: ``gettext`` them)."""

EVERY = "every"
"""The key of the switches for every lesson and free play."""
FREE = "free"
"""The key of the switches for free play."""


@dataclass(frozen=True)
class ClassSwitches:
    """The help turned off: for every game (``every``) and for one lesson (``"1"`` … ``"6"``, ``free``)."""

    off: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Each scope's help turned off."""

    @classmethod
    def from_data(cls, data: Mapping[str, Mapping[str, bool]]) -> ClassSwitches:
        """The switches from plain data: for each scope, each kind of help and whether it is on (missing: on);
        a scope or kind not known is refused in words."""
        off: dict[str, frozenset[str]] = {}
        for scope, kinds in data.items():
            if scope not in scopes():
                raise RuleError(
                    gettext("'%(scope)s' is not a lesson; send %(scopes)s")
                    % {"scope": scope, "scopes": ", ".join(scopes())}
                )
            for kind, on in kinds.items():
                if kind not in HELP or not isinstance(on, bool):
                    raise RuleError(gettext("send each of %(kinds)s as true or false") % {"kinds": ", ".join(HELP)})
            turned = frozenset(kind for kind, on in kinds.items() if not on)
            if turned:
                off[scope] = turned
        return cls(off)

    def as_data(self) -> dict[str, dict[str, bool]]:
        """Plain data: for each scope, every kind of help and whether it is on."""
        return {scope: {kind: kind not in self.off.get(scope, ()) for kind in HELP} for scope in scopes()}

    def turned_off(self, lesson: int | None) -> dict[str, bool]:
        """The settings of a game of ``lesson`` (None: free play) that the teacher turned off, each False."""
        scope = FREE if lesson is None else str(lesson)
        return {kind: False for kind in HELP if kind in self.off.get(EVERY, ()) or kind in self.off.get(scope, ())}


def scopes() -> tuple[str, ...]:
    """Every scope a switch may have: every game, each lesson, free play."""
    return (EVERY, *(str(n) for n in lesson_numbers()), FREE)
