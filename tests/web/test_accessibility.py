"""Every page of the classroom checked by axe-core in Debian's chromium at phone, tablet, laptop and projector
sizes: no failing of any impact.

Two classrooms are looked at: a busy one (a class code, games in each phase, exercises, tables of pupils, an event
with results and pupils, a league) and an empty one (nothing started yet). One browser; for each size one context
that visits every page in turn, so that a test reports every failing at that size, with the page and the element.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import httpx2
import pytest
from axe_playwright_python.sync_playwright import Axe
from classroom_client import next_action
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_browser import debian_chromium

from minibridge.web.app import create_app
from minibridge.web.server import running

TOKEN = "teacher"
CODE = "OWL"
HEADERS = {"Authorization": f"Bearer {TOKEN}", "X-Class-Code": CODE, "X-Tablet": "the-program-that-sets-up-the-pages"}
SIZES = {"phone": (375, 667), "tablet": (768, 1024), "laptop": (1280, 800), "projector": (1920, 1080)}


@dataclass(frozen=True)
class Visit:
    """A page to check: its address, the status it answers with, whether the teacher's link is opened first,
    and what is tapped on it to reach the state to check."""

    path: str
    """The address; ``{n}`` in it is the size's number."""
    status: int = 200
    teacher: bool = True
    then: Callable[[Page], None] | None = None


def _api(address: str, path: str, body: dict[str, object]) -> dict[str, object]:
    response = httpx2.post(f"{address}{path}", json=body, headers=HEADERS, timeout=60)
    assert response.status_code in (200, 201), response.text
    return dict(response.json())


def _played(address: str, body: dict[str, object], until: tuple[str, ...]) -> str:
    """A game against the computer, played at random until its phase is one of ``until``: its id."""
    view = _api(address, "/api/games", body)
    rng = random.Random(1)
    for _ in range(300):
        if view["phase"] in until:
            return str(view["id"])
        view = _api(address, f"/api/games/{view['id']}/actions", next_action(view, rng))
    raise AssertionError(f"the game never reached {until}")


def _event(address: str) -> str:
    """An event of Lesson Six with results entered, one corrected, and three pupils' games where they stand."""
    event = str(_api(address, "/api/events", {"name": "Tuesday club", "boards": 4, "lesson": 6, "seed": 606})["id"])
    rng = random.Random(5)
    for table in range(1, 4):
        for board in (1, 2):
            result = {
                "board": board,
                "ns": str(table),
                "ew": str(4 + table),
                "contract": rng.choice(["3NT", "4S", "1H"]),
                "declarer": rng.choice("NS"),
                "tricks": rng.randint(7, 11),
            }
            _api(address, f"/api/events/{event}/results", result)
    for name, moves in (("Amy", 200), ("Ben", 30), ("Chloé", 2)):
        view = _api(address, f"/api/events/{event}/games", {"pupil": name})
        for _ in range(moves):
            if view["phase"] == "game_over":
                break
            view = _api(address, f"/api/games/{view['id']}/actions", next_action(view, rng))
    return event


def _moving_event(address: str) -> str:
    """An event with a movement whose table 1 another tablet holds (it entered a result there)."""
    event = str(_api(address, "/api/events", {"name": "Club", "boards": 6, "pairs": 6})["id"])
    result = {"table": "1", "round": "1", "board": "1", "contract": "3NT", "declarer": "S", "tricks": "9"}
    other = {**HEADERS, "X-Tablet": "another-tablet-key-0123456789"}
    entered = httpx2.post(f"{address}/events/{event}/table", data=result, headers=other, timeout=60)
    assert entered.status_code == 200, entered.text
    return event


def _league(address: str) -> str:
    """A league of four pairs with one mini-match recorded: its file name."""
    cookies = {"Authorization": f"Bearer {TOKEN}"}
    form = {"name": "spring-term", "title": "Spring league", "pairs": "Tom & Ann, Sam & Bo, Eva & Max, Lia & Noor"}
    started = httpx2.post(f"{address}/teacher/league", data=form, headers=cookies)
    assert started.status_code == 303, started.text
    name = "spring-term.yaml"
    record = {"round": "1", "first": "Tom & Ann", "second": "Lia & Noor", "how": "result", "won": "2", "lost": "1"}
    recorded = httpx2.post(f"{address}/teacher/league/{name}/record", data=record, headers=cookies)
    assert recorded.status_code in (200, 303), recorded.text
    return name


