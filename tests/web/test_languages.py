"""The classroom's pages in English, Dutch and Danish: the browser's language, the switch and its cookie, the
pupils' and the teacher's pages in the rule books' words, and PDFs printed from the room in the page's language."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))

from sample_views import SAMPLES, sample

from minibridge.cli import main
from minibridge.language import gettext, speaking
from minibridge.lessons import find_lesson
from minibridge.lessons.lesson import VARIANTS
from minibridge.web.languages import COOKIE
from minibridge.web.pages import render_page, render_start

SAME_IN_BOTH = {
    "nl": {
        "in",
        "is",
        "of",
        "over",
        "per",
        "plus",
        "hand",
        "was",
        "West",
        "dummy",
        "Score",
        "score",
        "Open",
        "partners",
        "tablets",
    }
    | {"MiniBridge", "EBU"},
    "da": {"at", "for", "hold", "over", "plus", "side", "to", "normal", "Score", "score", "Start"}
    | {"MiniBridge", "EBU"},
}
"""Words of an English page that are words of the language too, spelled the same."""


def _words(html: str) -> set[str]:
    """The words of a page's text, the language switch (each language in its own name) left aside."""
    text = re.sub(r'<nav class="languages".*?</nav>|<script.*?</script>|<code>.*?</code>', " ", html, flags=re.S)
    text = re.sub(r"<[^>]*>", " ", text)
    return set(re.findall(r"[A-Za-zÆØÅæøå]{2,}", text))


def _titles_and_labels(html: str) -> set[str]:
    """The words of the attributes a reader hears or sees: aria-label, title, placeholder."""
    found = re.findall(r'(?:aria-label|title|placeholder)="([^"]*)"', html)
    return {word for text in found for word in re.findall(r"[A-Za-zÆØÅæøå]{2,}", text)}


def test_the_browser_language_chooses_the_language_of_the_page(client: TestClient):
    response = client.get("/", headers={"Accept-Language": "da-DK, da;q=0.9, en;q=0.5"})
    assert response.headers["content-language"] == "da"
    assert "Accept-Language" in response.headers["vary"]
    assert '<html lang="da">' in response.text and "Vælg en lektion" in response.text
    english = client.get("/", headers={"Accept-Language": "fr, de;q=0.8"})
    assert '<html lang="en">' in english.text and "Choose a lesson" in english.text


def test_the_switch_keeps_the_language_chosen_in_a_cookie(client: TestClient):
    chosen = client.get("/?lang=nl", headers={"Accept-Language": "da"})
    assert chosen.headers["set-cookie"].startswith(f"{COOKIE}=nl;") and "SameSite=Lax" in chosen.headers["set-cookie"]
    assert "Kies een les" in chosen.text
    later = client.get("/lessons/3/exercises", headers={"Accept-Language": "da"})
    assert '<html lang="nl">' in later.text and "Hoe heet je?" in later.text
    assert "Spelen met een dummy" in later.text


def test_a_language_minibridge_does_not_speak_is_left_aside(client: TestClient):
    response = client.get("/?lang=fr", headers={"Accept-Language": "nl"})
    assert "set-cookie" not in response.headers
    assert '<html lang="nl">' in response.text


def test_the_switch_names_each_language_in_its_own_words_and_keeps_the_address(client: TestClient):
    page = client.get("/lessons/3/exercises?change=1", headers={"Accept-Language": "nl"}).text
    switch = page[page.index('<nav class="languages"') :]
    assert 'aria-label="Taal"' in switch
    assert '<span lang="nl" aria-current="true">Nederlands</span>' in switch
    assert 'href="/lessons/3/exercises?change=1&amp;lang=da">Dansk</a>' in switch
    assert 'href="/lessons/3/exercises?change=1&amp;lang=en">English</a>' in switch


@pytest.mark.parametrize("code", ["nl", "da"])
@pytest.mark.parametrize("name", sorted(set(SAMPLES) - {"refused"}))
def test_a_table_in_dutch_or_danish_holds_no_english_word(name, code):
    view = sample(name)
    english = render_page(view)
    with speaking(code):
        translated = render_page(view)
    data = set(re.findall(r"[A-Za-z]{2,}", json.dumps(view)))
    left = (_words(translated) | _titles_and_labels(translated)) & (_words(english) | _titles_and_labels(english))
    assert sorted(left - SAME_IN_BOTH[code] - data) == []


