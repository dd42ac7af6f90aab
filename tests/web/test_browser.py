"""The pupils' pages in a real browser: Playwright driving Debian's Chromium (never a downloaded browser),
against a classroom server started on a free loopback port for each test.

A pupil starts a lesson, chooses a contract, plays a whole deal by tapping cards (each card tapped twice:
raised, then played), has a card the rules forbid refused with its reason, and finds the game again after
a reload. Screenshots of the table at phone, tablet and laptop sizes are written to ``tests/web/screens/``
(not kept in git) to be looked at.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom_client import SAMPLES
from playwright.sync_api import Page, expect, sync_playwright

from minibridge.web.app import create_app
from minibridge.web.server import running

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENS = Path(__file__).parent / "screens"
SIZES = {"phone": (375, 667), "tablet": (768, 1024), "laptop": (1280, 800)}


@pytest.fixture
def address(tmp_path: Path) -> Iterator[str]:
    app = create_app(data=tmp_path, class_code=None, teacher_token="teacher", loopback=True, samples=SAMPLES)
    with running(app) as url:
        yield url


@pytest.fixture
def page() -> Iterator[Page]:
    assert Path(CHROMIUM).exists(), "the browser tests need Debian's chromium: apt-get install chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context(viewport={"width": 768, "height": 1024})
        yield context.new_page()
        browser.close()


def _ready(page: Page) -> None:
    """Wait for the table's own signal that it is ready for a tap."""
    page.wait_for_selector("#table[data-ready]", timeout=60_000)


def _start_lesson(page: Page, address: str, lesson: int, deals: int = 1) -> None:
    page.goto(address + "/")
    page.check(f"input[name=deals][value='{deals}']")
    page.click(f"button[name=lesson][value='{lesson}']")
    page.wait_for_url("**/games/*")
    _ready(page)


def _phase(page: Page) -> str:
    return page.get_attribute("#table", "data-phase") or ""


def _tap(page: Page, card: str) -> None:
    button = page.locator(f"#table button.card[data-card='{card}']")
    button.click()
    button.click()
    page.wait_for_timeout(50)
    _ready(page)


def _play_to_the_end(page: Page) -> None:
    """Choose the first contract offered and tap a legal card until the deal is over."""
    for _ in range(200):
        phase = _phase(page)
        if phase in ("deal_over", "game_over"):
            return
        if phase == "declarer":
            page.locator("#table button.choice").first.click()
        elif phase == "contract":
            page.locator("#table button.contract-choice").first.click()
        else:
            legal = page.locator("#table button.card[data-card]:not(.not-legal):not([disabled])")
            card = legal.first.get_attribute("data-card")
            assert card is not None
            _tap(page, card)
            continue
        page.wait_for_timeout(50)
        _ready(page)
    raise AssertionError("the deal did not end")


def test_a_pupil_plays_a_whole_deal_by_tapping(page: Page, address: str):
    _start_lesson(page, address, 5)
    _play_to_the_end(page)
    assert _phase(page) == "game_over"
    expect(page.locator("#table")).to_contain_text("The four hands")
    SCREENS.mkdir(exist_ok=True)
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SCREENS / f"over-{name}.png"))


def test_a_card_the_rules_forbid_is_refused_with_its_reason(page: Page, address: str):
    _start_lesson(page, address, 6)
    for _ in range(60):
        phase = _phase(page)
        if phase == "contract":
            page.locator("#table button.contract-choice").first.click()
            page.wait_for_timeout(50)
            _ready(page)
            continue
        forbidden = page.locator("#table button.card.not-legal")
        if phase == "play" and forbidden.count():
            card = forbidden.first.get_attribute("data-card")
            assert card is not None
            _tap(page, card)
            expect(page.locator("#table .message")).to_contain_text("follow suit")
            assert page.locator(f"#table button.card[data-card='{card}']").count() == 1  # still in the hand
            SCREENS.mkdir(exist_ok=True)
            for name, (width, height) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                page.screenshot(path=str(SCREENS / f"refused-{name}.png"))
            return
        assert phase == "play", phase
        legal = page.locator("#table button.card[data-card]:not(.not-legal):not([disabled])")
        _tap(page, legal.first.get_attribute("data-card") or "")
    raise AssertionError("no card to refuse came up")


def test_a_reload_brings_the_game_back(page: Page, address: str):
    _start_lesson(page, address, 3)
    while _phase(page) in ("declarer", "contract"):
        page.locator("#table button.choice").first.click()
        page.wait_for_timeout(50)
        _ready(page)
    before = page.locator("#table").inner_text()
    page.reload()
    _ready(page)
    assert page.locator("#table").inner_text() == before
