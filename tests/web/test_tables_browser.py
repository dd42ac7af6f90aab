"""Tables of pupils in a real browser (Playwright driving Debian's Chromium): four children, each in their own
browser context as on their own tablet, sit down at one table from the start page and play a whole deal, each
tablet updating by itself (Server-Sent Events) when another child plays; one child leaves and the computer takes
the seat; the teacher takes back a card and every tablet shows the position before it; the teacher moves every
table to its next deal together. Screenshots at phone, tablet, laptop and projector sizes are written to
``tests/web/screens/`` (not kept in git) to be looked at.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from classroom_client import SAMPLES, without_counting
from playwright.sync_api import Browser, Page, expect
from test_browser import SCREENS, SIZES, debian_chromium

from minibridge.web.app import create_app
from minibridge.web.server import running

TEACHER = {"Authorization": "Bearer teacher"}
NAMES = {"N": "Amy", "E": "Ben", "S": "Chloe", "W": "Dev"}
WAIT = 60_000


@pytest.fixture
def address(tmp_path: Path) -> Iterator[str]:
    """A classroom server whose computer plays its cards a moment apart, as in class, but quicker."""
    app = create_app(
        data=without_counting(tmp_path),
        class_code=None,
        teacher_token="teacher",
        loopback=True,
        samples=SAMPLES,
        robot_pace=0.05,
    )
    with running(app) as url:
        yield url


@pytest.fixture
def browser() -> Iterator[Browser]:
    with debian_chromium() as launched:
        yield launched


def _tables(address: str, **setup: object) -> list[str]:
    response = httpx2.post(address + "/api/tables", json=setup, headers=TEACHER)
    assert response.status_code == 201, response.text
    return [table["id"] for table in response.json()["tables"]]


@contextlib.contextmanager
def _tablet(browser: Browser, width: int = 768, height: int = 1024) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        yield context.new_page()
    finally:
        context.close()


def _sit(page: Page, address: str, table: int, seat: str, name: str | None = None) -> None:
    """From the start page: write the name (the seat's in :data:`NAMES` unless given: a name belongs to one
    tablet), tap the seat at table ``table``, land on the table."""
    page.goto(address + "/")
    page.fill("#seat-name", name or NAMES[seat])
    drawing = page.get_by_role("group", name=f"Table {table}")
    drawing.locator(f".chair-{seat.lower()} button.sit").click()
    page.wait_for_url(re.compile(r"/tables/"), timeout=WAIT)
    expect(page.locator("#table")).to_be_visible()


def _status(page: Page) -> str:
    return page.locator("#table .status").inner_text()


def _my_turn(page: Page) -> bool:
    return page.locator("#table[data-ready] .status.your-turn").count() > 0


def _take_turn(page: Page) -> str | None:
    """The pupil's decision when it is theirs: the first contract offered, or the first legal card (tapped twice);
    the card played, if any."""
    if not _my_turn(page):
        return None
    contract = page.locator("#table .contract-choice:not(.forbidden)")
    if contract.count():
        contract.first.click()
        page.wait_for_selector("#table[data-phase=play]", timeout=WAIT)
        return None
    card = page.locator("#table button.card:not(.not-legal):not([disabled])")
    if not card.count():
        return None
    code = card.first.get_attribute("data-card")
    card.first.click()
    page.locator(f'#table button.card[data-card="{code}"]').click()
    page.wait_for_selector(f'#table button.card[data-card="{code}"]', state="detached", timeout=WAIT)
    return code


def _play_until(pages: dict[str, Page], done: callable, *, most: int = 400) -> None:
    """Each tablet takes its turn when its page says so, until ``done()``."""
    for _ in range(most):
        if done():
            return
        moved = any(_take_turn(page) for page in pages.values())
        if not moved:
            next(iter(pages.values())).wait_for_timeout(100)
    raise AssertionError("the deal did not end")


def _over(pages: dict[str, Page]) -> bool:
    return all(page.locator("#table .result").count() for page in pages.values())


def test_four_pupils_play_a_whole_deal_each_on_their_own_tablet(browser: Browser, address: str) -> None:
    (table,) = _tables(address, tables=1, lesson=1, deals=1, seed=3)
    with contextlib.ExitStack() as stack:
        pages = {seat: stack.enter_context(_tablet(browser)) for seat in "NESW"}
        for seat, page in pages.items():
            _sit(page, address, 1, seat)
        for seat, page in pages.items():  # every tablet shows every name, its own seat as "you"
            names = page.locator("#table .seat-name").all_inner_texts()
            assert any(f"{page_seat}" for page_seat in names)
            for other, name in NAMES.items():
                if other != seat:
                    expect(page.locator(f"#table .seat-{other.lower()} .sitter")).to_have_text(name)
        whose = [seat for seat, page in pages.items() if _my_turn(page)]
        assert len(whose) == 1, "exactly one tablet says it is its turn"
        _play_until(pages, lambda: _over(pages))
        for page in pages.values():
            expect(page.locator("#table .result")).to_be_visible()
            assert page.locator("#table .all-hands .dealt").count() == 4  # after the deal, the four hands
    assert httpx2.get(f"{address}/api/tables/{table}", headers=TEACHER).json()["phase"] == "game_over"


def test_a_pupil_who_leaves_is_replaced_by_the_computer(browser: Browser, address: str) -> None:
    _tables(address, tables=1, lesson=1, deals=1, seed=5)
    with _tablet(browser) as north, _tablet(browser) as south:
        _sit(north, address, 1, "N")
        _sit(south, address, 1, "S")
        south.on("dialog", lambda dialog: dialog.accept())
        south.get_by_role("button", name="Leave the table").click()
        south.wait_for_url(re.compile(r"/$"), timeout=WAIT)
        expect(north.locator("#table .seat-s .sitter")).to_have_text("Computer", timeout=WAIT)
        _play_until({"N": north}, lambda: north.locator("#table .result").count() > 0)
        expect(south.get_by_role("button", name="Sit here").first).to_be_visible()


def test_the_teacher_takes_back_a_card_and_every_tablet_shows_the_position_before(
    browser: Browser, address: str
) -> None:
    (table,) = _tables(address, tables=1, lesson=1, deals=1, seed=8)
    with contextlib.ExitStack() as stack:
        pages = {seat: stack.enter_context(_tablet(browser)) for seat in "NESW"}
        for seat, page in pages.items():
            _sit(page, address, 1, seat)
        played = None
        for _ in range(200):
            for seat, page in pages.items():
                played = _take_turn(page)
                if played:
                    player = seat
                    break
            if played:
                break
        assert played is not None
        for page in pages.values():  # every tablet shows the card on the table
            expect(page.locator(f'#table .trick [data-card="{played}"]')).to_be_visible(timeout=WAIT)
        answer = httpx2.post(f"{address}/api/tables/{table}/teacher", json={"undo": "card"}, headers=TEACHER)
        assert answer.status_code == 200, answer.text
        for page in pages.values():
            expect(page.locator(f'#table .trick [data-card="{played}"]')).to_have_count(0, timeout=WAIT)
        expect(pages[player].locator(f'#table button.card[data-card="{played}"]')).to_be_enabled(timeout=WAIT)
        assert _my_turn(pages[player])


def test_every_table_moves_on_together_when_the_teacher_says(browser: Browser, address: str) -> None:
    _tables(address, tables=2, lesson=1, deals=2, seed=4, lockstep=True)
    with _tablet(browser) as first, _tablet(browser) as second, _tablet(browser, 1280, 800) as teacher:
        _sit(first, address, 1, "S")
        _sit(second, address, 2, "S", name="Eve")
        pages = {"1": first, "2": second}
        _play_until(pages, lambda: _over(pages))
        for page in pages.values():
            page.get_by_role("button", name="Next deal").click()
            expect(page.locator("#table .waiting").first).to_be_visible()
            expect(page.locator("#table")).to_have_attribute("data-deal", "1")
        teacher.goto(address + "/teacher?token=teacher")
        teacher.goto(address + "/teacher/tables")
        teacher.get_by_role("button", name="Every table: next deal").click()
        for page in pages.values():
            expect(page.locator("#table")).to_have_attribute("data-deal", "2", timeout=WAIT)


def test_screenshots_of_a_table_of_pupils_at_every_size(browser: Browser, address: str) -> None:
    table = _tables(address, tables=2, lesson=5, deals=1, seed=11)[0]
    SCREENS.mkdir(exist_ok=True)
    keys = {}
    for seat in "NES":
        answer = httpx2.post(f"{address}/api/tables/{table}/seats", json={"seat": seat, "name": NAMES[seat]})
        keys[seat] = answer.json()["player"]
    host = address.split("://")[1].split(":")[0]
    for size, (width, height) in SIZES.items():
        with _tablet(browser, width, height) as page:
            page.goto(address + "/")
            page.wait_for_selector("#class-tables .table-drawing")
            page.screenshot(path=SCREENS / f"tables-start-{size}.png", full_page=True)
            page.context.add_cookies(
                [{"name": f"minibridge_seat_{table}", "value": keys["N"], "domain": host, "path": "/"}]
            )
            page.goto(f"{address}/tables/{table}")
            page.wait_for_selector("#table")
            page.screenshot(path=SCREENS / f"tables-seat-{size}.png", full_page=True)
            page.goto(address + "/teacher?token=teacher")
            page.goto(f"{address}/teacher/tables/{table}")
            page.screenshot(path=SCREENS / f"tables-teacher-{size}.png", full_page=True)
            assert page.locator(".teacher-hand .diagram").count() == 4
