"""PBN files: the real files of other projects, the quirks they show, writing and reading back, bad files."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minibridge.board import Board, PlayRecord
from minibridge.cards import Card, Seat, Strain, Suit
from minibridge.contract import Contract
from minibridge.deal import Deal, Hand
from minibridge.errors import DealError, NotationError, PBNError
from minibridge.pbn import load, loads
from minibridge.play import Play
from minibridge.recorded import replay_record

SHARED_PBN = Path(__file__).parents[2] / "shared" / "data" / "pbn"
needs_shared = pytest.mark.skipif(not SHARED_PBN.is_dir(), reason="the shared PBN files are not beside the project")
DATA = Path(__file__).parent / "data"


def real(name: str) -> list[Board]:
    return load(SHARED_PBN / name)


# Games, complete deals and play records in each real file (SOURCES.md beside the files).
@needs_shared
@pytest.mark.parametrize(
    ("name", "games", "deals", "plays"),
    [
        ("dominicprice__endplay__example2.pbn", 299, 299, 278),
        ("dominicprice__endplay__example4.pbn", 1, 1, 1),
        ("jarekczek__pbntools__sky_club_2196_pairs_sky_club_jackpot_2000.pbn", 44, 44, 44),
        ("timheilman__bridge-pbn__correct_20.pbn", 46, 27, 8),
        ("timheilman__bridge-pbn__correct_21.pbn", 2, 2, 1),
        ("zdenecek__pbn__bridgecomposer.pbn", 15, 15, 0),
        ("zdenecek__pbn__nocontractcanbemade.pbn", 1, 1, 0),
        ("zdenecek__pbn__psbridge.pbn", 32, 32, 0),
    ],
)
def test_every_real_file_loads(name: str, games: int, deals: int, plays: int):
    boards = real(name)
    assert len(boards) == games
    assert sum(b.deal is not None for b in boards) == deals
    assert sum(b.play is not None for b in boards) == plays
    for board in boards:
        if board.deal is not None:
            assert sum(len(board.deal[s]) for s in Seat) == 4 * board.deal.cards_per_hand


@needs_shared
def test_every_real_file_survives_writing_and_reading_back():
    from minibridge.pbn import dumps

    for path in sorted(SHARED_PBN.glob("*.pbn")):
        boards = load(path)
        again = loads(dumps(boards))
        assert [(b.number, b.dealer, b.deal, b.declarer, b.contract, b.result, b.play) for b in again] == [
            (b.number, b.dealer, b.deal, b.declarer, b.contract, b.result, b.play) for b in boards
        ], path.name
        assert [b.tags for b in again] == [b.tags for b in boards], path.name


@needs_shared
def test_complete_plays_replay_to_the_recorded_result():
    """SOURCES.md: 64/64 complete plays of example2 and the 27 complete ones of the BBO file replay to Result."""
    for name, expected in (
        ("dominicprice__endplay__example2.pbn", 64),
        ("jarekczek__pbntools__sky_club_2196_pairs_sky_club_jackpot_2000.pbn", 27),
    ):
        complete = 0
        for board in real(name):
            if board.play is None or board.declarer is None or board.deal is None:
                continue
            if len(board.play.tricks) < 13 or any(None in row for row in board.play.tricks):
                continue
            done = replay_record(board)
            assert done.declarer_tricks == board.result, (name, board.line)
            assert done.irregularities == []
            complete += 1
        assert complete == expected, name


@needs_shared
def test_passed_out_boards_and_lowercase_doubles():
    boards = real("dominicprice__endplay__example2.pbn")
    passed = [b for b in boards if b.tags.get("Contract") == "Pass"]
    assert len(passed) == 21
    assert all(b.declarer is None and b.result is None for b in passed)
    assert any(b.tags.get("Contract", "").endswith("x") and b.contract is not None for b in boards)


@needs_shared
def test_inheritance_with_hash_and_double_hash():
    boards = real("timheilman__bridge-pbn__correct_20.pbn")
    assert [b.tags.get("Event") for b in boards[:3]] == ["Autumn regional"] * 3
    assert boards[1].tags["Site"] == "Gatlinburg, TN"
    assert boards[1].tags["West"] == "?"  # "#": the previous game's value
    assert boards[3].tags["Hidden"] == "NES"  # "##NES" sets it and it goes on …
    assert boards[4].tags["Hidden"] == "NES"
    assert boards[0].tags.get("Hidden") is None


@needs_shared
def test_result_with_a_side_and_a_latin1_site():
    board = real("timheilman__bridge-pbn__correct_21.pbn")[1]
    assert board.declarer is Seat.NORTH and board.result == 11  # [Result "NS 11"], North declares
    assert "\xa0" in board.tags["Site"]
    assert board.play is not None and board.play.leader is Seat.EAST and len(board.play.tricks) == 4


@needs_shared
def test_claim_padded_with_dashes_and_play_in_the_order_cards_fell():
    board = real("dominicprice__endplay__example4.pbn")[0]
    assert board.dealer is Seat.NORTH and board.declarer is Seat.EAST and board.result == 12
    assert board.play.leader is Seat.SOUTH
    third = board.play.tricks[2]  # written "CA D2 C9 CQ": East's ace first, the cards go to their holders
    assert third[Seat.EAST] == Card.from_str("CA") and third[Seat.SOUTH] == Card.from_str("D2")
    bbo = real("jarekczek__pbntools__sky_club_2196_pairs_sky_club_jackpot_2000.pbn")
    assert any(None in row for b in bbo if b.play for row in b.play.tricks)


def test_comments_escapes_and_crlf():
    text = (
        '% PBN 2.1\r\n[Event "Club \\"night\\""] ; a comment\r\n{ a comment\r\nover two lines }\r\n'
        '[Board "7"]\r\n[Dealer "S"]\r\n'
        '[Deal "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"]\r\n\r\n'
        '[Board "8"]\r\n'
    )
    first, second = loads(text)
    assert first.tags["Event"] == 'Club "night"' and first.number == 7 and first.dealer is Seat.SOUTH
    assert first.deal is not None and first.deal[Seat.SOUTH].length(Suit.SPADES) == 0
    assert first.line == 2 and second.line == 9 and second.deal is None


def test_a_board_written_from_code_reads_back():
    from minibridge.pbn import dumps

    rng = random.Random(7)
    deal = Deal.random(rng)
    play = Play(deal, trumps=Suit.HEARTS, declarer=Seat.SOUTH)
    cards = []
    while not play.finished:
        card = rng.choice(play.legal_cards())
        play.play(card)
        cards.append(card)
    record = PlayRecord.from_order(cards, deal)
    hearts = Contract.from_str("1H")
    board = Board(number=3, dealer=Seat.SOUTH, deal=deal, declarer=Seat.SOUTH, contract=hearts, result=9, play=record)
    text = dumps([board])
    assert '[Deal "S:' in text and '[Play "W"]' in text
    again = loads(text)[0]
    assert (again.number, again.dealer, again.deal, again.contract, again.play) == (3, Seat.SOUTH, deal, hearts, record)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([None, *Suit]), st.integers(1, 13))
def test_random_plays_round_trip(seed: int, trumps: Suit | None, size: int):
    from minibridge.pbn import dumps

    rng = random.Random(seed)
    deal = Deal.random(rng, cards_per_hand=size)
    declarer = rng.choice(list(Seat))
    play = Play(deal, trumps=trumps, declarer=declarer)
    cards = []
    while not play.finished:
        card = rng.choice(play.legal_cards())
        play.play(card)
        cards.append(card)
    record = PlayRecord.from_order(cards, deal)
    board = Board(number=seed % 32 + 1, deal=deal, declarer=declarer, contract=Contract.from_str("1NT"), play=record)
    again = loads(dumps([board]))[0]
    assert again.deal == deal and again.play == record and again.declarer is declarer
    again.contract = Contract(1, Strain.NO_TRUMPS if trumps is None else Strain(int(trumps)))
    done = replay_record(again)
    assert done.irregularities == [] and done.declarer_tricks == play.declarer_tricks


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("This is a shopping list.\nEggs\n", "not a PBN file"),
        ('[Board "1"]\n[Deal "N:AKQ.T98.76.5432 - - -"]\n[Result "nine"]\n', "line 3, board 1: the result 'nine'"),
        ('[Board "1"]\n[Result "14"]\n', "line 2, board 1: the result '14' is more tricks than there are: 0 to 13"),
        (
            '[Board "1"]\n[Deal "N:A.K.Q.J 2.3.4.5 6.7.8.9 K.Q.J.Q"]\n[Result "5"]\n',
            "line 3, board 1: the result '5' is more tricks than there are: 0 to 4",
        ),
        ('[Board "2"]\n[Deal "N:AA.T98.76.5432 KQJ.AKQ.AKQ.AKQ 2.2.2.2 3.3.3.3"]\n', "line 2, board 2: the deal"),
        ('[Board "1"]\n[Play "N"]\nSA SK SQ XJ\n', "line 3: 'XJ' in the play is not a card"),
        ('[Board "1"]\n[Play "Q"]\nSA\n', "should name the opening leader"),
        ('[Board "1"\n', "a tag is written"),
        ('[Board "1"]\n{ never closed\n', "never closed"),
    ],
)
def test_bad_pbn_says_where_and_what(text: str, message: str):
    with pytest.raises(PBNError, match=message.replace("(", r"\(")):
        loads(text, source="class.pbn")


def test_missing_and_not_pbn_files(tmp_path: Path):
    with pytest.raises(PBNError, match="no such file"):
        load(tmp_path / "missing.pbn")
    with pytest.raises(PBNError, match="not a PBN file"):
        load(DATA / "cli" / "not_pbn.pbn")
    empty = tmp_path / "empty.pbn"
    empty.write_text("% only a comment\n", encoding="ascii")
    with pytest.raises(PBNError, match="no tags"):
        load(empty)


# Plain texts (one tag a line, plain deals and plays) are read by a quicker path; a comment sends a text to the
# general reader, and both must give the same boards, or the same error.


def _read(text: str) -> list[tuple] | str:
    """Everything a board holds as read, or the error's message."""
    try:
        boards = loads(text, source="class.pbn")
    except PBNError as err:
        return str(err)
    return [
        (b.number, b.dealer, b.deal, b.declarer, b.contract, b.result, b.play, b.tags, b.sections, b.line, b.read_as)
        for b in boards
    ]


