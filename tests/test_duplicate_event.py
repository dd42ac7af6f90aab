"""The teacher's live event (``minibridge.duplicate.event``): its boards, the tables' results read as a results
file's lines are, and scored, match-pointed and ranked by the same competition as ``minibridge duplicate score``;
a table's result entered one part at a time (``minibridge.duplicate.entering``)."""

from __future__ import annotations

import pytest

from minibridge.duplicate import (
    EnteredResult,
    Event,
    EventProblem,
    change_data,
    competition_data,
    event_from_fields,
    new_event,
    next_step,
    pair_choices,
    parse_results,
    ranking,
    read_result,
    result_row,
    results_text,
    score_results,
    scored_result,
    step_choices,
)
from minibridge.lessons import find_lesson
from minibridge.practice import pack_deals

RESULTS = [  # board, N–S pair, E–W pair, contract, declarer, tricks
    (1, "1", "1", "3NT", "S", 10),
    (1, "2", "2", "3NT", "S", 9),
    (1, "3", "3", "4H", "N", 8),
    (3, "1", "2", "4H", "E", 10),
    (3, "2", "3", "1NT", "E", 7),
]


def _entries(event: Event) -> list:
    fields = ("board", "ns", "ew", "contract", "declarer", "tricks")
    return [read_result(dict(zip(fields, row, strict=True)), event) for row in RESULTS]


def test_an_events_results_are_scored_as_the_same_results_file_is():
    event = new_event(name="Tuesday club", boards=4, seed=11)
    entries = _entries(event)
    from_file = score_results(parse_results(results_text(entries)))
    assert event.competition(entries) == from_file
    shown = ranking(entries, event)
    assert shown == {**competition_data(from_file), "waiting": [2, 4]}
    assert [board["board"] for board in shown["boards"]] == [1, 3]
    top = scored_result(entries, entries[0], event)  # 3NT +1 beats 3NT = and 4H two down: a top of 4
    assert (top["ns_score"], top["ns_matchpoints"], top["ew_matchpoints"]) == (430, 4, 0)
    alone = scored_result([entries[0]], entries[0], event)
    assert (alone["ns_score"], alone["ns_matchpoints"]) == (430, 0)


def test_an_event_with_slams_takes_a_slam_and_one_without_refuses_it():
    fields = {"board": 1, "ns": "1", "ew": "2", "contract": "6NT", "declarer": "S", "tricks": 12}
    with_slams = new_event(name="Club", boards=2, seed=4, slam=True)
    assert scored_result([entry := read_result(fields, with_slams)], entry, with_slams)["ns_score"] == 990
    with pytest.raises(EventProblem, match=r"^contract: "):
        read_result(fields, new_event(name="Club", boards=2, seed=4))


def test_a_lessons_event_deals_that_lessons_pack_and_keeps_its_boards_as_data():
    event = new_event(name="Class 5", boards=3, lesson=5, seed=21)
    pack, seed = pack_deals(find_lesson(5), 3, seed=21)
    assert seed == 21 and event.written_boards() == tuple(
        (board.number, board.dealer.letter, board.deal.to_pbn()) for board in pack
    )
    kept = Event.from_data("abc", event.as_data(), closed=True)
    assert (kept.id, kept.closed, kept.written_boards(), kept.rules) == (
        "abc",
        True,
        event.written_boards(),
        event.rules,
    )
    assert kept.board(2) is not None and kept.board(2).deal == pack[1].deal and kept.board(4) is None


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"name": "X", "boards": "four"}, "'boards' should be a number of boards, like 4"),
        ({"name": "X", "boards": True}, "'boards' should be a number of boards, like 4"),
        ({"name": "X", "colour": "red"}, "'colour' is not a setting of an event"),
        ({"boards": 4}, "give the event a name"),
        ({"name": "X", "boards": 37}, "an event has 1 to 36 boards, not 37"),
        ({"name": "X", "lesson": 7}, "choose a lesson from 1 to 6, not 7"),
    ],
)
def test_an_event_from_a_requests_fields_is_refused_in_plain_words(fields: dict, said: str):
    with pytest.raises(EventProblem) as refused:
        event_from_fields(fields)
    assert said in refused.value.message


