"""Every printed document through minibridge.documents: the name its file takes, what it counts, its PDF read back
with pypdf, and the same bytes as the command that prints it."""

from __future__ import annotations

import dataclasses
import io
import shutil
from importlib.resources import files
from pathlib import Path

import pytest
from printed import pdf_text, run
from pypdf import PdfReader

from minibridge.documents import (
    BLANK_BOARDS,
    TRICKS_CHART,
    Document,
    check_templates,
    duplicate_results,
    hand_records,
    league_table,
    lesson_pack,
    pack_boards,
    pdf_name,
    pupils_sheet,
    read_records,
    records_analyses,
    score_sheets,
    tricks_chart,
)
from minibridge.duplicate import load_results, parse_results, score_results
from minibridge.errors import MiniBridgeError, TemplateError
from minibridge.language import speaking
from minibridge.league import League, load_league
from minibridge.lessons import find_lesson, load_lesson

DATA = Path(__file__).parent / "data"

pytestmark = pytest.mark.usefixtures("own_cache")


def _width(pdf: bytes) -> float:
    """The width of a PDF's first page, in points."""
    return float(PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width)


# --- the names of the files, as the commands have always written them ---------------------------------------


def test_a_pack_is_named_by_its_lesson_boards_seed_and_language(tmp_path: Path):
    lesson = find_lesson(3)
    assert pack_boards(lesson).name == "lesson-3-10-deals-seed-306.pdf"  # the lesson's own deals and seed
    chosen = pack_boards(lesson, deals=2, seed=7)
    assert (chosen.name, chosen.seed, [b.number for b in chosen.boards]) == ("lesson-3-2-deals-seed-7.pdf", 7, [1, 2])
    assert pack_boards(lesson, deals=1).name == "lesson-3-1-deal-seed-306.pdf"
    with speaking("nl"):
        assert chosen.name == "lesson-3-2-deals-seed-7-nl.pdf"
    with speaking("da"):
        assert chosen.name == "lesson-3-2-deals-seed-7-da.pdf"
    own = tmp_path / "dutch.yaml"
    shutil.copy(lesson.path, own)
    assert pack_boards(load_lesson(own), deals=2, seed=7).name == "lesson-3-dutch-2-deals-seed-7.pdf"


def test_a_document_printed_from_a_file_takes_the_files_name():
    assert pdf_name(Path("club/spring term.yaml")) == "spring term.pdf"
    assert pdf_name(Path("results.txt")) == "results.pdf"


# --- each document -----------------------------------------------------------------------------------------


def test_a_lesson_pack_is_the_pdf_of_minibridge_pack_and_tells_of_each_board_solved(tmp_path: Path):
    told: list[int] = []
    pack = lesson_pack(pack_boards(find_lesson(1), deals=2, seed=9), tables=3, progress=told.append)
    assert (pack.name, pack.count, sum(told)) == ("lesson-1-2-deals-seed-9.pdf", 2, 2)
    assert "MiniLesson One" in pdf_text(pack.pdf)
    assert run("pack", "--lesson", "1", "--deals", "2", "--seed", "9", "--tables", "3", "-o", str(tmp_path))[0] == 0
    assert (tmp_path / pack.name).read_bytes() == pack.pdf


def test_the_pupils_sheet_counts_its_questions_and_is_the_pdf_of_minibridge_sheet(tmp_path: Path):
    lesson = find_lesson(3)
    sheet = pupils_sheet(lesson, paper="Letter")
    assert (sheet.name, sheet.count) == ("lesson-3-pupils-sheet.pdf", len(lesson.exercises))
    assert _width(sheet.pdf) == pytest.approx(612)  # letter, however the paper is written
    assert run("sheet", "--lesson", "3", "--paper", "letter", "-o", str(tmp_path / "s.pdf"))[0] == 0
    assert (tmp_path / "s.pdf").read_bytes() == sheet.pdf


def test_hand_records_print_every_board_with_a_deal_in_order_and_leave_out_the_rest(tmp_path: Path):
    source = DATA / "pbn" / "partial_deals.pbn"
    read = read_records(source)
    assert [game.number for game in read.left_out] == [4]
    assert read.partial and len(read.games) == len(read.boards) + len(read.partial) + len(read.left_out)
    printed = records_analyses(read)
    assert [item.number for item in printed] == sorted(item.number for item in printed)
    assert len(printed) == len(read.boards) + len(read.partial)
    records = hand_records(read, per_page=2, full_table=True)
    assert (records.name, records.count) == ("partial_deals.pdf", len(printed))
    out = tmp_path / "r.pdf"
    assert run("records", str(source), "--per-page", "2", "--dd-table", "-o", str(out), "-q")[0] == 0
    assert out.read_bytes() == records.pdf


def test_a_pbn_file_without_a_deal_to_print_is_refused_naming_the_file():
    read = read_records(DATA / "pbn" / "empty.pbn")
    assert not read.boards and not read.partial
    with pytest.raises(MiniBridgeError) as refused:
        records_analyses(read)
    assert refused.value.where == str(DATA / "pbn" / "empty.pbn")
    assert refused.value.message == "no board has a deal, so there is nothing to print"
    with pytest.raises(MiniBridgeError):
        hand_records(read)


