"""The classroom in Dutch and Danish in a real browser: the browser's own language, the switch at the foot of the
page, a deal played to its end in Danish; screenshots at phone, tablet, laptop and projector sizes."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from playwright.sync_api import expect
from test_browser import FLAGS, SCREENS, chromium  # noqa: F401 (FLAGS: the same browser as the other tests)

SIZES = {"phone": (390, 844), "tablet": (820, 1180), "laptop": (1366, 768), "projector": (1920, 1080)}


def test_the_start_page_follows_the_browsers_language_and_the_switch(address: str):
    with chromium(820, 1180) as context:
        page = context.new_page()
        page.set_extra_http_headers({"Accept-Language": "da-DK,da;q=0.9"})
        page.goto(address + "/")
        page.wait_for_selector("[data-ready=true]")
        expect(page.locator("h2").first).to_have_text("Vælg en lektion")
        expect(page.locator("html")).to_have_attribute("lang", "da")
        page.get_by_role("link", name="Nederlands").click()
        page.wait_for_selector("[data-ready=true]")
        expect(page.locator("h2").first).to_have_text("Kies een les")
        page.goto(address + "/lessons/3/exercises")  # the cookie outlasts the browser's Danish
        expect(page.locator("h1")).to_have_text("Les 3: oefeningen")


def test_a_deal_in_danish_at_every_size(address: str):
    SCREENS.mkdir(exist_ok=True)
    for label, (width, height) in SIZES.items():
        with chromium(width, height) as context:
            page = context.new_page()
            page.set_extra_http_headers({"Accept-Language": "da"})
            page.goto(address + "/")
            page.wait_for_selector("[data-ready=true]")
            page.screenshot(path=str(SCREENS / f"da-start-{label}.png"), full_page=True)
            page.locator("button.lesson[value='3']").click()
            page.wait_for_selector("#table[data-ready=true]")
            # a random deal: the pupil's turn, another player's, a forced card, or a tie for declarer, in Danish
            expect(page.locator(".status")).to_contain_text(re.compile(r"\btur\b|spilfører|\bkort\b"))
            page.screenshot(path=str(SCREENS / f"da-table-{label}.png"), full_page=True)
            ranks = set(page.locator(".seat.pupil .rank").all_inner_texts())
            assert ranks and not ranks & {"A", "Q", "J"}


def test_the_teachers_room_in_dutch(address: str):
    SCREENS.mkdir(exist_ok=True)
    for label, (width, height) in SIZES.items():
        with chromium(width, height) as context:
            page = context.new_page()
            page.set_extra_http_headers({"Accept-Language": "nl"})
            page.goto(address + "/teacher?token=teacher")
            page.wait_for_selector("[data-ready=true]")
            expect(page.locator("h1")).to_have_text("De kamer van de leerkracht")
            page.goto(address + "/teacher/lessons/3")
            page.wait_for_selector("[data-ready=true]")
            expect(page.locator("h1")).to_have_text("Minibridgeles 3: Spelen met een dummy")
            page.screenshot(path=str(SCREENS / f"nl-teacher-lesson-{label}.png"))
            page.goto(address + "/teacher/screen?lesson=3&board=2")
            page.wait_for_selector("[data-ready=true]")
            expect(page.locator(".screen-bar .where")).to_contain_text("Spel 2")
            page.screenshot(path=str(SCREENS / f"nl-class-screen-{label}.png"))
