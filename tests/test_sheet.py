"""What a class works from: every recorded play printed trick by trick, and the pupils' sheet with the questions,
the deals and plays they need, room to write and never an answer; read back with pypdf."""

from __future__ import annotations

import re

import pytest
from printed import flat, pdf_text, run
from pypdf import PdfReader

from minibridge.lessons import find_kind, find_lesson, solve
from minibridge.practice import pack_deals
from minibridge.recorded import replay_record
from minibridge.render.pack import answer_text
from minibridge.render.text import wording

LESSONS = range(1, 7)


pytestmark = pytest.mark.usefixtures("own_cache")


def card(card) -> str:
    return card.suit.symbol + ("10" if card.rank.letter == "T" else card.rank.letter)


def trick_rows(board, *, winners: bool) -> list[str]:
    """Each trick of a board's recorded play as the table prints it, read back as text."""
    seat = {"N": "North", "E": "East", "S": "South", "W": "West"}
    rows = []
    for number, trick in enumerate(replay_record(board).tricks, start=1):
        cards = " ".join(f"{s.letter} {card(c)}" for s, c in trick.in_order())
        if winners:
            rows.append(f"{number} {seat[trick.leader.letter]} {cards} {seat[trick.winner.letter]}")
        else:
            rows.append(f"{number} {cards}")
    return rows


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> dict[int, str]:
    """The text of each lesson's pack, with the lesson's own deals."""
    from minibridge.analysis import analyse_boards
    from minibridge.render.pack import lesson_pack

    found = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        for number in LESSONS:
            lesson = find_lesson(number)
            deals, seed = pack_deals(lesson)
            analyses = analyse_boards(deals, lesson.rules)
            found[number] = pdf_text(lesson_pack(lesson, deals, analyses, wording(), seed=seed))
    return found


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> dict[int, str]:
    """The text of each lesson's pupils' sheet, made by ``minibridge sheet``."""
    folder = tmp_path_factory.mktemp("sheets")
    found = {}
    for number in LESSONS:
        out = folder / f"{number}.pdf"
        code, _, err = run("sheet", "--lesson", str(number), "-o", str(out))
        assert code == 0, err
        found[number] = pdf_text(out)
    return found


@pytest.mark.parametrize("number", LESSONS)
def test_the_teachers_notes_print_every_recorded_play_trick_by_trick(packs, number):
    notes = packs[number][packs[number].index("The deals") : packs[number].rindex("Hand records")]
    played = [board for board in find_lesson(number).deals if board.play is not None]
    assert played
    for board in played:
        assert f"Board {board.number}: the cards as they were played" not in notes  # that is the pupils' heading
        for row in trick_rows(board, winners=True):
            assert row in notes, (board.number, row)
    assert "Trick Led by 1st card 2nd card 3rd card 4th card Won by" in notes
    assert "The winning card of each trick is in bold and underlined." in notes


def test_an_irregular_play_says_what_went_wrong_in_the_teachers_notes(packs):
    assert "Irregularity: trick 4: revoke by East" in packs[4]
    assert "Irregularity: trick 1: lead out of turn by South" in packs[5]


@pytest.mark.parametrize("number", LESSONS)
def test_the_pupils_sheet_asks_every_question_with_room_to_write(sheets, number):
    text = sheets[number]
    lesson = find_lesson(number)
    assert f"page 1 {lesson.name}: {lesson.title} Pupils' sheet Name:" in text
    for exercise in lesson.exercises:
        assert f"Exercise {exercise.id}" in text
        assert flat(exercise.question) in text
    assert text.count("______") >= len(lesson.exercises)


