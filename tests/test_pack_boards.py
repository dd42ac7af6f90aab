"""A pack's boards, dealt by machine or by hand: ``minibridge pack`` writes them as PBN (and, asked, as Duplimate's
DUP file) beside its PDF, and ``minibridge deal`` with the same lesson, seed and count gives exactly those boards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from printed import pdf_text, run

from minibridge.board import Board
from minibridge.cards import Card, Seat
from minibridge.deal import Deal, Hand
from minibridge.dealing_machine import DUP_BOARD, DUP_SYMBOLS, boards_pbn, dup_bytes
from minibridge.documents import pack_boards
from minibridge.lessons import find_lesson
from minibridge.pbn import load, loads


@pytest.fixture(scope="module", autouse=True)
def module_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """One cache of solved deals for this module's packs, none of the user's."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield


def _dealt(boards: list[Board] | tuple[Board, ...]) -> list[tuple[int | None, Seat | None, Deal | None]]:
    """What a dealer needs of each board: its number, its dealer and its deal."""
    return [(board.number, board.dealer, board.deal) for board in boards]


def _pack(folder: Path, lesson: int, seed: int | None, count: int | None, *extra: str) -> tuple[Path, str]:
    """``minibridge pack`` into ``folder``: the PDF's path and what the command said."""
    args = ["pack", "--lesson", str(lesson), "-o", str(folder), "-q", *extra]
    args += ["--seed", str(seed)] if seed is not None else []
    args += ["--deals", str(count)] if count is not None else []
    code, _, err = run(*args)
    assert code == 0, err
    pdfs = list(folder.glob("*.pdf"))
    assert len(pdfs) == 1, pdfs
    return pdfs[0], err


# --- the same boards from pack and deal --------------------------------------------------------------------


CASES = [(number, seed, count) for number in range(1, 7) for seed, count in ((7, 3), (2024, 9), (None, None))]
"""Every lesson: fewer boards than its own deals, more than them (random ones dealt from the seed), and the
lesson's own count and seed."""


@pytest.mark.parametrize(("number", "seed", "count"), CASES)
def test_deal_gives_exactly_the_boards_of_the_pack_and_its_pbn_file(
    tmp_path: Path, number: int, seed: int | None, count: int | None
):
    pdf, said = _pack(tmp_path, number, seed, count)
    pbn = pdf.with_suffix(".pbn")
    assert pbn.is_file() and f"written to {pbn}" in said
    assert not list(tmp_path.glob(".*"))  # written through a temporary file, none left behind

    # the file reads back to the very boards the PDF was drawn from
    drawn = pack_boards(find_lesson(number), deals=count, seed=seed)
    read = load(pbn)
    assert _dealt(read) == _dealt(drawn.boards)
    assert [board.number for board in read] == list(range(1, len(drawn.boards) + 1))
    assert all(board.tags["Vulnerable"] == "None" for board in read)  # MiniBridge scores without vulnerability
    assert all(board.contract is None and board.play is None for board in read)  # boards to deal, not a record
    text = pdf_text(pdf)
    assert all(f"Board {board.number}" in text for board in read)

    # and `deal` with the same lesson, seed and count prints the same file, byte for byte
    args = ["deal", "--lesson", str(number)]
    args += ["--seed", str(seed)] if seed is not None else []
    args += ["-n", str(count)] if count is not None else []
    code, printed, err = run(*args)
    assert code == 0, err
    assert printed == pbn.read_text(encoding="utf-8")
    assert _dealt(loads(printed)) == _dealt(drawn.boards)


def test_the_lessons_own_deals_come_first_then_random_ones_from_the_seed(tmp_path: Path):
    lesson = find_lesson(5)
    own = [deal for deal in lesson.deals if not deal.generated]
    first = loads(run("deal", "--lesson", "5", "--seed", "1", "-n", "9")[1])
    second = loads(run("deal", "--lesson", "5", "--seed", "2", "-n", "9")[1])
    assert _dealt(first[: len(own)]) == _dealt(own) == _dealt(second[: len(own)])
    assert [board.deal for board in first[len(own) :]] != [board.deal for board in second[len(own) :]]
    assert len(loads(run("deal", "--lesson", "5")[1])) == len(lesson.deals)  # by default, the pack's count


def test_the_boards_file_can_be_left_out_and_is_never_replaced_unasked(tmp_path: Path):
    pdf, said = _pack(tmp_path / "without", 2, 5, 4, "--no-boards-pbn")
    assert not pdf.with_suffix(".pbn").exists() and ".pbn" not in said

    folder = tmp_path / "with"
    folder.mkdir()
    pbn = folder / "lesson-2-4-deals-seed-5.pbn"
    pbn.write_text("the teacher's own file\n", encoding="utf-8")
    code, _, err = run("pack", "--lesson", "2", "--deals", "4", "--seed", "5", "-o", str(folder), "-q")
    assert code == 1 and "already exists" in err
    assert pbn.read_text(encoding="utf-8") == "the teacher's own file\n"
    assert not list(folder.glob("*.pdf"))  # refused before any work
    code, _, err = run("pack", "--lesson", "2", "--deals", "4", "--seed", "5", "-o", str(folder), "-q", "--force")
    assert code == 0, err
    assert _dealt(load(pbn)) == _dealt(pack_boards(find_lesson(2), deals=4, seed=5).boards)


