"""The pupils' pages in a real browser: Playwright driving Debian's Chromium (never a downloaded browser),
against a classroom server started on a free loopback port for each test.

A pupil starts a lesson, chooses a contract, plays a whole deal by tapping cards (each card tapped twice:
raised, then played) as declarer and as defender while the computer's cards arrive one at a time, has a card
the rules forbid refused with its reason and a wrong class code refused in view on the start page, finds the
game again after a reload, plays the same deal again and watches its tricks one by one. The table says it is
ready (``#table[data-ready]``) only when the pupil's decision is awaited, never between two of the computer's
cards. Screenshots of the table at phone, tablet and laptop sizes are written to ``tests/web/screens/`` (not
kept in git) to be looked at.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom_client import SAMPLES, without_counting
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect, sync_playwright

from minibridge.cards import Side
from minibridge.classroom import GameSetup, PupilGame
from minibridge.web.app import create_app
from minibridge.web.server import running

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENS = Path(__file__).parent / "screens"
SIZES = {"phone": (375, 667), "tablet": (768, 1024), "laptop": (1280, 800), "projector": (1920, 1080)}


@contextlib.contextmanager
def debian_chromium() -> Iterator[Browser]:
    """Debian's chromium (never a downloaded browser), closed afterwards."""
    assert Path(CHROMIUM).exists(), "the browser tests need Debian's chromium: apt-get install chromium"
    with sync_playwright() as playwright:
        opened = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield opened
        opened.close()


@contextlib.contextmanager
def chromium(width: int, height: int) -> Iterator[BrowserContext]:
    """A context of Debian's chromium with this viewport, closed afterwards."""
    with debian_chromium() as browser:
        yield browser.new_context(viewport={"width": width, "height": height})


@pytest.fixture
def page() -> Iterator[Page]:
    with chromium(768, 1024) as context:
        context.route("**/games/**", _quicker_steps)
        yield context.new_page()


def _quicker_steps(route: Route) -> None:
    """The computer's next card asked for after 20 ms instead of the pupils' 400 ms, to keep the tests quick;
    each card still comes in its own answer."""
    response = route.fetch()
    body = response.text()
    assert "delay:400ms" in body or "/step" not in body
    route.fulfill(response=response, body=body.replace("delay:400ms", "delay:20ms"))


def _ready(page: Page) -> None:
    """Wait for the table's own signal that it is ready for a tap."""
    page.wait_for_selector("#table[data-ready]", timeout=60_000)


def open_more(page: Page) -> None:
    """Open the start page's "More", where the teacher's choices are (it stays open once open)."""
    if page.locator("#start details.more[open]").count() == 0:
        page.click("#start details.more > summary")


def _start_lesson(page: Page, address: str, lesson: int, deals: int = 1, seed: int | None = None) -> None:
    page.goto(address + "/")
    open_more(page)
    page.check(f"input[name=deals][value='{deals}']")
    if seed is not None:  # the start form takes a seed, to deal chosen cards
        page.locator("#start form").evaluate(
            f"form => form.insertAdjacentHTML('beforeend', '<input type=hidden name=seed value={seed}>')"
        )
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
            page.locator("#table button.contract-choice:not([disabled])").first.click()
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
            page.locator("#table button.contract-choice:not([disabled])").first.click()
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


def test_a_wrong_class_code_is_said_where_the_pupil_is_looking(tmp_path: Path):
    app = create_app(
        data=without_counting(tmp_path), class_code="OWL42", teacher_token="teacher", loopback=True, samples=SAMPLES
    )
    with running(app) as address, chromium(*SIZES["phone"]) as context:
        page = context.new_page()
        page.goto(address + "/")
        page.fill("#class_code", "CAT")
        page.click("button[name=lesson][value='6']")  # far down the page on a phone
        message = page.locator("#start .message[role=alert]")
        expect(message).to_have_text("That is not the class code: ask your teacher for it.")
        expect(message).to_be_in_viewport()
        assert page.url == address + "/"  # no game started
        page.fill("#class_code", "owl42")
        page.click("button[name=lesson][value='6']")
        page.wait_for_url("**/games/*")
        _ready(page)


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


def _seed(lesson: int, side: Side) -> int:
    """A seed whose first deal of ``lesson`` is declared by ``side``."""
    for seed in range(1, 100):
        declarer = PupilGame.start(GameSetup(lesson=lesson, deals=2, seed=seed, samples=SAMPLES)).game.declarer
        if declarer is not None and declarer.side is side:
            return seed
    raise AssertionError(f"no deal declared by {side}")


def _south(page: Page) -> list[str]:
    return [
        card or ""
        for card in page.locator("#table .seat-s [data-card]").evaluate_all(
            "cards => cards.map(card => card.dataset.card)"
        )
    ]


