"""Over every real file in ``../shared/data/pbn/``: each board's dealer and declarer are those its file states.

The tags are read here from the file's own text with a small regular expression (only where each game starts
is taken from the reader), so that the reader is not trusted to check itself. The hand records' boards (the
boards ``records`` prints) keep the dealer too: North, the seat numbered 0, was once replaced by the dealer of
the board's number.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from minibridge.board import Board
from minibridge.cards import Seat
from minibridge.documents import read_records
from minibridge.errors import MiniBridgeError
from minibridge.pbn import load

SHARED_PBN = Path(__file__).parents[2] / "shared" / "data" / "pbn"
FILES = sorted(SHARED_PBN.glob("*.pbn")) if SHARED_PBN.is_dir() else []
SEATS = {"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST}

_COMMENT = re.compile(r"\{[^}]*\}", re.DOTALL)
_TAG = re.compile(r'^\[\s*(Dealer|Declarer)\s*"([^"]*)"\s*\]', re.MULTILINE)

pytestmark = pytest.mark.skipif(not FILES, reason="the shared PBN files are not beside the project")


def _stated(text: str, boards: list[Board]) -> list[dict[str, str]]:
    """The Dealer and Declarer each game's own text states, games cut at the lines where the boards begin."""
    # A comment {…} may hold a tag; it is blanked with its line breaks kept, so the lines keep their numbers.
    text = _COMMENT.sub(lambda found: "\n" * found.group(0).count("\n"), text)
    lines = ["" if line.lstrip().startswith(("%", ";")) else line for line in text.splitlines()]
    starts = [board.line for board in boards]
    assert starts == sorted(starts) and all(start >= 1 for start in starts)
    stated = []
    for start, end in zip(starts, [*starts[1:], len(lines) + 1], strict=True):
        game = "\n".join(lines[start - 1 : end - 1])
        tags: dict[str, str] = {}
        for name, value in _TAG.findall(game):
            tags.setdefault(name, value.strip())
        stated.append(tags)
    return stated


def _seat(value: str) -> Seat | None:
    """The seat a Dealer or Declarer tag names (``^S``: South, declaring by agreement); None for ``""``, ``-``,
    ``?`` or ``#`` (inherited)."""
    return SEATS.get(value.lstrip("^").strip().upper())


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_every_board_keeps_the_dealer_and_declarer_its_file_states(path: Path):
    try:
        boards = load(path)
    except MiniBridgeError as err:
        pytest.skip(f"{path.name} does not read as a whole today: {err}")
    stated = _stated(path.read_text(encoding="utf-8", errors="replace"), boards)
    dealers = declarers = 0
    for board, tags in zip(boards, stated, strict=True):
        where = f"{path.name}, the game at line {board.line}"
        dealer = _seat(tags.get("Dealer", ""))
        if dealer is not None:
            assert board.dealer is dealer, where
            dealers += 1
        declarer = _seat(tags.get("Declarer", ""))
        if declarer is not None:
            assert board.declarer is declarer, where
            declarers += 1
    assert dealers + declarers > 0, f"{path.name} states no dealer and no declarer"

    # The boards the hand records print, each board once: every stated dealer kept.
    by_line = {board.line: tags for board, tags in zip(boards, stated, strict=True)}
    read = read_records(path)
    for board in read.boards:
        dealer = _seat(by_line[board.line].get("Dealer", ""))
        if dealer is not None:
            assert board.dealer is dealer, f"{path.name}, board {board.number} (line {board.line}) in the records"


def test_the_shared_files_state_dealer_north_on_boards_whose_number_implies_another():
    """The check above is not empty for North: some shared board is dealt by North against its number."""
    found = 0
    for path in FILES:
        try:
            boards = load(path)
        except MiniBridgeError:
            continue
        for board, tags in zip(
            boards, _stated(path.read_text(encoding="utf-8", errors="replace"), boards), strict=True
        ):
            if _seat(tags.get("Dealer", "")) is Seat.NORTH and board.number is not None and board.number % 4 != 1:
                found += 1
    assert found > 0
