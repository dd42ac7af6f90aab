"""The command line as a teacher uses it: score, announce and replay, with their bad inputs."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from minibridge import __version__
from minibridge.cli import main

SHARED_PBN = Path(__file__).parents[2] / "shared" / "data" / "pbn"
DATA = Path(__file__).parent / "data"
DEAL = "N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def run_json(*args: str) -> object:
    code, output = run(*args, "--json")
    assert code == 0, output
    return json.loads(output)


def test_help_and_version():
    code, output = run("--help")
    assert code == 0 and "score" in output and "announce" in output and "replay" in output
    assert run("--version") == (0, f"minibridge, version {__version__}\n")
    for command in ("score", "announce", "replay"):
        code, output = run(command, "--help")
        assert code == 0 and "Example" in output, command


EVERY_COMMAND = [
    "announce",
    "certificate",
    "check",
    "deal",
    "duplicate",
    "league",
    "lessons",
    "pack",
    "play",
    "records",
    "replay",
    "score",
    "scoresheet",
    "serve",
    "sheet",
    "tricks-chart",
    "verify",
]
SUBCOMMANDS = {
    "duplicate": ["movement", "score"],
    "league": ["new", "pair", "record", "status", "table"],
    "lessons": ["show"],
}


def _listed_commands(output: str) -> dict[str, str]:
    """The "Commands:" section of a help page: each command's name and its short help."""
    section = output.split("Commands:\n", 1)[1]
    return dict(line.strip().split(maxsplit=1) for line in section.splitlines() if line.strip())


def test_help_lists_every_command_with_its_short_help():
    code, output = run("--help")
    assert code == 0
    listed = _listed_commands(output)
    assert list(listed) == EVERY_COMMAND
    context = click.Context(main)
    for name, short in listed.items():
        command = main.get_command(context, name)
        assert command is not None and command.name == name
        assert command.get_short_help_str(200).startswith(short.removesuffix("...")), name


@pytest.mark.parametrize(("group", "names"), SUBCOMMANDS.items())
def test_groups_list_their_subcommands(group: str, names: list[str]):
    code, output = run(group, "--help")
    assert code == 0 and list(_listed_commands(output)) == names


def test_an_unknown_command_is_a_usage_error():
    code, output = run("scores", "3NT", "9")
    assert code == 2 and "No such command 'scores'" in output


# --- score -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["3NT", "9"], {"contract": "3NT", "tricks": 9, "goal": 9, "made": True, "declarers_score": 400}),
        (["game in hearts", "8"], {"contract": "4H", "goal": 10, "made": False, "defenders_score": 100}),  # 002
        (["4♠", "11"], {"contract": "4S", "declarers_score": 450}),  # 002
        (["1NT", "8", "--rules", "lesson"], {"rules": "lesson", "declarers_score": 130}),  # issue example
        (["1S", "8", "--rules", "nbb"], {"rules": "nbb", "declarers_score": 85, "defenders_score": -85}),  # 003
        (["4H", "9", "--rules", "targets", "--hcp", "27"], {"goal": 10, "made": False}),  # 000 targets
        (["6NT", "12", "--slam"], {"contract": "6NT", "goal": 12, "declarers_score": 990}),
    ],
)
def test_score_json(args: list[str], expected: dict[str, object]):
    data = run_json("score", *args)
    assert isinstance(data, dict)
    assert set(data) >= {"rules", "contract", "tricks", "goal", "made", "declarers_score", "defenders_score"}
    assert {key: data[key] for key in expected} == expected


def test_score_in_words():
    code, output = run("score", "4S", "11")
    assert code == 0
    assert output == (
        "4S (game in spades), 11 tricks: goal 10 reached with 1 overtrick; declaring side scores 450.\n"
        "How it adds up: 5 tricks over six × 30 = 150, + 300 game = 450\n"
    )


