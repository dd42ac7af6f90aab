"""The events in a real browser: Playwright driving Debian's Chromium (never a downloaded browser), against a
classroom server started on a free loopback port for each test.

Two pages at once: a table's tablet, where a result is entered by tapping, and the class screen, where it
appears without the page being loaded again; the teacher's event page, where a pupil who joins appears by
itself; a pupil's browser cannot open a teacher's page. Screenshots of every events page at phone, tablet,
laptop and projector sizes are written to ``tests/web/screens/`` (not kept in git) to be looked at.
"""

from __future__ import annotations

import random

import httpx2
from classroom_client import next_action
from events_client import TEACHER
from playwright.sync_api import Browser, Page, expect
from test_browser import SCREENS, debian_chromium

SIZES = {"phone": (390, 844), "tablet": (820, 1180), "laptop": (1366, 768), "projector": (1920, 1080)}


def _page(opened: Browser, size: str) -> Page:
    width, height = SIZES[size]
    return opened.new_context(viewport={"width": width, "height": height}).new_page()


def _as_teacher(page: Page, address: str, path: str) -> None:
    """Open the teacher's link (which keeps the token in a cookie), then a teacher's page."""
    page.goto(f"{address}/teacher?token=teacher")
    assert "token" not in page.url
    page.goto(f"{address}{path}")


def _event(address: str, **fields: object) -> str:
    body = {"name": "Tuesday club", "boards": 4, "lesson": 6, "seed": 606, **fields}
    return str(httpx2.post(f"{address}/api/events", json=body, headers=TEACHER).json()["id"])


def _tap(page: Page, text: str) -> None:
    """Tap the big button showing ``text`` and wait for the next step's page."""
    page.locator("button.big, a.big", has_text=text).first.click()
    page.wait_for_selector("#entry[data-ready]")


def test_a_result_tapped_on_a_tablet_appears_on_the_class_screen_without_a_reload(address: str):
    event = _event(address)
    with debian_chromium() as opened:
        screen = _page(opened, "projector")
        _as_teacher(screen, address, f"/teacher/events/{event}/screen")
        screen.wait_for_selector("#screen[data-live]")  # the class screen listens to the results
        expect(screen.locator("#panel")).to_contain_text("The ranking appears here")
        screen.evaluate("window.notReloaded = true")

        tablet = _page(opened, "tablet")
        tablet.goto(f"{address}/")
        tablet.click(f"a[href='/events/{event}/table']")
        for tap in ("1", "1", "2"):  # board 1, N–S pair 1, E–W pair 2
            _tap(tablet, tap)
        tablet.locator("button.big.contract[value='3NT']").click()
        tablet.wait_for_selector("#entry[data-ready]")
        _tap(tablet, "South")
        tablet.locator("button.big.made[value='10']").click()  # +1: ten tricks
        expect(tablet.locator("h1.ask")).to_have_text("East–West, please check:")
        expect(tablet.locator(".summary")).to_contain_text("made, +1")
        _tap(tablet, "Yes, that's right")
        expect(tablet.locator(".saved")).to_contain_text("North–South 430")
        expect(tablet.locator(".traveller tr.mine")).to_contain_text("3NT")

        rows = screen.locator("#panel table.ranking tr[data-pair]")
        expect(rows).to_have_count(2, timeout=15_000)  # N–S pair 1 and E–W pair 2, each ranked
        expect(screen.locator("#panel")).to_contain_text("1 result in")
        assert screen.evaluate("window.notReloaded") is True

        # the next board at the same table, the same pairs already chosen
        tablet.click("a.big.yes")
        tablet.wait_for_selector("#entry[data-step='board']")
        _tap(tablet, "2")
        expect(tablet.locator("h1.ask")).to_have_text("What was the contract?")
        tablet.locator("button.big.contract[value='4S']").click()
        tablet.wait_for_selector("#entry[data-ready]")
        _tap(tablet, "West")
        tablet.locator("button.big.down[value='8']").click()  # two down: eight tricks
        expect(tablet.locator("h1.ask")).to_have_text("North–South, please check:")
        _tap(tablet, "Yes, that's right")
        expect(screen.locator("#panel")).to_contain_text("2 results in", timeout=15_000)
        assert screen.evaluate("window.notReloaded") is True


