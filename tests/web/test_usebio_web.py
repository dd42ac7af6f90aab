"""An event's results for the EBU: ``GET /api/events/{id}/results.xml`` downloads the tables' results as a USEBIO
1.2 file, scored as the event's ranking scores them, and the teacher's event page links to it."""

from __future__ import annotations

import datetime
from pathlib import Path
from xml.etree import ElementTree

from classroom_client import make_client
from events_client import TEACHER
from starlette.testclient import TestClient

# Four N–S and four E–W pairs, two boards each.
RESULTS = [
    (1, "1", "1", "3NT", "S", 10),
    (1, "2", "2", "3NT", "S", 9),
    (1, "3", "3", "4S", "N", 8),
    (1, "4", "4", "3NT", "N", 10),
    (2, "1", "2", "4H", "E", 10),
    (2, "2", "3", "1NT", "E", 7),
    (2, "3", "4", "4H", "W", 9),
    (2, "4", "1", "4H", "E", 10),
]


def _event_with_results(client: TestClient) -> str:
    made = client.post("/api/events", json={"name": "Tuesday club", "boards": 2}, headers=TEACHER)
    assert made.status_code == 201, made.text
    event = str(made.json()["id"])
    for board, ns, ew, contract, declarer, tricks in RESULTS:
        result = {"board": board, "ns": ns, "ew": ew, "contract": contract, "declarer": declarer, "tricks": tricks}
        response = client.post(f"/api/events/{event}/results", json=result)
        assert response.status_code == 201, response.text
    return event


def test_the_download_is_the_events_ranking_as_a_usebio_file(client: TestClient):
    event = _event_with_results(client)
    response = client.get(f"/api/events/{event}/results.xml")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/xml")
    assert response.headers["content-disposition"] == 'attachment; filename="tuesday-club-results.xml"'
    root = ElementTree.fromstring(response.content)
    assert root.tag == "USEBIO" and root.attrib == {"Version": "1.2"}
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == "Tuesday club"
    assert root.findtext("EVENT/BOARD_SCORING_METHOD") == "MATCH_POINTS"
    started = datetime.datetime.now(datetime.UTC).date()
    assert root.findtext("EVENT/DATE") == started.strftime("%d/%m/%Y")
    ranking = client.get(f"/api/events/{event}/ranking").json()
    lines = [
        (line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER"), line.findtext("NS_MATCH_POINTS"))
        for line in root.iter("TRAVELLER_LINE")
    ]
    assert lines == [(r["ns"], r["ew"], str(r["ns_matchpoints"])) for b in ranking["boards"] for r in b["results"]]
    pairs = [(p.findtext("DIRECTION"), p.findtext("PAIR_NUMBER"), p.findtext("PERCENTAGE")) for p in root.iter("PAIR")]
    assert pairs == [
        (direction, p["pair"], f"{p['percentage']:.1f}")
        for direction, key in (("NS", "ns"), ("EW", "ew"))
        for p in ranking["rankings"][key]
    ]


def test_a_correction_is_in_the_file(client: TestClient):
    event = _event_with_results(client)
    fixed = {"board": 1, "ns": "1", "ew": "1", "contract": "3NT", "declarer": "S", "tricks": 7, "replace": True}
    assert client.post(f"/api/events/{event}/results", json=fixed, headers=TEACHER).status_code == 200
    root = ElementTree.fromstring(client.get(f"/api/events/{event}/results.xml").content)
    board = root.find("EVENT/BOARD")
    assert board is not None and board.findtext("BOARD_NUMBER") == "1"
    lines = [line for line in board.iter("TRAVELLER_LINE") if line.findtext("NS_PAIR_NUMBER") == "1"]
    assert [(line.findtext("TRICKS"), line.findtext("SCORE")) for line in lines] == [("7", "-100")]


def test_an_event_without_results_gives_a_file_without_boards(client: TestClient):
    made = client.post("/api/events", json={"name": "Empty", "boards": 2}, headers=TEACHER).json()
    root = ElementTree.fromstring(client.get(f"/api/events/{made['id']}/results.xml").content)
    assert root.findall("EVENT/BOARD") == [] and root.findall("EVENT/PARTICIPANTS/PAIR") == []


def test_no_such_event_is_refused_in_words(client: TestClient):
    response = client.get("/api/events/nope/results.xml")
    assert response.status_code == 404 and "no such event" in response.json()["error"]


def test_the_class_code_is_asked_for(tmp_path: Path):
    with make_client(tmp_path, class_code="owl42") as client:
        made = client.post("/api/events", json={"name": "Club", "boards": 2}, headers=TEACHER).json()
        address = f"/api/events/{made['id']}/results.xml"
        refused = client.get(address)
        assert refused.status_code in (401, 403) and refused.json()["error"]
        assert client.get(address, headers={"X-Class-Code": "owl42"}).status_code == 200


def test_the_teachers_event_page_links_to_the_file(client: TestClient):
    event = _event_with_results(client)
    page = client.get(f"/teacher/events/{event}", headers=TEACHER)
    assert page.status_code == 200
    assert f'href="/api/events/{event}/results.xml">Results for the EBU (USEBIO XML)</a>' in page.text


def test_an_event_named_in_any_letters_downloads_under_its_name(client: TestClient):
    made = client.post("/api/events", json={"name": "Пётр клуб", "boards": 2}, headers=TEACHER).json()
    response = client.get(f"/api/events/{made['id']}/results.xml")
    disposition = response.headers["content-disposition"]
    assert "filename*=UTF-8''%D0%BF%D1%91%D1%82%D1%80" in disposition and disposition.endswith("-results.xml")
    root = ElementTree.fromstring(response.content)
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == "Пётр клуб"
