"""The class joins in a minute: the QR code on the teacher's room and the class screen opens the start page with the
class code filled in; the tablet keeps the code for the day, so the code is asked once per tablet per day (the start
page, joining the teacher's deals, the tables), and a wrong code is said where the child looks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import segno
from axe_playwright_python.sync_playwright import Axe
from classroom_client import SAMPLES, make_client, without_counting
from playwright.sync_api import expect
from starlette.testclient import TestClient
from test_browser import SIZES, _ready, chromium

from minibridge.web.app import create_app
from minibridge.web.auth import CLASS_COOKIE, COOKIE_AGE
from minibridge.web.server import running

CODE = "K7MPX"
TEACHER = {"Authorization": "Bearer teacher"}
WRONG = "That class code is not right. Ask your teacher."
SHOTS = Path(__file__).parent / "screens"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path, class_code=CODE, loopback=False) as opened:
        yield opened


def _asks_code(page: str) -> bool:
    return 'name="class_code"' in page


# --- the class's link: the code kept, the address bar left clean ------------------------------------------------


def test_the_class_link_keeps_the_code_for_the_day_and_comes_back_to_the_plain_start_page(client: TestClient):
    assert _asks_code(client.get("/").text)
    opened = client.get("/?code=k7mpx", follow_redirects=False)  # any case: a child may type it too
    assert opened.status_code == 303 and opened.headers["location"] == "/"
    cookie = opened.headers["set-cookie"]
    assert f"{CLASS_COOKIE}=k7mpx" in cookie and f"Max-Age={COOKIE_AGE}" in cookie and "HttpOnly" in cookie
    start = client.get("/")
    assert start.status_code == 200 and not _asks_code(start.text)


def test_a_wrong_code_in_the_link_is_said_and_the_code_asked(client: TestClient):
    page = client.get("/?code=CAT", follow_redirects=False)
    assert page.status_code == 403 and WRONG in page.text and _asks_code(page.text)
    assert "set-cookie" not in page.headers and CLASS_COOKIE not in client.cookies
    assert _asks_code(client.get("/").text)


def test_on_this_computer_only_the_link_simply_opens_the_start_page(tmp_path: Path):
    with make_client(tmp_path) as client:
        opened = client.get("/?code=ANY", follow_redirects=False)
        assert opened.status_code == 303 and opened.headers["location"] == "/" and "set-cookie" not in opened.headers


# --- once per tablet per day, everywhere a pupil types the code ------------------------------------------------


def _event(client: TestClient) -> str:
    body = {"name": "Tuesday club", "boards": 4, "lesson": 6}
    return str(client.post("/api/events", json=body, headers=TEACHER).json()["id"])


def _tables(client: TestClient) -> str:
    response = client.post("/api/tables", json={"tables": 1, "lesson": 5, "seed": 7}, headers=TEACHER)
    return str(response.json()["tables"][0]["id"])


def test_a_tablet_that_scanned_the_code_is_not_asked_again_anywhere(client: TestClient):
    event, table = _event(client), _tables(client)
    assert _asks_code(client.get(f"/events/{event}/join").text)
    assert client.get(f"/events/{event}/table").status_code == 401
    assert _asks_code(client.get("/tables").text)
    client.get("/?code=K7MPX")
    assert not _asks_code(client.get("/").text)
    started = client.post("/games", data={"lesson": "3", "deals": "1"}, follow_redirects=False)
    assert started.status_code == 303 and started.headers["location"].startswith("/games/")
    assert not _asks_code(client.get(f"/events/{event}/join").text)
    joined = client.post(f"/events/{event}/join", data={"pupil": "Ann"}, follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"].startswith("/games/")
    step = client.get(f"/events/{event}/table")
    assert step.status_code == 200 and not _asks_code(step.text)
    assert not _asks_code(client.get("/tables").text)
    sat = client.post(f"/tables/{table}/seats", data={"seat": "S", "name": "Ann"}, follow_redirects=False)
    assert sat.status_code == 303
    assert client.cookies.get(CLASS_COOKIE) == "K7MPX"  # sitting down without the code kept the tablet's code
    assert not _asks_code(client.get("/").text)


def test_a_code_typed_on_the_start_page_is_kept_for_the_day(client: TestClient):
    wrong = client.post("/games", data={"lesson": "3", "deals": "1", "class_code": "CAT"}, follow_redirects=False)
    assert wrong.status_code == 403 and _asks_code(wrong.text) and CLASS_COOKIE not in client.cookies
    typed = client.post("/games", data={"lesson": "3", "deals": "1", "class_code": "k7mpx"}, follow_redirects=False)
    assert typed.status_code == 303 and client.cookies.get(CLASS_COOKIE) == "k7mpx"
    assert not _asks_code(client.get("/").text)
    again = client.post("/games", data={"lesson": "3", "deals": "1"}, follow_redirects=False)
    assert again.status_code == 303


# --- the QR code on the teacher's room and the class screen ------------------------------------------------------


def _svg_modules(page: str, label: str) -> list[tuple[bool, ...]]:
    """The modules the QR code's SVG named ``label`` draws: its path, one run of dark modules after another."""
    found = re.search(rf'<svg role="img" aria-label="{re.escape(label)}" viewBox="0 0 (\d+) (\d+)".*?</svg>', page)
    assert found, f"no QR code named {label} in the page"
    size = int(found.group(1))
    dark = [[False] * size for _ in range(size)]
    line = re.search(r'class="qrline"[^>]*\sd="([^"]+)"', found.group(0))
    assert line
    x = y = 0.0
    for command, values in re.findall(r"([Mmh])([-\d. ]+)", line.group(1)):
        numbers = [float(v) for v in values.split()]
        if command == "M":
            x, y = numbers
        elif command == "m":
            x, y = x + numbers[0], y + numbers[1]
        else:
            for column in range(int(x), int(x + numbers[0])):
                dark[int(y)][column] = True
            x += numbers[0]
    return [tuple(row) for row in dark]


