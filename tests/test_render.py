"""Hand records as PDF and JSON, read back with pypdf; wording from templates; the real PBN files."""

from __future__ import annotations

import json
import re
import shutil
from importlib.resources import files
from pathlib import Path

import pytest
from printed import pdf_text, run
from pypdf import PdfReader

from minibridge.pbn import load

SHARED_PBN = Path(__file__).parents[2] / "shared" / "data" / "pbn"
DATA = Path(__file__).parent / "data"
SMALL_FILES = ["zdenecek__pbn__nocontractcanbemade.pbn", "timheilman__bridge-pbn__correct_21.pbn"]
DECLARERS = {SMALL_FILES[0]: [None], SMALL_FILES[1]: ["W", "E"]}
"""The declarer the announcement makes on each board of the small files (None: each side holds 20, a redeal)."""

needs_shared = pytest.mark.skipif(not SHARED_PBN.is_dir(), reason="the shared PBN files are not beside the project")


pytestmark = pytest.mark.usefixtures("own_cache")


def ranks(text: str) -> str:
    """A suit's ranks as printed: ``AKT3`` → ``A K 10 3``."""
    return " ".join("10" if r == "T" else r for r in text)


@pytest.fixture
def fake_solver(monkeypatch):
    """Seven tricks everywhere, so that files with many deals need no solving."""
    from minibridge.cards import Seat, Strain

    def solve(deals, *, cache=True, progress=None):
        return [{s: dict.fromkeys(Strain, 7) for s in Seat} if d.cards_per_hand == 13 else None for d in deals]

    monkeypatch.setattr("minibridge.analysis.dd_tables", solve)


@needs_shared
@pytest.mark.parametrize("name", SMALL_FILES)
def test_records_print_every_board_with_hands_and_analysis(tmp_path, name):
    source = SHARED_PBN / name
    out = tmp_path / "records.pdf"
    code, _, err = run("records", str(source), "-o", str(out), "--quiet")
    assert code == 0, err
    text = pdf_text(out)
    code, output, _ = run("records", str(source), "--json", "--quiet")
    analysed = json.loads(output)
    boards = [b for b in load(source) if b.deal is not None]
    assert {b.number for b in boards} == {a["board"] for a in analysed}
    assert [a["declarer"] for a in analysed] == DECLARERS[name]  # so that both branches below are taken
    for board, data in zip(boards, analysed, strict=False):
        assert f"Board {board.number}" in text
        for seat in board.deal:
            for suit_text in board.deal[seat].to_pbn().split("."):
                if suit_text:
                    assert ranks(suit_text) in text
        if data["declarer"] is not None:
            seat = {"N": "North", "E": "East", "S": "South", "W": "West"}[data["declarer"]]
            tricks = " ".join(str(data["dd"][s]) for s in ("NT", "S", "H", "D", "C"))
            assert re.search(rf"Tricks for {seat} NT ?{data['dd']['NT']}", text)
            assert all(str(n) in text for n in tricks.split())
            assert data["best_contract"] is not None


@needs_shared
def test_records_json_keys_and_tricks():
    code, output, _ = run("records", str(SHARED_PBN / SMALL_FILES[1]), "--json")
    assert code == 0
    board = json.loads(output)[0]
    assert {"board", "hcp", "declarer", "dd", "best_contract", "best_score"} <= set(board)
    assert set(board["dd"]) == {"NT", "S", "H", "D", "C"}
    assert all(0 <= n <= 13 for n in board["dd"].values())
    assert sum(board["hcp"].values()) == 40


@needs_shared
@pytest.mark.parametrize("path", sorted(SHARED_PBN.glob("*.pbn")) if SHARED_PBN.is_dir() else [], ids=lambda p: p.name)
def test_records_of_every_real_file(tmp_path, fake_solver, path):
    out = tmp_path / "records.pdf"
    code, _, err = run("records", str(path), "-o", str(out))
    assert code == 0, err
    games = load(path)
    complete = [b for b in games if b.deal is not None]
    text = pdf_text(out)
    code, output, _ = run("records", str(path), "--json")
    numbers = {board["board"] for board in json.loads(output) if not board["left_out"]}
    assert {b.number for b in complete if b.number is not None} <= numbers
    for number in numbers:
        assert f"Board {number}" in text
    assert ("has no deal to print: left out" in err) is any(b.deal is None and "Deal" not in b.tags for b in games)