def test_score_table_json_has_every_contract_for_0_to_13_tricks():
    data = run_json("score", "--table")
    assert isinstance(data, dict) and data["rules"] == "ebu"
    rows = data["rows"]
    assert len(rows) == 10 * 14
    by_key = {(row["contract"], row["tricks"]): row for row in rows}
    assert by_key[("1D", 13)]["declarers_score"] == 190  # 001 part-score table
    assert by_key[("5C", 11)]["declarers_score"] == 400  # 001 game table
    slam_rows = run_json("score", "--table", "--slam")["rows"]  # type: ignore[index]
    slams = {f"{level}{strain}" for level in (6, 7) for strain in ("NT", "S", "H", "D", "C")}
    assert {row["contract"] for row in slam_rows} == {row["contract"] for row in rows} | slams
    assert len(slam_rows) == 20 * 14


def test_score_table_in_words_looks_like_the_rule_book():
    code, output = run("score", "--table")
    assert code == 0
    lines = output.splitlines()
    assert lines[1].split() == ["tricks", "1NT", "1S", "1H", "1D", "1C", "3NT", "4S", "4H", "5D", "5C"]
    assert lines[2 + 9].split() == ["9", "150", "140", "140", "110", "110", "400", "(50)", "(50)", "(100)", "(100)"]


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["4S", "14"], 1, "declarer takes 0 to 13 tricks, not 14"),
        (["2S", "8"], 1, "'2S' is not a MiniBridge contract"),
        (["banana", "8"], 1, "'banana' is not a contract"),
        (["6S", "12"], 1, "no slams"),
        (["4S", "9", "--rules", "lesson"], 1, "part-scores only"),
        (["4S", "10", "--rules", "nbb", "--hcp", "23"], 1, "game needs 25 points"),
        (["3NT", "9", "--rules", "nbb", "--hcp", "50"], 1, "21 to 40 points together, not 50"),
        (["1NT", "7", "--rules", "nbb", "--hcp", "5"], 1, "21 to 40 points together, not 5"),
        (["3NT", "9", "--hcp", "41"], 1, "21 to 40 points together, not 41"),
        (["4S", "ten"], 2, "is not a whole number"),
        (["4S"], 2, "give a CONTRACT and the TRICKS"),
        (["4S", "9", "--rules", "targets"], 2, "--hcp"),
        (["4S", "9", "--rules", "chess"], 2, "Invalid value for '--rules'"),
        (["--table", "4S"], 2, "not both"),
        (["6NT", "12", "--rules", "nbb", "--slam"], 2, "--slam: the Dutch rules have no slams"),  # 003: none
        (["--table", "--rules", "nbb", "--slam"], 2, "play without slams, or play slams by the EBU rules"),
    ],
)
def test_score_bad_input(args: list[str], status: int, message: str):
    code, output = run("score", *args)
    assert code == status
    assert message in output
    assert output.count("\n") <= 4  # a short message, not a traceback


# --- announce ----------------------------------------------------------------------------------------------


def test_announce_json():
    data = run_json("announce", DEAL, "--dealer", "E")
    assert data == {
        "dealer": "E",
        "hcp": {"N": 19, "E": 12, "S": 9, "W": 0},
        "redeal": False,
        "declaring_side": "NS",
        "declarer": "N",
        "dummy": "S",
        "tie": False,
        "may_declare": ["N"],
    }


def test_announce_dealer_north_is_taken_at_its_word():
    """--dealer N with a deal written from East: North announces first (North is seat 0, not 'no seat')."""
    east_first = "E:QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76 AK32.KQ2.A32.K32"
    assert run_json("announce", east_first, "--dealer", "N")["dealer"] == "N"  # type: ignore[index]
    assert run_json("announce", east_first)["dealer"] == "E"  # type: ignore[index]


def test_announce_redeal_and_words():
    redeal = "N:AKQJ.AKQJ.32.432 6543.6543.AKQJ.A T987.T987.T98.T9 2.2.7654.KQJ8765"
    data = run_json("announce", redeal)
    assert isinstance(data, dict) and data["redeal"] is True and data["declarer"] is None
    code, output = run("announce", DEAL)
    assert code == 0 and "Declarer North" in output and "dummy South" in output and "East leads" in output


