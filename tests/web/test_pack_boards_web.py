"""The teacher's printing page offers a pack's boards as a PBN file, the same boards as the pack's PDF and as
``minibridge pack`` writes beside it."""

from __future__ import annotations

import io
import re
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader
from starlette.testclient import TestClient

from minibridge.cli import main
from minibridge.documents import pack_boards
from minibridge.lessons import find_lesson
from minibridge.pbn import load, loads

TEACHER = {"Authorization": "Bearer teacher"}
FIELDS = {"lesson": "3", "deals": "12", "seed": "7", "paper": "a4"}


def test_the_printing_page_offers_the_packs_boards_as_pbn(client: TestClient):
    page = client.get("/teacher/printing", headers=TEACHER)
    assert page.status_code == 200
    form = re.search(r'<form[^>]*class="pack-form".*?</form>', page.text, flags=re.S)
    assert form is not None
    assert 'formaction="/teacher/printing/pack/boards"' in form.group(0)
    assert "The boards as a PBN file" in form.group(0)


def test_the_pbn_downloaded_holds_the_boards_of_the_pdfs_pack(client: TestClient, tmp_path: Path):
    response = client.post("/teacher/printing/pack/boards", data=FIELDS, headers=TEACHER)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-pbn")
    assert response.headers["content-disposition"] == 'attachment; filename="lesson-3-12-deals-seed-7.pbn"'
    read = loads(response.text)
    drawn = pack_boards(find_lesson(3), deals=12, seed=7).boards
    assert [(b.number, b.dealer, b.deal) for b in read] == [(b.number, b.dealer, b.deal) for b in drawn]

    # the PDF the same form makes shows those boards, and the command writes the same file beside it
    pdf = client.post("/teacher/printing/pack", data=FIELDS, headers=TEACHER)
    assert pdf.status_code == 200
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert all(f"Board {board.number}" in text for board in read)
    result = CliRunner().invoke(main, ["pack", "--lesson", "3", "--deals", "12", "--seed", "7", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    written = tmp_path / "lesson-3-12-deals-seed-7.pbn"
    assert written.read_text(encoding="utf-8") == response.text
    assert (tmp_path / "lesson-3-12-deals-seed-7.pdf").read_bytes() == pdf.content
    assert [(b.number, b.dealer, b.deal) for b in load(written)] == [(b.number, b.dealer, b.deal) for b in read]


def test_a_refused_choice_gives_the_page_again_and_a_pupil_gets_no_boards(client: TestClient):
    refused = client.post("/teacher/printing/pack/boards", data={"lesson": "3", "deals": "99"}, headers=TEACHER)
    assert refused.status_code == 422
    assert "from 1 to 64" in refused.text
    assert client.post("/teacher/printing/pack/boards", data=FIELDS).status_code == 401
