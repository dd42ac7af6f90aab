"""Contracts: level notation and words, kind and goal, errors, the rules' restrictions and targets (RULES §3)."""

from __future__ import annotations

import pytest

from minibridge.cards import Strain
from minibridge.contract import GAME_LEVEL, Contract, pbn_contract, pbn_strain, target_for_points
from minibridge.errors import ContractError

NT, S, H, D, C = Strain.NO_TRUMPS, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS

ALL_CONTRACTS = [
    Contract.of(kind, strain) for kind in ("part-score", "game", "slam", "grand slam") for strain in Strain
]


# --- reading contracts -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "level", "strain"),
    [
        ("1NT", 1, NT),  # RULES §3 / 001: part-score 1NT
        ("1N", 1, NT),  # RULES §3: letter N
        ("1nt", 1, NT),  # RULES §3, lower case
        (" 1 NT ", 1, NT),  # RULES §3, blanks
        ("3NT", 3, NT),  # RULES §3 / 001: game 3NT
        ("3n", 3, NT),  # RULES §3: letter N, lower case
        ("1S", 1, S),  # 001: 1♠
        ("1♠", 1, S),  # 001 table heading 1♠
        ("4S", 4, S),  # 001: game 4♠
        ("4♠", 4, S),  # 001: "4♠ means … 10 tricks with Spades as trump"
        ("4s", 4, S),  # RULES §3, lower case
        ("1H", 1, H),  # 001: 1♥
        ("1♥", 1, H),  # 001 table heading
        ("4h", 4, H),  # RULES §3, lower case
        ("4♥", 4, H),  # 001: game 4♥
        ("1D", 1, D),  # 001: 1♦
        ("1♦", 1, D),  # 001 table heading
        ("5d", 5, D),  # RULES §3, lower case
        ("5♦", 5, D),  # 001: game 5♦
        ("1c", 1, C),  # RULES §3, lower case
        ("1♣", 1, C),  # 001 table heading
        ("5C", 5, C),  # 001: game 5♣
        ("5♣", 5, C),  # 001: game 5♣
        ("6NT", 6, NT),  # RULES §3: optional slam 6NT
        ("6♥", 6, H),  # 001: slam bids at the 6 level
        ("7s", 7, S),  # 001: slam bids at the 7 level
        ("7N", 7, NT),  # 001: the 7 level, letter N
    ],
)
def test_level_notation(text: str, level: int, strain: Strain):
    contract = Contract.from_str(text)
    assert (contract.level, contract.strain) == (level, strain)
    assert contract == Contract(level, strain)


@pytest.mark.parametrize(
    ("text", "contract"),
    [
        ("game in hearts", "4H"),  # 002 example 3: "A game contract in hearts"
        ("Game in clubs", "5C"),  # 000 Law 9: "Game in clubs"
        ("Part-score in no-trumps", "1NT"),  # 000 Law 9: "Part-score in no-trumps"
        ("part score clubs", "1C"),  # RULES §3: part-score in words, no "in"
        ("partscore diamonds", "1D"),  # 001: "Partscore"
        ("GAME IN SPADES", "4S"),  # 000 Law 9, capitals
        ("game no-trumps", "3NT"),  # 000 Law 10: game in no-trumps
        ("game in ♥", "4H"),  # RULES §3: symbols in words too
        ("slam in spades", "6S"),  # 000 variant: slam, goal twelve tricks
        ("small slam in clubs", "6C"),  # 001: slam at the 6 level
        ("grand slam no-trumps", "7NT"),  # 001: slam at the 7 level
        ("Grand-slam in diamonds", "7D"),  # 001: the 7 level, hyphenated
    ],
)
def test_contract_in_words(text: str, contract: str):
    assert str(Contract.from_str(text)) == contract