@pytest.mark.parametrize("number", LESSONS)
def test_the_pupils_sheet_prints_the_deals_and_plays_the_questions_follow(sheets, number):
    text = sheets[number]
    lesson = find_lesson(number)
    for exercise in lesson.exercises:
        if exercise.board is None:
            continue
        board = lesson.board(exercise.board)
        assert f"Board {board.number} Dealer" in text
        for seat in board.deal:
            spades = board.deal[seat].to_pbn().split(".")[0]
            if spades:
                assert " ".join("10" if r == "T" else r for r in spades) in text
        if find_kind(exercise.kind).needs_play:
            for row in trick_rows(board, winners=False):
                assert row in text, (board.number, row)


@pytest.mark.parametrize("number", LESSONS)
def test_the_pupils_sheet_holds_no_answer(sheets, packs, number):
    text = sheets[number]
    lesson = find_lesson(number)
    words = wording()
    for label in ("Answer:", "Why:", "Won by North", "Won by South", "Best:", "Tricks for", "Irregularity"):
        assert label not in text
    for exercise in lesson.exercises:
        answer = flat(answer_text(lesson, exercise, words))
        assert answer in packs[number]  # the key has it …
        assert answer not in text  # … the sheet does not
        if exercise.kind == "replay":
            winners = " ".join(solve(lesson, exercise)["winners"])
            assert winners not in text
        if exercise.kind == "hcp":
            points = " ".join(f"{seat[0]} {exercise.answer[seat]}" for seat in "NESW")
            assert points not in text
    assert not re.search(r"\b[NESW] \d+ [NESW] \d+\b", text)  # no points on the compass
    for board in (d for d in lesson.deals if d.note):  # the notes that tell what happens
        assert flat(board.note)[:60] not in text


def test_a_question_about_who_declares_gets_no_contract_line(sheets):
    assert "declarer North" not in sheets[5][sheets[5].index("Exercise 12") :]
    assert "Contract: 1♦, declarer North" in sheets[4]


def test_every_pack_has_its_pupils_sheet_for_the_pack_own_deals_only(tmp_path):
    code, _, err = run("pack", "--lesson", "3", "--deals", "3", "-o", str(tmp_path))
    assert code == 0, err
    text = pdf_text(tmp_path / "lesson-3-3-deals-seed-306.pdf")
    sheet = text[text.rindex("Pupils' sheet") : text.rindex("Answer key")]
    assert "Exercise 1 · Board 1" in sheet and "Exercise 5" in sheet
    assert "Board 4" not in sheet and "Board 6" not in sheet


def test_sheet_command_paper_output_and_refusal(tmp_path):
    out = tmp_path / "three.pdf"
    code, _, err = run("sheet", "--lesson", "3", "--paper", "letter", "-o", str(out))
    assert code == 0 and "written to" in err
    width, height = PdfReader(out).pages[0].mediabox.upper_right
    assert (round(float(width)), round(float(height))) == (612, 792)
    code, _, err = run("sheet", "--lesson", "3", "-o", str(out))
    assert code == 1 and "already exists" in err
    assert run("sheet", "--lesson", "9")[0] == 1
    assert run("sheet")[0] == 2
    code, output, _ = run("sheet", "--help")
    assert code == 0 and "Example" in output


def test_lessons_show_prints_the_recorded_play(tmp_path):
    code, output, _ = run("lessons", "show", "3")
    assert code == 0
    assert "Trick Led by  Cards in the order played" in output
    board = find_lesson(3).board(2)
    first = replay_record(board).tricks[0]
    cards = [f"{s.letter} {card(c)}" for s, c in first.in_order()]
    winner = f"[{first.winner.letter} {card(first.cards[first.winner])}]"
    line = next(line for line in output.splitlines() if cards[0] in line and cards[1] in line)
    assert winner in line and line.rstrip().endswith(
        {"N": "North", "E": "East", "S": "South", "W": "West"}[first.winner.letter]
    )
    assert "Irregularity: trick 4: revoke by East" in run("lessons", "show", "4")[1]


@pytest.mark.parametrize("number", LESSONS)
def test_cards_are_written_with_suit_symbols_in_every_pack(packs, number):
    assert not re.search(r"\b[SHDC][AKQJT2-9]\b", packs[number])
