"""A table of pupils (the classroom's library): the teacher's undo and restart give exactly the position before,
the stop, pupils leaving and coming back, moving on to the next deal, three players, the seats' keys, and
refusals in words that change nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from minibridge.cards import Card, Seat
from minibridge.classroom import GameSetup
from minibridge.classroom.class_table import ClassTable, Robots, TableRefused
from minibridge.contract import Contract

NAMES = {"N": "Amy", "E": "Ben", "S": "Cleo", "W": "Dev"}


def _table(
    places: str, *, robots: Robots = "now", lockstep: bool = False, number: int = 1, **setup: Any
) -> tuple[ClassTable, dict[str, str]]:
    """A new table with a pupil at each of ``places``; the pupils' keys by place."""
    setup = {"deals": 2, "seed": 7, **setup}
    table = ClassTable.new(GameSetup(samples=2, **setup), number=number, robots=robots, lockstep=lockstep)
    return table, {place: table.sit(place, NAMES[place]) for place in places}


def _teacher(table: ClassTable) -> dict[str, Any]:
    """The teacher's view of the table: all four hands as they stand."""
    return table.view(None, every_hand=True)


def _advance(table: ClassTable) -> int:
    """Let the computer take its decisions until a person's is awaited; how many it took."""
    steps = 0
    while table.step():
        steps += 1
    return steps


def _decide(table: ClassTable, rng: random.Random) -> None:
    """The decision of the pupil whose turn it is, at random among those the pupil's view offers."""
    place = table.table.decider
    assert place is not None and table.pupil(place) is not None
    view = table.view(place)
    phase = table.table.phase
    if phase == "declarer":
        table.choose_declarer(place, Seat.from_str(rng.choice(view["declarers"])))
    elif phase == "contract":
        table.choose_contract(place, Contract.from_str(rng.choice(view["contracts"])))
    else:
        table.play_card(place, Card.from_str(rng.choice(view["legal"])))


def _cards(table: ClassTable) -> list[str]:
    return list(table.to_data()["deals"][-1]["cards"])


def _finish_deal(table: ClassTable, rng: random.Random) -> None:
    _advance(table)
    while table.table.phase not in ("deal_over", "game_over"):
        _decide(table, rng)
        _advance(table)


def _refused(kind: str, match: str, action: Any) -> TableRefused:
    with pytest.raises(TableRefused, match=match) as refusal:
        action()
    assert refusal.value.kind == kind
    return refusal.value


# --- the teacher's undo and restart --------------------------------------------------------------------------

UNDO_TABLES = [
    ({"lesson": 3}, "NS"),
    ({"lesson": 5}, "E"),
    ({"lesson": 6}, "NESW"),
    ({"lesson": 1}, "W"),
    ({"rules": "nbb"}, "SW"),
    ({"three_handed": "simple"}, "S"),
    ({"three_handed": "normal"}, "WE"),
]


@pytest.mark.parametrize(("setup", "places"), UNDO_TABLES, ids=lambda v: str(v))
def test_undo_of_a_card_gives_the_position_before_it_exactly(setup: dict[str, Any], places: str):
    """Before each pupil's card the teacher's view is kept; the card is played, the computer plays after it, and
    the teacher's undo gives back exactly that view (the computer's cards after the pupil's taken back too)."""
    table, _ = _table(places, deals=1, **setup)
    rng = random.Random(len(places) + (setup.get("lesson") or 0))
    _advance(table)
    undone = with_computer = 0
    for _ in range(400):
        phase = table.table.phase
        if phase in ("deal_over", "game_over"):
            break
        if phase != "play":
            _decide(table, rng)
            _advance(table)
            continue
        before, kept, cards = _teacher(table), table.to_data(), _cards(table)
        _decide(table, rng)
        computer = _advance(table)
        if rng.random() < 0.4:
            table.undo("card")
            assert _teacher(table) == before
            assert table.to_data() == kept
            assert _cards(table) == cards
            undone += 1
            with_computer += computer > 0
    else:
        raise AssertionError("the deal did not end")
    assert undone
    if len(places) < 4:
        assert with_computer  # the computer's cards after the pupil's went back with it


