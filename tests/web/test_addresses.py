"""Every address in one place, and who may call each route declared with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.routing import Route

from minibridge.web.app import create_app
from minibridge.web.auth import Who
from minibridge.web.urls import ADDRESSES, url

TEMPLATES = Path(__file__).parents[2] / "templates" / "web"
LITERAL = re.compile(r'(?:href|action|hx-get|hx-post|src|data-stream|data-refresh|hx-push-url)="/')


@pytest.fixture(scope="module")
def routes(tmp_path_factory: pytest.TempPathFactory) -> list[Route]:
    app = create_app(data=tmp_path_factory.mktemp("data"), class_code=None, teacher_token="t", loopback=True)
    return [r for r in app.routes if isinstance(r, Route)]


def test_every_route_answers_an_address_named_in_one_place_and_says_who_may_call_it(routes: list[Route]):
    assert routes
    for found in routes:
        assert found.path in ADDRESSES.values(), f"{found.path} is not named in minibridge/web/urls.py"
        assert found.name in ADDRESSES and ADDRESSES[found.name] == found.path
        assert isinstance(getattr(found.endpoint, "who", None), Who), f"{found.path} does not say who may call it"


def test_the_api_is_for_programs_and_the_teachers_pages_for_the_teacher(routes: list[Route]):
    for found in routes:
        who = found.endpoint.who  # type: ignore[attr-defined]
        if found.path.startswith("/teacher"):
            assert who is Who.TEACHER, found.path
        if found.path.startswith(("/api/events", "/api/progress", "/api/switches")) and found.name not in (
            "api_event_results",
            "api_event_results_file",
            "api_event_results_xml",
            "api_event_ranking",
            "api_event_stream",
            "api_event_games",
        ):
            assert who is Who.TEACHER, found.path


@pytest.mark.parametrize("path", sorted(TEMPLATES.rglob("*.j2")), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_writes_an_address_itself(path: Path):
    text = path.read_text(encoding="utf-8")
    assert not LITERAL.search(text), f"{path.name} writes an address: build it with url(…)"
    assert not re.search(r'"/(?:games|events|lessons|teacher|api)/', text), f"{path.name} spells an address"


def test_an_address_is_built_from_its_name_and_its_values():
    assert url("teacher_event_correct", event_id="x y", board=1, ns="Mary & Tom") == (
        "/teacher/events/x%20y/correct?board=1&ns=Mary+%26+Tom"
    )
    assert url("exercise", number=3, exercise_id="2a") == "/lessons/3/exercises/2a"
    with pytest.raises(KeyError, match="needs game_id"):
        url("game")
