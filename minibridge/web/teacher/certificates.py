"""Certificates and the reports to take home, printed from the pupils' progress.

``GET /teacher/progress/certificates?lesson=N`` (or ``lesson=course``) gives the certificates every pupil has
earned, one a page; ``&pupil=NAME`` gives only that pupil's. ``GET /teacher/progress/reports`` gives every pupil's
report to take home, one page each; ``?pupil=NAME`` only that pupil's. Both take ``paper`` (``a4``, ``letter``) and
``school`` (printed when given), and come in the language of the page. A lesson's certificate is earned as
:func:`minibridge.classroom.certificates.earned_lessons` says; ``POST /teacher/progress/certificates/rule`` keeps the
teacher's switch "its deals played too" (``deals`` ticked).
"""

from __future__ import annotations

import datetime

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from minibridge.classroom.certificates import class_certificates
from minibridge.classroom.term_report import class_reports
from minibridge.documents import PAPER, PAPERS, Document, certificates, term_reports
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.lessons import lesson_numbers
from minibridge.reading import digits, name
from minibridge.web.auth import Who, route
from minibridge.web.pages import download, render
from minibridge.web.requests import sentence
from minibridge.web.store import Store
from minibridge.web.urls import url

__all__ = ["routes"]

_MOST_SCHOOL = 80
"""The longest school's name printed."""
_MOST_PUPIL = 60
"""The longest pupil's name looked for (as the pupils give them)."""


def _refused(message: str) -> HTMLResponse:
    """A page that says in one sentence why nothing is printed, with the way back to the teacher's room."""
    page = render("partials/refused.j2", message=message, back="teacher", title=gettext("Nothing to print"))
    return HTMLResponse(page, status_code=422)


def _options(request: Request) -> tuple[str, str, str | None]:
    """The paper, the school and the pupil asked for (None: the whole class); a paper that is not one is refused."""
    query = request.query_params
    paper = query.get("paper", PAPER).lower()
    if paper not in PAPERS:
        raise MiniBridgeError(gettext("Choose A4 or Letter paper."))
    school = name(query.get("school", ""), most=_MOST_SCHOOL, what=gettext("the school's name"), empty=True)
    pupil = name(query.get("pupil", ""), most=_MOST_PUPIL, what=gettext("the pupil's name"), empty=True) or None
    return paper, school, pupil


def _lesson(text: str) -> int | None:
    """The lesson of the address: a lesson's number, or ``course`` (None); anything else is refused."""
    if text == "course":
        return None
    number = digits(text)
    if number is not None and number in lesson_numbers():
        return number
    raise MiniBridgeError(gettext("Choose a lesson, or the whole course."))


async def print_certificates(request: Request) -> Response:
    """The certificates of a lesson (or the course) that the class, or one pupil, has earned."""
    store: Store = request.app.state.store

    def make() -> Document:
        paper, school, pupil = _options(request)
        lesson = _lesson(request.query_params.get("lesson", ""))
        printed = class_certificates(
            store.all_progress(),
            lesson=lesson,
            date=datetime.date.today(),
            school=school,
            deals=store.deals_played(),
            need_deals=store.certificates_need_deals(),
            names=[pupil] if pupil is not None else None,
        )
        return certificates(printed, paper=paper)

    try:
        document = await run_in_threadpool(make)
    except MiniBridgeError as error:
        return _refused(sentence(error.message))
    return download(document.name, document.pdf)


async def print_reports(request: Request) -> Response:
    """The report to take home of every pupil, or of one."""
    store: Store = request.app.state.store

    def make() -> Document:
        paper, school, pupil = _options(request)
        need_deals = store.certificates_need_deals()
        reports = class_reports(
            store.all_progress(),
            store.deals_played(),
            store.help_used(),
            names=[pupil] if pupil is not None else None,
            need_deals=need_deals,
        )
        if pupil is not None and not reports[0].exercises and not reports[0].deals:
            raise MiniBridgeError(
                gettext("%(name)s has not answered an exercise or played a deal yet.") % {"name": pupil}
            )
        return term_reports(reports, date=datetime.date.today(), school=school, need_deals=need_deals, paper=paper)

    try:
        document = await run_in_threadpool(make)
    except MiniBridgeError as error:
        return _refused(sentence(error.message))
    return download(document.name, document.pdf)


async def keep_rule(request: Request) -> Response:
    """The teacher's switch: a lesson's certificate needs its deals played too (``deals`` ticked) or not."""
    form = await request.form()
    await run_in_threadpool(request.app.state.store.save_certificates_need_deals, "deals" in form)
    return RedirectResponse(url("teacher_progress") + "#certificates", status_code=303)


routes = [
    route("teacher_certificates", print_certificates, who=Who.TEACHER),
    route("teacher_reports", print_reports, who=Who.TEACHER),
    route("teacher_certificate_rule", keep_rule, who=Who.TEACHER, methods=["POST"]),
]
