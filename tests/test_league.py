"""School leagues: schedules, results, standings and tie-breaks, the league file, and the commands."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from itertools import combinations, product
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from minibridge.cli import main
from minibridge.errors import AlreadyExistsError, LeagueError
from minibridge.league import (
    BEST_OF,
    Change,
    League,
    Result,
    berger_rounds,
    dumps_league,
    league_lock,
    load_league,
    loads_league,
    new_league,
    parse_deals,
    parse_match,
    parse_result,
    parse_scores,
    record_result,
    standings,
)
from minibridge.league import file as league_file

ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# --- schedules ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 17))
def test_every_pair_meets_every_other_once_and_at_most_one_sits_out(count: int):
    pairs = ROMAN[:count]
    rounds = League.create(pairs).schedule()
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    met = [frozenset(p) for round_ in rounds for p in round_ if None not in p]
    assert sorted(met, key=sorted) == sorted((frozenset(p) for p in combinations(pairs, 2)), key=sorted)
    for round_ in rounds:
        names = [name for pairing in round_ for name in pairing if name is not None]
        assert sorted(names) == sorted(pairs)  # everyone once: playing, or sitting out
        assert sum(pairing[1] is None for pairing in round_) == (count % 2)
    first_named = {p: sum(r[0] == p for round_ in rounds for r in round_ if None not in r) for p in pairs}
    assert all(abs(2 * first_named[p] - (count - 1)) <= 1 for p in pairs)  # first named about half the time


@pytest.mark.parametrize(
    ("count", "table"),
    [  # the FIDE Berger tables (Handbook C.05, annex 1), players numbered from 1
        (4, [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]),
        (6, [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
             [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]),
    ],
)  # fmt: skip
def test_schedule_follows_the_berger_tables(count: int, table: list[list[tuple[int, int]]]):
    numbers = [str(n) for n in range(1, count + 1)]
    assert [[(int(a), int(b)) for a, b in round_] for round_ in berger_rounds(numbers)] == table  # type: ignore[arg-type]


# --- results -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "best_of", "problem"),
    [
        ("W,L,W", 3, None),
        ("W,W", 3, None),
        ("L,W,L", 3, None),
        ("L,L,W", 3, "the mini-match was over after deal 2 (L,L)"),
        (
            "W,W,L",
            3,
            "the mini-match was over after deal 2 (W,W): a best-of-3 mini-match ends as soon as one pair "
            "has won 2 deals: 2-0 or 2-1 to the winner; leave out the deal played after it",
        ),
        ("W,W,W", 3, "3–0 cannot be: a best-of-3 mini-match ends as soon as one pair has won 2 deals"),
        ("W,L", 3, "does not finish"),
        ("W,L,W,L", 3, "2–2 cannot be"),
        ("W,W,W", 5, None),
        ("W,L,W,L,L", 5, None),
        (
            "W,W,W,L",
            5,
            "over after deal 3 (W,W,W): a best-of-5 mini-match ends as soon as one pair has won 3 deals: "
            "3-0, 3-1 or 3-2 to the winner",
        ),
        ("W,W,L,L", 5, "does not finish"),
    ],
)
def test_result_form_against_best_of(text: str, best_of: int, problem: str | None):
    found = parse_deals(text).problem(best_of)
    assert found is None if problem is None else problem in (found or ""), found


def test_results_in_their_three_forms():
    assert parse_deals("W, L, w") == Result(won=2, lost=1, deals=(True, False, True))
    assert parse_scores("420-0, 0-100, 90-0") == Result(
        won=2, lost=1, deals=(True, False, True), scores=((420, 0), (0, 100), (90, 0))
    )
    assert parse_scores("420-0,0-100,90-0").points == (510, 100)
    assert parse_result("2-1") == Result(won=2, lost=1)
    assert parse_deals("W,L,W").flipped() == Result(won=1, lost=2, deals=(False, True, False))


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        (parse_deals, "W,X,W", "deal 2: 'X' is not W or L"),
        (parse_deals, "", "give each deal"),
        (parse_scores, "420-0,50-50", "one pair scores"),
        (parse_scores, "425-0", "425 is not an EBU MiniBridge score"),
        (parse_scores, "420", "is not a score"),
        (parse_result, "two-one", "is not a mini-match result"),
    ],
)
def test_a_result_of_the_wrong_form_is_refused(parse, text: str, message: str):
    with pytest.raises(LeagueError, match=message):
        parse(text)


def test_pairs_are_read_as_written_or_refused():
    pairs = ("I", "II", "III", "IV")
    assert parse_match("I-III", pairs) == ("I", "III")
    assert parse_match("iii v ii", pairs) == ("III", "II")
    assert parse_match("IV, I", pairs) == ("IV", "I")
    with pytest.raises(LeagueError, match=r"no pair 'VI'.*the pairs are I, II, III, IV"):
        parse_match("I-VI", pairs)
    with pytest.raises(LeagueError, match="cannot play against itself"):
        parse_match("II-II", pairs)
    with pytest.raises(LeagueError, match="does not name two pairs"):
        parse_match("I", pairs)


@pytest.mark.parametrize(
    ("pairs", "message"),
    [(["I"], "2 to 40 pairs"), (["I", "II", "i"], "named twice"), (["I", ""], "cannot be empty"),
     (["I", "II/III"], "cannot be a pair's name")],
)  # fmt: skip
def test_a_league_needs_proper_pairs(pairs: list[str], message: str):
    with pytest.raises(LeagueError, match=message):
        League.create(pairs)


def test_recording_checks_the_schedule_the_format_and_what_is_there():
    league = League.create(ROMAN[:4])  # round 1: I v IV, II v III; round 2: IV v III, I v II; round 3: II v IV, III v I
    match = league.record(1, "IV", "I", parse_deals("W,L,W"))
    assert match.pairs == ("I", "IV")  # kept as scheduled
    assert match.result == Result(won=1, lost=2, deals=(False, True, False))
    with pytest.raises(LeagueError, match="already has a result"):
        league.record(1, "I", "IV", parse_deals("W,W"))
    league.record(1, "I", "IV", parse_deals("W,W"), replace=True)
    assert league.match_between("IV", "I").result_for("IV") == Result(won=0, lost=2, deals=(False, False))
    with pytest.raises(LeagueError, match="there is no round 4: this league has rounds 1 to 3"):
        league.record(4, "II", "III", parse_deals("W,W"))
    with pytest.raises(LeagueError, match="II and III meet in round 1, not round 2"):
        league.record(2, "II", "III", parse_deals("W,W"))
    with pytest.raises(LeagueError, match="cannot play against itself"):
        league.record(1, "II", "II", parse_deals("W,W"))
    with pytest.raises(LeagueError, match="no pair 'V'"):
        league.record(1, "II", "V", parse_deals("W,W"))
    with pytest.raises(LeagueError, match="does not finish"):
        league.record(1, "II", "III", parse_deals("W"))
    with pytest.raises(LeagueError, match="scored by targets"):
        league.record(1, "II", "III", parse_scores("420-0,400-0"))


def test_a_match_knows_its_winner_and_a_league_what_is_played():
    league = League.create(ROMAN[:4])
    assert (league.played, league.matches[0].winner) == (0, None)
    league.record(1, "IV", "I", parse_deals("W,L,W"))
    league.record(1, "II", "III", parse_result("2-0"))
    assert league.match_between("I", "IV").winner == "IV"
    assert league.match_between("III", "II").winner == "II"
    assert league.played == 2


# --- standings -----------------------------------------------------------------------------------------------


def _worked_example() -> League:
    """Four pairs, best of three, every mini-match played.

    I beat IV 2–0 and III 2–1, lost to II 1–2: 2 won, 5 deals. II beat III 2–1 and I 2–1, lost to IV 1–2:
    2 won, 5 deals. IV beat III 2–0 and II 2–1, lost to I 0–2: 2 won, 4 deals. III lost all three: 2 deals.
    I, II and IV are level on matches; deals put IV third; I and II are level on deals too, and II beat I.
    """
    league = League.create(ROMAN[:4], title="Autumn")
    for round_number, first, second, deals in [
        (1, "I", "IV", "W,W"), (1, "II", "III", "W,L,W"), (2, "IV", "III", "W,W"),
        (2, "I", "II", "L,W,L"), (3, "II", "IV", "L,W,L"), (3, "III", "I", "L,W,L"),
    ]:  # fmt: skip
        league.record(round_number, first, second, parse_deals(deals))
    return league


def test_standings_and_tie_breaks_on_a_worked_example():
    table = standings(_worked_example())
    rows = [(s.rank, s.pair, s.played, s.won, s.lost, s.deals_won, s.deals_lost, s.tie_break) for s in table]
    assert rows == [
        (1, "II", 3, 2, 1, 5, 4, "head-to-head"),
        (2, "I", 3, 2, 1, 5, 3, "head-to-head"),
        (3, "IV", 3, 2, 1, 4, 3, "deals won"),
        (4, "III", 3, 0, 3, 2, 6, None),
    ]


def test_pairs_that_nothing_separates_share_a_place():
    league = League.create(ROMAN[:4])
    for round_number, first, second, deals in [
        (1, "I", "IV", "W,W"), (1, "II", "III", "W,W"), (2, "IV", "III", "W,W"),
        (2, "I", "II", "L,L"), (3, "II", "IV", "L,L"), (3, "III", "I", "L,L"),
    ]:  # fmt: skip
        league.record(round_number, first, second, parse_deals(deals))
    table = {s.pair: (s.rank, s.tie_break) for s in standings(league)}
    # I beat IV, II beat I, IV beat II: a circle, all 2 won and 4 deals
    assert table == {"I": (1, "level"), "II": (1, "level"), "IV": (1, "level"), "III": (4, None)}


def test_head_to_head_is_asked_again_among_the_pairs_it_left_level():
    league = League.create(ROMAN[:4])
    for round_number, first, second, deals in [
        (2, "I", "II", "W,L,W"), (3, "III", "I", "W,L,W"), (1, "I", "IV", "L,L"),
        (2, "IV", "III", "W,L,W"), (3, "II", "IV", "W,W"),
    ]:  # fmt: skip
        league.record(round_number, first, second, parse_deals(deals))
    table = [(s.rank, s.pair, s.won, s.deals_won, s.tie_break) for s in standings(league)]
    # I, II and III: 1 won, 3 deals each. Among them I beat II and III beat I (II v III still to play):
    # I and III are still level, and between the two of them III won.
    assert table == [
        (1, "IV", 2, 4, None),
        (2, "III", 1, 3, "head-to-head"),
        (3, "I", 1, 3, "head-to-head"),
        (4, "II", 1, 3, "head-to-head"),
    ]


def test_ebu_points_are_totalled_but_do_not_decide():
    league = League.create(ROMAN[:2], scoring="ebu")
    league.record(1, "II", "I", parse_scores("0-420,100-0,50-0"))
    first, second = standings(league)
    assert (first.pair, first.won, first.points) == ("II", 1, 150)
    assert (second.pair, second.won, second.points) == ("I", 0, 420)


def test_a_standing_in_json_has_every_key_and_points_only_in_leagues_scored_the_ebu_way():
    from minibridge.cli.league_json import standing_json

    league = League.create(ROMAN[:2], scoring="ebu")
    league.record(1, "II", "I", parse_scores("0-420,100-0,50-0"))
    assert [standing_json(s) for s in standings(league)] == [
        {
            "pair": "II",
            "played": 1,
            "won": 1,
            "lost": 0,
            "deals_won": 2,
            "deals_lost": 1,
            "rank": 1,
            "tie_break": None,
            "points": 150,
        },
        {
            "pair": "I",
            "played": 1,
            "won": 0,
            "lost": 1,
            "deals_won": 1,
            "deals_lost": 2,
            "rank": 2,
            "tie_break": None,
            "points": 420,
        },
    ]
    targets = League.create(ROMAN[:2])
    targets.record(1, "I", "II", parse_deals("W,W"))
    first = standing_json(standings(targets)[0])
    assert list(first) == ["pair", "played", "won", "lost", "deals_won", "deals_lost", "rank", "tie_break"]


# --- the league file -------------------------------------------------------------------------------------------


def test_the_file_reads_back_as_written():
    league = League.create(ROMAN[:5], best_of=5, scoring="ebu", title="Year 6: 'spring' term")
    league.record(1, "II", "V", parse_deals("W,L,W,W"))
    league.record(1, "III", "IV", parse_scores("420-0,0-100,90-0,0-50,400-0"))
    league.record(2, "I", "II", parse_result("1-3"))
    league.notes = "Pair IV changed partners in week 3."
    league.matches[0].note = "played at lunch"
    text = dumps_league(league)
    assert text.startswith("# A MiniBridge league")
    assert loads_league(text) == league
    assert "deals: [W, L, W, W]" in text and "result: [1, 3]" in text


def test_names_that_yaml_would_misread_stay_names():
    league = League.create(["Yes", "No", "1", "On & Off"])
    assert loads_league(dumps_league(league)).pairs == ("Yes", "No", "1", "On & Off")


GOOD = dumps_league(_worked_example())


@pytest.mark.parametrize(
    ("broken", "where", "message"),
    [
        (GOOD.replace("best_of: 3", "best_of: 4"), "line 13, best_of", "best_of is 3 or 5"),
        (GOOD.replace("scoring: targets", "scoring: points"), "line 14, scoring", "scoring is targets or ebu"),
        (GOOD.replace("deals: [W, W]", "deals: [W, X]"), "line 19, rounds[0].matches[0].deals", "'X' is not W or L"),
        (GOOD.replace("deals: [W, W]", "deals: [W]"), "rounds[0].matches[0].deals", "does not finish"),
        (GOOD.replace("pairs: [I, IV]", "pairs: [I, VI]"), "line 18, rounds[0].matches[0].pairs", "no pair 'VI'"),
        (GOOD.replace("pairs: [I, IV]", "pairs: [I, I]"), "rounds[0].matches[0].pairs", "against itself"),
        (GOOD.replace("- round: 2", "- round: 7"), "line 22, rounds[1].round", "should be 2"),
        (GOOD.replace("  matches:\n  - pairs: [I, IV]\n    deals: [W, W]\n", "  matches:\n"), "line 15, rounds",
         "missing from the schedule (I–IV)"),
        (GOOD.replace("title: Autumn", "title: Autumn\nteacher: Mrs Bell"), "line 12, teacher", "unknown field"),
        (GOOD.replace("deals: [W, W]", "deals: [W, W]\n    result: [2, 0]", 1), "rounds[0].matches[0].result",
         "not several"),
        (GOOD.replace("pairs: [I, II, III, IV]", "pairs: [I, II, III, IV"), "line 12", "is never closed"),
        (GOOD[: len(GOOD) // 2] + "\0\0\0", "", "a character that is not text"),
        ("", "", "is not a league file"),
    ],
)  # fmt: skip
def test_a_corrupted_file_is_reported_and_left_unchanged(tmp_path: Path, broken: str, where: str, message: str):
    assert broken != GOOD
    path = tmp_path / "autumn.yaml"
    path.write_text(broken, encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(LeagueError) as caught:
        load_league(path)
    assert str(path) in str(caught.value) and where in str(caught.value)
    assert message in str(caught.value)
    with pytest.raises(LeagueError):
        record_result(path, 1, "II", "III", parse_deals("W,W"), replace=True)
    code, output = run(
        "league", "record", str(path), "--round", "1", "--pairs", "II-III", "--deals", "W,W", "--replace"
    )
    assert code == 1 and message in output
    assert run("league", "status", str(path))[0] == 1
    assert path.read_bytes() == before


def test_every_problem_is_reported_at_once(tmp_path: Path):
    broken = GOOD.replace("best_of: 3", "best_of: 4").replace("deals: [W, W]", "deals: [W, X]", 1)
    with pytest.raises(LeagueError, match="2 problems to fix") as caught:
        loads_league(broken, source="autumn.yaml")
    assert "best_of" in str(caught.value) and "'X' is not W or L" in str(caught.value)


def test_a_lock_held_elsewhere_is_waited_for_then_reported(tmp_path: Path):
    path = tmp_path / "league.yaml"
    busy = pytest.raises(LeagueError, match="another minibridge command")
    with league_lock(path), busy, league_lock(path, timeout=0.2):
        pass


def test_twenty_results_recorded_at_the_same_moment_all_land(tmp_path: Path):
    path = tmp_path / "league.yaml"
    assert run("league", "new", str(path), "--pairs", "I,II,III,IV,V,VI,VII")[0] == 0
    matches = load_league(path).matches[:20]
    executable = Path(sys.executable).parent / "minibridge"
    processes = [
        subprocess.Popen(
            [
                str(executable),
                "league",
                "record",
                str(path),
                "--round",
                str(m.round),
                "--pairs",
                f"{m.first}-{m.second}",
                "--deals",
                "W,L,W" if i % 2 else "L,L",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i, m in enumerate(matches)
    ]
    for process in processes:
        _, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
    recorded = load_league(path)
    assert sum(m.played for m in recorded.matches) == 20
    for i, m in enumerate(matches):
        assert recorded.match_between(m.first, m.second).result == (
            Result(won=2, lost=1, deals=(True, False, True)) if i % 2 else Result(won=0, lost=2, deals=(False, False))
        )
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_recording_keeps_the_file_readable_by_whoever_could_read_it(tmp_path: Path):
    path = tmp_path / "league.yaml"
    run("league", "new", str(path), "--pairs", "I,II")
    path.chmod(0o644)
    assert run("league", "record", str(path), "--round", "1", "--pairs", "I-II", "--result", "2-0")[0] == 0
    assert path.stat().st_mode & 0o777 == 0o644


def test_a_new_league_is_named_after_its_file_unless_given_a_title(tmp_path: Path):
    league = new_league(tmp_path / "spring_term-y6.yaml", ["I", "II", "III"], best_of=5)
    assert (league.title, league.best_of, len(league.matches)) == ("Spring term y6", 5, 3)
    assert load_league(tmp_path / "spring_term-y6.yaml") == league
    assert new_league(tmp_path / "a.yaml", ["I", "II"], title="Autumn").title == "Autumn"
    with pytest.raises(AlreadyExistsError, match="already exists"):
        new_league(tmp_path / "a.yaml", ["I", "II"])
    assert new_league(tmp_path / "a.yaml", ["I", "II", "III"], overwrite=True).pairs == ("I", "II", "III")


# --- the commands ----------------------------------------------------------------------------------------------


def test_new_writes_the_schedule_and_keeps_an_existing_file(tmp_path: Path):
    path = tmp_path / "spring.yaml"
    code, output = run("league", "new", str(path), "--pairs", "I,II,III,IV,V", "--best-of", "5", "--title", "Spring")
    assert code == 0 and "5 pairs, 5 rounds, 10 mini-matches" in output and "I sits out" in output
    league = load_league(path)
    assert (league.title, league.best_of, league.scoring) == ("Spring", 5, "targets")
    before = path.read_bytes()
    code, output = run("league", "new", str(path), "--pairs", "I,II")
    assert code == 1 and "already exists" in output and path.read_bytes() == before
    assert run("league", "new", str(path), "--pairs", "I,II", "--force")[0] == 0
    code, output = run("league", "new", str(tmp_path / "x.yaml"), "--pairs", "I,II", "--best-of", "4")
    assert code == 2


def test_record_through_the_command_line(tmp_path: Path):
    path = tmp_path / "club.yaml"
    run("league", "new", str(path), "--pairs", "I,II,III,IV", "--scoring", "ebu")
    code, output = run("league", "record", str(path), "--round", "1", "--pairs", "IV-I", "--scores", "420-0,0-100,90-0")
    assert code == 0 and "IV beat I 2–1, points 510–100" in output
    code, output = run("league", "record", str(path), "--round", "1", "--pairs", "II-III", "--result", "2-0", "--json")
    assert code == 0 and json.loads(output)["deals_won"] == [2, 0]
    for args, status, message in [
        (["--round", "1", "--pairs", "I-IV", "--deals", "W,W"], 1, "already has a result"),
        (["--round", "2", "--pairs", "I-II", "--deals", "W,X"], 1, "--deals: deal 2: 'X' is not W or L"),
        (["--round", "2", "--pairs", "I-V", "--deals", "W,W"], 1, "no pair 'V'"),
        (["--round", "2", "--pairs", "I-I", "--deals", "W,W"], 1, "against itself"),
        (["--round", "5", "--pairs", "I-II", "--deals", "W,W"], 1, "there is no round 5"),
        (["--round", "3", "--pairs", "I-II", "--deals", "W,W"], 1, "meet in round 2, not round 3"),
        (["--pairs", "I-II", "--deals", "W,W"], 2, "Missing option '--round'"),
        (["--round", "2", "--pairs", "I-II"], 2, "give the result one way"),
        (["--round", "2", "--pairs", "I-II", "--deals", "W,W", "--result", "2-0"], 2, "give the result one way"),
    ]:
        code, output = run("league", "record", str(path), *args)
        assert (code, message in output) == (status, True), (args, output)
    assert (
        run("league", "record", str(tmp_path / "none.yaml"), "--round", "1", "--pairs", "I-II", "--deals", "W,W")[0]
        == 1
    )


def test_table_json_keeps_its_keys(tmp_path: Path):
    path = tmp_path / "autumn.yaml"
    path.write_text(GOOD, encoding="utf-8")
    code, output = run("league", "table", str(path), "--json")
    assert code == 0
    data = json.loads(output)
    assert [s["pair"] for s in data["standings"]] == ["II", "I", "IV", "III"]
    assert set(data["standings"][0]) >= {"pair", "played", "won", "lost", "deals_won", "rank"}
    assert data["schedule"] == [
        [["I", "IV"], ["II", "III"]],
        [["IV", "III"], ["I", "II"]],
        [["II", "IV"], ["III", "I"]],
    ]
    assert not (tmp_path / "output").exists()
    odd = tmp_path / "odd.yaml"
    run("league", "new", str(odd), "--pairs", "A,B,C")
    assert json.loads(run("league", "table", str(odd), "--json")[1])["schedule"][0] == [["B", "C"], ["A", None]]


def test_status_shows_the_table_in_the_terminal(tmp_path: Path):
    path = tmp_path / "autumn.yaml"
    path.write_text(GOOD, encoding="utf-8")
    code, output = run("league", "status", str(path))
    assert code == 0
    assert "6 of 6 mini-matches played" in output
    assert "II beat I 2–1" in output and "head-to-head" in output and "deals won" in output


def test_table_pdf_reads_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "autumn.yaml"
    path.write_text(GOOD, encoding="utf-8")
    run("league", "new", str(tmp_path / "odd.yaml"), "--pairs", "I,II,III,IV,V")
    monkeypatch.chdir(tmp_path)
    code, output = run("league", "table", "autumn.yaml")
    assert code == 0 and "output/autumn.pdf" in output
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "output" / "autumn.pdf").pages)
    for words in (
        "Autumn",
        "Results table",
        "Standings",
        "head-to-head",
        "deals won",
        "Schedule",
        "II v III: 2–1",
        "6 of 6 mini-matches played",
    ):
        assert words in text, words
    assert run("league", "table", "autumn.yaml")[0] == 1  # the PDF is there: not replaced without --force
    pdf = tmp_path / "odd.pdf"
    assert run("league", "table", "odd.yaml", "-o", str(pdf))[0] == 0
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.read_bytes())).pages)
    assert "I v IV: to play" in text  # round 4 of the Berger table for five pairs
    assert "Sits out" in text


# --- names with a hyphen ---------------------------------------------------------------------------------------


def test_pair_names_may_hold_a_hyphen(tmp_path: Path):
    path = tmp_path / "y6.yaml"
    code, output = run("league", "new", str(path), "--pairs", "Mary-Jane & Tom,Cara & Dev,Ann-Li & Bo")
    assert code == 0, output
    assert load_league(path).pairs == ("Mary-Jane & Tom", "Cara & Dev", "Ann-Li & Bo")
    match = next(m for m in load_league(path).matches if set(m.pairs) == {"Mary-Jane & Tom", "Cara & Dev"})
    code, output = run(
        "league", "record", str(path), "--round", str(match.round), "--pairs", "mary-jane & tom-Cara & Dev",
        "--deals", "W,W",
    )  # fmt: skip
    assert code == 0 and "Mary-Jane & Tom beat Cara & Dev 2–0" in output, output
    assert parse_match("Mary-Jane & Tom v Ann-Li & Bo", load_league(path).pairs) == ("Mary-Jane & Tom", "Ann-Li & Bo")
    with pytest.raises(LeagueError, match=r"no pair 'Zed'"):
        parse_match("Mary-Jane & Tom-Zed", load_league(path).pairs)


def test_a_match_that_splits_two_ways_asks_for_v():
    with pytest.raises(LeagueError, match=r"'A-B-C' can be read as A v B-C or A-B v C: write ' v ' between"):
        parse_match("A-B-C", ("A", "B-C", "A-B", "C"))
    assert parse_match("A-B v C", ("A", "B-C", "A-B", "C")) == ("A-B", "C")


# --- a result checked against the format, exactly as the help says ---------------------------------------------


@pytest.mark.parametrize("best_of", BEST_OF)
def test_a_result_is_accepted_exactly_when_it_ends_as_soon_as_one_pair_has_won(best_of: int):
    """Every list of deals won or lost up to best_of long: accepted when the winner won a majority with its last
    deal and not before; the count alone (--result) when it is one of the results the help names."""
    needed = best_of // 2 + 1
    for length in range(1, best_of + 1):
        for deals in product((True, False), repeat=length):
            result = Result.from_deals(deals)
            decided_at = [n for n in range(1, length + 1) if max(sum(deals[:n]), n - sum(deals[:n])) >= needed]
            assert (result.problem(best_of) is None) == (decided_at[:1] == [length]), deals
    allowed = {(needed, lost) for lost in range(needed)} | {(lost, needed) for lost in range(needed)}
    for won in range(best_of + 2):
        for lost in range(best_of + 2):
            assert (Result(won=won, lost=lost).problem(best_of) is None) == ((won, lost) in allowed)


def test_record_refuses_what_its_help_forbids(tmp_path: Path):
    path = tmp_path / "spring.yaml"
    run("league", "new", str(path), "--pairs", "I,II,III,IV")
    code, helped = run("league", "record", "--help")
    said = " ".join(helped.split())
    assert "ends as soon as one pair has won 2 (or 3) deals: 2-0 or 2-1 to the winner (3-0, 3-1 or 3-2)" in said
    assert "the last deal is the one that decided it" in said
    before = path.read_bytes()
    for given, message in [
        (["--result", "3-0"], "3–0 cannot be: a best-of-3 mini-match ends as soon as one pair has won 2 deals"),
        (["--deals", "W,W,W"], "3–0 cannot be"),
        (["--deals", "W,W,L"], "the mini-match was over after deal 2 (W,W)"),
        (["--result", "2-2"], "2–2 cannot be"),
        (["--result", "1-0"], "does not finish"),
    ]:
        code, output = run("league", "record", str(path), "--round", "1", "--pairs", "I-IV", *given)
        assert code == 1 and message in output, (given, output)
    assert path.read_bytes() == before
    for given in (["--result", "2-0"], ["--deals", "L,W,W"], ["--result", "1-2"]):
        assert run("league", "record", str(path), "--round", "1", "--pairs", "I-IV", *given, "--replace")[0] == 0


# --- pairs that join, withdraw or change their name in mid-term ------------------------------------------------


def _half_played(count: int = 6, rounds: int = 2) -> League:
    league = League.create(ROMAN[:count])
    for round_ in league.rounds[:rounds]:
        for match in round_.matches:
            league.record(round_.number, match.first, match.second, parse_deals("W,L,W"))
    return league


def _fair(league: League) -> None:
    """Every two pairs still playing meet once, a pair that withdrew at most once, nobody twice in a round, nobody
    outside the rounds it is in the league; and the file reads back the same."""
    met = [frozenset(m.pairs) for m in league.matches]
    assert len(met) == len(set(met))
    playing = league.playing
    assert {frozenset(p) for p in combinations(playing, 2)} <= set(met)
    for round_ in league.rounds:
        seated = [p for m in round_.matches for p in m.pairs]
        assert len(seated) == len(set(seated)) and all(league.plays_in(p, round_.number) for p in seated)
    assert loads_league(dumps_league(league)) == league


def test_a_pair_added_in_mid_term_meets_everyone_in_the_rounds_still_to_play():
    league = _half_played()
    before = [(r.number, [(m.pairs, m.result) for m in r.matches]) for r in league.rounds[:2]]
    change = league.add_pair("Mary-Jane & Tom")
    assert change == Change(round=3, kind="joined", pair="Mary-Jane & Tom")
    assert [(r.number, [(m.pairs, m.result) for m in r.matches]) for r in league.rounds[:2]] == before
    assert league.pairs[-1] == "Mary-Jane & Tom" and league.joined("Mary-Jane & Tom") == 3
    _fair(league)
    assert len(league.rounds) == 2 + 6  # the new pair has six mini-matches to play: six rounds at the least
    assert all(
        round_.number > 2
        for m in league.matches
        if "Mary-Jane & Tom" in m.pairs
        for round_ in [league.rounds[m.round - 1]]
    )
    line = next(s for s in standings(league) if s.pair == "Mary-Jane & Tom")
    assert (line.joined, line.played, line.note) == (3, 0, "joined in round 3")


def test_a_pair_withdrawn_in_mid_term_keeps_its_results_and_plays_no_more():
    league = _half_played(7, 2)
    played = [m for m in league.matches if "III" in m.pairs and m.played]
    change = league.withdraw_pair("iii")
    assert change == Change(round=3, kind="withdrew", pair="III")
    assert [m for m in league.matches if "III" in m.pairs] == played  # results kept, nothing left to play
    _fair(league)
    assert all("III" not in league.sitting_out(r) for r in league.rounds[2:])
    line = next(s for s in standings(league) if s.pair == "III")
    assert (line.played, line.withdrew, line.note) == (2, 3, "withdrew before round 3")
    other = next(p for p in league.playing if league.meeting("III", p) is None)
    with pytest.raises(LeagueError, match=rf"III and {other} never met: III withdrew before round 3"):
        league.record(3, "III", other, parse_deals("W,W"))
    with pytest.raises(LeagueError, match="III has already withdrawn"):
        league.withdraw_pair("III")


def test_a_pair_renamed_in_mid_term_keeps_its_results_under_its_new_name():
    league = _half_played(4, 1)
    results = [(m.round, m.result) for m in league.matches if "II" in m.pairs]
    assert league.rename_pair("II", "Cara-Lee & Dev") == Change(
        round=2, kind="renamed", pair="Cara-Lee & Dev", was="II"
    )
    assert (
        "II" not in league.pairs
        and [(m.round, m.result) for m in league.matches if "Cara-Lee & Dev" in m.pairs] == results
    )
    _fair(league)
    assert next(s for s in standings(league) if s.pair == "Cara-Lee & Dev").note == "was II"
    with pytest.raises(LeagueError, match="named twice"):
        league.rename_pair("I", "cara-lee & dev")


def test_before_any_result_a_change_of_pairs_is_a_new_round_robin():
    league = League.create(ROMAN[:4])
    assert league.add_pair("V") is None and league.changes == []
    assert league.schedule() == League.create(ROMAN[:5]).schedule()
    assert league.withdraw_pair("II") is None and league.pairs == ("I", "III", "IV", "V")
    assert league.schedule() == League.create(["I", "III", "IV", "V"]).schedule()
    with pytest.raises(LeagueError, match="at least two pairs playing"):
        League.create(["I", "II"]).withdraw_pair("I")


@pytest.mark.parametrize("seed", range(12))
def test_any_term_of_results_and_changes_stays_fair(seed: int):
    """Results recorded round by round, pairs added and withdrawn at random: the schedule stays fair, every result
    recorded stays, and the rounds drawn again are at most one more than the fewest any drawing could have."""
    rng = random.Random(seed)
    league = League.create(ROMAN[: rng.randint(3, 8)])
    kept: dict[frozenset[str], Result | None] = {}
    for step in range(rng.randint(2, 6)):
        round_ = next((r for r in league.rounds if not all(m.played for m in r.matches)), None)
        if round_ is None:
            break
        for match in round_.matches:
            if not match.played:
                match.result = parse_deals(rng.choice(["W,W", "L,W,L", "W,L,W"]))
        kept = {frozenset(m.pairs): m.result for m in league.matches if m.played}
        if rng.random() < 0.5 and len(league.pairs) < len(ROMAN):
            league.add_pair(ROMAN[len(league.pairs)] + "-" + str(step))
        elif len(league.playing) > 2:
            league.withdraw_pair(rng.choice(league.playing))
        _fair(league)
        assert {frozenset(m.pairs): m.result for m in league.matches if m.played} == kept
        left = [m.pairs for m in league.matches if not m.played]
        if left:
            busiest = max(sum(pair in m for m in left) for pair in league.pairs)
            fewest = max(busiest, -(-len(left) // (len(league.playing) // 2)))  # no drawing can do with fewer
            assert fewest <= len(league.rounds) - league.rounds_under_way <= fewest + 1


def test_league_pair_commands_change_the_file_under_its_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "spring.yaml"
    run("league", "new", str(path), "--pairs", "I,II,III,IV")
    run("league", "record", str(path), "--round", "1", "--pairs", "I-IV", "--deals", "W,W")
    code, output = run("league", "pair", "add", str(path), "Mary-Jane & Tom")
    assert code == 0 and "Mary-Jane & Tom joined in round 2" in output and "Round 2:" in output, output
    code, output = run("league", "pair", "withdraw", str(path), "II")
    assert code == 0 and "II withdrew before round 2; its results stand" in output
    code, output = run("league", "pair", "rename", str(path), "I", "Anna & Ben")
    assert code == 0 and "Anna & Ben was I until round 2" in output
    league = load_league(path)
    assert league.match_between("Anna & Ben", "IV").result == Result(won=2, lost=0, deals=(True, True))
    code, status = run("league", "status", str(path))
    assert "(joined in round 2)" in status and "(withdrew before round 2)" in status and "(was I)" in status
    data = json.loads(run("league", "table", str(path), "--json")[1])
    lines = {s["pair"]: s for s in data["standings"]}
    assert (lines["Mary-Jane & Tom"]["joined"], lines["II"]["withdrew"], lines["Anna & Ben"]["was"]) == (2, 2, ["I"])
    assert data["changes"][0] == {"round": 2, "change": "joined", "pair": "Mary-Jane & Tom", "was": ""}
    pdf = tmp_path / "spring.pdf"
    assert run("league", "table", str(path), "-o", str(pdf))[0] == 0
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())
    assert "joined in round 2" in text and "withdrew before round 2: results stand" in text and "was I" in text
    assert "never played, because a pair withdrew" in text
    before = path.read_bytes()
    for args, message in [
        (["rename", str(path), "IV", "III"], "named twice"),
        (["withdraw", str(path), "II"], "II has already withdrawn"),
        (["add", str(path), "Zed/Zoe"], "cannot be a pair's name"),
        (["withdraw", str(path), "VI"], "no pair 'VI'"),
    ]:
        code, output = run("league", "pair", *args)
        assert code == 1 and message in output, (args, output)
    assert path.read_bytes() == before
    waited = []

    def short_wait(where: Path) -> Any:
        waited.append(where)
        return league_lock(where, timeout=0.2)

    monkeypatch.setattr(league_file, "league_lock", short_wait)
    with league_lock(path):
        code, output = run("league", "pair", "add", str(path), "X")
    assert code == 1 and "another minibridge command has been writing it" in output and waited == [path]
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("joined: V", "joined: VI"), "no pair 'VI'"),
        (lambda t: t.replace("{round: 2, joined: V}", "{round: 2}"), "one of joined, withdrew or renamed"),
        (lambda t: t.replace("{round: 2, joined: V}", "{round: 3, joined: V}"),
         "V plays in round 2 but joined in round 3"),
        (lambda t: t.replace("{round: 2, withdrew: II}", "{round: 1, withdrew: II}"), "II withdrew before round 1"),
    ],
)  # fmt: skip
def test_changes_edited_by_hand_are_checked(tmp_path: Path, edit: Any, message: str):
    league = _half_played(4, 1)
    league.add_pair("V")
    league.withdraw_pair("II")
    text = dumps_league(league)
    assert "{round: 2, joined: V}" in text and "{round: 2, withdrew: II}" in text
    with pytest.raises(LeagueError, match=re.escape(message)):
        loads_league(edit(text))
