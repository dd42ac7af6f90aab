"""The parts of an answer that more than one kind of exercise asks: a seat, each side's points, declarer's
tricks (the kinds are in :mod:`.kinds` and :mod:`.play_kinds`).

>>> [part.key for part in (DECLARERS, DEFENDERS, DECLARER_TRICKS)]
['declarers', 'defenders', 'declarer_tricks']
"""

from __future__ import annotations

from minibridge.language import N_
from minibridge.lessons.reading import Form, Part

__all__ = ["A_SEAT", "DECLARERS", "DEFENDERS", "DECLARER_TRICKS"]

# TRANSLATORS: what a part of a pupil's answer holds; keep the letters N, E, S and W: they are what the pupil types.
A_SEAT = N_("N, E, S or W")
"""What a part that is a seat holds."""
_POINTS = N_("the points each side scores")

DECLARERS = Part(
    key="declarers",
    form=Form.POINTS,
    says=_POINTS,
    names=("declarers", "declarer side", "declaring side", "declarers side"),
    label=N_("Points for declarer and dummy"),
    most=3000,
    step=10,
)
"""The points the declaring side scores."""

DEFENDERS = Part(
    key="defenders",
    form=Form.POINTS,
    says=_POINTS,
    names=("defenders", "defender", "defending side", "defence"),
    label=N_("Points for the defenders"),
    most=3000,
    step=10,
)
"""The points the defenders score."""

DECLARER_TRICKS = Part(
    key="declarer_tricks",
    form=Form.TRICKS,
    says=N_("the tricks declarer's side took"),
    names=("declarer_tricks", "declarer tricks", "declarer took", "declarer side tricks", "tricks"),
    label=N_("Tricks for declarer and dummy"),
)
"""The tricks declarer's side took in the recorded play."""
