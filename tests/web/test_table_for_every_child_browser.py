"""The table a seven-year-old plays at, in Debian's chromium: big, clear, for every child.

On a phone the contract, the tricks and the score are at least 18 px in full black, the declarer and dummy badges
at least 16 px. Three players are named by the seats the table shows ("East", "South (you)"), never Left or Right.
The pupil's colours (a four-colour deck, strong black and white) are kept on the tablet, after a reload and in a
new game. A whole deal is played with the keyboard alone: the hand is one stop of the Tab key, the arrow keys move
between its cards, Enter plays one, and the focus comes back to the hand after each card. A screen reader hears
each card played ("West played the king of hearts.") from a live region htmx never swaps. At 200% zoom on a
laptop the "Your turn" line and the hand fit on the screen together. axe-core finds nothing, of any impact, in
any phase at phone, tablet, laptop and projector sizes, in each colour option. Screenshots go to
``tests/web/screens/`` (not kept in git) to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from axe_playwright_python.sync_playwright import Axe
from classroom_client import SAMPLES, counted, without_counting
from playwright.sync_api import Page, expect
from test_browser import SCREENS, SIZES, _phase, _quicker_steps, _ready, chromium

from minibridge.web.app import create_app
from minibridge.web.server import running

PHONE = (390, 844)
"""The phone of the teacher's report."""
ZOOMED = (640, 400)
"""A 1280×800 laptop at 200% zoom: what the page has room for."""
SUITS = "♠♥♦♣"
LOOKS = ("", "four-colours", "high-contrast")
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"label-content-name-mismatch": {"enabled": True}}}
"""axe's rules, with the one that a spoken name must start with the text seen (still marked experimental)."""


def _new_game(address: str, **setup: Any) -> dict[str, Any]:
    response = httpx2.post(f"{address}/api/games", json=setup, timeout=60)
    assert response.status_code == 201, response.text
    return response.json()


