"""The pupils' pages: drawn from the view alone (no card the view does not hold), words escaped, the choices."""

from __future__ import annotations

import itertools
import re
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))

from sample_views import SAMPLES, sample

from minibridge.web.app import create_app
from minibridge.web.pages import cards_held, contract_parts, render_page, render_start, render_table, suit_groups

CARD_CODE = re.compile(r"(?<![A-Za-z0-9])[SHDC][AKQJT98765432](?![A-Za-z0-9])")


def _cards_in(view: dict[str, Any]) -> set[str]:
    """Every card the view holds: its hands, the trick, the completed tricks."""
    cards = {card for hand in view["hands"].values() for card in hand}
    cards |= {entry["card"] for entry in view["trick"]}
    cards |= {card for trick in view["tricks"] for card in trick["cards"].values()}
    return cards


def _cards_shown(view: dict[str, Any]) -> set[str]:
    """The cards the table shows: the hands, the trick (or else the last trick), every trick after the deal."""
    cards = {card for hand in view["hands"].values() for card in hand}
    cards |= {entry["card"] for entry in view["trick"]}
    over = view["phase"] in ("deal_over", "game_over")
    shown = view["tricks"] if over else view["tricks"][-1:] if not view["trick"] else []
    return cards | {card for trick in shown for card in trick["cards"].values()}


@pytest.mark.parametrize("name", sorted(SAMPLES))
@pytest.mark.parametrize("render", [render_table, render_page])
def test_a_page_shows_exactly_the_cards_the_table_shows_and_nothing_outside_the_view(name, render):
    view = sample(name)
    html = render(view)
    assert set(CARD_CODE.findall(html)) == _cards_shown(view)
    assert set(re.findall(r'data-card="([^"]*)"', html)) == _cards_shown(view)
    assert _cards_shown(view) <= _cards_in(view)


@pytest.mark.parametrize("name", ["defending", "dummy", "refused", "lesson_one", "contract"])
def test_a_hand_left_out_of_the_view_cannot_reach_the_page(name):
    view = sample(name)
    hidden = {seat for seat in "NESW" if seat not in view["hands"]}
    assert hidden, "a pupil's view during the play hides some hand"
    full = SAMPLES["deal_over"]["hands"] if name != "lesson_one" else SAMPLES["lesson_one_over"]["hands"]
    on_table = {entry["card"] for entry in view["trick"]} | {c for t in view["tricks"] for c in t["cards"].values()}
    unseen = {card for seat in hidden for card in full[seat]} - on_table
    html = render_table(view)
    assert unseen
    assert not unseen & set(CARD_CODE.findall(html))


def test_hidden_hands_show_as_many_backs_as_cards_they_still_hold():
    view = sample("defending")  # North led to this trick, East followed; South is to play
    assert [cards_held(view, seat) for seat in "NESW"] == [11, 11, 12, 12]
    html = render_table(view)
    north = html.split('class="seat seat-n', 1)[1].split("</section>", 1)[0]
    assert north.count('class="back"') == 11
    assert "11 cards" in north


def test_the_pupils_cards_are_buttons_that_play_through_the_actions_route():
    view = sample("defending")
    html = render_table(view)
    for card in view["hands"]["S"]:
        button = re.search(rf'<button[^>]*data-card="{card}"[^>]*>', html, re.S)
        assert button, card
        assert f'hx-post="/games/{view["id"]}/actions"' in button.group(0)
        assert f'hx-vals=\'{{"card": "{card}"}}\'' in button.group(0)
        assert ("not-legal" in button.group(0)) == (card not in view["legal"])
    # West is dummy for East: face up, not buttons
    assert not re.search(r'<button[^>]*data-card="' + view["hands"]["W"][0], html)


def test_the_pupil_plays_dummys_cards_when_north_south_declare():
    view = sample("dummy")
    html = render_table(view)
    assert "Your turn to play from North's cards" in html
    for card in view["hands"]["N"]:
        assert re.search(rf'<button[^>]*data-card="{card}"[^>]*hx-post=', html, re.S), card
    # South's cards wait: it is North's turn
    for card in view["hands"]["S"]:
        assert re.search(rf'<button[^>]*data-card="{card}"[^>]*disabled', html, re.S), card


def test_a_selected_card_is_raised_and_only_that_one():
    html = render_table(sample("defending"), selected="D9")
    assert re.findall(r'data-card="(\w\w)"[^>]*aria-pressed="true"', html) == ["D9"]


def test_contracts_are_buttons_in_words_and_notation():
    view = sample("contract")
    html = " ".join(render_table(view).split())
    assert "North is declarer" in html
    for text, words, symbol, goal in [
        ("4H", "Game in hearts", "4♥", "10 tricks"),
        ("3N", "Game in no-trumps", "3NT", "9 tricks"),
        ("1S", "Part-score in spades", "1♠", "7 tricks"),
        ("5C", "Game in clubs", "5♣", "11 tricks"),
    ]:
        button = re.search(rf'<button[^>]*data-contract="{text}".*?</button>', html, re.S)
        assert button, text
        plain = re.sub(r"<[^>]+>", "", button.group(0))
        assert plain.split() == f"{words} · {symbol} · {goal}".split()
        assert f'hx-vals=\'{{"contract": "{text}"}}\'' in button.group(0)
    assert html.count("data-contract=") == len(view["contracts"])


def test_declarer_buttons_when_the_pair_chooses():
    view = sample("contract") | {"phase": "declarer", "declarer": None, "contracts": [], "declarers": ["N", "S"]}
    html = render_table(view)
    assert "Who will be declarer?" in html
    assert 'hx-vals=\'{"declarer": "N"}\'' in html and 'hx-vals=\'{"declarer": "S"}\'' in html


