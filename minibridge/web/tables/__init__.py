"""The class's tables: pupils playing at tables of pupils (the computer in the empty seats), and a table's tablet
that enters the results of real tables."""

from __future__ import annotations

from minibridge.web.tables import play, results

__all__ = ["routes"]

routes = [*play.routes, *results.routes]
"""Every address of the tables."""
