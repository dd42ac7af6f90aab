"""The movement of a class's event: which pairs meet at which table with which boards, round by round."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from minibridge.cli import main
from minibridge.duplicate.movement import MOST_PAIRS, Movement, MovementProblem, movement


@st.composite
def seated(draw: st.DrawFn) -> Movement:
    """A movement for a school's number of pairs and a number of boards that shares out."""
    pairs = draw(st.integers(4, MOST_PAIRS))
    tables = (pairs + 1) // 2
    per_set = draw(st.integers(1, 36 // tables))
    return movement(pairs=pairs, boards=tables * per_set)


@given(seated())
def test_every_table_plays_its_boards_each_round_and_no_board_is_at_two_tables(chosen: Movement) -> None:
    assert len(chosen.meetings) == chosen.tables * chosen.rounds
    for number in range(1, chosen.rounds + 1):
        tables = chosen.round(number)
        assert [m.table for m in tables] == list(range(1, chosen.tables + 1))
        assert all(len(m.boards) == chosen.boards_per_round for m in tables)
        boards = [b for m in tables for b in m.boards]
        if chosen.shared:  # both tables play the round's boards, swapping them
            assert tables[0].boards == tables[1].boards
        else:
            assert len(boards) == len(set(boards))


@given(seated())
def test_every_board_is_played_as_often_as_promised_and_no_pair_plays_a_board_twice(chosen: Movement) -> None:
    played = Counter(b for m in chosen.meetings for b in m.boards)
    assert set(played.values()) == {chosen.played}
    assert sorted(played) == list(range(1, chosen.tables * chosen.boards_per_round + 1))
    for side in ("ns", "ew"):
        for pair in {getattr(m, side) for m in chosen.meetings} - {None}:
            boards = [b for m in chosen.meetings if getattr(m, side) == pair for b in m.boards]
            assert len(boards) == len(set(boards)), (side, pair)


@given(seated())
def test_no_pairs_meet_twice_and_each_pair_plays_once_a_round(chosen: Movement) -> None:
    met = [(m.ns, m.ew) for m in chosen.meetings if m.ew is not None]
    assert len(met) == len(set(met))
    for number in range(1, chosen.rounds + 1):
        tables = chosen.round(number)
        assert sorted(m.ns for m in tables) == list(range(1, chosen.tables + 1))
        ews = [m.ew for m in tables if m.ew is not None]
        assert len(ews) == len(set(ews))


@given(seated())
def test_the_guide_says_where_the_boards_and_the_e_w_pairs_go_next(chosen: Movement) -> None:
    for m in chosen.meetings:
        if m.round == chosen.rounds:
            assert m.ew_to is None
            continue
        following = chosen.round(m.round + 1)
        assert m.ew is None or following[m.ew_to - 1].ew == m.ew or following[m.ew_to - 1].ew is None
        if not chosen.shared:
            assert following[m.boards_to - 1].boards == m.boards


@given(st.integers(4, MOST_PAIRS).filter(lambda n: n % 2 == 1))
def test_with_an_odd_number_of_pairs_one_n_s_pair_sits_out_each_round(pairs: int) -> None:
    tables = (pairs + 1) // 2
    chosen = movement(pairs=pairs, boards=tables * 2)
    sitting_out = [chosen.sits_out(n) for n in range(1, chosen.rounds + 1)]
    assert None not in sitting_out and len(set(sitting_out)) == chosen.rounds


@pytest.mark.parametrize(
    ("pairs", "kind", "tables", "rounds"),
    [
        (4, "two-table share", 2, 2),
        (5, "Mitchell", 3, 3),
        (6, "Mitchell", 3, 3),
        (8, "skip Mitchell", 4, 3),
        (10, "Mitchell", 5, 5),
        (12, "skip Mitchell", 6, 5),
        (14, "Mitchell", 7, 7),
        (16, "skip Mitchell", 8, 7),
        (19, "skip Mitchell", 10, 9),
        (20, "skip Mitchell", 10, 9),
    ],
)
def test_the_school_sizes(pairs: int, kind: str, tables: int, rounds: int) -> None:
    chosen = movement(pairs=pairs, boards=tables * 2)
    assert (chosen.kind, chosen.tables, chosen.rounds, chosen.boards_per_round) == (kind, tables, rounds, 2)


def test_a_skip_mitchell_skips_after_half_the_rounds() -> None:
    chosen = movement(pairs=8, boards=8)
    assert [chosen.at(1, n).ew for n in (1, 2, 3)] == [1, 4, 2]
    assert [chosen.at(1, n).ew_to for n in (1, 2, 3)] == [2, 3, None]


@pytest.mark.parametrize(
    ("pairs", "boards", "words"),
    [
        (3, 4, "a movement seats 4 to 20 pairs, not 3"),
        (21, 22, "a movement seats 4 to 20 pairs, not 21"),
        (
            12,
            10,
            "6 tables play 6 sets of boards, the same number in each: 10 boards cannot be shared out; "
            "give 6 or 12 or 18 boards",
        ),
    ],
)
def test_pairs_and_boards_that_do_not_fit_are_refused_saying_what_would(pairs: int, boards: int, words: str) -> None:
    with pytest.raises(MovementProblem) as refused:
        movement(pairs=pairs, boards=boards)
    assert refused.value.message == words


def test_the_command_prints_the_movement_and_its_guide_cards(tmp_path: Path) -> None:
    runner = CliRunner()
    shown = runner.invoke(main, ["duplicate", "movement", "7", "8"])
    assert shown.exit_code == 0, shown.output
    assert "  table 4: N–S 4 sits out\n" in shown.output
    assert "  table 2: N–S 2 against E–W 1, boards 5–6\n" in shown.output
    data = json.loads(runner.invoke(main, ["duplicate", "movement", "6", "6", "--json"]).stdout)
    assert (data["kind"], data["rounds"], data["round_tables"][1]["tables"][0]["ew"]) == ("Mitchell", 3, 3)
    pdf = tmp_path / "guide.pdf"
    printed = runner.invoke(main, ["duplicate", "movement", "4", "4", "-o", str(pdf), "--title", "Class 5"])
    assert printed.exit_code == 0, printed.output
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())
    assert "Class 5: guide cards" in text and "Two-table share: 4 pairs, 2 rounds of 2 boards." in text
    assert "swap with table 2" in text
    refused = runner.invoke(main, ["duplicate", "movement", "12", "10"])
    assert refused.exit_code == 2 and "give 6 or 12 or 18 boards" in refused.output
