"""The pupils' pages: a game against the computer, a lesson's exercises, joining the teacher's deals; and the
same on the JSON API."""

from __future__ import annotations

from minibridge.web.pupils import exercises, games, joining

__all__ = ["routes"]

routes = [*games.routes, *exercises.routes, *joining.routes]
"""Every address of the pupils."""