@pytest.mark.parametrize(("setup", "places"), UNDO_TABLES[:5], ids=lambda v: str(v))
def test_undo_of_a_trick_gives_the_position_at_its_start_exactly(setup: dict[str, Any], places: str):
    """The teacher's view at the start of each trick is kept (also between two of the computer's cards); undo of
    the trick being played gives it back, and at a trick's end (and the deal's) undo gives back the trick
    just finished."""
    table, _ = _table(places, deals=1, **setup)
    rng = random.Random(3)
    starts: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}

    def note() -> None:
        play = table.table.game.play
        if play is not None and not play.current_trick and table.table.phase == "play":
            starts.setdefault(len(play.tricks), (_teacher(table), table.to_data()))

    def advance() -> None:
        note()
        while table.step():
            note()

    advance()
    undone = 0
    for _ in range(400):
        phase = table.table.phase
        if phase in ("deal_over", "game_over"):
            break
        _decide(table, rng)
        advance()
        play = table.table.game.play
        if phase == "play" and play is not None and table.table.phase == "play" and (rng.random() < 0.2 or not undone):
            number = len(play.tricks) - (0 if play.current_trick else 1)
            table.undo("trick")
            assert (_teacher(table), table.to_data()) == starts[number]
            undone += 1
            for later in [n for n in starts if n > number]:
                del starts[later]
            advance()
    else:
        raise AssertionError("the deal did not end")
    assert undone
    last = len(table.table.game.play.tricks) - 1  # type: ignore[union-attr]
    table.undo("trick")
    assert (_teacher(table), table.to_data()) == starts[last]
    assert table.table.phase == "play"


def test_undo_when_no_pupil_played_yet_takes_back_the_last_card_of_all():
    table, _ = _table("N", lesson=5, deals=1, seed=7)  # East declares: the computer leads and plays on to North
    _advance(table)
    cards = _cards(table)
    assert len(cards) == 2 and table.table.decider == "N"
    table.undo("card")
    assert _cards(table) == cards[:1] and table.computer_to_act()


@pytest.mark.parametrize("setup", [{"lesson": 3, "seed": 3}, {"lesson": 5}, {"three_handed": "normal"}], ids=str)
def test_restart_deals_the_same_deal_again_from_its_start(setup: dict[str, Any]):
    table, _ = _table("NS" if "three_handed" not in setup else "SW", **setup)
    start, kept = _teacher(table), table.to_data()
    rng = random.Random(2)
    _advance(table)
    for _ in range(3):
        _decide(table, rng)
        _advance(table)
    assert _teacher(table) != start
    table.restart()
    assert _teacher(table) == start
    assert table.to_data() == kept
    _finish_deal(table, rng)  # and on to its end: restarted from there too, the same deal once more
    table.restart()
    assert _teacher(table) == start


def test_undo_before_any_card_is_refused_saying_why():
    table, _ = _table("S", lesson=5)
    kept = table.to_data()
    _refused("moment", "no card has been played in this deal yet", lambda: table.undo("card"))
    _refused("moment", "no card has been played in this deal yet", lambda: table.undo("trick"))
    assert table.to_data() == kept


def test_undo_at_the_end_of_the_deal_forgets_the_pupils_who_were_ready():
    table, _ = _table("NS", lesson=5, deals=2)
    _finish_deal(table, random.Random(4))
    table.next_deal("N")
    assert table.view("S")["ready"] == ["N"]
    table.undo("card")
    assert table.table.phase == "play" and table.view("S")["ready"] == []


# --- the stop ---------------------------------------------------------------------------------------------------


def test_the_teachers_stop_refuses_the_pupils_decisions_and_stops_the_computer():
    table, _ = _table("S", lesson=5, deals=1)
    rng = random.Random(5)
    _advance(table)
    while table.table.phase != "play" or table.table.decider is None:
        _decide(table, rng)
        _advance(table)
    table.pause(True)
    kept = table.to_data()
    card = Card.from_str(table.view("S")["legal"][0])
    _refused("moment", "the teacher has stopped the table for a moment: wait", lambda: table.play_card("S", card))
    assert table.view("S")["paused"] and table.view("S")["pupil_to_act"]
    table.pause(False)
    table.play_card("S", card)
    assert table.computer_to_act()
    table.pause(True)
    assert not table.computer_to_act() and not table.step()
    assert not table.view("S")["computer_next"]
    _refused("moment", "the table is already stopped", lambda: table.pause(True))
    table.pause(False)
    _refused("moment", "the table is not stopped", lambda: table.pause(False))
    assert table.step()
    _finish_deal(table, rng)
    assert table.table.phase == "game_over"
    assert kept != table.to_data()