def _signal_read(answer: str, wait_for: str) -> Callable[[Page], None]:
    """A pupil gives a name on the exercises page (the first time), then taps ``answer`` on a signal exercise
    (West leads the king of hearts: the top of a sequence) and waits for ``wait_for``."""

    def taps(page: Page) -> None:
        if page.locator("input[name=pupil]").count():  # the tablet keeps the name once given
            page.fill("input[name=pupil]", f"Dana {page.viewport_size['width']}")  # each size a tablet: its own name
            page.click("button[type=submit]")
            page.wait_for_selector(".pupil-name")
        page.goto(page.url.replace("/lessons/3/exercises", "/lessons/6/exercises/1"))
        page.wait_for_selector("#answer[data-ready]")
        page.click(f"button.signal[value='{answer}']")
        page.wait_for_selector(wait_for)

    return taps


def _confirmed(page: Page) -> None:
    """The opponents confirm the result on the table's tablet: its score and the board's traveller, or why it is
    not kept."""
    page.locator("button.big, a.big", has_text="Yes, that's right").first.click()
    page.wait_for_selector("#entry[data-step=done], #entry[data-step=refused]")


def _busy(address: str) -> dict[str, Visit]:
    """The busy classroom's pages, by name."""
    count = _played(address, {"lesson": 3, "deals": 1, "seed": 3}, ("count",))
    contract = _played(address, {"lesson": 5, "deals": 2, "seed": 1, "count_points": False}, ("contract",))
    playing = _played(address, {"lesson": 5, "deals": 2, "seed": 2, "count_points": False}, ("play",))
    result = _played(address, {"lesson": 5, "deals": 2, "seed": 3, "count_points": False}, ("deal_over",))
    over = _played(address, {"lesson": 6, "deals": 1, "seed": 4, "count_points": False}, ("game_over",))
    short = _played(address, {"lesson": 1, "deals": 1, "seed": 5, "count_points": False}, ("game_over",))
    event = _event(address)
    moving = _moving_event(address)
    league = _league(address)
    table = str(_api(address, "/api/tables", {"tables": 2, "lesson": 5, "seed": 3})["tables"][0]["id"])  # type: ignore[index]
    seat = _api(address, f"/api/tables/{table}/seats", {"seat": "N", "name": "Amy"})
    entry = f"/events/{event}/table?board=3&ns=1&ew=2"
    done = f"/events/{event}/table?board=4&ns=1{{n}}&ew=2{{n}}&contract=4H&declarer=N"  # new pairs at each size
    return {
        "401 for the teacher": Visit("/teacher", 401, teacher=False),
        "403 a wrong teacher's link": Visit("/teacher?token=wrong", 403, teacher=False),
        "the class code on a table's tablet": Visit(f"/events/{event}/table", 401, teacher=False),
        "not your seat": Visit(f"/tables/{table}?player=wrong", 403, teacher=False),
        "start with a class code": Visit("/", teacher=False),
        "404 no such event": Visit("/teacher/events/nosuchevent", 404),
        "404 no event to join": Visit("/events/nosuchevent/join", 404, teacher=False),
        "404 no such game": Visit("/games/nosuchgame", 404, teacher=False),
        "404 nothing at this address": Visit("/no/such/page", 404, teacher=False),
        "start": Visit("/"),
        "counting the points": Visit(f"/games/{count}"),
        "choosing the contract": Visit(f"/games/{contract}"),
        "playing": Visit(f"/games/{playing}"),
        "the result": Visit(f"/games/{result}"),
        "the review of a trick": Visit(f"/games/{result}?trick=3"),
        "the end of the game": Visit(f"/games/{over}"),
        "the end of a short deal": Visit(f"/games/{short}"),
        "start from the class's QR code": Visit(f"/?code={CODE}", teacher=False),  # the code kept: answers taken
        "exercises": Visit("/lessons/3/exercises", teacher=False),
        "an exercise to try again": Visit(
            "/lessons/3/exercises", teacher=False, then=_signal_read("encourage", "#answer .retry")
        ),
        "an exercise marked": Visit(
            "/lessons/3/exercises", teacher=False, then=_signal_read("top of sequence", "#answer[data-marked]")
        ),
        "a pupil's exercises, one right": Visit("/lessons/6/exercises", teacher=False),
        "join an event": Visit(f"/events/{event}/join"),
        "seat at a table": Visit(f"/tables/{table}?player={seat['player']}"),
        "room": Visit("/teacher"),
        "lessons": Visit("/teacher/lessons"),
        "lesson": Visit("/teacher/lessons/3"),
        "lesson with contracts": Visit("/teacher/lessons/5"),
        "no such lesson": Visit("/teacher/lessons/7", 404),
        "printing": Visit("/teacher/printing"),
        "screen chooser": Visit("/teacher/screen"),
        "screen": Visit("/teacher/screen?lesson=5&board=1"),
        "progress": Visit("/teacher/progress"),
        "leagues": Visit("/teacher/league"),
        "a league": Visit(f"/teacher/league/{league}"),
        "no such league": Visit("/teacher/league/nothing.yaml", 404),
        "events": Visit("/teacher/events"),
        "event": Visit(f"/teacher/events/{event}"),
        "event with the tables' tablets": Visit(f"/teacher/events/{moving}"),
        "event correction": Visit(f"/teacher/events/{event}/correct?board=1&ns=1&ew=5&contract=3NT&declarer=S"),
        "events on the class screen": Visit("/teacher/events/screen"),
        "event screen": Visit(f"/teacher/events/{event}/screen"),
        "event screen board": Visit(f"/teacher/events/{event}/screen?show=board&board=1"),
        "event screen pupils": Visit(f"/teacher/events/{event}/screen?show=pupils&board=1"),
        "tablet board": Visit(f"/events/{event}/table"),
        "tablet table held by another": Visit(f"/events/{moving}/table?table=1"),
        "tablet pair": Visit(f"/events/{event}/table?board=3"),
        "tablet contract": Visit(entry),
        "tablet declarer": Visit(f"{entry}&contract=4H"),
        "tablet tricks": Visit(f"{entry}&contract=4H&declarer=N"),
        "tablet check": Visit(f"{entry}&contract=4H&declarer=N&tricks=10"),
        "tablet done": Visit(f"{done}&tricks=10", then=_confirmed),
        "tablet refused": Visit(f"{done}&tricks=9", then=_confirmed),
        "tables": Visit("/teacher/tables"),
        "404 no such table": Visit("/teacher/tables/nosuchtable", 404),
        "teacher's table": Visit(f"/teacher/tables/{table}"),
        "table on the class screen": Visit(f"/teacher/tables/{table}/screen"),
    }