def test_a_refused_card_says_why_plainly():
    html = render_table(sample("refused"))
    assert '<p class="message" role="alert">you must follow suit: clubs were led and you hold a club</p>' in html
    assert 'class="message"' not in render_table(sample("defending"))


def test_after_the_deal_all_hands_the_tricks_the_score_and_the_next_deal():
    view = sample("deal_over")
    html = " ".join(render_table(view).split())
    assert "North–South did not make game in hearts." in html
    assert "won 8 tricks; the goal was 10" in html
    assert "Score so far: North–South <strong>420</strong> · East–West <strong>50</strong>" in html
    assert html.count('<tr><th scope="row">') == 13
    assert "hx-vals='{\"next\": true}'" in html
    over = render_table(sample("lesson_one_over"))
    assert "The game is over" in over and '"next"' not in over
    assert "North–South won" in " ".join(over.split())


def test_lesson_one_has_no_contract_and_no_dummy():
    html = render_table(sample("lesson_one"))
    assert "plays" not in html.split("</header>")[0]
    assert "badge" not in html
    assert "Your turn: tap a card" in html


def test_the_table_says_it_is_ready_and_thinks_visibly():
    html = render_table(sample("defending"))
    root = re.search(r"<main[^>]*>", html).group(0)
    assert 'id="table"' in root and 'data-ready="true"' in root and 'hx-target="this"' in root
    assert 'class="htmx-indicator thinking"' in html


@pytest.mark.parametrize("key", ["rules", "message", "id"])
def test_every_value_of_the_view_is_escaped(key):
    view = sample("refused") | {"lesson": None, key: "<script>alert('x')</script>\" onclick=\"x"}
    html = render_page(view)
    assert "<script>alert" not in html
    assert '" onclick="x' not in html
    assert "&lt;script&gt;" in html or (key == "id" and "%3Cscript%3E" in html)  # an id is written into addresses


def test_the_page_holds_the_table_the_stylesheet_and_htmx():
    html = render_page(sample("defending"))
    assert '<meta name="viewport"' in html
    assert 'href="/static/classroom.css"' in html and 'src="/static/htmx-2.0.8.min.js"' in html
    assert render_table(sample("defending")) in html


def test_the_start_page_posts_a_lesson_or_free_play_to_games():
    html = render_start({"lessons": [{"number": n, "title": f"Title {n}"} for n in range(1, 7)]})
    assert 'hx-post="/games"' in html
    assert [int(n) for n in re.findall(r'name="lesson" value="(\d)"', html)] == [1, 2, 3, 4, 5, 6]
    assert "Lesson Six" in html and "Title 6" in html
    assert all(f'name="rules" value="{rules}"' in html for rules in ("ebu", "nbb", "targets"))
    assert 'name="slam"' in html and 'name="free"' in html and 'name="target"' in html
    assert 'name="class_code"' not in html
    assert 'name="class_code"' in render_start({"class_code": True})
    warned = render_start({"message": "<b>the class code is wrong</b>"})
    assert "&lt;b&gt;the class code is wrong&lt;/b&gt;" in warned


@pytest.mark.parametrize("held", [set(s) for n in range(5) for s in itertools.combinations("SHDC", n)])
def test_suits_alternate_in_colour_whenever_they_can(held):
    groups = suit_groups([suit + "A" for suit in "SHDC" if suit in held])
    order = [group["suit"] for group in groups]
    assert set(order) == held
    colours = ["red" if suit in "HD" else "black" for suit in order]
    if held not in ({"H", "D"}, {"S", "C"}):  # a suit of the other colour can sit between them
        assert all(a != b for a, b in itertools.pairwise(colours)), order
    if held == set("SHDC"):
        assert order == ["S", "H", "C", "D"]


def test_cards_within_a_suit_go_from_the_ace_down():
    assert suit_groups(["S2", "ST", "SA", "S9"]) == [{"suit": "S", "cards": ["SA", "ST", "S9", "S2"]}]


def test_contract_parts():
    assert contract_parts("3NT") == {"level": 3, "strain": "NT", "kind": "game", "goal": 9}
    assert contract_parts("6C")["kind"] == "slam"


def test_htmx_is_shipped_with_its_licence():
    static = files("minibridge.web").joinpath("static")
    assert static.joinpath("htmx-2.0.8.min.js").read_text(encoding="utf-8").startswith("var htmx=")
    assert "Zero-Clause BSD" in static.joinpath("htmx-LICENSE.txt").read_text(encoding="utf-8")
    assert static.joinpath("classroom.css").is_file() and static.joinpath("classroom.js").is_file()


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("/games/nothing-here", "There is no such game: start a new one."),
        ("/tables/nothing-here", "There is no such table"),
        ("/no/such/page", "There is nothing at this address."),
    ],
)
def test_a_page_that_is_not_there_answers_a_page_in_words_to_a_browser(address: str, words: str, tmp_path: Path):
    client = TestClient(create_app(data=tmp_path, class_code=None, teacher_token="t", loopback=True))
    opened = client.get(address, headers={"Accept": "text/html,application/xhtml+xml"})
    assert opened.status_code == 404 and opened.headers["content-type"].startswith("text/html")
    assert words in opened.text and 'href="/"' in opened.text
    assert client.get(address).json()["error"]  # a program is answered in JSON, as before
    assert client.get("/api" + address, headers={"Accept": "text/html"}).headers["content-type"] == "application/json"
