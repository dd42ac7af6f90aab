"""The teacher's room over HTTP: the teacher's link and its cookie, every teacher page refused to a pupil in plain
words, the lessons in full, PDFs with the same bytes as the commands, the class screen played card by card,
the pupils' progress and the league kept in the same file as ``minibridge league``."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from starlette.testclient import TestClient

from minibridge.cards import Seat, Side, Strain
from minibridge.cli import main
from minibridge.errors import MiniBridgeError
from minibridge.league import Result, load_league, new_league
from minibridge.lessons import find_lesson
from minibridge.lessons.answers import mark_answers
from minibridge.practice import practice_deals
from minibridge.recorded import replay_record
from minibridge.web.auth import TEACHER_COOKIE
from minibridge.web.teacher.board import Screen, screen_board
from minibridge.web.teacher.league import result_from_form
from minibridge.web.teacher.printing import MAX_UPLOAD

PBN = Path(__file__).parents[3] / "shared" / "data" / "pbn"
CLUB = "jarekczek__pbntools__sky_club_2196_pairs_sky_club_jackpot_2000.pbn"
SAME_SITE = {"Origin": "http://testserver"}

TEACHER_PAGES = [
    "/teacher",
    "/teacher/lessons",
    "/teacher/lessons/3",
    "/teacher/printing",
    "/teacher/screen",
    "/teacher/screen?lesson=5&board=1",
    "/teacher/screen/next?lesson=5&board=1",
    "/teacher/progress",
    "/teacher/league",
]
TEACHER_POSTS = [
    "/teacher/printing/pack",
    "/teacher/printing/records",
    "/teacher/printing/sheets",
    "/teacher/league",
    "/teacher/league/spring.yaml/record",
]


@pytest.fixture
def teacher(client: TestClient) -> TestClient:
    """The test client once the teacher's link has been opened."""
    response = client.get("/teacher?token=teacher", follow_redirects=False)
    assert response.status_code == 303
    return client