def test_the_boards_file_writes_short_deals_too():
    drawn = pack_boards(find_lesson(1), deals=8, seed=3).boards
    read = loads(boards_pbn(drawn))
    assert _dealt(read) == _dealt(drawn)
    assert all(board.deal is not None and board.deal.cards_per_hand < 13 for board in read)


# --- Duplimate's DUP file ----------------------------------------------------------------------------------

# The example of Duplimate's conversion notes ("Convert", convert.pdf): one board's BRI part (North's, East's
# and South's cards as numbers, spade ace 01 … club two 52, in no order), its DGE part (the four hands sorted,
# ♠ ♥ ♦ ♣ before each suit) and the last ten bytes of a set of 32 boards.
DOCUMENTED_BRI = "18043727240822422106250717 51503215164929412640314645 43351128302039140152133403"
DOCUMENTED_DGE = "♠J987♥JT7643♦A4♣Q ♠♥KQ2♦QT9♣AK98543 ♠AQ42♥A8♦KJ762♣J2 ♠KT653♥95♦853♣T76"
DOCUMENTED_TRAILER = "YN1**1*32*".replace("*", " ")
SYMBOLS = {"♠": DUP_SYMBOLS[Card.from_str("SA").suit], "♥": DUP_SYMBOLS[Card.from_str("HA").suit]}
SYMBOLS |= {"♦": DUP_SYMBOLS[Card.from_str("DA").suit], "♣": DUP_SYMBOLS[Card.from_str("CA").suit]}


def _documented_board(number: int = 1) -> Board:
    hands = [
        part.replace("♠", "").replace("♥", ".").replace("♦", ".").replace("♣", ".") for part in DOCUMENTED_DGE.split()
    ]
    return Board(number=number, deal=Deal([Hand.from_pbn(hand) for hand in hands]))


def _bri(numbers: str) -> set[int]:
    return {int(numbers[i : i + 2]) for i in range(0, len(numbers), 2)}


def test_a_dup_board_is_the_documented_example():
    record = dup_bytes([_documented_board()])
    assert len(record) == DUP_BOARD == 156
    for seat, part in enumerate(DOCUMENTED_BRI.split()):  # the cards of each hand, in our order (any order will do)
        assert _bri(record[26 * seat : 26 * seat + 26].decode("ascii")) == _bri(part), Seat(seat)
    dge = b"".join(SYMBOLS[c] if c in SYMBOLS else c.encode("ascii") for c in DOCUMENTED_DGE.replace(" ", ""))
    assert record[78:146] == dge
    assert record[146:] == b"YN1  1 1  "  # a set of one board
    thirty_two = dup_bytes([_documented_board(number) for number in range(1, 33)])
    assert len(thirty_two) == 32 * 156
    assert all(thirty_two[156 * i + 146 : 156 * i + 156] == DOCUMENTED_TRAILER.encode("ascii") for i in range(32))


def _dup_deal(record: bytes) -> Deal:
    """A DUP board's deal from its BRI part (West holds the cards nobody else does)."""
    order = [Card.from_str(suit + rank) for suit in "SHDC" for rank in "AKQJT98765432"]
    hands = [[order[int(record[i : i + 2]) - 1] for i in range(26 * seat, 26 * seat + 26, 2)] for seat in range(3)]
    west = [card for card in order if not any(card in hand for hand in hands)]
    return Deal([Hand(hand) for hand in [*hands, west]])


def test_pack_writes_the_dup_file_when_asked_and_refuses_it_for_short_deals(tmp_path: Path):
    pdf, said = _pack(tmp_path / "five", 5, 11, 12, "--boards-dup")
    dup = pdf.with_suffix(".dup").read_bytes()
    boards = load(pdf.with_suffix(".pbn"))
    assert f"written to {pdf.with_suffix('.dup')}" in said
    assert len(dup) == 12 * DUP_BOARD
    assert [_dup_deal(dup[156 * i : 156 * i + 156]) for i in range(12)] == [board.deal for board in boards]
    assert dup[146:156] == b"YN1  1 12 "

    code, _, err = run("pack", "--lesson", "1", "-o", str(tmp_path / "one"), "-q", "--boards-dup")
    assert code == 1 and "13 cards" in err
    assert not (tmp_path / "one").exists() or not list((tmp_path / "one").iterdir())
