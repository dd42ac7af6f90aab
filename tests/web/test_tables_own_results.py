"""A table's tablet enters only its own table's results. With a movement the first tablet that enters a result at a
table holds it: another tablet is refused there in words, offered the tables still free, and nothing is kept, until
the teacher lets another tablet enter the table. Without a movement each result says the tablet that entered it,
and the teacher can remove a wrong one. Two test clients are two tablets: each keeps its own key in a cookie."""

from __future__ import annotations

import re
import threading

import httpx2
from events_client import TEACHER, alert_of, buttons, read_events, step_of
from starlette.testclient import TestClient

from minibridge.web.tablets import TABLET_COOKIE

TAKEN = "Another tablet is entering the results of table 3. Ask your teacher."


def _event(client: TestClient, **fields: object) -> str:
    answer = client.post("/api/events", json={"name": "Class 4", **fields}, headers=TEACHER)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def _other_tablet(client: TestClient) -> TestClient:
    """A second tablet on the same classroom server: its own cookies, so its own key."""
    return TestClient(client.app)


def _result(table: str, board: str, tricks: int = 9) -> dict[str, str]:
    seat = {"table": table, "round": "1", "board": board}
    return {**seat, "ns": "0", "ew": "0", "contract": "3NT", "declarer": "S", "tricks": str(tricks)}


def _kept(client: TestClient, event: str) -> list[tuple[int, str, str]]:
    """The results in force: board, N–S pair, E–W pair."""
    ranking = client.get(f"/api/events/{event}/ranking").json()
    return sorted((b["board"], r["ns"], r["ew"]) for b in ranking["boards"] for r in b["results"])


def _rows(page: str) -> list[tuple[str, str, str]]:
    """The teacher's rows of results, newest first: the result's number, who entered it, and what became of it."""
    rows = re.findall(r'<tr class="[a-z-]+" data-number="(\d+)">(.*?)</tr>', page, re.S)
    found = []
    for number, row in rows:
        cells = re.findall(r"<td>(.*?)</td>", row, re.S)
        note = re.search(r'class="note">([^<]*)<', cells[-1])
        found.append((number, cells[-2].strip(), note.group(1) if note else ""))
    return found


def _held(page: str) -> dict[str, str]:
    """What the teacher's page says of each table's tablet."""
    return {n: " ".join(words.split()) for n, words in re.findall(r'<li data-table="(\d+)">([^<]*)', page)}


# --- with a movement: one tablet a table ------------------------------------------------------------------------


def test_another_tablet_cannot_enter_table_3_once_a_tablet_has(client: TestClient):
    event = _event(client, boards=6, pairs=6)
    address = f"/events/{event}/table"
    tablet_b = _other_tablet(client)
    boards = buttons(client.get(address, params={"table": "3", "round": "1"}).text, "board")
    assert len(boards) == 2
    assert step_of(client.post(address, data=_result("3", boards[0])).text) == "done"

    chosen = tablet_b.get(address, params={"table": "3"})
    assert step_of(chosen.text) == "table" and alert_of(chosen.text) == TAKEN
    assert buttons(chosen.text, "table") == ["1", "2"]
    assert buttons(tablet_b.get(address).text, "table") == ["1", "2"]
    deeper = tablet_b.get(address, params={"table": "3", "round": "1", "board": boards[1]}).text
    assert step_of(deeper) == "table" and alert_of(deeper) == TAKEN
    assert buttons(client.get(address).text, "table") == ["1", "2", "3"]  # the tablet that holds it goes on

    before = client.get(f"/teacher/events/{event}", headers=TEACHER).text
    refused = tablet_b.post(address, data=_result("3", boards[1]))
    assert refused.status_code == 409 and alert_of(refused.text) == TAKEN and step_of(refused.text) == "table"
    assert _kept(client, event) == [(int(boards[0]), "3", "3")]
    after = client.get(f"/teacher/events/{event}", headers=TEACHER).text
    assert _rows(after) == _rows(before) and "tablet 2" not in after

    assert step_of(client.post(address, data=_result("3", boards[1])).text) == "done"
    assert step_of(tablet_b.post(address, data=_result("1", "1")).text) == "done"  # a table still free
    assert _kept(client, event) == [(1, "1", "1"), (int(boards[0]), "3", "3"), (int(boards[1]), "3", "3")]