def test_the_teachers_stop_keeps_the_table_at_the_end_of_the_deal():
    """A pupil's "next" while the table is stopped is refused like any other decision of theirs."""
    table, _ = _table("S", lesson=5, deals=2)
    _finish_deal(table, random.Random(6))
    table.pause(True)
    kept = table.to_data()
    _refused("moment", "stopped", lambda: table.next_deal("S"))
    assert table.to_data() == kept and table.table.phase == "deal_over"
    table.pause(False)
    table.next_deal("S")
    assert table.table.deal_number == 2


def test_a_pupil_leaving_while_the_table_is_stopped_does_not_move_it_on():
    table, _ = _table("NS", lesson=5, deals=2)
    _finish_deal(table, random.Random(16))
    table.next_deal("N")
    table.pause(True)
    table.leave("S")  # North alone is ready now: the table waits for the teacher to let it go on
    assert table.table.phase == "deal_over" and table.table.deal_number == 1
    table.pause(False)
    assert table.table.deal_number == 2 and table.table.phase != "deal_over"


# --- leaving, the computer, coming back ---------------------------------------------------------------------


def test_a_pupil_who_leaves_is_replaced_by_the_computer_at_once():
    table, keys = _table("NS", lesson=5, deals=1)
    rng = random.Random(8)
    _advance(table)
    _decide(table, rng)
    _advance(table)
    table.leave("S")
    assert table.place_of(keys["S"]) is None and table.place_of(keys["N"]) == "N"
    assert table.seats_data()["S"] == {"name": None, "robot": True}
    assert table.robot_plays("S")
    _finish_deal(table, rng)  # the computer plays South's cards: only North is asked
    assert table.table.phase == "game_over"


def test_a_seat_left_waits_for_the_teacher_until_she_gives_it_to_the_computer():
    table, keys = _table("NS", robots="teacher", lesson=5, deals=1, seed=7)
    assert table.seats_data()["E"] is None and table.seats_data()["W"] is None
    assert not table.computer_to_act()  # East and West wait for a pupil
    table.give_to_computer("E")
    table.give_to_computer("W")
    rng = random.Random(9)
    _advance(table)
    table.leave("S")
    assert table.seats_data()["S"] is None and table.place_of(keys["S"]) is None
    for _ in range(200):  # on until it is South's turn: the table waits
        if table.table.decider == "S":
            break
        _decide(table, rng)
        _advance(table)
    assert table.table.decider == "S"
    assert not table.computer_to_act() and not table.step()
    view = table.view("N")
    assert view["waiting_for"] == "nobody" and not view["computer_next"] and not view["pupil_to_act"]
    legal = [str(card) for card in table.table.game.play.legal_cards(table.table.seat_to_play)]  # type: ignore[union-attr]
    _refused(
        "moment",
        "wait: nobody sits in the seat whose turn it is yet",
        lambda: table.play_card("N", Card.from_str(legal[0])),
    )
    table.give_to_computer("S")
    assert table.seats_data()["S"] == {"name": None, "robot": True}
    assert table.step()


def test_a_pupil_takes_a_computers_seat_back():
    table, _ = _table("N", lesson=5, deals=1)
    table.give_to_computer("N")
    assert table.seats_data()["N"] == {"name": None, "robot": True}
    _refused("moment", "the computer already plays that seat", lambda: table.give_to_computer("N"))
    _refused("moment", "the computer already plays that seat", lambda: table.give_to_computer("E"))
    key = table.sit("N", "Ben")
    assert table.place_of(key) == "N" and table.seats_data()["N"] == {"name": "Ben", "robot": False}
    table.free("N")  # the teacher frees the seat: Ben gets up, the computer plays it till a pupil comes
    assert table.place_of(key) is None and table.robot_plays("N")
    _refused("moment", "that seat is already free", lambda: table.free("N"))


