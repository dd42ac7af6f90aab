"""The start page and the exercise pages as a seven-year-old meets them, in Debian's chromium at phone size: the big
choice first (Play, or My exercises), then the six lessons in the first screen; one tap on a lesson starts a game;
the teacher's choices wait behind "More" and still work (a game to a score starts); "My exercises" leads to a
lesson's exercises, where a first wrong answer brings a hint and a second try. At phone, tablet, laptop and
projector sizes the start page and the exercise pages (the list, a question, "Not yet" with a hint, the marked
answer) have no axe-core failing of any impact; screenshots of each go to ``tests/web/screens/``."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from test_browser import SCREENS, SIZES, _ready, chromium, open_more


def _in_first_screen(page: Page, selector: str) -> None:
    """Every element ``selector`` finds lies wholly in the first screen, without scrolling."""
    height = page.viewport_size["height"]
    boxes = [page.locator(selector).nth(n).bounding_box() for n in range(page.locator(selector).count())]
    assert boxes and all(box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height for box in boxes)


def test_the_big_choice_comes_first_and_one_tap_on_a_lesson_starts_a_game(address: str):
    with chromium(375, 667) as context:
        page = context.new_page()
        page.goto(address + "/")
        expect(page.locator(".big-choice a")).to_have_text(["▶ Play", "✎ My exercises"])
        _in_first_screen(page, ".big-choice a")
        _in_first_screen(page, "#play button[name=lesson]")  # the six lessons, before any choice
        expect(page.locator("details.more")).not_to_have_attribute("open", "")
        expect(page.locator("input[name=deals][value='1']")).to_be_hidden()  # the teacher's choices wait
        page.click(".big-choice .play")
        _in_first_screen(page, "#play button[name=lesson]")  # and after choosing Play
        page.click("button[name=lesson][value='3']")
        page.wait_for_url("**/games/*")
        _ready(page)


def test_more_holds_the_teachers_choices_and_a_game_to_a_score_starts(address: str):
    with chromium(375, 667) as context:
        page = context.new_page()
        page.goto(address + "/")
        open_more(page)
        page.check("input[name=deals][value='']")
        page.fill("input[name=target]", "200")
        page.check("input[name=robots][value=beginner]")
        expect(page.locator("button[name=lesson][value='1']")).to_be_disabled()  # to a score: from Lesson Three
        page.screenshot(path=str(SCREENS / "start-more-phone.png"), full_page=True)
        page.click("button[name=lesson][value='4']")
        page.wait_for_url("**/games/*")
        _ready(page)
        game = page.request.get(page.url.replace("/games/", "/api/games/")).json()
        assert (game["lesson"], game["target"], game["deals"]) == (4, 200, None)


def test_a_refused_choice_comes_back_with_more_open(address: str):
    with chromium(375, 667) as context:
        page = context.new_page()
        page.goto(address + "/")
        open_more(page)
        page.check("input[name=three_handed][value=simple]")
        page.locator("button[name=lesson][value='1']").evaluate("button => { button.disabled = false; }")
        page.click("button[name=lesson][value='1']")
        expect(page.locator("#start .message[role=alert]")).to_have_text("Three players can play from Lesson Three on.")
        expect(page.locator("details.more")).to_have_attribute("open", "")
        expect(page.locator("input[name=three_handed][value=simple]")).to_be_visible()
        expect(page.locator("input[name=three_handed][value=simple]")).to_be_checked()


def test_my_exercises_leads_to_a_lessons_exercises_and_a_second_try(address: str):
    with chromium(375, 667) as context:
        page = context.new_page()
        page.goto(address + "/")
        page.click(".big-choice .mine")
        expect(page.locator("#play")).to_be_hidden()
        _in_first_screen(page, "#my-exercises a.lesson")
        page.screenshot(path=str(SCREENS / "start-my-exercises-phone.png"))
        page.click("#my-exercises a.lesson[href$='/lessons/5/exercises']")
        page.fill("input[name=pupil]", "Amy")
        page.click("button[type=submit]")
        page.click("a.choice.go")  # exercise 1: how many tricks game in no-trumps needs
        page.wait_for_selector("#exercise[data-kind=goal] #answer[data-ready]")
        page.click("label.pick:has(input[name=answer][value='8'])")
        page.click("button.check")
        expect(page.locator("#answer .retry")).to_contain_text("Not yet. Try again!")
        expect(page.locator("#answer input[name=answer][value='8']")).to_be_checked()  # the tap kept
        expect(page.locator("#answer[data-marked]")).to_have_count(0)
        page.click("label.pick:has(input[name=answer][value='9'])")
        page.click("button.check")
        expect(page.locator("#answer[data-marked]")).to_have_attribute("data-marked", "right")
        expect(page.locator("#answer .verdict")).to_contain_text("Right on your second try")


def _axe(page: Page, where: str) -> list[str]:
    """What axe-core finds failing on the page, of any impact, each with the page's name."""
    found = Axe().run(page).response["violations"]
    return [f"{where}: {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}" for v in found]


@pytest.mark.parametrize("size", list(SIZES))
def test_the_start_page_and_the_exercise_pages_pass_axe_at_each_size(address: str, size: str):
    width, height = SIZES[size]
    failing: list[str] = []
    with chromium(width, height) as context:
        page = context.new_page()
        page.goto(address + "/")
        failing += _axe(page, "start")
        page.screenshot(path=str(SCREENS / f"start-{size}.png"))
        open_more(page)
        page.check("input[name=three_handed][value=simple]")  # a hint shown, lessons turned off
        failing += _axe(page, "start, More open")
        page.screenshot(path=str(SCREENS / f"start-more-{size}.png"), full_page=True)
        page.goto(address + "/#my-exercises")
        failing += _axe(page, "my exercises")
        page.goto(address + "/lessons/6/exercises")
        failing += _axe(page, "the name")
        page.fill("input[name=pupil]", "Amy")
        page.click("button[type=submit]")
        failing += _axe(page, "the list")
        page.goto(address + "/lessons/6/exercises/1")
        page.wait_for_selector("#answer[data-ready]")
        failing += _axe(page, "a question")
        page.click("button.signal[value=encourage]")
        page.wait_for_selector("#answer .retry")
        failing += _axe(page, "not yet")
        page.screenshot(path=str(SCREENS / f"exercise-retry-{size}.png"), full_page=True)
        page.click("button.signal[value=encourage]")
        page.wait_for_selector("#answer[data-marked]")
        failing += _axe(page, "marked")
        page.screenshot(path=str(SCREENS / f"exercise-marked-{size}.png"), full_page=True)
        page.goto(address + "/lessons/6/exercises")
        failing += _axe(page, "the list, marked")
    assert failing == []