def _modules(address: str) -> list[tuple[bool, ...]]:
    return [tuple(bool(m) for m in row) for row in segno.make_qr(address, error="m").matrix_iter(border=2)]


@pytest.mark.parametrize("page", ["/teacher", "/teacher/screen", "/teacher/screen?join=1"])
def test_the_qr_code_reads_the_address_with_the_code_filled_in(client: TestClient, page: str):
    shown = client.get(page, headers=TEACHER)
    assert shown.status_code == 200
    join = "http://testserver/?code=K7MPX"
    assert _svg_modules(shown.text, join) == _modules(join)
    assert _svg_modules(shown.text, join) != _modules("http://testserver/?code=K7MPY")
    assert "http://testserver/</dd>" in shown.text and f'class="join-code">{CODE}</dd>' in shown.text


def test_the_room_says_what_to_answer_the_firewall_and_how_to_keep_it_to_this_computer(client: TestClient):
    room = client.get("/teacher", headers=TEACHER).text
    assert "choose Allow (private networks only)" in room
    assert "minibridge serve --host 127.0.0.1" in room and "0.0.0.0" not in room


def test_on_this_computer_only_the_room_shows_the_address_without_code_or_qr_code(tmp_path: Path):
    with make_client(tmp_path) as client:
        for page in ("/teacher", "/teacher/screen?join=1"):
            shown = client.get(page, headers=TEACHER).text
            assert "<svg" not in shown and "http://testserver/</dd>" in shown and "join-code" not in shown


# --- in a real browser -------------------------------------------------------------------------------------------


@pytest.fixture
def address(tmp_path: Path) -> Iterator[str]:
    app = create_app(
        data=without_counting(tmp_path), class_code=CODE, teacher_token="teacher", loopback=False, samples=SAMPLES
    )
    with running(app) as served:
        yield served


def test_a_phone_scans_the_code_taps_a_lesson_and_plays_without_typing_a_code(address: str):
    SHOTS.mkdir(exist_ok=True)
    with chromium(*SIZES["phone"]) as context:
        page = context.new_page()
        page.goto(f"{address}/?code={CODE}")
        page.wait_for_selector("#start[data-ready]")
        assert page.url == address + "/"  # the code is not left in the address bar
        assert page.locator("#class_code").count() == 0
        page.screenshot(path=str(SHOTS / "joined-start-phone.png"), full_page=True)
        page.click("button[name=lesson][value='3']")
        page.wait_for_url("**/games/*")
        _ready(page)


def test_a_wrong_code_in_the_link_is_said_where_the_child_looks(address: str):
    with chromium(*SIZES["phone"]) as context:
        page = context.new_page()
        page.goto(f"{address}/?code=CAT")
        message = page.locator("#start .message[role=alert]")
        expect(message).to_have_text(WRONG)
        expect(message).to_be_in_viewport()
        expect(page.locator("#class_code")).to_be_visible()


@pytest.mark.parametrize("size", SIZES)
def test_the_room_and_the_class_screen_show_the_qr_code_and_pass_axe(address: str, size: str):
    SHOTS.mkdir(exist_ok=True)
    failings = []
    with chromium(*SIZES[size]) as context:
        page = context.new_page()
        page.goto(f"{address}/teacher?token=teacher")
        for name, path in (
            ("room", "/teacher"),
            ("screen-choose", "/teacher/screen"),
            ("screen-join", "/teacher/screen?join=1"),
            ("screen-board", "/teacher/screen?lesson=5&board=1"),
        ):
            page.goto(address + path)
            page.wait_for_selector("[data-ready]", state="attached")
            qr = page.locator("svg.qr[role=img]")
            if name != "screen-board":  # a board on the class screen keeps the whole projector for the deal
                expect(qr).to_be_visible()
                box = qr.bounding_box()
                assert box and box["width"] >= (400 if name == "screen-join" and size == "projector" else 200), box
            page.screenshot(path=str(SHOTS / f"join-{name}-{size}.png"), full_page=name in ("room", "screen-choose"))
            found = Axe().run(page).response["violations"]
            failings += [f"{name} @ {size}: {v['id']} ({v['impact']}): {v['help']}" for v in found]
    assert not failings, "\n".join(failings)