def _commented(text: str) -> str:
    """The same text with a comment at the end of its first tag line, which only the general reader reads."""
    return text.replace('"]', '"] {a comment}', 1)


def _random_play(rng: random.Random, size: int) -> tuple[Deal, Seat, list[Card]]:
    """A random deal of ``size`` cards a hand, a random declarer, and the cards of a legal play of it in order."""
    deal = Deal.random(rng, cards_per_hand=size)
    declarer = rng.choice(list(Seat))
    play = Play(deal, trumps=rng.choice([None, *Suit]), declarer=declarer)
    cards = []
    while not play.finished:
        card = rng.choice(play.legal_cards())
        play.play(card)
        cards.append(card)
    return deal, declarer, cards


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 13),
    st.integers(1, 3),
    st.sampled_from(["as written", "cut short", "in the order played", "crlf", "spaces", "percent", "auction"]),
)
def test_the_quick_path_and_the_general_reader_agree(seed: int, size: int, games: int, variant: str):
    from minibridge.pbn import _plain_games, dumps

    rng = random.Random(seed)
    boards = []
    for number in range(1, games + 1):
        deal, declarer, cards = _random_play(rng, size)
        if variant == "cut short":
            cards = cards[: rng.randrange(1, len(cards) + 1)]
        record = PlayRecord.from_order(cards, deal)
        boards.append(
            Board(
                number=number,
                deal=deal,
                declarer=declarer,
                contract=Contract.from_str("1NT"),
                play=record,
                result=rng.randrange(size + 1),
                tags={"Event": "Club \\ night", "Dealer": rng.choice("NESW")},
            )
        )
    text = dumps(boards)
    if variant == "in the order played":  # some programs write each trick in the order its cards fell
        lines = text.split("\n")
        for index, line in enumerate(lines):
            if line[:1] in "SHDC" and " " in line:
                words = line.split()
                rng.shuffle(words)
                lines[index] = " ".join(words)
        text = "\n".join(lines)
    elif variant == "crlf":
        text = text.replace("\n", "\r\n")
    elif variant == "spaces":
        text = "\n".join(line + " \t" if line[:1] == "[" else line.replace(" ", "  ") for line in text.split("\n"))
    elif variant == "percent":
        text = text.replace('\n[Deal "', '\n% a note\n[Deal "')
    elif variant == "auction":
        text = text.replace('\n[Play "', '\n[Auction "N"]\n1NT Pass\nPass Pass\n[Note "1:weak"]\n[Play "')
    assert _plain_games(text) is not None
    assert _plain_games(_commented(text)) is None
    read = _read(text)
    assert read == _read(_commented(text))
    assert [board[:7] for board in read] == [
        (b.number, b.dealer, b.deal, b.declarer, b.contract, b.result, b.play) for b in boards
    ] or variant != "as written"