@pytest.mark.parametrize("contract", ALL_CONTRACTS, ids=str)
def test_notation_round_trips(contract: Contract):
    # DESIGN Models (python-chess): a notation round trip and a repr you can paste back
    assert Contract.from_str(str(contract)) == contract
    assert Contract.from_str(contract.symbol) == contract
    assert Contract.from_str(contract.words) == contract
    assert eval(repr(contract), {"Contract": Contract, "Strain": Strain}) == contract


@pytest.mark.parametrize(
    ("text", "string", "symbol", "words"),
    [
        ("game in hearts", "4H", "4♥", "game in hearts"),  # 002 example 3
        ("1NT", "1NT", "1NT", "part-score in no-trumps"),  # 000 Law 9
        ("5♣", "5C", "5♣", "game in clubs"),  # 000 Law 9: "Game in clubs"
        ("6s", "6S", "6♠", "slam in spades"),  # 000 variant: slam
        ("7nt", "7NT", "7NT", "grand slam in no-trumps"),  # 001: the 7 level
    ],
)
def test_contract_is_written_back(text: str, string: str, symbol: str, words: str):
    contract = Contract.from_str(text)
    assert str(contract) == string
    assert contract.symbol == symbol
    assert contract.words == words


@pytest.mark.parametrize(
    ("text", "kind", "goal"),
    [
        ("1NT", "part-score", 7),  # 000 Law 10: any part-score seven tricks
        ("1S", "part-score", 7),  # 000 Law 10
        ("1H", "part-score", 7),  # 000 Law 10
        ("1D", "part-score", 7),  # 000 Law 10
        ("1C", "part-score", 7),  # 000 Law 10
        ("3NT", "game", 9),  # 000 Law 10: game in no-trumps nine tricks
        ("4S", "game", 10),  # 000 Law 10: game in hearts or spades ten tricks
        ("4H", "game", 10),  # 000 Law 10
        ("5D", "game", 11),  # 000 Law 10: game in clubs or diamonds eleven tricks
        ("5C", "game", 11),  # 000 Law 10
        ("6NT", "slam", 12),  # 000 variant: slam goal twelve tricks in any denomination
        ("6C", "slam", 12),  # 000 variant
        ("7NT", "grand slam", 13),  # 001: the 7 level, 13 tricks
        ("7D", "grand slam", 13),  # 001: the 7 level
    ],
)
def test_kind_and_goal(text: str, kind: str, goal: int):
    contract = Contract.from_str(text)
    assert contract.kind == kind
    assert contract.goal() == goal


@pytest.mark.parametrize(
    ("strain", "level"),
    [(NT, 3), (S, 4), (H, 4), (D, 5), (C, 5)],  # 001: game is 3NT, 4♠, 4♥, 5♦, 5♣
)
def test_game_level(strain: Strain, level: int):
    assert GAME_LEVEL[strain] == level
    assert Contract.of("game", strain) == Contract(level, strain)
    assert Contract.of("part-score", strain) == Contract(1, strain)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2S", "'2S' is not a MiniBridge contract: a part-score is 1S, a game in spades is 4S"),  # RULES §3
        ("4NT", "'4NT' is not a MiniBridge contract: a part-score is 1NT, a game in no-trumps is 3NT"),  # RULES §3
        ("5S", "'5S' is not a MiniBridge contract: a part-score is 1S, a game in spades is 4S"),  # RULES §3
        ("3C", "a part-score is 1C, a game in clubs is 5C"),  # RULES §3
        ("4D", "a part-score is 1D, a game in diamonds is 5D"),  # RULES §3
        ("8NT", "'8NT' is not a contract; write it like 1NT, 4S, 5C"),  # 001: no level above 7
        ("0NT", "'0NT' is not a contract; write it like 1NT"),  # 001: levels 1 to 7
        ("game in bananas", "'game in bananas' does not name a strain; say no-trumps, spades, hearts"),  # 000 Law 9
        ("", "'' is not a contract; write it like 1NT, 4S, 5C"),  # nothing written
        ("XYZ", "'XYZ' is not a contract; write it like 1NT, 4S, 5C .*'game in hearts'"),  # nonsense
    ],
)
def test_contract_errors_say_what_would_be_right(text: str, message: str):
    with pytest.raises(ContractError, match=message):
        Contract.from_str(text)


