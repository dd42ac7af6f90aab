"""Every combination of the start page's choices, posted as the page's form sends it: each starts a game or
answers with the start page holding one short sentence and every choice kept as sent, "More" open so that none is
hidden; never a 500, never the page inside itself. The page offers only choices that go together (lessons marked
with what they allow). The page leads with the big choice (Play, or My exercises), then the lessons; the teacher's
choices wait behind "More", the class's tables come below."""

from __future__ import annotations

import itertools
import re
from html.parser import HTMLParser

import pytest
from classroom_client import make_client
from starlette.testclient import TestClient

from minibridge.classroom.setup import choices_allowed

BUTTONS: list[dict[str, str]] = [{"lesson": str(n)} for n in range(1, 7)] + [{"free": "1"}]
RULES = ("ebu", "nbb", "targets")
LENGTHS: list[dict[str, str]] = [
    {"deals": "1", "target": ""},
    {"deals": "4", "target": ""},
    {"deals": "8", "target": "500"},  # a number typed, then a number of deals chosen: the deals count
    {"deals": "", "target": ""},
    {"deals": "", "target": "500"},
    {"deals": "", "target": "1"},
    {"deals": "", "target": "0"},
    {"deals": "", "target": "abc"},
    {"deals": "", "target": "10000"},
]
THREE = ("", "simple", "normal")
PRACTICE = ("", "declarer", "defender")
ROBOTS = ("", "beginner", "club", "expert")


