"""Hand records of a club's file: its Event, Site and Date as the heading, deals with only some hands known,
end positions, and the full double-dummy table; read back with pypdf."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from printed import pdf_text, run
from pypdf import PdfReader

CLUB = Path(__file__).parent / "data" / "records" / "club.pbn"


pytestmark = pytest.mark.usefixtures("own_cache")


@pytest.fixture
def club_records(tmp_path) -> str:
    out = tmp_path / "club.pdf"
    code, _, err = run("records", str(CLUB), "-o", str(out), "--quiet")
    assert code == 0, err
    return pdf_text(out)


def test_the_heading_is_the_files_event_site_and_date(club_records):
    assert club_records.startswith("Autumn club night at the Little Snoring village hall")
    assert "Village hall, Little Snoring · October 2024" in club_records
    assert "club.pbn" not in club_records


def test_without_an_event_the_heading_is_the_whole_file_name(tmp_path):
    source = tmp_path / "a-very-long-file-name-from-the-club-computer-without-any-spaces-at-all.pbn"
    source.write_text(CLUB.read_text(encoding="utf-8").split("\n\n")[-1].replace('[Event "#"]\n', ""), "utf-8")
    out = tmp_path / "records.pdf"
    assert run("records", str(source), "-o", str(out), "--quiet")[0] == 0
    lines = PdfReader(out).pages[0].extract_text().splitlines()
    assert source.name in lines  # whole on its line, not broken in the middle of a word


def test_a_deal_with_only_some_hands_known_is_printed_without_analysis(club_records, tmp_path):
    board = club_records[club_records.index("Board 1") : club_records.index("Board 2")]
    for suit in ("A K 3 2", "K Q 2", "A J 9 8"):
        assert suit in board
    assert "not known" in board and "Only some hands are known" in board
    code, output, _ = run("records", str(CLUB), "--json", "--quiet")
    first = json.loads(output)[0]
    assert code == 0 and first["board"] == 1 and first["dd"] is None and first["hcp"] == {"N": 19, "S": 9}


def test_an_end_position_is_printed_with_its_cards_and_every_seats_tricks(club_records):
    board = club_records[club_records.index("Board 2") : club_records.index("Board 3")]
    assert "End position, 12 cards each" in board
    assert "Q J 4" in board and "A J 9" in board
    assert "Best:" not in board  # a contract's score belongs to a whole deal
    code, output, _ = run("records", str(CLUB), "--json", "--quiet")
    table = json.loads(output)[1]["dd_table"]
    assert code == 0 and "Tricks as declarer NT ♠ ♥ ♦ ♣" in board
    for seat in ("N", "S", "E", "W"):
        assert all(0 <= tricks <= 12 for tricks in table[seat].values())
        assert f"{seat} " + " ".join(str(table[seat][s]) for s in ("NT", "S", "H", "D", "C")) in board


def test_the_full_double_dummy_table_on_request(tmp_path, club_records):
    out = tmp_path / "full.pdf"
    assert run("records", str(CLUB), "-o", str(out), "--dd-table", "--quiet")[0] == 0
    text = pdf_text(out)
    board = text[text.index("Board 3") :]
    code, output, _ = run("records", str(CLUB), "--json", "--quiet")
    table = json.loads(output)[2]["dd_table"]
    assert code == 0 and "Tricks as declarer" in board
    for seat in ("N", "S", "E", "W"):
        row = " ".join(str(table[seat][strain]) for strain in ("NT", "S", "H", "D", "C"))
        assert f"{seat} {row}" in board
    assert "Tricks as declarer" not in club_records[club_records.index("Board 3") :]
