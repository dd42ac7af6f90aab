"""The results for the EBU: ``minibridge duplicate score RESULTS --usebio FILE.xml`` writes a USEBIO 1.2 file.

The format's DTD (``usebio_v1_2.dtd``) was not found in any public copy to validate against, so these tests check
the structure of USEBIO 1.2 as real files and the programs that read them use it: the elements, their nesting and
their order; and that every value equals the one ``minibridge duplicate score --json`` computes.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner

from minibridge.cli import main
from minibridge.duplicate import parse_results, score_results
from minibridge.duplicate.usebio import usebio_xml

# A class of eight pairs at four tables (a Mitchell): four N–S and four E–W pairs, three boards each.
CLASS = """\
# board  N-S  E-W  contract  declarer  tricks
1        1    1    3NT       S         10
1        2    2    3NT       S         9
1        3    3    4S        N         8
1        4    4    3NT       N         10
2        1    2    4H        E         10
2        2    3    1NT       E         7
2        3    4    4H        W         -1
2        4    1    4H        E         =
3        1    3    1S        N         +2
3        2    4    3NT       S         =
3        3    1    1S        S         9
3        4    2    4S        N         -2
"""

CHILDREN = {
    "USEBIO": ["CLUB", "EVENT"],
    "CLUB": ["CLUB_NAME"],
    "EVENT": [
        "PROGRAM_NAME",
        "PROGRAM_VERSION",
        "EVENT_DESCRIPTION",
        "DATE",
        "WINNER_TYPE",
        "BOARD_SCORING_METHOD",
        "BOARDS_PLAYED",
        "PARTICIPANTS",
        "BOARD",
    ],
    "PARTICIPANTS": ["PAIR"],
    "PAIR": ["PAIR_NUMBER", "DIRECTION", "BOARDS_PLAYED", "PLACE", "TOTAL_SCORE", "PERCENTAGE"],
    "BOARD": ["BOARD_NUMBER", "TRAVELLER_LINE"],
    "TRAVELLER_LINE": [
        "NS_PAIR_NUMBER",
        "EW_PAIR_NUMBER",
        "CONTRACT",
        "PLAYED_BY",
        "TRICKS",
        "SCORE",
        "NS_MATCH_POINTS",
        "EW_MATCH_POINTS",
    ],
}
"""USEBIO 1.2's elements as this file uses them: each element's children, in their order (a child may repeat:
PAIR, BOARD, TRAVELLER_LINE)."""


def _score(tmp_path: Path, text: str, *options: str) -> tuple[dict, ElementTree.Element]:
    """``duplicate score FILE --json --usebio FILE.xml``: the JSON and the USEBIO file's root."""
    results = tmp_path / "results.txt"
    results.write_text(text, encoding="utf-8")
    usebio = tmp_path / "results.xml"
    outcome = CliRunner().invoke(
        main, ["duplicate", "score", str(results), "--json", "--usebio", str(usebio), *options]
    )
    assert outcome.exit_code == 0, outcome.output
    return json.loads(outcome.stdout), ElementTree.parse(usebio).getroot()


def _check_structure(element: ElementTree.Element) -> None:
    """Every element has only the children USEBIO gives it, in USEBIO's order; leaves hold text."""
    children = [child.tag for child in element]
    if element.tag not in CHILDREN:
        assert children == [] and element.text, f"{element.tag} should be a leaf with text"
        return
    order = CHILDREN[element.tag]
    assert all(tag in order for tag in children), f"{element.tag}: {children}"
    positions = [order.index(tag) for tag in children]
    assert positions == sorted(positions), f"{element.tag}: {children} out of USEBIO's order"
    for child in element:
        _check_structure(child)


def test_the_file_has_usebio_1_2s_structure(tmp_path: Path):
    _, root = _score(tmp_path, CLASS)
    assert root.tag == "USEBIO" and root.attrib == {"Version": "1.2"}
    _check_structure(root)
    event = root.find("EVENT")
    assert event is not None and event.attrib == {"EVENT_TYPE": "PAIRS"}
    assert event.findtext("BOARD_SCORING_METHOD") == "MATCH_POINTS"
    assert event.findtext("WINNER_TYPE") == "2"  # N–S and E–W ranked apart
    assert len(event.findall("PARTICIPANTS/PAIR")) == 8
    assert [len(board.findall("TRAVELLER_LINE")) for board in event.findall("BOARD")] == [4, 4, 4]
    for pair in event.iter("PAIR"):
        assert [child.tag for child in pair] == CHILDREN["PAIR"]
    for line in event.iter("TRAVELLER_LINE"):
        assert [child.tag for child in line] == CHILDREN["TRAVELLER_LINE"]
    assert not list(root.iter("LEAD")), "results files do not record the lead: USEBIO's optional LEAD is left out"
    head = (tmp_path / "results.xml").read_bytes().split(b"\n")[:2]
    assert head == [
        b'<?xml version="1.0" encoding="UTF-8"?>',
        b'<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">',
    ]