def test_contract_constructor_refuses_other_levels():
    # RULES §3: level 1, the game level, or 6 and 7 for slams
    with pytest.raises(ContractError, match="a game in hearts is 4H"):
        Contract(3, Strain.HEARTS)


# --- what the rules allow ----------------------------------------------------------------------------------


# --- targets by combined points ----------------------------------------------------------------------------

TARGET_BANDS = [
    (21, 7),  # RULES §3 / 000 targets: 21–22 → 7
    (22, 7),  # RULES §3 / 000 targets: 21–22 → 7
    (23, 8),  # RULES §3 / 000 targets: 23–24 → 8
    (24, 8),  # RULES §3 / 000 targets: 23–24 → 8
    (25, 9),  # RULES §3 / 000 targets: 25–26 → 9
    (26, 9),  # RULES §3 / 000 targets: 25–26 → 9
    (27, 10),  # RULES §3 / 000 targets: 27–28 → 10
    (28, 10),  # RULES §3 / 000 targets: 27–28 → 10
    (29, 11),  # RULES §3 / 000 targets: 29–32 → 11
    (30, 11),  # RULES §3 / 000 targets: 29–32 → 11
    (31, 11),  # RULES §3 / 000 targets: 29–32 → 11
    (32, 11),  # RULES §3 / 000 targets: 29–32 → 11
    (33, 12),  # RULES §3 / 000 targets: 33–36 → 12
    (34, 12),  # RULES §3 / 000 targets: 33–36 → 12
    (35, 12),  # RULES §3 / 000 targets: 33–36 → 12
    (36, 12),  # RULES §3 / 000 targets: 33–36 → 12
    (37, 13),  # RULES §3 / 000 targets: 37+ → 13
    (38, 13),  # RULES §3 / 000 targets: 37+ → 13
    (39, 13),  # RULES §3 / 000 targets: 37+ → 13
    (40, 13),  # RULES §3 / 000 targets: 37+ → 13 (all 40 points)
]


@pytest.mark.parametrize(("points", "tricks"), TARGET_BANDS)
def test_target_for_points(points: int, tricks: int):
    assert target_for_points(points) == tricks


def test_target_bands_cover_21_to_40():
    assert [points for points, _ in TARGET_BANDS] == list(range(21, 41))


@pytest.mark.parametrize("points", [20, 41, 0])  # RULES §2: a declaring side holds more than 20 of the 40 points
def test_target_for_points_refuses_impossible_points(points: int):
    with pytest.raises(ContractError, match=f"21 to 40 points together, not {points}"):
        target_for_points(points)


# --- a PBN file's contract ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "strain", "contract"),
    [
        ("4SX", Strain.SPADES, "4S"),  # doubles play no part in MiniBridge
        ("3ntxx", Strain.NO_TRUMPS, "3NT"),
        ("1N", Strain.NO_TRUMPS, "1NT"),
        ("1 S", Strain.SPADES, "1S"),
        ("5D", Strain.DIAMONDS, "5D"),
        ("6NT", Strain.NO_TRUMPS, "6NT"),
        ("7C", Strain.CLUBS, "7C"),
        ("2S", Strain.SPADES, None),  # played in spades, but no MiniBridge contract: part-score, game or slam
        ("4NT", Strain.NO_TRUMPS, None),
        ("H", Strain.HEARTS, None),  # a strain without a level
        ("Pass", None, None),
        ("", None, None),
        (None, None, None),
        ("8S", None, None),
        ("4SXXX", None, None),
    ],
)
def test_a_pbn_contract_gives_its_strain_and_its_minibridge_contract(
    text: str | None, strain: Strain | None, contract: str | None
):
    assert pbn_strain(text) is strain
    assert pbn_contract(text) == (Contract.from_str(contract) if contract is not None else None)