def _empty(address: str) -> dict[str, Visit]:
    """The empty classroom's pages (nothing started yet), by name."""
    return {
        "empty: start": Visit("/", teacher=False),
        "empty: room": Visit("/teacher"),
        "empty: progress": Visit("/teacher/progress"),
        "empty: leagues": Visit("/teacher/league"),
        "empty: events": Visit("/teacher/events"),
        "empty: tables": Visit("/teacher/tables"),
    }


@pytest.fixture(scope="module")
def classrooms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[tuple[str, dict[str, Visit]]]]:
    """The two classrooms, each with its address and pages."""
    busy, empty = tmp_path_factory.mktemp("busy"), tmp_path_factory.mktemp("empty")
    busy_app = create_app(data=busy, class_code=CODE, teacher_token=TOKEN, loopback=True, samples=2)
    empty_app = create_app(data=empty, class_code=None, teacher_token=TOKEN, loopback=True, samples=2)
    with running(busy_app) as busy_address, running(empty_app) as empty_address:
        yield [(busy_address, _busy(busy_address)), (empty_address, _empty(empty_address))]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with debian_chromium() as opened:
        yield opened


def _ready(page: Page) -> bool:
    """Whether the page says it is ready (``data-ready``) within ten seconds."""
    try:
        page.wait_for_selector("[data-ready]", state="attached", timeout=10_000)
    except PlaywrightTimeout:
        return False
    return True


def _failings(page: Page, name: str, size: str) -> list[str]:
    """Each failing axe finds on the page: the page, the size, the rule, its impact and the elements."""
    found = Axe().run(page).response["violations"]
    return [
        f"{name} @ {size}: {v['id']} ({v['impact']}): {v['help']} — "
        + ", ".join(" ".join(node["target"]) for node in v["nodes"][:4])
        for v in found
    ]


@pytest.mark.parametrize("size", SIZES)
def test_every_page_passes_axe(classrooms: list[tuple[str, dict[str, Visit]]], browser: Browser, size: str):
    width, height = SIZES[size]
    number = list(SIZES).index(size)
    failings: list[str] = []
    for address, pages in classrooms:
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.set_default_timeout(10_000)
        for teacher in (False, True):  # the pages a pupil sees before the teacher's link is opened on this tablet
            if teacher:
                page.goto(f"{address}/teacher?token={TOKEN}")  # the token kept in a cookie
            for name, visit in pages.items():
                if visit.teacher != teacher:
                    continue
                response = page.goto(address + visit.path.format(n=number))
                if response is None or response.status != visit.status:
                    failings.append(f"{name} @ {size}: answered {response and response.status}, not {visit.status}")
                if not _ready(page):
                    failings.append(f"{name} @ {size}: the page never said it was ready ({page.url})")
                    continue
                if visit.then is not None:
                    try:
                        visit.then(page)
                    except PlaywrightTimeout:
                        failings.append(f"{name} @ {size}: the taps did not reach the page to check ({page.url})")
                        continue
                failings += _failings(page, name, size)
        context.close()
    if failings:
        pytest.fail(f"{len(failings)} failing at {size}:\n" + "\n".join(failings), pytrace=False)