def _play_counting_steps(page: Page, shots: str | None = None) -> list[int]:
    """Play the deal to its end by tapping; how many of the computer's steps came between two decisions of the
    pupil's. With ``shots``, screenshots of the table in the middle of the play."""
    steps: list[str] = []
    page.on("request", lambda request: steps.append(request.url) if request.url.endswith("/step") else None)
    between = []
    for _ in range(200):
        between.append(len(steps))
        steps.clear()
        phase = _phase(page)
        if phase in ("deal_over", "game_over"):
            return between
        assert page.locator("#table .computer-step").count() == 0  # ready: the computer is not about to play
        if phase == "declarer":
            page.locator("#table button.choice").first.click()
        elif phase == "contract":
            page.locator("#table button.contract-choice:not([disabled])").first.click()
        else:
            if shots and page.locator("#table .trick .played").count() >= 2:
                _screens(page, shots)
                shots = None
            legal = page.locator("#table button.card[data-card]:not(.not-legal):not([disabled])")
            _tap(page, legal.first.get_attribute("data-card") or "")
            continue
        page.wait_for_timeout(50)
        _ready(page)
    raise AssertionError("the deal did not end")


def _screens(page: Page, name: str) -> None:
    SCREENS.mkdir(exist_ok=True)
    page.wait_for_timeout(300)  # the last answer settled: the thinking sign faded out
    size = page.viewport_size
    for label, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SCREENS / f"{name}-{label}.png"), full_page=True)
    if size is not None:
        page.set_viewport_size(size)


@pytest.mark.parametrize("side", [Side.NORTH_SOUTH, Side.EAST_WEST], ids=["declarer", "defender"])
def test_a_whole_deal_by_tapping_with_the_computers_cards_one_at_a_time(page: Page, address: str, side: Side):
    _start_lesson(page, address, 5, deals=2, seed=_seed(5, side))
    declarer = page.locator("#table .badge.declarer").locator("xpath=ancestor::section[1]")
    assert (declarer.get_attribute("class") or "").split()[1] in (
        ("seat-n", "seat-s") if side is Side.NORTH_SOUTH else ("seat-e", "seat-w")
    )
    between = _play_counting_steps(page, shots=f"play-{side.name.lower()}")
    assert _phase(page) == "deal_over"
    assert max(between) >= 2, between  # two of the computer's cards, each its own answer, between two taps
    assert sum(between) >= 13 * 2
    expect(page.locator("#table")).to_contain_text("The four hands")


def test_the_same_deal_again_and_its_tricks_one_by_one(page: Page, address: str):
    _start_lesson(page, address, 5, deals=2, seed=_seed(5, Side.EAST_WEST))
    first = _south(page)
    assert len(first) == 13
    _play_to_the_end(page)
    assert _phase(page) == "deal_over"
    expect(page.locator("#table .best")).to_contain_text("the best for")

    page.click("#table a.watch")
    _ready(page)
    expect(page.locator("#table .replay h3")).to_have_text("Trick 1 of 13")
    assert page.locator("#table .replay-trick .played").count() == 4
    page.click("#table a.forward")
    _ready(page)
    expect(page.locator("#table .replay h3")).to_have_text("Trick 2 of 13")
    assert page.locator("#table .replay-hand.at-s [data-card]").count() == 11  # trick 2's card in the middle only
    _screens(page, "result")
    page.click("#table a.back")
    _ready(page)
    expect(page.locator("#table .replay h3")).to_have_text("Trick 1 of 13")

    page.click("#table button.again")
    _ready(page)
    assert page.get_attribute("#table", "data-deal") == "1"  # practice: still the first of the two deals
    expect(page.locator("#table .again-note")).to_be_visible()
    assert _south(page) == first


def test_three_players_from_the_start_page_the_table_turns_when_the_pupil_moves(page: Page, address: str):
    # Seed 15, normal: in deal 2 North declares, the pupil's hand goes down as dummy at South and the pupil takes
    # over the dummy hand at East: East's seat is then at the bottom, where the pupil's cards always are.
    page.goto(address + "/")
    open_more(page)
    page.check("input[name=deals][value='2']")
    page.check("input[name=three_handed][value='normal']")
    page.locator("#start form").evaluate(
        "form => form.insertAdjacentHTML('beforeend', '<input type=hidden name=seed value=15>')"
    )
    page.click("button[name=free]")
    page.wait_for_url("**/games/*")
    _ready(page)
    expect(page.locator("#table .three-handed")).to_contain_text("The dummy hand was dealt at North.")
    expect(page.locator("#table .seat-s .name")).to_have_text("South (you)")
    _play_to_the_end(page)
    expect(page.locator("#table .running")).to_contain_text("South (you)")
    page.click("#table button.next")
    _ready(page)
    while _phase(page) != "play" or page.locator("#table button.card:not([disabled])").count() == 0:
        page.wait_for_timeout(100)
        _ready(page)
    note = page.locator("#table .three-handed")
    expect(note).to_contain_text("Your hand at South is dummy, and you play the dummy hand at East.")
    expect(page.locator("#table .seat-e .name")).to_have_text("East (you)")
    east, south = page.locator("#table .seat-e").bounding_box(), page.locator("#table .seat-s").bounding_box()
    trick = page.locator("#table .trick").bounding_box()
    assert east and south and trick
    assert east["y"] > trick["y"] + trick["height"] - 1  # the pupil's seat at the bottom
    assert south["x"] + south["width"] <= trick["x"] + 1  # South, on the pupil's left, at the left
    _screens(page, "three-handed")
    _play_to_the_end(page)
    expect(page.locator("#table .running")).to_contain_text("East (you)")
    expect(page.locator("#table .running")).not_to_contain_text("Left")