def test_a_change_of_the_results_says_who_entered_it_and_what_it_replaced():
    event = new_event(name="Club", boards=2, seed=4)
    entry = _entries(new_event(name="Club", boards=4, seed=4))[1]
    change = EnteredResult(
        number=7, entry=entry, entered="2026-03-12T10:00:00+00:00", by="teacher", replaces=(3,), in_force=True
    )
    assert change_data(change, event) == {
        "board": 1,
        "ns": "2",
        "ew": "2",
        "contract": "3NT",
        "declarer": "S",
        "tricks": 9,
        "ns_score": 400,
        "ew_score": 0,
        "by": "teacher",
        "correction": True,
        "replaces": [3],
        "entered": "2026-03-12T10:00:00+00:00",
    }


CLUB = new_event(name="Club", boards=3, seed=4)


@pytest.mark.parametrize(
    ("given", "step", "kept", "said"),
    [
        ({}, "board", {}, None),
        ({"board": "2", "ns": "1", "ew": "4"}, "contract", {"board": "2", "ns": "1", "ew": "4"}, None),
        ({"board": "4", "ns": "1", "ew": "4"}, "board", {"ns": "1", "ew": "4"}, "There is no board 4 in Club."),
        ({"board": "2", "ns": "1 2"}, "ns", {"board": "2"}, "Choose the pair's number."),
        (
            {"board": "2", "ns": "1", "ew": "4", "contract": "4Z"},
            "contract",
            {"board": "2", "ns": "1", "ew": "4"},
            "Choose the contract.",
        ),
        (
            {"board": "1", "ns": "1", "ew": "4", "contract": "4S", "declarer": "X"},
            "declarer",
            None,
            "Choose who was declarer.",
        ),
        (
            {"board": "1", "ns": "1", "ew": "4", "contract": "6S", "declarer": "N", "tricks": "12"},
            "tricks",
            None,
            "contract: ",
        ),
        (
            {"board": "1", "ns": "1", "ew": "4", "contract": "4S", "declarer": "N", "tricks": "14"},
            "tricks",
            None,
            "tricks: ",
        ),
        (
            {"board": "1", "ns": "1", "ew": "4", "contract": "4S", "declarer": "N", "tricks": "11"},
            "confirm",
            None,
            None,
        ),
    ],
)
def test_a_tables_result_is_asked_for_one_part_at_a_time(given: dict, step: str, kept: dict | None, said: str | None):
    found = next_step(CLUB, given)
    assert found[0] == step
    if kept is not None:
        assert found[1] == kept
    if said is None or said.endswith("."):
        assert found[2] == said
    else:  # the reading of a results file's line says what is wrong, column first
        assert found[2].startswith(said)


def test_the_choices_of_each_step_and_the_result_the_opponents_check():
    without = step_choices(CLUB)
    assert without["boards"] == [1, 2, 3] and without["seats"] == ["N", "E", "S", "W"]
    assert {c["kind"] for c in without["contracts"]} == {"part-score", "game"} and without["made"] == []
    with_slams = step_choices(new_event(name="Club", boards=1, seed=4, slam=True), fields={"contract": "6NT"})
    assert {c["kind"] for c in with_slams["contracts"]} == {"part-score", "game", "slam", "grand slam"}
    assert [m["tricks"] for m in with_slams["made"]] == [12, 13]
    assert [d["under"] for d in with_slams["down"]] == list(range(1, 13))
    entry = read_result({"board": 1, "ns": "1", "ew": "4", "contract": "4S", "declarer": "W", "tricks": 9}, CLUB)
    row = result_row(entry, CLUB)
    assert (row["ew_score"], row["ns_score"], row["goal"], row["made"], row["difference"]) == (0, 50, 10, False, -1)
    assert (row["declaring"], row["opponents"]) == ("EW", "NS")
    assert pair_choices([]) == [str(n) for n in range(1, 11)]
    higher = read_result({"board": 2, "ns": "10", "ew": "B", "contract": "1NT", "declarer": "S", "tricks": 7}, CLUB)
    assert pair_choices([entry, higher])[-3:] == ["10", "11", "12"]