def test_the_teacher_hands_a_pupils_seat_to_the_computer():
    table, keys = _table("NE", robots="teacher", lesson=5, deals=1)
    table.give_to_computer("E")
    assert table.place_of(keys["E"]) is None
    assert table.seats_data()["E"] == {"name": None, "robot": True}
    table.free("E")
    assert table.seats_data()["E"] is None


# --- the next deal ----------------------------------------------------------------------------------------------


def test_the_next_deal_waits_for_every_pupil_at_the_table():
    table, _ = _table("NS", lesson=5, deals=2)
    _refused("moment", "the deal is not over yet", lambda: table.next_deal("N"))
    _finish_deal(table, random.Random(10))
    assert table.table.phase == "deal_over"
    table.next_deal("N")
    assert table.table.phase == "deal_over" and table.view("S")["ready"] == ["N"]
    table.next_deal("S")
    assert table.table.deal_number == 2 and table.view("S")["ready"] == []
    _finish_deal(table, random.Random(11))
    _refused("moment", "the game is over", lambda: table.next_deal("N"))
    _refused("moment", "the game is over", table.deal_next)


def test_a_pupil_leaving_after_the_deal_lets_the_others_go_on():
    table, _ = _table("NS", lesson=5, deals=2)
    _finish_deal(table, random.Random(12))
    table.next_deal("N")
    table.leave("S")
    assert table.table.deal_number == 2 and table.table.phase != "deal_over"


def test_with_lockstep_only_the_teacher_moves_the_table_on():
    table, _ = _table("NS", lockstep=True, lesson=5, deals=2)
    _refused("moment", "the deal is not over yet", table.deal_next)
    _finish_deal(table, random.Random(13))
    table.next_deal("N")
    table.next_deal("S")
    assert table.table.phase == "deal_over" and table.view("N")["ready"] == ["N", "S"]
    table.deal_next()
    assert table.table.deal_number == 2 and table.view("N")["ready"] == []


def test_the_hands_shown_by_the_teacher_are_hidden_again_at_the_next_deal():
    table, _ = _table("S", lesson=5, deals=2)
    assert sorted(table.view("S")["hands"]) != list("ENSW")
    table.show(True)
    assert sorted(table.view("S")["hands"]) == list("ENSW")
    _refused("moment", "the table already sees every hand", lambda: table.show(True))
    _finish_deal(table, random.Random(14))
    table.next_deal("S")
    assert not table.shown and sorted(table.view("S")["hands"]) != list("ENSW")
    _refused("moment", "the hands are not shown", lambda: table.show(False))


# --- three players, kept as data --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["simple", "normal"])
@pytest.mark.parametrize("seed", [2, 15])
def test_three_pupils_play_a_whole_three_handed_game_rebuilt_from_its_data(variant: str, seed: int):
    table, keys = _table("SWE", three_handed=variant, deals=3, seed=seed)
    assert list(table.places) == ["S", "W", "E"]
    _refused("value", "there is no seat 'N' at this table: choose S, W, E", lambda: table.sit("N", "Amy"))
    assert not table.computer_to_act()  # declarer plays the dummy hand: the computer has nothing to do
    rng = random.Random(seed)
    checks = 0
    for _ in range(1000):
        phase = table.table.phase
        if phase == "game_over":
            break
        if phase == "deal_over":
            for place in table.places:
                table.next_deal(place)
            continue
        assert table.table.decider in keys, "three pupils: every decision is a pupil's"
        _decide(table, rng)
        assert not table.step()
        if rng.random() < 0.1:
            again = ClassTable.from_data(json.loads(json.dumps(table.to_data())))
            assert again.to_data() == table.to_data()
            assert all(again.view(place) == table.view(place) for place in table.places)
            checks += 1
    else:
        raise AssertionError("the game did not end")
    assert table.table.deal_number == 3 and checks
    names = [player["name"] for player in table.view("S")["three_handed"]["players"]]
    assert names == ["Cleo", "Dev", "Ben"]
    again = ClassTable.from_data(json.loads(json.dumps(table.to_data())))
    assert again.to_data() == table.to_data()
    assert _teacher(again) == _teacher(table)
    assert all(again.view(place) == table.view(place) for place in table.places)
    assert all(again.place_of(key) == place for place, key in keys.items())