def test_announce_three_handed():
    data = run_json("announce", DEAL, "--three-handed", "normal")
    assert isinstance(data, dict) and data["variant"] == "normal" and data["declarer"] == "N"


def test_announce_by_a_lesson_file_that_plays_three_handed(tmp_path: Path):
    import yaml

    lesson = yaml.safe_load((DATA / "lessons" / "small.yaml").read_text(encoding="utf-8"))
    lesson["rules"]["three_handed"] = "simple"
    path = tmp_path / "three.yaml"
    path.write_text(yaml.safe_dump(lesson, sort_keys=False), encoding="utf-8")
    data = run_json("announce", DEAL, "--lesson", str(path))
    assert isinstance(data, dict) and data["variant"] == "simple"


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T7", "West 12"),
        ("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T7A", "dealt twice"),
        ("N:AK32.KQ2.A32.KX2 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76", "'X'"),
        ("AK32.KQ2.A32.K32", "does not start with a seat"),
    ],
)
def test_announce_bad_deal(deal: str, message: str):
    code, output = run("announce", deal)
    assert code == 1 and message in output and output.startswith("Error: ")


# --- replay ------------------------------------------------------------------------------------------------


needs_shared = pytest.mark.skipif(not SHARED_PBN.is_dir(), reason="the shared PBN files are not beside the project")


@needs_shared
def test_replay_json_of_a_real_file_agrees_with_its_results():
    games = run_json("replay", str(SHARED_PBN / "dominicprice__endplay__example2.pbn"))
    assert isinstance(games, list) and len(games) == 278 and not any(game["left_out"] for game in games)
    keys = {"index", "board", "declarer", "contract", "declarer_tricks", "tricks_played", "result", "agrees"}
    assert all(keys | {"irregularities"} <= set(game) for game in games)
    complete = [g for g in games if g["tricks_played"] == 13]
    assert len(complete) == 64 and all(g["agrees"] for g in complete)
    indexes = [g["index"] for g in games]  # the file's games count from 1, not 0 (issue 13): 299 games
    assert indexes == sorted(indexes) and indexes[0] >= 1 and indexes[-1] == 299
    assert all(g["agrees"] is not False for g in games)


@needs_shared
def test_replay_of_one_board_in_words():
    code, output = run("replay", str(SHARED_PBN / "dominicprice__endplay__example4.pbn"), "--tricks")
    assert code == 0
    assert "Board 1 (game 1)" in output and "trick  1:" in output


@needs_shared
def test_replay_of_one_board_of_a_file_and_a_board_not_there():
    path = str(SHARED_PBN / "jarekczek__pbntools__sky_club_2196_pairs_sky_club_jackpot_2000.pbn")
    games = run_json("replay", path, "--board", "2")
    assert isinstance(games, list) and {g["board"] for g in games} == {2} and len(games) == 4
    code, output = run("replay", path, "--board", "40")
    assert code == 0 and "no game with a deal, a contract and a recorded play on board 40" in output


def test_replay_says_when_a_record_is_ambiguous_and_why_it_was_read_as_it_was():
    code, output = run("replay", str(DATA / "pbn" / "revoke.pbn"), "--board", "1")
    assert code == 0
    first = output.split("Board 1 (game 2)")[0]
    assert "irregularity: trick 12: revoke by East (♥2), established" in first
    assert "ambiguous: the record can also be read with trick 12: lead out of turn by East (♥2)" in first
    assert "declarer's side would then take 12 tricks" in first
    assert "replayed as above because it agrees with the file's result, 13" in first
    games = run_json("replay", str(DATA / "pbn" / "revoke.pbn"))
    assert isinstance(games, list)
    ambiguous = games[0]["ambiguous"]
    assert ambiguous["reason"] == "it agrees with the file's result, 13"
    (other,) = ambiguous["other_readings"]
    assert other["declarer_tricks"] == 12 and other["side_tricks"] == {"NS": 12, "EW": 1}
    assert [i["kind"] for i in other["irregularities"]] == ["lead out of turn"]
    assert [g["ambiguous"] is None for g in games] == [False, False, False, True, True]


