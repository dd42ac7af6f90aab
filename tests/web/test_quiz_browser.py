"""The class quiz in a real browser: Playwright driving Debian's Chromium (never a downloaded browser), against a
classroom server started on a free loopback port for each test.

The class screen and three pupils' tablets at once: the teacher starts a quiz on the screen, the pupils join it
from the start page and answer by tapping; the screen counts the answers without a reload, and neither the screen
nor a tablet shows the answer before the question closes; then the answer, its reason and the leaderboard. A
question whose time runs out closes by itself on every page. The pages pass axe; screenshots are written to
``tests/web/screens/`` (not kept in git) to be looked at.
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect
from test_browser import SCREENS, debian_chromium

SIZES = {"tablet": (820, 1180), "projector": (1920, 1080)}
PUPILS = ("Ann", "Bob", "Cat")


def _page(opened: Browser, size: str) -> Page:
    width, height = SIZES[size]
    page = opened.new_context(viewport={"width": width, "height": height}).new_page()
    page.set_default_timeout(15_000)
    return page


def _screen(opened: Browser, address: str, seconds: int) -> Page:
    """The class screen's Quiz tab, with a quiz of Lesson Six started from it, listening to the quiz."""
    screen = _page(opened, "projector")
    screen.goto(f"{address}/teacher?token=teacher")
    screen.goto(f"{address}/teacher/screen")
    screen.click("nav.screen-tabs a:has-text('Quiz')")
    screen.select_option("#quiz-lesson", "6")
    screen.fill("#quiz-seconds", str(seconds))
    screen.click("button:has-text('Start the quiz')")
    screen.wait_for_selector("#screen-quiz[data-live]")
    expect(screen.locator("#quiz-part")).to_have_attribute("data-phase", "waiting")
    return screen


def _tablet(opened: Browser, address: str, name: str) -> Page:
    """A pupil's tablet that joined the quiz from the start page under ``name``."""
    tablet = _page(opened, "tablet")
    tablet.goto(f"{address}/")
    tablet.click("#class-quiz a.quiz")
    tablet.wait_for_selector("#quiz-name[data-ready]")
    if name == PUPILS[0]:
        _axe(tablet, "the quiz's name page")
    tablet.fill("#pupil", name)
    tablet.click("button:has-text('Join the quiz')")
    tablet.wait_for_selector("#quiz[data-live]")
    expect(tablet.locator("#quiz-part")).to_contain_text("Wait for your teacher")
    return tablet


def _no_answer_shown(page: Page) -> None:
    assert page.locator("[data-answer-shown]").count() == 0
    assert "Why:" not in page.content()


def _axe(page: Page, name: str) -> None:
    found = Axe().run(page).response["violations"]
    assert not found, f"{name}: " + "; ".join(
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes'][:4]]}" for v in found
    )


def test_a_quiz_with_three_tablets_and_the_class_screen(address: str):
    with debian_chromium() as opened:
        screen = _screen(opened, address, seconds=120)
        screen.evaluate("window.notReloaded = true")
        tablets = {name: _tablet(opened, address, name) for name in PUPILS}
        _axe(tablets["Ann"], "the quiz's waiting page")

        screen.click("#quiz-next")
        expect(screen.locator("#quiz-part")).to_have_attribute("data-phase", "open")
        expect(screen.locator("#quiz-part .quiz-count")).to_have_text("Question 1 of 12")
        for tablet in tablets.values():
            expect(tablet.locator("#quiz-part")).to_have_attribute("data-phase", "open")  # came without a reload
            _no_answer_shown(tablet)
        _axe(tablets["Ann"], "the quiz's question on a tablet")
        tablets["Ann"].screenshot(path=str(SCREENS / "quiz-question-tablet.png"), full_page=True)

        for name, choice in (("Ann", "top of sequence"), ("Bob", "top of sequence"), ("Cat", "encourage")):
            tablets[name].click(f"#answer button.signal[value='{choice}']")
            expect(tablets[name].locator("#quiz-part")).to_contain_text("Your answer is in")
        expect(screen.locator(".quiz-answered")).to_contain_text("3 pupils answered")
        assert screen.evaluate("window.notReloaded") is True
        _no_answer_shown(screen)
        for tablet in tablets.values():
            _no_answer_shown(tablet)
        _axe(screen, "the quiz's question on the class screen")

        screen.click("#quiz-close")
        expect(screen.locator("[data-answer-shown]")).to_contain_text("Why:")
        expect(screen.locator(".quiz-leaderboard li .name")).to_have_text(["Ann", "Bob", "Cat"])
        expect(screen.locator(".quiz-leaderboard li").first).to_contain_text("1 point")
        expect(tablets["Ann"].locator(".verdict")).to_contain_text("Right! Well done.")
        expect(tablets["Bob"].locator(".verdict")).to_contain_text("Right! Well done.")
        expect(tablets["Cat"].locator(".verdict")).to_contain_text("Not this time")
        expect(tablets["Cat"].locator("[data-answer-shown]")).to_contain_text("Top of a sequence")
        _axe(screen, "the quiz's answer on the class screen")
        _axe(tablets["Cat"], "the quiz's answer on a tablet")
        screen.screenshot(path=str(SCREENS / "quiz-answer-projector.png"), full_page=True)
        tablets["Cat"].screenshot(path=str(SCREENS / "quiz-answer-tablet.png"), full_page=True)

        screen.click("#quiz-next")
        expect(screen.locator("#quiz-part .quiz-count")).to_have_text("Question 2 of 12")
        for tablet in tablets.values():
            expect(tablet.locator("#answer")).to_be_visible()
            _no_answer_shown(tablet)


def test_a_question_closes_by_itself_when_its_time_runs_out(address: str):
    with debian_chromium() as opened:
        screen = _screen(opened, address, seconds=5)
        tablet = _tablet(opened, address, "Dan")
        screen.click("#quiz-next")
        expect(tablet.locator("#answer")).to_be_visible()
        _no_answer_shown(tablet)
        expect(screen.locator("[data-answer-shown]")).to_be_visible(timeout=15_000)
        expect(tablet.locator("[data-answer-shown]")).to_be_visible(timeout=15_000)
        expect(tablet.locator(".verdict")).to_contain_text("Time is up")


def test_the_start_page_shows_no_quiz_button_while_no_quiz_runs(address: str):
    with debian_chromium() as opened:
        tablet = _page(opened, "tablet")
        tablet.goto(f"{address}/")
        tablet.wait_for_selector("#start[data-ready]")
        tablet.wait_for_load_state("networkidle")
        assert tablet.locator("#class-quiz a.quiz").count() == 0
