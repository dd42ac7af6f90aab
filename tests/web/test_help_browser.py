"""Help while playing, in a real browser (Debian's chromium): counting one's own points on the number pad, wrong
then right; a hint that raises the card it suggests; taking back a card; a claim refused, then one accepted; and
after the deal the score explained, the cards that cost a trick, the guided replay with its costly cards marked
and "try again from here". Screenshots at phone, tablet and laptop sizes go to ``tests/web/screens/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from classroom_client import SAMPLES
from playwright.sync_api import Page, expect
from test_browser import SCREENS, SIZES, _phase, _quicker_steps, _ready, _start_lesson, _tap, chromium

from minibridge.classroom import PupilGame
from minibridge.table.claims import claim_holds
from minibridge.web.app import create_app
from minibridge.web.server import running

SHOWN = ("phone", "tablet", "laptop")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, object]]:
    """A classroom where the pupils count their own points (nothing turned off): its address and its app."""
    app = create_app(data=tmp_path, class_code=None, teacher_token="teacher", loopback=True, samples=SAMPLES)
    with running(app) as address:
        yield address, app


@pytest.fixture
def page() -> Iterator[Page]:
    with chromium(*SIZES["tablet"]) as context:
        context.route("**/games/**", _quicker_steps)
        yield context.new_page()


def _screens(page: Page, name: str) -> None:
    SCREENS.mkdir(exist_ok=True)
    page.wait_for_timeout(300)
    for label in SHOWN:
        width, height = SIZES[label]
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SCREENS / f"{name}-{label}.png"), full_page=True)
    page.set_viewport_size({"width": SIZES["tablet"][0], "height": SIZES["tablet"][1]})


def _game(page: Page, app: object) -> PupilGame:
    """The pupil's game as the server keeps it."""
    game_id = page.url.rsplit("/", 1)[-1].split("?")[0]
    return PupilGame.from_data(app.state.store.game(game_id))  # type: ignore[attr-defined]


def _type(page: Page, number: int) -> None:
    """Tap the number on the pad, then OK."""
    for digit in str(number):
        page.click(f"#table .count-pad button[data-digit='{digit}']")
    page.click("#table .count-pad button.done")
    page.wait_for_timeout(50)
    _ready(page)