def test_a_pupil_who_joins_appears_on_the_teachers_page_by_itself(address: str):
    event = _event(address, lesson=3, boards=1, seed=303)
    with debian_chromium() as opened:
        teacher = _page(opened, "laptop")
        _as_teacher(teacher, address, f"/teacher/events/{event}")
        teacher.wait_for_selector("#event[data-live]")
        expect(teacher.locator("#pupils")).to_contain_text("No pupil has joined yet")
        teacher.evaluate("window.notReloaded = true")

        pupil = _page(opened, "phone")
        pupil.goto(f"{address}/")
        pupil.click(f"a[href='/events/{event}/join']")
        pupil.fill("input[name=pupil]", "Amy")
        pupil.click("button[type=submit]")
        pupil.wait_for_url("**/games/*")
        pupil.wait_for_selector("#table[data-ready]", timeout=60_000)
        expect(pupil.locator("#table .bar")).to_contain_text("The teacher's deals · Board 1 (1 of 1)")

        expect(teacher.locator("#pupils tr[data-pupil='Amy']")).to_be_visible(timeout=15_000)
        assert teacher.evaluate("window.notReloaded") is True

        refused = pupil.goto(f"{address}/teacher/events/{event}")
        assert refused is not None and refused.status == 401
        expect(pupil.locator("h1")).to_have_text("This page is for the teacher")


def test_screenshots_of_every_events_page(address: str):
    """Every events page at phone, tablet, laptop and projector sizes, with results and pupils in it."""
    event = _event(address, boards=4)
    rng = random.Random(5)
    for table in range(1, 6):
        for board in (1, 2):
            result = {
                "board": board,
                "ns": str(table),
                "ew": str(5 + (table + board) % 5 + 1),
                "contract": rng.choice(["3NT", "4S", "1H", "4H"]),
                "declarer": rng.choice("NS"),
                "tricks": rng.randint(7, 11),
            }
            assert httpx2.post(f"{address}/api/events/{event}/results", json=result).status_code == 201
    games = {}
    for name, moves in (("Amy", 200), ("Ben", 40), ("Chloé", 3)):
        view = httpx2.post(f"{address}/api/events/{event}/games", json={"pupil": name}, timeout=60).json()
        games[name] = view["id"]
        for _ in range(moves):
            if view["phase"] == "game_over":
                break
            view = httpx2.post(
                f"{address}/api/games/{view['id']}/actions", json=next_action(view, rng), timeout=60
            ).json()
    table = f"/events/{event}/table?board=3&ns=1&ew=2"
    pages = {
        "events": "/teacher/events",
        "event": f"/teacher/events/{event}",
        "screen-ranking": f"/teacher/events/{event}/screen",
        "screen-board": f"/teacher/events/{event}/screen?show=board&board=1",
        "screen-pupils": f"/teacher/events/{event}/screen?show=pupils&board=1",
        "correct": f"/teacher/events/{event}/correct?board=1&ns=1&ew=7&contract=3NT&declarer=S&tricks=9",
        "table-board": f"/events/{event}/table",
        "table-pair": f"/events/{event}/table?board=3",
        "table-contract": table,
        "table-declarer": f"{table}&contract=4H",
        "table-tricks": f"{table}&contract=4H&declarer=N",
        "table-check": f"{table}&contract=4H&declarer=N&tricks=11",
        "join": f"/events/{event}/join",
        "start": "/",
        "pupil-table": f"/games/{games['Chloé']}",
        "pupil-over": f"/games/{games['Amy']}",
    }
    SCREENS.mkdir(exist_ok=True)
    with debian_chromium() as opened:
        for number, size in enumerate(SIZES):
            page = _page(opened, size)
            _as_teacher(page, address, "/teacher/events")
            for name, path in pages.items():
                page.goto(address + path)
                page.wait_for_selector("[data-ready]")
                full = not name.startswith("screen")
                page.screenshot(path=str(SCREENS / f"event-{name}-{size}.png"), full_page=full)
            check = f"/events/{event}/table?board=4&ns={10 + number}&ew={20 + number}&contract=4H&declarer=N&tricks=11"
            page.goto(address + check)
            _tap(page, "Yes, that's right")
            page.screenshot(path=str(SCREENS / f"event-table-done-{size}.png"), full_page=True)
            page.goto(address + check.replace("tricks=11", "tricks=9"))
            _tap(page, "Yes, that's right")
            expect(page.locator("#entry")).to_have_attribute("data-step", "refused")
            page.screenshot(path=str(SCREENS / f"event-table-refused-{size}.png"), full_page=True)
            page.context.close()