def _text(html: str) -> str:
    """A page's words, without its markup."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#39;", "'").replace("&amp;", "&").split())


def _alerts(html: str) -> list[str]:
    return [_text(found) for found in re.findall(r'role="alert">(.*?)</p>', html, flags=re.S)]


def _cli(*args: str) -> None:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output


# --- the teacher's link and who may open the teacher's pages ----------------------------------------------------


def test_the_teachers_link_keeps_the_token_in_a_cookie_and_leaves_the_address(client: TestClient):
    response = client.get("/teacher?token=teacher", follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/teacher"
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{TEACHER_COOKIE}_80=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "teacher;" not in cookie and "Path=/" in cookie  # a signed session, never the token itself
    room = client.get("/teacher")
    assert room.status_code == 200
    assert "The teacher's room" in room.text


@pytest.mark.parametrize("address", TEACHER_PAGES)
def test_a_pupil_cannot_open_a_teacher_page(client: TestClient, address: str):
    without = client.get(address)
    assert without.status_code == 401
    assert "This page is for the teacher" in without.text
    assert "use the teacher's link that minibridge serve printed" in _text(without.text)
    client.cookies.set(f"{TEACHER_COOKIE}_80", "guess")
    wrong = client.get(address)
    assert wrong.status_code == 403
    assert "That is not the teacher's link" in _text(wrong.text)


@pytest.mark.parametrize("address", TEACHER_POSTS)
def test_a_pupil_cannot_post_a_teacher_form(client: TestClient, tmp_path: Path, address: str):
    new_league(tmp_path / "spring.yaml", ["I", "II", "III"])
    before = (tmp_path / "spring.yaml").read_bytes()
    fields = {"lesson": "1", "name": "autumn", "pairs": "A,B", "round": "1", "first": "II", "second": "III"}
    fields |= {"how": "result", "won": "2", "lost": "0"}
    assert client.post(address, data=fields, headers=SAME_SITE).status_code == 401
    client.cookies.set(f"{TEACHER_COOKIE}_80", "guess")
    assert client.post(address, data=fields, headers=SAME_SITE).status_code == 403
    assert (tmp_path / "spring.yaml").read_bytes() == before
    assert not (tmp_path / "autumn.yaml").exists()


def test_a_form_posted_from_another_site_changes_nothing(teacher: TestClient, tmp_path: Path):
    new_league(tmp_path / "spring.yaml", ["I", "II", "III"])
    before = (tmp_path / "spring.yaml").read_bytes()
    fields = {"round": "1", "first": "II", "second": "III", "how": "result", "won": "2", "lost": "0"}
    refused = teacher.post("/teacher/league/spring.yaml/record", data=fields, headers={"Origin": "http://evil.example"})
    assert refused.status_code == 403
    assert "did not come from the classroom's pages" in _text(refused.text)
    assert (tmp_path / "spring.yaml").read_bytes() == before
    made = teacher.post(
        "/teacher/league", data={"name": "x", "pairs": "A,B"}, headers={"Origin": "http://evil.example"}
    )
    assert made.status_code == 403 and not (tmp_path / "x.yaml").exists()


def test_the_progress_api_takes_the_bearer_token(client: TestClient):
    assert client.get("/api/progress").status_code == 401
    assert client.get("/api/progress", headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.get("/api/progress", headers={"Authorization": "Bearer nope"}).json()["error"]
    progress = client.get("/api/progress", headers={"Authorization": "Bearer teacher"}).json()
    assert progress["lessons"] == [] and progress["help"] == [] and set(progress["switches"]) >= {"every", "free"}


# --- the lessons ---------------------------------------------------------------------------------------------


def test_the_six_lessons_are_listed_with_their_rules(teacher: TestClient):
    page = _text(teacher.get("/teacher/lessons").text)
    for number in range(1, 7):
        lesson = find_lesson(number)
        assert f"{lesson.name}: {lesson.title}" in page
        assert f"{len(lesson.deals)} deals · {len(lesson.exercises)} exercises" in page


@pytest.mark.parametrize("number", range(1, 7))
def test_a_lesson_shows_its_objectives_deals_and_exercises_with_the_answers(teacher: TestClient, number: int):
    lesson = find_lesson(number)
    response = teacher.get(f"/teacher/lessons/{number}")
    assert response.status_code == 200
    page = _text(response.text)
    for objective in lesson.objectives:
        assert " ".join(objective.split()) in page
    for board in lesson.deals:
        assert f'id="board-{board.number}"' in response.text
        assert f"/teacher/screen?lesson={number}&amp;board={board.number}" in response.text
        for card in board.deal.hands[0]:
            assert f'aria-label="{_card_name(str(card))}"' in response.text
    for mark in mark_answers(lesson, {}):
        assert f'id="exercise-{mark.exercise}"' in response.text
        assert _text(mark.reason.replace("'", "&#39;")) in page


def _card_name(code: str) -> str:
    ranks = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight"}
    ranks |= {"7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    return f"{ranks[code[1]]} of {suits[code[0]]}"


def test_there_is_no_seventh_lesson(teacher: TestClient):
    response = teacher.get("/teacher/lessons/7")
    assert response.status_code == 404
    assert "There are six MiniLessons" in response.text


# --- printing: the same bytes as the commands --------------------------------------------------------------


def test_a_lesson_pack_is_the_same_pdf_as_minibridge_pack(teacher: TestClient, tmp_path: Path):
    fields = {"lesson": "3", "deals": "12", "seed": "7", "paper": "letter"}
    response = teacher.post("/teacher/printing/pack", data=fields)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/pdf"
    assert response.headers["content-disposition"] == 'attachment; filename="lesson-3-12-deals-seed-7.pdf"'
    _cli("pack", "--lesson", "3", "--deals", "12", "--seed", "7", "--paper", "letter", "-o", str(tmp_path), "-q")
    assert response.content == (tmp_path / "lesson-3-12-deals-seed-7.pdf").read_bytes()
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert all(f"Board {n}" in text for n in range(1, 13))


@pytest.mark.skipif(not (PBN / CLUB).is_file(), reason="the shared PBN files are not beside the project")
def test_hand_records_of_an_uploaded_file_are_the_same_pdf_as_minibridge_records(teacher: TestClient, tmp_path: Path):
    source = PBN / CLUB
    upload = {"pbn": (CLUB, source.read_bytes(), "application/octet-stream")}
    fields = {"rules": "lesson-5", "per_page": "2", "paper": "a4"}
    response = teacher.post("/teacher/printing/records", data=fields, files=upload)
    assert response.status_code == 200, _alerts(response.text)
    assert response.headers["content-disposition"] == f'attachment; filename="{source.stem}.pdf"'
    _cli("records", str(source), "--lesson", "5", "--per-page", "2", "-o", str(tmp_path / "r.pdf"), "-q")
    assert response.content == (tmp_path / "r.pdf").read_bytes()


def test_an_uploaded_file_with_bad_boards_prints_the_others_and_names_those_left_out(teacher: TestClient):
    source = Path(__file__).parents[1] / "data" / "pbn" / "bad_board_in_the_middle.pbn"
    upload = {"pbn": (source.name, source.read_bytes(), "application/octet-stream")}
    response = teacher.post("/teacher/printing/records", data={"rules": "ebu"}, files=upload)
    assert response.status_code == 200 and response.headers["content-type"] == "application/pdf"
    text = " ".join("".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages).split())
    assert "Board 1" in text and "Board 5" in text and "Board 2 " not in text
    assert "Left out: board 2 (line 27), board 3 (line 33), board 4 (line 42)" in text


def test_blank_score_sheets_are_the_same_pdf_as_minibridge_scoresheet(teacher: TestClient, tmp_path: Path):
    response = teacher.post("/teacher/printing/sheets", data={"lesson": "6", "deals": "4", "tables": "9"})
    assert response.headers["content-disposition"] == 'attachment; filename="score-sheets-lesson-6.pdf"'
    _cli("scoresheet", "--lesson", "6", "--deals", "4", "--tables", "9", "-o", str(tmp_path / "s.pdf"))
    assert response.content == (tmp_path / "s.pdf").read_bytes()
    free = teacher.post("/teacher/printing/sheets", data={"lesson": "", "tables": "6"})
    _cli("scoresheet", "-o", str(tmp_path / "free.pdf"))
    assert free.content == (tmp_path / "free.pdf").read_bytes()


def test_an_uploaded_file_that_is_not_pbn_is_refused_by_its_own_name(teacher: TestClient):
    upload = {"pbn": ("../../notes.pbn", b"hello world\n", "text/plain")}
    response = teacher.post("/teacher/printing/records", data={"rules": "ebu"}, files=upload)
    assert response.status_code == 422
    [alert] = _alerts(response.text)
    assert alert.startswith("notes.pbn, line 1:") and "not a PBN file" in alert
    assert "/tmp" not in response.text and "\\" not in alert


def test_an_upload_too_large_is_refused_before_it_is_read(teacher: TestClient):
    upload = {"pbn": ("big.pbn", b"%" * (MAX_UPLOAD + 70 * 1024), "text/plain")}
    response = teacher.post("/teacher/printing/records", data={"rules": "ebu"}, files=upload)
    assert response.status_code == 413
    assert "too large" in response.json()["error"]


@pytest.mark.parametrize(
    ("address", "fields", "words"),
    [
        ("/teacher/printing/pack", {"lesson": "3", "deals": "99"}, "from 1 to 64"),
        ("/teacher/printing/pack", {"lesson": "8"}, "Choose a lesson, One to Six."),
        ("/teacher/printing/pack", {"lesson": "2", "seed": "seven"}, "Give the seed as a whole number"),
        ("/teacher/printing/pack", {"lesson": "2", "paper": "a3"}, "Choose A4 or Letter paper."),
        ("/teacher/printing/sheets", {"tables": "40"}, "from 1 to 20"),
        ("/teacher/printing/records", {"rules": "ebu"}, "Choose a PBN file first."),
    ],
)
def test_a_form_that_cannot_be_used_says_what_to_give(teacher: TestClient, address: str, fields: dict, words: str):
    response = teacher.post(address, data=fields)
    assert response.status_code == 422
    assert any(words in alert for alert in _alerts(response.text))


# --- the class screen ----------------------------------------------------------------------------------------


def _played(html: str) -> int:
    return int(re.search(r'data-played="(\d+)"', html).group(1))


def _link(html: str, element: str) -> str | None:
    found = re.search(rf'id="{element}"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*id="{element}"', html)
    if found is None:
        return None
    return (found.group(1) or found.group(2)).replace("&amp;", "&")


@pytest.mark.parametrize(("lesson", "board"), [(1, 1), (4, 6), (5, 6)])
def test_the_class_screen_steps_through_a_recorded_play_to_its_end(teacher: TestClient, lesson: int, board: int):
    played = find_lesson(lesson).board(board)
    html = teacher.get(f"/teacher/screen?lesson={lesson}&board={board}").text
    count = 0
    while (address := _link(html, "next")) is not None:
        response = teacher.get(address)
        assert response.status_code == 200
        html = response.text
        count += 1
        assert _played(html) == count
        back = teacher.get(_link(html, "back"))
        assert _played(back.text) == count - 1
    assert count == len(played.play.order)
    replayed = replay_record(played)
    for side, words in ((Side.NORTH_SOUTH, "North–South"), (Side.EAST_WEST, "East–West")):
        assert f"{words} <strong>{replayed.tricks_won(side)}</strong>" in html


def test_the_class_screen_goes_to_any_trick(teacher: TestClient):
    order = [str(card) for card in find_lesson(5).board(2).play.order]
    html = teacher.get("/teacher/screen?lesson=5&board=2").text
    trick_five = re.search(r'href="([^"]+)"[^>]*title="After trick 5"', html).group(1).replace("&amp;", "&")
    assert trick_five.endswith("cards=" + ",".join(order[:20]))
    page = teacher.get(trick_five).text
    assert _played(page) == 20 and 'aria-current="step"' in page and "won the trick" in page


def test_a_board_without_a_recorded_play_is_played_on_double_dummy(teacher: TestClient):
    start = teacher.get("/teacher/screen?lesson=5&board=7")
    assert 'data-stage="contract"' in start.text
    choice = re.search(r'href="([^"]+)" data-contract="3NT"', start.text).group(1).replace("&amp;", "&")
    html = teacher.get(choice).text
    assert 'data-stage="play"' in html and "goal <strong>9 tricks</strong>" in html
    step = teacher.get(_link(html, "next"), follow_redirects=False)
    assert step.status_code == 303 and "cards=" in step.headers["location"]
    moved = teacher.get(step.headers["location"])
    assert _played(moved.text) == 1
    to_end = teacher.get(choice.replace("/teacher/screen?", "/teacher/screen/next?") + "&to=13")
    assert _played(to_end.text) == 52 and "The play is over" not in to_end.text and "Score:" in to_end.text


def test_the_class_screen_moves_by_htmx_with_its_address_pushed(teacher: TestClient):
    response = teacher.get("/teacher/screen/next?lesson=5&board=7&contract=4H", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response.headers["HX-Push-Url"].startswith("/teacher/screen?lesson=5&board=7&contract=4H&cards=")
    assert _played(response.text) == 1


def test_a_card_the_rules_refuse_is_refused_with_the_reason(teacher: TestClient):
    order = [str(card) for card in find_lesson(5).board(1).play.order]
    wrong = teacher.get(f"/teacher/screen?lesson=5&board=1&cards={order[0]},DA")
    assert wrong.status_code == 422
    [alert] = _alerts(wrong.text)
    assert alert.startswith("Card 2, ♦A:")


def test_a_pasted_deal_and_a_deal_from_a_seed(teacher: TestClient):
    deal = practice_deals(find_lesson(5), 3, seed=42)[-1]
    from_seed = teacher.get("/teacher/screen?lesson=5&seed=42&board=3")
    pasted = teacher.get("/teacher/screen", params={"deal": deal.deal.to_pbn(), "board": "3", "rules": "nbb"})
    for response in (from_seed, pasted):
        assert response.status_code == 200
        for seat in "NESW":
            assert f'class="screen-seat at-{seat.lower()}' in response.text
        cards = set(re.findall(r'<span class="pip" data-card="(\w\w)"', response.text))
        cards |= set(re.findall(r'class="pip playable" href="[^"]+" data-card="(\w\w)"', response.text))
        assert cards == {str(card) for seat in Seat for card in deal.deal[seat]}
    assert "Board 3 (seed 42) · Dealer South" in _text(from_seed.text)
    bad = teacher.get("/teacher/screen", params={"deal": "N:AKQ.xx"})
    assert bad.status_code == 422 and "four" in _alerts(bad.text)[0]


def test_the_double_dummy_tricks_on_request(teacher: TestClient):
    from minibridge.analysis import analyse_boards, double_dummy_tricks

    plain = teacher.get("/teacher/screen?lesson=5&board=2").text
    assert "dd-table" not in plain
    shown = teacher.get("/teacher/screen?lesson=5&board=2&dd=1").text
    analysis = analyse_boards([find_lesson(5).board(2)], find_lesson(5).rules)[0]
    rows = re.findall(r'<tr><th scope="row">(\w+)</th>(.*?)</tr>', shown)
    assert len(rows) == 4
    for name, cells in rows:
        seat = next(s for s in analysis.table if s.title == name)
        assert [int(n) for n in re.findall(r"<td>(\d+)</td>", cells)] == [
            analysis.table[seat][strain] for strain in sorted(analysis.table[seat], reverse=True)
        ]
    short = teacher.get("/teacher/screen?lesson=1&board=1&dd=1").text  # a short deal of Lesson One
    deal = find_lesson(1).board(1).deal
    cells = [int(n) for n in re.findall(r"<td>(\d+)</td>", short)]
    seats = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
    strains = sorted(Strain, reverse=True)
    assert cells == [double_dummy_tricks(deal, seat, strain.trumps) for seat in seats for strain in strains]


def test_the_screens_state_is_its_address():
    screen = Screen.from_query({"lesson": "4", "board": "6", "cards": "h6, s3"})
    assert screen.cards == ("H6", "S3")
    assert Screen.from_query(dict(_query(screen.address()))) == screen
    board, rules = screen_board(screen)
    assert screen.position(board, rules).played == 2
    for bad in ({"lesson": "9"}, {"board": "0", "lesson": "1"}, {"cards": "ZZ", "lesson": "1"}, {"rules": "chess"}):
        with pytest.raises(MiniBridgeError):
            Screen.from_query(bad)


def _query(address: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl, urlsplit

    return parse_qsl(urlsplit(address).query)


# --- the pupils' progress ------------------------------------------------------------------------------------


def test_the_pupils_progress_shows_what_each_pupil_answered_and_got_right(teacher: TestClient):
    lesson = find_lesson(5)
    right = {mark.exercise: mark.answer for mark in mark_answers(lesson, {})}
    teacher.post("/api/lessons/5/answers", json={"pupil": "Amy", "answers": {"1": right["1"], "2": 3}})
    teacher.post("/api/lessons/5/answers", json={"pupil": "Ben", "answers": {"1": 2}})
    teacher.post("/api/lessons/5/answers", json={"pupil": "Ben", "answers": {"1": right["1"]}})
    html = teacher.get("/teacher/progress").text
    amy = re.search(r'<tr data-pupil="Amy">(.*?)</tr>', html, flags=re.S).group(1)
    assert 'class="right" data-exercise="1"' in amy and 'class="wrong" data-exercise="2"' in amy
    assert 'class="none" data-exercise="3"' in amy
    assert f"1 of {len(lesson.exercises)}" in amy
    ben = re.search(r'<tr data-pupil="Ben">(.*?)</tr>', html, flags=re.S).group(1)
    assert re.search(r'class="right" data-exercise="1"[^>]*>✓<sub>2</sub>', ben)
    api = teacher.get("/api/progress", headers={"Authorization": "Bearer teacher"}).json()
    [five] = api["lessons"]
    assert five["lesson"] == 5 and [p["pupil"] for p in five["pupils"]] == ["Amy", "Ben"]
    amy_data = five["pupils"][0]
    assert (amy_data["answered"], amy_data["right"], amy_data["tries"]) == (["1", "2"], ["1"], {"1": 1, "2": 1})
    fragment = teacher.get("/teacher/progress", headers={"HX-Request": "true"}).text
    assert fragment.lstrip().startswith("<section") and "<html" not in fragment


# --- the league ----------------------------------------------------------------------------------------------


def test_a_league_started_on_the_page_is_a_league_file_of_the_command(teacher: TestClient, tmp_path: Path):
    fields = {"name": "spring-term", "title": "Spring", "pairs": "I\nII\nIII\nIV", "best_of": "5", "scoring": "ebu"}
    response = teacher.post("/teacher/league", data=fields, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/teacher/league/spring-term.yaml"
    league = load_league(tmp_path / "spring-term.yaml")
    assert (league.title, league.pairs) == ("Spring", ("I", "II", "III", "IV"))
    assert (league.best_of, league.scoring) == (5, "ebu")
    again = teacher.post("/teacher/league", data=fields)
    assert again.status_code == 422 and "already a league called spring-term.yaml" in _alerts(again.text)[0]
    outside = teacher.post("/teacher/league", data=fields | {"name": "../escape"})
    assert outside.status_code == 422 and not (tmp_path.parent / "escape.yaml").exists()


def test_results_recorded_on_the_page_and_by_the_command_share_the_file(teacher: TestClient, tmp_path: Path):
    path = tmp_path / "spring.yaml"
    new_league(path, ["I", "II", "III", "IV", "V"])
    fields = {"round": "1", "first": "II", "second": "V", "how": "deals", "deal-1": "W", "deal-2": "L", "deal-3": "W"}
    response = teacher.post("/teacher/league/spring.yaml/record", data=fields, follow_redirects=False)
    assert response.status_code == 303
    _cli("league", "record", str(path), "--round", "1", "--pairs", "III-IV", "--deals", "L,L")
    matches = {m.pairs: m.result for m in load_league(path).matches if m.result is not None}
    assert matches == {
        ("II", "V"): Result.from_deals([True, False, True]),
        ("III", "IV"): Result.from_deals([False, False]),
    }
    standings = _text(teacher.get("/teacher/league/spring.yaml/standings").text)
    assert "2 of 10 mini-matches played" in standings
    page = teacher.get("/teacher/league/spring.yaml").text
    assert "II won 2–1" in _text(page) and "IV won 2–0" in _text(page)
    again = teacher.post("/teacher/league/spring.yaml/record", data=fields)
    assert again.status_code == 422 and "already has a result" in _alerts(again.text)[0]
    corrected = teacher.post("/teacher/league/spring.yaml/record", data=fields | {"replace": "1", "deal-3": "L"})
    assert corrected.status_code == 200 and "V won 2–1" in _text(corrected.text)


def test_a_result_that_does_not_finish_the_match_is_refused_and_the_file_kept(teacher: TestClient, tmp_path: Path):
    path = tmp_path / "spring.yaml"
    new_league(path, ["I", "II", "III"])
    before = path.read_bytes()
    fields = {"round": "1", "first": "II", "second": "III", "how": "deals", "deal-1": "W"}
    response = teacher.post("/teacher/league/spring.yaml/record", data=fields)
    assert response.status_code == 422
    assert "does not finish a best-of-3 mini-match" in _alerts(response.text)[0]
    assert path.read_bytes() == before


def test_the_league_table_is_the_same_pdf_as_the_command(teacher: TestClient, tmp_path: Path):
    path = tmp_path / "spring.yaml"
    new_league(path, ["Anna & Ben", "Cara & Dev", "Eli & Fay"], title="Year 6")
    response = teacher.get("/teacher/league/spring.yaml/table.pdf?paper=letter")
    assert response.headers["content-disposition"] == 'attachment; filename="spring.pdf"'
    _cli("league", "table", str(path), "--paper", "letter", "-o", str(tmp_path / "t.pdf"))
    assert response.content == (tmp_path / "t.pdf").read_bytes()


@pytest.mark.parametrize("name", ["..%2Fspring.yaml", "classroom.sqlite3", "missing.yaml", ".hidden.yaml"])
def test_only_a_league_file_of_the_data_folder_opens(teacher: TestClient, tmp_path: Path, name: str):
    new_league(tmp_path / "spring.yaml", ["I", "II"])
    (tmp_path / ".hidden.yaml").write_text((tmp_path / "spring.yaml").read_text())
    assert teacher.get(f"/teacher/league/{name}").status_code == 404
    assert teacher.get(f"/teacher/league/{name}/table.pdf").status_code == 404


def test_a_league_file_that_does_not_validate_says_why(teacher: TestClient, tmp_path: Path):
    (tmp_path / "broken.yaml").write_text("title: x\npairs: [I]\n")
    response = teacher.get("/teacher/league/broken.yaml")
    assert response.status_code == 200
    [alert] = _alerts(response.text)
    assert "broken.yaml, line 2, pairs: a league has 2 to 40 pairs, not 1" in alert and str(tmp_path) not in alert


@pytest.mark.parametrize(
    ("fields", "text"),
    [
        ({"how": "deals", "deal-1": "L", "deal-2": "L"}, "0–2"),
        ({"how": "scores", "first-1": "420", "second-1": "", "first-2": "", "second-2": "100"}, "1–1"),
        ({"how": "result", "won": "2", "lost": "1"}, "2–1"),
    ],
)
def test_the_record_form_is_read_as_the_command_reads_it(fields: dict, text: str):
    assert result_from_form(fields, 3).text() == text


def test_a_gap_in_the_deals_is_refused():
    with pytest.raises(MiniBridgeError, match="deal 1 has no result but a later deal has"):
        result_from_form({"how": "deals", "deal-1": "", "deal-2": "W"}, 3)


def test_the_screen_offers_every_deal_of_the_lessons(teacher: TestClient):
    html = teacher.get("/teacher/screen").text
    for number in range(1, 7):
        for board in find_lesson(number).deals:
            assert f"/teacher/screen?lesson={number}&amp;board={board.number}" in html
