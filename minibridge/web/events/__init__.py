"""The events' JSON API, for programs: start an event, enter results, follow the ranking and the results as they
come."""

from __future__ import annotations

from minibridge.web.events import api, usebio

__all__ = ["routes"]

routes = [*api.routes, *usebio.routes]
"""Every address of the events' API."""
