"""The teacher's room in a real browser: Playwright driving Debian's Chromium against a classroom server started
on a free loopback port for each test.

A pupil's browser cannot open a teacher page; the teacher's link opens the room. A lesson pack made on the
printing page downloads as a PDF holding the lesson's boards. The class screen steps through a deal by its
buttons, the keyboard and its trick links, and a card is played by clicking it; at 1280×720 and 1920×1080 the
whole screen fits without scrolling. The league's standings change by themselves when a result is recorded by
another program. Screenshots of every teacher page at laptop and projector sizes are written to
``tests/web/screens/`` (not kept in git) to be looked at.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from pypdf import PdfReader
from test_browser import SCREENS, chromium

from minibridge.league import Result, new_league, record_result
from minibridge.lessons import find_lesson

PAGES = {
    "room": "/teacher",
    "lessons": "/teacher/lessons",
    "lesson": "/teacher/lessons/5",
    "printing": "/teacher/printing",
    "screen-choose": "/teacher/screen",
    "progress": "/teacher/progress",
    "leagues": "/teacher/league",
    "league": "/teacher/league/spring.yaml",
}
SIZES = {"laptop": (1366, 768), "projector": (1920, 1080)}


@pytest.fixture
def league(tmp_path: Path) -> Path:
    """A league file in the server's data folder."""
    path = tmp_path / "spring.yaml"
    new_league(path, ["Anna & Ben", "Cara & Dev", "Eli & Fay"], title="Year 6 spring league")
    return path


def _teacher(context: BrowserContext, address: str) -> Page:
    """A page of the browser once the teacher's link has been opened."""
    page = context.new_page()
    page.goto(f"{address}/teacher?token=teacher")
    page.wait_for_selector("#room[data-ready]")
    return page


@pytest.fixture
def laptop() -> Iterator[BrowserContext]:
    with chromium(*SIZES["laptop"]) as context:
        yield context


def _screen(page: Page, played: int) -> None:
    """Wait for the class screen to show the position after ``played`` cards."""
    page.wait_for_selector(f"#screen[data-played='{played}']", timeout=60_000)


def _fits(page: Page) -> None:
    """The whole page is on the screen: nothing to scroll, down or across."""
    sizes = page.evaluate(
        "() => [document.documentElement.scrollWidth, innerWidth, document.documentElement.scrollHeight, innerHeight]"
    )
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], sizes


def _shot(page: Page, name: str) -> None:
    SCREENS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENS / f"teacher-{name}.png"))


def test_a_pupil_cannot_open_a_teacher_page(address: str, laptop: BrowserContext):
    page = laptop.new_page()
    response = page.goto(f"{address}/teacher/printing")
    assert response is not None and response.status == 401
    expect(page.locator("h1")).to_have_text("This page is for the teacher")
    expect(page.get_by_role("alert")).to_contain_text("use the teacher's link that minibridge serve printed")
    page.click("text=Go to the start page")
    page.wait_for_selector("#start[data-ready]")
    page.goto(f"{address}/teacher?token=teacher")
    assert page.url == f"{address}/teacher"
    page.click("nav.teacher-bar >> text=Printing")
    page.wait_for_selector("#printing[data-ready]")


