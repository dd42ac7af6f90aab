"""Double-dummy tables and positions through DDS, the disk cache, and the best MiniBridge contract from the tricks."""

from __future__ import annotations

import random
import subprocess
import sys
import threading

import pytest

import minibridge.analysis as analysis
from minibridge.analysis import (
    analyse_boards,
    best_contract,
    cache_folder,
    dd_tables,
    double_dummy_card,
    double_dummy_tricks,
    solve_positions,
)
from minibridge.board import Board
from minibridge.cards import Seat, Strain, Suit
from minibridge.cli.records import _analysis_json
from minibridge.deal import Deal
from minibridge.errors import RuleError
from minibridge.play import Play
from minibridge.rules import find_rules

# Each seat holds a whole suit: North spades, East hearts, South diamonds, West clubs.
SOLID = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
BALANCED = Deal.from_pbn("N:AK32.KQ2.A32.K32 QJ4.J43.KQJ4.Q54 T98.A98.T98.AJ98 765.T765.765.T76")


@pytest.fixture(autouse=True)
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path


def _endplay_denoms() -> dict[Strain, object]:
    """endplay's denominations by our strains."""
    from endplay.types import Denom

    return {
        Strain.NO_TRUMPS: Denom.nt,
        Strain.SPADES: Denom.spades,
        Strain.HEARTS: Denom.hearts,
        Strain.DIAMONDS: Denom.diamonds,
        Strain.CLUBS: Denom.clubs,
    }


def test_tricks_of_a_deal_where_each_seat_holds_one_suit():
    (table,) = dd_tables([SOLID])
    assert table is not None
    assert table[Seat.NORTH][Strain.SPADES] == 13  # trumps: every card a winner
    assert table[Seat.NORTH][Strain.NO_TRUMPS] == 0  # East leads hearts and takes them all
    assert table[Seat.EAST][Strain.HEARTS] == 13
    assert table[Seat.SOUTH][Strain.CLUBS] == 0  # West leads clubs, trumps or not


def test_the_tables_agree_with_endplay_for_every_seat_and_strain():
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Player

    deal = Deal.random(random.Random(4))
    (table,) = dd_tables([deal])
    theirs = calc_dd_table(EndplayDeal.from_pbn(deal.to_pbn()))
    denoms = _endplay_denoms()
    for seat in Seat:
        for strain in Strain:
            assert table[seat][strain] == theirs[denoms[strain], Player.find(seat.letter)]


def test_the_tables_of_many_deals_agree_with_endplays_calc_all_tables():
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Player

    rng = random.Random(11)
    deals = [Deal.random(rng) for _ in range(6)]
    ours = dd_tables(deals, cache=False)
    theirs = calc_all_tables([EndplayDeal.from_pbn(deal.to_pbn()) for deal in deals])
    denoms = _endplay_denoms()
    for table, other in zip(ours, theirs, strict=True):
        assert table == {s: {t: other[denoms[t], Player.find(s.letter)] for t in Strain} for s in Seat}