@pytest.mark.parametrize(
    "odd",
    [chr(code) for code in range(0x3000 + 1) if chr(code).isspace()]
    + ["\x00", "[", "]", "{", "}", ";", '"', "%", "\\", "é", "\u200b", "SA", "$1", "!", "*", "-", "10"]
    + ["#", "##", "^", "^R", "...", "SA ^L", "\n\n", "\n%"],
)
def test_odd_characters_read_the_same_by_either_path(odd: str):
    deal = "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"
    for text in (
        f'[Board "1"]\n[Auction "N"]\n1NT{odd}Pass\n{odd}Pass Pass\n',
        f'[Board "1"]\n[Event "{odd}"]\n{odd}[Dealer "S"]\n[Deal "{deal}"]\n[Play "W"]\nS9 SA{odd} S2 H2\n',
        f'[Board "1"]\n\n{odd}\n[Board "2"]\n[Board "3"]{odd}\n',
        f'[Board "1"]\n[Deal "{deal.replace(" ", odd, 1)}"]\n[Result "4{odd}"]\n',
    ):
        assert _read(text) == _read(_commented(text)), repr(text)


@pytest.mark.parametrize(
    "tags",
    [
        '[Note "1:weak"]\n[Note "2:strong"]\n',
        '[Auction "N"]\n1NT Pass\n[Note "1:weak"]\n[Auction "N"]\nPass Pass\n',
        '[Note "1:weak"]\n[Auction "N"]\n[Note "2:strong"]\nPass\n[Auction "E"]\n1NT\n',
        '[Play "W"]\nS9 SA S2 H2\n',
    ],
)
def test_a_tag_given_twice_reads_the_same_by_either_path(tags: str):
    """Real files repeat Note tags: the last value stands and the sections are joined, on both paths."""
    deal = "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876"
    text = f'[Board "1"]\n[Deal "{deal}"]\n{tags}[Declarer "S"]\n[Play "W"]\nS9 SA S2 H2\n\n[Board "2"]\n{tags}'
    from minibridge.pbn import _plain_games

    read = _read(text)
    assert read == _read(_commented(text)) and not isinstance(read, str)
    assert (_plain_games(text) is None) == ("Play" in tags)  # the quick path reads all but a second Play


