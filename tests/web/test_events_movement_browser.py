"""An event with a movement in a real browser: a table's tablet tapped from its table and round at phone and tablet
size, a board already entered refused at the first tap, and the event's pages passing axe at every size, with
screenshots to look at."""

from __future__ import annotations

import httpx2
import pytest
from axe_playwright_python.sync_playwright import Axe
from events_client import TEACHER
from playwright.sync_api import Page, expect
from test_browser import SCREENS, SIZES, chromium


def _event(address: str, **fields: object) -> str:
    body = {"name": "Tuesday club", "boards": 6, "pairs": 5, "seed": 606, **fields}
    answer = httpx2.post(f"{address}/api/events", json=body, headers=TEACHER)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def _tap(page: Page, text: str, shot: str | None = None) -> None:
    """Tap the big button showing ``text`` and wait for the next step's page (then take its picture)."""
    page.locator("button.big, a.big", has_text=text).first.click()
    page.wait_for_selector("#entry[data-ready]")
    if shot is not None:
        page.screenshot(path=str(SCREENS / f"movement-{shot}.png"), full_page=True)


def _violations(page: Page) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): " + ", ".join(" ".join(n["target"]) for n in v["nodes"][:3])
        for v in Axe().run(page).response["violations"]
    ]


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_a_tablet_enters_a_board_from_its_table_and_round_and_a_board_twice_is_refused_at_once(address: str, size: str):
    event = _event(address, lesson=6)
    SCREENS.mkdir(exist_ok=True)
    with chromium(*SIZES[size]) as context:
        page = context.new_page()
        page.goto(f"{address}/events/{event}/table")
        page.wait_for_selector("#entry[data-ready]")
        expect(page.locator("h1.ask")).to_have_text("Which table are you at?")
        page.screenshot(path=str(SCREENS / f"movement-table-{size}.png"), full_page=True)
        assert _violations(page) == []
        _tap(page, "2", f"round-{size}")
        expect(page.locator("h1.ask")).to_have_text("Which round is it?")
        expect(page.locator("button.big.now")).to_have_attribute("value", "1")
        assert _violations(page) == []
        page.locator("button.big.now").click()
        page.wait_for_selector("#entry[data-ready]")
        page.screenshot(path=str(SCREENS / f"movement-board-{size}.png"), full_page=True)
        expect(page.locator(".entry-bar")).to_contain_text("Table 2")
        expect(page.locator(".entry-bar")).to_contain_text("N–S 2")
        expect(page.locator(".entry-bar")).to_contain_text("E–W 2")
        assert [b.get_attribute("value") for b in page.locator("button[name=board]").all()] == ["3", "4"]
        _tap(page, "3")
        page.locator("button[name=contract][value='3NT']").click()
        page.wait_for_selector("#entry[data-ready]")
        _tap(page, "South")
        page.locator("button.big.made").first.click()
        page.wait_for_selector("#entry[data-ready]")
        expect(page.locator("h1.ask")).to_have_text("East–West, please check:")
        _tap(page, "Yes, that's right", f"done-{size}")
        expect(page.locator("#entry")).to_have_attribute("data-step", "done")
        _tap(page, "Next board")
        expect(page.locator("button.big.done")).to_have_attribute("value", "3")
        assert _violations(page) == []
        _tap(page, "3", f"refused-{size}")
        expect(page.locator(".message")).to_have_text("Board 3 is done at this table. Ask your teacher to fix it.")
        expect(page.locator("h1.ask")).to_have_text("Which board did you play?")
        assert _violations(page) == []


@pytest.mark.parametrize("size", list(SIZES))
def test_the_event_pages_with_a_movement_pass_axe_at_every_size(address: str, size: str):
    event = _event(address)
    result = {"board": 1, "ns": "1", "ew": "1", "contract": "3NT", "declarer": "S", "tricks": 9}
    assert httpx2.post(f"{address}/api/events/{event}/results", json=result).status_code == 201
    pages = {
        "events": "/teacher/events",
        "event": f"/teacher/events/{event}",
        "screen": f"/teacher/events/{event}/screen",
        "screen-board": f"/teacher/events/{event}/screen?show=board&board=1",
    }
    SCREENS.mkdir(exist_ok=True)
    with chromium(*SIZES[size]) as context:
        page = context.new_page()
        page.goto(f"{address}/teacher?token=teacher")
        found = []
        for name, path in pages.items():
            page.goto(address + path)
            page.wait_for_selector("[data-ready]")
            page.screenshot(path=str(SCREENS / f"movement-{name}-{size}.png"), full_page=not name.startswith("screen"))
            found += [f"{name}: {v}" for v in _violations(page)]
        assert found == []
