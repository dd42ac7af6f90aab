"""The league page: a league file of ``minibridge league``, shown and recorded from the browser.

The teacher chooses a league file in the classroom's data folder (only a file of that folder, by its bare name:
no path outside it), or starts one there. Results are recorded by the same library calls, under the same lock
and into the same file as ``minibridge league record``, so the page and the command can be used side by side;
the standings refresh themselves, so a result recorded from the command line appears without a reload. The table
prints as the same PDF as ``minibridge league table``, by the same function of :mod:`minibridge.documents`.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from minibridge.documents import PAPER, PAPERS, league_table
from minibridge.errors import MiniBridgeError
from minibridge.language import gettext
from minibridge.league import (
    BEST_OF,
    SCORINGS,
    League,
    Result,
    load_league,
    new_league,
    parse_deals,
    parse_pair_names,
    parse_result,
    parse_scores,
    record_result,
    standings,
)
from minibridge.reading import digits
from minibridge.web.auth import Who, route
from minibridge.web.pages import download, render_teacher
from minibridge.web.store import Store
from minibridge.web.urls import url

__all__ = ["league_files", "league_path", "league_data", "result_from_form", "routes"]

_SUFFIXES = (".yaml", ".yml")
_NEW_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _-]{0,59}")
"""A new league file's name: letters, digits, spaces, hyphens and underscores (``.yaml`` is added)."""


def data_folder(request: Request) -> Path:
    """The classroom's data folder: where its database is, and where its league files are."""
    store: Store = request.app.state.store
    return store.path.parent


def league_files(folder: Path) -> list[str]:
    """The names of the league files (``*.yaml``) in the data folder, in alphabetical order."""
    return sorted(
        (p.name for p in folder.iterdir() if p.suffix.lower() in _SUFFIXES and not p.name.startswith(".")),
        key=str.casefold,
    )


def league_path(folder: Path, name: str) -> Path | None:
    """The league file of that bare name in the data folder, or None when the folder has none of that name."""
    return folder / name if name in league_files(folder) else None


def league_data(league: League) -> dict[str, Any]:
    """What the league page shows: the format, the standings, and round by round each mini-match."""
    return {
        "title": league.title,
        "pairs": list(league.pairs),
        "best_of": league.best_of,
        "scoring": league.scoring,
        "in_points": league.in_points,
        "played": league.played,
        "total": len(league.matches),
        "standings": [
            {
                "pair": s.pair,
                "rank": s.rank,
                "played": s.played,
                "won": s.won,
                "lost": s.lost,
                "deals_won": s.deals_won,
                "deals_lost": s.deals_lost,
                "points": s.points,
                "tie_break": s.tie_break,
            }
            for s in standings(league)
        ],
        "rounds": [
            {
                "round": round_.number,
                "sits_out": league.sitting_out(round_),
                "matches": [
                    {
                        "first": m.first,
                        "second": m.second,
                        "winner": m.winner,
                        "won": m.result_for(m.winner).won if m.winner is not None else None,  # type: ignore[union-attr]
                        "lost": m.result_for(m.winner).lost if m.winner is not None else None,  # type: ignore[union-attr]
                        "note": m.note,
                    }
                    for m in round_.matches
                ],
            }
            for round_ in league.rounds
        ],
    }


def result_from_form(fields: dict[str, str], best_of: int) -> Result:
    """A mini-match result from the record form, read by the same functions as ``minibridge league record``:
    ``how=deals`` with ``deal-1`` … (``W`` or ``L`` for the first pair, empty for a deal not played),
    ``how=scores`` with ``first-1``, ``second-1`` … (each deal's points), or ``how=result`` with ``won`` and
    ``lost``.

    >>> result_from_form({"how": "deals", "deal-1": "W", "deal-2": "L", "deal-3": "W"}, 3).text()
    '2–1'
    """
    how = fields.get("how")
    if how == "result":
        return parse_result(f"{fields.get('won', '').strip()}-{fields.get('lost', '').strip()}")
    deals = range(1, best_of + 1)
    if how == "scores":
        given = [(fields.get(f"first-{n}", "").strip(), fields.get(f"second-{n}", "").strip()) for n in deals]
        return parse_scores(",".join(f"{a or 0}-{b or 0}" for a, b in _played(given, lambda pair: any(pair))))
    if how == "deals":
        given_deals = [fields.get(f"deal-{n}", "").strip() for n in deals]
        return parse_deals(",".join(_played(given_deals, bool)))
    raise MiniBridgeError(gettext("choose how to give the result: deal by deal, or only the result"))


def _played(deals: list[Any], given: Any) -> list[Any]:
    """The deals given, in order: those before the first deal left empty; a deal given after one left empty
    is refused."""
    count = next((place for place, deal in enumerate(deals) if not given(deal)), len(deals))
    if any(given(deal) for deal in deals[count:]):
        raise MiniBridgeError(
            gettext("deal %(deal)s has no result but a later deal has: give the deals in order") % {"deal": count + 1}
        )
    return deals[:count]


# --- the pages -----------------------------------------------------------------------------------------------


def _leagues_page(request: Request, *, problem: str | None = None, values: dict[str, str] | None = None) -> str:
    files = league_files(data_folder(request))
    chosen = (values or {}).get("scoring", next(iter(SCORINGS)))
    return render_teacher(
        request,
        "teacher/leagues.j2",
        files=files,
        folder=str(data_folder(request)),
        problem=problem,
        values=values or {},
        scorings=[
            {"name": name, "words": gettext(words), "chosen": name == chosen} for name, words in SCORINGS.items()
        ],
        best_of=list(BEST_OF),
    )


async def leagues_page(request: Request) -> Response:
    """The league files of the data folder, and a form to start a league."""
    return HTMLResponse(await run_in_threadpool(_leagues_page, request))


