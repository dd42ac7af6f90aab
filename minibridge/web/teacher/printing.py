"""The teacher's printing page: a lesson pack, hand records of an uploaded PBN file, blank score cards and
travellers, each downloaded as a PDF.

Each PDF is made by the same function of :mod:`minibridge.documents`, with the same defaults, as the command that
prints it (``minibridge pack``, ``minibridge records``, ``minibridge scoresheet``), so the page and the command
give the same bytes. The work (dealing, solving double dummy, drawing) runs in a worker thread, off the event
loop. An uploaded file is untrusted: its size is bounded, it is read by the PBN reader exactly as a file on disk,
and only its bare name is kept (for the title and the messages).
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from minibridge.documents import (
    BOARDS_A_PAGE,
    MOST_DEALS,
    MOST_TABLES,
    PAPER,
    PAPERS,
    PER_PAGE,
    TABLES,
    Document,
    hand_records,
    lesson_pack,
    pack_boards,
    read_records,
    score_sheets,
)
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.lessons import find_lesson, lesson_numbers
from minibridge.reading import ReadingError, digits, whole_number
from minibridge.rules import free_play_rules
from minibridge.web.auth import Who, route
from minibridge.web.pages import download, free_rules, render_teacher

__all__ = ["MAX_UPLOAD", "records_pdf", "upload_name", "routes"]

MAX_UPLOAD = 4 * 1024 * 1024
"""The largest PBN file taken for hand records, in bytes (a club's year of results is some 2 MB)."""
MAX_RECORD_BOARDS = 200
"""The most boards of an uploaded file put in hand records (each is solved double dummy while the page waits)."""


# --- hand records of an uploaded file ----------------------------------------------------------------------


def records_pdf(name: str, data: bytes, rules_name: str, paper: str, per_page: int) -> Document:
    """``minibridge records NAME --rules R|--lesson N --paper PAPER --per-page K`` on the bytes of an uploaded file
    called ``name`` (a bare file name), read by the PBN reader as a file of that name. ``rules_name`` is a rule
    set's name or ``lesson-N``."""
    from minibridge.rules import find_rules

    rules = find_lesson(int(rules_name[7:])).rules if rules_name.startswith("lesson-") else find_rules(rules_name)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        try:
            read = read_records(path, partly=True)  # a board that cannot be read is left out, named on the PDF
            if len(read.boards) > MAX_RECORD_BOARDS:
                raise MiniBridgeError(
                    gettext(
                        "has %(count)s boards; the page prints at most %(most)s: print this file with "
                        "'minibridge records %(name)s'"
                    )
                    % {"count": len(read.boards), "most": MAX_RECORD_BOARDS, "name": name},
                    where=name,
                )
            return hand_records(read, rules=rules, paper=paper, per_page=per_page, say_left_out=True)
        except MiniBridgeError as error:
            raise _named(error, str(path), name) from None


def _named(error: MiniBridgeError, path: str, name: str) -> MiniBridgeError:
    """The reader's error about the uploaded file, naming the file as the teacher knows it."""
    if error.where is None:
        return error
    return MiniBridgeError(error.message, where=error.where.replace(path, name))


def upload_name(filename: str | None) -> str:
    """The bare name of an uploaded file, kept to letters, digits and ``space . - _ ( )``.

    >>> upload_name("../../club night.pbn"), upload_name(None), upload_name(".hidden")
    ('club night.pbn', 'upload.pbn', '_hidden')
    """
    bare = re.split(r"[/\\]", filename or "")[-1].strip()
    safe = re.sub(r"[^\w .()-]", "_", bare)[:100]
    if safe.startswith("."):
        safe = "_" + safe[1:]
    return safe or "upload.pbn"


# --- the page and its forms ----------------------------------------------------------------------------------


def _page(request: Request, *, form: str | None = None, problem: str | None = None, **values: Any) -> str:
    """The printing page; after a refused form, ``form`` names it, ``problem`` says what is wrong (a key the
    template words, or the library's own sentence) and ``values`` are the fields as given."""
    chosen = request.query_params.get("lesson", "")
    context = {
        "lessons": list(lesson_numbers()),
        "papers": PAPERS,
        "rules": free_rules(),
        "chosen": digits(chosen) if digits(chosen) in lesson_numbers() else None,
        "form": form,
        "problem": problem,
        "values": values,
        "most_deals": MOST_DEALS,
        "most_tables": MOST_TABLES,
        "max_upload_mb": MAX_UPLOAD // (1024 * 1024),
    }
    return render_teacher(request, "teacher/printing.j2", **context)


def _refused(request: Request, form: str, problem: Exception, values: dict[str, str]) -> HTMLResponse:
    """The printing page again (422), the form ``form`` filled in as sent, saying what was wrong with it: a field
    that cannot be used (its key for the template's words) or the library's error in words."""
    said = problem.problem if isinstance(problem, _Refused) else str(problem)
    return HTMLResponse(_page(request, form=form, problem=said, **values), status_code=422)


class _Refused(Exception):
    """A field of a form that cannot be used: its key for the template's words."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def _number(fields: Mapping[str, Any], name: str, low: int, high: int, *, problem: str) -> int | None:
    """A whole number field within ``low``–``high``; None when left empty."""
    text = str(fields.get(name, "")).strip()
    if not text:
        return None
    try:
        return whole_number(text, least=low, most=high, what=name)
    except ReadingError:
        raise _Refused(problem) from None


def _paper(fields: Mapping[str, Any]) -> str:
    paper = str(fields.get("paper", PAPER)).strip().lower()
    if paper not in PAPERS:
        raise _Refused("paper")
    return paper


async def printing_page(request: Request) -> Response:
    """The three forms: a lesson pack, hand records of a PBN file, blank score cards and travellers."""
    return HTMLResponse(_page(request))


def _pack_choice(fields: Mapping[str, Any]) -> tuple[int, int | None, int | None, str]:
    """The pack form's lesson, number of boards, seed and paper."""
    number = _number(fields, "lesson", 1, 6, problem="lesson")
    if number is None:
        raise _Refused("lesson")
    count = _number(fields, "deals", 1, MOST_DEALS, problem="deals")
    seed = _number(fields, "seed", 0, 999_999_999, problem="seed")
    return number, count, seed, _paper(fields)


async def make_pack(request: Request) -> Response:
    """A lesson pack as the teacher chose it, as a PDF to download."""
    fields = await request.form()
    values = {key: str(value) for key, value in fields.items()}
    try:
        number, count, seed, paper = _pack_choice(fields)
        pack = await run_in_threadpool(
            lambda: lesson_pack(pack_boards(find_lesson(number), deals=count, seed=seed), paper=paper)
        )
    except (_Refused, MiniBridgeError) as problem:
        return _refused(request, "pack", problem, values)
    return download(pack.name, pack.pdf)


async def make_pack_boards(request: Request) -> Response:
    """The boards of the lesson pack the teacher chose, as a PBN file to download: the file a dealing machine
    deals from (``minibridge pack`` writes it beside the PDF, ``minibridge deal`` prints it)."""
    from minibridge.dealing_machine import boards_pbn

    fields = await request.form()
    values = {key: str(value) for key, value in fields.items()}
    try:
        number, count, seed, _ = _pack_choice(fields)
        boards = await run_in_threadpool(lambda: pack_boards(find_lesson(number), deals=count, seed=seed))
    except (_Refused, MiniBridgeError) as problem:
        return _refused(request, "pack", problem, values)
    name = str(Path(boards.name).with_suffix(".pbn"))
    return download(name, boards_pbn(boards.boards), media_type="application/x-pbn; charset=utf-8")


async def make_records(request: Request) -> Response:
    """Hand records of the uploaded PBN file, as a PDF to download."""
    fields = await request.form(max_files=1, max_fields=10, max_part_size=MAX_UPLOAD)
    values = {key: str(value) for key, value in fields.items() if not isinstance(value, UploadFile)}
    upload = fields.get("pbn")
    try:
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise _Refused("no_file")
        data = await upload.read(MAX_UPLOAD + 1)
        if len(data) > MAX_UPLOAD:
            raise _Refused("too_large")
        rules = str(fields.get("rules", "ebu"))
        if rules not in {r.name for r in free_play_rules()} | {f"lesson-{n}" for n in lesson_numbers()}:
            raise _Refused("rules")
        per_page = _number(fields, "per_page", 1, 6, problem="per_page") or BOARDS_A_PAGE
        if per_page not in PER_PAGE:
            raise _Refused("per_page")
        paper = _paper(fields)
        records = await run_in_threadpool(records_pdf, upload_name(upload.filename), data, rules, paper, per_page)
    except (_Refused, MiniBridgeError) as problem:
        return _refused(request, "records", problem, values)
    return download(records.name, records.pdf)


async def make_score_sheets(request: Request) -> Response:
    """Blank score cards and travellers, as a PDF to download."""
    fields = await request.form()
    values = {key: str(value) for key, value in fields.items()}
    try:
        number = _number(fields, "lesson", 1, 6, problem="lesson")
        count = _number(fields, "deals", 1, MOST_DEALS, problem="deals")
        tables = _number(fields, "tables", 1, MOST_TABLES, problem="tables") or TABLES
        paper = _paper(fields)
        sheets = await run_in_threadpool(
            lambda: score_sheets(
                lesson=find_lesson(number) if number is not None else None, deals=count, tables=tables, paper=paper
            )
        )
    except (_Refused, MiniBridgeError) as problem:
        return _refused(request, "sheets", problem, values)
    return download(sheets.name, sheets.pdf)


routes = [
    route("teacher_printing", printing_page, who=Who.TEACHER),
    route("teacher_printing_pack", make_pack, who=Who.TEACHER, methods=["POST"]),
    route("teacher_printing_pack_boards", make_pack_boards, who=Who.TEACHER, methods=["POST"]),
    route("teacher_printing_records", make_records, who=Who.TEACHER, methods=["POST"]),
    route("teacher_printing_sheets", make_score_sheets, who=Who.TEACHER, methods=["POST"]),
]