def test_a_pack_made_on_the_page_downloads_as_a_pdf_with_the_lessons_boards(address: str, laptop: BrowserContext):
    page = _teacher(laptop, address)
    page.goto(f"{address}/teacher/lessons/4")
    page.click("text=Print this lesson's pack")
    page.wait_for_selector("#printing[data-ready]")
    expect(page.locator(".pack-form input[name=lesson][value='4']")).to_be_checked()
    page.fill("#pack-deals", "8")
    with page.expect_download(timeout=120_000) as download:
        page.click(".pack-form button[type=submit]")
    assert download.value.suggested_filename == "lesson-4-8-deals-seed-404.pdf"
    pdf = PdfReader(io.BytesIO(Path(download.value.path()).read_bytes()))
    text = "".join(sheet.extract_text() for sheet in pdf.pages)
    assert find_lesson(4).name in text
    assert all(f"Board {number}" in text for number in range(1, 9))
    assert "Board 9" not in text


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_the_class_screen_steps_through_a_deal(address: str, size: tuple[int, int]):
    order = [str(card) for card in find_lesson(5).board(1).play.order]
    with chromium(*size) as context:
        page = _teacher(context, address)
        page.goto(f"{address}/teacher/screen?lesson=5&board=1")
        _screen(page, 0)
        _fits(page)
        expect(page.locator(".screen-bar")).to_contain_text("South plays game in spades")
        expect(page.locator(".screen-seat.at-s")).to_contain_text("16 points")
        page.click("#next")
        _screen(page, 1)
        expect(page.locator(f".screen-trick [data-card='{order[0]}']")).to_be_visible()
        page.keyboard.press("ArrowRight")
        _screen(page, 2)
        page.keyboard.press("ArrowLeft")
        _screen(page, 1)
        assert page.url.endswith(f"cards={order[0]}")
        page.click("a.trick-link[title='After trick 3']")
        _screen(page, 12)
        expect(page.locator(".screen-caption")).to_contain_text("won the trick")
        _fits(page)
        _shot(page, f"screen-trick-3-{size[0]}x{size[1]}")
        page.keyboard.press("End")
        _screen(page, 52)
        expect(page.locator(".corner-result .verdict")).to_have_text("Made!")
        _fits(page)
        _shot(page, f"screen-end-{size[0]}x{size[1]}")
        page.click("a.dd-link")
        page.wait_for_selector(".dd-table")
        _fits(page)
        _shot(page, f"screen-double-dummy-{size[0]}x{size[1]}")


def test_the_teacher_chooses_the_contract_and_plays_the_cards_on_the_class_screen(address: str):
    with chromium(1280, 720) as context:
        page = _teacher(context, address)
        page.goto(f"{address}/teacher/screen")
        page.click("li:has-text('Lesson Five') >> a.board-link:text-is('7')")
        page.wait_for_selector("#screen[data-stage='contract']")
        _shot(page, "screen-contract-1280x720")
        page.click("[data-contract='3NT']")
        page.wait_for_selector("#screen[data-stage='play']")
        expect(page.locator(".screen-bar")).to_contain_text("goal 9 tricks")
        first = page.locator("a.pip.playable").first
        card = first.get_attribute("data-card")
        first.click()
        _screen(page, 1)
        expect(page.locator(f".screen-trick [data-card='{card}']")).to_be_visible()
        page.click("#next")  # the card a player who sees all four hands plays
        _screen(page, 2)
        page.go_back()
        _screen(page, 1)


def test_the_league_standings_change_when_the_command_records_a_result(address: str, league: Path):
    with chromium(*SIZES["laptop"]) as context:
        page = _teacher(context, address)
        page.goto(f"{address}/teacher/league/spring.yaml")
        expect(page.locator("#standings")).to_contain_text("0 of 3 mini-matches played")
        record_result(league, 1, "Cara & Dev", "Eli & Fay", Result.from_deals([True, True]))
        expect(page.locator("#standings")).to_contain_text("1 of 3 mini-matches played", timeout=20_000)
        expect(page.locator("#standings tr[data-pair='Cara & Dev'] td.won")).to_have_text("1")


def test_a_result_recorded_on_the_league_page(address: str, league: Path):
    with chromium(*SIZES["laptop"]) as context:
        page = _teacher(context, address)
        page.goto(f"{address}/teacher/league/spring.yaml")
        match = page.locator("li.match").first
        first = match.locator("input[name=first]").first.get_attribute("value")
        match.locator("input[name='deal-1'][value='W']").check()
        match.locator("input[name='deal-2'][value='W']").check()
        match.locator("form.record-form:not(.result-only) button").click()
        page.wait_for_selector(".recorded")
        expect(page.locator("li.match").first.locator(".match-result")).to_have_text(f"{first} won 2–0")
        assert f"{first}" in league.read_text(encoding="utf-8")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_screenshots_of_every_teacher_page(address: str, league: Path, size: str):
    with chromium(*SIZES[size]) as context:
        page = _teacher(context, address)
        for pupil, answers in (("Amy", {"1": 9, "2": 7}), ("Ben", {"1": 9})):
            page.request.post(f"{address}/api/lessons/5/answers", data={"pupil": pupil, "answers": answers})
        for name, path in PAGES.items():
            response = page.goto(address + path)
            assert response is not None and response.status == 200, name
            page.wait_for_selector("main[data-ready]", state="attached")
            width = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
            assert width[0] <= width[1], (name, width)
            _shot(page, f"{name}-{size}")
