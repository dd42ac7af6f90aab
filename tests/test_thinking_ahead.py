"""Thinking ahead: every position is solved once and remembered exactly as solved, a deal's table solved lead by
lead ahead is DDS's table, and a table thought about ahead is unchanged while the computer then decides exactly
as it would have, the decision after the pupil's likeliest one without a single solve."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import minibridge.analysis as analysis
from minibridge.analysis import Position, dd_tables, solve_positions, thinking_ahead
from minibridge.cards import Card, Seat, Suit
from minibridge.classroom import PupilGame
from minibridge.classroom.setup import GameSetup
from minibridge.deal import Deal
from minibridge.once import Once
from minibridge.play import Play
from minibridge.robot import taught_contract
from minibridge.table.ahead import think_ahead
from minibridge.web.pupils.games import action_from


@pytest.fixture(autouse=True)
def fresh_memory(own_cache: None, monkeypatch: pytest.MonkeyPatch) -> Once[dict[int, int]]:
    """A memory of solved positions of the test's own (and a cache folder of its own): nothing solved elsewhere
    is found."""
    memory: Once[dict[int, int]] = Once(size=analysis.POSITIONS_KEPT)
    monkeypatch.setattr(analysis, "_SOLVED", memory)
    return memory


@pytest.fixture
def solves(monkeypatch: pytest.MonkeyPatch) -> list[Position]:
    """Every position DDS is asked to solve from now on (whole tables counted as a position each)."""
    asked: list[Position] = []
    real_position, real_tables = analysis._solve_position, analysis._solve_whole_tables

    def position(dds: Any, position: Position, solutions: int, slot: int) -> dict[int, int]:
        asked.append(position)
        return real_position(dds, position, solutions, slot)

    def tables(deals: list[Deal]) -> list[analysis.DDTable]:
        asked.extend(([deal[s].mask for s in Seat], None, Seat.NORTH, []) for deal in deals)
        return real_tables(deals)

    monkeypatch.setattr(analysis, "_solve_position", position)
    monkeypatch.setattr(analysis, "_solve_whole_tables", tables)
    return asked


def random_position(rng: random.Random) -> Position:
    """A position in the play of a random deal after a few random legal cards: the hands left, trumps, the
    leader of the trick in progress and its cards."""
    deal = Deal.random(rng, cards_per_hand=rng.choice([3, 5, 8, 13]))
    trumps = rng.choice([None, *Suit])
    play = Play(deal, declarer=rng.choice(list(Seat)), trumps=trumps)
    for _ in range(rng.randrange(min(4 * deal.cards_per_hand - 1, 12))):
        play.play(rng.choice(play.legal_cards()))
    assert play.leader is not None
    current = play.current_trick
    trick = [current[s] for s in play.leader.clockwise() if s in current]
    hands = [sum(1 << card.index for card in play.hand(s)) for s in Seat]
    return hands, trumps, play.leader, trick


def solved_fresh(position: Position, *, all_cards: bool) -> dict[int, int]:
    """The position solved by DDS directly, remembering nothing."""
    return analysis._solve_position(analysis._dds(), position, 3 if all_cards else 1, 0)


@settings(max_examples=15)
@given(seed=st.integers(min_value=0, max_value=2**32), all_cards=st.booleans())
def test_a_position_remembered_gives_what_solving_it_gives(seed: int, all_cards: bool):
    rng = random.Random(seed)
    positions = [random_position(rng) for _ in range(3)]
    positions.append(positions[0])  # the same position twice in one call
    fresh = [solved_fresh(position, all_cards=all_cards) for position in positions]
    assert solve_positions(positions, all_cards=all_cards) == fresh  # solved now
    assert solve_positions(positions, all_cards=all_cards) == fresh  # remembered
    assert solve_positions(positions[::-1], all_cards=all_cards) == fresh[::-1]


def test_positions_solved_once_are_not_solved_again(solves: list[Position]):
    rng = random.Random(11)
    positions = [random_position(rng) for _ in range(6)]
    first = solve_positions(positions, all_cards=True)
    assert len(solves) == len({analysis._position_key(p, 3) for p in positions}) > 0
    solves.clear()
    assert solve_positions(positions, all_cards=True) == first and solves == []
    assert solve_positions(positions[2:4], all_cards=True) == first[2:4] and solves == []
    best = solve_positions(positions[:2], all_cards=False)  # other solutions asked: solved
    assert len(solves) == 2
    assert all(row.items() <= every.items() for row, every in zip(best, first[:2], strict=True))


def test_a_position_solved_ahead_is_there_for_the_game_that_needs_it(solves: list[Position]):
    rng = random.Random(12)
    positions = [random_position(rng) for _ in range(4)]
    with thinking_ahead():
        ahead = solve_positions(positions, all_cards=True)
    with thinking_ahead(likely=True):
        assert solve_positions(positions, all_cards=True) == ahead
    solves.clear()
    assert solve_positions(positions, all_cards=True) == ahead and solves == []


def test_thinking_ahead_ends_with_its_block():
    assert analysis._AHEAD.get() is analysis.Need.NOW
    with thinking_ahead():
        assert analysis._AHEAD.get() is analysis.Need.MAYBE
        with thinking_ahead(likely=True):
            assert analysis._AHEAD.get() is analysis.Need.SOON
        assert analysis._AHEAD.get() is analysis.Need.MAYBE
    with pytest.raises(KeyError), thinking_ahead():
        raise KeyError("out")
    assert analysis._AHEAD.get() is analysis.Need.NOW


@settings(max_examples=4)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_table_thought_out_ahead_lead_by_lead_is_dds_table(seed: int):
    deal = Deal.random(random.Random(seed))
    (whole,) = dd_tables([deal], cache=False)
    with thinking_ahead():
        (ahead,) = dd_tables([deal], cache=False)
    assert ahead == whole


def test_a_table_thought_out_ahead_is_solved_lead_by_lead_and_then_remembered(solves: list[Position]):
    deal = Deal.random(random.Random(3))
    with thinking_ahead():
        (ahead,) = dd_tables([deal], cache=False)
    assert len(solves) == 20 and all(trick == [] for *_, trick in solves)  # each declarer, each strain
    solves.clear()
    with thinking_ahead():
        assert dd_tables([deal], cache=False) == [ahead]
    assert solves == []


# --- a pupil's game thought about ahead --------------------------------------------------------------------------

GAMES = [
    GameSetup(lesson=3, deals=1, seed=1, samples=4, count_points=True),
    GameSetup(lesson=4, deals=1, seed=2, samples=4),
    GameSetup(lesson=5, deals=1, seed=5, samples=4, count_points=True),
    GameSetup(lesson=6, deals=1, seed=7, samples=4, count_points=True),
    GameSetup(lesson=6, deals=1, seed=1, samples=4),
    GameSetup(lesson=6, deals=1, seed=3, samples=4, three_handed="simple", count_points=True),
]
"""Games of Lessons Three to Six, some where the pupil counts their points, one three-handed."""

AHEAD_TRICKS = 2
"""The tricks during which the pupil's game is thought about ahead at each of the pupil's decisions (later, only
played: thinking ahead at the last tricks is quick, and so is the test)."""


def likely_action(game: PupilGame) -> dict[str, Any]:
    """The pupil's likeliest decision: their points counted right, the first declarer offered, the contract the
    lessons teach, their first legal card."""
    table = game.table
    phase = table.phase
    if phase == "count":
        return {"points": table.game.deal[game.pupil_seat].hcp}
    if phase == "declarer":
        assert table.game.announcement is not None
        return {"declarer": table.game.announcement.may_declare[0].letter}
    if phase == "contract":
        assert table.game.declarer is not None
        return {"contract": str(taught_contract(table.rules, table.game.deal, table.game.declarer))}
    assert phase == "play", phase
    card: Card = table.legal_cards(game.table.decider or "")[0]
    return {"card": str(card)}


def pupil_decisions(game: PupilGame) -> Iterator[dict[str, Any]]:
    """Play ``game`` on to its end with the pupil's likeliest decisions; yields each before it is taken."""
    while game.table.phase != "game_over":
        if game.table.phase == "deal_over":
            action_from({"next": True})(game)
        else:
            action = likely_action(game)
            yield action
            action_from(action)(game)
        game.advance()