class _Form(HTMLParser):
    """The start page's inputs that are chosen (radios and boxes checked, the target's value), its alerts and its
    lesson buttons' ``data-allows``."""

    def __init__(self) -> None:
        super().__init__()
        self.checked: dict[str, str] = {}
        self.target: str | None = None
        self.allows: dict[str, set[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "input" and a.get("name") == "target":
            self.target = a.get("value") or ""
        elif tag == "input" and "checked" in a:
            self.checked[a.get("name") or ""] = a.get("value") or ""
        elif tag == "button" and a.get("name") == "lesson" and a.get("data-allows") is not None:
            self.allows[a.get("value") or ""] = set((a.get("data-allows") or "").split())


def _read(html: str) -> _Form:
    form = _Form()
    form.feed(html)
    return form


def _combinations() -> list[dict[str, str]]:
    """Every combination of the page's choices: each button, length, players, practice, how strong the computer
    plays and "play my only card"; free play with each rules set, with and without slams; a lesson (which brings
    its own rules, the rules and Slams sent beside it ignored) with each rules set and Slams choice in turn."""
    found = []
    for index, (button, rules, slam, length, three, practice, robots, single) in enumerate(
        itertools.product(BUTTONS, RULES, (False, True), LENGTHS, THREE, PRACTICE, ROBOTS, (False, True))
    ):
        if "lesson" in button and (rules, slam) != (RULES[index // 7 % 3], bool(index // 5 % 2)):
            continue
        form = {**button, **length, "rules": rules, "three_handed": three, "practice": practice, "robots": robots}
        if slam:
            form["slam"] = "1"
        if single:
            form["auto_single"] = "1"
        found.append(form)
    return found


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory):
    with make_client(tmp_path_factory.mktemp("choices")) as test_client:
        yield test_client


def _words(html: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", said).strip()
        for said in re.findall(r'class="message" role="alert">(.*?)</p>', html, re.S)
    ]


def _kept(html: str, sent: dict[str, str]) -> None:
    form = _read(html)
    for name in ("deals", "three_handed", "practice", "robots", "rules"):
        assert form.checked.get(name, "") == sent.get(name, ""), name
    for name in ("slam", "auto_single"):
        assert (name in form.checked) == (name in sent), name
    assert form.target == sent["target"]


@pytest.mark.parametrize("chunk", range(8))
def test_every_combination_starts_a_game_or_says_why_in_one_short_sentence(client: TestClient, chunk: int):
    combinations = _combinations()[chunk::8]
    assert combinations
    for sent in combinations:
        response = client.post("/games", data=sent, follow_redirects=False)
        assert response.status_code != 500, sent
        if response.status_code == 303:
            assert re.fullmatch(r"/games/[\w-]+", response.headers["location"]), sent
            _should_start(sent)
            continue
        assert 400 <= response.status_code < 500, (sent, response.status_code)
        html = response.text
        said = _words(html)
        assert len(said) == 1, (sent, said)
        assert len(said[0].split()) <= 16 and said[0][0].isupper() and said[0].endswith("."), said
        assert html.count('id="page"') == 1 and html.count("<footer") <= 1, sent
        assert '<details class="more" open>' in html, sent
        _kept(html, sent)
        assert _should_start(sent) is False, (sent, said)


def _should_start(sent: dict[str, str]) -> bool:
    """Whether the choices go together, from the library's own account of what each lesson allows."""
    lesson = int(sent["lesson"]) if "lesson" in sent else None
    allowed = choices_allowed(lesson, sent["rules"])
    target = sent["target"] if not sent["deals"] else ""
    if target and not (target.isdigit() and 1 <= int(target) <= 9999):
        return False
    if lesson is None and "slam" in sent and not allowed["slam"]:
        return False
    if sent["three_handed"] and sent["practice"]:
        return False
    wants = {"target": bool(target), "three_handed": bool(sent["three_handed"]), "practice": bool(sent["practice"])}
    return all(allowed[name] for name, wanted in wants.items() if wanted)


def test_the_page_offers_lessons_marked_with_what_they_allow(client: TestClient):
    page = client.get("/").text
    form = _read(page)
    assert form.allows["1"] == form.allows["2"] == set()
    assert form.allows["3"] == {"target", "three_handed", "practice"}
    assert 'step="10"' not in page and 'placeholder="500"' in page and 'min="1"' in page
    for hint in (
        "Lessons One and Two are played with a number of deals, not to a score.",
        "Three players can play from Lesson Three on.",
        "Declare or defend is for four players.",
    ):
        assert hint in page


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ({"lesson": "1", "deals": "", "target": "500"}, "Lessons One and Two are played with a number of deals"),
        ({"lesson": "2", "deals": "4", "three_handed": "simple"}, "Three players can play from Lesson Three on."),
        ({"lesson": "4", "deals": "", "target": "abc"}, "Write a score from 1 to 9999, like 500."),
        ({"lesson": "4", "deals": "2", "three_handed": "normal", "practice": "declarer"}, "for four players"),
    ],
)
def test_a_refusal_through_htmx_is_the_page_once_with_its_sentence(client: TestClient, sent, said):
    response = client.post("/games", data=sent, headers={"HX-Request": "true"})
    assert response.status_code == 422
    assert said in _words(response.text)[0] and response.text.count('id="page"') == 1


def test_the_page_leads_with_the_big_choice_then_the_lessons_and_keeps_the_teachers_choices_behind_more(
    tmp_path_factory: pytest.TempPathFactory,
):
    with make_client(tmp_path_factory.mktemp("order"), class_code="OWL42") as coded:
        page = coded.get("/").text
    places = [
        page.index('class="big-choice"'),
        page.index('id="class_code"'),
        page.index('name="lesson" value="1"'),
        page.index('<details class="more">'),
        page.index('name="deals"'),
        page.index('name="free"'),
        page.index("</details>"),
        page.index('id="class-tables"'),
    ]
    assert places == sorted(places)
    assert re.findall(r'<a class="choice lesson" href="(/lessons/\d/exercises)"', page) == [
        f"/lessons/{n}/exercises" for n in range(1, 7)
    ]
    assert 'href="#my-exercises"' in page and 'id="my-exercises"' in page


@pytest.mark.parametrize(
    ("sent", "opened"),
    [
        ({"lesson": "3", "deals": "4", "class_code": "CAT"}, True),  # a message: open
        ({"lesson": "3", "deals": "4", "class_code": "OWL42"}, False),  # started: no page comes back
    ],
)
def test_more_is_open_when_the_page_comes_back_with_a_message(tmp_path_factory: pytest.TempPathFactory, sent, opened):
    with make_client(tmp_path_factory.mktemp("more"), class_code="OWL42") as coded:
        response = coded.post("/games", data=sent, follow_redirects=False)
        assert (response.status_code == 403) is opened
        if opened:
            assert '<details class="more" open>' in response.text
        assert '<details class="more">' in coded.get("/").text


def test_the_api_refuses_a_score_to_play_to_in_lesson_one_in_words(client: TestClient):
    response = client.post("/api/games", json={"lesson": 1, "target": 500})
    assert response.status_code == 422 and "no score to reach" in response.json()["error"]
    assert client.post("/api/games", json={"lesson": 2, "three_handed": "simple"}).status_code == 422


def test_the_placeholder_score_starts_a_game(client: TestClient):
    response = client.post("/games", data={"lesson": "5", "deals": "", "target": "500"}, follow_redirects=False)
    assert response.status_code == 303
    game = client.get(response.headers["location"].replace("/games/", "/api/games/")).json()
    assert game["target"] == 500 and game["deals"] is None