def test_solving_loads_the_solver_alone_not_endplays_package_nor_plotting():
    code = (
        "import random, sys\n"
        "from minibridge.analysis import dd_tables, double_dummy_card\n"
        "from minibridge.cards import Seat\n"
        "from minibridge.deal import Deal\n"
        "from minibridge.play import Play\n"
        "deal = Deal.random(random.Random(3))\n"
        "assert dd_tables([deal], cache=False)[0] is not None\n"
        "double_dummy_card(Play(deal, trumps=None, declarer=Seat.SOUTH))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('endplay', 'matplotlib', 'numpy')))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "['endplay._dds']"


def test_double_dummy_tricks_agree_with_the_table():
    deal = Deal.random(random.Random(8))
    (table,) = dd_tables([deal], cache=False)
    for seat in Seat:
        for strain in Strain:
            assert double_dummy_tricks(deal, seat, strain.trumps) == table[seat][strain]


def test_double_dummy_play_all_round_takes_the_double_dummy_tricks():
    deal = Deal.random(random.Random(9))
    play = Play(deal, trumps=None, declarer=Seat.SOUTH)
    while not play.finished:
        play.play(double_dummy_card(play))
    assert play.declarer_tricks == double_dummy_tricks(deal, Seat.SOUTH, None)
    with pytest.raises(RuleError, match="play is over"):
        double_dummy_card(play)


def test_solving_a_position_gives_every_legal_card_or_the_best_one():
    hands = [SOLID[seat].mask for seat in Seat]
    (every,) = solve_positions([(hands, None, Seat.EAST, [])], all_cards=True)
    assert set(every) == {card.index for card in SOLID[Seat.EAST]} and set(every.values()) == {13}
    (best,) = solve_positions([(hands, Suit.SPADES, Seat.WEST, [])], all_cards=False)
    assert set(best.values()) == {0}  # West's clubs are all trumped by North
    assert set(best) == {card.index for card in SOLID[Seat.WEST]}  # every club loses alike: all are best


def test_a_short_deal_has_a_table_of_its_own_tricks():
    short = Deal.from_pbn("N:A.6.Q.K 9.A.4.J 7.K.A.3 K.2.8.Q")
    (table,) = dd_tables([short])
    assert table[Seat.NORTH][Strain.NO_TRUMPS] == 3 and table[Seat.EAST][Strain.NO_TRUMPS] == 1


@pytest.mark.parametrize("size", [1, 3, 5, 8, 12])
def test_short_deal_tables_agree_with_solving_each_opening_lead(size: int):
    rng = random.Random(size)
    deals = [Deal.random(rng, cards_per_hand=size) for _ in range(3)]
    for deal, table in zip(deals, dd_tables(deals, cache=False), strict=True):
        for seat in Seat:
            for strain in Strain:
                assert table[seat][strain] == double_dummy_tricks(deal, seat, strain.trumps), (deal, seat, strain)


def test_results_are_cached_under_xdg_cache_home_and_not_solved_again(cache_home, monkeypatch):
    first = dd_tables([BALANCED, SOLID])
    assert cache_folder().is_relative_to(cache_home / "minibridge")
    assert len(list(cache_folder().glob("*.json"))) == 2

    def refuse(*args, **kwargs):
        raise AssertionError("solved again despite the cache")

    monkeypatch.setattr(analysis, "_solve_tables", refuse)
    done: list[int] = []
    assert dd_tables([BALANCED, SOLID], progress=done.append) == first
    assert sum(done) == 2


def test_no_cache_solves_again_and_writes_nothing(monkeypatch):
    dd_tables([BALANCED], cache=False)
    assert not cache_folder().exists()


def test_a_damaged_cache_file_is_solved_again():
    (table,) = dd_tables([BALANCED])
    for path in cache_folder().glob("*.json"):
        path.write_text("{not json", encoding="ascii")
    assert dd_tables([BALANCED]) == [table]


def test_the_same_deal_twice_is_solved_once(monkeypatch):
    calls: list[int] = []
    real = analysis._solve_tables

    def counting(deals):
        calls.append(len(deals))
        return real(deals)

    monkeypatch.setattr(analysis, "_solve_tables", counting)
    tables = dd_tables([SOLID, SOLID], cache=False)
    assert calls == [1] and tables[0] == tables[1]


def _table(tricks: dict[Strain, int], declarer: Seat = Seat.SOUTH) -> analysis.DDTable:
    table = {seat: dict.fromkeys(Strain, 0) for seat in Seat}
    table[declarer] = dict(tricks)
    table[declarer.partner] = dict(tricks)
    return table


@pytest.mark.parametrize(
    ("rules", "tricks", "contract", "score"),
    [
        # EBU, 001's check values: 3NT with 9 tricks 400; 4S with 10 tricks 420; 1NT with 8 tricks 120.
        ("ebu", {Strain.NO_TRUMPS: 9, Strain.SPADES: 10, Strain.HEARTS: 8, Strain.DIAMONDS: 7, Strain.CLUBS: 6},
         "4S", 420),
        ("ebu", {Strain.NO_TRUMPS: 9, Strain.SPADES: 8, Strain.HEARTS: 8, Strain.DIAMONDS: 7, Strain.CLUBS: 6},
         "3NT", 400),
        ("ebu", {Strain.NO_TRUMPS: 8, Strain.SPADES: 8, Strain.HEARTS: 8, Strain.DIAMONDS: 7, Strain.CLUBS: 6},
         "1NT", 120),
        # MiniLessons Three and Four (000): part-scores only, 50 + 40 per odd trick.
        ("lesson", {Strain.NO_TRUMPS: 9, Strain.SPADES: 10, Strain.HEARTS: 8, Strain.DIAMONDS: 7, Strain.CLUBS: 6},
         "1S", 210),
        # Nothing makes: the least loss, one trick short of a part-score.
        ("ebu", {Strain.NO_TRUMPS: 5, Strain.SPADES: 6, Strain.HEARTS: 4, Strain.DIAMONDS: 3, Strain.CLUBS: 2},
         "1S", -50),
    ],
)  # fmt: skip
def test_best_contract_from_the_tricks(rules, tricks, contract, score):
    best = best_contract(_table(tricks), Seat.SOUTH, find_rules(rules), deal=BALANCED)
    assert best is not None
    assert (str(best.contract), best.side_score) == (contract, score)


def test_the_json_of_a_board():
    (board,) = analyse_boards([Board(number=1, dealer=Seat.NORTH, deal=BALANCED)], find_rules("ebu"))
    data = _analysis_json(board)
    assert {"board", "hcp", "declarer", "dd", "best_contract", "best_score"} <= set(data)
    assert data["board"] == 1 and data["hcp"] == {"N": 19, "E": 12, "S": 9, "W": 0}
    assert data["declarer"] == "N"
    assert set(data["dd"]) == {"NT", "S", "H", "D", "C"}
    assert data["dd"] == {strain.letter: board.table[Seat.NORTH][strain] for strain in Strain}


def test_where_partners_may_choose_the_one_who_does_better_is_analysed():
    """North and South hold 12 each; in North's hands East runs seven hearts, in South's West cannot reach them."""
    from minibridge.lessons import find_lesson

    deal = Deal.from_pbn("N:AK65.765.KQ54.32 T9.AKQJT98.T9.T9 Q432.432.AJ32.AJ J87..876.KQ87654")
    board = Board(number=1, dealer=Seat.NORTH, deal=deal)
    (chosen,) = analyse_boards([board], find_lesson(3).rules)  # tie: the players choose
    assert chosen.announcement.may_declare == (Seat.NORTH, Seat.SOUTH)
    assert chosen.declarer is Seat.SOUTH and chosen.best is not None and chosen.best.result.made
    assert _analysis_json(chosen)["declarer"] == "S" and chosen.declarer_tricks == chosen.table[Seat.SOUTH]
    (enforced,) = analyse_boards([board], find_lesson(5).rules)  # tie: first to announce
    assert enforced.declarer is Seat.NORTH
    assert (enforced.declarer_tricks[Strain.NO_TRUMPS], chosen.declarer_tricks[Strain.NO_TRUMPS]) == (6, 9)


def test_threads_solving_and_tabling_at_once_take_turns_and_agree_with_one_thread():
    rng = random.Random(5)
    deals = [Deal.random(rng) for _ in range(6)]
    positions = [([deal[s].mask for s in Seat], None, Seat.WEST, []) for deal in deals]
    alone = analysis.solve_positions(positions, all_cards=True)
    tables = dd_tables(deals, cache=False)
    found: list[list[dict[int, int]]] = [[] for _ in range(4)]
    tabled: list[list[analysis.DDTable]] = [[] for _ in range(2)]

    def solve(index: int) -> None:
        found[index] = analysis.solve_positions(positions, all_cards=True)

    def table(index: int) -> None:
        tabled[index] = dd_tables(deals, cache=False)

    threads = [threading.Thread(target=solve, args=(i,)) for i in range(4)]
    threads += [threading.Thread(target=table, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == [alone] * 4 and tabled == [tables] * 2
