"""Every route of the teacher's room, in one list for the classroom app."""

from __future__ import annotations

from minibridge.web import teacher_lessons, teacher_pages, teacher_printing, teacher_screen

__all__ = ["routes"]

routes = [
    *teacher_pages.routes,
    *teacher_lessons.routes,
    *teacher_printing.routes,
    *teacher_screen.routes,
]