@pytest.mark.parametrize(
    ("code", "honours", "words"),
    [
        ("nl", {"H", "V", "B"}, {"Jouw beurt", "Noord–Zuid", "leider", "punten"}),
        ("da", {"K", "D", "B", "E"}, {"Din tur", "Nord–Syd", "spilfører", "point"}),
    ],
)
def test_a_table_shows_the_honours_and_words_of_its_language(code, honours, words):
    view = sample("dummy")
    with speaking(code):
        page = render_page(view)
    ranks = set(re.findall(r'<span class="rank">([^<]*)</span>', page))
    assert honours <= ranks and not ({"Q", "J"} & ranks)
    assert all(word in page for word in words), words


def test_the_start_page_in_danish_holds_no_english_word():
    english = render_start()
    with speaking("da"):
        danish = render_start()
    left = (_words(danish) | _titles_and_labels(danish)) & (_words(english) | _titles_and_labels(english))
    assert sorted(left - SAME_IN_BOTH["da"]) == []
    assert "Lektion 3" in danish and "Hollandske" in danish


@pytest.fixture
def teacher(client: TestClient) -> TestClient:
    assert client.get("/teacher?token=teacher", follow_redirects=False).status_code == 303
    return client


def test_the_teachers_lesson_page_in_danish_with_the_lessons_own_translation(teacher: TestClient):
    page = teacher.get("/teacher/lessons/3", headers={"Accept-Language": "da"}).text
    assert "Minibridge-lektion 3: At spille med en blind" in page
    assert "Læringsmål" in page and "Tretten kort til hver." in page and "Kun uden trumf." in page
    assert "Spil 1: tæl pointene i hver af de fire hænder." in page
    assert "Hvorfor:" in page and "Nord 11 (" in page


@pytest.mark.parametrize("path", ["/teacher", "/teacher/lessons", "/teacher/printing", "/teacher/screen"])
def test_the_teachers_pages_in_dutch_hold_no_english_word(teacher: TestClient, path: str):
    english = teacher.get(path).text
    dutch = teacher.get(path, headers={"Accept-Language": "nl"}).text
    left = (_words(dutch) | _titles_and_labels(dutch)) & (_words(english) | _titles_and_labels(english))
    left -= SAME_IN_BOTH["nl"] | {"computer", "projector", "server", "start", "contract", "PDF", "PBN", "Letter"}
    left -= {"http", "testserver", "minibridge", "pack", "deal", "records", "scoresheet"}  # the address, the commands
    left -= {"Duplimate", "Dealer", "pbn"}  # the dealing machines' names and the files' ending
    titles = {word for n in range(1, 7) for word in re.findall(r"[A-Za-z]{2,}", find_lesson(n).title)}
    assert sorted(left - titles) == [], "the lesson files' own titles are the only English left"


def test_sheets_printed_from_the_room_speak_the_pages_language(teacher: TestClient, tmp_path: Path):
    response = teacher.post(
        "/teacher/printing/sheets", data={"lesson": "3", "deals": "4"}, headers={"Accept-Language": "nl"}
    )
    assert response.status_code == 200
    out = tmp_path / "sheets.pdf"
    result = CliRunner().invoke(main, ["scoresheet", "--lesson", "3", "--deals", "4", "-o", str(out), "--lang", "nl"])
    assert result.exit_code == 0, result.output
    assert response.content == out.read_bytes()


def test_the_variants_a_teacher_may_turn_on_are_told_in_dutch(teacher: TestClient):
    page = teacher.get("/teacher/lessons/5", headers={"Accept-Language": "nl"}).text
    assert "Varianten die je kunt aanzetten:" in page
    with speaking("nl"):
        slam = gettext(VARIANTS["slam"])
    assert slam != VARIANTS["slam"] and html.escape(slam, quote=False) in page