@pytest.mark.parametrize(
    "text",
    [
        "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876",
        "n:akqjt.9876.5432. 5432.akqjt..5432 .5432.9876.akqjt 9876..akqjt.9876",
        "E:AKQJ10.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876",
        "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876 AK...",
        "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT",
        "N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.987",
        "N:AAQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876",
        "N:AKQJT.9876.5432. AKQJT.5432..5432 .5432.9876.AKQJT 9876..AKQJT.9876",
        "N:AKQJT.9876.5432 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876",
        "N:AKQJT.9876.5432.X 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876",
        "N:... ... ... ...",
        "N:A... K... Q... J...",
        "W:A... - Q... J...",
        "W:A... ... Q... J...",
        "S:QT8.AT764.KQJ93. ... ... ...",
        "Q:A... K... Q... J...",
        "AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876",
    ],
)
def test_deals_read_as_deal_from_pbn_reads_them(text: str):
    try:
        expected: object = Deal.from_pbn(text)
    except (NotationError, DealError) as err:
        expected = f"class.pbn, line 2, board 1: the deal cannot be: {err.message}"
    if {"-", "..."} & set(text.partition(":")[2].split()):  # a hand not known: a deal known only in part
        expected = None
    read = _read(f'[Board "1"]\n[Deal "{text}"]\n')
    assert (read if isinstance(read, str) else read[0][2]) == expected


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 13), st.sampled_from(list(Seat)))
def test_random_deals_read_back_from_any_first_seat(seed: int, size: int, first: Seat):
    deal = Deal.random(random.Random(seed), cards_per_hand=size)
    again = loads(f'[Deal "{deal.to_pbn(first)}"]')[0].deal
    assert again == deal and again.hands == deal.hands and again.cards_per_hand == size
    assert again.holders() == deal.holders() and str(again) == str(deal)


