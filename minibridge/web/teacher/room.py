"""The teacher's room: the link ``minibridge serve`` prints, and the room's front page with its sections.

The teacher's link is ``/teacher?token=TOKEN``: opening it keeps a session in a cookie scripts cannot read, then shows
the room at ``/teacher``, so the token is not left in the address bar for the projector to show. The room also
gives a copy of the class's data to download (``/teacher/backup.zip``, or ``/api/backup`` for a program).
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from minibridge.classroom.data_folder import class_copy, copy_name
from minibridge.web.auth import Who, route
from minibridge.web.guessing import WrongCodes
from minibridge.web.join_link import join_view
from minibridge.web.pages import download, teacher_html
from minibridge.web.store import Store

__all__ = ["routes"]


async def room(request: Request) -> Response:
    """The room's front page: what each section is for, how the pupils join (the address, the class code and the QR
    code to scan), and from where wrong class codes came (the teacher's link is kept by :mod:`minibridge.web.auth`)."""
    wrong_codes: WrongCodes = request.app.state.wrong_codes
    return teacher_html(request, "teacher/room.j2", join=join_view(request), wrong_codes=wrong_codes.notices())


async def backup(request: Request) -> Response:
    """A copy of the class's data to download: the database (consistent while pupils play) and the league files,
    as a ``.zip`` named with the date; ``minibridge serve --restore`` starts from it."""
    store: Store = request.app.state.store
    data = await run_in_threadpool(class_copy, store.path.parent)
    return download(copy_name(), data, media_type="application/zip")


routes = [
    route("teacher", room, who=Who.TEACHER),
    route("teacher_backup", backup, who=Who.TEACHER),
    route("api_backup", backup, who=Who.TEACHER),
]
