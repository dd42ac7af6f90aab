"""The teacher's pages in a teacher's words: a match not yet played in the league, what a PBN file is where the
printing page first offers one, a contract in small letters inside a sentence."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from classroom_client import make_client
from starlette.testclient import TestClient

from minibridge.league import new_league


@pytest.fixture
def teacher(tmp_path: Path) -> TestClient:
    """A classroom's test client once the teacher's link has been opened."""
    client = make_client(tmp_path)
    assert client.get("/teacher?token=teacher", follow_redirects=False).status_code == 303
    return client


def _words(page: str) -> str:
    """A page's words as read aloud: without markup, spaces between the words as the browser shows them."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())


def test_a_league_match_not_yet_played_reads_as_a_sentence(teacher: TestClient, tmp_path: Path):
    new_league(tmp_path / "spring.yaml", ["Tom & Ann", "Sam & Bo", "Eva & Max"])
    words = _words(teacher.get("/teacher/league/spring.yaml").text)
    played = re.findall(r"(\S+ & \S+) v (\S+ & \S+): not played yet", words)
    assert len(played) == 3, words  # three pairs: three mini-matches, none played
    assert ":not" not in words and "to play" not in words


def test_the_printing_page_says_what_a_pbn_file_is_where_it_first_offers_one(teacher: TestClient):
    page = teacher.get("/teacher/printing").text
    pack = _words(page[page.index(">", page.index('id="pack"')) + 1 : page.index('id="records"')])
    said = pack.index("A PBN file is the usual file of bridge deals: dealing machines")
    assert pack.index("The boards as a PBN file") < said and "scoring programs read it" in pack[said:]
    whole = _words(page)
    start = whole.index(pack[:40])
    assert start < whole.index("PBN") < start + len(pack)  # no PBN file is named before the pack's offer


def test_a_contract_inside_a_sentence_is_in_small_letters(teacher: TestClient):
    words = _words(teacher.get("/teacher/lessons/5").text)
    assert re.search(r"(North|East|South|West) plays (part-score|game) in", words), words
    assert not re.search(r"plays (Part-score|Game|Slam|Grand slam)", words)


@pytest.mark.parametrize("address", ["/teacher/tables/nosuchtable", "/teacher/tables/nosuchtable/screen"])
def test_a_table_that_is_not_there_is_a_page_in_plain_words(teacher: TestClient, address: str):
    response = teacher.get(address)
    assert response.status_code == 404 and response.headers["content-type"].startswith("text/html")
    assert "There is no such table: setting up new tables ends the tables before them." in _words(response.text)
