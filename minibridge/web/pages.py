"""The pupils' pages: HTML rendered from a pupil's VIEW (``views.py``) and nothing else of the game.

The words and the layout live in the templates ``templates/web/*.j2`` (jinja2's sandbox, autoescaped); this
module only arranges what a view already holds: cards by suit in alternating colours, a contract in parts,
how many cards a hidden hand still holds (public: every card played is on the table). A page can show no
card the view does not hold, so a hidden card cannot leak through a page.

>>> [group["suit"] for group in suit_groups(["D4", "HA", "SK", "H2"])]
['H', 'S', 'D']
>>> contract_parts("4H")
{'level': 4, 'strain': 'H', 'kind': 'game', 'goal': 10}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from importlib.resources import files
from itertools import zip_longest
from typing import Any

from jinja2.sandbox import ImmutableSandboxedEnvironment
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from minibridge import language
from minibridge.cards import Seat
from minibridge.classroom import ROBOT_LEVELS
from minibridge.contract import Contract
from minibridge.lessons import lesson_numbers
from minibridge.render.sandbox import template_environment
from minibridge.rules import free_play_rules
from minibridge.web.languages import language_links
from minibridge.web.requests import attachment
from minibridge.web.urls import url

__all__ = [
    "SEATS",
    "environment",
    "suit_groups",
    "contract_parts",
    "contract_words",
    "line_start",
    "cards_held",
    "render",
    "html",
    "teacher_html",
    "render_teacher",
    "download",
    "free_rules",
    "robot_levels",
    "START_CHOICES",
    "render_start",
    "render_table",
    "render_page",
]

SEATS = tuple(seat.letter for seat in Seat)
"""The seats' letters in the order of play round the table."""

START_CHOICES: dict[str, str] = {
    "deals": "4",
    "target": "",
    "three_handed": "",
    "practice": "",
    "auto_single": "",
    "robots": "",
    "rules": "",
    "slam": "",
}
"""The start form's choices as the page first offers them (an empty ``rules``: the first rules offered)."""

_RANKS = "AKQJT98765432"
_BLACK, _RED = ("S", "C"), ("H", "D")


@cache
def environment() -> ImmutableSandboxedEnvironment:
    """The sandboxed, autoescaped jinja2 environment of the web pages, with their helpers."""
    folder = files("minibridge.template_files").joinpath("web")
    env = template_environment(str(folder))
    env.filters["suit_groups"] = suit_groups
    env.filters["contract_parts"] = contract_parts
    env.filters["contract_words"] = contract_words
    env.filters["line_start"] = line_start
    env.filters["card_rank"] = language.rank
    env.globals["cards_held"] = cards_held
    env.globals["SEATS"] = SEATS
    env.globals["page_language"] = lambda: language.current().code
    env.globals["current_language_name"] = lambda: language.LANGUAGES[language.current().code].name
    env.globals["language_links"] = language_links
    env.globals["url"] = url
    return env


def suit_groups(cards: Iterable[str]) -> list[dict[str, Any]]:
    """Cards (``"SA"``) by suit, highest first, the suits ordered so that two red suits never sit side by side.

    Each group is ``{"suit": "S", "cards": ["SA", "S7"]}``; suits without cards are left out.
    """
    by_suit: dict[str, list[str]] = {}
    for card in cards:
        by_suit.setdefault(card[0], []).append(card)
    blacks = [suit for suit in _BLACK if suit in by_suit]
    reds = [suit for suit in _RED if suit in by_suit]
    first, second = (reds, blacks) if len(reds) > len(blacks) else (blacks, reds)
    order = [suit for pair in zip_longest(first, second) for suit in pair if suit is not None]
    return [{"suit": suit, "cards": sorted(by_suit[suit], key=lambda c: _RANKS.index(c[1]))} for suit in order]


def contract_parts(text: str) -> dict[str, Any]:
    """A contract in level notation (``4H``, ``3NT``) as the parts its words are made of."""
    contract = Contract.from_str(text)
    return {"level": contract.level, "strain": contract.strain.letter, "kind": contract.kind, "goal": contract.goal()}


def contract_words(text: str) -> str:
    """A contract in level notation (``4H``) in words, in the language in use: ``game in hearts``."""
    return Contract.from_str(text).in_words


