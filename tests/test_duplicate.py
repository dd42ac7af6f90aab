"""Duplicate competitions: the results file, scores, match-points, rankings, and the command with its PDF."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from minibridge.cards import Seat
from minibridge.cli import main
from minibridge.contract import Contract
from minibridge.duplicate import Entry, check_results, parse_results, score_results
from minibridge.errors import ResultsError

# Board 1, four tables: N–S +430, +400, −100 (4H two down by North), +430: top 6.
# Board 2, three tables: E–W +420, E–W +90, N–S +50 (4H one down by West): top 4.
EXAMPLE = """\
# Class 5, duplicate: one line per table per board
board, ns, ew, contract, declarer, tricks
1, 1, 1, 3NT, S, +1
1, 2, 2, 3NT, S, =
1, 3, 3, 4♥, N, 8     # two down
1, 4, 4, 3nt, south, 10
2	1	2	4H	E	10
2  2  3  1NT  E  7
2  3  4  game in hearts  W  -1
"""


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_the_results_file_as_a_teacher_types_it():
    with pytest.raises(ResultsError, match=r"line 9: 6 columns are needed .* found 8"):
        parse_results(EXAMPLE)
    entries = parse_results(EXAMPLE.replace("game in hearts", "4H"))
    assert [(e.board, e.ns, e.ew, str(e.contract), e.declarer.letter, e.tricks, e.line) for e in entries] == [
        (1, "1", "1", "3NT", "S", 10, 3),
        (1, "2", "2", "3NT", "S", 9, 4),
        (1, "3", "3", "4H", "N", 8, 5),
        (1, "4", "4", "3NT", "S", 10, 6),
        (2, "1", "2", "4H", "E", 10, 7),
        (2, "2", "3", "1NT", "E", 7, 8),
        (2, "3", "4", "4H", "W", 9, 9),
    ]


def test_scores_match_points_and_rankings_on_a_worked_example():
    competition = score_results(parse_results(EXAMPLE.replace("game in hearts", "4H")))
    first, second = competition.travellers
    assert first.top == 6 and second.top == 4
    assert [(r.ns, r.ns_score, r.ew_score, r.ns_matchpoints, r.ew_matchpoints) for r in first.results] == [
        ("1", 430, 0, 5, 1), ("2", 400, 0, 2, 4), ("3", 0, 100, 0, 6), ("4", 430, 0, 5, 1),
    ]  # fmt: skip
    assert [(r.ew, r.ns_score, r.ew_score, r.ns_matchpoints, r.ew_matchpoints) for r in second.results] == [
        ("2", 0, 420, 0, 4), ("3", 0, 90, 2, 2), ("4", 50, 0, 4, 0),
    ]  # fmt: skip
    ns = [(p.rank, p.pair, p.boards, p.matchpoints, p.top, p.percentage) for p in competition.ns_ranking]
    assert ns == [(1, "4", 1, 5, 6, 83.3), (2, "1", 2, 5, 10, 50.0), (3, "2", 2, 4, 10, 40.0), (3, "3", 2, 4, 10, 40.0)]
    ew = [(p.rank, p.pair, p.matchpoints, p.top, p.percentage) for p in competition.ew_ranking]
    assert ew == [(1, "2", 8, 10, 80.0), (1, "3", 8, 10, 80.0), (3, "1", 1, 6, 16.7), (4, "4", 1, 10, 10.0)]
    assert competition.notes == ()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("1 1 1 3NT S", "line 2: 6 columns are needed"),
        ("one 1 1 3NT S 9", "line 2, board: 'one' is not a board number"),
        ("0 1 1 3NT S 9", "line 2, board"),
        ("1 1 1 3Z S 9", "line 2, contract: '3Z' is not a contract"),
        ("1 1 1 3NT Q 9", "line 2, declarer: 'Q' is not a seat"),
        ("1 1 1 3NT S 14", "line 2, tricks: '14' makes 14 tricks"),
        ("1 1 1 3NT S +5", "line 2, tricks: '+5' makes 14 tricks"),
        ("1 1 1 3NT S nine", "line 2, tricks: 'nine' is not declarer's tricks"),
        ("1 1 1 6NT S 12", "line 2, contract"),
    ],
)
def test_a_line_that_cannot_be_read_names_its_line_and_column(line: str, message: str):
    with pytest.raises(ResultsError, match=re.escape(message)) as caught:
        parse_results(f"1 2 2 3NT S 9\n{line}\n", source="class5.txt")
    assert str(caught.value).startswith("class5.txt, line 2")


def test_every_problem_is_reported_at_once_and_slams_may_be_allowed():
    from minibridge.rules import find_rules

    with pytest.raises(ResultsError, match="2 problems to fix") as caught:
        parse_results("1 1 1 3Z S 9\n1 2 2 3NT S 9\n2 1 1 3NT X 9\n", source="r.txt")
    assert "r.txt, line 1, contract" in str(caught.value) and "r.txt, line 3, declarer" in str(caught.value)
    assert parse_results("1 1 1 6NT S 12\n", rules=find_rules("ebu").with_slam())[0].tricks == 12
    with pytest.raises(ResultsError, match="no results"):
        parse_results("# nothing yet\n\n")


def test_a_pair_plays_a_board_once():
    with pytest.raises(ResultsError, match=r"N–S pair 1 plays board 1 twice \(lines 1 and 3\)"):
        score_results(parse_results("1 1 1 3NT S 9\n1 2 2 3NT S 9\n1 1 3 3NT S 9\n"))
    with pytest.raises(ResultsError, match="E–W pair 2 plays board 1 twice"):
        score_results(parse_results("1 1 2 3NT S 9\n1 2 2 3NT S 9\n"))


def test_a_board_declared_from_both_sides_is_pointed_out():
    competition = score_results(parse_results("3 1 1 3NT S 9\n3 2 2 4S E 10\n"), source="r.txt")
    assert competition.notes and "r.txt, board 3: declarer sat N–S at some tables and E–W" in competition.notes[0]


def test_the_results_are_checked_as_a_whole_before_they_are_scored():
    assert check_results(parse_results(EXAMPLE.replace("game in hearts", "4H"))) == ()
    both_sides = parse_results("3 1 1 3NT S 9\n2 1 1 3NT N 9\n3 2 2 4S E 10\n2 2 2 1NT W 7\n4 1 1 3NT E 9\n")
    notes = check_results(both_sides, source="r.txt")
    assert [note.split(":")[0] for note in notes] == ["r.txt, board 2", "r.txt, board 3"]
    assert notes == score_results(both_sides, source="r.txt").notes
    twice = parse_results("1 1 1 3NT S 9\n2 1 1 3NT S 9\n1 1 3 3NT S 9\n1 2 3 3NT S 9\n")
    with pytest.raises(ResultsError) as refused:
        check_results(twice, source="r.txt")
    assert "r.txt, line 3: N–S pair 1 plays board 1 twice (lines 1 and 3)" in refused.value.message
    assert "r.txt, line 4: E–W pair 3 plays board 1 twice (lines 3 and 4)" in refused.value.message


def test_scoring_a_results_file_from_the_command_line_reads_no_lesson(tmp_path: Path):
    results = tmp_path / "results.txt"
    results.write_text(EXAMPLE.replace("game in hearts", "4H"), encoding="utf-8")
    code = (
        "import sys\n"
        "from minibridge.cli import main\n"
        "main(['duplicate', 'score', sys.argv[1], '--json'], standalone_mode=False)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('yaml', 'endplay', 'reportlab')\n"
        "    or m.startswith(('minibridge.lessons', 'minibridge.table', 'minibridge.robot'))))\n"
    )
    run = subprocess.run([sys.executable, "-c", code, str(results)], capture_output=True, text=True, check=True)
    assert '"rankings"' in run.stdout
    assert run.stdout.strip().splitlines()[-1] == "[]"


_SEATS = st.sampled_from(list(Seat))
_CONTRACTS = st.sampled_from(["1NT", "1S", "1H", "1D", "1C", "3NT", "4S", "4H", "5D", "5C"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), _CONTRACTS, _SEATS, st.integers(0, 13)), min_size=1, max_size=5))
def test_match_points_share_out_the_tops(tables: list[tuple[int, str, Seat, int]]):
    entries = [
        Entry(board=board, ns=str(i), ew=str(i), contract=Contract.from_str(text), declarer=seat, tricks=n, line=i + 1)
        for i, (board, text, seat, n) in enumerate(tables)
    ]
    competition = score_results(entries)
    for traveller in competition.travellers:
        count = len(traveller.results)
        assert sum(r.ns_matchpoints for r in traveller.results) == count * (count - 1)
        assert all(r.ns_matchpoints + r.ew_matchpoints == traveller.top for r in traveller.results)
        best = max(r.net for r in traveller.results)
        assert all((r.ns_matchpoints == traveller.top) <= (r.net == best) for r in traveller.results)
    for ranking in (competition.ns_ranking, competition.ew_ranking):
        assert sorted(p.pair for p in ranking) == sorted({str(i) for i in range(len(tables))})
        assert all(p.percentage is None or 0 <= p.percentage <= 100 for p in ranking)
        assert [p.rank for p in ranking] == sorted(p.rank for p in ranking) and ranking[0].rank == 1


def test_score_command_text_json_and_pdf(tmp_path: Path):
    results = tmp_path / "class5.txt"
    results.write_text("\ufeff" + EXAMPLE.replace("game in hearts", "4H"), encoding="utf-8")
    code, output = run("duplicate", "score", str(results))
    assert code == 0 and "N–S pairs:" in output and "83.3%" in output and "3= 2" in output
    data = json.loads(run("duplicate", "score", str(results), "--json")[1])
    assert set(data) == {"boards", "rankings", "notes"}
    assert data["boards"][0]["results"][2] == {
        "ns": "3",
        "ew": "3",
        "contract": "4H",
        "declarer": "N",
        "tricks": 8,
        "ns_score": 0,
        "ew_score": 100,
        "ns_matchpoints": 0,
        "ew_matchpoints": 6,
    }
    assert data["rankings"]["ew"][0] == {
        "pair": "2",
        "boards": 2,
        "matchpoints": 8,
        "top": 10,
        "percentage": 80.0,
        "rank": 1,
    }
    pdf = tmp_path / "class5.pdf"
    code, output = run("duplicate", "score", str(results), "-o", str(pdf), "--title", "Class 5, 12 March")
    assert code == 0 and pdf.exists()
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    for words in (
        "Class 5, 12 March",
        "N–S pairs",
        "E–W pairs",
        "Travellers",
        "Board 1 · dealer North · top 6",
        "Board 2 · dealer East · top 4",
        "83.3%",
        "4♥",
        "Match-points",
    ):
        assert words in text, words
    before = pdf.read_bytes()
    code, output = run("duplicate", "score", str(results), "-o", str(pdf))
    assert code == 1 and "already exists" in output and pdf.read_bytes() == before
    assert run("duplicate", "score", str(results), "-o", str(pdf), "--force")[0] == 0


def test_score_command_bad_files(tmp_path: Path):
    code, output = run("duplicate", "score", str(tmp_path / "none.txt"))
    assert code == 1 and "no such results file" in output
    bad = tmp_path / "bad.txt"
    bad.write_text("1 1 1 3NT S 9\n1 2 2 3NT S fourteen\n", encoding="utf-8")
    code, output = run("duplicate", "score", str(bad))
    assert code == 1 and f"{bad}, line 2, tricks" in output
    code, output = run("duplicate", "score", "--help")
    assert code == 0 and "Example" in output
    assert "board, N–S pair, E–W pair, contract, declarer, tricks" in " ".join(output.split())


def test_a_file_that_is_not_a_results_file_is_one_plain_line(tmp_path: Path):
    wrong = tmp_path / "boards.pbn"
    wrong.write_text("".join(f'[Board "{n}"]\n[Dealer "N"]\n\n' for n in range(1, 31)), encoding="utf-8")
    code, output = run("duplicate", "score", str(wrong))
    assert code == 1
    assert len(output.strip().splitlines()) == 1, output
    assert f"{wrong}: not a results file" in output and "line 1" in output


def test_a_long_list_of_problems_is_cut_short():
    text = "1 1 1 3NT S 9\n" + "".join(f"{n} 1 1 2NT S 9\n" for n in range(2, 40))
    with pytest.raises(ResultsError) as caught:
        parse_results(text)
    lines = caught.value.message.splitlines()
    assert lines[0] == "38 problems to fix:" and len(lines) == 12 and lines[-1] == "  … and 28 more"


def test_a_results_file_with_a_mistake_on_every_line_lists_the_mistakes():
    with pytest.raises(ResultsError, match="2 problems to fix") as caught:
        parse_results("1 1 1 2NT S 9\n1 2 2 2NT S 9\n")
    assert "not a results file" not in caught.value.message


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("2 3 4 game in hearts W -1", "found 8: '2 3 4 game in hearts W -1'; a contract is one word, its level and "
                                      "strain: 1NT, 3NT, 1S, 4S, 4H, 5D, 5C"),
        ("2 3 4 game W -1", "contract: 'game' is not a contract; a contract is one word, its level and strain"),
        ("2 3 4 4Q W 9", "contract: '4Q' is not a contract; a contract is one word"),
    ],
)  # fmt: skip
def test_a_results_file_error_says_what_its_contract_column_holds(line: str, message: str, tmp_path: Path):
    """A results file splits its columns at spaces: "game in hearts" cannot fit, so it is never suggested."""
    results = tmp_path / "class5.txt"
    results.write_text(f"1 1 2 3NT S 9\n{line}\n", encoding="utf-8")
    code, output = run("duplicate", "score", str(results))
    assert code == 1 and message in output, output
    assert "game in hearts'" not in output.replace("'2 3 4 game in hearts W -1'", "")
    assert "part-score no-trumps" not in output
