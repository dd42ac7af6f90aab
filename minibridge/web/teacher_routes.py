"""Every route of the teacher's room, in one list for the classroom app."""

from __future__ import annotations

from minibridge.web import (
    teacher_league,
    teacher_lessons,
    teacher_pages,
    teacher_printing,
    teacher_progress,
    teacher_screen,
)

__all__ = ["routes"]

routes = [
    *teacher_pages.routes,
    *teacher_lessons.routes,
    *teacher_printing.routes,
    *teacher_screen.routes,
    *teacher_progress.routes,
    *teacher_league.routes,
]