def _careful_deal(text: str) -> Deal | str:
    """A deal read the careful way, hand by hand with every check, or the error's message."""
    from minibridge.deal import _pbn_hands

    try:
        hands = _pbn_hands(text)
        return "a hand is unknown" if None in hands.values() else Deal(hands)  # type: ignore[arg-type]
    except (NotationError, DealError) as err:
        return err.message


def _written_otherwise(text: str, how: str, rng: random.Random) -> str:
    """A deal's text written another way that PBN allows, or made wrong."""
    first, hands = text[:2], text[2:].split(" ")
    if how == "lower case":
        return first.lower() + " ".join(hands).lower()
    if how == "tens as 10":
        return first + " ".join(hands).replace("T", "10")
    if how == "a suit in another order":
        suits = hands[0].split(".")
        suits[0] = "".join(reversed(suits[0]))
        return first + " ".join([".".join(suits), *hands[1:]])
    if how == "two spaces":
        return first + "  ".join(hands)
    if how == "a card moved":
        cards = [(place, letter) for place, letter in enumerate(hands[0]) if letter != "."]
        place, letter = rng.choice(cards)
        hands[0] = hands[0][:place] + hands[0][place + 1 :]
        hands[1] = letter + hands[1]
        return first + " ".join(hands)
    if how == "a card twice":
        return first + " ".join([hands[0], hands[0], *hands[2:]])
    if how == "hands swapped":
        return first + " ".join([hands[1], hands[0], *hands[2:]])
    if how == "a suit missing":
        return first + " ".join([hands[0].replace(".", "", 1), *hands[1:]])
    return text


