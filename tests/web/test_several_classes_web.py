"""Several classes on the same boards, over HTTP: the teacher takes in another class's results file (the event page's
form or ``POST /api/events/{id}/imports``); the ranking, the class screen and the PDF travellers show every class's
pairs with their school, match-pointed as one field, as ``minibridge duplicate score`` scores the two files joined;
files of other deals are refused with the reason, and nothing is kept."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import httpx2
from axe_playwright_python.sync_playwright import Axe
from events_client import TEACHER, alert_of, cli_score
from playwright.sync_api import sync_playwright
from pypdf import PdfReader
from starlette.testclient import TestClient

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
OAK = [(1, "1", "1", "3NT", "S", 9), (1, "2", "2", "3NT", "S", 10), (2, "1", "2", "4H", "E", 10)]
ELM = [(1, "1", "1", "3NT", "S", 8), (1, "2", "2", "1NT", "N", 7), (2, "2", "1", "4H", "E", 11)]


def _event(client: TestClient, school: str, seed: int = 5) -> str:
    body = {"name": f"{school} class", "boards": 3, "seed": seed, "school": school}
    response = client.post("/api/events", json=body, headers=TEACHER)
    assert response.status_code == 201, response.text
    event = str(response.json()["id"])
    return event


def _played(client: TestClient, event: str, results: list[tuple[int, str, str, str, str, int]]) -> str:
    """The event with ``results`` entered; its results file."""
    for board, ns, ew, contract, declarer, tricks in results:
        result = {"board": board, "ns": ns, "ew": ew, "contract": contract, "declarer": declarer, "tricks": tricks}
        assert client.post(f"/api/events/{event}/results", json=result, headers=TEACHER).status_code == 201
    return client.get(f"/api/events/{event}/results.txt", headers=TEACHER).text


def test_the_merged_ranking_equals_duplicate_score_on_the_two_files_joined(client: TestClient, tmp_path: Path):
    oak, elm = _event(client, "Oak"), _event(client, "Elm")
    oak_file, elm_file = _played(client, oak, OAK), _played(client, elm, ELM)
    taken = client.post(f"/api/events/{oak}/imports", json={"results": elm_file}, headers=TEACHER)
    assert taken.status_code == 201, taken.text
    assert taken.json() | {"id": ""} == {"id": "", "school": "Elm", "results": 3, "pairs": 4}
    ranking = client.get(f"/api/events/{oak}/ranking", headers=TEACHER).json()
    assert ranking == cli_score(tmp_path, oak_file + elm_file)
    assert {p["pair"] for p in ranking["rankings"]["ns"]} == {"Oak 1", "Oak 2", "Elm 1", "Elm 2"}
    assert ranking["boards"][0]["top"] == 6
    # a table of Oak enters a result after the import: match-pointed against both classes
    later = {"board": 2, "ns": "2", "ew": "1", "contract": "4H", "declarer": "E", "tricks": 9}
    entered = client.post(f"/api/events/{oak}/results", json=later, headers=TEACHER)
    assert entered.status_code == 201, entered.text
    assert (entered.json()["ns"], entered.json()["ns_matchpoints"]) == ("Oak 2", 4)  # 4H-1 beats 4H= and 4H+1
    oak_file = client.get(f"/api/events/{oak}/results.txt", headers=TEACHER).text
    assert client.get(f"/api/events/{oak}/ranking", headers=TEACHER).json() == cli_score(tmp_path, oak_file + elm_file)
    listed = client.get(f"/api/events/{oak}/imports", headers=TEACHER).json()
    assert [c["school"] for c in listed] == ["Elm"]
    # the class screen and the travellers show the schools
    client.get("/teacher?token=teacher")
    screen = client.get(f"/teacher/events/{oak}/screen")
    assert "Elm 1" in screen.text and "Oak 2" in screen.text
    pdf = client.get(f"/teacher/events/{oak}/travellers.pdf")
    assert pdf.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Elm 1" in text and "Oak 1" in text
    # the teacher removes the class: the ranking is Oak's own again
    removed = client.delete(f"/api/events/{oak}/imports/{taken.json()['id']}", headers=TEACHER)
    assert removed.status_code == 200
    alone = client.get(f"/api/events/{oak}/ranking", headers=TEACHER).json()
    assert {p["pair"] for p in alone["rankings"]["ns"]} == {"1", "2"}
    assert client.delete(f"/api/events/{oak}/imports/nope", headers=TEACHER).status_code == 404


def test_results_of_other_deals_are_refused_with_the_reason_and_nothing_is_kept(client: TestClient):
    oak, other = _event(client, "Oak"), _event(client, "Elm", seed=6)
    other_file = _played(client, other, ELM)
    refused = client.post(f"/api/events/{oak}/imports", json={"results": other_file}, headers=TEACHER)
    assert refused.status_code == 422
    assert "these results are for other deals: board 1 differs" in refused.json()["error"]
    assert client.get(f"/api/events/{oak}/imports", headers=TEACHER).json() == []
    bad = _played(client, _event(client, "Ash"), ELM) + "2 1 1 9Z N 7\n"
    said = client.post(f"/api/events/{oak}/imports", json={"results": bad}, headers=TEACHER)
    assert said.status_code == 422 and "line" in said.json()["error"] and "9Z" in said.json()["error"]
    wrong = client.post(f"/api/events/{oak}/imports", json={"file": "x"}, headers=TEACHER)
    assert wrong.status_code == 422 and "results" in wrong.json()["error"]


def test_only_the_teacher_imports_a_class(client: TestClient):
    oak, elm = _event(client, "Oak"), _event(client, "Elm")
    elm_file = _played(client, elm, ELM)
    assert client.post(f"/api/events/{oak}/imports", json={"results": elm_file}).status_code == 401
    page = client.post(f"/teacher/events/{oak}/classes", files={"results": ("elm.txt", elm_file.encode())})
    assert page.status_code == 401
    assert client.get(f"/api/events/{oak}/imports", headers=TEACHER).json() == []


def test_the_event_page_takes_in_a_class_file_refuses_a_bad_one_and_removes_a_class(client: TestClient):
    oak, elm, other = _event(client, "Oak"), _event(client, "Elm"), _event(client, "Ash", seed=6)
    _played(client, oak, OAK)
    elm_file, other_file = _played(client, elm, ELM), _played(client, other, ELM)
    client.get("/teacher?token=teacher")
    page = client.get(f"/teacher/events/{oak}")
    assert "Other classes on the same boards" in page.text and 'enctype="multipart/form-data"' in page.text
    refused = client.post(f"/teacher/events/{oak}/classes", files={"results": ("ash.txt", other_file.encode())})
    assert refused.status_code == 422
    assert alert_of(refused.text) == "These results are for other deals: board 1 differs."
    empty = client.post(f"/teacher/events/{oak}/classes", data={"school": "Elm"})
    assert empty.status_code == 422 and "choose the results file" in (alert_of(empty.text) or "").lower()
    taken = client.post(
        f"/teacher/events/{oak}/classes", files={"results": ("elm.txt", elm_file.encode())}, follow_redirects=False
    )
    assert taken.status_code == 303 and taken.headers["location"].endswith("#classes")
    page = client.get(f"/teacher/events/{oak}")
    assert "<strong>Elm</strong>" in page.text and "Remove Elm" in page.text
    again = client.post(f"/teacher/events/{oak}/classes", files={"results": ("elm.txt", elm_file.encode())})
    assert again.status_code == 422 and "Elm already" in (alert_of(again.text) or "")
    renamed = client.post(
        f"/teacher/events/{oak}/classes",
        files={"results": ("elm.txt", elm_file.encode())},
        data={"school": "Elm B"},
        follow_redirects=False,
    )
    assert renamed.status_code == 303
    classes = client.get(f"/api/events/{oak}/imports", headers=TEACHER).json()
    assert [c["school"] for c in classes] == ["Elm", "Elm B"]
    removed = client.post(f"/teacher/events/{oak}/classes/{classes[0]['id']}/remove", follow_redirects=False)
    assert removed.status_code == 303
    assert [c["school"] for c in client.get(f"/api/events/{oak}/imports", headers=TEACHER).json()] == ["Elm B"]


# --- the event page with other classes, checked by axe-core in Debian's chromium -----------------------------------


def test_the_event_page_with_other_classes_passes_axe(address: str):
    oak, elm, other = (_event_at(address, school, seed) for school, seed in (("Oak", 5), ("Elm", 5), ("Ash", 6)))
    elm_file, other_file = _played_at(address, elm), _played_at(address, other)
    taken = httpx2.post(f"{address}/api/events/{oak}/imports", json={"results": elm_file}, headers=TEACHER)
    assert taken.status_code == 201, taken.text
    failings = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for width, height in ((375, 667), (1280, 800)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(f"{address}/teacher?token=teacher")
            page.goto(f"{address}/teacher/events/{oak}")
            page.wait_for_selector("#classes")
            assert "Remove Elm" in page.content()
            failings += [f"{width}: {v['id']}" for v in Axe().run(page).response["violations"]]
            upload = {"name": "ash.txt", "mimeType": "text/plain", "buffer": other_file.encode()}
            page.set_input_files("#class-file", files=[upload])
            page.click("#classes button.go")
            page.wait_for_selector("#classes [role=alert]")
            assert "board 1 differs" in page.inner_text("#classes [role=alert]")
            failings += [f"{width} refused: {v['id']}" for v in Axe().run(page).response["violations"]]
            page.close()
        browser.close()
    assert failings == []


def _event_at(address: str, school: str, seed: int) -> str:
    body = {"name": f"{school} class", "boards": 3, "seed": seed, "school": school}
    return str(httpx2.post(f"{address}/api/events", json=body, headers=TEACHER).json()["id"])


def _played_at(address: str, event: str) -> str:
    for board, ns, ew, contract, declarer, tricks in ELM:
        result = {"board": board, "ns": ns, "ew": ew, "contract": contract, "declarer": declarer, "tricks": tricks}
        assert httpx2.post(f"{address}/api/events/{event}/results", json=result, headers=TEACHER).status_code == 201
    return httpx2.get(f"{address}/api/events/{event}/results.txt", headers=TEACHER).text