def test_a_program_of_the_class_cannot_enter_a_result_at_a_table_a_tablet_holds(client: TestClient):
    event = _event(client, boards=6, pairs=6)
    address = f"/events/{event}/table"
    boards = buttons(client.get(address, params={"table": "3", "round": "1"}).text, "board")
    assert step_of(client.post(address, data=_result("3", boards[0])).text) == "done"
    program = _other_tablet(client)
    result = {"board": int(boards[1]), "ns": "3", "ew": "3", "contract": "3NT", "declarer": "S", "tricks": 9}
    refused = program.post(f"/api/events/{event}/results", json=result)
    assert refused.status_code == 409 and refused.json() == {"error": TAKEN}
    assert _kept(client, event) == [(int(boards[0]), "3", "3")]
    assert client.post(f"/api/events/{event}/results", json=result).status_code == 201  # the tablet that holds it
    assert (
        program.post(f"/api/events/{event}/results", json={**result, "ns": "1", "ew": "1", "board": 1}).status_code
        == 201
    )


def test_the_teacher_hands_table_3_to_another_tablet(client: TestClient):
    event = _event(client, boards=6, pairs=6)
    address = f"/events/{event}/table"
    tablet_b = _other_tablet(client)
    boards = buttons(client.get(address, params={"table": "3", "round": "1"}).text, "board")
    client.post(address, data=_result("3", boards[0]))
    page = client.get(f"/teacher/events/{event}", headers=TEACHER).text
    assert _held(page)["3"] == "Table 3: held by tablet 1."
    assert _held(page)["1"].startswith("Table 1: free.")
    assert "Let another tablet enter this table" in page
    assert client.cookies.get(TABLET_COOKIE) not in page  # the tablet's key is never shown

    release = f"/teacher/events/{event}/tables/3/release"
    assert tablet_b.post(release).status_code == 401  # the teacher's alone
    assert alert_of(tablet_b.get(address, params={"table": "3"}).text) == TAKEN
    handed = client.post(release, headers=TEACHER, follow_redirects=False)
    assert handed.status_code == 303 and handed.headers["location"] == f"/teacher/events/{event}#tablets"

    assert alert_of(client.get(address, params={"table": "3"}).text) == TAKEN  # the tablet let go
    assert client.post(address, data=_result("3", boards[1])).status_code == 409
    assert _kept(client, event) == [(int(boards[0]), "3", "3")]
    assert step_of(tablet_b.post(address, data=_result("3", boards[1])).text) == "done"
    assert _held(client.get(f"/teacher/events/{event}", headers=TEACHER).text)["3"] == "Table 3: held by tablet 2."
    assert alert_of(client.get(address, params={"table": "3"}).text) == TAKEN

    api = f"/api/events/{event}/tables/3/release"
    assert tablet_b.post(api).status_code == 401 and "error" in tablet_b.post(api).json()
    released = client.post(api, headers=TEACHER)
    assert released.status_code == 200 and released.json() == {"table": 3, "released": True}
    assert client.post(api, headers=TEACHER).json() == {"table": 3, "released": False}
    assert client.post(f"/api/events/{event}/tables/9/release", headers=TEACHER).status_code == 404
    unmoved = _event(client, boards=4)
    refused = client.post(f"/api/events/{unmoved}/tables/1/release", headers=TEACHER)
    assert refused.status_code == 409 and "error" in refused.json()
    assert alert_of(tablet_b.get(address, params={"table": "3"}).text) == TAKEN
    assert buttons(client.get(address).text, "table") == ["1", "2", "3"]


def test_two_tablets_at_the_same_moment_one_holds_the_table(address: str):
    event = httpx2.post(f"{address}/api/events", json={"name": "X", "boards": 6, "pairs": 6}, headers=TEACHER)
    event_id = event.json()["id"]
    first = httpx2.get(f"{address}/events/{event_id}/table", params={"table": "3", "round": "1"}).text
    boards = buttons(first, "board")
    start = threading.Barrier(len(boards))
    answers: list[int] = []

    def tablet(board: str) -> None:
        with httpx2.Client(base_url=address, timeout=30) as client:
            start.wait(10)
            answers.append(client.post(f"/events/{event_id}/table", data=_result("3", board)).status_code)

    threads = [threading.Thread(target=tablet, args=(board,)) for board in boards]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(answers) == [200, 409]
    ranking = httpx2.get(f"{address}/api/events/{event_id}/ranking").json()
    assert sum(len(b["results"]) for b in ranking["boards"]) == 1