_WAYS = ["as written", "lower case", "tens as 10", "a suit in another order", "two spaces", "a card moved"]
_WAYS += ["a card twice", "hands swapped", "a suit missing"]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 13), st.sampled_from(list(Seat)), st.sampled_from(_WAYS))
def test_the_quick_readings_of_a_deal_agree_with_the_careful_one(seed: int, size: int, first: Seat, how: str):
    from minibridge.deal import deal_written_as, plain_deal

    rng = random.Random(seed)
    deal = Deal.random(rng, cards_per_hand=size)
    text = _written_otherwise(deal.to_pbn(first), how, rng)
    careful = _careful_deal(text)
    quick = plain_deal(text)
    assert quick is None or (quick == careful and quick.hands == careful.hands)  # type: ignore[union-attr]
    if how in ("as written", "hands swapped", "two spaces"):
        assert quick is not None
    elif how in ("lower case", "a card moved", "a card twice", "a suit missing"):
        assert quick is None
    shown = deal_written_as(text, *(hand.mask for hand in deal.hands))  # the hands a complete play shows
    assert (shown is not None) == (text == deal.to_pbn(first))
    assert shown is None or (shown == careful == deal and shown.hands == deal.hands)
    if isinstance(careful, Deal):
        assert Deal.from_pbn(text) == careful


@settings(max_examples=80, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 13),
    st.sampled_from(_WAYS),
    st.booleans(),
    st.sampled_from(["as played", "a card twice", "two cards swapped"]),
)
def test_a_game_whose_deal_is_written_otherwise_than_its_play_shows_reads_the_same_by_either_path(
    seed: int, size: int, how: str, complete: bool, cards_written: str
):
    """The quick path reads a deal from a complete play when the deal is written as the play shows it; any other
    deal is read as written, and the play checked against it, as the general reader does."""
    from minibridge.pbn import dumps

    rng = random.Random(seed)
    deal, declarer, cards = _random_play(rng, size)
    if not complete:
        cards = cards[: rng.randrange(1, len(cards) + 1)]
    board = Board(number=rng.randrange(1, 33), deal=deal, declarer=declarer, play=PlayRecord.from_order(cards, deal))
    text = dumps([board])
    written = text.split('[Deal "', 1)[1].split('"', 1)[0]
    text = text.replace(written, _written_otherwise(written, how, rng))
    play_text = text.split('[Play "', 1)[1].split("\n", 1)[1]
    names = play_text.split()
    if cards_written == "a card twice" and len(names) > 1:
        text = text.replace(play_text, play_text.replace(names[1], names[0], 1))
    elif cards_written == "two cards swapped" and len(names) > 4:
        swapped = play_text.replace(names[1], "XX", 1).replace(names[4], names[1], 1).replace("XX", names[4], 1)
        text = text.replace(play_text, swapped)
    read = _read(text)
    assert read == _read(_commented(text))
    if how in ("as written", "lower case", "tens as 10", "a suit in another order", "two spaces"):
        assert not isinstance(read, str) and read[0][2] == deal
        assert read[0][6] == board.play or cards_written != "as played"


# --- our own files: irregularity marks, every Result form, unknown hands, an empty file, an end position -----

OWN = DATA / "pbn"
VOIDS = Deal.from_pbn("N:AKQJT.9876.5432. 5432.AKQJT..5432 .5432.9876.AKQJT 9876..AKQJT.9876")


def test_irregularity_marks_are_read_after_a_card_or_on_it():
    separate, on_the_card = (load(OWN / "revoke.pbn")[i].play for i in (3, 4))
    heart_two = Card.from_str("H2")
    assert separate.revokes == on_the_card.revokes == {heart_two} and not separate.led_out_of_turn
    assert separate.tricks == on_the_card.tricks and separate.tricks[11][Seat.EAST] == heart_two
    marked = load(OWN / "lead_out_of_turn.pbn")[2].play
    assert marked.led_out_of_turn == {Card.from_str("HJ")} and marked.leads[0] is Seat.SOUTH
    assert marked.tricks[0][Seat.SOUTH] == Card.from_str("HJ")  # the mark moves no card out of its column