def counted(solves: list[Position], step: Callable[[], object]) -> int:
    """The positions DDS is asked to solve while ``step`` runs."""
    before = len(solves)
    step()
    return len(solves) - before


@pytest.mark.parametrize("setup", GAMES, ids=lambda s: f"lesson{s.lesson}-seed{s.seed}-{s.three_handed or 'four'}")
def test_thinking_ahead_changes_nothing_and_the_likeliest_next_decision_needs_no_solve(
    setup: GameSetup, solves: list[Position], monkeypatch: pytest.MonkeyPatch
):
    """Played on with the pupil's likeliest decisions, a game thought about ahead before each of the pupil's
    decisions in the first tricks ends exactly as the same game never thought about; each time the table thought
    about is unchanged, and the computer's decisions after the pupil's count or contract need no solve."""
    plain = PupilGame.start(setup)
    taken = list(pupil_decisions(plain))  # the game that never thought ahead
    monkeypatch.setattr(analysis, "_SOLVED", Once(size=analysis.POSITIONS_KEPT))  # nothing it solved is found

    game = PupilGame.start(setup)
    checked = sum(pupil_decisions_thinking(game, solves))
    assert game.to_data() == plain.to_data()
    assert checked >= 1 and len(taken) >= checked


def pupil_decisions_thinking(game: PupilGame, solves: list[Position]) -> Iterator[int]:
    """Play ``game`` on with the pupil's likeliest decisions, thinking ahead before each in the first tricks:
    the table thought about is unchanged, and after a count or the contract the computer decides without a solve.
    Yields 1 for each decision so checked."""
    while game.table.phase != "game_over":
        if game.table.phase == "deal_over":
            action_from({"next": True})(game)
            game.advance()
            continue
        play = game.table.game.play
        early = play is None or len(play.tricks) < AHEAD_TRICKS
        phase = game.table.phase
        action = likely_action(game)
        if early:
            before = game.to_data()
            kept = copy.deepcopy(before)
            think_ahead(game.table)
            assert game.to_data() == before == kept
        decided = counted(solves, lambda action=action: (action_from(action)(game), game.advance()))
        if early and phase in ("count", "contract"):
            assert decided == 0, (phase, action)
            yield 1