@pytest.mark.parametrize("rules", ["", "# lesson: 6\n", "# slams: yes\n"])
def test_every_value_is_the_one_duplicate_score_computes(tmp_path: Path, rules: str):
    scored, root = _score(tmp_path, rules + CLASS)
    boards = root.findall("EVENT/BOARD")
    assert [int(board.findtext("BOARD_NUMBER", "")) for board in boards] == [b["board"] for b in scored["boards"]]
    assert root.findtext("EVENT/BOARDS_PLAYED") == str(len(scored["boards"]))
    for board, traveller in zip(boards, scored["boards"], strict=True):
        lines = [{child.tag: child.text for child in line} for line in board.findall("TRAVELLER_LINE")]
        assert lines == [
            {
                "NS_PAIR_NUMBER": r["ns"],
                "EW_PAIR_NUMBER": r["ew"],
                "CONTRACT": r["contract"],
                "PLAYED_BY": r["declarer"],
                "TRICKS": str(r["tricks"]),
                "SCORE": str(r["ns_score"] - r["ew_score"]),
                "NS_MATCH_POINTS": str(r["ns_matchpoints"]),
                "EW_MATCH_POINTS": str(r["ew_matchpoints"]),
            }
            for r in traveller["results"]
        ]
    pairs = root.findall("EVENT/PARTICIPANTS/PAIR")
    expected = [("NS", p) for p in scored["rankings"]["ns"]] + [("EW", p) for p in scored["rankings"]["ew"]]
    assert len(pairs) == len(expected)
    for pair, (direction, total) in zip(pairs, expected, strict=True):
        assert pair.findtext("PAIR_NUMBER") == total["pair"]
        assert pair.findtext("DIRECTION") == direction
        assert pair.findtext("BOARDS_PLAYED") == str(total["boards"])
        assert pair.findtext("TOTAL_SCORE") == str(total["matchpoints"])
        assert float(pair.findtext("PERCENTAGE", "")) == total["percentage"]
        assert pair.findtext("PLACE", "").rstrip("=") == str(total["rank"])


def test_a_shared_place_is_written_as_usebio_files_write_it(tmp_path: Path):
    # Both N–S pairs score the same on the one board: they share first place.
    _, root = _score(tmp_path, "1 1 1 3NT S 9\n1 2 2 3NT S 9\n")
    assert [pair.findtext("PLACE") for pair in root.iter("PAIR")] == ["1=", "1=", "1=", "1="]
    assert [pair.findtext("PERCENTAGE") for pair in root.iter("PAIR")] == ["50.0"] * 4


def test_a_pair_without_a_percentage_has_no_percentage_element():
    # One table only: no pair is compared with another, so there is no percentage to give.
    competition = score_results(parse_results("1 1 1 3NT S 9\n"))
    root = ElementTree.fromstring(usebio_xml(competition, event="Practice"))
    assert [pair.find("PERCENTAGE") for pair in root.iter("PAIR")] == [None, None]
    assert [pair.findtext("PLACE") for pair in root.iter("PAIR")] == ["1", "1"]


def test_the_title_club_and_date_name_the_event(tmp_path: Path):
    _, root = _score(tmp_path, CLASS, "--title", "Class 5 & 6, 12 March", "--club", "Hill School")
    assert root.findtext("CLUB/CLUB_NAME") == "Hill School"
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == "Class 5 & 6, 12 March"
    assert root.findtext("EVENT/DATE") == datetime.date.today().strftime("%d/%m/%Y")
    _, plain = _score(tmp_path, CLASS, "--force")
    assert plain.findtext("EVENT/EVENT_DESCRIPTION") == "results"  # the results file's name
    assert plain.findtext("CLUB/CLUB_NAME") == "MiniBridge"


def test_pairs_names_in_any_letters_are_kept():
    competition = score_results(parse_results("1 Amy&Bo Zoë 3NT S 9\n1 Пётр Ann 3NT S 10\n"))
    xml = usebio_xml(competition, event="Ünïcode <club>", date=datetime.date(2026, 3, 12))
    root = ElementTree.fromstring(xml)
    assert {pair.findtext("PAIR_NUMBER") for pair in root.iter("PAIR")} == {"Amy&Bo", "Zoë", "Пётр", "Ann"}
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == "Ünïcode <club>"
    assert root.findtext("EVENT/DATE") == "12/03/2026"
    assert "Пётр".encode() in xml


@pytest.mark.parametrize(
    ("where", "words"),
    [
        ("existing.xml", "already exists: choose another name, or use --force to replace it"),
        ("folder", "is a folder: give the name of a file, like results.xml"),
        ("existing.xml/inside.xml", "is a file, not a folder: the USEBIO file cannot go in it"),
    ],
)
def test_a_bad_place_for_the_file_is_refused_in_words_before_any_work(tmp_path: Path, where: str, words: str):
    results = tmp_path / "results.txt"
    results.write_text(CLASS, encoding="utf-8")
    (tmp_path / "existing.xml").write_text("keep me", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    outcome = CliRunner().invoke(main, ["duplicate", "score", str(results), "--usebio", str(tmp_path / where)])
    assert outcome.exit_code == 1
    assert words in outcome.output and "Traceback" not in outcome.output
    assert "N–S pairs" not in outcome.output, "refused before scoring"
    assert (tmp_path / "existing.xml").read_text(encoding="utf-8") == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["existing.xml", "folder", "results.txt"]


def test_force_replaces_the_file_whole(tmp_path: Path):
    (tmp_path / "results.xml").write_text("old", encoding="utf-8")
    _, root = _score(tmp_path, CLASS, "--force")
    assert root.tag == "USEBIO"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == [], "no temporary file left"
