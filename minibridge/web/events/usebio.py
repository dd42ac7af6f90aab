"""The results of an event for the EBU: ``GET /api/events/{id}/results.xml`` (tables) → the tables' results in force
scored as ``minibridge duplicate score`` scores them, as a USEBIO 1.2 file (:mod:`minibridge.duplicate.usebio`),
downloaded as ``NAME-results.xml``; the event's name is the file's event, the day it was started its date."""

from __future__ import annotations

import datetime

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from minibridge.duplicate import Event
from minibridge.duplicate.usebio import usebio_xml
from minibridge.web.auth import Who, route
from minibridge.web.event_service import file_name, find_event
from minibridge.web.events_store import EventStore
from minibridge.web.requests import attachment

__all__ = ["routes"]


def _usebio(events: EventStore, event: Event) -> bytes:
    """The event's results in force as a USEBIO file. Runs in a worker thread."""
    stored = events.event(event.id)
    started = datetime.datetime.fromisoformat(stored.created).date() if stored is not None else None
    competition = event.competition([result.entry for result in events.results(event.id)])
    return usebio_xml(competition, event=event.name, date=started)


async def results_xml(request: Request) -> Response:
    """The event's results as a USEBIO file, the EBU's results format."""
    event = await find_event(request)
    xml = await run_in_threadpool(_usebio, request.app.state.events, event)
    name = file_name(event)
    return Response(
        xml,
        media_type="application/xml",
        headers={"Content-Disposition": attachment(f"{name}-results.xml")},
    )


routes = [route("api_event_results_xml", results_xml, who=Who.CLASS)]