# --- without a movement: each result says its tablet, the teacher removes a wrong one ------------------------


def test_the_teacher_sees_the_tablet_of_each_result_and_removes_a_wrong_one(client: TestClient):
    event = _event(client, boards=4)
    address = f"/events/{event}/table"
    tablet_b = _other_tablet(client)
    result = {"contract": "3NT", "declarer": "S", "tricks": "9"}
    assert step_of(tablet_b.post(address, data={**result, "board": "1", "ns": "3", "ew": "4"}).text) == "done"
    assert step_of(client.post(address, data={**result, "board": "1", "ns": "1", "ew": "2"}).text) == "done"
    assert step_of(tablet_b.post(address, data={**result, "board": "2", "ns": "3", "ew": "4"}).text) == "done"
    api = {"board": 3, "ns": "1", "ew": "2", "contract": "4S", "declarer": "N", "tricks": 10}
    assert client.post(f"/api/events/{event}/results", json=api).status_code == 201

    twice = client.post(address, data={**result, "board": "1", "ns": "3", "ew": "9"})
    assert twice.status_code == 409 and "Board 1 is already entered" in (alert_of(twice.text) or "")

    page = client.get(f"/teacher/events/{event}", headers=TEACHER).text
    rows = _rows(page)
    assert [who for _, who, _ in rows] == ["tablet 2", "tablet 1", "tablet 2", "tablet 1"]  # B entered first
    assert not {client.cookies.get(TABLET_COOKIE), tablet_b.cookies.get(TABLET_COOKIE)} & set(re.findall(r"\S+", page))
    assert "Remove this result" in page and 'id="tablets"' not in page

    wrong = rows[3][0]  # tablet B's first result: board 1, N–S 3 against E–W 4
    remove = f"/teacher/events/{event}/results/{wrong}/remove"
    assert tablet_b.post(remove).status_code == 401
    assert (1, "3", "4") in _kept(client, event)
    removed = client.post(remove, headers=TEACHER, follow_redirects=False)
    assert removed.status_code == 303 and removed.headers["location"] == f"/teacher/events/{event}#results"
    assert _kept(client, event) == [(1, "1", "2"), (2, "3", "4"), (3, "1", "2")]
    page = client.get(f"/teacher/events/{event}", headers=TEACHER).text
    assert [note for number, _, note in _rows(page) if number == wrong] == ["removed"]
    assert page.count("Remove this result") == 3
    assert client.post(remove, headers=TEACHER, follow_redirects=False).status_code == 303  # once is enough
    assert _kept(client, event) == [(1, "1", "2"), (2, "3", "4"), (3, "1", "2")]

    again = tablet_b.post(address, data={**result, "board": "1", "ns": "3", "ew": "4", "tricks": "10"})
    assert again.status_code == 200 and step_of(again.text) == "done"
    fragment = client.get(f"/teacher/events/{event}/results", headers=TEACHER).text
    assert _rows(fragment)[0][1:] == ("tablet 1", "")


def test_the_teachers_pages_hear_of_a_result_removed(address: str):
    event = httpx2.post(f"{address}/api/events", json={"name": "X", "boards": 2}, headers=TEACHER).json()["id"]
    result = {"board": "1", "ns": "1", "ew": "2", "contract": "3NT", "declarer": "S", "tricks": "9"}
    assert httpx2.post(f"{address}/events/{event}/table", data=result).status_code == 200
    number = re.findall(r'data-number="(\d+)"', httpx2.get(f"{address}/teacher/events/{event}", headers=TEACHER).text)
    received: list[dict[str, object]] = []
    connected = threading.Event()

    def listen() -> None:
        stream = f"{address}/teacher/events/{event}/stream"
        with httpx2.stream("GET", stream, headers=TEACHER, timeout=30) as response:
            connected.set()
            received.extend(read_events(response, 1))

    listener = threading.Thread(target=listen)
    listener.start()
    assert connected.wait(30)
    removed = httpx2.post(f"{address}/teacher/events/{event}/results/{number[0]}/remove", headers=TEACHER)
    assert removed.status_code == 303
    listener.join(30)
    assert not listener.is_alive() and [e["event"] for e in received] == ["result"]
    ranking = httpx2.get(f"{address}/api/events/{event}/ranking").json()
    assert [r for b in ranking["boards"] for r in b["results"]] == []