def _no_axe_violations(page: Page) -> None:
    serious = [v for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, [(v["id"], [n["target"] for n in v["nodes"]]) for v in serious]


def _count_right(page: Page, app: object) -> None:
    points = _game(page, app).game.deal.hcp(_game(page, app).pupil_seat)
    _type(page, points)


def _to_my_card(page: Page, app: object) -> None:
    """Count right, then choose the first contract offered, until the pupil's card is awaited."""
    for _ in range(20):
        phase = _phase(page)
        if phase == "play" and page.locator("#table button.card:not([disabled])").count():
            return
        if phase == "count":
            _count_right(page, app)
            continue
        if phase == "declarer":
            page.locator("#table .declarers button.choice").first.click()
        elif phase == "contract":
            page.locator("#table button.contract-choice:not([disabled])").first.click()
        page.wait_for_timeout(50)
        _ready(page)
    raise AssertionError("the pupil's card never came")


def test_the_pupil_counts_wrong_twice_then_right_on_the_number_pad(page: Page, served: tuple[str, object]):
    address, app = served
    _start_lesson(page, address, 3, seed=4)
    assert _phase(page) == "count"
    expect(page.locator("#table .status")).to_contain_text("Count the points in your hand")
    assert page.locator("#table .seat .points").count() == 0  # nobody's points shown yet
    _screens(page, "count")
    _no_axe_violations(page)
    points = _game(page, app).game.deal.hcp(_game(page, app).pupil_seat)
    _type(page, points + 1)
    expect(page.locator("#table .status")).to_contain_text("Count again: A = 4, K = 3, Q = 2, J = 1.")
    expect(page.locator("#table .count-pad .tries")).to_contain_text(f"You said {points + 1}.")
    _screens(page, "count-wrong")
    page.click("#table .count-pad button.rub")  # the box is empty again after a count: rubbing out does no harm
    _type(page, points + 2)
    honours = page.locator("#table .count-pad .by-card .honour")
    assert honours.count() == sum(1 for card in _game(page, app).game.deal[_game(page, app).pupil_seat] if card.hcp)
    _screens(page, "count-by-card")
    _no_axe_violations(page)
    _type(page, points)
    assert _phase(page) in ("declarer", "contract", "play")
    expect(page.locator("#table .recount")).to_contain_text("= 40")
    _screens(page, "count-right")


def test_a_hint_raises_its_card_and_says_why_then_undo_takes_a_card_back(page: Page, served: tuple[str, object]):
    address, app = served
    _start_lesson(page, address, 5, seed=7)
    _to_my_card(page, app)
    page.click("#table button.hint")
    page.wait_for_timeout(50)
    _ready(page)
    hint = page.locator("#table .hint-given")
    expect(hint).to_be_visible()
    raised = page.locator("#table button.card[aria-pressed='true']")
    assert raised.count() == 1
    card = raised.get_attribute("data-card") or ""
    assert card in [str(c) for c in _game(page, app).legal_cards()]
    _screens(page, "hint")
    _no_axe_violations(page)
    raised.click()  # the second tap plays the card the hint raised
    page.wait_for_timeout(50)
    _ready(page)
    assert (
        page.locator(
            f"#table .seat-s button.card[data-card='{card}'], #table .seat-n button.card[data-card='{card}']"
        ).count()
        == 0
    )
    page.click("#table button.undo")
    page.wait_for_timeout(50)
    _ready(page)
    expect(page.locator(f"#table button.card[data-card='{card}']")).to_have_count(1)
    _screens(page, "undo")


def test_a_claim_refused_then_accepted_ends_the_deal_with_the_claimed_tricks(page: Page, served: tuple[str, object]):
    address, app = served
    _start_lesson(page, address, 2, seed=3)  # short deals: a claim comes soon
    refused = accepted = False
    for _ in range(60):
        phase = _phase(page)
        if phase in ("deal_over", "game_over"):
            break
        assert phase == "play", phase
        game = _game(page, app)
        holds = claim_holds(game.game.play, game.pupil_seat.side)
        if not holds and not refused:
            page.click("#table button.claim")
            page.wait_for_timeout(50)
            _ready(page)
            expect(page.locator("#table .message[role=alert]")).to_contain_text("The other side can still win a trick")
            expect(page.locator("#table .message[role=alert]")).to_be_in_viewport()
            _screens(page, "claim-refused")
            refused = True
            continue
        if holds:
            page.click("#table button.claim")
            page.wait_for_timeout(50)
            _ready(page)
            accepted = True
            break
        legal = page.locator("#table button.card[data-card]:not(.not-legal):not([disabled])")
        _tap(page, legal.first.get_attribute("data-card") or "")
    assert refused and accepted
    assert _phase(page) in ("deal_over", "game_over")
    _screens(page, "claim-accepted")


def test_after_the_deal_the_score_explained_the_review_and_trying_again(page: Page, served: tuple[str, object]):
    address, app = served
    for seed in range(7, 40):
        _start_lesson(page, address, 5, seed=seed)
        _to_my_card(page, app)
        for _ in range(40):
            if _phase(page) in ("deal_over", "game_over"):
                break
            legal = page.locator("#table button.card[data-card]:not(.not-legal):not([disabled])")
            _tap(page, legal.last.get_attribute("data-card") or "")  # the last legal card: often a costly one
        if page.locator("#table .review .costly li .try-again").count():
            break
    else:
        raise AssertionError("no deal where the pupil's card cost a trick")
    expect(page.locator("#table .calculation")).to_be_visible()
    expect(page.locator("#table .review h3")).to_have_text("Which cards cost a trick?")
    _screens(page, "review")
    _no_axe_violations(page)
    item = page.locator("#table .review .costly li:has(.try-again)").first
    trick = item.get_attribute("data-trick")
    item.locator(".see-trick").click()
    expect(page.locator("#table .replay h3")).to_contain_text(f"Trick {trick} of")
    expect(page.locator("#table .replay-notes .costly-card").first).to_be_visible()
    page.locator("#table .replay").scroll_into_view_if_needed()
    _screens(page, "guided-replay")
    _no_axe_violations(page)
    index = int(item.get_attribute("data-index") or "0")
    page.locator(f"#table .replay-notes .try-again[hx-vals='{{\"try_again\": {index}}}']").click()
    page.wait_for_timeout(50)
    _ready(page)
    assert _phase(page) == "play"
    played = page.locator("#table .trick .played").count()
    assert played == index % 4 or page.locator("#table .trick .caption").count()
    _screens(page, "tried-again")
