"""Forms that real PBN files use (issue 26): contracts taken from the auction, tags without a space, voids written
``-`` inside a hand, one bad board that never sinks its file, files without games; the library and the commands
``replay`` and ``records``, their ``--json`` parsed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from printed import run

from minibridge.cards import Seat, Strain
from minibridge.contract import Contract
from minibridge.errors import PBNError
from minibridge.pbn import LeftOut, _plain_games, dumps, game_numbers, load, load_partly, loads, loads_partly
from minibridge.pbn.auction import contract_of_auction, contract_written

OWN = Path(__file__).parent / "data" / "pbn"
SHARED_PBN = Path(__file__).parents[2] / "shared" / "data" / "pbn"
needs_shared = pytest.mark.skipif(not SHARED_PBN.is_dir(), reason="the shared PBN files are not beside the project")
DEAL = "N:KT98432..J63.J42 Q7.AK84.K742.AQ9 J.QT96.985.KT853 A65.J7532.AQT.76"

pytestmark = pytest.mark.usefixtures("own_cache")


# --- the contract and declarer from the auction ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "calls", "contract", "declarer"),
    [
        ("N", ["1H Pass 2C Pass", "2H Pass 4H X", "AP"], "4HX", "N"),
        ("E", ["Pass Pass 1C Pass", "2C! X =1= Pass Pass", "Pass"], "2CX", "W"),  # West named clubs first
        ("S", ["1NT Pass 3NT Pass", "Pass Pass"], "3NT", "S"),
        ("W", ["1S 2C X XX", "AP"], "2CXX", "N"),  # a redouble stays
        ("N", ["1C X 1H 2NT", "X Pass Pass 3C", "AP"], "3C", "W"),  # a new bid ends the double; West's clubs
        ("N", ["1NT^I Pass 2NT $1 Pass", "Pass Pass"], "2NT", "N"),  # marks and NAGs are left aside
        ("W", ["7NT X XX AP"], "7NTXX", "W"),
        ("E", ["Pass Pass Pass Pass"], "Pass", None),
        ("e", ["AP"], "Pass", None),
    ],
)
def test_the_contract_of_an_auction_is_its_last_bid_with_its_doubles(first, calls, contract, declarer):
    taken = contract_of_auction(first, calls)
    assert taken is not None and taken.ended
    assert (taken.contract, taken.declarer.letter if taken.declarer else None) == (contract, declarer)


def test_an_auction_that_does_not_end_or_cannot_be_read_gives_no_contract():
    assert contract_of_auction("N", ["1H Pass 4H Pass", "Pass"]) == (None, None, False)
    assert contract_of_auction("N", ["1H Pass 4H *"]) == (None, None, False)
    assert contract_of_auction("N", ["1H Pass 4H -", "Pass Pass"]) == (None, None, False)  # '-' stops the calls
    assert contract_of_auction("N", ["1H Pass 8H AP"]) is None
    assert contract_of_auction("Q", ["1H AP"]) is None
    assert contract_of_auction("N", []) is None


def test_a_game_without_contract_or_declarer_takes_them_from_its_auction():
    boards = load(OWN / "auction_only.pbn")
    assert [b.declarer for b in boards] == [Seat.NORTH, Seat.WEST, Seat.SOUTH, None]
    assert [b.contract for b in boards] == [Contract(4, Strain.HEARTS), None, Contract(3, Strain.NO_TRUMPS), None]
    assert [contract_written(b) for b in boards] == [("4HX", True), ("2CX", True), ("3NT", True), ("Pass", True)]
    assert all("Contract" not in b.tags and "Declarer" not in b.tags for b in boards)
    again = dumps(boards)  # written back as read: no Contract or Declarer tag added
    assert "[Contract" not in again and "[Declarer" not in again and "2C! X =1= Pass Pass" in again


def test_a_contract_tag_without_a_declarer_takes_the_declarer_from_the_auction():
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n[Contract "4H"]\n[Auction "E"]\nPass 1H Pass 4H\nAP\n'
    (board,) = loads(text)
    assert (board.declarer, board.contract, contract_written(board)) == (
        Seat.SOUTH,
        Contract(4, Strain.HEARTS),
        ("4H", False),
    )
    (board,) = loads(text.replace('[Contract "4H"]\n', '[Contract "4H"]\n[Declarer "N"]\n'))
    assert board.declarer is Seat.NORTH  # the file's Declarer stands


def test_replay_says_the_contract_came_from_the_auction():
    code, output, err = run("replay", str(OWN / "auction_only.pbn"))
    assert code == 0 and err == ""
    lines = output.splitlines()
    assert lines[0].startswith(
        "Board 1 (game 1): 4HX by North (taken from the auction; read as 4H: MiniBridge has no doubles): "
        "declarer's side took 7 of the 13 tricks played; the file's result 7 agrees; score:"
    )
    assert lines[1].startswith(
        "Board 2 (game 2): 2CX by West (taken from the auction; not a MiniBridge contract, so not scored): "
    )
    assert lines[2].startswith("Board 3 (game 3): 3NT by South (taken from the auction): declarer's side took 5")
    code, output, _ = run("replay", str(OWN / "auction_only.pbn"), "--json")
    games = json.loads(output)
    assert code == 0 and not any(game["left_out"] for game in games)
    assert [(g["contract"], g["contract_from"], g["declarer"]) for g in games] == [
        ("4HX", "auction", "N"),
        ("2CX", "auction", "W"),
        ("3NT", "auction", "S"),
    ]
    assert games[1]["score"] is None and games[0]["score"] is not None


def test_a_game_whose_auction_does_not_end_is_left_out_saying_why(tmp_path: Path):
    text = (OWN / "auction_only.pbn").read_text(encoding="utf-8").replace("2H Pass 4H X\nAP", "2H Pass 4H X\n*")
    path = tmp_path / "club.pbn"
    path.write_text(text, encoding="utf-8")
    code, output, err = run("replay", str(path))
    assert code == 1 and "Board 2 (game 2)" in output and "Board 1" not in output
    assert err == (
        f"{path}, board 1 (game 1, line 7): has a play but no Contract tag, and its auction does not end (three "
        "passes end it, or AP): not replayed\n"
    )


# --- tags without a space, voids written '-' ---------------------------------------------------------------------


def test_a_tag_without_a_space_is_read_by_both_readers():
    plain = f'[Event"Club night"]\n[Board"1"]\n[Deal"{DEAL}"]\n'
    assert _plain_games(plain) is not None  # the quick path
    general = f'[Event"Club night"] [Board "1"] ; a comment\n[ Deal"{DEAL}" ]\n'
    assert _plain_games(general) is None
    for text in (plain, general):
        (board,) = loads(text)
        assert (board.tags["Event"], board.number, board.deal.to_pbn(Seat.NORTH)) == (
            "Club night",
            1,
            DEAL,
        )
    boards = load(OWN / "tag_without_space.pbn")
    assert [(b.number, b.tags.get("Event"), b.deal is not None) for b in boards] == [
        (1, "Club night", True),
        (2, None, True),
    ]
    code, output, _ = run("replay", str(OWN / "tag_without_space.pbn"))
    assert code == 0 and "Board 1 (game 1): 3NT by South" in output and "Board 2 (game 2): 4H by West" in output


def test_a_void_written_dash_inside_a_hand_while_a_dash_alone_is_an_unknown_hand():
    dashed = DEAL.replace("KT98432..J63", "KT98432.-.J63")
    (board,) = loads(f'[Board "1"]\n[Deal "{dashed}"]\n')
    assert board.deal.to_pbn(Seat.NORTH) == DEAL and board.tags["Deal"] == dashed
    assert f'[Deal "{dashed}"]' in dumps([board])  # written back as read
    (board,) = loads('[Board "2"]\n[Deal "N:-.A83.AQJ642.K542 - - -"]\n')
    assert board.deal is None and [seat.letter for seat in board.partial_deal] == ["N"]
    assert board.partial_deal[Seat.NORTH].to_pbn() == ".A83.AQJ642.K542"
    full, partial = load(OWN / "void_dash.pbn")
    assert full.deal is not None and full.play is not None and Seat.NORTH in partial.partial_deal
    code, output, _ = run("replay", str(OWN / "void_dash.pbn"))
    assert code == 0 and "Board 1 (game 1): 4S by South" in output
    code, output, _ = run("records", str(OWN / "void_dash.pbn"), "--json", "-q")  # the partial deal printed too
    printed = {entry["board"]: entry for entry in json.loads(output)}
    assert (
        code == 0
        and not printed[partial.number]["left_out"]
        and printed[partial.number]["hcp"]["N"] == partial.partial_deal[Seat.NORTH].hcp
    )


# --- one bad board never sinks a file ----------------------------------------------------------------------------


BAD = OWN / "bad_board_in_the_middle.pbn"


def test_the_reader_leaves_out_a_bad_board_with_its_place_and_reads_the_others():
    with pytest.raises(PBNError, match="line 29, board 2: the deal cannot be"):
        load(BAD)  # read whole, the file is refused, as before
    boards, left_out = load_partly(BAD)
    assert [b.number for b in boards] == [1, 3, 5]  # board 3 has a play but no deal: read, for replay to say
    assert [(g.game, g.board, g.line) for g in left_out] == [(2, 2, 27), (4, 4, 42)]
    assert left_out[0].reason == (
        "cannot be read (line 29, board 2): the deal cannot be: every hand must hold the same number of cards, "
        "but they hold North 13, East 13, South 13, West 12; left out"
    )
    assert left_out[1].said == (
        f"{BAD}, board 4 (game 4, line 42): cannot be read (line 42): 'Board' stands outside any tag: this is not "
        'a PBN file, which is made of tags like [Board "1"] and [Deal "N:…"]; left out'
    )
    assert game_numbers(len(boards), left_out) == [1, 3, 5]


def test_a_comment_never_closed_leaves_out_its_game_only():
    good = f'[Board "1"]\n[Deal "{DEAL}"]\n'
    text = f'{good}\n[Board "2"] {{ never closed\n[Deal "{DEAL}"]\n\n{good.replace("1", "3")}'
    boards, left_out = loads_partly(text, source="club.pbn")
    assert [b.number for b in boards] == [1, 3]
    assert [(g.game, g.board, g.line) for g in left_out] == [(2, 2, 4)]
    assert "a comment opened with '{' is never closed with '}'" in left_out[0].reason


def test_a_text_of_which_no_game_can_be_read_is_refused_as_before():
    with pytest.raises(PBNError, match="stands outside any tag"):
        loads_partly("just some words\n", source="notes.txt")


def test_replay_and_records_read_every_other_board_and_name_those_left_out():
    code, output, err = run("replay", str(BAD))
    assert code == 1
    assert [line.split(":")[0] for line in output.splitlines()] == ["Board 1 (game 1)", "Board 5 (game 5)"]
    assert err.splitlines() == [
        f"{BAD}, board 2 (game 2, line 27): cannot be read (line 29, board 2): the deal cannot be: every hand must "
        "hold the same number of cards, but they hold North 13, East 13, South 13, West 12; left out",
        f"{BAD}, board 3 (game 3, line 33): has a play but it has no deal: not replayed",
        f"{BAD}, board 4 (game 4, line 42): cannot be read (line 42): 'Board' stands outside any tag: this is not "
        'a PBN file, which is made of tags like [Board "1"] and [Deal "N:…"]; left out',
    ]
    code, output, _ = run("replay", str(BAD), "--json")
    replayed = json.loads(output)  # every game of the file in order, those left out marked so, with their place
    assert code == 1 and [(g["index"], g["board"], g["left_out"]) for g in replayed] == [
        (1, 1, False),
        (2, 2, True),
        (3, 3, True),
        (4, 4, True),
        (5, 5, False),
    ]
    assert [g["line"] for g in replayed if g["left_out"]] == [27, 33, 42]
    assert replayed[2]["reason"] == "has a play but it has no deal: not replayed"
    code, output, err = run("records", str(BAD), "--json", "-q")
    printed = json.loads(output)  # the boards printed, then those left out with their place
    assert code == 1 and [b["board"] for b in printed if not b["left_out"]] == [1, 5]
    left = [(g["game"], g["board"], g["line"]) for g in printed if g["left_out"]]
    assert left == [(2, 2, 27), (3, 3, 33), (4, 4, 42)]
    assert f"{BAD}, line 33: board 3 has no deal to print: left out" in err.splitlines()


def test_records_of_a_file_with_a_bad_board_still_writes_the_others(tmp_path: Path):
    out = tmp_path / "records.pdf"
    code, _, err = run("records", str(BAD), "-o", str(out), "-q")
    assert code == 1 and out.exists()
    assert "2 boards written to" in err and "board 2 (game 2, line 27): cannot be read" in err


def test_the_place_of_a_board_left_out_is_said_in_the_language_in_use():
    code, _, err = run("replay", str(BAD), "--lang", "nl")
    assert code == 1 and "(game 2" not in err and "27" in err and "29" in err


# --- files without games -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["only_comments.pbn", "empty_file.pbn", "empty.pbn"])
def test_a_file_without_games_gives_valid_json_saying_so(name: str):
    assert load_partly(OWN / name) == ([], [])
    code, output, _ = run("replay", str(OWN / name), "--json")
    assert code == 0 and json.loads(output) == []  # no games
    code, output, _ = run("records", str(OWN / name), "--json", "-q")
    assert code == 0 and json.loads(output) == []
    code, output, _ = run("replay", str(OWN / name))
    assert code == 0 and "the file has no games" in output


def test_a_file_of_comments_without_its_header_is_no_pbn_file(tmp_path: Path):
    path = tmp_path / "notes.pbn"
    path.write_text("% only a comment\n", encoding="ascii")
    with pytest.raises(PBNError, match="no tags"):
        load_partly(path)


# --- every real file -----------------------------------------------------------------------------------------------


@needs_shared
@pytest.mark.parametrize("path", sorted(SHARED_PBN.glob("*.pbn")) if SHARED_PBN.is_dir() else [], ids=lambda p: p.name)
def test_replay_and_records_of_every_real_file_exit_0_or_name_the_boards_left_out(path: Path):
    for command in (["replay", str(path), "--json"], ["records", str(path), "--json", "-q"]):
        code, output, err = run(*command)
        left_out = [entry for entry in json.loads(output) if entry["left_out"]]
        assert code in (0, 1), (command, err)
        for game in left_out:  # each named with its place, and said on standard error
            place = game.get("game", game.get("index"))
            assert isinstance(place, int) and isinstance(game["line"], int) and game["reason"]
            assert f"line {game['line']}" in err, (command, game)
        if code == 1:
            assert left_out and all(game["reason"] for game in left_out), command


def test_left_out_reads_as_json():
    game = LeftOut(source="club.pbn", game=3, board=7, line=40, reason="has a play but it has no deal: not replayed")
    assert game.json() == {
        "game": 3,
        "board": 7,
        "line": 40,
        "reason": "has a play but it has no deal: not replayed",
        "where": "club.pbn, line 40, board 7",
    }
    assert game.said == "club.pbn, board 7 (game 3, line 40): has a play but it has no deal: not replayed"