def test_replay_reports_an_agreed_result_beside_the_tricks_played():
    code, output = run("replay", str(DATA / "pbn" / "results.pbn"))
    assert code == 0
    assert "the players agreed 12 tricks (the file's result ^12); the play gives 13" in output
    (game,) = run_json("replay", str(DATA / "pbn" / "results.pbn"))
    assert (game["result"], game["declarer_tricks"], game["agreed_by_players"]) == (12, 13, True)
    assert game["score"] == {"declarers": 0, "defenders": 50}


def test_replay_of_a_file_with_only_its_header_and_of_deals_known_in_part():
    code, output = run("replay", str(DATA / "pbn" / "empty.pbn"))
    assert code == 0 and "the file has no games, only its PBN header: there is nothing to replay" in output
    code, output = run("replay", str(DATA / "pbn" / "partial_deals.pbn"))
    assert code == 1 and "board 5 (game 5, line 21): has a play but only part of its deal is known" in output


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("missing.pbn", "no such file"),
        ("not_pbn.pbn", "not a PBN file"),
    ],
)
def test_replay_bad_files(name: str, message: str):
    code, output = run("replay", str(DATA / "cli" / name))
    assert code == 1 and message in output and output.startswith("Error: ")


def test_replay_leaves_out_a_game_whose_play_cannot_be_replayed_saying_where_and_why():
    code, output = run("replay", str(DATA / "cli" / "illegal_card_in_play.pbn"))
    place = "board 1 (game 1, line 2): cannot be replayed: trick 1: North plays CA but it was dealt to South"
    assert code == 1 and place in output


@pytest.mark.parametrize("extra", [[], ["--three-handed", "simple"], ["--three-handed", "normal"]])
def test_announce_refuses_a_short_deal_outside_the_short_deal_lessons(extra: list[str]):
    # RULES §1: short deals are for MiniLessons One and Two, which have no announcement.
    code, output = run("announce", "N:A.K.Q.J 2.3.4.5 6.7.8.9 K.Q.J.Q", *extra)
    assert code == 1
    assert "complete hands of 13 cards; this deal has 4 cards each" in output


@pytest.mark.parametrize("number", [5, 6])
def test_a_teacher_is_told_how_to_turn_each_variant_on(number: int):
    """Lessons Five and Six name slam, targets and nbb: `lessons show` says, for each, the switch that turns it
    on, and the switch does it."""
    code, output = run("lessons", "show", str(number))
    text = " ".join(output.split())
    assert code == 0 and "Variants a teacher may turn on:" in text
    assert "- slam: slams at the 6 and 7 level (goal 12 or 13 tricks, bonus 800): add --slam to score, play" in text
    assert "- targets: targets by combined points, each deal won or lost: give --rules targets in place of" in text
    assert "- nbb: the Dutch rules (10 a trick, plus and minus points): give --rules nbb in place of --lesson" in text
    assert run("score", "6NT", "12", "--lesson", str(number))[0] == 1  # no slams in the lesson as it stands
    assert run("score", "6NT", "12", "--lesson", str(number), "--slam") == (
        0,
        "6NT (slam in no-trumps), 12 tricks: goal 12 reached; declaring side scores 990.\n"
        "How it adds up: first trick over six = 40, + 5 more tricks over six × 30 = 150, + 800 slam = 990\n",
    )
    assert "target 10 for 27 points" in run("score", "4H", "10", "--rules", "targets", "--hcp", "27")[1]
    assert "declaring side scores 405, defenders -405" in run("score", "4H", "10", "--rules", "nbb")[1]


def test_the_options_that_turn_the_variants_on_say_so_in_their_help():
    code, output = run("score", "--help")
    assert code == 0
    text = " ".join(output.split())
    assert "nbb and targets are the variants Lessons Five and Six name: give --rules in place of --lesson" in text
    assert "the slam variant Lessons Five and Six name; works with --lesson" in text
    readme = " ".join((Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8").split())
    for told in ("**slam** — add `--slam`", "**targets** — give `--rules targets`", "**nbb** — give `--rules nbb`"):
        assert told in readme