def test_a_trick_written_in_the_order_its_cards_fell_tells_who_led_it():
    in_order = load(OWN / "lead_out_of_turn.pbn")[0].play  # [Play "N"], the first trick "HJ HQ HA H6"
    assert in_order.leader is Seat.NORTH and in_order.leads[0] is Seat.SOUTH
    by_seat = load(OWN / "lead_out_of_turn.pbn")[1].play  # [Play "S"], the tricks by seat
    assert in_order.tricks == by_seat.tricks and by_seat.leads == ()


@pytest.mark.parametrize(
    ("mark", "message"),
    [
        ("SA ^X S2 S3 S4", "line 3: '^X' in the play is not a mark I know: ^R marks a revoke, ^L a lead out of turn"),
        ("^R SA S2 S3", "line 3: the mark '^R' must follow the card it marks, like H2 ^R"),
        ("- ^L SA S2 S3", "line 3: the mark '^L' must follow the card it marks"),
        ("SA^L S2^L S3 S4", "line 3: two cards of one trick are marked ^L"),
    ],
)
def test_a_mark_that_cannot_be_read_says_where_and_what(mark: str, message: str):
    with pytest.raises(PBNError, match=message.replace("^", r"\^")):
        loads(f'[Board "1"]\n[Play "N"]\n{mark}\n', source="class.pbn")


def test_a_play_with_irregularities_is_written_with_its_marks_and_reads_back_the_same():
    from minibridge.pbn import dumps

    play = Play(VOIDS, trumps=Suit.CLUBS, declarer=Seat.SOUTH, strict=False)
    for card in ("DA", "D2", "S2", "CA"):  # West leads, South ruffs holding diamonds: a revoke
        play.play(card)
    for card in ("CK", "C6", "D3", "C2"):  # South leads the next trick: the revoke is established
        play.play(card)
    play.play("HT", Seat.EAST)  # East leads out of turn (South won) and South, next, accepts by playing
    for card in ("H2", "S9", "H6"):
        play.play(card)
    assert [i.kind for i in play.irregularities] == ["revoke", "lead out of turn"]
    record = play.record()
    assert record.revokes == {Card.from_str("CA")} and record.led_out_of_turn == {Card.from_str("HT")}
    board = Board(number=1, deal=VOIDS, declarer=Seat.SOUTH, contract=Contract.from_str("1C"), play=record)
    text = dumps([board])
    assert "CA ^R" in text and "HT ^L" in text
    again = loads(text)[0].play
    assert again == record and (again.revokes, again.led_out_of_turn) == (record.revokes, record.led_out_of_turn)


def test_every_result_form_of_the_standard():
    """PBN 2.1 §3.4.15: 9, NS 9, EW 4, NS 9 EW 4, EW 4 NS 9, and ^ for a number the players agreed."""
    boards = load(OWN / "results.pbn")
    results = [(b.tags["Result"], b.result, b.result_by_agreement) for b in boards]
    assert results == [
        ("9", 9, False),
        ("NS 9", 9, False),
        ("EW 4", 9, False),
        ("NS 9 EW 4", 9, False),
        ("EW 4 NS 9", 9, False),
        ("NS 9", 4, False),  # East declares: the result counts East–West's tricks
        ("EW 4", 9, False),  # no declarer: the result counts North–South's tricks
        ("^9", 9, True),
        ("^NS 9 EW 4", 9, True),
        ("^12", 12, True),
    ]


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ("NS 9 NS 4", "the result 'NS 9 NS 4' names North–South twice; write it like NS 9 EW 4"),
        ("NS 9 EW 5", "the result 'NS 9 EW 5' gives 14 tricks in all, but there are 13"),
        ("EW 14", "the result 'EW 14' is more tricks than there are: 0 to 13"),
        ("9 tricks", "the result '9 tricks' is not a number of tricks; write it like"),
        ("^", "the result '^' is not a number of tricks"),
    ],
)
def test_a_result_that_cannot_be_says_what_would_be_right(result: str, message: str):
    with pytest.raises(PBNError) as caught:
        loads(f'[Board "1"]\n[Declarer "S"]\n[Result "{result}"]\n', source="class.pbn")
    assert str(caught.value).startswith(f"class.pbn, line 3, board 1: {message}")


