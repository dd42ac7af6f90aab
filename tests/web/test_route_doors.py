"""Every address of the classroom server declares who may call it, checked in one place (``auth.route``), and each
audience is the one its address calls for: found from the app itself, so a new route without a door fails here."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.routing import Mount, Route

from minibridge.web.app import create_app
from minibridge.web.auth import Who

EXPECTED: list[tuple[str, str | None, Who]] = [
    ("/teacher", None, Who.TEACHER),
    ("/api/events/{event_id}/results", None, Who.CLASS),
    ("/api/events/{event_id}/ranking", None, Who.CLASS),
    ("/api/events/{event_id}/stream", None, Who.CLASS),
    ("/api/events/{event_id}/games", None, Who.CLASS),
    ("/api/events", None, Who.TEACHER),
    ("/api/progress", None, Who.TEACHER),
    ("/api/switches", None, Who.TEACHER),
    ("/api/backup", None, Who.TEACHER),
    ("/api/tables/next", None, Who.TEACHER),
    ("/api/tables/{table_id}/teacher", None, Who.TEACHER),
    ("/api/tables/{table_id}/seats", None, Who.CLASS),
    ("/api/tables/{table_id}", None, Who.SEAT),
    ("/api/tables", "POST", Who.TEACHER),
    ("/api/tables", "GET", Who.CLASS),
    ("/api/games/{game_id}", None, Who.ANYONE),
    ("/api/games", None, Who.CLASS),
    ("/api/lessons/{number:int}/answers", None, Who.CLASS),
    ("/api/lessons/{number:int}/exercises", None, Who.ANYONE),
    ("/api/health", None, Who.ANYONE),
    ("/api/quizzes/{quiz_id}/answers", None, Who.CLASS),
    ("/api/quizzes/{quiz_id}", "GET", Who.ANYONE),
    ("/api/quizzes", None, Who.TEACHER),
    ("/quizzes", None, Who.ANYONE),
    ("/tables/{table_id}/seats", None, Who.ANYONE),
    ("/tables/{table_id}", None, Who.SEAT),
    ("/tables", None, Who.ANYONE),
    ("/events/{event_id}/table", None, Who.TABLET),
    ("/events/{event_id}/code", None, Who.ANYONE),
    ("/events/{event_id}/join", None, Who.ANYONE),
    ("/games", None, Who.ANYONE),
    ("/lessons", None, Who.ANYONE),
    ("/", None, Who.ANYONE),
]
"""Who each address is for, by the start of its address (and its method where one address has two audiences):
the first that fits is the one. The teacher's pages and the teacher's API are the teacher's; the class's programs
and tablets give the class code; a seat at a table of pupils its player key; a table's tablet entering results the
class code kept on the tablet; the pupils' own pages are anyone's (the class code asked on the page)."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Starlette:
    return create_app(data=tmp_path_factory.mktemp("data"), class_code="K7MPX", teacher_token="t", loopback=False)


def _fits(path: str, start: str) -> bool:
    """Whether ``path`` is the address ``start`` or one under it."""
    if start == "/":
        return path == "/"
    return path == start or path.startswith(start + "/") or path.startswith(start + ".")


def expected(path: str, methods: set[str]) -> Who | None:
    """The audience :data:`EXPECTED` gives the route of ``path`` answering ``methods``."""
    for start, method, who in EXPECTED:
        if _fits(path, start) and (method is None or method in methods):
            return who
    return None


def _routes(app: Starlette) -> list[Route]:
    routes = [found for found in app.routes if isinstance(found, Route)]
    assert len(routes) > 60, "the app's routes were found"
    return routes


def test_every_route_declares_who_may_call_it_through_the_one_door(app: Starlette):
    without = [
        f"{' '.join(sorted(found.methods or []))} {found.path}"
        for found in _routes(app)
        if not isinstance(getattr(found.endpoint, "who", None), Who)
    ]
    assert without == [], "routes not made by auth.route, so checked by no one"
    others = [found for found in app.routes if not isinstance(found, Route)]
    assert [(type(found), found.name) for found in others] == [(Mount, "static")], "only the static files are mounted"


def test_each_route_is_for_the_audience_its_address_calls_for(app: Starlette):
    wrong = {}
    for found in _routes(app):
        methods = set(found.methods or [])
        want = expected(found.path, methods)
        if found.endpoint.who is not want:
            wrong[f"{' '.join(sorted(methods))} {found.path}"] = (found.endpoint.who, want)
    assert wrong == {}, "declared audience, expected audience (None: add the address to EXPECTED)"


def test_the_table_tells_the_audiences_apart():
    """The table itself: a teacher's address is never a pupil's, and an unknown address has no audience."""
    assert expected("/teacher/events/{event_id}/screen", {"GET"}) is Who.TEACHER
    assert expected("/api/events/{event_id}/results.txt", {"GET"}) is Who.CLASS
    assert expected("/api/events/{event_id}/pupils", {"GET"}) is Who.TEACHER
    assert expected("/api/tables", {"POST"}) is Who.TEACHER and expected("/api/tables", {"GET"}) is Who.CLASS
    assert expected("/api/tables/{table_id}/stream", {"GET"}) is Who.SEAT
    assert expected("/teachers", {"GET"}) is None and expected("/api/secrets", {"GET"}) is None


def test_a_route_without_a_door_is_found(tmp_path: Path):
    """A route added to the app by hand, not through ``auth.route``, is caught by the walk above."""
    app = create_app(data=tmp_path, class_code=None, teacher_token="t", loopback=True)

    async def open_door(request):  # pragma: no cover - never called
        raise AssertionError

    app.router.routes.insert(0, Route("/api/open", open_door))
    with pytest.raises(AssertionError, match="checked by no one"):
        test_every_route_declares_who_may_call_it_through_the_one_door(app)