def test_a_four_handed_table_with_its_pupils_and_the_computer_is_rebuilt_from_its_data():
    table, keys = _table("NES", lesson=6, deals=2, seed=21)
    table.give_to_computer("S")
    rng = random.Random(21)
    _finish_deal(table, rng)
    table.next_deal("N")
    table.pause(True)
    table.show(True)
    again = ClassTable.from_data(json.loads(json.dumps(table.to_data())))
    assert again.to_data() == table.to_data()
    assert all(again.view(place) == table.view(place) for place in "NE")
    assert again.place_of(keys["E"]) == "E" and again.place_of(keys["S"]) is None


# --- the seats' keys --------------------------------------------------------------------------------------------


def test_a_key_opens_its_own_place_and_nothing_else():
    table, keys = _table("NS", lesson=5)
    other, other_keys = _table("NS", lesson=5, number=2)
    assert {place: table.place_of(key) for place, key in keys.items()} == {"N": "N", "S": "S"}
    assert keys["N"] != keys["S"] != other_keys["S"]
    assert table.place_of(other_keys["N"]) is None and other.place_of(keys["N"]) is None
    assert table.place_of("") is None and table.place_of(keys["N"][:-1]) is None
    kept = json.dumps(table.to_data())
    assert keys["N"] not in kept and keys["S"] not in kept  # only a digest is kept
    table.leave("N")
    assert table.place_of(keys["N"]) is None
    again = table.sit("N", "Dev")
    assert again != keys["N"] and table.place_of(again) == "N" and table.place_of(keys["N"]) is None


# --- refusals in words ------------------------------------------------------------------------------------------


def test_refusals_say_why_and_change_nothing():
    table, _ = _table("NS", lesson=5, deals=1, seed=7)  # East declares
    kept = table.to_data()
    _refused("moment", "Amy already sits there: choose a free seat", lambda: table.sit("N", "Dev"))
    _refused("value", "there is no seat 'X' at this table: choose N, E, S, W", lambda: table.sit("X", "Dev"))
    _refused("value", "there is no seat 'X'", lambda: table.give_to_computer("X"))
    _refused("value", "there is no seat 'X'", lambda: table.free("X"))
    _refused("moment", "there is no declarer for you to choose now", lambda: table.choose_declarer("N", Seat.NORTH))
    _refused("moment", "wait: it is the computer's turn", lambda: table.choose_contract("N", Contract.from_str("3NT")))
    _refused("moment", "there is no card to play now", lambda: table.play_card("N", Card.from_str("SA")))
    _refused("moment", "the deal is not over yet", table.deal_next)
    assert table.to_data() == kept
    _advance(table)
    assert table.table.decider == "S" and _cards(table) == []  # South leads
    kept = table.to_data()
    card = Card.from_str(table.view("S")["legal"][0])
    _refused("moment", "it is Cleo's turn, not yours", lambda: table.play_card("N", card))
    _refused(
        "moment",
        "it is not the moment for you to choose a contract",
        lambda: table.choose_contract("S", Contract.from_str("3NT")),
    )
    assert table.to_data() == kept
    table.play_card("S", card)
    _refused("moment", "wait: it is the computer's turn", lambda: table.play_card("N", card))
    assert _cards(table) == [str(card)]


def test_restart_of_a_deal_only_just_begun_is_refused_and_a_restart_hides_the_hands_again():
    table, _ = _table("NS", lesson=5)
    kept = table.to_data()
    _refused("moment", "the deal has only just begun: there is nothing to take back", table.restart)
    assert table.to_data() == kept
    rng = random.Random(4)
    _advance(table)
    _decide(table, rng)
    table.show(True)
    table.restart()
    assert not table.shown


def test_the_view_of_a_seat_nobody_holds_is_what_everyone_at_the_table_sees():
    table, _ = _table("N", lesson=5)
    assert table.view("E") == table.view(None)