@needs_shared
@pytest.mark.parametrize(("per_page", "paper"), [("1", "a4"), ("2", "letter"), ("4", "a4"), ("6", "letter")])
def test_boards_per_page(tmp_path, fake_solver, per_page, paper):
    source = SHARED_PBN / "zdenecek__pbn__psbridge.pbn"
    out = tmp_path / "records.pdf"
    code, _, _ = run("records", str(source), "-o", str(out), "--per-page", per_page, "--paper", paper)
    assert code == 0
    reader = PdfReader(out)
    assert len(reader.pages) == -(-32 // int(per_page))
    width = float(reader.pages[0].mediabox.width)
    assert round(width) == (595 if paper == "a4" else 612)


def test_a_changed_template_changes_the_printed_words(tmp_path, fake_solver):
    folder = tmp_path / "templates"
    shutil.copytree(str(files("minibridge.template_files")), folder)
    records = folder / "records.j2"
    records.write_text(
        records.read_text(encoding="utf-8").replace("Board {{ number }}", "Donne {{ number }}"), encoding="utf-8"
    )
    source = tmp_path / "one.pbn"
    source.write_text(
        '[Board "3"]\n[Dealer "S"]\n[Deal "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76"]\n',
        encoding="utf-8",
    )
    mine, theirs = tmp_path / "mine.pdf", tmp_path / "theirs.pdf"
    assert run("records", str(source), "-o", str(mine), "--templates", str(folder))[0] == 0
    assert run("records", str(source), "-o", str(theirs))[0] == 0
    assert "Donne 3" in pdf_text(mine) and "Board 3" not in pdf_text(mine)
    assert "Board 3" in pdf_text(theirs)


def test_a_template_folder_with_a_broken_phrase_is_a_plain_error(tmp_path):
    folder = tmp_path / "templates"
    shutil.copytree(str(files("minibridge.template_files")), folder)
    (folder / "page.j2").write_text("{% macro footer(title, page) %}{{ title }{% endmacro %}", encoding="utf-8")
    code, _, err = run("records", str(tmp_path / "x.pbn"), "--templates", str(folder))
    assert code == 1 and "page.j2, line 1" in err


def test_records_never_overwrite_without_force(tmp_path, fake_solver):
    source = tmp_path / "one.pbn"
    source.write_text(
        '[Board "1"]\n[Deal "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76"]\n',
        encoding="utf-8",
    )
    out = tmp_path / "mine.pdf"
    out.write_bytes(b"a teacher's own file")
    code, _, err = run("records", str(source), "-o", str(out))
    assert code == 1 and "already exists" in err and "--force" in err
    assert out.read_bytes() == b"a teacher's own file"
    assert run("records", str(source), "-o", str(out), "--force")[0] == 0
    assert out.read_bytes().startswith(b"%PDF")


def test_records_default_to_the_output_folder(tmp_path, fake_solver, monkeypatch):
    monkeypatch.chdir(tmp_path)
    source = tmp_path / "club.pbn"
    source.write_text(
        '[Board "1"]\n[Deal "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76"]\n',
        encoding="utf-8",
    )
    code, _, err = run("records", str(source))
    assert code == 0, err
    assert (tmp_path / "output" / "club.pdf").is_file()


def test_bad_files_are_one_line_messages(tmp_path):
    code, _, err = run("records", str(tmp_path / "missing.pbn"), "--json")
    assert code == 1 and "missing.pbn" in err and len(err.strip().splitlines()) == 1
    code, _, err = run("records", str(DATA / "cli" / "not_pbn.pbn"), "--json")
    assert code == 1 and "not_pbn.pbn" in err
    empty = tmp_path / "empty.pbn"
    empty.write_text('[Board "1"]\n[Event "Club night"]\n', encoding="utf-8")
    code, _, err = run("records", str(empty), "--json")
    assert code == 1 and "nothing to print" in err
    code, _, err = run("records", str(empty), "--per-page", "3")
    assert code == 2


def test_no_progress_bar_when_not_on_a_terminal(tmp_path):
    source = tmp_path / "one.pbn"
    source.write_text(
        '[Board "1"]\n[Deal "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76"]\n',
        encoding="utf-8",
    )
    code, output, err = run("records", str(source), "--json")
    assert code == 0 and err == ""
    assert json.loads(output)[0]["board"] == 1


def test_the_same_input_gives_the_same_bytes(tmp_path, fake_solver):
    source = tmp_path / "one.pbn"
    source.write_text(
        '[Board "1"]\n[Deal "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76"]\n',
        encoding="utf-8",
    )
    first, second = tmp_path / "1.pdf", tmp_path / "2.pdf"
    run("records", str(source), "-o", str(first))
    run("records", str(source), "-o", str(second))
    assert first.read_bytes() == second.read_bytes()


def test_a_hand_record_and_a_score_sheet_are_the_same_bytes_for_the_same_boards(fake_solver):
    from minibridge.analysis import analyse_boards
    from minibridge.board import Board
    from minibridge.deal import Deal
    from minibridge.render.records import hand_records
    from minibridge.render.sheets import score_sheets
    from minibridge.render.text import wording
    from minibridge.rules import find_rules

    rules, words = find_rules("ebu"), wording()
    deal = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")

    def records() -> bytes:
        return hand_records(analyse_boards([Board(number=1, deal=deal)], rules, cache=False), words)

    def sheets() -> bytes:
        return score_sheets(rules, [Board(number=n) for n in range(1, 5)], words, title="Sheets")

    for make in (records, sheets):
        first = make()
        assert first.startswith(b"%PDF") and first == make()


def test_score_sheets_print_each_boards_number_and_dealer(tmp_path):
    from minibridge.board import Board
    from minibridge.cards import Seat
    from minibridge.render.sheets import score_sheets
    from minibridge.render.text import wording
    from minibridge.rules import find_rules

    boards = [Board(number=5), Board(number=6, dealer=Seat.WEST), Board(number=7)]
    out = tmp_path / "sheets.pdf"
    out.write_bytes(score_sheets(find_rules("ebu"), boards, wording(), title="Sheets"))
    text = pdf_text(out)
    for number, dealer in ((5, "North"), (6, "West"), (7, "South")):
        assert f"Board {number} · Dealer {dealer}" in text
    assert "Board 1 " not in text


def test_a_long_suit_is_fitted_in_its_place_with_its_spaces(tmp_path):
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from minibridge.render.flowables import fitted_lines
    from minibridge.render.styles import FONT, register_fonts

    register_fonts()
    long = "A K Q J 10 9 8 7 6 5 4 3 2"
    size, stretch = fitted_lines([("♠", long), ("♥", "—"), ("♦", "—"), ("♣", "—")], 22 * mm, 10)
    assert size < 10 and stretch < 100
    assert stringWidth(long, FONT, size) * stretch / 100 <= 22 * mm + 0.01
    assert fitted_lines([("♠", "A K")], 22 * mm, 10) == (10, 100)
    source = tmp_path / "long.pbn"
    source.write_text('[Board "1"]\n[Deal "N:AKQJ87652.K2.A2. T943.QJ43.KQ.A54 .AT98.JT98.KQJ98 .765.76543.T7632"]\n')
    out = tmp_path / "long.pdf"
    assert run("records", str(source), "-o", str(out), "--quiet")[0] == 0
    assert "A K Q J 8 7 6 5 2" in pdf_text(out)


def test_the_progress_bar_shows_on_a_terminal_only(monkeypatch):
    import io
    import sys

    from minibridge.cli.common import progress_bar

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with progress_bar(4, "Solving deals", quiet=False) as progress:
        assert progress is not None
        progress(4)
    assert "Solving deals" in terminal.getvalue()
    with progress_bar(4, "Solving deals", quiet=True) as progress:
        assert progress is None
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with progress_bar(4, "Solving deals", quiet=False) as progress:
        assert progress is None


def test_records_of_short_deals_under_a_lesson_of_short_deals(tmp_path):
    source = tmp_path / "one.pbn"
    assert run("deal", "--lesson", "1", "-n", "2", "-o", str(source))[0] == 0
    code, output, err = run("records", str(source), "--json")
    assert code == 0 and [board["board"] for board in json.loads(output)] == [
        1,
        2,
    ]  # printed as end positions
    out = tmp_path / "one.pdf"
    code, _, err = run("records", str(source), "--lesson", "1", "-o", str(out))
    assert code == 0, err
    text = pdf_text(out)
    assert "Board 2" in text and "Everyone plays their own cards" in text and "Tricks for" not in text


def test_two_figure_tricks_in_the_table_stand_apart(monkeypatch):
    """Eleven, ten, eleven … tricks read as separate numbers, not as one long figure."""
    import io
    import itertools

    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    from minibridge.cards import Seat
    from minibridge.render import flowables
    from minibridge.render.styles import register_fonts

    register_fonts()
    written: list[tuple[float, float, str, str, float]] = []
    original = flowables.Writer.__call__

    def record(self, x, y, words, *, font=flowables.FONT, size=10, colour=flowables.INK, align="left", stretch=100.0):
        width = stringWidth(words, font, size)
        left = x - (width / 2 if align == "centre" else width if align == "right" else 0)
        written.append((left, y, words, font, size))
        original(self, x, y, words, font=font, size=size, colour=colour, align=align, stretch=stretch)

    monkeypatch.setattr(flowables.Writer, "__call__", record)
    hands = {seat: [("♠", "A"), ("♥", "K"), ("♦", "Q"), ("♣", "J")] for seat in Seat}
    dd = [("NT", 11), ("♠", 10), ("♥", 11), ("♦", 10), ("♣", 13)]
    compass = {seat: seat.letter for seat in Seat}
    view = flowables.BoardView("Board 1", "Dealer North", hands, None, compass, dd_heading="Tricks for West", dd=dd)
    record_flowable = flowables.BoardRecord(view)
    record_flowable.canv = Canvas(io.BytesIO())
    record_flowable.draw()
    numbers = sorted((left, left + stringWidth(w, f, s)) for left, _, w, f, s in written if w in ("10", "11", "13"))
    assert len(numbers) == 5
    gaps = [after[0] - before[1] for before, after in itertools.pairwise(numbers)]
    assert min(gaps) >= 0.9 * mm
    assert numbers[-1][1] <= flowables.BoardRecord.BASE_WIDTH - 2 * mm
    south_lowest = min(y for left, y, w, _, _ in written if w == "J" and 30 * mm < left < 45 * mm)
    table_top = max(y + 0.75 * s for left, y, w, _, s in written if left >= numbers[0][0] - 5 * mm and y < 30 * mm)
    assert table_top < south_lowest, "the tricks table sits below South's hand, clear of a long suit"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_slips_title_and_seat_stand_apart_on_two_figure_boards(monkeypatch, paper):
    """ "Board 21" and "North · dealer" share the slip's top line without running into each other."""
    import io

    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    from minibridge.render import flowables
    from minibridge.render.styles import Page, register_fonts

    register_fonts()
    written: list[tuple[float, float]] = []
    original = flowables.Writer.__call__

    def record(self, x, y, words, *, font=flowables.FONT, size=10, colour=flowables.INK, align="left", stretch=100.0):
        width = stringWidth(words, font, size)
        left = x - (width / 2 if align == "centre" else width if align == "right" else 0)
        if words in ("Board 128", "West · dealer"):
            written.append((left, left + width))
        original(self, x, y, words, font=font, size=size, colour=colour, align=align, stretch=stretch)

    monkeypatch.setattr(flowables.Writer, "__call__", record)
    width = Page(paper).frame_width / 4 - 1 * mm
    lines = [("♠", "A K Q"), ("♥", "2"), ("♦", "3"), ("♣", "4")]
    slip = flowables.HandSlip("Board 128", "West · dealer", lines, width, 40 * mm)
    slip.canv = Canvas(io.BytesIO())
    slip.draw()
    (title_left, title_right), (seat_left, seat_right) = sorted(written)
    assert seat_left - title_right >= 1.5 * mm
    assert title_left >= 0 and seat_right <= width


def test_seat_names_and_compass_letters_come_from_the_templates(tmp_path, fake_solver):
    folder = tmp_path / "templates"
    shutil.copytree(str(files("minibridge.template_files")), folder)
    page = folder / "page.j2"
    text = page.read_text(encoding="utf-8")
    names = '"N": "Nord", "E": "Est", "S": "Sud", "W": "Ouest"'
    text = text.replace('"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")', names)
    west = '{% macro seat_letter(letter) %}{{ {"W": "O"}.get(letter, letter) }}{% endmacro %}'
    text = re.sub(r"\{% macro seat_letter\(letter\) %\}.*\{% endmacro %\}", lambda _: west, text)
    page.write_text(text, encoding="utf-8")
    source = tmp_path / "one.pbn"
    source.write_text(
        '[Board "3"]\n[Dealer "S"]\n[Deal "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76"]\n',
        encoding="utf-8",
    )
    mine = tmp_path / "mine.pdf"
    assert run("records", str(source), "-o", str(mine), "--templates", str(folder))[0] == 0
    printed = pdf_text(mine)
    assert "Sud" in printed and "Nord" in printed and "South" not in printed and "North" not in printed
    assert " S 9 O 0 E 12 " in printed  # the compass: West (0 points) written O


def test_a_phrase_is_kept_for_its_language_and_its_values():
    from markupsafe import Markup

    from minibridge.cards import Seat
    from minibridge.language import speaking
    from minibridge.render.text import wording

    words = wording()
    assert [words.seat(seat) for seat in Seat] == ["North", "East", "South", "West"]
    with speaking("nl"):
        assert words.seat(Seat.EAST) == "Oost"
    with speaking("da"):
        assert words.seat(Seat.EAST) == "Øst"
    assert words.seat(Seat.EAST) == "East"
    as_text = words("page", "footer", title="A &amp; B", page=1)  # text, escaped where it is put
    as_markup = words("page", "footer", title=Markup("A &amp; B"), page=1)  # the same letters, markup already
    assert "A &amp;amp; B" in as_text and "A &amp; B" in as_markup and "&amp;amp;" not in as_markup
