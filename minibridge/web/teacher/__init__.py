"""The teacher's room: one module a section, each exporting its ``routes``.

A new page of the room is a module here (its routes, its template under ``templates/web/teacher/``) and its line in
:data:`SECTIONS` when it has a place in the room's bar.
"""

from __future__ import annotations

from minibridge.web.teacher import certificates, events, league, lessons, printing, progress, room, screen, tables
from minibridge.web.urls import url

__all__ = ["SECTIONS", "routes"]

SECTIONS: list[tuple[str, str]] = [
    ("lessons", url("teacher_lessons")),
    ("printing", url("teacher_printing")),
    ("tables", url("teacher_tables")),
    ("screen", url("teacher_screen")),
    ("progress", url("teacher_progress")),
    ("league", url("teacher_leagues")),
    ("events", url("teacher_events")),
]
"""The room's sections in the order the teacher's bar shows them: the name its words go by
(``partials/teacher_words.j2``) and its address."""

routes = [
    *room.routes,
    *lessons.routes,
    *printing.routes,
    *tables.routes,
    *screen.routes,
    *progress.routes,
    *certificates.routes,
    *league.routes,
    *events.routes,
]
"""Every address of the teacher's room."""
