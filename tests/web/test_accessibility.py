"""Every kind of page of the classroom checked by axe-core in Debian's chromium: no serious or critical failing."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from axe_playwright_python.sync_playwright import Axe
from classroom_client import without_counting
from playwright.sync_api import Page, sync_playwright

from minibridge.web.app import create_app
from minibridge.web.server import running

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
TOKEN = "teacher"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """A classroom with a game, an event and a league to look at: its address and the pages' addresses."""
    data = tmp_path_factory.mktemp("classroom")
    app = create_app(data=without_counting(data), class_code=None, teacher_token=TOKEN, loopback=True, samples=2)
    with running(app) as address:
        bearer = {"Authorization": f"Bearer {TOKEN}"}
        game = httpx2.post(f"{address}/api/games", json={"lesson": 5, "deals": 1, "seed": 3}).json()["id"]
        event = httpx2.post(f"{address}/api/events", json={"name": "Class 5", "lesson": 5}, headers=bearer).json()
        tables = httpx2.post(f"{address}/api/tables", json={"tables": 2, "lesson": 5, "seed": 3}, headers=bearer)
        table = tables.json()["tables"][0]["id"]
        seat = httpx2.post(f"{address}/api/tables/{table}/seats", json={"seat": "N", "name": "Amy"}).json()
        pages = {
            "start": "/",
            "table": f"/games/{game}",
            "exercises": "/lessons/3/exercises",
            "join": f"/events/{event['id']}/join",
            "tablet": f"/events/{event['id']}/table",
            "room": "/teacher",
            "lessons": "/teacher/lessons",
            "lesson": "/teacher/lessons/3",
            "no such lesson": "/teacher/lessons/7",
            "printing": "/teacher/printing",
            "screen chooser": "/teacher/screen",
            "screen": "/teacher/screen?lesson=5&board=1",
            "progress": "/teacher/progress",
            "leagues": "/teacher/league",
            "events": "/teacher/events",
            "event": f"/teacher/events/{event['id']}",
            "event screen": f"/teacher/events/{event['id']}/screen",
            "seat at a table": f"/tables/{table}?player={seat['player']}",
            "tables": "/teacher/tables",
            "teacher's table": f"/teacher/tables/{table}",
            "table on the class screen": f"/teacher/tables/{table}/screen",
        }
        yield address, pages


@pytest.fixture(scope="module")
def page(server: tuple[str, dict[str, str]]) -> Iterator[Page]:
    assert Path(CHROMIUM).exists(), "the browser tests need Debian's chromium: apt-get install chromium"
    address, _ = server
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        opened = browser.new_page(viewport={"width": 768, "height": 1024})
        opened.goto(f"{address}/teacher?token={TOKEN}")  # the teacher's link: the token kept in a cookie
        yield opened
        browser.close()


PAGES = [
    "start",
    "table",
    "exercises",
    "join",
    "tablet",
    "room",
    "lessons",
    "lesson",
    "no such lesson",
    "printing",
    "screen chooser",
    "screen",
    "progress",
    "leagues",
    "events",
    "event",
    "event screen",
    "seat at a table",
    "tables",
    "teacher's table",
    "table on the class screen",
]


@pytest.mark.parametrize("name", PAGES)
def test_a_page_has_no_serious_accessibility_failing(server: tuple[str, dict[str, str]], page: Page, name: str):
    address, pages = server
    page.goto(address + pages[name])
    page.wait_for_selector("[data-ready]")
    found = Axe().run(page).response["violations"]
    serious = [f"{v['id']} ({v['impact']}): {v['help']}" for v in found if v["impact"] in ("serious", "critical")]
    assert serious == [], f"{name}: " + "; ".join(serious)
