"""Several classes on the same boards: an event's results file says its school and deals; another class's file is
taken in only on the same deals and rules, checked whole; the merged ranking is ``minibridge duplicate score`` on
the two files joined, each pair named by its school."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from minibridge.cli import main
from minibridge.duplicate import (
    Event,
    EventProblem,
    event_file,
    new_event,
    parse_results,
    ranking,
    with_class,
    without_class,
)

OAK = "1 1 1 3NT S 9\n1 2 2 3NT S 10\n2 1 2 4H E 10\n2 2 1 1S N 8\n"
ELM = "1 1 1 3NT S 8\n1 2 2 1NT N 7\n2 1 2 4H E 11\n"


def _score(folder: Path, text: str) -> tuple[int, Any]:
    """``minibridge duplicate score FILE --json`` on ``text``: its exit status and its answer (or its words)."""
    path = folder / "joined.txt"
    path.write_text(text, encoding="utf-8")
    done = CliRunner().invoke(main, ["duplicate", "score", str(path), "--json"])
    if done.exit_code != 0:
        return done.exit_code, done.output
    scored = json.loads(done.stdout)
    scored["notes"] = [note.removeprefix(f"{path}, ") for note in scored["notes"]]
    return done.exit_code, scored


def _event(school: str, seed: int = 11, **fields: Any) -> Event:
    return new_event(name=f"{school} class", boards=3, seed=seed, school=school, **fields)


def _merged(home: Event, text: str, **given: Any) -> Event:
    """``home`` with the file ``text`` taken in, as the classroom keeps it."""
    return Event.from_data(home.id, with_class(home.as_data(), text, **given))


def test_the_merged_ranking_is_duplicate_score_on_the_two_files_joined(tmp_path: Path):
    oak, elm = _event("Oak"), _event("Elm")
    oak_file = event_file(oak, parse_results(OAK))
    elm_file = event_file(elm, parse_results(ELM))
    merged = _merged(oak, elm_file)
    data = ranking(parse_results(OAK), merged)
    status, joined = _score(tmp_path, oak_file + elm_file)
    assert status == 0
    assert {key: data[key] for key in ("boards", "rankings", "notes")} == joined
    pairs = {p["pair"] for p in data["rankings"]["ns"]}
    assert pairs == {"Oak 1", "Oak 2", "Elm 1", "Elm 2"}
    # one field: board 1 has four N–S results, a top of 6
    assert data["boards"][0]["top"] == 6 and len(data["boards"][0]["results"]) == 4
    assert data["waiting"] == [3]


def test_one_class_alone_keeps_its_pairs_plain(tmp_path: Path):
    oak = _event("Oak")
    status, alone = _score(tmp_path, event_file(oak, parse_results(OAK)))
    assert status == 0 and {p["pair"] for p in alone["rankings"]["ns"]} == {"1", "2"}
    assert {p["pair"] for p in ranking(parse_results(OAK), oak)["rankings"]["ns"]} == {"1", "2"}


def test_results_of_other_deals_are_refused_naming_the_board():
    oak = _event("Oak")
    other = event_file(_event("Elm", seed=12), parse_results(ELM))
    with pytest.raises(EventProblem, match="these results are for other deals: board 1 differs"):
        with_class(oak.as_data(), other)


def test_duplicate_score_refuses_files_of_other_deals_joined(tmp_path: Path):
    oak_file = event_file(_event("Oak"), parse_results(OAK))
    other = event_file(_event("Elm", seed=12), parse_results(ELM))
    status, said = _score(tmp_path, oak_file + other)
    assert status == 1 and "these results are for other deals: board 1 differs" in said


def test_results_of_other_rules_are_refused():
    oak = _event("Oak")
    slams = event_file(_event("Elm", slam=True), parse_results(ELM))
    with pytest.raises(
        EventProblem, match=r"other rules \(EBU MiniBridge, with slams\); this event plays by EBU MiniBridge$"
    ):
        with_class(oak.as_data(), slams)


def test_a_bad_line_is_refused_with_its_line_and_nothing_is_kept():
    oak = _event("Oak")
    text = event_file(_event("Elm"), parse_results(ELM)) + "2 3 3 4X E 10\n"
    kept = oak.as_data()
    with pytest.raises(EventProblem) as refused:
        with_class(kept, text)
    assert "line" in refused.value.message and "4X" in refused.value.message
    assert kept.get("classes") == []


def test_a_pair_that_plays_a_board_twice_is_refused():
    oak = _event("Oak")
    text = event_file(_event("Elm"), parse_results(ELM)) + "1 1 3 3NT S 9\n"
    with pytest.raises(EventProblem, match="twice"):
        with_class(oak.as_data(), text)


def test_a_file_without_deals_or_school_is_refused_and_a_name_may_be_given():
    oak = _event("Oak")
    with pytest.raises(EventProblem, match="does not say which deals"):
        with_class(oak.as_data(), ELM)
    no_school = "\n".join(
        line for line in event_file(_event("Elm"), parse_results(ELM)).splitlines() if "school" not in line
    )
    with pytest.raises(EventProblem, match="does not say its school"):
        with_class(oak.as_data(), no_school)
    merged = _merged(oak, no_school, school="Ash")
    assert [c.school for c in merged.classes] == ["Ash"]


def test_a_school_taken_already_is_refused_and_a_class_can_be_removed():
    oak = _event("Oak")
    text = event_file(_event("Elm"), parse_results(ELM))
    merged = _merged(oak, text)
    with pytest.raises(EventProblem, match="Elm already"):
        with_class(merged.as_data(), text)
    with pytest.raises(EventProblem, match="oak already"):
        with_class(oak.as_data(), event_file(_event("oak"), parse_results(ELM)))
    back = Event.from_data("", without_class(merged.as_data(), merged.classes[0].id))
    assert back.classes == () and {p["pair"] for p in ranking(parse_results(OAK), back)["rankings"]["ns"]} == {"1", "2"}