def _until(address: str, view: dict[str, Any], stop: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The pupil's first choice each time through the API, until ``stop(view)``."""
    for _ in range(300):
        if stop(view) or view["phase"] == "game_over":
            return view
        phase = view["phase"]
        if phase == "count":
            action: dict[str, Any] = {"points": counted(view)}
        elif phase == "declarer":
            action = {"declarer": view["declarers"][0]}
        elif phase == "contract":
            action = {"contract": view["contracts"][0]}
        elif phase == "play":
            action = {"card": view["legal"][0]}
        else:
            action = {"next": True}
        response = httpx2.post(f"{address}/api/games/{view['id']}/actions", json=action, timeout=60)
        assert response.status_code == 200, response.text
        view = response.json()
    raise AssertionError("the game did not get there")


def _playing(view: dict[str, Any]) -> bool:
    return view["phase"] == "play" and len(view.get("tricks") or []) >= 1


def _open(page: Page, address: str, game: str) -> None:
    page.goto(f"{address}/games/{game}")
    _ready(page)


def _style(page: Page, selector: str, prop: str) -> str:
    return page.locator(selector).first.evaluate(f"e => getComputedStyle(e).getPropertyValue('{prop}')")


def _px(value: str) -> float:
    return float(value.removesuffix("px"))


def _rgb(value: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", value)[:3])


@pytest.fixture
def tablet() -> Iterator[Page]:
    """One tablet (its storage kept between pages) at the phone size of the report."""
    with chromium(*PHONE) as context:
        context.route("**/games/**", _quicker_steps)
        yield context.new_page()


def test_what_matters_is_big_and_black_on_a_phone(tablet: Page, address: str):
    view = _until(address, _new_game(address, lesson=5, deals=1, seed=3, practice="declarer"), _playing)
    _open(tablet, address, view["id"])
    for selector in (
        ".bar .contract",
        ".bar .contract strong",
        ".bar .tricks-won .side",
        ".bar .side strong",
        ".bar .totals",
    ):
        assert _px(_style(tablet, selector, "font-size")) >= 18, selector
        assert max(_rgb(_style(tablet, selector, "color"))) <= 17, f"{selector} is not full black"
    expect(tablet.locator(".bar .tricks-won")).to_contain_text(re.compile(r"\d+ of 7"))
    for badge in (".badge.declarer", ".badge.dummy"):
        assert _px(_style(tablet, badge, "font-size")) >= 16, badge
    tablet.screenshot(path=str(_screens() / "every-child-header-phone.png"))


def test_three_players_are_named_by_the_seats_the_table_shows(tablet: Page, address: str):
    view = _until(address, _new_game(address, lesson=5, deals=1, seed=3, three_handed="simple"), _playing)
    _open(tablet, address, view["id"])
    table = tablet.locator("#table").inner_text()
    assert not re.search(r"\b(Left|Right)\b", table), table
    seats = {player["name"]: player["seat"] for player in view["three_handed"]["players"]}
    names = {"N": "North", "E": "East", "S": "South", "W": "West"}
    expect(tablet.locator(".bar .totals")).to_contain_text(f"{names[seats['you']]} (you)")
    expect(tablet.locator(f"#table .seat-{seats['you'].lower()} .name")).to_have_text(f"{names[seats['you']]} (you)")
    note = tablet.locator("#table .three-handed").inner_text()
    assert not re.search(r"[.!?][^\s]", note.strip()), f"a sentence runs into the next: {note}"

    over = _until(address, _new_game(address, lesson=5, deals=2, seed=6, three_handed="normal"), lambda v: False)
    _open(tablet, address, over["id"])
    table = tablet.locator("#table").inner_text()
    assert not re.search(r"\b(Left|Right)\b", table), table
    winner = tablet.locator("#table .game-winner")
    expect(winner).to_have_count(1)
    expect(winner).to_have_text(re.compile(r"^(You win the game!|(North|East|South|West) wins the game!)$"))
    expect(tablet.locator("#table .running")).to_contain_text(re.compile(r"(North|East|South|West) \(you\)"))


def _colour_of(page: Page, suit: str) -> tuple[int, ...]:
    return _rgb(_style(page, f"#table button.card[data-card^='{suit}']", "color"))


def _switch(page: Page, look: str) -> None:
    menu = page.locator("header.bar #colours")
    if menu.get_attribute("open") is None:
        menu.locator("summary").click()
    page.locator(f"input[data-look='{look}']").check()


def test_four_colours_and_strong_black_and_white_are_kept_on_the_tablet(tablet: Page, address: str):
    view = _until(address, _new_game(address, lesson=5, deals=1, seed=3, practice="declarer"), _playing)
    _open(tablet, address, view["id"])
    expect(tablet.locator("header.bar #colours summary")).to_have_text("Colours")
    assert _colour_of(tablet, "D") == _colour_of(tablet, "H")  # the usual two colours
    _switch(tablet, "four-colours")
    spades, hearts, diamonds, clubs = (_colour_of(tablet, suit) for suit in "SHDC")
    assert max(spades) <= 17 and hearts[0] > 150 > hearts[2]
    assert diamonds[2] > 150 > diamonds[0], diamonds  # blue
    assert clubs[1] > 80 > max(clubs[0], clubs[2]), clubs  # green
    for text in tablet.locator("#table button.card, #table .played").all_inner_texts():  # never colour alone
        assert any(symbol in text for symbol in SUITS), text
    for text in tablet.locator("#table .diagram li").all_inner_texts():
        assert any(symbol in text for symbol in SUITS), text

    _switch(tablet, "high-contrast")
    assert _rgb(_style(tablet, "#table .felt", "background-color")) == (0, 0, 0)
    assert _rgb(_style(tablet, "#table button.card", "border-top-color")) == (0, 0, 0)
    assert _rgb(_style(tablet, ".bar .totals", "color")) == (0, 0, 0)

    tablet.reload()
    _ready(tablet)
    assert tablet.evaluate("document.documentElement.className").split() == ["four-colours", "high-contrast"]
    expect(tablet.locator("input[data-look='four-colours']")).to_be_checked()
    assert _colour_of(tablet, "D") == diamonds
    tablet.screenshot(path=str(_screens() / "every-child-both-looks-phone.png"))

    other = _until(address, _new_game(address, lesson=5, deals=1, seed=4), _playing)
    _open(tablet, address, other["id"])  # a new game on the same tablet
    expect(tablet.locator("input[data-look='high-contrast']")).to_be_checked()
    assert _rgb(_style(tablet, "#table .felt", "background-color")) == (0, 0, 0)
    _tab_to_the_hand(tablet)
    assert _px(_style(tablet, ":focus", "outline-width")) >= 5  # a thick focus ring
    tablet.locator("input[data-look='high-contrast']").evaluate("box => box.closest('details').open = true")
    tablet.locator("input[data-look='high-contrast']").uncheck()
    tablet.locator("input[data-look='four-colours']").uncheck()
    tablet.reload()
    _ready(tablet)
    assert tablet.evaluate("document.documentElement.className") == ""


def _focused(page: Page) -> dict[str, Any]:
    return page.evaluate(
        """() => { const e = document.activeElement; const hand = e && e.closest('.hand');
        return {card: e && e.dataset ? e.dataset.card || null : null, hand: hand ? hand.dataset.seat : null,
                legal: Boolean(e && e.matches('button.card:not(.not-legal):not([disabled])'))}; }"""
    )


def _tab_to_the_hand(page: Page) -> int:
    """Tab from the top of the page until a card has the focus; the number of presses."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for presses in range(1, 60):
        page.keyboard.press("Tab")
        if _focused(page)["card"]:
            return presses
    raise AssertionError("no card takes the focus")


def test_a_whole_deal_played_with_the_keyboard_alone(tablet: Page, address: str):
    view = _new_game(address, lesson=5, deals=1, seed=3, practice="declarer")
    _open(tablet, address, view["id"])
    tablet.evaluate(
        """() => { window.said = []; window.saidBox = document.getElementById('said');
        new MutationObserver(() => window.said.push(window.saidBox.textContent))
          .observe(window.saidBox, {childList: true, characterData: true, subtree: true}); }"""
    )
    if _phase(tablet) == "contract":  # the contract chosen from the keyboard too
        tablet.locator("#table .contract-choice:not([disabled])").first.focus()
        tablet.keyboard.press("Enter")
        tablet.wait_for_selector("#table[data-phase=play]")
        _ready(tablet)
    _tab_to_the_hand(tablet)
    first = _focused(tablet)
    tablet.keyboard.press("Tab")  # the whole hand is one stop: the next Tab leaves it
    assert _focused(tablet)["hand"] != first["hand"] or _focused(tablet)["card"] is None
    tablet.keyboard.press("Shift+Tab")
    assert _focused(tablet)["card"] == first["card"]
    played = 0
    for _ in range(200):
        _ready(tablet)
        if _phase(tablet) != "play":
            break
        if not tablet.locator("#table button.card:not([disabled])").count():
            tablet.wait_for_timeout(50)
            continue
        now = _focused(tablet)
        assert now["hand"], f"after {played} cards the focus left the hand"
        tablet.keyboard.press("Home")
        for _step in range(13):
            if _focused(tablet)["legal"]:
                break
            before = _focused(tablet)["card"]
            tablet.keyboard.press("ArrowRight")
            assert _focused(tablet)["card"] != before, "the arrow key did not move"
        card = _focused(tablet)["card"]
        tablet.keyboard.press("Enter")
        tablet.wait_for_selector(f"#table button.card[data-card='{card}']", state="detached")
        played += 1
    assert _phase(tablet) in ("deal_over", "game_over")
    assert played >= 13  # the pupil's own cards and dummy's, with the keyboard alone
    said = " ".join(tablet.evaluate("window.said"))
    assert re.search(r"(You|North|East|South|West) played the (\w+) of (spades|hearts|diamonds|clubs)\.", said), said
    assert re.search(r"(North|East|South|West) wins the trick\.", said), said
    assert tablet.evaluate("document.getElementById('said') === window.saidBox")  # never swapped away


def test_cards_tricks_and_dummy_are_named_for_a_screen_reader(tablet: Page, address: str):
    view = _until(address, _new_game(address, lesson=5, deals=1, seed=3, practice="defender"), _playing)
    _open(tablet, address, view["id"])
    for card in tablet.locator("#table button.card").all():
        text = re.sub(r"\s+", "", card.inner_text())
        label = card.get_attribute("aria-label") or ""
        assert label.startswith(text), (text, label)
    expect(tablet.get_by_role("list", name="Cards on the table")).to_be_visible()
    dummy = tablet.get_by_role("list", name="Dummy's cards")
    expect(dummy).to_be_visible()
    names = dummy.locator(".sr-only").all_text_contents()
    assert names and all(
        re.match(r"(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of ", n) for n in names
    ), names

    contract = _new_game(address, lesson=5, deals=1, seed=3)
    _open(tablet, address, contract["id"])
    assert _phase(tablet) == "contract"
    for button in tablet.locator("#table .contract-choice").all():
        label = button.get_attribute("aria-label")  # without one, the name is the text itself
        assert label is None or label.startswith(button.inner_text().split("\n")[0].strip()), label
        assert any(symbol in button.inner_text() for symbol in SUITS + "N"), button.inner_text()


def test_at_200_percent_zoom_the_turn_line_and_the_hand_fit_together(address: str):
    view = _until(address, _new_game(address, lesson=5, deals=1, seed=3), _playing)
    with chromium(*ZOOMED) as context:
        page = context.new_page()
        _open(page, address, view["id"])
        _tab_to_the_hand(page)  # where the pupil goes to play: the hand scrolls into view
        height = ZOOMED[1]
        turn = page.locator("#table .status.your-turn").bounding_box()
        hand = page.locator("#table .hand:has(:focus)").bounding_box()
        assert turn and hand
        assert turn["y"] >= 0 and turn["y"] + turn["height"] <= height, turn
        assert hand["y"] >= 0 and hand["y"] + hand["height"] <= height, hand
        page.screenshot(path=str(_screens() / "every-child-zoomed.png"))


def _screens() -> Path:
    SCREENS.mkdir(exist_ok=True)
    return SCREENS


@pytest.fixture(scope="module")
def phases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The table in every phase, each at its own address: counting points, choosing the contract, playing as
    declarer and as defender, the deal over with its review and a trick again, the game over, three players, and
    a pupil's seat at a table of pupils."""
    counting = create_app(
        data=tmp_path_factory.mktemp("counting"), class_code=None, teacher_token="t", loopback=True, samples=SAMPLES
    )
    data = without_counting(tmp_path_factory.mktemp("classroom"))
    app = create_app(data=data, class_code=None, teacher_token="teacher", loopback=True, samples=SAMPLES)
    with running(counting) as counting_address, running(app) as address:
        pages = {"counting": f"{counting_address}/games/{_new_game(counting_address, lesson=5, seed=3)['id']}"}
        games = {
            "contract": (dict(seed=3), lambda v: True),
            "declarer": (dict(seed=3, practice="declarer"), _playing),
            "defender": (dict(seed=3, practice="defender"), _playing),
            "deal over": (dict(seed=4, deals=2), lambda v: v["phase"] == "deal_over"),
            "game over": (dict(seed=5), lambda v: False),
            "three players": (dict(seed=3, three_handed="simple"), _playing),
            "three players, over": (dict(seed=6, three_handed="normal"), lambda v: False),
        }
        for name, (setup, stop) in games.items():
            view = _until(address, _new_game(address, lesson=5, **{"deals": 1, **setup}), stop)
            pages[name] = f"{address}/games/{view['id']}"
        pages["a trick again"] = pages["deal over"] + "?trick=2"
        teacher = {"Authorization": "Bearer teacher"}
        tables = httpx2.post(f"{address}/api/tables", json={"tables": 1, "lesson": 5, "seed": 3}, headers=teacher)
        table = tables.json()["tables"][0]["id"]
        seat = httpx2.post(f"{address}/api/tables/{table}/seats", json={"seat": "N", "name": "Amy"}).json()
        pages["seat at a table"] = f"{address}/tables/{table}?player={seat['player']}"
        yield pages


@pytest.mark.parametrize("look", LOOKS)
@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_nothing_in_any_phase(phases: dict[str, str], size: str, look: str):
    width, height = PHONE if size == "phone" else SIZES[size]
    found = []
    with chromium(width, height) as context:
        if look:
            context.add_init_script(f"localStorage.setItem('minibridge-{look}', 'on')")
        page = context.new_page()
        for name, address in phases.items():
            page.goto(address)
            page.wait_for_selector("#table")
            page.wait_for_timeout(300)
            for violation in Axe().run(page, options=AXE_OPTIONS).response["violations"]:
                found.append(f"{name}: {violation['id']} ({violation['impact']}) {violation['nodes'][0]['html'][:100]}")
            if name in ("declarer", "deal over", "three players"):
                page.screenshot(
                    path=str(
                        _screens() / f"every-child-{name.replace(' ', '-')}-{size}{'-' + look if look else ''}.png"
                    )
                )
    assert found == [], "\n".join(found)