def test_blank_score_sheets_have_the_lessons_boards_or_eight(tmp_path: Path):
    free = score_sheets()
    assert (free.name, free.count) == ("score-sheets.pdf", BLANK_BOARDS)
    lesson = find_lesson(6)
    sheets = score_sheets(lesson=lesson)
    assert (sheets.name, sheets.count) == ("score-sheets-lesson-6.pdf", len(lesson.deals))
    four = score_sheets(lesson=lesson, deals=4, tables=9)
    assert four.count == 4 and "Board 4" in pdf_text(four.pdf) and "Board 5" not in pdf_text(four.pdf)
    assert run("scoresheet", "--lesson", "6", "--deals", "4", "--tables", "9", "-o", str(tmp_path / "s.pdf"))[0] == 0
    assert (tmp_path / "s.pdf").read_bytes() == four.pdf


def test_the_league_table_takes_the_league_files_name(tmp_path: Path):
    league = League.create(["Anna & Ben", "Cara & Dev", "Eli & Fay"], title="Year 6")
    table = league_table(league, file=tmp_path / "spring.yaml", paper="letter")
    assert (table.name, table.count) == ("spring.pdf", 3)
    text = pdf_text(table.pdf)
    assert "Year 6" in text and "Cara & Dev" in text
    assert _width(table.pdf) == pytest.approx(612)


def test_the_league_table_is_the_pdf_of_minibridge_league_table(tmp_path: Path):
    path = tmp_path / "spring.yaml"
    assert run("league", "new", str(path), "--pairs", "I,II,III,IV", "--title", "Year 6")[0] == 0
    assert run("league", "record", str(path), "--round", "1", "--pairs", "I-IV", "--result", "2-1")[0] == 0
    assert run("league", "table", str(path), "-o", str(tmp_path / "t.pdf"))[0] == 0
    table = league_table(load_league(path), file=path)
    assert (table.name, table.count) == ("spring.pdf", 4)
    assert (tmp_path / "t.pdf").read_bytes() == table.pdf


RESULTS = "1 1 1 3NT S 10\n1 2 2 4S N =\n2 1 2 1H E -1\n2 2 1 1S N 8\n"


def test_the_travellers_and_ranking_of_a_competition_take_the_results_files_name():
    competition = score_results(parse_results(RESULTS, source="class.txt"), source="class.txt")
    printed = duplicate_results(competition, file=Path("class.txt"), title="Class 5, 12 March")
    assert (printed.name, printed.count) == ("class.pdf", 2)
    assert "Class 5, 12 March" in pdf_text(printed.pdf)


def test_the_travellers_and_ranking_are_the_pdf_of_minibridge_duplicate_score(tmp_path: Path):
    path = tmp_path / "class.txt"
    path.write_text(RESULTS, encoding="utf-8")
    out = tmp_path / "d.pdf"
    assert run("duplicate", "score", str(path), "-o", str(out), "--title", "Class 5", "--paper", "letter")[0] == 0
    competition = score_results(load_results(path), source=str(path))
    assert out.read_bytes() == duplicate_results(competition, file=path, title="Class 5", paper="letter").pdf


def test_the_tricks_chart_tells_of_each_deal_played_and_is_the_pdf_of_minibridge_tricks_chart(tmp_path: Path):
    told: list[int] = []
    chart = tricks_chart(deals=2, seed=3, samples=1, progress=told.append)
    assert (chart.name, chart.count, sum(told)) == (TRICKS_CHART, 2, 2)
    assert "2 deals" in pdf_text(chart.pdf)
    assert (
        run("tricks-chart", "--deals", "2", "--seed", "3", "--samples", "1", "-o", str(tmp_path / "c.pdf"), "-q")[0]
        == 0
    )
    assert (tmp_path / "c.pdf").read_bytes() == chart.pdf


# --- the wording and the record ------------------------------------------------------------------------------


def test_a_teachers_own_templates_word_the_document(tmp_path: Path):
    folder = tmp_path / "templates"
    shutil.copytree(str(files("minibridge.template_files")), folder)
    page = folder / "page.j2"
    page.write_text(page.read_text(encoding="utf-8").replace("· page", "· sheet"), encoding="utf-8")
    check_templates(folder)
    assert "· sheet 1" in pdf_text(score_sheets(deals=1, templates=folder).pdf)
    assert "· page 1" in pdf_text(score_sheets(deals=1).pdf)


def test_templates_that_cannot_word_a_page_are_refused_before_any_work(tmp_path: Path):
    with pytest.raises(MiniBridgeError, match="is not a folder of templates"):
        check_templates(tmp_path / "nowhere")
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "page.j2").write_text("{% macro footer(title, page) %}{{ title", encoding="utf-8")
    with pytest.raises(TemplateError):
        check_templates(folder)


def test_a_document_is_a_frozen_record_whose_repr_leaves_out_the_pdf():
    document = Document(name="score-sheets.pdf", pdf=b"%PDF-1.4 " + b"x" * 1000, count=8)
    assert repr(document) == "Document(name='score-sheets.pdf', count=8)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        document.name = "other.pdf"  # type: ignore[misc]
