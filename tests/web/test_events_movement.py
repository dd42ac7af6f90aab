"""An event under its lesson's rules everywhere, and an event with a movement: the teacher gives the pairs, the
event page shows who plays where, the guide cards print, and a table's tablet starts from its table and round."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from click.testing import CliRunner
from events_client import TEACHER, alert_of, buttons, step_of
from pypdf import PdfReader
from starlette.testclient import TestClient

from minibridge.cards import Seat
from minibridge.cli import main
from minibridge.contract import Contract
from minibridge.duplicate import Event
from minibridge.event_games import game_setup
from minibridge.scoring import score

LESSON_THREE_RESULT = {"board": 1, "ns": "1", "ew": "1", "contract": "1NT", "declarer": "N", "tricks": 8}


def _event(client: TestClient, **fields: object) -> dict:
    body = {"name": "Class 3", **fields}
    answer = client.post("/api/events", json=body, headers=TEACHER)
    assert answer.status_code == 201, answer.text
    return answer.json()


# --- one rule set: the lesson's --------------------------------------------------------------------------------


def test_a_lesson_three_event_scores_1nt_making_8_as_130_everywhere(client: TestClient, tmp_path: Path):
    event = _event(client, lesson=3, boards=4)
    assert event["rules"] == "MiniLesson Three"
    entered = client.post(f"/api/events/{event['id']}/results", json=LESSON_THREE_RESULT)
    assert entered.status_code == 201 and entered.json()["ns_score"] == 130
    ranking = client.get(f"/api/events/{event['id']}/ranking").json()
    assert ranking["boards"][0]["results"][0]["ns_score"] == 130

    results = tmp_path / "class-3-results.txt"
    results.write_text(client.get(f"/api/events/{event['id']}/results.txt").text, encoding="utf-8")
    assert "# lesson: 3" in results.read_text(encoding="utf-8")
    scored = CliRunner().invoke(main, ["duplicate", "score", str(results), "--json"])
    assert scored.exit_code == 0, scored.output
    assert json.loads(scored.stdout)["boards"][0]["results"][0]["ns_score"] == 130
    pdf = tmp_path / "travellers.pdf"
    printed = CliRunner().invoke(main, ["duplicate", "score", str(results), "-o", str(pdf)])
    assert printed.exit_code == 0, printed.output
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "130" in text and "MiniLesson Three scoring" in text and "EBU" not in text

    shown = client.get(f"/api/events/{event['id']}", headers=TEACHER).json()
    stored = Event.from_data(
        event["id"], {**shown, "boards": [[d["board"], d["dealer"], d["deal"]] for d in shown["deals"]]}
    )
    pupils_rules = game_setup(stored, samples=1).rule_set()
    assert pupils_rules == stored.rules
    assert score(Contract.from_str("1NT"), 8, pupils_rules, declarer=Seat.NORTH).declarers_score == 130


def test_the_tablet_of_a_lesson_three_event_offers_only_its_contracts_and_scores_130(client: TestClient):
    event = _event(client, lesson=3, boards=4)
    address = f"/events/{event['id']}/table"
    contracts = client.get(address, params={"board": "1", "ns": "1", "ew": "1"}).text
    assert step_of(contracts) == "contract" and buttons(contracts, "contract") == ["1NT"]
    confirm = client.get(address, params={**LESSON_THREE_RESULT, "tricks": "8"}).text
    assert step_of(confirm) == "confirm" and "<strong>130</strong>" in confirm
    kept = client.post(address, data={k: str(v) for k, v in LESSON_THREE_RESULT.items()})
    assert step_of(kept.text) == "done" and "130" in kept.text


def test_a_lesson_without_slams_refuses_an_event_with_slams(client: TestClient):
    refused = client.post("/api/events", json={"name": "X", "lesson": 5, "slam": True}, headers=TEACHER)
    assert refused.status_code == 422
    assert refused.json()["error"] == "Lesson 5 plays no slams: start the event without slams, or without a lesson"


# --- the movement over the API and on the teacher's pages ----------------------------------------------------


def test_the_teacher_gives_the_pairs_and_the_event_has_a_movement(client: TestClient):
    event = _event(client, boards=8, pairs=7)
    movement = event["movement"]
    assert (event["pairs"], movement["kind"], movement["tables"], movement["rounds"]) == (7, "skip Mitchell", 4, 3)
    first = movement["round_tables"][0]
    assert first["sits_out"] == 4 and first["tables"][3] == {
        "table": 4,
        "ns": 4,
        "ew": None,
        "boards": [7, 8],
        "boards_to": 3,
        "ew_to": None,
    }
    assert client.get(f"/api/events/{event['id']}", headers=TEACHER).json()["movement"] == movement
    assert _event(client, boards=4)["movement"] is None


def test_pairs_and_boards_that_do_not_share_out_are_refused_saying_what_would(client: TestClient):
    refused = client.post("/api/events", json={"name": "X", "boards": 10, "pairs": 12}, headers=TEACHER)
    assert refused.status_code == 422
    assert refused.json()["error"] == (
        "6 tables play 6 sets of boards, the same number in each: 10 boards cannot be shared out; "
        "give 6 or 12 or 18 boards"
    )
    for pairs in (3, 21, "8", True):
        answer = client.post("/api/events", json={"name": "X", "boards": 8, "pairs": pairs}, headers=TEACHER)
        assert answer.status_code == 422 and "error" in answer.json()


def test_the_event_form_takes_the_pairs_and_the_page_shows_the_movement(client: TestClient):
    made = client.post(
        "/teacher/events", data={"name": "Club", "boards": "6", "pairs": "5"}, headers=TEACHER, follow_redirects=False
    )
    assert made.status_code == 303
    page = client.get(made.headers["location"], headers=TEACHER).text
    assert "Mitchell for 5 pairs at 3 tables: 3 rounds of 2 boards." in page
    rows = re.findall(r'<tr data-round="(\d)">(.*?)</tr>', page, re.S)
    assert [number for number, _ in rows] == ["1", "2", "3"]
    assert "N–S 3 sits out" in rows[0][1] and "N–S 1 · E–W 1" in rows[0][1] and "boards 1–2" in rows[0][1]
    refused = client.post("/teacher/events", data={"name": "Club", "boards": "5", "pairs": "5"}, headers=TEACHER)
    assert refused.status_code == 422 and "give 3 or 6 or 9 boards" in refused.text


def test_the_guide_cards_print_a_card_for_each_table_and_each_moving_pair(client: TestClient):
    event = _event(client, boards=8, pairs=7)
    printed = client.get(f"/teacher/events/{event['id']}/guide.pdf", headers=TEACHER)
    assert printed.status_code == 200 and printed.headers["content-type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(printed.content)).pages)
    assert all(f"Table {n}\n" in text for n in range(1, 5)) and all(f"E–W pair {n}\n" in text for n in range(1, 4))
    assert "Skip Mitchell: 7 pairs, 4 tables, 3 rounds of 2 boards." in text and "4 sits out" in text
    assert client.get(f"/teacher/events/{_event(client, boards=4)['id']}/guide.pdf", headers=TEACHER).status_code == 404
    assert client.get(f"/teacher/events/{event['id']}/guide.pdf").status_code == 401


# --- a table's tablet with a movement ------------------------------------------------------------------------


def test_the_tablet_starts_from_the_table_and_the_round_then_knows_the_pairs_and_boards(client: TestClient):
    event = _event(client, boards=6, pairs=6)
    address = f"/events/{event['id']}/table"
    first = client.get(address).text
    assert step_of(first) == "table" and buttons(first, "table") == ["1", "2", "3"]
    rounds = client.get(address, params={"table": "2"}).text
    assert step_of(rounds) == "round" and buttons(rounds, "round") == ["1", "2", "3"]
    assert re.search(r'class="big now" type="submit" name="round" value="1" autofocus', rounds)
    boards = client.get(address, params={"table": "2", "round": "2"}).text
    assert step_of(boards) == "board" and buttons(boards, "board") == ["5", "6"]  # the boards move down a table
    assert "E–W <strong>1</strong>" in boards and "N–S <strong>2</strong>" in boards
    contract = client.get(address, params={"table": "2", "round": "2", "board": "5"}).text
    assert step_of(contract) == "contract"
    wrong = client.get(address, params={"table": "2", "round": "2", "board": "1"}).text
    assert step_of(wrong) == "board" and alert_of(wrong) == "Board 1 is not played here in this round."
    assert step_of(client.get(address, params={"table": "9"}).text) == "table"


def test_a_board_already_entered_is_refused_at_the_first_step(client: TestClient):
    event = _event(client, boards=6, pairs=6)
    address = f"/events/{event['id']}/table"
    seat = {"table": "1", "round": "1"}
    result = {**seat, "board": "1", "ns": "1", "ew": "1", "contract": "3NT", "declarer": "S", "tricks": "9"}
    assert step_of(client.post(address, data=result).text) == "done"
    again = client.get(address, params={**seat, "board": "1"}).text
    assert step_of(again) == "board" and alert_of(again) == "Board 1 is done at this table. Ask your teacher to fix it."
    assert re.search(r'class="big done" type="submit" name="board" value="1"', again)
    twice = client.post(address, data={**result, "tricks": "8"})
    assert (
        twice.status_code == 409
        and alert_of(twice.text) == "Board 1 is done at this table. Ask your teacher to fix it."
    )
    client.post(address, data={**result, "board": "2"})
    rounds = client.get(address, params={"table": "1"}).text  # both boards in: round 2 is now
    assert re.search(r'class="big now" type="submit" name="round" value="2"', rounds)


def test_a_pair_sitting_out_has_nothing_to_enter(client: TestClient):
    event = _event(client, boards=6, pairs=5)
    page = client.get(f"/events/{event['id']}/table", params={"table": "3", "round": "1"}).text
    assert step_of(page) == "round" and alert_of(page) == "No one plays at table 3 in round 1. Wait for the next round."


def test_an_event_without_a_movement_keeps_its_tablet_as_before(client: TestClient):
    event = _event(client, boards=4)
    address = f"/events/{event['id']}/table"
    assert step_of(client.get(address).text) == "board"
    assert step_of(client.get(address, params={"board": "1"}).text) == "ns"


def test_the_tablet_keeps_the_pairs_the_movement_seats_at_its_table(client: TestClient):
    event = _event(client, boards=6, pairs=6)
    sent = {"table": "2", "round": "2", "board": "5", "ns": "9", "ew": "9", "contract": "3NT", "declarer": "S"}
    assert step_of(client.post(f"/events/{event['id']}/table", data={**sent, "tricks": "9"}).text) == "done"
    kept = client.get(f"/api/events/{event['id']}/ranking").json()["boards"][0]["results"][0]
    assert (kept["ns"], kept["ew"]) == ("2", "1")


def test_the_event_page_prints_the_travellers_by_the_lessons_rules(client: TestClient):
    event = _event(client, lesson=3, boards=4)
    travellers = f"/teacher/events/{event['id']}/travellers.pdf"
    assert client.get(travellers, headers=TEACHER).status_code == 409
    client.post(f"/api/events/{event['id']}/results", json=LESSON_THREE_RESULT)
    assert "travellers.pdf" in client.get(f"/teacher/events/{event['id']}", headers=TEACHER).text
    printed = client.get(travellers, headers=TEACHER)
    assert printed.status_code == 200 and printed.headers["content-type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(printed.content)).pages)
    assert "Class 3" in text and "130" in text and "MiniLesson Three scoring" in text
    assert client.get(travellers).status_code == 401
