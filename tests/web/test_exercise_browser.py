"""The exercise pages in a real browser: Playwright driving Debian's Chromium (never a downloaded browser),
against a classroom server started on a free loopback port for each test.

A pupil gives a name, answers a points-counting exercise right with the − and + buttons, and a signal
exercise wrong with its big buttons: the first wrong tap brings "Not yet. Try again!" with a hint (never the
answer), the second the right answer and why; a wrong count put right on the second try is marked right on try 2.
Screenshots of the exercises, before and after answering, at phone and tablet sizes are written to
``tests/web/screens/`` (not kept in git) to be looked at.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from test_browser import SCREENS, chromium

SIZES = {"phone": (375, 667), "tablet": (768, 1024)}


@pytest.fixture
def page() -> Iterator[Page]:
    with chromium(375, 667) as context:
        yield context.new_page()


def _give_name(page: Page, address: str, lesson: int) -> None:
    page.goto(f"{address}/lessons/{lesson}/exercises")
    page.fill("input[name=pupil]", "Amy")
    page.click("button[type=submit]")
    expect(page.locator(".pupil-name")).to_have_text("Amy")


def _screens(page: Page, name: str) -> None:
    SCREENS.mkdir(exist_ok=True)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SCREENS / f"{name}-{size}.png"), full_page=True)
    page.set_viewport_size({"width": 375, "height": 667})


def _set_points(page: Page, seat: str, points: int) -> None:
    """Tap + until the seat's number shows ``points`` (the last few taps, − after one too many)."""
    stepper = page.locator(f".stepper:has(input[name={seat}])")
    for _ in range(points + 1):
        stepper.locator("button.up").click()
    stepper.locator("button.down").click()
    expect(stepper.locator("input")).to_have_value(str(points))


def test_a_pupil_counts_the_points_right_by_tapping(page: Page, address: str):
    _give_name(page, address, 3)
    page.click("a.choice.go")  # the first exercise: count the points of Board 1
    page.wait_for_selector("#exercise[data-kind=hcp] #answer[data-ready]")
    _screens(page, "exercise-hcp")
    for seat, points in {"N": 11, "E": 7, "S": 14, "W": 8}.items():
        _set_points(page, seat, points)
    page.click("button.check")
    marked = page.locator("#answer[data-marked]")
    expect(marked).to_have_attribute("data-marked", "right")
    expect(marked).to_contain_text("Right!")
    expect(marked).to_contain_text("North 11")
    _screens(page, "marked-hcp")
    page.click("a.choice.next")
    page.wait_for_selector("#exercise[data-kind=declarer]")
    page.goto(f"{address}/lessons/3/exercises")
    expect(page.locator(".exercise-tile.right")).to_have_count(1)


def test_a_pupil_reads_a_signal_wrong_by_tapping_and_sees_the_right_answer(page: Page, address: str):
    _give_name(page, address, 6)
    page.goto(f"{address}/lessons/6/exercises/1")  # West leads the king of hearts: the top of a sequence
    page.wait_for_selector("#exercise[data-kind=signal] #answer[data-ready]")
    _screens(page, "exercise-signal")
    page.click("button.signal[value=encourage]")
    retry = page.locator("#answer .retry")
    expect(retry).to_contain_text("Not yet. Try again!")
    expect(retry.locator(".hint")).to_contain_text("Is it the top of a sequence?")
    expect(page.locator("#answer .right-answer, #answer .reason")).to_have_count(0)  # no answer before try 2
    expect(page.locator("#answer[data-marked]")).to_have_count(0)
    expect(retry).to_be_in_viewport()
    _screens(page, "retry-signal")
    page.click("button.signal[value=encourage]")
    marked = page.locator("#answer[data-marked]")
    expect(marked).to_have_attribute("data-marked", "wrong")
    expect(marked.locator(".right-answer")).to_contain_text("Top of a sequence")
    expect(marked.locator(".reason")).to_contain_text("top of a sequence")
    _screens(page, "marked-signal")


def test_a_wrong_count_put_right_on_the_second_try_is_marked_right_on_try_2(page: Page, address: str):
    _give_name(page, address, 3)
    page.goto(f"{address}/lessons/3/exercises/1")
    page.wait_for_selector("#exercise[data-kind=hcp] #answer[data-ready]")
    for seat, points in {"N": 11, "E": 7, "S": 13, "W": 8}.items():
        _set_points(page, seat, points)
    page.click("button.check")
    expect(page.locator("#answer .retry")).to_contain_text("Not yet. Try again!")
    page.locator("#answer .stepper:has(input[name=S]) button.up").click()
    page.click("button.check")
    marked = page.locator("#answer[data-marked]")
    expect(marked).to_have_attribute("data-marked", "right")
    expect(marked).to_contain_text("Right on your second try")
    page.goto(f"{address}/lessons/3/exercises")
    expect(page.locator(".exercise-tile.right")).to_contain_text("right on try 2")


def test_a_part_left_out_is_asked_for_before_marking(page: Page, address: str):
    _give_name(page, address, 5)
    page.goto(f"{address}/lessons/5/exercises/11")  # who declares on Board 4
    page.wait_for_selector("#answer[data-ready]")
    page.click("label.pick:has(input[name=declarer][value=N])")
    page.click("button.check")
    expect(page.locator("#answer .message")).to_contain_text("Dummy")
    page.click("label.pick:has(input[name=dummy][value=S])")
    page.click("button.check")
    expect(page.locator("#answer[data-marked]")).to_have_attribute("data-marked", "right")


def test_a_count_that_is_not_40_gets_the_books_cue_and_the_goal_is_a_tap(page: Page, address: str):
    """Seed 000, Law 5: points that do not add up to 40 call for a re-count; Lesson Three's exercise 10 asks
    whether declarer reached the goal with two tiles, and never who won each trick."""
    _give_name(page, address, 3)
    page.goto(f"{address}/lessons/3/exercises/1")
    page.wait_for_selector("#exercise[data-kind=hcp] #answer[data-ready]")
    for seat, points in {"N": 11, "E": 7, "S": 14, "W": 6}.items():
        _set_points(page, seat, points)
    page.click("button.check")
    retry = page.locator("#answer .retry")
    expect(retry.locator(".cue")).to_contain_text("add up to 38, not 40")
    expect(retry.locator(".hint")).to_contain_text("Count the high cards")
    expect(page.locator("#answer input[name=W]")).to_have_value("6")  # the pupil's taps kept
    _screens(page, "retry-hcp-recount")
    page.click("button.check")
    marked = page.locator("#answer[data-marked]")
    expect(marked).to_have_attribute("data-marked", "wrong")
    expect(marked.locator(".cue")).to_contain_text("add up to 38, not 40")
    _screens(page, "marked-hcp-recount")
    page.goto(f"{address}/lessons/3/exercises/10")
    page.wait_for_selector("#exercise[data-kind=replay] #answer[data-ready]")
    expect(page.locator("input[name=winners-1]")).to_have_count(0)
    page.click("label.pick:has(input[name=goal][value=reached])")
    _set_points(page, "defenders", 0)
    page.locator("input[name=declarers]").fill("90")
    _screens(page, "exercise-goal")
    page.click("button.check")
    expect(page.locator("#answer[data-marked]")).to_have_attribute("data-marked", "right")
