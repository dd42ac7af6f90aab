"""Certificates and reports from the teacher's room: `/api/progress` names each pupil's certificates, the PDFs read
back, a refusal is a page in words, the teacher's switch "its deals played too", and the deals a named pupil
finishes are kept for the report."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom_client import make_client, play_out
from pypdf import PdfReader
from starlette.testclient import TestClient
from tables_client import open_tables, player, pupil_action, settle, sit, tables_client

from minibridge.lessons import find_lesson
from minibridge.web.auth import PUPIL_COOKIE

TEACHER = {"Authorization": "Bearer teacher"}


@pytest.fixture
def room(tmp_path: Path) -> Iterator[TestClient]:
    """A classroom where Amy has done Lesson One's exercises and Tom one of them; the teacher's room open."""
    with make_client(tmp_path) as client:
        store = client.app.state.store
        store.record_answers("Amy", 1, [(e.id, True) for e in find_lesson(1).exercises])
        store.record_answers("Tom", 1, [("1", True)])
        assert client.get("/teacher?token=teacher").status_code == 200
        yield client


def _pages(response) -> list[str]:
    assert response.status_code == 200 and response.headers["content-type"] == "application/pdf", response.text
    return [page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages]


def test_progress_names_the_certificates_of_each_pupil(room: TestClient):
    data = room.get("/api/progress", headers=TEACHER).json()
    assert data["pupils"] == [{"pupil": "Amy", "certificates": [1]}, {"pupil": "Tom", "certificates": []}]
    page = room.get("/teacher/progress").text
    assert 'href="/teacher/progress/certificates?lesson=1&amp;pupil=Amy"' in page


def test_a_class_of_certificates_and_one_pupils(room: TestClient):
    pages = _pages(room.get("/teacher/progress/certificates", params={"lesson": 1, "school": "Hill Primary"}))
    assert len(pages) == 1 and "Amy" in pages[0] and "MiniLesson One" in pages[0] and "Hill Primary" in pages[0]
    dutch = room.get("/teacher/progress/certificates?lesson=1&pupil=Amy", headers={"Accept-Language": "nl"})
    assert "Amy" in _pages(dutch)[0]
    refused = room.get("/teacher/progress/certificates", params={"lesson": 1, "pupil": "Tom"})
    assert refused.status_code == 422 and "No pupil has earned this certificate yet" in refused.text
    assert room.get("/teacher/progress/certificates?lesson=9").status_code == 422
    assert room.get("/teacher/progress/certificates?lesson=1&paper=a3").status_code == 422


def test_the_teachers_switch_asks_for_the_deals_too(room: TestClient):
    kept = room.post("/teacher/progress/certificates/rule", data={"deals": "on"}, follow_redirects=False)
    assert kept.status_code == 303
    data = room.get("/api/progress", headers=TEACHER).json()
    assert data["certificates_need_deals"] is True and data["pupils"][0]["certificates"] == []
    room.post("/teacher/progress/certificates/rule", data={})
    assert room.get("/api/progress", headers=TEACHER).json()["pupils"][0]["certificates"] == [1]


def test_the_deals_a_named_pupil_finishes_are_in_the_report(room: TestClient):
    room.cookies.set(PUPIL_COOKIE, "Amy")
    view = room.post("/api/games", json={"lesson": 3, "deals": 2, "seed": 4}).json()
    play_out(room, view, random.Random(1))
    kept = room.app.state.store.deals_played()
    assert [deal.pupil for deal in kept] == ["Amy", "Amy"] and all(deal.lesson == 3 for deal in kept)
    pages = _pages(room.get("/teacher/progress/reports"))
    assert len(pages) == 2 and "Amy" in pages[0] and "Tom" in pages[1]
    assert "Deals played 2" in " ".join(pages[0].split())
    one = _pages(room.get("/teacher/progress/reports", params={"pupil": "Tom"}))
    assert len(one) == 1 and "Tom" in one[0]
    nobody = room.get("/teacher/progress/reports", params={"pupil": "Zed"})
    assert nobody.status_code == 422 and "Zed has not answered" in nobody.text


def test_a_pupils_tablet_cannot_print(tmp_path: Path):
    with make_client(tmp_path) as client:
        assert client.get("/teacher/progress/certificates?lesson=1").status_code in (401, 403)
        assert client.get("/teacher/progress/reports").status_code in (401, 403)


def test_the_deals_pupils_finish_at_a_table_of_pupils_are_in_their_reports(tmp_path: Path):
    with tables_client(tmp_path) as client:
        (table,) = open_tables(client, tables=1, lesson=5, deals=1, seed=7)
        keys = {seat: sit(client, table, seat, name) for seat, name in (("S", "Ann"), ("N", "Ben"))}
        for _ in range(200):
            views = {seat: settle(client, table, player(key)) for seat, key in keys.items()}
            if all(view["phase"] in ("deal_over", "game_over") for view in views.values()):
                break
            seat, view = next((s, v) for s, v in views.items() if v["pupil_to_act"])
            answer = client.post(f"/api/tables/{table}/actions", json=pupil_action(view), headers=player(keys[seat]))
            assert answer.status_code == 200, answer.text
        else:
            raise AssertionError("the deal never ended")
        kept = client.app.state.store.deals_played()  # type: ignore[attr-defined]
        assert sorted(deal.pupil for deal in kept) == ["Ann", "Ben"] and all(deal.lesson == 5 for deal in kept)
        assert len({(deal.declared, deal.made) for deal in kept}) == 1, "partners declare and make together"
        client.get("/teacher?token=teacher")
        pages = _pages(client.get("/teacher/progress/reports", params={"pupil": "Ann"}))
        assert "Deals played 1" in " ".join(pages[0].split())