async def start_league(request: Request) -> Response:
    """Start a league file in the data folder, as ``minibridge league new`` does; then show it."""
    fields = {key: str(value) for key, value in (await request.form()).items()}
    name = " ".join(fields.get("name", "").split())
    folder = data_folder(request)

    def start() -> str:
        if not _NEW_NAME.fullmatch(name):
            raise MiniBridgeError(
                gettext(
                    "give the league file a name of letters, digits, spaces and hyphens, like spring-term (at most 60)"
                )
            )
        path = folder / f"{name}.yaml"
        if path.exists():
            raise MiniBridgeError(
                gettext("there is already a league called %(name)s: choose another name") % {"name": path.name}
            )
        best_of = next((n for n in BEST_OF if str(n) == fields.get("best_of")), BEST_OF[0])
        scoring = next((name for name in SCORINGS if name == fields.get("scoring")), next(iter(SCORINGS)))
        pairs = parse_pair_names(fields.get("pairs", "").replace("\r", "").replace("\n", ","))
        new_league(path, pairs, best_of=best_of, scoring=scoring, title=fields.get("title", "").strip())
        return path.name

    try:
        created = await run_in_threadpool(start)
    except MiniBridgeError as error:
        html = await run_in_threadpool(functools.partial(_leagues_page, request, problem=str(error), values=fields))
        return HTMLResponse(html, status_code=422)
    return RedirectResponse(url("teacher_league", name=created), status_code=303)


def _league_or_none(request: Request) -> Path | None:
    return league_path(data_folder(request), request.path_params["name"])


def _league_page(request: Request, path: Path, **context: Any) -> str:
    """The league page; a league file that does not validate is shown with its problems."""
    problem = context.pop("problem", None)
    try:
        league: dict[str, Any] | None = league_data(load_league(path))
    except MiniBridgeError as error:
        league, problem = None, str(error).replace(str(path), path.name)
    return render_teacher(
        request, "teacher/league.j2", name=path.name, league=league, problem=problem, papers=PAPERS, **context
    )


async def league_page(request: Request) -> Response:
    """A league: the standings (refreshed by themselves), the results round by round, a form for each match."""
    path = _league_or_none(request)
    if path is None:
        return HTMLResponse(await run_in_threadpool(_leagues_page, request), status_code=404)
    recorded = request.query_params.get("recorded")
    return HTMLResponse(await run_in_threadpool(lambda: _league_page(request, path, recorded=recorded)))


async def standings_part(request: Request) -> Response:
    """The standings alone, read from the file now (the page asks for them every few seconds)."""
    path = _league_or_none(request)
    if path is None:
        return HTMLResponse("", status_code=404)

    def part() -> str:
        try:
            league: dict[str, Any] | None = league_data(load_league(path))
        except MiniBridgeError:
            league = None
        return render_teacher(request, "teacher/league_standings.j2", name=path.name, league=league)

    return HTMLResponse(await run_in_threadpool(part))


async def record(request: Request) -> Response:
    """Record a mini-match's result as ``minibridge league record`` does (the same file, under the same lock)."""
    path = _league_or_none(request)
    if path is None:
        return HTMLResponse(await run_in_threadpool(_leagues_page, request), status_code=404)
    fields = {key: str(value) for key, value in (await request.form()).items()}

    def take() -> str:
        league = load_league(path)
        round_text = fields.get("round", "")
        if digits(round_text) is None:
            raise MiniBridgeError(gettext("the form names no round: open the league page again"))
        first, second = fields.get("first", ""), fields.get("second", "")
        replace = fields.get("replace") == "1"
        match = league.match_between(first, second)
        if match.played and not replace:
            raise MiniBridgeError(
                gettext(
                    "round %(round)s, %(first)s–%(second)s already has a result: to change it, use “%(button)s” "
                    "under the match"
                )
                % {
                    "round": match.round,
                    "first": match.first,
                    "second": match.second,
                    "button": gettext("Correct this result"),
                }
            )
        result = result_from_form(fields, league.best_of)
        _, recorded = record_result(path, int(round_text), first, second, result, replace=replace)
        return f"{recorded.round}"

    try:
        done = await run_in_threadpool(take)
    except MiniBridgeError as error:
        message = str(error).replace(str(path), path.name)
        html = await run_in_threadpool(lambda: _league_page(request, path, problem=message, recorded=None))
        return HTMLResponse(html, status_code=422)
    return RedirectResponse(url("teacher_league", name=path.name, recorded=done) + f"#round-{done}", status_code=303)


async def table_pdf(request: Request) -> Response:
    """The league table as the same PDF as ``minibridge league table``."""
    path = _league_or_none(request)
    if path is None:
        return HTMLResponse(await run_in_threadpool(_leagues_page, request), status_code=404)
    paper = request.query_params.get("paper", PAPER).lower()
    if paper not in PAPERS:
        paper = PAPER
    try:
        table = await run_in_threadpool(lambda: league_table(load_league(path), file=path, paper=paper))
    except MiniBridgeError as error:
        message = str(error).replace(str(path), path.name)
        html = await run_in_threadpool(lambda: _league_page(request, path, problem=message, recorded=None))
        return HTMLResponse(html, status_code=422)
    return download(table.name, table.pdf)


routes = [
    route("teacher_leagues", leagues_page, who=Who.TEACHER),
    route("teacher_leagues", start_league, who=Who.TEACHER, methods=["POST"]),
    route("teacher_league", league_page, who=Who.TEACHER),
    route("teacher_league_standings", standings_part, who=Who.TEACHER),
    route("teacher_league_record", record, who=Who.TEACHER, methods=["POST"]),
    route("teacher_league_table", table_pdf, who=Who.TEACHER),
]