def test_a_result_written_anew_keeps_its_agreement_and_one_read_is_written_as_it_was():
    from minibridge.pbn import dumps

    agreed = Board(number=1, deal=VOIDS, declarer=Seat.SOUTH, contract=Contract.from_str("3NT"), result=9)
    agreed.result_by_agreement = True
    assert '[Result "^9"]' in dumps([agreed]) and loads(dumps([agreed]))[0].result_by_agreement
    boards = load(OWN / "results.pbn")
    assert [b.tags["Result"] for b in loads(dumps(boards))] == [b.tags["Result"] for b in boards]
    boards[8].result_by_agreement = False  # "^NS 9 EW 4" no longer agreed: written anew
    assert '[Result "9"]' in dumps(boards[8:9])


def test_unknown_hands_written_dash_or_three_dots_leave_a_deal_known_in_part():
    boards = load(OWN / "partial_deals.pbn")
    assert [b.deal for b in boards] == [None] * 5
    north, south = Hand.from_pbn("AKT9.AKQ.KQ3.KQJ"), Hand.from_pbn("Q87.JT9.AJT98.98")
    assert boards[0].known_hands == boards[1].known_hands == {Seat.NORTH: north, Seat.SOUTH: south}
    assert boards[2].known_hands == {Seat.SOUTH: Hand.from_pbn("QT8.AT764.KQJ93.")}
    assert boards[3].known_hands == {} and boards[4].play is not None
    full = load(OWN / "results.pbn")[0]
    assert full.partial_deal == {} and full.known_hands[Seat.NORTH] == north


def test_a_deal_known_in_part_that_cannot_be_says_so():
    with pytest.raises(PBNError, match="line 2, board 1: the deal cannot be: the card SA is dealt twice"):
        loads('[Board "1"]\n[Deal "N:A... A... - ..."]\n', source="class.pbn")
    with pytest.raises(PBNError, match="every hand must hold the same number of cards"):
        loads('[Board "1"]\n[Deal "N:AK... Q... - ..."]\n', source="class.pbn")


def test_a_file_with_only_its_header_has_no_games(tmp_path: Path):
    assert load(OWN / "empty.pbn") == []
    comment = tmp_path / "comment.pbn"
    comment.write_text("% PBN 1.0\n% a comment, and no games\n\n", encoding="ascii")
    assert load(comment) == []


def test_an_end_position_of_twelve_cards_reads_replays_and_writes_back():
    from minibridge.pbn import dumps

    (board,) = load(OWN / "end_position.pbn")
    assert board.deal is not None and board.deal.cards_per_hand == 12 and board.contract is None
    done = replay_record(board)  # North, on lead in the position, leads: no lead out of turn
    assert done.irregularities == [] and done.finished and done.declarer_tricks == board.result == 12
    again = loads(dumps([board]))[0]
    assert (again.deal, again.play, again.result, again.tags) == (board.deal, board.play, board.result, board.tags)


def test_our_own_files_survive_writing_and_reading_back():
    from minibridge.pbn import dumps, load_partly

    for path in sorted(OWN.glob("*.pbn")):
        boards = load_partly(path)[0]  # a bad board of a file left out
        again = loads(dumps(boards))
        assert [(b.deal, b.partial_deal, b.result, b.result_by_agreement, b.play, b.tags) for b in again] == [
            (b.deal, b.partial_deal, b.result, b.result_by_agreement, b.play, b.tags) for b in boards
        ], path.name
        marks = [(b.play.revokes, b.play.led_out_of_turn) for b in boards if b.play]
        assert [(b.play.revokes, b.play.led_out_of_turn) for b in again if b.play] == marks, path.name