def line_start(text: str) -> str:
    """Words that begin a line, with a capital first and the rest as they are (``capitalize`` would lower them).

    >>> line_start("to the defenders: 2 tricks short × 50 = 100")
    'To the defenders: 2 tricks short × 50 = 100'
    """
    return text[:1].upper() + text[1:]


def cards_held(view: Mapping[str, Any], seat: str) -> int:
    """How many cards ``seat`` holds now: as the view counts them (``held``), or from what everyone has seen:
    South's hand, the tricks, the trick."""
    if "held" in view:
        return int(view["held"][seat])
    played = {entry["seat"] for entry in view.get("trick") or ()}
    tricks = len(view.get("tricks") or ())
    dealt = len(view["hands"].get("S", ())) + tricks + (1 if "S" in played else 0)
    return dealt - tricks - (1 if seat in played else 0)


def render_start(options: Mapping[str, Any] | None = None) -> str:
    """The start page: a lesson or free play, how long; ``options`` may hold ``lessons`` (``{"number",
    "title"}`` each), ``class_code`` (true when pupils must type the class code), ``message``, ``events``
    (the teacher's deals open to join: ``{"id", "name", "boards"}`` each) and ``chosen``, the form's choices
    already made (the fields of :data:`START_CHOICES` as the form sent them), kept when the page comes back
    with a message."""
    options = dict(options or {})
    options["chosen"] = {**START_CHOICES, **options.get("chosen", {})}
    options.setdefault("lessons", [{"number": n, "title": None} for n in lesson_numbers()])
    options.setdefault("class_code", False)
    options.setdefault("message", None)
    options.setdefault("events", [])
    options.setdefault("free_rules", free_rules())
    options.setdefault("levels", robot_levels())
    return environment().get_template("pupils/start.j2").render(options=options)


def free_rules() -> list[dict[str, str]]:
    """The rules offered for free play, as the pages offer them: ``name``, ``label`` (a word or two) and
    ``title``, in the language in use."""
    return [
        {"name": rules.name, "label": rules.short_title_in_words, "title": rules.title_in_words}
        for rules in free_play_rules()
    ]


def robot_levels() -> list[dict[str, str]]:
    """How strong the computer may play, as the pages offer it, weakest first: ``name``, ``label`` (a child's word
    or two) and ``words`` (how it plays), in the language in use."""
    return [
        {"name": level.name, "label": language.gettext(level.label), "words": language.gettext(level.words)}
        for level in ROBOT_LEVELS.values()
    ]


def render_table(view: Mapping[str, Any], *, selected: str | None = None) -> str:
    """The table as an htmx fragment: the hands the view holds, the trick, the contract, the result."""
    return environment().get_template("pupils/table.j2").render(view=view, selected=selected)


def render_page(view: Mapping[str, Any], *, selected: str | None = None) -> str:
    """The whole page of the table."""
    return environment().get_template("pupils/game.j2").render(view=view, selected=selected)


def render(template: str, **context: Any) -> str:
    """A template of the pages rendered with ``context``."""
    return environment().get_template(template).render(**context)


def html(template: str, *, status: int = 200, **context: Any) -> HTMLResponse:
    """A page: ``template`` rendered with ``context``, answered with ``status``."""
    return HTMLResponse(render(template, **context), status_code=status)


def render_teacher(request: Request, template: str, **context: Any) -> str:
    """A page of the teacher's room: ``template`` with the room's sections (``request.app.state.sections``, the
    name and address of each) and the section this page belongs to."""
    sections: list[tuple[str, str]] = request.app.state.sections
    here = request.url.path
    section = next((name for name, address in sections if here.startswith(address)), None)
    return render(template, sections=sections, section=section, **context)


def teacher_html(request: Request, template: str, *, status: int = 200, **context: Any) -> HTMLResponse:
    """A page of the teacher's room (see :func:`render_teacher`), answered with ``status``."""
    return HTMLResponse(render_teacher(request, template, **context), status_code=status)


def download(name: str, data: bytes | str, *, media_type: str = "application/pdf") -> Response:
    """A file to download under ``name``."""
    headers = {"Content-Disposition": attachment(name), "Cache-Control": "no-store"}
    return Response(data, media_type=media_type, headers=headers)
